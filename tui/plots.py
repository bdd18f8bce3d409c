"""The Plots tab: a calculator's declared charts drawn in the terminal with plotext.

Which charts exist, every point on them and what the axes are called come from the template
and the engine (:mod:`calc.engine.charts`): sweeps of the model, and source tables' published
figures; this module only draws them. The current value of the marked input is shown, so the
picture shows where today's configuration sits.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Select, Static

from calc.core.model import Calculator
from calc.engine.charts import Series, axis_titles

if TYPE_CHECKING:  # imported when the first chart is drawn (see ChartView.draw)
    from textual_plotext import PlotextPlot

Y_AXIS_ROOM = 10
"""Columns of the plot's width that the y axis's figures and the frame take."""
SMALLEST_PLOT = (40, 10)
"""Columns and rows a plot needs for readable axes: the y axis's figures, some room for the
points, the x axis's figures and its title."""
ROW_BAR_WIDTH = 0.05
"""A bar on its side this thin (of the room between labels) fills the one text row of its
label: plotext draws a thicker one across two rows, beside a neighbour's label."""


class ChartView(Vertical):
    """A chart picker, the chart's help and the plot (made when the first chart is drawn:
    the Plots tab is hidden at the start, and importing textual_plotext and plotext took
    some 15 ms of the time to the first frame)."""

    def compose(self) -> ComposeResult:
        yield Select([], prompt="Chart", id="chart-choice")
        yield Static(id="chart-help")
        yield Static("The terminal is too small for a readable chart: with the focus here "
                     "(Tab to the chart's list), F4 fills the screen with the results; or make "
                     "the terminal larger.", id="chart-small")

    def plots(self) -> list[PlotextPlot]:
        """The plot, once a chart has been drawn; before that, none."""
        return list(self.query("#chart"))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """Show the plot only where the room under the chart's help (and its one line of
        margin) is SMALLEST_PLOT's, and else say so in that room."""
        width, height = SMALLEST_PLOT
        rows = self.region.bottom - self.query_one("#chart-help", Static).region.bottom - 1
        fits = self.size.width >= width and rows >= height
        for plot in self.plots():
            plot.display = fits
        self.query_one("#chart-small", Static).display = not fits

    def offer(self, calculator: Calculator) -> None:
        """List ``calculator``'s charts and pick its first (or say it has none)."""
        choice = self.query_one("#chart-choice", Select)
        options = [(chart.title, chart.id) for chart in calculator.charts.values()]
        choice.set_options(options)
        choice.display = bool(options)
        if options:
            choice.value = options[0][1]
        else:
            self.query_one("#chart-help", Static).update(
                "This calculator declares no charts: its answers read best as they are.")
            for plot in self.plots():
                plot.plt.clear_data()

    @property
    def chosen(self) -> str | None:
        value = self.query_one("#chart-choice", Select).value
        return None if value is Select.BLANK else value

    def draw(self, calculator: Calculator, series: Series) -> None:
        """Plot ``series``: lines over numbers, grouped bars over choices, switches or a
        table's named rows; the marked value, when the chart has one, as a vertical line or
        a starred bar. The first draw makes the plot, and draws once it is laid out (bars
        lie on their side or not by its width)."""
        if not self.plots():
            from textual_plotext import PlotextPlot

            self.mount(PlotextPlot(id="chart"))
            self.call_after_refresh(self.fit)
            self.call_after_refresh(self.draw, calculator, series)
            return
        chart = series.chart
        x_title, titles = axis_titles(calculator, chart)
        self.query_one("#chart-help", Static).update(chart.help)
        [plot] = self.plots()
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(chart.title)
        if chart.kind == "bar":
            _bars(plt, series, x_title, titles, plot.size.width)
        else:
            _lines(plt, series, x_title, titles)
        plot.refresh()


def _lines(plt, series: Series, x_title: str, titles: tuple[str, ...]) -> None:
    """One line per series (points the engine refused left out), and the marked value as a
    vertical line."""
    chart = series.chart
    plt.xlabel(x_title)
    plt.ylabel(chart.unit)
    for name, title in zip(chart.y, titles):
        shown = [(x, y) for x, y in zip(series.x, series.y[name]) if y is not None]
        if shown:
            plt.plot(*zip(*shown), label=title, marker="braille")
    if series.at is not None:
        plt.vline(series.at)


def _bars(plt, series: Series, x_title: str, titles: tuple[str, ...], width: int) -> None:
    """A group of bars per point, the marked one starred. A single series whose labels, a
    space apart, are wider than the room under the bars (plotext would drop some of them)
    lies on its side instead: one text row per bar beside its label, in the chart's order
    from the top. Groups stay upright: on their side each would need a row per series, more
    than plotext places reliably."""
    chart = series.chart
    labels = [_label(x, x == series.at) for x in series.x]
    heights = [[value or 0 for value in series.y[name]] for name in chart.y]
    if len(heights) == 1 and len(" ".join(labels)) > width - Y_AXIS_ROOM:
        plt.xlabel(chart.unit)
        plt.ylabel(x_title)
        plt.bar(labels[::-1], heights[0][::-1], orientation="horizontal", width=ROW_BAR_WIDTH)
        return
    plt.xlabel(x_title)
    plt.ylabel(chart.unit)
    if len(heights) == 1:
        plt.bar(labels, heights[0])
    else:
        plt.multiple_bar(labels, heights, labels=titles)


def _label(x: object, current: bool) -> str:
    """A bar's label: the choice (yes/no for a switch), starred when it is today's."""
    text = ("yes" if x else "no") if isinstance(x, bool) else str(x)
    return f"*{text}" if current else text
