"""Plans: where each calculator's CPU is spent (``cpu_spent``), plan files read strictly,
``mqcalc plan FILE [--json]``, and the figures adding up to the calculators' own."""
from __future__ import annotations

import copy
import json
import math
import os
import re
import shutil
import subprocess
import sys
from functools import cached_property
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calc import engine
from calc.cli import main
from calc.cli.cmd_plan import plan_lines
from calc.core.errors import TemplateError
from calc.core.model import CPU_RATE_UNIT
from calc.inputs import plan
from calc.inputs.plan import load_plan, machine_inputs, make_plan
from calc.inputs.plan_run import PlanResult, evaluate_plan, note_sources, share_outputs
from calc.inputs.scenario import Scenario
from calc.template import parts_section as loader_parts
from calc.template.loader import load
from tests.conftest import CALCULATORS, REPO
from tests.strategies import calculator_inputs, input_values

SAMPLE = REPO / "examples" / "z16_encryption_ams.yaml"
SPENDING = [c for c in CALCULATORS if c.cpu_spent is not None]
MACHINE = "machine: {machine: z16, workload_rni: low, processors: 3, msu_per_cp: 0}\n"


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


# --- where CPU is spent, as the templates declare it --------------------------------------

@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_cpu_rate_is_a_part_the_total_or_said_not_summed(calculator):
    rates = {name for name, o in calculator.outputs.items() if o.unit == CPU_RATE_UNIT}
    spent = calculator.cpu_spent
    accounted = set() if spent is None else (
        {p.output for p in spent.parts} | {spent.total} | {n for n, _ in spent.not_summed})
    assert rates == accounted - {None}


@pytest.mark.parametrize("calculator", SPENDING, ids=lambda c: c.id)
def test_overlaps_name_calculators(calculator):
    for other, _ in calculator.cpu_spent.overlaps:
        assert other in {c.id for c in CALCULATORS}


@pytest.mark.parametrize("calculator", [c for c in SPENDING if c.cpu_spent.total],
                         ids=lambda c: c.id)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_parts_add_up_to_the_declared_total(calculator, data):
    outputs = engine.evaluate(calculator.id, data.draw(calculator_inputs(calculator)))
    parts = sum(outputs[p.output] for p in calculator.cpu_spent.parts)
    assert math.isclose(parts, outputs[calculator.cpu_spent.total], rel_tol=1e-9,
                        abs_tol=1e-9)


CONNECT = yaml.safe_load((REPO / "templates" / "connect.yaml").read_text())


def _connect_with(tmp_path: Path, change) -> Path:
    document = yaml.safe_load(yaml.safe_dump(CONNECT))
    change(document["cpu_spent"])
    shutil.copytree(REPO / "templates" / "parts", tmp_path / "parts", dirs_exist_ok=True)
    path = tmp_path / "connect.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False))
    return path


BROKEN_SPENT = {
    "not a rate": (lambda s: s["parts"].update(connect_cpu_us=s["parts"].pop(
        "qmgr_cpu_seconds_per_sec")), "connect_cpu_us is in CPU µs, not a CPU rate"),
    "no such output": (lambda s: s.update(total="no_such"), "'no_such' is not an output"),
    "rate left out": (lambda s: s.pop("not_summed"), "connect_cpu_seconds_per_sec is a CPU rate"),
    "unknown space": (lambda s: s["parts"]["db2_cpu_seconds_per_sec"].update(
        address_space="IMS"), "'IMS' must be one of MSTR"),
    "a part reads a part": (lambda s: s.update(not_summed={}, total="connect_cpu_seconds_per_sec",
                                               parts={**s["parts"], "cpu_seconds_per_sec": copy.deepcopy(s[
                                                   "parts"]["db2_cpu_seconds_per_sec"])}),
                            "reads the part"),
    "the total a part": (lambda s: s.update(total="db2_cpu_seconds_per_sec"),
                         "'db2_cpu_seconds_per_sec' is a part"),
}


@pytest.mark.parametrize("case", BROKEN_SPENT, ids=list(BROKEN_SPENT))
def test_a_wrong_cpu_spent_is_refused_naming_the_key(tmp_path, case):
    change, problem = BROKEN_SPENT[case]
    with pytest.raises(TemplateError) as refused:
        load(_connect_with(tmp_path, change))
    assert re.match(r"connect\.yaml: line [1-9][0-9]*: cpu_spent", str(refused.value))
    assert problem in str(refused.value)


# --- a plan's figures are the calculators' own -------------------------------------------

@st.composite
def plans(draw):
    """A plan of two variants, each using some of the calculators that spend CPU with
    inputs from their whole domains, on a machine from the part's domains; each sometimes
    with a measurement of its own (any of the measured figures, from their whole domain),
    or the second like the first (then the measurement plus the calculators' change)."""
    machine = {name: draw(input_values(spec)) for name, spec in machine_inputs().items()}
    variants = {}
    for name in ("a", "b"):
        chosen = draw(st.lists(st.sampled_from(SPENDING), min_size=1, unique_by=lambda c: c.id))
        variants[name] = {c.id: {k: v for k, v in draw(calculator_inputs(c)).items()
                                 if k not in machine} for c in chosen}
    def measurement():
        return st.dictionaries(st.sampled_from(list(plan.measured_figures())),
                               input_values(plan.measured_input("chin_cpu")), max_size=3)

    figures = draw(measurement())
    likes = {"b": "a"} if figures and draw(st.booleans()) else {}
    return make_plan(machine, variants, measured={"a": figures, "b": {} if likes else draw(
        measurement())}, likes=likes)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(plan=plans())
def test_totals_are_the_sum_of_contributions_which_are_the_calculators_outputs(plan):
    result = evaluate_plan(plan)
    for variant in result.variants:
        if not variant.measured:
            assert close(variant.total,
                         sum(c.cpu_seconds_per_sec for c in variant.contributions))
        assert close(variant.total, sum(variant.by_space.values()))
        for contribution in variant.contributions:
            inputs = variant.variant.calculators[contribution.calculator]
            own = engine.evaluate(contribution.calculator, inputs)
            assert contribution.cpu_seconds_per_sec == own[contribution.output]
        machine = variant.variant.machine
        assert close(variant.lpar_busy_pct, variant.total / machine["processors"] * 100)
        assert close(variant.msu, variant.total * machine["msu_per_cp"])
    base = result.variants[0]
    for variant in result.variants:
        assert close(result.difference(variant)["total"], variant.total - base.total)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(plan=plans())
def test_a_plans_notes_are_each_calculators_own_in_a_fixed_order(plan):
    """Each note is given once, with exactly the calculators and variants whose results
    show it (or that use a calculator it warns of overlapping), in the order of
    note_sources, which does not depend on which notes hold."""
    result = evaluate_plan(plan)
    for note in result.notes:
        own = [(variant.name, calculator) for variant in result.variants
               for calculator, run in variant.results.items() if note.text in run.said]
        overlapping = [(variant.name, calculator) for variant in result.variants
                       for calculator in variant.results
                       for other, advice in (engine.calculator(calculator).cpu_spent.overlaps
                                             if engine.calculator(calculator).cpu_spent else ())
                       if advice == note.text and other in variant.results]
        holding = own + overlapping
        assert set(note.calculators) == {calculator for _, calculator in holding}
        assert set(note.variants) == {name for name, _ in holding}
    every = list(note_sources(result.variants))
    order = [every.index(note.text) for note in result.notes]
    assert order == sorted(order)
    shown = {text for variant in result.variants for run in variant.results.values()
             for text in run.said}
    assert shown <= {note.text for note in result.notes}


def test_a_plan_of_one_calculator_has_its_share_of_the_lpar_and_msu(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("mqcalc_plan: 1\nmachine: {machine: z16, workload_rni: high, "
                    "processors: 12, msu_per_cp: 95.5}\nvariants:\n  a:\n    calculators:\n"
                    "      log_encryption: {log_mb_per_sec: 300}\n  b: {like: a}\n")
    variant = evaluate_plan(load_plan(path)).variants[1]
    own = engine.evaluate("log_encryption", {"log_mb_per_sec": 300, "machine": "z16",
                                             "workload_rni": "high", "processors": 12,
                                             "msu_per_cp": 95.5})
    assert (variant.total, variant.lpar_busy_pct, variant.msu) == (
        own["cpu_seconds_per_sec"], own["lpar_busy_pct"], own["msu"])


# --- plan files refused in one line naming the line --------------------------------------

BAD_PLANS = {
    "fewer than two variants": (MACHINE + "variants:\n  a: {}\n", 3, "at least 2"),
    "unknown calculator": (MACHINE + "variants:\n  a: {}\n  b:\n    calculators:\n"
                           "      conect: {}\n", 7, "'conect' is not a calculator"),
    "unknown input": (MACHINE + "variants:\n  a:\n    calculators:\n      connect:\n"
                      "        shrecnv: 1\n  b: {}\n", 7, "did you mean sharecnv?"),
    "value out of domain": (MACHINE + "variants:\n  a:\n    calculators:\n      connect:\n"
                            "        sharecnv: 1.5\n  b: {}\n", 7, "whole number from 0"),
    "unknown like": (MACHINE + "variants:\n  a: {}\n  b:\n    like: c\n", 6,
                     "'c' is not a variant of this plan"),
    "like cycle": (MACHINE + "variants:\n  a: {like: b}\n  b: {like: a}\n", 5,
                   "in a cycle: a -> b -> a"),
    "like self": (MACHINE + "variants:\n  a: {}\n  b: {like: b}\n", 5, "cycle: b -> b"),
    "machine not offered": ("machine:\n  machine: z17\n  workload_rni: low\n  processors: 3\n"
                            "  msu_per_cp: 0\nvariants: {a: {}, b: {}}\n", 3,
                            "expects one of z13, z14, z15, z16"),
    "variant machine not offered": (MACHINE + "variants:\n  a: {}\n  b:\n    machine:\n"
                                    "      machine: z12\n", 7, "one of z13"),
    "machine input among a calculator's": (
        MACHINE + "variants:\n  a:\n    calculators:\n      ams:\n        processors: 4\n"
        "  b: {}\n", 7, "processors is a machine input"),
    "unknown machine input": (MACHINE + "variants:\n  a: {}\n  b:\n    machine: {lpars: 2}\n",
                              6, "'lpars' is not a machine input"),
    "unknown variant key": (MACHINE + "variants:\n  a: {}\n  b:\n    inputs: {}\n", 6,
                            "unknown key"),
    "newer version": (MACHINE + "variants: {a: {}, b: {}}\n", 1,
                      "expects the format version 1, not 2"),
}


@pytest.mark.parametrize("case", BAD_PLANS, ids=list(BAD_PLANS))
def test_a_bad_plan_is_refused_in_one_line_naming_the_line(tmp_path, capsys, case):
    body, line, problem = BAD_PLANS[case]
    version = 2 if case == "newer version" else 1
    path = tmp_path / "bad.yaml"
    path.write_text(f"mqcalc_plan: {version}\n{body}")
    assert main(["plan", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    message = captured.err.rstrip("\n")
    assert "\n" not in message
    assert message.startswith(f"mqcalc: plan {path}: line {line}: "), message
    assert problem in message


def test_a_plan_that_is_not_a_file_is_refused(tmp_path, capsys):
    assert main(["plan", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"mqcalc: plan {tmp_path}: ")


# --- the sample, as a user runs it --------------------------------------------------------

def test_the_sample_as_json(capsys):
    assert main(["plan", str(SAMPLE), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["plan"] == str(SAMPLE)
    assert [v["name"] for v in figures["variants"]] == ["today", "proposed"]
    today, proposed = figures["variants"]
    for variant in figures["variants"]:
        assert set(variant) >= {"name", "cpu_seconds_per_sec", "lpar_busy_pct", "msu",
                                "contributions", "evidence", "warnings", "headroom_pct"}
        spent = variant["cpu_seconds_per_sec"]
        assert close(spent["total"], sum(c["cpu_seconds_per_sec"]
                                         for c in variant["contributions"]))
        for space in set(spent) - {"total"}:
            assert close(spent[space], sum(c["cpu_seconds_per_sec"]
                                           for c in variant["contributions"]
                                           if c["address_space"] == space))
        for contribution in variant["contributions"]:
            assert set(contribution) == {"calculator", "output", "address_space",
                                         "cpu_seconds_per_sec", "evidence"}
    assert proposed["machine"]["machine"] == "z16" and today["machine"]["machine"] == "z14"
    assert proposed["inputs"]["connect"]["connects_per_sec"] == 2500  # 2,000 more than 500
    assert proposed["inputs"]["connect"]["tls"] is True  # inherited from today
    logs = [next(c["cpu_seconds_per_sec"] for c in v["contributions"]
                 if c["calculator"] == "log_encryption") for v in (today, proposed)]
    assert logs[0] == 0 < logs[1]  # the logs' encryption is turned on
    assert close(proposed["difference"]["total"],
                 proposed["cpu_seconds_per_sec"]["total"] - today["cpu_seconds_per_sec"]["total"])
    assert any("ams" in note["calculators"] and note["variants"] == ["proposed"]
               for note in figures["notes"])


def test_the_sample_as_text(capsys):
    assert main(["plan", str(SAMPLE)]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80
    figures = evaluate_plan(load_plan(SAMPLE))
    today, proposed = figures.variants
    total = next(line for line in lines if line.strip().startswith("Total"))
    assert total.split() == ["Total", "CPU", "s/s", f"{today.total:.4f}",
                             f"{proposed.total:.4f}", f"+{proposed.total - today.total:.4f}"]
    share = next(line for line in lines if line.strip().startswith("Share of the LPAR"))
    assert "% of LPAR" in share and f"{proposed.lpar_busy_pct:.2f}" in share
    assert re.search(r"Channel initiator \(CHIN\)\s+CPU s/s", text)
    assert re.search(r"connect chin_cpu_seconds_per_s\w*\s+CHIN", text)
    for contribution in proposed.contributions:  # each named whole, however long the name
        assert f"  {contribution.calculator} {contribution.output}\n" in text or \
            f"  {contribution.calculator} {contribution.output} " in text
    assert "IBM z14" in text and "IBM z16" in text
    notes = lines[lines.index("Notes") + 1:]
    assert notes[0].startswith("  - ams (proposed): ")  # the calculators in the plan's order
    assert all(line.startswith(("  - ", "    ")) for line in notes)  # wrapped under the dash


def test_the_readme_shows_what_the_sample_prints(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    readme = (REPO / "README.md").read_text()
    shown = readme.split(f"$ mqcalc plan {SAMPLE.relative_to(REPO)}\n", 1)[1]
    shown = shown.split("\n...\n", 1)[0].splitlines()
    assert main(["plan", str(SAMPLE.relative_to(REPO))]) == 0
    assert capsys.readouterr().out.splitlines()[:len(shown)] == shown


def test_a_plan_given_as_a_scenario_and_a_scenario_given_as_a_plan_are_named(tmp_path,
                                                                                 capsys):
    """``mqcalc smf --out`` writes a scenario for one interval and a plan for several: the
    wrong command for either says which file it is and which commands take it."""
    scenario = tmp_path / "one.yaml"
    scenario.write_text("mqcalc_scenario: 1\ncalculators:\n  connect: {sharecnv: 0}\n")
    assert main(["plan", str(scenario)]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "is a scenario file (mqcalc_scenario), not a plan: mqcalc eval --scenario FILE "
        "evaluates it and mqcalc tui --scenario FILE opens it")
    assert main(["eval", "--scenario", str(SAMPLE)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"mqcalc: scenario {SAMPLE}: is a plan file (mqcalc_plan), not a scenario: "
        "mqcalc plan FILE evaluates it and mqcalc tui --plan FILE opens it")


def test_a_machine_part_without_inputs_is_refused_in_one_line(tmp_path):
    """Issue 38: a team's parts/machine.yaml without its inputs ended mqcalc plan with
    KeyError: 'inputs'. The part's inputs are checked as a template's are."""
    folder = tmp_path / "ours"
    (folder / "parts").mkdir(parents=True)
    shutil.copy(REPO / "templates" / "connect.yaml", folder)
    part = yaml.safe_load((REPO / "templates" / "parts" / "machine.yaml").read_text("utf-8"))
    del part["inputs"]
    (folder / "parts" / "machine.yaml").write_text(yaml.safe_dump(part), encoding="utf-8")
    env = {**os.environ, "MQZCALC_TEMPLATES": str(folder)}
    completed = subprocess.run([sys.executable, "-m", "calc", "plan", str(SAMPLE)], cwd=REPO,
                               env=env, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 2 and "Traceback" not in completed.stderr
    [line] = completed.stderr.splitlines()
    assert line.startswith("mqcalc: machine.yaml: ") and "inputs: must be a mapping" in line


def test_each_variant_of_a_like_chain_is_read_once(tmp_path, monkeypatch):
    """A chain of 300 variants, each like the one before: each variant's own entries are
    read once, not once for every variant after it (45,150 readings)."""
    lines = ["mqcalc_plan: 1", "variants:", "  v0: {calculators: {connect: {sharecnv: 0}}}"]
    lines += [f"  v{i}: {{like: v{i - 1}, calculators: {{connect: {{sharecnv: {i % 100}}}}}}}"
              for i in range(1, 300)]
    path = tmp_path / "chain.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = []
    machine = plan._Reader.machine
    monkeypatch.setattr(plan._Reader, "machine",
                        lambda self, *arguments: read.append(arguments) or machine(self, *arguments))
    variants = load_plan(path).variants
    assert len(read) == 301  # the plan's machine, then each variant's
    assert [v.calculators["connect"]["sharecnv"] for v in variants] == [i % 100 for i in range(300)]
    assert variants[-1].like == "v298"


def test_a_plans_report_works_out_its_address_spaces_and_shares_once(tmp_path, monkeypatch):
    """200 variants each like the first: the report's tables read the address spaces used
    and the machine part's share outputs once, not once or twice for every variant."""
    lines = ["mqcalc_plan: 1", "variants:", "  v0: {calculators: {connect: {sharecnv: 0}}}"]
    lines += [f"  v{i}: {{like: v0, calculators: {{connect: {{sharecnv: {i % 100}}}}}}}"
              for i in range(1, 200)]
    path = tmp_path / "star.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    worked, work_out = [], PlanResult.spaces.func
    spaces = cached_property(lambda result: worked.append("spaces") or work_out(result))
    spaces.__set_name__(PlanResult, "spaces")
    monkeypatch.setattr(PlanResult, "spaces", spaces)
    document = loader_parts.Parts.document
    monkeypatch.setattr(loader_parts.Parts, "document", lambda parts, name: worked.append(
        name) or document(parts, name))
    share_outputs.cache_clear()
    report = plan_lines(evaluate_plan(load_plan(path)), "star.yaml")
    assert len([line for line in report if line.strip().startswith("Total")]) == 199
    # the plan's reader, its evaluation and the report's shares: each reads the part once
    assert worked.count("spaces") == 1 and worked.count(loader_parts.MACHINE_PART) <= 3, worked


def test_a_plan_started_from_a_scenario_is_today_as_given_and_proposed_like_it(tmp_path):
    """What N in the Plan view makes of one's inputs: "today" holds the scenario's
    calculators with the inputs it gives (the machine's as the plan's machine), "proposed" is
    like today and changes nothing; inputs nobody gave stay defaults, assumed."""
    inputs = {"connect": engine.validate("connect", {"connects_per_sec": 2500,
                                                      "machine": "z16"}),
              "ams": engine.validate("ams", {})}
    given = {"connect": frozenset({"connects_per_sec", "machine"}), "ams": frozenset()}
    made = plan.starting_plan(Scenario(inputs, "connect", given))
    today, proposed = made.variants
    assert (today.name, proposed.name, proposed.like) == ("today", "proposed", "today")
    assert today.calculators["connect"] == inputs["connect"]
    assert today.calculators["ams"] == {**inputs["ams"], "machine": "z16"}
    assert today.machine_given == frozenset({"machine"}) and today.machine["machine"] == "z16"
    assert today.given_names("connect") == {"connects_per_sec", "machine"}
    assert proposed.calculators == today.calculators
    assert load_plan(plan.save_plan(tmp_path / "plan.yaml", made)) == made
    result = evaluate_plan(made)
    assert result.variants[0].total == result.variants[1].total > 0
