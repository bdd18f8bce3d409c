"""A command stopped by SIGTERM (``kill``, a service manager, a batch system's time limit),
SIGHUP (its terminal closed) or another signal that would end it (a CPU or file size limit,
a timer, SIGUSR1: :data:`STOPPING_SIGNALS`) ends as one stopped by Ctrl+C does: the signal
becomes an exception, so the cleanup that runs on any exception
(:func:`calc.files.writing.replace_all_atomically` removing its hidden temporaries) runs before the
process ends. Without this, Python's default for these signals ends the process at once and
a sweep leaves a temporary of up to hundreds of MB beside its target.
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

STOPPING_SIGNALS = tuple(getattr(signal, name) for name in (
    "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF",
    "SIGXCPU", "SIGXFSZ", "SIGPWR") if hasattr(signal, name))
"""Every signal a user, a terminal or the system sends whose default action ends the
process (POSIX signal(7): terminate, or terminate with a core dump): a batch job's CPU limit
(SIGXCPU), a file size limit (SIGXFSZ), a timer (SIGALRM), a script's SIGUSR1. SIGINT is
Python's KeyboardInterrupt already; SIGPIPE Python ignores (a closed pipe is an error
then); faults (SIGSEGV, SIGBUS) and SIGKILL cannot be cleaned up after."""


class Stopped(BaseException):
    """The command was stopped by ``signal_number``. A BaseException, like
    KeyboardInterrupt, so no ``except Exception`` on the way takes it for a failure."""

    def __init__(self, signal_number: int):
        super().__init__(signal_number)
        self.name = signal.Signals(signal_number).name
        self.status = 128 + signal_number
        """The exit status a shell shows for a process this signal ended (143 for SIGTERM,
        129 for SIGHUP): POSIX shells report 128 plus the signal number."""


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within this block, the :data:`STOPPING_SIGNALS` raise :class:`Stopped`; afterwards
    they do what they did before. A signal the process was started ignoring (``nohup``
    ignores SIGHUP) stays ignored. Once one has arrived, further ones are ignored, so a
    second ``kill`` does not cut the cleanup short. Signal handlers can only be set in the
    main thread: called from another, this changes nothing."""
    def stop(number, frame):
        for each in STOPPING_SIGNALS:
            signal.signal(each, signal.SIG_IGN)
        raise Stopped(number)

    with _handled(STOPPING_SIGNALS,
                  lambda number, handler: stop if handler is signal.SIG_DFL else None):
        yield


@contextmanager
def signals_noted() -> Iterator[list[int]]:
    """Within this block, each signal that stops a command (SIGINT and the
    :data:`STOPPING_SIGNALS` a handler is set for) is noted in the list this yields before
    its handler runs. A library that runs Python's signal handlers inside its own work and
    turns what they raise into an error of its own (DuckDB's "Query interrupted") leaves
    the list to say what stopped it: :func:`stopping` gives the exception the handler
    raised. Signal handlers can only be set in the main thread: called from another, the
    list stays empty."""
    noted: list[int] = []

    def noting(number, handler):
        if not callable(handler):
            return None

        def note(number, frame):
            noted.append(number)
            handler(number, frame)

        return note

    with _handled((signal.SIGINT, *STOPPING_SIGNALS), noting):
        yield noted


@contextmanager
def _handled(numbers: tuple[int, ...], replacement: Callable) -> Iterator[None]:
    """Within this block, each signal of ``numbers`` is handled by what
    ``replacement(number, handler)`` gives for the handler set before (left as it is where
    that is None); afterwards, by the handler set before. Only in the main thread, the one
    where handlers can be set: called from another, this changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {number: signal.getsignal(number) for number in numbers}
    try:
        for number, handler in before.items():
            replaced = replacement(number, handler)
            if replaced is not None:
                signal.signal(number, replaced)
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def stopping(number: int) -> BaseException:
    """What stopping by signal ``number`` raises: KeyboardInterrupt for SIGINT (Ctrl+C),
    else :class:`Stopped`."""
    return KeyboardInterrupt() if number == signal.SIGINT else Stopped(number)
