"""Excel Tables (ListObjects) for scripts: each calculator's hidden ``<id>_values`` sheet,
one flat table of its inputs and results that pandas reads with no header offset, a plan's
``Plan_values`` likewise, and each what-if sheet's rows as a Table headed by the ids. The
values follow what is typed on the calculator sheet: typed and recalculated by LibreOffice,
the table reads the new figures (a plan's: tests/workbook/test_plan_workbook.py)."""
from __future__ import annotations

import math

import openpyxl
import pandas
import pytest

import calc
from calc.cli import main
from calc.core.names import sweep_sheet
from calc.engine.evidence import letters
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from calc.workbook.input_state import cell_value
from calc.workbook.plan_sheet import SHEET
from calc.workbook.values_table import COLUMNS, PLAN_COLUMNS, values_sheet_name
from tests.compare import named_cell
from tests.conftest import CALCULATORS, REPO
from tests.libreoffice import convert
from tests.xlsx_typing import TypedCopies


def _same(read, expected) -> bool:
    """A figure pandas read equals the engine's (an empty cell reads as NaN)."""
    if isinstance(expected, bool) or isinstance(read, bool):
        return bool(read) == expected
    if isinstance(expected, (int, float)):
        return math.isclose(float(read), expected, rel_tol=1e-9, abs_tol=1e-12)
    return ("" if isinstance(read, float) and math.isnan(read) else str(read)) == expected


def _frame(path, calculator) -> pandas.DataFrame:
    return pandas.read_excel(path, sheet_name=values_sheet_name(calculator.id),
                             keep_default_na=False)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_pandas_reads_each_calculators_figures_with_no_offset(built, calculator):
    """Row 1 is the header, each row an input or a result with the engine's figure for the
    workbook's inputs (the defaults), its unit and its evidence letters."""
    frame = _frame(built / f"{calculator.id}.xlsx", calculator)
    assert list(frame.columns) == list(COLUMNS)
    assert list(frame["id"]) == [*calculator.inputs, *calculator.outputs]
    assert list(frame["kind"]) == ["input"] * len(calculator.inputs) + \
        ["result"] * len(calculator.outputs)
    result = calc.engine.run(calculator.id, {})
    expected = [cell_value(spec, result.inputs[name]) for name, spec in calculator.inputs.items()]
    expected += [result.outputs[name] for name in calculator.outputs]
    for name, read, figure in zip(frame["id"], frame["value"], expected):
        assert _same(read, figure), (name, read, figure)
    units = [item.unit for item in [*calculator.inputs.values(), *calculator.outputs.values()]]
    assert list(frame["unit"]) == units
    marks = ["A" if name not in result.not_applying else "" for name in calculator.inputs]
    marks += [letters(result.evidence[name]) for name in calculator.outputs]
    assert list(frame["evidence"]) == marks


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_each_figures_table_and_what_if_table_is_named_and_headed_by_ids(built, calculator):
    book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")
    values = book[values_sheet_name(calculator.id)]
    assert values.sheet_state == "hidden"
    [table] = values.tables.values()
    assert table.name == values.title
    assert table.ref == f"A1:E{1 + len(calculator.inputs) + len(calculator.outputs)}"
    assert [column.name for column in table.tableColumns] == list(COLUMNS)
    rows = book[sweep_sheet(calculator.id)]
    [table] = rows.tables.values()
    assert table.name == rows.title
    ids = [cell.value for cell in rows[8] if cell.value]
    assert [column.name for column in table.tableColumns] == ids
    assert set(ids) == {*calculator.inputs, "problem", *calculator.outputs}
    assert table.ref.startswith("A8:") and table.ref.endswith(str(rows.max_row))


@pytest.mark.libreoffice
def test_the_figures_table_follows_what_is_typed(built, tmp_path):
    """SHAREDCNV typed on the connect sheet, recalculated by LibreOffice: the table reads
    the typed input, no longer assumed, and the engine's cost for it."""
    path = built / "connect.xlsx"
    cell = named_cell(openpyxl.load_workbook(path)["connect"], "sharecnv").coordinate
    typed = TypedCopies(path).write(tmp_path / "typed.xlsx", {"connect": {cell: 10}})
    [recalculated] = convert([typed], tmp_path / "out", tmp_path, recalculate=True)
    connect = calc.calculator("connect")
    frame = _frame(recalculated, connect).set_index("id")
    result = calc.engine.run("connect", {"sharecnv": 10})
    assert frame.loc["sharecnv", "value"] == 10 and frame.loc["sharecnv", "evidence"] == ""
    for name in connect.outputs:
        assert _same(frame.loc[name, "value"], result.outputs[name]), name
    assert frame.loc["connect_cpu_us", "value"] != calc.engine.run("connect", {}).outputs[
        "connect_cpu_us"]


def test_pandas_reads_a_plans_figures_with_no_offset(tmp_path):
    """Each variant's CPU by address space, total, share of the LPAR, MSU and headroom, as
    ``mqcalc plan`` computes them."""
    plan = REPO / "examples" / "z16_encryption_ams.yaml"
    assert main(["build", "--plan", str(plan), "--out", str(tmp_path)]) == 0
    path = tmp_path / "z16_encryption_ams.xlsx"
    frame = pandas.read_excel(path, sheet_name=values_sheet_name(SHEET), keep_default_na=False)
    assert list(frame.columns) == list(PLAN_COLUMNS)
    result = evaluate_plan(load_plan(plan))
    expected = []
    for variant in result.variants:
        expected += [(variant.name, space, variant.by_space[space]) for space in result.spaces]
        expected += [(variant.name, name, getattr(variant, name))
                     for name in ("total", "lpar_busy_pct", "msu", "headroom_pct")]
    assert [(row.variant, row.id) for row in frame.itertuples()] == \
        [(name, key) for name, key, _ in expected]
    for row, (_, _, value) in zip(frame.itertuples(), expected):
        assert math.isclose(row.value, value, rel_tol=1e-9, abs_tol=1e-12), row
    workbook = openpyxl.load_workbook(path)
    assert workbook[values_sheet_name(SHEET)].sheet_state == "hidden"
    assert list(workbook[values_sheet_name(SHEET)].tables) == [values_sheet_name(SHEET)]
