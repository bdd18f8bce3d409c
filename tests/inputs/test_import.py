"""mqcalc eval --from-workbook: the inputs typed into a workbook, evaluated by the engine,
with every stored result that disagrees named by output, cell and both values."""
from __future__ import annotations

import datetime
import json
import re
import shutil
import zipfile

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.formatting import plain_number
from calc.inputs.workbook.importer import check_workbook
from calc.workbook import write_workbook
from tests.cli.test_cli import mqcalc, run_main
from tests.compare import agrees, named_cell
from tests.conftest import CALCULATORS
from tests.libreoffice import convert
from tests.strategies import calculator_inputs

ADAPTERS, CONNECT = calc.calculator("adapters"), calc.calculator("connect")


def workbook(folder, calculator, inputs=None):
    """A workbook of one calculator, written by mqcalc with ``inputs``."""
    return write_workbook(folder / f"{calculator.id}.xlsx", [calculator],
                          {calculator.id: inputs or {}})


def coordinate(path, sheet: str, name: str) -> str:
    """Where the sheet-local defined name ``name`` points."""
    return named_cell(openpyxl.load_workbook(path)[sheet], name).coordinate


def typed_over(path, sheet: str, values: dict, out=None):
    """``path`` with ``values`` typed into the named cells of ``sheet`` by openpyxl, which
    keeps the formulas but stores no result for them."""
    book = openpyxl.load_workbook(path)
    for name, value in values.items():
        named_cell(book[sheet], name).value = value
    book.save(out or path)
    return out or path


def from_workbook_json(path) -> tuple[int, dict]:
    status, out, err = run_main("eval", "--from-workbook", path, "--json")
    assert err == "" and status in (0, 1), err
    return status, json.loads(out)


def test_typed_inputs_are_evaluated_and_the_stored_results_agree(tmp_path):
    path = workbook(tmp_path, ADAPTERS, {"processors": 16})
    status, out, err = run_main("eval", "--from-workbook", path)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ADAPTERS.title
    assert re.search(r"^  CHIADAPS rule for serialised work +120 adapters$", out, re.M), out
    assert lines[-1] == f"  stored results agree with the engine ({len(ADAPTERS.outputs)} cells)"
    # the inputs left to their defaults when it was built are still assumed (A), as the
    # sheet's own "Rests on" column says: the same as evaluating the one input given
    assert out == run_main("eval", "adapters", "processors=16")[1] + lines[-1] + "\n"
    assert " A" in out


def test_json_gives_the_sheet_inputs_outputs_and_no_disagreement(tmp_path):
    path = workbook(tmp_path, CONNECT, {"sharecnv": 0, "suppress_x511_x512": False})
    status, answer = from_workbook_json(path)
    assert status == 0 and answer["workbook"] == str(path)
    [result] = answer["results"]
    assert result["sheet"] == "connect" and result["disagreements"] == []
    assert result["inputs"]["sharecnv"] == 0 and result["inputs"]["suppress_x511_x512"] is False
    assert result["outputs"]["connect_cpu_us"] == 890  # 510 for SHARECNV(0) + 380 for TLS
    expected = calc.run("connect", {**CONNECT.defaults(), "sharecnv": 0,
                                    "suppress_x511_x512": False},
                        {"sharecnv", "suppress_x511_x512"}).as_json()  # the others assumed
    assert result == {**json.loads(json.dumps(expected)), "sheet": "connect",
                      "results_stored": True, "disagreements": []}


def test_the_combined_workbook_gives_every_calculator_at_its_defaults(built):
    status, answer = from_workbook_json(built / "mqzcalc.xlsx")
    assert status == 0
    assert [r["sheet"] for r in answer["results"]] == [c.id for c in CALCULATORS]
    for result in answer["results"]:
        assert result["disagreements"] == []
        every_cell = calc.calculator(result["sheet"]).defaults()
        expected = calc.run(result["sheet"], every_cell, set()).as_json()  # all assumed
        assert {key: result[key] for key in expected} == json.loads(json.dumps(expected))


def stored_result_replaced(path, cell: str, value: str, sheet: int = 1) -> None:
    """Rewrite the result stored in ``cell`` of the ``sheet``-th sheet (the first unless
    told) inside the file, leaving its formula and everything else as mqcalc wrote it."""
    member = f"xl/worksheets/sheet{sheet}.xml"
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    xml, count = re.subn(rf'(<c r="{cell}"[^>]*>.*?<v>)[^<]*(</v>)', rf"\g<1>{value}\g<2>",
                         parts[member].decode("utf-8"), count=1)
    assert count == 1, cell
    parts[member] = xml.encode("utf-8")
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)


def test_a_tampered_stored_result_is_named_with_both_values(tmp_path):
    path = workbook(tmp_path, ADAPTERS, {"processors": 16})
    cell = coordinate(path, "adapters", "chiadaps_recommended")
    stored_result_replaced(path, cell, "119")
    status, out, err = run_main("eval", "--from-workbook", path)
    assert status == 1 and err == ""
    assert out.splitlines()[-1] == ("  stored result disagrees: CHIADAPS rule for serialised "
                                    f"work (chiadaps_recommended, cell {cell}): file 119, "
                                    "engine 120 adapters")
    status, answer = from_workbook_json(path)
    assert status == 1
    assert answer["results"][0]["disagreements"] == [
        {"output": "chiadaps_recommended", "cell": cell, "stored": 119, "engine": 120}]


def test_a_file_saved_without_results_is_read_for_its_inputs_and_says_so(tmp_path,
                                                                          monkeypatch):
    """openpyxl keeps the formulas but stores no result: the inputs are read and evaluated,
    and one line says the file holds no result for a spreadsheet to show until it
    recalculates; nothing disagrees, so the exit status is 0."""
    path = typed_over(workbook(tmp_path, CONNECT), "connect", {"sharecnv": 1,
                                                               "suppress_x511_x512": "no"})
    status, answer = from_workbook_json(path)
    assert status == 0
    [result] = answer["results"]
    assert result["inputs"]["tls"] is True and result["outputs"]["connect_cpu_us"] == 970
    assert result["results_stored"] is False and result["disagreements"] == []
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run_main("eval", "--from-workbook", path)
    assert status == 0 and err == ""
    assert out.endswith(
        "  no result is stored in the file (a program that writes formulas without\n"
        "  working them out saved it, e.g. openpyxl): these are the engine's, from its\n"
        "  inputs; a spreadsheet shows them once it recalculates the file\n"), out


def test_a_file_holding_some_results_disagrees_where_it_stores_none(tmp_path):
    """Where the file stores some results, one missing is a disagreement, named."""
    path = workbook(tmp_path, CONNECT)
    cell = coordinate(path, "connect", "connect_cpu_us")
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet], found = re.subn(rf'(<c r="{cell}"[^>]*><f>[^<]*</f>)<v>[^<]*</v>'.encode(),
                                  rb"\1", parts[sheet])
    assert found == 1
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    status, answer = from_workbook_json(path)
    assert status == 1 and answer["results"][0]["results_stored"] is True
    assert answer["results"][0]["disagreements"] == [
        {"output": "connect_cpu_us", "cell": cell, "stored": None, "engine": 760}]
    out = run_main("eval", "--from-workbook", path)[1]
    assert (f"  stored result disagrees: Cost per connect (connect_cpu_us, cell {cell}): "
            "file none stored, engine 760 CPU µs") in out.splitlines()


@pytest.mark.parametrize(("typed", "used"), [
    ({"tls": 1, "suppress_x511_x512": 0}, {"tls": True, "suppress_x511_x512": False}),
    ({"sharecnv": 3.0, "connects_per_sec": 12.5}, {"sharecnv": 3, "connects_per_sec": 12.5}),
    ({"sharecnv": "7", "listener": "shared"}, {"sharecnv": 7, "listener": "shared"}),
], ids=["TRUE and FALSE kept as 1 and 0", "whole float for an int", "number typed as text"])
def test_values_as_spreadsheets_keep_them_are_taken(tmp_path, typed, used):
    [checked] = check_workbook(typed_over(workbook(tmp_path, CONNECT), "connect", typed))
    assert {name: checked.result.inputs[name] for name in used} == used
    # given: the cells typed away from their defaults (typing the default itself cannot
    # be told from leaving it, as the sheet's own marks say)
    changed = {name for name, value in used.items() if value != CONNECT.inputs[name].default}
    assert checked.result == calc.run("connect", {**CONNECT.defaults(), **used}, changed)
    assert checked.result.given == changed


def test_sheets_not_named_by_a_calculator_are_left_alone(tmp_path):
    book = openpyxl.load_workbook(workbook(tmp_path, ADAPTERS, {"processors": 16}))
    book.create_sheet("Overview", 0)["A1"] = "processors"
    book.create_sheet("adapters_sweep")["B2"] = "not a number"
    book.save(tmp_path / "more.xlsx")
    [checked] = check_workbook(tmp_path / "more.xlsx")
    assert checked.sheet.calculator == "adapters"
    assert checked.result.outputs["chiadaps_recommended"] == 120


def refused(*arguments) -> str:
    """The one line ``main`` printed when it refused with exit status 2."""
    status, out, err = run_main(*arguments)
    assert status == 2 and out == ""
    [line] = err.splitlines()
    return line


def test_a_value_out_of_its_domain_names_sheet_cell_input_and_domain(tmp_path):
    path = typed_over(workbook(tmp_path, CONNECT), "connect", {"sharecnv": 5000})
    cell = coordinate(path, "connect", "sharecnv")
    assert refused("eval", "--from-workbook", path) == (
        f"mqcalc: workbook {path}: sheet connect, cell {cell}: connect: input sharecnv=5000: "
        "expects a whole number from 0 to 999")


def test_a_broken_rule_names_the_cell_of_its_first_input(tmp_path):
    notify = calc.calculator("notify_delay")
    path = typed_over(workbook(tmp_path, notify), "notify_delay",
                      {"gets_attempted": 10, "gets_successful": 20})
    cell = coordinate(path, "notify_delay", "gets_successful")
    line = refused("eval", "--from-workbook", path)
    assert line.startswith(f"mqcalc: workbook {path}: sheet notify_delay, cell {cell}: "
                           "notify_delay: input gets_successful=20: expects no more than "
                           "gets_attempted"), line
    assert "gets_attempted=10" in line


def test_an_empty_input_cell_is_refused(tmp_path):
    path = typed_over(workbook(tmp_path, CONNECT), "connect", {"listener": None})
    cell = coordinate(path, "connect", "listener")
    assert refused("eval", "--from-workbook", path) == (
        f"mqcalc: workbook {path}: sheet connect, cell {cell}: input listener is empty or a "
        "formula with no stored result (expects one of local, shared)")


HOSTILE_CELLS = {
    "text a spreadsheet takes for a formula": ("=1+1", "is empty or a formula with no stored"),
    "a formula": ("=SUM(B1:B3)", "is empty or a formula with no stored"),
    "NaN as text": ("NaN", "input sharecnv='NaN': expects a whole number from 0 to 999"),
    "an error value": ("#DIV/0!", "input sharecnv='#DIV/0!': expects a whole number"),
    "a boolean": (True, "input sharecnv=True: expects a whole number"),
    "a huge number": (1e308, "input sharecnv=1e+308: expects a whole number"),
    "a date": (datetime.datetime(2024, 1, 1), "input sharecnv=2024-01-01 00:00:00: expects"),
    "a time": (datetime.time(1, 2), "input sharecnv=01:02:00: expects a whole number"),
    "digits too many for int()": ("9" * 5000, "input sharecnv='9999"),
    "an Arabic-Indic digit": ("\u0663", "input sharecnv='\u0663': expects a whole number"),
    "a half": (1.5, "input sharecnv=1.5: expects a whole number from 0 to 999"),
}


@pytest.mark.parametrize("case", HOSTILE_CELLS, ids=list(HOSTILE_CELLS))
def test_a_hostile_input_cell_is_refused_naming_workbook_sheet_and_cell(tmp_path, case):
    value, said = HOSTILE_CELLS[case]
    path = typed_over(workbook(tmp_path, CONNECT), "connect", {"sharecnv": value})
    line = refused("eval", "--from-workbook", path)
    assert line.startswith(f"mqcalc: workbook {path}: sheet connect, cell "
                           f"{coordinate(path, 'connect', 'sharecnv')}: "), line
    assert said in line, line


def test_a_truncated_workbook_is_refused_in_one_line(tmp_path):
    whole = workbook(tmp_path, CONNECT).read_bytes()
    (tmp_path / "cut.xlsx").write_bytes(whole[:len(whole) // 2])
    assert refused("eval", "--from-workbook", tmp_path / "cut.xlsx") == (
        f"mqcalc: workbook {tmp_path / 'cut.xlsx'}: is not an xlsx workbook (an xlsx file is "
        "a zip archive; this one is not)")


def test_a_sheet_without_an_inputs_name_is_refused_naming_it(tmp_path):
    book = openpyxl.load_workbook(workbook(tmp_path, CONNECT))
    del book["connect"].defined_names["tls"]
    book.save(tmp_path / "unnamed.xlsx")
    line = refused("eval", "--from-workbook", tmp_path / "unnamed.xlsx")
    assert line.startswith(f"mqcalc: workbook {tmp_path / 'unnamed.xlsx'}: sheet connect: "
                           "has no defined name tls for input tls"), line


@pytest.mark.parametrize("reference", ["connect!$B$1:$B$3", "connect!$B:$B", "connect!$ZZZZ$1",
                                       "adapters!$B$9"])
def test_a_name_that_is_not_one_cell_of_its_sheet_is_refused(tmp_path, reference):
    book = openpyxl.load_workbook(workbook(tmp_path, CONNECT))
    book["connect"].defined_names["tls"].attr_text = reference
    book.save(tmp_path / "elsewhere.xlsx")
    line = refused("eval", "--from-workbook", tmp_path / "elsewhere.xlsx")
    assert f"sheet connect: the defined name tls (input tls) refers to {reference}, not to " \
           "one cell of this sheet" in line


@pytest.fixture
def unusable(tmp_path):
    """Files that are no mqzcalc workbook, each with what the refusal must say."""
    (tmp_path / "notes.xlsx").write_text("processors: 16\n", encoding="utf-8")
    openpyxl.Workbook().save(tmp_path / "blank.xlsx")
    with zipfile.ZipFile(tmp_path / "parts.xlsx", "w") as archive:
        archive.writestr("readme.txt", "a zip, but no workbook in it")
    return {"missing": (tmp_path / "nosuch.xlsx", "cannot be read: No such file or directory"),
            "folder": (tmp_path, "is a folder, not a regular file"),
            "text renamed .xlsx": (tmp_path / "notes.xlsx", "is not an xlsx workbook (an "
                                   "xlsx file is a zip archive; this one is not)"),
            "zip without a workbook": (tmp_path / "parts.xlsx", "is not an xlsx workbook "
                                       "mqcalc can read"),
            "no calculator sheet": (tmp_path / "blank.xlsx", "has no calculator sheet "
                                    "(expects a sheet named by a calculator id: adapters, ")}


@pytest.mark.parametrize("case", ["missing", "folder", "text renamed .xlsx",
                                  "zip without a workbook", "no calculator sheet"])
def test_an_unusable_file_exits_2_with_one_line(unusable, case):
    path, said = unusable[case]
    completed = mqcalc("eval", "--from-workbook", str(path))
    assert completed.returncode == 2 and completed.stdout == ""
    assert len(completed.stderr.splitlines()) == 1, completed.stderr
    assert completed.stderr.startswith(f"mqcalc: workbook {path}: {said}"), completed.stderr


@pytest.mark.parametrize(("arguments", "said"), [
    (["adapters"], "no calculator id or ID=VALUE with it"),
    (["processors=16"], "no calculator id or ID=VALUE with it"),
    (["adapters", "processors=16"], "no calculator id or ID=VALUE with it"),
    (["--scenario", "plan.yaml"], "--from-workbook and --scenario cannot go together"),
    (["--pset-report", "pset.txt"], "--from-workbook and --pset-report cannot go together"),
])
def test_from_workbook_goes_alone(built, arguments, said):
    line = refused("eval", "--from-workbook", built / "adapters.xlsx", *arguments)
    assert said in line and "see mqcalc --help" in line


def test_help_gives_the_exit_statuses():
    completed = mqcalc("eval", "--help")
    assert completed.returncode == 0 and "--from-workbook FILE" in completed.stdout
    assert "1 when any disagrees" in " ".join(completed.stdout.split())


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("generated-inputs")


def as_the_file_holds(inputs: dict) -> dict:
    """Numbers to the 16 significant digits the workbook writer (XlsxWriter) stores; a
    float needing 17 comes back as its 16-digit neighbour, and a whole float as the whole
    number the file writes (the engine's integer arithmetic can differ from the float one
    in the last bit, and a ceiling then by one: 99999999.0 squared, say)."""
    return {name: plain_number(float(f"{value:.16g}")) if isinstance(value, float) else value
            for name, value in inputs.items()}


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_any_valid_inputs_come_back_as_written_and_agree(scratch, calculator, data):
    """The writer evaluates the inputs as the file holds them, so even a float needing 17
    digits comes back with stored results that agree, and the engine gives what it gives
    for the inputs as the file holds them (:func:`as_the_file_holds`)."""
    inputs = data.draw(calculator_inputs(calculator))
    [checked] = check_workbook(workbook(scratch, calculator, inputs))
    assert checked.disagreements == []
    expected = calc.run(calculator.id, as_the_file_holds(inputs))
    assert checked.result.inputs == expected.inputs
    assert checked.result.notes == expected.notes
    for name, value in expected.outputs.items():
        assert agrees(value, checked.result.outputs[name], rel=1e-12), name


@pytest.mark.libreoffice
def test_a_workbook_recalculated_by_libreoffice_agrees(built, tmp_path):
    path = shutil.copy(built / "mqzcalc.xlsx", tmp_path / "typed.xlsx")
    typed_over(path, "connect", {"machine": "z16", "workload_rni": "average", "processors": 3})
    typed_over(path, "adapters", {"processors": 16})
    [recalculated] = convert([path], tmp_path / "out", tmp_path, recalculate=True)
    status, answer = from_workbook_json(recalculated)
    assert status == 0, [r["disagreements"] for r in answer["results"]]
    results = {result["sheet"]: result for result in answer["results"]}
    assert list(results) == [c.id for c in CALCULATORS]
    # the worked example's 760 µs on the measured 3-CP z14, on a 3-CP z16: 760 / (1.13 x 1.09)
    assert results["connect"]["outputs"]["connect_cpu_us"] == pytest.approx(617.0333685150606)
    assert results["adapters"]["outputs"]["chiadaps_recommended"] == 120
