"""Hand-written ``connect``: the cost of a client connect and of refused attempts.

The figures are retyped from 001_88807c0b1590429f.txt: table "Summary cost of connecting a
client to a z/OS queue manager", the refused-connection passages and the "Notes on chart"
address-space split (all measured on a z14).
"""
from __future__ import annotations

from .machine import CPU_SCALE_AT, MACHINE_INPUTS, NUMBERS, machine, with_planners_units

CONNECT_INPUTS = frozenset({"sharecnv", "listener", "tls", "suppress_x511_x512",
                            "connects_per_sec", "block_method", "blocked_per_sec"}) | MACHINE_INPUTS
BASIC_US = {(0, "local"): 510, (0, "shared"): 1100, (1, "local"): 590, (1, "shared"): 1350}
TLS_US = {"local": 380, "shared": 400}
SUPPRESSION_US = {"local": 130, "shared": 140}
REFUSED_US = {("chlauth", 0): 800, ("chlauth", 1): 1500, ("maxinst", 0): 440,
              ("maxinst", 1): 850, ("invalid_protocol", 0): 1100, ("invalid_protocol", 1): 1100}
SPLIT_US = {("queue_manager", "local"): 13, ("queue_manager", "shared"): 348,
            ("channel_initiator", "local"): 460, ("channel_initiator", "shared"): 527,
            ("db2", "local"): 1, ("db2", "shared"): 181,
            ("network_and_other", "local"): 36, ("network_and_other", "shared"): 44}


def connect(inputs: dict) -> dict:
    """Cost of a client connect and of refused attempts (the ``connect`` calculator)."""
    if not CONNECT_INPUTS.issuperset(inputs):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    sharecnv = inputs.get("sharecnv", 0)
    listener = inputs.get("listener", "local")
    tls = inputs.get("tls", True)
    suppress = inputs.get("suppress_x511_x512", True)
    connects = inputs.get("connects_per_sec", 100)
    method = inputs.get("block_method", "chlauth")
    blocked = inputs.get("blocked_per_sec", 0)
    if type(sharecnv) is not int or not 0 <= sharecnv <= 999:
        raise ValueError(f"sharecnv={sharecnv!r}")
    if listener not in ("local", "shared"):
        raise ValueError(f"listener={listener!r}")
    if type(tls) is not bool:
        raise ValueError(f"tls={tls!r}")
    if type(suppress) is not bool:
        raise ValueError(f"suppress_x511_x512={suppress!r}")
    if type(connects) not in NUMBERS or not 0 <= connects <= 1_000_000:
        raise ValueError(f"connects_per_sec={connects!r}")
    if method not in ("chlauth", "maxinst", "invalid_protocol"):
        raise ValueError(f"block_method={method!r}")
    if type(blocked) not in NUMBERS or not 0 <= blocked <= 1_000_000:
        raise ValueError(f"blocked_per_sec={blocked!r}")
    scaling = machine(inputs, "z14", 3)
    cpu_scale = scaling[CPU_SCALE_AT]
    column = min(sharecnv, 1)
    basic = BASIC_US[column, listener] * cpu_scale
    tls_us = TLS_US[listener] * cpu_scale if tls else 0
    saving = SUPPRESSION_US[listener] * cpu_scale if suppress else 0
    per_connect = basic + tls_us - saving
    per_refusal = REFUSED_US[method, column] * cpu_scale
    connect_busy = connects * per_connect / 1000000
    refused_busy = blocked * per_refusal / 1000000
    scale = BASIC_US[column, listener] / BASIC_US[0, listener]
    qmgr = SPLIT_US["queue_manager", listener] * scale * cpu_scale
    chin = SPLIT_US["channel_initiator", listener] * scale * cpu_scale + tls_us - saving
    db2 = SPLIT_US["db2", listener] * scale * cpu_scale
    network = SPLIT_US["network_and_other", listener] * scale * cpu_scale
    return with_planners_units({
        "sharecnv_column": column, "basic_connect_cpu_us": basic,
        "tls_addition_cpu_us": tls_us, "suppression_saving_cpu_us": saving,
        "connect_cpu_us": per_connect, "blocked_cpu_us": per_refusal,
        "connect_cpu_seconds_per_sec": connect_busy, "blocked_cpu_seconds_per_sec": refused_busy,
        "cpu_seconds_per_sec": connect_busy + refused_busy, "split_scale": scale,
        "qmgr_cpu_us": qmgr, "chin_cpu_us": chin, "db2_cpu_us": db2, "network_cpu_us": network,
        "qmgr_cpu_seconds_per_sec": connects * qmgr / 1000000,
        "chin_cpu_seconds_per_sec": connects * chin / 1000000,
        "db2_cpu_seconds_per_sec": connects * db2 / 1000000,
        "network_cpu_seconds_per_sec": connects * network / 1000000,
    }, scaling, connect_busy + refused_busy)
