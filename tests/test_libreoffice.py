"""LibreOffice headless, the real application, recalculates the built workbooks to the
engine's values: for each calculator, the boundaries of every input's domain and a seeded
spread of inputs across it, written into the workbook's input cells with openpyxl (which
drops every stored result, so LibreOffice has to compute each one). The same inputs are
typed into a row of the sweep sheet, whose every row must then equal the engine."""
from __future__ import annotations

import openpyxl
import pytest

import calc
from calc.names import check_name, note_name, shown_note_name, sweep_sheet
from calc.workbook.overview import SHEET as OVERVIEW
from calc.workbook.overview import headline_name
from tests import sweep_rows
from tests.cases import RANDOM_CASES, spread_cases
from tests.compare import agrees, chart_blocks_equal_engine, named_values
from tests.conftest import CALCULATORS
from tests.libreoffice import convert
from tests.strategies import broken_checks

def _cell_of(book, sheet: str, name: str):
    destination = book[sheet].defined_names[name].attr_text.split("!")[1].replace("$", "")
    return book[sheet][destination]


@pytest.fixture(scope="module")
def recalculated(built, tmp_path_factory):
    """Every case of every calculator, recalculated by LibreOffice: (calculator, case, book)."""
    work = tmp_path_factory.mktemp("libreoffice")
    planned = []
    for calculator in CALCULATORS:
        for number, case in enumerate(spread_cases(calculator, "libreoffice")):
            book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")
            for name, value in case.items():
                _cell_of(book, calculator.id, name).value = value
            _type_into_a_sweep_row(book[sweep_sheet(calculator.id)], number,
                                   {**calculator.defaults(), **case})
            path = work / f"{calculator.id}-{number:03d}.xlsx"
            book.save(path)
            planned.append((calculator, case, path))
    converted = convert([path for _, _, path in planned], work / "out", work, recalculate=True)
    return [(calculator, case, openpyxl.load_workbook(result, data_only=True))
            for (calculator, case, _), result in zip(planned, converted)]


def _type_into_a_sweep_row(sheet, number: int, inputs: dict) -> None:
    """Type ``inputs`` over the inputs of one of the sweep sheet's rows (case ``number``
    picks which)."""
    where, rows = sweep_rows.columns(sheet), sweep_rows.rows(sheet)
    row = rows[number % len(rows)]
    for name, value in inputs.items():
        sheet[f"{where[name]}{row}"].value = value


def test_libreoffice_recalculates_every_sweep_row_to_the_engine(recalculated):
    for calculator, case, book in recalculated:
        sheet = book[sweep_sheet(calculator.id)]
        assert sweep_rows.disagreements(calculator, sheet) == [], case


def test_libreoffice_recalculates_every_case_to_the_engine(recalculated):
    checked = 0
    for calculator, case, book in recalculated:
        broken = broken_checks(calculator, case)
        for index, check in enumerate(calculator.checks, start=1):
            shown = _cell_of(book, calculator.id, check_name(index)).value
            assert agrees(check.message if check in broken else "", shown), check.rule
        if broken:  # the engine refuses these inputs; the sheet said why, checked above
            with pytest.raises(calc.InputError):
                calc.run(calculator.id, case)
            continue
        result = calc.run(calculator.id, case)
        for name, expected in result.outputs.items():
            found = _cell_of(book, calculator.id, name).value
            assert agrees(expected, found), f"{calculator.id} {case}: {name} LibreOffice " \
                                           f"{found!r}, engine {expected!r}"
            checked += 1
        for index, note in enumerate(calculator.notes, start=1):
            shown = _cell_of(book, calculator.id, note_name(index)).value
            assert agrees(note.text if note.text in result.notes else "", shown), note.when
        chart_blocks_equal_engine(lambda sheet, name: named_values(book, sheet, name),
                                  calculator, case, rel=1e-9)
        listed = [_cell_of(book, calculator.id, shown_note_name(k)).value or ""
                  for k in range(1, len(calculator.notes) + 1)]
        assert listed == result.notes + [""] * (len(calculator.notes) - len(result.notes))
    assert checked >= len(CALCULATORS) * RANDOM_CASES


def test_libreoffice_with_default_settings_shows_the_stored_results(built, tmp_path):
    """A viewer that does not recalculate (LibreOffice's default for .xlsx) shows the
    results stored by the build, which must be the engine's defaults."""
    [shown] = convert([built / "mqzcalc.xlsx"], tmp_path / "out", tmp_path, recalculate=False)
    book = openpyxl.load_workbook(shown, data_only=True)
    for calculator in CALCULATORS:
        outputs = calc.evaluate(calculator.id, {})
        for name, expected in outputs.items():
            assert agrees(expected, _cell_of(book, calculator.id, name).value), name
        headline = _cell_of(book, OVERVIEW, headline_name(calculator.id)).value
        assert agrees(outputs[calculator.headline], headline), calculator.id
        assert sweep_rows.disagreements(calculator, book[sweep_sheet(calculator.id)]) == []
