"""The tls_channels calculator against IBM's z16 report, with the report's figures typed here
beside the words they come from, and properties over the inputs' whole domain.

Report: ../shared/sources/mqperf_MQ_for_zOS_on_z16.txt ("IBM MQ for z/OS - Performance on
IBM z16", version 1.0, September 2022), pages as printed in its page
footers (a passage is on the page whose footer follows it).
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from tests.strategies import calculator_inputs

TLS = calc.calculator("tls_channels")
TLS_13 = ("tls13_aes128", "tls13_aes256", "tls13_chacha20")

# The calculator's ids for the report's CipherSpec names (SSLCIPH): rsa_aes256 is
# TLS_RSA_WITH_AES_256_CBC_SHA256, rsa_aes128 TLS_RSA_WITH_AES_128_GCM_SHA256,
# ecdhe_rsa ECDHE_RSA_AES_256_CBC_SHA384, ecdhe_ecdsa
# ECDHE_ECDSA_AES_256_CBC_SHA384, tls13_* the three TLS 1.3 ciphers.

# Page 30: "On our IBM z16 system configured with 3 dedicated processors ... With 4000
# channel pairs in SYSTEM.CHANNEL.SYNCQ": cipher -> (channels started per second, CPU cost
# milliseconds / channel).
PAGE_29 = {"rsa_aes256": (150, 1.97),
           "ecdhe_rsa": (95, 3.43),
           "ecdhe_ecdsa": (88, 3.39)}
REPORT_CHANNELS = 4000

# Page 25: "Cost of secret key negotiation (CPU milliseconds) in MQ channel initiator address
# space": cipher -> {machine: CPU ms}.
PAGE_24 = {"rsa_aes256": {"z15": 0.86, "z16": 0.43},
           "rsa_aes128": {"z15": 0.88, "z16": 0.37},
           "ecdhe_rsa": {"z15": 4.37, "z16": 3.9},
           "ecdhe_ecdsa": {"z15": 4.4, "z16": 3}}
MB = 1_048_576


def _out(**inputs) -> dict:
    return calc.evaluate("tls_channels", inputs)


@pytest.mark.parametrize(("cipher", "figures"), PAGE_29.items())
def test_the_reports_channels_start_at_its_rate_and_cost(cipher, figures):
    rate, cpu_ms = figures
    out = _out(cipher=cipher, channels=REPORT_CHANNELS)  # z16, 3 CPs: the defaults
    assert out["start_measured"] is True
    assert out["restart_seconds"] == pytest.approx(REPORT_CHANNELS / rate, rel=1e-12)
    assert out["start_cpu_seconds"] == pytest.approx(REPORT_CHANNELS * cpu_ms / 1000, rel=1e-12)
    assert out["start_cpu_seconds_per_sec"] == pytest.approx(rate * cpu_ms / 1000, rel=1e-12)


@pytest.mark.parametrize(("cipher", "machine"),
                         [(c, m) for c in PAGE_24 for m in ("z15", "z16")])
def test_each_negotiation_cost_is_its_machines_column(cipher, machine):
    """SSLRKEYC(1048576), the report's own setting, and 1 MB/s: one negotiation a second."""
    out = _out(cipher=cipher, machine=machine, mb_per_sec=1, sslrkeyc=MB)
    assert out["renegotiations_per_sec"] == 1
    assert out["negotiation_cpu_ms"] == pytest.approx(PAGE_24[cipher][machine], rel=1e-12)
    assert out["cpu_seconds_per_sec"] == pytest.approx(PAGE_24[cipher][machine] / 1000,
                                                       rel=1e-12)


@pytest.mark.parametrize("cipher", TLS_13)
def test_tls_1_3_never_renegotiates_and_says_so(cipher):
    """Page 24: "the processing triggered by reaching the threshold as defined by the
    SSLRKEYC attribute does not perform key re-negotiation"."""
    result = calc.run("tls_channels", {"cipher": cipher, "mb_per_sec": 1000, "sslrkeyc": 32768})
    assert result.outputs["renegotiations_per_sec"] == result.outputs["cpu_seconds_per_sec"] == 0
    assert any("TLS 1.3" in note and "SSLRKEYC" in note for note in result.notes)
    assert result.outputs["start_cipher_used"] == "ecdhe_rsa"
    assert result.outputs["start_measured"] is False


def test_redundant_definitions_advice_is_given():
    notes = calc.run("tls_channels", {}).notes
    assert any("SYSTEM.CHANNEL.SYNCQ" in note and "delete" in note for note in notes)


@pytest.mark.parametrize("value", [1, 32767])
def test_an_sslrkeyc_mq_refuses_is_refused(value):
    with pytest.raises(calc.InputError, match="sslrkeyc.*32,768"):
        calc.run("tls_channels", {"sslrkeyc": value})


def test_renegotiation_cpu_goes_to_the_channel_initiator():
    spent = TLS.cpu_spent
    assert [(part.output, part.address_space) for part in spent.parts] == [
        ("cpu_seconds_per_sec", "CHIN")]
    assert [name for name, _ in spent.not_summed] == ["start_cpu_seconds_per_sec"]


@given(calculator_inputs(TLS))
def test_restart_time_is_channels_over_the_rate(inputs):
    out = _out(**inputs)
    assert out["restart_seconds"] * out["starts_per_sec"] == pytest.approx(inputs["channels"])
    assert out["start_cpu_seconds"] == pytest.approx(
        out["restart_seconds"] * out["start_cpu_seconds_per_sec"], rel=1e-9, abs=1e-12)


@given(calculator_inputs(TLS))
def test_doubling_sslrkeyc_halves_the_renegotiation_cpu(inputs):
    if not 32768 <= inputs["sslrkeyc"] <= 999999999 // 2:
        return
    once = _out(**inputs)
    twice = _out(**{**inputs, "sslrkeyc": inputs["sslrkeyc"] * 2})
    assert twice["cpu_seconds_per_sec"] == pytest.approx(once["cpu_seconds_per_sec"] / 2,
                                                         rel=1e-12, abs=1e-15)


@given(calculator_inputs(TLS), st.floats(0, 100000), st.floats(0, 100000))
def test_more_data_never_lowers_the_renegotiation_cpu(inputs, low, high):
    low, high = sorted((low, high))
    assert (_out(**{**inputs, "mb_per_sec": high})["cpu_seconds_per_sec"]
            >= _out(**{**inputs, "mb_per_sec": low})["cpu_seconds_per_sec"])


@given(calculator_inputs(TLS))
def test_an_older_machine_never_costs_less(inputs):
    costs = [_out(**{**inputs, "machine": machine})
             for machine in ("z16", "z15", "z14", "z13")]
    for newer, older in zip(costs, costs[1:]):
        assert older["start_cpu_ms"] >= newer["start_cpu_ms"]
        assert older["negotiation_cpu_ms"] >= newer["negotiation_cpu_ms"]
        assert older["restart_seconds"] == newer["restart_seconds"]
