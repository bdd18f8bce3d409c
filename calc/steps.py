"""Evenly stepped points from a start to a stop, both included, without float drift.

One rule for every range mqcalc steps along: a chart's ``from``/``to``/``step`` in a
template, and ``--vary ID=START:STOP:STEP`` on the command line. The points are worked out
one at a time from their index, never by adding the step again and again, so a sweep of a
million points holds none of them and the last one is exactly the stop.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

SAME_STEPS = 1e-9
"""How far (relative) a quotient may be from a whole number and still count as one, so
0.3 / 0.1 (2.9999999999999996) is 3 steps."""


def step_count(start: float, stop: float, step: float) -> int | None:
    """How many steps of ``step`` (above 0) lead from ``start`` to ``stop`` (not below it),
    or None when ``stop`` is not ``start`` plus a whole number of them."""
    steps = (stop - start) / step
    if not math.isfinite(steps):
        return None
    whole = round(steps)
    return whole if abs(steps - whole) <= SAME_STEPS * max(1, steps) else None


class Points(Sequence):
    """start, start + step, ..., stop: ``steps`` steps (from :func:`step_count`), each point
    computed when asked for. Whole numbers stay whole; a sum of decimal steps loses its
    binary noise (0.1 times 3 is 0.3, not 0.30000000000000004) and never leaves [start,
    stop], so every point is in an input's domain when start and stop are."""

    def __init__(self, start: int | float, stop: int | float, step: int | float, steps: int):
        self.start, self.stop, self.step, self.steps = start, stop, step, steps

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
        return min(max(point(self.start, self.step, index), self.start), self.stop)


def point(start: int | float, step: int | float, index: int) -> int | float:
    """start + index * step, as a person would write it: whole numbers stay whole, and a
    sum of decimal steps loses its binary noise (0.1 * 3 is 0.3, not 0.30000000000000004)."""
    value = start + index * step
    return value if isinstance(value, int) else float(f"{value:.12g}")
