"""The files door: what build, sweep, export and save do with a target they cannot write,
with files already there, and when they are interrupted or killed."""
from __future__ import annotations

import contextlib
import io
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import openpyxl
import pytest
import xlsxwriter
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from textual.widgets import Static

from calc.cli import main
from calc.errors import MqcalcError
from calc.files import replace_all_atomically
from calc.scenario import Scenario, load_scenario, save_scenario
from calc.workbook import build_paths, write_workbook
from tests.conftest import CALCULATORS, REPO
from tests.test_cli import mqcalc
from tests.test_tui import SIZE, app_on, plain, through_file_prompt

CONNECT = [c for c in CALCULATORS if c.id == "connect"]


def start(*arguments: str) -> subprocess.Popen:
    """``python -m calc`` started in the background, as a shell would start it."""
    return subprocess.Popen([sys.executable, "-m", "calc", *arguments], cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def old_workbooks(folder: Path) -> dict[str, bytes]:
    """A small workbook, unlike any a build writes, at each name a build writes in
    ``folder``; return each name's bytes."""
    folder.mkdir(exist_ok=True)
    for path in build_paths(CALCULATORS, folder):
        book = xlsxwriter.Workbook(str(path))
        book.add_worksheet("old").write("A1", f"old {path.name}")
        book.close()
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def assert_refused(completed: subprocess.CompletedProcess, *names: str) -> str:
    """The run ended with exit status 2 and one line naming each of ``names``; return it."""
    assert completed.returncode == 2, completed.stderr
    line, = completed.stderr.splitlines()
    assert line.startswith("mqcalc: ") and all(name in line for name in names), line
    return line


# Build: the user names a folder, so replacing the workbooks in it needs --force.

def test_build_refuses_to_replace_workbooks_without_force(tmp_path):
    old = old_workbooks(tmp_path / "out")
    line = assert_refused(mqcalc("build", "--out", str(tmp_path / "out")),
                          *old, "--force replaces them")
    assert line.startswith(f"mqcalc: build --out {tmp_path / 'out'} would replace ")
    assert contents(tmp_path / "out") == old


def test_build_refuses_when_only_one_workbook_exists(tmp_path):
    (tmp_path / "connect.xlsx").write_text("mine")
    assert_refused(mqcalc("build", "--out", str(tmp_path)), "connect.xlsx", "--force")
    assert contents(tmp_path) == {"connect.xlsx": b"mine"}


def test_build_with_force_replaces_them_all(tmp_path, built):
    old_workbooks(tmp_path)
    completed = mqcalc("build", "--out", str(tmp_path), "--force")
    assert completed.returncode == 0, completed.stderr
    assert contents(tmp_path) == contents(built)


# Targets nothing can be written to: one line naming the path and the reason.

@pytest.fixture
def blocked(tmp_path) -> Path:
    """A folder holding a plain file ``file`` and a folder ``folder.xlsx``."""
    (tmp_path / "file").write_text("not a folder")
    (tmp_path / "folder.xlsx").mkdir()
    (tmp_path / "folder.csv").mkdir()
    return tmp_path


@pytest.mark.parametrize(("out", "reason"), [
    ("/proc/mqcalc-nope", "cannot create folder /proc/mqcalc-nope: No such file"),
    ("{tmp}/file", "cannot create folder {tmp}/file: a file of that name is in the way"),
    ("{tmp}/file/below", "cannot create folder {tmp}/file/below: Not a directory"),
])
def test_build_into_a_folder_that_cannot_be_made_is_one_line(blocked, out, reason):
    out, reason = (text.format(tmp=blocked) for text in (out, reason))
    assert reason in assert_refused(mqcalc("build", "--out", out), out)
    assert sorted(p.name for p in blocked.iterdir()) == ["file", "folder.csv", "folder.xlsx"]


@pytest.mark.parametrize("out", ["/proc/mqcalc.csv", "/proc/mqcalc.xlsx", "{tmp}/folder.xlsx",
                                 "{tmp}/folder.csv", "{tmp}/missing/s.csv",
                                 "{tmp}/file/s.xlsx"])
def test_sweep_to_a_file_that_cannot_be_written_is_one_line(blocked, out):
    out = out.format(tmp=blocked)
    line = assert_refused(mqcalc("sweep", "connect", "--vary", "tls=no,yes", "--out", out), out)
    assert line.startswith(f"mqcalc: cannot write {out}: ")
    assert sorted(p.name for p in blocked.iterdir()) == ["file", "folder.csv", "folder.xlsx"]


def test_a_full_disk_while_xlsxwriter_closes_is_one_line(tmp_path, monkeypatch):
    def full(book):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(xlsxwriter.Workbook, "_store_workbook", full)
    target = tmp_path / "w.xlsx"
    with pytest.raises(MqcalcError, match=f"^cannot write {target}: No space left on device$"):
        write_workbook(target, CONNECT)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("target", ["/proc/mqcalc.xlsx", "{tmp}/folder.xlsx/",
                                    "{tmp}/file/w.xlsx"])
async def test_export_to_an_unwritable_file_says_why_inline(blocked, target):
    target = target.format(tmp=blocked)
    app = app_on("connect", folder=blocked)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+e", target)
        shown = [n.message for n in app._notifications] + [
            plain(app.screen.query_one("#path-problem", Static))
            if app.screen.query("#path-problem") else ""]
    assert any(str(Path(target)) in text and ("Not exported: cannot write" in text
                                              or "is a folder" in text) for text in shown), shown
    assert sorted(p.name for p in blocked.iterdir()) == ["file", "folder.csv", "folder.xlsx"]


async def test_saving_to_an_unwritable_file_says_why_inline(blocked):
    app = app_on("connect", folder=blocked)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+s", blocked / "file" / "s.yaml")
        shown = [n.message for n in app._notifications]
    assert any(f"Not saved: cannot write {blocked}/file/s.yaml: Not a directory" in text
               for text in shown), shown


# Several files replaced together: all or none.

def test_a_failure_part_way_leaves_every_old_file_and_no_temporary(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a")
    second.write_text("old b")

    def broken(temporary: Path) -> None:
        temporary.write_text("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        replace_all_atomically({first: lambda t: t.write_text("new a"), second: broken})
    assert contents(tmp_path) == {"a.txt": b"old a", "b.txt": b"old b"}


# Interrupted and killed runs.

@pytest.mark.parametrize("seconds", [0.2, 0.5, 1.0, 1.5, 2.0])
def test_a_killed_build_leaves_each_workbook_old_or_new(tmp_path, built, seconds):
    old = old_workbooks(tmp_path)
    new = contents(built)
    run = start("build", "--out", str(tmp_path), "--force")
    time.sleep(seconds)
    run.kill()
    run.wait()
    names = set(old)
    for path in tmp_path.iterdir():
        if path.name not in names:  # a temporary the kill left: hidden, never a workbook
            assert path.name.startswith(".") and path.name.endswith(".tmp"), path.name
            continue
        assert path.read_bytes() in (old[path.name], new[path.name]), path.name
        assert openpyxl.load_workbook(path, read_only=True).sheetnames
    assert {p.name for p in tmp_path.iterdir() if not p.name.startswith(".")} == names
    finished = mqcalc("build", "--out", str(tmp_path), "--force")
    assert finished.returncode == 0, finished.stderr
    assert contents(tmp_path) == new  # and the next build cleared the temporaries


def interrupted_when_writing(*arguments: str) -> tuple[int, str]:
    """``python -m calc`` with its stderr on a pseudo-terminal, where it reports its progress
    as it does to a person, interrupted (SIGINT, as ctrl+c sends) on its first report, so
    always part way through the work: its exit status and everything it wrote to stderr."""
    reader, terminal = pty.openpty()
    run = subprocess.Popen([sys.executable, "-m", "calc", *arguments], cwd=REPO,
                           stdout=subprocess.DEVNULL, stderr=terminal)
    os.close(terminal)
    said, deadline = b"", time.monotonic() + 60
    while b"mqcalc: " not in said:
        assert run.poll() is None and time.monotonic() < deadline, said
        if select.select([reader], [], [], 0.5)[0]:
            said += os.read(reader, 4096)
    run.send_signal(signal.SIGINT)
    status = run.wait(timeout=60)
    with contextlib.suppress(OSError):  # EIO once the program has closed its end
        while chunk := os.read(reader, 4096):
            said += chunk
    os.close(reader)
    return status, said.decode(errors="replace")


@pytest.mark.parametrize(("out", "varied"), [
    ("s.csv", ["sharecnv=0:999:1", "connects_per_sec=1:1000:1"]),  # a million scenarios
    ("s.xlsx", ["sharecnv=0:799:1", "listener=local,shared", "tls=no,yes",  # 6,400: a
                "suppress_x511_x512=no,yes"])])                           # second of writing
def test_an_interrupted_sweep_leaves_the_file_it_would_replace(tmp_path, out, varied):
    target = tmp_path / out
    target.write_text("the old file")
    status, said = interrupted_when_writing(
        "sweep", "connect", *(f"--vary={vary}" for vary in varied), "--out", str(target))
    assert status == 130, said
    assert "Traceback" not in said
    assert contents(tmp_path) == {out: b"the old file"}


# Hostile file names: any text the user could type is written or refused in one line.

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from(
    ["/", ".", "\0", "\n", "~", "*", "?", "[", " "]), min_size=0, max_size=300)


@settings(max_examples=100, deadline=None)
@given(name=NAMES, suffix=st.sampled_from([".csv", ".CSV", ".txt", ""]))
def test_any_file_name_for_sweep_out_is_written_or_refused_in_one_line(name, suffix):
    assume(".." not in Path(name).parts)  # stay inside the folder made for the example
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder, name + suffix) if name else Path(folder + "/" + suffix)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["sweep", "connect", "--vary", "tls=no,yes", "--out", str(target)])
        if status == 0:
            assert target.is_file() and target.read_text(encoding="utf-8").count("\n") == 3
        else:
            assert status == 2 and len(err.getvalue().splitlines()) == 1, err.getvalue()
            assert err.getvalue().startswith("mqcalc: ")
        hidden = [p for p in Path(folder).rglob(".*.tmp")]
        assert hidden == []


@settings(max_examples=100, deadline=None)
@given(name=NAMES)
@example(name="0/\n")  # a line break in a missing folder's file name once split the error
def test_any_file_name_for_a_scenario_is_saved_or_refused_in_one_line(name):
    assume(".." not in Path(name).parts)
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder, name)
        try:
            save_scenario(target, Scenario({"connect": {}}))
        except MqcalcError as error:
            assert "\n" not in str(error).replace(repr(name)[1:-1], "") and "cannot write" in str(
                error), error
        else:
            assert load_scenario(target).inputs["connect"]["sharecnv"] == 0
        assert [p for p in Path(folder).rglob(".*.tmp")] == []


@pytest.mark.parametrize(("typed", "shown"), [
    ("~mqcalc-no-such-user/s.yaml", "cannot be used as a file name"),
    ("x" * 5000, "cannot be used as a file name: File name too long"),
    ("a\0b.yaml", "cannot be used as a file name: it holds a NUL"),
], ids=["unknown user", "too long", "NUL"])
async def test_the_file_prompt_answers_a_name_no_system_takes(tmp_path, typed, shown):
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+s", typed)
        assert shown in plain(app.screen.query_one("#path-problem", Static), width=6000)
    assert list(tmp_path.iterdir()) == []
