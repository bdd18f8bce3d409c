"""Hand-written ``channel_compression``: CPU per transaction with each COMPMSG against NONE.

The figures are retyped from mqperf_MQforZOS_ChannelCompression_v1.1.txt (z16, MQ 9.3),
appendices A to E, tables 1 to 20 (pages 36 to 53): for each protection (1 none, 2
ECDHE_RSA_256_CBC_SHA384, 3 TLS_RSA_WITH_AES_256_CBC_SHA256, 4 TLS_AES_128_GCM_SHA256, 5
TLS_CHACHA20_POLY1305_SHA256), message size and COMPMSG, the transaction cost in CPU
microseconds, the transaction rate, and the compression and decompression time (COMPTIME)
per segment, at 0 to 80% compressible, one row a line of ``channel_compression.csv`` beside
this module (measure, protection, KB, COMPMSG, then the five columns). A row the report does
not print (ZLIBHIGH under the TLS 1.2 ciphers, NONE's COMPTIME) counts as 0, as the
calculator's tables hold it.
"""
from __future__ import annotations

import csv
import math
from pathlib import Path

from .machine import CPU_SCALE_AT, NUMBERS, machine, machine_defaults, with_planners_units
from .measured_points import bracket

DEFAULTS = {"compmsg": "zlibfast", "protection": "ecdhe_rsa_256_cbc_sha384",
            "message_kb": 32, "compressibility_pct": 40,
            "transactions_per_sec": 1000} | machine_defaults("z16")
PROTECTIONS = {"none": 1, "ecdhe_rsa_256_cbc_sha384": 2, "tls_rsa_with_aes_256_cbc_sha256": 3,
               "tls_aes_128_gcm_sha256": 4, "tls_chacha20_poly1305_sha256": 5}
COMPMSG = {"none": "NONE", "rle": "RLE", "zlibfast": "ZLIBFAST", "zlibhigh": "ZLIBHIGH"}
SIZES = (2, 8, 16, 32, 64, 100)
COLUMNS = (0, 20, 40, 60, 80)
UNMEASURED = (0, 0, 0, 0, 0)


def _measured() -> dict[str, dict[tuple[int, int, str], tuple[float, ...]]]:
    """Each measure's rows, by (protection, KB, COMPMSG), from the CSV file beside this one."""
    with open(Path(__file__).with_suffix(".csv"), newline="", encoding="ascii") as stream:
        rows = list(csv.reader(stream))[1:]
    tables: dict[str, dict] = {}
    for measure, protection, kb, name, *figures in rows:
        tables.setdefault(measure, {})[int(protection), int(kb), name] = tuple(
            float(figure) if "." in figure else int(figure) for figure in figures)
    return tables


MEASURED = _measured()
COST_US, RATE = MEASURED["cost_us"], MEASURED["rate"]
COMPRESS_US, DECOMPRESS_US = MEASURED["compress_us"], MEASURED["decompress_us"]


def channel_compression(inputs: dict) -> dict:
    """Each COMPMSG's cost, interpolated between the measured sizes and compressibilities;
    the chosen one's against NONE, its break-even, rate and COMPTIME in segments."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    compmsg, protection, size_kb, share, rate = (values[name] for name in (
        "compmsg", "protection", "message_kb", "compressibility_pct", "transactions_per_sec"))
    if (compmsg not in COMPMSG or protection not in PROTECTIONS or type(size_kb) not in NUMBERS
            or not 0.5 <= size_kb <= 102400 or type(share) not in NUMBERS or not 0 <= share <= 100
            or type(rate) not in NUMBERS or not 0 <= rate <= 10000000):
        raise ValueError(f"channel_compression: a value outside its domain among {inputs!r}")
    scaling = machine(inputs, "z16", 3)
    scale, number = scaling[CPU_SCALE_AT], PROTECTIONS[protection]
    size = min(max(size_kb, 2), 100)
    lower, upper, size_fraction = bracket(size, SIZES)
    low_column, _high, share_fraction = bracket(min(share, 80), COLUMNS)
    low = COLUMNS.index(low_column)

    def at(table: dict, name: str, column: int) -> float:
        """The table at this size, between the measured sizes, at one measured column."""
        below = table.get((number, lower, name), UNMEASURED)[column]
        above = table.get((number, upper, name), UNMEASURED)[column]
        return below + (above - below) * size_fraction

    def between(table: dict, name: str) -> float:
        return (at(table, name, low) * (1 - share_fraction)
                + at(table, name, low + 1) * share_fraction)

    costs = {name: between(COST_US, name) * scale for name in COMPMSG.values()}
    chosen = COMPMSG[compmsg]
    zlibhigh_measured = number not in (2, 3)
    cost = costs[chosen]
    gaps = [at(COST_US, chosen, column) - at(COST_US, "NONE", column) for column in range(5)]
    even = 0
    for index, gap in enumerate(gaps):
        if gap <= 0:
            even = 0 if index == 0 else (COLUMNS[index - 1] + 20 * gaps[index - 1]
                                         / (gaps[index - 1] - gap))
            break
    if zlibhigh_measured and costs["ZLIBHIGH"] < min(costs["NONE"], costs["RLE"],
                                                     costs["ZLIBFAST"]):
        cheapest = "ZLIBHIGH"
    elif costs["NONE"] <= min(costs["RLE"], costs["ZLIBFAST"]):
        cheapest = "NONE"
    else:
        cheapest = "RLE" if costs["RLE"] <= costs["ZLIBFAST"] else "ZLIBFAST"
    segment_kb = 32 if number == 1 else 16
    segments = max(math.ceil(size_kb / segment_kb), 1)
    extra = cost - costs["NONE"]
    cpu_seconds = extra * rate / 1000000
    return with_planners_units({
            "protection_row": 10000 * number, "size_kb_used": size, "size_lower_kb": lower,
            "size_upper_kb": upper, "size_fraction": size_fraction,
            "compressibility_lower_pct": low_column,
            "compressibility_upper_pct": low_column + 20,
            "compressibility_fraction": share_fraction,
            "row_lower": 10000 * number + lower * 10, "row_upper": 10000 * number + upper * 10,
            "compmsg_code": list(COMPMSG).index(compmsg),
            "zlibhigh_measured": zlibhigh_measured,
            "chosen_measured": zlibhigh_measured or compmsg != "zlibhigh",
            **{f"cost_{name}_us": costs[label] for name, label in COMPMSG.items()},
            "rate_tps": between(RATE, chosen), "cost_us": cost, "extra_cost_us": extra,
            "cheapest": cheapest,
            **{f"gap_{column}_us": gap for column, gap in zip(COLUMNS, gaps)},
            "pays_within_measured": min(gaps) <= 0, "break_even_compressibility_pct": even,
            "cpu_seconds_per_sec": cpu_seconds,
            "transaction_cpu_seconds_per_sec": cost * rate / 1000000,
            "segment_kb": segment_kb, "segments": segments,
            "compress_us_per_message": between(COMPRESS_US, chosen) * segments,
            "decompress_us_per_message": between(DECOMPRESS_US, chosen) * segments,
            "compressed_segment_kb": min(size_kb, segment_kb) * (1 - share / 100),
            }, scaling, cpu_seconds)
