"""A calculator's figures as one flat table, for scripts: the hidden sheet ``<id>_values``.

Row 1 names the columns and every row under it is one input or result: its ``id``, its
``kind`` (input or result), its ``value``, its ``unit`` and its ``evidence`` (the letters of
what it rests on, as the calculator sheet's "Rests on" column shows them:
:mod:`.evidence_cells`). The range is an Excel Table (a ListObject) named like the sheet, so
``pandas.read_excel(path, sheet_name="connect_values")`` reads it with no header offset, and
Excel, LibreOffice and Power Query find it by name. Each value and evidence cell is a
formula reading the calculator sheet, so the table follows what is typed there; each stores
the engine's figure, like every other formula.
"""
from __future__ import annotations

from calc.engine.evidence import letters
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.evidence_cells import stored_input_mark
from calc.workbook.input_state import cell_value
from calc.workbook.layout import protect

COLUMNS = ("id", "kind", "value", "unit", "evidence")
"""The table's header, in row 1."""
WIDTHS = (34, 8, 18, 22, 10)
"""Column widths in characters, for a reader who unhides the sheet."""


def values_sheet_name(calculator_id: str) -> str:
    """The hidden sheet, and the Table on it, holding ``calculator_id``'s figures."""
    return f"{calculator_id}_values"


def write_values(book, written: CalculatorSheet) -> None:
    """Add the hidden sheet of the figures of the calculator ``written`` on its own sheet."""
    calculator, result = written.calculator, written.result
    name = values_sheet_name(calculator.id)
    sheet = book.add_worksheet(name)
    sheet.hide()
    for column, width in enumerate(WIDTHS):
        sheet.set_column(column, column, width)
    rows = []
    for spec in calculator.inputs.values():
        mark = written.input_mark_cell(spec.id)
        rows.append((spec.id, "input", cell_value(spec, result.inputs[spec.id]), spec.unit,
                     f'=""&{mark}' if mark else '=""', stored_input_mark(written, spec)))
    for output in calculator.outputs.values():
        rows.append((output.id, "result", result.outputs[output.id], output.unit,
                     f'=""&{written.marks_cell(output.id)}',
                     letters(result.evidence[output.id])))
    for row, (item, kind, value, unit, evidence, marks) in enumerate(rows, start=1):
        sheet.write_string(row, 0, item)
        sheet.write_string(row, 1, kind)
        sheet.write_formula(row, 2, "=" + written.names[item], None, value)
        sheet.write_string(row, 3, unit)
        sheet.write_formula(row, 4, evidence, None, marks)
    sheet.add_table(0, 0, len(rows), len(COLUMNS) - 1, {
        "name": name, "style": "Table Style Light 1",
        "columns": [{"header": header} for header in COLUMNS]})
    protect(sheet)
