"""The plan the terminal calculator holds: the plan being edited (a :class:`~tui.plan_edit.
PlanEdit`), the file it came from, its fields as last saved, and its figures as last made.
The Plan view shows it and the calculator panes edit its variants; the app opens and saves
it. No Textual here, so it is tested alone.
"""
from __future__ import annotations

from pathlib import Path

import calc
from calc.core.model import Calculator
from calc.inputs.plan import Plan
from calc.inputs.plan_run import PlanResult, evaluate_plan

from .plan_edit import PlanEdit

NO_PLAN = ("No plan is open. N starts one from your inputs: \"today\" as they are, and "
           "\"proposed\" to change. Ctrl+O opens a plan file: one queue manager's machine and "
           "two or more variants of its work (mqcalc plan --example z16_encryption_ams --out "
           "plan.yaml writes a sample to start from).")
"""What the Plan view says before a plan is opened."""


class Planning:
    """The plan held, if any: ``edit`` is None until a plan file is opened."""

    def __init__(self, calculators: list[Calculator]):
        self.calculators = calculators
        self.titles = {calculator.id: calculator.title for calculator in calculators}
        """Each calculator's title, by id: the Plan view's list and picker name them so."""
        self.edit: PlanEdit | None = None
        self.path: Path | None = None
        self.saved: dict = {}
        """Every variant's fields as last saved or opened: opening another plan or quitting
        over changes since asks first."""
        self.result: PlanResult | None = None
        self.problem = ""
        """Why the fields make no plan now (the figures are the last good ones), or ""."""

    def open(self, path: Path | None, plan: Plan) -> None:
        """Hold ``plan``, read from ``path`` (None: a new plan, nothing of it saved), and
        make its figures."""
        self.edit = PlanEdit(self.calculators, plan)
        self.saved, self.path = (self.edit.state() if path else {}), path
        self.remake()

    def remake(self) -> None:
        """The plan and its figures made again from the variants' fields; on a refusal the
        last figures stay, with the reason."""
        try:
            self.result = evaluate_plan(self.edit.remake())
        except calc.MqcalcError as error:
            self.problem = f"Figures held at the last good inputs: {error}"
        else:
            self.problem = ""

    def saved_to(self, path: Path) -> None:
        """Note that the plan as it is now was written to ``path``."""
        self.path, self.saved = path, self.edit.state()

    def unsaved(self) -> str:
        """The plan's changes not saved, as a question names them ("" when none)."""
        changed = self.edit.changed_since(self.saved) if self.edit else []
        where = f"the plan {self.path}" if self.path else "the new plan"
        return f"{', '.join(changed)} in {where}" if changed else ""

    def file(self, folder: Path) -> Path:
        """Where the plan's save and open start: its file, else one in ``folder``."""
        return self.path or folder / "mqcalc-plan.yaml"

    def title(self) -> str:
        """The Plan view's heading."""
        if self.edit is None:
            return NO_PLAN
        measured = self.result is not None and any(v.measured for v in self.result.variants)
        return (f"Plan {self.path.name if self.path else '(new, not saved)'}: "
                + ("CPU as measured and as the calculators count" if measured
                   else "the CPU the calculators count"))

    def pairs(self) -> list[tuple[str, str, str]]:
        """Each variant's calculators, as ``(variant, calculator id, its title)``."""
        return [(variant, calculator_id, self.titles[calculator_id])
                for variant, calculator_id in self.edit.pairs()] if self.edit else []
