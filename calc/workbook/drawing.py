"""The calculators' charts drawn as native spreadsheet charts on their sheets, reading the
live figures of :mod:`.chart_data`: a line over a numeric input (a scatter chart with
straight lines, so the axis is to scale), grouped columns over a choice or a yes/no input.
A line chart also marks today's inputs: one point at the input's value on the calculator's
sheet and the first charted output's value there."""
from __future__ import annotations

from ..model import Chart
from .calculator_sheet import CalculatorSheet
from .chart_data import ChartRanges

SIZE = {"x_scale": 2.0, "y_scale": 1.15}
"""Scale of XlsxWriter's default 480 x 288 pixel chart: about as wide as the sheet's first
four columns and a little more, and as tall as the rows kept for it."""


def draw_charts(book, written: CalculatorSheet, ranges: dict[str, ChartRanges]) -> None:
    """Draw each chart of the calculator ``written`` at its place on that sheet."""
    for chart in written.calculator.charts.values():
        drawn = _chart(book, written, chart, ranges[chart.id])
        written.sheet.insert_chart(*written.chart_anchors[chart.id], drawn, SIZE)


def _chart(book, written: CalculatorSheet, chart: Chart, where: ChartRanges):
    calculator = written.calculator
    varied = calculator.inputs[chart.x]
    if chart.kind == "line":
        drawn = book.add_chart({"type": "scatter", "subtype": "straight"})
    else:
        drawn = book.add_chart({"type": "column"})
    for name in chart.y:
        drawn.add_series({"name": calculator.outputs[name].title, "categories": "=" + where.x,
                          "values": "=" + where.y[name]})
    if chart.kind == "line":
        drawn.add_series({"name": "Today", "categories": "=" + written.defined[chart.x],
                          "values": "=" + written.defined[chart.y[0]],
                          "line": {"none": True},
                          "marker": {"type": "diamond", "size": 9,
                                     "fill": {"color": "#C00000"},
                                     "border": {"color": "#C00000"}}})
    drawn.set_title({"name": chart.title, "name_font": {"size": 12}})
    axis = f"{varied.title} ({varied.unit})" if varied.unit else varied.title
    x_axis = {"name": axis, "name_font": {"size": 9, "bold": False}}
    if chart.kind == "line":
        x_axis.update(min=chart.points[0], max=chart.points[-1], num_format="#,##0.##")
    drawn.set_x_axis(x_axis)
    drawn.set_y_axis({"name": chart.unit, "name_font": {"size": 9, "bold": False},
                      "num_format": "#,##0.##",
                      "major_gridlines": {"visible": True, "line": {"color": "#D9D9D9"}}})
    drawn.set_legend({"position": "bottom"})
    return drawn
