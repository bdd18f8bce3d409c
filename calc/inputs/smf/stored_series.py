"""The series a store keeps: every interval of every queue manager as a point of its series
(:mod:`calc.inputs.smf.series`: its start, length and figures), worked out by the load that
added its rows, so ``mqcalc smf series STORE`` reads a month's series back in a second
instead of importing each of its intervals again (a month of the sample's MQ1O, 9,120
intervals, took 6 to 15 s; every queue manager at once, 18 s and 1.4 GB), ``mqcalc smf
STORE`` ranks the intervals by them to import the peak alone
(:mod:`calc.inputs.smf.peaks`), and F6 offers them, importing the one picked
(:func:`offered`, :func:`import_kept`).

A load works out the points of the intervals its rows may be in or change: those
starting on the days its rows fall on, or up to the longest interval before one of them (a
record is placed in the interval its time falls in, which may have started the day before)
or a second after it (the joins' slack, :func:`_changed`). It does so a day at a time, the
rows of the queue managers with such intervals that day read back from the store together
(up to :data:`READ_TOGETHER` in one read), each with those of its longest interval before
them and after them, imported as ``mqcalc smf`` imports them, and those intervals' points
put in place of those the store had. A day's rows, not the month's, are in memory at
once. Where a queue manager's rows hold a time the store could not read
(:func:`calc.inputs.smf.store.moment`), its points are worked out from all its rows at once,
as the import places those rows itself.

The points are only as good as the code and templates that worked them out: the store
notes a digest of both (:func:`stamp`), and a store whose digest is not this mqzcalc's
(another version, a changed template, ``MQZCALC_TEMPLATES`` naming another folder) is
read as before, every interval imported, until its next load works every point out
again.

Layout (in :data:`calc.inputs.smf.store.FORMAT` 4 on): ``mqzcalc_series`` one row an
interval: ``lpar``, ``qmgr``, ``start`` (TIMESTAMP), ``seconds`` (its length; NULL where no
file states one), ``figures`` (its figures as a JSON object, ``calculator.input`` or
``measured.NAME`` to the value, in the order the feeds list them); ``mqzcalc_series_made``
one row, ``stamp``, the digest of what worked them out.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import date, datetime, timedelta
from functools import cache
from pathlib import Path

from calc.core.yaml_document import SIZE_LIMIT
from calc.files.reading import read_bytes
from calc.inputs.smf import store
from calc.inputs.smf.cells import UNSET_YEAR
from calc.inputs.smf.feeds import MEASURED, columns_read, declared
from calc.inputs.smf.importing import Imported, SmfData, import_interval
from calc.inputs.smf.intervals import JOIN_SECONDS, LONGEST_SECONDS, Interval, intervals
from calc.inputs.smf.series import Point, Series, point_of, series_of
from calc.inputs.smf.tables import DURATION, SmfError
from calc.template.folders import installed_templates, templates_dir

SERIES, MADE = "mqzcalc_series", "mqzcalc_series_made"
DAY = timedelta(days=1)
"""The span of interval starts worked out at a time."""
MARGIN = timedelta(seconds=4 * JOIN_SECONDS)
"""How much earlier than the longest interval before a row an interval holding it may be
taken to start, to find the days a row may be in: a start and a record time each join an
interval up to :data:`~calc.inputs.smf.intervals.JOIN_SECONDS` away."""
INSERTED_AT_ONCE = 500
"""Points inserted by one statement."""
READ_TOGETHER = 8
"""Most queue managers whose rows of a day one read takes: a read scans every table the
feeds read whatever it keeps (some 3 ms a table for a day of the sample), so reading the
sample's six queue managers of a day together worked five days' series out in a third less
time than reading them one by one (3.02 s against 4.44, 2026-12-01), and the rows of eight
queue managers' day at most are in memory at once, however many a site runs."""
CODE = Path(__file__).parents[2]
"""mqzcalc's own code, the ``calc`` package, whose every module is in the digest."""


def create(connection) -> None:
    """The tables of the series, in a store that has none yet (a new one, or one of format
    3 or earlier)."""
    connection.execute(f"CREATE TABLE IF NOT EXISTS {SERIES} (lpar VARCHAR, qmgr VARCHAR, "
                       "start TIMESTAMP, seconds DOUBLE, figures VARCHAR)")
    connection.execute(f"CREATE TABLE IF NOT EXISTS {MADE} (stamp VARCHAR)")


def stamp() -> str:
    """A digest of what decides an interval's figures: the code of mqzcalc's every module,
    and every file of the templates an import reads (the installed ones, and a team's
    folder where ``MQZCALC_TEMPLATES`` names one); worked out once a process for each
    templates folder, as the feeds are read once (:func:`calc.inputs.smf.feeds.declared`)."""
    return _stamp(str(templates_dir()))


@cache
def _stamp(team: str) -> str:
    """:func:`stamp` for the templates folder ``team`` (the key it is kept by)."""
    from hashlib import sha256  # only where a store is loaded or its series read

    digest = sha256()
    templates = dict.fromkeys(str(folder) for folder in (installed_templates(), team))
    for folder, pattern in [(CODE, "*.py"), *((Path(folder), "*.yaml") for folder in templates)]:
        for path in sorted(folder.rglob(pattern)):
            digest.update(f"{path.relative_to(folder)}\n".encode()
                          + read_bytes(path, SIZE_LIMIT) + b"\n")
    return digest.hexdigest()


def refresh(connection, number: int, progress: Callable[[str], None]) -> None:
    """Work out again, in the transaction of load ``number``, the points of the days that
    load added rows to; every point, where the store's were worked out by another mqzcalc
    or other templates (or none were yet). Each day is read once for up to
    :data:`READ_TOGETHER` queue managers with points that day (:func:`_reads`)."""
    every = not current(connection)
    if every:
        connection.execute(f"DELETE FROM {SERIES}")
    reads = _reads(connection, _days(connection, None if every else number))
    for index, (day, windows) in enumerate(reads, start=1):
        managers = f"{len(windows)} queue manager{'s' if len(windows) > 1 else ''}"
        progress(f"the series of {managers} "
                 + (f"for {day:%Y-%m-%d}" if day else "from all their rows")
                 + f" ({index} of {len(reads)})")
        _work_out(connection, windows)
    connection.execute(f"DELETE FROM {MADE}")
    connection.execute(f"INSERT INTO {MADE} VALUES (?)", [stamp()])


Spans = tuple[tuple[datetime, datetime], ...]
"""Spans of interval starts, each from its first moment (included) to its last (not)."""
Window = tuple[store.Around, Spans | None]
"""A queue manager's rows one read takes (:class:`calc.inputs.smf.store.Around`), and the
spans of starts whose points are worked out from them (every one, where None)."""


def _reads(connection, touched: dict[tuple[str, str], set[date] | None]
           ) -> list[tuple[datetime | None, list[Window]]]:
    """The windows of every queue manager ``touched`` (:func:`_windows`) gathered by day,
    in order (the queue managers whose points are worked out from all their rows first, day
    None), at most :data:`READ_TOGETHER` in one read."""
    days: dict[datetime | None, list[Window]] = {}
    for system, mine in touched.items():
        for day, window in _windows(connection, system, mine):
            days.setdefault(day, []).append(window)
    return [(day, windows[first:first + READ_TOGETHER])
            for day, windows in sorted(days.items(),
                                       key=lambda item: (item[0] is not None, item[0]))
            for first in range(0, len(windows), READ_TOGETHER)]


def _tables(connection) -> dict[str, str]:
    """The store's tables the feeds read, each with the time it places its rows by."""
    stored = store.table_columns(connection)
    return {file.removesuffix(".csv"): "_start" if declared().placed_by_interval(file)
            else "_recorded" for file in declared().files if file.removesuffix(".csv") in stored}


def _days(connection, number: int | None) -> dict[tuple[str, str], set[date] | None]:
    """Each queue manager (LPAR, name) with rows of load ``number`` (of any load, where
    None), and the days those rows' times fall on; None where a row's time is not in the
    store (its points are then worked out from all its rows at once). A row of 1970 is
    left out: the import takes that time as unset, and the row as in no interval."""
    days: dict[tuple[str, str], set[date] | None] = {}
    only, parameters = ("AND _load = ?", [number]) if number is not None else ("", [])
    for table, time in _tables(connection).items():
        lpar_named, qmgr_named = store.names(store.table_columns(connection)[table])
        for lpar, qmgr, day in connection.execute(
                f"SELECT DISTINCT {lpar_named}, {qmgr_named}, CAST({time} AS DATE) "
                f"FROM {store.quoted(table)} WHERE ({time} IS NULL OR year({time}) <> "
                f"{UNSET_YEAR}) {only}", parameters).fetchall():
            mine = days.setdefault((lpar, qmgr), set())
            if day is None or mine is None:
                days[(lpar, qmgr)] = None
            else:
                mine.add(day)
    return days


def longest_interval(connection, system: tuple[str, str]) -> timedelta:
    """The longest interval a statistics row of the queue manager states (at most a day),
    as :class:`calc.inputs.smf.intervals.Interval` takes it; a day where a length is not
    written as a number SQL reads (the import reads such a cell itself)."""
    cell = f"trim({store.decoded(DURATION)})"
    stored = store.table_columns(connection)
    lengths = [f"SELECT max(CASE WHEN {cell} <> '' AND try_cast({cell} AS DOUBLE) IS NULL "
               f"THEN {LONGEST_SECONDS} ELSE try_cast({cell} AS DOUBLE) END) AS longest "
               f"FROM {store.quoted(table)} WHERE "
               + "{} = ? AND {} = ?".format(*store.names(stored[table]))
               for table, time in _tables(connection).items()
               if time == "_start" and DURATION in stored[table]]
    if not lengths:
        return timedelta(0)
    found = connection.execute(f"SELECT max(longest) FROM ({' UNION ALL '.join(lengths)})",
                               list(system) * len(lengths)).fetchone()[0]
    return timedelta(seconds=min(max(found or 0, 0), LONGEST_SECONDS))


def _windows(connection, system: tuple[str, str], days: set[date] | None
             ) -> Iterable[tuple[datetime | None, Window]]:
    """Each day holding starts of intervals that rows of ``days`` may be in or change
    (:func:`_changed`), with the rows its intervals are made of
    (:func:`calc.inputs.smf.store.around`) and the spans of those starts it holds; one
    window of every row, day None, where ``days`` is None."""
    if days is None:
        yield None, (store.Around(*system), None)
        return
    longest = longest_interval(connection, system)
    held: dict[datetime, list[tuple[datetime, datetime]]] = {}
    for low, high in _changed(days, longest):
        day = _midnight(low.date())
        while day < high:
            held.setdefault(day, []).append((max(low, day), min(high, day + DAY)))
            day += DAY
    for day, spans in sorted(held.items()):
        yield day, (store.around(*system, spans, longest), tuple(spans))


def _changed(days: set[date], longest: timedelta) -> Spans:
    """The starts of the intervals that rows placed on ``days`` may be in or change, where
    no interval is longer than ``longest``, as spans in order, none overlapping: from as far
    before each day as an interval reaches (a record joins the interval it was written
    in, which may have started on the day before) to just after it (a start joins an
    interval up to a second before it, and a record one up to a second after it; the
    joins' slack, :data:`MARGIN`). A day's intervals farther from those days keep their
    points: a load that adds a day to a month works out again the last hour of the day
    before it, not that whole day."""
    spans: list[tuple[datetime, datetime]] = []
    for day in sorted(map(_midnight, days)):
        low, high = day - longest - MARGIN, day + DAY + MARGIN
        if spans and low <= spans[-1][1]:
            spans[-1] = (spans[-1][0], high)
        else:
            spans.append((low, high))
    return tuple(spans)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, datetime.min.time())


def _within(start: datetime, spans: Spans | None) -> bool:
    """Whether ``start`` is in one of ``spans`` (every start is, where None)."""
    return spans is None or any(low <= start < high for low, high in spans)


def _work_out(connection, windows: list[Window]) -> None:
    """The points of the intervals of each window's queue manager that start in its spans
    (every one, where None) put in place of those the store had. Each queue manager's
    intervals are made of its own rows alone (:func:`intervals` never mixes two), so
    reading them together gives each the points a read of its own would."""
    tables = store.read_opened(connection, declared().files, columns_read, None,
                               [around for around, _spans in windows])
    built, _unplaced = intervals(tables)
    spans_of = {(around.lpar, around.qmgr): spans for around, spans in windows}
    mine = [interval for interval in built
            if _within(interval.start, spans_of[interval.lpar, interval.qmgr])]
    for around, spans in windows:
        for span in [None] if spans is None else spans:
            within = "" if span is None else "AND start >= ? AND start < ?"
            connection.execute(f"DELETE FROM {SERIES} WHERE lpar = ? AND qmgr = ? {within}",
                               [around.lpar, around.qmgr, *(span or ())])
    rows = [(interval.lpar, interval.qmgr, interval.start, interval.seconds,
             json.dumps(point_of(import_interval(interval)).values)) for interval in mine]
    for first in range(0, len(rows), INSERTED_AT_ONCE):
        chunk = rows[first:first + INSERTED_AT_ONCE]
        connection.execute(f"INSERT INTO {SERIES} VALUES "
                           + ", ".join(["(?, ?, ?, ?, ?)"] * len(chunk)),
                           [cell for row in chunk for cell in row])


def read(path: Path, qmgr: str | None) -> list[Series] | None:
    """The series the store ``path`` keeps, of every queue manager or those named ``qmgr``;
    None where it keeps none this mqzcalc would work out alike (see :func:`stamp`), or
    none of ``qmgr`` (the import says why)."""
    def kept(connection) -> list[Series] | None:
        points = kept_points(connection, qmgr)
        return series_of((lpar, name, point) for (lpar, name), mine in points.items()
                         for point in mine) or None if points else None

    return store.opened(path, kept)


STALE = ("the series this store keeps were worked out by another mqzcalc or other "
         "templates: every interval is read (mqcalc smf load --into STORE, with no folder, "
         "works them out again, once)")
"""What a read that cannot use the store's series says, where a person waits for it."""


def current(connection) -> bool:
    """Whether a store :func:`calc.inputs.smf.store.opened` keeps series this mqzcalc would
    work out alike (see :func:`stamp`)."""
    if MADE not in store.table_columns(connection):
        return False
    found = connection.execute(f"SELECT stamp FROM {MADE}").fetchone()
    return found is not None and found[0] == stamp()


def kept_points(connection, qmgr: str | None, figures: tuple[str, ...] | None = None
                ) -> dict[tuple[str, str], list[Point]] | None:
    """Every interval a store :func:`calc.inputs.smf.store.opened` keeps as a point, by
    queue manager (LPAR, name, in the import's order: by name, then LPAR) and start, of
    those named ``qmgr`` only, when given, with the ``figures`` named only, when given
    (DuckDB takes them out of each interval's JSON: a ranking reads two of some thirty);
    None where it keeps none this mqzcalc would work out alike (see :func:`stamp`)."""
    if not current(connection):
        return None
    only, parameters = ("WHERE qmgr = ? ", [qmgr.strip().upper()]) if qmgr else ("", [])
    taken = ("figures" if figures is None
             else ", ".join("json_extract(figures, ?)" for _figure in figures) or "NULL")
    named = [] if figures is None else [f'$."{figure}"' for figure in figures]
    points: dict[tuple[str, str], list[Point]] = {}
    for lpar, name, start, seconds, *values in connection.execute(
            f"SELECT lpar, qmgr, start, seconds, {taken} FROM {SERIES} {only}"
            "ORDER BY qmgr, lpar, start", named + parameters).fetchall():
        kept = (json.loads(values[0]) if figures is None else
                {figure: json.loads(value) for figure, value in zip(figures, values)
                 if value is not None})
        points.setdefault((lpar, name), []).append(Point(start, _length(seconds), kept))
    return points


def as_import(lpar: str, qmgr: str, point: Point) -> Imported:
    """A kept interval as an import of its figures (its inputs that are numbers, no
    measured figure, no rows): what the intervals are ranked and offered by."""
    inputs: dict[str, dict] = {}
    for figure, value in point.values.items():
        calculator, _, name = figure.partition(".")
        if calculator != MEASURED:
            inputs.setdefault(calculator, {})[name] = value
    return Imported(Interval(qmgr, lpar, point.start, point.seconds), inputs)


def offered(path: Path) -> SmfData | None:
    """Every interval the store ``path`` keeps, each as an import of its figures
    (:func:`as_import`), to choose one among them without importing each; None where it
    keeps none this mqzcalc would work out alike (see :func:`stamp`)."""
    points = store.opened(path, lambda connection: kept_points(connection, None))
    if not points:
        return None
    return SmfData(path, (), tuple(as_import(lpar, qmgr, point)
                                   for (lpar, qmgr), mine in points.items() for point in mine),
                   (), (), stored=True, kept=True)


def around_interval(connection, lpar: str, qmgr: str, start: datetime) -> store.Around:
    """The rows an import of the queue manager's interval starting at ``start`` needs."""
    return store.around(lpar, qmgr, [(start, start)], longest_interval(connection, (lpar, qmgr)))


def interval_at(built: Iterable[Interval], lpar: str, qmgr: str, start: datetime
                ) -> Interval | None:
    """The interval of ``built`` that is the queue manager's starting at ``start``."""
    return next((interval for interval in built
                 if (interval.lpar, interval.qmgr, interval.start) == (lpar, qmgr, start)),
                None)


def import_kept(path: Path, kept: Interval) -> Imported:
    """The interval ``kept`` of the store ``path`` (as :func:`offered` gives it) imported
    whole, from the rows around it; refused where the store no longer holds it so."""
    def read(connection) -> Imported:
        tables = store.read_opened(connection, declared().files, columns_read, None, [
            around_interval(connection, kept.lpar, kept.qmgr, kept.start)])
        found = interval_at(intervals(tables)[0], kept.lpar, kept.qmgr, kept.start)
        if found is None:
            raise SmfError(f"smf {path}: holds no interval of {kept.qmgr} on {kept.lpar} "
                           f"from {kept.start.isoformat(' ')} any more (read it again)")
        return import_interval(found)

    return store.opened(path, read)


def _length(seconds: float | None) -> int | float | None:
    """An interval's stored length as the import gives it: whole seconds (as mq-smf-csv
    writes them) as an integer."""
    return int(seconds) if seconds is not None and seconds.is_integer() else seconds
