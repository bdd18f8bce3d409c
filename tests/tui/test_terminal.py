"""A real terminal: ``mqcalc`` started under tmux, typed into, read back from the screen and
quit, as a user would. CI installs tmux (scripts/test.sh); without it this test fails rather
than skipping, so a missing terminal check is never reported as a pass."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

WAIT_SECONDS = 60


def tmux(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(["tmux", *arguments], capture_output=True, text=True, check=False)


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session).stdout


def wait_for(session: str, text: str) -> str:
    """The screen once it shows ``text``; fails with the last screen after WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    shown = ""
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown:
            return shown
        time.sleep(0.2)
    pytest.fail(f"the screen never showed {text!r}; it showed:\n{shown}")


def row(shown: str, title: str) -> str:
    """The screen line holding the result titled ``title``."""
    return next(line for line in shown.splitlines() if title in line)


@contextmanager
def in_tmux(command: str, folder: Path) -> Iterator[str]:
    """``command`` running in a new 160x48 tmux session started in ``folder``: the session's
    name, killed on leaving."""
    assert shutil.which("tmux"), "tmux is missing: scripts/test.sh installs it"
    name = f"mqcalc-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    environment = {**os.environ, "TERM": "xterm-256color"}
    # Started without COLUMNS and LINES: Textual lays out at their size when they are set,
    # not the window's (pytest-xdist's workers have 80 and 24).
    started = subprocess.run(
        ["tmux", "new-session", "-d", "-s", name, "-x", "160", "-y", "48", "-c", str(folder),
         f"env -u COLUMNS -u LINES {command}"],
        env=environment, check=False, capture_output=True)
    assert started.returncode == 0, started.stderr
    try:
        yield name
    finally:
        tmux("kill-session", "-t", name)


def quit_with_ctrl_q(session: str, answer: str | None = None) -> None:
    """Press ctrl+q (then, to the question over work not saved, ``answer``) and wait for
    the program, and so the session, to end."""
    tmux("send-keys", "-t", session, "C-q")
    if answer is not None:
        wait_for(session, "Quit mqcalc?")
        tmux("send-keys", "-t", session, answer)
    deadline = time.monotonic() + WAIT_SECONDS
    while tmux("has-session", "-t", session).returncode == 0:
        assert time.monotonic() < deadline, "mqcalc did not quit on ctrl+q"
        time.sleep(0.2)


@pytest.fixture
def session(tmp_path):
    with in_tmux(f"{sys.executable} -m calc", tmp_path) as name:
        yield name


def test_type_into_mqcalc_and_quit(session):
    shown = wait_for(session, "CHIADAPS rule for serialised work")
    assert "30" in row(shown, "CHIADAPS rule for serialised work")
    # The first calculator (adapters) opens with its first field, processors, focused.
    tmux("send-keys", "-t", session, "C-u")
    wait_for(session, "processors=''")  # the emptied field is refused, results held
    tmux("send-keys", "-t", session, "-l", "16")
    deadline = time.monotonic() + WAIT_SECONDS
    while "120" not in row(screen(session), "CHIADAPS rule for serialised work"):
        assert time.monotonic() < deadline, screen(session)
        time.sleep(0.2)
    quit_with_ctrl_q(session, "d")  # the typed 16 is not saved: quit without saving
