"""The Plan view: a plan's variants side by side, the list to pick a variant's calculator to
edit in the usual calculator panes (or to add or remove one), the contributions the totals
add up, a bar per address space per variant, and the notes.
What it shows is written by :mod:`tui.plan_view`; the app opens, saves and recomputes."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from calc.inputs.plan_run import PlanResult

from .plan_view import Bars, contributions_table, figures_table, notes_view
from .widgets import SteadyFooter

NO_PLAN = ("No plan is open. Ctrl+O opens a plan file (examples/z16_encryption_ams.yaml is "
           "a sample): one queue manager's machine and two or more variants of its work.")


class PlanScreen(Screen):
    """The figures of the plan the app holds; Escape or F5 goes back to the calculators."""

    DEFAULT_CSS = """
    #plan-box { height: 1fr; padding: 0 1; overflow-x: auto; }
    #plan-box Static, #plan-box Label { margin-bottom: 1; }
    #plan-figures, #plan-contributions { width: auto; }
    #plan-problem { color: $error; }
    #plan-edit { height: auto; max-height: 12; margin-bottom: 1; }
    .plan-heading { text-style: bold; margin-bottom: 0; width: 100%; }
    """
    shown_pairs: list = []
    """The variants' calculators the list holds."""
    wanted: tuple[str, str] | None = None
    """The variant and calculator to highlight when the list is next made (one added)."""
    BINDINGS = [Binding("escape,f5", "app.plan", "Calculators"),
                Binding("ctrl+o", "app.open_plan", "Open plan"),
                Binding("ctrl+s", "app.save_plan", "Save plan"),
                # Named by the list's heading rather than in the footer, full at 80 columns.
                Binding("a", "app.add_calculator", "Add calculator", show=False),
                Binding("delete,d", "app.remove_calculator", "Remove calculator", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="plan-box"):
            yield Static(id="plan-title")
            yield Static(id="plan-problem")
            yield Static(id="plan-figures")
            yield Label("Each variant's calculators: Enter edits one (F5 comes back here), "
                        "A adds one, Delete removes one", classes="plan-heading")
            yield OptionList(id="plan-edit")
            yield Label("Contributions: each calculator's declared parts, added up into the "
                        "address spaces and the total above (blank: not used in that variant)",
                        classes="plan-heading")
            yield Static(id="plan-contributions")
            yield Label("CPU by address space, each variant's bar to the same scale",
                        classes="plan-heading")
            yield Static(id="plan-bars")
            yield Label("Notes", classes="plan-heading")
            yield Static(id="plan-notes")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self.app.show_plan()

    def show(self, title: str, result: PlanResult | None, problem: str,
             pairs: list[tuple[str, str, str]]) -> None:
        """Show ``result`` (None: no plan), ``problem`` (why the fields make no plan now,
        the figures shown being the last good ones) and the variants' calculators to edit,
        each ``(variant, calculator id, its title)``."""
        self.query_one("#plan-title", Static).update(Text(title, style="bold"))
        problem_line = self.query_one("#plan-problem", Static)
        problem_line.update(Text(problem))
        problem_line.display = bool(problem)
        for widget_id in ("#plan-figures", "#plan-edit", "#plan-contributions", "#plan-bars",
                          "#plan-notes", ".plan-heading"):
            self.query(widget_id).set(display=result is not None)
        if result is None:
            return
        self.query_one("#plan-figures", Static).update(figures_table(result))
        self.query_one("#plan-contributions", Static).update(contributions_table(result))
        self.query_one("#plan-bars", Static).update(Bars(result))
        self.query_one("#plan-notes", Static).update(notes_view(result))
        choices = self.query_one("#plan-edit", OptionList)
        if pairs != self.shown_pairs:
            was, at = self.picked(), choices.highlighted or 0
            ids = [(variant, calculator_id) for variant, calculator_id, _ in pairs]
            self.shown_pairs = pairs
            choices.clear_options()
            choices.add_options([Option(Text(f"{variant}: {calculator_id}  {title}"),
                                        id=f"{variant}\t{calculator_id}")
                                 for variant, calculator_id, title in pairs])
            # The one just added, else the one highlighted before, else its neighbour.
            keep = next((pair for pair in (self.wanted, was) if pair in ids), None)
            choices.highlighted = (ids.index(keep) if keep else
                                   min(at, len(ids) - 1) if was else 0)
            choices.focus(scroll_visible=False)  # the figures stay in sight, above it
        self.wanted = None

    def picked(self) -> tuple[str, str] | None:
        """The variant and calculator highlighted in the list (None: none)."""
        choices = self.query_one("#plan-edit", OptionList)
        if choices.highlighted is None or not self.shown_pairs:
            return None
        variant, calculator_id = choices.get_option_at_index(choices.highlighted).id.split("\t")
        return variant, calculator_id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        variant, calculator_id = event.option.id.split("\t")
        self.app.call_later(self.app.edit_variant, variant, calculator_id)
