"""The files door: what build, sweep, export and save do with a target they cannot write,
with files already there, and when they are interrupted or killed."""
from __future__ import annotations

import builtins
import contextlib
import gc
import io
import os
import pty
import select
import signal
import stat
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
from calc.core.errors import MqcalcError
from calc.files.writing import replace_all_atomically
from calc.inputs.scenario import Scenario, load_scenario, save_scenario
from calc.workbook import build_paths, write_workbook
from tests.cli.test_cli import mqcalc
from tests.conftest import CALCULATORS, REPO
from tests.full_disk import filling_up
from tests.tui.test_tui import SIZE, app_on, plain, through_file_prompt
from tui.settings import save_setting

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


def test_build_without_force_counts_a_dangling_link_as_a_workbook(tmp_path):
    (tmp_path / "connect.xlsx").symlink_to(tmp_path / "gone.xlsx")
    assert_refused(mqcalc("build", "--out", str(tmp_path)), "connect.xlsx", "--force")
    assert [p.name for p in tmp_path.iterdir()] == ["connect.xlsx"]
    assert (tmp_path / "connect.xlsx").is_symlink()


# What every writer does to the files already at and beside its target.

def run_main(*arguments: str) -> None:
    """``mqcalc`` in this process (faster than a new one), which must succeed."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(arguments)) == 0


WRITERS = {
    "sweep csv": ("s.csv", lambda path: run_main("sweep", "connect", "--vary", "tls=no,yes",
                                                 "--out", str(path))),
    "sweep xlsx": ("s.xlsx", lambda path: run_main("sweep", "connect", "--vary", "tls=no,yes",
                                                   "--out", str(path))),
    "build": ("connect.xlsx", lambda path: run_main("build", "--out", str(path.parent),
                                                    "--force")),
    "scenario": ("s.yaml", lambda path: save_scenario(path, Scenario({"connect": {}}))),
    "setting": ("settings.json", lambda path: save_setting("theme", "dark", path)),
}
"""Each way mqcalc writes a file: the name it writes, and a function writing it to a path."""


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_removes_its_own_stale_temporaries(tmp_path, writer):
    name, write = WRITERS[writer]
    own = tmp_path / f".{name}.1234abcd.tmp"
    other = tmp_path / ".other.csv.1234abcd.tmp"  # another name's: not this writer's to take
    own.write_text("left by a killed write")
    other.write_text("left by a killed write")
    write(tmp_path / name)
    assert not own.exists() and other.exists()


@pytest.mark.parametrize("writer", WRITERS)
def test_a_replaced_file_keeps_its_permission_bits(tmp_path, writer, umask):
    name, write = WRITERS[writer]
    target = tmp_path / name
    target.write_text("old")
    target.chmod(0o600)
    umask(0o022)
    write(target)
    assert target.read_bytes() != b"old" and stat.S_IMODE(target.stat().st_mode) == 0o600


@pytest.mark.parametrize("writer", WRITERS)
def test_a_new_file_takes_its_mode_from_the_umask(tmp_path, writer, umask):
    name, write = WRITERS[writer]
    umask(0o027)
    write(tmp_path / name)
    assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o640


@pytest.mark.parametrize("writer", WRITERS)
def test_a_link_at_the_target_is_replaced_not_written_through(tmp_path, writer):
    name, write = WRITERS[writer]
    theirs = tmp_path / "elsewhere" / name
    theirs.parent.mkdir()
    theirs.write_text("someone else's file")
    (tmp_path / name).symlink_to(theirs)
    write(tmp_path / name)
    assert not (tmp_path / name).is_symlink() and (tmp_path / name).stat().st_size > 0
    assert theirs.read_text() == "someone else's file"


@pytest.fixture
def umask():
    """``umask(mask)`` sets this process's umask for the test; the old one comes back."""
    old = os.umask(0o022)
    os.umask(old)
    yield os.umask
    os.umask(old)


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


# A disk that fills up part way through a write: one line, the old file kept, nothing left.

FILLING = {
    "sweep xlsx": ("s.xlsx", ["sweep", "connect", "--vary=sharecnv=0:999:1", "--vary=tls=no,yes",
                              "--out", "{folder}/s.xlsx"]),
    "sweep csv": ("s.csv", ["sweep", "connect", "--vary=sharecnv=0:999:1",
                            "--out", "{folder}/s.csv"]),
    "build": ("connect.xlsx", ["build", "--force", "--out", "{folder}"]),
}
"""Each command writing a file: the name it writes in a folder, and its arguments."""


@pytest.mark.parametrize("command", FILLING)
def test_a_disk_filling_up_part_way_is_one_line(tmp_path, command):
    name, arguments = FILLING[command]
    folder, scratch = tmp_path / "out", tmp_path / "scratch"
    folder.mkdir()
    scratch.mkdir()
    (folder / name).write_text("the old file")
    run = subprocess.run(  # 50 kB for each file: each of these writes more
        [sys.executable, "-m", "tests.full_disk", "50000",
         *(argument.format(folder=folder) for argument in arguments)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
        env={**os.environ, "TMPDIR": str(scratch)})
    line = assert_refused(run, "No space left on device")
    assert line.startswith(f"mqcalc: cannot write {folder}/"), line
    assert contents(folder) == {name: b"the old file"}
    assert list(scratch.iterdir()) == []  # XlsxWriter's scratch parts too


@pytest.mark.parametrize("arguments", [["sweep", "connect", "--vary=sharecnv=0:999:1"],
                                       ["eval", "connect"], ["eval", "connect", "--json"],
                                       ["list"], ["list", "connect", "--json"]])
def test_a_full_standard_output_is_one_line(arguments):
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "calc", *arguments], cwd=REPO,
                             stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert assert_refused(run) == ("mqcalc: cannot write standard output: No space left on "
                                   "device")


def test_a_scenario_or_setting_saved_on_a_filling_disk_keeps_the_old_file(tmp_path,
                                                                           monkeypatch):
    scenario, setting = tmp_path / "s.yaml", tmp_path / "settings.json"
    scenario.write_text("the old file")
    setting.write_text("{}")
    filling(monkeypatch, room=10)
    with pytest.raises(MqcalcError, match=f"^cannot write {scenario}: No space left on device$"):
        save_scenario(scenario, Scenario({"connect": {}}))
    assert save_setting("theme", "dark", setting) is False
    assert contents(tmp_path) == {"s.yaml": b"the old file", "settings.json": b"{}"}


@pytest.mark.parametrize(("key", "name", "said"), [("ctrl+e", "w.xlsx", "Not exported"),
                                                   ("ctrl+s", "s.yaml", "Not saved")])
async def test_a_disk_filling_up_under_the_terminal_calculator_says_why(tmp_path, monkeypatch,
                                                                      key, name, said):
    ignored = []  # errors Python could only print as ignored (a zip file's __del__, say)
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        filling(monkeypatch, room=100)
        await through_file_prompt(app, pilot, key, tmp_path / name)
        shown = [n.message for n in app._notifications]
    gc.collect()
    assert f"{said}: cannot write {tmp_path / name}: No space left on device" in shown, shown
    assert list(tmp_path.iterdir()) == [] and ignored == []


def filling(monkeypatch, room: int) -> None:
    """From now on in this test, every hidden temporary written holds ``room`` bytes at most,
    then fails as on a full disk (:mod:`tests.full_disk`)."""
    opening = filling_up(room)
    monkeypatch.setattr(io, "open", opening)
    monkeypatch.setattr(builtins, "open", opening)


def test_an_interrupt_inside_mkstemp_leaves_no_temporary(tmp_path, monkeypatch):
    """Ctrl+C can land after ``mkstemp`` has created its file and before it returns (the
    window the interrupted-sweep test hit under load): that temporary is removed too."""
    target = tmp_path / "s.csv"
    target.write_text("the old file")
    created = tempfile.mkstemp

    def interrupted_on_return(**options):
        handle, name = created(**options)
        os.close(handle)
        raise KeyboardInterrupt

    monkeypatch.setattr(tempfile, "mkstemp", interrupted_on_return)
    with pytest.raises(KeyboardInterrupt):
        replace_all_atomically({target: lambda temporary: temporary.write_text("new")})
    assert contents(tmp_path) == {"s.csv": b"the old file"}


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


@pytest.mark.parametrize("plan", [False, True])
def test_a_build_failing_on_a_full_disk_leaves_no_folder_it_made(tmp_path, plan):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    out = tmp_path / "new" / "deeper"
    arguments = ["build", "--force", "--out", str(out)]
    if plan:
        arguments += ["--plan", str(REPO / "examples" / "z16_encryption_ams.yaml")]
    run = subprocess.run([sys.executable, "-m", "tests.full_disk", "50000", *arguments],
                         cwd=REPO, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "TMPDIR": str(scratch)})
    assert_refused(run, "No space left on device")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scratch"]
    assert list(scratch.iterdir()) == []
