"""Excel's documented limits on formulas, list validations, defined names and row heights, checked over a
workbook file as openpyxl reads it. Excel cannot run here, and LibreOffice accepts what Excel
refuses (a text constant of 300 characters in a formula, for one), so a workbook that breaks
one of these limits recalculates fine in the LibreOffice tests and still opens "repaired",
its formulas dropped, in Excel. :func:`problems` names every place that breaks one.

Where each limit comes from:

* Microsoft, "Excel specifications and limits" (support.microsoft.com, article
  1672b34d-7043-467e-8e27-269d656771c3), calculation specifications: length of formula
  contents 8,192 characters; nested levels of functions 64; arguments in a function 255;
  and, among the worksheet specifications, row height 409 points (a taller row in a file
  opens cut to 409, hiding the wrapped text below; LibreOffice keeps it whole).
* A text value written inside a formula: at most 255 characters. Excel refuses a longer one
  as it is typed ("Text values in formulas are limited to 255 characters") and, opening a
  file that holds one, repairs the file by removing the formula. Apache POI refuses the same
  when it writes a formula ("String literals in formulas can't be bigger than 255
  characters").
* A data-validation list typed as values: at most 255 characters, the commas between the
  values included. XlsxWriter (``Worksheet.data_validation``) warns "exceeds Excel's limit of
  255" and leaves the validation out; Syncfusion's XlsIO and DevExpress document the same
  limit of Excel's.
* Defined names: Microsoft, "Define and use names in formulas", guidelines for names: the
  first character a letter, an underscore or a backslash, the others letters, digits,
  periods and underscores; not the same as a cell reference (``Z$100``, ``R1C1``); at most
  255 characters; and C, c, R and r are reserved (they select a column or a row in the Name
  box). ECMA-376 Part 1, §18.17.5 (names) adds that TRUE and FALSE are not names.
* Functions: :data:`EXCEL_2007_FUNCTIONS`.

Lengths are counted in UTF-16 code units, as Excel stores text (XlsxWriter counts its limits
the same way, ``_utf16_len``).
"""
from __future__ import annotations

import re
from pathlib import Path

import openpyxl
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.utils import FORMULAE

TEXT_IN_FORMULA = 255
FORMULA_LENGTH = 8192
NESTING = 64
ARGUMENTS = 255
LIST_SOURCE = 255
NAME_LENGTH = 255
ROW_POINTS = 409

FUTURE_IN_FORMULAE = frozenset({"ECMA.CEILING", "ISO.CEILING", "NETWORKDAYS.INTL",
                                "WORKDAY.INTL"})
"""The names in openpyxl's FORMULAE that an Excel 2010 file does not hold bare. FORMULAE is
the function list of ECMA-376 (Part 1, §18.17.7, predefined function definitions), whose
second edition added these four; Excel 2010 and later store NETWORKDAYS.INTL, WORKDAY.INTL
and ISO.CEILING with the ``_xlfn.`` prefix (XlsxWriter's documentation, "Formulas added in
Excel 2010 and later", lists them among the functions that need it), and Excel has no
ECMA.CEILING at all."""
EXCEL_2007_FUNCTIONS = FORMULAE - FUTURE_IN_FORMULAE
"""Functions a workbook may call without a prefix: those of the original Office Open XML
file format, which every Excel from 2007 reads. A function Excel added later is stored as
``_xlfn.NAME`` and shows ``#NAME?`` in an Excel that lacks it; one not in this list
(without a prefix) is a name Excel does not know."""

NAME_CHARACTERS = re.compile(r"[A-Za-z_\\][A-Za-z0-9_.\\]*\Z")
"""A defined name's characters (ASCII letters only: stricter than Excel, which takes other
letters too; the backslash also after the first character, as Excel accepts it)."""
A1_CELL = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)\Z")
R1C1_CELL = re.compile(r"[Rr][0-9]*([Cc][0-9]*)?\Z|[Cc][0-9]*\Z")
"""R, C, R1, C1, RC, R1C1 (and lower case): a row, a column or a cell in R1C1 style."""
LAST_COLUMN, LAST_ROW = 16_384, 1_048_576


def utf16_length(text: str) -> int:
    """Characters as Excel counts them: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def problems(path: Path) -> list[str]:
    """Every break of Excel's limits in the workbook at ``path``, each as ``where: what``
    (where: ``sheet!A1``, or the defined name): in each cell's formula, each list
    validation and each defined name, workbook-wide or local to a sheet."""
    book = openpyxl.load_workbook(path)
    found = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    where = f"{sheet.title}!{cell.coordinate}"
                    found += [f"{where}: {what}" for what in formula_problems(cell.value)]
        for validation in sheet.data_validations.dataValidation:
            where = f"{sheet.title}!{validation.sqref}"
            found += [f"{where}: {what}" for what in validation_problems(validation)]
        for name, definition in sheet.defined_names.items():
            found += name_problems(f"{sheet.title}!{name}", name, definition.attr_text)
        found += [f"{sheet.title}!{row}:{row}: a row {dimension.height:g} points tall, over "
                  f"Excel's {ROW_POINTS}" for row, dimension in sheet.row_dimensions.items()
                  if (dimension.height or 0) > ROW_POINTS]
    for name, definition in book.defined_names.items():
        found += name_problems(name, name, definition.attr_text)
    return found + table_problems(book)


def table_problems(book) -> list[str]:
    """Tables (ListObjects) Excel refuses: a name that breaks the rules of a defined name, or
    headers that repeat one another (Excel compares them regardless of case). A name that
    another table or a defined name holds, XlsxWriter and openpyxl refuse to write."""
    found = []
    for sheet in book.worksheets:
        for table in sheet.tables.values():
            where = f"{sheet.title}!{table.ref}"
            found += name_problems(where, table.name, "1")
            headers = [column.name for column in table.tableColumns]
            if len({str(header).lower() for header in headers}) < len(headers):
                found.append(f"{where}: the table's headers repeat one another")
    return found


def formula_problems(formula: str) -> list[str]:
    """What breaks Excel's limits in one formula (its text with the leading ``=``)."""
    found = []
    if utf16_length(formula) > FORMULA_LENGTH:
        found.append(f"the formula is {utf16_length(formula):,} characters, over Excel's "
                     f"{FORMULA_LENGTH:,}")
    # openpyxl's tokenizer opens a function with FUNC OPEN (``IF(``), a grouping parenthesis
    # with PAREN OPEN and an array constant with ARRAY OPEN (``{``); each ends with a CLOSE,
    # and a comma directly inside any of them is a SEP ARG.
    open_calls: list[list] = []  # per open function, group or array: [a function?, arguments]
    depth = deepest = 0
    for token in Tokenizer(formula).items:
        if token.type == Token.OPERAND and token.subtype == Token.TEXT:
            text = token.value[1:-1].replace('""', '"')
            if utf16_length(text) > TEXT_IN_FORMULA:
                found.append(f"a text constant of {utf16_length(text)} characters, over "
                             f"Excel's {TEXT_IN_FORMULA}: {text[:40]!r}...")
        elif token.subtype == Token.OPEN:
            is_function = token.type == Token.FUNC
            name = token.value[:-1]
            if is_function and name.upper() not in EXCEL_2007_FUNCTIONS:
                found.append(f"{name} is not a function Excel 2010 has without a prefix")
            open_calls.append([is_function, 1])
            depth += is_function
            deepest = max(deepest, depth)
        elif token.type == Token.SEP and token.subtype == Token.ARG and open_calls:
            open_calls[-1][1] += 1
        elif token.subtype == Token.CLOSE and open_calls:
            is_function, arguments = open_calls.pop()
            depth -= is_function
            if is_function and arguments > ARGUMENTS:
                found.append(f"a function given {arguments} arguments, over Excel's {ARGUMENTS}")
    if deepest > NESTING:
        found.append(f"functions nested {deepest} deep, over Excel's {NESTING}")
    return found


def validation_problems(validation) -> list[str]:
    """What breaks Excel's limits in one data validation: a prompt's or an error's title
    over 32 characters or its message over 255, or a list typed as values (its source a
    quoted text, ``"a,b,c"``) longer than Excel takes."""
    found = [f"{what} of {utf16_length(text)} characters, over Excel's {limit}"
             for what, text, limit in (("a prompt title", validation.promptTitle, 32),
                                       ("a prompt", validation.prompt, 255),
                                       ("an error title", validation.errorTitle, 32),
                                       ("an error message", validation.error, 255))
             if text and utf16_length(text) > limit]
    return found + list_problems(validation)


def list_problems(validation) -> list[str]:
    """A list typed as values longer than Excel takes, or holding a double quote."""
    source = validation.formula1 or ""
    if validation.type != "list" or not source.startswith('"'):
        return []  # a number rule, or a list read from cells
    listed = source[1:-1]
    if utf16_length(listed) > LIST_SOURCE:
        return [f"a list source of {utf16_length(listed)} characters, over Excel's "
                f"{LIST_SOURCE}: {listed[:40]!r}..."]
    if '"' in listed:
        return [f"a list value holds a double quote: {listed!r}"]
    return []


def name_problems(where: str, name: str, refers_to: str) -> list[str]:
    """What breaks Excel's rules for a defined name (and for the formula it stands for),
    each as ``where: what``."""
    found = formula_problems("=" + refers_to)
    bare = name.removeprefix("_xlnm.")  # Excel's own names: Print_Titles, Print_Area, ...
    if not NAME_CHARACTERS.match(name):
        found.append("a name must start with a letter, _ or \\ and hold only letters, digits, "
                     "periods and underscores")
    if utf16_length(name) > NAME_LENGTH:
        found.append(f"a name of {utf16_length(name)} characters, over Excel's {NAME_LENGTH}")
    if is_cell_reference(bare) or bare.upper() in ("TRUE", "FALSE"):
        found.append("a name may not read as a cell reference or TRUE/FALSE")
    return [f"{where}: {what}" for what in found]


def is_cell_reference(name: str) -> bool:
    """Whether ``name`` is a cell reference in A1 style (within Excel's 16,384 columns and
    1,048,576 rows) or names a row, column or cell in R1C1 style (R, C, R2, C3, R2C3)."""
    a1 = A1_CELL.match(name)
    if a1:
        column = 0
        for letter in a1.group(1).upper():
            column = column * 26 + ord(letter) - ord("A") + 1
        return column <= LAST_COLUMN and 1 <= int(a1.group(2)) <= LAST_ROW
    return bool(R1C1_CELL.match(name))
