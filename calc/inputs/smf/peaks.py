"""The peak interval of each queue manager, found in a store without importing every
interval: a month of one queue manager's one-minute intervals is some 9,000 imports, of
which the peak is one.

``--interval peak`` ranks a queue manager's intervals by the first measure of ``peak_by``
that any of them has (:mod:`calc.inputs.smf.selection`). Where the first measure's feed is
a column's total per second of the interval (the reading ``rate``: the adapter request
rate), the store adds the column up for each interval in SQL and gives each interval the
most its rate can be (:func:`_bounds`):

* its rate itself, where the interval is certain: the statistics rows less than
  :data:`~calc.inputs.smf.intervals.JOIN_SECONDS` apart span less than that, no file among
  them twice, each file's rows stating one length; the import makes them one interval, as
  long as the longest of those lengths (:class:`calc.inputs.smf.intervals.Interval`);
* else the column's total over the shortest length its own rows state: an interval is
  never shorter than any of its files says.

The intervals are then imported as every interval is, the highest first (the earliest of
equals first), a few at a time with the rows around them, until none left could beat the
best so far or, equal to it, come before it; so the peak is the one
:func:`calc.inputs.smf.selection.peak` picks among all, ties to the earliest. A queue manager
whose rows the SQL cannot bound as the import reads them (a start, a length or a count not
written as the tool writes it, no count that can be read), or whose peak is not settled by
:data:`MOST_IMPORTED` candidates, is read whole and every interval of it ranked, as a
folder's are.

The bounds are sound only where the SQL reads a cell as the import does: a start as
``2026/05/21`` and ``16:00:00,001395`` (:func:`calc.inputs.smf.store.moment`), a length or a
count as a run of digits, -1, dots or nothing; any other writing sends the queue manager
(for a start or a length) or the interval (for a count) to the import.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import groupby
from pathlib import Path

from calc.inputs.smf import store, stored_series
from calc.inputs.smf.feeds import Feed, columns_read, declared
from calc.inputs.smf.importing import SmfData, import_interval, read_smf
from calc.inputs.smf.intervals import JOIN_SECONDS, Interval, intervals
from calc.inputs.smf.selection import PEAK, Chosen, choose, in_full, peak, ranked_calculators
from calc.inputs.smf.tables import DURATION, START_DATE, START_TIME, Unusable

BATCH = 8
"""The candidates of a queue manager read and imported at a time, the likeliest peak
first: nearly always the first batch settles it."""
MOST_IMPORTED = 64
"""Candidates imported without the peak being settled, after which the queue manager is
read whole (the store cannot tell its intervals' rates apart)."""
BOUNDED_READING = "rate"
"""The reading whose value the store bounds: a column's total over the interval's length."""
WHOLE_DIGITS = 18
"""A count or a length as the tool writes it: a run of digits up to this long, which the
import reads as the same integer (:func:`calc.inputs.smf.cells.number`); unset, it is -1,
dots or empty."""


@dataclass(frozen=True)
class Candidate:
    """An interval of one queue manager that may be its peak: its start (as its rows of
    the bounded file state it) and the most its rate can be."""

    start: datetime
    most: float


@dataclass(frozen=True)
class Bounded:
    """A queue manager whose intervals the store bounds: its candidates, likeliest first
    (most first, then earliest), and the longest length any of its statistics rows states,
    in seconds: how far around a candidate the rows that make up its interval lie."""

    candidates: tuple[Candidate, ...]
    longest: int

    def around(self, lpar: str, qmgr: str, starts: list[datetime]) -> store.Around:
        """The rows an import of the intervals starting at ``starts`` needs
        (:func:`calc.inputs.smf.store.around`)."""
        return store.around(lpar, qmgr, [(start, start) for start in starts],
                            timedelta(seconds=self.longest))


def peak_intervals(path: Path, qmgr: str | None) -> tuple[SmfData, list[Chosen]]:
    """The peak interval of each queue manager of the folder or store ``path`` (of those
    named ``qmgr`` only, when given), imported whole, and what was read: from a store,
    through the bounds where they serve; else every interval imported for its ranking."""
    if store.is_store(path):
        found = _kept_peaks(path, qmgr) or _bounded_peaks(path, qmgr)
        if found is not None:
            return found
    folder = read_smf(path, qmgr, ranked_calculators())
    return folder, in_full(choose(folder.imported, qmgr, PEAK))


def _kept_peaks(path: Path, qmgr: str | None) -> tuple[SmfData, list[Chosen]] | None:
    """:func:`peak_intervals` through the series the store keeps
    (:mod:`calc.inputs.smf.stored_series`), or None where it keeps none this mqzcalc would
    work out alike: each queue manager's intervals ranked by their kept figures, which are
    what the import gives them, and only the peak imported, whole."""
    wanted = None if qmgr is None else qmgr.strip().upper()

    def read(connection) -> tuple[_Reading, list[Chosen]] | None:
        kept = stored_series.kept_points(connection, wanted, tuple(
            f"{calculator}.{name}" for calculator, name in declared().peak_by))
        if not kept:
            return None
        reading, chosen = _Reading(connection, wanted), []
        for (lpar, name), points in kept.items():
            best = peak([stored_series.as_import(lpar, name, point) for point in points])
            start = best.imported.interval.start
            found = stored_series.interval_at(reading.intervals([
                stored_series.around_interval(connection, lpar, name, start)]), lpar, name, start)
            if found is None:  # the import places its rows otherwise: rank them all
                return None
            chosen.append(Chosen(import_interval(found), best.peak_by))
        return reading, chosen

    found = store.opened(path, read)
    return None if found is None else _read_peaks(path, *found)


def _bounded_feed() -> Feed | None:
    """The feed of the first measure of ``peak_by``, where the store can bound it."""
    if not declared().peak_by:
        return None
    calculator, name = declared().peak_by[0]
    feed = next(feed for feed in declared().feeds
                if (feed.calculator, feed.input) == (calculator, name))
    bounded = (feed.reading == BOUNDED_READING and calculator not in declared().items
               and declared().placed_by_interval(feed.file))
    return feed if bounded else None


class _Reading:
    """What one :func:`_bounded_peaks` reads: the files, and the rows whose time could not
    be read, each once though several reads take it."""

    def __init__(self, connection, qmgr: str | None):
        self.connection, self.qmgr = connection, qmgr
        self.files: dict[str, None] = {}
        self.unplaced: dict[tuple, Unusable] = {}

    def intervals(self, around: list[store.Around]) -> list[Interval]:
        tables = store.read_opened(self.connection, declared().files, columns_read,
                                   self.qmgr, around)
        self.files.update(dict.fromkeys(tables))
        built, unplaced = intervals(tables)
        for problem in unplaced:
            row = problem.row
            self.unplaced.setdefault((row.file, row.folder, row.line, problem.columns), problem)
        return built


def _bounded_peaks(path: Path, qmgr: str | None) -> tuple[SmfData, list[Chosen]] | None:
    """:func:`peak_intervals` through the bounds, or None where they do not serve."""
    feed = _bounded_feed()
    if feed is None:
        return None
    wanted = None if qmgr is None else qmgr.strip().upper()

    def read(connection) -> tuple[_Reading, list[Chosen]] | None:
        reading, bounded = _Reading(connection, wanted), _bounds(connection, feed, wanted)
        settled = {system: _settled(reading, feed, system, bounds)
                   for system, bounds in bounded.items()}
        chosen = [best for best in settled.values() if best is not None]
        whole = [system for system in store.systems_opened(connection, declared().files,
                                                           wanted)
                 if settled.get(system) is None]
        if whole:
            built = reading.intervals([store.Around(*system) for system in whole])
            chosen += choose(tuple(import_interval(interval, ranked_calculators())
                                   for interval in built), None, PEAK)
        return (reading, chosen) if chosen else None

    found = store.opened(path, read)
    if found is None:
        return None
    reading, chosen = found
    return _read_peaks(path, reading, in_full(chosen))


def _read_peaks(path: Path, reading: _Reading, chosen: list[Chosen]
                ) -> tuple[SmfData, list[Chosen]]:
    """The peaks ``chosen``, each imported whole, by queue manager and LPAR, and what
    ``reading`` read to find them."""
    peaks = sorted(chosen, key=lambda c: (c.imported.interval.qmgr, c.imported.interval.lpar))
    return SmfData(path, tuple(reading.files), tuple(item.imported for item in peaks),
                   tuple(reading.unplaced.values()), (), True), peaks


def _settled(reading: _Reading, feed: Feed, system: tuple[str, str], bounds: Bounded
             ) -> Chosen | None:
    """The peak of one bounded queue manager: its candidates imported a batch at a time,
    likeliest first, until none left can beat (or, equal, come before) the best so far;
    None where that takes more than :data:`MOST_IMPORTED`, or none of them has the rate
    (the queue manager is then read whole)."""
    best: Chosen | None = None
    left = list(bounds.candidates)
    while left:
        if best is not None and not _may_beat(left[0], best, feed):
            return best
        if len(bounds.candidates) - len(left) >= MOST_IMPORTED:
            return None
        batch, left = left[:BATCH], left[BATCH:]
        starts = {candidate.start for candidate in batch}
        built = reading.intervals([bounds.around(*system, sorted(starts))])
        items = [import_interval(interval, ranked_calculators()) for interval in built
                 if (interval.lpar, interval.qmgr) == system
                 and _ranked_start(interval, feed) in starts]
        pool = [item for item in items if feed.input in item.inputs.get(feed.calculator, {})]
        if best is not None:
            pool.append(best.imported)
        if pool:
            best = peak(sorted(pool, key=lambda item: item.interval.start))
    return best


def _may_beat(candidate: Candidate, best: Chosen, feed: Feed) -> bool:
    """Whether ``candidate`` could be ranked above ``best``: a higher rate, or the same
    one and an earlier start."""
    value = best.imported.inputs[feed.calculator][feed.input]
    return candidate.most > value or (candidate.most == value
                                      and candidate.start < best.imported.interval.start)


def _ranked_start(interval: Interval, feed: Feed) -> datetime | None:
    """The start the interval's rows of the bounded file state (None: it has none)."""
    rows = interval.rows.get(feed.file)
    return rows[0].start if rows else None


def _statistics_tables(stored: dict[str, list[str]]) -> list[str]:
    """The tables of the store's tables ``stored`` (their columns by name) that hold
    statistics files stating their intervals' starts and lengths."""
    needed = {"LPAR", "QMgr", START_DATE, START_TIME, DURATION}
    return [file.removesuffix(".csv") for file in declared().files
            if declared().placed_by_interval(file)
            and needed <= set(stored.get(file.removesuffix(".csv"), ()))]


def _bounds(connection, feed: Feed, qmgr: str | None) -> dict[tuple[str, str], Bounded]:
    """The queue managers whose rows can be bounded, with their candidates (see the
    module). The statistics rows of one file and start are a group, as the import groups
    them; groups less than a second apart make a cluster; a cluster that spans less than
    that, whose groups are each of another file and each state one length, is one interval
    exactly as the import makes it (each group joins the earliest interval less than a
    second before it that lacks its file), as long as the longest length they state."""
    stored = store.table_columns(connection)
    tables, column = _statistics_tables(stored), dict(feed.parameters)["column"]
    ranked = feed.file.removesuffix(".csv")
    if ranked not in tables or column not in stored[ranked]:
        return {}
    length = _whole(DURATION)
    starts = {table: store.placed((START_DATE, START_TIME), stored[table]) for table in tables}
    named = {table: store.names(stored[table]) for table in tables}
    stated = " UNION ALL ".join(
        f"SELECT '{table}' AS file, {named[table][0]} AS lpar, "
        f"{named[table][1]} AS qmgr, {starts[table]} AS start, {length} AS seconds, "
        f"{_irregular(START_DATE, starts[table])} OR {_unbounded(DURATION)} AS irregular, "
        f"{_whole(column) if table == ranked else 'NULL'} AS value, "
        f"{_unbounded(column) if table == ranked else 'FALSE'} AS odd "
        f"FROM {store.quoted(table)} "
        + (f"WHERE {named[table][1]} = ?" if qmgr is not None else "") for table in tables)
    query = f"""
        WITH stated AS MATERIALIZED ({stated}),
        systems AS (
            SELECT lpar, qmgr, bool_or(irregular) AS irregular, max(seconds) AS longest
            FROM stated GROUP BY ALL),
        groups AS (
            SELECT file, lpar, qmgr, start, min(seconds) AS shortest,
                   min(seconds) = max(seconds) AND count(*) = count(seconds) AS one_length,
                   count(*) - count(seconds) AS unstated,
                   sum(value) AS total, count(*) FILTER (odd) AS odd,
                   count(*) - count(value) AS unread
            FROM stated WHERE start IS NOT NULL AND year(start) <> 1970 GROUP BY ALL),
        gaps AS (
            SELECT *, CASE WHEN start - lag(start) OVER system_order
                           < INTERVAL {JOIN_SECONDS} SECOND THEN 0 ELSE 1 END AS opens
            FROM groups WINDOW system_order AS (PARTITION BY lpar, qmgr ORDER BY start)),
        numbered AS (
            SELECT *, sum(opens) OVER (PARTITION BY lpar, qmgr ORDER BY start
                                       ROWS UNBOUNDED PRECEDING) AS cluster FROM gaps),
        clusters AS (
            SELECT lpar, qmgr, cluster, max(shortest) AS seconds,
                   max(start) - min(start) < INTERVAL {JOIN_SECONDS} SECOND
                   AND count(*) = count(DISTINCT file) AND bool_and(one_length) AS exact
            FROM numbered GROUP BY ALL)
        SELECT n.lpar, n.qmgr, n.start, n.total, n.odd, n.unread, n.shortest, n.unstated,
               c.seconds, c.exact, s.irregular, s.longest
        FROM numbered n JOIN clusters c USING (lpar, qmgr, cluster)
        JOIN systems s USING (lpar, qmgr)
        WHERE n.file = '{ranked}' ORDER BY n.lpar, n.qmgr, n.start"""
    rows = connection.execute(query, [qmgr] * len(tables) if qmgr is not None
                              else []).fetchall()
    found = {}
    for system, group in groupby(rows, key=lambda row: row[:2]):
        bounds = _candidates(list(group))
        if bounds is not None:
            found[system] = bounds
    return found


def _candidates(rows: list[tuple]) -> Bounded | None:
    """One queue manager's candidates from its intervals' totals (rows of the query of
    :func:`_bounds`), or None where its rows cannot be bounded: a start or length not
    written as the tool writes it, or no interval that could be ranked. An interval's most
    is its rate where its cluster is exact; else its total over the shortest length its own
    rows state (an interval is never shorter); unbounded where a count or a length of its
    own rows is written otherwise than the tool writes them. An interval with a count the
    tool wrote as unset is never ranked (the import says the rate is not in the data)."""
    *_first, irregular, longest = rows[0]
    if irregular or longest is None:
        return None
    candidates = []
    for _lpar, _qmgr, start, total, odd, unread, shortest, unstated, seconds, exact, *_ in rows:
        if odd:
            most = math.inf
        elif unread:
            continue
        elif exact and seconds:
            most = total / seconds
        elif not unstated and shortest:
            most = total / shortest
        else:
            most = math.inf
        candidates.append(Candidate(start, most))
    if not candidates or all(candidate.most == math.inf for candidate in candidates):
        return None
    candidates.sort(key=lambda candidate: (-candidate.most, candidate.start))
    return Bounded(tuple(candidates), longest)


def _whole(column: str) -> str:
    """SQL for a cell of ``column`` written as a whole number of 0 or more (at most
    :data:`WHOLE_DIGITS` digits), as that number; NULL for anything else."""
    cell = f"trim({store.decoded(column)})"
    return (f"(CASE WHEN {cell} <> '' AND length({cell}) <= {WHOLE_DIGITS} AND NOT {cell} "
            f"GLOB '*[!0-9]*' THEN CAST({cell} AS BIGINT) END)")


def _unbounded(column: str) -> str:
    """SQL: whether a cell of ``column`` holds a number written otherwise than the tool
    writes a whole one or an unset one (the import may read it as a number the SQL does
    not)."""
    cell = f"trim(coalesce({store.decoded(column)}, ''))"
    return (f"NOT ({cell} IN ('', '-1') OR NOT {cell} GLOB '*[!.]*' OR "
            f"(length({cell}) <= {WHOLE_DIGITS} AND NOT {cell} GLOB '*[!0-9]*'))")


def _irregular(date: str, moment: str) -> str:
    """SQL: whether a row's date is set (not empty or dots) but its time is not written as
    the tool writes it (``moment`` NULL): the import may read it otherwise."""
    day = f"trim(coalesce({store.decoded(date)}, ''))"
    return f"({day} <> '' AND {day} GLOB '*[!.]*' AND {moment} IS NULL)"
