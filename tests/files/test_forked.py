"""Work side by side in a forked child: the same results as one after the other, the
child's failures raised here, and no process outliving the call."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from calc.core.errors import InputError, MqcalcError
from calc.files import forked
from tests.conftest import REPO


def test_the_second_runs_in_a_child_and_both_results_come_back(forking):
    here, there = forked.side_by_side(lambda: ("here", os.getpid()),
                                      lambda: ("there", os.getpid(), os.getppid()))
    assert here == ("here", os.getpid())
    assert there[0] == "there" and there[1] != os.getpid() and there[2] == os.getpid()


def test_a_large_result_comes_back_whole(forking):
    """Far more than a pipe holds (64 KB) while this process is still busy with its own."""
    content = bytes(range(256)) * 40_000
    assert forked.side_by_side(lambda: time.sleep(0.05), lambda: content) == (None, content)


def test_with_one_core_or_another_thread_both_run_here(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert not forked.can_fork()
    assert forked.side_by_side(os.getpid, os.getpid) == (os.getpid(), os.getpid())
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not forked.can_fork()
        assert forked.side_by_side(os.getpid, os.getpid) == (os.getpid(), os.getpid())
    finally:
        release.set()
        other.join()


def test_a_refusal_in_the_child_is_raised_here_with_its_message(forking):
    def refuse():
        raise InputError("connect", "sharecnv", -1, "a whole number from 0 to 999")

    with pytest.raises(MqcalcError) as raised:
        forked.side_by_side(lambda: None, refuse)
    assert str(raised.value) == str(InputError("connect", "sharecnv", -1,
                                               "a whole number from 0 to 999"))


def test_another_failure_in_the_child_is_raised_with_its_traceback(forking):
    def fail():
        return {}["no such key"]

    with pytest.raises(RuntimeError, match="(?s)failed:.*in fail.*KeyError: 'no such key'"):
        forked.side_by_side(lambda: None, fail)


def test_a_child_killed_outright_is_a_one_line_error(forking):
    with pytest.raises(MqcalcError, match="^the process working beside this one ended by "
                                          "signal SIGKILL before it finished$"):
        forked.side_by_side(lambda: None, lambda: os.kill(os.getpid(), signal.SIGKILL))


def test_a_failure_here_ends_the_child_first(forking, tmp_path):
    """This process failing while its child still works kills the child and waits for it:
    no process outlives the call."""
    said = tmp_path / "child"

    def linger():
        said.write_text(str(os.getpid()))
        time.sleep(60)

    def fail_once_the_child_runs():
        while not said.exists() or not said.read_text():
            time.sleep(0.001)
        raise ValueError("here failed")

    started = time.monotonic()
    with pytest.raises(ValueError, match="here failed"):
        forked.side_by_side(fail_once_the_child_runs, linger)
    assert time.monotonic() - started < 30
    with pytest.raises(ProcessLookupError):  # ended and waited for: not even a zombie
        os.kill(int(said.read_text()), 0)


def test_the_child_flushes_nothing_of_ours_and_runs_no_exit_handler():
    """Output this process has buffered, and its exit handlers, happen once: a child that
    ended through Python's own exit would write the buffer and run the handlers again."""
    program = ("import atexit, os, sys; from calc.files import forked; "
               "os.sched_getaffinity = lambda pid: {0, 1}; "
               "atexit.register(lambda: sys.stdout.write('[exit]')); "
               "sys.stdout.write('[buffered]'); "
               "print(forked.side_by_side(lambda: 1, lambda: 2), end='')")
    run = subprocess.run([sys.executable, "-c", program], cwd=REPO, capture_output=True,
                         text=True, timeout=60, check=True)
    assert run.stdout == "[buffered](1, 2)[exit]"
    assert run.stderr == ""


def test_without_a_process_to_fork_both_run_here_and_no_signal_stays_held(forking,
                                                                           monkeypatch):
    def no_process():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_process)
    held_before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert forked.side_by_side(os.getpid, os.getpid) == (os.getpid(), os.getpid())
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == held_before
