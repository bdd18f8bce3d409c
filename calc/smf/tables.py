"""One mq-smf-csv file read into rows, each row keeping its line number so every value
taken from it can say where it came from.

The file is read through :func:`calc.reading.read_bytes` (a regular file only, never more
than :data:`SIZE_LIMIT`). Its first line is the tool's heading; a file whose heading does
not start with the columns every mq-smf-csv row starts with is refused, naming the file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..errors import MqcalcError
from ..reading import NotReadable, read_bytes
from . import cells

SIZE_LIMIT = 256 << 20
"""The largest file read, in bytes. The biggest file of the sample is the queue accounting
(SMF-WQ.csv, about 1.7 KB a row: one row per queue a task used, per accounting interval),
so 256 MB holds some 150,000 such rows, a busy queue manager's day at 30-minute
intervals; it still bounds the memory one file can take."""
COMMON = ("Date", "Time", "LPAR", "QMgr")
"""The columns every row of every file starts with (mq-smf-csv ``src/mqsmf.h``,
``COMMON_BLOCK``)."""
START_DATE, START_TIME, DURATION = ("Interval_Start (DATE)", "Interval_Start (TIME)",
                                    "Interval_Duration")
"""The columns a statistics (SMF 115) row adds: its interval's start and length (s)."""
LINE_END = re.compile(r"\r?\n")
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
        return self.moment("Date", "Time")

    @property
    def start(self) -> datetime | None:
        """The statistics interval's start (None in an accounting row)."""
        return self.moment(START_DATE, START_TIME)


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


def read_table(path: Path) -> Table:
    """The rows of the mq-smf-csv file ``path`` (blank lines skipped)."""
    try:
        content = read_bytes(path, SIZE_LIMIT)
    except NotReadable as error:
        raise SmfError(f"smf {path}: {error}") from None
    if content.startswith(BYTE_ORDER_MARK):
        content = content[len(BYTE_ORDER_MARK):]
    lines = LINE_END.split(content.decode("latin-1"))  # the tool writes ASCII; any byte reads
    columns = tuple(name.strip() for name in cells.split(lines[0]))
    if columns[:len(COMMON)] != COMMON:
        raise SmfError(f"smf {path}: line 1: expects mq-smf-csv's heading, starting "
                       f"{','.join(COMMON)}")
    rows = tuple(Row(path.name, number, dict(zip(columns, cells.split(line))))
                 for number, line in enumerate(lines[1:], start=2) if line.strip())
    return Table(path.name, columns, rows)
