"""The Sources sheet, last in every workbook: the documents the workbook's calculators cite
(title, author, publisher, date and file name), then each source table and constant of
those calculators, linked to where it sits on its calculator's sheet, with the passage it
comes from (derived constants carry their derivation there).

Each figure takes two rows: its line (calculator, kind, name, figure, unit, what it is),
then the passage, in smaller type across the page under it, set in a little, opening with
the document's file name (the documents are listed by file name at the top). A passage
runs to a thousand characters; across the page it takes a few lines, where in a column of
its own it took dozens, and the sheet printed 40 pages."""
from __future__ import annotations

from calc.core.formatting import plain_number
from calc.core.model import Citation
from calc.template.documents import cited_files, registry
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.layout import (SMALL_POINTS, lines_needed, protect_and_fit, room_for,
                                  room_for_points, text_points, width_left)
from calc.workbook.links import link_to
from calc.workbook.styles import PASSAGE_INDENT, Styles

SHEET = "Sources"
CALCULATOR, KIND, NAME, FIGURE, UNIT, TITLE = range(6)
WIDTHS = {CALCULATOR: 18, KIND: 9, NAME: 32, FIGURE: 12, UNIT: 14}
WIDTHS[TITLE] = width_left(WIDTHS.values())
"""Column widths in characters: what a figure is takes what is left of a page printed one
page wide at :data:`.layout.SMALLEST_SCALE`; names, units and titles wrap."""
REFERENCE_WRAP = sum(width for column, width in WIDTHS.items() if column >= FIGURE)
"""Characters per line of a document's reference, merged across the columns from FIGURE."""
PASSAGE_WIDTH = sum(WIDTHS.values())
"""Width of a passage, merged across every column."""
HEADERS = ("Calculator", "Kind", "Name (click to see it)", "Figure", "Unit", "What it is")


def passage(citation: Citation) -> str:
    """Where in its document a figure is: the file name (listed at the top with the
    document's title), then the table or passage."""
    return f"{citation.file}: {citation.passage}"


def write_sources(book, styles: Styles, calculator_sheets: list[CalculatorSheet]) -> None:
    """Add the Sources sheet for the calculators of ``calculator_sheets``, listing the
    documents they cite."""
    sheet = book.add_worksheet(SHEET)
    for column, width in WIDTHS.items():
        sheet.set_column(column, column, width)
    sheet.write(0, CALCULATOR, "Where every figure comes from", styles.title)
    sheet.write(1, CALCULATOR, "The published documents, then each source table and "
                               "constant the calculators use, with the passage it comes "
                               "from.", styles.subtitle)
    sheet.write_row(3, CALCULATOR, ("Document (file)", "", "", "Title, author, publisher and date"),
                    styles.header)
    row = 4
    cited = cited_files([written.calculator for written in calculator_sheets])
    for file, document in registry().items():
        if file in cited:
            sheet.merge_range(row, CALCULATOR, row, NAME, file, styles.name)
            sheet.merge_range(row, FIGURE, row, TITLE, document.reference(), styles.wrap)
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
            sheet.write(row, FIGURE, figure, styles.cell)
            sheet.write(row, UNIT, unit, styles.label_wrap)
            sheet.write(row, TITLE, title, styles.wrap)
            room_for(sheet, row, max(lines_needed(text, WIDTHS[column]) for column, text in
                                     ((NAME, name), (TITLE, title), (UNIT, unit))))
            row += 1
            text = passage(citation)
            sheet.merge_range(row, CALCULATOR, row, TITLE, text, styles.passage)
            room_for_points(sheet, row, text_points(text, PASSAGE_WIDTH - PASSAGE_INDENT,
                                                    SMALL_POINTS))
    protect_and_fit(sheet, WIDTHS.values())
