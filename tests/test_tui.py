"""The terminal calculator driven through Textual's Pilot: what it shows is the engine's."""
from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Select, Static, Switch

import calc
from calc.formatting import format_value
from tests.conftest import CALCULATORS
from tui.app import VALUE_WIDTH, create_app, fit_cell
from tui.widgets import field_id

SIZE = (170, 60)


def shown_outputs(app) -> dict[str, str]:
    table = app.query_one("#outputs", DataTable)
    return {name: str(table.get_cell(name, "value")) for name in app.current.outputs}


def expected_outputs(calculator, inputs: dict) -> dict[str, str]:
    """What the value column should hold: the engine's figures, formatted and fitted."""
    outputs = calc.evaluate(calculator.id, inputs)
    return {name: fit_cell(format_value(outputs[name], output.decimals))
            for name, output in calculator.outputs.items()}


async def open_calculator(app, pilot, calculator_id: str) -> None:
    """Pick a calculator from the list, as a user would with the mouse."""
    await pilot.pause()
    await pilot.click(f"#calc-{calculator_id}")
    await pilot.pause()
    assert app.current.id == calculator_id


async def test_opens_on_the_first_calculator_with_its_defaults():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.current.id == CALCULATORS[0].id
        assert shown_outputs(app) == expected_outputs(CALCULATORS[0], {})
        for calculator in CALCULATORS:
            assert app.query_one(f"#calc-{calculator.id}")


async def test_long_text_results_are_shown_in_full_under_the_table():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "zhyperwrite")
        app.query_one(f"#{field_id('hyperswap')}", Switch).value = False
        await pilot.pause()
        missing = calc.evaluate("zhyperwrite", {"hyperswap": False})["missing"]
        assert len(missing) > VALUE_WIDTH
        assert shown_outputs(app)["missing"] == missing[:VALUE_WIDTH - 1] + "…"
        assert missing in str(app.query_one("#long-values", Static).render())


async def test_typing_a_value_recomputes_through_the_engine():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        field = app.query_one(f"#{field_id('sharecnv')}", Input)
        field.focus()
        await pilot.press("end", "backspace", "backspace", "0")
        await pilot.pause()
        assert field.value == "0"
        assert shown_outputs(app)["connect_cpu_us"] == "510"
        assert shown_outputs(app) == expected_outputs(app.current, {"sharecnv": 0})


async def test_switches_and_selects_recompute():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "0"
        app.query_one(f"#{field_id('tls')}", Switch).value = True
        app.query_one(f"#{field_id('suppress_x511_x512')}", Switch).value = True
        app.query_one(f"#{field_id('listener')}", Select).value = "local"
        await pilot.pause()
        assert shown_outputs(app)["connect_cpu_us"] == "760"
        app.query_one(f"#{field_id('listener')}", Select).value = "shared"
        await pilot.pause()
        inputs = {"sharecnv": 0, "tls": True, "suppress_x511_x512": True, "listener": "shared"}
        assert shown_outputs(app) == expected_outputs(app.current, inputs)
        notes = str(app.query_one("#notes", Static).render())
        assert "Db2" in notes


@pytest.mark.parametrize("bad", ["abc", "1.5", "-1", "1000", ""])
async def test_invalid_input_is_marked_and_outputs_hold(bad):
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        field = app.query_one(f"#{field_id('sharecnv')}", Input)
        field.value = "0"
        await pilot.pause()
        before = shown_outputs(app)
        field.value = bad
        await pilot.pause()
        assert shown_outputs(app) == before
        assert "sharecnv" in app.problem
        assert "sharecnv" in str(app.query_one("#problem", Static).render())
        assert field.has_class("-invalid")
        field.value = "1"
        await pilot.pause()
        assert app.problem == "" and shown_outputs(app)["connect_cpu_us"] == "590"


async def test_reset_restores_the_defaults():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        app.query_one(f"#{field_id('tls')}", Switch).value = True
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.query_one(f"#{field_id('tls')}", Switch).value is False
        assert shown_outputs(app) == expected_outputs(app.current, {})


async def test_a_broken_rule_between_inputs_holds_the_outputs_and_says_why():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "notify_delay")
        before = shown_outputs(app)
        app.query_one(f"#{field_id('gets_successful')}", Input).value = "5000"
        await pilot.pause()
        assert "gets_successful" in app.problem and "no more than gets_attempted" in app.problem
        assert shown_outputs(app) == before
        app.query_one(f"#{field_id('gets_attempted')}", Input).value = "10000"
        await pilot.pause()
        assert app.problem == ""
        assert shown_outputs(app) == expected_outputs(
            app.current, {"gets_successful": 5000, "gets_attempted": 10000})
