"""The machine inputs every CPU calculator shares (``templates/parts/machine.yaml``), checked
as the engine checks them, and the scaling of a published CPU figure from the machine the
source measured on to the planner's.

The improvement figures are retyped from the expected improvement tables of IBM's MQ for
z/OS performance reports: mqperf_MQ_for_zOS_on_z14_v1.2.txt (page 6, z14 over z13),
mqperf_MQ_for_zOS_on_z15.txt (page 6, z15 over z14) and mqperf_MQ_for_zOS_on_z16.txt
(page 7, z16 over z15), by CPUs row and workload RNI.
"""
from __future__ import annotations

import math

MACHINE_INPUTS = frozenset({"machine", "workload_rni", "processors", "msu_per_cp",
                            "target_share_pct"})
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
Z16_CPS_PER_PU, Z16_SPANNING_COST = 6, 1.035  # z16 report, pages 9 and 10: at most 6 CPs per
# processor unit; an LPAR of 10 spanning units cost 3.5% more on z16 than on z15


def is_number(value: object) -> bool:
    """A finite int or float (not a bool, not text)."""
    return type(value) in (int, float) and value == value and abs(value) != math.inf


def machine(inputs: dict, measured: str, processors_default: int,
            newest: str | None = None) -> dict:
    """The machine inputs, checked, and the CPU scaling from the machine the figures were
    measured on: ``measured``, or where the source measured on two generations, the one of
    ``measured`` to ``newest`` nearest the planner's (its ``measured_generation``). The
    planner's machine defaults to the newest measured one."""
    target = inputs.get("machine", newest or measured)
    rni = inputs.get("workload_rni", "average")
    processors = inputs.get("processors", processors_default)
    msu_per_cp = inputs.get("msu_per_cp", 0)
    if target not in GENERATION:
        raise ValueError(f"machine={target!r}")
    if rni not in ("low", "average", "high"):
        raise ValueError(f"workload_rni={rni!r}")
    if type(processors) is not int or not 1 <= processors <= 256:
        raise ValueError(f"processors={processors!r}")
    if not is_number(msu_per_cp) or not 0 <= msu_per_cp <= 10000:
        raise ValueError(f"msu_per_cp={msu_per_cp!r}")
    target_share_pct = inputs.get("target_share_pct", 80)
    if not is_number(target_share_pct) or not 1 <= target_share_pct <= 100:
        raise ValueError(f"target_share_pct={target_share_pct!r}")
    row = 3 if processors < 16 else (16 if processors < 32 else 32)
    generation = GENERATION[measured]
    if newest is not None:
        generation = min(max(GENERATION[target], generation), GENERATION[newest])
    spans = processors > Z16_CPS_PER_PU and (target == "z16" or generation >= 16)
    z16_lower = min(IMPROVEMENT_PCT[16][row, column] for column in ("low", "average", "high"))
    z16_step = 1 / Z16_SPANNING_COST if spans else 1 + z16_lower / 100  # MQ met the lower end

    def speed(generation: int) -> float:
        return ((1 + IMPROVEMENT_PCT[14][row, rni] / 100 if generation >= 14 else 1)
                * (1 + IMPROVEMENT_PCT[15][row, rni] / 100 if generation >= 15 else 1)
                * (z16_step if generation >= 16 else 1))

    machine_speed, measured_speed = speed(GENERATION[target]), speed(generation)
    return {"processors": processors, "msu_per_cp": msu_per_cp, "scaling_row": row,
            "workload_rni": rni, "measured_generation": generation, "z16_spans_pus": spans,
            "machine_speed": machine_speed, "measured_speed": measured_speed,
            "cpu_scale": measured_speed / machine_speed}


def in_planners_units(context: dict, cpu_seconds_per_sec: float) -> dict:
    """The machine part's outputs, CPU busy as a share of the LPAR and in MSU last."""
    return {name: context[name] for name in ("z16_spans_pus", "scaling_row", "machine_speed",
                                              "measured_speed", "cpu_scale")} | {
        "lpar_busy_pct": cpu_seconds_per_sec / context["processors"] * 100,
        "msu": cpu_seconds_per_sec * context["msu_per_cp"]}


def machine_defaults(machine_default: str) -> dict:
    """The machine inputs' defaults, for a calculator whose figures default to
    ``machine_default`` (every calculator's LPAR defaults to 3 processors)."""
    return {"machine": machine_default, "workload_rni": "average", "processors": 3,
            "msu_per_cp": 0, "target_share_pct": 80}
