"""What a benchmark section returns, and how the runner prints and stores it."""
from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True)
class Measure:
    """One figure: which section and what it is, its value and unit, and the goal it is held
    to (``goal`` in words, ``met`` True or False) when there is one."""

    section: str
    name: str
    value: float
    unit: str
    goal: str = ""
    met: bool | None = None
    detail: str = ""

    def cells(self) -> list[str]:
        verdict = {True: "met", False: "NOT MET", None: ""}[self.met]
        return [self.section, self.name, shown(self.value), self.unit,
                f"{self.goal} {verdict}".strip(), self.detail]


def shown(value: float) -> str:
    """Three significant figures, thousands separated: enough to compare, no false
    precision."""
    if value is None:
        return "—"  # no figure: a peer that cannot compute the workbook, its detail says why
    if value == 0 or not isinstance(value, (int, float)):
        return str(value)
    magnitude = abs(value)
    decimals = 0 if magnitude >= 100 else 1 if magnitude >= 10 else 2 if magnitude >= 1 else 3
    return f"{value:,.{decimals}f}"


def per_call_seconds(call: Callable[[], object], seconds: float = 0.5,
                     repeats: int = 5) -> float:
    """The best of ``repeats`` runs of the per-call time of ``call``, each run calling it
    as often as fits in about ``seconds`` (timeit's way: the best run is the one least
    disturbed by the rest of the machine)."""
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds / 10:
        call()
        count += 1
    number = max(1, count * 10)
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        for _ in range(number):
            call()
        runs.append((time.perf_counter() - started) / number)
    return min(runs)


def median_and_worst(samples: Iterable[float]) -> tuple[float, float]:
    listed = list(samples)
    return statistics.median(listed), max(listed)


def machine() -> dict:
    """What the figures were measured on."""
    model = next((line.split(":", 1)[1].strip()
                  for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor() or "unknown")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip()
    return {"cpu": model, "cores": os.cpu_count(), "python": sys.version.split()[0],
            "system": platform.platform(), "commit": commit,
            "load average": " ".join(f"{load:.2f}" for load in os.getloadavg()),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def table(measures: list[Measure]) -> str:
    """The measures as aligned text columns under a header."""
    rows = [["section", "measure", "value", "unit", "goal", "detail"]]
    rows += [measure.cells() for measure in measures]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    right = {2}
    return "\n".join("  ".join(cell.rjust(width) if column in right else cell.ljust(width)
                               for column, (cell, width) in enumerate(zip(row, widths))).rstrip()
                     for row in rows)


def as_json(measures: list[Measure], about: dict) -> str:
    return json.dumps({"machine": about, "measures": [asdict(m) for m in measures]},
                      indent=1, ensure_ascii=False) + "\n"


ITEMISED = ("engine", "peers", "scaling")
"""Sections with a figure for each calculator or size: the README shows their verdicts and
totals, and the JSON holds every figure."""


def shown_in_readme(measure: dict) -> bool:
    """Whether the README's table shows ``measure`` (as :func:`as_json` stores it): every
    figure of a section about one command, and of the :data:`ITEMISED` ones those held to
    a goal and the peers' totals (``all: ...``)."""
    return (measure["section"] not in ITEMISED or bool(measure["goal"])
            or measure["name"].startswith("all: "))


def markdown(figures: dict, whole: bool = False) -> str:
    """One run's figures, as :func:`as_json` stores them, as the README shows them: a line
    naming the run (date, commit, machine, Python, load) and a table of each measure
    (:func:`shown_in_readme`; with ``whole``, every one), its figure and unit, its goal and
    verdict, and how it was measured."""
    about = figures["machine"]
    lines = [f"Measured {about['date']} at commit {about['commit']} on {about['cores']} cores "
             f"of an {about['cpu']}, Python {about['python']}, {about['system']}; load "
             f"average at the end {about['load average']}.", "",
             "| section | measure | figure | goal | how |", "|---|---|---|---|---|"]
    for measure in figures["measures"]:
        if not (whole or shown_in_readme(measure)):
            continue
        verdict = {True: "met", False: "**not met**", None: ""}[measure["met"]]
        cells = [measure["section"], measure["name"],
                 f"{shown(measure['value'])} {measure['unit']}".strip(),
                 f"{measure['goal']}: {verdict}" if measure["goal"] else "", measure["detail"]]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"
