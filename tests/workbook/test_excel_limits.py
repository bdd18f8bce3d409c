"""Every workbook mqcalc writes keeps Excel's limits (see :mod:`tests.excel_limits`): the
ones ``mqcalc build`` writes, each calculator's and the combined one with its overview,
what-if, chart-data and Sources sheets, and one ``mqcalc sweep --out`` writes. And the
checker finds each limit broken in a workbook written to break it."""
from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.worksheet.table import Table
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from calc.cli import main
from calc.core.names import check_name, note_name, sweep_sheet
from calc.formula.emit_excel import quoted
from calc.workbook import build_paths
from calc.workbook.layout import MAX_ROW_POINTS
from calc.workbook.sheet_columns import TEXTS
from tests import sweep_rows
from tests.compare import named_cell
from tests.conftest import CALCULATORS
from tests.excel_limits import EXCEL_2007_FUNCTIONS, formula_problems, is_cell_reference, problems
from tests.xlsx_oracle import WorkbookOracle

TEXT_COLUMN = get_column_letter(TEXTS + 1)

BUILT = [path.name for path in build_paths(CALCULATORS, Path("."))]


@pytest.mark.parametrize("name", BUILT)
def test_every_built_workbook_keeps_excels_limits(built, name):
    found = problems(built / name)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", BUILT)
def test_no_built_row_needs_more_than_excels_tallest(opened, name):
    """A row is made as tall as its text needs, at most Excel's 409 points: a row at 409
    exactly was cut, and its text belongs somewhere wider."""
    for sheet in opened(name).worksheets:
        tallest = max((dimension.height or 0 for dimension in sheet.row_dimensions.values()),
                      default=0)
        assert tallest < MAX_ROW_POINTS, (sheet.title, tallest)


def test_tables_excel_refuses_are_found(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "s"
    for name, ref, headers in (("R1C1", "A1:B2", ("x", "y")), ("fine", "D1:E2", ("a", "A"))):
        for column, header in enumerate(headers, start=column_index_from_string(ref[0])):
            sheet.cell(1, column, header)
            sheet.cell(2, column, 1)
        sheet.add_table(Table(displayName=name, ref=ref))
    path = tmp_path / "tables.xlsx"
    book.save(path)
    assert problems(path) == ["s!A1:B2: a name may not read as a cell reference or TRUE/FALSE",
                              "s!D1:E2: the table's headers repeat one another"]


def test_a_row_over_409_points_is_found(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "s"
    book.active.row_dimensions[2].height = 409
    book.active.row_dimensions[3].height = 450
    path = tmp_path / "tall.xlsx"
    book.save(path)
    assert problems(path) == ["s!3:3: a row 450 points tall, over Excel's 409"]


def test_a_sweep_workbook_keeps_excels_limits(tmp_path):
    """A sweep whose rows break each of notify_delay's rules, so its problem column words
    every problem; recalculated, each reads its message from the calculator sheet."""
    out = tmp_path / "x.xlsx"
    assert main(["sweep", "notify_delay", "--vary", "gets_successful=100,2000",
                 "--vary", "share_1_pct=0,50", "lpars=1", "--out", str(out)]) == 0
    found = problems(out)
    assert not found, "\n".join(found)
    notify = next(c for c in CALCULATORS if c.id == "notify_delay")
    sheet = openpyxl.load_workbook(out, data_only=True)[sweep_sheet(notify.id)]
    column = sweep_rows.columns(sheet)["problem"]
    cells = [f"{column}{row}" for row in sweep_rows.rows(sheet)]
    stored = [sheet[cell].value or "" for cell in cells]
    assert stored == [notify.checks[1].problem, "", notify.checks[0].problem,
                      notify.checks[0].problem]  # the first rule broken, as the engine
    oracle = WorkbookOracle.load(out)
    assert [oracle.cell(sheet.title, cell) for cell in cells] == stored


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_notes_and_check_messages_are_read_from_hidden_cells(opened, calculator):
    """Each note's and each rule's text sits in the hidden column beside its line, and the
    line's formula refers to that cell rather than holding the text."""
    sheet = opened(f"{calculator.id}.xlsx")[calculator.id]
    assert any(dimension.hidden and dimension.min <= TEXTS + 1 <= dimension.max
               for dimension in sheet.column_dimensions.values())
    lines = [(note_name(index), note.text) for index, note in enumerate(calculator.notes, 1)]
    lines += [(check_name(index), check.message)
              for index, check in enumerate(calculator.checks, 1)]
    for name, text in lines:
        cell = named_cell(sheet, name)
        reference = f"{TEXT_COLUMN}{cell.row}"
        assert sheet[reference].value == text, name
        formula = cell.value
        if re.fullmatch(r"=\$[A-Z]+\$[0-9]+", formula):  # a rule's line shows its problem cell
            formula = sheet[formula[1:].replace("$", "")].value
        assert re.search(rf"[,(&]({reference}|check_message_\d+)[,)]", formula), formula
        assert text not in formula, name


def test_a_text_constant_over_255_characters_is_found():
    assert formula_problems('=IF(A1,"' + "x" * 255 + '","")') == []
    assert formula_problems('=IF(A1,"' + 'x""' * 127 + 'x","")') == []  # "" is one quote
    assert formula_problems('=IF(A1,"' + "x" * 256 + '","")') == [
        "a text constant of 256 characters, over Excel's 255: " + repr("x" * 40) + "..."]
    assert formula_problems('="' + "\U0001F600" * 128 + '"') == [  # two UTF-16 units each
        "a text constant of 256 characters, over Excel's 255: "
        + repr("\U0001F600" * 40) + "..."]


def test_a_formula_over_8192_characters_is_found():
    assert formula_problems("=" + "+".join(["A1"] * 2730) + "+1") == []  # 8,192 with "="
    assert formula_problems("=" + "+".join(["A1"] * 2730) + "+12") == [
        "the formula is 8,193 characters, over Excel's 8,192"]


def test_functions_nested_over_64_deep_are_found():
    assert formula_problems("=" + "ABS(" * 64 + "1" + ")" * 64) == []
    assert formula_problems("=" + "ABS((" * 65 + "1" + "))" * 65) == [
        "functions nested 65 deep, over Excel's 64"]


def test_a_function_given_over_255_arguments_is_found():
    assert formula_problems("=SUM(" + ",".join(["1"] * 255) + ")") == []
    assert formula_problems("=SUM(" + ",".join(["1"] * 256) + ")") == [
        "a function given 256 arguments, over Excel's 255"]
    assert formula_problems("=SUM(" + ",".join(["(1,2)"] * 200) + ",{1,2,3})") == []


def test_only_functions_excel_2010_has_without_a_prefix_pass():
    assert formula_problems("=IF(AND(A1,NOT(B1)),INDEX(C1:C3,MATCH(1,D1:D3,0)),"
                            "ROUND(MIN(1,MAX(2,ABS(INT(EXP(3))))),2))") == []
    assert formula_problems("=_xlfn.STDEV.S(A1:A3)+WORKDAY.INTL(A1,5)+XLOOKUP(1,A:A,B:B)") == [
        "_xlfn.STDEV.S is not a function Excel 2010 has without a prefix",
        "WORKDAY.INTL is not a function Excel 2010 has without a prefix",
        "XLOOKUP is not a function Excel 2010 has without a prefix"]
    assert {"IFERROR", "SUMIFS", "CEILING", "VLOOKUP"} <= EXCEL_2007_FUNCTIONS
    assert not {"AGGREGATE", "IFS", "CONCAT", "NORM.DIST", "ISO.CEILING"} & EXCEL_2007_FUNCTIONS


@pytest.mark.parametrize("name, cell", [
    ("A1", True), ("XFD1048576", True), ("a1", True), ("R", True), ("c", True),
    ("R1C1", True), ("RC", True), ("R2", True), ("C3", True), ("rc12", True),
    ("XFE1", False), ("A1048577", False), ("A0", False), ("note_1", False),
    ("check_1", False), ("RCA", False), ("basic_cpu_us", False)])
def test_cell_references_are_told_from_names(name, cell):
    assert is_cell_reference(name) is cell


def test_list_validations_and_names_that_excel_refuses_are_found(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "s"
    for formula, cells in (('"' + ",".join(["abcd"] * 51) + '"', "A1"),  # 254: fine
                           ('"' + ",".join(["abcd"] * 52) + '"', "A2"),  # 259
                           ('"say ""hi"",b"', "A3"), ("$B$1:$B$9", "A4")):
        validation = DataValidation(type="list", formula1=formula)
        validation.add(cells)
        sheet.add_data_validation(validation)
    for name in ("fine_name", "_x.y", "R1C1", "1st", "two words", "TRUE", "n" * 256):
        sheet.defined_names[name] = DefinedName(name, attr_text="s!$A$1")
    book.defined_names["Q7"] = DefinedName("Q7", attr_text="s!$A$1")
    path = tmp_path / "broken.xlsx"
    book.save(path)
    assert problems(path) == [
        "s!A2: a list source of 259 characters, over Excel's 255: "
        + repr(",".join(["abcd"] * 8) + ",") + "...",
        "s!A3: a list value holds a double quote: " + repr('say ""hi"",b'),
        "s!R1C1: a name may not read as a cell reference or TRUE/FALSE",
        "s!1st: a name must start with a letter, _ or \\ and hold only letters, digits, "
        "periods and underscores",
        "s!two words: a name must start with a letter, _ or \\ and hold only letters, "
        "digits, periods and underscores",
        "s!TRUE: a name may not read as a cell reference or TRUE/FALSE",
        f"s!{'n' * 256}: a name of 256 characters, over Excel's 255",
        "Q7: a name may not read as a cell reference or TRUE/FALSE"]


def test_validation_prompts_and_errors_over_excels_lengths_are_found(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "s"
    for cells, texts in (("A1", ("t" * 32, "p" * 255, "e" * 32, "m" * 255)),  # at the limits
                         ("A2", ("t" * 33, "p" * 256, "e" * 33, "m" * 256))):
        title, prompt, error_title, error = texts
        validation = DataValidation(type="decimal", operator="between", formula1="0",
                                    formula2="1", promptTitle=title, prompt=prompt,
                                    errorTitle=error_title, error=error)
        validation.add(cells)
        sheet.add_data_validation(validation)
    path = tmp_path / "long.xlsx"
    book.save(path)
    assert problems(path) == [
        "s!A2: a prompt title of 33 characters, over Excel's 32",
        "s!A2: a prompt of 256 characters, over Excel's 255",
        "s!A2: an error title of 33 characters, over Excel's 32",
        "s!A2: an error message of 256 characters, over Excel's 255"]


@given(st.text(alphabet=st.sampled_from('x"é\U0001F600'), max_size=700))
def test_a_long_text_is_written_as_pieces_excel_takes(text):
    """Any text, of quotes and characters of one and two UTF-16 units, becomes a formula
    without a constant over 255 units, whose pieces joined give the text back."""
    literal = quoted(text)
    assert formula_problems("=" + literal) == []
    pieces = re.findall(r'"((?:[^"]|"")*)"', literal)
    assert "".join(piece.replace('""', '"') for piece in pieces) == text
    assert len(pieces) == 1 or literal.startswith("(") and literal.endswith(")")
