"""``mqcalc`` or ``mqcalc tui [--scenario FILE] [--plan FILE]``: the terminal calculator,
started on the scenario's inputs or the plan's variants."""
from __future__ import annotations

from calc.inputs.plan import load_plan
from calc.inputs.scenario import load_scenario
from tui.app import run_app


def run(arguments) -> int:
    """Run the terminal calculator until it quits; exit status 0."""
    scenario = load_scenario(arguments.scenario) if arguments.scenario is not None else None
    plan = getattr(arguments, "plan", None)  # only "mqcalc tui" has --plan
    if plan is not None:
        plan = (plan, load_plan(plan))
    run_app(scenario, plan)
    return 0
