"""The tls_channels calculator against IBM's z16 and z15 reports, with the reports' figures
typed here beside the words they come from, and properties over the inputs' whole domain.

Reports: ../shared/sources/mqperf_MQ_for_zOS_on_z16.txt ("IBM MQ for z/OS - Performance on
IBM z16", version 1.0, September 2022) and mqperf_MQ_for_zOS_on_z15.txt ("IBM MQ for z/OS on
z15 Performance", version 1.0, January 2020), pages as printed in their page footers (a
passage is on the page whose footer follows it).
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

# z16 report, page 30: "On our IBM z16 system configured with 3 dedicated processors ...
# With 4000 channel pairs in SYSTEM.CHANNEL.SYNCQ": cipher -> (channels started per second,
# CPU cost milliseconds / channel).
START_Z16 = {"rsa_aes256": (150, 1.97),
           "ecdhe_rsa": (95, 3.43),
           "ecdhe_ecdsa": (88, 3.39)}
REPORT_CHANNELS = 4000

# z16 report, page 25: "Cost of secret key negotiation (CPU milliseconds) in MQ channel
# initiator address space": cipher -> {machine: CPU ms}.
NEGOTIATION_Z16_REPORT = {"rsa_aes256": {"z15": 0.86, "z16": 0.43},
           "rsa_aes128": {"z15": 0.88, "z16": 0.37},
           "ecdhe_rsa": {"z15": 4.37, "z16": 3.9},
           "ecdhe_ecdsa": {"z15": 4.4, "z16": 3}}
# z15 report, page 20, the same table for z14 and z15: "TLS_RSA_WITH_AES_256_CBC_SHA256
# 0.66 0.64".
NEGOTIATION_Z15_REPORT = {"rsa_aes256": {"z14": 0.66, "z15": 0.64},
                          "rsa_aes128": {"z14": 0.65, "z15": 0.7},
                          "ecdhe_rsa": {"z14": 4, "z15": 3.8},
                          "ecdhe_ecdsa": {"z14": 3.9, "z15": 3.8}}
# z15 report, page 25: "On our 8561 system configured with 3 dedicated processors ... With 4000
# channel pairs in SYSTEM.CHANNEL.SYNCQ", and "For the TLS_RSA_WITH_AES_256_CBC_SHA256 cipher,
# this represents an 18% improvement over the equivalent z14 measurement" ("between 9 to 16%"
# for the ECDHE ciphers; the calculator takes 16).
START_Z15 = {"rsa_aes256": (174, 2.21), "ecdhe_rsa": (103, 3.9), "ecdhe_ecdsa": (98, 3.76)}
Z14_STEP = {"rsa_aes256": 0.18, "ecdhe_rsa": 0.16, "ecdhe_ecdsa": 0.16}
MB = 1_048_576


def _out(**inputs) -> dict:
    return calc.evaluate("tls_channels", inputs)


@pytest.mark.parametrize(("cipher", "figures"), START_Z16.items())
def test_the_reports_channels_start_at_its_rate_and_cost(cipher, figures):
    rate, cpu_ms = figures
    out = _out(cipher=cipher, channels=REPORT_CHANNELS)  # z16, 3 CPs: the defaults
    assert out["start_measured"] is True
    assert out["restart_seconds"] == pytest.approx(REPORT_CHANNELS / rate, rel=1e-12)
    assert out["start_cpu_seconds"] == pytest.approx(REPORT_CHANNELS * cpu_ms / 1000, rel=1e-12)
    assert out["start_cpu_seconds_per_sec"] == pytest.approx(rate * cpu_ms / 1000, rel=1e-12)


MEASURED_NEGOTIATION = {cipher: {"z14": NEGOTIATION_Z15_REPORT[cipher]["z14"],
                                 "z15": NEGOTIATION_Z15_REPORT[cipher]["z15"],
                                 "z16": NEGOTIATION_Z16_REPORT[cipher]["z16"]}
                        for cipher in NEGOTIATION_Z16_REPORT}
"""What a negotiation costs on each machine IBM measured: z16 from the z16 report, z14 and z15
from the z15 report (the z16 report's own z15 column disagrees; see the template)."""


@pytest.mark.parametrize(("cipher", "machine"),
                         [(c, m) for c in MEASURED_NEGOTIATION for m in ("z14", "z15", "z16")])
def test_each_negotiation_cost_is_measured_on_its_machine_unscaled(cipher, machine):
    """SSLRKEYC(1048576), the reports' own setting, and 1 MB/s: one negotiation a second.
    On a machine IBM measured, the figure is the measurement as published (z14 rsa_aes256
    was 0.972, the z16 report's z15 figure scaled, 47% above the 0.66 measured)."""
    out = _out(cipher=cipher, machine=machine, mb_per_sec=1, sslrkeyc=MB)
    assert out["renegotiations_per_sec"] == 1 and out["cpu_scale"] == 1
    measured = MEASURED_NEGOTIATION[cipher][machine]
    assert out["negotiation_cpu_ms"] == pytest.approx(measured, rel=1e-12)
    assert out["cpu_seconds_per_sec"] == pytest.approx(measured / 1000, rel=1e-12)


def test_the_two_reports_z15_negotiation_figures_both_stay_visible():
    """The z16 report's z15 column is kept in its table; the z15 report's is used, and a z15
    run says the two disagree."""
    table = TLS.tables["negotiation_table_cpu_ms"].data
    assert {c: table[c, "z15"] for c in NEGOTIATION_Z16_REPORT} == {
        c: NEGOTIATION_Z16_REPORT[c]["z15"] for c in NEGOTIATION_Z16_REPORT}
    notes = calc.run("tls_channels", {"machine": "z15"}).notes
    assert any("disagree" in note and "0.86" in note and "0.64" in note for note in notes)


@pytest.mark.parametrize(("cipher", "figures"), START_Z15.items())
def test_channel_starts_on_z15_are_the_z15_reports_measurement(cipher, figures):
    rate, cpu_ms = figures
    out = _out(cipher=cipher, channels=REPORT_CHANNELS, machine="z15")
    assert out["starts_per_sec"] == rate and out["start_cpu_scale"] == 1
    assert out["start_cpu_ms"] == pytest.approx(cpu_ms, rel=1e-12)
    assert out["restart_seconds"] == pytest.approx(REPORT_CHANNELS / rate, rel=1e-12)


@pytest.mark.parametrize(("cipher", "figures"), START_Z15.items())
def test_a_z14_start_costs_z15s_plus_the_published_step(cipher, figures):
    """No z14 start figures are published: z15's CPU times (1 + the z15 report's step over
    z14), at z15's rate; a z13 scales that by the generation table."""
    rate, cpu_ms = figures
    z14 = _out(cipher=cipher, machine="z14")
    assert z14["starts_per_sec"] == rate
    assert z14["start_cpu_ms"] == pytest.approx(cpu_ms * (1 + Z14_STEP[cipher]), rel=1e-12)
    z13 = _out(cipher=cipher, machine="z13")
    assert z13["start_cpu_ms"] == pytest.approx(z14["start_cpu_ms"] * z13["cpu_scale"],
                                                rel=1e-12)
    assert z13["cpu_scale"] > 1


def test_no_note_says_an_older_machine_restarts_slower():
    """IBM measured the z15 starting more channels a second than the z16 (174 against 150)."""
    for machine in ("z13", "z14", "z15"):
        notes = " ".join(calc.run("tls_channels", {"machine": machine}).notes)
        assert "slower restart" not in notes


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
def test_an_older_machine_costs_more_to_start_and_only_z16_has_its_own_rate(inputs):
    """Every published start CPU falls generation by generation (z15's over z16's; z14's is
    z15's plus a positive step; z13's is z14's scaled up). Key negotiation is measured on
    z14, z15 and z16 and taken as measured, though IBM measured one z14 cipher cheaper than
    on z15 (TLS_RSA_WITH_AES_128_GCM_SHA256, 0.65 against 0.7); only the unmeasured z13
    is scaled, up from z14. The start rate is z16's on a z16, z15's on the others."""
    z16, z15, z14, z13 = (_out(**{**inputs, "machine": machine})
                          for machine in ("z16", "z15", "z14", "z13"))
    for newer, older in ((z16, z15), (z15, z14), (z14, z13)):
        assert older["start_cpu_ms"] >= newer["start_cpu_ms"]
    assert z13["negotiation_cpu_ms"] >= z14["negotiation_cpu_ms"]
    assert z15["restart_seconds"] == z14["restart_seconds"] == z13["restart_seconds"]
