"""The Plan view with the sample plan, compared with its accepted picture in
``tests/__snapshots__`` (see tests/test_snapshots.py for updating)."""
from __future__ import annotations

import pytest

from calc.plan import load_plan
from tests.test_plan import SAMPLE
from tui.app import create_app


async def plan_shown(pilot) -> None:
    """The sample's figures laid out, the opening message gone."""
    await pilot.pause()
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda size: "x".join(map(str, size)))
def test_plan_view_of_the_sample(snap_compare, size):
    app = create_app(plan=(SAMPLE, load_plan(SAMPLE)))
    assert snap_compare(app, terminal_size=size, run_before=plan_shown)
