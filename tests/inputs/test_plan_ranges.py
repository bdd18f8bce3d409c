"""A plan's figures as ranges (issue 44, part 1): the plan worked out again at every corner
of its calculators' spreads, each spread once however many calculators share it."""
from __future__ import annotations

import json

import pytest

import calc
from calc.cli import main
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import TOTAL, evaluate_plan
from tests.conftest import REPO

SAMPLE = REPO / "examples" / "z16_encryption_ams.yaml"
MOVE = """mqcalc_plan: 1
machine: {machine: z14, workload_rni: average, processors: 3, msu_per_cp: 100}
variants:
  today:
    calculators:
      connect: {connects_per_sec: 1000}
  on_z16:
    like: today
    machine: {machine: z16}
"""
"""connect's worked example moved from its z14 to a z16."""


def test_a_move_to_z16_ranges_from_the_lower_lspr_step_to_no_gain(tmp_path):
    """On a z16 the likely step over z15 is the 3-CP row's lower end (9%) and the range's
    other end no z16 gain at all, which is the z15's figure exactly (1 + 0 x 9%): so the
    total on the z16 runs from calc.run on z16 to calc.run on z15, and the change from
    today from those less the z14's. Today, on the machine measured, has no range."""
    path = tmp_path / "move.yaml"
    path.write_text(MOVE, encoding="utf-8")
    today, on_z16 = evaluate_plan(load_plan(path)).variants
    totals = {machine: calc.run("connect", {"connects_per_sec": 1000, "machine": machine})
              .outputs["cpu_seconds_per_sec"] for machine in ("z14", "z15", "z16")}
    assert on_z16.total == pytest.approx(totals["z16"], rel=1e-12)
    assert on_z16.ranges[TOTAL] == pytest.approx((totals["z16"], totals["z15"]), rel=1e-12)
    assert on_z16.ranges["msu"] == pytest.approx((100 * totals["z16"], 100 * totals["z15"]),
                                                 rel=1e-12)
    assert on_z16.difference_ranges[TOTAL] == pytest.approx(
        (totals["z16"] - totals["z14"], totals["z15"] - totals["z14"]), rel=1e-12)
    assert today.ranges == {} and today.low_high(TOTAL) == (today.total, today.total)


def test_every_figure_of_the_example_plan_holds_low_likely_high():
    result = evaluate_plan(load_plan(SAMPLE))
    moved = 0
    for variant in result.variants:
        difference = result.difference(variant)
        for key in (*result.spaces, TOTAL, "lpar_busy_pct", "msu"):
            likely = variant.by_space[key] if key in variant.by_space else getattr(variant, key)
            low, high = variant.low_high(key)
            assert low <= likely <= high, (variant.name, key)
            low, high = variant.low_high(key, difference[key])
            assert low <= difference[key] <= high, (variant.name, key)
            moved += key in variant.ranges
    assert moved >= 3   # the z16 variant's total, share and MSU at least: its 8 processors
    # span z16 processor units, a step IBM measured from 5.7% less to 10% more than z15


def test_plan_json_and_text_carry_the_ranges(capsys):
    assert main(["plan", str(SAMPLE), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    proposed = shown["variants"][1]
    total = proposed["ranges"]["total"]
    assert total["low"] <= total["likely"] <= total["high"] and total["low"] < total["high"]
    assert total["likely"] == proposed["cpu_seconds_per_sec"]["total"]
    change = proposed["difference_ranges"]["total"]
    assert change["likely"] == proposed["difference"]["total"]
    today = shown["variants"][0]["ranges"]["total"]
    assert today["low"] == today["likely"] == today["high"]
    assert main(["plan", str(SAMPLE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  Total "))
    assert lines[at + 1].startswith("    low ") and lines[at + 2].startswith("    high ")
    low, high = (float(line.split()[-2]) for line in lines[at + 1:at + 3])
    assert low == pytest.approx(total["low"], abs=5e-5)
    assert high == pytest.approx(total["high"], abs=5e-5)
