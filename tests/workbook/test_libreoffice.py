"""LibreOffice headless, the real application, recalculates the built workbooks to the
engine's values: for each calculator, the boundaries of every input's domain and a seeded
spread of inputs across it. Each calculator's workbook, its stored results all dropped
(tests/xlsx_typing.py), is opened once in LibreOffice, which computes every formula as it
opens it; then each case is typed into the calculator sheet and over a row of the sweep
sheet, LibreOffice recalculates every formula of the workbook, and the calculator sheet and
every sweep row must equal the engine. One LibreOffice per test worker
(tests/libreoffice.py, ``Session``; the typing is tests/uno_bridge.py's ``typed_values``).

Typing into the open workbook instead of opening a typed copy per case checks the same
recalculations in a quarter of the time: opening these workbooks costs LibreOffice about
0.45 s each on a 2-core AMD EPYC, entering a case, recalculating and reading it about 0.1 s.
"""
from __future__ import annotations

import shutil

import openpyxl
import pytest

import calc
from calc.core.names import (NOTES_APPLYING, NOTES_SHOWN, RANGE_ENDS, STATUS, check_name, note_name,
                             range_name, sweep_sheet)
from calc.workbook import write_workbook
from calc.workbook.input_state import accepted
from calc.workbook.overview import SHEET as OVERVIEW
from calc.workbook.overview import headline_name
from calc.workbook.summary_block import ALL_CLEAR
from tests import sweep_rows
from tests.cases import RANDOM_CASES, spread_cases
from tests.compare import (agrees, chart_blocks_equal_engine, expected_marks, named_cell,
                           named_values, notes_from_lines, ranged, rests_on)
from tests.conftest import CALCULATORS
from tests.input_cells import cell_values
from tests.libreoffice import Session, convert
from tests.strategies import broken_checks, refused_values
from tests.xlsx_typing import TypedCopies

pytestmark = pytest.mark.libreoffice

LONG_SWEEP = 120
"""Random rows of the long sweeps, with the defaults and every input's edges before them:
LibreOffice works out a long run of like formulas down a column in threads (with its
default settings), where a connect sweep of 100 rows once went wrong in its first row."""


def _typings(calculator, book, cases: list[dict]):
    """Each case as the cells to type: into the calculator sheet, and the same inputs over
    one of the sweep sheet's rows (the case's number picks which). ``book`` is the built
    workbook as openpyxl reads it, whose names find the cells."""
    sweep = book[sweep_sheet(calculator.id)]
    where, rows = sweep_rows.columns(sweep), sweep_rows.rows(sweep)
    for number, case in enumerate(cases):
        row = rows[number % len(rows)]
        typed = {**calculator.defaults(), **case}
        yield {calculator.id: {named_cell(book[calculator.id], name).coordinate: value
                               for name, value in cell_values(calculator, case).items()},
               sweep.title: {f"{where[name]}{row}": value
                             for name, value in cell_values(calculator, typed).items()}}


def _opened(built, calculator, work):
    """The built workbook with every stored result dropped (tests/xlsx_typing.py), so
    LibreOffice computes each one, and openpyxl's reading of the built workbook."""
    unstored = TypedCopies(built / f"{calculator.id}.xlsx").write(
        work / f"{calculator.id}.xlsx", {})
    return unstored, openpyxl.load_workbook(built / f"{calculator.id}.xlsx")


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_libreoffice_recalculates_every_case_and_sweep_row_to_the_engine(built, libreoffice,
                                                                         tmp_path, calculator):
    unstored, book = _opened(built, calculator, tmp_path)
    cases = spread_cases(calculator, "libreoffice")
    checked = 0
    for case, values in zip(cases, libreoffice.typed(unstored, book,
                                                     _typings(calculator, book, cases))):
        assert sweep_rows.disagreements(calculator, values[sweep_sheet(calculator.id)]) == [], \
            case
        checked += _sheet_agrees(calculator, case, values)
    assert checked >= RANDOM_CASES


def _sheet_agrees(calculator, case: dict, book) -> int:
    """Check the calculator's sheet recalculated for ``case``: its rule lines, and unless a
    rule is broken its results, notes and chart figures. Returns how many results were
    compared."""
    broken = broken_checks(calculator, case)
    sheet = book[calculator.id]
    for index, check in enumerate(calculator.checks, start=1):
        shown = named_cell(sheet, check_name(index)).value
        assert agrees(check.problem if check in broken else "", shown), check.rule
    assert named_cell(sheet, STATUS).value == (broken[0].problem if broken else ALL_CLEAR)
    if broken:  # the engine refuses these inputs; the sheet said why, and shows no figure
        assert _results_shown(calculator, sheet) == []
        with pytest.raises(calc.InputError):
            calc.run(calculator.id, case)
        return 0
    result = calc.run(calculator.id, case)
    for name, expected in result.outputs.items():
        found = named_cell(book[calculator.id], name).value
        assert agrees(expected, found), f"{calculator.id} {case}: {name} LibreOffice " \
                                       f"{found!r}, engine {expected!r}"
    for name, ends in ranged(calculator, result).items():
        found = tuple(named_cell(sheet, range_name(end, name)).value for end in RANGE_ENDS)
        assert all(map(agrees, ends, found)), f"{calculator.id} {case}: {name} LibreOffice " \
                                              f"low, high {found}, engine {ends}"
    for index, note in enumerate(calculator.notes, start=1):
        shown = named_cell(book[calculator.id], note_name(index)).value
        assert agrees(note.text if note.text in result.said else "", shown), note.when
    chart_blocks_equal_engine(lambda sheet, name: named_values(book, sheet, name),
                              calculator, case, rel=1e-9)
    if calculator.notes:  # a calculator without notes has no Notes block, nor its names
        listed = notes_from_lines(named_values(book, calculator.id, NOTES_SHOWN))
        assert listed == result.said, f"{calculator.id} {case}: the notes list"
        count = named_cell(book[calculator.id], NOTES_APPLYING).value
        assert count == len(result.said), f"{calculator.id} {case}: notes counted"
    else:
        assert not result.said, f"{calculator.id} {case}: notes said"
    for name, letters in expected_marks(calculator, case).items():
        shown = sheet[rests_on(named_cell(sheet, name).coordinate)].value
        assert (shown or "") == letters, f"{calculator.id} {case}: {name} rests on"
    return len(result.outputs)


@pytest.mark.parametrize("threaded", [True, False], ids=["threaded", "unthreaded"])
def test_libreoffice_recalculates_long_sweeps_to_the_engine(tmp_path, threaded):
    """Every calculator's what-if sheet of more than 100 rows (the built workbooks' are
    shorter), as ``mqcalc sweep --ranges --out`` writes it, recalculated by LibreOffice on
    opening with its multi-threaded calculation on (Calc's default) and off: every row of
    every sheet shows what the engine gives for its inputs, each result's low and high
    too (the columns without ranges are the same formulas)."""
    paths = []
    for calculator in CALCULATORS:
        rows = [{**calculator.defaults(), **case}
                for case in spread_cases(calculator, "long-sweep", LONG_SWEEP)]
        paths.append(write_workbook(tmp_path / f"{calculator.id}.xlsx", [calculator],
                                    {calculator.id: {}}, {calculator.id: rows}, ranged=True))
    recalculated = convert(paths, tmp_path / "out", tmp_path, recalculate=True,
                           threaded=threaded)
    for calculator, path in zip(CALCULATORS, recalculated):
        sheet = openpyxl.load_workbook(path, data_only=True)[sweep_sheet(calculator.id)]
        assert len(sweep_rows.rows(sheet)) > LONG_SWEEP
        assert sweep_rows.disagreements(calculator, sheet, ranged=True) == [], calculator.id


LOCALES = ("en-US", "de-DE", "fr-FR")
"""LibreOffice's languages the yes/no inputs are typed in: English, and two whose TRUE and
FALSE are other words (WAHR and FALSCH, VRAI and FAUX)."""


@pytest.mark.parametrize("locale", LOCALES)
def test_yes_no_inputs_typed_in_any_language_are_valid_and_computed(built, tmp_path, locale):
    """In LibreOffice in English, German and French: no cell of any workbook with a switch
    is marked invalid as it opens (Mark Invalid Data), nor once each switch's other value
    (yes or no) is typed as a person types it into the calculator sheet and the first
    what-if row; and the sheet and every what-if row then show the engine's figures."""
    calculators = [c for c in CALCULATORS
                   if any(spec.type == "bool" for spec in c.inputs.values())]
    assert calculators
    with Session(tmp_path / "office", locale=locale) as office:
        for calculator in calculators:
            case = {name: not spec.default for name, spec in calculator.inputs.items()
                    if spec.type == "bool"}
            typed = cell_values(calculator, case)
            path = shutil.copy(built / f"{calculator.id}.xlsx", tmp_path)
            book = openpyxl.load_workbook(path)
            sweep = book[sweep_sheet(calculator.id)]
            where, row = sweep_rows.columns(sweep), sweep_rows.rows(sweep)[0]
            entered = office.entered(path, book, {
                calculator.id: {named_cell(book[calculator.id], name).coordinate: text
                                for name, text in typed.items()},
                sweep.title: {f"{where[name]}{row}": text for name, text in typed.items()}})
            assert not any(entered.invalid.values()), (calculator.id, entered.invalid)
            assert not any(entered.invalid_after.values()), (calculator.id,
                                                             entered.invalid_after)
            values = entered.values[sweep.title]
            assert [values[f"{where[name]}{row}"].value for name in typed] == list(typed.values())
            assert sweep_rows.disagreements(calculator, values) == [], calculator.id
            _sheet_agrees(calculator, case, entered.values)


def test_libreoffice_with_default_settings_shows_the_stored_results(built, tmp_path):
    """A viewer that does not recalculate (LibreOffice's default for .xlsx) shows the
    results stored by the build, which must be the engine's defaults."""
    [shown] = convert([built / "mqzcalc.xlsx"], tmp_path / "out", tmp_path, recalculate=False)
    book = openpyxl.load_workbook(shown, data_only=True)
    for calculator in CALCULATORS:
        outputs = calc.evaluate(calculator.id, {})
        for name, expected in outputs.items():
            assert agrees(expected, named_cell(book[calculator.id], name).value), name
        headline = named_cell(book[OVERVIEW], headline_name(calculator.id)).value
        assert agrees(outputs[calculator.headline], headline), calculator.id
        assert sweep_rows.disagreements(calculator, book[sweep_sheet(calculator.id)]) == []


def test_a_session_left_early_still_answers_each_workbook_with_its_own_values(built,
                                                                               libreoffice,
                                                                               tmp_path):
    """A check that fails stops reading LibreOffice's answers with a workbook still asked
    for; the next workbook asked must get its own answer, not that one."""
    book = openpyxl.load_workbook(built / "adapters.xlsx")
    files = []
    for processors in (4, 16, 5):
        named_cell(book["adapters"], "processors").value = processors
        files.append((tmp_path / f"adapters-{processors}.xlsx", book))
        book.save(files[-1][0])
    answers = libreoffice.recalculate(files[:2])
    first = next(answers)
    answers.close()
    [third] = libreoffice.recalculate(files[2:])
    for values, processors in ((first, 4), (third, 5)):
        shown = named_cell(values["adapters"], "chiadaps_recommended").value
        assert shown == calc.evaluate("adapters", {"processors": processors})[
            "chiadaps_recommended"]


def test_typing_left_early_still_answers_the_next_typing_with_its_own_values(built,
                                                                              libreoffice,
                                                                              tmp_path):
    """As above for cases typed into one open workbook: each typing starts from the
    workbook as opened, whatever was asked before."""
    unstored, book = _opened(built, calc.calculator("adapters"), tmp_path)
    cell = named_cell(book["adapters"], "processors").coordinate
    answers = libreoffice.typed(unstored, book, ({"adapters": {cell: processors}}
                                                 for processors in (16, 5)))
    first = next(answers)
    answers.close()
    [third, untyped] = libreoffice.typed(unstored, book, [{"adapters": {cell: 9}}, {}])
    for values, inputs in ((first, {"processors": 16}), (third, {"processors": 9}),
                           (untyped, {})):
        shown = named_cell(values["adapters"], "chiadaps_recommended").value
        assert shown == calc.evaluate("adapters", inputs)["chiadaps_recommended"]


def _results_shown(calculator, sheet) -> list[str]:
    """The results the recalculated calculator ``sheet`` shows a figure or text for."""
    return [name for name in calculator.outputs
            if named_cell(sheet, name).value not in ("", None)]


def _refusals(calculator) -> list[tuple[str, object]]:
    """One value the engine refuses for each input, cycling through the kinds of refusal
    (blank, wrong kind, past the domain, another case). A boolean in a number cell is left
    out: LibreOffice holds booleans as the numbers 1 and 0 in a cell formatted as a boolean,
    so there ISNUMBER(TRUE) is TRUE (in Excel FALSE), and such a cell counts as 1, as the
    command line's ``1`` does."""
    chosen = []
    for position, (name, spec) in enumerate(calculator.inputs.items()):
        values = [value for value in refused_values(spec)
                  if not (spec.type in ("int", "number") and isinstance(value, bool))]
        chosen.append((name, values[position % len(values)]))
    return chosen


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_libreoffice_empties_every_result_for_an_input_the_engine_refuses(built, libreoffice,
                                                                          tmp_path, calculator):
    """The refused value typed into the calculator sheet and into the first what-if row:
    the status and the row's problem name the input, and neither shows a result."""
    unstored, book = _opened(built, calculator, tmp_path)
    refusals = _refusals(calculator)
    what_if = sweep_sheet(calculator.id)
    where, row = sweep_rows.columns(book[what_if]), sweep_rows.rows(book[what_if])[0]
    typings = ({calculator.id: {named_cell(book[calculator.id], name).coordinate: value},
                what_if: {f"{where[name]}{row}": value}} for name, value in refusals)
    for (name, value), values in zip(refusals, libreoffice.typed(unstored, book, typings)):
        sheet = values[calculator.id]
        expected = f"{name} expects {accepted(calculator.inputs[name])}"
        assert named_cell(sheet, STATUS).value == expected, value
        assert _results_shown(calculator, sheet) == [], (name, value)
        assert values[what_if][f"{where['problem']}{row}"].value == expected, value
        assert [output for output in calculator.outputs
                if values[what_if][f"{where[output]}{row}"].value not in ("", None)] == []
