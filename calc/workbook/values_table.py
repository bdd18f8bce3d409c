"""Figures as flat tables, for scripts: each calculator's on the hidden sheet
``<id>_values``, a plan's on the hidden sheet ``Plan_values``.

Row 1 names the columns and every row under it is one figure. The range is an Excel Table (a
ListObject) named like its sheet, so ``pandas.read_excel(path, sheet_name="connect_values")``
reads it with no header offset, and Excel, LibreOffice and Power Query find it by name.
Each value is a formula reading the sheet that shows the figure, so the table follows what
is typed there; each stores the engine's figure, like every other formula.

A calculator's table: ``id``, ``kind`` (input or result), ``value``, ``unit`` and
``evidence`` (the letters of what it rests on, as the calculator sheet's "Rests on" column
shows them: :mod:`.evidence_cells`), one row per input and result. A plan's: ``variant``,
``id``, ``figure``, ``unit`` and ``value``, one row per variant and figure of the Plan
sheet's CPU by address space (each address space, the total, the share of the LPAR, MSU and
the headroom).
"""
from __future__ import annotations

from dataclasses import dataclass

from calc.engine.evidence import letters
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.evidence_cells import stored_input_mark
from calc.workbook.input_state import cell_value
from calc.workbook.layout import protect

COLUMNS = ("id", "kind", "value", "unit", "evidence")
"""A calculator's table's header, in row 1."""
PLAN_COLUMNS = ("variant", "id", "figure", "unit", "value")
"""A plan's table's header, in row 1."""
WIDTH = 24
"""Each column's width in characters, for a reader who unhides the sheet."""


@dataclass(frozen=True)
class Formula:
    """A cell of a table that reads another sheet: its formula and the value it stores."""

    text: str
    stored: object


def values_sheet_name(title: str) -> str:
    """The hidden sheet, and the Table on it, holding the figures of the sheet ``title``
    (a calculator's id, or the Plan sheet's name)."""
    return f"{title}_values"


def write_values(book, written: CalculatorSheet) -> None:
    """The table of the inputs and results of the calculator ``written`` on its sheet."""
    calculator, result = written.calculator, written.result
    rows = []
    for spec in calculator.inputs.values():
        mark = written.input_mark_cell(spec.id)
        rows.append([spec.id, "input",
                     Formula("=" + written.names[spec.id],
                             cell_value(spec, result.inputs[spec.id])),
                     spec.unit,
                     Formula(f'=""&{mark}' if mark else '=""', stored_input_mark(written, spec))])
    for output in calculator.outputs.values():
        rows.append([output.id, "result",
                     Formula("=" + written.names[output.id], result.outputs[output.id]),
                     output.unit,
                     Formula(f'=""&{written.marks_cell(output.id)}',
                             letters(result.evidence[output.id]))])
    write_table(book, values_sheet_name(calculator.id), COLUMNS, rows)


def write_table(book, name: str, columns: tuple[str, ...], rows: list[list]) -> None:
    """Add the hidden sheet ``name`` holding ``rows`` (each a text or a :class:`Formula` per
    column) under the header ``columns``, as a Table named ``name``."""
    sheet = book.add_worksheet(name)
    sheet.hide()
    sheet.set_column(0, len(columns) - 1, WIDTH)
    for row, cells in enumerate(rows, start=1):
        for column, cell in enumerate(cells):
            if isinstance(cell, Formula):
                sheet.write_formula(row, column, cell.text, None, cell.stored)
            else:
                sheet.write_string(row, column, cell)
    sheet.add_table(0, 0, len(rows), len(columns) - 1, {
        "name": name, "style": "Table Style Light 1",
        "columns": [{"header": header} for header in columns]})
    protect(sheet)
