"""Hand-written plain Python for two calculators: the engine's limit.

Each function does what ``calc.evaluate`` does for its calculator with typed Python values
(the API's use): it refuses an unknown input name, checks each value's type and domain, fills
in defaults and computes every output, in the same order of operations as the template's
formulas, so the results agree to the last bit (``tests/test_bench.py`` holds them to that).
It is written the way a careful programmer would write one calculator by hand for speed:
tables as dicts, validation inline, no general machinery. Text values (``"10"``), which the
engine also parses, are refused here: parsing is not on the path being timed.

The figures are retyped from the sources, not read from the templates:
connect from 001_88807c0b1590429f.txt, table "Summary cost of connecting a client to a z/OS
queue manager", the refused-connection passages and the "Notes on chart" address-space split;
adapters from 004_8d506b0c1db2e806.txt, the CHIADAPS suggestion and the class(4) example under
"AMS Interception on z/OS and the MQ channel initiator"; the machine scaling from the
expected improvement tables of IBM's z14 (page 5), z15 (page 5) and z16 (page 6) reports.
"""
from __future__ import annotations

import math

MACHINE_INPUTS = frozenset({"machine", "workload_rni", "processors", "msu_per_cp"})
GENERATION = {"z13": 13, "z14": 14, "z15": 15, "z16": 16}
IMPROVEMENT_PCT = {  # generation -> (CPUs row, RNI) -> expected improvement over the previous
    14: {(3, "low"): 6, (3, "average"): 8, (3, "high"): 11, (16, "low"): 7,
         (16, "average"): 10, (16, "high"): 12, (32, "low"): 17, (32, "average"): 11,
         (32, "high"): 14},
    15: {(3, "low"): 11, (3, "average"): 13, (3, "high"): 15, (16, "low"): 12,
         (16, "average"): 14, (16, "high"): 16, (32, "low"): 12, (32, "average"): 13,
         (32, "high"): 16},
    16: {(3, "low"): 9, (3, "average"): 10, (3, "high"): 12, (16, "low"): 9,
         (16, "average"): 11, (16, "high"): 14, (32, "low"): 10, (32, "average"): 12,
         (32, "high"): 14}}
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


def _is_number(value: object) -> bool:
    return type(value) in (int, float) and value == value and abs(value) != math.inf


def machine(inputs: dict, measured: str, processors_default: int) -> dict:
    """The machine inputs, checked, and the CPU scaling from the ``measured`` machine."""
    target = inputs.get("machine", measured)
    rni = inputs.get("workload_rni", "average")
    processors = inputs.get("processors", processors_default)
    msu_per_cp = inputs.get("msu_per_cp", 0)
    if target not in GENERATION:
        raise ValueError(f"machine={target!r}")
    if rni not in ("low", "average", "high"):
        raise ValueError(f"workload_rni={rni!r}")
    if type(processors) is not int or not 1 <= processors <= 256:
        raise ValueError(f"processors={processors!r}")
    if not _is_number(msu_per_cp) or not 0 <= msu_per_cp <= 10000:
        raise ValueError(f"msu_per_cp={msu_per_cp!r}")
    row = 3 if processors < 16 else (16 if processors < 32 else 32)

    def speed(generation: int) -> float:
        return ((1 + IMPROVEMENT_PCT[14][row, rni] / 100 if generation >= 14 else 1)
                * (1 + IMPROVEMENT_PCT[15][row, rni] / 100 if generation >= 15 else 1)
                * (1 + IMPROVEMENT_PCT[16][row, rni] / 100 if generation >= 16 else 1))

    machine_speed, measured_speed = speed(GENERATION[target]), speed(GENERATION[measured])
    return {"processors": processors, "msu_per_cp": msu_per_cp, "scaling_row": row,
            "machine_speed": machine_speed, "measured_speed": measured_speed,
            "cpu_scale": measured_speed / machine_speed}


def in_planners_units(context: dict, cpu_seconds_per_sec: float) -> dict:
    """The machine part's outputs, CPU busy as a share of the LPAR and in MSU last."""
    return {name: context[name] for name in ("scaling_row", "machine_speed", "measured_speed",
                                              "cpu_scale")} | {
        "lpar_busy_pct": cpu_seconds_per_sec / context["processors"] * 100,
        "msu": cpu_seconds_per_sec * context["msu_per_cp"]}


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
    if not _is_number(connects) or not 0 <= connects <= 1_000_000:
        raise ValueError(f"connects_per_sec={connects!r}")
    if method not in ("chlauth", "maxinst", "invalid_protocol"):
        raise ValueError(f"block_method={method!r}")
    if not _is_number(blocked) or not 0 <= blocked <= 1_000_000:
        raise ValueError(f"blocked_per_sec={blocked!r}")
    context = machine(inputs, "z14", 3)
    cpu_scale = context["cpu_scale"]
    column = min(sharecnv, 1)
    basic = BASIC_US[column, listener] * cpu_scale
    tls_us = TLS_US[listener] * cpu_scale if tls else 0
    saving = SUPPRESSION_US[listener] * cpu_scale if suppress else 0
    per_connect = basic + tls_us - saving
    per_refusal = REFUSED_US[method, column] * cpu_scale
    connect_busy = connects * per_connect / 1000000
    refused_busy = blocked * per_refusal / 1000000
    scale = BASIC_US[column, listener] / BASIC_US[0, listener]
    shares = {"qmgr": SPLIT_US["queue_manager", listener] * scale * cpu_scale,
              "chin": (SPLIT_US["channel_initiator", listener] * scale * cpu_scale
                       + tls_us - saving),
              "db2": SPLIT_US["db2", listener] * scale * cpu_scale,
              "network": SPLIT_US["network_and_other", listener] * scale * cpu_scale}
    return {"sharecnv_column": column, "basic_connect_cpu_us": basic,
            "tls_addition_cpu_us": tls_us, "suppression_saving_cpu_us": saving,
            "connect_cpu_us": per_connect, "blocked_cpu_us": per_refusal,
            "connect_cpu_seconds_per_sec": connect_busy,
            "blocked_cpu_seconds_per_sec": refused_busy,
            "cpu_seconds_per_sec": connect_busy + refused_busy, "split_scale": scale,
            **{f"{name}_cpu_us": cpu_us for name, cpu_us in shares.items()},
            **{f"{name}_cpu_seconds_per_sec": connects * cpu_us / 1000000
               for name, cpu_us in shares.items()},
            **in_planners_units(context, connect_busy + refused_busy)}


ADAPTERS_INPUTS = frozenset({"processors", "chiadaps", "chidisps", "dispatcher_busy_pct",
                             "adapter_requests_per_sec", "adapter_times", "adapter_elapsed_us",
                             "adapter_cpu_us"}) | MACHINE_INPUTS
CLASS4_US = {"unprotected": (9, 9), "confidentiality_kr32": (18, 18), "privacy": (20, 347)}
"""CPU and elapsed µs per adapter request in the source's class(4) example."""


def adapters(inputs: dict) -> dict:
    """CHIADAPS by the processor rule and by the load (the ``adapters`` calculator)."""
    if not ADAPTERS_INPUTS.issuperset(inputs):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    processors = inputs.get("processors", 3)
    chiadaps = inputs.get("chiadaps", 10)
    chidisps = inputs.get("chidisps", 3)
    dispatcher_busy = inputs.get("dispatcher_busy_pct", 25)
    rate = inputs.get("adapter_requests_per_sec", 44163)
    times = inputs.get("adapter_times", "report")
    elapsed_typed = inputs.get("adapter_elapsed_us", 111)
    cpu_typed = inputs.get("adapter_cpu_us", 35)
    if type(processors) is not int or not 1 <= processors <= 256:
        raise ValueError(f"processors={processors!r}")
    if type(chiadaps) is not int or not 1 <= chiadaps <= 9999:
        raise ValueError(f"chiadaps={chiadaps!r}")
    if type(chidisps) is not int or not 1 <= chidisps <= 9999:
        raise ValueError(f"chidisps={chidisps!r}")
    if not _is_number(dispatcher_busy) or not 0 <= dispatcher_busy <= 100:
        raise ValueError(f"dispatcher_busy_pct={dispatcher_busy!r}")
    if not _is_number(rate) or not 0 <= rate <= 100_000_000:
        raise ValueError(f"adapter_requests_per_sec={rate!r}")
    if times != "report" and times not in CLASS4_US:
        raise ValueError(f"adapter_times={times!r}")
    if not _is_number(elapsed_typed) or not 0.1 <= elapsed_typed <= 100_000_000:
        raise ValueError(f"adapter_elapsed_us={elapsed_typed!r}")
    if not _is_number(cpu_typed) or not 0 <= cpu_typed <= 100_000_000:
        raise ValueError(f"adapter_cpu_us={cpu_typed!r}")
    context = machine(inputs, "z14", 3)
    recommended = min(120, 30 + 8 * max(0, processors - 4))
    if times == "report":
        cpu, elapsed = cpu_typed, elapsed_typed
    else:
        cpu = CLASS4_US[times][0] * context["cpu_scale"]
        elapsed = cpu + (CLASS4_US[times][1] - CLASS4_US[times][0])  # the wait as measured
    busy = rate * elapsed / 1000000
    minimum = math.ceil(busy) + 1
    wait = max(0, elapsed - cpu)
    dispatchers = chidisps * dispatcher_busy / 100
    return {"chiadaps_recommended": recommended, "elapsed_used_us": elapsed,
            "cpu_used_us": cpu, "adapters_busy": busy,
            "adapter_busy_pct": busy / chiadaps * 100, "adapters_idle": chiadaps - busy,
            "saturated": busy / chiadaps * 100 > 100,
            "adapter_capacity_requests_per_sec": chiadaps * 1000000 / elapsed,
            "channel_max_msgs_per_sec": 1000000 / elapsed,
            "idle_at_peak": chiadaps >= minimum, "chiadaps_minimum": minimum,
            "chiadaps_suggested": max(recommended, minimum), "adapter_wait_us": wait,
            "adapter_wait_pct": wait / elapsed * 100,
            "adapters_waiting": rate * wait / 1000000,
            "cpu_seconds_per_sec": rate * cpu / 1000000,
            "wait_meaning": "mostly waiting" if wait > cpu else "mostly CPU",
            "dispatchers_busy": dispatchers,
            "chidisps_suggested": max(1, math.ceil(dispatchers * 100 / 25)),
            "transactions_per_sec": rate / 3,
            **in_planners_units(context, rate * cpu / 1000000)}


REFERENCES = {"connect": connect, "adapters": adapters}
"""The hand-written function of each calculator that has one."""
