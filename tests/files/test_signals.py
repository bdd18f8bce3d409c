"""A command stopped by SIGTERM, SIGHUP or another signal that would end it (a CPU limit,
SIGUSR1, a timer) part way through writing: it says so in one line,
exits 128 plus the signal's number, and leaves the file it was replacing as it was, with no
temporary beside it and no scratch file in the system's temporary folder. A build stopped
while its forked child zips the combined workbook ends the child too."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest

from calc.files.stopping import Stopped, stopped_by_signals
from tests.conftest import REPO

COMMANDS = {
    "sweep csv": ("s.csv", ["sweep", "connect", "--vary=sharecnv=0:999:1",  # a million
                            "--vary=connects_per_sec=1:1000:1", "--out", "{folder}/s.csv"]),
    "sweep xlsx": ("s.xlsx", ["sweep", "connect", "--vary=sharecnv=0:799:1",  # 6,400 rows
                              "--vary=listener=local,shared", "--vary=tls=no,yes",
                              "--vary=suppress_x511_x512=no,yes", "--out", "{folder}/s.xlsx"]),
    "build": ("connect.xlsx", ["build", "--force", "--out", "{folder}"]),
}
"""Each command writing a file for seconds: the name it writes in a folder, its arguments."""
FORKING = ["-c", "import os, sys; os.sched_getaffinity = lambda pid: {0, 1}; "
                 "from calc.cli import main; sys.exit(main(sys.argv[1:]))"]
"""``python -m calc`` as on a machine of two cores or more, where ``build`` forks a child to
zip the combined workbook (:mod:`calc.files.forked`), whatever the machine running the tests."""


def started(tmp_path: Path, command: str, program: tuple[str, ...] = ("-m", "calc"),
            **options) -> tuple[subprocess.Popen, Path, Path]:
    """``python -m calc`` (or ``python PROGRAM``) running ``command`` into ``tmp_path/out``
    (where an old file waits at the name it writes), anything it puts in the system's
    temporary folder going to ``tmp_path/scratch``: the process, the folder and the
    scratch folder."""
    name, arguments = COMMANDS[command]
    folder, scratch = tmp_path / "out", tmp_path / "scratch"
    folder.mkdir()
    scratch.mkdir()
    (folder / name).write_text("the old file")
    run = subprocess.Popen(
        [sys.executable, *program, *(a.format(folder=folder) for a in arguments)],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TMPDIR": str(scratch)}, **options)
    return run, folder, scratch


def wait_for(run: subprocess.Popen, found) -> None:
    """Wait until ``found()`` is true, the process still running."""
    deadline = time.monotonic() + 60
    while not found():
        assert run.poll() is None and time.monotonic() < deadline, run.stderr.read()
        time.sleep(0.005)


def temporary_in(folder: Path):
    return lambda: any(folder.glob(".*.tmp"))


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGXCPU,
                                    signal.SIGUSR1, signal.SIGALRM],
                         ids=["TERM", "HUP", "XCPU", "USR1", "ALRM"])
@pytest.mark.parametrize("command", ["sweep csv", "sweep xlsx"])
def test_a_command_stopped_by_a_signal_leaves_nothing_behind(tmp_path, number, command):
    """Stopped while its temporary exists: for a workbook, the whole time XlsxWriter builds
    and zips it in memory (nothing goes to the system's temporary folder at any point).
    Any signal that would end it: before issue 38, a batch job's CPU limit (SIGXCPU),
    SIGUSR1 and SIGALRM ended it at once and left its temporary beside the target."""
    run, folder, scratch = started(tmp_path, command)
    wait_for(run, temporary_in(folder))
    run.send_signal(number)
    status = run.wait(timeout=60)
    said = run.stderr.read()
    assert status == 128 + number, said
    assert said == f"mqcalc: stopped by {signal.Signals(number).name}\n"
    assert_only_the_old_file(folder, scratch, command)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_build_stopped_while_its_child_zips_ends_the_child_too(tmp_path, number):
    """``kill`` reaches the command alone: it ends its child, says so, and leaves every
    workbook as it was (a build zips them all in memory before writing any)."""
    run, folder, scratch = started(tmp_path, "build", FORKING)
    child = wait_for_child(run)
    run.send_signal(number)
    status = run.wait(timeout=60)
    said = run.stderr.read()
    assert status == 128 + number, said
    assert said == f"mqcalc: stopped by {signal.Signals(number).name}\n"
    assert_only_the_old_file(folder, scratch, "build")
    assert_ended(child)


def test_a_build_stopped_by_ctrl_c_ends_with_its_child(tmp_path):
    """Ctrl+C reaches every process of the terminal's foreground group: the child ends at
    once, silently, and the command as any command stopped by Ctrl+C does (status 130)."""
    run, folder, scratch = started(tmp_path, "build", FORKING, start_new_session=True)
    child = wait_for_child(run)
    os.killpg(run.pid, signal.SIGINT)
    status = run.wait(timeout=60)
    said = run.stderr.read()
    assert status == 130, said
    assert said == ""
    assert_only_the_old_file(folder, scratch, "build")
    assert_ended(child)


def wait_for_child(run: subprocess.Popen) -> int:
    """The process id of ``run``'s first child, once it has one (Linux lists a process's
    children in /proc)."""
    listing = Path(f"/proc/{run.pid}/task/{run.pid}/children")
    children: list[str] = []

    def forked() -> bool:
        children[:] = listing.read_text().split()
        return bool(children)

    wait_for(run, forked)
    return int(children[0])


def assert_only_the_old_file(folder: Path, scratch: Path, command: str) -> None:
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == {
        COMMANDS[command][0]: b"the old file"}
    assert list(scratch.rglob("*")) == []


def assert_ended(pid: int) -> None:
    """``pid`` has ended and been waited for: no such process, not even a zombie."""
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_command_started_ignoring_sighup_keeps_ignoring_it(tmp_path):
    """As under ``nohup``: the terminal closing does not stop the sweep."""
    run, folder, _ = started(tmp_path, "sweep xlsx", preexec_fn=lambda: signal.signal(
        signal.SIGHUP, signal.SIG_IGN))
    wait_for(run, temporary_in(folder))
    run.send_signal(signal.SIGHUP)
    assert run.wait(timeout=120) == 0, run.stderr.read()
    assert [path.name for path in folder.iterdir()] == ["s.xlsx"]
    assert openpyxl.load_workbook(folder / "s.xlsx", read_only=True).sheetnames


def test_the_signals_raise_only_within_the_block_and_once():
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    with pytest.raises(Stopped) as stopped:
        with stopped_by_signals():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the handler runs before this returns
    assert (stopped.value.name, stopped.value.status) == ("SIGTERM", 143)
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_a_second_signal_does_not_cut_the_cleanup_short():
    cleaned = False
    with pytest.raises(Stopped):
        with stopped_by_signals():
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(5)
            finally:
                os.kill(os.getpid(), signal.SIGHUP)
                time.sleep(0.01)
                cleaned = True
    assert cleaned


def test_a_signal_ignored_before_stays_ignored():
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with stopped_by_signals():
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(0.01)
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)
