"""Hand-written ``zhyperwrite``: whether zHyperWrite is in effect and what it does to the log.

The figures are retyped from the blog 002_d8ea5ad91b1ebf9b.txt and its full report
mqperf_MQ_v912_zHyperWrite_active_log_acceleration.txt: up to 2.4 times the sustained log
rate with single logs (blog summary; report page 14), double the PPRC rate with dual logs
(report appendix A, page 16), the DS8870's non-volatile storage saturated at 1.5 GB/s in all
(report page 16: 250 MB/s logged x 6 = 1,500 MB/s), and MSTR cost per MB up about 7.5% with single and
6% with dual logs (report page 12). I/O times, not CPU: no machine scaling. The cut in I/O
time holds up to 96 KB messages, 12% above (page 8); the projection never passes 580 MB/s
(no mirroring, page 13), 445 MB/s for 4 MB single logs (page 13), nor 60 MB/s more than today
with dual logs above 64 KB (page 16).
"""
from __future__ import annotations

DEFAULTS = {"mq_level": "v912_or_later", "metro_mirror": True, "hyperswap": True,
            "iecios_hyperwrite": True, "zhywrite": True, "dual_logging": True,
            "log_mb_per_sec": 100, "log_io_ms": 1, "message_kb": 64, "io_reduction_pct": 60}
BEST_RATE_GAIN = {False: 2.4, True: 2}  # by dual logging
SATURATION_MB_PER_SEC = 250 * 6
MSTR_COST_INCREASE_PCT = {False: 7.5, True: 6}  # by dual logging


def zhyperwrite(inputs: dict) -> dict:
    """The log I/O time and log rate with zHyperWrite, and what is missing for it."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (level, metro_mirror, hyperswap, iecios, zhywrite, dual, log_rate, io_ms, size_kb,
     reduction) = values.values()
    if (level not in ("before_912", "v912_or_later")
            or metro_mirror is not True and metro_mirror is not False
            or hyperswap is not True and hyperswap is not False
            or iecios is not True and iecios is not False
            or zhywrite is not True and zhywrite is not False
            or dual is not True and dual is not False
            or type(log_rate) not in (int, float) or not 0 <= log_rate <= 100000
            or type(io_ms) not in (int, float) or not 0.01 <= io_ms <= 1000
            or type(size_kb) not in (int, float) or not 0.5 <= size_kb <= 102400
            or type(reduction) not in (int, float) or not 0 <= reduction <= 60):
        raise ValueError(f"zhyperwrite: a value outside its domain among {inputs!r}")
    in_effect = level == "v912_or_later" and metro_mirror and hyperswap and iecios and zhywrite
    if in_effect:
        missing = "none"
    else:
        missing = (("Move the queue manager to MQ for z/OS 9.1.2 or later. "
                    if level == "before_912" else "")
                   + ("Replicate the active log volumes with Metro Mirror on "
                      "zHyperWrite-capable volumes. " if not metro_mirror else "")
                   + ("Enable HyperSwap for the active log volumes. " if not hyperswap else "")
                   + ("Specify HYPERWRITE=YES in IECIOSxx. " if not iecios else "")
                   + ("Set ZHYWRITE(YES) in CSQ6LOGP or issue SET LOG ZHYWRITE(YES)."
                      if not zhywrite else ""))
    measured_cut = reduction if size_kb <= 96 else min(reduction, 12)
    cut_pct = measured_cut if in_effect else 0
    projected_io_ms = io_ms * (1 - cut_pct / 100)
    io_bound_gain = io_ms / projected_io_ms
    best = BEST_RATE_GAIN[dual]
    gain = min(io_bound_gain, best)
    uncapped = log_rate * gain
    projected_rate = min(uncapped, 580)
    if dual and size_kb > 64:
        projected_rate = min(projected_rate, log_rate + 60)
    if not dual and size_kb >= 4096:
        projected_rate = min(projected_rate, 445)
    projected_rate = max(log_rate, projected_rate)
    copies = 2 if dual else 1
    disk_rate = projected_rate * copies * (3 if metro_mirror else 2)
    return {"in_effect": in_effect, "missing": missing, "measured_reduction_pct": measured_cut,
            "io_time_reduction_pct": cut_pct,
            "projected_log_io_ms": projected_io_ms, "io_bound_rate_gain": io_bound_gain,
            "best_gain_used": best, "rate_gain": gain, "gain_capped": io_bound_gain > best,
            "uncapped_log_mb_per_sec": uncapped, "projected_log_mb_per_sec": projected_rate,
            "rate_capped_at_measured": projected_rate < uncapped,
            "log_rate_increase_mb_per_sec": projected_rate - log_rate,
            "log_write_mb_per_sec": projected_rate * copies,
            "disk_write_mb_per_sec": disk_rate,
            "cache_saturation_risk": disk_rate >= SATURATION_MB_PER_SEC,
            "mstr_cost_increase_pct": MSTR_COST_INCREASE_PCT[dual] if in_effect else 0}
