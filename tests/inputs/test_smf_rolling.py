"""Each LPAR's rolling four-hour average (R4HA) of MQ's measured CPU: against a hand
computation, against the overlap of each interval with the window worked out one by one,
and from IBM's sample and the held-back SMF data through ``mqcalc smf series``."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.inputs.smf.rolling import WINDOW, cpu_figures, rolling
from calc.inputs.smf.series import Point, Series
from tests.cli.test_cli import run_main
from tests.inputs.test_smf import RAW, SAMPLE, refusal

MIDNIGHT = datetime(2026, 3, 2)
ADAPTERS, APPLICATIONS = "measured.chin_adapter_cpu", "measured.appl_mq_cpu"


def queue_manager(name: str, lpar: str, intervals: list[tuple[float, float, float]]) -> Series:
    """A series of intervals (start hour, length in hours, CPU s/s), the CPU split between
    the adapters and the applications' MQ calls."""
    return Series(lpar, name, tuple(
        Point(MIDNIGHT + timedelta(hours=start), hours * 3600,
              {ADAPTERS: cpu / 4, APPLICATIONS: cpu * 3 / 4, "adapters.chiadaps": 99})
        for start, hours, cpu in intervals), 3600, 0, 0)


def test_the_cpu_figures_are_the_address_space_figures_smf_gives():
    assert ADAPTERS in cpu_figures() and APPLICATIONS in cpu_figures()
    assert "measured.mqput_per_sec" not in cpu_figures()  # work done, not CPU
    assert "measured.chin_cpu" not in cpu_figures()  # typed by the planner, not in SMF


def test_two_queue_managers_rolling_average_by_hand():
    """QM1, hourly from 00:00 to 07:00: 1, 1, 1, 5, 5, 1, 1 CPU s/s. QM2, half-hourly from
    03:30 to 05:30: 2. The four hours to 05:30 hold QM1's 0.5 + 1 + 5 + 5 + 0.5 = 12 CPU
    hours and QM2's 2 x 2 = 4: 16 / 4 = 4 CPU s/s; so do those to 06:00, 06:30 and 07:00
    (12 + 4), and the earliest is taken; those to 05:00 hold 1 + 1 + 5 + 5 + 1.5 x 2 = 15,
    3.75. The busiest hour is 04:00, 5 + 2 = 7; 03:00 has 5 + 0.5 x 2 = 6."""
    qm1 = queue_manager("QM1", "SYSA", [(hour, 1, cpu) for hour, cpu in
                                        enumerate([1, 1, 1, 5, 5, 1, 1])])
    qm2 = queue_manager("QM2", "SYSA", [(3.5 + half / 2, 0.5, 2) for half in range(4)])
    other = queue_manager("QM3", "SYSB", [(0, 1, 8)])
    [sysa, sysb] = rolling([qm1, qm2, other])
    assert (sysa.lpar, sysa.qmgrs) == ("SYSA", ("QM1", "QM2"))
    assert sysa.peak_cpu == pytest.approx(4)
    assert sysa.peak_end == MIDNIGHT + timedelta(hours=5.5)
    assert sysa.covered == WINDOW
    assert (sysa.hour_start, sysa.hour_cpu) == (MIDNIGHT + timedelta(hours=4), pytest.approx(7))
    assert sysa.data == timedelta(hours=7)
    assert (sysb.peak_cpu, sysb.covered) == (pytest.approx(8 / 4), timedelta(hours=1))


def test_an_lpar_without_cpu_figures_is_left_out():
    quiet = Series("SYSC", "QM9", (Point(MIDNIGHT, 1800, {"adapters.chiadaps": 9}),),
                   1800, 0, 0)
    assert rolling([quiet]) == []


def _brute_force(found: list[Series], end: datetime) -> float:
    """The CPU seconds a second over the four hours to ``end``: each interval's CPU times
    the part of it inside them."""
    total = 0.0
    for each in found:
        for point in each.points:
            cpu = sum(point.values.get(name, 0) for name in cpu_figures())
            start, finish = point.start, point.start + timedelta(seconds=point.seconds)
            seconds = (min(finish, end) - max(start, end - WINDOW)).total_seconds()
            total += cpu * max(0, seconds)
    return total / WINDOW.total_seconds()


intervals = st.lists(st.tuples(st.integers(0, 40), st.integers(1, 8), st.integers(0, 50)),
                     min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(intervals, intervals)
def test_the_peak_is_the_highest_average_of_any_four_hours(first, second):
    """Intervals on a quarter-hour grid (start, length in quarters, CPU): the peak is the
    average over the four hours to its end, and no four hours ending on the grid (every
    moment an average can turn at) average more."""
    def quarters(spec):
        return [(start / 4, length / 4, cpu / 10) for start, length, cpu in spec]

    found = [queue_manager("QM1", "SYSA", quarters(first)),
             queue_manager("QM2", "SYSA", quarters(second))]
    [sysa] = rolling(found)
    assert sysa.peak_cpu == pytest.approx(_brute_force(found, sysa.peak_end), abs=1e-9)
    for quarter in range(0, 4 * 16):
        end = MIDNIGHT + timedelta(hours=quarter / 4)
        assert _brute_force(found, end) <= sysa.peak_cpu + 1e-9


@pytest.mark.parametrize("folder", [SAMPLE, RAW], ids=["sample", "held-back"])
def test_the_smf_samples_rolling_averages_equal_a_sum_by_hand(folder):
    """From IBM's sample and the held-back data: each LPAR's peak equals the CPU of the
    series the command prints, each interval's overlap with the four hours to the end it
    names added up."""
    status, out, err = run_main("smf", "series", folder, "--json")
    assert status == 0, err
    document = json.loads(out)
    assert document["lpars"], "the data has channel initiator CPU"
    for lpar in document["lpars"]:
        found = [Series(each["lpar"], each["qmgr"], tuple(
            Point(datetime.fromisoformat(point["start"]), point["seconds"], point["values"])
            for point in each["intervals"]), None, 0, 0)
            for each in document["series"] if each["lpar"] == lpar["lpar"]]
        end = datetime.fromisoformat(lpar["r4ha_window_end"])
        assert lpar["r4ha_cpu_seconds_per_sec"] == pytest.approx(
            _brute_force(found, end), rel=1e-6)
        assert lpar["r4ha_msu"] is None


def _lpars(tmp_path):
    lpars = tmp_path / "lpars.yaml"
    lpars.write_text("mqcalc_lpars: 1\nlpars:\n  MPX1: {machine: z15, workload_rni: average, "
                     "processors: 4, msu_per_cp: 120, target_share_pct: 80}\n", encoding="utf-8")
    return lpars


def test_the_lpar_file_turns_the_peak_into_msu_and_a_price_into_money(tmp_path):
    """QML1 runs on MPX1: its MSU per processor, 120, times the peak CPU s/s; at 95.5 an
    MSU a month, that times 95.5."""
    arguments = ("smf", "series", SAMPLE, "--qmgr", "QML1", "--lpars", _lpars(tmp_path))
    status, out, err = run_main(*arguments, "--json", "--msu-price", "95.5")
    assert status == 0, err
    document = json.loads(out)
    [mpx1] = document["lpars"]
    assert document["msu_price"] == 95.5
    assert mpx1["r4ha_msu"] == pytest.approx(mpx1["r4ha_cpu_seconds_per_sec"] * 120)
    assert mpx1["r4ha_cost_per_month"] == pytest.approx(mpx1["r4ha_msu"] * 95.5)
    status, text, err = run_main(*arguments, "--msu-price", "95.5")
    assert status == 0, err
    lines = text.splitlines()
    at = lines.index("  MPX1 (QML1), data for 0.22 h")
    assert lines[at + 1].startswith("    peak ") and lines[at + 1].endswith(" MSU)")
    assert lines[at + 3].endswith(" a month at 95.5 an MSU")
    assert "IBM prices MSU in" in text and "each further MSU for less" in text
    assert max(map(len, lines[at - 3:])) <= 80
    status, out, err = run_main(*arguments[:-2], "--json")
    assert json.loads(out)["lpars"][0]["r4ha_cost_per_month"] is None


@pytest.mark.parametrize(("arguments", "said"), [
    (("series", SAMPLE, "--msu-price", "95"),
     "mqcalc: smf series: --msu-price goes with --lpars FILE or --after PLAN, which give "
     "the LPAR's MSU per processor\n"),
    (("series", SAMPLE, "--msu-price", "-3"),
     "mqcalc: argument --msu-price: '-3': expects a price, a number of 0 or more (your "
     "currency per MSU a month, e.g. 95.5)"),
    (("series", SAMPLE, "--msu-price", "nan"), "mqcalc: argument --msu-price: 'nan': "),
    ((SAMPLE, "--msu-price", "95"),
     "mqcalc: smf: --msu-price goes with smf series, not here (see mqcalc smf --help)\n"),
])
def test_a_price_needs_msu_and_must_be_a_price(arguments, said):
    assert refusal(*arguments).startswith(said)
