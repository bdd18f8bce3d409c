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
from dataclasses import dataclass

from calc.inputs.smf.feeds import MEASURED
from calc.inputs.smf.importing import Imported

CUT_SHORT = 0.9
"""An interval shorter than this share of its queue manager's usual length is cut short."""
PERCENTILE = 95


@dataclass(frozen=True)
class Point:
    """One interval of the series: when it started, its length, its figures by name
    (``calculator.input``)."""

    imported: Imported
    values: dict[str, float]

    @property
    def start(self):
        return self.imported.interval.start

    @property
    def seconds(self):
        return self.imported.interval.seconds


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

    @property
    def names(self) -> list[str]:
        """Every figure some interval has, in the order the feeds list them."""
        return list(dict.fromkeys(name for point in self.points for name in point.values))

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
    systems: dict[tuple[str, str], list[Imported]] = {}
    for item in imported:
        systems.setdefault((item.interval.lpar, item.interval.qmgr), []).append(item)
    return [_series(lpar, qmgr, items) for (lpar, qmgr), items in systems.items()]


def _series(lpar: str, qmgr: str, items: list[Imported]) -> Series:
    lengths = [item.interval.seconds for item in items if item.interval.seconds]
    usual = statistics.median(lengths) if lengths else None
    kept = [item for item in items if item.interval.seconds
            and item.interval.seconds >= CUT_SHORT * usual]
    no_length = sum(1 for item in items if not item.interval.seconds)
    return Series(lpar, qmgr, tuple(Point(item, _figures(item)) for item in kept), usual,
                  no_length, len(items) - len(kept) - no_length)


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
