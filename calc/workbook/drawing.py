"""The calculators' charts drawn as native spreadsheet charts on their sheets, reading the
live figures of :mod:`.chart_data`: a line over a numeric input (a scatter chart with
straight lines, so the axis is to scale), grouped columns over a choice or a yes/no input.
A sweep's line chart marks today's inputs: one point at the input's value on the
calculator's sheet and the first charted output's value there; a table's line chart marks
today's value of the input it names with an upright line among the measurements. A line
chart may draw a cited constant level across it (``reference``). Axes take number formats
from their figures' scale; bars are named by the inputs' labels."""
from __future__ import annotations

from calc.core.model import Chart
from calc.engine.charts import axis_titles
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.chart_data import ChartRanges

TODAY_POINT = {"line": {"none": True},
               "marker": {"type": "diamond", "size": 9, "fill": {"color": "#C00000"},
                          "border": {"color": "#C00000"}}}
"""A sweep marks today's inputs with one red point on its first line."""
TODAY_LINE = {"line": {"color": "#C00000", "dash_type": "dash", "width": 1.5},
              "marker": {"type": "none"}}
"""A table chart marks today's value of its input with an upright dashed red line."""
REFERENCE_LINE = {"line": {"color": "#7F7F7F", "dash_type": "long_dash", "width": 1.25},
                  "marker": {"type": "none"}}
"""A threshold the source gives (such as adapters all busy), drawn level in grey."""
SIZE = {"x_scale": 2.0, "y_scale": 1.15}
"""Scale of XlsxWriter's default 480 x 288 pixel chart: about as wide as the sheet's first
four columns and a little more, and as tall as the rows kept for it."""


def draw_charts(book, written: CalculatorSheet, ranges: dict[str, ChartRanges]) -> None:
    """Draw each chart of the calculator ``written`` at its place on that sheet."""
    for chart in written.calculator.charts.values():
        drawn = _chart(book, written, chart, ranges[chart.id])
        written.sheet.insert_chart(*written.chart_anchors[chart.id], drawn, SIZE)


def _chart(book, written: CalculatorSheet, chart: Chart, where: ChartRanges):
    axis, names = axis_titles(written.calculator, chart)
    if chart.kind == "line":
        drawn = book.add_chart({"type": "scatter", "subtype": "straight"})
    else:
        drawn = book.add_chart({"type": "column"})
    for name, title in zip(chart.y, names):
        drawn.add_series({"name": title, "categories": "=" + where.categories,
                          "values": "=" + where.y[name]})
    if where.reference is not None:
        level_x, level_y = where.reference
        drawn.add_series({"name": written.calculator.constants[chart.reference].title,
                          "categories": "=" + level_x, "values": "=" + level_y, **REFERENCE_LINE})
    if where.today is not None:
        today_x, today_y = where.today
        look = TODAY_POINT if chart.table is None else TODAY_LINE
        drawn.add_series({"name": "Today", "categories": "=" + today_x,
                          "values": "=" + today_y, **look})
    drawn.set_title({"name": chart.title, "name_font": {"size": 12}})
    x_axis = {"name": axis, "name_font": {"size": 9, "bold": False}}
    if chart.kind == "line":  # no fixed range: the axis follows today's value wherever typed
        x_axis.update(num_format=where.x_format)
    drawn.set_x_axis(x_axis)
    drawn.set_y_axis({"name": chart.unit, "name_font": {"size": 9, "bold": False},
                      "num_format": where.y_format,
                      "major_gridlines": {"visible": True, "line": {"color": "#D9D9D9"}}})
    drawn.set_legend({"position": "bottom"})
    return drawn
