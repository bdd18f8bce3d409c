"""The Report sheet, first in a plan workbook (issue 44, part 4): the one-page report live.
Its stored figures are the page's (``mqcalc report``); after a planner types a change and a
price, the independent evaluator and LibreOffice give the engine's figures and largest
changes for the changed plan."""
from __future__ import annotations

from datetime import date

import openpyxl
import pytest

from calc.cli.report_markdown import markdown
from calc.core.names import REPORT_SHEET
from calc.inputs.one_page import one_page
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from calc.inputs.runway import runway
from calc.workbook.plan_book import write_plan_workbook
from calc.workbook.plan_sheet import SHEET
from calc.workbook.report_sheet import PRICE
from tests.compare import agrees, named_cell
from tests.report_cells import PRICE_TYPED, expected, report_agrees
from tests.workbook.test_plan_workbook import (CHANGE, SAMPLE, changed, type_change,
                                               typed_with_price)
from tests.xlsx_oracle import WorkbookOracle


@pytest.fixture(scope="module")
def sample_book(tmp_path_factory):
    """The example plan's workbook, as mqcalc build --plan writes it."""
    return write_plan_workbook(tmp_path_factory.mktemp("report") / "plan.xlsx",
                               load_plan(SAMPLE), SAMPLE.name)


def test_the_report_sheet_comes_first_and_stores_the_pages_figures(sample_book):
    book = openpyxl.load_workbook(sample_book, data_only=True)
    assert book.sheetnames[:2] == [REPORT_SHEET, SHEET]
    sheet = book[REPORT_SHEET]
    result = evaluate_plan(load_plan(SAMPLE))
    for name, value in expected(result).items():
        stored = named_cell(sheet, name).value
        if name.startswith(("cost", "change.cost")):
            assert stored in ("", None), name  # no price until one is typed
        elif isinstance(value, str):  # an empty text result reads back as no value
            assert ("" if stored is None else stored) == value, name
        else:
            assert stored == pytest.approx(value, rel=1e-12), name
    assert named_cell(sheet, PRICE.id).value is None
    texts = [cell for row in sheet.iter_rows(values_only=True) for cell in row
             if isinstance(cell, str)]
    page = one_page(result, SAMPLE.name, runway(load_plan(SAMPLE), 0, date.today(), 0),
                    date.today())
    report = markdown(page)
    assert "+1.3948–+1.6918" in texts and "(+1.3948–+1.6918)" in report
    assert any(text.startswith("• z16 cost over z15 when spanning PUs: 0.943 to 1.1 times")
               for text in texts)


def test_the_report_sheet_follows_a_change_and_a_price(sample_book):
    """The independent evaluator, after the second variant's connect inputs and machine
    change and a price is typed: every live figure, change and largest change is the
    engine's for the changed plan."""
    plan = load_plan(SAMPLE)
    book = openpyxl.load_workbook(sample_book)
    oracle = WorkbookOracle.of(book)
    type_change(book, plan, 1, CHANGE, oracle.type_into)
    oracle.type_into(REPORT_SHEET, named_cell(book[REPORT_SHEET], PRICE.id).coordinate,
                     PRICE_TYPED)
    result = evaluate_plan(changed(plan, 1, **CHANGE))
    assert expected(result) != expected(evaluate_plan(plan))
    for name, value in expected(result).items():
        got = oracle.value(REPORT_SHEET, name)
        assert (got == value) if isinstance(value, str) else agrees(value, got), (name, got)


@pytest.mark.gnumeric
@pytest.mark.filterwarnings("ignore:Workbook contains no default style")
def test_gnumeric_gives_the_report_sheet_of_the_changed_plan(sample_book, tmp_path):
    """Gnumeric, a third application, recalculates the workbook with the change and the
    price typed (saved by openpyxl, so no stored result is left to fall back on): the
    Report sheet's live cells are the engine's for the changed plan."""
    from tests.gnumeric import recalculated

    plan = load_plan(SAMPLE)
    typed = tmp_path / "typed.xlsx"
    typed_with_price(sample_book, plan).save(typed)
    values = openpyxl.load_workbook(recalculated(typed, tmp_path), data_only=True)
    report_agrees(values[REPORT_SHEET], evaluate_plan(changed(plan, 1, **CHANGE)))
