"""The rows of the files grouped by queue manager (on its LPAR) and statistics interval.

Each statistics file gives a queue manager's interval by its start and length; the
channel initiator and the queue manager stamp their own starts, a little apart (the
sample's MQ53 CHIN rows start at 16:00:00.001395 and its QJST row at 16:00:00.001230), so
groups of different files whose starts are less than :data:`JOIN_SECONDS` apart are one
interval. Rows of one file join only if their starts are the same. An accounting row (the
queue accounting of SMF-WQ.csv carries no interval) joins the interval of its queue manager
during which its record was written.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from calc.core.spelling import listing
from calc.inputs.smf.feeds import declared
from calc.inputs.smf.tables import DURATION, Row, SmfError, Table, Unusable

JOIN_SECONDS = 1.0
"""Starts closer than this are one interval. The sample's CHIN and MSTR starts differ by
under a millisecond; intervals themselves are at least a minute long (STATIME is given in
minutes, and the sample's shortest is 59 s). The sample's MQ1A has two QJST rows 0.8 s
apart, with lengths 0 and 175 s: they stay apart, as rows of one file never join."""

LONGEST_SECONDS = 1440 * 60
"""The longest statistics interval: STATIME takes at most 1,440 minutes (a day). A longer
length read from a file is taken as this, for placing accounting rows only."""


@dataclass
class Interval:
    """One queue manager's statistics interval and its rows, file by file."""

    qmgr: str
    lpar: str
    start: datetime
    seconds: int | float | None
    """The interval's one length, which every rate taken from it is per: the longest its
    statistics files state. mq-smf-csv gives whole seconds, and the channel initiator's and
    the queue manager's records of one interval can state lengths a second apart (the
    sample's MQ1O: 59 s in SMF-QCTADP.csv, 60 s in SMF-QJST.csv and SMF-QIS1.csv); the
    longer is the nearer the interval, as neither states more than it lasted. None when no
    file states a length that can be read."""
    rows: dict[str, list[Row]] = field(default_factory=dict)

    @property
    def folders(self) -> tuple[str, ...]:
        """The folders a store loaded the interval's rows from (none when they were read
        from a folder directly)."""
        return tuple(sorted({row.folder for rows in self.rows.values() for row in rows}
                            - {""}))

    def covers(self, moment: datetime) -> bool:
        """Whether ``moment`` falls inside this interval (the join's slack either side)."""
        slack = timedelta(seconds=JOIN_SECONDS)
        length = timedelta(seconds=min(self.seconds or 0, LONGEST_SECONDS))
        return self.start - slack <= moment <= self.start + length + slack


def intervals(tables: dict[str, Table]) -> tuple[list[Interval], list[Unusable]]:
    """Every interval the files give, by queue manager, LPAR and then start; and the cells that
    kept a row out of every interval (a start or record time that cannot be read)."""
    unusable: list[Unusable] = []
    by_system: dict[tuple[str, str], list[Interval]] = {}
    for rows, start in sorted(_groups(tables, unusable),
                              key=lambda g: (g[0][0].qmgr, g[0][0].lpar, g[1])):
        file, mine = rows[0].file, by_system.setdefault(_system(rows[0]), [])
        home = _joined(mine, file, start)
        if home is None:
            home = Interval(rows[0].qmgr, rows[0].lpar, start, None)
            mine.append(home)
        home.rows[file] = rows
        home.seconds = _longest(home.seconds, _length(rows[0]))
    placing = {system: _Placing(mine) for system, mine in by_system.items()}
    for name, table in tables.items():
        if declared().placed_by_interval(name):
            continue
        for row in table.rows:
            recorded = _read(row, lambda: row.recorded, unusable)
            home = (placing[_system(row)].first_covering(recorded)
                    if recorded is not None and _system(row) in placing else None)
            if home is not None:
                home.rows.setdefault(name, []).append(row)
    return [interval for mine in by_system.values() for interval in mine], unusable


def _joined(mine: list[Interval], file: str, start: datetime) -> Interval | None:
    """The earliest of ``mine`` (a queue manager's intervals so far, by start, none after
    ``start``) that ``file``'s rows starting at ``start`` join: one starting less than
    :data:`JOIN_SECONDS` before, without rows of that file yet. Only the last few can be."""
    found = None
    for interval in reversed(mine):
        if (start - interval.start).total_seconds() >= JOIN_SECONDS:
            break
        if file not in interval.rows:
            found = interval
    return found


class _Placing:
    """A queue manager's intervals, by start, searched for the one a record time falls in:
    a bisection to the last interval starting by then, and back only as far as the longest
    interval reaches (a day of 30-minute intervals is 48, a month 1,440: searching them all
    for each queue accounting row grew as their product)."""

    def __init__(self, mine: list[Interval]):
        self.mine = mine
        self.starts = [interval.start for interval in mine]
        self.reach = timedelta(seconds=JOIN_SECONDS + max(
            (min(interval.seconds or 0, LONGEST_SECONDS) for interval in mine), default=0))

    def first_covering(self, moment: datetime) -> Interval | None:
        """The earliest interval that :meth:`Interval.covers` ``moment``, or None."""
        found = None
        after = bisect.bisect_right(self.starts, moment + timedelta(seconds=JOIN_SECONDS))
        for index in range(after - 1, -1, -1):
            if self.starts[index] < moment - self.reach:
                break
            if self.mine[index].covers(moment):
                found = self.mine[index]
        return found


def not_in_data(qmgr: str, names: list[str]) -> SmfError:
    """The refusal of ``--qmgr QMGR`` where the data's queue managers are ``names``."""
    return SmfError(f"--qmgr {qmgr}: not in the data "
                    f"({listing('it has', qmgr.upper(), names)})")


def _system(row: Row) -> tuple[str, str]:
    """The queue manager a row is of: its LPAR and name (two LPARs may each run a queue
    manager of the same name; their rows never mix)."""
    return row.lpar, row.qmgr


def _groups(tables: dict[str, Table], unusable: list[Unusable]
            ) -> list[tuple[list[Row], datetime]]:
    """Each statistics file's rows grouped by LPAR, queue manager and exact start (rows whose
    start is unset or unreadable are left out: they belong to no interval)."""
    groups: dict[tuple[str, tuple[str, str], datetime], list[Row]] = {}
    for name, table in tables.items():
        if not declared().placed_by_interval(name):
            continue
        for row in table.rows:
            start = _read(row, lambda: row.start, unusable)
            if start is not None:
                groups.setdefault((name, _system(row), start), []).append(row)
    return [(rows, start) for (_name, _system_key, start), rows in groups.items()]


def _read(row: Row, read, unusable: list[Unusable]) -> datetime | None:
    """``read()`` (a time of ``row``), or None with the cell added to ``unusable``."""
    try:
        return read()
    except Unusable as problem:
        unusable.append(problem)
        return None


def _longest(seconds: int | float | None, more: int | float | None) -> int | float | None:
    """The longer of two lengths, either of which may be unknown (None)."""
    return more if seconds is None else seconds if more is None else max(seconds, more)


def _length(row: Row) -> int | float | None:
    """The interval's length in seconds as the row gives it (None if unreadable: the
    inputs that need it say so)."""
    try:
        return row.number(DURATION)
    except Unusable:
        return None
