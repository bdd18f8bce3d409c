"""The app's side of the Plan view (:class:`PlanMixin`): open and save a plan file, show its
figures, and edit a variant's calculator in the usual panes.

While a variant is edited the app's session is that variant's (:class:`tui.plan_edit.
PlanEdit`), so the calculator panes, undo and redo work on its inputs, and Ctrl+S and
Ctrl+O save and open the plan, not a scenario; the user's own session is kept aside
meanwhile. Back in the Plan view (F5), the figures are made again from the fields and the
user's own session is back in the panes beneath.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

import calc
from calc.plan import Plan, load_plan, save_plan
from calc.plan_run import PlanResult, evaluate_plan

from .plan_edit import PlanEdit
from .plan_screen import NO_PLAN, PlanScreen
from .screens import PathScreen

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

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return not (isinstance(self.screen, PlanScreen) and action in CALCULATOR_ACTIONS)

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
        unsaved = self.plan_edit.changed_since(self.plan_saved) if self.plan_edit else []
        changed = f"{', '.join(unsaved)} in the plan {self.plan_path}" if unsaved else ""
        await self.open_file(path, load_plan, changed, "", self.replace_plan)

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
        try:
            plan = self.plan_edit.remake()
        except calc.MqcalcError as error:
            self.notify(f"Not saved: {error}", severity="error")
            return
        self.push_screen(PathScreen("Save the plan", self.plan_file, confirm_replace=True),
                         partial(self.save_plan_to, plan))

    def save_plan_to(self, plan: Plan, path: Path | None) -> None:
        if path is None:
            return
        try:
            save_plan(path, plan)
        except calc.MqcalcError as error:
            self.notify(f"Not saved: {error}", severity="error")
            return
        self.plan_path, self.plan_saved = path, self.plan_edit.state()
        self.show_plan()
        self.notify(f"Saved the plan to {path}")
