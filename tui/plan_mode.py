"""The app's side of the Plan view (:class:`PlanMixin`): open and save a plan file, show its
figures, and edit a variant's calculator in the usual panes.

While a variant is edited the app's session is that variant's (:class:`tui.plan_edit.
PlanEdit`), so the calculator panes, undo and redo work on its inputs, and Ctrl+S and
Ctrl+O save and open the plan, not a scenario; the user's own session is kept aside
meanwhile. Back in the Plan view (F5), the figures are made again from the fields and the
user's own session is back in the panes beneath.

In the Plan view A adds a calculator to a variant and Delete removes one; the palette keeps
to the plan in plan mode (:meth:`PlanMixin.plan_mode_commands`); Ctrl+Q over plan changes
not saved asks first.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import SystemCommand

import calc
from calc.inputs.plan import Plan, load_plan, save_plan
from calc.inputs.plan_run import PlanResult, evaluate_plan

from .confirm import ConfirmScreen
from .plan_edit import PlanEdit
from .plan_pick import AddCalculatorScreen
from .plan_screen import NO_PLAN, PlanScreen
from .screens import PathScreen

SCENARIOS_AWAY = ("Scenario files hold your own inputs, put aside in plan mode: leave plan "
                  "mode first (Escape from the Plan view; from a variant's calculator F5, "
                  "then Escape). Save plan and Open plan act on the plan.")
"""Why the palette offers no scenario entry in plan mode."""
CALCULATOR_ACTIONS = frozenset({"toggle_plots", "toggle_list", "maximize", "undo", "redo",
                                "reset", "export", "copy_result", "save", "open"})
"""The app's actions on the calculator panes, which the Plan view (over them) does not take."""


class PlanMixin:
    """Plan-view state and actions of :class:`tui.app.MqcalcApp`."""

    plan_edit: PlanEdit | None = None
    plan_path: Path | None = None
    plan_saved: dict = {}
    """Every variant's fields as last saved or opened: opening another plan over changes
    since asks first."""
    plan_result: PlanResult | None = None
    plan_problem = ""
    editing: str | None = None
    """The variant whose calculator the panes show, or None (the user's own inputs)."""
    own: tuple | None = None
    """The user's session, saved fields, scenario file and undo of an open, kept aside while
    a variant is edited."""

    @property
    def in_plan(self) -> bool:
        """Whether Ctrl+S and Ctrl+O are the plan's: the Plan view shows, or a variant's
        calculator does."""
        return self.editing is not None or isinstance(self.screen, PlanScreen)

    def plan_mode_commands(self, screen, commands: Iterable[SystemCommand]):
        """The palette's ``commands`` over ``screen``, in plan mode (the Plan view, or a
        variant's calculator) without the scenario entries: a scenario file holds the
        user's own inputs, which plan mode has put aside, and the plan has its own entries.
        One entry says so instead. Over the Plan view the calculator panes' entries are
        left out as their keys are, and adding and removing calculators are offered."""
        on_plan = isinstance(screen, PlanScreen)
        if self.editing is None and not on_plan:
            yield from commands
            return
        for command in commands:
            action = getattr(command.callback, "__name__", "").removeprefix("action_")
            if action not in ("save", "open") and not (on_plan and action in CALCULATOR_ACTIONS):
                yield command
        yield SystemCommand("Scenario files: not in plan mode", SCENARIOS_AWAY,
                            partial(self.notify, SCENARIOS_AWAY, severity="warning"))
        if on_plan:
            yield SystemCommand("Add a calculator to a variant", "Pick the variant, the "
                                "calculator and its starting inputs (A)",
                                self.action_add_calculator)
            yield SystemCommand("Remove a calculator from its variant", "The one highlighted "
                                "in the Plan view's list (Delete)", self.action_remove_calculator)

    def plan_view_shown(self) -> bool:
        """Whether the Plan view is on the screen stack, a question over it included (the
        calculator panes beneath are not what is seen)."""
        return any(isinstance(screen, PlanScreen) for screen in self.screen_stack)

    async def action_plan(self) -> None:
        """F5: show the Plan view (from a variant's calculator: back to it, the figures made
        again and the user's own inputs back in the panes beneath), or close it."""
        if isinstance(self.screen, PlanScreen):
            await self.pop_screen()
            return
        if self.editing is not None:
            self.remake_plan()
            await self.leave_variant()
        await self.push_screen(PlanScreen())

    async def leave_variant(self) -> None:
        """Put the user's own session back in the panes, if a variant's is there."""
        if self.own is None:
            return
        self.session, self.saved, self.scenario_path, self.replaced = self.own
        self.own = self.editing = None
        self.sub_title = type(self).SUB_TITLE
        await self.show_calculator()

    async def edit_variant(self, variant: str, calculator_id: str) -> None:
        """Show ``variant``'s ``calculator_id`` in the calculator panes, to edit."""
        if self.own is None:
            self.own = (self.session, self.saved, self.scenario_path, self.replaced)
        self.session = self.plan_edit.sessions[variant]
        self.session.current = calculator_id
        self.saved, self.replaced, self.editing = self.session.state(), None, variant
        self.sub_title = f"plan variant {variant} (F5: back to the plan)"
        await self.pop_screen()
        await self.show_calculator()

    def warn_outside_variant(self) -> None:
        """While a variant is edited, say so when the calculator now shown is not one of the
        variant's: what is typed into it is not part of the plan until the Plan view adds
        it."""
        if self.editing is None or self.current.id in self.plan_edit.members[self.editing]:
            return
        self.notify(f"{self.current.id} is not in the variant {self.editing}: what you type "
                    "here is not part of the plan. In the Plan view (F5), A adds it.",
                    severity="warning", timeout=8)

    def remake_plan(self) -> None:
        """The plan and its figures made again from the variants' fields; on a refusal the
        last figures stay, with the reason."""
        try:
            self.plan_result = evaluate_plan(self.plan_edit.remake())
        except calc.MqcalcError as error:
            self.plan_problem = f"Figures held at the last good inputs: {error}"
        else:
            self.plan_problem = ""

    def show_plan(self) -> None:
        """Put the plan's figures on the Plan view, if it shows."""
        if not isinstance(self.screen, PlanScreen):
            return
        if self.plan_edit is None:
            self.screen.show(NO_PLAN, None, "", [])
            return
        pairs = [(variant, calculator_id, next(c.title for c in self.calculators
                                               if c.id == calculator_id))
                 for variant, calculator_id in self.plan_edit.pairs()]
        self.screen.show(f"Plan {self.plan_path.name}: the CPU the calculators count",
                         self.plan_result, self.plan_problem, pairs)

    @property
    def plan_file(self) -> Path:
        """Where the plan's save and open start: its file, else one in the folder."""
        return self.plan_path or self.folder / "mqcalc-plan.yaml"

    def action_open_plan(self) -> None:
        self.push_screen(PathScreen("Open a plan file", self.plan_file, must_exist=True),
                         self.open_plan_from)

    async def open_plan_from(self, path: Path | None) -> None:
        await self.open_file(path, load_plan, self.plan_unsaved(), "", self.replace_plan)

    def plan_unsaved(self) -> str:
        """The plan's changes not saved, as a question names them ("" when none)."""
        unsaved = self.plan_edit.changed_since(self.plan_saved) if self.plan_edit else []
        return f"{', '.join(unsaved)} in the plan {self.plan_path}" if unsaved else ""

    async def action_quit(self) -> None:
        """Ctrl+Q: quit, after asking when the plan has changes not saved (Ctrl+Q again
        over the question quits)."""
        unsaved = self.plan_unsaved()
        if not unsaved or isinstance(self.screen, QuitScreen):
            self.exit()
            return
        self.push_screen(QuitScreen(
            "Quit mqcalc?", f"Your changes to {unsaved} are not saved. Quitting loses them "
            "(Ctrl+S in the Plan view saves the plan).", yes="Quit", no="Keep my changes"),
            self.quit_confirmed)

    def quit_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.exit()

    def action_add_calculator(self) -> None:
        """A: pick a calculator to add to a variant (the highlighted one's first)."""
        choices = self.plan_edit.addable() if self.plan_edit else []
        if not choices:
            self.notify("Every variant uses every calculator already." if self.plan_edit
                        else "No plan is open: Ctrl+O opens one.", severity="warning")
            return
        picked = self.screen.picked() if isinstance(self.screen, PlanScreen) else None
        titles = {c.id: c.title for c in self.calculators}
        self.push_screen(AddCalculatorScreen(choices, titles, picked[0] if picked else ""),
                         self.add_picked)

    def add_picked(self, choice: tuple[str, str, str | None] | None) -> None:
        """Add the calculator picked (None: cancelled) and show the figures made again."""
        if choice is None:
            return
        variant, calculator_id, start = choice
        self.plan_edit.add(variant, calculator_id, start)
        self.remake_plan()
        if isinstance(self.screen, PlanScreen):
            self.screen.wanted = (variant, calculator_id)
        self.show_plan()
        self.notify(f"Added {calculator_id} to {variant}, with "
                    + (f"{start}'s inputs" if start else "its defaults")
                    + ": Enter edits them.")

    def action_remove_calculator(self) -> None:
        """Delete: take the highlighted calculator out of its variant, after asking when
        its inputs there have changes not saved."""
        picked = self.screen.picked() if isinstance(self.screen, PlanScreen) else None
        if picked is None:
            return
        why_not = self.plan_edit.why_not_remove(*picked)
        if why_not:
            self.notify(f"Not removed: {why_not}.", severity="warning")
        elif self.plan_edit.edited(*picked, self.plan_saved):
            self.push_screen(ConfirmScreen(
                f"Remove {picked[1]} from {picked[0]}?", f"Its inputs in {picked[0]} have "
                "changes not saved; removing it loses them.", yes="Remove it",
                no="Keep it"), partial(self.remove_confirmed, picked))
        else:
            self.remove_confirmed(picked, True)

    def remove_confirmed(self, picked: tuple[str, str], yes: bool | None) -> None:
        if yes:
            self.plan_edit.remove(*picked)
            self.remake_plan()
            self.show_plan()
            self.notify(f"Removed {picked[1]} from {picked[0]}.")

    async def replace_plan(self, path: Path, plan: Plan) -> None:
        """Hold ``plan`` (read from ``path``) and show it on the Plan view."""
        await self.leave_variant()
        self.plan_edit = PlanEdit(self.calculators, plan)
        self.plan_saved, self.plan_path = self.plan_edit.state(), path
        self.remake_plan()
        if isinstance(self.screen, PlanScreen):
            self.show_plan()
        else:
            await self.push_screen(PlanScreen())
        self.notify(f"Opened the plan {path}: {', '.join(v.name for v in plan.variants)}")

    def action_save_plan(self) -> None:
        if self.plan_edit is None:
            self.notify("No plan is open to save: Ctrl+O opens one.", severity="warning")
            return
        self.save_file("Save the plan", self.plan_file, self.plan_edit.remake, save_plan,
                       self.plan_saved_to)

    def plan_saved_to(self, path: Path, plan: Plan) -> None:
        self.plan_path, self.plan_saved = path, self.plan_edit.state()
        self.show_plan()
        self.notify(f"Saved the plan to {path}")


class QuitScreen(ConfirmScreen):
    """The question before quitting over a plan's changes not saved."""
