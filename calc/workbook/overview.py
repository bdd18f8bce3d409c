"""The combined workbook's first sheet: every calculator, what it answers, a link to its
sheet and to its what-if rows, its headline result and, on a line under it, the state of its
inputs (the summary's status line), read live from that sheet (so they follow the inputs
typed there) and stored for the inputs the workbook was written with."""
from __future__ import annotations

from calc.core.names import STATUS, sweep_sheet
from calc.formula.emit_excel import quoted
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.cells import absolute
from calc.workbook.layout import (LINE_HEIGHT, SMALL_POINTS, page_height, page_starts,
                                  protect_and_fit, room_for_points, row_heights, text_points,
                                  width_left)
from calc.workbook.links import link_to
from calc.workbook.styles import Styles
from calc.workbook.summary_block import ALL_CLEAR

SHEET = "Overview"
TITLE, ANSWERS, RESULT, VALUE, UNIT, WHAT_IF = range(6)
WIDTHS = {TITLE: 44, RESULT: 20, VALUE: 14, UNIT: 10, WHAT_IF: 22}
WIDTHS[ANSWERS] = width_left(WIDTHS.values())
"""Column widths in characters: the answers column takes what is left of a page printed one
page wide at :data:`.layout.SMALLEST_SCALE`; answers, result titles and units wrap (a
title, a link, stays on one line: LibreOffice does not wrap a link), so ten calculators'
lines print on one page, and more go on to the next (:func:`break_pages`)."""
HEADER_ROW, FIRST_LINE = 4, 5
HEADERS = ("Calculator (click to open)", "What it answers", "Headline result", "Value",
           "Unit", "What-if rows")
STATE_LABEL = "Its inputs:"
"""The label of the line under each calculator's that shows the state of its inputs."""


def headline_name(calculator_id: str) -> str:
    """The overview's defined name for a calculator's headline value."""
    return f"headline_{calculator_id}"


def add_overview(book) -> object:
    """Add the (still empty) overview sheet, so that it comes first in the workbook."""
    return book.add_worksheet(SHEET)


def write_overview(book, sheet, styles: Styles, calculator_sheets: list[CalculatorSheet]) -> None:
    """Fill the overview ``sheet`` with a line for each of the ``calculator_sheets``."""
    for column, width in WIDTHS.items():
        sheet.set_column(column, column, width)
    sheet.write(0, TITLE, "mqzcalc: IBM MQ for z/OS capacity and cost", styles.title)
    sheet.write(1, TITLE, "Each calculator has its own sheet: type over its yellow input "
                          "cells and every result there recalculates. The values below "
                          "follow those sheets.", styles.subtitle)
    sheet.write(2, TITLE, "Every figure comes from IBM's published measurements; the "
                          "Sources sheet lists each table and constant with its document "
                          "and passage.", styles.subtitle)
    sheet.write_row(HEADER_ROW, TITLE, HEADERS, styles.header)
    end = FIRST_LINE + 2 * len(calculator_sheets)
    for row, written in zip(range(FIRST_LINE, end, 2), calculator_sheets):
        calculator, result, defined = written.calculator, written.result, written.names
        headline = calculator.outputs[calculator.headline]
        sheet.write_url(row, TITLE, link_to(calculator.id),
                        styles.link, calculator.title)
        sheet.write(row, ANSWERS, calculator.summary, styles.about)
        sheet.write(row, RESULT, headline.title, styles.label_wrap)
        sheet.write_formula(row, VALUE, "=" + defined[headline.id], styles.output(headline),
                            result.outputs[headline.id])
        reference = absolute(row, VALUE)
        book.define_name(f"{SHEET}!{headline_name(calculator.id)}", f"={SHEET}!{reference}")
        sheet.write(row, UNIT, headline.unit, styles.label_wrap)
        sheet.write_url(row, WHAT_IF, link_to(sweep_sheet(calculator.id)), styles.link,
                        sweep_sheet(calculator.id))
        room_for_points(sheet, row, max(
            text_points(calculator.summary, WIDTHS[ANSWERS], SMALL_POINTS),
            *(text_points(text, WIDTHS[column])
              for column, text in ((RESULT, headline.title), (UNIT, headline.unit)))))
        state(sheet, styles, row + 1, defined[STATUS])
    break_pages(sheet, protect_and_fit(sheet, WIDTHS.values()), end)


def break_pages(sheet, percent: int, end: int) -> None:
    """Printed at ``percent``, the overview's lines (rows up to ``end``) go on as many pages
    as they need, each under the repeated column headers, a calculator's line never parted
    from the line of its inputs' state under it."""
    sheet.repeat_rows(HEADER_ROW)
    keep = {row: row + 1 for row in range(FIRST_LINE, end, 2)}
    sheet.set_h_pagebreaks(page_starts(row_heights(sheet, end),
                                       page_height(percent) - LINE_HEIGHT, keep))


def state(sheet, styles: Styles, row: int, status: str) -> None:
    """On ``row``, under a calculator's line, the state of its inputs: the calculator
    sheet's status line (``status``, its cell), red while it names a problem."""
    sheet.write(row, TITLE, STATE_LABEL, styles.state_label)
    sheet.merge_range(row, ANSWERS, row, WHAT_IF, "", styles.status)
    sheet.write_formula(row, ANSWERS, "=" + status, styles.status, ALL_CLEAR)
    sheet.conditional_format(row, ANSWERS, row, WHAT_IF, {
        "type": "formula", "criteria": f"={status}<>{quoted(ALL_CLEAR)}", "format": styles.refused})
