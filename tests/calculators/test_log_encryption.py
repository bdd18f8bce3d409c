"""The log_encryption calculator: its properties over every input's whole declared domain
(strategies from the template)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from tests.strategies import calculator_inputs

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
