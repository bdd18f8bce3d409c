"""The workbook's charts: native charts on each calculator's sheet, reading figures on a
hidden sheet that follow the calculator's inputs; those figures equal the engine's
``chart_series``, stored for the defaults and recalculated for any inputs."""
from __future__ import annotations

import re
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.names import chart_range_name
from calc.workbook.chart_data import chart_data_sheet_name
from tests.compare import agrees, chart_blocks_equal_engine, named_values
from tests.conftest import CALCULATORS
from tests.input_cells import cell_values
from tests.strategies import calculator_inputs
from tests.xlsx_oracle import WorkbookOracle

CHARTED = [c for c in CALCULATORS if c.charts]


@pytest.mark.parametrize("calculator", CHARTED, ids=lambda c: c.id)
def test_chart_figures_store_the_engine_series_for_the_defaults(opened, calculator):
    book = opened(f"{calculator.id}.xlsx", data_only=True)
    compared = chart_blocks_equal_engine(lambda sheet, name: named_values(book, sheet, name),
                                          calculator, {}, rel=1e-15)
    assert compared >= sum(len(chart.points) * (1 + len(chart.y))
                           for chart in calculator.charts.values()) // 2


@pytest.mark.parametrize("calculator", CHARTED, ids=lambda c: c.id)
def test_each_chart_is_drawn_from_its_named_figures(opened, built, calculator):
    """One native chart per declared chart, its series reading the chart-data ranges (a
    bar chart's categories are its points' labels, see test_numbers)."""
    book = opened(f"{calculator.id}.xlsx")
    assert book[chart_data_sheet_name(calculator.id)].sheet_state == "hidden"
    with zipfile.ZipFile(built / f"{calculator.id}.xlsx") as archive:
        drawn = [archive.read(name).decode() for name in sorted(archive.namelist())
                 if re.fullmatch(r"xl/charts/chart\d+\.xml", name)]
    assert len(drawn) == len(calculator.charts)
    references = {ref.replace("$", "") for xml in drawn for ref in re.findall(r"<c:f>([^<]+)</c:f>", xml)}
    sheet = book[chart_data_sheet_name(calculator.id)]
    for chart in calculator.charts.values():
        for column in ((chart.x,) if chart.kind == "line" else ()) + chart.y:
            target = sheet.defined_names[chart_range_name(chart.id, column)].attr_text
            assert target.replace("$", "") in references, (chart.id, column)


@pytest.fixture(scope="module")
def oracle(opened):
    return WorkbookOracle.of(opened("mqzcalc.xlsx"))


def _flat(rows) -> list:
    return [row[0] for row in rows]


@pytest.mark.parametrize("calculator", CHARTED, ids=lambda c: c.id)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_chart_figures_follow_the_inputs_typed(oracle, calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    oracle.set_all(calculator.id, cell_values(calculator, inputs))
    chart_blocks_equal_engine(lambda sheet, name: _flat(oracle.reference(sheet, name)),
                               calculator, inputs, rel=1e-9)


MARKED = [pytest.param(c, chart, id=f"{c.id}.{chart.id}") for c in CHARTED
          for chart in c.charts.values() if chart.mark is not None and chart.kind == "line"]


def _today_series(path, calculator, chart_index: int) -> tuple[str, str]:
    """The x and y references of the series called Today in the chart_index-th chart."""
    with zipfile.ZipFile(path) as archive:
        xml = archive.read(f"xl/charts/chart{chart_index}.xml").decode()
    today = xml[xml.index("<c:v>Today</c:v>"):]
    x, y = re.findall(r"<c:f>([^<]+)</c:f>", today)[:2]
    return x, y


@pytest.mark.parametrize(("calculator", "chart"), MARKED)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_today_is_marked_where_the_inputs_are(built, oracle, calculator, chart, data):
    """A sweep marks (today's x, today's first output); a table chart draws an upright line
    at today's value of its marked input, from 0 to the chart's highest figure."""
    inputs = data.draw(calculator_inputs(calculator))
    oracle.set_all(calculator.id, cell_values(calculator, inputs))
    index = 1 + list(calculator.charts).index(chart.id)
    x_ref, y_ref = _today_series(built / f"{calculator.id}.xlsx", calculator, index)
    x_found = oracle.reference(calculator.id, x_ref)
    y_found = oracle.reference(calculator.id, y_ref)
    series = calc.chart_series(calculator.id, chart.id, inputs)
    if chart.table is None:
        assert agrees(series.at, x_found)
        assert agrees(calc.evaluate(calculator.id, inputs)[chart.y[0]], y_found, rel=1e-9)
    else:
        highest = max(value for figures in series.y.values() for value in figures)
        assert _flat(x_found) == [series.at, series.at]
        assert _flat(y_found) == [0, highest]
