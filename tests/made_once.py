"""Something slow to make (a wheel, a virtual environment) made once for a whole test run and
shared by every test worker that asks, rather than once by each worker whose tests need it:
pytest-xdist hands a module's tests to any worker, and each worker used to make its own."""
from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this test run that every worker sees: the parent of the
    workers' own folders under pytest-xdist (``.../pytest-N/popen-gw0``), the run's own
    folder without it."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str,
              make: Callable[[Path], Path]) -> Path:
    """What ``make(folder)`` returns, made in ``folder`` (``name`` in the run's shared folder)
    by the first worker to ask; a worker asking while it is made waits for it (a lock on
    the folder's lock file), and later ones find it made. If making fails, the next worker
    to ask tries again, and fails the same way."""
    folder = run_folder(tmp_path_factory) / name
    folder.mkdir(exist_ok=True)
    done = folder / "made"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            work = folder / "work"
            work.mkdir(exist_ok=True)
            done.write_text(str(make(work)))
    return Path(done.read_text())
