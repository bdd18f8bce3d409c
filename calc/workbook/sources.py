"""The combined workbook's Sources sheet: every source table and constant of every
calculator, with the document it comes from and the table or passage inside it (derived
constants carry their derivation there), each linked to where it sits on its calculator's
sheet; and above them the documents themselves, by file name and title."""
from __future__ import annotations

from ..documents import DOCUMENTS
from ..formatting import plain_number
from .calculator_sheet import CalculatorSheet
from .layout import lines_needed, protect_and_fit, room_for
from .links import link_to
from .styles import Styles

SHEET = "Sources"
CALCULATOR, KIND, NAME, TITLE, FIGURE, UNIT, DOCUMENT, PASSAGE = range(8)
WIDTHS = {CALCULATOR: 20, KIND: 10, NAME: 30, TITLE: 44, FIGURE: 12, UNIT: 20,
          DOCUMENT: 26, PASSAGE: 90}
HEADERS = ("Calculator", "Kind", "Name (click to see it)", "What it is", "Figure", "Unit",
           "Document", "Table or passage, and any derivation")
PASSAGE_WRAP = 95
"""Characters of passage per line, for the row height (LibreOffice keeps the height given)."""


def write_sources(book, styles: Styles, calculator_sheets: list[CalculatorSheet]) -> None:
    """Add the Sources sheet for the calculators of ``calculator_sheets``."""
    sheet = book.add_worksheet(SHEET)
    for column, width in WIDTHS.items():
        sheet.set_column(column, column, width)
    sheet.write(0, CALCULATOR, "Where every figure comes from", styles.title)
    sheet.write(1, CALCULATOR, "The published documents, then each source table and "
                               "constant the calculators use.", styles.subtitle)
    sheet.write_row(3, CALCULATOR, ("Document", "", "", "Title"), styles.header)
    row = 4
    for file, title in DOCUMENTS.items():
        sheet.merge_range(row, CALCULATOR, row, NAME, file, styles.name)
        sheet.merge_range(row, TITLE, row, PASSAGE, title, styles.label)
        row += 1
    row += 1
    sheet.write_row(row, CALCULATOR, HEADERS, styles.header)
    sheet.freeze_panes(row + 1, 0)
    for written in calculator_sheets:
        calculator, defined = written.calculator, written.names
        figures = [("table", table.id, table.title, "", table.unit, table.citation)
                   for table in calculator.tables.values()]
        figures += [("constant", constant.id, constant.title, plain_number(constant.value),
                     constant.unit, constant.citation)
                    for constant in calculator.constants.values()]
        for kind, name, title, figure, unit, citation in figures:
            row += 1
            sheet.write(row, CALCULATOR, calculator.id, styles.label)
            sheet.write(row, KIND, kind, styles.label)
            sheet.write_url(row, NAME, link_to(defined[name]), styles.link, name)
            sheet.write(row, TITLE, title, styles.wrap)
            sheet.write(row, FIGURE, figure, styles.cell)
            sheet.write(row, UNIT, unit, styles.label)
            sheet.write(row, DOCUMENT, citation.file, styles.name)
            sheet.write(row, PASSAGE, citation.passage, styles.wrap)
            room_for(sheet, row, lines_needed(citation.passage, PASSAGE_WRAP))
    protect_and_fit(sheet)
