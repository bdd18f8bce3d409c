"""Hypothesis strategies derived from each input's declared domain, so a new calculator's
inputs are covered without new test code."""
from __future__ import annotations

from hypothesis import strategies as st

from calc.model import Calculator, Input

UNBOUNDED_SPAN = 10**9
"""How far above its minimum an input with no maximum is exercised."""


def input_values(spec: Input) -> st.SearchStrategy:
    """Every value the input accepts (numbers across the whole declared range)."""
    if spec.type == "bool":
        return st.booleans()
    if spec.type == "choice":
        return st.sampled_from(spec.choices)
    high = spec.max if spec.max is not None else spec.min + UNBOUNDED_SPAN
    if spec.type == "int":
        return st.integers(spec.min, high)
    return st.floats(spec.min, high, allow_nan=False, allow_infinity=False)


def calculator_inputs(calculator: Calculator) -> st.SearchStrategy[dict]:
    """A full set of valid inputs for ``calculator``."""
    return st.fixed_dictionaries({name: input_values(spec)
                                  for name, spec in calculator.inputs.items()})
