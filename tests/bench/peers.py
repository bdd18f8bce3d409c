"""The engine against the workbook's peers: the same scenarios (each calculator's defaults,
edges and seeded random inputs within its rules, :func:`tests.cases.spread_cases`) evaluated
by the engine, by the pure-Python evaluator of the workbook's formulas the tests use
(:mod:`tests.xlsx_oracle`, per scenario after loading the file once) and by LibreOffice
headless (per scenario, files recalculated in batches: load, recalculate, save). Every
peer's outputs are checked against the engine's, so each figure is of work done right."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import openpyxl

import calc
from calc.workbook import write_workbook
from tests.cases import spread_cases
from tests.compare import agrees, named_cell
from tests.libreoffice import convert
from tests.strategies import broken_checks
from tests.xlsx_oracle import WorkbookOracle

from .measures import Measure

GOAL_RATIO = 100
"""Orders of magnitude: the engine at least this many times faster than each peer."""


def measure(quick: bool) -> list[Measure]:
    calculators = [calc.calculator("connect")] if quick else calc.catalogue()
    totals = {"engine": 0.0, "oracle": 0.0, "LibreOffice": 0.0}
    measures = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for calculator in calculators:
            cases = _valid_cases(calculator, 2 if quick else 25)
            path = write_workbook(work / f"{calculator.id}.xlsx", [calculator])
            seconds = {"engine": _engine_seconds(calculator, cases),
                       "oracle": _oracle_seconds(calculator, cases, path),
                       "LibreOffice": _libreoffice_seconds(calculator, cases, path, work)}
            for peer, spent in seconds.items():
                totals[peer] += spent
            engine = seconds["engine"] / len(cases)
            measures += [
                Measure("peers", f"{calculator.id}: engine", engine * 1e6, "µs/scenario",
                        detail=f"{len(cases)} scenarios"),
                *(Measure("peers", f"{calculator.id}: {peer}", spent / len(cases) * 1e3,
                          "ms/scenario", detail=f"{spent / seconds['engine']:,.0f}× the engine")
                  for peer, spent in seconds.items() if peer != "engine")]
    for peer in ("oracle", "LibreOffice"):
        ratio = totals[peer] / totals["engine"]
        measures.append(Measure("peers", f"all: {peer} / engine", ratio, "×",
                                f"≥ {GOAL_RATIO}×", ratio >= GOAL_RATIO,
                                "time for the same scenarios"))
    return measures


def _valid_cases(calculator, count: int) -> list[dict]:
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
        oracle.set_all(calculator.id, case)
        found = {name: oracle.value(calculator.id, name) for name in calculator.outputs}
        spent += time.perf_counter() - started
        _check(calculator, case, found, "the xlsx oracle")
    return spent


def _libreoffice_seconds(calculator, cases: list[dict], path: Path, work: Path) -> float:
    """Seconds for LibreOffice to load, recalculate and save one copy of the workbook per
    case (typed in with openpyxl beforehand, which drops every stored result)."""
    copies = []
    for number, case in enumerate(cases):
        book = openpyxl.load_workbook(path)
        for name, value in case.items():
            named_cell(book[calculator.id], name).value = value
        copy = work / f"{calculator.id}-{number:03d}.xlsx"
        book.save(copy)
        copies.append(copy)
    started = time.perf_counter()
    converted = convert(copies, work / "recalculated", work, recalculate=True)
    spent = time.perf_counter() - started
    for case, result in zip(cases, converted):
        sheet = openpyxl.load_workbook(result, data_only=True)[calculator.id]
        _check(calculator, case, {name: named_cell(sheet, name).value
                                  for name in calculator.outputs}, "LibreOffice")
    return spent


def _check(calculator, case: dict, found: dict, peer: str) -> None:
    expected = calc.evaluate(calculator.id, case)
    wrong = [name for name in expected if not agrees(expected[name], found[name])]
    if wrong:
        raise RuntimeError(f"{peer} disagrees with the engine on {calculator.id} {wrong} "
                           f"for {case}: timing it would mean nothing")
