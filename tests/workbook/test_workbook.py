"""The built workbooks: current, deterministic, named like the templates, with inputs that
look and behave like inputs and formulas that store their results."""
from __future__ import annotations

import gc
import io
import itertools
import re
import zipfile

import pytest
from openpyxl.utils import FORMULAE, column_index_from_string

import calc
from calc.core.names import (NOTES_APPLYING, NOTES_SHOWN, STATUS, check_message_name, sweep_sheet,
                             table_range_names)
from calc.formula.emit_excel import EMITTED_FUNCTIONS
from calc.core.errors import MqcalcError
from calc.workbook import build_all, zipped
from calc.workbook.chart_data import chart_data_sheet_name
from calc.workbook.input_state import STATE_FUNCTIONS
from calc.workbook.summary_block import ALL_CLEAR
from calc.workbook.values_table import values_sheet_name
from tests import sweep_rows
from tests.compare import agrees, named_cell, named_values, notes_from_lines
from tests.conftest import CALCULATORS, REPO
from tests.input_cells import cell_values

WORKBOOKS = [f"{c.id}.xlsx" for c in CALCULATORS] + ["mqzcalc.xlsx"]


@pytest.mark.parametrize("name", WORKBOOKS)
def test_committed_workbook_is_current(built, name):
    committed = REPO / "generated" / name
    assert committed.is_file(), f"generated/{name} is missing: run mqcalc build --force"
    # Compared first, so that pytest does not diff megabytes of bytes to explain a failure.
    same = committed.read_bytes() == (built / name).read_bytes()
    assert same, f"generated/{name} is stale: run mqcalc build --force and commit generated/"


@pytest.mark.parametrize("parallel", [True, False], ids=["forked", "one process"])
def test_builds_are_byte_identical(built, tmp_path, forking, parallel):
    """Whether the combined workbook is zipped in a forked child (as on two cores or more,
    whatever the machine running the tests) or in this process."""
    build_all(CALCULATORS, tmp_path, parallel=parallel)
    for name in WORKBOOKS:
        assert (tmp_path / name).read_bytes() == (built / name).read_bytes(), name


def test_combined_workbook_has_each_calculators_sheets_between_overview_and_sources(opened):
    """The overview; each calculator's sheet, its what-if rows, the hidden figures of its
    charts and its hidden table of values; the sources."""
    book = opened("mqzcalc.xlsx")
    sheets = [name for c in CALCULATORS for name in
              (c.id, sweep_sheet(c.id), *([chart_data_sheet_name(c.id)] if c.charts else []),
               values_sheet_name(c.id))]
    assert book.sheetnames == ["Overview", *sheets, "Sources"]
    assert [s.title for s in book.worksheets if s.sheet_state == "visible"] == \
        ["Overview", *(name for c in CALCULATORS for name in (c.id, sweep_sheet(c.id))),
         "Sources"]


def test_only_functions_excel_and_libreoffice_both_know():
    assert EMITTED_FUNCTIONS | STATE_FUNCTIONS <= FORMULAE


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_functions_in_the_file_are_known_everywhere(opened, calculator):
    book = opened(f"{calculator.id}.xlsx")
    formulas = [re.sub(r'"(?:[^"]|"")*"', '""', cell.value)
                for sheet in book.worksheets for row in sheet.iter_rows() for cell in row
                if isinstance(cell.value, str) and cell.value.startswith("=")]
    used = {function for formula in formulas
            for function in re.findall(r"([A-Z][A-Z0-9.]*)\(", formula)}
    assert used and used <= EMITTED_FUNCTIONS | STATE_FUNCTIONS


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_input_and_output_has_a_sheet_local_name(opened, calculator):
    book = opened("mqzcalc.xlsx")
    local = book[calculator.id].defined_names
    for name in [*calculator.inputs, *calculator.outputs, *calculator.constants]:
        assert local[name].attr_text.startswith(f"{calculator.id}!$"), name
    assert not book.defined_names, "no name may be global: calculators share output names"


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_formulas_read_like_the_template(opened, calculator):
    """Each output cell's formula refers to the names its template formula reads."""
    book = opened(f"{calculator.id}.xlsx")
    sheet = book[calculator.id]
    for output in calculator.outputs.values():
        cell = named_cell(sheet, output.id)
        assert cell.value.startswith("=")
        for name in output.depends:
            assert re.search(rf"\b{name}\b", cell.value), (output.id, name, cell.value)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_inputs_are_unlocked_validated_and_the_rest_protected(opened, calculator):
    book = opened(f"{calculator.id}.xlsx")
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
def test_every_formula_cell_stores_the_engine_result_for_the_defaults(opened, calculator):
    book = opened(f"{calculator.id}.xlsx", data_only=True)
    sheet = book[calculator.id]
    result = calc.run(calculator.id, {})
    for name, expected in result.outputs.items():
        assert agrees(expected, named_cell(sheet, name).value, rel=1e-15), name
    for name, value in cell_values(calculator, result.inputs).items():
        assert named_cell(sheet, name).value == value, name
    if calculator.notes:  # a calculator without notes has no Notes block, nor its names
        assert notes_from_lines(named_values(book, calculator.id, NOTES_SHOWN)) == result.said
    else:
        assert not result.said and NOTES_SHOWN not in sheet.defined_names


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_output_cells_carry_a_stored_value_in_the_file(opened, built, calculator):
    """In the sheet's XML each output's <f> comes with a non-empty <v>: what viewers show."""
    sheet = opened(f"{calculator.id}.xlsx")[calculator.id]
    with zipfile.ZipFile(built / f"{calculator.id}.xlsx") as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    stored = dict(re.findall(r'<c r="([A-Z]+[0-9]+)"[^>]*><f>[^<]*</f><v>([^<]+)</v></c>', xml))
    for output in calculator.outputs:
        assert named_cell(sheet, output).coordinate in stored, output


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_sweep_rows_are_the_first_charts_points_or_every_choice(opened, calculator):
    """Each sweep sheet holds the points of the calculator's first chart, every other input
    at its default; a calculator without charts, every combination of its choices and
    yes/no inputs."""
    sheet = opened(f"{calculator.id}.xlsx")[sweep_sheet(calculator.id)]
    where = sweep_rows.columns(sheet)
    scenarios = [sweep_rows.typed(calculator, sheet, row, where)
                 for row in sweep_rows.rows(sheet)]
    defaults = calc.validate(calculator.id, {})
    if calculator.charts:
        chart = next(iter(calculator.charts.values()))
        assert [scenario[chart.x] for scenario in scenarios] == list(chart.points)
        assert all(scenario == {**defaults, chart.x: scenario[chart.x]} for scenario in scenarios)
    else:  # dse_support's 6 data sets x 2 levels; one row of defaults where none varies
        varied = {spec.id: spec.choices if spec.type == "choice" else (False, True)
                  for spec in calculator.inputs.values() if spec.type in ("choice", "bool")}
        expected = [{**defaults, **dict(zip(varied, values))}
                    for values in itertools.product(*varied.values())]
        assert sorted(map(repr, scenarios)) == sorted(map(repr, expected))


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_sweep_formula_stores_the_engines_value_for_its_row(opened, calculator):
    book = opened("mqzcalc.xlsx", data_only=True)
    assert sweep_rows.disagreements(calculator, book[sweep_sheet(calculator.id)], 1e-15) == []


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_sweep_sheet_reads_constants_and_tables_through_its_own_names(opened, calculator):
    """Names local to the sweep sheet refer to the calculator sheet's cells (constants,
    tables, check messages), so formulas read as there; inputs and outputs are the row's
    cells, never names."""
    book = opened("mqzcalc.xlsx")
    own, sweep = book[calculator.id].defined_names, book[sweep_sheet(calculator.id)]
    shared = [*calculator.constants] + [name for table in calculator.tables.values()
                                        for name in table_range_names(table.id, len(table.keys))]
    shared += [check_message_name(index) for index in range(1, len(calculator.checks) + 1)]
    assert sorted(sweep.defined_names) == sorted(shared)
    for name in shared:
        assert sweep.defined_names[name].attr_text == own[name].attr_text, name
    first = sweep_rows.rows(sweep)[0]
    where = sweep_rows.columns(sweep)
    for output in calculator.outputs.values():
        formula = re.sub(r'"(?:[^"]|"")*"', '""', sweep[f"{where[output.id]}{first}"].value)
        for name in set(output.depends) & {*calculator.inputs, *calculator.outputs}:
            assert not re.search(rf"\b{name}\b", formula), (output.id, name, formula)
            assert f"{where[name]}{first}" in formula, (output.id, name, formula)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_sweep_formula_reads_only_cells_to_its_left(opened, calculator):
    """LibreOffice works a sheet out column by column; with its multi-threaded calculation a
    formula reading a column to its right went wrong in long sweeps (calc/workbook/
    sweep_sheet.py). So the problem comes before the results, and each result after every
    result it reads."""
    sweep = opened("mqzcalc.xlsx")[sweep_sheet(calculator.id)]
    for cell in sweep[sweep_rows.rows(sweep)[0]]:
        if isinstance(cell.value, str) and cell.value.startswith("="):
            formula = re.sub(r'"(?:[^"]|"")*"', '""', cell.value)
            read = re.findall(rf"(?<![\w!$])\$?([A-Z]{{1,3}})\$?{cell.row}(?!\w)", formula)
            assert read, (cell.coordinate, formula)
            later = [letters for letters in read
                     if column_index_from_string(letters) >= cell.column]
            assert later == [], (cell.coordinate, formula)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_sweep_inputs_are_unlocked_and_validated_as_on_the_calculator_sheet(opened, calculator):
    book = opened(f"{calculator.id}.xlsx")
    own, sweep = book[calculator.id], book[sweep_sheet(calculator.id)]
    assert sweep.protection.sheet and not sweep.protection.password
    rules = {str(rule.sqref): rule for rule in own.data_validations.dataValidation}
    swept = {str(rule.sqref): rule for rule in sweep.data_validations.dataValidation}
    where, rows = sweep_rows.columns(sweep), sweep_rows.rows(sweep)
    for spec in calculator.inputs.values():
        first, last = (f"{where[spec.id]}{row}" for row in (rows[0], rows[-1]))
        mine = swept[first if first == last else f"{first}:{last}"]
        theirs = rules[named_cell(own, spec.id).coordinate]
        assert (mine.type, mine.formula1, mine.formula2, mine.error, mine.prompt) == \
            (theirs.type, theirs.formula1, theirs.formula2, theirs.error, theirs.prompt)
        assert all(sweep[f"{where[spec.id]}{row}"].protection.locked is False for row in rows)
    for name in [*calculator.outputs, *(["problem"] if calculator.checks else [])]:
        assert all(sweep[f"{where[name]}{row}"].protection.locked is not False for row in rows)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_the_summary_opens_the_sheet_with_the_templates_choice_and_its_figures(opened,
                                                                               calculator):
    """Under the title: the status line, then the headline, key results and key inputs in
    the template's order, each a formula over its cell storing the engine's figure, and how
    many notes apply, all above the first input."""
    formulas = opened(f"{calculator.id}.xlsx")[calculator.id]
    stored = opened(f"{calculator.id}.xlsx", data_only=True)[calculator.id]
    status = named_cell(formulas, STATUS)
    assert stored[status.coordinate].value == ALL_CLEAR
    result = calc.run(calculator.id, {})
    chosen = [calculator.headline, *calculator.key_results, *calculator.key_inputs]
    column = status.column
    rows = range(status.row + 1, status.row + 1 + len(chosen))
    assert [formulas.cell(row, column).value for row in rows] == [f"={name}" for name in chosen]
    figures = {**cell_values(calculator, result.inputs), **result.outputs}
    for row, name in zip(rows, chosen):
        assert agrees(figures[name], stored.cell(row, column).value, rel=1e-15), name
    first_input = named_cell(formulas, next(iter(calculator.inputs)))
    if calculator.notes:  # then how many apply, under the figures
        counted = named_cell(formulas, NOTES_APPLYING)
        assert counted.row == rows[-1] + 1
        assert stored[counted.coordinate].value == len(result.said) > 0
        assert counted.row < first_input.row
    else:
        assert NOTES_APPLYING not in formulas.defined_names and rows[-1] < first_input.row


def test_a_choice_cells_prompt_gives_each_choice_with_its_label(opened):
    """Selected, a choice cell (on the calculator sheet or in a what-if row, where the ids
    are typed) says what each id means."""
    sheet = opened("connect.xlsx")["connect"]
    cell = named_cell(sheet, "listener").coordinate
    [rule] = [rule for rule in sheet.data_validations.dataValidation if cell in rule.sqref]
    assert rule.prompt == ("Accepts one of local (Queue manager listener), "
                           "shared (Shared (QSG) listener).")


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("fails", [False, True])
def test_the_garbage_collector_is_paused_while_a_book_is_written_and_as_it_was_after(
        enabled, fails):
    """XlsxWriter holds every cell until the book closes; the collector would walk them all
    in each full collection, so it is off meanwhile, and back as it was after, a failure
    in the writing included."""
    seen = []

    def fill(book, styles):
        seen.append(gc.isenabled())
        book.add_worksheet("one").write_number(0, 0, 1)
        if fails:
            raise MqcalcError("stopped")

    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        if fails:
            with pytest.raises(MqcalcError, match="stopped"):
                zipped(fill)
        else:
            assert zipfile.ZipFile(io.BytesIO(zipped(fill))).namelist()
        assert seen == [False] and gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
