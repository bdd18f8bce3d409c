"""How a value read back from a workbook is found and compared with the engine's."""
from __future__ import annotations

import re

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

import calc
from calc.core.model import NUMBER
from calc.core.names import chart_range_name
from calc.engine.evidence import letters
from calc.workbook.chart_data import chart_data_sheet_name
from calc.workbook.input_state import cell_value
from calc.workbook.notes_block import BULLET
from calc.workbook.sheet_columns import RESTS


def agrees(expected, found, rel: float = 1e-9) -> bool:
    """Numbers within ``rel``; booleans exactly (a spreadsheet may hand back 1 or 0); texts
    exactly (an empty result may come back as no value at all)."""
    if isinstance(expected, bool):
        return found in (expected, int(expected))
    if isinstance(expected, str):
        return (found or "") == expected
    return found == pytest.approx(expected, rel=rel, abs=rel)


def named_cell(sheet, name: str):
    """The cell a sheet-local defined name points at."""
    return sheet[sheet.defined_names[name].attr_text.split("!")[1].replace("$", "")]


def named_values(book, sheet: str, name: str) -> list:
    """The values of the one-column range a sheet-local defined name points at."""
    target_sheet, reference = book[sheet].defined_names[name].attr_text.split("!")
    cells = book[target_sheet.strip("'")][reference.replace("$", "")]
    return [row[0].value for row in cells]


def rests_on(coordinate: str) -> str:
    """The "Rests on" cell beside the cell at ``coordinate`` (A1) of a calculator sheet."""
    return get_column_letter(RESTS + 1) + re.sub(r"^[A-Z]+", "", coordinate)


def expected_marks(calculator, inputs: dict, made_with: frozenset = frozenset()) -> dict:
    """What a calculator sheet's "Rests on" cells show for ``inputs`` typed over a workbook
    made with the inputs ``made_with`` given: the engine's letters, each input counted as
    given when it was then or when its value is not the default (the workbook's rule,
    :mod:`calc.workbook.evidence_cells`). Inputs and outputs alike, by id."""
    values = calc.validate(calculator.id, inputs)
    given = made_with | {name for name, spec in calculator.inputs.items()
                         if values[name] != spec.default}
    result = calc.run(calculator.id, values, given)
    shown = {name: letters(kinds) for name, kinds in result.evidence.items()}
    shown.update({name: "" if name in given or name in result.not_applying else "A"
                  for name in calculator.inputs})
    return shown


def notes_from_lines(lines: list) -> list[str]:
    """The notes a sheet's notes list shows, put back together from its lines: a note starts
    at each bullet. The list's empty lines must all come after the lines it shows."""
    shown = [line or "" for line in lines]
    count = sum(1 for line in shown if line)
    assert all(shown[:count]) and not any(shown[count:]), f"a gap among the notes: {shown}"
    notes: list[str] = []
    for line in shown[:count]:
        if line.startswith(BULLET):
            notes.append(line[len(BULLET):])
        else:
            notes[-1] += " " + line
    return notes


def expected_series(calculator, chart, inputs) -> dict[str, tuple]:
    """The chart's input points, as their cells hold them (a switch's yes or no), and each
    output's figures, as the engine computes them."""
    series = calc.chart_series(calculator.id, chart.id, inputs)
    x = calculator.inputs.get(chart.x)
    points = series.x if x is None else tuple(cell_value(x, point) for point in series.x)
    return {chart.x: points, **series.y}


def chart_blocks_equal_engine(read, calculator, inputs, rel: float) -> int:
    """Compare every chart's block, read by ``read(sheet, name) -> list``, with the
    engine; points the engine refuses are not compared. Returns how many figures were."""
    compared = 0
    for chart in calculator.charts.values():
        for column, expected in expected_series(calculator, chart, inputs).items():
            found = read(chart_data_sheet_name(calculator.id),
                         chart_range_name(chart.id, column))
            assert len(found) == len(expected), (chart.id, column)
            for point, (want, got) in enumerate(zip(expected, found)):
                if want is not None:
                    assert agrees(want, got, rel=rel), (chart.id, column, point, want, got)
                    compared += 1
    return compared


def ranged(calculator, result) -> dict[str, tuple]:
    """Each numeric output's (low, high) as the engine gives it, for a calculator with
    spreads or inputs given as ranges (a sheet has Low and High cells only then): the cells
    to compare."""
    if not calculator.spreads and not result.spans:
        return {}
    return {name: result.low_high(name) for name, output in calculator.outputs.items()
            if output.value_type == NUMBER}


def formula_disagreements(path, recalculated) -> tuple[list[tuple], int]:
    """Every formula cell of the workbook at ``path`` whose value in ``recalculated`` (the
    same workbook as another application saved it) is not the value the file stores, and
    how many formula cells were compared."""
    formulas = openpyxl.load_workbook(path)
    stored = openpyxl.load_workbook(path, data_only=True)
    ours = openpyxl.load_workbook(recalculated, data_only=True)
    found, compared = [], 0
    for sheet in formulas.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    expected = stored[sheet.title][cell.coordinate].value
                    value = ours[sheet.title][cell.coordinate].value
                    if not agrees("" if expected is None else expected, value):
                        found.append((sheet.title, cell.coordinate, expected, value))
                    compared += 1
    return found, compared
