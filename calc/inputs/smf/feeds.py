"""Which mq-smf-csv file and columns feed which calculator input, and how: declared in
``templates/smf_feeds.yaml`` (a team's folder may add its own), read and checked here
against the catalogue and the readings (:data:`calc.inputs.smf.readings.READINGS`), and used by
the import (:mod:`calc.inputs.smf.importing`), the command's help and its output's ``from`` (each
input's ``FILE:COLUMNS``). The same file says how each file's rows are placed in time and
told apart (``records``), which the import and the store use to leave out repeats.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from calc import engine
from calc.core.model import ADDRESS_SPACES
from calc.inputs.smf.readings import READINGS, Reading
from calc.inputs.smf.tables import PLACING, START_DATE, START_TIME, Row
from calc.template.folders import SMF_FEEDS_FILE, data_files, templates_dir
from calc.template.reader import TemplateReader

WQ = "SMF-WQ.csv"
"""The queue accounting file (SMF 116), whose Get_Count and Total_Valid_Gets the help
explains."""
PLACES = {"interval": (START_DATE, START_TIME), "record": ("Date", "Time")}
"""What places a row in time, by how its file is placed (``records`` in the feeds file): a
statistics row by its interval's start, an accounting row by when its record was written."""


@dataclass(frozen=True)
class Record:
    """How the rows of one file mq-smf-csv writes are placed in time and told apart."""

    file: str
    placed_by: str
    """``interval`` (a statistics row of SMF 115: its interval's start) or ``record`` (the
    time its record was written: queue accounting, channel statistics)."""
    key: tuple[str, ...]
    """What tells apart the rows of one queue manager placed at one time: the channel
    initiator task, the page set, the queue and the task that opened it (none where the file
    has one row per queue manager and interval)."""

    @property
    def identity(self) -> tuple[str, ...]:
        """The columns whose values are one record's: no two rows of one record differ in
        them, and a row that repeats them repeats a record."""
        return ("LPAR", "QMgr", *PLACES[self.placed_by], *self.key)


@dataclass(frozen=True)
class Feed:
    """One calculator input taken from one file's columns."""

    calculator: str
    input: str
    file: str
    columns: tuple[str, ...]
    value: Callable[[Reading], object]
    """What it reads for one interval -> the input's value."""
    caveat: str = ""
    """What the value is, where the data cannot give exactly what the input asks for (said
    beside the value wherever it is shown)."""
    reading: str = ""
    """The reading's name (:data:`calc.inputs.smf.readings.READINGS`)."""
    parameters: tuple[tuple[str, str], ...] = ()
    """The reading's parameters as the feeds file gives them (``column``: a column name)."""
    item_key: str = ""
    """For a calculator fed per item, from a file other than its items': the column of this
    file that names the item (the coupling facility structure of an SMDS row), so that the
    feed reads the chosen item's rows of its own file."""

    @property
    def source(self) -> str:
        """Where the value comes from, as ``FILE:COLUMNS``."""
        return f"{self.file}:{','.join(self.columns)}"


MEASURED = "measured"
"""What a measured figure's feed names in place of a calculator: its problems are listed
under it, and a series names the figure ``measured.NAME``."""


@dataclass(frozen=True)
class Measured:
    """A figure of the system itself, today (not a calculator input): the CPU one address
    space, or a part of it, used, or the work it did. SMF gives it through its feed (file,
    columns, reading, as an input's, under the calculator name :data:`MEASURED` and the
    figure's name); a figure
    mq-smf-csv does not format (RMF's CPU of an address space) has no feed and is typed by
    the planner. A plan's variant may carry these as its measured baseline."""

    name: str
    title: str
    unit: str
    help: str
    address_space: str | None
    """Where the CPU is used (a key of :data:`calc.core.model.ADDRESS_SPACES`); None for a
    figure of the work done, not of CPU (messages put a second), which no plan adds."""
    feed: Feed | None = None
    """How SMF gives it; None: typed by the planner."""
    whole: bool = False
    """Whether it is the address space's whole CPU: where given, the address space's other
    measured figures are parts of it and are not added to it."""

    @property
    def source(self) -> str:
        """Where the value comes from: ``FILE:COLUMNS``, or that the planner types it."""
        return self.feed.source if self.feed else TYPED


TYPED = "typed by the planner"
"""The source of a measured figure SMF's files here do not give."""


@dataclass(frozen=True)
class Items:
    """A calculator fed per item of a file (a page set, a queue): the column naming an
    item, the column whose total picks the item whose inputs the calculator takes (the
    busiest), further columns shown with each item, and (``only``) the column and value a
    row must have to count, with the reason."""

    calculator: str
    file: str
    key: str
    rank: str
    facts: tuple[str, ...] = ()
    only: tuple[str, str] | None = None
    why_only: str = ""

    def counts(self, row: Row) -> bool:
        """Whether ``row`` is of an item this calculator takes."""
        return self.only is None or row.text(self.only[0]) == self.only[1]

    def none_counts(self, rows: int) -> str:
        """Why an interval's ``rows`` rows of the file give no item."""
        column, value = self.only or (self.key, "set")
        return (f"none of the interval's {rows} rows of {self.file} has {column} {value} "
                f"({self.why_only})")


@dataclass(frozen=True)
class Declared:
    """Everything the feeds files declare."""

    feeds: tuple[Feed, ...]
    """Every input the files give, in the order the output lists them."""
    items: dict[str, Items]
    """The calculators fed one item at a time, by calculator id."""
    peak_by: tuple[tuple[str, str], ...]
    """What ``--interval peak`` ranks a queue manager's intervals by: the first of these
    (calculator, input) any of its intervals has."""
    records: dict[str, Record]
    """How each file's rows are placed and told apart, by file name, in the files' order."""
    measured: tuple[Measured, ...] = ()
    """The figures of the system itself: read beside the inputs (those with a feed), or
    typed by the planner."""

    @property
    def read_measured(self) -> tuple[Measured, ...]:
        """The measured figures the import reads from SMF (those with a feed)."""
        return tuple(measured for measured in self.measured if measured.feed)

    @property
    def files(self) -> tuple[str, ...]:
        """The files the feeds and the measured figures read, in the order of
        :attr:`records`."""
        read = ({feed.file for feed in self.feeds} | {i.file for i in self.items.values()}
                | {measured.feed.file for measured in self.read_measured})
        return tuple(file for file in self.records if file in read)

    def placed_by_interval(self, file: str) -> bool:
        """Whether ``file``'s rows carry their statistics interval (else they belong to the
        interval during which their record was written)."""
        return self.records[file].placed_by == "interval"


CALCULATOR_KEYS = {"inputs", "items"}
MEASURED_KEYS = {"title", "unit", "help", "address_space", "whole"}
"""A measured figure's own keys; one SMF reads adds a feed's (file, reading and its
parameters)."""
RECORD_KEYS = {"placed_by", "key"}
FEED_KEYS = {"file", "reading", "caveat", "item_key"}
ITEMS_KEYS, ONLY_KEYS = {"file", "key", "rank", "facts", "only"}, {"column", "value", "why"}


class _FeedsFile(TemplateReader):
    """One ``smf_feeds.yaml``, read and checked as strictly as a template."""

    def declared(self, known: dict, records: dict[str, Record]) -> Declared:
        """The file's feeds of the calculators ``known`` (id -> calculator), and its records
        added to ``records`` (those declared before); a calculator or input it names that is
        not there, a file no record declares, or a reading that does not exist is refused at
        its line."""
        top = self.mapping(self.document, "(top level)",
                           {"calculators", "peak_by", "records", "measured"}, {"calculators"})
        self.records = {**records, **self.own_records(top.get("records") or {})}
        feeds, items = [], {}
        for calculator_id, spec in self.mapping(top["calculators"], "calculators").items():
            key = f"calculators.{calculator_id}"
            if calculator_id not in known:
                self.fail(key, f"{calculator_id!r} is not a calculator of the templates")
            spec = self.mapping(spec, key, CALCULATOR_KEYS, {"inputs"})
            for name, feed in self.mapping(spec["inputs"], f"{key}.inputs").items():
                if name not in known[calculator_id].inputs:
                    self.fail(f"{key}.inputs.{name}", f"{name!r} is not an input of "
                                                      f"{calculator_id}")
                feeds.append(self.feed(calculator_id, name, feed, f"{key}.inputs.{name}"))
            if "items" in spec:
                items[calculator_id] = self.items(calculator_id, spec["items"], f"{key}.items")
            self.item_keys(feeds, items.get(calculator_id), calculator_id, key)
        peak_by = []
        for index, named in enumerate(top.get("peak_by") or ()):
            calculator_id, _, name = self.text(named, f"peak_by[{index}]").partition(".")
            if not any((f.calculator, f.input) == (calculator_id, name) for f in feeds):
                self.fail(f"peak_by[{index}]", f"{named!r} is no input fed above "
                                               "(CALCULATOR.INPUT)")
            peak_by.append((calculator_id, name))
        measured = tuple(self.measured(name, spec, f"measured.{name}") for name, spec in
                         self.mapping(top.get("measured") or {}, "measured").items())
        wholes: dict[str, str] = {}
        for figure in measured:
            if figure.whole and wholes.setdefault(figure.address_space,
                                                  figure.name) != figure.name:
                self.fail(f"measured.{figure.name}.whole", f"{figure.address_space} has a "
                          f"whole figure already, {wholes[figure.address_space]}: one each")
        return Declared(tuple(feeds), items, tuple(peak_by), self.records, measured)

    def measured(self, name, spec, key: str) -> Measured:
        """One measured figure: what it is and where it is used, and, where SMF gives it,
        its file and reading as a feed's."""
        spec = self.mapping(spec, key, None, {"title", "unit", "help"})
        own = {k: v for k, v in spec.items() if k in MEASURED_KEYS}
        space = own.get("address_space")
        if space is not None and self.text(space, f"{key}.address_space") not in ADDRESS_SPACES:
            self.fail(f"{key}.address_space", f"{space!r} is not an address space (known: "
                                              f"{', '.join(ADDRESS_SPACES)})")
        whole = own.get("whole", False)
        if not isinstance(whole, bool):
            self.fail(f"{key}.whole", "must be true or false")
        if whole and space is None:
            self.fail(f"{key}.whole", "is an address space's whole CPU: give its "
                                      "address_space")
        rest = {k: v for k, v in spec.items() if k not in MEASURED_KEYS}
        if not rest and space is None:
            self.fail(key, "a figure SMF does not give is the CPU of an address space the "
                           "planner types: give its address_space, or its file and reading")
        feed = self.feed(MEASURED, str(name), rest, key) if rest else None
        return Measured(str(name), self.title(own["title"], f"{key}.title"),
                        self.text(own["unit"], f"{key}.unit"),
                        self.prose(own["help"], f"{key}.help"), space, feed, whole)

    def own_records(self, spec) -> dict[str, Record]:
        """The ``records`` the file declares."""
        found = {}
        for file, record in self.mapping(spec, "records").items():
            key = f"records.{file}"
            if not (isinstance(file, str) and file.startswith("SMF-") and file.endswith(".csv")):
                self.fail(key, f"{file!r} is not a file name mq-smf-csv writes (SMF-*.csv)")
            record = self.mapping(record, key, RECORD_KEYS, RECORD_KEYS)
            if record["placed_by"] not in PLACES:
                self.fail(f"{key}.placed_by", f"{record['placed_by']!r} is not a way rows are "
                                              f"placed (known: {', '.join(PLACES)})")
            if not isinstance(record["key"], list):
                self.fail(f"{key}.key", "must be a list of column names")
            found[file] = Record(file, record["placed_by"], tuple(
                self.text(column, f"{key}.key[{index}]")
                for index, column in enumerate(record["key"])))
        return found

    def feed(self, calculator_id: str, name: str, spec, key: str) -> Feed:
        spec = self.mapping(spec, key, None, {"file", "reading"})
        file, reading = self.file_name(spec["file"], f"{key}.file"), spec["reading"]
        if reading not in READINGS:
            self.fail(f"{key}.reading", f"{reading!r} is not a reading (known: "
                                        f"{', '.join(READINGS)})")
        how = READINGS[reading]
        self.mapping(spec, key, FEED_KEYS | set(how.parameters),
                     {"file", "reading", *how.parameters})
        given = {parameter: self.text(spec[parameter], f"{key}.{parameter}")
                 for parameter in how.parameters}
        caveat = self.prose(spec["caveat"], f"{key}.caveat") if "caveat" in spec else ""
        item_key = self.text(spec["item_key"], f"{key}.item_key") if "item_key" in spec else ""
        return Feed(calculator_id, name, file, how.columns(**given), how.value(**given), caveat,
                    reading, tuple(given.items()), item_key)

    def item_keys(self, feeds: list[Feed], items: Items | None, calculator_id: str,
                  key: str) -> None:
        """A feed of a calculator fed per item names its item's column (``item_key``)
        exactly when it reads another file than the items'."""
        for feed in (feed for feed in feeds if feed.calculator == calculator_id):
            where = f"{key}.inputs.{feed.input}"
            if items is None and feed.item_key:
                self.fail(f"{where}.item_key", f"{calculator_id} is not fed per item")
            elif items and feed.file != items.file and not feed.item_key:
                self.fail(where, f"reads {feed.file}, not its items' {items.file}: give "
                                 "item_key, the column of that file naming the item")
            elif items and feed.file == items.file and feed.item_key:
                self.fail(f"{where}.item_key", f"reads its items' own file, whose key is "
                                               f"{items.key}")

    def items(self, calculator_id: str, spec, key: str) -> Items:
        spec = self.mapping(spec, key, ITEMS_KEYS, {"file", "key", "rank"})
        facts = spec.get("facts") or []
        if not isinstance(facts, list):
            self.fail(f"{key}.facts", "must be a list of column names")
        only, why_only = None, ""
        if "only" in spec:
            rule = self.mapping(spec["only"], f"{key}.only", ONLY_KEYS, ONLY_KEYS)
            only = (self.text(rule["column"], f"{key}.only.column"),
                    self.text(rule["value"], f"{key}.only.value"))
            why_only = self.prose(rule["why"], f"{key}.only.why")
        return Items(calculator_id, self.file_name(spec["file"], f"{key}.file"),
                     key=self.text(spec["key"], f"{key}.key"),
                     rank=self.text(spec["rank"], f"{key}.rank"),
                     facts=tuple(self.text(fact, f"{key}.facts[{index}]")
                                 for index, fact in enumerate(facts)),
                     only=only, why_only=why_only)

    def file_name(self, value, key: str) -> str:
        if value not in self.records:
            self.fail(key, f"{value!r} is not a file of records (known: "
                           f"{', '.join(self.records)})")
        return value


def declared() -> Declared:
    """The feeds of the catalogue's calculators: the installed ``smf_feeds.yaml``, then a
    team's folder's where it has one (its calculators' feeds replace the installed ones).
    The installed file's feeds of a calculator the team's folder does not have are left
    out. Read once for each templates folder (``MQZCALC_TEMPLATES`` may name another)."""
    return _declared(str(templates_dir()))


@cache
def _declared(folder: str) -> Declared:
    """:func:`declared` for the templates folder ``folder`` (the key it is kept by)."""
    known = {calculator.id: calculator for calculator in engine.catalogue()}
    files = data_files(SMF_FEEDS_FILE)
    found = Declared((), {}, (), {})
    for number, path in enumerate(files):
        reader = _FeedsFile(path)
        if number == 0:  # the installed file: a team's folder may lack its calculators
            reader.document = _only_known(reader.document, known)
        own = reader.declared(known, found.records)
        replaced = {feed.calculator for feed in own.feeds} | set(own.items)
        found = Declared(
            (*(f for f in found.feeds if f.calculator not in replaced), *own.feeds),
            {**{c: i for c, i in found.items.items() if c not in replaced}, **own.items},
            own.peak_by or found.peak_by, own.records, own.measured or found.measured)
    fed = {(feed.calculator, feed.input) for feed in found.feeds}
    return Declared(found.feeds, found.items, tuple(p for p in found.peak_by if p in fed),
                    found.records, found.measured)


def _only_known(document, known: dict):
    """The installed file's document with only the calculators the catalogue has."""
    if not isinstance(document, dict) or not isinstance(document.get("calculators"), dict):
        return document
    calculators = {c: spec for c, spec in document["calculators"].items() if c in known}
    peak_by = [named for named in document.get("peak_by") or ()
               if isinstance(named, str) and named.partition(".")[0] in calculators]
    return {**document, "calculators": calculators, "peak_by": peak_by}


def columns_read(file: str) -> frozenset[str]:
    """The columns of ``file`` the import reads: whose and when a row is, what identifies
    it, what feeds an input, and what names, ranks, shows or admits an item."""
    found = declared()
    items = [(i.key, i.rank, *i.facts, *(i.only or ())) for i in found.items.values()
             if i.file == file]
    return frozenset((*PLACING, *found.records[file].key,
                      *(column for feed in (*found.feeds, *(m.feed for m in found.read_measured))
                        if feed.file == file for column in (*feed.columns, feed.item_key)
                        if column),
                      *(column for columns in items for column in columns)))
