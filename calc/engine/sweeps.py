"""Sweeps: one calculator evaluated at every combination of several inputs' values.

``--vary ID=START:STOP:STEP`` steps a numeric input from START to STOP (included) without
float drift (:mod:`calc.core.steps`); ``--vary ID=V1,V2,...`` lists values of any input (numbers,
choices, booleans); ``ID=VALUE`` fixes an input; every other input keeps its default. Each
value is judged once, when the sweep is made, by the rules every door uses
(:func:`calc.core.values.coerce`); the points of a range lie between its judged START and STOP,
so they are in the input's domain too. The scenarios are the product of the varied inputs,
the first varied outermost, made one at a time, so a sweep of ten million rows holds one.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from calc import engine
from calc.core.errors import InputError, MqcalcError, shown
from calc.core.formatting import plain_number
from calc.core.model import NUMBER, Calculator
from calc.core.steps import FLOAT_DIGITS, Points, digits_needed, point, step_count
from calc.core.values import as_number, coerce
from calc.engine.evidence import assumed_inputs

MOST_ROWS = 10_000_000
"""Most scenarios one sweep may have: for connect, 3 to 4 GB of CSV and 30 to 90 seconds
at the 120,000 to 320,000 scenarios a second :func:`calc.cli.sweep_csv.write_csv` reaches on
one core of a small machine. Past that a sweep is more likely a typing slip than a plan."""
MOST_INNER_REMEMBERED = 100_000
"""The innermost varied input's values are worked out once and kept, rather than once for
every combination of the outer ones, when it has at most this many (under a few MB)."""
MOST_SHEET_CELLS = 250_000
"""Most input, output and problem cells a sweep sheet (:mod:`calc.workbook.sweep_sheet`)
may hold. XlsxWriter keeps every cell in memory until the file is closed and rewrites each
formula's text with some thirty regular expressions (for Excel 365's array functions, which
these formulas never use), so a cell costs about 0.06 ms and 0.3 KB: 250,000 cells (6,756
rows of connect, 5,319 of notify_delay) take 13 to 20 seconds and 86 MB on a small two-core
machine. Time and memory grow with the cells, not the rows, so the limit is on cells. Past
it, CSV is the better form."""


def sheet_columns(calculator: Calculator, ranged: bool = False) -> int:
    """The cells a scenario takes on a sweep sheet: each input and output, and a column of
    problems where the calculator has checks; ``ranged``, also each result a spread moves
    at every corner of the spreads, and a low and a high of each numeric one
    (:mod:`calc.workbook.sweep_range_columns`)."""
    cells = len(calculator.inputs) + len(calculator.outputs) + bool(calculator.checks)
    if ranged and calculator.spreads:
        moved = calculator.moved_by_spreads
        cells += len(moved) * 2 ** len(calculator.spreads)
        cells += 2 * sum(calculator.outputs[name].value_type == NUMBER for name in moved)
    return cells


def most_sheet_rows(calculator: Calculator, ranged: bool = False) -> int:
    """Most scenarios a sweep sheet of ``calculator`` may hold (:data:`MOST_SHEET_CELLS`),
    ``ranged`` or not."""
    return MOST_SHEET_CELLS // sheet_columns(calculator, ranged)


@dataclass(frozen=True)
class Sweep:
    """What to evaluate: ``base`` holds every input (fixed values, defaults else, each
    judged); ``axes`` are the varied inputs with their judged values, outermost first."""

    calculator_id: str
    base: dict
    axes: tuple[tuple[str, Sequence], ...]
    given: frozenset[str] = frozenset()
    """The inputs the sweep fixes or varies; the others are defaults."""

    def assumed(self) -> tuple[str, ...]:
        """The inputs the sweep leaves to their defaults that some figure reads."""
        return assumed_inputs(engine.calculator(self.calculator_id), self.given)

    @property
    def varied(self) -> tuple[str, ...]:
        """The inputs the sweep varies; every other one is the same in all its scenarios."""
        return tuple(name for name, _ in self.axes)

    @property
    def size(self) -> int:
        """How many scenarios the sweep has."""
        return math.prod(len(values) for _, values in self.axes)

    def inputs(self) -> Iterator[dict]:
        """Every scenario's inputs, the first axis outermost, one at a time."""
        return _product(self.base, self.axes)

    def outcomes(self) -> Iterator[engine.Outcome]:
        """Every scenario's inputs, outputs and problem, one at a time."""
        return engine.outcomes(self.calculator_id, self.inputs())

    def rows(self) -> Iterator[tuple[dict, tuple | None, str]]:
        """:meth:`outcomes` as :func:`calc.engine.rows` gives them, for writing CSV."""
        return engine.sweep_rows(self.calculator_id, self.inputs(), self.varied)


def make_sweep(calculator_id: str, varies: list[str], fixed: dict) -> Sweep:
    """The sweep ``mqcalc sweep`` asks for: ``varies`` are ``ID=SPEC`` texts, ``fixed`` maps
    input ids to values. Any value an input does not accept, an input named twice, a range
    that does not step from START to STOP, or more than :data:`MOST_ROWS` scenarios is an
    InputError (or MqcalcError) of one line."""
    axes = []
    for text in varies:
        name, equals, spec = text.partition("=")
        if not equals:
            raise MqcalcError(f"{calculator_id}: --vary {shown(text)} has no '=': expects "
                              "ID=START:STOP:STEP or ID=V1,V2,...")
        if name in fixed or name in dict(axes):
            raise InputError(calculator_id, name, spec, "one value or one --vary (it was "
                             "given twice)")
        axes.append((name, _values(calculator_id, engine.input_spec(calculator_id, name,
                                                                     spec), spec)))
    sweep = Sweep(calculator_id, engine.judge(calculator_id, fixed), tuple(axes),
                  frozenset(fixed) | {name for name, _ in axes})
    if sweep.size > MOST_ROWS:
        raise MqcalcError(f"{calculator_id}: the sweep has {sweep.size:,} scenarios; keep to "
                          f"{MOST_ROWS:,} (vary fewer inputs, or use larger steps)")
    return sweep


def _values(calculator_id: str, spec, text: str) -> Sequence:
    """The judged values ``text`` gives for input ``spec``: a range for a numeric input
    written START:STOP:STEP, else a comma-separated list (one value is a list of one)."""
    if spec.value_type != NUMBER or ":" not in text:
        return tuple(coerce(spec, part, calculator_id) for part in text.split(","))
    parts = text.split(":")
    if len(parts) != 3:
        raise InputError(calculator_id, spec.id, text, "START:STOP:STEP or values V1,V2,...")
    start, stop = (coerce(spec, part, calculator_id) for part in parts[:2])
    step = as_number(parts[2].strip(), integer=spec.type == "int")
    kind = "a whole number" if spec.type == "int" else "a number"

    def refuse(wanted: str) -> InputError:
        return InputError(calculator_id, spec.id, text, f"START:STOP:STEP with {wanted}")

    if step is None or step <= 0:
        raise refuse(f"STEP {kind} above 0")
    if start > stop:
        raise refuse("START not above STOP")
    if (stop - start) / step >= MOST_ROWS:
        raise refuse(f"at most {MOST_ROWS:,} points (a larger STEP or a shorter range)")
    needed = digits_needed(start, stop, step)
    if needed > FLOAT_DIGITS and not all(type(v) is int for v in (start, stop, step)):
        raise refuse(f"points a number can hold exactly: these need {needed} significant "
                     f"digits, at most {FLOAT_DIGITS}")
    steps = step_count(start, stop, step)
    if steps is None:
        below = point(start, step, math.floor((stop - start) / step))
        raise refuse(f"STOP a whole number of STEPs from START, e.g. {parts[0]}:"
                     f"{plain_number(below)}:{parts[2]}")
    return Points(start, stop, step, steps)


def _product(base: dict, axes: tuple[tuple[str, Sequence], ...]) -> Iterator[dict]:
    """``base`` with the axes' inputs set to each combination of their values, the first
    axis outermost. This is the hot loop of a sweep: each scenario is a copy of its outer
    combination's dict with the innermost input set (cheaper than ``{**base, name: value}``),
    the innermost values kept (:data:`MOST_INNER_REMEMBERED`) where they are read again."""
    if not axes:
        yield base
        return
    *outer, (name, values) = axes
    if outer and len(values) <= MOST_INNER_REMEMBERED:
        values = tuple(values)
    names = [outer_name for outer_name, _ in outer]
    for combination in itertools.product(*(outer_values for _, outer_values in outer)):
        copy = {**base, **dict(zip(names, combination))}.copy
        for value in values:
            scenario = copy()
            scenario[name] = value
            yield scenario


def evaluate(calculator_id: str, scenarios: Iterable[dict]) -> Iterator[engine.Outcome]:
    """The outcome of each scenario: inputs left out take their defaults and each value is
    judged (an InputError outside its domain); rules and formulas as in a sweep."""
    return engine.outcomes(calculator_id, (engine.judge(calculator_id, scenario)
                                           for scenario in scenarios))


def default_rows(calculator: Calculator, inputs: dict) -> list[dict]:
    """The scenarios a workbook shows when it is given none, over ``inputs`` (every input):
    the points of the calculator's first chart, its x varied; without a chart, every
    combination of its choice and yes/no inputs."""
    if calculator.charts:
        chart = next(iter(calculator.charts.values()))
        axes = ((chart.x, chart.points),)
    else:
        axes = tuple((spec.id, spec.listed_values())
                     for spec in calculator.inputs.values() if spec.value_type != NUMBER)
    return list(_product(inputs, axes))
