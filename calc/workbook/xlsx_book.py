"""XlsxWriter's workbook, with a worksheet whose formula preparation costs one regular
expression instead of 29.

XlsxWriter prepares every formula it writes (``Worksheet._prepare_formula``): it strips the
leading ``=`` and array braces, then runs 29 substitutions over the text, each giving one of
Excel's dynamic-array functions (FILTER, SORT, XLOOKUP, ...) its ``_xlfn.`` prefix. mqzcalc's
formulas call none of those functions, yet every formula paid all 29: about 68% of writing a
10,000-row sweep workbook. This worksheet first asks one expression that matches wherever any of
the 29 would; only then, or when future functions are asked for, does XlsxWriter's own
preparation run. When it does not match, each substitution would have left the text
unchanged, so the prepared text is the same by construction.

The patterns are copied from XlsxWriter ``XLSXWRITER_VERSION``, quirk included (its
``\\SINGLE\\(`` is "any non-space character, then INGLE(", kept as written).
tests/test_xlsx_book.py fails if the installed XlsxWriter is another version or its patterns
differ, and checks that every built workbook is the same, byte for byte, with and without
this worksheet.
"""
from __future__ import annotations

import re

import xlsxwriter
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
    """XlsxWriter's worksheet, preparing a formula that calls no dynamic-array function
    with the stripping alone."""

    def _prepare_formula(self, formula, expand_future_functions=False):
        if (self.use_future_functions or expand_future_functions
                or _MAY_BE_REWRITTEN.search(formula)):
            return super()._prepare_formula(formula, expand_future_functions)
        # XlsxWriter's own first steps: array braces and the leading "=" off. Searching the
        # text before them finds whatever the 29 would find after them (the characters
        # they take off never end a pattern), and a match only costs the full preparation.
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
