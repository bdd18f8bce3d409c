"""The Plan view driven through Textual's Pilot: opened from a file or made from one's own
inputs, a variant added like another (undone, redone), a variant's calculator edited in the
calculator panes, the figures made again, saved and read back. What it shows
is :func:`calc.inputs.plan_run.evaluate_plan`'s."""
from __future__ import annotations

import shutil
from dataclasses import replace

import pytest
from textual.widgets import Input, OptionList, Static

from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from tests.inputs.test_plan import SAMPLE
from tests.tui.test_tui import plain, through_file_prompt
from tests.tui.test_tui_input import FAST_EDIT, burst
from tui.app import create_app
from tui.confirm import ConfirmScreen
from tui.plan_screen import PlanScreen
from tui.widgets import field_id

SIZE = (100, 30)


def shown(app) -> str:
    """The Plan view's figures as plain text."""
    return plain(app.screen.query_one("#plan-figures", Static), width=100)


def total_row(result) -> list[str]:
    """The Total row as the view writes it, every variant's total then each change."""
    base = result.variants[0]
    return [f"{v.total:.4f}" for v in result.variants] + [
        f"{v.total - base.total:+.4f}" for v in result.variants[1:]]


async def edit(app, pilot, variant: str, calculator_id: str) -> None:
    """Pick ``variant``'s ``calculator_id`` in the Plan view's list and press Enter."""
    choices = app.screen.query_one("#plan-edit", OptionList)
    choices.highlighted = choices.get_option_index(f"{variant}\t{calculator_id}")
    choices.focus()
    await pilot.press("enter")
    await pilot.pause()
    screen = app.calculator_screen
    assert screen.editing == variant and screen.current.id == calculator_id


async def edit_field(app, pilot, variant: str, calculator_id: str, input_id: str,
                     value: str) -> None:
    """Edit ``variant``'s ``calculator_id`` and type ``value`` into ``input_id``."""
    await edit(app, pilot, variant, calculator_id)
    app.query_one(f"#{field_id(input_id)}", Input).value = value
    await pilot.pause()


async def test_f5_then_ctrl_o_opens_a_plan_and_shows_its_figures(tmp_path):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen)
        assert "No plan is open" in plain(app.screen.query_one("#plan-title", Static))
        await through_file_prompt(app, pilot, "ctrl+o", SAMPLE)
        expected = evaluate_plan(load_plan(SAMPLE))
        assert app.planning.result == expected
        total = next(line for line in shown(app).splitlines() if "Total" in line)
        assert total.split()[3:] == total_row(expected)
        assert "MSU consumed" in shown(app) and "% of LPAR" in shown(app)


async def test_editing_a_variant_changes_the_figures_and_undo_takes_it_back(tmp_path):
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        own = app.calculator_screen.session
        before = shown(app)
        await edit_field(app, pilot, "proposed", "connect", "connects_per_sec", "5000")
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen)
        plan = load_plan(SAMPLE)
        today, proposed = plan.variants
        connect = {**proposed.calculators["connect"], "connects_per_sec": 5000}
        changed = evaluate_plan(replace(plan, variants=(today, replace(
            proposed, calculators={**proposed.calculators, "connect": connect}))))
        assert app.planning.result == changed
        assert shown(app) != before
        total = next(line for line in shown(app).splitlines() if "Total" in line)
        assert total.split()[3:] == total_row(changed)
        await edit(app, pilot, "proposed", "connect")
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert app.planning.result == evaluate_plan(plan)
        await pilot.press("escape")  # back to the user's own inputs, untouched
        await pilot.pause()
        assert app.calculator_screen.session is own and app.calculator_screen.editing is None
        assert not isinstance(app.screen, PlanScreen)


async def test_save_writes_the_edited_plan_which_reads_back_the_same(tmp_path):
    path = tmp_path / "plan.yaml"
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await edit_field(app, pilot, "today", "log_encryption", "log_mb_per_sec", "80")
        await through_file_prompt(app, pilot, "ctrl+s", path)  # from the calculator panes
        saved = load_plan(path)
        assert saved.variants[0].calculators["log_encryption"]["log_mb_per_sec"] == 80
        assert saved.variants[1].calculators["log_encryption"]["log_mb_per_sec"] == 40
        await pilot.press("f5")
        await pilot.pause()
        assert app.planning.result == evaluate_plan(saved)


async def test_opening_a_plan_over_unsaved_changes_asks_first(tmp_path):
    other = shutil.copy(SAMPLE, tmp_path / "other.yaml")
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await edit_field(app, pilot, "proposed", "ams", "messages_per_sec", "9000")
        await through_file_prompt(app, pilot, "ctrl+o", other)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.detail == (f"Your changes to proposed: ams in the plan {SAMPLE} are "
                                     "not saved. Opening the file replaces them.")
        await pilot.press("n")
        await pilot.pause()
        assert app.planning.path == SAMPLE and app.calculator_screen.editing == "proposed"
        await through_file_prompt(app, pilot, "ctrl+o", other)
        await pilot.press("y")
        await pilot.pause()
        assert app.planning.path == other and app.calculator_screen.editing is None
        assert isinstance(app.screen, PlanScreen)
        assert app.planning.result == evaluate_plan(load_plan(SAMPLE))


async def test_a_new_plan_over_unsaved_changes_asks_first(tmp_path):
    """N over a plan with changes not saved asks, as opening one does: No keeps the plan,
    Yes puts the new plan of one's own inputs in its place."""
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await edit_field(app, pilot, "proposed", "ams", "messages_per_sec", "9000")
        await pilot.press("f5", "n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.detail == (f"Your changes to proposed: ams in the plan {SAMPLE} are "
                                     "not saved; a new plan replaces them.")
        await pilot.press("n")
        await pilot.pause()
        assert app.planning.path == SAMPLE
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.planning.path is None and isinstance(app.screen, PlanScreen)
        assert [v.name for v in app.planning.edit.plan.variants] == ["today", "proposed"]


async def test_keys_typed_fast_into_a_variants_field_are_applied_in_order(tmp_path):
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await edit(app, pilot, "proposed", "connect")
        field = app.query_one(f"#{field_id('connects_per_sec')}", Input)
        field.focus()
        await pilot.pause()
        await burst(app, pilot, *FAST_EDIT)
        assert field.value == "5000"
        assert app.calculator_screen.last_result.inputs["connects_per_sec"] == 5000
        await pilot.press("f5")
        await pilot.pause()
        assert app.planning.problem == ""
        proposed = app.planning.result.variants[1]
        assert proposed.name == "proposed"
        assert app.planning.edit.plan.variants[1].calculators["connect"]["connects_per_sec"] == 5000


async def test_a_variants_calculator_without_results_shows_no_other_calculators_answer(
        tmp_path):
    """The user's own calculator (adapters, the first) is in the panes beneath the Plan view;
    a variant's connect with a field not valid has no answer of its own to show."""
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.calculator_screen.session.current == "adapters"
        await edit_field(app, pilot, "proposed", "connect", "connects_per_sec", "")
        await pilot.press("f5")
        await pilot.pause()
        assert "CHIADAPS" in plain(app.query_one("#answer", Static), width=80)
        await edit(app, pilot, "proposed", "connect")
        assert plain(app.query_one("#problem", Static)).startswith("No results yet")
        assert plain(app.query_one("#answer", Static), width=80).strip() == ""
        app.query_one(f"#{field_id('connects_per_sec')}", Input).value = "5000"
        await pilot.pause()
        answer = plain(app.query_one("#answer", Static), width=80)
        shown = app.calculator_screen.current
        assert shown.outputs[shown.headline].title in answer
        assert "CHIADAPS" not in answer


async def test_a_calculator_outside_the_edited_variant_says_it_is_not_in_the_plan(tmp_path):
    """Picking, while proposed is edited, a calculator proposed does not use warns that its
    inputs are not the plan's; one it uses does not."""
    app = create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await edit(app, pilot, "proposed", "connect")
        await app.calculator_screen.open_calculator("log_encryption")
        await app.calculator_screen.open_calculator("adapters")
        await pilot.pause()
        said = [n.message for n in app._notifications if "Opened the plan" not in n.message]
        assert said == ["adapters is not in the variant proposed: what you type here is not "
                        "part of the plan. In the Plan view (F5), A adds it."]


async def test_variant_names_shaped_like_markup_are_shown_as_written(tmp_path):
    """Issue 38: a variant named ``[/]`` raised MarkupError in the Plan view, and the app
    ended with exit status 0. Names are text in every table header and notice."""
    text = SAMPLE.read_text(encoding="utf-8")
    names = {"today": "[/]", "proposed": "[bold red]z16 plan"}
    for old, new in names.items():
        text = text.replace(f"\n  {old}:\n", f"\n  '{new}':\n").replace(
            f"like: {old}", f"like: '{new}'")
    path = tmp_path / "markup.yaml"
    path.write_text(text, encoding="utf-8")
    plan = load_plan(path)
    assert [variant.name for variant in plan.variants] == list(names.values())
    app = create_app(folder=tmp_path)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+o", path)
        await pilot.pause()
        assert app.planning.result == evaluate_plan(plan)
        figures = shown(app)
        assert "[/]" in figures and "[bold red]z16 plan" in figures
        assert any("[/]" in str(notification.message)
                   for notification in app._notifications)


async def test_a_plan_is_made_from_your_inputs_given_a_variant_edited_saved_and_undone(
        tmp_path):
    """The whole of a plan made in the terminal: connect at 2,500 connects/s typed as one's
    own, F5 and N make "today" of it and "proposed" like it; V adds "bigger" like the
    highlighted variant (a name taken refused), Ctrl+Z takes it back and Ctrl+Y brings it again; 5,000 typed into
    bigger's connect changes its figures alone; Ctrl+S writes a plan file that reads back
    to the same figures."""
    path = tmp_path / "plan.yaml"
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Calculator: connect", "enter")
        await pilot.pause()
        app.query_one(f"#{field_id('connects_per_sec')}", Input).value = "2500"
        await pilot.pause()
        await pilot.press("f5", "n")
        await pilot.pause()
        own = {"connect": app.calculator_screen.session.scenario().inputs["connect"]}
        assert [v.name for v in app.planning.edit.plan.variants] == ["today", "proposed"]
        today, proposed = app.planning.result.variants
        assert today.total == proposed.total > 0
        assert app.planning.edit.plan.variants[0].calculators == own
        assert "(new, not saved)" in plain(app.screen.query_one("#plan-title", Static))
        await pilot.press("v")  # like the highlighted variant: today
        await pilot.pause()
        prompt = app.screen.query_one("#path", Input)
        assert prompt.value == "today_2"  # "proposed" is taken
        prompt.value = "proposed"
        await pilot.press("enter")
        await pilot.pause()
        assert "is a variant of this plan already" in plain(app.screen.query_one(
            "#path-problem", Static))
        prompt.value = "bigger"
        await pilot.press("enter")
        await pilot.pause()
        names = [v.name for v in app.planning.edit.plan.variants]
        assert names == ["today", "proposed", "bigger"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert [v.name for v in app.planning.edit.plan.variants] == ["today", "proposed"]
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert [v.name for v in app.planning.edit.plan.variants] == names
        await edit_field(app, pilot, "bigger", "connect", "connects_per_sec", "5000")
        await pilot.press("f5")
        await pilot.pause()
        today, proposed, bigger = app.planning.result.variants
        assert today.total == proposed.total and bigger.total == pytest.approx(2 * today.total)
        await through_file_prompt(app, pilot, "ctrl+s", path)
        saved = load_plan(path)
        assert [v.name for v in saved.variants] == names and saved.variants[2].like == "today"
        assert evaluate_plan(saved) == app.planning.result
        assert app.planning.unsaved() == ""
