"""The figures behind a calculator's charts, on a hidden sheet ``<id>_charts`` that follows
the calculator's sheet, so the charts there redraw as inputs are typed.

One block per chart declared in the template: a row per point along the chart's input
``x``, holding that point (a typed literal) and, in columns, the charted outputs and every
output that depends on ``x`` (directly or through other outputs), each a formula reading the
same row's cells.
Everything that does not depend on ``x`` (the other inputs, outputs that ignore ``x``,
constants and tables) is read through defined names on this sheet that point at the
calculator's sheet: the charts' figures follow the inputs typed there. A formula cannot simply
inline the outputs it reads (an AMS chart's formula would pass Excel's 8,192-character limit),
hence a column per dependent output. Each cell stores the engine's value for the workbook's
inputs, so viewers that do not recalculate still draw the right picture.
"""
from __future__ import annotations

from dataclasses import dataclass

from xlsxwriter.utility import xl_rowcol_to_cell

from .. import engine
from ..emit_excel import to_excel
from ..model import Calculator, Chart
from ..names import chart_range_name
from .calculator_sheet import CalculatorSheet, range_text, write_typed
from .styles import Styles


def chart_data_sheet_name(calculator_id: str) -> str:
    """The hidden sheet holding ``calculator_id``'s chart figures."""
    return f"{calculator_id}_charts"


@dataclass(frozen=True)
class ChartRanges:
    """Where one chart's figures sit: the points along x and each y output's values, as
    absolute references with their sheet (``adapters_charts!$A$4:$A$35``)."""

    x: str
    y: dict[str, str]


def chart_columns(calculator: Calculator, chart: Chart) -> list[str]:
    """The outputs a chart's block needs, in evaluation order (so each comes after the
    outputs it reads): those that read the chart's input directly or through other outputs,
    and the charted ones (a charted output that ignores the input draws a level line)."""
    needed = {chart.x, *chart.y}
    for output_id in calculator.evaluation_order:
        if needed & set(calculator.outputs[output_id].depends):
            needed.add(output_id)
    return [output_id for output_id in calculator.evaluation_order if output_id in needed]


def write_chart_data(book, styles: Styles, written: CalculatorSheet) -> dict[str, ChartRanges]:
    """Add the hidden chart-data sheet for the calculator ``written`` on its own sheet, and
    return where each chart's figures are."""
    calculator = written.calculator
    name = chart_data_sheet_name(calculator.id)
    sheet = book.add_worksheet(name)
    sheet.hide()
    for defined_name, reference in written.defined.items():
        book.define_name(f"{name}!{defined_name}", "=" + reference)
    sheet.set_column(0, 60, 16)
    sheet.write(0, 0, f"The figures the charts on sheet {calculator.id} draw, following the "
                      "inputs typed there. Nothing here needs editing.", styles.subtitle)
    row, ranges = 2, {}
    for chart in calculator.charts.values():
        ranges[chart.id] = _block(book, sheet, styles, name, written, chart, row)
        row += len(chart.points) + 4
    return ranges


def _block(book, sheet, styles: Styles, sheet_name: str, written: CalculatorSheet, chart: Chart,
           top: int) -> ChartRanges:
    """One chart's rows, starting at row ``top``: its title, a header of names, then a row
    per point."""
    calculator = written.calculator
    columns = [chart.x, *chart_columns(calculator, chart)]
    sheet.write(top, 0, chart.title, styles.header)
    sheet.write_row(top + 1, 0, columns, styles.name)
    first = top + 2
    swept = engine.sweep(calculator.id, written.result.inputs, chart.x, chart.points)
    for index, (point, outputs) in enumerate(zip(chart.points, swept)):
        row = first + index
        where = {column_name: xl_rowcol_to_cell(row, column)
                 for column, column_name in enumerate(columns)}
        write_typed(sheet, row, 0, point, styles.cell)
        for column, output_id in enumerate(columns[1:], start=1):
            output = calculator.outputs[output_id]
            stored = "" if outputs is None else outputs[output_id]
            sheet.write_formula(row, column, "=" + to_excel(output.tree,
                                                            lambda n: where.get(n, n)),
                                styles.output(output), stored)
    last = first + len(chart.points) - 1

    def column_range(column_name: str) -> str:
        column = columns.index(column_name)
        reference = f"{sheet_name}!{range_text(first, column, last, column)}"
        book.define_name(f"{sheet_name}!{chart_range_name(chart.id, column_name)}",
                         "=" + reference)
        return reference

    return ChartRanges(column_range(chart.x), {y: column_range(y) for y in chart.y})
