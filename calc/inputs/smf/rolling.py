"""The rolling four-hour average (R4HA) of the CPU MQ measurably used on each LPAR, from the
series of its queue managers (:mod:`calc.inputs.smf.series`): the figure IBM's monthly
software charges are set by (their peak R4HA of MSU), here for MQ's part that SMF gives.

What counts: every measured figure SMF gives that is CPU of an address space
(``templates/smf_feeds.yaml``, ``measured:`` with ``address_space`` and a feed): the channel
initiator's tasks and the applications' MQ calls (class 1 accounting). The queue manager
address space's own CPU (MSTR) is not in mq-smf-csv's output, so it is not counted here.

Each kept interval of a queue manager holds its CPU seconds a second for its length; an
LPAR's CPU at a moment is the sum over its queue managers. The average over the four hours
ending at ``t`` is the CPU seconds used in them over the four hours, time with no data
counting as none (as a four-hour window at the start of the data holds less than four
hours), so the coverage of the window is given beside it. It is largest at the end of an
interval or four hours after the start of one (between those moments it moves in a
straight line), so those moments are where it is evaluated: exact, not sampled.
"""
from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from calc.inputs.smf.feeds import MEASURED, declared
from calc.inputs.smf.series import Series

WINDOW = timedelta(hours=4)
"""The window of the rolling average that monthly software charges take."""
HOUR = timedelta(hours=1)


def cpu_figures() -> tuple[str, ...]:
    """The series names (``measured.NAME``) of the CPU figures SMF gives: an address space's
    CPU with a feed."""
    return tuple(f"{MEASURED}.{figure.name}" for figure in declared().read_measured
                 if figure.address_space is not None)


@dataclass(frozen=True)
class Span:
    """A stretch of time and the CPU seconds a second used in it."""

    start: datetime
    end: datetime
    cpu: float


@dataclass(frozen=True)
class Rolling:
    """One LPAR's rolling four-hour average at its peak, and its busiest clock hour."""

    lpar: str
    qmgrs: tuple[str, ...]
    peak_cpu: float
    """The highest four-hour average, in CPU seconds a second."""
    peak_end: datetime
    """The end of the four hours with that average."""
    covered: timedelta
    """How much of those four hours the data covers."""
    hour_start: datetime
    """The clock hour with the highest average CPU."""
    hour_cpu: float
    data: timedelta
    """The time the LPAR's data covers, first interval's start to last's end, gaps left
    out."""


def in_msu(cpu: float, msu_per_cp: float | None) -> float | None:
    """``cpu`` (CPU s/s) in MSU, where the LPAR's MSU per processor is given (not 0)."""
    return cpu * msu_per_cp if msu_per_cp else None


def cost(cpu: float, msu_per_cp: float | None, msu_price: float | None) -> float | None:
    """What ``cpu`` at the peak costs a month at ``msu_price`` an MSU (None without an MSU
    per processor or a price)."""
    msu = in_msu(cpu, msu_per_cp)
    return None if msu is None or msu_price is None else msu * msu_price


def spans(each: Series, factor: float = 1.0) -> list[Span]:
    """A queue manager's kept intervals with a CPU figure, each as the sum of its figures
    (times ``factor``: a change laid over it, :mod:`calc.inputs.smf.plan_change`)."""
    names = cpu_figures()
    return [Span(point.start, point.start + timedelta(seconds=point.seconds),
                 factor * sum(point.values[name] for name in names if name in point.values))
            for point in each.points
            if point.seconds and any(name in point.values for name in names)]


class _Cumulative:
    """The CPU seconds used from the first moment of ``parts`` up to any moment: a line
    between the moments where some span starts or ends."""

    def __init__(self, parts: list[Span]):
        changes: dict[datetime, float] = {}
        for part in parts:
            changes[part.start] = changes.get(part.start, 0) + part.cpu
            changes[part.end] = changes.get(part.end, 0) - part.cpu
        self.moments = sorted(changes)
        self.totals, self.rates = [0.0], []
        rate = 0.0
        for before, after in zip(self.moments, self.moments[1:]):
            rate += changes[before]
            self.rates.append(rate)
            self.totals.append(self.totals[-1] + rate * (after - before).total_seconds())

    def at(self, moment: datetime) -> float:
        """CPU seconds used up to ``moment``."""
        index = bisect.bisect_right(self.moments, moment) - 1
        if index < 0:
            return 0.0
        if index >= len(self.rates):
            return self.totals[-1]
        return self.totals[index] + self.rates[index] * (
            moment - self.moments[index]).total_seconds()

    def between(self, start: datetime, end: datetime) -> float:
        return self.at(end) - self.at(start)


def _covered(parts: list[Span], start: datetime, end: datetime) -> timedelta:
    """How much of ``start`` to ``end`` some span covers."""
    covered, reach = timedelta(0), start
    for part in sorted(parts, key=lambda part: part.start):
        begin, finish = max(part.start, reach), min(part.end, end)
        if finish > begin:
            covered += finish - begin
            reach = finish
    return covered


def rolling(found: Iterable[Series],
            factors: dict[tuple[str, str], float] | None = None) -> list[Rolling]:
    """Each LPAR's peak rolling four-hour average and busiest hour, in the order its queue
    managers first appear; an LPAR none of whose intervals has a CPU figure is left out.
    ``factors``: (LPAR, queue manager) -> what its measured CPU is multiplied by (1 for one
    not named)."""
    lpars: dict[str, tuple[list[str], list[Span]]] = {}
    for each in found:
        qmgrs, parts = lpars.setdefault(each.lpar, ([], []))
        mine = spans(each, (factors or {}).get((each.lpar, each.qmgr), 1.0))
        if mine:
            qmgrs.append(each.qmgr)
            parts.extend(mine)
    return [_rolling(lpar, tuple(qmgrs), parts)
            for lpar, (qmgrs, parts) in lpars.items() if parts]


def _rolling(lpar: str, qmgrs: tuple[str, ...], parts: list[Span]) -> Rolling:
    used = _Cumulative(parts)
    first, last = used.moments[0], used.moments[-1]
    ends = {part.end for part in parts} | {part.start + WINDOW for part in parts
                                            if part.start + WINDOW <= last}
    windows = {end: used.between(end - WINDOW, end) for end in sorted(ends)}
    peak_end = max(windows, key=windows.get)  # the earliest of equal peaks
    hour = first.replace(minute=0, second=0, microsecond=0)
    hours = {}
    while hour < last:
        hours[hour] = used.between(hour, hour + HOUR)
        hour += HOUR
    busiest = max(hours, key=hours.get)
    return Rolling(lpar, qmgrs, windows[peak_end] / WINDOW.total_seconds(), peak_end,
                   _covered(parts, peak_end - WINDOW, peak_end), busiest,
                   hours[busiest] / HOUR.total_seconds(), _covered(parts, first, last))
