"""Names and paths from a user's files printed safely (issue 38, injection): a character
that does not print reaches the terminal or a written file only as its escape, the same
way through every door (calc.core.terminal_text.printable). And the terminal's width as the
standard library gives it, worked out without shutil (calc.core.terminal_text.columns)."""
from __future__ import annotations

import os
import pty
import shutil
import struct
import sys
from fcntl import ioctl
from termios import TIOCSWINSZ

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc.core.terminal_text import columns, printable
from calc.inputs.plan import load_plan
from tests.cli.test_cli import run_main
from tests.inputs.test_plan import SAMPLE
from tests.inputs.test_smf import RAW

ESCAPES = "\x1b[2J\x1b]8;;http://x\x07"
"""Clear the screen, then an OSC 8 hyperlink left open."""


def test_printable_escapes_only_what_does_not_print():
    assert printable("µs and é") == "µs and é"
    assert printable(f"a{ESCAPES}b\r\x85") == "a\\x1b[2J\\x1b]8;;http://x\\x07b\\r\\x85"


def test_plan_prints_a_variant_name_with_escape_sequences_escaped(tmp_path):
    """Before, mqcalc plan wrote the name raw: the ESC sequences cleared the screen and an
    OSC was left open."""
    text = SAMPLE.read_text(encoding="utf-8")
    in_yaml = ESCAPES.replace("\x1b", "\\e").replace("\x07", "\\a")  # YAML's \e, \a
    named = '"today' + in_yaml + '"'
    path = tmp_path / "plan.yaml"
    path.write_text(text.replace("\n  today:\n", f"\n  {named}:\n").replace(
        "like: today", f"like: {named}"), encoding="utf-8")
    name = load_plan(path).variants[0].name
    assert name == "today" + ESCAPES
    status, out, _err = run_main("plan", path)
    assert status == 0
    assert "\x1b" not in out and "\x07" not in out
    assert f"  (1) {printable(name)}\n" in out  # wider than its column: whole, above


def test_a_written_files_name_is_said_on_one_line(tmp_path):
    out = tmp_path / "new\nline.csv"
    status, _out, err = run_main("sweep", "connect", "--vary", "sharecnv=0,1", "--out", out)
    assert status == 0 and out.exists()
    assert err == f"wrote {tmp_path}/new\\nline.csv (2 scenarios)\n"


def test_a_line_break_in_an_smf_queue_manager_name_stays_in_its_comment(tmp_path):
    """A carriage return or a NEL (which YAML takes as a line break) in a queue manager's
    name broke --out's comment line, putting the rest of the name in the file as YAML."""
    folder = tmp_path / "smf"
    shutil.copytree(RAW, folder)
    for path in folder.iterdir():
        path.write_bytes(path.read_bytes().replace(b'"QMB1"', b'"QM\rB\x851"'))
    out = tmp_path / "qmb1.yaml"
    status, _out, err = run_main("smf", folder, "--interval", "2026-03-02T10:00:00", "--out",
                                 out)
    assert status == 0, err
    plan = load_plan(out)
    assert sum(v.name.startswith("QM\rB\x851 ") for v in plan.variants) == 1
    written = out.read_text(encoding="utf-8")
    comments = [line for line in written.splitlines() if "from SMF data" in line]
    assert any(line.startswith("# QM\\rB\\x851 2026-03-02") for line in comments)
    assert "\r" not in err and "\x85" not in err


ENVIRONMENT_TEXT = st.text(st.characters(blacklist_categories=("Cs",),
                                         blacklist_characters="\x00"), max_size=6)
"""Any text an environment variable can hold: no NUL, no lone surrogate."""


@given(st.one_of(st.none(), ENVIRONMENT_TEXT, st.integers(-5, 500).map(str),
                 st.integers(1, 500).map(lambda n: f" {n} ")))
def test_columns_are_shutils_for_any_columns_variable(value):
    """Differential: COLUMNS unset, empty, not a number, zero or less, or a width (spaces
    around it too) gives the width shutil.get_terminal_size gives, output going to a pipe
    or a file here (and so 80 where COLUMNS says nothing usable)."""
    before = os.environ.pop("COLUMNS", None)
    try:
        if value is not None:
            os.environ["COLUMNS"] = value
        assert columns() == shutil.get_terminal_size().columns
    finally:
        os.environ.pop("COLUMNS", None)
        if before is not None:
            os.environ["COLUMNS"] = before


@pytest.mark.parametrize("width", [33, 80, 213])
def test_columns_read_the_terminal_standard_output_goes_to(width, monkeypatch):
    """Standard output on a terminal of ``width`` columns, COLUMNS unset: that width, as
    shutil reads it."""
    monkeypatch.delenv("COLUMNS", raising=False)
    leader, follower = pty.openpty()
    ioctl(follower, TIOCSWINSZ, struct.pack("HHHH", 24, width, 0, 0))
    with os.fdopen(follower, "w") as terminal:
        monkeypatch.setattr(sys, "__stdout__", terminal)
        assert columns() == shutil.get_terminal_size().columns == width
    os.close(leader)
