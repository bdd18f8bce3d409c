"""The Plan view with the sample plan, compared with its accepted picture in
``tests/__snapshots__`` (see tests/tui/test_snapshots.py for updating)."""
from __future__ import annotations

import pytest

from calc.inputs.plan import load_plan
from tests.inputs.test_plan import SAMPLE
from tui.app import create_app


async def plan_shown(pilot) -> None:
    """The sample's figures laid out, the opening message gone."""
    await pilot.pause()
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 45)],
                                ids=lambda size: "x".join(map(str, size)))


def sample_matches(snap_compare, size: tuple[int, int], run_before) -> bool:
    """Whether the Plan view of the sample, after ``run_before``, looks as accepted."""
    return snap_compare(create_app(plan=(SAMPLE, load_plan(SAMPLE))), terminal_size=size,
                        run_before=run_before)


@SIZES
def test_plan_view_of_the_sample(snap_compare, size):
    assert sample_matches(snap_compare, size, plan_shown)


async def added_and_scrolled(pilot) -> None:
    """pageset_encryption added to proposed, the view scrolled to the contributions."""
    await plan_shown(pilot)
    app = pilot.app
    app.planning.edit.add("proposed", "pageset_encryption", None)
    app.planning.remake()
    app.screen.wanted = ("proposed", "pageset_encryption")
    app.screen.show()
    await pilot.pause()
    app.screen.query_one("#plan-box").scroll_to_widget(
        app.screen.query_one("#plan-contributions"), top=True, animate=False)
    await pilot.pause()


@SIZES
def test_plan_view_contributions_with_a_calculator_added(snap_compare, size):
    assert sample_matches(snap_compare, size, added_and_scrolled)


async def add_asked(pilot) -> None:
    """A pressed on proposed's connect: the choices, proposed's first highlighted."""
    await plan_shown(pilot)
    choices = pilot.app.screen.query_one("#plan-edit")
    choices.highlighted = choices.get_option_index("proposed\tconnect")
    await pilot.press("a")
    await pilot.pause()


def test_plan_view_add_a_calculator_at_80x24(snap_compare):
    assert sample_matches(snap_compare, (80, 24), add_asked)
