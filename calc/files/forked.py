"""Two pieces of work at once where the system allows it: one in this process, the other in
a forked copy of it. ``mqcalc build`` zips the combined workbook this way, beside the ten
single ones, which take about as long together.

A fork, not a fresh interpreter: the copy starts with every module, template and compiled
function this process holds, in about a millisecond, where a fresh interpreter would spend
longer loading them than the work it takes over. Forks are made on Linux only: on macOS the
system libraries may run threads a forked child cannot use safely (Python itself has
started its workers fresh there since 3.8), and Windows cannot fork. There, on a single
core, or in a process already running other threads (a child inherits the locks they hold,
without the threads to release them), the two pieces run here, one after the other. The
results are the same either way; only the time differs.

The child sends its result back pickled through a pipe and ends with ``os._exit``: it runs
none of this process's exit handlers and flushes none of its buffered output. The signals
that stop a command (Ctrl+C, SIGTERM, SIGHUP) end the child at once, without a message;
this process, stopped or failing while its child works, kills the child and waits for it,
so no process outlives the command. The signals are held back across the fork itself, so
neither process can be stopped half-way into its own part. A failure in the child is
raised here: an MqcalcError as one with the same message, anything else as a RuntimeError
holding the child's traceback.
"""
from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable

from calc.core.errors import MqcalcError
from calc.files.stopping import STOPPING_SIGNALS

STOPPING = (signal.SIGINT, *STOPPING_SIGNALS)
"""The signals that stop a command; a child takes the system's default for each (it ends),
except one the command was started ignoring (``nohup``), which it keeps ignoring."""
DONE, REFUSED, FAILED = "done", "refused", "failed"
"""How a child's work ended, sent first in its message: with a result, with an
MqcalcError's message, or with another error's traceback."""


def side_by_side(here: Callable[[], object], there: Callable[[], object]) -> tuple:
    """``(here(), there())``, the second computed in a forked child while this process
    computes the first, where :func:`can_fork`; else one after the other, here."""
    if not can_fork():
        return here(), there()
    reading, writing = os.pipe()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        child = os.fork()
    except OSError:  # no process to be had (a limit on processes, memory): do both here
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        os.close(reading)
        os.close(writing)
        return here(), there()
    if child == 0:
        os.close(reading)
        _work_and_exit(there, writing, held)
    os.close(writing)
    pipe = open(reading, "rb")  # noqa: SIM115 - closed by the with below, inside the try
    waited = False
    try:
        with pipe:
            # a signal held back since the fork is raised here, inside the try: the child
            # is ended whatever stops this process from now on
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            mine = here()
            sent = pipe.read()
        _, status = os.waitpid(child, 0)
        waited = True
    finally:
        if not waited:
            _stop(child)
    return mine, _received(sent, status)


def can_fork() -> bool:
    """Whether :func:`side_by_side` forks: on Linux, with two cores or more to run on, from
    a process running no other thread."""
    return (sys.platform.startswith("linux") and len(os.sched_getaffinity(0)) > 1
            and threading.active_count() == 1)


def _work_and_exit(work: Callable[[], object], writing: int, held) -> None:
    """In the child: run ``work``, send how it ended through ``writing``, and end the
    process (status 0 when the message was sent whole, 1 else); never returns."""
    status = 1
    try:
        for number in STOPPING:
            if signal.getsignal(number) is not signal.SIG_IGN:
                signal.signal(number, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        try:
            message = (DONE, work())
        except MqcalcError as error:
            message = (REFUSED, str(error))
        except Exception:  # noqa: BLE001 - every failure goes back to the parent, whole
            import traceback
            message = (FAILED, traceback.format_exc())
        with open(writing, "wb") as pipe:
            pipe.write(pickle.dumps(message, pickle.HIGHEST_PROTOCOL))
        status = 0
    finally:
        os._exit(status)


def _received(sent: bytes, status: int):
    """The child's result, from its message; its failure raised here."""
    code = os.waitstatus_to_exitcode(status)
    if code != 0 or not sent:
        ended = f"by signal {signal.Signals(-code).name}" if code < 0 else f"with status {code}"
        raise MqcalcError(f"the process working beside this one ended {ended} before it "
                          "finished")
    outcome, payload = pickle.loads(sent)  # noqa: S301 - written by our own child
    if outcome == REFUSED:
        raise MqcalcError(payload)
    if outcome == FAILED:
        raise RuntimeError(f"the process working beside this one failed:\n{payload}")
    return payload


def _stop(child: int) -> None:
    """Kill ``child`` and wait for it to end (it may have ended already)."""
    try:
        os.kill(child, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(child, 0)
