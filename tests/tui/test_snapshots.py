"""Screens of the terminal calculator at a fixed size, compared with the accepted pictures in
``tests/__snapshots__`` (pytest-textual-snapshot). After a deliberate change of the look, run
``.venv/bin/python -m pytest tests/tui/test_snapshots.py --snapshot-update``, open the new SVG
files and commit them."""
from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Switch

import calc
from calc.inputs.scenario import Scenario
from tests.conftest import CALCULATOR_IDS
from tui.app import create_app
from tui.widgets import field_id

SIZE = (150, 45)


async def steady_cursor(pilot) -> None:
    """The focused field's cursor shown steadily: blinking, it is gone from a picture taken
    half a second after the field took focus, as on a busy machine."""
    await pilot.pause()
    pilot.app.focused.cursor_blink = False


async def connect_with_tls(pilot) -> None:
    """connect at SHARECNV(0) with TLS, the cost per connect highlighted."""
    app = pilot.app
    await pilot.pause()  # the list laid out before it is clicked
    app.query_one("#calc-connect").scroll_visible(animate=False)  # below the fold: 13 entries
    await pilot.pause()
    await pilot.click("#calc-connect")
    await pilot.pause()
    app.query_one(f"#{field_id('sharecnv')}", Input).value = "0"
    app.query_one(f"#{field_id('tls')}", Switch).value = True
    table = app.query_one("#outputs", DataTable)
    table.move_cursor(row=list(app.calculator_screen.current.outputs).index("connect_cpu_us"))
    table.focus()
    await pilot.pause()


def test_main_screen(snap_compare):
    assert snap_compare(create_app(), terminal_size=SIZE, run_before=steady_cursor)


def test_explain_view(snap_compare):
    assert snap_compare(create_app(), terminal_size=SIZE, run_before=connect_with_tls)


def test_plots_view(snap_compare):
    assert snap_compare(create_app(), terminal_size=SIZE, run_before=steady_cursor,
                        press=["f2", "_"])


LAPTOP_SIZES = [(80, 24), (100, 30), (120, 40), (160, 45)]
"""A laptop's terminal, two larger windows, a full screen: every figure readable with its unit
and title in each (tests/tui/test_tui_layout.py checks each row; these pictures show the
whole)."""


@pytest.mark.parametrize("size", LAPTOP_SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("calculator_id", CALCULATOR_IDS)
def test_calculator_at_laptop_sizes(snap_compare, calculator_id, size):
    """The calculator at its defaults, the answer pinned above the results."""
    scenario = Scenario({calculator_id: calc.validate(calculator_id, {})}, calculator_id)
    assert snap_compare(create_app(scenario), terminal_size=size, run_before=steady_cursor)
