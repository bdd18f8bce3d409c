"""One mq-smf-csv file read into rows, each row keeping its line number so every value
taken from it can say where it came from.

The file is read through :func:`calc.files.reading.read_lines` (a regular file only, never more
than :data:`SIZE_LIMIT`). Its first line is the tool's heading; a file whose heading does
not start with the columns every mq-smf-csv row starts with is refused, naming the file.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from calc.core.errors import MqcalcError
from calc.files.reading import NotReadable, read_lines
from calc.inputs.smf import cells

SIZE_LIMIT = 128 << 20
"""The largest file read, in bytes. The biggest file of the sample is the queue accounting
(SMF-WQ.csv, about 1.4 KB a row: one row per queue a task used, per accounting interval),
so 128 MB holds some 95,000 such rows, half a day of a busy queue manager at 30-minute
intervals. It bounds the time and memory of one file: on a two-core machine of 2026 a
128 MB queue accounting file takes some 8 s and 160 MB (each row is split at its commas,
and only the cells up to the last column read are decoded and kept, :func:`read_table`); a
longer dump is read a part at a time."""
COMMON = ("Date", "Time", "LPAR", "QMgr")
"""The columns every row of every file starts with (mq-smf-csv ``src/mqsmf.h``,
``COMMON_BLOCK``)."""
START_DATE, START_TIME, DURATION = ("Interval_Start (DATE)", "Interval_Start (TIME)",
                                    "Interval_Duration")
"""The columns a statistics (SMF 115) row adds: its interval's start and length (s)."""
PLACING = (*COMMON, START_DATE, START_TIME, DURATION)
"""The columns that say whose a row is and when: read from every file."""
BYTE_ORDER_MARK = b"\xef\xbb\xbf"
"""What a spreadsheet saving the file as UTF-8 may put before the heading."""


class SmfError(MqcalcError):
    """An SMF folder or file cannot be used; the message names it and what is expected."""


@dataclass(frozen=True)
class Row:
    """One row of a file: the file's name, the row's line number and its cells by column."""

    file: str
    line: int
    cells: dict[str, str]
    folder: str = ""
    """Where the file was when a store loaded it (:mod:`calc.inputs.smf.store`); "" for a
    row read from the folder itself."""
    times: tuple[datetime | None, datetime | None] = (None, None)
    """When its record was written and its interval's start, where a store worked them
    out from the cells as it loaded the row (:data:`calc.inputs.smf.store.TIMES`), else
    None, and :attr:`recorded` and :attr:`start` read the cells: a tenth of the time, and
    the same times (the store reads only the tool's own form, which :func:`cells.moment`
    reads alike)."""

    def text(self, column: str) -> str:
        return self.cells.get(column, "").strip()

    def number(self, column: str) -> int | float | None:
        """The number in ``column``; None when the file lacks the column or the value is
        unset; :class:`Unusable` when it holds something else."""
        try:
            return cells.number(self.cells.get(column, ""))
        except cells.Unreadable:
            raise Unusable(self, (column,), self.cells[column], "expects a number") from None

    def moment(self, date: str, time: str) -> datetime | None:
        """The date and time in the columns ``date`` and ``time`` as one datetime; None when
        unset; :class:`Unusable` when they hold something else, a short row (a date and
        no time) included."""
        written = self.cells.get(date, ""), self.cells.get(time, "")
        try:
            return cells.moment(*written)
        except cells.Unreadable:
            raise Unusable(self, (date, time), " ".join(written),
                           "expects a date and time") from None

    @property
    def qmgr(self) -> str:
        return self.text("QMgr")

    @property
    def lpar(self) -> str:
        return self.text("LPAR")

    @property
    def recorded(self) -> datetime | None:
        """When the SMF record was written (the row's Date and Time)."""
        return self._placed(self.times[0], "Date", "Time")

    @property
    def start(self) -> datetime | None:
        """The statistics interval's start (None in an accounting row)."""
        return self._placed(self.times[1], START_DATE, START_TIME)

    def _placed(self, stored: datetime | None, date: str, time: str) -> datetime | None:
        """The time a store worked out (``stored``), else the one the cells ``date`` and
        ``time`` hold."""
        return self.moment(date, time) if stored is None else cells.set_time(stored)


class Unusable(ValueError):
    """A cell (or pair of cells) that cannot be read as what its column holds."""

    def __init__(self, row: Row, columns: tuple[str, ...], value: str, problem: str):
        super().__init__(problem)
        self.row, self.columns, self.value, self.problem = row, columns, value, problem


@dataclass(frozen=True)
class Table:
    """A file's columns, as its heading names them, and its rows."""

    file: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]


def read_table(path: Path, read: Collection[str] | None = None) -> Table:
    """The rows of the mq-smf-csv file ``path`` (blank lines skipped), each holding the
    cells of the columns in ``read`` only (every column when None): a queue accounting row
    has some 500 cells, of which the import reads 14, so the rows take a few times the
    memory of what is read from the file, not 15 times the file. Lines are split one at a
    time, and only as far as the last column read."""
    try:
        return read_lines(path, SIZE_LIMIT, lambda lines: _table(path, lines, read))
    except NotReadable as error:
        raise SmfError(f"smf {path}: {error}") from None


def _table(path: Path, lines: Iterator[bytes], read: Collection[str] | None) -> Table:
    """The table of the lines of ``path`` (see :func:`read_table`)."""
    heading = next(lines, b"").removeprefix(BYTE_ORDER_MARK)
    columns = tuple(name.strip() for name in cells.split(_text(heading)))
    if columns[:len(COMMON)] != COMMON:
        raise SmfError(f"smf {path}: line 1: expects mq-smf-csv's heading, starting "
                       f"{','.join(COMMON)}")
    kept = [(index, name) for index, name in enumerate(columns) if read is None or name in read]
    most = kept[-1][0] + 1 if kept else None
    rows = []
    for number, line in enumerate(map(_text, lines), start=2):
        if line.strip():
            split = cells.split(line, most)
            rows.append(Row(path.name, number, {name: split[index] for index, name in kept
                                                if index < len(split)}))
    return Table(path.name, columns, tuple(rows))


def _text(line: bytes) -> str:
    """One line of a file as text, without its line end (the tool writes ASCII; any byte
    reads as latin-1)."""
    return line.decode("latin-1").removesuffix("\n").removesuffix("\r")


MOST_LINES_LISTED = 5
"""A value worked out from more rows than this names their first and last line only."""


def lines_text(rows: tuple[int, ...]) -> str:
    """Line numbers as a person reads them: ``line 5``, ``lines 2-9`` or a short list."""
    if not rows:
        return ""
    if len(rows) == 1:
        return f"line {rows[0]}"
    if list(rows) == list(range(rows[0], rows[-1] + 1)):
        return f"lines {rows[0]}-{rows[-1]}"
    if len(rows) <= MOST_LINES_LISTED:
        return "lines " + ", ".join(map(str, rows))
    return f"{len(rows)} rows, lines {rows[0]} to {rows[-1]}"
