"""Reading a mqzcalc workbook back: the inputs someone typed into its sheets, evaluated by
the engine, and every stored result the file holds that the engine does not agree with.

Only the layout's stable parts are relied on: a calculator's sheet is named by its id, and
each input and output cell has a defined name local to that sheet equal to its id. Where the
cells sit, styles and every other sheet are left alone, so the reader keeps working when the
layout changes. Results are read as the file stores them (``data_only``): a spreadsheet
application stores what it last calculated; a tool that does not calculate (openpyxl) stores
nothing, which is reported, not guessed at.

A workbook is a file a user names, perhaps crafted, so only what is needed is read, in
streaming, within bounds (:mod:`.xlsx_parts`): each calculator sheet's defined names are
checked to be one cell each from their text, then the sheet is scanned for those cells only,
and only the shared strings and styles those cells use are looked up. Every refusal, a part
missing or malformed included, is one line (a MqcalcError, exit status 2).
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from openpyxl.utils.cell import column_index_from_string

from calc import engine
from calc.core.errors import SHOWN_CHARACTERS, InputError, MqcalcError, shown
from calc.core.formatting import plain_number
from calc.core.model import BOOL, TEXT, Calculator, Input
from calc.core.names import PLAN_SHEET, RANGE_ENDS, assumed_name, range_name
from calc.core.values import RANGE_MARK, coerce
from calc.inputs.workbook.xlsx_index import Book, Sheet, read_index
from calc.inputs.workbook.xlsx_parts import Malformed, Package
from calc.inputs.workbook.xlsx_values import read_cells, values

RELATIVE_TOLERANCE = 1e-9
"""How far a stored number may be from the engine's and still agree: spreadsheets keep 15
significant digits, and compute in another order."""


@dataclass(frozen=True)
class ImportedSheet:
    """One calculator's sheet as the file holds it."""

    calculator: str
    title: str
    """The sheet's name: the calculator's id, or a plan variant's ``variant.calculator``."""
    inputs: dict
    """Input id -> the value in its cell, as the file types it (number, text or boolean)."""
    cells: dict
    """Input or output id -> the coordinate of its cell (e.g. ``B9``)."""
    stored: dict
    """Output id -> the result stored in its cell; None where the file holds none."""
    defaulted: frozenset[str] = frozenset()
    """The inputs left to their defaults when the workbook was made (each has an
    :func:`~calc.core.names.assumed_name` on the sheet)."""

    @property
    def results_stored(self) -> bool:
        """Whether the file holds a result for any of the sheet's outputs. A file saved by a
        program that writes formulas but does not work them out (openpyxl, for one) holds
        none: its results are the engine's from its inputs, and a spreadsheet shows them
        once it recalculates the file."""
        return any(value is not None for value in self.stored.values())

    def given(self) -> frozenset[str]:
        """The inputs the planner gave, by the workbook's own rule (:mod:`calc.workbook.
        evidence_cells`): those given when it was made, and those whose cell no longer
        holds the default."""
        calculator = engine.calculator(self.calculator)
        return frozenset(name for name, value in self.inputs.items()
                         if name not in self.defaulted
                         or not is_default(calculator.inputs[name], value, calculator.id))


@dataclass(frozen=True)
class Disagreement:
    """A stored result that is not what the engine computes from the sheet's inputs."""

    output: str
    cell: str
    stored: object
    """What the file holds; None where it holds no result at all."""
    engine: object


@dataclass(frozen=True)
class CheckedSheet:
    """A sheet's inputs evaluated by the engine, with the stored results that disagree."""

    sheet: ImportedSheet
    result: engine.Result
    disagreements: list[Disagreement]
    """Empty where the sheet stores no result at all (:attr:`ImportedSheet.results_stored`):
    there is nothing to disagree."""


def check_workbook(path: Path) -> list[CheckedSheet]:
    """Read every calculator sheet of the workbook ``path`` and evaluate its inputs. Every
    problem is a one-line MqcalcError starting ``workbook PATH:`` (an InputError, naming the
    sheet and cell, when a typed value is at fault)."""
    return [checked_sheet(f"workbook {path}", sheet, sheet.given())
            for sheet in read_workbook(path)]


def read_workbook(path: Path) -> list[ImportedSheet]:
    """The calculator sheets of the workbook ``path``, in the file's order; sheets not named
    by a calculator id (an overview, sources, sweeps) are skipped."""
    try:
        return _read(path)
    except Malformed as error:
        raise MqcalcError(f"workbook {path}: {error}") from None


def _read(path: Path) -> list[ImportedSheet]:
    """As :func:`read_workbook`; a refusal is a Malformed saying why, without the path."""
    package = Package(path)
    known = {calculator.id: calculator for calculator in engine.catalogue()}
    book = read_index(package, lambda title: title in known or title == PLAN_SHEET,
                      names_wanted())
    sheets = [sheet for sheet in book.sheets if sheet.title in known]
    if not sheets:
        if book.sheets:
            raise Malformed(f"is a plan workbook (its first sheet is {PLAN_SHEET}): mqcalc "
                            f"plan --from-workbook FILE reads it")
        raise Malformed(f"has no calculator sheet (expects a sheet named by a calculator id: "
                        f"{', '.join(known)})")
    return read_sheets(package, book, {sheet: known[sheet.title] for sheet in sheets})


def names_wanted() -> Callable[[str], bool]:
    """Whether a defined name is one a calculator sheet's reader needs: an input's or an
    output's id, an input's :func:`~calc.core.names.assumed_name`, or the low or high of
    an input given as a range."""
    ids = {name for calculator in engine.catalogue()
           for name in [*calculator.inputs, *calculator.outputs]}
    ids |= {assumed_name(name) for calculator in engine.catalogue() for name in calculator.inputs}
    ids |= {range_name(end, name) for calculator in engine.catalogue()
            for name in calculator.inputs for end in RANGE_ENDS}
    return ids.__contains__


def read_sheets(package: Package, book: Book, sheets: dict[Sheet, Calculator],
                linked: dict[Sheet, dict] | None = None) -> list[ImportedSheet]:
    """Each of ``sheets`` (sheet -> the calculator it is) as the file holds it, the inputs
    in ``linked`` (sheet -> input id -> value) taken from there, not from the sheet."""
    cells = {sheet: sheet_cells(book, sheet, calculator) for sheet, calculator in sheets.items()}
    wanted = {sheet.title: read_cells(package, sheet, set(cells[sheet].values()))
              for sheet in sheets}
    held = values(package, book, wanted)
    linked = linked or {}
    return [_imported(sheet.title, calculator, cells[sheet], held[sheet.title],
                      frozenset(name for name in calculator.inputs
                                if (sheet.index, assumed_name(name)) in book.names),
                      linked.get(sheet, {}))
            for sheet, calculator in sheets.items()]


def sheet_cells(book: Book, sheet: Sheet, calculator: Calculator) -> dict:
    """Input or output id -> the coordinate its local defined name points at, each name
    checked to be one cell before any sheet is read; and, for an input the sheet gives as a
    range, its low and high (``low.ID``, ``high.ID``) likewise."""
    cells = {name: named_cell(book, sheet, name, f"{kind} {name}")
             for kind, names in (("input", calculator.inputs), ("output", calculator.outputs))
             for name in names}
    for name in calculator.inputs:
        for end in RANGE_ENDS:
            if (sheet.index, range_name(end, name)) in book.names:
                cells[range_name(end, name)] = named_cell(book, sheet, range_name(end, name),
                                                          f"the {end} of input {name}")
    return cells


def _imported(title: str, calculator: Calculator, cells: dict, held: dict,
              defaulted: frozenset[str], linked: dict) -> ImportedSheet:
    inputs = {}
    for name, spec in calculator.inputs.items():
        if name in linked:
            inputs[name] = linked[name]
            continue
        value = held.get(cells[name])
        if value is None or value == "":
            raise Malformed(f"sheet {title}, cell {cells[name]}: input {name} is empty or a "
                            f"formula with no stored result (expects {spec.accepts()})")
        inputs[name] = _with_ends(value, [held.get(cells.get(range_name(end, name)))
                                          for end in RANGE_ENDS])
    stored = {name: held.get(cells[name]) for name in calculator.outputs}
    return ImportedSheet(calculator.id, title, inputs, cells, stored, defaulted)


def _with_ends(value: object, ends: list) -> object:
    """An input cell's ``value``, or, where its low or high cell holds something, the range
    ``low..value..high`` as the engine reads one (an end left empty is refused there, named
    with the input)."""
    if all(end is None or end == "" for end in ends):
        return value
    return RANGE_MARK.join("" if part is None else str(plain_number(part))
                           for part in (ends[0], value, ends[1]))


_ONE_CELL = re.compile(r"(?:'((?:[^']|'')+)'|([^'!]+))!\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})")
"""A reference to one cell of a named sheet, as a defined name holds it: ``connect!$B$9``
or ``'a sheet'!$B$9`` (a quote in the sheet's name doubled)."""
ROWS, COLUMNS = 1_048_576, 16_384
"""The rows and columns of a sheet (Excel's specifications and limits)."""


def one_cell(defined: str) -> tuple[str, str] | None:
    """The sheet title and coordinate of the one cell a defined name's text refers to;
    None where it refers to anything else (a range, a formula, a constant)."""
    match = _ONE_CELL.fullmatch(defined)
    if match is None:
        return None
    title = match[2] if match[1] is None else match[1].replace("''", "'")
    column, row = match[3].upper(), int(match[4])
    if column_index_from_string(column) > COLUMNS or row > ROWS:
        return None
    return title, f"{column}{row}"


def named_cell(book: Book, sheet: Sheet, name: str, what: str) -> str:
    """The coordinate of the one cell of ``sheet`` that its local defined name ``name`` (for
    ``what``) points at, read from the name's text alone (a range is refused, never built)."""
    defined = book.names.get((sheet.index, name))
    if defined is None:
        raise Malformed(f"sheet {sheet.title}: has no defined name {name} for {what} (a name "
                        "local to the sheet, as mqcalc build writes it)")
    found = one_cell(defined)
    if found is not None and found[0] == sheet.title:
        return found[1]
    raise Malformed(f"sheet {sheet.title}: the defined name {name} ({what}) refers to "
                    f"{_reference(defined) or 'nothing'}, not to one cell of this sheet")


def _reference(text: str) -> str:
    """A defined name's reference as a message gives it: as written (it is a formula, not a
    value), cut short like a value when long."""
    return text if len(text) <= SHOWN_CHARACTERS else shown(text)


def checked_sheet(where: str, sheet: ImportedSheet, given: frozenset[str]) -> CheckedSheet:
    """The engine's evaluation of the sheet's inputs with ``given``, and the results stored
    on it that disagree with it; a value refused names ``where`` (the workbook), the sheet
    and its cell."""
    calculator = engine.calculator(sheet.calculator)
    inputs = {name: _as_given(calculator.inputs[name], value)
              for name, value in sheet.inputs.items()}
    try:
        result = engine.run(sheet.calculator, inputs, given)
    except InputError as error:
        raise error.at(f"{where}: sheet {sheet.title}, cell {sheet.cells[error.name]}") from None
    except MqcalcError as error:
        raise MqcalcError(f"{where}: sheet {sheet.title}: {error}") from None
    if not sheet.results_stored:
        return CheckedSheet(sheet, result, [])
    disagreements = [Disagreement(name, sheet.cells[name], sheet.stored[name], value)
                     for name, value in result.outputs.items()
                     if not agrees(calculator.outputs[name].value_type, value,
                                   sheet.stored[name])]
    return CheckedSheet(sheet, result, disagreements)


def is_default(spec: Input, value: object, calculator_id: str) -> bool:
    """Whether a cell's ``value`` is the input's default, as the engine reads it (a value
    the engine refuses is not)."""
    try:
        return coerce(spec, _as_given(spec, value), calculator_id) == spec.default
    except InputError:
        return False


def _as_given(spec: Input, value: object) -> object:
    """A cell's value as the engine takes it: a boolean input's 1 or 0 (how some
    spreadsheets keep TRUE and FALSE) as yes or no, a whole float as the whole number."""
    if spec.type == "bool" and not isinstance(value, bool) and isinstance(value, (int, float)) \
            and value in (0, 1):
        return bool(value)
    return plain_number(value)


def agrees(kind: str, expected: object, stored: object) -> bool:
    """Whether a stored result is the engine's: numbers within the tolerance, booleans
    exactly (or as 1 and 0), texts exactly (an empty text may be stored as nothing)."""
    if kind == TEXT:
        return (stored if stored is not None else "") == expected
    if kind == BOOL:
        return isinstance(stored, (bool, int, float)) and stored == expected
    if isinstance(stored, bool) or not isinstance(stored, (int, float)):
        return False
    return math.isclose(stored, expected, rel_tol=RELATIVE_TOLERANCE,
                        abs_tol=RELATIVE_TOLERANCE)
