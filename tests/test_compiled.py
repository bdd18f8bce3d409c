"""The compiled judge takes the common case inline and everything else to
:func:`calc.values.coerce`; whatever the value, the answer must be coerce's own."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import engine
from calc.values import coerce

from .conftest import CALCULATORS
from .strategies import hostile_edges, hostile_values

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
