"""A plan's figures as ranges (issue 44, part 1): the plan worked out again at every corner
of its calculators' spreads, each spread once however many calculators share it."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.cli import main
from calc.inputs.plan import load_plan, plan_text
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


RANGED = """mqcalc_plan: 1
machine: {machine: z15, processors: 8, msu_per_cp: 130}
variants:
  today:
    calculators:
      connect: {connects_per_sec: 800..1200, sharecnv: 1}
  proposed:
    like: today
    calculators:
      connect: {tls: false}
"""
"""A plan whose baseline's connect rate is a range, which the proposal keeps through like."""


def connect_total(rate: float, tls: bool) -> float:
    """connect's total CPU on the plan's z15 at ``rate`` connects a second, by calc.run."""
    return calc.run("connect", {"connects_per_sec": rate, "sharecnv": 1, "tls": tls,
                                "machine": "z15", "processors": 8, "msu_per_cp": 130}
                    ).outputs["cpu_seconds_per_sec"]


def test_an_input_range_in_a_plan_is_one_doubt_in_every_variant_like_it(tmp_path):
    """800..1200 connects a second, likely 1,000, in today and (through like) in the
    proposal: each total runs from calc.run at 800 to calc.run at 1,200, and the change is
    taken at the same end in both (TLS off saves more the more connects there are)."""
    path = tmp_path / "ranged.yaml"
    path.write_text(RANGED, encoding="utf-8")
    plan = load_plan(path)
    assert [v.ranges for v in plan.variants] == [{"connect": {"connects_per_sec": "800..1200"}}] * 2
    assert plan.variants[1].calculators["connect"]["connects_per_sec"] == 1000
    today, proposed = evaluate_plan(plan).variants
    assert today.total == pytest.approx(connect_total(1000, True), rel=1e-12)
    assert today.ranges[TOTAL] == pytest.approx((connect_total(800, True), connect_total(1200, True)),
                                                rel=1e-12)
    assert proposed.ranges[TOTAL] == pytest.approx(
        (connect_total(800, False), connect_total(1200, False)), rel=1e-12)
    assert proposed.difference_ranges[TOTAL] == pytest.approx(
        (connect_total(1200, False) - connect_total(1200, True), connect_total(800, False) - connect_total(800, True)),
        rel=1e-12)
    saved = plan_text(plan)
    assert "connects_per_sec: 800..1200" in saved and saved.count("800..1200") == 1
    again = tmp_path / "again.yaml"
    again.write_text(saved, encoding="utf-8")
    assert load_plan(again) == plan


def test_different_ranges_of_one_input_are_doubts_apart(tmp_path):
    """The proposal's own 2000..3000 is not today's 800..1200: the change's low takes today
    at its high and the proposal at its low."""
    path = tmp_path / "apart.yaml"
    path.write_text(RANGED.replace("connect: {tls: false}",
                                   "connect: {tls: false, connects_per_sec: 2000..3000}"),
                    encoding="utf-8")
    _, proposed = evaluate_plan(load_plan(path)).variants
    assert proposed.difference_ranges[TOTAL] == pytest.approx(
        (connect_total(2000, False) - connect_total(1200, True), connect_total(3000, False) - connect_total(800, True)),
        rel=1e-12)


def test_plan_text_json_and_report_name_the_ranges_given(tmp_path, capsys):
    path = tmp_path / "ranged.yaml"
    path.write_text(RANGED, encoding="utf-8")
    assert main(["plan", str(path)]) == 0
    assert "  - connect connects_per_sec 800..1200 (today, proposed)" in capsys.readouterr().out
    assert main(["plan", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["variants"][1]["input_ranges"] == {
        "connect": {"connects_per_sec": {"low": 800, "likely": 1000, "high": 1200}}}
    assert main(["report", str(path), "--start", "2026-11-30"]) == 0
    assert ("your inputs given as ranges, each taken at both ends**: Client connect cost "
            "(MQCONNX + MQDISC): Connect rate 800..1200 connects/s") in capsys.readouterr().out


def test_a_bad_range_in_a_plan_names_its_line(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(RANGED.replace("800..1200", "1200..800"), encoding="utf-8")
    assert main(["plan", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"mqcalc: plan {path}: line 6: connect: input connects_per_sec=")
    assert "expects a range low..high" in error and len(error.splitlines()) == 1


def test_a_plan_started_from_a_scenario_keeps_its_ranges():
    """The Plan view's new plan from the calculator's inputs (N): a range given there is
    today's, as written, and the proposal's through like."""
    from calc.inputs.plan import starting_plan
    from calc.inputs.scenario import Scenario

    start = Scenario({"connect": calc.validate("connect", {"connects_per_sec": 1000})},
                     "connect", {"connect": frozenset({"connects_per_sec"})},
                     {"connect": {"connects_per_sec": "800..1200"}})
    today, proposed = starting_plan(start).variants
    assert today.ranges == proposed.ranges == {"connect": {"connects_per_sec": "800..1200"}}
    assert today.calculators["connect"]["connects_per_sec"] == 1000


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 5000), st.integers(1, 5000), st.integers(1, 5000))
def test_any_range_of_a_plan_input_holds_its_likely_figure_and_reaches_its_ends(
        low, above, higher):
    """low..likely..high of the connect rate, drawn: every figure's low <= likely <= high,
    and the totals' ends are calc.run's at the range's ends (CPU grows with the rate)."""
    likely, high = low + above, low + above + higher
    text = RANGED.replace("800..1200", f"{low}..{likely}..{high}")
    plan = _read(text)
    today, proposed = evaluate_plan(plan).variants
    for variant in (today, proposed):
        for key in (TOTAL, "lpar_busy_pct", "msu"):
            ends = variant.low_high(key)
            assert ends[0] <= variant.figure(key) <= ends[1], key
    assert today.low_high(TOTAL) == pytest.approx((connect_total(low, True), connect_total(high, True)),
                                                  rel=1e-12)
    assert today.total == pytest.approx(connect_total(likely, True), rel=1e-12)


def _read(text: str):
    """A plan from its text, as a file holds it."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plan.yaml"
        path.write_text(text, encoding="utf-8")
        return load_plan(path)
