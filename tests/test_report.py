"""Reading an MQSMF PSET report: the source's sample, several page sets, and broken reports,
each refused with exit status 2 and the line that is wrong."""
from __future__ import annotations

import json

import pytest

import calc
from tests.conftest import REPO
from tests.test_cli import mqcalc

SAMPLE = REPO / "tests" / "fixtures" / "pset_sample.txt"
SECOND = """PS02 BP   2, Pages   2000, Size 8 MB, Pageset is encrypted,
PS02 Type :I/O requests,   Pages, Avg I/O time, pages per I/O
PS02 Write:         100,    1000,          900,          10.0
PS02 IMW  :           5,       5,          300,           1.0
PS02 GET  :          50,      50,          200,           1.0
"""


def test_the_sources_sample_report_gives_its_worked_example():
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(SAMPLE), "--json")
    assert completed.returncode == 0, completed.stderr
    answer = json.loads(completed.stdout)
    [block] = answer["blocks"]
    assert block["block"] == "PS01" and block["line"] == 1
    assert block["inputs"]["write_requests"] == 54739 and block["inputs"]["pageset_pages"] == 1040334
    outputs = block["outputs"]
    assert outputs["write_cpu_us"] == pytest.approx(875790 * 2.7)
    assert outputs["imw_cpu_us"] == pytest.approx(14) and outputs["get_cpu_us"] == pytest.approx(0.7)
    assert answer["total"]["outputs"] == outputs


def test_every_page_set_is_evaluated_and_totalled(tmp_path):
    report = tmp_path / "two.txt"
    report.write_text(SAMPLE.read_text(encoding="utf-8") + "\n" + SECOND, encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "machine=z14", "interval_sec=60",
                       "--pset-report", str(report), "--json")
    assert completed.returncode == 0, completed.stderr
    answer = json.loads(completed.stdout)
    assert [b["block"] for b in answer["blocks"]] == ["PS01", "PS02"]
    second = answer["blocks"][1]["outputs"]
    assert second["write_cpu_us"] == pytest.approx(1000 * 3.2)
    assert second["pages_per_write_io"] == pytest.approx(10)
    total = answer["total"]
    assert total["inputs"]["write_pages"] == 875790 + 1000
    assert total["outputs"]["total_cpu_seconds"] == pytest.approx(
        sum(b["outputs"]["total_cpu_seconds"] for b in answer["blocks"]))
    assert total["outputs"]["cpu_seconds_per_sec"] == pytest.approx(
        total["outputs"]["total_cpu_seconds"] / 60)


def test_readable_report_output_names_each_page_set():
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(SAMPLE))
    assert completed.returncode == 0
    assert "PS01 (line 1)" in completed.stdout and "Total of 1: PS01" in completed.stdout


BROKEN = {
    "write line with a word for a number": (
        lambda text: text.replace("54739,", "lots,"), ":6:", "Write"),
    "write line missing a field": (
        lambda text: text.replace("         1828,          16.0", ""), ":6:", "Write"),
    "no GET line": (
        lambda text: "\n".join(l for l in text.splitlines() if "GET" not in l), ":1:", "get"),
    "second IMW line": (
        lambda text: text + "PS01 IMW  :          20,      20,          358,           1.0\n",
        ":9:", "second imw"),
    "not a PSET report": (lambda text: "hello\nworld\n", "no MQSMF PSET report lines", ""),
    "empty file": (lambda text: "", "no MQSMF PSET report lines", ""),
    "page count out of range": (
        lambda text: text.replace("875790", "9" * 20), ":6:", "write_pages"),
    "page count too long for int()": (
        lambda text: text.replace("875790", "9" * 5000), ":6:", "write_pages='999"),
    "page count in Arabic-Indic digits": (
        lambda text: text.replace("875790", "\u0668\u0667"), ":6:", "write_pages='\u0668\u0667'"),
    "negative page count": (lambda text: text.replace("875790", "-5"), ":6:", "Write"),
    "NaN page count": (lambda text: text.replace("875790", "nan"), ":6:", "Write"),
    "page set of no pages": (lambda text: text.replace("1040334", "0"), ":1:",
                             "pageset_pages='0': expects a whole number from 1"),
    "a column too many": (lambda text: text.replace("16.0", "16.0, 7"), ":6:", "Write"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_broken_report_exits_2_with_the_line(tmp_path, case):
    change, where, what = BROKEN[case]
    report = tmp_path / "broken.txt"
    report.write_text(change(SAMPLE.read_text(encoding="utf-8")), encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2
    [line] = completed.stderr.strip().splitlines()
    assert where in line and what in line and "Traceback" not in completed.stderr


@pytest.mark.parametrize("arguments", [
    ["eval", "pageset_encryption", "--pset-report", "/nonexistent/report.txt"],
    ["eval", "connect", "--pset-report", str(SAMPLE)],
    ["eval", "pageset_encryption", "write_pages=5", "--pset-report", str(SAMPLE)],
])
def test_report_misuse_exits_2(arguments):
    completed = mqcalc(*arguments)
    assert completed.returncode == 2 and len(completed.stderr.strip().splitlines()) == 1


def test_items_whose_total_leaves_the_domain_name_the_file(tmp_path):
    at_most = SAMPLE.read_text(encoding="utf-8").replace("875790", "1000000000000")
    report = tmp_path / "two.txt"
    report.write_text(at_most + at_most.replace("PS01", "PS02"), encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr == (f"mqcalc: {report}: the total of its 2 items: "
                                "pageset_encryption: input write_pages=2000000000000: expects "
                                "a whole number from 0 to 1,000,000,000,000\n")


def test_a_report_not_in_utf8_is_refused_naming_it(tmp_path):
    report = tmp_path / "latin1.txt"
    report.write_bytes(SAMPLE.read_text(encoding="utf-8").replace("\u2026", "\xe9")
                       .encode("latin-1"))
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2
    assert completed.stderr.startswith(f"mqcalc: {report}: cannot be read as a text report")
    assert len(completed.stderr.splitlines()) == 1


def test_binary_file_is_refused(tmp_path):
    report = tmp_path / "binary.txt"
    report.write_bytes(bytes(range(256)))
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2 and "cannot be read" in completed.stderr


def test_only_calculators_with_a_report_offer_the_option():
    assert [c.id for c in calc.catalogue() if c.report] == ["pageset_encryption"]
