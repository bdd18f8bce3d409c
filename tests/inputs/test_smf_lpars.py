"""``mqcalc smf --lpars FILE``: the machine each LPAR runs on, given once, used for every
interval of its queue managers and written whole into ``--out``'s scenario or plan, so one
queue manager is never costed on two machines, nor two LPARs on one."""
from __future__ import annotations

import json

import pytest

from calc import engine
from calc.inputs.plan import load_plan
from calc.inputs.scenario import load_scenario
from tests.cli.test_cli import run_main, words
from tests.inputs.test_smf import RAW, refusal

SYSA = {"machine": "z16", "workload_rni": "average", "processors": 8, "msu_per_cp": 150,
        "target_share_pct": 70}
SYSB = {"machine": "z15", "workload_rni": "high", "processors": 4, "msu_per_cp": 120,
        "target_share_pct": 80}


def lpars_file(tmp_path, text: str | None = None):
    path = tmp_path / "lpars.yaml"
    path.write_text(text if text is not None else (
        "mqcalc_lpars: 1\nlpars:\n"
        "  SYSA: {machine: z16, workload_rni: average, processors: 8, msu_per_cp: 150, "
        "target_share_pct: 70}\n"
        "  sysb: {machine: z15, workload_rni: high, processors: 4, msu_per_cp: 120, "
        "target_share_pct: 80}\n"), encoding="utf-8")
    return path


def test_each_variant_of_a_plan_is_on_its_lpars_machine(tmp_path):
    """raw/ holds QMA1 on SYSA and QMB1 on SYSB, side by side at 10:00: two variants, two
    machines."""
    out = tmp_path / "plan.yaml"
    status, shown, err = run_main("smf", RAW, "--lpars", lpars_file(tmp_path), "--interval",
                                  "2026-03-02T10:00:00", "--out", out)
    assert status == 0, err
    assert "machine (--lpars): machine z16, workload_rni average, processors 8, msu_per_cp " \
           "150, target_share_pct 70" in words(shown)
    plan = load_plan(out)
    assert [(v.name, v.machine) for v in plan.variants] == [
        ("QMA1 2026-03-02 10:00:00", SYSA), ("QMB1 2026-03-02 10:00:00", SYSB)]
    for variant, machine in zip(plan.variants, (SYSA, SYSB)):
        for calculator_id, inputs in variant.calculators.items():
            assert {name: inputs[name] for name in machine
                    if name in engine.calculator(calculator_id).inputs} == \
                {name: value for name, value in machine.items()
                 if name in engine.calculator(calculator_id).inputs}
    status, out_json, err = run_main("smf", RAW, "--lpars", lpars_file(tmp_path), "--json")
    assert [i["machine"] for i in json.loads(out_json)["intervals"]] == [SYSA, SYSB]


def test_a_scenario_gives_its_lpars_machine_to_every_calculator_that_reads_one(tmp_path):
    out = tmp_path / "qma1.yaml"
    status, _shown, err = run_main("smf", RAW, "--qmgr", "QMA1", "--lpars",
                                   lpars_file(tmp_path), "--out", out)
    assert status == 0, err
    scenario = load_scenario(out)
    machined = [c for c in scenario.inputs if "machine" in engine.calculator(c).inputs]
    assert machined and all(scenario.inputs[c]["machine"] == "z16" and
                            scenario.inputs[c]["processors"] == 8 for c in machined)


def test_without_lpars_the_json_says_no_machine():
    status, out, err = run_main("smf", RAW, "--json")
    assert status == 0, err
    assert [i["machine"] for i in json.loads(out)["intervals"]] == [None, None]


@pytest.mark.parametrize("text, said", [
    ("mqcalc_lpars: 1\nlpars:\n  SYSA: {machine: z16, workload_rni: average, processors: 8, "
     "msu_per_cp: 150, target_share_pct: 70}\n",
     "mqcalc: --lpars {path}: names no machine for LPAR SYSB of QMB1 (it names SYSA)"),
    ("mqcalc_lpars: 1\nlpars:\n  SYSA: {machine: z16}\n",
     "mqcalc: lpars {path}: line 3: lpars: SYSA gives no workload_rni, processors, msu_per_cp, "
     "target_share_pct (an LPAR's machine is given whole: machine, workload_rni, processors, "
     "msu_per_cp, target_share_pct)"),
    ("mqcalc_lpars: 1\nlpars:\n  SYSA: {machine: z16, processors: 0}\n",
     "mqcalc: lpars {path}: line 3: machine: input processors=0: expects a whole number "
     "from 1 to 256"),
    ("lpars:\n  SYSA: {machine: z16}\n",
     "mqcalc: lpars {path}: line 1: expects mqcalc_lpars: 1 and lpars: a mapping of LPAR to "
     "machine inputs"),
    ("mqcalc_lpars: 1\nlpar:\n  SYSA: {}\n",
     "mqcalc: lpars {path}: line 2: 'lpar' is not a key of an LPAR file (known: lpars)"),
], ids=["an LPAR not named", "a machine not whole", "a value outside its domain",
        "no version", "an unknown key"])
def test_an_lpars_file_that_cannot_be_used_is_refused_in_one_line(tmp_path, text, said):
    path = lpars_file(tmp_path, text)
    assert refusal(RAW, "--lpars", path, "--out", tmp_path / "x.yaml") == \
        said.format(path=path) + "\n"
    assert not (tmp_path / "x.yaml").exists()


def test_load_takes_no_lpars(tmp_path):
    assert refusal("load", RAW, "--into", tmp_path / "mq.duckdb", "--lpars",
                   lpars_file(tmp_path)) == (
        "mqcalc: smf load: --lpars goes with smf series and reading a folder or a store, not "
        "here (see mqcalc smf --help)\n")
