"""A plan's measured baseline: a variant that carries what its system measured (SMF's
channel initiator tasks, RMF's address spaces typed) is that measurement where it measures,
and a variant like it is the measurement plus the calculators' change; the figures worked
out independently of :mod:`calc.inputs.plan_run`, from the sources' own numbers."""
from __future__ import annotations

import csv
import json
import math
import shutil
from datetime import datetime

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from calc import engine
from calc.cli.cmd_plan import plan_lines
from calc.core.model import BEYOND_LIMIT
from calc.inputs.plan import load_plan, make_plan
from calc.inputs.plan_run import MEASURED, MEASURED_CHANGE, MODELLED, evaluate_plan
from tests.cli.test_cli import run_main
from tests.conftest import REPO
from tests.inputs.test_plan import plans
from tests.inputs.test_smf import SAMPLE

EXAMPLE = REPO / "examples" / "measured_today.yaml"
FIGURES = yaml.safe_load((REPO / "templates" / "smf_feeds.yaml").read_text(encoding="utf-8"))[
    "measured"]
"""The measured figures as the templates declare them, read here without mqcalc."""
CONNECT_PARTS = {"MSTR": ["qmgr_cpu_seconds_per_sec"],
                 "CHIN": ["chin_cpu_seconds_per_sec", "blocked_cpu_seconds_per_sec"],
                 "DB2": ["db2_cpu_seconds_per_sec"], "TCPIP": ["network_cpu_seconds_per_sec"]}
"""Where connect's CPU is spent, as templates/connect.yaml's cpu_spent says."""


def connect_at(connects_per_sec: int) -> dict:
    """connect's outputs at the example's inputs and ``connects_per_sec``."""
    return engine.evaluate("connect", {
        "sharecnv": 10, "listener": "local", "tls": True, "suppress_x511_x512": True,
        "connects_per_sec": connects_per_sec, "machine": "z15", "workload_rni": "average",
        "processors": 8, "msu_per_cp": 130})


def space(outputs: dict, name: str) -> float:
    return sum(outputs[output] for output in CONNECT_PARTS[name])


def test_the_example_today_is_measured_and_proposed_adds_the_calculators_change():
    """RMF's whole figures stand for CHIN and MSTR (SMF's two CHIN tasks are parts of the
    0.62 and not added); DB2 and TCP/IP, which nothing measured, are connect's own."""
    today, proposed = evaluate_plan(load_plan(EXAMPLE)).variants
    before, after = connect_at(500), connect_at(2500)
    assert today.by_space["CHIN"] == 0.62 and today.by_space["MSTR"] == 0.18
    assert today.by_space["TCPIP"] == space(before, "TCPIP")
    assert proposed.by_space["CHIN"] == pytest.approx(
        0.62 + space(after, "CHIN") - space(before, "CHIN"), rel=1e-12)
    assert proposed.by_space["MSTR"] == pytest.approx(
        0.18 + space(after, "MSTR") - space(before, "MSTR"), rel=1e-12)
    assert proposed.by_space["DB2"] == pytest.approx(space(after, "DB2"), rel=1e-12)
    assert today.total == pytest.approx(0.62 + 0.18 + space(before, "DB2")
                                        + space(before, "TCPIP"), rel=1e-12)
    assert today.lpar_busy_pct == pytest.approx(today.total / 8 * 100)
    assert [today.basis(s) for s in ("MSTR", "CHIN", "DB2")] == [MEASURED, MEASURED, MODELLED]
    assert proposed.basis("CHIN") == MEASURED_CHANGE and proposed.basis("TCPIP") == MODELLED
    # the figures printed: 0.6200 measured and +1.3843 of connect's change in CHIN
    assert round(proposed.by_space["CHIN"], 4) == 2.0043


def test_the_example_as_text_shows_what_was_measured_and_the_change():
    text = "\n".join(plan_lines(evaluate_plan(load_plan(EXAMPLE)), "m.yaml"))
    assert "  Channel initiator (CHIN)        CPU s/s         0.6200      2.0043     +1.3843\n" \
           "    measured                      CPU s/s         0.6200      0.6200\n" \
           "    + change by the calculators   CPU s/s        +0.0000     +1.3843" in text
    assert "    CHIN address space CPU (RMF)    CHIN        0.6200  typed" in text
    assert "    CHIN adapter tasks' CPU         CHIN        0.2100  SMF-QCTADP.csv" in text
    assert "proposed: today's measurement, plus the calculators' change from it" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_the_example_as_json_says_what_each_figure_is():
    status, out, err = run_main("plan", str(EXAMPLE), "--json")
    assert status == 0, err
    today, proposed = json.loads(out)["variants"]
    assert today["basis"] == {"MSTR": "measured", "CHIN": "measured", "DB2": "modelled",
                              "TCPIP": "modelled"}
    assert proposed["basis"]["CHIN"] == "measured_plus_change"
    assert today["measured"] == {"chin_adapter_cpu": 0.21, "chin_dispatcher_cpu": 0.09,
                                 "chin_cpu": 0.62, "mstr_cpu": 0.18}
    assert proposed["measured_in"] == "today" and today["measured_in"] == "today"
    assert today["measured_cpu_seconds_per_sec"] == {"MSTR": 0.18, "CHIN": 0.62}
    assert proposed["cpu_seconds_per_sec"]["CHIN"] == pytest.approx(
        0.62 + proposed["change_from_measured"]["CHIN"])
    assert proposed["change_from_measured"]["CHIN"] == pytest.approx(
        proposed["modelled_cpu_seconds_per_sec"]["CHIN"]
        - today["modelled_cpu_seconds_per_sec"]["CHIN"])


def whole_or_parts(figures: dict[str, float]) -> dict[str, float]:
    """Each address space's measurement from the declarations read here: its whole figure
    where given, else its parts added."""
    found: dict[str, float] = {}
    for name, value in figures.items():
        spec = FIGURES[name]
        wholes = [n for n in figures if FIGURES[n].get("whole")
                  and FIGURES[n]["address_space"] == spec["address_space"]]
        if not wholes or name in wholes:
            found[spec["address_space"]] = found.get(spec["address_space"], 0) + value
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(plan=plans())
def test_a_measured_address_space_is_the_measurement_plus_the_calculators_change(plan):
    result = evaluate_plan(plan)
    modelled = {v.name: {s: sum(c.cpu_seconds_per_sec for c in v.contributions
                                if c.address_space == s) for s in v.by_space}
                for v in result.variants}
    for variant in result.variants:
        measured = whole_or_parts(variant.variant.measured)
        assert variant.measured.keys() == measured.keys()
        origin = variant.variant.measured_in
        for name, figure in variant.by_space.items():
            if name in measured:
                terms = (measured[name], modelled[variant.name][name], modelled[origin][name])
                assert math.isclose(figure, terms[0] + terms[1] - terms[2], rel_tol=1e-9,
                                    abs_tol=1e-12 * max(1, *map(abs, terms)))
                assert variant.basis(name) == (MEASURED if origin == variant.name
                                               else MEASURED_CHANGE)
            else:
                assert math.isclose(figure, modelled[variant.name][name], rel_tol=1e-9,
                                    abs_tol=1e-12)
        below = [s for s in measured if variant.by_space[s] < 0]
        flagged = [c for calculator, c in variant.warnings
                   if calculator == "plan" and c.kind == BEYOND_LIMIT and "below zero" in c.text]
        assert len(flagged) == len(below)
        assert (BEYOND_LIMIT in variant.evidence["total"]) >= bool(below)


def test_a_saving_larger_than_the_measurement_is_marked_beyond_a_limit():
    connect = {"sharecnv": 10, "listener": "local", "tls": True, "connects_per_sec": 2500}
    plan = make_plan({"machine": "z15", "processors": 8, "msu_per_cp": 130},
                     {"today": {"connect": connect},
                      "fewer": {"connect": {"connects_per_sec": 0}}},
                     measured={"today": {"chin_cpu": 0.5}}, likes={"fewer": "today"})
    today, fewer = evaluate_plan(plan).variants
    assert fewer.by_space["CHIN"] < 0 and today.by_space["CHIN"] == 0.5
    assert fewer.evidence["total"][0] == BEYOND_LIMIT and BEYOND_LIMIT not in \
        today.evidence["total"]
    text = "\n".join(plan_lines(evaluate_plan(plan), "p.yaml"))
    assert "is a larger saving than the 0.5000 CPU s/s measured, so the figure is below zero" \
        in " ".join(text.split())


@pytest.mark.parametrize("given, problem", [
    ("chin_cpux: 0.5", "'chin_cpux' is not a measured figure (known: chin_adapter_cpu"),
    ("chin_cpu: -0.1", "input chin_cpu=-0.1: expects a number from 0 to 256"),
    ("chin_cpu: 300", "input chin_cpu=300: expects a number from 0 to 256"),
    ("chin_cpu: yes", "input chin_cpu='yes': expects a number from 0 to 256"),
    ("chin_cpu: lots", "input chin_cpu='lots': expects a number from 0 to 256"),
])
def test_a_bad_measured_figure_is_refused_in_one_line_at_its_line(tmp_path, given, problem):
    path = tmp_path / "p.yaml"
    path.write_text("mqcalc_plan: 1\nvariants:\n  today:\n    measured:\n"
                    f"      {given}\n    calculators: {{connect: {{}}}}\n"
                    "  proposed: {like: today}\n", encoding="utf-8")
    status, out, err = run_main("plan", str(path))
    assert status == 2 and out == ""
    assert err.startswith(f"mqcalc: plan {path}: line 5: ") and problem in err
    assert err.count("\n") == 1


def chin_tasks_cpu(qmgr: str, start: str) -> float:
    """The CPU seconds of ``qmgr``'s channel initiator tasks (adapter, dispatcher, SSL,
    DNS) in the interval starting at ``start`` (to the second), worked out from the
    sample's CSV by Python's own reader: their Task_CPU_Time added up."""
    total = 0.0
    for name in ("QCTADP", "QCTDSP", "QCTSSL", "QCTDNS"):
        if not (SAMPLE / f"SMF-{name}.csv").exists():  # the fixture has no SSL tasks' file
            continue
        with (SAMPLE / f"SMF-{name}.csv").open(encoding="latin-1", newline="") as file:
            for row in csv.DictReader(file):
                begun = datetime.strptime(f"{row['Interval_Start (DATE)']} "
                                          f"{row['Interval_Start (TIME)']}",
                                          "%Y/%m/%d %H:%M:%S,%f")
                if row["QMgr"] == qmgr and f"{begun:%Y-%m-%d %H:%M:%S}" == start:
                    total += int(row["Task_CPU_Time(S)"]) + int(row["Task_CPU_Time(US)"]) / 1e6
    return total


def interval_seconds(qmgr: str) -> dict[str, int]:
    """Each of ``qmgr``'s intervals' length as ``mqcalc smf series`` gives it (the longest
    its files state: the channel initiator's may say 59 s where the queue manager's say
    60), by start to the second."""
    status, out, err = run_main("smf", "series", str(SAMPLE), "--qmgr", qmgr, "--json")
    assert status == 0, err
    [series] = json.loads(out)["series"]
    return {f"{datetime.fromisoformat(i['start']):%Y-%m-%d %H:%M:%S}": i["seconds"]
            for i in series["intervals"]}


def test_smf_out_plan_makes_the_peak_interval_today_with_its_measured_chin_cpu(tmp_path):
    """The sample's MQ1O at its peak (16:34:10): a plan of the interval as measured and
    proposed like it, whose CHIN is the tasks' CPU worked out from the CSV by hand."""
    path = tmp_path / "p.yaml"
    status, _out, err = run_main("smf", str(SAMPLE), "--qmgr", "MQ1O", "--out", str(path),
                                 "--plan")
    assert status == 0, err
    assert "a plan of MQ1O 2026-05-21 16:34:10 as measured and proposed, like it" in err
    text = path.read_text(encoding="utf-8")
    assert "#   measured chin_adapter_cpu <- SMF-QCTADP.csv:Task_CPU_Time(S)," in text
    today, proposed = evaluate_plan(load_plan(path)).variants
    start = "2026-05-21 16:34:10"
    hand = chin_tasks_cpu("MQ1O", start) / interval_seconds("MQ1O")[start]
    assert today.by_space["CHIN"] == pytest.approx(hand, rel=1e-12)
    assert today.basis("CHIN") == MEASURED and proposed.basis("CHIN") == MEASURED_CHANGE
    assert proposed.by_space["CHIN"] == today.by_space["CHIN"]  # nothing changed yet
    # the fixture holds the adapters' and dispatchers' files, not the SSL or DNS task's
    assert set(today.variant.measured) == {"chin_adapter_cpu", "chin_dispatcher_cpu"}


def test_smf_plan_goes_with_out_and_one_interval(tmp_path):
    status, _out, err = run_main("smf", str(SAMPLE), "--qmgr", "MQ1O", "--plan")
    assert status == 2 and err == "mqcalc: smf: --plan goes with --out FILE, the plan file " \
                                  "to write\n"
    status, _out, err = run_main("smf", str(SAMPLE), "--qmgr", "MQ1O", "--interval", "all",
                                 "--out", str(tmp_path / "p.yaml"), "--plan")
    assert status == 2 and "--plan: makes a plan of one interval; these 19 intervals" in err
    assert not (tmp_path / "p.yaml").exists()


def test_several_intervals_make_a_plan_each_variant_its_own_measurement(tmp_path):
    path = tmp_path / "p.yaml"
    status, _out, err = run_main("smf", str(SAMPLE), "--qmgr", "MQ1O", "--interval", "all",
                                 "--out", str(path))
    assert status == 0, err
    result = evaluate_plan(load_plan(path))
    assert len(result.variants) == 19
    seconds = interval_seconds("MQ1O")
    for variant in result.variants:
        start = variant.name.removeprefix("MQ1O ")
        assert variant.variant.measured_in == variant.name
        assert variant.by_space["CHIN"] == pytest.approx(
            chin_tasks_cpu("MQ1O", start) / seconds[start], rel=1e-12)


def test_the_readme_shows_what_the_example_prints(monkeypatch):
    monkeypatch.chdir(REPO)
    command = "mqcalc plan examples/measured_today.yaml"
    block = (REPO / "README.md").read_text(encoding="utf-8").split(f"$ {command}\n", 1)[1]
    shown = block.split("\n```", 1)[0].split("\n")
    status, out, err = run_main(*command.split()[1:])
    assert status == 0, err
    printed = out.splitlines()
    assert shown[:5] == printed[:5]
    parts = "\n".join(shown[6:-1]).split("\n  ...\n")
    for part in parts:
        assert f"\n{part}\n" in out
    assert len(parts) == 1 and len(shown) > 15


def test_a_plan_from_smf_takes_the_cpu_measured_not_the_work_done(tmp_path):
    """The sample with the message manager's statistics of MQ1O's peak interval beside it:
    the plan's measurement is the CHIN tasks' CPU only, though mqcalc smf shows the MQPUT
    rate too."""
    for path in SAMPLE.iterdir():
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "SMF-QMST.csv").write_text(
        "Date,Time,LPAR,QMgr,QSG,MQ_Version,Interval_Start (DATE),Interval_Start (TIME),"
        "Interval_Duration,Get,Put,Put1,PersPuts,NonPersPuts,PersPutBytes,NonPersPutBytes,\n"
        '"2026/05/21","16:35:10,000000","MV4A","MQ1O","SQ13",="100000","2026/05/21",'
        '"16:34:10,006620",59,59,118,0,0,118,0,120832,\n', encoding="ascii")
    out = tmp_path / "p.yaml"
    status, text, err = run_main("smf", str(tmp_path), "--qmgr", "MQ1O", "--out", str(out),
                                 "--plan")
    assert status == 0, err
    assert "    mqput_per_sec                           2 calls/s" in text
    today = load_plan(out).variants[0]
    assert set(today.measured) == {"chin_adapter_cpu", "chin_dispatcher_cpu"}
    assert "mqput_per_sec" not in out.read_text(encoding="utf-8")
