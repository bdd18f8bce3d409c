"""The calculator screen: pick a calculator, type its inputs, read its results.

Every change re-evaluates through the engine (:func:`calc.run`); the screen computes no
figure itself. An input that is not valid yet is marked with the engine's reason, and the
results keep their last good values meanwhile. What the user typed lives in a
:class:`~tui.session.Session`: per calculator, with undo and redo, saved and opened as a
scenario file, filled by an import.

While a plan variant is edited (:meth:`CalculatorScreen.edit_variant`) the screen's session
is that variant's (:class:`tui.plan_edit.PlanEdit`), so the panes, undo and redo work on its
inputs, and Ctrl+S and Ctrl+O save and open the plan, not a scenario; the user's own session
is kept aside meanwhile and comes back with :meth:`CalculatorScreen.leave_variant`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ActiveBinding
from textual.widgets import (Header, Label, ListItem, ListView, Select, Static, Switch,
                             TabbedContent)

import calc
from calc.core.formatting import as_written
from calc.core.model import Calculator
from calc.inputs.scenario import Scenario, load_scenario, save_scenario

from .explain_view import with_unit
from .file_prompts import open_file, save_file
from .held import held_with
from .results_panel import ResultsPanel
from .screens import PathScreen
from .session import Session
from .widgets import InputForm, SteadyFooter, SteadyScreen, field_id, input_row, switch_state

if TYPE_CHECKING:  # imported where used: the importing and plan screens are not needed to
    # paint the first frame, and importing them (SMF, plan files) took some 40 ms of the start
    from .import_fill import Fill
    from .importing import Importer

PANELS = ("calculators", "inputs", "results")
"""Ids of the panels the maximize key fills the screen with."""

LESS_USED = frozenset({"undo", "redo", "reset", "open", "export", "import_smf", "import_report"})
"""Actions whose keys the footer of a screen under 130 columns leaves out, for the room
of those used most."""



class CalculatorScreen(SteadyScreen):
    """The calculator list, the inputs form and the results panel, over ``session``.

    The footer lists the keys in the order of :attr:`BINDINGS` wherever the focus is:
    Textual lists the focused widget's keys first and each screen key where the focus chain
    first binds it, so the keys moved about as the focus went from a number field to a
    switch or the results table. The app's own keys (help, the Plan view, quit) are bound
    here too, to take their place in that order."""

    BINDINGS = [
        Binding("f1", "app.help", "Help"),
        Binding("f2", "toggle_plots", "Plots"),
        Binding("f3", "toggle_list", "List"),
        Binding("f4", "maximize", "Zoom"),
        Binding("f5", "app.plan", "Plan"),
        Binding("f8", "explain", "Explain"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+r", "reset", "Reset"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "open", "Open"),
        Binding("ctrl+e", "export", "Export", priority=True),
        Binding("ctrl+q", "app.quit", "Quit"),
        Binding("f6", "import_smf", "Import SMF"),
        Binding("f7", "import_report", "Import PSET"),
    ]
    FOOTER_ORDER = {binding.action: index for index, binding in enumerate(BINDINGS)}
    """Each action's place in the footer: its binding's in :attr:`BINDINGS`."""

    def __init__(self, calculators: list[Calculator], session: Session, folder: Path):
        super().__init__(id="_default")
        self.calculators, self.session, self.folder = calculators, session, folder
        self.reporting = [c for c in calculators if c.report is not None]
        """The calculators whose template reads a report (F7 and the palette import one)."""
        self.saved = session.state()
        """The fields as last saved, opened or started with: opening a file over fields
        changed since asks first."""
        self.scenario_path: Path | None = None
        self.replaced: tuple[Session, dict, Path | None, str] | None = None
        """The session, saved fields and file that opening a scenario file (or an import)
        replaced, and what replaced them ("opening FILE"): undo past the first state
        after brings them back."""
        self.editing: str | None = None
        """The plan variant whose calculator the panes show, or None (the user's own)."""
        self.own: tuple | None = None
        """The user's session, saved fields, scenario file and undo of an open, kept aside
        while a variant is edited."""
        self.problem = ""
        """Why the fields give no result now, or ""."""
        self.evaluated: tuple[str, dict, frozenset] | None = None
        """The calculator and fields last evaluated: a change event that leaves them as they
        were (a field being mounted, an undo to the same values) computes nothing again."""
        self.refused_field = None
        """The field marked as refused, if any."""
        self.not_applying: tuple[str, ...] = ()
        """The inputs whose rows are marked as not applying."""
        self.watching = False
        """Whether a field's change is noted for undo and computed as it comes: not while
        a calculator's fields and results table are laid out (a field takes its first
        value as it is mounted), nor while undo, redo or reset set several fields; each of
        those computes once at its end."""

    @property
    def current(self) -> Calculator:
        return self.session.calculator

    @property
    def last_result(self) -> calc.Result | None:
        """The result the panes show (None: none yet for this calculator)."""
        return self.query_one("#results", ResultsPanel).result

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        order = self.FOOTER_ORDER
        return dict(sorted(super().active_bindings.items(),
                           key=lambda item: order.get(item[1].binding.action, len(order))))

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            yield ListView(*[ListItem(Label(c.id, classes="calc-id"),
                                      Label(c.summary, classes="calc-summary", markup=False),
                                      id=f"calc-{c.id}")
                             for c in self.calculators], id="calculators")
            with InputForm(id="inputs"):
                yield Static(id="calculator-title")
                yield from self.input_rows()
            yield ResultsPanel(id="results")
        yield SteadyFooter(LESS_USED, compact=True)

    def on_mount(self) -> None:
        self.set_up_calculator()

    @cached_property
    def importer(self) -> Importer:
        """The SMF and report imports, made when first used; it keeps the last import's
        sources."""
        from .importing import Importer

        return Importer(self.app, self.folder, self.fill_session, self.reporting)

    async def show_calculator(self) -> None:
        """Put the current calculator's input rows in place of the last one's, then set it
        up."""
        self.watching = False
        form = self.query_one("#inputs", InputForm)
        await form.remove_children(".input-row")
        await form.mount_all(self.input_rows())
        self.set_up_calculator()

    def input_rows(self) -> list[Vertical]:
        """The current calculator's input rows, holding the session's values."""
        calculator, fields = self.current, self.session.fields()
        return [input_row(spec, calculator.id, fields[spec.id], self.changed)
                for spec in calculator.inputs.values()]

    def set_up_calculator(self) -> None:
        """Mark the current calculator in the list, title it, lay out its results, compute,
        and focus its first field. Its input rows are in the form already (composed with
        the screen at the start, so that the first frame shows results; mounted by
        :meth:`show_calculator` later)."""
        calculator = self.current
        self.query_one("#calculators", ListView).index = [
            c.id for c in self.calculators].index(calculator.id)
        variant = (f"Plan variant {self.editing}: ", "bold reverse") if self.editing else ""
        self.query_one("#calculator-title", Static).update(Text.assemble(
            variant, (calculator.title, "bold"), "\n", calculator.summary, "\n",
            (f"Source: {calculator.citation}", "dim"),
            *(("\n", (f"Measured on: {calculator.measured_on}", "dim"))
              if calculator.measured_on else ())))
        self.query_one("#results", ResultsPanel).lay_out(calculator)
        self.evaluated = self.refused_field = None
        self.not_applying = ()
        self.watching = True
        self.recompute()
        # From the top, so that the title shows above the first field (a form scrolled
        # down for the last calculator kept its offset).
        self.query_one("#inputs", InputForm).scroll_home(animate=False, immediate=True)
        self.first_field().focus(scroll_visible=False)

    def field_widget(self, input_id: str):
        return self.query_one(f"#{field_id(input_id)}")

    def first_field(self):
        """The field of the calculator's first input."""
        return self.field_widget(next(iter(self.current.inputs)))

    def raw_inputs(self) -> dict:
        """What the fields hold now, as text or typed values, for the engine to judge."""
        return {name: self.field_widget(name).value for name in self.current.inputs}

    def recompute(self) -> None:
        """Evaluate the current fields; on refusal keep the last good outputs and say why."""
        fields = (self.current.id, self.raw_inputs(), self.session.given())
        if fields == self.evaluated:
            return
        self.evaluated = fields
        refused = None
        results = self.query_one("#results", ResultsPanel)
        try:
            result = calc.run(*fields)
        except calc.InputError as error:
            self.problem, refused = str(error), error.name
        except calc.MqcalcError as error:
            self.problem = str(error)
        else:
            self.problem = ""
            self.mark_not_applying(result.not_applying)
            results.show(result, fields[2])
        self.mark_refused(refused)
        results.show_problem(self.held_text(fields[1]) if self.problem else Text())

    def held_text(self, fields: dict) -> Text:
        """The problem line: the results are held, with which values when the fields no
        longer hold them (a value typed on the way, :mod:`tui.held`), and why; or that there
        are none yet (a calculator shown with a field not valid, after an undo say)."""
        if self.last_result is None:
            return Text.assemble(("No results yet", "bold red"), ": ", self.problem)
        held = held_with(self.current, self.last_result.inputs, fields)
        return Text.assemble(("Held at last good values", "bold red"),
                             (f", computed with {held}", "bold") if held else "", ": ",
                             self.problem)

    def mark_refused(self, input_id: str | None) -> None:
        """Mark the field the engine named, and only it, when that changed (a class change
        styles the widget again, and searching the screen for marks takes milliseconds)."""
        field = self.field_widget(input_id) if input_id in self.current.inputs else None
        if field is not self.refused_field:
            if self.refused_field is not None:
                self.refused_field.remove_class("-refused")
            if field is not None:
                field.add_class("-refused")
            self.refused_field = field

    def mark_not_applying(self, names: tuple[str, ...]) -> None:
        """Grey the rows of the inputs these inputs leave unused, and only them, when that
        changed (a class change styles the rows again)."""
        if names != self.not_applying:
            for name in {*names, *self.not_applying}:
                self.query_one(f"#row-{name}").set_class(name in names, "-idle")
            self.not_applying = names

    def changed(self, text_field: str | None) -> None:
        """A field changed (``text_field`` names a text field; its widget calls this
        itself): note it for undo, then recompute."""
        if not self.watching:
            return
        self.session.edit(self.raw_inputs(), text_field)
        self.recompute()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("input-"):
            self.changed(None)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.query_one(f"#unit-{event.switch.id.removeprefix('input-')}", Label).update(
            switch_state(event.value))
        self.changed(None)

    def on_descendant_blur(self, event) -> None:
        self.session.history.seal()

    async def on_list_view_selected(self, event: ListView.Selected) -> None:
        await self.open_calculator(event.item.id.removeprefix("calc-"))
        if not self.list_fits() and self.has_class("-list-shown"):
            self.action_toggle_list()  # the list lies over the form: put it away once used

    async def open_calculator(self, calculator_id: str) -> None:
        if calculator_id != self.session.current:
            self.session.current = calculator_id
            await self.show_calculator()
            self.warn_outside_variant()

    def apply_fields(self, fields: dict | None) -> None:
        """Put ``fields`` into the widgets (undo, redo, reset) and compute them once. Nothing
        is recorded: the history holds these values already (a select's or a switch's
        change message, handled later, finds them so)."""
        if fields is None:
            self.notify("Nothing more to undo or redo.", timeout=2)
            return
        self.watching = False
        try:
            for name, value in fields.items():
                self.field_widget(name).value = value
        finally:
            self.watching = True
        self.recompute()

    async def action_undo(self) -> None:
        fields = self.session.history.undo()
        if fields is None and self.replaced is not None:
            await self.undo_open()
        else:
            self.apply_fields(fields)

    async def undo_open(self) -> None:
        """Bring back every calculator's fields as they were before a scenario file was
        opened over them, or an import filled them (doing it again is Ctrl+O, F6, F7)."""
        self.session, self.saved, self.scenario_path, what = self.replaced
        self.replaced = None
        await self.show_calculator()
        self.notify(f"Back to the inputs you had before {what}.")

    def action_redo(self) -> None:
        self.apply_fields(self.session.history.redo())

    def action_reset(self) -> None:
        self.apply_fields(self.session.reset())

    def action_toggle_plots(self) -> None:
        """Show the other tab. Focus inside the tab being hidden moves to the one shown
        first: left there, it would bring its own tab back at once (a tabbed content shows
        the pane whose widget has focus)."""
        views = self.query_one("#views")
        plots = views.active != "tab-plots"
        focused = self.focused
        if focused is not None and views in focused.ancestors:
            chart_choice = self.query_one("#chart-choice", Select)
            if not plots:
                self.query_one("#outputs").focus()
            elif chart_choice.display:
                chart_choice.focus()
            else:
                self.first_field().focus()
        views.active = "tab-plots" if plots else "tab-results"

    def list_fits(self) -> bool:
        """Whether the calculator list has room beside the form (else, shown, it lies over
        the form as a drawer)."""
        return not (self.has_class("-narrow") or self.has_class("-stacked"))

    def action_toggle_list(self) -> None:
        """Hide the calculator list, or show it (also where the width alone would hide it)
        with the focus in it, to pick from; focus in a list hidden moves to the form."""
        calculators = self.query_one("#calculators", ListView)
        listed = calculators.display
        self.set_class(listed, "-list-hidden")
        self.set_class(not listed, "-list-shown")
        if not listed:
            self.call_after_refresh(calculators.focus)
        elif self.focused is calculators:
            self.first_field().focus()

    def action_maximize(self) -> None:
        """Fill the screen with the panel holding the focus (the list, the form or the
        results), or put it back (Escape does too)."""
        if self.maximized is not None:
            self.minimize()
            return
        panel = next((node for node in (self.focused.ancestors_with_self if self.focused
                                        else ()) if node.id in PANELS), None)
        if panel is not None:
            self.maximize(panel, container=False)

    def action_explain(self) -> None:
        """F8: the explanation of the figure highlighted in the results (formula, values,
        what it rests on, sources) on the whole screen, under a few rows of the results
        table, which has the focus, so that Up and Down explain the next figure; F8 or
        Escape again puts the panes back."""
        results = self.query_one("#results", ResultsPanel)
        if results.has_class("-explaining"):
            self.minimize()
            return
        self.query_one("#views", TabbedContent).active = "tab-results"
        self.query_one("#outputs").focus()
        self.maximize(results, container=False)
        results.add_class("-explaining")

    def minimize(self) -> None:
        self.query_one("#results", ResultsPanel).remove_class("-explaining")
        super().minimize()

    def field_help(self) -> str:
        """The help of the focused field, as F1 shows it ("" when no field has focus)."""
        focused = self.focused
        spec = None
        if focused is not None and (focused.id or "").startswith("input-"):
            spec = self.current.inputs.get(focused.id.removeprefix("input-"))
        return (f"{spec.title}: {spec.help} Accepts {spec.accepts()}; default "
                f"{as_written(spec.default)} {spec.unit}".rstrip() + "." if spec else "")

    def action_copy_result(self) -> None:
        """Copy the highlighted result, with its title and unit, to the clipboard.

        A terminal program cannot reach the clipboard itself: Textual asks the terminal with
        an OSC 52 escape, which many terminals (and tmux or screen, unless set up) ignore
        without a word. So the message says a request was sent, and shows the text, rather
        than claiming it was copied."""
        if self.last_result is None:
            return
        output = self.current.outputs[self.query_one("#results",
                                                     ResultsPanel).highlighted_output()]
        text = (f"{output.title}: "
                f"{with_unit(self.last_result.outputs[output.id], output.unit, output.decimals)}")
        self.app.copy_to_clipboard(text)
        self.notify(f"{text}\nSent to the terminal as a clipboard request (OSC 52); a "
                    "terminal that ignores such requests copies nothing.", timeout=6)

    @property
    def scenario_file(self) -> Path:
        """Where save and open start: the last scenario file used, else one in the folder."""
        return self.scenario_path or self.folder / "mqcalc-scenario.yaml"

    def action_save(self) -> None:
        if self.editing is not None:
            self.app.action_save_plan()
            return
        self.save_inputs()

    def save_inputs(self, then: Callable[[], object] | None = None) -> None:
        """Save the inputs shown as a scenario file where the user says, then call ``then``
        (not if the prompt is cancelled or the file refused)."""
        save_file(self.app, "Save the inputs as a scenario file", self.scenario_file,
                  self.session.scenario, save_scenario, partial(self.scenario_saved, then))

    def scenario_saved(self, then: Callable[[], object] | None, path: Path,
                       scenario: Scenario) -> None:
        self.scenario_path = path
        self.saved = self.session.state()
        self.notify(f"Saved {', '.join(scenario.inputs)} to {path}")
        if then is not None:
            then()

    def unsaved_inputs(self) -> str:
        """The calculators whose inputs (the user's own, put aside while a plan's variant
        is shown) changed since last saved or opened, as a question names them ("" when
        none)."""
        session, saved = (self.session, self.saved) if self.own is None else self.own[:2]
        return ", ".join(session.changed_since(saved))

    def own_scenario(self) -> Scenario:
        """The user's own inputs (put aside while a variant is edited) as a scenario: the
        calculator they show and every one changed (an input not valid raises)."""
        return (self.session if self.own is None else self.own[0]).scenario()

    def action_open(self) -> None:
        if self.editing is not None:
            self.app.action_open_plan()
            return
        self.app.push_screen(PathScreen("Open a scenario file", self.scenario_file,
                                        must_exist=True), self.open_from)

    async def open_from(self, path: Path | None) -> None:
        unsaved = ", ".join(self.session.changed_since(self.saved))
        await open_file(self.app, path, load_scenario, unsaved,
                        "; Ctrl+Z just after brings them back", self.replace_session)

    async def replace_session(self, path: Path, scenario: Scenario) -> None:
        """Show the scenario's inputs in place of every calculator's fields, keeping what
        they replace for undo."""
        self.replaced = (self.session, self.saved, self.scenario_path, f"opening {path}")
        self.session = Session.from_scenario(self.calculators, scenario)
        self.saved = self.session.state()
        self.scenario_path = path
        await self.show_calculator()
        self.notify(f"Opened {path}: {', '.join(scenario.inputs)}")

    def action_export(self) -> None:
        calculator = self.current
        try:
            likely, written = calc.ranged(calculator.id, self.raw_inputs())
            values = calc.validate(calculator.id, likely)
        except calc.MqcalcError as error:
            self.notify(f"Not exported: {error}", severity="error")
            return
        self.app.push_screen(PathScreen(f"Export {calculator.id} with these inputs to a "
                                        "workbook", self.folder / f"mqcalc-{calculator.id}.xlsx",
                                        confirm_replace=True),
                             partial(self.export_to, calculator, {**values, **written}))

    def export_to(self, calculator: Calculator, values: dict, path: Path | None) -> None:
        if path is None:
            return
        from calc.workbook import write_workbook  # here: xlsxwriter is slow to import

        try:
            write_workbook(path, [calculator], {calculator.id: values})
        except calc.MqcalcError as error:  # the atomic write turns OS errors into these
            self.notify(f"Not exported: {error}", severity="error")
            return
        self.notify(f"Wrote {path}")

    def refuse_in_plan(self) -> bool:
        """Say why, and True, while a variant is edited (an import fills the user's own
        inputs)."""
        if self.editing is not None:
            from .importing import PLAN_MODE

            self.notify(PLAN_MODE, severity="warning", timeout=8)
        return self.editing is not None

    def action_import_smf(self) -> None:
        """F6: ask for a folder of mq-smf-csv files, then which interval to import."""
        if not self.refuse_in_plan():
            self.importer.smf()

    def action_import_report(self, calculator_id: str | None = None) -> None:
        """F7: import a report of ``calculator_id``; without one, of the calculator shown
        if its template reads a report, else of the first that does."""
        if self.refuse_in_plan():
            return
        self.importer.report(calc.calculator(calculator_id) if calculator_id
                             else self.current if self.current.report else self.reporting[0])

    def action_import_sources(self) -> None:
        """Show again where the last import's values came from."""
        self.importer.sources()

    async def fill_session(self, fill: Fill) -> None:
        """Replace the session with one holding ``fill``'s values, keeping the one it
        replaces for undo; show a calculator it filled."""
        self.replaced = (self.session, self.saved, self.scenario_path, fill.origin)
        self.session = self.session.with_values(fill.values)
        if self.session.current not in fill.values:
            self.session.current = next(iter(fill.values))
        await self.show_calculator()

    async def edit_variant(self, variant: str, session: Session, calculator_id: str) -> None:
        """Show ``variant``'s ``calculator_id`` from its ``session`` in the panes, to edit;
        the user's own session is put aside."""
        if self.own is None:
            self.own = (self.session, self.saved, self.scenario_path, self.replaced)
        self.session = session
        self.session.current = calculator_id
        self.saved, self.replaced, self.editing = self.session.state(), None, variant
        self.sub_title = f"plan variant {variant} (F5: back to the plan)"
        await self.show_calculator()

    async def leave_variant(self) -> None:
        """Put the user's own session back in the panes, if a variant's is there."""
        if self.own is None:
            return
        self.session, self.saved, self.scenario_path, self.replaced = self.own
        self.own = self.editing = None
        self.sub_title = None
        await self.show_calculator()

    def warn_outside_variant(self) -> None:
        """While a variant is edited, say so when the calculator now shown is not one of the
        variant's: what is typed into it is not part of the plan until the Plan view adds
        it."""
        if self.editing is None or self.current.id in self.app.planning.edit.members[
                self.editing]:
            return
        self.notify(f"{self.current.id} is not in the variant {self.editing}: what you type "
                    "here is not part of the plan. In the Plan view (F5), A adds it.",
                    severity="warning", timeout=8)

    def palette_commands(self) -> Iterator[SystemCommand]:
        """The palette's entries over this screen: the calculators, then its actions. While
        a variant is edited the scenario entries give way to one saying why: a scenario file
        holds the user's own inputs, which plan mode has put aside."""
        from .plan_screen import plan_file_commands, scenarios_away

        for calculator in self.calculators:
            yield SystemCommand(f"Calculator: {calculator.id}", calculator.summary,
                                partial(self.open_calculator, calculator.id))
        yield SystemCommand("Export workbook", "Write a workbook holding these inputs and "
                            "their results", self.action_export)
        yield SystemCommand("Plan view", "A plan's variants side by side: CPU by address "
                            "space, % of the LPAR, MSU (F5)", self.app.action_plan)
        yield from plan_file_commands(self.app)
        if self.editing is None:
            yield SystemCommand("Save scenario", "Save the inputs to a scenario file",
                                self.action_save)
            yield SystemCommand("Open scenario", "Open a scenario file", self.action_open)
        yield SystemCommand("Import SMF folder", "Fill the calculators from SMF data "
                            "formatted by mq-smf-csv: a queue manager's interval (F6)",
                            self.action_import_smf)
        for number, calculator in enumerate(self.reporting):
            key = " (F7)" if number == 0 else ""
            yield SystemCommand(f"Import {calculator.report.name} report",
                                f"Fill {calculator.id} from an item of an "
                                f"{calculator.report.title}{key}",
                                partial(self.action_import_report, calculator.id))
        yield SystemCommand("Import sources", "Where each value of the last import came "
                            "from", self.action_import_sources)
        yield SystemCommand("Reset inputs", "Back to the measured defaults (undo brings them "
                            "back)", self.action_reset)
        yield SystemCommand("Copy result", "Copy the highlighted result to the clipboard",
                            self.action_copy_result)
        yield SystemCommand("Undo", "Undo the last change of the inputs", self.action_undo)
        yield SystemCommand("Redo", "Redo what undo took back", self.action_redo)
        yield SystemCommand("Plots", "Switch between the results and the plots",
                            self.action_toggle_plots)
        if self.editing is not None:
            yield scenarios_away(self)
