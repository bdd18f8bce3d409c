"""A sweep workbook's low and high columns (``mqcalc sweep --ranges --out FILE.xlsx``,
issue 44): where they stand, what they store, and, typed over, what the workbook's own
formulas give (tests/xlsx_oracle.py) against the engine. LibreOffice and Gnumeric
recalculate them in their own tests (the long sweeps, the drawn rows)."""
from __future__ import annotations

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.cli import main
from calc.core.model import NUMBER
from calc.core.names import RANGE_ENDS, range_name, sweep_sheet
from calc.workbook import write_workbook
from calc.workbook.sweep_range_columns import corner_id
from calc.workbook.sweep_sheet import GROUPS, NAMES
from tests import sweep_rows
from tests.cases import spread_cases
from tests.conftest import CALCULATORS
from tests.strategies import any_inputs
from tests.xlsx_oracle import WorkbookOracle

SPREAD = [calculator for calculator in CALCULATORS if calculator.spreads]
ROWS = 12
"""Random rows of each ranged sweep, after the defaults and every input's edges."""


@pytest.fixture(scope="module")
def ranged_book(tmp_path_factory):
    """One workbook of every calculator with spreads, each sweep sheet ranged."""
    path = tmp_path_factory.mktemp("ranged") / "ranged.xlsx"
    rows = {c.id: [{**c.defaults(), **case} for case in spread_cases(c, "ranged", ROWS)]
            for c in SPREAD}
    return write_workbook(path, SPREAD, sweeps=rows, ranged=True)


@pytest.fixture(scope="module")
def oracle(ranged_book):
    return WorkbookOracle.of(openpyxl.load_workbook(ranged_book))


@pytest.fixture(scope="module")
def layout(ranged_book):
    """Each ranged sweep sheet's columns (by id) and scenario rows."""
    book = openpyxl.load_workbook(ranged_book)
    return {c.id: (sweep_rows.columns(book[sweep_sheet(c.id)]),
                   sweep_rows.rows(book[sweep_sheet(c.id)])) for c in SPREAD}


def test_connect_z16_row_shows_the_range_of_its_cost(tmp_path, capsys):
    """The worked example of the README: 1,000 connects a second on a z16 cost 0.6170 CPU
    s/s, 0.6170 to 0.6726 (a z16 that gains nothing over a z15); on a z14, 0.76 and no range."""
    out = tmp_path / "c.xlsx"
    assert main(["sweep", "connect", "--vary", "machine=z14,z16", "connects_per_sec=1000",
                 "--ranges", "--out", str(out)]) == 0
    assert capsys.readouterr().err == f"wrote {out} (2 scenarios)\n"
    sheet = openpyxl.load_workbook(out, data_only=True)[sweep_sheet("connect")]
    where = sweep_rows.columns(sheet)
    z14, z16 = sweep_rows.rows(sheet)
    total = "connect_cpu_seconds_per_sec"
    low, high = (where[range_name(end, total)] for end in RANGE_ENDS)
    assert sheet[f"{low}{z14}"].value == sheet[f"{high}{z14}"].value == pytest.approx(0.76,
                                                                                       abs=5e-5)
    assert sheet[f"{low}{z16}"].value == pytest.approx(0.6170, abs=5e-5)
    assert sheet[f"{high}{z16}"].value == pytest.approx(0.6726, abs=5e-5)


@pytest.mark.parametrize("calculator", SPREAD, ids=lambda c: c.id)
def test_range_columns_follow_the_results_and_store_the_engines_ends(ranged_book, calculator):
    """Every numeric result a spread moves has a low and a high column, no other result
    has; each result a spread moves has a hidden corner column at each corner, outside the
    outline groups; the headline's low and high are shown, under a band of their own; every
    row stores the engine's figures."""
    book = openpyxl.load_workbook(ranged_book)
    sheet = book[sweep_sheet(calculator.id)]
    ids = [cell.value for cell in sheet[NAMES + 1]]
    numbers = [name for name in calculator.moved_by_spreads
               if calculator.outputs[name].value_type == NUMBER]
    ends = [name for name in ids if name.startswith(("low.", "high."))]
    assert ends == [range_name(end, name) for name in numbers for end in RANGE_ENDS]
    corners = [name for name in ids if name.startswith("corner")]
    count = 2 ** len(calculator.spreads)
    assert corners == [corner_id(index, name) for name in calculator.moved_by_spreads
                       for index in range(count)]
    assert ids.index(corners[0]) > ids.index(calculator.evaluation_order[-1])
    assert ids.index(ends[0]) > ids.index(corners[-1])
    for name in corners:
        dimension = _dimension(sheet, ids.index(name) + 1)
        assert dimension.hidden and not dimension.outlineLevel, name
    if calculator.headline in numbers:
        for end in RANGE_ENDS:
            dimension = _dimension(sheet, ids.index(range_name(end, calculator.headline)) + 1)
            assert dimension and not dimension.hidden
    bands = [cell.value for cell in sheet[GROUPS + 1] if cell.value]
    assert bands[-1] == "Low and high"
    stored = openpyxl.load_workbook(ranged_book, data_only=True)[sweep_sheet(calculator.id)]
    assert len(sweep_rows.rows(stored)) > ROWS
    assert sweep_rows.disagreements(calculator, stored, ranged=True) == []


def _dimension(sheet, column: int):
    """The column's dimension as the file writes it (a run of like columns is one)."""
    return next((dimension for dimension in sheet.column_dimensions.values()
                 if dimension.min <= column <= dimension.max), None)


def test_a_calculator_without_spreads_gets_no_range_columns(tmp_path):
    out = tmp_path / "cf.xlsx"
    assert main(["sweep", "cf_structure", "--vary", "put_rate=100,200", "--ranges",
                 "--out", str(out)]) == 0
    sheet = openpyxl.load_workbook(out)[sweep_sheet("cf_structure")]
    assert not [cell.value for cell in sheet[NAMES + 1]
                if str(cell.value).startswith(("low.", "high.", "corner"))]


@pytest.mark.parametrize("calculator", SPREAD, ids=lambda c: c.id)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_inputs_typed_into_a_ranged_row_give_the_engines_low_and_high(oracle, layout,
                                                                      calculator, data):
    """Any row of a ranged sweep sheet, its inputs typed over (the rules between inputs
    kept or not): its results, lows and highs are the engine's, empty where it refuses."""
    where, rows = layout[calculator.id]
    row = data.draw(st.sampled_from(rows))
    inputs = data.draw(any_inputs(calculator))
    assert sweep_rows.typed_over(oracle, calculator, where, row, inputs, ranged=True) == []
