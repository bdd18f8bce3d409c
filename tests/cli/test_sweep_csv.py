"""A sweep's CSV holds, line for line, each scenario's inputs and the engine's figures for
them, however the writer and the engine share work between the scenarios of a sweep (the
texts of the columns an outer input or nothing changes are worked out once for many lines)."""
from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc import engine
from calc.cli.sweep_csv import NumberTexts, write_csv
from calc.core.formatting import plain_number
from calc.core.model import DECLARED_MARKS
from calc.engine.sweeps import Sweep
from tests.conftest import CALCULATORS
from tests.strategies import any_inputs, input_values


def field(value: object) -> str:
    """A value as a program reads it back: true/false, a whole float whole, else Python's
    own text (the csv module undoes the quoting)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(plain_number(value))


def expected_lines(calculator, scenarios: list[dict], assumed: str, ranges) -> list[list[str]]:
    """Each scenario's fields, from the engine's general rows (every scenario on its own)."""
    count = len(calculator.outputs)
    lines = []
    for values, results, problem in engine.rows(calculator.id, scenarios):
        inputs = [field(values[name]) for name in calculator.inputs]
        if results is None:
            ends = [""] * (2 * len(ranges[0]) if ranges else 0)
            lines.append(inputs + [""] * count + [problem] + [""] * len(DECLARED_MARKS)
                         + [assumed] + ends)
            continue
        ends = [field(end) for end in ranges[1](values, results)] if ranges else []
        lines.append(inputs + [field(value) for value in results[:count]] + [""]
                     + [field(mark) for mark in results[count:]] + [assumed] + ends)
    return lines


@st.composite
def sweeps(draw, calculator) -> Sweep:
    """A sweep of one to three inputs, each over one to four values in its domain (a value
    may come twice), the others fixed anywhere in their domains (so some scenarios break a
    rule between inputs)."""
    varied = draw(st.lists(st.sampled_from(list(calculator.inputs)), min_size=1, max_size=3,
                           unique=True))
    fixed = draw(any_inputs(calculator))
    axes = tuple((name, draw(st.lists(input_values(calculator.inputs[name]), min_size=1,
                                      max_size=4))) for name in varied)
    base = engine.judge(calculator.id, fixed)
    return Sweep(calculator.id, base, tuple(
        (name, [engine.judge(calculator.id, {**fixed, name: value})[name] for value in values])
        for name, values in axes), frozenset(fixed))


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_line_is_its_scenarios_inputs_and_figures(calculator, data):
    sweep = data.draw(sweeps(calculator))
    ranges = engine.sweep_ranges(calculator.id) if calculator.spreads and data.draw(
        st.booleans()) else None
    written = io.StringIO()
    count = write_csv(calculator, sweep.rows(), written, sweep.varied, sweep.assumed(), ranges)
    header, *lines = csv.reader(io.StringIO(written.getvalue()))
    scenarios = list(sweep.inputs())
    assert count == len(lines) == len(scenarios) == sweep.size
    assert lines == expected_lines(calculator, scenarios, " ".join(sweep.assumed()), ranges)


def test_a_number_is_written_as_its_own_type_says_past_the_whole_numbers_kept():
    """An int and a float of the same value share a key: below 10^15 both are written as
    the whole number; from it on, the float in Python's form, each time worked out."""
    texts = NumberTexts()
    assert [texts[value] for value in (3, 3.0, 0.5, 10**15, 1e15, 1e15, 10**15, -0.0)] == [
        "3", "3", "0.5", "1000000000000000", "1000000000000000.0", "1000000000000000.0",
        "1000000000000000", "0"]
    assert set(texts) == {3, 0.5, 0}
