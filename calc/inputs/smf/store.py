"""An SMF store: the CSV files mq-smf-csv wrote for many SMF dumps (a day, a week, a month)
in one DuckDB database file, each record once, which ``mqcalc smf`` reads as it reads one
folder.

``mqcalc smf load FOLDER... --into STORE`` adds folders (:func:`load`); every file a folder
holds that mq-smf-csv writes (``SMF-*.csv``) is stored, not only those the calculators read
today, so a feed added later reads the weeks already loaded. A row whose identity (its LPAR,
queue manager, place in time and the file's own key, :class:`calc.inputs.smf.feeds.Record`)
is already stored, or repeats an earlier row of the same load, is left out and counted:
loading a folder twice changes nothing. A load is one transaction: stopped part way (Ctrl+C,
a signal, a bad file), the store is as it was before it.

A file's identity is what the templates declare for it when it is loaded; where they
declare another than the store's rows were given (a file that has gained a record, as
SMF-QMAC.csv did with format 2, or a record whose key changed), the stored rows' identities
are worked out again from their columns before the load adds any row, so a record stored
under the old identity is still found. A store of format 1 is brought to format 2 so by its
first load, one of format 1 or 2 is given its rows' times (below), one of format 3 or
earlier its series, and one of format 4 or earlier its rows' names (below).

A load then works out the figures of every interval its rows fall in, which the store
keeps for ``mqcalc smf series`` (:mod:`calc.inputs.smf.stored_series`).

Layout (:data:`FORMAT` 5), readable by DuckDB itself or anything that reads DuckDB files:

* ``mqzcalc_store``: one row, the format and the mqzcalc that made the store;
* ``mqzcalc_loads``: one row per file loaded: when, the folder, the file, its rows, how many
  were added, already stored, or repeated within the load;
* ``mqzcalc_identities``: one row per table: the columns its rows' identities are of, by
  comma, empty where a row is identified by its whole line;
* one table per file mq-smf-csv writes, named as the file without ``.csv`` (``SMF-QCTADP``):
  ``_load`` (the load that added the row), ``_folder``, ``_line`` (the row's line in its
  file), ``_key`` (its identity, hashed), ``_recorded`` and ``_start`` (when its record was
  written, and its statistics interval's start, as TIMESTAMPs, where the cells are written
  as the tool writes them: :func:`moment`; else NULL, and the import reads the cells itself),
  ``_lpar`` and ``_qmgr`` (its LPAR and queue manager as its import reads them, unquoted and
  stripped: :func:`stripped`) and then the file's columns as the tool names them, each cell
  as text as DuckDB's CSV reader gives it: the quotes of ``"MV4A"`` taken off, the ``="..."``
  the tool writes around a string that looks like a number kept (``="100000"``; a read takes
  it off, :func:`decoded`), NULL when empty. A column a later version of the tool adds is
  added to the table (earlier rows hold NULL), so one store holds the output of several
  versions;
* ``mqzcalc_series`` and ``mqzcalc_series_made``: the series kept
  (:mod:`calc.inputs.smf.stored_series`).

DuckDB reads the CSV files itself (``read_csv``), larger than memory, a file at a time.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from weakref import WeakKeyDictionary

from calc.files.reading import NotReadable, read_with
from calc.files.stopping import signals_noted, stopping
from calc.inputs.smf import cells
from calc.inputs.smf.feeds import PLACES, Record, declared
from calc.inputs.smf.intervals import JOIN_SECONDS
from calc.inputs.smf.tables import BYTE_ORDER_MARK, COMMON, Row, SmfError, Table

FORMAT = 5
"""The layout this mqzcalc writes and reads; a store of a later format is refused, one of an
earlier format is read as it is and brought to this one by its next load."""
TIMES = {"_recorded": PLACES["record"], "_start": PLACES["interval"]}
"""The times each stored row keeps beside its cells, worked out as it is loaded, and the
columns they are read from: when its record was written, and its statistics interval's
start (NULL where the file has no such columns); a row read back carries them in this order
(:attr:`calc.inputs.smf.tables.Row.times`)."""
NAMES = {"_lpar": "LPAR", "_qmgr": "QMgr"}
"""The names each stored row keeps beside its cells (from format 5), worked out as it is
loaded (:func:`stripped`), and the columns they are read from: its LPAR and queue manager
as its import reads them, which the store lists, reads by and deletes series by."""
OWN_COLUMNS = {"_load": "INTEGER", "_folder": "VARCHAR", "_line": "BIGINT", "_key": "VARCHAR",
               **dict.fromkeys(TIMES, "TIMESTAMP"), **dict.fromkeys(NAMES, "VARCHAR")}
"""The columns the store keeps before a file's own in each of its tables, and their types
(see the layout above)."""
NO_TIME = "NULL::TIMESTAMP"
"""SQL for the time of a row whose file has no columns to give it."""
META, LOADS, IDENTITIES = "mqzcalc_store", "mqzcalc_loads", "mqzcalc_identities"
MAGIC = (8, b"DUCK")
"""Where a DuckDB database file says it is one: the bytes at offset 8 of its header."""
HEADING_LIMIT = 1 << 20
"""The longest heading line read (the queue accounting file's is some 10 KB)."""
MEMORY_LIMIT = "512MB"
"""What DuckDB may hold in memory while loading or reading; beyond it, it spills to a
temporary folder beside the store. With Python and the rows read, a load stays under 1 GB
whatever the size of the files."""
LOAD_SETTINGS = {"threads": 1}
"""DuckDB's settings for a load, beside :data:`MEMORY_LIMIT`: one thread. A load reads its
files in order one at a time (``parallel = false``), so a second thread has little to do
but costs coordinating: the re-stamped month (0.97 GB) loaded in 64.2 and 62.8 s on one
thread against 66.6 and 66.0 s on two (2026-12-01, a 2-core machine, alternately), with
some 3.3 s less CPU. A read keeps DuckDB's default, one thread a core (the month's peak
and series queries took as long either way)."""
DATE_WRITTEN = "[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]"
TIME_WRITTEN = "[0-9][0-9]:[0-9][0-9]:[0-9][0-9],[0-9][0-9][0-9][0-9][0-9][0-9]"
"""A date and a time as the tool writes them, as GLOB patterns (:func:`moment`): a
tenth of the time of a regular expression."""
READ_AS_WRITTEN = ("auto_detect = false, delim = ',', quote = '\"', escape = '\"', "
                   "parallel = false, null_padding = true")
"""How a load has DuckDB's ``read_csv`` read a file, its columns given: nothing sniffed,
the tool's quoting, rows in order, a row short of the heading padded."""
PATTERN = "SMF-*.csv"
"""The files of a folder a load reads: every one mq-smf-csv writes."""


class StoreError(SmfError):
    """A store cannot be used, or a load cannot be done; the message names it and why."""


@dataclass(frozen=True)
class FileLoad:
    """One file of a load: where it was, its rows, and what became of them."""

    folder: str
    file: str
    rows: int
    added: int
    known: int
    """Rows whose record the store held before this load."""
    repeated: int
    """Rows repeating a row read before in this load."""
    new_columns: tuple[str, ...]
    """Columns the store had not seen in this file (a newer mq-smf-csv), added to it."""


@dataclass(frozen=True)
class Loaded:
    """What a load did, file by file."""

    store: Path
    files: tuple[FileLoad, ...]

    def said(self) -> str:
        """The load in one line."""
        rows, added = sum(f.rows for f in self.files), sum(f.added for f in self.files)
        known, repeated = sum(f.known for f in self.files), sum(f.repeated for f in self.files)
        files, folders = len(self.files), len({f.folder for f in self.files})
        left = []
        if known:
            left.append(f"{known:,} already in the store")
        if repeated:
            left.append(f"{repeated:,} repeating a row of this load")
        out = f"; left out: {' and '.join(left)}" if left else ""
        if not files:
            return f"{self.store}: no folder loaded; its series are as this mqzcalc works them out"
        return (f"{self.store}: {added:,} of {rows:,} rows added from {files} "
                f"file{'s' * (files != 1)} of {folders} folder{'s' * (folders != 1)}{out}")


def is_store(path: Path) -> bool:
    """Whether ``path`` is a regular file that starts as a DuckDB database does."""
    try:
        head = read_with(Path(path), lambda stream: stream.read(MAGIC[0] + len(MAGIC[1])))
    except NotReadable:
        return False
    return head[MAGIC[0]:] == MAGIC[1]


def load(store: Path, folders: Iterable[Path],
         progress: Callable[[str], None] = lambda _said: None) -> Loaded:
    """Add every mq-smf-csv file of ``folders`` to ``store`` (made when it does not exist),
    all in one transaction, each row noting its folder as an absolute path (the store is
    read from other folders later); ``progress`` is told of each file before it is read."""
    files = [(Path(folder).absolute(), path) for folder in folders
             for path in _smf_files(folder)]
    made = not Path(store).exists()
    connection = _connect(store, write=True)
    try:
        with interruptible():
            done = _load_all(connection, files, progress)
    except BaseException:
        connection.close()  # what the transaction did is not kept
        if made:
            _remove_store(store)
        raise
    connection.close()
    return Loaded(Path(store), tuple(done))


def _load_all(connection, files: list[tuple[Path, Path]], progress: Callable[[str], None]
              ) -> list[FileLoad]:
    """:func:`load`'s transaction: each file loaded, then committed."""
    connection.begin()
    tables = table_columns(connection)
    if META not in tables:
        _create(connection)
    elif connection.execute(f"SELECT format FROM {META}").fetchone()[0] < FORMAT:
        _upgrade(connection, tables)
    number = connection.execute(f"SELECT coalesce(max(load), 0) + 1 FROM {LOADS}").fetchone()[0]
    records, tables = declared().records, table_columns(connection)
    done = []
    for index, (folder, path) in enumerate(files, start=1):
        progress(f"{index}/{len(files)} {path}")
        done.append(_load_file(connection, tables, number, folder, path,
                               records.get(path.name)))
    from calc.inputs.smf import stored_series  # it imports what reads a store, this module

    KNOWN_TABLES[connection] = tables  # the files are in: the tables change no more
    stored_series.refresh(connection, number, progress)
    connection.commit()
    return done


@contextmanager
def interruptible() -> Iterator[None]:
    """Within this block, Ctrl+C or a signal that stops the command raises what it raises
    elsewhere (KeyboardInterrupt, :class:`calc.files.stopping.Stopped`), not the error
    DuckDB turns it into when it arrives while a statement runs."""
    with signals_noted() as noted:
        try:
            yield
        except Exception:
            if noted:
                raise stopping(noted[0]) from None
            raise


def _smf_files(folder: Path) -> list[Path]:
    """The files mq-smf-csv writes in ``folder``, by name; a folder without one is refused."""
    try:
        found = sorted(path for path in Path(folder).glob(PATTERN) if path.is_file())
    except OSError as error:
        raise StoreError(f"smf load {folder}: cannot be read: {error.strerror or error}"
                         ) from None
    if not Path(folder).is_dir():
        what = "is not a folder" if Path(folder).exists() else "does not exist"
        raise StoreError(f"smf load {folder}: {what} (expects a folder mq-smf-csv wrote its "
                         "CSV files to)")
    if not found:
        raise StoreError(f"smf load {folder}: holds no {PATTERN} file (expects a folder "
                         "mq-smf-csv wrote its CSV files to)")
    return found


def _connect(store: Path, write: bool):
    """A DuckDB connection to ``store``, checked to be an SMF store this mqzcalc reads (or,
    to write, a file that does not exist yet)."""
    import duckdb  # only where a store is used: it takes a tenth of a second to import

    path, named = Path(store), f"smf load --into {store}" if write else f"smf {store}"
    if path.exists() and not is_store(path):
        raise StoreError(f"{named}: is not an SMF store (expects a store made by mqcalc "
                         "smf load, or a folder of mq-smf-csv files)")
    if not write and not path.exists():
        raise StoreError(f"{named}: does not exist (expects a store made by mqcalc smf "
                         "load, or a folder of mq-smf-csv files)")
    try:
        connection = duckdb.connect(str(path), read_only=not write,
                                    config={"memory_limit": MEMORY_LIMIT,
                                            **(LOAD_SETTINGS if write else {})})
    except duckdb.Error as error:
        said = str(error).splitlines()[0]
        if "Could not set lock" in said:
            holder = said[said.rfind("(PID"):said.rfind(")") + 1] if "(PID" in said else ""
            raise StoreError(f"{named}: is in use by another process {holder}: try again "
                             "when its load has ended") from None
        raise StoreError(f"{named}: cannot be opened: {said}") from None
    tables = table_columns(connection)
    if not write:
        KNOWN_TABLES[connection] = tables
    if META not in tables:
        if write and not tables:
            return connection
        connection.close()
        raise StoreError(f"{named}: is a DuckDB database but not an SMF store (it has no "
                         f"{META} table; expects a store made by mqcalc smf load)")
    found = connection.execute(f"SELECT format FROM {META}").fetchone()[0]
    if found > FORMAT:
        connection.close()
        raise StoreError(f"{named}: was made by a newer mqzcalc (store format {found}; "
                         f"this one reads format {FORMAT} and older): use that mqzcalc")
    return connection


KNOWN_TABLES: WeakKeyDictionary = WeakKeyDictionary()
"""The tables and columns of each store opened to read, asked once (DuckDB's
information_schema answers in 12 to 18 ms, and a peak query asked four times), and of a
store being loaded once its files are in (its series then read it a day at a time)."""


def table_columns(connection) -> dict[str, list[str]]:
    """The store's tables and their columns, in order."""
    if connection in KNOWN_TABLES:
        return KNOWN_TABLES[connection]
    found: dict[str, list[str]] = {}
    for table, column in connection.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'main' ORDER BY table_name, ordinal_position").fetchall():
        found.setdefault(table, []).append(column)
    return found


def _create(connection) -> None:
    """A new store's own tables."""
    from calc.core.version import version

    connection.execute(f"CREATE TABLE {META} (format INTEGER, written_by VARCHAR)")
    connection.execute(f"INSERT INTO {META} VALUES (?, ?)", [FORMAT, f"mqzcalc {version()}"])
    connection.execute(f"CREATE TABLE {LOADS} (load INTEGER, loaded TIMESTAMPTZ, "
                       "folder VARCHAR, file VARCHAR, rows BIGINT, added BIGINT, "
                       "known BIGINT, repeated BIGINT)")
    connection.execute(f"CREATE TABLE {IDENTITIES} (file VARCHAR, identity VARCHAR)")
    _series_tables(connection)


def _series_tables(connection) -> None:
    """The tables of the series a store keeps (:mod:`calc.inputs.smf.stored_series`)."""
    from calc.inputs.smf import stored_series

    stored_series.create(connection)


def _upgrade(connection, tables: dict[str, list[str]]) -> None:
    """A store of an earlier format made ready for this load: one of format 1 noted no
    identities, so each table's rows are given the identity the templates now declare as
    its file is loaded; one of format 1 or 2 kept no times (:data:`TIMES`), which are
    worked out for every stored row; one of format 3 or earlier keeps no series, which this
    load works out for every queue manager (:mod:`calc.inputs.smf.stored_series`); one of
    format 4 or earlier kept no names (:data:`NAMES`), which are worked out for every
    stored row."""
    if IDENTITIES not in tables:
        connection.execute(f"CREATE TABLE {IDENTITIES} (file VARCHAR, identity VARCHAR)")
    for name, columns in tables.items():
        if name.startswith("SMF-"):
            _kept_beside(connection, name, columns, {
                **{time: _time(placing, columns) for time, placing in TIMES.items()},
                **{kept: stripped(column) for kept, column in NAMES.items()}})
    _series_tables(connection)
    connection.execute(f"UPDATE {META} SET format = ?", [FORMAT])


def _kept_beside(connection, name: str, columns: list[str], worked_out: dict[str, str]
                 ) -> None:
    """Give table ``name`` (which has ``columns``) those of its own columns
    (:data:`OWN_COLUMNS`) that ``worked_out`` names and it lacks, each worked out for every
    stored row by its SQL there."""
    missing = {kept: sql for kept, sql in worked_out.items() if kept not in columns}
    for kept in missing:
        connection.execute(f"ALTER TABLE {quoted(name)} ADD COLUMN {kept} {OWN_COLUMNS[kept]}")
    if missing:
        connection.execute(f"UPDATE {quoted(name)} SET " + ", ".join(
            f"{kept} = {sql}" for kept, sql in missing.items()))


def _time(placing: tuple[str, str], columns: Iterable[str]) -> str:
    """SQL for one of a row's :data:`TIMES`, read from the columns ``placing`` where the
    file has them."""
    return moment(*placing) if set(placing) <= set(columns) else NO_TIME


def _remove_store(store: Path) -> None:
    """Take away a store this load made and could not finish (and DuckDB's log beside it)."""
    for path in (Path(store), Path(f"{store}.wal")):
        path.unlink(missing_ok=True)


def _load_file(connection, tables: dict[str, list[str]], number: int, folder: Path,
               path: Path, record: Record | None) -> FileLoad:
    """Add the rows of ``path`` whose record the store does not hold yet: first each row's
    line and identity only, in the file's order, with whether it is the first of its
    identity in the file and whether the store holds it (``_keys``); then the rows to add,
    whole, each beside its line by position (both read the file in order), where there
    are any: a file loaded again is read once. ``tables`` are
    the store's tables and their columns (:func:`table_columns`), kept up to date as the
    load makes and widens them: DuckDB's information_schema takes 12 to 18 ms to ask, a
    tenth of a small file's load."""
    names = _heading(path)
    columns = [name for name in names if name is not None]
    table, new = quoted(path.stem), _widened(connection, tables, path.stem, columns)
    identity = _identified(connection, tables[path.stem], path.stem, record)
    parsed = (f"read_csv(?, header = true, columns = {_struct(_placeholders(names))}, "
              f"{READ_AS_WRITTEN})")
    lines = ("(SELECT line, text FROM (SELECT row_number() OVER () AS line, text FROM "
             "read_csv(?, header = false, columns = {'text': 'VARCHAR'}, auto_detect = false, "
             "delim = '\x01', quote = '', escape = '', parallel = false)) "
             "WHERE line > 1 AND text IS NOT NULL)")
    connection.execute(
        "CREATE OR REPLACE TEMP TABLE _keys AS SELECT *, row_number() OVER (PARTITION BY _key "
        f"ORDER BY _line) AS _n, EXISTS (SELECT 1 FROM {table} t WHERE t._key = keyed._key) "
        f"AS _known FROM (SELECT p.\"LPAR\" IS NULL AS _short, line AS _line, "
        f"{_identity(identity, columns)} AS _key FROM {parsed} p POSITIONAL JOIN {lines}) keyed "
        "ORDER BY _line", [str(path), str(path)])
    rows, repeated, stored, apart = connection.execute(
        "SELECT count(*), count(*) FILTER (_n > 1), count(*) FILTER (_n = 1 AND _known), "
        "count(*) FILTER (_short OR _line IS NULL) FROM _keys").fetchone()
    if apart:
        raise StoreError(f"smf load {path}: its rows are not one a line as mq-smf-csv writes "
                         "them (a quoted cell holds a line break, or a line holds no row)")
    added = rows - repeated - stored
    if added:  # a file whose every row is stored already is not read a second time
        listed = ", ".join(map(quoted, columns))
        times = ", ".join(_time(placing, columns) for placing in TIMES.values())
        connection.execute(
            f"INSERT INTO {table} (_load, _folder, _line, _key, {', '.join(TIMES)}, "
            f"{', '.join(NAMES)}, {listed}) SELECT ?, ?, k._line, k._key, {times}, "
            f"{', '.join(map(stripped, NAMES.values()))}, "
            f"{', '.join(f'p.{quoted(c)}' for c in columns)} "
            f"FROM {parsed} p POSITIONAL JOIN _keys k WHERE k._n = 1 AND NOT k._known",
            [number, str(folder), str(path)])
    connection.execute(f"INSERT INTO {LOADS} VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       [number, datetime.now(timezone.utc), str(folder), path.name, rows,
                        added, stored, repeated])
    return FileLoad(str(folder), path.name, rows, added, stored, repeated, new)


def _widened(connection, tables: dict[str, list[str]], name: str, columns: list[str]
             ) -> tuple[str, ...]:
    """The store's table ``name`` made to hold ``columns``: made if it is not there, else
    given those it lacks (a newer mq-smf-csv's), which are returned; ``tables`` (the
    store's tables and their columns) is told."""
    known = tables.get(name)
    if known is None:
        typed = {**OWN_COLUMNS, **dict.fromkeys(map(quoted, columns), "VARCHAR")}
        connection.execute(f"CREATE TABLE {quoted(name)} ("
                           + ", ".join(f"{column} {kind}" for column, kind in typed.items())
                           + ")")
        tables[name] = [*OWN_COLUMNS, *columns]
        return ()
    new = tuple(column for column in columns if column not in known)
    for column in new:
        connection.execute(f"ALTER TABLE {quoted(name)} ADD COLUMN {quoted(column)} VARCHAR")
        known.append(column)
    return new


def _identified(connection, columns: list[str], name: str, record: Record | None
                ) -> tuple[str, ...]:
    """The columns the rows of table ``name`` (which has ``columns``) are identified by,
    from now on: those ``record`` declares, or, where the templates declare none, those the
    store noted (none: each row's whole line). Where the store noted other columns, or none
    (a table of a format 1 store, or one just made), each stored row's identity is worked
    out again from its columns, as a load works out a new row's, and the columns are noted.
    A table none of whose files had every identity column keeps its rows' whole lines."""
    found = connection.execute(f"SELECT identity FROM {IDENTITIES} WHERE file = ?",
                               [name]).fetchone()
    noted = tuple(found[0].split(",")) if found and found[0] else ()
    wanted = record.identity if record is not None else noted
    if found is not None and wanted == noted:
        return wanted
    if wanted and set(wanted) <= set(columns):
        connection.execute(f"UPDATE {quoted(name)} SET _key = {_identity(wanted, columns)}")
    connection.execute(f"DELETE FROM {IDENTITIES} WHERE file = ?", [name])
    connection.execute(f"INSERT INTO {IDENTITIES} VALUES (?, ?)", [name, ",".join(wanted)])
    return wanted


def _identity(identity: tuple[str, ...], columns: list[str]) -> str:
    """SQL for a row's identity, hashed: the ``identity`` columns, each as :func:`decoded`
    gives it and stripped (as the folder's import compares them); the whole line where
    there are none (a file no record declares), or where the file lacks one of them (one
    cut down to fewer columns)."""
    if not identity or not set(identity) <= set(columns):
        return "md5(text)"
    return ("md5(concat_ws(chr(31), " + ", ".join(f"coalesce(trim({decoded(column)}), '')"
                                                  for column in identity) + "))")


def _heading(path: Path) -> list[str | None]:
    """The column names of ``path``'s heading, None for an unnamed one (the tool ends every
    line with a comma), one named before, or one starting with ``_`` as the store's own
    columns do (none of the tool's does); a heading that is not mq-smf-csv's is refused."""
    try:
        line = read_with(path, lambda stream: stream.readline(HEADING_LIMIT))
    except NotReadable as error:
        raise StoreError(f"smf load {path}: {error}") from None
    text = line.removeprefix(BYTE_ORDER_MARK).decode("latin-1").rstrip("\r\n")
    names = [name.strip() for name in cells.split(text)]
    if tuple(names[:len(COMMON)]) != COMMON:
        raise StoreError(f"smf load {path}: line 1: expects mq-smf-csv's heading, starting "
                         f"{','.join(COMMON)}")
    seen: set[str] = set()
    named = []
    for name in names:
        named.append(name if name and name not in seen and not name.startswith("_") else None)
        seen.add(name)
    return named


def _placeholders(names: list[str | None]) -> dict[str, str]:
    """Every column of a heading and its type, for DuckDB's CSV reader: the unnamed ones
    named so they can be read past."""
    return {name if name is not None else f"_unnamed_{index}": "VARCHAR"
            for index, name in enumerate(names)}


def decoded(column: str) -> str:
    """SQL for a stored cell of ``column`` as :func:`calc.inputs.smf.cells.split` gives it
    from its line: DuckDB's CSV reader takes the quotes off ``"..."`` itself but keeps the
    ``="..."`` the tool puts around a string that looks like a number, which is taken off
    here (NULL, an empty cell, stays NULL)."""
    name = quoted(column)
    return (f"CASE WHEN {name} LIKE '=\"%\"' THEN substr({name}, 3, length({name}) - 3) "
            f"ELSE {name} END")


def stripped(column: str) -> str:
    """SQL for a stored cell of ``column`` as a row read back gives its text
    (:meth:`calc.inputs.smf.tables.Row.text`): :func:`decoded`, an empty cell as empty, and
    whatever ``str.strip`` takes off taken off its ends (:data:`cells.WHITESPACE`). The
    LPAR and queue manager names the store lists, reads by and deletes series by are
    these, the names its imports give: with DuckDB's ``trim`` alone (spaces) an LPAR
    written ``="0001"`` was deleted by one name and added by another, and every load added
    its neighbouring days' points of that LPAR again. Worked out once, as a row is loaded
    (:data:`NAMES`): taking a set of characters off is some 20 times slower than DuckDB's
    ``trim`` of spaces, so that is done first, and the set taken off only where a name then
    starts or ends with another character than a printable ASCII one."""
    spaced = f"trim(coalesce({decoded(column)}, ''))"
    return (f"(CASE WHEN {spaced} = '' OR (ascii({spaced}) BETWEEN 33 AND 126 AND "
            f"ascii(right({spaced}, 1)) BETWEEN 33 AND 126) THEN {spaced} "
            f"ELSE trim({spaced}, '{cells.WHITESPACE}') END)")


def names(columns: Iterable[str]) -> tuple[str, str]:
    """SQL for a stored row's LPAR and queue manager names as its import reads them: those
    kept beside its cells (:data:`NAMES`), or, in a store of format 4 or earlier, worked
    out from them (:func:`stripped`)."""
    if "_lpar" in columns:
        return tuple(NAMES)
    return tuple(map(stripped, NAMES.values()))


def quoted(name: str) -> str:
    """``name`` as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _struct(columns: dict[str, str]) -> str:
    """``columns`` as an SQL struct literal (read_csv's ``columns``)."""
    return "{" + ", ".join(f"'{name.replace(chr(39), chr(39) * 2)}': '{kind}'"
                           for name, kind in columns.items()) + "}"


@dataclass(frozen=True)
class Around:
    """The rows of one queue manager (a name on an LPAR) a read takes: every one, or those
    placed in given spans of time (``low`` to ``high``, both included): a statistics row by
    its interval's start (``starts``), any other by its record's time (``records``). A row
    whose time :func:`moment` does not read is always taken, for the import to read it
    (or refuse it) itself."""

    lpar: str
    qmgr: str
    starts: tuple[tuple[datetime, datetime], ...] | None = None
    records: tuple[tuple[datetime, datetime], ...] | None = None


def around(lpar: str, qmgr: str, spans: Iterable[tuple[datetime, datetime]],
           longest: timedelta) -> Around:
    """The rows an import of the queue manager's intervals starting in ``spans`` (each from
    ``low`` to ``high``; one start is a span of no length) needs, where none is longer than
    ``longest``: the statistics rows of any interval that could hold a record written during
    one of them (starting up to a whole interval and the join's slack before it), and those
    records."""
    join, spans = timedelta(seconds=JOIN_SECONDS), tuple(spans)
    return Around(lpar, qmgr,
                  tuple((low - longest - 4 * join, high + 2 * join) for low, high in spans),
                  tuple((low - 2 * join, high + longest + 2 * join) for low, high in spans))


def read_tables(store: Path, files: Iterable[str],
                columns_read: Callable[[str], frozenset[str]],
                qmgr: str | None = None, around: Iterable[Around] | None = None
                ) -> dict[str, Table]:
    """The stored rows of each of ``files`` the store holds (of the queue managers named
    ``qmgr`` only, when given; of those ``around`` says only, when given), each row with the
    columns of ``columns_read(file)`` the store has, in the order they were loaded."""
    return opened(store, lambda connection: read_opened(connection, files, columns_read,
                                                        qmgr, around))


def queue_managers(store: Path, files: Iterable[str]) -> list[str]:
    """The names of the queue managers whose rows of ``files`` the store holds, sorted."""
    return sorted({name for _lpar, name in opened(
        store, lambda connection: systems_opened(connection, files))})


def systems_opened(connection, files: Iterable[str], qmgr: str | None = None
                   ) -> list[tuple[str, str]]:
    """The queue managers (LPAR, name) whose rows of ``files`` a store :func:`opened` holds
    (of those named ``qmgr`` only, when given), by LPAR and name."""
    stored = table_columns(connection)
    tables = [file.removesuffix(".csv") for file in files
              if file.removesuffix(".csv") in stored]
    if not tables:
        return []
    union = " UNION ".join("SELECT DISTINCT {} AS lpar, {} AS qmgr ".format(*names(stored[table]))
                           + f"FROM {quoted(table)}" for table in tables)
    only, parameters = ("WHERE qmgr = ? ", [qmgr]) if qmgr is not None else ("", [])
    return [tuple(system) for system in connection.execute(
        f"SELECT lpar, qmgr FROM ({union}) {only}ORDER BY lpar, qmgr", parameters).fetchall()]


def opened(store: Path, read: Callable):
    """``read(connection)`` on the store opened to read."""
    connection = _connect(store, write=False)
    try:
        with interruptible():
            return read(connection)
    finally:
        connection.close()


def read_opened(connection, files: Iterable[str],
                columns_read: Callable[[str], frozenset[str]], qmgr: str | None = None,
                around: Iterable[Around] | None = None) -> dict[str, Table]:
    """:func:`read_tables` on a store :func:`opened`."""
    stored, found = table_columns(connection), {}
    around = None if around is None else tuple(around)
    for file in files:
        table = stored.get(file.removesuffix(".csv"))
        if table is None:
            continue
        columns, wanted = tuple(c for c in table if not c.startswith("_")), columns_read(file)
        read = [column for column in columns if column in wanted]
        source, cells_read = quoted(file.removesuffix(".csv")), ", ".join(
            f"coalesce({decoded(column)}, '')" for column in read)
        named = names(table)
        only, parameters = (f"{named[1]} = ?", [qmgr]) if qmgr is not None else ("TRUE", [])
        where = only
        if around is not None:
            record = declared().records.get(file)
            placed_by = record.placed_by if record else ""
            when = placed(PLACES[placed_by], table) if placed_by in PLACES else NO_TIME
            if when not in (*TIMES, NO_TIME):
                # a store of format 2 keeps no times: each row's worked out once (else
                # DuckDB works it out again for every span)
                kept = ", ".join(map(quoted, dict.fromkeys(["LPAR", "QMgr", *read])))
                source = (f"(WITH placed AS MATERIALIZED (SELECT _load, _folder, _line, "
                          f"{kept}, {when} AS _when FROM {source} WHERE {only}) "
                          "SELECT * FROM placed)")
                when, parameters = "_when", parameters * 2
            among, spans = _among(around, placed_by, when, named)
            where, parameters = f"{only} AND {among}", parameters + spans
        times = ", ".join(time if time in table else NO_TIME for time in TIMES)
        query = (f"SELECT _folder, _line, {times}, {cells_read} FROM {source} WHERE {where} "
                 "ORDER BY _load, _folder, _line")
        found[file] = Table(file, columns, tuple(
            Row(file, line, dict(zip(read, values)), folder, (recorded, start))
            for folder, line, recorded, start, *values
            in connection.execute(query, parameters).fetchall()))
    return found


def _among(around: tuple[Around, ...], placed_by: str, when: str, named: tuple[str, str]
           ) -> tuple[str, list]:
    """SQL that keeps the rows ``around`` asks for of a file whose rows are placed by
    ``placed_by`` (``interval`` or ``record``), and its parameters: a row of one of the
    queue managers (its LPAR and name the SQL ``named``, :func:`names`), placed in one of
    its spans or in no time :func:`moment` reads (its time, the SQL ``when``, NULL)."""
    kept, parameters = [], []
    for system in around:
        spans = system.starts if placed_by == "interval" else system.records
        parameters += [system.lpar, system.qmgr]
        mine = f"({named[0]} = ? AND {named[1]} = ?"
        if spans is not None:
            mine += f" AND ({when} IS NULL" + f" OR {when} BETWEEN ? AND ?" * len(spans) + ")"
            parameters += [moment for span in spans for moment in span]
        kept.append(mine + ")")
    return f"({' OR '.join(kept) or 'FALSE'})", parameters


def placed(placing: tuple[str, str], columns: Iterable[str]) -> str:
    """SQL for a stored row's time in the columns ``placing`` (one of :data:`TIMES`'s), as
    :func:`moment` gives it: the time kept beside its cells, or, in a store of format 2,
    worked out from them."""
    kept = next(time for time, columns_read in TIMES.items() if columns_read == placing)
    return kept if kept in columns else _time(placing, columns)


def moment(date: str, time: str) -> str:
    """SQL for the time that a row's ``date`` and ``time`` columns hold when they are
    written exactly as the tool writes them (``2026/05/21``, ``16:00:00,001395``) and name a
    real date (a 1970 one, which the import takes as unset, included); NULL for anything
    else, which :func:`calc.inputs.smf.cells.moment` reads, or refuses, itself."""
    day, clock = f"trim({decoded(date)})", f"trim({decoded(time)})"
    return (f"(CASE WHEN {day} GLOB '{DATE_WRITTEN}' AND {clock} GLOB '{TIME_WRITTEN}' "
            f"THEN try_strptime({day} || ' ' || {clock}, '%Y/%m/%d %H:%M:%S,%f') END)")
