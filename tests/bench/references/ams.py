"""Hand-written ``ams``: the cryptographic load and CPU of AMS protection by placement.

The figures are retyped from 004_8d506b0c1db2e806.txt (measured on a z14 with 3 processors):
"Business Partner streaming to AMS Interception-protected Enterprise" (the channel
initiator's extra 7 µs a message when Confidentiality kept up, 10 to 14 µs when the target
rate was missed; the getting application's extra 13, 14 and 5 µs for Integrity, Privacy and
Confidentiality), "AMS Confidentiality with key reuse 32" (150 µs more a transaction, a
75% increase, so 200 µs unprotected; the rate 22% down), "AMS Privacy" (4 times the cost,
so 600 µs more; the rate down to a quarter), "Comparison of single channel pair
performance" (two data islands: 110 µs more, the rate 13% down) and the class(4) example
"Adapter usage when applying AMS protection to inbound messages" (CPU and elapsed µs).
"""
from __future__ import annotations

from .machine import CPU_SCALE_AT, machine, machine_defaults, with_planners_units

DEFAULTS = {"protection": "confidentiality", "key_reuse": 32, "unlimited_key_reuse": False,
            "recipients": 1, "placement": "interception", "workload": "streaming",
            "messages_per_sec": 10000} | machine_defaults("z14")
GETTER_US = {"none": 0, "integrity": 13, "privacy": 14, "confidentiality": 5}
CHIN_ACHIEVED_US, CHIN_MISSED_LOW_US, CHIN_MISSED_HIGH_US = 7, 10, 14
MEASURED_KEY_REUSE = 32
UNPROTECTED_TRANSACTION_US = 150 / 0.75  # 200
RR_INCREASE_US = {"confidentiality": 150, "privacy": 4 * 200 - 200}
RR_RATE_DROP_PCT = {"confidentiality": 22, "privacy": 100 - 25}
TWO_ISLANDS_EXTRA_US, TWO_ISLANDS_RATE_DROP_PCT = 110, 13
ADAPTER_US = {"none": (9, 9), "confidentiality": (18, 18), "privacy": (20, 347)}
"""Class(4) CPU and elapsed µs; Integrity, not in the example, takes Privacy's."""
AMS_STEP_PCT = {  # IBM's AMS cost change over the generation before, by size and protection
    # (integrity, privacy, confidentiality): z14 report pages 17 and 19 (cost of protecting),
    # z15 report page 26, z16 report page 34 (transaction cost)
    14: {"small": (-14, -7.5, -28), "medium": (-10, -12.25, -40)},
    15: {"small": (-8, -7.8, -12), "medium": (-6.6, -6.9, -8.8)},
    16: {"small": (-8.5, -6.8, -4), "medium": (-15.8, -14.7, -18.3)}}
PROTECTIONS = ("integrity", "privacy", "confidentiality")


def ams_scale(size: str, protection: str, generation: int) -> float:
    """The AMS cost on ``generation`` over its cost on the z14 IBM measured on."""
    if protection == "none":
        return 1.0
    step = {g: 1 + row[size][PROTECTIONS.index(protection)] / 100
            for g, row in AMS_STEP_PCT.items()}
    return ((1 / step[14] if generation <= 13 else 1) * (step[15] if generation >= 15 else 1)
            * (step[16] if generation >= 16 else 1))


def ams(inputs: dict) -> dict:
    """Asymmetric operations per message, CPU per message and per second on each LPAR."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (protection, key_reuse, unlimited, recipients, placement, workload, rate,
     *_) = values.values()
    if (protection not in ("none", "integrity", "privacy", "confidentiality")
            or type(key_reuse) is not int or not 1 <= key_reuse <= 9999999
            or unlimited is not True and unlimited is not False
            or type(recipients) is not int or not 1 <= recipients <= 10000
            or placement not in ("end_to_end", "interception", "two_islands")
            or workload not in ("streaming", "request_reply")
            or type(rate) not in (int, float) or not 0 <= rate <= 10000000):
        raise ValueError(f"ams: a value outside its domain among {inputs!r}")
    scaling = machine(inputs, "z14", 3)
    cpu_scale = scaling[CPU_SCALE_AT]
    generation = {"z13": 13, "z14": 14, "z15": 15, "z16": 16}[values["machine"]]
    small, medium = (ams_scale(size, protection, generation) for size in ("small", "medium"))
    none, confidentiality = protection == "none", protection == "confidentiality"
    signing = protection == "integrity" or protection == "privacy"
    end_to_end, two_islands = placement == "end_to_end", placement == "two_islands"
    streaming = workload == "streaming"
    if confidentiality:
        keys = 0 if unlimited else 1 / key_reuse
    else:
        keys = 1 if protection == "privacy" else 0
    signatures = 1 if signing else 0
    put = signatures + recipients * keys
    get = signatures + keys
    lpar_a_ops = put if end_to_end else put + get
    lpar_b_ops = get if end_to_end else (put + get if two_islands else 0)
    streaming_measured = (not confidentiality or unlimited or key_reuse == 1 or key_reuse == 32
                          or key_reuse == 64)
    if none:
        chin_low = chin_high = 0 * small
    elif not confidentiality:
        chin_low, chin_high = CHIN_MISSED_LOW_US * small, CHIN_MISSED_HIGH_US * small
    else:
        missed_share = max(0, keys - 1 / MEASURED_KEY_REUSE)
        chin_low = (CHIN_ACHIEVED_US + (CHIN_MISSED_LOW_US - CHIN_ACHIEVED_US) * missed_share
                    / (1 - 1 / MEASURED_KEY_REUSE)) * small
        chin_high = (CHIN_ACHIEVED_US + (CHIN_MISSED_HIGH_US - CHIN_ACHIEVED_US) * missed_share
                     / (1 - 1 / MEASURED_KEY_REUSE)) * small
    getter = GETTER_US[protection] * small
    rr_key_measured = not confidentiality or (key_reuse == MEASURED_KEY_REUSE and not unlimited)
    unprotected = UNPROTECTED_TRANSACTION_US * cpu_scale
    if none:
        rr_increase, rr_drop = 0, 0
    elif signing:
        rr_increase, rr_drop = RR_INCREASE_US["privacy"] * medium, RR_RATE_DROP_PCT["privacy"]
    else:
        rr_increase = (RR_INCREASE_US["confidentiality"] * medium
                       + 2 * (chin_high - CHIN_ACHIEVED_US * small))
        rr_drop = RR_RATE_DROP_PCT["confidentiality"]
    rr_per_direction = rr_increase / 2
    rr_extra = rr_increase * TWO_ISLANDS_EXTRA_US / RR_INCREASE_US["confidentiality"]
    if not two_islands or none:
        rr_rate_change = -rr_drop
    else:
        rr_rate_change = ((1 - rr_drop / 100) * (1 - TWO_ISLANDS_RATE_DROP_PCT / 100) - 1) * 100
    if none:
        rr_status = "none"
    elif confidentiality and rr_key_measured:
        rr_status = "measured" if medium == 1 else "scaled"
    elif protection == "privacy" and not two_islands:
        rr_status = "derived" if medium == 1 else "scaled"
    else:
        rr_status = "estimate"
    protect = chin_high if streaming else rr_per_direction / 2
    unprotect = getter if streaming else rr_per_direction / 2
    factor = 1 + TWO_ISLANDS_EXTRA_US / RR_INCREASE_US["confidentiality"] if two_islands else 1
    ams_us = (protect + unprotect) * factor
    if placement == "interception":
        lpar_a_us = ams_us
    else:
        lpar_a_us = ams_us / 2 if two_islands or not streaming else protect
    cpu_seconds = rate * ams_us / 1000000
    lpar_a_seconds = rate * lpar_a_us / 1000000
    both = protect + unprotect
    if end_to_end or both == 0:
        chin_seconds, appl_seconds = 0, lpar_a_seconds
    else:
        chin_seconds = lpar_a_seconds * (protect / both)
        appl_seconds = lpar_a_seconds * (unprotect / both)
    if none:
        cpu_status = "none"
    elif not streaming:
        cpu_status = rr_status
    else:
        cpu_status = (("measured" if small == 1 else "scaled")
                      if streaming_measured and placement == "interception"
                      and chin_low == chin_high else "estimate")
    adapter_cpu, adapter_elapsed = ADAPTER_US["none" if none else
                                              "confidentiality" if confidentiality else
                                              "privacy"]
    return with_planners_units({
            "ams_streaming_scale": small, "ams_request_reply_scale": medium,
            "keys_per_message": keys, "signatures_per_message": signatures,
            "asym_ops_put": put, "asym_ops_get": get,
            "asym_ops_avoided_pct": (1 - keys) * 100 if confidentiality else 0,
            "asym_ops_lpar_a": lpar_a_ops, "asym_ops_lpar_b": lpar_b_ops,
            "crypto_ops_per_sec_lpar_a": rate * lpar_a_ops,
            "crypto_ops_per_sec_lpar_b": rate * lpar_b_ops,
            "crypto_load_vs_end_to_end": lpar_a_ops / put if put > 0 else 1,
            "streaming_key_measured": streaming_measured, "chin_cpu_low_us": chin_low,
            "chin_cpu_high_us": chin_high, "chin_cpu_us": chin_high, "getter_cpu_us": getter,
            "rr_key_measured": rr_key_measured, "rr_increase_cpu_us": rr_increase,
            "rr_increase_pct": rr_increase / unprotected * 100,
            "rr_per_direction_cpu_us": rr_per_direction,
            "rr_two_islands_extra_cpu_us": rr_extra,
            "rr_two_islands_extra_pct": rr_extra / (unprotected + rr_increase) * 100,
            "rr_transaction_cpu_us": unprotected + rr_increase + (rr_extra if two_islands
                                                                  else 0),
            "rr_one_island_drop_pct": rr_drop, "rr_rate_change_pct": rr_rate_change,
            "rr_status": rr_status, "protect_cpu_us": protect, "unprotect_cpu_us": unprotect,
            "two_islands_factor": factor, "ams_cpu_us": ams_us, "lpar_a_cpu_us": lpar_a_us,
            "lpar_b_cpu_us": ams_us - lpar_a_us, "cpu_seconds_per_sec": cpu_seconds,
            "lpar_a_cpu_seconds_per_sec": lpar_a_seconds,
            "lpar_b_cpu_seconds_per_sec": rate * (ams_us - lpar_a_us) / 1000000,
            "chin_cpu_seconds_per_sec": chin_seconds, "appl_cpu_seconds_per_sec": appl_seconds,
            "cpu_status": cpu_status, "adapter_cpu_us": adapter_cpu * cpu_scale,
            "adapter_elapsed_us": adapter_elapsed,
            }, scaling, lpar_a_seconds)
