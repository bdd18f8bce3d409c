"""Reading a mqzcalc workbook back: the inputs someone typed into its sheets, evaluated by
the engine, and every stored result the file holds that the engine does not agree with.

Only the layout's stable parts are relied on: a calculator's sheet is named by its id, and
each input and output cell has a defined name local to that sheet equal to its id. Where the
cells sit, styles and every other sheet are left alone, so the reader keeps working when the
layout changes. Results are read as the file stores them (``data_only``): a spreadsheet
application stores what it last calculated; a tool that does not calculate (openpyxl) stores
nothing, which is reported, not guessed at.
"""
from __future__ import annotations

import math
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import ParseError

import openpyxl
from openpyxl.cell.cell import Cell, MergedCell

from .. import engine
from ..errors import InputError, MqcalcError
from ..files import reason
from ..formatting import plain_number
from ..model import BOOL, TEXT, Calculator, Input

RELATIVE_TOLERANCE = 1e-9
"""How far a stored number may be from the engine's and still agree: spreadsheets keep 15
significant digits, and compute in another order."""


@dataclass(frozen=True)
class ImportedSheet:
    """One calculator's sheet as the file holds it."""

    calculator: str
    inputs: dict
    """Input id -> the value in its cell, as the file types it (number, text or boolean)."""
    cells: dict
    """Input or output id -> the coordinate of its cell (e.g. ``B9``)."""
    stored: dict
    """Output id -> the result stored in its cell; None where the file holds none."""


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


def check_workbook(path: Path) -> list[CheckedSheet]:
    """Read every calculator sheet of the workbook ``path`` and evaluate its inputs. Every
    problem is a one-line MqcalcError starting ``workbook PATH:`` (an InputError, naming the
    sheet and cell, when a typed value is at fault)."""
    return [_checked(path, sheet) for sheet in read_workbook(path)]


def read_workbook(path: Path) -> list[ImportedSheet]:
    """The calculator sheets of the workbook ``path``, in the file's order; sheets not named
    by a calculator id (an overview, sources, sweeps) are skipped."""
    book = _open(path)
    known = {calculator.id: calculator for calculator in engine.catalogue()}
    sheets = [_read_sheet(path, sheet, known[sheet.title]) for sheet in book.worksheets
              if sheet.title in known]
    if not sheets:
        raise MqcalcError(f"workbook {path}: has no calculator sheet (expects a sheet named "
                          f"by a calculator id: {', '.join(known)})")
    return sheets


def _open(path: Path):
    """The workbook with stored results in place of formulas, or a one-line MqcalcError."""
    try:  # opened here so the content decides, not the name's ending as openpyxl would
        with open(path, "rb") as handle, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns of parts it skips: not ours
            return openpyxl.load_workbook(handle, data_only=True)
    except OSError as error:
        raise MqcalcError(f"workbook {path}: cannot be read: {reason(error)}") \
            from None
    except zipfile.BadZipFile:
        raise MqcalcError(f"workbook {path}: is not an xlsx workbook (an xlsx file is a zip "
                          "archive; this one is not)") from None
    except (KeyError, ParseError, ValueError, TypeError):  # a part missing or malformed
        raise MqcalcError(f"workbook {path}: is not an xlsx workbook mqcalc can read (a part "
                          "of it is missing or malformed)") from None


def _read_sheet(path: Path, sheet, calculator: Calculator) -> ImportedSheet:
    cells = {name: _cell_of(path, sheet, name, kind)
             for kind, names in (("input", calculator.inputs), ("output", calculator.outputs))
             for name in names}
    inputs = {}
    for name, spec in calculator.inputs.items():
        value = sheet[cells[name]].value
        if value is None or value == "":
            raise MqcalcError(f"workbook {path}: sheet {sheet.title}, cell {cells[name]}: "
                              f"input {name} is empty or a formula with no stored result (expects "
                              f"{spec.accepts()})")
        inputs[name] = value
    stored = {name: sheet[cells[name]].value for name in calculator.outputs}
    return ImportedSheet(calculator.id, inputs, cells, stored)


def _cell_of(path: Path, sheet, name: str, kind: str) -> str:
    """The coordinate of the one cell of ``sheet`` that its local defined name ``name``
    points at."""
    where = f"workbook {path}: sheet {sheet.title}"
    defined = sheet.defined_names.get(name)
    if defined is None:
        raise MqcalcError(f"{where}: has no defined name {name} for {kind} {name} (a name "
                          "local to the sheet, as mqcalc build writes it)")
    destinations = list(defined.destinations)
    cell = None
    if len(destinations) == 1 and destinations[0][0] == sheet.title:
        try:  # a range, a whole column or a cell off the sheet is no cell
            cell = sheet[destinations[0][1].replace("$", "")]
        except ValueError:
            pass
    if not isinstance(cell, (Cell, MergedCell)):
        raise MqcalcError(f"{where}: the defined name {name} ({kind} {name}) refers to "
                          f"{defined.attr_text}, not to one cell of this sheet")
    return cell.coordinate


def _checked(path: Path, sheet: ImportedSheet) -> CheckedSheet:
    calculator = engine.calculator(sheet.calculator)
    inputs = {name: _as_given(calculator.inputs[name], value)
              for name, value in sheet.inputs.items()}
    try:
        result = engine.run(sheet.calculator, inputs)
    except InputError as error:
        where = f"workbook {path}: sheet {sheet.calculator}, cell {sheet.cells[error.name]}"
        raise error.at(where) from None
    except MqcalcError as error:
        raise MqcalcError(f"workbook {path}: sheet {sheet.calculator}: {error}") from None
    disagreements = [Disagreement(name, sheet.cells[name], sheet.stored[name], value)
                     for name, value in result.outputs.items()
                     if not _agrees(calculator.outputs[name].value_type, value,
                                    sheet.stored[name])]
    return CheckedSheet(sheet, result, disagreements)


def _as_given(spec: Input, value: object) -> object:
    """A cell's value as the engine takes it: a boolean input's 1 or 0 (how some
    spreadsheets keep TRUE and FALSE) as yes or no, a whole float as the whole number."""
    if spec.type == "bool" and not isinstance(value, bool) and isinstance(value, (int, float)) \
            and value in (0, 1):
        return bool(value)
    return plain_number(value)


def _agrees(kind: str, expected: object, stored: object) -> bool:
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
