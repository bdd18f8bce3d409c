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
  as the load kept it (goal :data:`QUERY_SECONDS`);
- the floor under a load: DuckDB alone storing the week's files (:func:`stored_alone`),
  their columns as text as the store keeps them, and typed as DuckDB's sniffer types them,
  with nothing a load adds (no identities, duplicates, line numbers nor series): what
  storing the data costs on this machine before mqzcalc does anything.

``quick``: two days of one copy, to check the section runs; no verdicts.
"""
from __future__ import annotations

import json
import re
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from calc.inputs.smf.store import READ_AS_WRITTEN

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
        as_text, as_typed = (_alone(work, month[:week], sniffed) for sniffed in (False, True))
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
        Measure(SECTION, "DuckDB alone: the week's files stored, columns as text",
                as_text.seconds / (week_size / 1e9), "s per GB",
                detail=f"{as_text.seconds:.1f} s; {ALONE}"),
        Measure(SECTION, "DuckDB alone: the week's files stored, columns typed",
                as_typed.seconds / (week_size / 1e9), "s per GB",
                detail=f"{as_typed.seconds:.1f} s; as its sniffer types them; {ALONE}"),
    ]


def _load(store: Path, folders: list[Path]) -> ChildRun:
    return run_child("calc.cli:main", "smf", "load", *map(str, folders), "--into", str(store))


ALONE = ("each file a table, one transaction, one thread; nothing else: no identities, "
         "duplicate counts, line numbers or series")
"""What :func:`stored_alone` leaves out, for the measures' details."""


def _alone(work: Path, folders: list[Path], sniffed: bool) -> ChildRun:
    """:func:`stored_alone` of ``folders`` in a fresh process, each file's column types
    (text, or as DuckDB's sniffer finds them in the first folder's file) worked out here
    beforehand, so the child only stores."""
    import duckdb

    types = {}
    with duckdb.connect() as connection:
        for path in sorted(folders[0].glob("SMF-*.csv")):
            described = connection.execute(
                "DESCRIBE SELECT * FROM read_csv(?, header = true, null_padding = true)",
                [str(path)]).fetchall()
            types[path.name] = [row[1] if sniffed else "VARCHAR" for row in described]
    spec = work / f"types-{sniffed}.json"
    spec.write_text(json.dumps(types), encoding="utf-8")
    store = work / f"alone-{sniffed}.duckdb"
    return run_child(f"{__name__}:stored_alone", str(store), str(spec), *map(str, folders))


def stored_alone(arguments: list[str]) -> None:
    """The floor under a load: DuckDB storing every file of the folders ``arguments[2:]``
    into a new database ``arguments[0]``, each file's rows in a table of its own (made by
    its first file, added to by the others), its columns of the types the JSON file
    ``arguments[1]`` lists for it (file name to a type for each column, given so nothing
    is sniffed), read as a load reads them (``read_csv`` in order, rows short of the heading
    padded), all in one transaction on one thread, which stores faster than two here. Only
    that: no identities, duplicates, line numbers nor series."""
    import duckdb

    store, spec, *folders = arguments
    types = json.loads(Path(spec).read_text(encoding="utf-8"))
    made: set[str] = set()
    with duckdb.connect(store) as connection:
        connection.execute("SET threads = 1")
        connection.begin()
        for folder in folders:
            for path in sorted(Path(folder).glob("SMF-*.csv")):
                columns = "{" + ", ".join(f"'c{index}': '{kind}'" for index, kind
                                          in enumerate(types[path.name])) + "}"
                rows = (f"SELECT * FROM read_csv(?, header = true, columns = {columns}, "
                        f"{READ_AS_WRITTEN})")
                table = f'"{path.stem}"'
                connection.execute(f"INSERT INTO {table} {rows}" if table in made
                                   else f"CREATE TABLE {table} AS {rows}", [str(path)])
                made.add(table)
        connection.commit()


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
                out.write(moved(text, timedelta(days=day) + copy * STEP))
    return folder


def moved(text: str, by: timedelta) -> str:
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
