"""Properties over every input's whole declared domain (strategies from the templates) that
hold for every calculator; each calculator's own properties are in its test file
(tests/test_CALCULATOR.py)."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.model import BOOL, NUMBER, TEXT
from tests.conftest import CALCULATORS
from tests.strategies import calculator_inputs

PYTHON_TYPES = {NUMBER: (int, float), BOOL: (bool,), TEXT: (str,)}


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_every_valid_input_gives_finite_outputs_of_the_declared_type(calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    result = calc.run(calculator.id, inputs)
    for name, output in calculator.outputs.items():
        value = result.outputs[name]
        assert isinstance(value, PYTHON_TYPES[output.value_type]), name
        if output.value_type == NUMBER:
            assert not isinstance(value, bool) and math.isfinite(value), name
