"""The sources' worked examples, taken from each template's ``examples`` list.

Each example states the source's own figure; a discrepancy the source contains is written in
the example's note in the template, next to the figure the calculator keeps.
"""
from __future__ import annotations

import pytest

import calc
from tests.conftest import CALCULATORS

EXAMPLES = [pytest.param(c.id, example, id=f"{c.id}-{index}")
            for c in CALCULATORS for index, example in enumerate(c.examples)]


def test_every_calculator_has_worked_examples():
    assert all(c.examples for c in CALCULATORS)


@pytest.mark.parametrize(("calculator_id", "example"), EXAMPLES)
def test_worked_example(calculator_id, example):
    outputs = calc.evaluate(calculator_id, example.inputs)
    for name, expected in example.expect.items():
        if isinstance(expected, (int, float)) and not isinstance(expected, bool):
            assert outputs[name] == pytest.approx(expected, rel=1e-9, abs=example.tolerance), \
                f"{name}: {example.note}"
        else:
            assert outputs[name] == expected, f"{name}: {example.note}"
