"""``mqcalc smf DIR`` as a user runs it: the inputs each interval gives, where each came
from, what is refused or missing, the peak chosen, the one-line refusals, and the files
``--out`` writes. Every expected figure is worked out by hand from the rows, in the test
(the fixtures and their provenance are in tests/fixtures/smf/)."""
from __future__ import annotations

import csv
import io
import json
import re
import shutil
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc import engine
from calc.inputs.plan import load_plan
from calc.inputs.scenario import load_scenario
from calc.inputs.smf import feeds, tables
from calc.inputs.smf.importing import read_smf
from calc.inputs.smf.selection import PEAK, choose, in_full, ranked_calculators
from tests.cli.test_cli import run_main, words
from tests.conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "smf"
SAMPLE, RAW, OLD = FIXTURES / "mq10-sample", FIXTURES / "raw", FIXTURES / "old-version"
MB = 1024 * 1024


def smf_json(*arguments) -> list[dict]:
    status, out, err = run_main("smf", *arguments, "--json")
    assert status == 0, err
    return json.loads(out)["intervals"]


def one(intervals: list[dict], qmgr: str) -> dict:
    [interval] = [i for i in intervals if i["qmgr"] == qmgr]
    return interval


def sample_with_shared_queues(folder, *queues: str):
    """A copy of the sample in ``folder`` where ``queues`` are shared (their SMF-WQ.csv
    rows' Scope, mq-smf-csv's word for the queue's QSGDISP, is Shared): the sample's
    queues are all private (Scope QMgr), and only shared queues feed notify_delay."""
    shutil.copytree(SAMPLE, folder)
    text = (folder / "SMF-WQ.csv").read_text(encoding="ascii")
    for queue in queues:
        text, count = re.subn(rf'("{re.escape(queue)} *","[^\n]*?"None",)"QMgr"',
                              r'\1"Shared"', text)
        assert count, queue
    (folder / "SMF-WQ.csv").write_text(text, encoding="ascii")
    return folder


# The sample: IBM's own data --------------------------------------------------------------

def test_the_sample_gives_each_queue_managers_peak_interval():
    intervals = smf_json(SAMPLE)
    assert [i["qmgr"] for i in intervals] == ["MQ1A", "MQ1O", "MQ31", "MQ51", "MQ52", "MQ53",
                                              "QML1"]
    for qmgr in ("MQ1A", "MQ1O", "MQ53", "QML1"):  # the ones with a channel initiator
        assert one(intervals, qmgr)["peak_by"].startswith("the highest adapter request rate")
    for qmgr in ("MQ31", "MQ51", "MQ52"):
        assert one(intervals, qmgr)["peak_by"].startswith("the highest log rate (no channel "
                                                          "initiator data)")


def test_qml1s_peak_is_its_busiest_adapter_interval_worked_by_hand():
    interval = one(smf_json(SAMPLE), "QML1")
    # QML1's adapter intervals: 577 requests in 42 s (13.74/s), 705/57 (12.37), 1047/71
    # (14.75), 579/45 (12.87), 1129/80 (14.11), 631/45 (14.02), ...: the 18:04:44 one.
    assert (interval["start"], interval["seconds"], interval["lpar"]) == (
        "2016-02-27T18:04:44.331340", 71, "MPX1")  # the QJST row's start (line 55)
    adapters = interval["inputs"]["adapters"]
    # SMF-QCTADP.csv lines 210-217: line 210 has 1047 requests, CPU 0 s + 22045 µs and
    # elapsed 0 s + 23819 µs; line 211 CPU 1 µs; the other six tasks nothing.
    assert adapters["chiadaps"] == 8
    assert adapters["adapter_requests_per_sec"] == pytest.approx(1047 / 71)
    assert adapters["adapter_cpu_us"] == pytest.approx((22045 + 1) / 1047)
    assert adapters["adapter_elapsed_us"] == pytest.approx(23819 / 1047)
    # SMF-QCTDSP.csv lines 132-136: elapsed 313 µs and 40136 µs, three idle: 5 dispatchers.
    assert adapters["chidisps"] == 5
    assert adapters["dispatcher_busy_pct"] == pytest.approx((313 + 40136) / 1e6
                                                            / (5 * 71) * 100)
    assert interval["from"]["adapters"]["adapter_requests_per_sec"] == \
        "SMF-QCTADP.csv:Request_Count,Interval_Duration"
    # SMF-WQ.csv lines 22-24, the records written in the interval, are of ELKINSC.CLIENT.TEST,
    # a private queue (Scope QMgr; QML1 is in no queue-sharing group): nothing for
    # notify_delay, whose KEYRNOTIFYDELAY concerns shared queues only (issue 37, section 5).
    assert "notify_delay" not in interval["inputs"]
    assert "notify_delay" not in interval["items"]
    missing = {m["input"]: m["reason"] for m in interval["missing"]
               if m["calculator"] == "notify_delay"}
    assert missing == dict.fromkeys(
        ["gets_attempted", "gets_successful", "avg_get_cpu_us"],
        "none of the interval's 3 rows of SMF-WQ.csv has Scope Shared (KEYRNOTIFYDELAY "
        "delays only the notifications of messages put to shared queues)")


def test_a_shared_queue_feeds_notify_delay_worked_by_hand(tmp_path):
    """The same interval with ELKINSC.CLIENT.TEST made a shared queue."""
    folder = sample_with_shared_queues(tmp_path / "smf", "ELKINSC.CLIENT.TEST")
    interval = one(smf_json(folder), "QML1")
    # SMF-WQ.csv lines 22-24: 102 + 0 + 102 MQGETs, 100 + 0 + 100 of them valid, Get_CT
    # 3681 + 0 + 3620 µs.
    assert interval["inputs"]["notify_delay"] == pytest.approx(
        {"gets_attempted": 204, "gets_successful": 200, "avg_get_cpu_us": 7301 / 204})
    assert interval["items"]["notify_delay"]["chosen"] == "ELKINSC.CLIENT.TEST"
    assert interval["from"]["notify_delay"]["gets_successful"] == \
        "SMF-WQ.csv:Total_Valid_Gets"


def test_mq1os_log_figures_worked_by_hand():
    interval = one(smf_json(SAMPLE, "--qmgr", "MQ1O", "--interval", "2026-05-21 16:29:10"),
                   "MQ1O")
    # SMF-QJST.csv line 5: 22 CIs written in 60 s, 11 to each copy; 11 write I/Os to copy
    # 1 taking 0 s + 1832 µs.
    # Active_Log_CI 1: one CI created, written 11 times to each copy (issue 37, section 5:
    # the archive side sees each CI once).
    assert interval["inputs"]["log_encryption"] == pytest.approx(
        {"log_mb_per_sec": 22 / 2 * 4096 / MB / 60, "active_copies": 2,
         "log_writes_per_ci": 22 / 2 / 1})
    assert interval["inputs"]["zhyperwrite"] == pytest.approx(
        {"log_mb_per_sec": 22 / 2 * 4096 / MB / 60, "dual_logging": True,
         "log_io_ms": 1832 / 11 / 1000})
    # the rate the archive task offloads, which compression costs CPU at
    assert interval["inputs"]["archive_logs"] == pytest.approx(
        {"log_mb_per_sec": 22 / 2 * 4096 / MB / 60})
    # The rate is the interval's average; zhyperwrite asks for the highest rate sustained.
    assert interval["caveats"] == {"zhyperwrite": {"log_mb_per_sec": (
        "the interval's average, where the input asks for the highest rate the queue manager "
        "sustains: the peak is at least this; --interval all lists every interval's rate")}}


def test_mq1as_commit_heavy_log_is_archived_once_per_ci():
    """MQ1A 16:39:22 (SMF-QJST.csv line 36, 175 s, single log): Log_CI 175 CIs written,
    Active_Log_CI 62 created. Archiving and the archive side of encryption see each CI once,
    so the log writes per CI are 175 / 62 and log_encryption's archive figures fall by that
    factor against taking every write as new data (issue 37, section 5)."""
    [interval] = [i for i in smf_json(SAMPLE, "--qmgr", "MQ1A", "--interval", "all")
                  if i["start"] == "2026-05-21T16:39:22.800669"]
    inputs = interval["inputs"]["log_encryption"]
    assert inputs == pytest.approx({"log_mb_per_sec": 175 * 4096 / MB / 175,
                                    "active_copies": 1, "log_writes_per_ci": 175 / 62})
    every_write = engine.evaluate("log_encryption", {**inputs, "log_writes_per_ci": 1})
    per_ci = engine.evaluate("log_encryption", inputs)
    assert per_ci["archived_mb_per_sec"] == pytest.approx(inputs["log_mb_per_sec"] * 62 / 175)
    assert every_write["archive_cpu_us_per_mb"] / per_ci["archive_cpu_us_per_mb"] == \
        pytest.approx(175 / 62)
    # The active copy is encrypted at every write: only its archive-read decrypt falls.
    assert per_ci["active_crypto_ops"] == pytest.approx(1 + 62 / 175)


def test_every_rate_of_an_interval_is_per_its_one_length():
    """MQ1O 16:29:10: the channel initiator's records state 59 s, the queue manager's 60 s.
    Every rate is per the interval's one length, the longer 60 s (issue 37: the adapter rate
    was per 59 s while the page sets said 60). The peak of MQ1O's three intervals of 324
    adapter requests is then 16:34:10, whose every record states 59 s: 324 / 59 a second."""
    [interval] = smf_json(SAMPLE, "--qmgr", "MQ1O", "--interval", "2026-05-21 16:29:10")
    assert interval["seconds"] == 60
    assert interval["inputs"]["adapters"]["adapter_requests_per_sec"] == pytest.approx(324 / 60)
    assert interval["inputs"]["pageset_encryption"]["interval_sec"] == 60
    peak = one(smf_json(SAMPLE, "--qmgr", "MQ1O"), "MQ1O")
    assert peak["start"] == "2026-05-21T16:34:10.006620" and peak["seconds"] == 59
    assert peak["inputs"]["adapters"]["adapter_requests_per_sec"] == pytest.approx(324 / 59)
    missing = {(m["calculator"], m["input"]): m["reason"] for m in interval["missing"]}
    assert missing == {("log_encryption", "encrypt_active"):
                       "no new active log data set in the interval to tell by"}


def test_an_interval_of_no_length_is_refused_value_by_value(tmp_path):
    # MQ1A's QJST and QIS1 rows of 16:34:00 have Interval_Duration 0 (line 14 of
    # SMF-QJST.csv): no rate can come from them; the counts still import.
    [interval] = smf_json(SAMPLE, "--qmgr", "mq1a", "--interval", "2026-05-21 16:34:00")
    refused = {(r["calculator"], r["input"]): r for r in interval["refused"]}
    assert set(refused) == {("log_encryption", "log_mb_per_sec"),
                            ("zhyperwrite", "log_mb_per_sec"),
                            ("archive_logs", "log_mb_per_sec"),
                            ("pageset_encryption", "interval_sec")}
    assert refused["log_encryption", "log_mb_per_sec"] == {
        "calculator": "log_encryption", "input": "log_mb_per_sec", "value": "0",
        "file": "SMF-QJST.csv", "lines": [14], "columns": ["Interval_Duration"],
        "expects": "expects an interval longer than 0 s, to give a rate"}
    assert "write_pages" in interval["inputs"]["pageset_encryption"]


def test_a_queue_with_no_valid_get_is_refused_and_the_rest_imports(tmp_path):
    # SMF-WQ.csv lines 2-6, the records written in the interval: five dynamic queues, each
    # with 3 MQGETs and none valid, made shared here; the first of them is taken (a tie
    # goes to the first). Its line 2: Get_CT 0 s + 6 µs.
    queues = [f"SYSTEM.MANAGED.NDURABLE.E2B65EF3{tail}" for tail in (
        "AE767660", "AF795A6B", "B0680060", "B158E860", "B295DE60")]
    folder = sample_with_shared_queues(tmp_path / "smf", *queues)
    [interval] = smf_json(folder, "--qmgr", "MQ1O", "--interval", "2026-05-21T16:34:10")
    items = interval["items"]["notify_delay"]
    assert [item["lines"] for item in items["items"]] == [[2], [3], [4], [5], [6]]
    assert items["chosen"] == "SYSTEM.MANAGED.NDURABLE.E2B65EF3AE767660"
    successful, attempted = [r for r in interval["refused"] if r["calculator"] ==
                             "notify_delay"]
    assert (successful["input"], successful["value"], successful["file"],
            successful["lines"], successful["columns"]) == (
        "gets_successful", 0, "SMF-WQ.csv", [2], ["Total_Valid_Gets"])
    assert successful["expects"].startswith("expects a number from 1 to")
    # Without it, gets_successful keeps its default (100), more than the 3 attempted: the
    # rule between the two keeps the attempts out too.
    assert (attempted["input"], attempted["value"], attempted["lines"]) == (
        "gets_attempted", 3, [2])
    assert attempted["expects"] == (
        "a rule between inputs: gets_successful=100 expects no more than gets_attempted, "
        "since both count the MQGETs of the same interval (here gets_attempted=3)")
    assert interval["inputs"]["notify_delay"] == {"avg_get_cpu_us": 6 / 3}


# Hand-built files ----------------------------------------------------------------------

def test_the_raw_form_worked_by_hand():
    intervals = smf_json(RAW)
    qma1 = one(intervals, "QMA1")
    # 10:00: 3600 + 1800 requests in 1800 s (3/s); 10:30: 7200 + 1800 (5/s): the peak.
    assert (qma1["start"], qma1["seconds"]) == ("2026-03-02T10:30:00.000100", 1800)
    assert qma1["inputs"]["adapters"] == pytest.approx({
        "chiadaps": 2, "chidisps": 3,
        "dispatcher_busy_pct": (30 + 24 + 0) / (3 * 1800) * 100,
        "adapter_requests_per_sec": 9000 / 1800,
        "adapter_elapsed_us": (4_000_000 + 500_000) / 9000,  # 4 s + 0 µs, 0 s + 500000 µs
        "adapter_cpu_us": (2_000_000 + 700_000) / 9000})
    # 92160 CIs, 46080 to each copy, in 1800 s; 400 I/Os to copy 1 in 0.8 s.
    assert qma1["inputs"]["zhyperwrite"] == pytest.approx(
        {"log_mb_per_sec": 46080 * 4096 / MB / 1800, "dual_logging": True,
         "log_io_ms": 800_000 / 400 / 1000})
    # Page set 1 wrote the most (5000 pages); buffer pool 1 holds page sets 1 and 2.
    assert qma1["inputs"]["pageset_encryption"] == {
        "write_requests": 400, "write_pages": 5000, "imw_pages": 20, "get_pages": 30,
        "interval_sec": 1800, "pageset_pages": 100000, "pagesets_in_bufferpool": 2}
    pagesets = qma1["items"]["pageset_encryption"]
    assert pagesets["chosen"] == "1"
    assert [(p["name"], p["Encrypted"]) for p in pagesets["items"]] == [
        ("1", "Yes"), ("2", "No"), ("3", "No")]
    # 23040 CIs created, each written twice to each copy.
    assert qma1["inputs"]["log_encryption"]["log_writes_per_ci"] == 46080 / 23040
    # APP.REQUEST, the shared queue: 1000 + 531 MQGETs, 60 + 40 valid, 1157 + 614 µs of CPU.
    # APP.OTHER's 5000 MQGETs are more, but it is a private queue (Scope QMgr).
    assert qma1["inputs"]["notify_delay"] == pytest.approx(
        {"gets_attempted": 1531, "gets_successful": 100, "avg_get_cpu_us": 1771 / 1531})
    assert [q["name"] for q in qma1["items"]["notify_delay"]["items"]] == ["APP.REQUEST"]
    qmb1 = one(intervals, "QMB1")
    # No channel initiator: the log rate ranks. 10:00: 460800 CIs on two copies in 900 s
    # (1 MB/s each); 10:15: 115200 on one copy (0.5 MB/s).
    assert qmb1["peak_by"].startswith("the highest log rate")
    assert qmb1["start"] == "2026-03-02T10:00:00.500000"
    assert qmb1["inputs"]["log_encryption"] == pytest.approx(
        {"log_mb_per_sec": 230400 * 4096 / MB / 900, "active_copies": 2,
         "log_writes_per_ci": 230400 / 230400,  # as many CIs created as written to a copy
         "encrypt_active": True})  # 1 + 1 new logs, 2 encrypted
    assert qmb1["inputs"]["zhyperwrite"]["log_io_ms"] == pytest.approx(
        1_530_000 / 1020 / 1000)  # 1 s + 500000 µs and 0 s + 30000 µs over 1000 + 20 I/Os


def test_the_default_form_gives_what_the_raw_form_gives(tmp_path):
    for path in RAW.iterdir():  # as the tool writes without -r: = before number-like text
        text = path.read_text(encoding="ascii")
        (tmp_path / path.name).write_text(re.sub(r'(^|,)"([0-9 ]+)"', r'\1="\2"', text,
                                                 flags=re.MULTILINE), encoding="ascii")
    assert (tmp_path / "SMF-QJST.csv").read_text().count('="') > 0
    assert smf_json(tmp_path, "--interval", "all") == smf_json(RAW, "--interval", "all")


def test_all_intervals_are_listed_by_queue_manager_then_start():
    intervals = smf_json(RAW, "--interval", "all")
    assert [(i["qmgr"], i["start"][11:19], i["peak_by"]) for i in intervals] == [
        ("QMA1", "10:00:00", None), ("QMA1", "10:30:00", None),
        ("QMB1", "10:00:00", None), ("QMB1", "10:15:00", None)]
    assert intervals[3]["inputs"]["log_encryption"] == pytest.approx(
        {"log_mb_per_sec": 115200 * 4096 / MB / 900, "active_copies": 1,
         "log_writes_per_ci": 115200 / 57600})


def test_older_versions_leave_inputs_missing_not_wrong():
    intervals = smf_json(OLD, "--interval", "all")
    # The row whose interval starts in 1970 is in no interval.
    assert [i["start"] for i in intervals] == ["2015-06-01T12:00:00", "2015-06-01T12:01:00"]
    first, second = intervals
    assert first["inputs"]["adapters"] == pytest.approx({
        "chiadaps": 2, "adapter_requests_per_sec": (120 + 60) / 60,
        "adapter_cpu_us": (6000 + 3000) / 180, "adapter_elapsed_us": (9000 + 4500) / 180})
    assert first["inputs"]["log_encryption"] == {"log_mb_per_sec": 0.0}  # nothing logged
    # The second interval: Request_Count -1 on line 5 and CPU microseconds "." on line 4.
    assert second["inputs"]["adapters"] == {"chiadaps": 2}
    missing = {(m["calculator"], m["input"]): m["reason"] for m in second["missing"]}
    assert missing[("adapters", "adapter_requests_per_sec")] == \
        "Request_Count is not in the data"
    assert missing[("adapters", "adapter_cpu_us")] == "Request_Count is not in the data"
    # 1536 CIs logged, but this MQ writes no per-copy counts to divide them by.
    assert missing[("log_encryption", "log_mb_per_sec")] == "IO_CI {1.1} is not in the data"
    assert missing[("log_encryption", "encrypt_active")] == \
        "Copy1_New_Logs is not in the data"
    assert "log_encryption" not in second["inputs"]


def write_adapters(folder, rows: list[str]) -> None:
    heading = ("Date,Time,LPAR,QMgr,QSG,MQ_Version,Interval_Start (DATE),Interval_Start "
               "(TIME),Interval_Duration,Task_Number,Task_Index,Request_Count,"
               "Task_CPU_Time(S),Task_CPU_Time(US),Task_Elapsed_Time(S),Task_Elapsed_Time(US),")
    start = '"2026/01/05","09:01:00,000000","SYSD","QMX1","    ","100000","2026/01/05",'
    (folder / "SMF-QCTADP.csv").write_text(
        "\n".join([heading, *(start + row for row in rows)]) + "\n", encoding="ascii")


def test_a_value_outside_its_domain_is_refused_with_file_lines_and_columns(tmp_path):
    # 7,200,000,000 requests in 60 s is 120,000,000 a second, above the input's 100,000,000.
    write_adapters(tmp_path, ['"09:00:00,000000",60,1,0,7200000000,3600, 0 ,7200, 0 ,',
                              '"09:00:00,000000",60,2,1,0,0, 0 ,0, 0 ,'])
    [interval] = smf_json(tmp_path)
    [refused] = interval["refused"]
    assert refused == {"calculator": "adapters", "input": "adapter_requests_per_sec",
                       "value": 120_000_000.0, "file": "SMF-QCTADP.csv", "lines": [2, 3],
                       "columns": ["Request_Count", "Interval_Duration"],
                       "expects": "expects a number from 0 to 100,000,000"}
    assert interval["inputs"]["adapters"] == pytest.approx(
        {"chiadaps": 2, "adapter_cpu_us": 3600e6 / 7.2e9, "adapter_elapsed_us": 7200e6 / 7.2e9})
    status, out, _err = run_main("smf", tmp_path)
    assert status == 0
    assert ("refused adapters adapter_requests_per_sec = 120,000,000: SMF-QCTADP.csv lines "
            "2-3, Request_Count, Interval_Duration: expects a number from 0 to 100,000,000"
            in words(out))


def test_a_cell_that_is_no_number_is_refused_by_line_and_column(tmp_path):
    write_adapters(tmp_path, ['"09:00:00,000000",60,1,0,12,0, 5x ,0, 7 ,'])
    [interval] = smf_json(tmp_path)
    # the input that reads the cell, and the measured figure that does (the tasks' CPU)
    assert [(r["calculator"], r["input"], r["value"], r["lines"], r["columns"], r["expects"])
            for r in interval["refused"]] == [
        ("adapters", "adapter_cpu_us", "5x", [2], ["Task_CPU_Time(US)"], "expects a number"),
        ("measured", "chin_adapter_cpu", "5x", [2], ["Task_CPU_Time(US)"], "expects a number")]
    assert interval["inputs"]["adapters"]["adapter_requests_per_sec"] == 12 / 60


def test_an_absurd_interval_length_still_places_the_accounting_rows(tmp_path):
    for path in RAW.iterdir():
        shutil.copy(path, tmp_path / path.name)
    qjst = tmp_path / "SMF-QJST.csv"  # QMA1's 10:30 interval said to last 10^20 s
    qjst.write_text(qjst.read_text().replace('"10:30:00,000100",1800,', '"10:30:00,000100",'
                                             '100000000000000000000,'), encoding="ascii")
    interval = one(smf_json(tmp_path, "--interval", "2026-03-02 10:30:00"), "QMA1")
    assert interval["seconds"] == 10**20
    assert interval["inputs"]["notify_delay"]["gets_attempted"] == 1531


# Refusals: one line, exit status 2 -----------------------------------------------------

def refusal(*arguments) -> str:
    status, out, err = run_main("smf", *arguments)
    assert status == 2 and out == ""
    assert err.count("\n") == 1, err
    return err


def test_an_empty_folder_is_refused(tmp_path):
    assert refusal(tmp_path) == (
        f"mqcalc: smf {tmp_path}: the folder is empty (expects SMF-QCTADP.csv, "
        "SMF-QCTDSP.csv, SMF-QJST.csv, SMF-QIS1.csv, SMF-WQ.csv, SMF-QCTSSL.csv, "
        "SMF-QCTDNS.csv, SMF-QCST.csv, SMF-QMST.csv, SMF-QESD.csv or SMF-QMAC.csv, as "
        "mq-smf-csv names them)\n")


def test_a_folder_with_no_usable_file_is_refused(tmp_path):
    shutil.copy(SAMPLE / "SMF-QJST.csv", tmp_path / "SMF-QIST.csv")
    assert f"smf {tmp_path}: no file this import reads (expects SMF-QCTADP.csv" in \
        refusal(tmp_path)


def test_a_file_that_is_not_mq_smf_csv_output_is_refused(tmp_path):
    (tmp_path / "SMF-QJST.csv").write_text("Queue,Depth\nA,1\n", encoding="ascii")
    assert refusal(tmp_path) == (f"mqcalc: smf {tmp_path / 'SMF-QJST.csv'}: line 1: expects "
                                 "mq-smf-csv's heading, starting Date,Time,LPAR,QMgr\n")


def test_a_file_in_place_of_the_folder_is_refused():
    assert refusal(SAMPLE / "SMF-QJST.csv").endswith(
        "is neither a folder nor an SMF store (expects the folder mq-smf-csv wrote its CSV "
        "files to, or a store made by mqcalc smf load)\n")


def test_an_unknown_queue_manager_is_refused_naming_those_there_are():
    assert refusal(RAW, "--qmgr", "QMA2") == (
        "mqcalc: --qmgr QMA2: not in the data (it has QMA1, QMB1 (did you mean QMA1?))\n")


@pytest.mark.parametrize("typed", ["busiest", "2026-13-01T10:00", "10:30"])
def test_an_interval_that_is_no_time_is_refused(typed):
    assert refusal(RAW, "--interval", typed) == (
        f"mqcalc: --interval {typed}: expects peak, all or an interval's start, e.g. "
        "2026-05-21T16:29:10\n")


def test_a_start_no_interval_has_is_refused_with_the_range():
    assert refusal(RAW, "--qmgr", "QMB1", "--interval", "2026-03-02T11:00") == (
        "mqcalc: --interval 2026-03-02T11:00: no interval of QMB1 starts then (the starts "
        "run from 2026-03-02 10:00:00.500000 to 2026-03-02 10:15:00.500000; see --interval "
        "all)\n")


# --out: files the other commands take as they are --------------------------------------

def test_one_interval_is_written_as_a_scenario_eval_takes(tmp_path):
    out = tmp_path / "qma1.yaml"
    status, _out, err = run_main("smf", RAW, "--qmgr", "QMA1", "--out", out)
    assert status == 0
    assert err == (f"mqcalc: wrote {out}, a scenario of QMA1 2026-03-02 10:30:00; try mqcalc "
                   f"eval --scenario {out}\n")
    scenario = load_scenario(out)
    assert scenario.inputs["adapters"]["adapter_requests_per_sec"] == 5
    assert scenario.inputs["notify_delay"]["gets_attempted"] == 1531
    assert list(scenario.inputs) == ["adapters", "archive_logs", "log_encryption",
                                     "notify_delay", "pageset_encryption", "zhyperwrite"]
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# QMA1 2026-03-02 10:30:00, from SMF data (mqcalc smf); other "
                           "inputs are defaults, marked assumed:\n#   adapters chiadaps <- "
                           "SMF-QCTADP.csv:Task_Index\n")
    status, shown, err = run_main("eval", "--scenario", out)
    assert status == 0, err
    assert "Channel initiator adapters and dispatchers" in shown


def test_several_intervals_are_written_as_a_plan_with_a_variant_each(tmp_path):
    """Two queue managers side by side at one interval (QMA1's 10:00 and QMB1's, half a
    second apart); and one queue manager's intervals."""
    out = tmp_path / "side.yaml"
    status, _out, err = run_main("smf", RAW, "--interval", "2026-03-02T10:00:00", "--out", out)
    assert status == 0
    assert err.endswith(f"a plan of 2 variants, one per interval; try mqcalc plan {out}\n")
    plan = load_plan(out)
    assert [v.name for v in plan.variants] == ["QMA1 2026-03-02 10:00:00",
                                               "QMB1 2026-03-02 10:00:00"]
    assert plan.variants[1].calculators["log_encryption"]["log_mb_per_sec"] == 1.0
    status, shown, err = run_main("plan", out)
    assert status == 0, err
    # the names, wider than a column, are whole above each table, which fits 80 columns
    assert shown.count("\n  (1) QMA1 2026-03-02 10:00:00\n  (2) QMB1 2026-03-02 10:00:00\n") == 2
    assert max(len(line) for line in shown.splitlines() if not line.startswith("  file: ")) <= 80


def test_a_plan_of_queue_managers_at_different_times_is_refused(tmp_path):
    """Each queue manager's peak (QMA1's at 10:30, QMB1's at 10:00) would be a plan that
    compares one queue manager's busiest interval with another's."""
    out = tmp_path / "peaks.yaml"
    status, shown, err = run_main("smf", RAW, "--out", out)
    assert status == 2 and not out.exists()
    assert err == (f"mqcalc: --out {out}: these 2 intervals are of 2 queue managers at "
                   "different times, and a plan compares each variant with the first: add "
                   "--qmgr NAME for one queue manager's intervals, or --interval TIMESTAMP "
                   "for queue managers side by side at one interval\n")
    status, _shown, err = run_main("smf", RAW, "--qmgr", "QMB1", "--interval", "all",
                                   "--out", out)
    assert status == 0 and [v.name for v in load_plan(out).variants] == [
        "QMB1 2026-03-02 10:00:00", "QMB1 2026-03-02 10:15:00"]


def test_intervals_sharing_a_second_get_variant_names_apart(tmp_path):
    # MQ1A's QJST rows start at 16:39:22.018257 and 16:39:22.800669.
    out = tmp_path / "mq1a.yaml"
    status, _out, err = run_main("smf", SAMPLE, "--qmgr", "MQ1A", "--interval", "all",
                                 "--out", out)
    assert status == 0, err
    names = [v.name for v in load_plan(out).variants]
    assert "MQ1A 2026-05-21 16:39:22.018257" in names
    assert "MQ1A 2026-05-21 16:39:22.800669" in names
    assert len(set(names)) == len(names) == 9


def test_the_readme_shows_what_the_command_prints(monkeypatch):
    monkeypatch.chdir(REPO)
    command = "mqcalc smf tests/fixtures/smf/raw --qmgr QMB1"
    shown = (REPO / "README.md").read_text(encoding="utf-8").split(f"$ {command}\n", 1)[1]
    shown = shown.split("\n...\n", 1)[0].splitlines()
    status, out, _err = run_main(*command.split()[1:])
    assert status == 0
    assert out.splitlines()[:len(shown)] == shown


_CELLS = st.one_of(st.sampled_from(["", "-1", ".", " 12 ", "1e999", "9" * 5000, "-7", "x",
                                    '"', "=", "1970/01/01", "16:00:00,5", "\x1b[2J", "0"]),
                   st.text(max_size=6))


def test_a_row_cut_short_after_its_interval_date_is_refused_in_one_line(tmp_path):
    """A cell holding a line break (as Hypothesis wrote into SMF-QJST.csv) leaves a row
    that ends at the interval's start date, with no start time: refused or set aside in
    one line, never a KeyError."""
    folder = shutil.copytree(RAW, tmp_path / "cut")
    path = folder / "SMF-QJST.csv"
    heading, first, *rows = path.read_text(encoding="ascii").splitlines(keepends=True)
    cut = next(csv.reader([first]))[:next(csv.reader([heading])).index("Interval_Start (DATE)")]
    short = io.StringIO()
    csv.writer(short, lineterminator="\n").writerow([*cut, "0"])
    path.write_text("".join([heading, short.getvalue(), first, *rows]), encoding="ascii")
    for extra in ([], ["--json"]):
        status, out, err = run_main("smf", folder, *extra)
        assert status in (0, 2), err
        if status == 2:
            assert err.count("\n") == 1 and out == ""


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_damaged_folder_is_read_or_refused_never_a_traceback(tmp_path_factory, data):
    """Any cell of the hand-built files replaced by odd text: the command still ends with
    exit status 0 or a one-line refusal (2), for text and JSON alike."""
    folder = tmp_path_factory.mktemp("damaged")
    for path in RAW.iterdir():
        lines = path.read_text(encoding="ascii").splitlines()
        for _ in range(data.draw(st.integers(0, 3))):
            number = data.draw(st.integers(1, len(lines) - 1))
            cells = lines[number].split(",")
            cells[data.draw(st.integers(0, len(cells) - 1))] = data.draw(_CELLS)
            lines[number] = ",".join(cells)
        (folder / path.name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    for extra in ([], ["--json"], ["--interval", "all", "--json"]):
        status, out, err = run_main("smf", folder, *extra)
        assert status in (0, 2), err
        if status == 2:
            assert err.count("\n") == 1 and out == ""
        elif extra:
            json.loads(out)


# Repeated records and one name on two LPARs (issue 38) -----------------------------------

def _lines(path) -> list[str]:
    return path.read_text(encoding="ascii").splitlines(keepends=True)


def test_rows_read_twice_count_once_with_one_line_naming_the_files(tmp_path):
    """QML1's peak interval (18:04:44, 71 s) with its adapter and dispatcher rows repeated,
    as two overlapping SMF dumps give: before, CHIADAPS read 16 and the request rate
    doubled. SMF-QCTADP.csv lines 210-217 and SMF-QCTDSP.csv lines 132-136 are added again
    at the end of each file."""
    folder = tmp_path / "smf"
    shutil.copytree(SAMPLE, folder)
    added = {}
    for name, first, last in (("SMF-QCTADP.csv", 210, 217), ("SMF-QCTDSP.csv", 132, 136)):
        lines = _lines(folder / name)
        added[name] = list(range(len(lines) + 1, len(lines) + 1 + last - first + 1))
        (folder / name).write_text("".join(lines + lines[first - 1:last]), encoding="ascii")
    status, out, err = run_main("smf", folder, "--qmgr", "QML1", "--json")
    assert status == 0
    document = json.loads(out)
    [interval] = document["intervals"]
    assert interval["inputs"]["adapters"] == one(smf_json(SAMPLE, "--qmgr", "QML1"),
                                                 "QML1")["inputs"]["adapters"]
    assert interval["inputs"]["adapters"]["chiadaps"] == 8
    assert interval["inputs"]["adapters"]["adapter_requests_per_sec"] == pytest.approx(
        1047 / 71)
    assert [(r["file"], r["lines"], r["differing"]) for r in document["repeats"]] == [
        ("SMF-QCTADP.csv", added["SMF-QCTADP.csv"], 0),
        ("SMF-QCTDSP.csv", added["SMF-QCTDSP.csv"], 0)]
    first = added["SMF-QCTADP.csv"][0]
    assert err.splitlines()[0] == (
        f"mqcalc: SMF-QCTADP.csv: 8 rows (lines {first}-{first + 7}) repeat a row read "
        "before (the same LPAR, QMgr, Interval_Start (DATE), Interval_Start (TIME), "
        "Task_Index): left out, so that no record counts twice")


def test_a_folder_written_twice_gives_what_it_gives_once(tmp_path):
    """mq-smf-csv run twice into one folder, appending: every row twice. Every interval,
    input, item and refusal is as from the folder written once."""
    folder = tmp_path / "smf"
    folder.mkdir()
    for path in SAMPLE.iterdir():
        lines = _lines(path)
        (folder / path.name).write_text("".join(lines + lines[1:]), encoding="ascii")
    status, out, err = run_main("smf", folder, "--interval", "all", "--json")
    assert status == 0
    twice = json.loads(out)
    assert twice["intervals"] == smf_json(SAMPLE, "--interval", "all")
    rows = {path.name: len(_lines(path)) - 1 for path in SAMPLE.iterdir()}
    assert {r["file"]: len(r["lines"]) for r in twice["repeats"]} == rows
    assert len(err.splitlines()) == len(rows)   # one line a file


def test_a_repeat_with_other_figures_keeps_the_first_and_says_so(tmp_path):
    folder = tmp_path / "smf"
    shutil.copytree(RAW, folder)
    lines = _lines(folder / "SMF-QCTADP.csv")
    # line 4 again (QMA1 10:30, Task_Index 0, 7200 requests) with 9999 requests
    changed = lines[3].replace(",0,7200,", ",0,9999,")
    assert changed != lines[3]
    (folder / "SMF-QCTADP.csv").write_text("".join(lines + [changed]), encoding="ascii")
    status, out, err = run_main("smf", folder, "--qmgr", "QMA1", "--json")
    qma1 = json.loads(out)["intervals"][0]
    assert qma1["inputs"]["adapters"]["adapter_requests_per_sec"] == 9000 / 1800
    assert json.loads(out)["repeats"][0]["differing"] == 1
    assert "1 of them with other figures (the first row read is kept)" in err


def test_one_queue_manager_name_on_two_lpars_is_two_queue_managers(tmp_path):
    """QMA1's rows copied as if a second QMA1 ran on LPAR SYSC: before, both were one queue
    manager, with 4 adapters and twice the requests."""
    folder = tmp_path / "smf"
    folder.mkdir()
    for path in RAW.iterdir():
        lines = _lines(path)
        other = [line.replace('"SYSA","QMA1"', '"SYSC","QMA1"') for line in lines[1:]
                 if '"SYSA","QMA1"' in line]
        (folder / path.name).write_text("".join(lines + other), encoding="ascii")
    status, out, err = run_main("smf", folder, "--qmgr", "QMA1", "--json",
                                "--out", tmp_path / "plan.yaml")
    assert status == 0
    document = json.loads(out)
    assert document["repeats"] == []
    intervals = document["intervals"]
    assert [(i["qmgr"], i["lpar"], i["start"][11:19]) for i in intervals] == [
        ("QMA1", "SYSA", "10:30:00"), ("QMA1", "SYSC", "10:30:00")]
    for interval in intervals:
        assert interval["inputs"]["adapters"]["chiadaps"] == 2
        assert interval["inputs"]["adapters"]["adapter_requests_per_sec"] == 9000 / 1800
        assert interval["inputs"]["notify_delay"]["gets_attempted"] == 1531
    plan = load_plan(tmp_path / "plan.yaml")
    assert [variant.name for variant in plan.variants] == [
        "QMA1 on SYSA 2026-03-02 10:30:00", "QMA1 on SYSC 2026-03-02 10:30:00"]


def test_a_negative_counter_refuses_every_input_that_reads_it(tmp_path):
    """Request_Count -5 on one adapter row (the tool writes -1 for unset; -5 is damage):
    before, the rate was refused while the CPU per request came out 1.0."""
    folder = tmp_path / "smf"
    shutil.copytree(RAW, folder)
    lines = _lines(folder / "SMF-QCTADP.csv")
    lines[4] = lines[4].replace(",1,1800,", ",1,-5,")   # QMA1 10:30, Task_Index 1
    (folder / "SMF-QCTADP.csv").write_text("".join(lines), encoding="ascii")
    qma1 = one(smf_json(folder, "--interval", "2026-03-02T10:30"), "QMA1")
    refused = {r["input"]: r for r in qma1["refused"] if r["calculator"] == "adapters"}
    assert set(refused) == {"adapter_requests_per_sec", "adapter_elapsed_us",
                            "adapter_cpu_us"}
    for problem in refused.values():
        assert (problem["value"], problem["lines"], problem["columns"], problem["expects"]) \
            == ("-5", [5], ["Request_Count"], "expects a count or a time of 0 or more")
    assert qma1["inputs"]["adapters"]["chiadaps"] == 2


def test_rows_hold_only_the_columns_read_and_the_file_is_read_a_line_at_a_time(tmp_path):
    """100 copies of the sample's queue accounting rows (5 MB of some 500 cells a row):
    every cell of every row, with the whole file at once, took 50 times the file in Python
    objects; the import reads 14 columns of it, and takes about the file's size."""
    heading, *rows = (SAMPLE / "SMF-WQ.csv").read_text(encoding="latin-1").splitlines()
    big = tmp_path / "SMF-WQ.csv"
    big.write_text("\n".join([heading, *rows * 100]) + "\n", encoding="latin-1")
    read = feeds.columns_read(feeds.WQ)
    tracemalloc.start()
    try:
        table = tables.read_table(big, read)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(table.rows) == 100 * len(rows) and peak < 2 * big.stat().st_size, peak
    whole = tables.read_table(SAMPLE / "SMF-WQ.csv")
    assert [{column: row.cells[column] for column in read if column in row.cells}
            for row in whole.rows] == [row.cells for row in table.rows[:len(rows)]]
    assert {"Get_Count", "Total_Valid_Gets", "Get_CT(S)", "Scope", "Base_Name"} <= read


def test_what_the_channel_initiators_tasks_used_is_measured_beside_the_inputs():
    """raw/'s QMA1 at 10:30: adapter tasks 2 s + 0.7 s of CPU in 1,800 s, 0.0015 CPU s/s;
    the dispatchers' worked out here from the CSV by Python's own reader. Measured figures
    are no input: the calculators' inputs are as before."""
    interval = one(smf_json(RAW, "--interval", "2026-03-02T10:30:00"), "QMA1")
    assert interval["measured"]["chin_adapter_cpu"] == pytest.approx(2.7 / 1800, rel=1e-12)
    with (RAW / "SMF-QCTDSP.csv").open(encoding="ascii", newline="") as file:
        rows = [row for row in csv.DictReader(file) if row["QMgr"] == "QMA1"
                and row["Interval_Start (TIME)"].startswith("10:30")]
    seconds = sum(int(row["Task_CPU_Time(S)"]) + int(row["Task_CPU_Time(US)"]) / 1e6
                  for row in rows)
    assert interval["measured"]["chin_dispatcher_cpu"] == pytest.approx(seconds / 1800,
                                                                        rel=1e-12)
    assert interval["measured_from"]["chin_adapter_cpu"] == \
        "SMF-QCTADP.csv:Task_CPU_Time(S),Task_CPU_Time(US),Interval_Duration"
    assert "measured" not in interval["inputs"]
    status, text, _err = run_main("smf", RAW, "--qmgr", "QMA1")
    assert "chin_adapter_cpu 0.0015 CPU s/s SMF-QCTADP.csv:Task_CPU_Time(S), " \
           "Task_CPU_Time(US), Interval_Duration (lines 4-5)" in words(text)


def test_the_work_done_is_measured_beside_the_cpu_and_an_older_mqs_unset_counts_are_missing(
        tmp_path):
    """Message manager statistics written here in the tool's layout: QMZ1's 30 minutes with
    3,600 MQPUTs, 900 MQPUT1s, 5,400 MQGETs, 2,700 persistent messages put of 4 KB each and
    1,800 non-persistent of 1 KB; QMZ2 on an older MQ that counts no persistence (-1)."""
    (tmp_path / "SMF-QMST.csv").write_text(
        "Date,Time,LPAR,QMgr,QSG,MQ_Version,Interval_Start (DATE),Interval_Start (TIME),"
        "Interval_Duration,Get,Put,Put1,PersPuts,NonPersPuts,PersPutBytes,NonPersPutBytes,\n"
        '"2026/03/02","10:30:00,000000","SYSZ","QMZ1","",="100000","2026/03/02",'
        f'"10:00:00,000100",1800,5400,3600,900,2700,1800,{2700 * 4096},{1800 * 1024},\n'
        '"2026/03/02","10:30:00,000000","SYSZ","QMZ2","",="800000","2026/03/02",'
        '"10:00:00,000200",1800,60,30,0,-1,-1,-1,-1,\n', encoding="ascii")
    intervals = smf_json(tmp_path)
    measured = one(intervals, "QMZ1")["measured"]
    assert measured == {"mqput_per_sec": 2.0, "mqput1_per_sec": 0.5, "mqget_per_sec": 3.0,
                        "persistent_puts_per_sec": 1.5, "nonpersistent_puts_per_sec": 1.0,
                        "persistent_mb_per_sec": 2700 * 4096 / 1048576 / 1800,
                        "nonpersistent_mb_per_sec": 1800 * 1024 / 1048576 / 1800}
    older = one(intervals, "QMZ2")
    assert older["measured"] == {"mqput_per_sec": 30 / 1800, "mqput1_per_sec": 0.0,
                                 "mqget_per_sec": 60 / 1800}
    assert {(m["input"], m["reason"]) for m in older["missing"]} >= {
        ("persistent_puts_per_sec", "PersPuts is not in the data"),
        ("persistent_mb_per_sec", "PersPutBytes is not in the data")}
    status, out, _err = run_main("smf", "series", tmp_path, "--qmgr", "QMZ1")
    assert "  measured.persistent_mb_per_sec (MB/s)\n    peak 0.00585938 at 2026-03-02 " \
           "10:00:00" in out
    # a plan takes CPU only: the work done is no measured figure of a plan's variant
    path = tmp_path / "plan.yaml"
    path.write_text("mqcalc_plan: 1\nvariants:\n  a:\n    measured: {mqput_per_sec: 2}\n"
                    "    calculators: {connect: {}}\n  b: {like: a}\n", encoding="utf-8")
    status, _out, err = run_main("plan", path)
    assert status == 2 and "'mqput_per_sec' is not a measured figure (known: " \
                           "chin_adapter_cpu" in err


def test_the_peak_ranked_on_its_calculators_alone_is_the_peak_of_the_whole_import(tmp_path):
    """mqcalc smf --interval peak imports every interval for the calculators the peak is
    ranked by only, then the peaks whole: the same intervals, imported the same, as when
    every interval is imported whole (each fixture, and the sample with a shared queue)."""
    folders = [SAMPLE, RAW, OLD,
               sample_with_shared_queues(tmp_path / "shared", "ELKINSC.CLIENT.TEST")]
    for folder in folders:
        whole = choose(read_smf(folder).imported, None, PEAK)
        ranked = read_smf(folder, calculators=ranked_calculators()).imported
        assert {calculator for item in ranked for calculator in item.inputs} <= \
            ranked_calculators()
        assert in_full(choose(ranked, None, PEAK)) == whole
        assert len(whole) == len({(c.imported.interval.qmgr, c.imported.interval.lpar)
                                  for c in whole})
