"""A plan with an input given as a range, as a workbook (issue 44): each variant's
calculator sheet holds the range's low and high beside the input, live, and the Report
sheet's lows and highs take the range as the engine takes it, one doubt at the same end in
every variant that gives it. Checked by the formula oracle (tests/xlsx_oracle.py),
LibreOffice and Gnumeric, and read back by ``plan --from-workbook``."""
from __future__ import annotations

import openpyxl
import pytest

from calc.cli import main
from calc.core.names import REPORT_SHEET
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import TOTAL, evaluate_plan
from calc.inputs.workbook.plan_reader import read_plan_workbook
from calc.workbook.report_sheet import PRICE
from tests.compare import agrees, formula_disagreements, named_cell
from tests.gnumeric import recalculated
from tests.inputs.test_plan_ranges import RANGED, connect_total
from tests.libreoffice import convert
from tests.report_cells import PRICE_TYPED, expected
from tests.xlsx_oracle import WorkbookOracle

SHEETS = ("today.connect", "proposed.connect")
"""The two variants' connect sheets."""


@pytest.fixture(scope="module")
def ranged_plan(tmp_path_factory):
    """The plan file and its workbook, as ``mqcalc build --plan`` writes it."""
    folder = tmp_path_factory.mktemp("ranged-plan")
    path = folder / "ranged.yaml"
    path.write_text(RANGED, encoding="utf-8")
    assert main(["build", "--plan", str(path), "--out", str(folder / "out")]) == 0
    return path, folder / "out" / "ranged.xlsx"


def test_each_variant_sheet_holds_the_range_and_the_report_its_ends(ranged_plan):
    """800..1200 connects a second: both variants' connect sheets hold 800 and 1,200 beside
    1,000; the Report sheet stores the engine's figures, lows and highs: today's total runs
    from connect at 800 to connect at 1,200."""
    path, book_path = ranged_plan
    formulas = openpyxl.load_workbook(book_path)
    book = openpyxl.load_workbook(book_path, data_only=True)
    for title in SHEETS:
        sheet = book[title]
        sheet.defined_names = formulas[title].defined_names
        assert [named_cell(sheet, name).value for name in (
            "low.connects_per_sec", "connects_per_sec", "high.connects_per_sec")] == [
            800, 1000, 1200]
    result = evaluate_plan(load_plan(path))
    today = result.variants[0]
    assert today.ranges[TOTAL] == pytest.approx((connect_total(800, True), connect_total(1200, True)))
    report = book[REPORT_SHEET]
    for name, value in expected(result).items():
        stored = named_cell(report, name).value
        if name.startswith(("cost", "change.cost")):
            assert stored in ("", None), name  # no price until one is typed
        else:
            assert (stored == value) if isinstance(value, str) else agrees(value, stored), name


def test_the_report_follows_a_range_typed_over_in_every_variant(ranged_plan):
    """The range typed as 600..1500 in both variants' sheets and a price typed: every live
    figure of the Report sheet is the engine's for the plan with 600..1000..1500."""
    path, book_path = ranged_plan
    book = openpyxl.load_workbook(book_path)
    oracle = WorkbookOracle.of(book)
    for title in SHEETS:
        for name, value in (("low.connects_per_sec", 600), ("high.connects_per_sec", 1500)):
            oracle.type_into(title, named_cell(book[title], name).coordinate, value)
    oracle.type_into(REPORT_SHEET, named_cell(book[REPORT_SHEET], PRICE.id).coordinate,
                     PRICE_TYPED)
    changed = path.with_name("changed.yaml")
    changed.write_text(RANGED.replace("800..1200", "600..1000..1500"), encoding="utf-8")
    result = evaluate_plan(load_plan(changed))
    assert result.variants[0].ranges[TOTAL] == pytest.approx(
        (connect_total(600, True), connect_total(1500, True)))
    for name, value in expected(result).items():
        got = oracle.value(REPORT_SHEET, name)
        assert (got == value) if isinstance(value, str) else agrees(value, got), (name, got)


def test_plan_from_workbook_reads_the_ranges_back(ranged_plan):
    path, book_path = ranged_plan
    read = read_plan_workbook(book_path)
    assert [variant.ranges for variant in read.plan.variants] == [
        {"connect": {"connects_per_sec": "800..1000..1200"}}] * 2
    assert read.figures == [] and all(not sheet.disagreements for sheet in read.sheets)
    assert read.result.variants[0].ranges == evaluate_plan(load_plan(path)).variants[0].ranges


@pytest.mark.libreoffice
def test_libreoffice_recalculates_the_ranged_plan_to_the_engine(ranged_plan, tmp_path):
    _, book_path = ranged_plan
    [again] = convert([book_path], tmp_path / "out", tmp_path, recalculate=True)
    found, compared = formula_disagreements(book_path, again)
    assert found == [] and compared > 500


@pytest.mark.gnumeric
@pytest.mark.filterwarnings("ignore:Workbook contains no default style")
def test_gnumeric_recalculates_the_ranged_plan_to_the_engine(ranged_plan, tmp_path):
    _, book_path = ranged_plan
    found, compared = formula_disagreements(book_path, recalculated(book_path, tmp_path))
    assert found == [] and compared > 500
