"""Section "build": how long writing every workbook takes, and where the time goes.

- ``mqcalc build --out DIR`` in a fresh process (:func:`.child.run_child`): the command's
  work, templates loaded and compiled and every workbook written (one per calculator and
  the combined one), and the peak memory of the process and of its forked child;
- the same build repeated in this process, the templates already compiled
  (``calc.workbook.build_all(calc.catalogue(), folder)``), and again with everything in
  this process (``parallel=False``: the combined workbook is otherwise zipped in a forked
  child, :mod:`calc.files.forked`);
- the shares of a build in one process (the timed build of median length) spent in formula
  translation (:func:`calc.formula.emit_excel.to_excel`: template trees to formula text), stored-
  result evaluation (the engine's ``run``, ``validate``, ``judge``, ``outcomes`` and
  ``sweep``, :func:`calc.engine.sweeps.evaluate`, :func:`calc.chart_series`) and file writing
  (XlsxWriter's public Workbook, Worksheet and Chart methods, among them ``write_formula``,
  which rewrites each formula's text with some thirty regular expressions; apart from them
  ``Workbook.close``, which writes every sheet's XML and zips it), timed by
  :class:`.attribution.Attribution`. The remainder is the workbook package's own work:
  laying sheets out, sizing columns and rows to their text, the text around translated
  formulas, renaming finished files. Timed builds run slower than untimed ones by the
  timing's cost, shown as the overhead.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import xlsxwriter.chart
import xlsxwriter.workbook
import xlsxwriter.worksheet

import calc
from calc import engine
from calc.engine import charts, sweeps
from calc.formula import emit_excel
from calc.workbook import build_all

from .attribution import Attribution
from .child import run_child
from .measures import Measure, shown

SECTION = "build"
FORMULAS = "formula translation"
EVALUATION = "stored-result evaluation"
WRITING = "file writing: cells, sheets, charts"
CLOSING = "file writing: Workbook.close"
CATEGORIES = (FORMULAS, EVALUATION, WRITING, CLOSING)
GOAL_SECONDS = 0.5
"""Issue 25: ``mqcalc build`` in at most half a second."""


def measure(quick: bool) -> list[Measure]:
    repeats = 1 if quick else 5
    with tempfile.TemporaryDirectory() as folder:
        cold = [run_child("calc.cli:main", "build", "--out", folder, "--force")
                for _ in range(1 if quick else 3)]
        workbooks = len(list(Path(folder).glob("*.xlsx")))
        plain = [_plain_build(Path(folder), parallel=True) for _ in range(repeats)]
        serial = [_plain_build(Path(folder), parallel=False) for _ in range(repeats)]
        timed = [_timed_build(Path(folder)) for _ in range(repeats)]
    runs = f"median of {repeats}"
    seconds = statistics.median(run.seconds for run in cold)
    peak = statistics.median(run.peak_mb for run in cold)
    measures = [
        Measure(SECTION, "mqcalc build, fresh process", seconds, "s",
                f"≤ {GOAL_SECONDS:g} s", seconds <= GOAL_SECONDS,
                detail=f"{workbooks} workbooks, templates loaded and compiled; median of "
                       f"{len(cold)}"),
        Measure(SECTION, "mqcalc build, peak memory", peak, "MB",
                detail=f"{shown(peak - statistics.median(run.baseline_mb for run in cold))} MB "
                       "above the process after its imports"),
        Measure(SECTION, "mqcalc build, its forked child's peak memory",
                statistics.median(run.forked_peak_mb for run in cold), "MB",
                detail="zipping mqzcalc.xlsx; the pages it shares with the command included"),
        Measure(SECTION, "build, templates compiled", statistics.median(plain), "s",
                detail=f"build_all in this process (the combined workbook in a forked one); "
                       f"{runs}, worst {max(plain):.2f} s"),
        Measure(SECTION, "build, templates compiled, one process", statistics.median(serial),
                "s", detail=f"build_all(parallel=False); {runs}, worst {max(serial):.2f} s"),
    ]
    total, shares = sorted(timed, key=lambda run: run[0])[len(timed) // 2]
    for category in CATEGORIES:
        measures.append(Measure(SECTION, f"share: {category}", 100 * shares[category] / total,
                                "%", detail=f"{shares[category]:.2f} s of {total:.2f} s"))
    remainder = total - sum(shares.values())
    measures += [
        Measure(SECTION, "share: remainder (layout, text, files)", 100 * remainder / total, "%",
                detail=f"{remainder:.2f} s of {total:.2f} s"),
        Measure(SECTION, "timing overhead of the shares",
                100 * (statistics.median(run[0] for run in timed) / statistics.median(serial) - 1),
                "%", detail=f"timed builds against untimed, both in one process; {runs} each"),
    ]
    return measures


def _plain_build(folder: Path, parallel: bool) -> float:
    """Seconds to build every workbook into ``folder``, the combined one in a forked process
    where ``parallel`` (as ``mqcalc build`` does) or all in this one."""
    calculators = calc.catalogue()
    started = time.perf_counter()
    build_all(calculators, folder, parallel=parallel)
    return time.perf_counter() - started


def _timed_build(folder: Path) -> tuple[float, dict[str, float]]:
    """Seconds to build every workbook into ``folder`` with the calls timed, and the
    seconds of each category."""
    calculators = calc.catalogue()
    with Attribution() as timer:
        timer.functions(FORMULAS, [emit_excel.to_excel])
        timer.functions(EVALUATION, [engine.run, engine.validate, engine.judge, engine.outcomes,
                                     engine.sweep, sweeps.evaluate, charts.chart_series])
        timer.methods(CLOSING, xlsxwriter.workbook.Workbook, ["close"])
        for cls in (xlsxwriter.workbook.Workbook, xlsxwriter.worksheet.Worksheet,
                    xlsxwriter.chart.Chart):
            timer.methods(WRITING, cls)
        started = time.perf_counter()
        build_all(calculators, folder, parallel=False)  # a forked child's calls go untimed
        total = time.perf_counter() - started
    return total, {category: timer.seconds[category] for category in CATEGORIES}
