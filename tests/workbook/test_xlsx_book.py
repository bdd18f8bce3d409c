"""The quick formula preparation of calc/workbook/xlsx_book.py gives XlsxWriter's own text
for every formula, so the workbooks are the same byte for byte; and it is checked against
the XlsxWriter that is installed, so an upgrade cannot change that unseen."""
from __future__ import annotations

import inspect
import re
import warnings
from importlib import metadata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xlsxwriter import worksheet as worksheet_module
from xlsxwriter.sharedstrings import SharedStringTable
from xlsxwriter.worksheet import Worksheet as XlsxWorksheet

import calc
from calc.engine.sweeps import default_rows
from calc.workbook import build_all, write_workbook, xlsx_book
from calc.workbook.cells import ROW
from tests.conftest import CALCULATORS

NAMES = [pattern.removeprefix(r"\b").removeprefix(r"\S").removesuffix(r"\(")
         for pattern in xlsx_book.DYNAMIC_ARRAY_PATTERNS]
"""The names the 29 patterns look for (SINGLE's pattern looks for INGLE after any
non-space character)."""


def test_the_installed_xlsxwriter_is_the_one_the_patterns_were_copied_from():
    """After an upgrade, copy the patterns from its Worksheet._prepare_formula again, rerun
    these tests, and set XLSXWRITER_VERSION (and the pin in pyproject.toml)."""
    assert metadata.version("XlsxWriter") == xlsx_book.XLSXWRITER_VERSION


def test_the_patterns_are_xlsxwriters_own():
    source = inspect.getsource(XlsxWorksheet._prepare_formula)
    always = source.split("if not self.use_future_functions")[0]
    assert tuple(re.findall(r're\.sub\(r"([^"]+)",', always)) == \
        xlsx_book.DYNAMIC_ARRAY_PATTERNS


WRITE_FORMULA_STEPS = (
    "if self._check_dimensions(row, col):", "return -1",
    'if formula is None or formula == "":', "return -1",
    "if re_dynamic_function.search(formula):", "return self.write_dynamic_array_formula(",
    'if formula.startswith("{") and formula.endswith("}"):', "return self._write_array_formula(",
    "formula = self._prepare_formula(formula)",
    "if self.constant_memory and row > self.previous_row:", "self._write_single_row(row)",
    "self.table[row][col] = CellFormulaTuple(formula, cell_format, value)", "return 0")
"""XlsxWriter's ``_write_formula``, statement by statement, comments and warnings aside:
what the quick path of :class:`calc.workbook.xlsx_book.Worksheet` follows."""


def test_the_steps_of_writing_a_formula_are_xlsxwriters_own():
    """After an upgrade that changes these, make the quick path of
    xlsx_book.Worksheet._write_formula follow the new steps."""
    lines = [line.strip() for line in inspect.getsource(XlsxWorksheet._write_formula)
             .split(") -> Literal", 1)[1].splitlines()[1:]]
    statements = [line for line in lines if line and not line.startswith(("#", "warn("))
                  and not line.startswith(("row, col", "row,", "col,", "formula,",
                                           "cell_format,", "value", ")"))]
    assert tuple(statements) == WRITE_FORMULA_STEPS


def test_the_dynamic_function_search_looks_for_the_29_names():
    """The quick path skips XlsxWriter's search for dynamic-array functions where its own
    expression finds none of the names: so that search must look for no other name."""
    searched = re.findall(r"\\b([A-Z]+)\\\(", worksheet_module.re_dynamic_function.pattern)
    assert sorted(searched) == sorted(NAMES[:15] + ["SINGLE"] + NAMES[16:])


def written_alike(formula: str, future: bool = False) -> bool:
    """The same cell, the same answer and the same warnings from both worksheets'
    ``write_formula``."""
    ours, theirs = xlsx_book.Worksheet(), XlsxWorksheet()
    said = []
    for sheet in (ours, theirs):
        sheet.use_future_functions = future
        sheet.str_table = SharedStringTable()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            said.append((sheet.write_formula(2, 3, formula, None, 7),
                         [str(warning.message) for warning in caught]))
    return said[0] == said[1] and ours.table == theirs.table and \
        ours.has_dynamic_arrays == theirs.has_dynamic_arrays


def prepared_alike(formula: str, future: bool = False, expand: bool = False) -> bool:
    ours, theirs = xlsx_book.Worksheet(), XlsxWorksheet()
    ours.use_future_functions = theirs.use_future_functions = future
    return ours._prepare_formula(formula, expand) == theirs._prepare_formula(formula, expand)


@pytest.mark.parametrize("name", NAMES)
def test_each_dynamic_array_function_is_prepared_as_xlsxwriter_prepares_it(name):
    for formula in (f"={name}(A1)", f"{{={name}(A1:A3)}}", f'=IF(1,{name}(A1),"")',
                    f"=X{name}(A1)", f"={name}X(A1)", f"=_xlfn.{name}(A1)", f"={name} (A1)"):
        assert prepared_alike(formula), formula


formula_texts = st.lists(
    st.one_of(st.sampled_from([*(f"{name}(" for name in NAMES), *NAMES, "SINGLE(", "XSINGLE(",
                               " INGLE(", "_xlfn.", "(", ")", "{", "}", "=", ",", '"', "A1",
                               "IF(", "MIN("]),
              st.text(alphabet="ABCDEFGINLRSTX(){}=_. ,", max_size=6)),
    max_size=12).map("".join)


@settings(max_examples=2000, deadline=None)
@given(formula=formula_texts, future=st.booleans(), expand=st.booleans())
def test_any_formula_is_prepared_as_xlsxwriter_prepares_it(formula, future, expand):
    assert prepared_alike(formula, future, expand)


@settings(max_examples=2000, deadline=None)
@given(formula=formula_texts, future=st.booleans())
def test_any_formula_is_written_as_xlsxwriter_writes_it(formula, future):
    assert written_alike(formula, future)


@settings(max_examples=1000, deadline=None)
@given(before=formula_texts, after=formula_texts, row=st.integers(1, 1_048_576),
       future=st.booleans())
def test_a_sweep_columns_rows_are_plain_alike(before, after, row, future):
    """A sweep sheet asks once per column whether its formula is plain
    (calc.workbook.sweep_sheet) and writes every row with that answer: the rows differ only
    in the number put where ROW stands, which no pattern can take part in."""
    sheet = xlsx_book.Worksheet()
    sheet.use_future_functions = future
    assert sheet.is_plain(before + ROW + after) == sheet.is_plain(before + str(row) + after)


@pytest.mark.parametrize("name", NAMES)
def test_each_dynamic_array_function_is_written_as_xlsxwriter_writes_it(name):
    for formula in (f"={name}(A1)", f"{{={name}(A1:A3)}}", f'=IF(1,{name}(A1),"")',
                    f"=X{name}(A1)", f"={name} (A1)", "", "=A1", "{=A1:A3*2}"):
        assert written_alike(formula), formula


def test_every_workbook_is_the_same_with_xlsxwriters_own_preparation(tmp_path, monkeypatch):
    """Every built workbook, and a workbook of long sweeps, written twice: with the quick
    preparation and with XlsxWriter's."""
    sweeps = {c.id: [row for _ in range(20) for row in default_rows(c, calc.validate(c.id, {}))]
              for c in CALCULATORS}
    for folder in ("quick", "xlsxwriter"):
        if folder == "xlsxwriter":
            monkeypatch.setattr(xlsx_book.Workbook, "worksheet_class", XlsxWorksheet)
        build_all(CALCULATORS, tmp_path / folder)
        write_workbook(tmp_path / folder / "sweeps.xlsx", CALCULATORS, sweeps=sweeps)
    written = sorted(path.name for path in (tmp_path / "quick").iterdir())
    assert written == sorted(path.name for path in (tmp_path / "xlsxwriter").iterdir())
    assert len(written) == len(CALCULATORS) + 2
    for name in written:
        assert (tmp_path / "quick" / name).read_bytes() == \
            (tmp_path / "xlsxwriter" / name).read_bytes(), name
