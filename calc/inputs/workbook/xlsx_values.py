"""The values of a few named cells of a workbook, as openpyxl's ``data_only`` reading gives
them (the stored result in place of a formula), found by streaming the sheets and looking
up only the shared strings and styles those cells use.

A cell's value follows its type (``t``, ECMA-376 part 1, 18.18.11): a number (a date where
its style's number format is a date's, as openpyxl does), a shared string by index, a
formula's text result, an inline string, a boolean, an error such as ``#DIV/0!``, or an ISO
8601 date. A cell with no stored value is None.
"""
from __future__ import annotations

from dataclasses import dataclass

from openpyxl.styles.numbers import builtin_format_code, is_date_format, is_timedelta_format
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string, get_column_letter
from openpyxl.utils.datetime import (CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel,
                                     from_ISO8601)
from openpyxl.utils.exceptions import CellCoordinatesException

from calc.core.errors import shown
from calc.core.values import NUMBER_TEXT
from calc.inputs.workbook.xlsx_index import Book, Sheet
from calc.inputs.workbook.xlsx_parts import PART_LIMIT, Malformed, Package

TEXT_LIMIT = 32_767
"""The most characters one cell holds (Excel's specifications and limits); a longer text in a
cell that is read is refused, so what is kept of a part stays small."""
COLUMN_LIMIT = 16_384
"""The columns of a sheet, A to XFD (Excel's specifications and limits)."""
NUMBER_FORMAT_LIMIT = 1_000
"""The most custom number formats a styles part may hold: Excel keeps between 200 and 250
per workbook (its specifications and limits)."""


@dataclass(frozen=True)
class RawCell:
    """A cell as its sheet writes it: type, stored value or inline text, and style."""

    kind: str
    text: str | None
    style: str | None


def read_cells(package: Package, sheet: Sheet, wanted: set[str]) -> dict[str, RawCell]:
    """Coordinate -> the cell of ``sheet`` at each coordinate in ``wanted`` that the sheet
    writes (a cell it leaves out is empty)."""
    scanner = _CellScanner(sheet, wanted)
    package.stream(sheet.part, PART_LIMIT, scanner.start, scanner.end, scanner.text)
    return scanner.found


def values(package: Package, book: Book, sheets: dict) -> dict:
    """Sheet title -> coordinate -> value, for ``sheets`` (title -> coordinate -> RawCell)."""
    strings = _shared_strings(package, book, sheets)
    dates = _date_styles(package, book, sheets)
    epoch = CALENDAR_MAC_1904 if book.date1904 else CALENDAR_WINDOWS_1900
    return {title: {coordinate: _value(title, coordinate, cell, strings, dates, epoch)
                    for coordinate, cell in cells.items()}
            for title, cells in sheets.items()}


class _Text:
    """Text gathered from character data, refused past :data:`TEXT_LIMIT` characters."""

    def __init__(self, where: str):
        self.where, self.parts, self.size = where, [], 0

    def add(self, data: str) -> None:
        self.size += len(data)
        if self.size > TEXT_LIMIT:
            raise Malformed(f"{self.where}: holds a text of more than {TEXT_LIMIT} characters, "
                            "more than a spreadsheet cell holds")
        self.parts.append(data)

    def joined(self) -> str:
        return "".join(self.parts)


class _CellScanner:
    """Streams a sheet, keeping the wanted cells. A cell or row without its reference
    (``r``, optional in the standard) follows the one before it, as openpyxl reads it."""

    def __init__(self, sheet: Sheet, wanted: set[str]):
        self.sheet, self.part, self.wanted, self.found = sheet.title, sheet.part, wanted, {}
        self.row, self.column, self.last = 0, 0, None
        self.cell, self.depth, self.gathered = None, 0, None
        self.into, self.phonetic = False, False

    def start(self, tag: str, attributes: dict) -> None:
        if self.cell is not None:
            self.depth += 1
            self.into = tag == "v" or (tag == "t" and not self.phonetic)
            self.phonetic = self.phonetic or tag == "rPh"
            if self.into and self.gathered is None:
                self.gathered = _Text(f"sheet {self.sheet}, cell {self.cell[0]}")
        elif tag == "row":
            self.row = self._number(attributes["r"]) if "r" in attributes else self.row + 1
            self.column, self.last = 0, None
        elif tag == "c":
            reference = attributes.get("r")
            if reference:
                self.last = reference
            else:
                reference = self._next_reference()
            if reference in self.wanted:
                self.cell = (reference, attributes.get("t", "n"), attributes.get("s"))
                self.depth, self.phonetic = 0, False

    def end(self, tag: str) -> None:
        if self.cell is None:
            return
        self.into = False
        if tag == "rPh":
            self.phonetic = False
        if self.depth:
            self.depth -= 1
            return
        reference, kind, style = self.cell
        text = self.gathered.joined() if self.gathered else None
        if reference in self.found:  # one of two would be read silently: neither is
            raise Malformed(f"sheet {self.sheet}, cell {reference}: is written twice (part "
                            f"{self.part}); a sheet holds one cell at each place")
        self.found[reference] = RawCell(kind, text, style)
        self.cell, self.gathered = None, None

    def text(self, data: str) -> None:
        if self.into:
            self.gathered.add(data)

    def _number(self, text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text) > 9:
            raise Malformed(f"is not an xlsx workbook mqcalc can read: part {self.part} has a "
                            f"row numbered {shown(text)}")
        return int(text)

    def _next_reference(self) -> str:
        """The reference of a cell written without one: the column after the last cell's."""
        if self.last is not None:
            try:
                self.column = column_index_from_string(coordinate_from_string(self.last)[0])
            except (ValueError, CellCoordinatesException):
                raise Malformed(f"is not an xlsx workbook mqcalc can read: part {self.part} has"
                                f" a cell at {shown(self.last)}") from None
        self.column, self.last = self.column + 1, None
        if self.column > COLUMN_LIMIT:
            raise Malformed(f"is not an xlsx workbook mqcalc can read: part {self.part} has "
                            f"more than {COLUMN_LIMIT} cells in row {self.row}")
        return f"{get_column_letter(self.column)}{self.row}"


def _shared_strings(package: Package, book: Book, sheets: dict) -> dict:
    """Index -> text of each shared string a wanted cell refers to."""
    users = {}  # index -> (sheet title, coordinate) of the first cell that uses it
    for title, cells in sheets.items():
        for coordinate, cell in cells.items():
            if cell.kind == "s" and cell.text:
                users.setdefault(_index(title, coordinate, cell.text, "a shared string"),
                                 (title, coordinate))
    if not users:
        return {}
    if book.shared_strings is None:
        title, coordinate = next(iter(users.values()))
        raise Malformed(f"sheet {title}, cell {coordinate}: refers to a shared string, but "
                        "the workbook has no shared strings part")
    scanner = _StringScanner(set(users))
    package.stream(book.shared_strings, PART_LIMIT, scanner.start, scanner.end, scanner.text)
    for index, (title, coordinate) in sorted(users.items()):
        if index not in scanner.found:
            raise Malformed(f"sheet {title}, cell {coordinate}: refers to shared string "
                            f"{index}, but the workbook holds {scanner.count}")
    return scanner.found


class _StringScanner:
    """Streams the shared strings, keeping the text of the wanted ones (its plain text and
    its runs', without phonetic runs, as openpyxl reads it)."""

    def __init__(self, wanted: set[int]):
        self.wanted, self.found, self.count = wanted, {}, 0
        self.gathered, self.into, self.phonetic = None, False, False

    def start(self, tag: str, attributes: dict) -> None:
        if tag == "si":
            if self.count in self.wanted:
                self.gathered = _Text(f"shared string {self.count}")
            self.count += 1
        elif self.gathered is not None:
            self.into = tag == "t" and not self.phonetic
            self.phonetic = self.phonetic or tag == "rPh"

    def end(self, tag: str) -> None:
        self.into = False
        if tag == "rPh":
            self.phonetic = False
        elif tag == "si" and self.gathered is not None:
            self.found[self.count - 1] = self.gathered.joined().replace("x005F_", "")
            self.gathered = None

    def text(self, data: str) -> None:
        if self.into:
            self.gathered.add(data)


def _date_styles(package: Package, book: Book, sheets: dict) -> dict:
    """Style index -> whether it is a date's ("date") or a duration's ("timedelta") or
    neither (None), for each style a wanted number uses."""
    users = {}
    for title, cells in sheets.items():
        for coordinate, cell in cells.items():
            if cell.kind == "n" and cell.text and cell.style:
                users.setdefault(_index(title, coordinate, cell.style, "a style"),
                                 (title, coordinate))
    if not users or book.styles is None:  # no styles part: every cell has the default style
        return {}
    scanner = _StyleScanner(set(users))
    package.stream(book.styles, PART_LIMIT, scanner.start)
    kinds = {}
    for index, (title, coordinate) in sorted(users.items()):
        if index not in scanner.formats:
            raise Malformed(f"sheet {title}, cell {coordinate}: has style {index}, but the "
                            f"workbook holds {scanner.count} cell styles")
        number = scanner.formats[index]
        code = scanner.custom.get(number) or builtin_format_code(number)
        kinds[index] = ("timedelta" if is_timedelta_format(code) else "date") \
            if is_date_format(code) else None
    return kinds


class _StyleScanner:
    """Streams the styles, keeping the custom number formats and the number format of each
    wanted cell style (``cellXfs``, not the named styles' ``cellStyleXfs``)."""

    def __init__(self, wanted: set[int]):
        self.wanted, self.formats, self.custom, self.count = wanted, {}, {}, 0
        self.within = None

    def start(self, tag: str, attributes: dict) -> None:
        if tag in ("cellXfs", "cellStyleXfs", "numFmts"):
            self.within = tag
        elif tag == "numFmt" and self.within == "numFmts":
            if len(self.custom) >= NUMBER_FORMAT_LIMIT:
                raise Malformed(f"is not an xlsx workbook mqcalc can read: its styles hold "
                                f"more than {NUMBER_FORMAT_LIMIT} number formats")
            self.custom[_format_id(attributes.get("numFmtId"))] = attributes.get("formatCode")
        elif tag == "xf" and self.within == "cellXfs":
            if self.count in self.wanted:
                self.formats[self.count] = _format_id(attributes.get("numFmtId", "0"))
            self.count += 1


def _format_id(text: str | None) -> int:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise Malformed("is not an xlsx workbook mqcalc can read: its styles give a number "
                        f"format {shown(str(text))}, not a format's number")
    return int(text)


def _index(title: str, coordinate: str, text: str, what: str) -> int:
    """A cell's index into the shared strings or styles, refused unless a whole number."""
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise Malformed(f"sheet {title}, cell {coordinate}: refers to {what} by "
                        f"{shown(text)}, not by its number")
    return int(text)


def _value(title: str, coordinate: str, cell: RawCell, strings: dict, dates: dict, epoch):
    """The cell's value as openpyxl's ``data_only`` reading gives it."""
    if cell.kind == "inlineStr" or not cell.text:
        return cell.text if cell.kind == "inlineStr" else None
    where = f"sheet {title}, cell {coordinate}"
    if cell.kind == "n":
        number = _number(where, cell.text)
        kind = dates.get(int(cell.style)) if cell.style else None
        if kind is None:
            return number
        try:
            return from_excel(number, epoch, timedelta=kind == "timedelta")
        except (OverflowError, ValueError):  # openpyxl's reading: an error value
            return "#VALUE!"
    if cell.kind == "s":
        return strings[int(cell.text)]
    if cell.kind == "b":
        if cell.text not in ("0", "1"):
            raise Malformed(f"{where}: holds {shown(cell.text)} as a boolean, which is 0 or 1")
        return cell.text == "1"
    if cell.kind == "d":
        try:
            return from_ISO8601(cell.text)
        except ValueError:
            raise Malformed(f"{where}: holds {shown(cell.text)} as a date, which is no ISO "
                            "8601 date") from None
    return cell.text  # a formula's text ("str"), an error value ("e")


def _number(where: str, text: str) -> int | float:
    """A stored number, as openpyxl reads it: a float where it has a point or an exponent,
    else a whole number; refused unless it is written as the standard's xsd:double (ASCII
    digits, an optional point and exponent; no INF or NaN). A number past every float
    (``1E999``) reads as infinity, as openpyxl reads it: the engine refuses it in an input
    cell, naming the cell, and in a result cell it is a result that disagrees."""
    try:
        if not NUMBER_TEXT.match(text):  # int() and float() also take 1_0 and Arabic digits
            raise ValueError(text)
        return float(text) if any(mark in text for mark in ".eE") else int(text)
    except ValueError:  # or more digits than int() converts
        raise Malformed(f"{where}: holds {shown(text)} as a number, which is no number") \
            from None
