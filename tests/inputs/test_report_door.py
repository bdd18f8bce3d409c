"""The PSET report door finished: the interval read from the report (the default said when it
gives none), several intervals, page sets counted only when the report marks them
encrypted, and buffer pools sized per pool. Expected figures are worked by hand from the
fixtures' lines, at the z15 costs the source publishes (2.7 µs a page written, 0.7 µs a
page of IMW or GET; 003_a65b9f47387b24ec.txt).

``fixtures/pset_mixed.txt`` is hand-built in the layout of the source's sample (the lines
the template reads), with an MQSMF interval heading: three page sets, PS01 and PS02 in
buffer pool 1, PS03 in buffer pool 2; PS02 not marked encrypted."""
from __future__ import annotations

import json
import math
import shutil

import pytest
import yaml

from calc import TemplateError
from calc.template.loader import load
from tests.cli.test_cli import mqcalc
from tests.conftest import REPO

FIXTURES = REPO / "tests" / "fixtures"
MIXED = FIXTURES / "pset_mixed.txt"
SAMPLE = FIXTURES / "pset_sample.txt"
WRITE, SINGLE = 2.7, 0.7  # z15 CPU µs per page written, per IMW or GET page

# (pages written, IMW pages, pages read) of each page set in pset_mixed.txt
PS01, PS02, PS03 = (16000, 10, 100), (4000, 0, 50), (30000, 20, 5)


def _cost_us(written: int, imw: int, read: int) -> float:
    return written * WRITE + imw * SINGLE + read * SINGLE


def _answer(*arguments: str) -> dict:
    completed = mqcalc("eval", "pageset_encryption", *arguments, "--json")
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def test_the_interval_line_gives_the_interval():
    [interval] = _answer("--pset-report", str(MIXED))["intervals"]
    assert interval["line"] == 2 and interval["inputs"] == {"interval_sec": 900}
    assert interval["notices"] == []
    assert {block["inputs"]["interval_sec"] for block in interval["blocks"]} == {900}
    counted_us = _cost_us(*PS01) + _cost_us(*PS03)  # 43,277 + 81,017.5 µs
    total = interval["total"]["outputs"]
    assert total["total_cpu_seconds"] == pytest.approx(counted_us / 1e6)
    assert total["cpu_seconds_per_sec"] == pytest.approx(counted_us / 1e6 / 900)


def test_only_page_sets_marked_encrypted_count_in_the_total():
    [interval] = _answer("--pset-report", str(MIXED))["intervals"]
    blocks = {block["block"]: block for block in interval["blocks"]}
    assert {name: (b["encrypted"], b["counted"]) for name, b in blocks.items()} == {
        "PS01": (True, True), "PS02": (False, False), "PS03": (True, True)}
    # PS02 still shows what encrypting it would cost, but adds nothing to the total
    assert blocks["PS02"]["outputs"]["total_cpu_seconds"] == pytest.approx(_cost_us(*PS02) / 1e6)
    total = interval["total"]
    assert total["blocks"] == ["PS01", "PS03"] and total["not_counted"] == {"PS02": "not encrypted"}
    assert total["inputs"]["write_pages"] == PS01[0] + PS03[0]
    assert total["inputs"]["get_pages"] == PS01[2] + PS03[2]
    assert total["outputs"]["write_cpu_us"] == pytest.approx((PS01[0] + PS03[0]) * WRITE)


def test_buffer_pools_are_sized_per_pool():
    [interval] = _answer("--pset-report", str(MIXED))["intervals"]
    pools = {pool["pool"]: pool for pool in interval["pools"]}
    assert {name: pool["blocks"] for name, pool in pools.items()} == {
        "1": ["PS01", "PS02"], "2": ["PS03"]}
    for name, pages, count in (("1", 20000 + 10000, 2), ("2", 300000, 1)):
        pool = pools[name]
        oversized = math.ceil(pages * 105 / 100)  # 105% of the page sets the pool holds
        assert pool["inputs"]["pageset_pages"] == pages
        assert pool["inputs"]["pagesets_in_bufferpool"] == count
        assert pool["outputs"] == {
            "oversized_bufferpool_pages": oversized, "oversizing_helps": count == 1,
            "write_start_buffers": math.ceil(oversized * 85 / 100),
            "imw_start_buffers": math.ceil(oversized * 95 / 100)}
    assert pools["1"]["outputs"]["oversized_bufferpool_pages"] == 31500
    assert pools["2"]["outputs"]["imw_start_buffers"] == 299250
    # each page set knows how many share its pool
    assert [b["inputs"]["pagesets_in_bufferpool"] for b in interval["blocks"]] == [2, 2, 1]
    # the total costs; it sizes no pool
    assert "oversized_bufferpool_pages" not in interval["total"]["outputs"]
    assert "pageset_pages" not in interval["total"]["inputs"]


TABLE = """\
Interval from 2026/05/21,16:00:00 to 16:15:00, 900 s (line 2)
                                      Immediate-              Extra
  Page  Buffer            Write       write       Read        CPU      Share of
  set   pool   Encrypted  encryption  encryption  decryption  busy     the LPAR
                          CPU ms      CPU µs      CPU µs      CPU s/s  % of LPAR
  PS01  1      yes              43.2         7.0        70.0  0.00005   0.001603
  PS02  1      no               10.8         0.0        35.0  0.00001   0.000401
  PS03  2      yes              81.0        14.0         3.5  0.00009   0.003001
  Total                        124.2        21.0        73.5  0.00014   0.004604
  (every figure above: A)
  Total: PS01, PS03 (not encrypted, not counted: PS02)

                             Over-
                             sizing
                             avoids     Buffers in    Buffers in
  Buffer Page  Over-sized    immediate  use when      use when IMW
  pool   sets  buffer pool   writes     writes start  starts
               4 KB buffers             4 KB buffers  4 KB buffers
  1      2           31,500         no        26,775        29,925
  2      1          315,000        yes       267,750       299,250
"""
"""The interval of pset_mixed.txt as the command line prints it: its times, then a table of
the page sets (PS01: 16,000 pages written at 2.7 µs = 43.2 CPU ms, 10 IMW pages and 100
read at 0.7 µs = 7.0 and 70.0 CPU µs; 43.2 + 0.007 + 0.07 ms over 900 s = 0.00005 CPU s/s)
and their total (PS01 and PS03: PS02 is not encrypted), then one of the buffer pools (105%
of 20,000 + 10,000 pages = 31,500)."""


def test_readable_output_is_a_table_per_interval_with_its_times():
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(MIXED))
    assert completed.returncode == 0, completed.stderr
    out = completed.stdout
    assert TABLE in out
    assert "notice:" not in out
    assert max(len(line) for line in TABLE.splitlines()) <= 80


def test_a_realistic_report_prints_each_text_once_and_its_json_carries_the_times(tmp_path):
    """Two intervals of four page sets (the issue's 431 lines): a table per interval, the
    measured machine once, each note once an interval."""
    interval = MIXED.read_text(encoding="utf-8")
    fourth = "\n".join(line.replace("PS03", "PS04") for line in interval.splitlines()[18:])
    later = interval.replace("16:15:00", "16:30:00").replace("16:00:00", "16:15:00")
    report = tmp_path / "day.txt"
    report.write_text(f"{interval}{fourth}\n{later}{fourth}\n", encoding="utf-8")
    out = mqcalc("eval", "pageset_encryption", "--pset-report", str(report)).stdout
    assert out.count("measured on:") == 1
    assert out.count("Interval from ") == 2
    assert "Interval from 2026/05/21,16:15:00 to 16:30:00, 900 s" in out
    assert out.count("Give the MSU rating per processor") == 2
    assert len(out.splitlines()) < 120
    first, second = _answer("--pset-report", str(report))["intervals"]
    assert (first["start"], first["end"]) == ("2026/05/21,16:00:00.000000",
                                              "2026/05/21,16:15:00.000000")
    assert (second["start"], second["end"]) == ("2026/05/21,16:15:00.000000",
                                                "2026/05/21,16:30:00.000000")
    assert [b["block"] for b in second["blocks"]] == ["PS01", "PS02", "PS03", "PS04"]


def test_a_report_without_an_interval_line_says_the_default():
    [interval] = _answer("--pset-report", str(SAMPLE))["intervals"]
    assert interval["line"] is None
    [notice] = interval["notices"]
    assert "no interval line" in notice and "1,800 s, the default" in notice
    total = interval["total"]["outputs"]
    assert total["cpu_seconds_per_sec"] == pytest.approx(total["total_cpu_seconds"] / 1800)
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(SAMPLE))
    assert "notice: the report gives no interval line" in completed.stdout


def test_an_interval_given_on_the_command_line_is_said_so():
    [interval] = _answer("interval_sec=60", "--pset-report", str(SAMPLE))["intervals"]
    [notice] = interval["notices"]
    assert "60 s, as given on the command line" in notice
    assert interval["blocks"][0]["inputs"]["interval_sec"] == 60


SECOND_INTERVAL = """From 2026/05/21,16:15:00.000000 to 2026/05/21,16:45:00.000000 duration 1800.5 seconds
PS01 BP   1, Pages     20000, Size 78 MB, Pageset is encrypted,
PS01 Write:         100,    1600,         1500,          16.0
PS01 IMW  :           0,       0,            0,           0.0
PS01 GET  :           0,       0,            0,           0.0
"""


def test_each_interval_is_evaluated_on_its_own(tmp_path):
    report = tmp_path / "two.txt"
    report.write_text(MIXED.read_text(encoding="utf-8") + SECOND_INTERVAL, encoding="utf-8")
    first, second = _answer("--pset-report", str(report))["intervals"]
    assert [b["block"] for b in first["blocks"]] == ["PS01", "PS02", "PS03"]
    assert second["line"] == 27 and second["inputs"] == {"interval_sec": 1800.5}
    [block] = second["blocks"]
    assert block["block"] == "PS01" and block["line"] == 28
    assert second["total"]["outputs"]["cpu_seconds_per_sec"] == pytest.approx(
        1600 * WRITE / 1e6 / 1800.5)
    [pool] = second["pools"]
    assert pool["inputs"]["pagesets_in_bufferpool"] == 1  # PS02 is not in this interval


def test_a_report_marking_no_page_set_encrypted_counts_all_and_says_so(tmp_path):
    report = tmp_path / "before.txt"
    report.write_text(MIXED.read_text(encoding="utf-8").replace(" Pageset is encrypted,", ""),
                      encoding="utf-8")
    [interval] = _answer("--pset-report", str(report))["intervals"]
    assert [b["counted"] for b in interval["blocks"]] == [True, True, True]
    assert interval["total"]["not_counted"] == {}
    [notice] = interval["notices"]
    assert "no page set is marked 'Pageset is encrypted'" in notice
    assert interval["total"]["outputs"]["total_cpu_seconds"] == pytest.approx(
        (_cost_us(*PS01) + _cost_us(*PS02) + _cost_us(*PS03)) / 1e6)


BROKEN = {
    "interval line without its duration": (
        lambda text: text.replace("duration 900.000000 seconds", "duration lots"),
        ":2: this interval line does not follow the layout 'From yyyy/mm/dd"),
    "interval of no length": (
        lambda text: text.replace("duration 900.000000", "duration 0"), ":2: pageset_encryption: input interval_sec='0': expects a number from 0.001"),
    "interval line with no page set after it": (
        lambda text: text + SECOND_INTERVAL.splitlines()[0] + "\n",
        ":27: this interval line is followed by no MQSMF PSET report lines"),
    "a page set twice in one interval": (
        lambda text: text + SECOND_INTERVAL.split("\n", 1)[1],
        ":27: PS01 has a second header line in one interval (an interval starts with a line "
        "such as 'From"),
    "a header without its buffer pool": (
        lambda text: text.replace("PS03 BP   2,", "PS03 BP ,"), ":19: this header line does not follow the layout 'PSnn BP n, Pages n"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_broken_report_exits_2_with_the_line(tmp_path, case):
    change, expected = BROKEN[case]
    report = tmp_path / "broken.txt"
    report.write_text(change(MIXED.read_text(encoding="utf-8")), encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2 and completed.stdout == ""
    [line] = completed.stderr.splitlines()
    assert line.startswith(f"mqcalc: {report}{expected}"), line


@pytest.mark.parametrize("name", ["interval_sec", "pagesets_in_bufferpool"])
def test_a_value_the_report_gives_is_refused_on_the_command_line(name):
    completed = mqcalc("eval", "pageset_encryption", f"{name}=60", "--pset-report", str(MIXED))
    assert completed.returncode == 2
    [line] = completed.stderr.splitlines()
    assert f"the report gives {name}" in line


TEMPLATE = REPO / "templates" / "pageset_encryption.yaml"


def _changed(tmp_path, change):
    document = yaml.safe_load(TEMPLATE.read_text(encoding="utf-8"))
    change(document["report"])
    shutil.copytree(REPO / "templates" / "parts", tmp_path / "parts")
    path = tmp_path / "pageset_encryption.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


SCHEMA = {
    "report.total": (lambda r: r.update(total=["write_pages"]), "must be a mapping"),
    "report.pool.show": (lambda r: r["pool"].update(show=["pages"]), "'pages' must be one of"),
    "report.pool.count": (lambda r: r["pool"].update(count="machine"), "'machine' must be one of"),
    "report.lines": (lambda r: r["lines"]["header"].update(
        pattern=r["lines"]["header"]["pattern"].replace("(?P<encrypted>", "(")),
        "no line's pattern has the group encrypted"),
    "report.interval.pattern": (
        lambda r: r["interval"].update(pattern=r"(?P<block>PS\d+) (?P<seconds>\d+)"),
        "group block is not an input"),
    "report.flag.unset": (lambda r: r["flag"].pop("unset"), "is required"),
}


@pytest.mark.parametrize("key", SCHEMA, ids=list(SCHEMA))
def test_the_report_section_is_checked_when_loaded(tmp_path, key):
    change, problem = SCHEMA[key]
    with pytest.raises(TemplateError) as refused:
        load(_changed(tmp_path, change))
    message = str(refused.value)
    assert f": {key}" in message and problem in message, message
