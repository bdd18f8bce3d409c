"""The connect calculator: the source's worked example and its properties over every
input's whole declared domain (strategies from the template)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from tests.strategies import calculator_inputs

CONNECT = calc.calculator("connect")


def test_connect_worked_example_from_the_source():
    """Local listener, SHARECNV(0) 510 µs; TLS +380 = 890; suppressing X511/X512 -130 = 760
    (001_88807c0b1590429f.txt, "Using the table to calculate the cost of the connection")."""
    outputs = calc.evaluate("connect", {"sharecnv": 0, "listener": "local", "tls": True,
                                        "suppress_x511_x512": True})
    assert outputs["connect_cpu_us"] == 760


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
