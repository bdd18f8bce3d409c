"""Section "scaling": build time and memory as the calculators multiply, sweep time and
memory as the rows do. Each size runs in a fresh process (:func:`.child.run_child`), timed
from after its imports, with that process's peak memory; a build forks a process to zip the
combined workbook (:mod:`calc.files.forked`), whose CPU time and memory above the imports count
with the build's (:attr:`.child.ChildRun.growth_mb`).

- Calculators: the templates copied N times into a temporary folder named by
  ``MQZCALC_TEMPLATES`` (copy k of ``connect`` is ``connect_k``, short enough for its
  ``_sweep`` sheet), then every workbook built, one per calculator and the combined one
  (``build_all``, as ``mqcalc build``; loading and compiling the copies included).
- Rows: ``mqcalc sweep zhyperwrite --vary log_mb_per_sec=1:N:1 --out F.csv`` and
  ``mqcalc sweep cf_structure --vary put_rate=1:N:1 --out F.xlsx`` (47 cells a row: the
  largest xlsx size, 5,000 rows, is 235,000 cells, inside
  :data:`calc.engine.sweeps.MOST_SHEET_CELLS`).
- The doors that read a planner's files, each in time and memory linear in what they read:
  ``mqcalc plan`` of 10 to 1,000 variants, each ``like`` the one before; ``mqcalc eval
  pageset_encryption --pset-report --json`` of 5 to 500 intervals of ten page sets;
  ``mqcalc smf --json`` of the sample with 888 to 88,800 rows of queue accounting (116 MB,
  inside :data:`calc.inputs.smf.tables.SIZE_LIMIT`; smaller sizes are too close to the fixed cost).

Each size is 1, 10 and 100 times the first (1, 2 and 4 times with ``quick``), and is run
up to three times while its runs take under :data:`BUDGET` seconds (once with ``quick``):
medians, of wall time and of CPU time. Linear growth is a fixed cost plus a cost per unit,
so the time per unit falls towards that cost as the size grows. The verdicts, on CPU time
(which another process's load hardly moves): the time each unit adds between the two
largest sizes against the time each adds between the two smallest (equal when linear; a
cost per unit that grows with the size shows as more); and the memory above the imports per
unit at the largest size against the smallest (a fixed part makes it fall). Both within
:data:`RATIO_GOAL`; ``quick`` sizes are too small to judge, so they get no verdict.

The section takes about a minute and a half on a two-core machine, half of it the 100×
build: 1,000 calculators, the combined workbook holding them all until it is written (in a
forked process) and the single ones held until every one is zipped (some 2.2 GB at the two
processes' peaks added). ``quick`` takes under half a minute.
"""
from __future__ import annotations

import re
import shutil
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import calc
from calc.engine import template_files
from calc.workbook import build_all

from .child import ROOT, ChildRun, run_child
from .measures import Measure, shown

SECTION = "scaling"
RATIO_GOAL = 1.5
"""Most a per-unit figure may be at the larger sizes against the smaller ones."""
BUDGET = 30.0
"""Seconds of runs after which a size is not repeated."""
CPU_NOISE = 1e-6
"""CPU seconds a unit adds counted at least this much, so quick sizes too close to tell
apart do not divide by nothing."""
NOISE_MB = 1.0
"""Memory growth counted at least this much, so a run that grows less (a streamed CSV)
does not divide by next to nothing."""


@dataclass(frozen=True)
class Series:
    """What grows (``unit``, ``base`` of them at 1×) and how one size is run."""

    name: str
    unit: str
    base: int
    run: Callable[[int], ChildRun]
    """Runs the size of so many units."""
    scale: tuple[str, float]
    """Unit and factor of the time per unit: ("ms", 1e3) or ("µs", 1e6)."""


def measure(quick: bool) -> list[Measure]:
    multiples = (1, 2, 4) if quick else (1, 10, 100)
    templates = len(template_files())
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        series = [
            Series("build", "calculator", templates,
                   lambda count: _build(work, count // templates), ("ms", 1e3)),
            Series("sweep to CSV", "row", 10_000,
                   lambda count: _sweep(work / "sweep.csv", count), ("µs", 1e6)),
            Series("sweep to xlsx", "row", XLSX_BASE_ROWS,
                   lambda count: _sweep(work / "sweep.xlsx", count), ("µs", 1e6)),
            Series("plan of like-chained variants", "variant", 10,
                   lambda count: _plan(work, count), ("ms", 1e3)),
            Series("PSET report of 10 page sets", "interval", 5,
                   lambda count: _pset_report(work, count), ("ms", 1e3)),
            Series("SMF queue accounting", "row", SAMPLE_WQ_ROWS * 24,
                   lambda count: _smf(work, count), ("µs", 1e6)),
        ]
        measures = []
        for each in series:
            measures += _grown(each, multiples, quick)
    return measures


@dataclass(frozen=True)
class Size:
    """One size of a series: how many units, and the medians of its runs."""

    multiple: int
    count: int
    seconds: float
    cpu_seconds: float
    peak_mb: float
    """The peak of the process, and of a process it forked above the imports, together."""
    growth_mb: float
    runs: int

    @classmethod
    def of(cls, multiple: int, count: int, runs: list[ChildRun]) -> Size:
        return cls(multiple, count, statistics.median(run.seconds for run in runs),
                   statistics.median(run.cpu_seconds for run in runs),
                   statistics.median(run.baseline_mb + run.growth_mb for run in runs),
                   statistics.median(run.growth_mb for run in runs), len(runs))


def _grown(series: Series, multiples: tuple[int, ...], quick: bool) -> list[Measure]:
    """The figures of ``series`` at each multiple of its base size, then the verdicts."""
    unit, factor = series.scale
    sizes, measures = [], []
    for multiple in multiples:
        count = series.base * multiple
        size = Size.of(multiple, count, _repeated(lambda: series.run(count), 1 if quick else 3))
        sizes.append(size)
        label = f"{series.name} {multiple}× ({count:,} {series.unit}s)"
        measures += [
            Measure(SECTION, f"{label}: time", size.seconds, "s",
                    detail=f"CPU {shown(size.cpu_seconds)} s; median of {size.runs}"),
            Measure(SECTION, f"{label}: per {series.unit}", size.seconds / count * factor, unit,
                    detail=f"CPU {shown(size.cpu_seconds / count * factor)} {unit}"),
            Measure(SECTION, f"{label}: peak memory", size.peak_mb, "MB",
                    detail=f"{shown(size.growth_mb)} MB above the imports, "
                           f"{shown(size.growth_mb / count * 1024)} KB per {series.unit}"),
        ]
    return measures + _verdicts(series, sizes, quick)


def _verdicts(series: Series, sizes: list[Size], quick: bool) -> list[Measure]:
    """Whether time and memory grow linearly with the units (no verdict when ``quick``:
    its sizes are too small to tell)."""
    unit, factor = series.scale
    first, middle, last = sizes
    small = (middle.cpu_seconds - first.cpu_seconds) / (middle.count - first.count)
    large = (last.cpu_seconds - middle.cpu_seconds) / (last.count - middle.count)
    time_ratio = large / max(small, CPU_NOISE)
    memory_ratio = ((max(last.growth_mb, NOISE_MB) / last.count)
                    / (max(first.growth_mb, NOISE_MB) / first.count))
    return [
        Measure(SECTION, f"{series.name}: CPU per {series.unit}, {middle.multiple}×→"
                         f"{last.multiple}× against {first.multiple}×→{middle.multiple}×",
                time_ratio, "×", f"≤ {RATIO_GOAL}×",
                None if quick else time_ratio <= RATIO_GOAL,
                f"{shown(large * factor)} against {shown(small * factor)} {unit} of CPU added "
                f"per {series.unit}"),
        Measure(SECTION, f"{series.name}: memory per {series.unit}, {last.multiple}× against "
                         f"{first.multiple}×", memory_ratio, "×", f"≤ {RATIO_GOAL}×",
                None if quick else memory_ratio <= RATIO_GOAL,
                f"growth above the imports, each at least {NOISE_MB:.0f} MB"),
    ]


def _repeated(run: Callable[[], ChildRun], most: int) -> list[ChildRun]:
    """``run``'s results, run up to ``most`` times while they take under BUDGET seconds."""
    runs = [run()]
    while len(runs) < most and sum(each.seconds for each in runs) < BUDGET:
        runs.append(run())
    return runs


def _build(work: Path, times: int) -> ChildRun:
    """Every workbook of the templates copied ``times`` times, built in a fresh process."""
    folder = Path(tempfile.mkdtemp(dir=work))
    for path in template_files():
        text, stem = path.read_text(encoding="utf-8"), path.name.removesuffix(".yaml")
        for copy in range(times):
            name = stem if copy == 0 else f"{stem}_{copy}"
            renamed = re.sub(rf"(?m)^id: {stem}$", f"id: {name}", text)
            (folder / f"{name}.yaml").write_text(renamed, encoding="utf-8")
    return run_child(f"{__name__}:build_every_workbook", str(folder / "workbooks"),
                     env={"MQZCALC_TEMPLATES": str(folder)})


def _plan(work: Path, variants: int) -> ChildRun:
    """``mqcalc plan`` of ``variants`` variants, each like the one before it."""
    lines = ["mqcalc_plan: 1", "variants:", "  v0: {calculators: {connect: {sharecnv: 0}}}"]
    lines += [f"  v{index}: {{like: v{index - 1}, calculators: {{connect: "
              f"{{sharecnv: {index % 100}}}}}}}" for index in range(1, variants)]
    path = work / f"plan{variants}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return run_child("calc.cli:main", "plan", str(path))


PSET_BLOCK = """PS{n:02d} BP {n:3d}, Pages     20000, Size 78 MB, Pageset is encrypted,
     Pages written in checkpoint         16000
     Pages written not in checkpoint         0

PS{n:02d} Type :I/O requests,   Pages, Avg I/O time, pages per I/O
PS{n:02d} Write:        1000,   16000,         1500,          16.0
PS{n:02d} IMW  :          10,      10,          300,           1.0
PS{n:02d} GET  :         100,     100,          200,           1.0
"""
"""One page set of an MQSMF PSET report, in its own buffer pool."""


def _pset_report(work: Path, intervals: int) -> ChildRun:
    """``mqcalc eval pageset_encryption --pset-report --json`` of ``intervals`` 15-minute
    intervals of ten page sets each."""
    text = "".join(
        f"From 2026/05/21,{n // 4 % 24:02d}:{n % 4 * 15:02d}:00.000000 to 2026/05/21,"
        f"{n // 4 % 24:02d}:{n % 4 * 15 + 14:02d}:59.000000 duration 900.000000 seconds\n"
        + "".join(PSET_BLOCK.format(n=page_set) for page_set in range(10))
        for n in range(intervals))
    path = work / f"pset{intervals}.txt"
    path.write_text(text, encoding="utf-8")
    return run_child("calc.cli:main", "eval", "pageset_encryption", "--pset-report", str(path),
                     "--json")


SAMPLE_SMF = ROOT / "tests" / "fixtures" / "smf" / "mq10-sample"
SAMPLE_WQ_ROWS = 37
"""Rows of the sample's queue accounting file (about 1.4 KB each, 500 cells)."""


def _smf(work: Path, rows: int) -> ChildRun:
    """``mqcalc smf`` of the sample with its queue accounting rows repeated to ``rows`` (the
    repeats are read whole, found to repeat and left out, as any row is read)."""
    folder = Path(tempfile.mkdtemp(dir=work)) / "smf"
    shutil.copytree(SAMPLE_SMF, folder)
    heading, *sample = (SAMPLE_SMF / "SMF-WQ.csv").read_text(encoding="latin-1").splitlines()
    assert len(sample) == SAMPLE_WQ_ROWS
    (folder / "SMF-WQ.csv").write_text(
        "\n".join([heading, *(sample * (rows // SAMPLE_WQ_ROWS))]) + "\n", encoding="latin-1")
    return run_child("calc.cli:main", "smf", str(folder), "--json")


def build_every_workbook(argv: list[str]) -> None:
    """In the child: build every workbook of the catalogue into the folder ``argv[0]``."""
    build_all(calc.catalogue(), Path(argv[0]))


def _sweep(out: Path, rows: int) -> ChildRun:
    """``mqcalc sweep`` of ``rows`` scenarios into ``out`` in a fresh process: zhyperwrite
    to CSV (:func:`csv_sweep`), cf_structure to a workbook (:func:`xlsx_sweep`)."""
    arguments = xlsx_sweep(rows) if out.suffix == ".xlsx" else csv_sweep(rows)
    return run_child("calc.cli:main", "sweep", *arguments, "--out", str(out))


LOG_RATE_MOST = 100_000
"""zhyperwrite's largest log rate (MB/s), its input's maximum."""


def csv_sweep(rows: int) -> list[str]:
    """The arguments of a sweep of ``rows`` scenarios (a multiple of 10 above
    :data:`LOG_RATE_MOST`) of zhyperwrite: past its largest log rate, ten I/O reductions
    (0 to 54 %) multiply the rates, for the million-row CSV sweep."""
    if rows <= LOG_RATE_MOST:
        return ["zhyperwrite", "--vary", f"log_mb_per_sec=1:{rows}:1"]
    return ["zhyperwrite", "--vary", f"log_mb_per_sec=1:{rows // 10}:1",
            "--vary", "io_reduction_pct=0:54:6"]


XLSX_CALCULATOR = "cf_structure"
"""The calculator of the sweeps to xlsx, its put rate varied."""
XLSX_BASE_ROWS = 50
"""The rows of the smallest sweep to xlsx; the largest is 100 times as many."""


def xlsx_sweep(rows: int) -> list[str]:
    """The arguments of a sweep of ``rows`` scenarios of :data:`XLSX_CALCULATOR` (47 cells
    a row, of which :data:`calc.engine.sweeps.MOST_SHEET_CELLS` holds 5,319 rows)."""
    return [XLSX_CALCULATOR, "--vary", f"put_rate=1:{rows}:1"]
