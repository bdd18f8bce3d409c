"""The rolling four-hour average after a plan's changes (issue 44, part 2): the plan's change
scaled interval by interval with the queue manager's measured CPU, checked by hand and
through ``mqcalc smf series --after PLAN``."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest

from calc.cli.rolling_text import after_plan
from calc.core.errors import MqcalcError
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import TOTAL, evaluate_plan
from calc.inputs.smf.plan_change import (BUSIEST, PLAN_MEASURED, PlanChange, plan_changes,
                                         rolled_after)
from calc.inputs.smf.rolling import rolling
from tests.conftest import REPO
from tests.inputs.test_smf import RAW, SAMPLE, refusal
from tests.inputs.test_smf_rolling import MIDNIGHT, queue_manager
from tests.cli.test_cli import run_main

EXAMPLE = REPO / "examples" / "z16_encryption_ams.yaml"
MEASURED = REPO / "examples" / "measured_today.yaml"
RAW_BUSIEST = 0.0015 + 0.01
"""QMA1's busier interval in the raw fixture, 10:30: the adapters' 2.7 s and the
dispatchers' 18 s of CPU in 1,800 s."""
RAW_R4HA = (2.4 + 2.7 + 18) / (4 * 3600)
"""QMA1's rolling average today: its two intervals' CPU seconds over four hours."""


def test_a_change_scales_one_queue_manager_of_the_lpar_by_hand():
    """The two queue managers of the rolling average's hand computation, QM1 changed by
    +1 (0.5 to 2) CPU s/s against 5 at the plan's load: QM1 times 1.2 (1.1 to 1.4). The
    four hours to 05:30 then hold QM1's 12 x 1.2 = 14.4 CPU hours and QM2's 4: 4.6 CPU s/s
    (4.3 at 1.1, 5.2 at 1.4); the busiest hour, 04:00, 5 x 1.2 + 2 = 8."""
    qm1 = queue_manager("QM1", "SYSA", [(hour, 1, cpu) for hour, cpu in
                                        enumerate([1, 1, 1, 5, 5, 1, 1])])
    qm2 = queue_manager("QM2", "SYSA", [(3.5 + half / 2, 0.5, 2) for half in range(4)])
    other = queue_manager("QM3", "SYSB", [(0, 1, 8)])
    change = PlanChange("proposed", 0, (0.5, 1, 2), 5, BUSIEST)
    assert change.factors == pytest.approx((1.1, 1.2, 1.4))
    low, likely, high = rolled_after([qm1, qm2, other], qm1, change)
    assert (low.peak_cpu, likely.peak_cpu, high.peak_cpu) == pytest.approx((4.3, 4.6, 5.2))
    assert likely.peak_end == MIDNIGHT + timedelta(hours=5.5)
    assert (likely.hour_start, likely.hour_cpu) == (MIDNIGHT + timedelta(hours=4),
                                                    pytest.approx(8))
    assert {rolled.lpar for rolled in (low, likely, high)} == {"SYSA"}


def _series(path, qmgr):
    from calc.inputs.smf.importing import read_smf
    from calc.inputs.smf.series import series

    found = series(read_smf(path, qmgr).imported)
    return found, next(each for each in found if each.qmgr == qmgr)


def test_a_plan_without_smf_figures_is_taken_at_the_busiest_interval():
    """The example plan measures nothing, so its load is QMA1's busier interval, 0.0115
    CPU s/s; its change is the proposed total less today's, low to high from the spreads."""
    result = evaluate_plan(load_plan(EXAMPLE))
    found, qma1 = _series(RAW, "QMA1")
    [change] = plan_changes(result, qma1, "test")
    today, proposed = result.variants
    likely = proposed.total - today.total
    assert change.change == (*proposed.low_high(TOTAL, likely)[:1], likely,
                             proposed.low_high(TOTAL, likely)[1])
    assert (change.at_load, change.at_load_from) == (pytest.approx(RAW_BUSIEST), BUSIEST)
    assert change.msu_per_cp == 130
    [today_rolled] = rolling(found)
    assert today_rolled.peak_cpu == pytest.approx(RAW_R4HA)
    after = rolled_after(found, qma1, change)
    assert [each.peak_cpu for each in after] == pytest.approx(
        [RAW_R4HA * (1 + end / RAW_BUSIEST) for end in change.change])


def test_a_plan_measured_from_smf_is_taken_at_its_own_measurement():
    """measured_today's baseline measured the adapters at 0.21 and the dispatchers at 0.09
    CPU s/s from SMF (and the address spaces from RMF, which SMF's series does not hold):
    its load is 0.30."""
    _, qma1 = _series(RAW, "QMA1")
    [change] = plan_changes(evaluate_plan(load_plan(MEASURED)), qma1, "test")
    assert (change.at_load, change.at_load_from) == (pytest.approx(0.30), PLAN_MEASURED)


def test_series_after_gives_the_peak_msu_and_money_after_the_plan():
    """Through the command: the peak after is today's times the factor (QMA1 is alone on
    SYSA), in MSU at the plan's 130 MSU a processor, and a month's cost at 95.5 an MSU."""
    status, out, err = run_main("smf", "series", RAW, "--qmgr", "QMA1", "--after", EXAMPLE,
                                "--msu-price", "95.5", "--json")
    assert status == 0, err
    [lpar] = json.loads(out)["lpars"]
    [after] = lpar["after"]
    factor = after["factor"]
    assert lpar["r4ha_msu"] == pytest.approx(RAW_R4HA * 130)
    for end in ("low", "likely", "high"):
        peak = RAW_R4HA * factor[end]
        assert after["r4ha_cpu_seconds_per_sec"][end] == pytest.approx(peak)
        assert after["r4ha_msu"][end] == pytest.approx(peak * 130)
        assert after["r4ha_cost_change_per_month"][end] == pytest.approx(
            (peak - RAW_R4HA) * 130 * 95.5)
    assert after["variant"] == "proposed" and after["at_load_from"] == BUSIEST
    status, text, _ = run_main("smf", "series", RAW, "--qmgr", "QMA1", "--after", EXAMPLE)
    assert "after proposed" in text and "a generic scaling" in " ".join(text.split())


def test_series_after_is_refused_without_one_queue_manager(tmp_path):
    assert "--after PLAN goes with --qmgr NAME" in refusal("series", RAW, "--after", EXAMPLE)
    assert "--after goes with smf series" in refusal(RAW, "--after", EXAMPLE)
    assert "--qmgr NOPE: not in the data" in refusal("series", SAMPLE, "--qmgr", "NOPE",
                                                     "--after", EXAMPLE)
    twice = [queue_manager("QM1", lpar, [(0, 1, 1)]) for lpar in ("SYSA", "SYSB")]
    with pytest.raises(MqcalcError, match=r"--after .*: the plan is one queue manager's; "
                                          r"--qmgr QM1 is on 2 LPARs \(SYSA, SYSB\)"):
        after_plan(EXAMPLE, twice, "QM1")
