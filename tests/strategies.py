"""Hypothesis strategies derived from each input's declared domain, so a new calculator's
inputs are covered without new test code."""
from __future__ import annotations

import math

from hypothesis import strategies as st

from calc.core.model import NUMBER, Calculator, Check, Input
from calc.core.values import coerce
from calc.formula.emit_python import HELPERS, to_python

UNBOUNDED_SPAN = 10**9
"""How far above its minimum an input with no maximum is exercised."""


def upper_bound(spec: Input) -> float:
    """The highest value a numeric input is exercised with."""
    return spec.max if spec.max is not None else spec.min + UNBOUNDED_SPAN


def edges(spec: Input) -> list:
    """The values at the edges of an input's domain (every value of a bool or choice)."""
    if spec.type == "bool":
        return [True, False]
    if spec.type == "choice":
        return list(spec.choices)
    return [spec.min, upper_bound(spec)]


def input_values(spec: Input) -> st.SearchStrategy:
    """Every value the input accepts (numbers across the whole declared range)."""
    if spec.type == "bool":
        return st.booleans()
    if spec.type == "choice":
        return st.sampled_from(spec.choices)
    high = upper_bound(spec)
    if spec.type == "int":
        return st.integers(spec.min, high)
    return st.floats(spec.min, high, allow_nan=False, allow_infinity=False)


def broken_checks(calculator: Calculator, inputs: dict) -> list[Check]:
    """The template's rules between inputs that ``inputs`` (each in its domain) break,
    judged from the rules' own text, not through the engine."""
    values = {name: coerce(spec, inputs.get(name, spec.default), calculator.id)
              for name, spec in calculator.inputs.items()}
    return [check for check in calculator.checks
            if not eval(to_python(check.tree), dict(HELPERS), values)]  # noqa: S307


def refused_values(spec: Input) -> list:
    """Values a spreadsheet cell for ``spec`` can hold that the engine refuses: a blank
    (None), a value of the wrong kind, one past each end of the domain, a choice in another
    case. Every one of them is refused by the engine too."""
    if spec.type == "bool":
        return [None, 1, "maybe"]
    if spec.type == "choice":
        other_case = [choice.upper() for choice in spec.choices if choice.upper() != choice]
        return [None, *other_case[:1], 7, "none of these"]
    values = [None, True, "several", spec.min - 1]
    if spec.max is not None:
        values.append(spec.max + 1)
    if spec.type == "int":
        values.append(spec.min + 0.5)
    return values


def any_inputs(calculator: Calculator) -> st.SearchStrategy[dict]:
    """A full set of inputs, each in its own domain, whether or not they keep the rules
    between inputs."""
    return st.fixed_dictionaries({name: input_values(spec)
                                  for name, spec in calculator.inputs.items()})


def calculator_inputs(calculator: Calculator) -> st.SearchStrategy[dict]:
    """A full set of valid inputs for ``calculator``: each in its domain, every rule kept."""
    return any_inputs(calculator).filter(lambda inputs: not broken_checks(calculator, inputs))


def hostile_edges(spec: Input) -> list:
    """Values at and around the input's domain, of every Python kind: edges and one past
    them, halves, NaN and infinities, booleans for numbers, None, text with spaces, hex and
    leading zeros, a list. Some are accepted (whole floats for an int, trimmed text)."""
    if spec.type == "bool":
        return [True, False, 0, 1, 1.0, "yes", " no ", "maybe", None]
    if spec.type == "choice":
        return [*spec.choices, *(f" {c} " for c in spec.choices), spec.choices[0].upper(), "",
                0, None, True]
    low, high = spec.min, upper_bound(spec)
    return [low, high, low - 1, high + 1, low - 0.5, high + 0.5, math.nan, math.inf, -math.inf,
            True, False, None, 1e309, "", " 7 ", "1e3", "0x10", "010", [1]]


def hostile_values(spec: Input) -> st.SearchStrategy:
    """:func:`hostile_edges`, and numbers of either kind across and just past the domain."""
    if spec.value_type != NUMBER:
        return st.sampled_from(hostile_edges(spec))
    low, high = spec.min, upper_bound(spec)
    return st.one_of(st.sampled_from(hostile_edges(spec)),
                     st.integers(int(low) - 5, int(high) + 5),
                     st.floats(low - 5, high + 5, allow_nan=False),
                     st.integers(int(low), int(high)).map(float))
