"""An SMF folder read into each interval's calculator inputs, every value checked against
its input's domain by the engine's own gate, each with where it came from.

A value outside its input's domain (or one that breaks a rule between a calculator's
inputs, or a cell that cannot be read) is kept out and reported with its file, rows and
columns; the other values still import. A value the rows do not hold (a column an older MQ
version lacks, an unset field) is reported as missing, and the input keeps its default.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from calc import engine
from calc.core.errors import InputError
from calc.core.values import coerce
from calc.inputs.smf import store
from calc.inputs.smf.duplicates import Repeats, without_repeats
from calc.inputs.smf.feeds import Feed, Items, Measured, columns_read, declared
from calc.inputs.smf.intervals import Interval, intervals, not_in_data
from calc.inputs.smf.readings import NotInData, Reading
from calc.inputs.smf.tables import Row, SmfError, Unusable, read_table

@dataclass(frozen=True)
class Refused:
    """A value kept out: the input, the value, its file, rows (line numbers) and columns,
    and what the input (or the cell) expects."""

    calculator: str
    input: str
    value: object
    file: str
    rows: tuple[int, ...]
    columns: tuple[str, ...]
    expects: str


@dataclass(frozen=True)
class Missing:
    """An input the rows cannot give, and why."""

    calculator: str
    input: str
    source: str
    reason: str


@dataclass(frozen=True)
class Item:
    """One page set or queue of an interval: its name, shown facts and input values."""

    name: str
    facts: dict
    inputs: dict
    rows: tuple[int, ...]


@dataclass
class Imported:
    """One interval's inputs by calculator, with their sources and what was kept out."""

    interval: Interval
    inputs: dict[str, dict] = field(default_factory=dict)
    sources: dict[str, dict[str, str]] = field(default_factory=dict)
    """Calculator -> input -> ``FILE:COLUMNS``."""
    lines: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=dict)
    """Calculator -> input -> the line numbers of the rows it was worked out from."""
    caveats: dict[str, dict[str, str]] = field(default_factory=dict)
    """Calculator -> input -> what the value is, where its feed cannot give exactly what
    the input asks for (:attr:`calc.inputs.smf.feeds.Feed.caveat`)."""
    refused: list[Refused] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)
    items: dict[str, list[Item]] = field(default_factory=dict)
    chosen: dict[str, str] = field(default_factory=dict)
    """Per-item calculator -> the item whose inputs it takes (the busiest)."""
    measured: dict[str, float] = field(default_factory=dict)
    """What the system itself used in the interval, by the name of the measured figure
    (:class:`calc.inputs.smf.feeds.Measured`), for those whose file the interval has."""
    measured_lines: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Measured figure -> the line numbers of the rows it was worked out from."""

    def caveat(self, calculator: str, name: str) -> str:
        """What the imported value of ``calculator``'s input ``name`` is, where its feed
        cannot give exactly what the input asks for; "" where it can."""
        return self.caveats.get(calculator, {}).get(name, "")


@dataclass(frozen=True)
class SmfData:
    """What a folder or a store gave: the files read, each interval imported, unreadable
    times, and the rows left out as repeats of a record already read (a store left them
    out when it loaded them)."""

    path: Path
    files: tuple[str, ...]
    imported: tuple[Imported, ...]
    unplaced: tuple[Unusable, ...]
    repeats: tuple[Repeats, ...] = ()
    stored: bool = False
    """Whether ``path`` is a store (:mod:`calc.inputs.smf.store`), not a folder."""
    kept: bool = False
    """Whether ``imported`` holds each interval of a store as an import of the figures the
    store keeps (:func:`calc.inputs.smf.stored_series.offered`), to choose among, rather
    than imported whole (:func:`calc.inputs.smf.stored_series.import_kept` imports one)."""


TOLD_EVERY = 1000
"""How many intervals :func:`read_smf` imports between two words to its ``progress`` (a
month of one queue manager at one-minute intervals is some 43,000; the sample re-stamped
for a month, 9,120 for MQ1O, 31,200 in all)."""


def read_smf(path: Path, qmgr: str | None = None,
             calculators: Collection[str] | None = None,
             progress: Callable[[str], None] = lambda _said: None) -> SmfData:
    """Read the mq-smf-csv files that feed a calculator from ``path``, a folder of them or
    a store made by ``mqcalc smf load``, and import every interval (of the queue managers
    named ``qmgr`` only, when given: one on each LPAR that has one; for ``calculators``
    only, when given, as :func:`import_interval` does); a folder that is missing, empty or
    holds none of those files, a store holding none, or a ``qmgr`` the data does not have,
    is refused. ``progress`` is told what is being done, in a few words, as the rows are
    read, placed, and every :data:`TOLD_EVERY` intervals imported (a month of a store
    takes half a minute)."""
    wanted = None if qmgr is None else qmgr.strip().upper()
    if not declared().files:
        raise SmfError(f"smf {path}: nothing in the templates reads SMF data (their "
                       "smf_feeds.yaml feeds no input and measures nothing)")
    tables, repeats, stored = {}, [], store.is_store(path)
    progress(f"reading the rows of {path}")
    if stored:
        tables = store.read_tables(path, declared().files, columns_read, wanted)
        if not tables:
            raise SmfError(f"smf {path}: the store holds none of {', '.join(declared().files)}")
    else:
        for name, file in _files(path).items():
            tables[name], repeated = without_repeats(read_table(file, columns_read(name)))
            repeats += [repeated] if repeated else []
    progress(f"placing {sum(len(table.rows) for table in tables.values()):,} rows in "
             "their intervals")
    found, unplaced = intervals(tables)
    if wanted is not None:
        names = list(dict.fromkeys(interval.qmgr for interval in found))
        found = [interval for interval in found if interval.qmgr == wanted]
        if not found:
            raise not_in_data(qmgr, store.queue_managers(path, declared().files)
                              if stored else names)
    if not found:
        raise SmfError(f"smf {path}: {', '.join(tables)} hold no statistics interval "
                       "(expects rows with Interval_Start and Interval_Duration)")
    imported = []
    for number, interval in enumerate(found):
        if number % TOLD_EVERY == 0:
            progress(f"importing interval {number + 1:,} of {len(found):,}")
        imported.append(import_interval(interval, calculators))
    return SmfData(path, tuple(tables), tuple(imported), tuple(unplaced), tuple(repeats),
                   stored)


def _files(path: Path) -> dict[str, Path]:
    """The files of ``path`` this import reads, by name."""
    try:
        names = {entry.name for entry in Path(path).iterdir()}
    except NotADirectoryError:
        raise SmfError(f"smf {path}: is neither a folder nor an SMF store (expects the folder "
                       "mq-smf-csv wrote its CSV files to, or a store made by mqcalc smf "
                       "load)") from None
    except OSError as error:
        raise SmfError(f"smf {path}: cannot be read: {error.strerror or error}") from None
    files = declared().files
    expected = f"expects {', '.join(files[:-1])} or {files[-1]}, as mq-smf-csv names them"
    if not names:
        raise SmfError(f"smf {path}: the folder is empty ({expected})")
    usable = {name: Path(path) / name for name in files if name in names}
    if not usable:
        raise SmfError(f"smf {path}: no file this import reads ({expected})")
    return usable


def import_interval(interval: Interval, calculators: Collection[str] | None = None
                    ) -> Imported:
    """Every input the interval's rows give, checked; with ``calculators``, only theirs
    (each calculator's inputs are read and checked alone, so they are what a whole import
    gives them) and no measured figure: what the peak is ranked by, read for every
    interval where only the peak is reported in full."""
    imported, found = Imported(interval), declared()

    def wanted(calculator_id: str) -> bool:
        return calculators is None or calculator_id in calculators

    for feed in found.feeds:
        if (wanted(feed.calculator) and feed.calculator not in found.items
                and interval.rows.get(feed.file)):
            rows = interval.rows[feed.file]
            _take(imported, feed, Reading(rows, rows, interval.seconds))
    for items in found.items.values():
        if wanted(items.calculator) and interval.rows.get(items.file):
            _take_items(imported, items, interval, [feed for feed in found.feeds
                                                    if feed.calculator == items.calculator])
    for calculator_id in list(imported.inputs):
        _check_rules(imported, calculator_id, found.feeds)
    if calculators is not None:
        return imported
    for measured in found.read_measured:
        rows = interval.rows.get(measured.feed.file)
        if rows:
            _measure(imported, measured, Reading(rows, rows, interval.seconds))
    return imported


def _measure(imported: Imported, measured: Measured, reading: Reading) -> None:
    """Add the measured figure's value, or say why the rows do not give it (as an input's
    is said missing or refused, under the calculator name ``measured``)."""
    value, problem = _value(measured.feed, reading)
    if isinstance(problem, Missing):
        imported.missing.append(problem)
    elif problem is not None:
        imported.refused.append(problem)
    else:
        imported.measured[measured.name] = value
        imported.measured_lines[measured.name] = tuple(row.line for row in reading.rows)


def _value(feed: Feed, reading: Reading):
    """The feed's value from ``reading``: (value, None), or (None, a Refused or Missing)."""
    try:
        return feed.value(reading), None
    except NotInData as reason:
        return None, Missing(feed.calculator, feed.input, feed.source, str(reason))
    except Unusable as cell:
        return None, Refused(feed.calculator, feed.input, cell.value.strip(), cell.row.file,
                             (cell.row.line,), cell.columns, cell.problem)


def _take(imported: Imported, feed: Feed, reading: Reading) -> None:
    """Add the feed's value to ``imported`` if its input's domain takes it; else say why."""
    value, problem = _value(feed, reading)
    rows = reading.rows
    if problem is not None:
        (imported.missing if isinstance(problem, Missing) else imported.refused).append(problem)
        return
    try:
        checked = coerce(engine.input_spec(feed.calculator, feed.input, value), value,
                         feed.calculator)
    except InputError as error:
        imported.refused.append(Refused(feed.calculator, feed.input, value, feed.file,
                                        tuple(row.line for row in rows), feed.columns,
                                        f"expects {error.accepts}"))
        return
    imported.inputs.setdefault(feed.calculator, {})[feed.input] = checked
    imported.sources.setdefault(feed.calculator, {})[feed.input] = feed.source
    imported.lines.setdefault(feed.calculator, {})[feed.input] = tuple(row.line for row in rows)
    if feed.caveat:
        imported.caveats.setdefault(feed.calculator, {})[feed.input] = feed.caveat


def _take_items(imported: Imported, items: Items, interval: Interval,
                feeds: list[Feed]) -> None:
    """List every item of the interval the calculator takes (``Items.only``) with its
    values, read by ``feeds`` (the calculator's; one of another file reads the rows its
    ``item_key`` names the item in); take the busiest one's inputs (none, each said
    missing, when no item counts)."""
    interval_rows, seconds = interval.rows[items.file], interval.seconds
    groups: dict[str, list[Row]] = {}
    for row in filter(items.counts, interval_rows):
        groups.setdefault(row.text(items.key), []).append(row)

    def reading(feed: Feed, name: str) -> Reading:
        """What ``feed`` reads for the item ``name``: the item's rows of its own file."""
        if not feed.item_key:
            return Reading(groups[name], interval_rows, seconds)
        rows = interval.rows.get(feed.file, [])
        return Reading([row for row in rows if row.text(feed.item_key) == name], rows, seconds)

    if not groups:
        imported.missing += [Missing(feed.calculator, feed.input, feed.source,
                                     items.none_counts(len(interval_rows)))
                             for feed in feeds]
        return
    listed = imported.items[items.calculator] = []
    for name, rows in groups.items():
        values = {feed.input: _value(feed, reading(feed, name))[0] for feed in feeds}
        facts = {column: rows[0].text(column) for column in items.facts}
        listed.append(Item(name, facts, {k: v for k, v in values.items() if v is not None},
                           tuple(row.line for row in rows)))
    busiest = max(groups, key=lambda name: _rank(groups[name], items.rank))
    imported.chosen[items.calculator] = busiest
    for feed in feeds:
        _take(imported, feed, reading(feed, busiest))


def _rank(rows: list[Row], column: str) -> float:
    """An item's total of ``column`` (an unreadable or unset cell counts as 0 here; the
    inputs that read it report it)."""
    total = 0
    for row in rows:
        try:
            total += row.number(column) or 0
        except Unusable:
            pass
    return total


def _check_rules(imported: Imported, calculator_id: str, feeds: tuple[Feed, ...]) -> None:
    """Keep out, one at a time, an imported input each broken rule between the
    calculator's inputs reads, until the rest pass (the calculator is dropped if a rule
    reads none of them); ``feeds`` are the declared feeds, which name each input's file."""
    inputs = imported.inputs[calculator_id]
    while inputs:
        try:
            engine.validate(calculator_id, inputs)
            return
        except InputError as error:
            name = _culprit(calculator_id, error, inputs)
            if name is None:
                break
            feed = next(feed for feed in feeds
                        if (feed.calculator, feed.input) == (calculator_id, name))
            del imported.sources[calculator_id][name]
            imported.caveats.get(calculator_id, {}).pop(name, None)
            imported.refused.append(Refused(
                calculator_id, name, inputs.pop(name), feed.file,
                imported.lines[calculator_id].pop(name), feed.columns,
                f"a rule between inputs: {error.name}={error.value} expects {error.accepts}"))
    del imported.inputs[calculator_id], imported.sources[calculator_id]
    del imported.lines[calculator_id]
    imported.caveats.pop(calculator_id, None)


def _culprit(calculator_id: str, error: InputError, inputs: dict) -> str | None:
    """The first imported input the broken rule ``error`` tells of reads."""
    for check in engine.calculator(calculator_id).checks:
        if check.names[0] == error.name and error.accepts.startswith(check.message):
            return next((name for name in check.names if name in inputs), None)
    return None
