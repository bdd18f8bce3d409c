"""The engine against its limit: ``calc.evaluate`` per call, input validation included, for
every calculator with its default inputs given in full, and beside it the calculator's
hand-written function of :mod:`tests.bench.references`. Goal (issues 25 and 45): the engine
within 1.1× of the hand-written function."""
from __future__ import annotations

import calc

from .measures import Measure, per_call_seconds
from .references import REFERENCES

GOAL_RATIO = 1.1


def measure(quick: bool) -> list[Measure]:
    seconds = 0.05 if quick else 0.5
    measures = []
    for calculator in calc.catalogue():
        inputs = calculator.defaults()  # in full, as a caller with a scenario passes them
        engine = per_call_seconds(lambda: calc.evaluate(calculator.id, inputs), seconds)
        measures.append(Measure("engine", f"{calculator.id}: calc.evaluate", engine * 1e6,
                                "µs/call"))
        reference = REFERENCES.get(calculator.id)
        if reference is None:
            continue
        if reference(inputs) != calc.evaluate(calculator.id, inputs):
            raise RuntimeError(f"{calculator.id}: the hand-written function disagrees with "
                               "the engine; the comparison would mean nothing")
        by_hand = per_call_seconds(lambda: reference(inputs), seconds)
        ratio = engine / by_hand
        measures += [
            Measure("engine", f"{calculator.id}: hand-written Python", by_hand * 1e6,
                    "µs/call"),
            Measure("engine", f"{calculator.id}: engine / hand-written", ratio, "×",
                    f"≤ {GOAL_RATIO:g}×", ratio <= GOAL_RATIO)]
    return measures
