"""The figures behind a calculator's charts, on a hidden sheet ``<id>_charts`` that follows
the calculator's sheet, so the charts there redraw as inputs are typed.

One block per chart declared in the template, a row per point. For a sweep, the row holds
the point along the chart's input ``x`` (a typed literal) and, in columns, the charted
outputs and every output that depends on ``x`` (directly or through other outputs), each a
formula reading the same row's cells. For a table chart, the row holds the table's row key
and each column shown, looked up in the source table on the calculator's sheet.
Everything that does not depend on ``x`` (the other inputs, outputs that ignore ``x``,
constants and tables) is read through defined names on this sheet that point at the
calculator's sheet: the charts' figures follow the inputs typed there. A formula cannot simply
inline the outputs it reads (an AMS chart's formula would pass Excel's 8,192-character limit),
hence a column per dependent output. Each column's formula is translated once and numbered
per row. Each cell stores the engine's value for the workbook's inputs, so viewers that do
not recalculate still draw the right picture.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

from calc import engine
from calc.core.formatting import places
from calc.core.model import Calculator, Chart
from calc.core.names import chart_range_name
from calc.engine.charts import axis_format, chart_series, point_labels
from calc.formula.emit_excel import to_excel
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.cells import ROW, range_text, row_cell, write_value
from calc.workbook.input_state import cell_value, switches_read
from calc.workbook.layout import protect
from calc.workbook.styles import Styles


def chart_data_sheet_name(calculator_id: str) -> str:
    """The hidden sheet holding ``calculator_id``'s chart figures."""
    return f"{calculator_id}_charts"


@dataclass(frozen=True)
class ChartRanges:
    """Where one chart's figures sit: the points along x and each y output's values, as
    absolute references with their sheet (``adapters_charts!$A$4:$A$35``)."""

    x: str
    y: dict[str, str]
    today: tuple[str, str] | None
    """Where today's inputs sit: references for x and y of a marker (a point on a sweep, an
    upright line on a table chart), or None for a chart that marks nothing."""
    categories: str
    """What the points along x are called on the chart: x itself for a line, the points'
    labels for bars."""
    reference: tuple[str, str] | None
    """References for x and y of the level reference line, or None."""
    x_format: str
    y_format: str
    """Number formats for the axes, from the scale of today's figures."""


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
    protect(sheet)
    for defined_name, reference in written.names.items():
        book.define_name(f"{name}!{defined_name}", "=" + reference)
    sheet.set_column(0, 60, 16)
    sheet.write(0, 0, f"The figures the charts on sheet {calculator.id} draw, following the "
                      "inputs typed there. Nothing here needs editing.", styles.subtitle)
    row, ranges = 2, {}
    for chart in calculator.charts.values():
        ranges[chart.id], row = _block(book, sheet, styles, name, written, chart, row)
        row += 2
    return ranges


def _block(book, sheet, styles: Styles, sheet_name: str, written: CalculatorSheet, chart: Chart,
           top: int) -> tuple[ChartRanges, int]:
    """One chart's rows, starting at row ``top``: its title, a header of names, then a row
    per point; for a table chart that marks an input, three more rows for the mark. Returns
    where the figures are and the last row used."""
    figures = _SweptFigures(written, chart) if chart.table is None else \
        _TableFigures(written, chart)
    columns = [chart.x, *figures.columns]
    sheet.write(top, 0, chart.title, styles.header)
    sheet.write_row(top + 1, 0, columns, styles.name)
    first = top + 2
    rows = figures.stored()
    point_style = styles.figure(chart.decimals)
    labels = point_labels(written.calculator, chart) if chart.kind == "bar" else None
    if labels:
        sheet.write(top + 1, len(columns), "label", styles.name)
    where = {name: row_cell(column) for column, name in enumerate(columns)}
    formulas = [(column, name, "=" + figures.formula(name, where), figures.style(name, styles))
                for column, name in enumerate(figures.columns, start=1)]
    x = written.calculator.inputs.get(chart.x)
    for index, (point, stored) in enumerate(zip(chart.points, rows)):
        row = first + index
        number = str(row + 1)
        write_value(sheet, row, 0, point if x is None else cell_value(x, point), point_style)
        if labels:
            sheet.write_string(row, len(columns), labels[index], styles.cell)
        for column, name, formula, style in formulas:
            sheet.write_formula(row, column, formula.replace(ROW, number), style, stored[name])
    last = first + len(chart.points) - 1

    def column_range(name: str) -> str:
        column = columns.index(name)
        reference = f"{sheet_name}!{range_text(first, column, last, column)}"
        book.define_name(f"{sheet_name}!{chart_range_name(chart.id, name)}", "=" + reference)
        return reference

    x, y = column_range(chart.x), {name: column_range(name) for name in chart.y}
    categories = x if labels is None else \
        f"{sheet_name}!{range_text(first, len(columns), last, len(columns))}"
    figures_shown = [stored[name] for stored in rows for name in chart.y]
    if chart.mark is None or chart.kind != "line":
        today = None
    elif chart.table is None:
        today = (written.names[chart.x], written.names[chart.y[0]])
    else:
        highest = max(figures_shown)
        today = _mark_line(sheet, sheet_name, written, chart, last + 2, y, highest)
        last += 4
    reference = None
    if chart.reference is not None:
        reference = _reference_line(sheet, sheet_name, written, chart, last + 2, x)
        figures_shown.append(written.calculator.constants[chart.reference].value)
        last += 4
    return ChartRanges(x, y, today, categories, reference, axis_format(chart.points),
                       axis_format(figures_shown)), last


def _mark_line(sheet, sheet_name: str, written: CalculatorSheet, chart: Chart, top: int,
               y: dict[str, str], highest: float) -> tuple[str, str]:
    """Two points drawing an upright line at the marked input's value, from 0 to
    ``highest``, the chart's highest figure: where today's configuration sits among the
    measurements."""
    mark = written.names[chart.mark]
    level = written.result.inputs[chart.mark]
    sheet.write(top, 0, f"Today's {chart.mark}", written.styles.name)
    at = written.styles.figure(written.calculator.inputs[chart.mark].decimals)
    for row, height, stored in ((top + 1, "0", 0), (top + 2, f"MAX({','.join(y.values())})",
                                                     highest)):
        sheet.write_formula(row, 0, f"={mark}", at, level)
        sheet.write_formula(row, 1, f"={height}", written.styles.figure(places(highest)), stored)
    return (f"{sheet_name}!{range_text(top + 1, 0, top + 2, 0)}",
            f"{sheet_name}!{range_text(top + 1, 1, top + 2, 1)}")


def _reference_line(sheet, sheet_name: str, written: CalculatorSheet, chart: Chart, top: int,
                    x: str) -> tuple[str, str]:
    """Two points drawing the chart's reference constant level across the chart, from its
    first point or today's value of the marked input, whichever is lower, to its last
    point or today's, whichever is higher."""
    level = written.calculator.constants[chart.reference].value
    sheet.write(top, 0, chart.reference, written.styles.name)
    today = written.names.get(chart.mark)
    style = written.styles.figure(chart.decimals)
    for row, pick in ((top + 1, min), (top + 2, max)):
        ends = [chart.points[0] if pick is min else chart.points[-1]]
        formula = f"{pick.__name__.upper()}({x}"
        if today is not None:
            ends.append(written.result.inputs[chart.mark])
            formula += f",{today}"
        sheet.write_formula(row, 0, f"={formula})", style, pick(ends))
        sheet.write_formula(row, 1, f"={chart.reference}", written.styles.figure(places(level)),
                            level)
    return (f"{sheet_name}!{range_text(top + 1, 0, top + 2, 0)}",
            f"{sheet_name}!{range_text(top + 1, 1, top + 2, 1)}")


class _SweptFigures:
    """A sweep's columns: the charted outputs and every output that depends on the input
    along x, each a formula reading the same row's cells; stored values from the engine."""

    def __init__(self, written: CalculatorSheet, chart: Chart):
        self.calculator, self.chart, self.inputs = written.calculator, chart, written.result.inputs
        self.columns = chart_columns(self.calculator, chart)

    def stored(self) -> list[dict]:
        swept = engine.sweep(self.calculator.id, self.inputs, self.chart.x, self.chart.points)
        return [{name: "" if outputs is None else outputs[name] for name in self.columns}
                for outputs in swept]

    def formula(self, name: str, where: dict[str, str]) -> str:
        return to_excel(self.calculator.outputs[name].tree,
                        switches_read(self.calculator.inputs, lambda n: where.get(n, n)))

    def style(self, name: str, styles: Styles):
        return styles.output(self.calculator.outputs[name])


class _TableFigures:
    """A table chart's columns: each shown column of the table, looked up on the
    calculator's sheet by the row's key, as the template's own formulas look tables up."""

    def __init__(self, written: CalculatorSheet, chart: Chart):
        self.table = written.calculator.tables[chart.table]
        self.chart, self.columns = chart, list(chart.y)
        self.written = written

    def stored(self) -> list[dict]:
        series = chart_series(self.written.calculator.id, self.chart.id,
                              self.written.result.inputs)
        return [dict(zip(self.columns, row)) for row in zip(*series.y.values())]

    def formula(self, name: str, where: dict[str, str]) -> str:
        row_key = ast.Name(id=self.chart.x)
        key = ast.Tuple(elts=[row_key, ast.Constant(value=name)]) if self.table.col_keys \
            else row_key
        return to_excel(ast.Subscript(value=ast.Name(id=self.table.id), slice=key),
                        switches_read(self.written.calculator.inputs, lambda n: where.get(n, n)))

    def style(self, name: str, styles: Styles):
        return styles.figure(self.table.decimals)
