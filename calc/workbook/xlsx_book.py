"""XlsxWriter's workbook, with a worksheet that writes a formula with one regular expression
instead of 30.

XlsxWriter writes every formula (``Worksheet._write_formula``) by first searching it for
Excel's dynamic-array functions (FILTER, SORT, XLOOKUP, ...), then preparing it
(``_prepare_formula``): it strips the leading ``=`` and array braces, then runs 29
substitutions over the text, each giving one of those functions its ``_xlfn.`` prefix.
mqzcalc's formulas call none of them, yet every formula paid all 30 searches: about 68% of
writing a 10,000-row sweep workbook. This worksheet first asks one expression that matches
wherever any of them would; only then, for an array formula, or when future functions are
asked for, does XlsxWriter's own writing run. Otherwise it does what XlsxWriter's does with
such a formula: the search would find nothing and each substitution would leave the text
unchanged, so the cell written is the same by construction. A sweep sheet asks once per
column (:meth:`Worksheet.is_plain`) and writes its rows without the search
(:meth:`Worksheet.write_plain_formula`).

The patterns are copied from XlsxWriter ``XLSXWRITER_VERSION``, quirk included (its
``\\SINGLE\\(`` is "any non-space character, then INGLE(", kept as written), and the steps of
its ``_write_formula`` are followed. tests/workbook/test_xlsx_book.py fails if the installed
XlsxWriter is another version or its patterns or steps differ, and checks that every built
workbook is the same, byte for byte, with and without this worksheet.
"""
from __future__ import annotations

import re

import xlsxwriter
from xlsxwriter.worksheet import CellFormulaTuple
from xlsxwriter.worksheet import Worksheet as XlsxWorksheet

XLSXWRITER_VERSION = "3.3.1"
"""The XlsxWriter whose ``_prepare_formula`` the patterns below were copied from."""
DYNAMIC_ARRAY_PATTERNS = (
    r"\bANCHORARRAY\(", r"\bBYCOL\(", r"\bBYROW\(", r"\bCHOOSECOLS\(", r"\bCHOOSEROWS\(",
    r"\bDROP\(", r"\bEXPAND\(", r"\bFILTER\(", r"\bHSTACK\(", r"\bLAMBDA\(",
    r"\bMAKEARRAY\(", r"\bMAP\(", r"\bRANDARRAY\(", r"\bREDUCE\(", r"\bSCAN\(",
    r"\SINGLE\(", r"\bSEQUENCE\(", r"\bSORT\(", r"\bSORTBY\(", r"\bSWITCH\(", r"\bTAKE\(",
    r"\bTEXTSPLIT\(", r"\bTOCOL\(", r"\bTOROW\(", r"\bUNIQUE\(", r"\bVSTACK\(",
    r"\bWRAPCOLS\(", r"\bWRAPROWS\(", r"\bXLOOKUP\(")
"""What XlsxWriter's ``_prepare_formula`` rewrites in every formula, in its order."""
_MAY_BE_REWRITTEN = re.compile("|".join(pattern.removeprefix(r"\b").removeprefix(r"\S")
                                        for pattern in DYNAMIC_ARRAY_PATTERNS))
r"""Each pattern without its first condition (``\b`` or ``\S``), so it matches wherever one
of them would, and more: a plain alternation of names, which the expression engine scans for
some 30 times faster than the 29 patterns (50 µs a formula)."""


class Worksheet(XlsxWorksheet):
    """XlsxWriter's worksheet, writing and preparing a formula that calls no dynamic-array
    function with the stripping alone."""

    def _write_formula(self, row, col, formula, cell_format=None, value=0):
        if not self.is_plain(formula):
            return super()._write_formula(row, col, formula, cell_format, value)
        return self.write_plain_formula(row, col, formula, cell_format, value)

    def is_plain(self, formula: str) -> bool:
        """Whether XlsxWriter's preparing would leave ``formula`` as it is but for the
        stripping: no dynamic-array function, no array braces, future functions not asked
        for. Where only cell references differ, as between the rows of one column of a
        sweep, one answer holds for all (digits and ``$`` end no pattern)."""
        return bool(formula) and not (
            self.use_future_functions or _MAY_BE_REWRITTEN.search(formula)
            or (formula.startswith("{") and formula.endswith("}")))

    def write_plain_formula(self, row: int, col: int, formula: str, cell_format=None,
                            value=0) -> int:
        """Write a formula :meth:`is_plain` holds for as XlsxWriter's ``_write_formula``
        writes it when its search finds nothing: the stripping alone. A caller that checked
        a column's formula once writes its rows so, each without the search."""
        if self._check_dimensions(row, col):
            return -1
        formula = _stripped(formula)
        if self.constant_memory and row > self.previous_row:
            self._write_single_row(row)
        self.table[row][col] = CellFormulaTuple(formula, cell_format, value)
        return 0

    def _prepare_formula(self, formula, expand_future_functions=False):
        if (self.use_future_functions or expand_future_functions
                or _MAY_BE_REWRITTEN.search(formula)):
            return super()._prepare_formula(formula, expand_future_functions)
        return _stripped(formula)


def _stripped(formula: str) -> str:
    """XlsxWriter's first steps in preparing a formula: array braces and the leading "=" off.
    Searching the text before them finds whatever the 29 substitutions would find after them
    (the characters they take off never end a pattern), and a match only costs the full
    preparation."""
    if formula.startswith("{"):
        formula = formula[1:]
    if formula.startswith("="):
        formula = formula[1:]
    if formula.endswith("}"):
        formula = formula[:-1]
    return formula


class Workbook(xlsxwriter.Workbook):
    """XlsxWriter's workbook whose worksheets are :class:`Worksheet`."""

    worksheet_class = Worksheet
