"""A plan's runway (issue 44, part 3): every volume of work grown month by month, compounded,
and the month each variant first crosses a limit its calculators declare."""
from __future__ import annotations

import json
import math
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc import engine
from calc.cli import main
from calc.core.model import BEYOND_LIMIT, EXTRAPOLATED
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from calc.inputs.runway import PLAN, factor, grown, month_label, runway
from tests.conftest import REPO

SAMPLE = REPO / "examples" / "z16_encryption_ams.yaml"
START = date(2026, 11, 30)
TARGET_TEXT = "This is above the target share of the LPAR you set for MQ's added CPU."


def _target_month(share: float, target: float, growth_pct: float) -> int:
    """By hand: the first whole month m with share x (1 + g)^(m/12) > target, for a share
    that grows in proportion to the work (every CPU figure of the sample is a rate times a
    cost per unit)."""
    exact = 12 * math.log(target / share) / math.log(1 + growth_pct / 100)
    return math.floor(exact) + 1


def _target_crossing(found, variant: str):
    return [c for c in found.of(variant) if c.source == PLAN and c.text == TARGET_TEXT]


def test_the_sample_plan_crosses_its_target_share_in_the_month_worked_by_hand():
    """The example plan's proposed share of the LPAR (about 24.9% of 8 CPs) at 15% a year
    passes the 80% target (the machine part's default) in month 101, April 2035; today's
    smaller share needs longer than ten years, and is found within thirty."""
    plan = load_plan(SAMPLE)
    today, proposed = evaluate_plan(plan, ranges=False).variants
    found = runway(plan, 15, START)
    month = _target_month(proposed.lpar_busy_pct, 80, 15)
    assert month == 101
    [crossing] = _target_crossing(found, "proposed")
    assert (crossing.month, month_label(START, crossing.month)) == (101, "2035-04")
    assert crossing.kind == BEYOND_LIMIT and crossing.about == ("lpar_busy_pct",)
    assert _target_crossing(found, "today") == []
    longer = runway(plan, 15, START, years=30)
    [later] = _target_crossing(longer, "today")
    assert later.month == _target_month(today.lpar_busy_pct, 80, 15) > 120


def test_the_grown_plan_is_the_plan_times_the_factor():
    """Every CPU figure of the sample is linear in its rates, so the plan grown by a factor
    adds up to the plan's own total times it: the runway scales the work, not the costs."""
    plan = load_plan(SAMPLE)
    scale = factor(15, 30)
    before = evaluate_plan(plan, ranges=False).variants
    after = evaluate_plan(replace(plan, variants=tuple(grown(v, scale) for v in plan.variants)),
                          ranges=False).variants
    for old, new in zip(before, after):
        assert new.total == pytest.approx(old.total * scale, rel=1e-12)
    assert scale == pytest.approx(1.15 ** 2.5, rel=1e-15)


def test_a_limit_already_crossed_is_now_and_nothing_moves_without_growth():
    """SHARECNV 10 is outside IBM's measured 0 to 1 from the start (month 0, in both
    variants); at 0% growth nothing else is ever crossed."""
    found = runway(load_plan(SAMPLE), 0, START, years=1)
    assert {(c.variant, c.source, c.kind, c.about, c.month) for c in found.crossings} == {
        (name, "connect", EXTRAPOLATED, ("sharecnv",), 0) for name in ("today", "proposed")}


@settings(max_examples=10, deadline=None)
@given(st.floats(1, 100), st.floats(1, 100))
def test_faster_growth_never_crosses_the_target_later(slow, fast):
    """The share of the LPAR grows with the work, so its target is crossed no later at a
    higher growth rate (nor missed where a slower growth crosses it), in the month the
    hand computation gives."""
    slow, fast = sorted((slow, fast))
    plan = load_plan(SAMPLE)
    share = evaluate_plan(plan, ranges=False).variants[1].lpar_busy_pct
    months = []
    for growth in (slow, fast):
        found = _target_crossing(runway(plan, growth, START, years=5), "proposed")
        months.append(found[0].month if found else None)
        hand = _target_month(share, 80, growth)
        assert months[-1] == (hand if hand <= 60 else None)
    assert months[0] is None or months[1] <= months[0]


@given(st.floats(0.5, 4), st.integers(0, 1_000_000), st.integers(32_768, 999_999_999))
def test_grown_scales_only_the_volumes_of_work(scale, channels, sslrkeyc):
    """A growing whole number is rounded, a growing number scaled exactly, every other
    input left alone; so is the measured CPU scaled."""
    plan = load_plan(SAMPLE)
    variant = plan.variants[0]
    inputs = engine.validate("tls_channels", {"channels": channels, "mb_per_sec": 10,
                                              "sslrkeyc": sslrkeyc})
    variant = replace(variant, calculators={"tls_channels": inputs},
                      measured={"chin_cpu": 0.5})
    after = grown(variant, scale)
    values = after.calculators["tls_channels"]
    assert values["channels"] == round(channels * scale)
    assert values["mb_per_sec"] == 10 * scale
    assert values["sslrkeyc"] == inputs["sslrkeyc"]
    assert values["machine"] == inputs["machine"]
    assert after.measured == {"chin_cpu": 0.5 * scale}


def test_the_runway_stops_where_a_rate_would_leave_the_calculators_domain():
    """At 1,000% a year the proposed 2,500 connects a second pass the connect calculator's
    1,000,000 within ten years (2,500 x 11^(m/12) > 10^6 from m = 30): the runway says so and
    looks no further."""
    found = runway(load_plan(SAMPLE), 1000, START)
    assert found.months == 29
    assert found.stopped == ("proposed: connect: Connect rate would pass 1,000,000 "
                             "connects/s, the most the calculator takes")
    last = max(found.crossings, key=lambda c: c.month)
    assert (last.month, last.source, last.about) == (30, "connect", ("connects_per_sec",))


def test_months_are_counted_across_the_year():
    assert [month_label(date(2026, 11, 30), m) for m in (0, 1, 2, 14)] == [
        "2026-11", "2026-12", "2027-01", "2028-01"]


def test_plan_growth_prints_and_gives_the_runway(capsys):
    assert main(["plan", str(SAMPLE), "--growth", "15", "--start", "2026-11-30"]) == 0
    text = capsys.readouterr().out
    assert "Runway at 15% a year from 2026-11, month by month to 2036-11" in text
    assert "2035-04  beyond a limit  plan (lpar_busy_pct): This is above the target" in text
    assert main(["plan", str(SAMPLE), "--growth", "15", "--start", "2026-11-30",
                 "--json"]) == 0
    runway_json = json.loads(capsys.readouterr().out)["runway"]
    assert runway_json["until"] == "2036-11" and runway_json["stopped"] == ""
    assert {"variant": "proposed", "source": "plan", "kind": "beyond_limit",
            "about": ["lpar_busy_pct"], "text": TARGET_TEXT, "month": 101,
            "date": "2035-04"} in runway_json["crossings"]


@pytest.mark.parametrize("arguments, named", [
    (["--growth", "fast"], "--growth: 'fast': expects a growth rate in % a year"),
    (["--growth", "-5"], "--growth: '-5': expects a growth rate"),
    (["--growth", "nan"], "--growth: 'nan': expects a growth rate"),
    (["--growth", "15", "--start", "2026-13-01"], "--start: '2026-13-01': expects a date"),
    (["--growth", "15", "--years", "31"], "--years: '31': expects a whole number of years"),
    (["--years", "3"], "plan: --start and --years go with --growth PCT"),
])
def test_a_bad_runway_option_is_one_line_and_exit_2(capsys, arguments, named):
    assert main(["plan", str(SAMPLE), *arguments]) == 2
    error = capsys.readouterr().err
    assert named in error and len(error.strip().splitlines()) == 1
