"""A plan's variants given and relieved of calculators as the Plan view does it
(:class:`tui.plan_edit.PlanEdit`, no Textual), saved and read back; and the contributions
table the Plan view shows (:func:`tui.plan_view.contributions_table`)."""
from __future__ import annotations

import yaml
from rich.console import Console

import calc
from calc.inputs.plan import RATE_DECIMALS, load_plan, make_plan, save_plan
from calc.inputs.plan_run import evaluate_plan
from tests.inputs.test_plan import SAMPLE
from tui.plan_edit import PlanEdit
from tui.plan_view import contributions_table
from tui.session import field_values


def sample_edit() -> PlanEdit:
    return PlanEdit(calc.catalogue(), load_plan(SAMPLE))


def defaults(calculator_id: str) -> dict:
    return calc.validate(calculator_id, {})


def test_a_calculator_added_to_a_like_variant_is_saved_under_it_and_reads_back(tmp_path):
    edit = sample_edit()
    saved = edit.state()
    edit.add("proposed", "pageset_encryption", None)
    assert ("proposed", "pageset_encryption") in edit.pairs()
    assert edit.changed_since(saved) == ["proposed: pageset_encryption"]
    plan = edit.remake()
    today, proposed = plan.variants
    assert "pageset_encryption" not in today.calculators
    added = proposed.calculators["pageset_encryption"]
    assert added == {**defaults("pageset_encryption"), **{
        name: value for name, value in proposed.machine.items() if name in added}}
    assert added["machine"] == "z16"  # the variant's machine, not the default one
    path = save_plan(tmp_path / "plan.yaml", plan)
    assert load_plan(path) == plan
    written = yaml.safe_load(path.read_text(encoding="utf-8"))["variants"]["proposed"]
    assert written["like"] == "today"
    assert written["calculators"]["connect"] == {"connects_per_sec": 2500}  # still only changes
    assert "pageset_encryption" in written["calculators"]


def test_a_calculator_added_to_the_variant_others_are_like_reaches_them_with_its_values(
        tmp_path):
    edit = sample_edit()
    edit.add("today", "pageset_encryption", None)
    today_fields = edit.sessions["today"].fields("pageset_encryption")
    edit.sessions["today"].histories["pageset_encryption"].record(
        {**today_fields, "write_pages": "7000"})
    plan = edit.remake()
    assert plan.variants[1].calculators["pageset_encryption"]["write_pages"] == 7000
    # proposed's fields hold what like: gave it, so making the plan again keeps it
    assert edit.sessions["proposed"].fields("pageset_encryption")["write_pages"] == "7000"
    assert edit.remake() == plan
    written = yaml.safe_load(save_plan(tmp_path / "p.yaml", plan).read_text())["variants"]
    assert "pageset_encryption" not in written["proposed"]["calculators"]  # no change
    assert load_plan(tmp_path / "p.yaml") == plan


def test_adding_starts_from_defaults_or_another_variants_inputs_the_like_one_first():
    edit = sample_edit()
    edit.remove("today", "ams")
    edit.remake()
    choices = edit.addable()
    assert ("today", "ams", None) in choices and ("today", "ams", "proposed") in choices
    assert not any(variant == "proposed" and calculator_id == "ams"
                   for variant, calculator_id, _ in choices)
    edit.add("today", "ams", "proposed")
    assert edit.sessions["today"].fields("ams") == {
        **edit.sessions["proposed"].fields("ams"), "machine": "z14"}
    three = PlanEdit(calc.catalogue(), make_plan(load_plan(SAMPLE).variants[0].machine, {
        "a": {"connect": {}}, "b": {}, "c": {"connect": {"connects_per_sec": 9}}}))
    assert [c for c in three.addable() if c[:2] == ("b", "connect")] == [
        ("b", "connect", None), ("b", "connect", "a"), ("b", "connect", "c")]


def test_removing_is_refused_for_a_calculator_had_by_like_and_for_the_last_one():
    edit = sample_edit()
    assert "proposed is like today, which uses connect" in edit.why_not_remove(
        "proposed", "connect")
    assert edit.why_not_remove("today", "connect") == ""
    alone = PlanEdit(calc.catalogue(), make_plan(load_plan(SAMPLE).variants[0].machine, {
        "a": {"connect": {}}, "b": {"ams": {}}}))
    assert edit.why_not_remove("today", "ams") == ""
    assert alone.why_not_remove("a", "connect") == ("connect is a's only calculator: a "
                                                     "variant keeps one")


def test_a_calculator_removed_from_the_baseline_stays_whole_in_its_like_variant(tmp_path):
    edit = sample_edit()
    saved = edit.state()
    before = edit.plan.variants[1]
    edit.remove("today", "ams")
    assert edit.changed_since(saved) == ["today: ams (removed)"]
    plan = edit.remake()
    today, proposed = plan.variants
    assert "ams" not in today.calculators
    assert proposed == before  # proposed's figures stand as they were
    assert load_plan(save_plan(tmp_path / "plan.yaml", plan)) == plan
    assert evaluate_plan(plan).variants[0].total < evaluate_plan(load_plan(SAMPLE)).variants[
        0].total + 1e-12


def test_removing_loses_typing_only_where_fields_changed_since_saved_or_added():
    edit = sample_edit()
    saved = edit.state()
    assert not edit.edited("today", "ams", saved)
    session = edit.sessions["today"]
    session.histories["ams"].record({**session.fields("ams"), "messages_per_sec": "10"})
    assert edit.edited("today", "ams", saved)
    edit.add("today", "pageset_encryption", None)
    assert not edit.edited("today", "pageset_encryption", saved)
    session.histories["pageset_encryption"].record(
        {**session.fields("pageset_encryption"), "write_pages": "10"})
    assert edit.edited("today", "pageset_encryption", saved)


def test_a_plan_with_a_variant_of_no_calculators_is_edited_and_given_one():
    plan = make_plan(load_plan(SAMPLE).variants[0].machine, {"a": {"connect": {}}, "b": {}})
    edit = PlanEdit(calc.catalogue(), plan)
    assert edit.pairs() == [("a", "connect")]
    edit.add("b", "connect", "a")
    assert edit.remake().variants[1].calculators["connect"] == plan.variants[0].calculators[
        "connect"]
    assert edit.sessions["b"].fields("connect") == field_values(
        calc.calculator("connect"), plan.variants[0].calculators["connect"])


def text(table, width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(table)
    return console.export_text()


def test_the_contributions_are_the_results_parts_and_totals_blank_where_not_used():
    edit = sample_edit()
    edit.add("proposed", "pageset_encryption", None)
    result = evaluate_plan(edit.remake())
    lines = text(contributions_table(result), 80).splitlines()
    today, proposed = result.variants
    for contribution in proposed.contributions:
        row = next(line.split() for line in lines
                   if line.split()[:2] == [contribution.calculator, contribution.output])
        assert row[2] == contribution.address_space
        assert row[-1] == f"{contribution.cpu_seconds_per_sec:.{RATE_DECIMALS}f}"
        if contribution.calculator in today.variant.calculators:
            old = next(c for c in today.contributions if c.calculator == contribution.calculator
                       and c.output == contribution.output)
            assert row[3] == f"{old.cpu_seconds_per_sec:.{RATE_DECIMALS}f}"
        else:  # blank under today, the figure under proposed
            line = next(line for line in lines if contribution.output in line
                        and line.split()[0] == contribution.calculator)
            assert len(row) == 4 and line.rstrip().endswith(row[3])
            assert len(line.rstrip()) == lines[0].rstrip().index("proposed") + len("proposed")
    total = next(line.split() for line in lines if line.split()[:1] == ["Total"])
    assert total[1:] == [f"{v.total:.{RATE_DECIMALS}f}" for v in result.variants]


def test_at_80_columns_the_contributions_are_whole():
    result = evaluate_plan(load_plan(SAMPLE))
    shown = text(contributions_table(result), 76)  # 80 less the view's padding and scrollbar
    assert "…" not in shown
    assert max(map(len, shown.splitlines())) <= 76


def test_a_variant_added_like_another_starts_with_its_fields_and_is_saved_as_like(tmp_path):
    """V in the Plan view: the new variant has the calculators and the fields of the one it
    is like (changes typed there since included), is written as like it, changing nothing,
    and reads back with that one's figures."""
    edit = sample_edit()
    fields = edit.sessions["proposed"].fields("connect")
    edit.sessions["proposed"].histories["connect"].record({**fields, "connects_per_sec": "3000"})
    edit.add_variant("bigger", "proposed")
    assert edit.members["bigger"] == edit.members["proposed"]
    assert edit.sessions["bigger"].fields("connect")["connects_per_sec"] == "3000"
    plan = edit.remake()
    today, proposed, bigger = plan.variants
    assert (bigger.like, bigger.calculators, bigger.machine) == (
        "proposed", proposed.calculators, proposed.machine)
    written = yaml.safe_load(save_plan(tmp_path / "p.yaml", plan).read_text())["variants"]
    assert written["bigger"] == {"like": "proposed", "calculators": {}}
    result = evaluate_plan(load_plan(tmp_path / "p.yaml"))
    assert result.variants[2].total == result.variants[1].total != result.variants[0].total


def test_undo_and_redo_take_back_and_make_again_each_change_of_the_plans_shape():
    """Ctrl+Z and Ctrl+Y in the Plan view: a variant added, a calculator added, one removed,
    each undone in turn back to the plan as opened, and made again; a change after an undo
    leaves nothing to redo."""
    edit = sample_edit()
    opened = (edit.remake(), edit.pairs())
    edit.add_variant("bigger", "today")
    edit.add("bigger", "pageset_encryption", None)
    edit.remove("today", "ams")
    shapes = [(edit.remake(), edit.pairs())]
    assert ("today", "ams") not in shapes[0][1] and ("bigger", "pageset_encryption") in \
        shapes[0][1]
    undone = []
    while edit.undo():
        undone.append(edit.pairs())
    assert len(undone) == 3 and (edit.remake(), edit.pairs()) == opened
    while edit.redo():
        pass
    assert (edit.remake(), edit.pairs()) == shapes[0]
    edit.undo()
    edit.add("today", "pageset_encryption", None)
    assert not edit.redo()


def test_a_range_in_a_plan_is_in_the_fields_and_saved_as_written(tmp_path):
    """The Plan view's fields hold a range as the file writes it, in each variant that has
    it (the proposal through like), and the plan made of them again keeps it: saved, the
    range reads back in both."""
    from tests.inputs.test_plan_ranges import RANGED

    path = tmp_path / "ranged.yaml"
    path.write_text(RANGED, encoding="utf-8")
    edit = PlanEdit(calc.catalogue(), load_plan(path))
    for name in ("today", "proposed"):
        assert edit.sessions[name].fields("connect")["connects_per_sec"] == "800..1200"
    plan = edit.remake()
    assert [v.ranges for v in plan.variants] == [{"connect": {"connects_per_sec": "800..1200"}}] * 2
    saved = save_plan(tmp_path / "saved.yaml", plan)
    assert [v.ranges for v in load_plan(saved).variants] == [v.ranges for v in plan.variants]
    assert evaluate_plan(load_plan(saved)).variants[0].ranges == evaluate_plan(
        load_plan(path)).variants[0].ranges
