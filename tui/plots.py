"""The Plots tab: a calculator's declared charts drawn in the terminal with plotext.

Which charts exist, and every point on them, come from the template and the engine
(:func:`calc.chart_series`); this module only draws them. The current value of the varied
input is marked, so the picture shows where today's configuration sits.
"""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Select, Static
from textual_plotext import PlotextPlot

from calc.charts import Series
from calc.model import Calculator


class ChartView(Vertical):
    """A chart picker, the chart's help and the plot."""

    def compose(self) -> ComposeResult:
        yield Select([], prompt="Chart", id="chart-choice")
        yield Static(id="chart-help")
        yield PlotextPlot(id="chart")

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
            self.query_one("#chart", PlotextPlot).plt.clear_data()

    @property
    def chosen(self) -> str | None:
        value = self.query_one("#chart-choice", Select).value
        return None if value is Select.BLANK else value

    def draw(self, calculator: Calculator, series: Series) -> None:
        """Plot ``series``: lines over a numeric input, grouped bars over a choice."""
        chart = series.chart
        varied = calculator.inputs[chart.x]
        self.query_one("#chart-help", Static).update(chart.help)
        plot = self.query_one("#chart", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(chart.title)
        plt.xlabel(f"{varied.title} ({varied.unit})" if varied.unit else varied.title)
        plt.ylabel(chart.unit)
        titles = [calculator.outputs[name].title for name in chart.y]
        if chart.kind == "bar":
            labels = [_label(x, x == series.at) for x in series.x]
            heights = [[value or 0 for value in series.y[name]] for name in chart.y]
            if len(heights) == 1:
                plt.bar(labels, heights[0])
            else:
                plt.multiple_bar(labels, heights, labels=titles)
        else:
            for name, title in zip(chart.y, titles):
                shown = [(x, y) for x, y in zip(series.x, series.y[name]) if y is not None]
                if shown:
                    plt.plot(*zip(*shown), label=title, marker="braille")
            plt.vline(series.at)
        plot.refresh()


def _label(x: object, current: bool) -> str:
    """A bar's label: the choice (yes/no for a switch), starred when it is today's."""
    text = ("yes" if x else "no") if isinstance(x, bool) else str(x)
    return f"*{text}" if current else text
