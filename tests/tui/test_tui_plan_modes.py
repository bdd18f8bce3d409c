"""The Plan view driven through Textual's Pilot: a calculator added to a variant and removed
from one, the contributions shown, the palette in plan mode, and quitting over a plan not
saved. Every figure is :func:`calc.inputs.plan_run.evaluate_plan`'s."""
from __future__ import annotations

from dataclasses import replace

import yaml
from textual.widgets import OptionList, Static

import calc
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from tests.inputs.test_plan import SAMPLE
from tests.tui.test_tui import plain, press_each, through_file_prompt
from tests.tui.test_tui_plan import SIZE, edit, edit_field
from tui.app import QuitScreen, create_app
from tui.confirm import ConfirmScreen
from tui.plan_pick import AddCalculatorScreen
from tui.plan_screen import PlanScreen


def sample_app(tmp_path):
    return create_app(folder=tmp_path, plan=(SAMPLE, load_plan(SAMPLE)))


def with_added(plan, index: int, calculator_id: str):
    """``plan`` with variant ``index`` given ``calculator_id`` at its defaults on its
    machine, as the engine checks it."""
    variant = plan.variants[index]
    inputs = calc.validate(calculator_id, {
        name: value for name, value in variant.machine.items()
        if name in calc.calculator(calculator_id).inputs})
    calculators = dict(sorted({**variant.calculators, calculator_id: inputs}.items(),
                              key=lambda item: [c.id for c in calc.catalogue()].index(
                                  item[0])))
    variants = list(plan.variants)
    variants[index] = replace(variant, calculators=calculators)
    return replace(plan, variants=tuple(variants))


async def press_on(app, pilot, variant: str, calculator_id: str, key: str) -> None:
    """Highlight ``variant``'s ``calculator_id`` in the Plan view's list and press ``key``."""
    choices = app.screen.query_one("#plan-edit", OptionList)
    choices.highlighted = choices.get_option_index(f"{variant}\t{calculator_id}")
    choices.focus()
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()


async def add(app, pilot, variant: str, calculator_id: str, start: str | None) -> None:
    """Press A in the Plan view and pick ``variant``'s ``calculator_id`` from ``start``."""
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(app.screen, AddCalculatorScreen)
    choices = app.screen.query_one("#add-choices", OptionList)
    choices.highlighted = app.screen.choices.index((variant, calculator_id, start))
    await pilot.press("enter")
    await pilot.pause()


async def test_a_adds_a_calculator_to_the_highlighted_variant_and_the_figures_follow(
        tmp_path):
    path = tmp_path / "plan.yaml"
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_on(app, pilot, "proposed", "ams", "a")
        assert isinstance(app.screen, AddCalculatorScreen)
        choices = app.screen.query_one("#add-choices", OptionList)
        assert app.screen.choices[choices.highlighted][0] == "proposed"  # its variant first
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen) and app.planning.edit.pairs() == [
            (v.name, c) for v in load_plan(SAMPLE).variants for c in v.calculators]
        await add(app, pilot, "proposed", "pageset_encryption", None)
        expected = evaluate_plan(with_added(load_plan(SAMPLE), 1, "pageset_encryption"))
        assert app.planning.result == expected
        assert app.screen.picked() == ("proposed", "pageset_encryption")
        contributions = plain(app.screen.query_one("#plan-contributions", Static), width=100)
        row = next(line for line in contributions.splitlines()
                   if "pageset_encryption" in line)
        part = expected.variants[1].contributions[-1]
        assert row.split() == [part.calculator, part.output, part.address_space,
                               f"{part.cpu_seconds_per_sec:.4f}"]
        await pilot.press("enter")  # edits the one added
        await pilot.pause()
        screen = app.calculator_screen
        assert screen.editing == "proposed" and screen.current.id == "pageset_encryption"
        await through_file_prompt(app, pilot, "ctrl+s", path)
        assert load_plan(path) == app.planning.edit.plan
        assert evaluate_plan(load_plan(path)) == expected


async def test_delete_removes_a_calculator_asking_only_over_changes_not_saved(tmp_path):
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_on(app, pilot, "proposed", "connect", "delete")
        assert isinstance(app.screen, PlanScreen)  # refused: proposed has it by like
        assert ("proposed", "connect") in app.planning.edit.pairs()
        assert any("proposed is like today" in n.message for n in app._notifications)
        await press_on(app, pilot, "today", "ams", "delete")  # unchanged: no question
        assert ("today", "ams") not in app.planning.edit.pairs()
        assert "ams" not in app.planning.result.variants[0].variant.calculators
        await edit_field(app, pilot, "today", "log_encryption", "log_mb_per_sec", "80")
        await pilot.press("f5")
        await pilot.pause()
        await press_on(app, pilot, "today", "log_encryption", "delete")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Remove log_encryption from today?"
        await pilot.press("n")
        await pilot.pause()
        assert ("today", "log_encryption") in app.planning.edit.pairs()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.planning.edit.pairs() == [("today", "connect"), ("proposed", "ams"),
                                         ("proposed", "connect"),
                                         ("proposed", "log_encryption")]
        assert app.planning.result == evaluate_plan(app.planning.edit.plan)


def titles(app) -> list[str]:
    """The palette's entries over the screen shown."""
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_the_palette_offers_no_scenario_entry_in_plan_mode_and_says_why(tmp_path):
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = titles(app)
        assert "Save scenario" not in shown and "Open scenario" not in shown
        assert "Reset inputs" not in shown  # the panes beneath are not the plan's
        assert {"Save plan", "Open plan", "Scenario files: not in plan mode",
                "Add a calculator to a variant"} <= set(shown)
        await edit(app, pilot, "proposed", "connect")
        shown = titles(app)
        assert "Save scenario" not in shown and "Reset inputs" in shown
        refusal = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Scenario files: not in plan mode")
        refusal.callback()
        await pilot.pause()
        assert any("leave plan mode first" in n.message for n in app._notifications)
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("ctrl+p", *"Add a calculator")  # typed into the palette
        await pilot.pause(0.3)  # its search
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AddCalculatorScreen)
        for key in ("escape", "escape"):  # back to the user's own inputs: theirs to save
            await pilot.press(key)
            await pilot.pause()
        shown = titles(app)
        assert "Save scenario" in shown and "Open scenario" in shown
        assert "Scenario files: not in plan mode" not in shown


async def test_ctrl_q_over_plan_changes_not_saved_asks_and_quits_without_saving_on_d(
        tmp_path):
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await quit_over_a_change(app, pilot)
        assert isinstance(app.screen, QuitScreen) and app.return_code is None
        assert app.screen.detail.startswith(f"Not saved: your changes to proposed: ams in "
                                            f"the plan {SAMPLE}.")
        await press_each(pilot, "n")
        assert app.return_code is None and app.calculator_screen.editing == "proposed"
        await press_each(pilot, "ctrl+q", "d")
        assert app.return_code == 0


async def quit_over_a_change(app, pilot) -> None:
    """Change an input of the variant proposed, then press Ctrl+Q."""
    await pilot.pause()
    await edit_field(app, pilot, "proposed", "ams", "messages_per_sec", "9000")
    await press_each(pilot, "ctrl+q")


async def test_saving_at_the_quit_question_saves_the_plan_then_quits(tmp_path):
    """Save, from the question over a variant's changes: the plan's own prompt, the file
    written with the change, and the app ends; the user's own inputs were not changed, so
    nothing else is asked."""
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await quit_over_a_change(app, pilot)
        await through_file_prompt(app, pilot, "s", tmp_path / "kept.yaml")
        await pilot.pause()
        written = yaml.safe_load((tmp_path / "kept.yaml").read_text(encoding="utf-8"))
        assert written["variants"]["proposed"]["calculators"]["ams"]["messages_per_sec"] == 9000
        assert app.return_code == 0


async def test_ctrl_q_quits_at_once_with_nothing_changed_or_all_saved(tmp_path):
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await edit(app, pilot, "proposed", "connect")  # looked at, not changed
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    app = sample_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await add(app, pilot, "today", "zhyperwrite", None)
        await through_file_prompt(app, pilot, "ctrl+s", tmp_path / "saved.yaml")
        written = yaml.safe_load((tmp_path / "saved.yaml").read_text(encoding="utf-8"))
        assert "zhyperwrite" in written["variants"]["today"]["calculators"]
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
