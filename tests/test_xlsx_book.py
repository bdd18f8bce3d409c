"""The quick formula preparation of calc/workbook/xlsx_book.py gives XlsxWriter's own text
for every formula, so the workbooks are the same byte for byte; and it is checked against
the XlsxWriter that is installed, so an upgrade cannot change that unseen."""
from __future__ import annotations

import inspect
import re
from importlib import metadata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xlsxwriter.worksheet import Worksheet as XlsxWorksheet

import calc
from calc.sweeps import default_rows
from calc.workbook import build_all, write_workbook, xlsx_book
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
