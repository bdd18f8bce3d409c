"""mqcalc's terminal calculator: pick a calculator, type inputs, read outputs, notes, the
explanation of each figure and its charts.

Every change re-evaluates through the engine (:func:`calc.run`); the app computes no figure
itself. An input that is not valid yet is marked with the engine's reason, and the outputs
keep their last good values meanwhile. What the user typed lives in a
:class:`~tui.session.Session`: per calculator, with undo and redo, saved and opened as a
scenario file.
"""
from __future__ import annotations

import gc
from collections.abc import Awaitable, Callable
from functools import partial
from importlib import resources
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import (DataTable, Header, Label, ListItem, ListView, Select, Static, Switch,
                             TabbedContent, TabPane)

import calc
from calc.core.formatting import as_written
from calc.engine.explain import explain
from calc.inputs.plan import Plan
from calc.inputs.scenario import Scenario, load_scenario, save_scenario

from .answer_view import answer_view, shown_figures
from .confirm import ConfirmScreen
from .evidence_view import MARKS_WIDTH, marks_text, warning_lines
from .explain_view import explanation_view, with_unit
from .held import held_with
from .import_mixin import IMPORT_ACTIONS, ImportMixin
from .plan_mode import CALCULATOR_ACTIONS, PlanMixin
from .plots import ChartView
from .screens import CalculatorScreen, HelpScreen, PathScreen
from .session import Session
from .settings import load_settings, save_setting, settings_path
from .widgets import (InputForm, Pane, ResultsPanel, ResultsTable, SteadyFooter, field_id,
                      input_row, switch_state)

VALUE_WIDTH = 12
"""Width of the value column (figures are at most this wide once readable); longer texts
are shown in full under the table."""


def fit_cell(shown: str) -> str:
    """``shown`` as it fits the value column: cut with an ellipsis when too long."""
    return shown if len(shown) <= VALUE_WIDTH else shown[:VALUE_WIDTH - 1] + "…"


PANELS = ("calculators", "inputs", "results")
"""Ids of the panels the maximize key fills the screen with."""


HIDDEN_UNDER_PLAN_VIEW = CALCULATOR_ACTIONS | IMPORT_ACTIONS
"""The app's actions the Plan view does not take (its keys are not shown over it)."""


class MqcalcApp(ImportMixin, PlanMixin, App):
    """The terminal calculator over the whole catalogue."""

    CSS = resources.files(__package__).joinpath("mqcalc.tcss").read_text(encoding="utf-8")
    """The one stylesheet, read as package data so an install from a wheel or a zip finds it
    (Textual's CSS_PATH reads only a real file)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-medium"), (150, "-wide")]
    """Screen classes by terminal width: below 150 columns the calculator list shows ids
    only, below 130 it hides (the command palette still switches), so the results keep
    their value and unit columns."""
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Screen classes by terminal height: below 32 rows the explanation shows only with the
    results panel maximized (F4), so that the table keeps rows to read."""
    remembering = False
    """Whether a change of theme is saved: not before the start has taken the one saved
    (Textual sets the theme as the app is built)."""
    TITLE = "mqcalc"
    SUB_TITLE = "IBM MQ for z/OS capacity and cost"
    BINDINGS = [
        Binding("f1", "help", "Help"),
        # Priority, before a field takes it as typed text (number fields let it pass).
        Binding("question_mark", "help", "Help", show=False, priority=True),
        Binding("f2", "toggle_plots", "Plots"),
        Binding("f3", "toggle_list", "List"),
        Binding("f4", "maximize", "Maximize"),
        Binding("f5", "plan", "Plan"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+r", "reset", "Reset"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "open", "Open"),
        Binding("ctrl+e", "export", "Export", priority=True),
        Binding("ctrl+q", "quit", "Quit"),
        Binding("f6", "import_smf", "Import SMF"),
        Binding("f7", "import_report", "Import PSET"),
    ]

    def __init__(self, scenario: Scenario | None = None, folder: Path | None = None,
                 plan: tuple[Path, Plan] | None = None):
        super().__init__()
        self.plan_to_open = plan
        """The plan file to show in the Plan view at the start, and the plan read from it."""
        self.calculators = calc.catalogue()
        self.reporting = [c for c in self.calculators if c.report is not None]
        """The calculators whose template reads a report (F7 and the palette import one)."""
        self.session = (Session.from_scenario(self.calculators, scenario) if scenario
                        else Session(self.calculators))
        self.folder = folder or Path.cwd()
        """Where save, open and export start (the working folder)."""
        self.scenario_path: Path | None = None
        self.saved = self.session.state()
        """The fields as last saved, opened or started with: opening a file over fields
        changed since asks first."""
        self.replaced: tuple[Session, dict, Path | None, str] | None = None
        """The session, saved fields and file that opening a scenario file (or an import)
        replaced, and what replaced them ("opening FILE"): undo past the first state
        after brings them back."""
        self.problem = ""
        self.last_result: calc.Result | None = None
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
    def current(self):
        return self.session.calculator

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Not the calculator panes' actions nor the imports while the Plan view shows."""
        return not (action in HIDDEN_UNDER_PLAN_VIEW and self.plan_view_shown())

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
            with ResultsPanel(id="results"):
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
        yield SteadyFooter(compact=True)

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A notice, always as plain text: notices repeat names from files (a plan's
        variant, a path), and one shaped like markup (``[/]``) must show as written, not
        end the app. No notice of mqcalc's uses markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def get_default_screen(self) -> CalculatorScreen:
        return CalculatorScreen(id="_default")

    def on_mount(self) -> None:
        theme = load_settings().get("theme")
        if theme in self.available_themes:
            self.theme = theme
        self.remembering = True
        self.set_up_calculator()
        if self.plan_to_open is not None:
            self.call_after_refresh(self.replace_plan, *self.plan_to_open)
        # What the start built lives as long as the app: frozen out of the garbage
        # collector's sight, a full collection takes under a millisecond, not the 50 to 70
        # ms that paused whatever key was being answered.
        self.call_after_refresh(gc.freeze)

    def watch_theme(self, theme: str) -> None:
        """Remember a theme the user picks (from the start on) for the next run."""
        if self.remembering and not save_setting("theme", theme):
            self.notify(f"The theme is not remembered: {settings_path()} cannot be written.",
                        severity="warning", timeout=4)

    def on_unmount(self) -> None:
        gc.unfreeze()  # collectable again with the app gone (tests run many in one process)

    async def show_calculator(self) -> None:
        """Put the current calculator's input rows in place of the last one's, then set it
        up. Meanwhile there is no result to explain or chart."""
        self.watching = False
        self.last_result = None
        form = self.query_one("#inputs", InputForm)
        await form.remove_children(".input-row")
        await form.mount_all(self.input_rows())
        self.set_up_calculator()

    def input_rows(self) -> list[Vertical]:
        """The current calculator's input rows, holding the session's values."""
        calculator, fields = self.current, self.session.fields()
        return [input_row(spec, calculator.id, fields[spec.id])
                for spec in calculator.inputs.values()]

    def set_up_calculator(self) -> None:
        """Mark the current calculator in the list, title it, lay out its results table
        and charts, compute, and focus its first field. Its input rows are in the form
        already (composed with the screen at the start, so that the first frame shows
        results; mounted by :meth:`show_calculator` later)."""
        calculator = self.current
        self.query_one("#calculators", ListView).index = [
            c.id for c in self.calculators].index(calculator.id)
        self.query_one("#calculator-title", Static).update(Text.assemble(
            (calculator.title, "bold"), "\n", calculator.summary, "\n",
            (f"Source: {calculator.citation}", "dim"),
            *(("\n", (f"Measured on: {calculator.measured_on}", "dim"))
              if calculator.measured_on else ())))
        table = self.query_one("#outputs", DataTable)
        table.clear(columns=True)
        # Value and unit first, so that a narrow screen cuts titles, never figures; the
        # unit one wider than the template's widest (a rate in "s/s" may read "ms/s").
        table.add_column("Value", key="value", width=VALUE_WIDTH)
        table.add_column("Unit", key="unit", width=1 + max(
            len(output.unit) for output in calculator.outputs.values()))
        table.add_column("", key="marks", width=MARKS_WIDTH)
        table.add_column("Result", key="title")
        for output in calculator.outputs.values():
            table.add_row(Text(""), Text(output.unit), Text(""), Text(output.title),
                          key=output.id)
        self.query_one("#charts", ChartView).offer(calculator)
        self.last_result = self.evaluated = self.refused_field = None
        self.not_applying = ()
        self.clear_result()
        self.watching = True
        self.recompute()
        # From the top, so that the title shows above the first field (a form scrolled
        # down for the last calculator kept its offset).
        self.query_one("#inputs", InputForm).scroll_home(animate=False, immediate=True)
        self.first_field().focus(scroll_visible=False)

    def clear_result(self) -> None:
        """Empty the panes that show a result (the answer, long values, notes, explanation)
        as a calculator is shown: one shown with a field not valid has no result yet, and
        the last calculator's figures must not stand for its own meanwhile."""
        for pane_id in ("answer", "long-values", "notes", "explain"):
            self.query_one(f"#{pane_id}", Pane).show(Text())
        self.query_one("#long-values", Pane).display = False

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
        try:
            result = calc.run(*fields)
        except calc.InputError as error:
            self.problem, refused = str(error), error.name
        except calc.MqcalcError as error:
            self.problem = str(error)
        else:
            self.problem = ""
            self.last_result = result
            self.show_result(result)
        self.mark_refused(refused)
        self.query_one("#problem", Pane).show(self.held_text(fields[1]) if self.problem
                                               else Text())

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

    def show_result(self, result: calc.Result) -> None:
        """Put ``result`` on the screen, changing only the cells and panes that differ."""
        table = self.query_one("#outputs", ResultsTable)
        figures = shown_figures(self.current, result.outputs)
        self.query_one("#answer", Pane).show(answer_view(self.current, figures,
                                                         result.evidence),
                                             key=(figures, str(result.evidence)))
        self.mark_not_applying(result.not_applying)
        long_texts = []
        for name, output in self.current.outputs.items():
            shown = figures[name].text
            if len(shown) > VALUE_WIDTH:
                long_texts.append(Text.assemble((f"{output.title}: ", "bold"), shown))
            if table.get_cell(name, "value").plain != fit_cell(shown):
                table.show_value(name, "value", Text(fit_cell(shown), justify="right"))
            if table.get_cell(name, "unit").plain != figures[name].unit:
                table.show_value(name, "unit", Text(figures[name].unit))
            marks = marks_text(result.evidence[name])
            if table.get_cell(name, "marks").plain != marks.plain:
                table.show_value(name, "marks", marks)
        long_values = self.query_one("#long-values", Pane)
        long_values.show(Text("\n").join(long_texts))
        long_values.display = bool(long_texts)
        notes = Text("\n").join([*warning_lines(self.current, result),
                                 *(Text(f"• {note}") for note in result.notes)])
        self.query_one("#notes", Pane).show(
            notes or Text("No notes for these inputs.", style="dim"))
        # The explanation in the same pass: put off until the table's repaint, it cost a
        # second layout of the whole screen for each change (explaining takes 1 to 2 ms).
        self.show_explanation()
        self.show_chart()

    def highlighted_output(self) -> str:
        table = self.query_one("#outputs", DataTable)
        keys = list(self.current.outputs)
        return keys[min(max(table.cursor_row, 0), len(keys) - 1)]

    def show_explanation(self) -> None:
        if self.last_result is None:
            return
        explanation = explain(self.current.id, self.highlighted_output(),
                              self.last_result.inputs, self.session.given())
        self.query_one("#explain", Pane).show(explanation_view(explanation), key=explanation)

    def show_chart(self) -> None:
        view = self.query_one("#charts", ChartView)
        if (self.last_result is None or view.chosen is None
                or self.query_one("#views", TabbedContent).active != "tab-plots"):
            return
        view.draw(self.current, calc.chart_series(self.current.id, view.chosen,
                                                  self.last_result.inputs))

    def changed(self, text_field: str | None) -> None:
        """A field changed (``text_field`` names a text field; its widget calls this
        itself): note it for undo, then recompute."""
        if not self.watching:
            return
        self.session.edit(self.raw_inputs(), text_field)
        self.recompute()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "chart-choice":
            self.show_chart()
        elif event.select.id and event.select.id.startswith("input-"):
            self.changed(None)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.query_one(f"#unit-{event.switch.id.removeprefix('input-')}", Label).update(
            switch_state(event.value))
        self.changed(None)

    def on_descendant_blur(self, event) -> None:
        self.session.history.seal()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_explanation()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.query_one("#results").set_class(event.pane.id == "tab-plots", "-plots")
        self.show_chart()

    async def on_list_view_selected(self, event: ListView.Selected) -> None:
        await self.open_calculator(event.item.id.removeprefix("calc-"))
        if self.screen.has_class("-narrow") and self.screen.has_class("-list-shown"):
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
        views = self.query_one("#views", TabbedContent)
        plots = views.active != "tab-plots"
        focused = self.focused
        if focused is not None and views in focused.ancestors:
            chart_choice = self.query_one("#chart-choice", Select)
            if not plots:
                self.query_one("#outputs", ResultsTable).focus()
            elif chart_choice.display:
                chart_choice.focus()
            else:
                self.first_field().focus()
        views.active = "tab-plots" if plots else "tab-results"

    def action_toggle_list(self) -> None:
        """Hide the calculator list, or show it (also where the width alone would hide it)
        with the focus in it, to pick from; focus in a list hidden moves to the form."""
        calculators = self.query_one("#calculators", ListView)
        listed = calculators.display
        self.screen.set_class(listed, "-list-hidden")
        self.screen.set_class(not listed, "-list-shown")
        if not listed:
            self.call_after_refresh(calculators.focus)
        elif self.focused is calculators:
            self.first_field().focus()

    def action_maximize(self) -> None:
        """Fill the screen with the panel holding the focus (the list, the form or the
        results), or put it back (Escape does too)."""
        screen = self.screen
        if screen.maximized is not None:
            screen.minimize()
            return
        panel = next((node for node in (self.focused.ancestors_with_self if self.focused
                                        else ()) if node.id in PANELS), None)
        if panel is not None:
            screen.maximize(panel, container=False)

    def action_help(self) -> None:
        focused = self.focused
        spec = None
        if focused is not None and (focused.id or "").startswith("input-"):
            spec = self.current.inputs.get(focused.id.removeprefix("input-"))
        field_help = (f"{spec.title}: {spec.help} Accepts {spec.accepts()}; default "
                      f"{as_written(spec.default)} {spec.unit}".rstrip() + "."
                      if spec else "")
        self.push_screen(HelpScreen(field_help))

    def action_copy_result(self) -> None:
        """Copy the highlighted result, with its title and unit, to the clipboard.

        A terminal program cannot reach the clipboard itself: Textual asks the terminal with
        an OSC 52 escape, which many terminals (and tmux or screen, unless set up) ignore
        without a word. So the message says a request was sent, and shows the text, rather
        than claiming it was copied."""
        if self.last_result is None:
            return
        output = self.current.outputs[self.highlighted_output()]
        text = (f"{output.title}: "
                f"{with_unit(self.last_result.outputs[output.id], output.unit, output.decimals)}")
        self.copy_to_clipboard(text)
        self.notify(f"{text}\nSent to the terminal as a clipboard request (OSC 52); a "
                    "terminal that ignores such requests copies nothing.", timeout=6)

    @property
    def scenario_file(self) -> Path:
        """Where save and open start: the last scenario file used, else one in the folder."""
        return self.scenario_path or self.folder / "mqcalc-scenario.yaml"

    def action_save(self) -> None:
        if self.in_plan:
            self.action_save_plan()
            return
        self.save_file("Save the inputs as a scenario file", self.scenario_file,
                       self.session.scenario, save_scenario, self.scenario_saved)

    def scenario_saved(self, path: Path, scenario: Scenario) -> None:
        self.scenario_path = path
        self.saved = self.session.state()
        self.notify(f"Saved {', '.join(scenario.inputs)} to {path}")

    def save_file(self, title: str, default: Path, make: Callable[[], object],
                  write: Callable[[Path, object], object],
                  saved: Callable[[Path, object], None]) -> None:
        """Save what ``make`` gives (a refusal is a notice) where the user says, asked with
        ``title`` from ``default``: ``write`` writes it (a failure is a notice), then
        ``saved`` records it. The one flow of saving a scenario and saving a plan, as
        :meth:`open_file` is of opening them."""
        try:
            made = make()
        except calc.MqcalcError as error:
            self.notify(f"Not saved: {error}", severity="error")
            return
        self.push_screen(PathScreen(title, default, confirm_replace=True),
                         partial(self.write_file, write, saved, made))

    def write_file(self, write: Callable[[Path, object], object],
                   saved: Callable[[Path, object], None], made: object,
                   path: Path | None) -> None:
        if path is None:
            return
        try:
            write(path, made)
        except calc.MqcalcError as error:
            self.notify(f"Not saved: {error}", severity="error")
            return
        saved(path, made)

    def action_open(self) -> None:
        if self.in_plan:
            self.action_open_plan()
            return
        self.push_screen(PathScreen("Open a scenario file", self.scenario_file, must_exist=True),
                         self.open_from)

    async def open_from(self, path: Path | None) -> None:
        unsaved = ", ".join(self.session.changed_since(self.saved))
        await self.open_file(path, load_scenario, unsaved, "; Ctrl+Z just after brings them back",
                             self.replace_session)

    async def open_file(self, path: Path | None, load: Callable[[Path], object],
                        unsaved: str, kept: str,
                        replace: Callable[[Path, object], Awaitable[None]]) -> None:
        """Open ``path`` (None: the prompt was cancelled) with ``load``; a file it refuses is
        a notice. What it read replaces what is shown through ``replace``: at once, or after
        asking when ``unsaved`` names changes not saved (``kept`` says how they may come
        back)."""
        if path is None:
            return
        try:
            opened = load(path)
        except calc.MqcalcError as error:
            self.notify(f"Not opened: {error}", severity="error")
            return
        if not unsaved:
            await replace(path, opened)
            return
        self.push_screen(ConfirmScreen(
            f"Open {path}?", f"Your changes to {unsaved} are not saved. Opening "
            f"the file replaces them{kept}.", yes="Open it", no="Keep my changes"),
            partial(self.open_confirmed, replace, path, opened))

    @staticmethod
    async def open_confirmed(replace: Callable[[Path, object], Awaitable[None]], path: Path,
                             opened: object, yes: bool | None) -> None:
        if yes:
            await replace(path, opened)

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
            values = calc.validate(calculator.id, self.raw_inputs())
        except calc.MqcalcError as error:
            self.notify(f"Not exported: {error}", severity="error")
            return
        self.push_screen(PathScreen(f"Export {calculator.id} with these inputs to a workbook",
                                    self.folder / f"mqcalc-{calculator.id}.xlsx",
                                    confirm_replace=True),
                         partial(self.export_to, calculator, values))

    def export_to(self, calculator, values: dict, path: Path | None) -> None:
        if path is None:
            return
        from calc.workbook import write_workbook  # here: xlsxwriter is slow to import

        try:
            write_workbook(path, [calculator], {calculator.id: values})
        except calc.MqcalcError as error:  # the atomic write turns OS errors into these
            self.notify(f"Not exported: {error}", severity="error")
            return
        self.notify(f"Wrote {path}")

    def get_system_commands(self, screen):
        return self.plan_mode_commands(screen, self.all_commands(screen))

    def all_commands(self, screen):
        """The palette's entries, before plan mode leaves some out."""
        yield from super().get_system_commands(screen)
        for calculator in self.calculators:
            yield SystemCommand(f"Calculator: {calculator.id}", calculator.summary,
                                partial(self.open_calculator, calculator.id))
        yield SystemCommand("Export workbook", "Write a workbook holding these inputs and "
                            "their results", self.action_export)
        yield SystemCommand("Plan view", "A plan's variants side by side: CPU by address "
                            "space, % of the LPAR, MSU (F5)", self.action_plan)
        yield SystemCommand("Open plan", "Open a plan file in the Plan view",
                            self.action_open_plan)
        yield SystemCommand("Save plan", "Save the plan, with the variants' inputs as edited",
                            self.action_save_plan)
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


def create_app(scenario: Scenario | None = None, folder: Path | None = None,
               plan: tuple[Path, Plan] | None = None) -> MqcalcApp:
    """The app, as the tests and the command build it; ``plan``: a plan file and the plan
    read from it, shown in the Plan view at the start."""
    return MqcalcApp(scenario, folder, plan)


def run_app(scenario: Scenario | None = None, plan: tuple[Path, Plan] | None = None) -> None:
    create_app(scenario, plan=plan).run()
