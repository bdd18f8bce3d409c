"""The plan the terminal calculator holds (:class:`tui.planning.Planning`), without the app:
opened, its figures made again as its fields change, a refusal held with the last good
figures, its changes not saved named, and its file."""
from __future__ import annotations

from pathlib import Path

import calc
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from tests.inputs.test_plan import SAMPLE
from tui.planning import NO_PLAN, Planning


def opened() -> Planning:
    planning = Planning(calc.catalogue())
    planning.open(SAMPLE, load_plan(SAMPLE))
    return planning


def test_before_a_plan_is_opened_there_is_nothing_to_show_or_lose(tmp_path):
    planning = Planning(calc.catalogue())
    assert planning.title() == NO_PLAN and planning.pairs() == []
    assert planning.result is None and planning.unsaved() == ""
    assert planning.file(tmp_path) == tmp_path / "mqcalc-plan.yaml"


def test_an_opened_plan_has_the_figures_of_its_file_and_nothing_unsaved(tmp_path):
    planning = opened()
    assert planning.result == evaluate_plan(load_plan(SAMPLE))
    assert planning.title() == f"Plan {SAMPLE.name}: the CPU the calculators count"
    assert planning.unsaved() == "" and planning.file(tmp_path) == SAMPLE
    titles = {c.id: c.title for c in calc.catalogue()}
    assert planning.pairs() == [(variant, calculator_id, titles[calculator_id])
                                for variant, calculator_id in planning.edit.pairs()]


def test_a_change_is_named_until_saved_and_its_figures_made_again():
    planning = opened()
    session = planning.edit.sessions["proposed"]
    session.current = "ams"
    fields = session.fields()
    session.edit({**fields, "messages_per_sec": "9000"}, "messages_per_sec")
    assert planning.unsaved() == f"proposed: ams in the plan {SAMPLE}"
    before = planning.result
    planning.remake()
    assert planning.problem == "" and planning.result != before
    assert planning.result == evaluate_plan(planning.edit.plan)
    planning.saved_to(Path("elsewhere.yaml"))
    assert planning.unsaved() == "" and planning.path == Path("elsewhere.yaml")


def test_a_field_not_valid_keeps_the_last_good_figures_and_says_why():
    planning = opened()
    session = planning.edit.sessions["proposed"]
    session.current = "ams"
    good = planning.result
    session.edit({**session.fields(), "messages_per_sec": "lots"}, "messages_per_sec")
    planning.remake()
    assert planning.result == good
    assert planning.problem.startswith("Figures held at the last good inputs: ")
    assert "messages_per_sec" in planning.problem


def test_a_new_plan_is_all_unsaved_and_titled_so(tmp_path):
    """A plan made from one's inputs (no file): the title says it is new, every calculator of
    it counts as not saved, and saving starts in the working folder."""
    planning = Planning(calc.catalogue())
    plan = load_plan(SAMPLE)
    planning.open(None, plan)
    assert planning.title().startswith("Plan (new, not saved): ")
    assert planning.unsaved().endswith(" in the new plan")
    assert planning.unsaved().startswith("today: ams, today: connect, ")
    assert planning.file(tmp_path) == tmp_path / "mqcalc-plan.yaml"
    assert planning.result == evaluate_plan(plan)
