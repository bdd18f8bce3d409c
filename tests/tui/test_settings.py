"""The terminal calculator's settings file (tui.settings) and the theme it remembers."""
from __future__ import annotations

import json
import os

import pytest

from tui.app import create_app
from tui.settings import SIZE_LIMIT, load_settings, save_setting, settings_path


def test_settings_live_in_the_xdg_config_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "mqcalc" / "settings.json"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/folder")  # ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert settings_path() == tmp_path / "home" / ".config" / "mqcalc" / "settings.json"


def test_a_setting_saved_is_read_back_beside_the_others(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    assert load_settings(path) == {}
    assert save_setting("theme", "nord", path) and save_setting("other", "x", path)
    assert load_settings(path) == {"theme": "nord", "other": "x"}
    assert [entry.name for entry in path.parent.iterdir()] == ["settings.json"]  # no temporary


@pytest.mark.parametrize("content", [b"", b"{not json", b"[1, 2]", b'{"theme": 3}', b"\xff\xfe",
                                     b'"theme"'])
def test_a_broken_settings_file_is_ignored(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    assert load_settings(path) == {}
    assert save_setting("theme", "nord", path)
    assert load_settings(path) == {"theme": "nord"}


def test_a_settings_file_that_is_a_fifo_or_too_large_is_ignored_without_waiting(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert load_settings(fifo) == {}  # reading a FIFO would wait for a writer: forever
    large = tmp_path / "large.json"
    large.write_text(json.dumps({"theme": "nord", "pad": "x" * SIZE_LIMIT}))
    assert load_settings(large) == {}


def test_a_settings_file_that_cannot_be_written_is_left_alone(tmp_path):
    blocker = tmp_path / "mqcalc"
    blocker.write_text("a file where the folder would be")
    assert not save_setting("theme", "nord", blocker / "settings.json")
    assert blocker.read_text() == "a file where the folder would be"


async def test_the_theme_chosen_is_remembered_for_the_next_run():
    app = create_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not settings_path().exists()  # the start saves nothing
        app.theme = "nord"
        await pilot.pause()
    assert json.loads(settings_path().read_text()) == {"theme": "nord"}
    again = create_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


@pytest.mark.parametrize("content", ["{broken", '{"theme": "no-such-theme"}'])
async def test_a_broken_settings_file_starts_with_the_default_theme(content):
    os.makedirs(settings_path().parent)
    settings_path().write_text(content)
    app = create_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.theme == create_app().theme
