"""The import's screens at 80×24, compared with their accepted pictures in
``tests/__snapshots__`` (see tests/tui/test_snapshots.py for updating): the choice of an SMF
folder's interval, and the sources view of what it filled."""
from __future__ import annotations

from textual.widgets import OptionList

from tests.conftest import REPO
from tests.tui.test_tui import through_file_prompt
from tui.app import create_app

SIZE = (80, 24)
FOLDER = "tests/fixtures/smf/mq10-sample"
"""Typed as a person would, from the checkout (the pictures show the path as typed)."""


async def chooser_on_qml1(pilot) -> None:
    """F6, the sample folder typed, QML1's peak highlighted."""
    app = pilot.app
    await through_file_prompt(app, pilot, "f6", FOLDER)
    choices = app.screen.query_one("#choice-list", OptionList)
    choices.highlighted = next(i for i, label in enumerate(app.screen.labels)
                               if label.startswith("QML1 on MPX1 peak"))
    await pilot.pause()


async def sources_of_qml1(pilot) -> None:
    """QML1's peak imported, the sources view showing, the notice gone."""
    await chooser_on_qml1(pilot)
    await pilot.press("enter")
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


def test_the_interval_chooser_at_80x24(snap_compare, monkeypatch):
    monkeypatch.chdir(REPO)
    assert snap_compare(create_app(folder=REPO), terminal_size=SIZE,
                        run_before=chooser_on_qml1)


def test_the_sources_view_at_80x24(snap_compare, monkeypatch):
    monkeypatch.chdir(REPO)
    assert snap_compare(create_app(folder=REPO), terminal_size=SIZE,
                        run_before=sources_of_qml1)
