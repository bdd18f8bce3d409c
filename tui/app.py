"""mqcalc's terminal calculator: a thin app over two screens.

The :class:`~tui.calculator_screen.CalculatorScreen` (the default screen) holds the user's
inputs and shows one calculator's results; the :class:`~tui.plan_screen.PlanScreen` shows
the plan the app holds (:class:`~tui.planning.Planning`), whose variants the calculator
screen edits. The app itself keeps what outlives a screen: the catalogue, the working
folder, the plan and its file, the theme; and the keys that work over any screen (help, the
Plan view, quit).
"""
from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from functools import partial
from importlib import resources
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding

import calc
from calc.inputs.plan import Plan, load_plan, save_plan, starting_plan
from calc.inputs.scenario import Scenario

from .calculator_screen import CalculatorScreen
from .confirm import Choice, ChoiceScreen, ConfirmScreen
from .file_prompts import open_file, replace_asking, save_file
from .plan_screen import PlanScreen
from .planning import Planning
from .screens import HelpScreen, PathScreen
from .session import Session
from .settings import load_settings, save_setting, settings_path

SAVE, DISCARD = "save", "discard"
"""The quit question's answers but staying (None)."""
NEWEST_COLLECTED_EVERY = 50_000
"""How many allocations the terminal calculator's process makes between two looks of the
garbage collector at its newest objects (Python's own is 700). Textual makes and drops
objects by the hundred thousand as it lays out and paints, and at 700 the collector ran
some 300 times while the app started, a tenth of the start's CPU (about 70 to 90 ms of 800
in a headless start at 150x45, 2026-12-01); the objects the start keeps are frozen out of
its sight once the first frame is painted (:meth:`MqcalcApp.on_mount`)."""


class QuitScreen(ChoiceScreen):
    """The question before quitting over changes not saved: save them first, quit without
    them, or stay."""

    def __init__(self, unsaved: list[str]):
        super().__init__("Quit mqcalc?", f"Not saved: {' and '.join(unsaved)}. Save asks "
                         "where for each file, then quits.",
                         [Choice("Save", "s", SAVE), Choice("Quit without saving", "d", DISCARD,
                                                            "warning"),
                          Choice("Cancel", "n", None)])


class MqcalcApp(App):
    """The terminal calculator over the whole catalogue."""

    CSS = resources.files(__package__).joinpath("mqcalc.tcss").read_text(encoding="utf-8")
    """The one stylesheet, read as package data so an install from a wheel or a zip finds it
    (Textual's CSS_PATH reads only a real file)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-stacked"), (110, "-narrow"), (130, "-medium"),
                              (150, "-wide")]
    """Screen classes by terminal width: below 150 columns the calculator list shows ids
    only, below 130 it hides (F3 and the command palette still switch), so the results
    keep their value and unit columns; below 110 the form lies above the results, so
    that each has the whole width for its labels."""
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
        Binding("f5", "plan", "Plan"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    def __init__(self, scenario: Scenario | None = None, folder: Path | None = None,
                 plan: tuple[Path, Plan] | None = None):
        super().__init__()
        self.plan_to_open = plan
        """The plan file to show in the Plan view at the start, and the plan read from it."""
        self.calculators = calc.catalogue()
        self.folder = folder or Path.cwd()
        """Where save, open, import and export start (the working folder)."""
        self.planning = Planning(self.calculators)
        """The plan the Plan view shows and the calculator screen's variants edit."""
        self.calculator_screen = CalculatorScreen(
            self.calculators, Session.from_scenario(self.calculators, scenario) if scenario
            else Session(self.calculators), self.folder)

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A notice, always as plain text: notices repeat names from files (a plan's
        variant, a path), and one shaped like markup (``[/]``) must show as written, not
        end the app. No notice of mqcalc's uses markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def get_default_screen(self) -> CalculatorScreen:
        return self.calculator_screen

    def on_mount(self) -> None:
        theme = load_settings().get("theme")
        if theme in self.available_themes:
            self.theme = theme
        self.remembering = True
        if self.plan_to_open is not None:
            self.call_after_refresh(self.replace_plan, *self.plan_to_open)
        # What the start built lives as long as the app: frozen out of the garbage
        # collector's sight, a full collection takes under a millisecond, not the 50 to 70
        # ms that paused whatever key was being answered. Not when headless (Pilot, which
        # runs app after app in one process): unfrozen, an app's objects join the oldest
        # generation without counting towards its next collection, so none came and the
        # dead apps piled up (3.2 GB after tests/tui in one process, then 20 s to free).
        if not self.is_headless:
            self.call_after_refresh(gc.freeze)

    def watch_theme(self, theme: str) -> None:
        """Remember a theme the user picks (from the start on) for the next run."""
        if self.remembering and not save_setting("theme", theme):
            self.notify(f"The theme is not remembered: {settings_path()} cannot be written.",
                        severity="warning", timeout=4)

    def action_help(self) -> None:
        """F1: the help, with the focused field's over the calculator screen."""
        self.push_screen(HelpScreen(self.calculator_screen.field_help()
                                    if self.screen is self.calculator_screen else ""))

    async def action_plan(self) -> None:
        """F5: show the Plan view (from a variant's calculator: back to it, the figures made
        again and the user's own inputs back in the panes beneath), or close it."""
        if isinstance(self.screen, PlanScreen):
            await self.pop_screen()
            return
        if self.calculator_screen.editing is not None:
            self.planning.remake()
            await self.calculator_screen.leave_variant()
        await self.push_screen(PlanScreen(self.planning))

    async def edit_variant(self, variant: str, calculator_id: str) -> None:
        """Leave the Plan view for ``variant``'s ``calculator_id`` in the calculator
        screen, to edit."""
        await self.pop_screen()
        await self.calculator_screen.edit_variant(variant, self.planning.edit.sessions[variant],
                                                  calculator_id)

    async def action_new_plan(self) -> None:
        """N in the Plan view: a plan from the user's own inputs (the calculator shown and
        every one changed): "today" as they are, "proposed" like it, to change; after
        asking, when a plan held has changes not saved."""
        try:
            plan = starting_plan(self.calculator_screen.own_scenario())
        except calc.MqcalcError as error:
            self.notify(f"No plan made: {error}", severity="error")
            return
        unsaved = self.planning.unsaved()
        await replace_asking(self, unsaved, ConfirmScreen(
            "Start a new plan?", f"Your changes to {unsaved} are not saved; a new plan "
            "replaces them.", yes="Start it", no="Keep my changes"),
            self.replace_plan, None, plan)

    def action_open_plan(self) -> None:
        self.push_screen(PathScreen("Open a plan file", self.planning.file(self.folder),
                                    must_exist=True), self.open_plan_from)

    async def open_plan_from(self, path: Path | None) -> None:
        await open_file(self, path, load_plan, self.planning.unsaved(), "", self.replace_plan)

    async def replace_plan(self, path: Path | None, plan: Plan) -> None:
        """Hold ``plan`` (read from ``path``; None: a new one) and show it on the Plan
        view."""
        await self.calculator_screen.leave_variant()
        self.planning.open(path, plan)
        if isinstance(self.screen, PlanScreen):
            self.screen.show()
        else:
            await self.push_screen(PlanScreen(self.planning))
        variants = ", ".join(v.name for v in plan.variants)
        self.notify(f"Opened the plan {path}: {variants}" if path else
                    f"A new plan of {', '.join(plan.variants[0].calculators)}: {variants}. "
                    "Enter on one of proposed's calculators changes it; Ctrl+S saves.")

    def action_save_plan(self, then: Callable[[], object] | None = None) -> None:
        """Save the plan where the user says, then call ``then`` (not if the prompt is
        cancelled or the plan refused)."""
        if self.planning.edit is None:
            self.notify("No plan is open to save: Ctrl+O opens one.", severity="warning")
            return
        save_file(self, "Save the plan", self.planning.file(self.folder),
                  self.planning.edit.remake, save_plan, partial(self.plan_saved_to, then))

    def plan_saved_to(self, then: Callable[[], object] | None, path: Path, plan: Plan) -> None:
        self.planning.saved_to(path)
        if isinstance(self.screen, PlanScreen):
            self.screen.show()
        self.notify(f"Saved the plan to {path}")
        if then is not None:
            then()

    def unsaved(self) -> list[str]:
        """What is not saved, as the quit question names it: the user's inputs, the plan."""
        inputs, plan = self.calculator_screen.unsaved_inputs(), self.planning.unsaved()
        return ([f"your inputs to {inputs}"] if inputs else []) + (
            [f"your changes to {plan}"] if plan else [])

    async def action_quit(self) -> None:
        """Ctrl+Q: quit, after asking when inputs or the plan have changes not saved: save
        them, quit without them, or stay (Ctrl+Q again over the question quits)."""
        unsaved = self.unsaved()
        if not unsaved or isinstance(self.screen, QuitScreen):
            self.exit()
            return
        self.push_screen(QuitScreen(unsaved), self.quit_answered)

    async def quit_answered(self, answer: str | None) -> None:
        if answer == DISCARD:
            self.exit()
        elif answer == SAVE:
            await self.save_and_quit()

    async def save_and_quit(self) -> None:
        """Save what is not saved, one file at a time through its usual prompt (the user's
        inputs, then the plan), and quit once all is saved; a prompt cancelled or a file
        refused stops there, in the app."""
        screen = self.calculator_screen
        if screen.editing is not None:  # the user's own inputs back in the panes, to save
            self.planning.remake()
            await screen.leave_variant()
        more = partial(self.call_later, self.save_and_quit)
        if screen.unsaved_inputs():
            screen.save_inputs(then=more)
        elif self.planning.unsaved():
            self.action_save_plan(then=more)
        else:
            self.exit()

    def get_system_commands(self, screen) -> Iterator[SystemCommand]:
        """The palette's entries: Textual's own, then those of the screen shown."""
        yield from super().get_system_commands(screen)
        if isinstance(screen, (CalculatorScreen, PlanScreen)):
            yield from screen.palette_commands()


def create_app(scenario: Scenario | None = None, folder: Path | None = None,
               plan: tuple[Path, Plan] | None = None) -> MqcalcApp:
    """The app, as the tests and the command build it; ``plan``: a plan file and the plan
    read from it, shown in the Plan view at the start."""
    return MqcalcApp(scenario, folder, plan)


def run_app(scenario: Scenario | None = None, plan: tuple[Path, Plan] | None = None) -> None:
    """Run the terminal calculator in this process, until it quits."""
    gc.set_threshold(NEWEST_COLLECTED_EVERY, *gc.get_threshold()[1:])
    create_app(scenario, plan=plan).run()
