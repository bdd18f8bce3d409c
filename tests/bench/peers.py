"""The engine against the workbook's peers: the same scenarios (each calculator's defaults,
edges and seeded random inputs within its rules, :func:`tests.cases.spread_cases`) evaluated
by the engine and by each of :data:`PEERS`: the pure-Python evaluator of the workbook's
formulas the tests use (:mod:`tests.xlsx_oracle`, per scenario after loading the file once),
LibreOffice headless cold (files recalculated in batches, a new process a batch: load,
recalculate, save) and warm (one process already running opens each file,
:mod:`.peer_libreoffice_warm`), and the spreadsheet libraries pycel and formulas
(:mod:`.peer_pycel`, :mod:`.peer_formulas`; the ``bench`` extra), each on the workbook as
written and, where that fails, with the one change that lets it compute ours. Every peer's
outputs are checked against the engine's, so each figure is of work done right; a peer that
cannot be measured (not installed, cannot compute our workbooks) gets a row saying why."""
from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import openpyxl

import calc
from calc.workbook import write_workbook
from tests.cases import spread_cases
from tests.compare import named_cell
from tests.input_cells import cell_values
from tests.libreoffice import convert
from tests.strategies import broken_checks
from tests.xlsx_oracle import WorkbookOracle

from . import peer_formulas, peer_libreoffice_warm, peer_pycel
from .measures import Measure
from .peer_base import Unmeasured, check

GOAL_RATIO = 100
"""Orders of magnitude: the engine at least this many times faster than each peer held to
it (:data:`JUDGED`)."""


@dataclass(frozen=True)
class Workbook:
    """One calculator's workbook as peers.py writes it, and what the peers need of it."""

    path: Path
    cells: dict[str, str]
    """Each input's and output's A1 address on the calculator's sheet."""
    copies: list[Path]
    """The workbook with each case typed in (by openpyxl, which drops stored results)."""
    work: Path


PEERS = {
    "oracle": lambda calculator, cases, book: _oracle_seconds(calculator, cases, book.path),
    "LibreOffice cold": lambda calculator, cases, book: _libreoffice_seconds(
        calculator, cases, book.copies, book.work),
    "LibreOffice warm": lambda calculator, cases, book: peer_libreoffice_warm.seconds(
        calculator, cases, book.path, book.copies, book.work),
    "pycel": lambda calculator, cases, book: peer_pycel.as_written(
        calculator, cases, book.path, book.cells),
    "pycel (names, EXACT given)": lambda calculator, cases, book:
        peer_pycel.names_and_exact_given(calculator, cases, book.path, book.cells),
    "formulas": lambda calculator, cases, book: peer_formulas.as_written(
        calculator, cases, book.path, book.cells),
    "formulas (names made global)": lambda calculator, cases, book:
        peer_formulas.names_made_global(calculator, cases, book.path, book.cells),
}
"""Each peer's seconds for the cases of one calculator, or :class:`Unmeasured`."""
JUDGED = ("oracle", "LibreOffice cold")
"""The peers held to :data:`GOAL_RATIO` (the others are shown beside them)."""


def measure(quick: bool) -> list[Measure]:
    calculators = [calc.calculator("connect")] if quick else calc.catalogue()
    totals = dict.fromkeys(["engine", *PEERS], 0.0)
    unmeasured: dict[str, str] = {}
    measures = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for calculator in calculators:
            cases = valid_cases(calculator, 2 if quick else 25)
            book = peer_workbook(calculator, cases, work)
            seconds = {"engine": _engine_seconds(calculator, cases)}
            for peer, timed in PEERS.items():
                if peer not in unmeasured:
                    try:
                        seconds[peer] = timed(calculator, cases, book)
                    except Unmeasured as why:
                        unmeasured[peer] = str(why)
            for peer, spent in seconds.items():
                totals[peer] += spent
            engine = seconds["engine"] / len(cases)
            measures += [
                Measure("peers", f"{calculator.id}: engine", engine * 1e6, "µs/scenario",
                        detail=f"{len(cases)} scenarios"),
                *(Measure("peers", f"{calculator.id}: {peer}", spent / len(cases) * 1e3,
                          "ms/scenario", detail=f"{spent / seconds['engine']:,.0f}× the engine")
                  for peer, spent in seconds.items() if peer != "engine")]
    return measures + [_ratio(peer, totals, unmeasured.get(peer)) for peer in PEERS]


def _ratio(peer: str, totals: dict[str, float], unmeasured: str | None) -> Measure:
    """The peer's time for every scenario over the engine's, held to the goal if judged;
    no figure (None) and the reason if it could not be measured."""
    name = f"all: {peer} / engine"
    goal = f"≥ {GOAL_RATIO}×" if peer in JUDGED else ""
    if unmeasured is not None:
        return Measure("peers", name, None, "×", goal, False if goal else None, unmeasured)
    ratio = totals[peer] / totals["engine"]
    return Measure("peers", name, ratio, "×", goal, ratio >= GOAL_RATIO if goal else None,
                   "time for the same scenarios")


def peer_workbook(calculator, cases: list[dict], work: Path) -> Workbook:
    """The calculator's workbook as the peers get it: built, its inputs' and outputs' cells
    found by name, and a copy for each case with that case's inputs typed in."""
    path = write_workbook(work / f"{calculator.id}.xlsx", [calculator])
    book = openpyxl.load_workbook(path)
    cells = {name: named_cell(book[calculator.id], name).coordinate
             for name in [*calculator.inputs, *calculator.outputs]}
    copies = []
    for number, case in enumerate(cases):
        for name, value in cell_values(calculator, case).items():
            named_cell(book[calculator.id], name).value = value
        copy = work / f"{calculator.id}-{number:03d}.xlsx"
        book.save(copy)
        copies.append(copy)
    return Workbook(path, cells, copies, work)


def valid_cases(calculator, count: int) -> list[dict]:
    """The spread of cases that keep the calculator's rules, every input given."""
    return [{**calculator.defaults(), **case}
            for case in spread_cases(calculator, "bench", count)
            if not broken_checks(calculator, case)]


def _engine_seconds(calculator, cases: list[dict], repeats: int = 20) -> float:
    """Seconds to evaluate every case once (the best of ``repeats`` runs)."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for case in cases:
            calc.evaluate(calculator.id, case)
        best = min(best, time.perf_counter() - started)
    return best


def _oracle_seconds(calculator, cases: list[dict], path: Path) -> float:
    """Seconds for the workbook evaluator to type in each case and compute every output,
    the file loaded once beforehand."""
    oracle = WorkbookOracle.load(path)
    spent = 0.0
    for case in cases:
        started = time.perf_counter()
        oracle.set_all(calculator.id, cell_values(calculator, case))
        found = {name: oracle.value(calculator.id, name) for name in calculator.outputs}
        spent += time.perf_counter() - started
        check(calculator, case, found, "the xlsx oracle")
    return spent


def _libreoffice_seconds(calculator, cases: list[dict], copies: list[Path],
                         work: Path) -> float:
    """Seconds for LibreOffice to load, recalculate and save each of ``copies`` (the
    workbook with each case typed in), a new process a batch."""
    started = time.perf_counter()
    converted = convert(copies, work / "recalculated", work, recalculate=True)
    spent = time.perf_counter() - started
    for case, result in zip(cases, converted):
        sheet = openpyxl.load_workbook(result, data_only=True)[calculator.id]
        check(calculator, case, {name: named_cell(sheet, name).value
                                 for name in calculator.outputs}, "LibreOffice cold")
    return spent
