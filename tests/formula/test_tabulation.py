"""Outputs worked out in advance (calc/formula/tabulation.py): ``outputs`` and ``rows`` look
them up, ``evaluate`` works every formula out, and the answers are the same, value and
type, at every input and at every corner of the spreads."""
from __future__ import annotations

from types import FunctionType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import engine
from calc.formula import tabulation
from tests.conftest import CALCULATORS
from tests.strategies import any_inputs


def compiled(calculator_id: str):
    found = engine._compiled().compiled_for(calculator_id)
    found.outputs  # noqa: B018 (compiles _outputs, which fills the tables)
    return found


def answer(function, inputs: dict):
    """What ``function`` gives for ``inputs``: its outputs, each with its type, or the
    error it raises, as text."""
    try:
        outputs = function(inputs)
    except calc.MqcalcError as error:
        return type(error).__name__, str(error)
    if isinstance(outputs, tuple):  # _evaluate: the judged inputs, outputs, note flags
        outputs = outputs[1]
    return {name: (type(value), value) for name, value in outputs.items()}


MACHINE_SCALED = [calculator for calculator in CALCULATORS if "machine_speed" in calculator.outputs]


@pytest.mark.parametrize("calculator", MACHINE_SCALED, ids=lambda c: c.id)
def test_the_machine_scaling_is_looked_up(calculator):
    """Issue 45: the compiled outputs worked the machine's scaling out on every call, some
    60 operations and 20 look-ups, the same for every call with the same machine, RNI,
    table row and z16 spanning. Each combination is worked out once, then looked up."""
    found = compiled(calculator.id)
    for name in ("machine_speed", "measured_speed"):
        assert tabulation.line(name, found.tabulated[name]) in found.source
    tables = [found.tables[tabulation.table_name(name)]
              for name in ("machine_speed", "measured_speed")]
    for table in tables:
        table.clear()
    for machine in ("z14", "z16", "z14"):
        calc.evaluate(calculator.id, {"machine": machine})
    assert len(tables[0]) == 2  # z14 once, z16 once
    assert 1 <= len(tables[1]) <= 2  # the machine IBM measured on: one or two


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@given(data=st.data())
def test_looked_up_outputs_are_the_formulas_own(calculator, data):
    inputs = data.draw(any_inputs(calculator))
    found = compiled(calculator.id)
    assert answer(found.outputs, inputs) == answer(found.evaluate, inputs)


@pytest.mark.parametrize("calculator", [c for c in CALCULATORS if c.spreads],
                         ids=lambda c: c.id)
@given(data=st.data())
def test_at_each_corner_of_the_spreads_the_tables_are_the_corner_s(calculator, data):
    """The ranges run ``outputs`` with constants at the ends of their spreads: its tables
    there must be filled at those ends, not at the constants' values."""
    inputs = data.draw(any_inputs(calculator))
    found = compiled(calculator.id)
    for corner, outputs in found.spread_corners:
        worked_out = FunctionType(found.evaluate.__code__, {**found.namespace, **corner})
        assert answer(outputs, inputs) == answer(worked_out, inputs), corner


def test_a_combination_is_worked_out_once_by_the_formula_and_kept():
    """A table is a cache filled by the output's formula; a combination whose formula
    raises is not kept, and raises again each time."""
    worked_out = []

    def formula(*keys):
        worked_out.append(keys)
        return keys[0] // keys[1]

    pair = tabulation.Table(formula, single=False)
    single = tabulation.Table(lambda key: 10 // key, single=True)
    assert (pair[7, 2], pair[7, 2], single[5]) == (3, 3, 2)
    assert worked_out == [(7, 2)] and dict(pair) == {(7, 2): 3} and dict(single) == {5: 2}
    for _ in range(2):
        with pytest.raises(ZeroDivisionError):
            single[0]
    assert dict(single) == {5: 2}


def test_an_output_that_cannot_be_computed_is_named_through_its_table(tmp_path, monkeypatch):
    """A failure inside a table's formula is reported as the output's, as before."""
    found = compiled("tls_channels")
    name = tabulation.table_name("machine_speed")
    monkeypatch.setitem(found.namespace, name, tabulation.Table(lambda *keys: 1 / 0,
                                                                single=False))
    with pytest.raises(calc.CalculationError, match="machine_speed cannot be computed"):
        found.outputs({})


def test_each_set_of_constants_is_made_once_and_shared():
    """A plan asks for the outputs at each corner of the spreads for every variant: the
    function of a corner, and the tables it fills, are made once and kept."""
    found = compiled("connect")
    first, second = (corner for corner, _ in found.spread_corners[:2])
    assert found.outputs_with(first) is found.outputs_with(dict(reversed(first.items())))
    assert found.outputs_with(first) is not found.outputs_with(second)
    assert engine.outputs_at("connect", engine.judge("connect", {}), {
        name: 0 for name in first}) == found.outputs_with({
            constant.id: constant.spread[0] for constant in found.calculator.spreads})({})
