"""The built workbooks: current, deterministic, named like the templates, with inputs that
look and behave like inputs and formulas that store their results."""
from __future__ import annotations

import re
import zipfile

import openpyxl
import pytest
from openpyxl.utils import FORMULAE

import calc
from calc.emit_excel import EMITTED_FUNCTIONS
from calc.names import shown_note_name
from calc.workbook.chart_data import chart_data_sheet_name
from calc.workbook import build_all
from tests.compare import agrees, named_cell
from tests.conftest import CALCULATORS, REPO

WORKBOOKS = [f"{c.id}.xlsx" for c in CALCULATORS] + ["mqzcalc.xlsx"]


@pytest.mark.parametrize("name", WORKBOOKS)
def test_committed_workbook_is_current(built, name):
    committed = REPO / "generated" / name
    assert committed.is_file(), f"generated/{name} is missing: run mqcalc build"
    assert committed.read_bytes() == (built / name).read_bytes(), \
        f"generated/{name} is stale: run mqcalc build and commit generated/"


def test_builds_are_byte_identical(built, tmp_path):
    build_all(CALCULATORS, tmp_path)
    for name in WORKBOOKS:
        assert (tmp_path / name).read_bytes() == (built / name).read_bytes(), name


def test_combined_workbook_has_one_sheet_per_calculator(built):
    """The overview, each calculator with its hidden chart figures after it, the sources."""
    book = openpyxl.load_workbook(built / "mqzcalc.xlsx")
    sheets = [[c.id, *([chart_data_sheet_name(c.id)] if c.charts else [])] for c in CALCULATORS]
    assert book.sheetnames == ["Overview", *(name for pair in sheets for name in pair),
                               "Sources"]
    assert [s.title for s in book.worksheets if s.sheet_state == "visible"] == \
        ["Overview", *(c.id for c in CALCULATORS), "Sources"]


def test_only_functions_excel_and_libreoffice_both_know():
    assert EMITTED_FUNCTIONS <= FORMULAE


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_functions_in_the_file_are_known_everywhere(built, calculator):
    book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")
    formulas = [re.sub(r'"(?:[^"]|"")*"', '""', cell.value)
                for row in book[calculator.id].iter_rows() for cell in row
                if isinstance(cell.value, str) and cell.value.startswith("=")]
    used = {function for formula in formulas
            for function in re.findall(r"([A-Z][A-Z0-9.]*)\(", formula)}
    assert used and used <= EMITTED_FUNCTIONS


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_input_and_output_has_a_sheet_local_name(built, calculator):
    book = openpyxl.load_workbook(built / "mqzcalc.xlsx")
    local = book[calculator.id].defined_names
    for name in [*calculator.inputs, *calculator.outputs, *calculator.constants]:
        assert local[name].attr_text.startswith(f"{calculator.id}!$"), name
    assert not book.defined_names, "no name may be global: calculators share output names"


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_formulas_read_like_the_template(built, calculator):
    """Each output cell's formula refers to the names its template formula reads."""
    book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")
    sheet = book[calculator.id]
    for output in calculator.outputs.values():
        cell = named_cell(sheet, output.id)
        assert cell.value.startswith("=")
        for name in output.depends:
            assert re.search(rf"\b{name}\b", cell.value), (output.id, name, cell.value)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_inputs_are_unlocked_validated_and_the_rest_protected(built, calculator):
    book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")
    sheet = book[calculator.id]
    assert sheet.protection.sheet
    validated = {str(rule.sqref): rule for rule in sheet.data_validations.dataValidation}
    for spec in calculator.inputs.values():
        cell = named_cell(sheet, spec.id)
        assert cell.protection.locked is False, spec.id
        rule = validated[cell.coordinate]
        assert rule.showErrorMessage and rule.error and rule.prompt, spec.id
        expected_type = {"int": "whole", "number": "decimal"}.get(spec.type, "list")
        assert rule.type == expected_type, spec.id
        if spec.type == "choice":
            assert rule.formula1 == '"' + ",".join(spec.choices) + '"'
    for output in calculator.outputs.values():
        assert named_cell(sheet, output.id).protection.locked is not False, output.id


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_formula_cell_stores_the_engine_result_for_the_defaults(built, calculator):
    book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx", data_only=True)
    sheet = book[calculator.id]
    result = calc.run(calculator.id, {})
    for name, expected in result.outputs.items():
        assert agrees(expected, named_cell(sheet, name).value, rel=1e-15), name
    for name, value in result.inputs.items():
        assert named_cell(sheet, name).value == value, name
    listed = [named_cell(sheet, shown_note_name(k)).value
              for k in range(1, len(calculator.notes) + 1)]
    assert [text for text in listed if text] == result.notes


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_output_cells_carry_a_stored_value_in_the_file(built, calculator):
    """In the sheet's XML each output's <f> comes with a non-empty <v>: what viewers show."""
    sheet = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")[calculator.id]
    with zipfile.ZipFile(built / f"{calculator.id}.xlsx") as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    stored = dict(re.findall(r'<c r="([A-Z]+[0-9]+)"[^>]*><f>[^<]*</f><v>([^<]+)</v></c>', xml))
    for output in calculator.outputs:
        assert named_cell(sheet, output).coordinate in stored, output
