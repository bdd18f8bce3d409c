"""mqcalc plan --from-workbook: a plan workbook read back as the plan its cells hold, its
machine typed on the Plan sheet and its inputs on the calculator sheets, what was left to
a default still assumed, and every stored result the engine does not agree with named."""
from __future__ import annotations

import dataclasses
import json
import re
import zipfile

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings

import calc
from calc.core.names import assumed_name, plan_cell_name, sheet_key
from calc.inputs.plan import load_plan, machine_inputs
from calc.inputs.plan_run import TOTAL, evaluate_plan
from calc.inputs.workbook.plan_reader import read_plan_workbook
from calc.workbook.plan_book import as_written, write_plan_workbook
from calc.workbook.plan_sheet import SHEET
from tests.cli.test_cli import run_main
from tests.compare import named_cell
from tests.conftest import REPO
from tests.inputs.test_import import stored_result_replaced, workbook
from tests.inputs.test_plan import plans
from tests.libreoffice import convert
from tests.workbook.test_plan_workbook import CHANGE, changed, type_change

SAMPLES = [REPO / "examples" / name for name in ("z16_encryption_ams.yaml",
                                                 "measured_today.yaml")]


def figures(result) -> dict:
    """Everything ``mqcalc plan --json`` says of a plan but its file and each variant's
    ``like``, which a workbook holds only as the variant whose measurement it carries."""
    answer = json.loads(json.dumps(result.as_json("plan")))
    for variant in answer["variants"]:
        del variant["like"]
    return answer


def typed_with_openpyxl(path, plan, index, change, out):
    """``path`` with ``change`` typed in by openpyxl, which stores no result at all."""
    book = openpyxl.load_workbook(path)

    def set_cell(sheet, coordinate, value):
        book[sheet][coordinate].value = value

    type_change(book, plan, index, change, set_cell)
    book.save(out)
    return out


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.stem)
def test_a_built_plan_workbook_reads_back_as_its_plan(sample, tmp_path):
    """The figures, what each rests on (the defaults left assumed, the measurement and
    whose it is) and the printed report are the plan file's."""
    assert run_main("build", "--plan", sample, "--out", tmp_path)[0] == 0
    path = tmp_path / f"{sample.stem}.xlsx"
    read = read_plan_workbook(path)
    plan = load_plan(sample)
    assert figures(read.result) == figures(evaluate_plan(plan))
    for got, expected in zip(read.plan.variants, plan.variants):
        assert (got.given, got.machine_given, got.measured_in) == \
            (expected.given, expected.machine_given, expected.measured_in)
    assert read.results_stored and read.figures == []
    assert all(sheet.disagreements == [] for sheet in read.sheets)
    status, out, err = run_main("plan", "--from-workbook", path)
    assert status == 0 and err == ""
    report = run_main("plan", sample)[1].splitlines()
    lines = out.splitlines()
    assert lines[:2] + lines[3:len(report)] == report[:2] + report[3:]
    assert lines[2] == f"  file: {path}"
    cells = sum(len(sheet.sheet.stored) for sheet in read.sheets)
    assert " ".join(lines[len(report):]).split() == (
        f"Stored in the workbook stored results agree with the engine ({cells} cells on "
        f"{len(read.sheets)} calculator sheets, and the Plan sheet's figures)").split()


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow,
                                 HealthCheck.function_scoped_fixture])
@given(plan=plans())
def test_any_plan_comes_back_from_its_workbook(plan, tmp_path):
    """Any machine, calculators, inputs and measurement (a variant's own or the one it is
    like): read back, the plan as the workbook holds it, and no stored result disagrees."""
    path = write_plan_workbook(tmp_path / "plan.xlsx", plan, "random.yaml")
    read = read_plan_workbook(path)
    written = as_written(plan)
    assert figures(read.result) == figures(evaluate_plan(written))
    for got, expected in zip(read.plan.variants, written.variants):
        assert dataclasses.replace(got, like=None) == dataclasses.replace(expected, like=None)
        assert (got.given, got.machine_given) == (expected.given, expected.machine_given)
    assert read.figures == [] and all(not sheet.disagreements for sheet in read.sheets)


def test_inputs_typed_by_openpyxl_are_read_and_the_results_said_to_be_missing(tmp_path):
    """openpyxl keeps the formulas and stores no result: the plan is the changed one, and
    the report says its figures are the engine's, to be recalculated."""
    plan = load_plan(SAMPLES[0])
    built = write_plan_workbook(tmp_path / "plan.xlsx", plan, SAMPLES[0].name)
    path = typed_with_openpyxl(built, plan, 1, CHANGE, tmp_path / "typed.xlsx")
    read = read_plan_workbook(path)
    expected = evaluate_plan(changed(plan, 1, **CHANGE))
    assert figures(read.result) != figures(evaluate_plan(plan))
    assert figures(read.result)["variants"][1]["cpu_seconds_per_sec"] == \
        figures(expected)["variants"][1]["cpu_seconds_per_sec"]
    assert read.results_stored is False
    status, out, err = run_main("plan", "--from-workbook", path)
    assert status == 0 and err == ""
    assert " ".join(out.split("Stored in the workbook")[1].split()) == (
        "no result is stored in the file (a program that writes formulas without working them "
        "out saved it, e.g. openpyxl): these are the engine's, from its inputs; a spreadsheet "
        "shows them once it recalculates the file")


@pytest.mark.libreoffice
def test_a_plan_workbook_typed_into_and_saved_by_libreoffice_reads_back(tmp_path):
    """Typed in, recalculated and saved by LibreOffice: the changed plan, and every result
    LibreOffice stored agrees with the engine (exit status 0)."""
    plan = load_plan(SAMPLES[0])
    built = write_plan_workbook(tmp_path / "plan.xlsx", plan, SAMPLES[0].name)
    typed = typed_with_openpyxl(built, plan, 1, CHANGE, tmp_path / "typed.xlsx")
    [saved] = convert([typed], tmp_path / "saved", tmp_path, recalculate=True)
    read = read_plan_workbook(saved)
    expected = evaluate_plan(changed(plan, 1, **CHANGE))
    assert read.results_stored and read.figures == []
    assert all(sheet.disagreements == [] for sheet in read.sheets)
    assert read.result.variants[1].total == pytest.approx(expected.variants[1].total, rel=1e-12)
    assert read.plan.variants[1].machine["processors"] == 16
    status, out, err = run_main("plan", "--from-workbook", saved, "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert answer["results_stored"] is True and answer["disagreements"] == []


def test_a_default_stays_assumed_until_its_cell_is_changed(tmp_path):
    """An input the plan left to its default is assumed (A) read back; typed away from the
    default, on a calculator sheet or the Plan sheet's machine, it is given."""
    plan = load_plan(SAMPLES[0])
    built = write_plan_workbook(tmp_path / "plan.xlsx", plan, SAMPLES[0].name)
    book = openpyxl.load_workbook(built)
    proposed = plan.variants[1]
    assumed_machine = [name for name in machine_inputs() if name not in proposed.machine_given]
    assert "block_method" not in proposed.given["connect"] and assumed_machine
    assert assumed_name("block_method") in book["proposed.connect"].defined_names
    read = read_plan_workbook(built)
    assert "block_method" not in read.plan.variants[1].given["connect"]
    assert "assumed" in read.result.variants[1].evidence[TOTAL]
    spec = machine_inputs()[assumed_machine[0]]
    other = (next(choice for choice in spec.choices if choice != spec.default)
             if spec.type == "choice" else spec.default + 1)
    change = {"calculator": "connect", "inputs": {"block_method": "maxinst"},
              "machine": {assumed_machine[0]: other}}
    read = read_plan_workbook(typed_with_openpyxl(built, plan, 1, change, tmp_path / "t.xlsx"))
    variant = read.plan.variants[1]
    assert "block_method" in variant.given["connect"]
    assert assumed_machine[0] in variant.machine_given
    assert assumed_machine[0] not in read.plan.variants[0].machine_given


def test_a_tampered_stored_total_is_named_and_exits_1(tmp_path):
    plan = load_plan(SAMPLES[0])
    path = write_plan_workbook(tmp_path / "plan.xlsx", plan, SAMPLES[0].name)
    cell = named_cell(openpyxl.load_workbook(path)[SHEET], plan_cell_name(TOTAL, 1)).coordinate
    stored_result_replaced(path, cell, "9.5", sheet=2)  # the Plan sheet, after the Report
    status, out, err = run_main("plan", "--from-workbook", path)
    total = evaluate_plan(plan).variants[1].total
    assert status == 1 and err == ""
    assert " ".join(out.split("Stored in the workbook")[1].split()) == (
        f"stored result disagrees: sheet Plan, Total (total_v2, cell {cell}): file 9.5, "
        f"engine {total:,.15g} CPU s/s")
    answer = json.loads(run_main("plan", "--from-workbook", path, "--json")[1])
    assert answer["disagreements"] == [{"sheet": "Plan", "output": "total_v2", "cell": cell,
                                        "stored": 9.5, "engine": total}]


def test_a_machine_value_refused_names_the_plan_sheets_cell(tmp_path):
    plan = load_plan(SAMPLES[0])
    built = write_plan_workbook(tmp_path / "plan.xlsx", plan, SAMPLES[0].name)
    path = typed_with_openpyxl(built, plan, 0, {"calculator": "connect", "inputs": {},
                                                "machine": {"processors": "lots"}},
                               tmp_path / "typed.xlsx")
    cell = named_cell(openpyxl.load_workbook(path)[SHEET], plan_cell_name("processors", 0))
    status, out, err = run_main("plan", "--from-workbook", path)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"mqcalc: workbook {path}: sheet Plan, cell {cell.coordinate}: ")
    assert "processors" in err and "'lots'" in err


def test_a_calculator_input_refused_names_the_variants_sheet(tmp_path):
    plan = load_plan(SAMPLES[0])
    built = write_plan_workbook(tmp_path / "plan.xlsx", plan, SAMPLES[0].name)
    path = typed_with_openpyxl(built, plan, 1, {"calculator": "ams", "inputs": {
        "messages_per_sec": -5}, "machine": {}}, tmp_path / "typed.xlsx")
    status, out, err = run_main("plan", "--from-workbook", path)
    assert status == 2 and len(err.splitlines()) == 1
    assert re.match(rf"mqcalc: workbook {re.escape(str(path))}: sheet proposed\.ams, cell "
                    r"[A-Z]+[0-9]+: .*messages_per_sec", err), err


def rewritten_names(path, old: str, new: str) -> None:
    """The workbook part's text ``old`` replaced by ``new`` (its defined names)."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    text = parts["xl/workbook.xml"].decode()
    assert old in text
    parts["xl/workbook.xml"] = text.replace(old, new).encode()
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)


@pytest.mark.parametrize(("old", "new", "said"), [
    ("proposed.connect!$A$1", "'gone'!$A$1",
     f"the defined name {plan_cell_name(sheet_key('connect'), 1)} refers to 'gone'!$A$1, not "
     "to a sheet of this workbook"),
    (f'name="{plan_cell_name("variant", 0)}"', 'name="first"',
     "has no defined name variant_v1 (the first variant's name"),
], ids=["a sheet reference to no sheet", "no variant named"])
def test_a_crafted_plan_workbook_is_refused_in_one_line(tmp_path, old, new, said):
    path = write_plan_workbook(tmp_path / "plan.xlsx", load_plan(SAMPLES[0]), "p.yaml")
    rewritten_names(path, old, new)
    status, out, err = run_main("plan", "--from-workbook", path)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert said in err


@pytest.mark.parametrize(("arguments", "said"), [
    (["plan"], "plan takes one of a plan FILE, --from-workbook FILE or --example NAME"),
    (["plan", "x.yaml", "--from-workbook", "y.xlsx"],
     "plan takes one of a plan FILE, --from-workbook FILE or --example NAME"),
])
def test_plan_takes_a_file_or_a_workbook(arguments, said):
    status, out, err = run_main(*arguments)
    assert status == 2 and said in err and len(err.splitlines()) == 1


def test_each_reader_sends_the_other_kind_of_workbook_to_its_command(tmp_path):
    calculator_book = workbook(tmp_path, calc.calculator("connect"))
    status, _, err = run_main("plan", "--from-workbook", calculator_book)
    assert status == 2 and "is a calculator workbook, not a plan's: mqcalc eval " \
                           "--from-workbook FILE reads it" in err
    plan_book = write_plan_workbook(tmp_path / "plan.xlsx", load_plan(SAMPLES[0]), "p.yaml")
    status, _, err = run_main("eval", "--from-workbook", plan_book)
    assert status == 2 and "mqcalc plan --from-workbook FILE reads it" in err
