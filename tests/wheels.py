"""The checkout's wheel, built from a copy of its sources and installed into a fresh virtual
environment of its own at the tested versions, as a user installs mqzcalc (pipx does the
same): shared by the install tests and the start-up benchmark."""
from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".hypothesis",
                                     ".pytest_cache", "build", "*.egg-info", "out", "generated")
"""What a build of the checkout does not read: version control, environments, caches and
outputs."""
CONSTRAINTS = CHECKOUT / "scripts" / "constraints.txt"
QUIET = ("--quiet", "--disable-pip-version-check")

Run = Callable[..., object]
"""Runs one command, its parts given as arguments, and fails if the command fails."""


def build_wheel(work: Path, run: Run) -> Path:
    """The wheel pip builds from a copy of the checkout's sources in ``work`` (so the
    build's own files land in the copy, not the checkout)."""
    sources = shutil.copytree(CHECKOUT, work / "sources", ignore=NOT_SOURCES)
    run(sys.executable, "-m", "pip", "wheel", *QUIET, "--no-deps", "--wheel-dir", work / "dist",
        sources)
    [built] = (work / "dist").glob("mqzcalc-*.whl")
    return built


def install_wheel(wheel: Path, work: Path, run: Run) -> Path:
    """A fresh virtual environment in ``work`` with ``wheel`` installed at the tested
    versions: its bin folder. The environment is made without a pip of its own (putting one
    in took 7 s of CPU); this pip installs into it (``--python``), as pipx's shared pip does."""
    run(sys.executable, "-m", "venv", "--without-pip", work / "v")
    run(sys.executable, "-m", "pip", "--python", work / "v" / "bin" / "python", "install",
        *QUIET, "-c", CONSTRAINTS, wheel)
    return work / "v" / "bin"
