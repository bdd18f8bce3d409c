"""One line of an mq-smf-csv file split into cells, and one cell decoded.

The tool writes every string field in double quotes, and by default puts ``=`` before the
quotes of a string that looks like a number (``="100000"``, ``="    "``) so a spreadsheet
keeps it as text; run with ``-r`` it leaves the ``=`` out. It never escapes a quote inside
a string (mq-smf-csv ``src/mqsmf.h``, macro ``ADDSTRN``). Numbers are written bare, and the
microseconds half of a duration (``NAME(US)``) is padded with spaces (`` 3306 ``). Times
use a decimal comma (``16:30:00,000000``). Both forms decode to the same values here.

Older MQ versions leave some fields unset, which the tool writes as ``-1``, a run of dots
(``.``, ``....``), an empty string, or a 1970 date (a zero STCK clock); each decodes to
None, "not in the data", never to a figure.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from calc.core.values import INTEGER_TEXT, NUMBER_TEXT

_CELL = re.compile(r'=?"(?P<quoted>[^"]*)"(?=,|\Z)|(?P<bare>[^,]*)')
"""A quoted string (with or without the ``=`` before it) ending at a comma or the line's
end, or else everything up to the next comma."""
_QUOTED = ('"', '="')
"""How a quoted cell starts."""
_DOTS = re.compile(r"\.+\Z")
MISSING_NUMBER = -1
"""What the tool writes for a field an older record does not carry (e.g. the QJST
``Copy1_New_Logs`` of MQ 8, in the sample's QML1 rows)."""
UNSET_YEAR = 1970
"""The year a zero STCK clock converts to: a time the record does not set."""
_STAMP = re.compile(r"[0-9]{4}/[0-9]{2}/[0-9]{2}[0-9]{2}:[0-9]{2}:[0-9]{2},[0-9]{6}\Z")
"""A date and time exactly as the tool writes them, side by side."""
WHITESPACE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003"
              "\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
"""What ``str.strip()`` takes off a cell's ends, as a row's text is read (every character
``str.isspace`` holds): the store takes the same off the names it compares in SQL
(:func:`calc.inputs.smf.store.stripped`), where DuckDB's ``trim`` takes spaces only."""
_SHORT_DIGITS = 18
"""A run of this many ASCII digits or fewer is read as an integer at once (int() takes
any such run)."""
NUMBERS_KEPT = 4096
"""How many cells' numbers :func:`number` keeps, by their text: most cells of SMF data
repeat (a month of the sample: 1.46 million cells read, 129 texts, two in three ``0``), and
a cell's text read again costs a look-up."""


class Unreadable(ValueError):
    """A cell that should hold a number or a time holds something else."""


def split(line: str, most: int | None = None) -> list[str]:
    """The cells of ``line``, each decoded from its quoting (``="x"``, ``"x"`` and ``x``
    all give ``x``); a trailing comma gives a last empty cell, as the tool ends its lines.
    ``most``: the cells after the first so many are not decoded. Split at every comma
    first (a queue accounting row has some 500 cells, read by the thousand), then the
    pieces of a quoted cell holding commas (a time's decimal comma) joined again; a line
    where a quote is not a whole cell's is split cell by cell (:func:`split_by_pattern`),
    which gives the same cells."""
    pieces, cells, at = line.split(","), [], 0
    while at < len(pieces) and len(cells) != most:
        piece, at = pieces[at], at + 1
        if piece.startswith(_QUOTED):
            opening = 1 if piece[0] == '"' else 2
            while (len(piece) <= opening or piece[-1] != '"') and at < len(pieces):
                piece, at = f"{piece},{pieces[at]}", at + 1  # a comma inside the quotes
            inner = piece[opening:-1]
            if len(piece) <= opening or piece[-1] != '"' or '"' in inner:
                return split_by_pattern(line, most)
            piece = inner
        cells.append(piece)
    return cells


def split_by_pattern(line: str, most: int | None = None) -> list[str]:
    """:func:`split`, cell by cell with :data:`_CELL`."""
    cells, at = [], 0
    while True:
        match = _CELL.match(line, at)
        cells.append(match["bare"] if match["quoted"] is None else match["quoted"])
        at = match.end() + 1  # past the comma
        if at > len(line) or len(cells) == most:
            return cells


@lru_cache(maxsize=NUMBERS_KEPT)
def number(cell: str) -> int | float | None:
    """The number in ``cell`` (spaces around it allowed), None when the field is unset
    (-1, dots or empty); anything else is :class:`Unreadable`."""
    text = cell.strip()
    if text.isascii() and text.isdigit() and len(text) <= _SHORT_DIGITS:  # most cells
        return int(text)
    if not text or _DOTS.match(text):
        return None
    try:
        if INTEGER_TEXT.match(text):
            value: int | float = int(text)
        elif NUMBER_TEXT.match(text.replace(",", ".")):
            value = float(text.replace(",", "."))
        else:
            raise Unreadable(cell)
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        raise Unreadable(cell) from None
    return None if value == MISSING_NUMBER else value


def moment(date: str, time: str) -> datetime | None:
    """The date (``2026/05/21``) and time (``16:30:00,000000``) as one datetime; None when
    unset (empty, dots or a 1970 date). The tool's own form is read by its digits'
    places (a tenth of the time ``strptime`` takes, read for every row); any other form
    the tool might write, by ``strptime``."""
    date, time = date.strip(), time.strip()
    if not date or _DOTS.match(date):
        return None
    if _STAMP.match(date + time):
        try:
            stamp = datetime(int(date[:4]), int(date[5:7]), int(date[8:10]), int(time[:2]),
                             int(time[3:5]), int(time[6:8]), int(time[9:15]))
        except ValueError:  # a month 13, a 31 June, an hour 24
            raise Unreadable(f"{date} {time}") from None
        return set_time(stamp)
    try:
        stamp = datetime.strptime(f"{date} {time.replace(',', '.')}", "%Y/%m/%d %H:%M:%S.%f")
    except ValueError:
        try:
            stamp = datetime.strptime(f"{date} {time}", "%Y/%m/%d %H:%M:%S")
        except ValueError:
            raise Unreadable(f"{date} {time}") from None
    return set_time(stamp)


def set_time(stamp: datetime) -> datetime | None:
    """``stamp``, or None where it is a time the record does not set (in 1970)."""
    return None if stamp.year == UNSET_YEAR else stamp
