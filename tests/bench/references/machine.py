"""The machine inputs every CPU calculator shares (``templates/parts/machine.yaml``), checked
as the engine checks them, and the scaling of a published CPU figure from the machine the
source measured on to the planner's.

The improvement figures are retyped from the expected improvement tables of IBM's MQ for
z/OS performance reports: mqperf_MQ_for_zOS_on_z14_v1.2.txt (page 6, z14 over z13),
mqperf_MQ_for_zOS_on_z15.txt (page 6, z15 over z14) and mqperf_MQ_for_zOS_on_z16.txt
(page 7, z16 over z15), by CPUs row and workload RNI.
"""
from __future__ import annotations

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


NUMBERS = (float, int)
"""The types of a number input's value (a bool is neither); NaN and infinity fail every
range check."""
PROCESSORS_AT, GENERATION_AT, CPU_SCALE_AT = 0, 3, 7
"""Where :func:`machine`'s tuple holds the processors, the measured generation and the CPU
scale."""


def _speeds() -> dict[tuple[int, int, str, bool], float]:
    """(generation, CPUs row, workload RNI, whether the LPAR spans z16 processor units) ->
    the speed over a z13 of that row and RNI: the improvement tables multiplied out once, in
    the order the machine part's formulas multiply them, so each figure is theirs to the
    last bit. On z16, MQ met the lower end of the improvements."""
    speeds = {}
    for row in (3, 16, 32):
        z16_lower = min(IMPROVEMENT_PCT[16][row, column] for column in ("low", "average", "high"))
        for rni in ("low", "average", "high"):
            for spans in (False, True):
                z16_step = 1 / Z16_SPANNING_COST if spans else 1 + z16_lower / 100
                for generation in (13, 14, 15, 16):
                    speeds[generation, row, rni, spans] = (
                        (1 + IMPROVEMENT_PCT[14][row, rni] / 100 if generation >= 14 else 1)
                        * (1 + IMPROVEMENT_PCT[15][row, rni] / 100 if generation >= 15 else 1)
                        * (z16_step if generation >= 16 else 1))
    return speeds


SPEED = _speeds()


def machine(inputs: dict, measured: str, processors_default: int,
            newest: str | None = None) -> tuple:
    """The machine inputs, checked, and the CPU scaling from the machine the figures were
    measured on: ``measured``, or where the source measured on two generations, the one of
    ``measured`` to ``newest`` nearest the planner's (its ``measured_generation``). The
    planner's machine defaults to the newest measured one. A tuple: processors, MSU per
    CP, CPUs row, measured generation, whether the LPAR spans z16 processor units, the
    machine's speed, the measured machine's speed, and the CPU scale between them."""
    target = inputs.get("machine", newest or measured)
    rni = inputs.get("workload_rni", "average")
    processors = inputs.get("processors", processors_default)
    msu_per_cp = inputs.get("msu_per_cp", 0)
    target_share_pct = inputs.get("target_share_pct", 80)
    if target not in GENERATION:
        raise ValueError(f"machine={target!r}")
    if rni != "average" and rni != "low" and rni != "high":
        raise ValueError(f"workload_rni={rni!r}")
    if type(processors) is not int or not 1 <= processors <= 256:
        raise ValueError(f"processors={processors!r}")
    if type(msu_per_cp) not in NUMBERS or not 0 <= msu_per_cp <= 10000:
        raise ValueError(f"msu_per_cp={msu_per_cp!r}")
    if type(target_share_pct) not in NUMBERS or not 1 <= target_share_pct <= 100:
        raise ValueError(f"target_share_pct={target_share_pct!r}")
    row = 3 if processors < 16 else (16 if processors < 32 else 32)
    target_generation = GENERATION[target]
    generation = GENERATION[measured]
    if newest is not None:
        generation = min(max(target_generation, generation), GENERATION[newest])
    spans = processors > Z16_CPS_PER_PU and (target_generation == 16 or generation >= 16)
    machine_speed = SPEED[target_generation, row, rni, spans]
    measured_speed = SPEED[generation, row, rni, spans]
    return (processors, msu_per_cp, row, generation, spans, machine_speed, measured_speed,
            measured_speed / machine_speed)


def with_planners_units(outputs: dict, scaling: tuple, cpu_seconds_per_sec: float) -> dict:
    """``outputs`` with the machine part's outputs added (``scaling`` from :func:`machine`),
    CPU busy as a share of the LPAR and in MSU last."""
    processors, msu_per_cp, row, _, spans, machine_speed, measured_speed, cpu_scale = scaling
    outputs["z16_spans_pus"] = spans
    outputs["scaling_row"] = row
    outputs["machine_speed"] = machine_speed
    outputs["measured_speed"] = measured_speed
    outputs["cpu_scale"] = cpu_scale
    outputs["lpar_busy_pct"] = cpu_seconds_per_sec / processors * 100
    outputs["msu"] = cpu_seconds_per_sec * msu_per_cp
    return outputs


def machine_defaults(machine_default: str) -> dict:
    """The machine inputs' defaults, for a calculator whose figures default to
    ``machine_default`` (every calculator's LPAR defaults to 3 processors)."""
    return {"machine": machine_default, "workload_rni": "average", "processors": 3,
            "msu_per_cp": 0, "target_share_pct": 80}
