"""A refused value is repeated shortened (its first characters and its length), at every
door and in the terminal calculator, so a 100 KB paste still gives one short line."""
from __future__ import annotations

import pytest

import calc
from calc.core.errors import SHOWN_CHARACTERS, shown
from calc.core.formatting import named
from tests.cli.test_cli import run_main
from tests.tui.test_tui import SIZE, app_on, plain
from tests.tui.test_tui_input import field

PASTE = "7" * 100_000
"""What a careless paste puts in a field: 100,000 characters."""
ECHO = "'" + "7" * (SHOWN_CHARACTERS - 1) + "\u2026 (100,000 characters)"
"""How a message repeats :data:`PASTE`: the quote and 59 sevens make 60 characters."""


def test_a_short_value_is_repeated_whole_and_a_long_one_cut_with_its_length():
    assert shown("abc") == "'abc'" and shown(2.5) == "2.5"
    assert shown("x" * (SHOWN_CHARACTERS - 2)) == repr("x" * (SHOWN_CHARACTERS - 2))
    assert shown(PASTE) == ECHO
    assert shown(10 ** 5000) == "<a whole number of about 5,000 digits>"


def test_the_api_refuses_a_whole_number_python_will_not_write():
    with pytest.raises(calc.InputError, match="processors=<a whole number of about 5,000 "
                                              "digits>: expects a whole number from 1 to 256"):
        calc.run("adapters", {"processors": 10 ** 5000})


@pytest.mark.parametrize(("arguments", "said"), [
    (["eval", "connect", f"sharecnv={PASTE}"], f"connect: input sharecnv={ECHO}: expects"),
    (["eval", "connect", f"{PASTE}=1"],
     f"connect: input {ECHO}='1': expects"),
    (["eval", "connect", PASTE], f"connect: argument {ECHO} has no '='"),
    (["eval", PASTE], f"calculator {ECHO}: expects one of"),
    (["sweep", "connect", "--vary", PASTE], f"connect: --vary {ECHO} has no '='"),
])
def test_every_command_line_door_repeats_a_paste_shortened(arguments, said):
    status, out, err = run_main(*arguments)
    assert status == 2 and out == ""
    assert said in err and len(err) < 400, err[:400]


def test_a_scenario_repeats_a_pasted_name_shortened(tmp_path):
    path = tmp_path / "pasted.yaml"
    path.write_text(f"mqcalc_scenario: 1\ncalculators:\n  connect: {{}}\ncurrent: '{PASTE}'\n",
                    encoding="utf-8")
    status, out, err = run_main("eval", "--scenario", path)
    assert status == 2 and f"current: {ECHO} is not one of" in err
    assert len(err) < 400


async def test_the_terminal_calculator_repeats_a_paste_shortened():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field(app, "sharecnv").value = PASTE
        await pilot.pause()
        problem = " ".join(plain(app.query_one("#problem")).split())  # unwrapped
        assert f"connect: input sharecnv={ECHO}: expects" in problem
        assert len(problem) < 300


def test_a_list_of_names_gives_six_then_counts_the_rest():
    assert named(["PS01"]) == "PS01"
    assert named([f"PS{n:02}" for n in range(1, 7)]) == "PS01, PS02, PS03, PS04, PS05, PS06"
    assert named([f"PS{n:02}" for n in range(1, 10)]) == (
        "PS01, PS02, PS03, PS04, PS05, PS06 and 3 more")
    assert named(["a", "b", "c"], most=2) == "a, b and 1 more"
