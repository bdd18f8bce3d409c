"""The compiled judge takes the common case inline and everything else to
:func:`calc.core.values.coerce`; whatever the value, the answer must be coerce's own."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import engine
from calc.core.values import coerce
from calc.formula.emit_python import lookup_form
from tests.conftest import CALCULATORS, REPO
from tests.strategies import hostile_edges, hostile_values

SPECS = [(calculator.id, spec) for calculator in CALCULATORS
         for spec in calculator.inputs.values()]


@pytest.mark.parametrize("calculator_id,spec", SPECS, ids=[f"{c}.{s.id}" for c, s in SPECS])
@given(data=st.data())
def test_the_compiled_judge_answers_as_coerce_does(calculator_id, spec, data):
    for value in [*hostile_edges(spec), data.draw(hostile_values(spec))]:
        try:
            wanted = coerce(spec, value, calculator_id)
        except calc.InputError as error:
            with pytest.raises(calc.InputError) as refused:
                engine.judge(calculator_id, {spec.id: value})
            assert str(refused.value) == str(error)
        else:
            judged = engine.judge(calculator_id, {spec.id: value})[spec.id]
            assert judged == wanted and type(judged) is type(wanted), value


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_an_unknown_input_is_named_before_any_value_is_judged(calculator):
    first = next(iter(calculator.inputs))
    with pytest.raises(calc.InputError) as refused:
        calc.evaluate(calculator.id, {first: "not a value", "no_such_input": 1})
    assert refused.value.name == "no_such_input"
    assert "an input of this calculator" in str(refused.value)


@pytest.mark.parametrize("table", [table for calculator in CALCULATORS
                                   for table in calculator.tables.values()],
                         ids=lambda table: table.id)
def test_a_table_in_lookup_form_holds_every_cell_and_no_other(table):
    """The compiled source looks a cell up as ``name[row]`` or ``name[row][column]``: the
    form it is bound in must give each of the model's cells, and nothing more."""
    form = lookup_form(table)
    if len(table.keys) == 1:
        cells = {(row,): figure for row, figure in form.items()}
    else:
        cells = {(row, column): figure for row, columns in form.items()
                 for column, figure in columns.items()}
    assert cells == table.data


def test_evaluate_reads_the_templates_again_once_they_are_forgotten(tmp_path, monkeypatch):
    """calc.evaluate keeps each calculator's compiled function for its next call; pointing
    the engine at another templates folder must not leave the old one answering."""
    text = (REPO / "templates" / "dse_support.yaml").read_text(encoding="utf-8")
    assert text.count('archive_log: "V800 onwards"') == 1
    (tmp_path / "dse_support.yaml").write_text(
        text.replace('archive_log: "V800 onwards"', 'archive_log: "V700 onwards"'),
        encoding="utf-8")
    archive = {"data_set": "archive_log"}
    assert calc.evaluate("dse_support", archive)["supported_from"] == "V800 onwards"
    monkeypatch.setenv("MQZCALC_TEMPLATES", str(tmp_path))
    engine.forget_templates()
    try:
        assert calc.evaluate("dse_support", archive)["supported_from"] == "V700 onwards"
    finally:
        monkeypatch.undo()
        engine.forget_templates()
    assert calc.evaluate("dse_support", archive)["supported_from"] == "V800 onwards"
