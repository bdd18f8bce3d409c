"""The Plan view: a plan's variants side by side, the list to pick a variant's calculator to
edit in the usual calculator panes (or to add or remove one, or add a variant like
another; undone and redone here), the contributions the totals add up, a bar per address
space per variant, and the notes. A plan starts from a file, or from the user's own inputs
(N).
What it shows is written by :mod:`tui.plan_view`, of the plan the app holds
(:class:`tui.planning.Planning`); the app opens and saves it."""
from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from .confirm import ConfirmScreen
from .plan_pick import AddCalculatorScreen
from .plan_view import Bars, contributions_table, figures_table, notes_view
from .planning import Planning
from .screens import PromptScreen
from .widgets import SteadyFooter, SteadyScreen

CONTRIBUTIONS = ("Contributions: each calculator's declared parts, added up into the address "
                 "spaces and the total above (blank: not used in that variant)")
CONTRIBUTIONS_MEASURED = ("Contributions: each calculator's declared parts (blank: not used in "
                          "that variant), then what was measured: a measured address space "
                          "above is its measurement plus the change in its parts")
"""The contributions' heading, for a plan without and with a measured variant."""
SCENARIOS_AWAY = ("Scenario files hold your own inputs, put aside in plan mode: leave plan "
                  "mode first (Escape from the Plan view; from a variant's calculator F5, "
                  "then Escape). Save plan and Open plan act on the plan.")
"""Why the palette offers no scenario entry in plan mode."""


def plan_file_commands(app) -> Iterator[SystemCommand]:
    """The palette's entries that open and save the plan file (the app does both)."""
    yield SystemCommand("New plan", "A plan from your inputs: \"today\" as they are and "
                        "\"proposed\" to change (N in the Plan view)", app.action_new_plan)
    yield SystemCommand("Open plan", "Open a plan file in the Plan view", app.action_open_plan)
    yield SystemCommand("Save plan", "Save the plan, with the variants' inputs as edited",
                        app.action_save_plan)


def scenarios_away(screen: Screen) -> SystemCommand:
    """The palette's entry, in plan mode, saying why it offers no scenario file: a scenario
    file holds the user's own inputs, which plan mode has put aside."""
    return SystemCommand("Scenario files: not in plan mode", SCENARIOS_AWAY,
                         partial(screen.notify, SCENARIOS_AWAY, severity="warning"))


class VariantNameScreen(PromptScreen):
    """Asks the name of a variant to add like ``like``; ``names`` are taken already."""

    def __init__(self, like: str, names: list[str]):
        suggested = next(name for name in ("proposed", *(f"{like}_{number}"
                                                         for number in range(2, 99)))
                         if name not in names)
        super().__init__(f"Name of the new variant like {like} (its calculators and "
                         "inputs to start from)", suggested)
        self.names = names

    def refusal(self, text: str) -> str | None:
        if text in self.names:
            return f"{text} is a variant of this plan already: type another name."
        return None


class PlanScreen(SteadyScreen):
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
                Binding("a", "add_calculator", "Add calculator", show=False),
                Binding("delete,d", "remove_calculator", "Remove calculator", show=False),
                Binding("v", "add_variant", "Add variant", show=False),
                Binding("n", "app.new_plan", "New plan", show=False),
                Binding("ctrl+z", "undo", "Undo"),
                Binding("ctrl+y", "redo", "Redo", show=False)]

    def __init__(self, planning: Planning):
        super().__init__()
        self.planning = planning

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="plan-box"):
            yield Static(id="plan-title")
            yield Static(id="plan-problem")
            yield Static(id="plan-figures")
            yield Label("Each variant's calculators: Enter edits one (F5 comes back here), "
                        "A adds one, Delete removes one; V adds a variant like the "
                        "highlighted one; N a new plan from your inputs", classes="plan-heading")
            yield OptionList(id="plan-edit")
            yield Label(CONTRIBUTIONS, id="plan-contributions-heading", classes="plan-heading")
            yield Static(id="plan-contributions")
            yield Label("CPU by address space, each variant's bar to the same scale",
                        classes="plan-heading")
            yield Static(id="plan-bars")
            yield Label("Notes", classes="plan-heading")
            yield Static(id="plan-notes")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Show the plan's figures (none before a plan is opened), why the fields make no
        plan now (the figures shown being the last good ones) and the variants'
        calculators to edit."""
        result, problem, pairs = (self.planning.result, self.planning.problem,
                                  self.planning.pairs())
        self.query_one("#plan-title", Static).update(Text(self.planning.title(),
                                                          style="bold"))
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
        self.query_one("#plan-contributions-heading", Label).update(
            CONTRIBUTIONS_MEASURED if any(v.measured for v in result.variants)
            else CONTRIBUTIONS)
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

    def action_add_calculator(self) -> None:
        """A: pick a calculator to add to a variant (the highlighted one's first)."""
        edit = self.planning.edit
        choices = edit.addable() if edit else []
        if not choices:
            self.notify("Every variant uses every calculator already." if edit
                        else "No plan is open: Ctrl+O opens one.", severity="warning")
            return
        picked = self.picked()
        self.app.push_screen(AddCalculatorScreen(choices, self.planning.titles,
                                                 picked[0] if picked else ""),
                             self.add_picked)

    def add_picked(self, choice: tuple[str, str, str | None] | None) -> None:
        """Add the calculator picked (None: cancelled) and show the figures made again."""
        if choice is None:
            return
        variant, calculator_id, start = choice
        self.planning.edit.add(variant, calculator_id, start)
        self.planning.remake()
        self.wanted = (variant, calculator_id)
        self.show()
        self.notify(f"Added {calculator_id} to {variant}, with "
                    + (f"{start}'s inputs" if start else "its defaults")
                    + ": Enter edits them.")

    def action_remove_calculator(self) -> None:
        """Delete: take the highlighted calculator out of its variant, after asking when
        its inputs there have changes not saved."""
        picked = self.picked()
        if picked is None:
            return
        edit = self.planning.edit
        why_not = edit.why_not_remove(*picked)
        if why_not:
            self.notify(f"Not removed: {why_not}.", severity="warning")
        elif edit.edited(*picked, self.planning.saved):
            self.app.push_screen(ConfirmScreen(
                f"Remove {picked[1]} from {picked[0]}?", f"Its inputs in {picked[0]} have "
                "changes not saved; removing it loses them.", yes="Remove it",
                no="Keep it"), partial(self.remove_confirmed, picked))
        else:
            self.remove_confirmed(picked, True)

    def remove_confirmed(self, picked: tuple[str, str], yes: bool | None) -> None:
        if yes:
            self.planning.edit.remove(*picked)
            self.planning.remake()
            self.show()
            self.notify(f"Removed {picked[1]} from {picked[0]}.")

    def action_add_variant(self) -> None:
        """V: ask the name of a variant to add like the highlighted one (else the last)."""
        edit = self.planning.edit
        if edit is None:
            self.notify("No plan is open: N starts one from your inputs, Ctrl+O opens one.",
                        severity="warning")
            return
        picked = self.picked()
        like = picked[0] if picked else edit.plan.variants[-1].name
        self.app.push_screen(VariantNameScreen(like, list(edit.members)),
                             partial(self.variant_named, like))

    def variant_named(self, like: str, name: str | None) -> None:
        """Add the variant ``name`` like ``like`` (None: cancelled) and show the figures."""
        if name is None:
            return
        edit = self.planning.edit
        edit.add_variant(name, like)
        self.planning.remake()
        self.wanted = (name, edit.members[name][0])
        self.show()
        self.notify(f"Added the variant {name}, like {like}: Enter on one of its calculators "
                    "edits it; Ctrl+Z takes the variant back.")

    def action_undo(self) -> None:
        """Ctrl+Z: undo the last change of the plan's shape (a variant or a calculator added
        or removed); the inputs' own changes are undone in the calculator panes."""
        self.step(self.planning.edit.undo if self.planning.edit else None, "undo")

    def action_redo(self) -> None:
        self.step(self.planning.edit.redo if self.planning.edit else None, "redo")

    def step(self, move, what: str) -> None:
        if move is None or not move():
            self.notify(f"No change of the plan's variants or calculators to {what}; the "
                        "inputs' changes are undone in a variant's calculator (Enter, then "
                        "Ctrl+Z).", timeout=4)
            return
        self.planning.remake()
        self.show()

    def palette_commands(self) -> Iterator[SystemCommand]:
        """The palette's entries over the Plan view: the plan's, and why no scenario file."""
        yield SystemCommand("Plan view", "Back to the calculators (F5)", self.app.action_plan)
        yield from plan_file_commands(self.app)
        yield SystemCommand("Add a variant", "Like the highlighted one, to change (V)",
                            self.action_add_variant)
        yield SystemCommand("Undo plan change", "A variant or calculator added or removed "
                            "(Ctrl+Z)", self.action_undo)
        yield SystemCommand("Redo plan change", "What undo took back (Ctrl+Y)",
                            self.action_redo)
        yield SystemCommand("Add a calculator to a variant", "Pick the variant, the "
                            "calculator and its starting inputs (A)", self.action_add_calculator)
        yield SystemCommand("Remove a calculator from its variant", "The one highlighted "
                            "in the list (Delete)", self.action_remove_calculator)
        yield scenarios_away(self)
