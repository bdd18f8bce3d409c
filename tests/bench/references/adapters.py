"""Hand-written ``adapters``: CHIADAPS by the processor rule and by the load.

The figures are retyped from 004_8d506b0c1db2e806.txt: the CHIADAPS suggestion and the
class(4) example under "AMS Interception on z/OS and the MQ channel initiator" (z14).
"""
from __future__ import annotations

import math

from .machine import CPU_SCALE_AT, MACHINE_INPUTS, NUMBERS, machine, with_planners_units

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
    if type(dispatcher_busy) not in NUMBERS or not 0 <= dispatcher_busy <= 100:
        raise ValueError(f"dispatcher_busy_pct={dispatcher_busy!r}")
    if type(rate) not in NUMBERS or not 0 <= rate <= 100_000_000:
        raise ValueError(f"adapter_requests_per_sec={rate!r}")
    if times != "report" and times not in CLASS4_US:
        raise ValueError(f"adapter_times={times!r}")
    if type(elapsed_typed) not in NUMBERS or not 0.1 <= elapsed_typed <= 100_000_000:
        raise ValueError(f"adapter_elapsed_us={elapsed_typed!r}")
    if type(cpu_typed) not in NUMBERS or not 0 <= cpu_typed <= 100_000_000:
        raise ValueError(f"adapter_cpu_us={cpu_typed!r}")
    scaling = machine(inputs, "z14", 3)
    recommended = min(120, 30 + 8 * max(0, processors - 4))
    if times == "report":
        cpu, elapsed = cpu_typed, elapsed_typed
    else:
        cpu = CLASS4_US[times][0] * scaling[CPU_SCALE_AT]
        elapsed = cpu + (CLASS4_US[times][1] - CLASS4_US[times][0])  # the wait as measured
    busy = rate * elapsed / 1000000
    minimum = math.ceil(busy) + 1
    wait = max(0, elapsed - cpu)
    dispatchers = chidisps * dispatcher_busy / 100
    return with_planners_units({
            "chiadaps_recommended": recommended, "elapsed_used_us": elapsed,
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
            }, scaling, rate * cpu / 1000000)
