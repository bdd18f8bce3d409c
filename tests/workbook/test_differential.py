"""Differential: the workbook's own formulas, evaluated by an independent evaluator
(tests/xlsx_oracle.py, which reads only the file), equal the engine for generated inputs."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.names import (NOTES_APPLYING, NOTES_SHOWN, RANGE_ENDS, STATUS, check_name, note_name,
                             range_name, sweep_sheet)
from calc.workbook.input_state import accepted
from calc.workbook.summary_block import ALL_CLEAR
from tests import sweep_rows
from tests.compare import agrees, expected_marks, notes_from_lines, ranged, rests_on
from tests.conftest import CALCULATORS
from tests.input_cells import cell_values
from tests.strategies import any_inputs, broken_checks, calculator_inputs, refused_values
from tests.xlsx_oracle import WorkbookOracle, same, same_as


@pytest.fixture(scope="module")
def oracle(opened):
    return WorkbookOracle.of(opened("mqzcalc.xlsx"))


@pytest.fixture(scope="module")
def sweep_layout(opened):
    """Each sweep sheet's columns (by id) and scenario rows."""
    book = opened("mqzcalc.xlsx")
    return {c.id: (sweep_rows.columns(book[sweep_sheet(c.id)]),
                   sweep_rows.rows(book[sweep_sheet(c.id)])) for c in CALCULATORS}


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_workbook_formulas_equal_the_engine(oracle, calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    oracle.set_all(calculator.id, cell_values(calculator, inputs))
    result = calc.run(calculator.id, inputs)
    for name, expected in result.outputs.items():
        found = oracle.value(calculator.id, name)
        assert agrees(expected, found, rel=1e-12), f"{name}: workbook {found!r}, engine {expected!r}"
    for name, ends in ranged(calculator, result).items():
        found = tuple(oracle.value(calculator.id, range_name(end, name)) for end in RANGE_ENDS)
        assert all(map(agrees, ends, found)), f"{name}: workbook {found}, engine {ends}"
    for index, note in enumerate(calculator.notes, start=1):
        shown = oracle.value(calculator.id, note_name(index))
        assert shown == (note.text if note.text in result.said else ""), note.when
    if calculator.notes:  # a calculator without notes has no Notes block, nor its names
        listed = notes_from_lines(oracle.column(calculator.id, NOTES_SHOWN))
        assert listed == result.said, "the notes list shows the applying notes in order"
        assert oracle.value(calculator.id, NOTES_APPLYING) == len(result.said)
    else:
        assert not result.said
    for name, letters in expected_marks(calculator, inputs).items():
        _, coordinate = oracle.names[(calculator.id, name)]
        assert (oracle.cell(calculator.id, rests_on(coordinate)) or "") == letters, name


CHECKED = [c for c in CALCULATORS if c.checks]


@pytest.mark.parametrize("calculator", CHECKED, ids=lambda c: c.id)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_broken_rules_show_in_the_workbook_and_are_refused_by_the_engine(oracle, calculator,
                                                                          data):
    """Each rule line shows its problem while broken; while any is, the status line shows
    the first, every result is empty and the engine refuses the inputs, naming the same."""
    inputs = data.draw(any_inputs(calculator))
    oracle.set_all(calculator.id, cell_values(calculator, inputs))
    broken = broken_checks(calculator, inputs)
    for index, check in enumerate(calculator.checks, start=1):
        shown = oracle.value(calculator.id, check_name(index))
        assert shown == (check.problem if check in broken else ""), check.rule
    if broken:
        assert oracle.value(calculator.id, STATUS) == broken[0].problem
        assert _results_shown(oracle, calculator) == {}
        with pytest.raises(calc.InputError, match="expects " + re.escape(broken[0].message)):
            calc.run(calculator.id, inputs)
    else:
        assert oracle.value(calculator.id, STATUS) == ALL_CLEAR
        calc.run(calculator.id, inputs)


def _results_shown(oracle, calculator) -> dict:
    """The results the calculator's sheet shows (those not empty), by name."""
    shown = {name: oracle.value(calculator.id, name) for name in calculator.outputs}
    return {name: value for name, value in shown.items() if value != ""}


REFUSALS = [(calculator, name, value) for calculator in CALCULATORS
            for name, spec in calculator.inputs.items() for value in refused_values(spec)]


@pytest.mark.parametrize(("calculator", "name", "value"), REFUSALS,
                         ids=[f"{c.id}-{n}-{v!r}" for c, n, v in REFUSALS])
def test_a_value_the_engine_refuses_empties_every_result_and_names_the_input(
        oracle, calculator, name, value):
    """A blank, a value of the wrong kind, past the domain, or a choice in another case,
    put in an input cell (pasting and deleting pass data validation by): the status names
    the input and what it accepts, no result shows a figure, and the engine refuses it."""
    spec = calculator.inputs[name]
    defaults = cell_values(calculator, calculator.defaults())
    oracle.set_all(calculator.id, {**defaults, name: value})
    try:
        assert oracle.value(calculator.id, STATUS) == f"{name} expects {accepted(spec)}"
        assert _results_shown(oracle, calculator) == {}
    finally:
        oracle.set_all(calculator.id, defaults)
    with pytest.raises(calc.InputError):
        calc.run(calculator.id, {name: value})


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_oracle_reads_the_stored_defaults_back(built, calculator):
    """Untouched, the oracle's recalculation equals the engine's defaults (no overrides)."""
    oracle = WorkbookOracle.load(built / f"{calculator.id}.xlsx")
    expected = calc.evaluate(calculator.id, {})
    assert all(agrees(value, oracle.value(calculator.id, name), rel=1e-12)
               for name, value in expected.items())


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_inputs_typed_into_a_sweep_row_give_that_row_the_engines_outcome(
        oracle, sweep_layout, calculator, data):
    """Any row of the sweep sheet, its inputs typed over (the rules between inputs kept or
    not), shows the engine's outputs; or, for inputs the engine refuses, no outputs and the
    first rule broken."""
    where, rows = sweep_layout[calculator.id]
    row = data.draw(st.sampled_from(rows))
    inputs = data.draw(any_inputs(calculator))
    assert sweep_rows.typed_over(oracle, calculator, where, row, inputs) == []


@pytest.mark.parametrize(("calculator", "name", "value"), REFUSALS,
                         ids=[f"{c.id}-{n}-{v!r}" for c, n, v in REFUSALS])
def test_a_value_the_engine_refuses_in_a_what_if_row_empties_the_row_and_names_the_input(
        oracle, sweep_layout, calculator, name, value):
    """The same refused values put in one what-if row: its problem column names the input
    and what it accepts, as the calculator sheet's status does, and its results are empty;
    the next row is untouched."""
    where, rows = sweep_layout[calculator.id]
    sheet, row, others = sweep_sheet(calculator.id), rows[0], rows[1:2]
    typed = oracle.cell(sheet, f"{where[name]}{row}")
    oracle.type_into(sheet, f"{where[name]}{row}", value)
    try:
        problem = oracle.cell(sheet, f"{where['problem']}{row}")
        assert problem == f"{name} expects {accepted(calculator.inputs[name])}"
        assert [oracle.cell(sheet, f"{where[output]}{row}")
                for output in calculator.outputs] == [""] * len(calculator.outputs)
        assert all(oracle.cell(sheet, f"{where['problem']}{other}") == "" for other in others)
    finally:
        oracle.type_into(sheet, f"{where[name]}{row}", typed)


CELL_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-3, 3),
                        st.sampled_from(["", "a", "A", "z16", "Z16", "0", "TRUE"]), st.text())


@given(wanted=CELL_VALUES, candidate=CELL_VALUES)
def test_the_oracles_match_tests_each_cell_as_its_equality_does(wanted, candidate):
    """MATCH tries every cell of a range with a test made once for what it looks for; that
    test is the oracle's spreadsheet equality, for any value of either."""
    assert same_as(wanted)(candidate) == same(candidate, wanted)
