"""Hand-written ``tls_channels``: the CPU of starting TLS channels and of renegotiating keys.

The figures are retyped from mqperf_MQ_for_zOS_on_z16.txt: page 30, "TLS channel start
costs" (on a z16 with 3 processors and 4000 channel pairs: channels started per second and
CPU milliseconds per channel for the three ciphers measured), and page 25, "Cost of secret
key negotiation (CPU milliseconds) in MQ channel initiator address space" (the four TLS 1.2
ciphers on z15 and z16; TLS 1.3, benchmarked on page 24, renegotiates no secret key). A
cipher without start figures takes those of the measured cipher with its key exchange (the
calculator's choice); SSLRKEYC counts bytes, 1 MB = 1048576 (page 25). From
mqperf_MQ_for_zOS_on_z15.txt: page 20, key negotiation on z14 and z15 (used on those
machines), and page 25, channel starts on z15 and the step over z14 (18% TLS_RSA, 9 to 16%
ECDHE, the calculator taking 16%).
"""
from __future__ import annotations

from .machine import (CPU_SCALE_AT, GENERATION_AT, PROCESSORS_AT, machine, machine_defaults,
                      with_planners_units)

DEFAULTS = {"channels": 4000, "cipher": "rsa_aes256", "mb_per_sec": 50,
            "sslrkeyc": 1048576} | machine_defaults("z16")
CIPHERS = {  # cipher -> (TLS version, cipher whose start figures it takes, negotiation
    #                     CPU ms by generation measured: z14, z15, z16)
    "rsa_aes256": (1.2, "rsa_aes256", {14: 0.66, 15: 0.64, 16: 0.43}),
    "rsa_aes128": (1.2, "rsa_aes256", {14: 0.65, 15: 0.7, 16: 0.37}),
    "ecdhe_rsa": (1.2, "ecdhe_rsa", {14: 4, 15: 3.8, 16: 3.9}),
    "ecdhe_ecdsa": (1.2, "ecdhe_ecdsa", {14: 3.9, 15: 3.8, 16: 3}),
    "tls13_aes128": (1.3, "ecdhe_rsa", {14: 0, 15: 0, 16: 0}),
    "tls13_aes256": (1.3, "ecdhe_rsa", {14: 0, 15: 0, 16: 0}),
    "tls13_chacha20": (1.3, "ecdhe_rsa", {14: 0, 15: 0, 16: 0})}
STARTS = {16: {"rsa_aes256": (150, 1.97), "ecdhe_rsa": (95, 3.43), "ecdhe_ecdsa": (88, 3.39)},
          15: {"rsa_aes256": (174, 2.21), "ecdhe_rsa": (103, 3.9), "ecdhe_ecdsa": (98, 3.76)}}
"""Channels started per second and CPU ms per channel start, on z16 and on z15."""
Z14_START_STEP = {"rsa_aes256": 18, "ecdhe_rsa": 16, "ecdhe_ecdsa": 16}
"""Per cent more CPU per start on z14 than on z15."""


def tls_channels(inputs: dict) -> dict:
    """Time and CPU to start every channel, and the CPU of key renegotiation."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    channels, cipher, mb_per_sec, sslrkeyc, *_ = values.values()
    if (type(channels) is not int or not 0 <= channels <= 1000000):
        raise ValueError(f"tls_channels: a value outside its domain among {inputs!r}")
    if cipher not in ("rsa_aes256", "rsa_aes128", "ecdhe_rsa", "ecdhe_ecdsa", "tls13_aes128",
                      "tls13_aes256", "tls13_chacha20"):
        raise ValueError(f"cipher={cipher!r}")
    if type(mb_per_sec) not in (int, float) or not 0 <= mb_per_sec <= 100000:
        raise ValueError(f"mb_per_sec={mb_per_sec!r}")
    if type(sslrkeyc) is not int or not 0 <= sslrkeyc <= 999999999:
        raise ValueError(f"sslrkeyc={sslrkeyc!r}")
    scaling = machine(inputs, "z14", 3, newest="z16")
    if not (sslrkeyc == 0 or sslrkeyc >= 32768):
        raise ValueError(f"sslrkeyc={sslrkeyc!r}: 0 or at least 32768")
    cpu_scale, generation = scaling[CPU_SCALE_AT], scaling[GENERATION_AT]
    version, start_cipher, negotiation = CIPHERS[cipher]
    start_cpu_scale = cpu_scale * (1 + Z14_START_STEP[start_cipher] / 100 if generation == 14
                                   else 1)
    starts_per_sec, start_ms = STARTS[16 if generation == 16 else 15][start_cipher]
    start_ms = start_ms * start_cpu_scale
    start_seconds_per_sec = starts_per_sec * start_ms / 1000
    renegotiations = 0 if version > 1.2 or sslrkeyc == 0 else mb_per_sec * 1048576 / sslrkeyc
    negotiation_ms = negotiation[generation] * cpu_scale
    cpu_seconds = renegotiations * negotiation_ms / 1000
    return with_planners_units({
            "measured_generation": generation, "start_cpu_scale": start_cpu_scale,
            "tls_protocol": version, "start_cipher_used": start_cipher,
            "start_measured": start_cipher == cipher, "starts_per_sec": starts_per_sec,
            "restart_seconds": channels / starts_per_sec, "start_cpu_ms": start_ms,
            "start_cpu_seconds": channels * start_ms / 1000,
            "start_cpu_seconds_per_sec": start_seconds_per_sec,
            "start_lpar_busy_pct": start_seconds_per_sec / scaling[PROCESSORS_AT] * 100,
            "renegotiations_per_sec": renegotiations, "negotiation_cpu_ms": negotiation_ms,
            "cpu_seconds_per_sec": cpu_seconds, }, scaling, cpu_seconds)
