"""What each figure rests on (issue 36): the evidence marks over every calculator's whole
domain, the warnings that explain them, and how the command line shows both."""
from __future__ import annotations

import ast
import json
import shutil

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import calc
from calc.core.errors import TemplateError
from calc.core.model import ASSUMED, BEYOND_LIMIT, EXTRAPOLATED, MARKS, SCALED
from calc.template.loader import load
from tests.cli.test_cli import run_main
from tests.conftest import CALCULATORS, REPO
from tests.strategies import broken_checks, calculator_inputs, upper_bound

MACHINE_PART = [c for c in CALCULATORS if "lpar_busy_pct" in c.outputs]
MEASURED = [(c, spec) for c in CALCULATORS for spec in c.inputs.values()
            if spec.measured != (None, None)]


def reads(calculator, name: str) -> set[str]:
    """Every name output ``name`` reads, itself or through other outputs, from the formula
    trees (not from the loader's own record of it)."""
    seen, waiting = set(), [name]
    while waiting:
        output = calculator.outputs[waiting.pop()]
        for node in ast.walk(output.tree):
            if isinstance(node, ast.Name) and node.id not in seen:
                seen.add(node.id)
                if node.id in calculator.outputs:
                    waiting.append(node.id)
    return seen


def reading(calculator, names: set[str]) -> set[str]:
    """The outputs that are one of ``names`` or read one of them."""
    return {name for name in calculator.outputs if name in names or names & reads(calculator, name)}


def marked(result, kind: str) -> set[str]:
    return {name for name, kinds in result.evidence.items() if kind in kinds}


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_input_given_at_its_default_leaves_every_figure_unmarked(calculator):
    """IBM's measured configuration, every input stated: every figure rests on IBM's
    measurement, with no assumption, scaling, extrapolation or limit crossed."""
    result = calc.run(calculator.id, calculator.defaults())
    assert result.evidence == {name: [] for name in calculator.outputs}
    assert result.warnings == ()


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_nothing_given_marks_every_figure_that_reads_an_applying_input_assumed(calculator):
    result = calc.run(calculator.id, {})
    applying = set(calculator.inputs) - set(result.not_applying)
    assert marked(result, ASSUMED) == reading(calculator, applying)
    caveat = result.warnings[-1]
    assert caveat.kind == ASSUMED and caveat.citation is None
    assert set(caveat.about) <= applying
    for name in caveat.about:
        assert f"{name}=" in caveat.text


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_each_input_left_out_marks_exactly_the_figures_that_read_it(calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    left_out = data.draw(st.sampled_from(sorted(inputs)))
    given_inputs = {name: value for name, value in inputs.items() if name != left_out}
    assume(not broken_checks(calculator, given_inputs))
    result = calc.run(calculator.id, given_inputs)
    expected = set() if left_out in result.not_applying else reading(calculator, {left_out})
    assert marked(result, ASSUMED) == expected


def test_the_shipped_templates_declare_measured_ranges():
    assert len(MEASURED) >= 5
    assert {c.id for c, _ in MEASURED} >= {"connect", "zhyperwrite"}


@pytest.mark.parametrize(("calculator", "spec"), MEASURED,
                         ids=[f"{c.id}.{spec.id}" for c, spec in MEASURED])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_an_input_outside_its_measured_range_marks_exactly_the_figures_that_read_it(
        calculator, spec, data):
    low, high = spec.measured
    outside = []
    if low is not None and low > spec.min:
        outside.append(st.integers(spec.min, low - 1) if spec.type == "int"
                       else st.floats(spec.min, low, exclude_max=True))
    top = upper_bound(spec)
    if high is not None and high < top:
        outside.append(st.integers(high + 1, top) if spec.type == "int"
                       else st.floats(high, top, exclude_min=True))
    assume(outside)
    value = data.draw(st.one_of(outside))
    inputs = {**calculator.defaults(), spec.id: value}
    assume(not broken_checks(calculator, inputs))
    result = calc.run(calculator.id, inputs)
    about_it = [c for c in result.warnings if c.kind == EXTRAPOLATED and c.about == (spec.id,)]
    assert len(about_it) == 1 and about_it[0].citation is not None
    assert set(about_it[0].outputs) == reading(calculator, {spec.id})
    inside = calc.run(calculator.id, {**calculator.defaults(),
                                      spec.id: low if low is not None else high})
    assert not [c for c in inside.warnings if c.about == (spec.id,)]


@pytest.mark.parametrize("calculator", MACHINE_PART, ids=lambda c: c.id)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_share_over_the_lpar_or_the_target_is_always_beyond_a_limit(calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    result = calc.run(calculator.id, inputs)
    share = result.outputs["lpar_busy_pct"]
    beyond = "beyond_limit" in result.evidence["lpar_busy_pct"]
    assert beyond == (share > 100 or share > result.inputs["target_share_pct"]) or (
        beyond and any(c.kind == BEYOND_LIMIT and "lpar_busy_pct" in c.outputs
                       and c.about != ("lpar_busy_pct",) for c in result.warnings))


@pytest.mark.parametrize("calculator", MACHINE_PART, ids=lambda c: c.id)
def test_another_machine_marks_every_figure_the_scaling_reaches(calculator):
    other = "z16" if calculator.inputs["machine"].default != "z16" else "z13"
    inputs = {**calculator.defaults(), "machine": other}
    result = calc.run(calculator.id, inputs)
    if result.outputs["cpu_scale"] == 1:
        pytest.skip(f"{calculator.id}'s figures on {other} are its own measurement")
    scalings = {"cpu_scale"} | ({"ams_streaming_scale", "ams_request_reply_scale"}
                                & set(calculator.outputs))  # AMS: IBM's own AMS steps
    assert marked(result, SCALED) == reading(calculator, scalings)


def test_connect_at_5000_connects_a_second_is_beyond_the_lpar():
    """Issue 36's first reproduction: 126.67 % of the measured 3-CP LPAR."""
    result = calc.run("connect", {"connects_per_sec": 5000})
    assert round(result.outputs["lpar_busy_pct"], 2) == 126.67
    assert result.evidence["lpar_busy_pct"] == [BEYOND_LIMIT, ASSUMED]
    assert BEYOND_LIMIT not in result.evidence["cpu_seconds_per_sec"]


@pytest.mark.parametrize(("processors", "doubt"), [(3, "36.9%"), (10, "3.5% more")])
def test_z16_is_scaled_with_the_reports_own_doubt(processors, doubt):
    """Within one z16 processor unit the report's shortfall against LSPR is said; an LPAR
    spanning units is said to take IBM's measured 3.5% more cost instead."""
    result = calc.run("connect", {"machine": "z16", "processors": processors})
    texts = [c.text for c in result.warnings if c.kind == SCALED]
    assert len(texts) == 2 and doubt in texts[1]
    assert SCALED in result.evidence["connect_cpu_us"]


def test_eval_text_marks_each_figure_and_says_why_below():
    code, out, _ = run_main("eval", "connect", "connects_per_sec=5000")
    assert code == 0
    share = next(line for line in out.splitlines() if "Share of the LPAR" in line)
    assert share.split()[-2:] == ["!", "A"]
    assert "! beyond a limit: Share of the LPAR 126.67 % of LPAR: This is more CPU" in \
        " ".join(out.split())
    assert "A assumed: not given, so the template's defaults stand: sharecnv=0," in out


def test_eval_json_holds_evidence_and_warnings_for_every_output():
    code, out, _ = run_main("eval", "connect", "connects_per_sec=5000", "--json")
    document = json.loads(out)
    assert set(document["evidence"]) == set(calc.calculator("connect").outputs)
    assert all(set(kinds) <= set(MARKS) for kinds in document["evidence"].values())
    kinds = [warning["kind"] for warning in document["warnings"]]
    assert kinds == [BEYOND_LIMIT, ASSUMED]
    assert set(document["warnings"][0]) == {"kind", "about", "outputs", "text", "source"}


def changed_connect(folder, change):
    """connect.yaml changed by ``change`` (a function of its document), beside the parts."""
    document = yaml.safe_load((REPO / "templates" / "connect.yaml").read_text(encoding="utf-8"))
    change(document)
    shutil.copytree(REPO / "templates" / "parts", folder / "parts")
    path = folder / "connect.yaml"
    path.write_text(yaml.dump(document, Dumper=PlainDumper, sort_keys=False), encoding="utf-8")
    return path


class PlainDumper(yaml.SafeDumper):
    """Writes a value shared twice out twice: templates accept no YAML aliases."""

    def ignore_aliases(self, data) -> bool:
        return True


SOURCE = {"file": "001_88807c0b1590429f.txt", "passage": "somewhere"}
WARNING = {"when": "connects_per_sec > 1", "text": "t", "kind": "scaled",
           "marks": ["connects_per_sec"], "source": SOURCE}


@pytest.mark.parametrize(("key", "change", "problem"), [
    ("inputs.listener.measured", lambda d: d["inputs"]["listener"].update(
        measured={"max": 1, "source": SOURCE}), "is for a numeric input"),
    ("inputs.connects_per_sec.measured.max", lambda d: d["inputs"]["connects_per_sec"].update(
        measured={"max": 10**7, "source": SOURCE}), "outside the input's own domain"),
    ("inputs.connects_per_sec.measured.source", lambda d: d["inputs"]["connects_per_sec"].update(
        measured={"max": 10}), "is required"),
    ("notes[0].kind", lambda d: d["notes"].insert(0, {**WARNING, "kind": "guessed"}),
     "must be one of beyond_limit, extrapolated, scaled"),
    ("notes[0].marks", lambda d: d["notes"].insert(0, {**WARNING, "marks": ["nothing"]}),
     "'nothing' is not an input or output"),
    ("notes[0].source", lambda d: d["notes"].insert(0, {
        key: value for key, value in WARNING.items() if key != "source"}),
     "is required for a note of kind"),
    ("notes[0].marks", lambda d: d["notes"].insert(0, {"when": "tls", "text": "t",
                                                        "marks": ["tls"]}),
     "is for a warning: give the note a kind"),
])
def test_a_wrong_evidence_declaration_is_refused(tmp_path, key, change, problem):
    with pytest.raises(TemplateError, match=problem) as refused:
        load(changed_connect(tmp_path, change))
    assert f": {key}: " in str(refused.value)


def test_a_measured_range_and_a_warning_load_and_mark(tmp_path):
    def change(document):
        document["inputs"]["connects_per_sec"]["measured"] = {"min": 10, "max": 500,
                                                              "source": SOURCE}
        document["notes"].insert(0, WARNING)
    calculator = load(changed_connect(tmp_path, change))
    extrapolated = calculator.notes[-1]
    assert (extrapolated.kind, extrapolated.when) == (
        EXTRAPOLATED, "connects_per_sec < 10 or connects_per_sec > 500")
    assert extrapolated.text.startswith("Connect rate is outside what IBM measured (10 to 500 "
                                        "connects/s)")
    assert set(calculator.notes[0].marks) == reading(calculator, {"connects_per_sec"})
