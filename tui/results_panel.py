"""The results panel of the calculator screen: the answer first, why the results are held
(when they are), the results table with the explanation of the highlighted figure, the
plots, the values too long for the table and the notes. It shows what the engine gave;
it computes no figure (the explanation and the charts are the engine's too)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, Select, TabbedContent, TabPane

import calc
from calc.core.model import Calculator
from calc.core.readable import shown_figures, spread_text
from calc.engine.explain import explain

from .answer_view import answer_view
from .evidence_view import MARKS_WIDTH, marks_text, warning_lines
from .explain_view import explanation_view
from .plots import ChartView
from .widgets import Pane, ResultsTable

VALUE_WIDTH = 12
"""Width of the value column (figures are at most this wide once readable); longer texts
are shown in full under the table."""
RANGE_WIDTH = 15
"""Width of the low–high column: two figures of seven characters (``0.0617``, ``1,234.5``)
and the dash between, no more, as it takes the titles' room on a narrow screen; a wider
range is cut with an ellipsis (the explanation and the answer show it whole)."""

RESULT_PANES = ("answer", "long-values", "notes", "explain")
"""The panes that show a result, emptied as a calculator is laid out."""


def fit_cell(shown: str, width: int = VALUE_WIDTH) -> str:
    """``shown`` as it fits a column ``width`` wide: cut with an ellipsis when too long."""
    return shown if len(shown) <= width else shown[:width - 1] + "…"


class ResultsPanel(Vertical):
    """The results pane. It may fill the screen (maximize) as one, where maximizing the
    focused table alone would hide the answer and the explanation."""

    ALLOW_MAXIMIZE = True

    calculator: Calculator | None = None
    result: calc.Result | None = None
    """The result shown (None: none yet for this calculator)."""
    given: frozenset = frozenset()
    """The inputs a person gave for ``result`` (the explanation says which were assumed)."""
    ranged: bool = False
    """Whether the table has the low–high column (some figure of the result has a range)."""

    def compose(self) -> ComposeResult:
        yield Pane(id="answer")
        yield Pane(id="problem")
        with TabbedContent(id="views"):
            with TabPane("Results", id="tab-results"):
                yield ResultsTable(id="outputs", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="explain-box"):
                    yield Pane(id="explain")
            with TabPane("Plots", id="tab-plots"):
                yield ChartView(id="charts")
        with VerticalScroll(id="notes-box"):
            yield Pane(id="long-values")
            yield Pane(id="notes")

    def lay_out(self, calculator: Calculator) -> None:
        """Lay out ``calculator``'s results table and charts, with no result yet: the last
        calculator's figures must not stand for its own meanwhile."""
        self.calculator, self.result = calculator, None
        self.build_table(ranged=False)
        self.query_one("#charts", ChartView).offer(calculator)
        for pane_id in RESULT_PANES:
            self.query_one(f"#{pane_id}", Pane).show(Text())
        self.query_one("#long-values", Pane).display = False

    def build_table(self, ranged: bool) -> None:
        """The results table's columns and one empty row per output; with ``ranged`` a
        low–high column before the titles (only while some figure has a range: on a
        narrow screen it costs the titles room)."""
        calculator, self.ranged = self.calculator, ranged
        table = self.query_one("#outputs", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        # Value and unit first, so that a narrow screen cuts titles, never figures; the
        # unit one wider than the template's widest (a rate in "s/s" may read "ms/s").
        table.add_column("Value", key="value", width=VALUE_WIDTH)
        table.add_column("Unit", key="unit", width=1 + max(
            len(output.unit) for output in calculator.outputs.values()))
        table.add_column("", key="marks", width=MARKS_WIDTH)
        if ranged:
            table.add_column("Low–high", key="range", width=RANGE_WIDTH)
        table.add_column("Result", key="title",
                         width=max(len(output.title) for output in calculator.outputs.values()))
        for output in calculator.outputs.values():
            table.add_row(Text(""), Text(output.unit), Text(""), *[Text("")] * ranged,
                          Text(output.title), key=output.id)
        table.move_cursor(row=row, animate=False)

    def wants_ranges(self) -> bool:
        """Whether the table should have the low–high column: while some figure of the
        result has a range, and only where the panel is wide enough for it beside the
        values, units, marks and the longest title (at 80 columns the titles keep their
        room; the answer and the explanation show the ranges there)."""
        if self.result is None or not self.result.ranges:
            return False
        table = self.query_one("#outputs", DataTable)
        fixed = sum(column.width + 2 * table.cell_padding for key, column in table.columns.items()
                    if key.value not in ("title", "range"))
        longest = max(len(output.title) for output in self.calculator.outputs.values())
        return self.size.width >= fixed + RANGE_WIDTH + longest + 4 * table.cell_padding + 2

    def on_resize(self) -> None:
        if self.result is not None and self.wants_ranges() != self.ranged:
            self.show(self.result, self.given)

    def show(self, result: calc.Result, given: frozenset) -> None:
        """Put ``result`` on the screen, changing only the cells and panes that differ."""
        calculator = self.calculator
        self.result, self.given = result, given
        if self.wants_ranges() != self.ranged:
            self.build_table(ranged=not self.ranged)
        table = self.query_one("#outputs", ResultsTable)
        figures = shown_figures(calculator, result.outputs, result.unknown)
        self.query_one("#answer", Pane).show(
            answer_view(calculator, figures, result.evidence, result.ranges),
            key=(figures, str(result.evidence), str(result.ranges)))
        long_texts = []
        for name, output in calculator.outputs.items():
            shown = figures[name].text
            if len(shown) > VALUE_WIDTH:
                long_texts.append(Text.assemble((f"{output.title}: ", "bold"), shown))
            if table.get_cell(name, "value").plain != fit_cell(shown):
                table.show_value(name, "value", Text(fit_cell(shown), justify="right"))
            if table.get_cell(name, "unit").plain != figures[name].unit:
                table.show_value(name, "unit", Text(figures[name].unit))
            spread = fit_cell(spread_text(figures[name], output.unit, result.ranges.get(name)),
                              RANGE_WIDTH)
            if self.ranged and table.get_cell(name, "range").plain != spread:
                table.show_value(name, "range", Text(spread, justify="right"))
            marks = marks_text(result.evidence[name])
            if table.get_cell(name, "marks").plain != marks.plain:
                table.show_value(name, "marks", marks)
        long_values = self.query_one("#long-values", Pane)
        long_values.show(Text("\n").join(long_texts))
        long_values.display = bool(long_texts)
        notes = Text("\n").join([*warning_lines(calculator, result),
                                 *(Text(f"• {note}") for note in result.notes)])
        self.query_one("#notes", Pane).show(
            notes or Text("No notes for these inputs.", style="dim"))
        # The explanation in the same pass: put off until the table's repaint, it cost a
        # second layout of the whole screen for each change (explaining takes 1 to 2 ms).
        self.show_explanation()
        self.show_chart()

    def show_problem(self, problem: Text) -> None:
        """Say why the results are held, or nothing (an empty text)."""
        pane = self.query_one("#problem", Pane)
        pane.show(problem)
        pane.set_class(not problem.plain, "-empty")

    def highlighted_output(self) -> str:
        """The id of the output highlighted in the table."""
        table = self.query_one("#outputs", DataTable)
        keys = list(self.calculator.outputs)
        return keys[min(max(table.cursor_row, 0), len(keys) - 1)]

    def show_explanation(self) -> None:
        if self.result is None:
            return
        explanation = explain(self.calculator.id, self.highlighted_output(),
                              self.result.ranged_inputs(), self.given)
        self.query_one("#explain", Pane).show(explanation_view(explanation), key=explanation)

    def show_chart(self) -> None:
        view = self.query_one("#charts", ChartView)
        if (self.result is None or view.chosen is None
                or self.query_one("#views", TabbedContent).active != "tab-plots"):
            return
        view.draw(self.calculator, calc.chart_series(self.calculator.id, view.chosen,
                                                     self.result.inputs))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "chart-choice":
            event.stop()
            self.show_chart()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_explanation()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.set_class(event.pane.id == "tab-plots", "-plots")
        self.show_chart()
