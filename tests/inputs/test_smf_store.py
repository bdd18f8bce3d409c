"""An SMF store (``mqcalc smf load DIR... --into STORE``, then ``mqcalc smf STORE``): what it
gives is what the folders it was loaded from give, each record once however often it is
loaded, and a load that cannot finish leaves the store as it was. The fixtures are those of
tests/inputs/test_smf.py (tests/fixtures/smf/, with their provenance)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest

from calc.files.stopping import Stopped, stopped_by_signals
from calc.inputs.smf import store
from calc.inputs.smf.importing import read_smf
from tests.cli.test_cli import run_main, words
from tests.conftest import REPO
from tests.inputs.test_smf import OLD, RAW, SAMPLE, refusal
from tests.inputs.test_smf_accounting import folder_with_threads, thread

IMPORTED = ("inputs", "sources", "lines", "caveats", "refused", "missing", "items", "chosen")
"""What an interval's import holds, compared between a folder and a store."""


def load(*arguments) -> tuple[int, str, str]:
    return run_main("smf", "load", *arguments)


def counts(path: Path) -> dict[str, int]:
    """Each stored table's rows (the store's own tables included)."""
    with duckdb.connect(str(path), read_only=True) as connection:
        tables = [name for (name,) in connection.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()]
        return {table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
                for table in tables}


def kept_series(path: Path) -> list[tuple]:
    """The series a store keeps, every interval's row (:mod:`calc.inputs.smf.stored_series`)."""
    with duckdb.connect(str(path), read_only=True) as connection:
        return connection.execute("SELECT * FROM mqzcalc_series ORDER BY ALL").fetchall()


def made_before_series(connection, format_number: int) -> None:
    """The store of ``connection`` made one of ``format_number``, 3 or earlier: without the
    tables of its series."""
    connection.execute("DROP TABLE mqzcalc_series")
    connection.execute("DROP TABLE mqzcalc_series_made")
    connection.execute("UPDATE mqzcalc_store SET format = ?", [format_number])


def by_interval(data) -> dict[tuple, object]:
    return {(i.interval.lpar, i.interval.qmgr, i.interval.start): i for i in data.imported}


def test_a_store_gives_what_each_folder_loaded_into_it_gives(tmp_path):
    status, out, err = load(SAMPLE, RAW, OLD, "--into", tmp_path / "mq.duckdb")
    assert status == 0, err
    stored = by_interval(read_smf(tmp_path / "mq.duckdb"))
    total = 0
    for folder in (SAMPLE, RAW, OLD):
        for place, imported in by_interval(read_smf(folder)).items():
            total += 1
            mine = stored[place]
            assert [getattr(mine, name) for name in IMPORTED] == \
                [getattr(imported, name) for name in IMPORTED]
            assert mine.interval.seconds == imported.interval.seconds
            assert mine.interval.folders == (str(folder),)
    assert total == len(stored) == 65 + 4 + 2
    # 6 files of the sample (936 rows), 5 of raw/ (20), 2 of old-version/ (7), no repeat
    assert words(out) == f"{tmp_path / 'mq.duckdb'}: 963 of 963 rows added from 13 files of 3 " \
                         "folders"


def test_rows_read_back_carry_the_times_the_store_worked_out_and_they_are_their_cells(tmp_path):
    """Each row read from a store carries its record time and interval start as the load
    worked them out (:data:`calc.inputs.smf.store.TIMES`), so the import need not read the
    cells again; they are what the cells read, a 1970 start (a time the record does not
    set) included."""
    from calc.inputs.smf.feeds import declared
    from calc.inputs.smf.importing import columns_read
    from calc.inputs.smf.tables import START_DATE, START_TIME

    assert load(SAMPLE, RAW, OLD, "--into", tmp_path / "mq.duckdb")[0] == 0
    tables = store.read_tables(tmp_path / "mq.duckdb", declared().files, columns_read)
    rows = [row for table in tables.values() for row in table.rows]
    given = [row for row in rows if row.times != (None, None)]
    assert len(rows) == 963 and len(given) == 963
    for row in rows:
        assert row.recorded == row.moment("Date", "Time")
        if START_DATE in row.cells:
            assert row.start == row.moment(START_DATE, START_TIME)
    unset = [row for row in rows if row.cells.get(START_DATE, "").strip() == "1970/01/01"]
    assert unset and all(row.times[1].year == 1970 and row.start is None for row in unset)


def test_the_text_of_a_store_is_the_text_of_its_folder_with_where_it_was_loaded_from(tmp_path):
    assert load(RAW, "--into", tmp_path / "raw.duckdb")[0] == 0
    from_folder = words(run_main("smf", RAW, "--interval", "all")[1])
    from_store = words(run_main("smf", tmp_path / "raw.duckdb", "--interval", "all")[1])
    assert from_store.count(f" loaded from {RAW} ") == 4  # once an interval
    assert from_store.replace(f" loaded from {RAW} ", " ") == from_folder.replace(
        f"SMF folder {RAW}", f"SMF store {tmp_path / 'raw.duckdb'}")


def test_loading_the_same_folders_again_changes_nothing(tmp_path):
    into = tmp_path / "mq.duckdb"
    assert load(SAMPLE, RAW, "--into", into)[0] == 0
    before, said = counts(into), run_main("smf", into, "--interval", "all", "--json")
    status, out, err = load(RAW, SAMPLE, "--into", into, "--json")
    assert status == 0, err
    again = json.loads(out)["files"]
    assert [(f["added"], f["known"], f["repeated"]) for f in again] == \
        [(0, f["rows"], 0) for f in again]
    after = counts(into)
    assert after.pop("mqzcalc_loads") == before.pop("mqzcalc_loads") + len(again) == 22
    assert after == before
    assert run_main("smf", into, "--interval", "all", "--json") == said


def test_rows_already_stored_or_repeated_in_the_load_are_counted_and_left_out(tmp_path):
    """Two days' dumps overlapping: the second folder repeats two of the first's rows (an
    adapter task each), carries one of them twice, and has a row claiming the place of a
    stored one (the same task of the same interval) with another request count. Each is
    counted once, and the row stored first of a record is the one kept."""
    heading, *rows = (RAW / "SMF-QCTADP.csv").read_text(encoding="ascii").splitlines(True)
    other = rows[0].replace(",3600,", ",9999,")
    assert other != rows[0]
    first, second = tmp_path / "day1", tmp_path / "day2"
    first.mkdir(), second.mkdir()
    (first / "SMF-QCTADP.csv").write_text("".join([heading, *rows[:3]]), encoding="ascii")
    (second / "SMF-QCTADP.csv").write_text(
        "".join([heading, rows[1], rows[2], rows[2], other, rows[3]]), encoding="ascii")
    into = tmp_path / "mq.duckdb"
    assert words(load(first, "--into", into)[1]) == \
        f"{into}: 3 of 3 rows added from 1 file of 1 folder"
    status, out, err = load(second, "--into", into)
    assert status == 0, err
    assert words(out) == (f"{into}: 1 of 5 rows added from 1 file of 1 folder; left out: 3 "
                          "already in the store and 1 repeating a row of this load")
    [stored] = store.read_tables(into, ["SMF-QCTADP.csv"], lambda f: {"Request_Count"}
                                 ).values()
    assert [(row.folder, row.line, row.text("Request_Count")) for row in stored.rows] == [
        (str(first), 2, "3600"), (str(first), 3, "1800"), (str(first), 4, "7200"),
        (str(second), 6, "1800")]


def test_a_load_runs_duckdb_on_one_thread_and_a_read_on_a_thread_a_core(tmp_path, monkeypatch):
    """A load stores its files one at a time, in order, on one DuckDB thread
    (:data:`calc.inputs.smf.store.LOAD_SETTINGS`); a read keeps DuckDB's default, a thread
    for each core it may run on, within the same memory limit."""
    threads = []

    def connect(*arguments, connecting=duckdb.connect, **settings):
        connection = connecting(*arguments, **settings)
        threads.append(connection.execute("SELECT current_setting('threads'), "
                                          "current_setting('memory_limit')").fetchone())
        return connection

    monkeypatch.setattr(duckdb, "connect", connect)
    into = tmp_path / "mq.duckdb"
    assert load(RAW, "--into", into)[0] == 0
    store.opened(into, lambda connection: None)
    monkeypatch.undo()
    with duckdb.connect(":memory:", config={"memory_limit": store.MEMORY_LIMIT}) as default:
        expected = default.execute("SELECT current_setting('threads'), "
                                   "current_setting('memory_limit')").fetchone()
    assert threads == [(1, expected[1]), expected]


def test_a_store_opened_to_read_is_asked_for_its_tables_once(tmp_path, monkeypatch):
    """Reading a store asks DuckDB for its tables and columns once, however many readers
    want them (the peak query wanted them four times, 12 to 18 ms each); what they get is
    what DuckDB says."""
    into = tmp_path / "mq.duckdb"
    assert load(RAW, "--into", into)[0] == 0
    asked = []
    monkeypatch.setattr(store, "table_columns", lambda connection, asking=store.table_columns:
                        asked.append(connection in store.KNOWN_TABLES) or asking(connection))
    first, again = store.opened(into, lambda connection: (store.table_columns(connection),
                                                          store.table_columns(connection)))
    assert asked == [False, True, True]  # by the opening, then by the two readers
    assert first is again
    with duckdb.connect(str(into), read_only=True) as connection:
        assert first == {table: [column for (column,) in connection.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
            "ORDER BY ordinal_position", [table]).fetchall()] for table in first}
    assert "SMF-QJST" in first


def test_a_load_asks_for_the_tables_three_times_whatever_its_files_and_follows_its_changes(
        tmp_path, monkeypatch):
    """A load asks DuckDB for the store's tables and columns as it opens the store, as it
    starts and once the store's own tables are there, not for each file (each ask takes 12
    to 18 ms: a tenth of a day's load), nor for each day its series are worked out in, and
    follows the tables it makes and widens itself: what it ends with is what DuckDB then
    says, a second load with more columns included."""
    into, asked, kept = tmp_path / "mq.duckdb", [], []

    def asking(connection, ask=store.table_columns):
        if connection not in store.KNOWN_TABLES:  # else it is not asked, but told
            asked.append(connection)
        kept.append(ask(connection))
        return kept[-1]

    monkeypatch.setattr(store, "table_columns", asking)
    wider = tmp_path / "wider"
    shutil.copytree(RAW, wider)
    heading, *rows = (wider / "SMF-QJST.csv").read_text().splitlines()
    (wider / "SMF-QJST.csv").write_text("\n".join([heading + "New_Column,"] + [
        row + "7," for row in rows]) + "\n")
    for folder in (RAW, wider):
        asked.clear()
        assert store.load(into, [folder]).files
        assert len(asked) == 3  # opening, the load's start, the tables once ready
        with duckdb.connect(str(into), read_only=True) as connection:
            assert kept[-1] == store.table_columns(connection)
    assert "New_Column" in kept[-1]["SMF-QJST"]


def test_a_newer_mq_smf_csv_with_more_columns_widens_the_store(tmp_path):
    newer = tmp_path / "newer"
    newer.mkdir()
    lines = (RAW / "SMF-QJST.csv").read_text(encoding="ascii").splitlines()
    (newer / "SMF-QJST.csv").write_text(
        "\n".join([lines[0].rstrip(",") + ",Zeta_Count,Zeta_Time,",
                   *(line.rstrip(",").replace("QMA1", "QMA9") + ",7,8," for line in lines[1:])])
        + "\n", encoding="ascii")
    into = tmp_path / "mq.duckdb"
    assert load(RAW, "--into", into)[0] == 0
    status, out, err = load(newer, "--into", into)
    assert status == 0
    assert err == (f"mqcalc: SMF-QJST.csv of {newer} has 2 columns the store had not seen, "
                   "now added (earlier rows hold none): Zeta_Count, Zeta_Time\n")
    [table] = store.read_tables(into, ["SMF-QJST.csv"], lambda f: {"QMgr", "Zeta_Count"}
                                ).values()
    assert {(row.qmgr, row.text("Zeta_Count")) for row in table.rows} == \
        {("QMA1", ""), ("QMB1", ""), ("QMA9", "7")}
    assert "QMA9" in {i.interval.qmgr for i in read_smf(into).imported}


def test_a_store_of_format_1_finds_its_records_again_when_a_file_gains_a_record(tmp_path):
    """Format 1 knew no record of class 1 accounting (SMF-QMAC.csv) and identified its rows
    by their whole lines, and noted no identities. Made so here from a store of this format,
    then loaded with the same folder: the stored rows are identified anew, by thread and
    record time, before the load, so every row is found already stored, and the store is of
    this format with each table's identity noted and its series worked out."""
    (tmp_path / "smf").mkdir()
    folder = folder_with_threads(tmp_path / "smf", thread("BATCH", "JOB1", 3, 500000),
                                 thread("CICS", "CICSA1", 0, 250000))
    into = tmp_path / "mq.duckdb"
    assert load(folder, "--into", into)[0] == 0
    with duckdb.connect(str(into)) as connection:
        connection.execute('UPDATE "SMF-QMAC" SET _key = md5(_line::VARCHAR)')
        connection.execute("DROP TABLE mqzcalc_identities")
        made_before_series(connection, 1)
    before = counts(into)
    status, out, err = load(folder, "--into", into)
    assert status == 0, err
    assert words(out) == f"{into}: 0 of 3 rows added from 2 files of 1 folder; left out: 3 " \
                         "already in the store"
    after = counts(into)
    assert after.pop("mqzcalc_loads") == before.pop("mqzcalc_loads") + 2
    assert after.pop("mqzcalc_identities") == 2
    assert (after.pop("mqzcalc_series"), after.pop("mqzcalc_series_made")) == (1, 1)
    assert after == before
    fresh = tmp_path / "fresh.duckdb"
    assert load(folder, "--into", fresh)[0] == 0
    assert kept_series(into) == kept_series(fresh)
    with duckdb.connect(str(into), read_only=True) as connection:
        assert connection.execute("SELECT format FROM mqzcalc_store").fetchall() == [(5,)]
        assert dict(connection.execute("SELECT * FROM mqzcalc_identities").fetchall()) == {
            "SMF-QMST": "LPAR,QMgr,Interval_Start (DATE),Interval_Start (TIME)",
            "SMF-QMAC": "LPAR,QMgr,Date,Time,Correl_ID,Connection_Name,Authorisation_ID,"
                        "Network_ID"}


# What cannot be loaded or read: one line, exit 2, the store as it was ---------------------

def stored_before(tmp_path) -> tuple[Path, dict[str, int]]:
    into = tmp_path / "mq.duckdb"
    assert load(RAW, "--into", into)[0] == 0
    return into, counts(into)


def test_a_folder_that_is_not_mq_smf_csv_output_is_refused_and_nothing_is_loaded(tmp_path):
    into, before = stored_before(tmp_path)
    bad = tmp_path / "bad"
    shutil.copytree(SAMPLE, bad)
    (bad / "SMF-WQ.csv").write_text("Queue,Depth\nA,1\n", encoding="ascii")
    status, out, err = load(SAMPLE, bad, "--into", into)
    assert (status, out) == (2, "")
    assert err == (f"mqcalc: smf load {bad / 'SMF-WQ.csv'}: line 1: expects mq-smf-csv's "
                   "heading, starting Date,Time,LPAR,QMgr\n")
    assert counts(into) == before  # the sample's files, loaded before the bad one: not kept
    heading, row, *rest = (RAW / "SMF-QJST.csv").read_text(encoding="ascii").splitlines(True)
    (bad / "SMF-WQ.csv").unlink()
    (bad / "SMF-QJST.csv").write_text(heading + row.replace('"QMA1"', '"QM\nA1"') + "".join(rest),
                                      encoding="ascii")
    status, out, err = load(bad, "--into", into)
    assert (status, err) == (2, f"mqcalc: smf load {bad / 'SMF-QJST.csv'}: its rows are not "
                                "one a line as mq-smf-csv writes them (a quoted cell holds a "
                                "line break, or a line holds no row)\n")
    assert counts(into) == before
    (tmp_path / "empty").mkdir()
    status, out, err = load(tmp_path / "empty", "--into", into)
    assert (status, err) == (2, f"mqcalc: smf load {tmp_path / 'empty'}: holds no SMF-*.csv "
                                "file (expects a folder mq-smf-csv wrote its CSV files to)\n")


def test_a_first_load_that_fails_leaves_no_store(tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "SMF-QJST.csv").write_text("Queue,Depth\nA,1\n", encoding="ascii")
    assert load(RAW, bad, "--into", tmp_path / "new.duckdb")[0] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad"]


NEITHER = ("is neither a folder nor an SMF store (expects the folder mq-smf-csv wrote its CSV "
           "files to, or a store made by mqcalc smf load)")


@pytest.mark.parametrize("make, said", [
    (lambda path: path.write_text("Date,Time\n"), "is not an SMF store (expects a store made "
     "by mqcalc smf load, or a folder of mq-smf-csv files)"),
    (lambda path: duckdb.connect(str(path)).execute("CREATE TABLE t (a INTEGER)").close(),
     "is a DuckDB database but not an SMF store (it has no mqzcalc_store table; expects a "
     "store made by mqcalc smf load)"),
    (lambda path: (load(RAW, "--into", path), duckdb.connect(str(path)).execute(
        "UPDATE mqzcalc_store SET format = 6").close()),
     "was made by a newer mqzcalc (store format 6; this one reads format 5 and older): use "
     "that mqzcalc"),
], ids=["not a database", "another database", "newer"])
def test_a_file_that_is_no_store_this_mqzcalc_reads_is_refused(tmp_path, make, said):
    path = tmp_path / "x.duckdb"
    make(path)
    content = path.read_bytes()
    read_said = NEITHER if said.startswith("is not an SMF store") else said
    assert refusal(path) == f"mqcalc: smf {path}: {read_said}\n"
    status, out, err = load(RAW, "--into", path)
    assert (status, err) == (2, f"mqcalc: smf load --into {path}: {said}\n")
    assert path.read_bytes() == content


def test_a_store_in_use_by_another_load_is_refused_naming_the_process(tmp_path):
    into, before = stored_before(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys; c = duckdb.connect(sys.argv[1]); "
                               "print('open', flush=True); sys.stdin.read()", str(into)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "open\n"
        status, out, err = load(SAMPLE, "--into", into)
        assert (status, out) == (2, "")
        assert err == (f"mqcalc: smf load --into {into}: is in use by another process "
                       f"(PID {holder.pid}): try again when its load has ended\n")
        assert refusal(into) == (f"mqcalc: smf {into}: is in use by another process "
                                 f"(PID {holder.pid}): try again when its load has ended\n")
    finally:
        holder.communicate("", timeout=30)
    assert counts(into) == before


STOPPED_LOAD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from calc.inputs.smf import store

    def progress(said):
        if said.startswith(sys.argv[2]):
            os.kill(os.getpid(), signal.SIGINT)

    store.load(Path(sys.argv[1]), [Path(folder) for folder in sys.argv[3:]], progress)
""")


@pytest.mark.parametrize("step", ["3/", "the series of "], ids=["file", "series"])
@pytest.mark.parametrize("new", [False, True], ids=["stored before", "new store"])
def test_a_load_stopped_by_ctrl_c_leaves_the_store_as_it_was(tmp_path, new, step):
    """Ctrl+C (SIGINT) while the third file of the load is read, or while the series of the
    first day are worked out, every file read: what the load added is not kept (its
    rows, its series), and a store the load was making is not left behind."""
    into = tmp_path / "mq.duckdb"
    before = None if new else stored_before(tmp_path)[1]
    stopped = subprocess.run([sys.executable, "-c", STOPPED_LOAD, str(into), step, str(SAMPLE)],
                             capture_output=True, text=True, cwd=REPO, timeout=120,
                             env={**os.environ, "PYTHONPATH": str(REPO)})
    assert stopped.stderr.endswith("\nKeyboardInterrupt\n"), stopped.stderr
    if new:
        assert not into.exists() and not Path(f"{into}.wal").exists()
    else:
        assert counts(into) == before


@pytest.mark.parametrize("number, raised", [
    (signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, Stopped)], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_duckdb_runs_a_statement_stops_as_it_does_anywhere(number, raised):
    """While a statement runs, DuckDB's Python client runs Python's signal handlers itself
    and turns what they raise into its own error (RuntimeError "Query interrupted", seen
    on a load stopped by Ctrl+C or SIGTERM part way through a 100 MB file): the statement
    here does just that, calling the handler set for the signal as DuckDB's check does (not
    raising a real signal, whose handler Python may run inside a garbage collector's
    callback, where what it raises is lost). In a store's work the command still ends as
    Ctrl+C or the signal ends it (exit 130, or 143 with its one line), not with DuckDB's
    error."""
    def statement():
        try:
            signal.getsignal(number)(number, None)
        except BaseException:
            raise RuntimeError("Query interrupted") from None

    with stopped_by_signals(), pytest.raises(raised):
        with store.interruptible():
            statement()
    with pytest.raises(RuntimeError, match="Query interrupted"):  # what it undoes
        with stopped_by_signals():
            statement()


def test_a_queue_manager_is_read_alone_from_a_store_and_one_not_there_is_refused(tmp_path):
    """``--qmgr`` is asked of the store itself: only that queue manager's rows are read."""
    into = tmp_path / "mq.duckdb"
    assert load(SAMPLE, RAW, "--into", into)[0] == 0
    read = store.read_tables(into, ["SMF-QJST.csv"], lambda file: {"QMgr"}, "QMA1")
    assert {row.qmgr for row in read["SMF-QJST.csv"].rows} == {"QMA1"}
    assert [i["qmgr"] for i in json.loads(run_main("smf", into, "--qmgr", "qma1", "--json")[1])[
        "intervals"]] == ["QMA1"]
    assert refusal(into, "--qmgr", "QMA2") == (
        "mqcalc: --qmgr QMA2: not in the data (it has MQ1A, MQ1O, MQ31, MQ51, MQ52, MQ53, "
        "QMA1, QMB1, QML1 (did you mean QMA1?))\n")


def test_a_store_of_format_2_is_read_as_it_is_and_its_next_load_gives_its_rows_their_times(
        tmp_path):
    """Format 2 kept no times beside the cells (``_recorded``, ``_start``), nor names
    (``_lpar``, ``_qmgr``, from format 5). Read, it gives the peaks a store of this format
    gives, the times and names worked out from the cells; its next load works out every
    stored row's times and names, as a load of this format stores them, and its series."""
    from calc.inputs.smf.peaks import peak_intervals
    from tests.inputs.test_smf_peaks import described

    fresh, old = tmp_path / "fresh.duckdb", tmp_path / "old.duckdb"
    for into in (fresh, old):
        assert load(SAMPLE, "--into", into)[0] == 0
    with duckdb.connect(str(old)) as connection:
        for table in store.table_columns(connection):
            if table.startswith("SMF-"):
                for time in [*store.TIMES, *store.NAMES]:
                    connection.execute(f'ALTER TABLE "{table}" DROP COLUMN {time}')
        made_before_series(connection, 2)
    for qmgr in (None, "MQ1O"):
        assert described(peak_intervals(old, qmgr)[1]) == described(
            peak_intervals(fresh, qmgr)[1])
    assert load(SAMPLE, "--into", old)[0] == 0

    def times(path: Path) -> dict[str, list]:
        with duckdb.connect(str(path), read_only=True) as connection:
            assert connection.execute("SELECT format FROM mqzcalc_store").fetchone() == (5,)
            kept = "_line, _recorded, _start, _lpar, _qmgr"
            return {table: connection.execute(
                f'SELECT {kept} FROM "{table}" ORDER BY _line').fetchall()
                for table in store.table_columns(connection) if table.startswith("SMF-")}

    found = times(old)
    assert found == times(fresh)
    assert kept_series(old) == kept_series(fresh) != []
    assert any(start is not None for _line, _recorded, start, *_names in found["SMF-QJST"])
    assert all(recorded is not None for _line, recorded, _start, *_names in found["SMF-WQ"])
