"""Low, likely and high figures: how far each output can move within what the sources allow.

A figure IBM's sources give as a range, or on which two of them disagree, is a constant with
a spread (:attr:`calc.core.model.Constant.spread`): its value is the likely figure, and the
template's citation says where the low and high ends come from and why the likely one was
chosen. An input the planner gives as a range (``connects_per_sec=800..1200``) is a spread
of their own.

Propagation is by evaluation at the corners: the outputs are computed for every combination
of the spreads' ends (2^k evaluations for k spreads) and each numeric output's low and high
are the least and the most of those and of the likely figure. That is exact wherever an
output moves one way as each spread figure moves (monotone in each, as every formula that
reads a spread is: products, sums, weights between two published figures), and it gives
figures the formulas actually reach, never a wider bound; a property test draws points inside
the spreads and checks that none falls outside the range
(``tests/engine/test_ranges.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import product

from calc.core.errors import CalculationError, InputError, MqcalcError
from calc.core.model import NUMBER
from calc.formula.compiler import Compiled

Ends = tuple[float, float]


def output_ranges(compiled: Compiled, inputs: dict, likely: dict,
                  spans: dict[str, Ends] | None = None) -> dict[str, Ends]:
    """Each numeric output's (low, high) where the spreads move it: ``inputs`` are the
    judged inputs, ``likely`` the outputs they give, ``spans`` the inputs the planner gave
    as ranges (each end already judged). Outputs the spreads leave where they are are not
    listed (their range is the figure itself). An end at which a formula cannot be
    computed is a CalculationError naming it; an input range whose ends break a rule
    between inputs is an InputError naming the input."""
    spans = spans or {}
    if not spans and not compiled.spread_corners:
        return {}
    calculator = compiled.calculator
    low = {name: likely[name] for name in _numbers(compiled)}
    high = dict(low)
    for constants, outputs in compiled.spread_corners or (({}, compiled.outputs),):
        for ends in product(*spans.values()):
            corner = {**inputs, **dict(zip(spans, ends))}
            _widen(low, high, _at_corner(calculator.id, outputs, constants, corner, spans))
    return {name: (low[name], high[name]) for name in low if low[name] != high[name]}


def _numbers(compiled: Compiled) -> tuple[str, ...]:
    """The calculator's numeric outputs, in its order: those that have a range."""
    return tuple(name for name, output in compiled.calculator.outputs.items()
                 if output.value_type == NUMBER)


def _widen(low: dict, high: dict, figures: dict) -> None:
    """Move each output's ``low`` and ``high`` out to its figure at one more corner."""
    for name in low:
        value = figures[name]
        if value < low[name]:
            low[name] = value
        elif value > high[name]:
            high[name] = value


def _at_corner(calculator_id: str, outputs, constants: dict, inputs: dict,
               spans: dict) -> dict:
    """``outputs`` (the outputs function at one corner of the constants' spreads) for
    ``inputs``; an error there names the ends it was at."""
    try:
        return outputs(inputs)
    except InputError as refused:
        ends = ", ".join(f"{name}={inputs[name]!r}" for name in spans)
        raise InputError(calculator_id, refused.name, refused.value,
                         f"{refused.accepts} (at the ends of the ranges given: {ends})") from None
    except CalculationError as failed:
        at = ", ".join([f"{name}={value!r}" for name, value in constants.items()]
                       + [f"{name}={inputs[name]!r}" for name in spans])
        raise CalculationError(f"{failed} at the end of a range ({at})") from None


def sweep_ends(compiled: Compiled) -> tuple[tuple[str, ...], Callable[[dict, tuple], tuple]]:
    """The numeric outputs a sweep gives ranges for, and the function giving one computed
    row's ends: for its judged inputs and its outputs (a tuple in the calculator's order),
    each of those outputs' low, then each one's high, over the corners of the constants'
    spreads. Where a formula cannot be computed at some corner, every end is None."""
    numbers = _numbers(compiled)
    places = [list(compiled.calculator.outputs).index(name) for name in numbers]
    corners = [outputs for _, outputs in compiled.spread_corners]

    def ends(inputs: dict, results: tuple) -> tuple:
        low = {name: results[place] for name, place in zip(numbers, places)}
        high = dict(low)
        for outputs in corners:
            try:
                figures = outputs(inputs)
            except MqcalcError:
                return (None,) * (2 * len(numbers))
            _widen(low, high, figures)
        return (*low.values(), *high.values())
    return numbers, ends
