"""Properties over every input's whole declared domain (strategies from the templates)."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.model import BOOL, NUMBER, TEXT
from tests.conftest import CALCULATORS
from tests.strategies import calculator_inputs

PYTHON_TYPES = {NUMBER: (int, float), BOOL: (bool,), TEXT: (str,)}
CONNECT = calc.calculator("connect")


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_every_valid_input_gives_finite_outputs_of_the_declared_type(calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    result = calc.run(calculator.id, inputs)
    for name, output in calculator.outputs.items():
        value = result.outputs[name]
        assert isinstance(value, PYTHON_TYPES[output.value_type]), name
        if output.value_type == NUMBER:
            assert not isinstance(value, bool) and math.isfinite(value), name


@given(calculator_inputs(CONNECT))
def test_tls_never_lowers_the_connect_cost(inputs):
    without = calc.evaluate("connect", {**inputs, "tls": False})
    with_tls = calc.evaluate("connect", {**inputs, "tls": True})
    assert with_tls["connect_cpu_us"] > without["connect_cpu_us"]
    assert with_tls["cpu_seconds_per_sec"] >= without["cpu_seconds_per_sec"]


@given(calculator_inputs(CONNECT))
def test_suppressing_messages_never_raises_the_connect_cost(inputs):
    shown = calc.evaluate("connect", {**inputs, "suppress_x511_x512": False})
    suppressed = calc.evaluate("connect", {**inputs, "suppress_x511_x512": True})
    assert suppressed["connect_cpu_us"] < shown["connect_cpu_us"]
    assert suppressed["cpu_seconds_per_sec"] <= shown["cpu_seconds_per_sec"]


@given(calculator_inputs(CONNECT), st.integers(1, 999))
def test_every_sharecnv_of_one_or_more_costs_the_same(inputs, other):
    one = calc.evaluate("connect", {**inputs, "sharecnv": 1})
    assert calc.evaluate("connect", {**inputs, "sharecnv": other}) == one


@given(calculator_inputs(CONNECT))
def test_a_shared_listener_costs_more_than_a_local_one(inputs):
    local = calc.evaluate("connect", {**inputs, "listener": "local"})
    shared = calc.evaluate("connect", {**inputs, "listener": "shared"})
    assert shared["connect_cpu_us"] > local["connect_cpu_us"]
    assert shared["db2_cpu_us"] > local["db2_cpu_us"]


@given(calculator_inputs(CONNECT))
def test_address_space_shares_add_up_to_the_connect_cost(inputs):
    out = calc.evaluate("connect", inputs)
    parts = out["qmgr_cpu_us"] + out["chin_cpu_us"] + out["db2_cpu_us"] + out["network_cpu_us"]
    assert parts == pytest.approx(out["connect_cpu_us"], rel=1e-12)


@given(calculator_inputs(CONNECT))
def test_cpu_busy_is_rate_times_unit_cost(inputs):
    out = calc.evaluate("connect", inputs)
    expected = (inputs["connects_per_sec"] * out["connect_cpu_us"]
                + inputs["blocked_per_sec"] * out["blocked_cpu_us"]) / 1e6
    assert out["cpu_seconds_per_sec"] == pytest.approx(expected, rel=1e-12, abs=1e-15)


@given(calculator_inputs(CONNECT), st.floats(0, 1e6), st.floats(0, 1e6))
def test_cpu_busy_never_falls_as_a_rate_rises(inputs, low, high):
    low, high = sorted((low, high))
    for rate in ("connects_per_sec", "blocked_per_sec"):
        slow = calc.evaluate("connect", {**inputs, rate: low})
        fast = calc.evaluate("connect", {**inputs, rate: high})
        assert fast["cpu_seconds_per_sec"] >= slow["cpu_seconds_per_sec"]


@given(calculator_inputs(CONNECT))
def test_refusing_by_maxinst_is_the_cheapest_refusal(inputs):
    costs = {method: calc.evaluate("connect", {**inputs, "block_method": method})["blocked_cpu_us"]
             for method in CONNECT.inputs["block_method"].choices}
    assert min(costs, key=costs.get) == "maxinst"


LOG_ENCRYPTION = calc.calculator("log_encryption")


@given(calculator_inputs(LOG_ENCRYPTION))
def test_log_encryption_per_gb_is_1024_times_per_mb(inputs):
    out = calc.evaluate("log_encryption", inputs)
    assert out["cpu_seconds_per_gb"] == pytest.approx(out["cpu_us_per_mb"] * 1024 / 1e6)


@given(calculator_inputs(LOG_ENCRYPTION),
       st.sampled_from(["active_copies", "archive_copies"]))
def test_more_log_copies_never_lower_the_encryption_cost(inputs, copies):
    one = calc.evaluate("log_encryption", {**inputs, copies: 1})
    two = calc.evaluate("log_encryption", {**inputs, copies: 2})
    assert two["cpu_us_per_mb"] >= one["cpu_us_per_mb"]
    assert two["crypto_ops_per_page"] >= one["crypto_ops_per_page"]


@given(calculator_inputs(LOG_ENCRYPTION),
       st.sampled_from(["encrypt_active", "encrypt_archive", "archiving"]))
def test_encrypting_or_archiving_more_never_lowers_the_encryption_cost(inputs, switch):
    off = calc.evaluate("log_encryption", {**inputs, switch: False})
    on = calc.evaluate("log_encryption", {**inputs, switch: True})
    assert on["cpu_us_per_mb"] >= off["cpu_us_per_mb"]


@given(calculator_inputs(LOG_ENCRYPTION))
def test_calls_per_page_price_the_cost(inputs):
    """Each encrypt or decrypt call costs its copy's per-page figure, 256 pages per MB, on
    the machine measured; times the CPU scaling on another."""
    out = calc.evaluate("log_encryption", inputs)
    assert out["cpu_us_per_mb"] == pytest.approx(
        256 * (0.7 * out["active_crypto_ops"] + 0.6 * out["archive_crypto_ops"])
        * out["cpu_scale"])
    assert 0 <= out["crypto_ops_per_page"] <= 5


ZHYPERWRITE = calc.calculator("zhyperwrite")
PREREQUISITES = ["metro_mirror", "hyperswap", "iecios_hyperwrite", "zhywrite"]


@given(calculator_inputs(ZHYPERWRITE))
def test_zhyperwrite_projections_equal_today_unless_in_effect(inputs):
    out = calc.evaluate("zhyperwrite", inputs)
    assert out["in_effect"] == (inputs["mq_level"] == "v912_or_later"
                                and all(inputs[p] for p in PREREQUISITES))
    if not out["in_effect"]:
        assert out["projected_log_io_ms"] == pytest.approx(inputs["log_io_ms"])
        assert out["projected_log_mb_per_sec"] == pytest.approx(inputs["log_mb_per_sec"])
        assert out["missing"] != "none"
    else:
        assert out["missing"] == "none"


@given(calculator_inputs(ZHYPERWRITE))
def test_zhyperwrite_never_promises_more_than_measured(inputs):
    out = calc.evaluate("zhyperwrite", inputs)
    assert 1 <= out["rate_gain"] <= 2.4 + 1e-12
    assert out["projected_log_io_ms"] <= inputs["log_io_ms"]
    assert out["projected_log_mb_per_sec"] <= 2.4 * inputs["log_mb_per_sec"] * (1 + 1e-12)
    if inputs["dual_logging"]:
        assert out["rate_gain"] <= 2 + 1e-12


@given(calculator_inputs(ZHYPERWRITE))
def test_zhyperwrite_dual_logs_never_gain_more_than_single_logs(inputs):
    """IBM measured less with dual logs (twice the PPRC rate at best) than with single logs
    (2.4 times), so turning dual logging on never raises the projected gain."""
    single = calc.evaluate("zhyperwrite", {**inputs, "dual_logging": False})
    dual = calc.evaluate("zhyperwrite", {**inputs, "dual_logging": True})
    assert dual["rate_gain"] <= single["rate_gain"]
    assert dual["mstr_cost_increase_pct"] <= single["mstr_cost_increase_pct"]
    assert dual["disk_write_mb_per_sec"] >= single["disk_write_mb_per_sec"] * (1 - 1e-12)


@given(calculator_inputs(ZHYPERWRITE))
def test_zhyperwrite_before_912_is_never_in_effect(inputs):
    out = calc.evaluate("zhyperwrite", {**inputs, "mq_level": "before_912"})
    assert not out["in_effect"] and "9.1.2" in out["missing"]
    assert out["rate_gain"] == 1 and out["mstr_cost_increase_pct"] == 0


@given(calculator_inputs(ZHYPERWRITE), st.floats(0, 60), st.floats(0, 60))
def test_a_larger_io_reduction_never_lowers_the_projected_rate(inputs, low, high):
    low, high = sorted((low, high))
    slow = calc.evaluate("zhyperwrite", {**inputs, "io_reduction_pct": low})
    fast = calc.evaluate("zhyperwrite", {**inputs, "io_reduction_pct": high})
    assert fast["projected_log_mb_per_sec"] >= slow["projected_log_mb_per_sec"] * (1 - 1e-12)



ADAPTERS = calc.calculator("adapters")


@given(calculator_inputs(ADAPTERS))
def test_adapters_saturated_exactly_when_more_than_all_are_busy(inputs):
    """Saturated iff busy > 100%, that is iff the rate is above what CHIADAPS adapters take
    at one request per elapsed time each (away from the rounding at exactly 100%)."""
    out = calc.evaluate("adapters", inputs)
    assert out["saturated"] == (out["adapter_busy_pct"] > 100)
    rate, capacity = inputs["adapter_requests_per_sec"], out["adapter_capacity_requests_per_sec"]
    if abs(rate - capacity) > 1e-9 * capacity:
        assert out["saturated"] == (rate > capacity)
    assert out["channel_max_msgs_per_sec"] * out["elapsed_used_us"] == pytest.approx(1e6)
    assert out["adapter_capacity_requests_per_sec"] == pytest.approx(
        inputs["chiadaps"] * out["channel_max_msgs_per_sec"])


@given(calculator_inputs(ADAPTERS))
def test_chidisps_suggestion_is_the_fewest_dispatchers_at_most_25_percent_busy(inputs):
    out = calc.evaluate("adapters", inputs)
    suggested, work = out["chidisps_suggested"], out["dispatchers_busy"]
    assert suggested >= 1 and suggested == int(suggested)
    assert work / suggested <= 0.25 * (1 + 1e-9)
    assert suggested == 1 or work / (suggested - 1) > 0.25 * (1 - 1e-9)
