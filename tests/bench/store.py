"""Section "store": the SMF store on a planner's volumes. A month of SMF data is made by
re-stamping the real sample (every file of ``../shared/smf-samples/mq10-sample`` beside the
checkout, 2 MB of mq-smf-csv output from seven queue managers; the six files of
tests/fixtures/smf/mq10-sample where that is not there): for each day a folder, holding the
sample :data:`COPIES` times, each copy's every date and time moved on by its day and by
:data:`STEP` for each copy before it, so every row is a record of its own. Then, each in a
fresh process (:func:`.child.run_child`) with its peak memory:

- ``mqcalc smf load`` of a week's folders, then of the whole month's, each into a new store:
  seconds per GB of CSV (goal :data:`SECONDS_PER_GB`), peak memory (goal :data:`MOST_MB`),
  and the month's peak against the week's (memory does not grow with the month's length);
- the same month loaded again: every row found already stored;
- ``mqcalc smf STORE --qmgr MQ1O --json`` on the month's store: the peak of one queue
  manager (goal :data:`QUERY_SECONDS`);
- ``mqcalc smf series STORE --qmgr MQ1O --json`` on it: that queue manager's every interval
  as the load kept it (goal :data:`QUERY_SECONDS`).

``quick``: two days of one copy, to check the section runs; no verdicts.
"""
from __future__ import annotations

import re
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from .child import ROOT, ChildRun, run_child
from .measures import Measure

SECTION = "store"
SHARED_SAMPLE = ROOT.parent / "shared" / "smf-samples" / "mq10-sample"
FIXTURE_SAMPLE = ROOT / "tests" / "fixtures" / "smf" / "mq10-sample"
DAYS, WEEK, COPIES = 30, 7, 16
STEP = timedelta(minutes=90)
"""How far each copy of a day's sample is moved on from the one before: 16 copies fill the
day."""
SECONDS_PER_GB, MOST_MB, QUERY_SECONDS = 30.0, 1024.0, 1.0
"""The goals of the issue that asked for the store: a GB of CSV loaded in 30 s, in 1 GB; a
peak or a series of the month in a second."""
_STAMP = re.compile(r'"(\d{4}/\d\d/\d\d)","(\d\d:\d\d:\d\d),(\d{6})"')
"""A date and time as mq-smf-csv writes them, side by side."""


def measure(quick: bool) -> list[Measure]:
    days, week, copies = (2, 1, 1) if quick else (DAYS, WEEK, COPIES)
    sample = SHARED_SAMPLE if SHARED_SAMPLE.is_dir() else FIXTURE_SAMPLE
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        month = [restamp(sample, work / f"day-{day + 1:02d}", day, copies)
                 for day in range(days)]
        size = sum(path.stat().st_size for day in month for path in day.iterdir())
        week_size = sum(path.stat().st_size for day in month[:week] for path in day.iterdir())
        weekly = _load(work / "week.duckdb", month[:week])
        monthly = _load(work / "month.duckdb", month)
        again = _load(work / "month.duckdb", month)
        read = run_child("calc.cli:main", "smf", str(work / "month.duckdb"), "--qmgr", "MQ1O",
                         "--json")
        kept = run_child("calc.cli:main", "smf", "series", str(work / "month.duckdb"),
                         "--qmgr", "MQ1O", "--json")
    gigabytes = size / 1e9
    per_gb = monthly.seconds / gigabytes
    judged = not quick
    where = f"{days} days × {copies} copies of {sample.relative_to(ROOT.parent)}"
    return [
        Measure(SECTION, "month of SMF CSV", gigabytes, "GB", detail=where),
        Measure(SECTION, "load a week into a new store", weekly.seconds, "s",
                detail=f"{week_size / 1e9:.2f} GB; {weekly.peak_mb:.0f} MB peak"),
        Measure(SECTION, "load the month into a new store", per_gb, "s per GB",
                f"≤ {SECONDS_PER_GB:.0f}", per_gb <= SECONDS_PER_GB if judged else None,
                f"{monthly.seconds:.1f} s, {monthly.cpu_seconds:.1f} s CPU"),
        Measure(SECTION, "peak memory of the month's load", monthly.peak_mb, "MB",
                f"≤ {MOST_MB:.0f}", monthly.peak_mb <= MOST_MB if judged else None),
        Measure(SECTION, "peak memory, month against week", monthly.peak_mb / weekly.peak_mb,
                "×", "≤ 1.5 (no growth with the month)",
                monthly.peak_mb / weekly.peak_mb <= 1.5 if judged else None),
        Measure(SECTION, "load the month again (nothing added)", again.seconds / gigabytes,
                "s per GB", detail=f"{again.peak_mb:.0f} MB peak"),
        Measure(SECTION, "mqcalc smf STORE --qmgr MQ1O --json (the month)", read.seconds, "s",
                f"≤ {QUERY_SECONDS:.0f}", read.seconds <= QUERY_SECONDS if judged else None,
                f"{read.peak_mb:.0f} MB peak"),
        Measure(SECTION, "mqcalc smf series STORE --qmgr MQ1O --json (the month)",
                kept.seconds, "s", f"≤ {QUERY_SECONDS:.0f}",
                kept.seconds <= QUERY_SECONDS if judged else None,
                f"{kept.peak_mb:.0f} MB peak"),
    ]


def _load(store: Path, folders: list[Path]) -> ChildRun:
    return run_child("calc.cli:main", "smf", "load", *map(str, folders), "--into", str(store))


def restamp(sample: Path, folder: Path, day: int, copies: int) -> Path:
    """``folder``, holding every file of ``sample`` ``copies`` times over, each copy's dates
    and times moved on by ``day`` days and by :data:`STEP` for each copy before it (a 1970
    date, which mq-smf-csv writes for a time that is not set, stays as it is)."""
    folder.mkdir(parents=True)
    for path in sorted(sample.glob("SMF-*.csv")):
        heading, *rows = path.read_text(encoding="latin-1").splitlines(keepends=True)
        text = "".join(rows)
        with (folder / path.name).open("w", encoding="latin-1") as out:
            out.write(heading)
            for copy in range(copies):
                out.write(_moved(text, timedelta(days=day) + copy * STEP))
    return folder


def _moved(text: str, by: timedelta) -> str:
    """``text`` with every date and time moved on by ``by``."""
    moved: dict[str, str] = {}

    def move(match: re.Match) -> str:
        stamp = match[0]
        if stamp not in moved:
            when = datetime.strptime(f"{match[1]} {match[2]}", "%Y/%m/%d %H:%M:%S")
            moved[stamp] = stamp if when.year == 1970 else (
                f'"{when + by:%Y/%m/%d}","{when + by:%H:%M:%S},{match[3]}"')
        return moved[stamp]

    return _STAMP.sub(move, text)
