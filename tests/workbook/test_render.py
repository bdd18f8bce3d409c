"""scripts/render_workbooks.py, the way to look at a workbook as a reader would: it prints
every sheet through LibreOffice to PDF and every page to PNG, showing the stored results."""
from __future__ import annotations

import importlib.util
import subprocess

import openpyxl
import pytest

import calc
from calc.cli import main
from calc.core.formatting import format_value
from calc.core.names import REPORT_SHEET as REPORT
from calc.core.names import sweep_sheet
from calc.workbook.overview import SHEET as OVERVIEW
from calc.workbook.plan_sheet import SHEET as PLAN
from calc.workbook.sources import SHEET as SOURCES
from calc.workbook.summary_block import ALL_CLEAR, SUMMARY_TITLE
from tests.compare import named_cell
from tests.conftest import CALCULATORS, REPO
from tests.libreoffice import convert
from tests.xlsx_typing import TypedCopies

SCRIPT = REPO / "scripts" / "render_workbooks.py"


def _script():
    spec = importlib.util.spec_from_file_location("render_workbooks", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.libreoffice
def test_every_page_becomes_a_picture_showing_the_stored_results(built, tmp_path):
    workbook = built / "connect.xlsx"
    pictures = _script().render([workbook], tmp_path, dpi=40)[workbook]
    pdf = tmp_path / "connect.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    pages = int(next(line.split()[-1] for line in info.stdout.splitlines()
                     if line.startswith("Pages:")))
    assert len(pictures) == pages >= 1
    for picture in pictures:
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    connect = calc.calculator("connect")
    cost = calc.evaluate("connect", {})["connect_cpu_us"]
    assert connect.title in text
    assert format_value(cost, connect.outputs["connect_cpu_us"].decimals) in text
    summary = text[text.index(SUMMARY_TITLE):text.index("Inputs")]
    assert ALL_CLEAR in " ".join(summary.split())
    for name in (connect.headline, *connect.key_results):
        output = connect.outputs[name]
        assert output.title in summary
        assert format_value(calc.evaluate("connect", {})[name], output.decimals) in summary


@pytest.mark.libreoffice
def test_a_broken_rule_prints_its_problem_and_no_figure_in_the_summary(built, tmp_path):
    """More successful MQGETs than attempts, typed into notify_delay and recalculated by
    LibreOffice, then printed: the summary says which rule is broken, in full, and shows
    no result."""
    book = openpyxl.load_workbook(built / "notify_delay.xlsx")
    typed = TypedCopies(built / "notify_delay.xlsx").write(tmp_path / "broken.xlsx", {
        "notify_delay": {named_cell(book["notify_delay"], "gets_successful").coordinate: 2000}})
    [pdf] = convert([typed], tmp_path / "out", tmp_path, recalculate=True, target="pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    summary = " ".join(text[text.index(SUMMARY_TITLE):text.index("Inputs")].split())
    rule = calc.calculator("notify_delay").checks[0]
    assert rule.problem.startswith("gets_successful expects no more than gets_attempted")
    assert rule.problem in summary
    headline = calc.evaluate("notify_delay", {})["cpu_per_successful_get_us"]
    assert f"{headline:.2f}" not in summary and "µs" in summary


def test_a_missing_workbook_is_refused(tmp_path, capsys):
    assert _script().main([str(tmp_path / "nope.xlsx"), "--out", str(tmp_path)]) == 2
    assert "no such workbook" in capsys.readouterr().err


PAGES_AT_MOST = 4
"""Pages a calculator's printed report (summary, inputs, results, notes) takes at most on
A4 or Letter (issue 41)."""
COMBINED_PAGES = 6 * len(CALCULATORS)
"""The combined workbook prints in fewer than six pages a calculator (issue 41: 299 for ten
calculators before it, 53 for ten when it was written, 65 for twelve)."""
SOURCES_PAGES = -(-sum(len(c.tables) + len(c.constants) for c in CALCULATORS) // 10)
"""Pages the combined workbook's Sources sheet takes at most: a page for every ten source
tables and constants it lists (10 pages for ten calculators' 141 figures, 14 for thirteen
calculators' 176; 40 for ten calculators when each passage stood in a column of its own)."""


def _pages_per_sheet(pdf) -> dict[str, int]:
    """Pages each sheet prints, by the sheet's name at the right of each page's header."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages: dict[str, int] = {}
    for page in text.split("\f"):
        header = next((line.split() for line in page.splitlines() if line.strip()), None)
        if header:
            pages[header[-1]] = pages.get(header[-1], 0) + 1
    return pages


@pytest.mark.libreoffice
def test_each_calculator_prints_its_report_in_a_few_pages(built, tmp_path):
    """The combined workbook printed by LibreOffice: each calculator sheet within its
    pages, each page under a header naming the sheet; the overview on a page for each ten
    calculators, each built what-if sheet on one or two, and the Sources sheet within
    :data:`SOURCES_PAGES`."""
    [pdf] = convert([built / "mqzcalc.xlsx"], tmp_path, tmp_path / "work", recalculate=False,
                    target="pdf")
    pages = _pages_per_sheet(pdf)
    for calculator in CALCULATORS:
        assert 1 <= pages[calculator.id] <= PAGES_AT_MOST, \
            (calculator.id, pages[calculator.id])
    assert pages[SOURCES] <= SOURCES_PAGES
    # a page holds ten calculators' lines (it did when there were ten); more go on to the
    # next under the repeated headers
    assert pages[OVERVIEW] <= -(-len(CALCULATORS) // 10)
    assert sum(pages.values()) < COMBINED_PAGES, pages
    for calculator in CALCULATORS:  # the built what-if rows: one page across, 49 rows at most
        assert pages[sweep_sheet(calculator.id)] <= 2, calculator.id


REPORT_PAGES = 2
"""Pages a plan workbook's Report sheet prints at most (issue 44: one page, two at most)."""
PLAN_PAGES = 3
"""Pages a plan's Plan sheet prints at most, its chart with it (issue 41: five, two of them
the blank rows kept for notes that did not apply)."""


@pytest.mark.libreoffice
def test_a_plans_sheet_prints_with_its_chart_in_a_few_pages(tmp_path):
    assert main(["build", "--plan", str(REPO / "examples" / "z16_encryption_ams.yaml"),
                 "--out", str(tmp_path)]) == 0
    [pdf] = convert([tmp_path / "z16_encryption_ams.xlsx"], tmp_path / "pdf",
                    tmp_path / "work", recalculate=False, target="pdf")
    pages = _pages_per_sheet(pdf)
    assert 2 <= pages[PLAN] <= PLAN_PAGES
    assert 1 <= pages[REPORT] <= REPORT_PAGES  # the one-page report, two at most
