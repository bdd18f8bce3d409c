"""The Sources sheet, last in every workbook: each source table and constant of the
workbook's calculators, with the document it comes from (title, author, publisher, date and
file name) and the table or passage inside it (derived constants carry their derivation
there), each linked to where it sits on its calculator's sheet; and above them the documents
those calculators cite, by file name and reference."""
from __future__ import annotations

from calc.core.formatting import plain_number
from calc.template.documents import cite, cited_files, registry
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.layout import lines_needed, protect_and_fit, room_for, width_left
from calc.workbook.links import link_to
from calc.workbook.styles import Styles

SHEET = "Sources"
CALCULATOR, KIND, NAME, TITLE, FIGURE, UNIT, SOURCE = range(7)
WIDTHS = {CALCULATOR: 16, KIND: 9, NAME: 32, TITLE: 26, FIGURE: 10, UNIT: 12}
WIDTHS[SOURCE] = width_left(WIDTHS.values())
"""Column widths in characters: the source column takes what is left of a page printed one
page wide at :data:`.layout.SMALLEST_SCALE`; titles, units and sources wrap."""
REFERENCE_WRAP = sum(width for column, width in WIDTHS.items() if column >= TITLE)
"""Characters per line of a document's reference, merged across the columns from TITLE."""
HEADERS = ("Calculator", "Kind", "Name (click to see it)", "What it is", "Figure", "Unit",
           "Document and passage")


def write_sources(book, styles: Styles, calculator_sheets: list[CalculatorSheet]) -> None:
    """Add the Sources sheet for the calculators of ``calculator_sheets``, listing the
    documents they cite."""
    sheet = book.add_worksheet(SHEET)
    for column, width in WIDTHS.items():
        sheet.set_column(column, column, width)
    sheet.write(0, CALCULATOR, "Where every figure comes from", styles.title)
    sheet.write(1, CALCULATOR, "The published documents, then each source table and "
                               "constant the calculators use.", styles.subtitle)
    sheet.write_row(3, CALCULATOR, ("Document (file)", "", "", "Title, author, publisher and date"),
                    styles.header)
    row = 4
    cited = cited_files([written.calculator for written in calculator_sheets])
    for file, document in registry().items():
        if file in cited:
            sheet.merge_range(row, CALCULATOR, row, NAME, file, styles.name)
            sheet.merge_range(row, TITLE, row, SOURCE, document.reference(), styles.wrap)
            room_for(sheet, row, lines_needed(document.reference(), REFERENCE_WRAP))
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
            sheet.write(row, UNIT, unit, styles.label_wrap)
            sheet.write(row, SOURCE, cite(citation), styles.wrap)
            room_for(sheet, row, max(lines_needed(text, WIDTHS[column]) for column, text in
                                     ((TITLE, title), (UNIT, unit), (SOURCE, cite(citation)))))
    protect_and_fit(sheet, WIDTHS.values())

