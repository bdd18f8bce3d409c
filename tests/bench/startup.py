"""Section "startup": how long a command takes to start, against Python's own start.

Paired runs, each pair one after the other so both see the same load on a shared machine:
``python -c pass`` (the interpreter's floor, the project's ``site`` set-up included), then
``python -m calc eval connect --json`` (imports, the connect template read and compiled,
one evaluation, JSON out). The figure is the median of each pair's ratio. Goal: at most
:data:`GOAL_RATIO` times the floor, with the cache of read templates (:mod:`calc.template.cache`)
filled by a first run; beside it the console script ``mqcalc`` itself, the same without
the cache (``MQZCALC_CACHE=off``, every template parsed as on a first run), ``--help`` and
``list``, which hold no goal. Last, the same command installed as pipx installs it (the
wheel built from a copy of the checkout, in a fresh virtual environment of its own, at the
tested versions of scripts/constraints.txt), against that environment's own ``python -c
pass``: a plain environment starts Python quicker than the checkout's, whose editable install
adds import hooks to every start, so the same command reads as a larger multiple there.
Both runs of a pair find their modules compiled to bytecode (see :mod:`tests.bench`), the
first run of each command having written it.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..wheels import build_wheel, install_wheel
from .child import ROOT
from .measures import Measure

SECTION = "startup"
GOAL_RATIO = 3.0
"""Issue 25: ``mqcalc eval connect --json`` at most 3× ``python -c pass``."""
EVAL = ("eval", "connect", "--json")
MODULE = (sys.executable, "-m", "calc")
SCRIPT = (str(Path(sys.executable).with_name("mqcalc")),)
"""The console script pip installed beside this interpreter: what a user types."""
COMMANDS = {"eval connect --json": (MODULE, EVAL, {}),
            "eval connect --json, the mqcalc script": (SCRIPT, EVAL, {}),
            "eval connect --json, cache off": (MODULE, EVAL, {"MQZCALC_CACHE": "off"}),
            "--help": (MODULE, ("--help",), {}), "list": (MODULE, ("list",), {})}
PIPX = "eval connect --json, installed as pipx installs it"


def measure(quick: bool) -> list[Measure]:
    measures = _measure(COMMANDS, sys.executable, quick)
    if not quick:
        with tempfile.TemporaryDirectory(prefix="mqcalc-bench-pipx-") as work:
            installed = install_wheel(build_wheel(Path(work), _run), Path(work), _run)
            measures += _measure({PIPX: ((str(installed / "mqcalc"),), EVAL, {})},
                                 str(installed / "python"), quick)
    return measures


def _run(*command) -> None:
    subprocess.run([str(part) for part in command], check=True)


def _measure(commands: dict, python: str, quick: bool) -> list[Measure]:
    """Each command against ``python -c pass`` of the environment it runs in."""
    pairs = 5 if quick else 31
    measures = []
    for name, (program, arguments, env) in commands.items():
        if not Path(program[0]).exists():
            continue  # no console script: a checkout run without installing
        _seconds([*program, *arguments], env)  # fills the cache and the bytecode
        _seconds([python, "-c", "pass"], {})
        floors, runs = [], []
        for _ in range(pairs):
            floors.append(_seconds([python, "-c", "pass"], {}))
            runs.append(_seconds([*program, *arguments], env))
        ratio = statistics.median(run / floor for floor, run in zip(floors, runs))
        judged = name in ("eval connect --json", PIPX)
        measures += [
            Measure(SECTION, f"mqcalc {name}", statistics.median(runs) * 1e3, "ms",
                    detail=f"median of {pairs}; python -c pass "
                           f"{statistics.median(floors) * 1e3:.1f} ms"),
            Measure(SECTION, f"mqcalc {name} / python -c pass", ratio, "×",
                    f"≤ {GOAL_RATIO:g}×" if judged else "",
                    ratio <= GOAL_RATIO if judged else None, "median of paired runs")]
    return measures


def _seconds(command: list[str], env: dict[str, str]) -> float:
    """Wall seconds of ``command`` run in the project's folder, its output dropped."""
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env={**os.environ, **env}, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - started
