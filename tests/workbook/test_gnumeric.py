"""Gnumeric, a third application beside LibreOffice and the oracle, recalculates the
workbooks (tests/gnumeric.py): every formula cell of every built workbook to the result the
build stored, and workbooks of drawn inputs, their stored results dropped, to the engine."""
from __future__ import annotations

import openpyxl
import pytest

import calc
from calc.core.names import RANGE_ENDS, STATUS, range_name, sweep_sheet
from calc.cli import main
from calc.workbook import write_workbook
from calc.workbook.summary_block import ALL_CLEAR
from tests import sweep_rows
from tests.cases import spread_cases
from tests.compare import agrees, formula_disagreements, named_cell, ranged
from tests.conftest import CALCULATORS
from tests.gnumeric import recalculated, sheet_names
from tests.input_cells import cell_values
from tests.strategies import broken_checks
from tests.xlsx_typing import TypedCopies

pytestmark = [pytest.mark.gnumeric,
              # Gnumeric's xlsx names no default cell style; openpyxl says it supplies one
              pytest.mark.filterwarnings("ignore:Workbook contains no default style")]

DRAWN_ROWS = 40
"""Random rows of each drawn sweep, after the defaults and every input's edges."""


def test_gnumeric_recalculates_every_built_workbook_to_its_stored_results(built, tmp_path):
    compared = 0
    for path in sorted(built.glob("*.xlsx")):
        found, count = formula_disagreements(path, recalculated(path, tmp_path))
        assert found == [], path.name
        compared += count
    assert compared > 20_000


def test_gnumeric_reads_every_sheets_print_titles(built, tmp_path):
    """Each printed sheet's repeated rows (or columns) as Gnumeric reads them: a range, not
    the error it makes of rows and columns repeated together (``'s'!$A:$A,'s'!$5:$8``, one
    expression of two ranges), both in the built workbooks and in a sweep of five varied
    inputs, which needs pages across."""
    wide = tmp_path / "wide.xlsx"
    assert main(["sweep", "adapters", "--vary", "chiadaps=8,16,30", "--vary", "processors=2,4,8",
                 "--vary", "adapter_requests_per_sec=1000,5000", "--vary", "machine=z15,z16",
                 "--vary", "workload_rni=low,high", "--out", str(wide)]) == 0
    for path in (built / "mqzcalc.xlsx", wide):
        titled = {sheet.title: sheet.print_title_rows or sheet.print_title_cols
                  for sheet in openpyxl.load_workbook(path).worksheets}
        read = sheet_names(path, tmp_path)
        for title, repeated in titled.items():
            if repeated:
                assert ":" in read[title]["Print_Titles"], (path.name, title)
                assert "error(" not in read[title]["Print_Titles"], (path.name, title)
        assert sum(map(bool, titled.values())) >= (1 if path == wide else 11)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_gnumeric_recalculates_drawn_inputs_to_the_engine(tmp_path, calculator):
    """A workbook with a drawn case on its calculator sheet and a what-if row for the
    defaults, each input's edges and random inputs (the rules between inputs kept or not),
    each result's low and high beside them, every stored result dropped: Gnumeric's
    figures are the engine's."""
    rows = [{**calculator.defaults(), **case}
            for case in spread_cases(calculator, "gnumeric", DRAWN_ROWS)]
    case = next(row for row in rows[::-1] if not broken_checks(calculator, row))
    path = write_workbook(tmp_path / f"{calculator.id}.xlsx", [calculator], {calculator.id: {}},
                          {calculator.id: rows}, ranged=True)
    book = openpyxl.load_workbook(path)
    typed = {named_cell(book[calculator.id], name).coordinate: value
             for name, value in cell_values(calculator, case).items()}
    unstored = TypedCopies(path).write(tmp_path / "unstored.xlsx", {calculator.id: typed})
    ours = openpyxl.load_workbook(recalculated(unstored, tmp_path / "out"), data_only=True)
    sheet = ours[calculator.id]
    sheet.defined_names = book[calculator.id].defined_names
    assert named_cell(sheet, STATUS).value == ALL_CLEAR
    result = calc.run(calculator.id, case)
    for name, expected in result.outputs.items():
        assert agrees(expected, named_cell(sheet, name).value), (name, case)
    for name, ends in ranged(calculator, result).items():
        found = tuple(named_cell(sheet, range_name(end, name)).value for end in RANGE_ENDS)
        assert all(map(agrees, ends, found)), (name, case, found, ends)
    what_if = ours[sweep_sheet(calculator.id)]
    assert len(sweep_rows.rows(what_if)) == len(rows)
    assert sweep_rows.disagreements(calculator, what_if, ranged=True) == []
