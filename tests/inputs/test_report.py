"""Reading an MQSMF PSET report: the source's sample, several page sets, and broken reports,
each refused with exit status 2 and the line that is wrong."""
from __future__ import annotations

import json

import pytest

import calc
from calc import engine
from calc.inputs import report_eval
from calc.inputs.report import read_report
from tests.cli.test_cli import mqcalc
from tests.conftest import REPO

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
    [interval] = json.loads(completed.stdout)["intervals"]
    [block] = interval["blocks"]
    assert block["block"] == "PS01" and block["line"] == 1
    assert block["inputs"]["write_requests"] == 54739 and block["inputs"]["pageset_pages"] == 1040334
    outputs = block["outputs"]
    assert outputs["write_cpu_us"] == pytest.approx(875790 * 2.7)
    assert outputs["imw_cpu_us"] == pytest.approx(14) and outputs["get_cpu_us"] == pytest.approx(0.7)
    total = interval["total"]["outputs"]
    assert total and total == {name: outputs[name] for name in total}


def test_every_page_set_is_evaluated_and_totalled(tmp_path):
    report = tmp_path / "two.txt"
    report.write_text(SAMPLE.read_text(encoding="utf-8") + "\n" + SECOND, encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "machine=z14", "interval_sec=60",
                       "--pset-report", str(report), "--json")
    assert completed.returncode == 0, completed.stderr
    [answer] = json.loads(completed.stdout)["intervals"]
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
    rows = completed.stdout.splitlines()
    assert any(row.startswith("  PS01  1      yes ") for row in rows)
    assert "  Total: PS01" in rows


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


def test_a_total_past_one_items_maximum_is_computed(tmp_path):
    most = calc.calculator("pageset_encryption").inputs["write_pages"].max
    at_most = SAMPLE.read_text(encoding="utf-8").replace("875790", str(most))
    report = tmp_path / "two.txt"
    report.write_text(at_most + at_most.replace("PS01", "PS02"), encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report), "--json")
    assert completed.returncode == 0, completed.stderr
    [answer] = json.loads(completed.stdout)["intervals"]
    assert [block["inputs"]["write_pages"] for block in answer["blocks"]] == [most, most]
    total = answer["total"]
    assert total["inputs"]["write_pages"] == 2 * most
    assert total["outputs"]["write_cpu_us"] == pytest.approx(2 * most * 2.7)  # 2.7 µs a page


def test_a_byte_order_mark_does_not_hide_the_first_header(tmp_path):
    report = tmp_path / "bom.txt"
    second = SECOND.replace("2000,", "5000,")
    report.write_bytes(b"\xef\xbb\xbf" + (SAMPLE.read_text(encoding="utf-8") + second)
                       .encode("utf-8"))
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report), "--json")
    assert completed.returncode == 0, completed.stderr
    [answer] = json.loads(completed.stdout)["intervals"]
    assert [block["inputs"]["pageset_pages"] for block in answer["blocks"]] == [1040334, 5000]
    assert [pool["inputs"]["pageset_pages"] for pool in answer["pools"]] == [1040334, 5000]


def test_a_block_without_its_header_is_refused_not_given_a_default(tmp_path):
    report = tmp_path / "headless.txt"
    report.write_text(SAMPLE.read_text(encoding="utf-8") + SECOND.split("\n", 1)[1],
                      encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr == f"mqcalc: {report}:10: PS02 lacks its header line(s)\n"


@pytest.mark.parametrize("separator", ["\f", "\v", "\x1c", "\x85", "\u2028"])
def test_line_numbers_count_only_the_line_ends_editors_count(tmp_path, separator):
    report = tmp_path / "separated.txt"
    text = SAMPLE.read_text(encoding="utf-8").replace("checkpoint        875678",
                                                       f"checkpoint{separator}875678")
    report.write_text(text.replace("54739,", "lots,"), encoding="utf-8")
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2
    assert completed.stderr.startswith(f"mqcalc: {report}:6: this write line")


def test_a_report_past_its_bound_is_refused_unread(tmp_path):
    from calc.inputs.report import SIZE_LIMIT
    report = tmp_path / "huge.txt"
    with report.open("wb") as handle:
        handle.truncate(SIZE_LIMIT + 1)  # sparse: no disk or time spent
    completed = mqcalc("eval", "pageset_encryption", "--pset-report", str(report))
    assert completed.returncode == 2
    assert completed.stderr == f"mqcalc: {report}: is larger than 3 MB, the most mqcalc " \
                               "reads of such a file\n"


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


def test_pools_of_the_same_size_share_one_compiled_calculator(tmp_path, monkeypatch):
    """Three intervals of four pools of one page set each: the pools' widened domains are
    one calculator, the totals' another, each compiled once (not 15 times)."""
    block = SAMPLE.read_text(encoding="utf-8")
    intervals = "".join(
        f"From 2026/05/21,16:{15 * n:02d}:00.000000 to 2026/05/21,16:{15 * n + 14:02d}:00.000000 "
        "duration 900.000000 seconds\n"
        + "".join(block.replace("PS01", f"PS0{p}").replace("BP   1", f"BP   {p}") for p in range(4))
        for n in range(3))
    report = tmp_path / "pools.txt"
    report.write_text(intervals, encoding="utf-8")
    calculator = calc.calculator("pageset_encryption")
    compiled = []
    compile_calculator = engine.compile_calculator
    engine.forget_templates()
    monkeypatch.setattr(engine, "compile_calculator",
                        lambda c: compiled.append(c) or compile_calculator(c))
    evaluated = report_eval.evaluate(calculator, read_report(calculator, report), {}, report)
    assert [len(each.pools) for each in evaluated] == [4, 4, 4]
    widened = [c for c in compiled if c.inputs != calculator.inputs]
    assert len(widened) == 1  # the totals' (a pool of one page set is the template's own)
    assert len(compiled) <= 2
