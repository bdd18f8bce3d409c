"""Charts are the engine swept along one input: every point is what evaluate gives there, a
point a rule between inputs refuses is a gap, and the current value is marked."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc import engine
from tests.conftest import CALCULATORS
from tests.strategies import calculator_inputs

CHARTS = [(calculator, chart) for calculator in CALCULATORS for chart in calculator.charts.values()]
CHART_IDS = [f"{calculator.id}.{chart.id}" for calculator, chart in CHARTS]


def expected_at(calculator_id: str, inputs: dict, name: str, point) -> dict | None:
    """What the engine says with ``name`` set to ``point``, or None when it refuses."""
    try:
        return calc.evaluate(calculator_id, {**inputs, name: point})
    except (calc.InputError, calc.CalculationError):
        return None


def assert_is_the_engine_swept(calculator_id: str, chart, inputs: dict) -> calc.Series:
    series = calc.chart_series(calculator_id, chart.id, inputs)
    assert series.chart is chart and series.x == chart.points
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


@pytest.mark.parametrize(("calculator", "chart"), CHARTS, ids=CHART_IDS)
def test_chart_at_the_defaults_is_a_full_picture(calculator, chart):
    """The defaults draw every point, and a numeric x stays a modest sweep."""
    series = assert_is_the_engine_swept(calculator.id, chart, {})
    assert series.at == calculator.inputs[chart.x].default
    assert all(value is not None for values in series.y.values() for value in values)
    assert chart.kind == ("line" if calculator.inputs[chart.x].value_type == "number" else "bar")
    assert 2 <= len(chart.points) <= 100


@pytest.mark.parametrize(("calculator", "chart"), CHARTS, ids=CHART_IDS)
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
