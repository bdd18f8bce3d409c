"""Charts are the engine swept along one input: every point is what evaluate gives there, a
point a rule between inputs refuses is a gap, and the current value is marked. Or they are a
source table's figures exactly as the template publishes them."""
from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc import engine
from calc.engine.charts import axis_titles
from tests.conftest import CALCULATORS
from tests.strategies import calculator_inputs

CHARTS = [(calculator, chart) for calculator in CALCULATORS for chart in calculator.charts.values()]
SWEEPS = [(calculator, chart) for calculator, chart in CHARTS if chart.table is None]
SWEEP_IDS = [f"{calculator.id}.{chart.id}" for calculator, chart in SWEEPS]
TABLE_CHARTS = [(calculator, chart) for calculator, chart in CHARTS if chart.table is not None]
TABLE_CHART_IDS = [f"{calculator.id}.{chart.id}" for calculator, chart in TABLE_CHARTS]


def expected_at(calculator_id: str, inputs: dict, name: str, point) -> dict | None:
    """What the engine says with ``name`` set to ``point``, or None when it refuses."""
    try:
        return calc.evaluate(calculator_id, {**inputs, name: point})
    except (calc.InputError, calc.CalculationError):
        return None


def assert_is_the_engine_swept(calculator_id: str, chart, inputs: dict) -> calc.Series:
    series = calc.chart_series(calculator_id, chart.id, inputs)
    assert series.chart == chart and series.x == chart.points
    assert set(series.y) == set(chart.y)
    assert series.at == calc.run(calculator_id, inputs).inputs[chart.x]
    for index, point in enumerate(chart.points):
        outputs = expected_at(calculator_id, inputs, chart.x, point)
        for name in chart.y:
            found = series.y[name][index]
            if outputs is None:
                assert found is None, (name, point)
            else:
                assert isinstance(found, float) and (
                    found == outputs[name] or math.isnan(found) and math.isnan(outputs[name])), \
                    (name, point, found, outputs[name])
    return series


def test_charts_are_declared():
    declared = {calculator.id for calculator, _ in CHARTS}
    assert declared >= {"adapters", "notify_delay", "log_encryption", "connect", "ams",
                        "pageset_encryption", "zhyperwrite"}
    assert {calculator.id for calculator, _ in TABLE_CHARTS} >= {
        "adapters", "notify_delay", "log_encryption"}


def published(calculator, chart) -> dict:
    """The chart's figures read straight from the loaded table: name -> figure per point."""
    table = calculator.tables[chart.table]
    return {name: tuple(table.data[(row, name) if table.col_keys else (row,)]
                        for row in chart.points) for name in chart.y}


@pytest.mark.parametrize(("calculator", "chart"), TABLE_CHARTS, ids=TABLE_CHART_IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_table_chart_is_the_table_as_published(calculator, chart, data):
    """Whatever the inputs, a table chart holds the table's figures at its rows, in the
    table's order, and marks the current value of its marked input (or nothing)."""
    inputs = data.draw(calculator_inputs(calculator))
    series = calc.chart_series(calculator.id, chart.id, inputs)
    table = calculator.tables[chart.table]
    assert series.chart == chart and series.x == chart.points
    assert list(chart.points) == [row for row in table.row_keys if row in chart.points]
    assert series.y == published(calculator, chart)
    assert chart.x == table.keys[0]
    assert chart.kind == ("line" if table.key_types[0] == "number" else "bar")
    used = calc.run(calculator.id, inputs).inputs
    assert series.at == (None if chart.mark is None else used[chart.mark])


def test_table_charts_show_the_published_measurements():
    """A few figures checked against the sources by hand, and the rows a chart leaves out."""
    rate = calc.chart_series("adapters", "measured_rate_by_dispatchers", {})
    assert dict(zip(rate.x, rate.y["tx_per_sec"]))[3] == 14721
    assert rate.x == (1, 2, 3, 4, 5, 6, 8, 10) and rate.at == 3
    busy = calc.chart_series("adapters", "measured_busy_by_adapters", {"chiadaps": 6})
    assert dict(zip(busy.x, busy.y["busy_pct"])) == {1: 100, 2: 100, 3: 100, 4: 100, 5: 90,
                                                     6: 79, 8: 61, 10: 49}
    assert busy.at == 6
    gets = calc.chart_series("notify_delay", "measured_gets_by_delay", {})
    assert gets.x == ("lpar_2", "lpar_3") and gets.at is None
    assert gets.y == {"zero": (116, 33), "above_zero": (16, 16)}
    share = calc.chart_series("notify_delay", "measured_share_by_test", {})
    assert dict(zip(share.x, share.y["share_pct"]))["trigger_first_at_500"] == 50
    logs = calc.chart_series("log_encryption", "measured_encryption_by_configuration", {})
    assert "not_measured" not in logs.x  # its 0 is a placeholder, not a measurement
    assert dict(zip(logs.x, logs.y["encryption_increment_cpu_us_per_mb"])) == {
        "archive_encrypted": 390, "active_encrypted": 684, "all_encrypted": 1074}


def test_a_table_chart_still_judges_the_inputs():
    with pytest.raises(calc.InputError, match="input chidisps=0"):
        calc.chart_series("adapters", "measured_rate_by_dispatchers", {"chidisps": 0})
    with pytest.raises(calc.InputError, match="gets_successful"):  # a broken rule
        calc.chart_series("notify_delay", "measured_gets_by_delay",
                          {"gets_attempted": 10, "gets_successful": 20})


@pytest.mark.parametrize(("calculator", "chart"), SWEEPS, ids=SWEEP_IDS)
def test_chart_at_the_defaults_is_a_full_picture(calculator, chart):
    """The defaults draw every point, and a numeric x stays a modest sweep."""
    series = assert_is_the_engine_swept(calculator.id, chart, {})
    assert chart.mark == chart.x and series.at == calculator.inputs[chart.x].default
    assert all(value is not None for values in series.y.values() for value in values)
    assert chart.kind == ("line" if calculator.inputs[chart.x].value_type == "number" else "bar")
    assert 2 <= len(chart.points) <= 100


@pytest.mark.parametrize(("calculator", "chart"), SWEEPS, ids=SWEEP_IDS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_chart_is_the_engine_swept(calculator, chart, data):
    assert_is_the_engine_swept(calculator.id, chart, data.draw(calculator_inputs(calculator)))


def test_points_follow_the_declared_range_and_domain():
    charts = calc.calculator("adapters").charts
    assert charts["chiadaps_by_processors"].points == tuple(range(1, 33))
    assert charts["utilisation_by_rate"].points == tuple(range(0, 100001, 2500))
    assert charts["busy_by_adapter_times"].points == (
        "report", "unprotected", "confidentiality_kr32", "privacy")
    assert calc.calculator("log_encryption").charts["cost_by_active_encryption"].points == (
        False, True)
    assert list(calc.calculator("connect").charts) == [  # the template's order
        "cost_by_listener", "refused_by_method", "cpu_by_connect_rate"]


def test_chiadaps_rule_against_processors():
    """30 up to 4 processors, 8 more for each beyond, never above 120."""
    series = calc.chart_series("adapters", "chiadaps_by_processors", {})
    rule = dict(zip(series.x, series.y["chiadaps_recommended"]))
    assert rule[1] == rule[4] == 30
    assert rule[5] == 38
    assert rule[15] == 118
    assert all(rule[processors] == 120 for processors in series.x if processors >= 16)


def test_the_current_value_is_marked_even_off_the_grid():
    series = calc.chart_series("adapters", "utilisation_by_rate",
                               {"adapter_requests_per_sec": "12345.5"})
    assert series.at == 12345.5 and series.at not in series.x
    assert calc.chart_series("ams", "cpu_by_protection", {"protection": "privacy"}).at == "privacy"


def test_invalid_inputs_are_refused_as_for_evaluate():
    with pytest.raises(calc.InputError, match="input processors=0"):
        calc.chart_series("adapters", "chiadaps_by_processors", {"processors": 0})
    with pytest.raises(calc.InputError, match="input nosuch"):
        calc.chart_series("adapters", "chiadaps_by_processors", {"nosuch": 1})
    with pytest.raises(calc.InputError, match="gets_successful"):  # a broken rule, today
        calc.chart_series("notify_delay", "shares_by_delay",
                          {"gets_attempted": 10, "gets_successful": 20})


def test_unknown_chart_is_refused_naming_the_charts():
    with pytest.raises(calc.MqcalcError, match="expects one of chiadaps_by_processors"):
        calc.chart_series("adapters", "nosuch", {})
    with pytest.raises(calc.MqcalcError, match="declares no charts"):
        calc.chart_series("dse_support", "nosuch", {})


def test_points_a_rule_refuses_are_gaps():
    """Swept along MQGETs attempted, a rule between inputs (successes never above attempts)
    refuses the points below the 500 successful gets: those read None, the rest are the
    engine's. (No shipped chart varies an input a rule reads, so the sweep is tested here.)"""
    values = calc.validate("notify_delay", {"gets_successful": 500, "gets_attempted": 1500})
    points = list(range(0, 2001, 100))
    swept = engine.sweep("notify_delay", values, "gets_attempted", points)
    assert swept[:5] == [None] * 5  # 0 to 400 attempts: fewer than the 500 got
    for point, outputs in zip(points[5:], swept[5:]):
        assert outputs == calc.evaluate("notify_delay", {**values, "gets_attempted": point})
    assert swept[5]["cpu_per_successful_get_us"] == pytest.approx(1.157)  # every get succeeds


def test_sweeping_an_unknown_input_or_a_point_outside_its_domain_is_refused():
    values = calc.validate("adapters", {})
    with pytest.raises(calc.InputError, match="nosuch"):
        engine.sweep("adapters", values, "nosuch", [1])
    with pytest.raises(calc.InputError, match="processors=0"):
        engine.sweep("adapters", values, "processors", [1, 0])


def test_axes_are_named_after_the_input_or_the_table():
    adapters = calc.calculator("adapters")
    assert axis_titles(adapters, adapters.charts["chiadaps_by_processors"]) == (
        "Processors on the LPAR (processors)",
        ("CHIADAPS rule for serialised work", "Fewest CHIADAPS leaving one idle"))
    assert axis_titles(adapters, adapters.charts["measured_rate_by_dispatchers"]) == (
        "dispatchers", ("Measured transactions per second",))  # the template's series titles
    notify = calc.calculator("notify_delay")
    assert axis_titles(notify, notify.charts["measured_gets_by_delay"]) == (
        "lpar", ("KEYRNOTIFYDELAY 0", "KEYRNOTIFYDELAY above 0"))
    chart = notify.charts["measured_gets_by_delay"]
    untitled = dataclasses.replace(chart, series=())  # else: the column key and its name
    assert axis_titles(notify, untitled) == ("lpar", ("delay: zero", "delay: above zero"))
    logs = calc.calculator("log_encryption")
    assert axis_titles(logs, logs.charts["measured_encryption_by_configuration"]) == (
        "measured case", (logs.tables["encryption_increment_cpu_us_per_mb"].title,))
