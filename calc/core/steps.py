"""Evenly stepped points from a start to a stop, both included, without float drift.

One rule for every range mqcalc steps along: a chart's ``from``/``to``/``step`` in a
template, and ``--vary ID=START:STOP:STEP`` on the command line. The points are worked out
one at a time from their index, never by adding the step again and again, so a sweep of a
million points holds none of them and the last one is exactly the stop.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from calc.core.formatting import places

FLOAT_DIGITS = 15
"""Significant decimal digits every float holds exactly (IEEE 754 double: DBL_DIG, 15):
points that need more are not all distinct as floats."""


def digits_needed(start: int | float, stop: int | float, step: int | float) -> int:
    """Significant digits the points from ``start`` to ``stop`` need to be written
    exactly: from the largest one's first digit down to the places of start and step."""
    largest = max(abs(start), abs(stop))
    if largest == 0:
        return 1
    return math.floor(math.log10(largest)) + 1 + max(places(start), places(step))


def step_count(start: float, stop: float, step: float) -> int | None:
    """How many steps of ``step`` (above 0) lead from ``start`` to ``stop`` (not below it),
    or None when ``stop`` is not ``start`` plus a whole number of them. Worked in decimal
    on the numbers as written (0.3 - 0 over 0.1 is 3 exactly), so no binary noise makes a
    whole number of steps look like none, or the reverse."""
    values = (start, stop, step)
    if any(isinstance(value, float) and not math.isfinite(value) for value in values):
        return None
    if all(isinstance(value, int) or value.is_integer() for value in values):
        steps, left = divmod(int(stop) - int(start), int(step))
        return None if left else steps
    from decimal import Decimal  # only for a range of decimals: not in a command's start

    exact = [Decimal(repr(float(value))) for value in (start, stop, step)]
    steps = (exact[1] - exact[0]) / exact[2]
    return int(steps) if steps == steps.to_integral_value() else None


class Points(Sequence):
    """start, start + step, ..., stop: ``steps`` steps (from :func:`step_count`), each point
    computed when asked for. Whole numbers stay whole; a sum of decimal steps loses its
    binary noise (0.1 times 3 is 0.3, not 0.30000000000000004) and never leaves [start,
    stop], so every point is in an input's domain when start and stop are."""

    def __init__(self, start: int | float, stop: int | float, step: int | float, steps: int):
        self.start, self.stop, self.step, self.steps = start, stop, step, steps
        self.places = max(places(start), places(step))

    def __len__(self) -> int:
        return self.steps + 1

    def __iter__(self) -> Iterator[int | float]:
        """The points in order; whole-number ranges as Python's own range (the same
        points, as a sweep's inner loop wants them: without a call per point)."""
        if all(type(value) is int for value in (self.start, self.stop, self.step)):
            return iter(range(self.start, self.stop + 1, self.step))
        return map(self.__getitem__, range(self.steps + 1))

    def __getitem__(self, index: int) -> int | float:
        if not 0 <= index <= self.steps:
            raise IndexError(index)
        if index == 0:
            return self.start
        if index == self.steps:
            return self.stop
        return min(max(point(self.start, self.step, index, self.places), self.start),
                   self.stop)


def point(start: int | float, step: int | float, index: int,
          decimals: int | None = None) -> int | float:
    """start + index * step, as a person would write it: whole numbers stay whole, and a
    sum of decimal steps is rounded to the places start and step are written with (or
    ``decimals``), so it loses its binary noise (0.1 * 3 is 0.3, not 0.30000000000000004)
    and keeps every digit they give (1e12 + 0.1 * 3 is 1000000000000.3)."""
    value = start + index * step
    if isinstance(value, int):
        return value
    return round(value, max(places(start), places(step)) if decimals is None else decimals)
