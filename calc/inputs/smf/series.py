"""A queue manager's SMF data as a series (``mqcalc smf series``): interval by interval,
every figure the calculators take from it, with each figure's peak, 95th percentile and
mean, and its hour-of-day profile.

The figures are the imported inputs themselves (:mod:`calc.inputs.smf.importing`: the same
readings, the same checks), the numbers among them (yes/no inputs are left out), and what
the system measurably used (``measured.NAME``: the channel initiator tasks' CPU). An interval
of no length, or one cut short (shorter than :data:`CUT_SHORT` of the queue manager's usual
interval, as at a queue manager's start or stop or a change of STATIME), is left out of the
series and counted: its rates would be of a different time. The usual interval is the
median length of the queue manager's intervals.

The 95th percentile is taken as spreadsheets take it (Excel's ``PERCENTILE.INC``,
LibreOffice's ``PERCENTILE``): between the two nearest ranks, by linear interpolation.
"""
from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from calc.inputs.smf.feeds import MEASURED, declared
from calc.inputs.smf.importing import Imported

CUT_SHORT = 0.9
"""An interval shorter than this share of its queue manager's usual length is cut short."""
PERCENTILE = 95


@dataclass(frozen=True)
class Point:
    """One interval of the series: when it started, its length (None where no file states
    one that can be read), its figures by name (``calculator.input``)."""

    start: datetime
    seconds: int | float | None
    values: dict[str, float]


@dataclass(frozen=True)
class Summary:
    """One figure over the series: its peak and where, its 95th percentile and mean, and the
    mean of the intervals starting in each hour of the day."""

    name: str
    peak: Point
    percentile: float
    mean: float
    by_hour: dict[int, float]
    intervals: int
    """How many intervals have the figure."""


@dataclass(frozen=True)
class Series:
    """One queue manager's intervals, kept and left out."""

    lpar: str
    qmgr: str
    points: tuple[Point, ...]
    usual_seconds: float | None
    no_length: int
    """Intervals left out as of no length (or none the files could read)."""
    cut_short: int
    """Intervals left out as shorter than :data:`CUT_SHORT` of the usual length."""

    @cached_property
    def names(self) -> list[str]:
        """Every figure some interval has, in the order the feeds list them."""
        return list(dict.fromkeys(name for point in self.points for name in point.values))

    @cached_property
    def ranked_by(self) -> str | None:
        """The figure ``--interval peak`` ranks the kept intervals by: the first of
        ``peak_by`` some interval has (as :func:`calc.inputs.smf.selection.ranking`)."""
        names = set(self.names)
        return next((f"{calculator}.{name}" for calculator, name in declared().peak_by
                     if f"{calculator}.{name}" in names), None)

    def summary(self, name: str) -> Summary:
        """``name`` over the series (the earliest interval where the peak is tied)."""
        having = [point for point in self.points if name in point.values]
        values = [point.values[name] for point in having]
        hours: dict[int, list[float]] = {}
        for point in having:
            hours.setdefault(point.start.hour, []).append(point.values[name])
        return Summary(name, max(having, key=lambda point: point.values[name]),
                       percentile(values, PERCENTILE), statistics.fmean(values),
                       {hour: statistics.fmean(hours[hour]) for hour in sorted(hours)},
                       len(having))


def series(imported: tuple[Imported, ...]) -> list[Series]:
    """Each queue manager's series, in the order of ``imported`` (by queue manager, LPAR,
    start)."""
    return series_of((item.interval.lpar, item.interval.qmgr, point_of(item))
                     for item in imported)


def point_of(item: Imported) -> Point:
    """An imported interval as a point of its series, kept or not."""
    return Point(item.interval.start, item.interval.seconds, _figures(item))


def series_of(points: Iterable[tuple[str, str, Point]]) -> list[Series]:
    """Each queue manager's series from every one of its intervals as a point (LPAR, queue
    manager, point), in their order: those of no length or cut short left out and
    counted."""
    systems: dict[tuple[str, str], list[Point]] = {}
    for lpar, qmgr, each in points:
        systems.setdefault((lpar, qmgr), []).append(each)
    return [_series(lpar, qmgr, mine) for (lpar, qmgr), mine in systems.items()]


def _series(lpar: str, qmgr: str, points: list[Point]) -> Series:
    lengths = [each.seconds for each in points if each.seconds]
    usual = statistics.median(lengths) if lengths else None
    kept = tuple(each for each in points if each.seconds and each.seconds >= CUT_SHORT * usual)
    no_length = sum(1 for each in points if not each.seconds)
    return Series(lpar, qmgr, kept, usual, no_length, len(points) - len(kept) - no_length)


def _figures(item: Imported) -> dict[str, float]:
    """The interval's imported inputs that are numbers, by ``calculator.input``, then what
    the system measurably used, by ``measured.NAME``."""
    return {**{f"{calculator}.{name}": value for calculator, inputs in item.inputs.items()
               for name, value in inputs.items()
               if isinstance(value, (int, float)) and not isinstance(value, bool)},
            **{f"{MEASURED}.{name}": value for name, value in item.measured.items()}}


def percentile(values: list[float], percent: float) -> float:
    """The ``percent`` percentile of ``values`` as PERCENTILE.INC gives it: rank
    ``(n - 1) * percent / 100`` of the sorted values, between ranks by linear
    interpolation."""
    ordered = sorted(values)
    rank = (len(ordered) - 1) * percent / 100
    below = int(rank)
    if below + 1 >= len(ordered):
        return ordered[below]
    return ordered[below] + (ordered[below + 1] - ordered[below]) * (rank - below)
