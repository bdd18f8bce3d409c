"""Hand-written ``archive_logs``: the CPU and log rate of compressed archive logs, and the
time and CPU of recovering from them.

The figures are retyped from mqperf_MQ_for_zOS_on_z15.txt (page 17, the z15's increase in
queue manager TCB and in peak log throughput by message size; page 18, its recovery rate and
cost per MB) and mqperf_MQ_for_zOS_on_z14_v1.2.txt (page 24, the z13's increases, revised per
MB; page 25, the z14's increases, and both machines' recovery). Each printed range runs over
data 0 to 80% compressible; "up to" is taken from 0. The highest compressed log rate either
report measured is the z14's 530 MB/s (page 25).
"""
from __future__ import annotations

from .machine import (CPU_SCALE_AT, GENERATION_AT, NUMBERS, machine, machine_defaults,
                      with_planners_units)
from .measured_points import bracket

DEFAULTS = {"compress_archives": True, "log_mb_per_sec": 282, "peak_log_mb_per_sec": 282,
            "message_kb": 4096, "compressibility_pct": 0, "qm_tcb_cpu_us_per_mb": 1546,
            "recovery_gb": 4} | machine_defaults("z15")
SIZES = (4, 32, 1024, 4096)
TCB_PCT = {  # generation -> (least, most) at each size in SIZES
    13: ((4, 4), (6, 15), (22, 40), (24, 36)),
    14: ((0, 4), (0, 4), (5, 7), (4, 10)),
    15: ((0, 0), (0, 5), (8, 13), (8, 14))}
GAIN_PCT = {
    13: ((0, 0), (0, 0), (15, 30), (20, 45)),
    14: ((0, 0), (0, 4), (44, 72), (50, 94)),
    15: ((1, 1), (0, 3), (32, 65), (45, 82))}
RECOVERY = {  # generation -> (MB/s plain, MB/s compressed, CPU µs/MB plain, compressed)
    13: (88, 27, 860, 1900), 14: (110, 38, 740, 1148), 15: (106, 40, 930, 1451)}
MOST_COMPRESSIBLE_PCT, HIGHEST_COMPRESSED_MB_PER_SEC, MB_PER_GB = 80, 530, 1024
DOMAINS = {"log_mb_per_sec": (0, 100000), "peak_log_mb_per_sec": (0.1, 100000),
           "message_kb": (0.5, 102400), "compressibility_pct": (0, 100),
           "qm_tcb_cpu_us_per_mb": (0, 1000000), "recovery_gb": (0, 1000000)}


def archive_logs(inputs: dict) -> dict:
    """The compression's TCB increase and log rate gain at the message size and
    compressibility, interpolated between the measured sizes; recovery both ways."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    compress = values["compress_archives"]
    if compress is not True and compress is not False:
        raise ValueError(f"compress_archives={compress!r}")
    for name, (low, high) in DOMAINS.items():
        if type(values[name]) not in NUMBERS or not low <= values[name] <= high:
            raise ValueError(f"{name}={values[name]!r}")
    scaling = machine(inputs, "z13", 3, newest="z15")
    generation = scaling[GENERATION_AT]
    size = min(max(values["message_kb"], 4), 4096)
    lower, upper, fraction = bracket(size, SIZES)
    share = min(values["compressibility_pct"], MOST_COMPRESSIBLE_PCT) / MOST_COMPRESSIBLE_PCT
    tcb = [most - (most - least) * share
           for least, most in (TCB_PCT[generation][SIZES.index(kb)] for kb in (lower, upper))]
    gain = [least + (most - least) * share
            for least, most in (GAIN_PCT[generation][SIZES.index(kb)] for kb in (lower, upper))]
    tcb_pct = tcb[0] + (tcb[1] - tcb[0]) * fraction
    gain_pct = gain[0] + (gain[1] - gain[0]) * fraction
    cpu_us_per_mb = values["qm_tcb_cpu_us_per_mb"] * tcb_pct / 100
    cpu_seconds = cpu_us_per_mb * values["log_mb_per_sec"] / 1000000 if compress else 0
    peak = values["peak_log_mb_per_sec"]
    uncapped = peak * (1 + gain_pct / 100)
    compressed_peak = min(uncapped, max(peak, HIGHEST_COMPRESSED_MB_PER_SEC))
    peak_used = compressed_peak if compress else peak
    plain_rate, compressed_rate, plain_cost, compressed_cost = RECOVERY[generation]
    gb = values["recovery_gb"]
    plain_minutes = gb * MB_PER_GB / plain_rate / 60
    compressed_minutes = gb * MB_PER_GB / compressed_rate / 60
    return with_planners_units({
            "measured_generation": generation, "size_kb_used": size, "size_lower_kb": lower,
            "size_upper_kb": upper, "size_fraction": fraction, "compressed_share": share,
            "tcb_increase_lower_pct": tcb[0], "tcb_increase_upper_pct": tcb[1],
            "tcb_increase_pct": tcb_pct, "compression_cpu_us_per_mb": cpu_us_per_mb,
            "cpu_seconds_per_sec": cpu_seconds, "peak_gain_lower_pct": gain[0],
            "peak_gain_upper_pct": gain[1], "peak_gain_pct": gain_pct,
            "uncapped_peak_log_mb_per_sec": uncapped,
            "compressed_peak_log_mb_per_sec": compressed_peak,
            "peak_log_used_mb_per_sec": peak_used,
            "log_headroom_mb_per_sec": peak_used - values["log_mb_per_sec"],
            "recovery_minutes_uncompressed": plain_minutes,
            "recovery_minutes_compressed": compressed_minutes,
            "recovery_minutes": compressed_minutes if compress else plain_minutes,
            "recovery_extra_minutes": compressed_minutes - plain_minutes,
            "recovery_cpu_seconds_uncompressed":
                gb * MB_PER_GB * plain_cost * scaling[CPU_SCALE_AT] / 1000000,
            "recovery_cpu_seconds_compressed":
                gb * MB_PER_GB * compressed_cost * scaling[CPU_SCALE_AT] / 1000000,
            }, scaling, cpu_seconds)
