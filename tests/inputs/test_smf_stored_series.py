"""The series a store keeps (:mod:`calc.inputs.smf.stored_series`): each interval's figures,
worked out by the load that added its rows, are those the import gives of the whole store,
whatever the loads and their order; a series worked out by another mqzcalc is not read
until a load works it out again. The fixtures are those of tests/inputs/test_smf.py."""
from __future__ import annotations

import contextlib
import io
import shutil
from datetime import datetime, time

import duckdb
import pytest

from calc.cli import main
from calc.inputs.smf import cells, store, stored_series
from calc.inputs.smf.feeds import PLACES, declared
from calc.inputs.smf.importing import read_smf
from calc.inputs.smf.peaks import peak_intervals
from calc.inputs.smf.series import series
from tests.bench.store import moved, restamp
from tests.cli.test_cli import run_main, words
from tests.inputs.test_smf import RAW, SAMPLE, refusal
from tests.inputs.test_smf_peaks import described
from tests.inputs.test_smf_series import Terminal
from tests.inputs.test_smf_store import kept_series, load

COPIES = 6
"""Copies of the sample a day, 90 minutes apart: the last runs past midnight."""


def test_a_store_keeps_the_series_the_import_gives_whatever_its_loads(tmp_path):
    """Two days of the sample (65 intervals of seven queue managers), six copies a day, so
    a day's last copy has intervals starting before midnight whose records are written
    after it: loaded at once, a day a load, and the second day first, the store keeps the
    same 780 points, and they are the series the import gives of the whole store (of one
    queue manager, and of all)."""
    days = [restamp(SAMPLE, tmp_path / f"day-{number}", number, COPIES) for number in range(2)]
    once, daily, backwards = (tmp_path / f"{name}.duckdb" for name in ("once", "daily", "back"))
    store.load(once, days)
    for day in days:
        store.load(daily, [day])
    for day in reversed(days):
        store.load(backwards, [day])
    kept = kept_series(once)
    assert len(kept) == 2 * COPIES * 65
    assert {start.date() for _lpar, _qmgr, start, *_rest in kept if start.time() > time(23)}
    assert kept_series(daily) == kept == kept_series(backwards)
    assert stored_series.read(once, None) == series(read_smf(once).imported)
    assert stored_series.read(daily, " mq1o") == series(read_smf(daily, " mq1o").imported)


def test_a_day_loaded_after_the_day_before_works_out_again_the_interval_it_ends(tmp_path):
    """MQ1O's interval that starts ten seconds before midnight (the sample moved on so) has
    its statistics in the first day's folder and the queue accounting records written during
    it, nineteen seconds after midnight, in the second day's (each row in the folder of the
    day that places it; the queues made shared, so their gets are figures of the interval).
    Loaded a day a load, the second day's load works that interval out again (an interval
    reaches back its length before the first record of a day, more than the joins' second),
    and the store keeps the points one load of both keeps."""
    last = datetime(2026, 5, 21, 23, 59, 50) - datetime(2026, 5, 21, 16, 44, 10)
    days = [tmp_path / "day-0", tmp_path / "day-1"]
    for folder in days:
        folder.mkdir()
    for path in sorted(SAMPLE.glob("SMF-*.csv")):
        text = path.read_text("latin-1").replace(',"QMgr",', ',"Shared",')  # WQ's Scope
        heading, *rows = moved(text, last).splitlines(keepends=True)
        date, clock = (cells.split(heading).index(column) for column in PLACES[
            "interval" if declared().placed_by_interval(path.name) else "record"])
        split = {folder: [heading] for folder in days}
        for row in rows:
            written = cells.split(row.rstrip("\r\n"))
            split[days[cells.moment(written[date], written[clock]).day == 22]].append(row)
        for folder, lines in split.items():
            (folder / path.name).write_text("".join(lines), "latin-1")
    after = [row for row in (days[1] / "SMF-WQ.csv").read_text("latin-1").splitlines()
             if ',"MQ1O",' in row]
    assert after and all('"2026/05/22","00:00:19,' in row for row in after)
    first, once, daily = (tmp_path / f"{name}.duckdb" for name in ("first", "once", "daily"))
    store.load(first, days[:1])
    store.load(once, days)
    for day in days:
        store.load(daily, [day])
    ending = [point for point in kept_series(once) if point[1] == "MQ1O"
              and point[2].replace(microsecond=0) == datetime(2026, 5, 21, 23, 59, 50)]
    assert ending and ending[0] not in kept_series(first)  # the record counts in its figures
    assert kept_series(daily) == kept_series(once)


def test_names_written_as_text_that_looks_like_a_number_or_padded_keep_one_point_each(
        tmp_path):
    """An LPAR the tool writes as ``="0001"`` (a name that looks like a number) and a queue
    manager padded with a tab: loaded a day a load, each interval is one point, the one
    the import gives (the store compared names by DuckDB's ``trim``, which took off
    neither, and each load added its neighbouring day's points of those again)."""
    days = [restamp(SAMPLE, tmp_path / f"day-{number}", number, 2) for number in range(2)]
    for day in days:
        for path in day.iterdir():
            text = path.read_text("latin-1").replace(',"MV4A",', ',="0001",')
            path.write_text(text.replace(',"MQ1O",', ',"MQ1O\t",'), "latin-1")
    daily = tmp_path / "daily.duckdb"
    for day in days:
        store.load(daily, [day])
    kept = kept_series(daily)
    assert {(lpar, qmgr) for lpar, qmgr, *_rest in kept} >= {("0001", "MQ1O"), ("0001", "MQ1A")}
    assert len(kept) == len({(lpar, qmgr, start) for lpar, qmgr, start, *_rest in kept})
    assert stored_series.read(daily, None) == series(read_smf(daily).imported)
    assert stored_series.read(daily, "MQ1O") == series(read_smf(days[0], "MQ1O").imported
                                                      + read_smf(days[1], "MQ1O").imported)
    older = tmp_path / "format-4.duckdb"  # kept no names: they are worked out as it is read
    shutil.copy(daily, older)
    with duckdb.connect(str(older)) as connection:
        for table in store.table_columns(connection):
            if table.startswith("SMF-"):
                for name in store.NAMES:
                    connection.execute(f'ALTER TABLE "{table}" DROP COLUMN {name}')
        connection.execute("UPDATE mqzcalc_store SET format = 4")
    for qmgr in (None, "MQ1O"):
        assert described(peak_intervals(older, qmgr)[1]) == described(
            peak_intervals(daily, qmgr)[1])
    assert store.queue_managers(older, declared().files) == store.queue_managers(
        daily, declared().files) == ["MQ1A", "MQ1O", "MQ31", "MQ51", "MQ52", "MQ53", "QML1"]


@pytest.mark.parametrize("together", [1, 3])
def test_a_day_read_for_fewer_queue_managers_at_once_gives_the_same_points(tmp_path, monkeypatch,
                                                                          together):
    """Two days of the sample, two copies a day: the rows of a day's six queue managers (the
    seventh's are of 2016) read in one go (the default), in reads of three, or one by one,
    the store keeps the same points, and no read takes more queue managers than it may."""
    days = [restamp(SAMPLE, tmp_path / f"day-{number}", number, 2) for number in range(2)]
    default = stored_series.READ_TOGETHER
    told: dict[int, list[str]] = {default: [], together: []}
    for most, said in told.items():
        monkeypatch.setattr(stored_series, "READ_TOGETHER", most)
        store.load(tmp_path / f"{most}.duckdb", days, said.append)
    taken = {most: [int(step.split()[3]) for step in said if step.startswith("the series of")]
             for most, said in told.items()}
    assert max(taken[default]) == 6 > together == max(taken[together])  # 6 a day
    assert sum(taken[together]) == sum(taken[default])
    assert (kept_series(tmp_path / f"{together}.duckdb")
            == kept_series(tmp_path / f"{default}.duckdb"))


def test_a_series_another_mqzcalc_worked_out_is_read_again_until_a_load_works_it_out(
        tmp_path, monkeypatch):
    """A store whose series was worked out by other code or templates (its stamp another)
    gives the series of every interval imported again, until a load, of no folder here,
    works every point out anew; then it is read back without importing."""
    into, imports = tmp_path / "mq.duckdb", []
    with monkeypatch.context() as patched:
        patched.setattr(stored_series, "stamp", lambda: "another mqzcalc")
        store.load(into, [RAW])
    import calc.cli.smf_series as command

    monkeypatch.setattr(command, "read_smf", lambda *arguments, **named: imports.append(1)
                        or read_smf(*arguments, **named))
    expected = run_main("smf", "series", RAW, "--csv")
    assert stored_series.read(into, None) is None
    assert run_main("smf", "series", into, "--csv") == expected
    assert len(imports) == 2
    status, out, err = load("--into", into)
    assert (status, words(out), err) == (
        0, f"{into}: no folder loaded; its series are as this mqzcalc works them out", "")
    assert stored_series.read(into, None) == series(read_smf(RAW).imported)
    assert run_main("smf", "series", into, "--csv") == expected
    assert len(imports) == 2


def test_a_load_of_no_folder_into_a_store_not_there_is_refused(tmp_path):
    into = tmp_path / "mq.duckdb"
    assert refusal("load", "--into", into) == (
        "mqcalc: smf load: expects one or more folders and --into STORE, e.g. mqcalc smf load "
        "week1 week2 --into mq.duckdb (with no folder and a store that exists, its series are "
        "worked out again)\n")
    assert not into.exists()


@pytest.mark.parametrize(("file", "written", "as_written"), [
    ("SMF-QJST.csv", ",1800,", ",18OO,"),  # a length SQL cannot read: a day's reach
    ("SMF-WQ.csv", '"2026/03/02"', '"02.03.2026"'),  # a time the store cannot place
], ids=["length", "time"])
def test_cells_the_store_cannot_read_give_the_series_the_import_gives(
        tmp_path, file, written, as_written):
    """A length that is not a number SQL reads, or a record time not written as the tool
    writes it (which the store keeps as NULL), in the raw fixtures' first row of the file:
    the points are worked out as far as the longest interval can reach, or from all the
    queue manager's rows at once, and are what the import gives."""
    folder = tmp_path / "raw"
    shutil.copytree(RAW, folder)
    heading, first, *rest = (folder / file).read_text(encoding="ascii").split("\n")
    assert written in first
    (folder / file).write_text("\n".join([heading, first.replace(written, as_written, 1),
                                          *rest]), encoding="ascii")
    into = tmp_path / "mq.duckdb"
    store.load(into, [folder])
    assert stored_series.read(into, None) == series(read_smf(folder).imported)


def test_a_load_tells_each_file_then_each_day_of_the_series(tmp_path):
    """The raw fixtures: five files, then QMA1's and QMB1's intervals of 2 March, with the
    day before and after (a record may be written into an interval of another day), a day
    at a time for both queue managers."""
    told: list[str] = []
    store.load(tmp_path / "mq.duckdb", [RAW], told.append)
    assert told == [f"{number}/5 {RAW.absolute() / name}" for number, name in enumerate(
        ["SMF-QCTADP.csv", "SMF-QCTDSP.csv", "SMF-QIS1.csv", "SMF-QJST.csv", "SMF-WQ.csv"],
        start=1)] + [f"the series of 2 queue managers for 2026-03-0{day} ({day} of 3)"
                     for day in (1, 2, 3)]


def test_a_series_read_whole_on_a_terminal_says_what_works_it_out_again(tmp_path,
                                                                        monkeypatch):
    """On a terminal, where the store's series are another mqzcalc's; to a file, nothing."""
    into = tmp_path / "mq.duckdb"
    with monkeypatch.context() as patched:
        patched.setattr(stored_series, "stamp", lambda: "another mqzcalc")
        store.load(into, [RAW])
    for stream in (Terminal(), io.StringIO()):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(stream):
            assert main(["smf", "series", str(into), "--csv"]) == 0
        told = stream.getvalue().splitlines()
        assert told[:2] == ([f"mqcalc: {stored_series.STALE}",
                             f"mqcalc: reading the rows of {into}"] if stream.isatty() else [])
