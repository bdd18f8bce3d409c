"""The terminal calculator's fields and file actions as a person meets them (issue 20, §3):
defaults shown as written, Up and Down over a choice, held results that say what they were
computed with, opening a file over unsaved changes, and what copying a result says."""
from __future__ import annotations

import json

from textual import events
from textual.widgets import Button, Label

import calc
from calc.inputs.scenario import load_scenario
from tests.tui.test_tui import (SIZE, app_on, open_calculator, plain, press_each,
                                shown_outputs, through_file_prompt)
from tui.app import QuitScreen, create_app
from tui.confirm import ConfirmScreen
from tui.held import held_with
from tui.screens import HelpScreen
from tui.widgets import field_id


def field(app, input_id: str):
    return app.query_one(f"#{field_id(input_id)}")


async def test_a_number_inputs_default_is_shown_as_the_template_has_it():
    app = app_on("notify_delay")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.calculator_screen.current.inputs["avg_get_cpu_us"].default == 1.157
        row = field(app, "avg_get_cpu_us").parent.parent
        assert "default 1.157." in plain(row.query_one(".input-help", Label))
        field(app, "avg_get_cpu_us").focus()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "default 1.157 CPU µs." in app.screen.field_help


async def test_up_and_down_pass_over_a_choice_field_and_enter_opens_it():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = list(app.calculator_screen.current.inputs)
        assert app.calculator_screen.current.inputs[names[1]].type == "choice"
        choice = field(app, names[1])
        await pilot.press("down")
        assert app.focused is choice
        await pilot.press("down")
        await pilot.pause()
        assert not choice.expanded and app.focused is field(app, names[2])
        await pilot.press("up", "up")
        await pilot.pause()
        assert not choice.expanded and app.focused is field(app, names[0])
        await pilot.press("down", "enter")
        await pilot.pause()
        assert choice.expanded
        await pilot.press("down", "enter")   # in the open list Down picks the next choice
        await pilot.pause()
        assert not choice.expanded
        assert choice.value == app.calculator_screen.current.inputs[names[1]].choices[1]


async def test_results_held_on_the_way_to_a_refused_value_say_what_they_were_computed_with():
    """Typing 2.5 into SHARECNV (a whole number) computes with the 2 typed on the way; the
    problem line says the held figures are those of sharecnv = 2."""
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        sharecnv = field(app, "sharecnv")
        sharecnv.focus()
        await pilot.press("end", "backspace", "2", ".", "5")
        await pilot.pause()
        assert sharecnv.value == "2.5"
        shown = plain(app.query_one("#problem"))
        assert shown.startswith("Held at last good values, computed with sharecnv = 2: ")
        assert shown_outputs(app)["connect_cpu_us"] == "840.0"  # SHARECNV 2 shares as 1 does


async def test_a_calculator_shown_with_a_field_not_valid_says_it_has_no_results_yet():
    """Back on a calculator left with a field not valid, no result has been computed: the
    problem line says so, rather than that results are held."""
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        field(app, "sharecnv").value = "abc"
        await pilot.pause()
        await open_calculator(app, pilot, "adapters")
        await open_calculator(app, pilot, "connect")
        assert plain(app.query_one("#problem")).startswith(
            "No results yet: connect: input sharecnv='abc'")


def test_held_inputs_equal_to_the_fields_are_not_named():
    connect = calc.calculator("connect")
    held = calc.validate("connect", {"sharecnv": 2})
    fields = {name: str(value) for name, value in held.items()}
    assert held_with(connect, held, {**fields, "tls": True}) == ""
    assert held_with(connect, held, {**fields, "tls": True, "sharecnv": "2.0x"}) == "sharecnv = 2"
    assert held_with(connect, {**held, "connects_per_sec": 2.5},
                     {**fields, "tls": True, "connects_per_sec": "2.50"}) == ""


def scenario(tmp_path, sharecnv: int):
    path = tmp_path / f"sharecnv-{sharecnv}.yaml"
    path.write_text(json.dumps({"mqcalc_scenario": 1, "current": "connect",
                                "calculators": {"connect": {"sharecnv": sharecnv}}}))
    return path


async def test_opening_a_file_over_unsaved_changes_asks_first_and_undo_brings_them_back(
        tmp_path):
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field(app, "sharecnv").value = "5"
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+o", scenario(tmp_path, 1))
        assert isinstance(app.screen, ConfirmScreen)
        box = app.screen.query_one("#confirm-box").region
        assert box.right <= 80 and box.bottom <= 24, box
        assert "connect" in plain(app.screen.query("Static")[1])
        assert app.screen.detail == ("Your changes to connect are not saved. Opening the file "
                                     "replaces them; Ctrl+Z just after brings them back.")
        await pilot.press("enter")            # the focus starts on keeping the changes
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert field(app, "sharecnv").value == "5" and app.calculator_screen.scenario_path is None

        await through_file_prompt(app, pilot, "ctrl+o", scenario(tmp_path, 1))
        await pilot.press("y")
        await pilot.pause()
        assert field(app, "sharecnv").value == "1"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert field(app, "sharecnv").value == "5"
        assert shown_outputs(app)["connect_cpu_us"] == "840.0"


async def test_opening_a_file_over_saved_inputs_asks_nothing(tmp_path):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+o", scenario(tmp_path, 1))
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.calculator_screen.current.id == "connect" and field(app, "sharecnv").value == "1"
        field(app, "sharecnv").value = "0"
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+s", tmp_path / "saved.yaml")
        await through_file_prompt(app, pilot, "ctrl+o", scenario(tmp_path, 3))
        assert not isinstance(app.screen, ConfirmScreen)
        assert field(app, "sharecnv").value == "3"


async def test_ctrl_q_over_typed_inputs_asks_save_quit_or_cancel_and_enter_keeps_them(tmp_path):
    """The question fits 80×24, names the calculator typed into and offers three answers;
    Enter (the focus starts on Cancel) and Escape keep the work, d quits without it."""
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field(app, "sharecnv").value = "5"
        await pilot.pause()
        for key in ("enter", "escape"):
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen) and app.return_code is None
            box = app.screen.query_one("#confirm-box").region
            assert box.right <= 80 and box.bottom <= 24, box
            assert app.screen.detail == ("Not saved: your inputs to connect. Save asks where "
                                         "for each file, then quits.")
            assert [str(button.label) for button in app.screen.query(Button)] == [
                "Save (s)", "Quit without saving (d)", "Cancel (n)"]
            await pilot.press(key)
            await pilot.pause()
            assert app.return_code is None and field(app, "sharecnv").value == "5"
        await press_each(pilot, "ctrl+q", "d")
        assert app.return_code == 0


async def test_save_at_the_quit_question_writes_the_inputs_then_quits(tmp_path):
    """Save asks where, as Ctrl+S does; cancelling that prompt stays in the app with the
    work; a file written ends it."""
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field(app, "sharecnv").value = "5"
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")  # the file prompt cancelled: nothing written, still here
        await pilot.pause()
        assert app.return_code is None and not isinstance(app.screen, QuitScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await through_file_prompt(app, pilot, "s", tmp_path / "kept.yaml")
        assert load_scenario(tmp_path / "kept.yaml").inputs["connect"]["sharecnv"] == 5
        assert app.return_code == 0


async def test_copying_a_result_says_a_request_went_to_the_terminal_not_that_it_was_copied():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.query_one("#outputs")
        table.focus()
        table.move_cursor(row=list(app.calculator_screen.current.outputs).index("connect_cpu_us"))
        await pilot.press("c")
        await pilot.pause()
        [said] = [n.message for n in app._notifications]
        assert not said.startswith("Copied")
        assert "Cost per connect: 760 CPU µs" in said and "OSC 52" in said
        assert "ignores" in said



async def burst(app, pilot, *keys: str) -> None:
    """Post ``keys`` to the app all at once, as a terminal delivers keys typed fast or sent
    in one go (``pilot.press`` waits for each key to be handled before the next)."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()


FAST_EDIT = ("end", "backspace", "backspace", "backspace", "backspace", "5", "0", "0", "0")
"""End, Backspace over "2500" (or less), then 5000: the keys of the bug report."""


async def test_keys_typed_fast_into_a_field_are_applied_in_order():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field(app, "connects_per_sec").focus()
        await pilot.pause()
        await burst(app, pilot, *FAST_EDIT)
        assert field(app, "connects_per_sec").value == "5000"
        assert app.calculator_screen.last_result.inputs["connects_per_sec"] == 5000


async def test_a_value_longer_than_its_field_shows_from_its_first_digit_unless_typed_in():
    """An imported or opened value wider than the field is shown from its start; typing
    into the field keeps the cursor where it is typed, and leaving it shows the start again."""
    app = app_on("adapters")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rate = field(app, "adapter_requests_per_sec")
        assert not rate.has_focus
        rate.value = "14.746478873239436"
        await pilot.pause()
        assert rate.cursor_position == 0 and rate.scroll_offset.x == 0
        rate.focus()
        await pilot.pause()
        await pilot.press("end", "1")
        await pilot.pause()
        assert rate.value == "14.7464788732394361"
        assert rate.cursor_position == len(rate.value) and rate.scroll_offset.x > 0
        field(app, "adapter_elapsed_us").focus()
        await pilot.pause()
        assert rate.cursor_position == 0 and rate.scroll_offset.x == 0
