"""Low, likely and high figures (issue 44, part 1): the spreads the templates declare, each
cited, carried to every output that reads them by evaluation at the spreads' corners."""
from __future__ import annotations

import json
import math
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import calc
from calc.core.errors import InputError, MqcalcError
from calc.core.model import NUMBER
from calc.formula.compiler import compile_calculator
from tests.strategies import calculator_inputs

CATALOGUE = calc.catalogue()


@cache
def _compiled(calculator_id: str):
    return compile_calculator(calc.calculator(calculator_id))


def _reads(calculator, name: str) -> set[str]:
    """Every name output ``name`` reads, itself or through the outputs it reads."""
    seen, waiting = set(), list(calculator.outputs[name].depends)
    while waiting:
        other = waiting.pop()
        if other not in seen:
            seen.add(other)
            if other in calculator.outputs:
                waiting.extend(calculator.outputs[other].depends)
    return seen


def _near(value: float, low: float, high: float) -> bool:
    """``value`` inside low..high, give or take rounding in the last places."""
    slack = 1e-9 * max(abs(low), abs(high), 1e-300)
    return low - slack <= value <= high + slack


@pytest.mark.parametrize("calculator", CATALOGUE, ids=lambda c: c.id)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_low_likely_high_hold_every_figure_the_spreads_reach(calculator, data):
    """For drawn inputs: low <= likely <= high for every numeric output; a point drawn inside
    every spread gives figures inside those ranges (so evaluating at the corners missed no
    figure: the formulas are monotone in each spread); and an output that reads no spread
    has its figure as its range."""
    inputs = data.draw(calculator_inputs(calculator))
    try:
        result = calc.run(calculator.id, inputs)
    except MqcalcError:
        assume(False)
    spreads = calculator.spreads
    spread_names = {constant.id for constant in spreads}
    for name, output in calculator.outputs.items():
        if output.value_type != NUMBER:
            continue
        low, high = result.low_high(name)
        assert low <= result.outputs[name] <= high, (name, low, result.outputs[name], high)
        if not spread_names & _reads(calculator, name):
            assert name not in result.ranges, name
    point = {constant.id: data.draw(st.floats(*constant.spread), label=constant.id)
             for constant in spreads}
    try:
        inside = _compiled(calculator.id).outputs_with(point)(result.inputs)
    except MqcalcError:
        assume(False)
    for name, (low, high) in result.ranges.items():
        assert _near(inside[name], low, high), (name, point, inside[name], low, high)


def test_every_calculator_has_a_spread_and_each_is_cited_with_its_ends():
    """The machine part's z16 step is in every calculator that scales by machine; the
    sources' own ranges and disagreements are where the issue names them."""
    for calculator in CATALOGUE:
        for constant in calculator.spreads:
            low, high = constant.spread
            assert low <= constant.value <= high and low < high
            assert constant.citation.file and constant.citation.passage
    named = {c.id: {k.id for k in c.spreads} for c in CATALOGUE}
    assert "z16_report_z15_weight" in named["tls_channels"]
    assert "published_range_position" in named["ams"]
    assert "placement_doubt" in named["archive_logs"]
    assert "mstr_cost_increase_single_pct" in named["zhyperwrite"]
    assert "z16_step_realised" in named["connect"]


def test_z15_key_negotiation_spans_both_reports():
    """mqperf_MQ_for_zOS_on_z15.txt page 20: 0.64 CPU ms on z15 (likely, the report made on
    that machine); mqperf_MQ_for_zOS_on_z16.txt page 25 printed 0.86 for the same cipher
    on z15: the range's other end."""
    result = calc.run("tls_channels", {"machine": "z15", "cipher": "rsa_aes256"})
    assert result.outputs["negotiation_cpu_ms"] == 0.64
    assert result.ranges["negotiation_cpu_ms"] == pytest.approx((0.64, 0.86), rel=1e-12)
    z16 = calc.run("tls_channels", {"machine": "z16", "cipher": "rsa_aes256"})
    assert "negotiation_cpu_ms" not in z16.ranges   # the z16 column alone, measured there


def test_ams_published_range_is_likely_at_its_top():
    """004_8d506b0c1db2e806.txt: Privacy "10-14 CPU microseconds per message"; the totals
    use the high end, and the range reaches the low one."""
    result = calc.run("ams", {"protection": "privacy"})
    assert result.outputs["chin_cpu_us"] == 14
    assert result.ranges["chin_cpu_us"] == pytest.approx((10, 14), rel=1e-12)
    seven = calc.run("ams", {"protection": "confidentiality", "key_reuse": 32})
    assert "chin_cpu_us" not in seven.ranges       # one published figure, 7 µs: no range


def test_z16_step_runs_from_the_lower_lspr_figure_to_no_gain():
    """mqperf_MQ_for_zOS_on_z16.txt pages 19 and 21: MQ results in line with the lower end
    of the LSPR expectation. connect's figures are z14's: on a 3-CP z16 at high RNI the
    likely scale is 1 / (1.15 x 1.09) (z15's high column, z16's row at its lowest, 9%), the
    high end 1 / 1.15 (no z16 gain)."""
    result = calc.run("connect", {"machine": "z16", "workload_rni": "high"})
    assert result.outputs["cpu_scale"] == pytest.approx(1 / (1.15 * 1.09), rel=1e-12)
    assert result.ranges["cpu_scale"] == pytest.approx((1 / (1.15 * 1.09), 1 / 1.15), rel=1e-12)
    assert result.ranges["connect_cpu_us"] == pytest.approx((760 / (1.15 * 1.09), 760 / 1.15),
                                                           rel=1e-12)
    assert "cpu_scale" not in calc.run("connect", {"machine": "z15"}).ranges


def test_archive_tcb_reaches_both_ends_of_the_published_range():
    """mqperf_MQ_for_zOS_on_z15.txt page 17: 4 MB messages raise the queue manager's TCB by
    8-14%; at 0% compressibility the likely figure is the top, the range the whole."""
    result = calc.run("archive_logs", {})
    assert result.outputs["tcb_increase_pct"] == 14
    assert result.ranges["tcb_increase_pct"] == pytest.approx((8, 14), rel=1e-12)


def test_zhyperwrite_single_logs_reach_the_measured_most():
    """mqperf_MQ_v912_zHyperWrite_active_log_acceleration.txt page 12 (footer's page): about
    7.5% typically with single logs, 11% at most; dual logs' 6% has no range."""
    single = calc.run("zhyperwrite", {"dual_logging": False})
    assert single.ranges["mstr_cost_increase_pct"] == (7.5, 11)
    assert "mstr_cost_increase_pct" not in calc.run("zhyperwrite", {"dual_logging": True}).ranges


def test_an_input_given_as_a_range_moves_what_reads_it():
    """800..1200 connects a second at 760 µs each (connect's measured machine): 0.608 to
    0.912 CPU s/s, likely 0.76 half way; the three-part form names the likely value."""
    result = calc.run("connect", {"connects_per_sec": "800..1200"})
    assert result.inputs["connects_per_sec"] == 1000
    assert result.spans == {"connects_per_sec": (800, 1200)}
    assert result.ranges["cpu_seconds_per_sec"] == pytest.approx((0.608, 0.912), rel=1e-12)
    assert "connect_cpu_us" not in result.ranges        # per connect: not moved by the rate
    skewed = calc.run("connect", {"connects_per_sec": "800..900..1200"})
    assert skewed.outputs["cpu_seconds_per_sec"] == pytest.approx(0.684, rel=1e-12)
    whole = calc.run("tls_channels", {"channels": "1..4"})
    assert whole.inputs["channels"] == 2                   # half way, rounded down


@pytest.mark.parametrize(("text", "expects"), [
    ("1200..800", "a range low..high or low..likely..high, low below high"),
    ("5..5", "low below high"), ("1..2..3..4", "a range"), ("..5", "a range"),
    ("800..2000000", "a range"), ("800..1300..1200", "a likely value between low and high")])
def test_a_range_that_is_not_one_is_refused_naming_the_input(text, expects):
    with pytest.raises(InputError) as refused:
        calc.run("connect", {"connects_per_sec": text})
    assert "connects_per_sec" in str(refused.value) and expects in str(refused.value)


def test_json_gives_every_numeric_output_low_likely_high_and_the_spreads():
    shown = json.loads(json.dumps(calc.run("ams", {"protection": "privacy"}).as_json()))
    assert shown["ranges"]["chin_cpu_us"] == {"low": 10, "likely": 14, "high": 14}
    assert shown["ranges"]["getter_cpu_us"]["low"] == shown["ranges"]["getter_cpu_us"]["high"]
    numeric = {name for name, o in calc.calculator("ams").outputs.items() if o.value_type == NUMBER}
    assert set(shown["ranges"]) == numeric
    spread = next(s for s in shown["spreads"] if s["constant"] == "published_range_position")
    assert (spread["low"], spread["likely"], spread["high"]) == (0, 1, 1)
    assert spread["source"].startswith("004_8d506b0c1db2e806.txt, ")
    assert shown["input_ranges"] == {}


def test_without_spreads_nothing_has_a_range():
    """A calculator whose constants carry no spread gives every output its figure alone."""
    declared = calc.calculator("ams")
    bare = replace(declared, constants={name: replace(constant, spread=None)
                                        for name, constant in declared.constants.items()})
    compiled = compile_calculator(bare)
    from calc.engine.ranges import output_ranges

    values, outputs, _ = compiled.evaluate({"protection": "privacy"})
    assert output_ranges(compiled, values, outputs) == {}
    assert not math.isnan(outputs["chin_cpu_us"])


def test_an_explanation_names_what_moves_the_figure_and_nothing_else():
    """On connect's own z14 the z16 step moves nothing, so only the rate given as a range is
    named; on a z16 the step is, with its ends and likely value."""
    from calc.engine.explain import explain

    rate = explain("connect", "cpu_seconds_per_sec", {"connects_per_sec": "800..1200"})
    assert rate.spread == pytest.approx((0.608, 0.912), rel=1e-12)
    assert rate.spread_from == ("Connect rate 800–1,200 connects/s (given)",)
    z16 = explain("connect", "cpu_seconds_per_sec", {"machine": "z16"})
    assert z16.spread_from == ("Share of the lower z16 step MQ realises 0–1 times (likely 1)",)
    assert explain("connect", "cpu_seconds_per_sec", {}).spread is None
