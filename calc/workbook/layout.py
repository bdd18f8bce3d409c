"""Page and row set-up every sheet shares, and the arithmetic of printing on A4 and Letter.

Every printed sheet is landscape, with the same margins, header and footer, at a fixed
scale (:func:`print_scale`), not "fit to page": Excel ignores manual page breaks on a sheet
fitted to pages, and the breaks that keep headings with their rows are manual. The file
names Letter as its paper (:data:`PAPER`), but nothing depends on it: the layout is made
for the part of the page A4 and Letter share, the narrower page (Letter's 11 inches across)
and the shorter one (A4's 8.27 inches down). So a sheet whose columns fit
:func:`narrowest_width` prints one page wide at :data:`SMALLEST_SCALE` or larger on either
paper, and page breaks placed for :func:`page_height` come before either paper's own.
"""
from __future__ import annotations

import textwrap
from collections.abc import Iterable
from functools import lru_cache

from calc.core.version import version

LINE_HEIGHT = 15
"""Points per line of wrapped text in the body's type (:data:`BODY_POINTS`)."""
BODY_POINTS, SMALL_POINTS, FORMULA_POINTS = 11, 10, 9
"""Type sizes in points: the body's (Calibri 11, Excel's default); the meaning beside each
figure, smaller so a calculator's report fits a few pages; a result's formula, read on
screen right of the printed columns on one line (not wrapped: it would make rows taller
than their printed text, and the formula bar shows it whole too)."""
LINE_POINTS = {BODY_POINTS: LINE_HEIGHT, SMALL_POINTS: 12.75}
"""Points per line of wrapped Calibri at each type size: Excel's own row height for one
line of it (15 at 11 points, 12.75 at 10), which its autofit adds per line."""
MAX_ROW_POINTS = 409
"""The tallest row Excel takes (Microsoft, "Excel specifications and limits": row height
409 points). A taller height in a file is cut to it, hiding the text below."""
POINTS = 72
"""Points per inch."""
PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}
"""Paper sizes, width and height in inches, held upright."""
PAPER = 1
"""The paper the file names: Letter (XlsxWriter's and Excel's code 1; A4 is 9). Printing on
A4 is as good: see the module's docstring."""
SIDE_MARGIN, TOP_MARGIN, BOTTOM_MARGIN, HEADER_MARGIN = 0.5, 0.75, 0.75, 0.3
"""Margins in inches: the header and footer sit HEADER_MARGIN from the paper's edge,
inside the top and bottom margins."""
SMALLEST_SCALE = 0.85
"""Calculator sheets (and the overview and sources sheets) print one page wide at this
scale or larger: about the smallest at which 11-point text still reads easily."""
DIGIT_PIXELS, PADDING_PIXELS = 7, 5
"""Excel's column width unit: a column ``w`` characters wide is ``w`` times the default
font's digit width (7 pixels for Calibri 11) plus 5 pixels of padding."""
LIBREOFFICE_CHARACTER_POINTS = 5.55
"""LibreOffice's column width unit: it reads the width the file stores (pixels over 7) as
that many digits of Calibri 11 (Carlito, its metric twin) at 5.55 points each, not 5.25 as
Excel's whole pixels give, so its columns are about 6% wider (measured: a column stored
30.71 wide is 2.367 inches in LibreOffice's own format)."""
HEADER = "&L&F&R&A"
"""Header: the workbook's file name on the left, the sheet's name on the right."""


def footer() -> str:
    """Footer: the build of mqzcalc that wrote the workbook on the left, page N of M on the
    right."""
    return f"&Lmqzcalc {version()}&RPage &P of &N"


def protect(sheet, sortable: bool = False) -> None:
    """Protect ``sheet`` without a password, so only its unlocked (input) cells can be
    edited; columns and rows can still be resized (a reader may want a wider column), and
    on a ``sortable`` sheet (what-if rows) rows can be sorted and filtered."""
    sheet.protect("", {"select_locked_cells": True, "select_unlocked_cells": True,
                       "format_columns": True, "format_rows": True,
                       "sort": sortable, "autofilter": sortable})


def protect_and_fit(sheet, widths: Iterable[float]) -> int:
    """Protect ``sheet`` and print it landscape, one page wide on A4 and on Letter, its
    columns being ``widths`` characters wide; return the print scale in percent."""
    protect(sheet)
    percent = print_scale(sum(column_points(width) for width in widths))
    page_setup(sheet, percent)
    return percent


def page_setup(sheet, percent: int, title: str = "") -> None:
    """Print ``sheet`` landscape at ``percent`` with the shared margins, header and
    footer; a ``title`` goes in the middle of the header, on every page."""
    sheet.set_landscape()
    sheet.set_paper(PAPER)
    sheet.set_margins(SIDE_MARGIN, SIDE_MARGIN, TOP_MARGIN, BOTTOM_MARGIN)
    middle = "&C" + title.replace("&", "&&") if title else ""
    sheet.set_header(HEADER.replace("&R", middle + "&R"), {"margin": HEADER_MARGIN})
    sheet.set_footer(footer(), {"margin": HEADER_MARGIN})
    sheet.set_print_scale(percent)


EXCEL_SMALLEST_PERCENT = 10
"""The smallest print scale Excel takes, in percent (XlsxWriter leaves a smaller one out,
with a warning, so the sheet would print at 100 %)."""


def print_scale(content_points: float) -> int:
    """The print scale in whole percent at which columns ``content_points`` wide print one
    page wide on every paper (never enlarged); at least :data:`EXCEL_SMALLEST_PERCENT`, at
    which wider columns print on more pages across."""
    return max(EXCEL_SMALLEST_PERCENT, int(100 * min(scale(content_points, paper) for paper in PAPERS)))


def column_pixels(width: float) -> int:
    """A column's width in pixels for ``width`` characters, as XlsxWriter sizes it."""
    return int(width * DIGIT_PIXELS + 0.5) + PADDING_PIXELS


def column_points(width: float) -> float:
    """The printed width, in points at 100%, of a column ``width`` characters wide, the
    wider of Excel's (XlsxWriter's pixels, 3/4 point each) and LibreOffice's."""
    pixels = column_pixels(width)
    return max(pixels * 0.75, pixels / DIGIT_PIXELS * LIBREOFFICE_CHARACTER_POINTS)


def printable(paper: str) -> tuple[float, float]:
    """Width and height in points inside the margins of ``paper`` turned landscape."""
    upright_width, upright_height = PAPERS[paper]
    return ((upright_height - 2 * SIDE_MARGIN) * POINTS,
            (upright_width - TOP_MARGIN - BOTTOM_MARGIN) * POINTS)


def scale(content_points: float, paper: str) -> float:
    """The scale at which columns ``content_points`` wide print one page wide on ``paper``
    (fitting never enlarges)."""
    return min(1.0, printable(paper)[0] / content_points)


def narrowest_width() -> float:
    """The widest content, in points at 100%, that prints one page wide at
    :data:`SMALLEST_SCALE` on every paper."""
    return min(printable(paper)[0] for paper in PAPERS) / SMALLEST_SCALE


def width_left(widths: Iterable[float]) -> int:
    """The widest column, in characters, that still keeps columns ``widths`` plus it within
    :func:`narrowest_width`."""
    left = narrowest_width() - sum(column_points(width) for width in widths)
    points_per_pixel = max(0.75, LIBREOFFICE_CHARACTER_POINTS / DIGIT_PIXELS)
    return int((left / points_per_pixel - PADDING_PIXELS) / DIGIT_PIXELS)


def page_width(percent: int) -> float:
    """Columns, in points at 100%, that every paper's page holds across printed at
    ``percent``."""
    return min(printable(paper)[0] for paper in PAPERS) * 100 / percent


def page_height(percent: int) -> float:
    """Rows, in points at 100%, that every paper's page holds printed at ``percent``."""
    return min(printable(paper)[1] for paper in PAPERS) * 100 / percent


def row_heights(sheet, rows: int) -> list[float]:
    """The height in points of each of the first ``rows`` rows of XlsxWriter's ``sheet``,
    from its record of the rows given a height (``row_sizes``: pixels, hidden)."""
    heights = []
    for row in range(rows):
        pixels, hidden = sheet.row_sizes.get(row, (sheet.default_row_height, False))
        heights.append(0.0 if hidden else pixels * 0.75)
    return heights


def page_starts(heights: list[float], capacity: float, keep: dict[int, int],
                starts: Iterable[int] = ()) -> list[int]:
    """The rows that begin a new page when rows ``heights`` tall print on pages holding
    ``capacity`` points: a row that would not fit, each of ``starts``, and a row beginning a
    block ``keep`` keeps together (its first row: its last) that would not fit where it
    falls, so a heading never ends a page apart from its rows. A block taller than a page
    starts one and breaks where it must. Given column widths and a page's width, it gives
    the columns that begin a page across in the same way."""
    breaks, used, starts = [], 0.0, set(starts)
    for row, height in enumerate(heights):
        block = sum(heights[row:keep.get(row, row) + 1])
        if used and (row in starts or used + block > capacity):
            breaks.append(row)
            used = 0.0
        used += height
    return breaks


@lru_cache(maxsize=4096)
def lines_needed(text: str, characters_per_line: int) -> int:
    """How many lines ``text`` takes wrapped at word boundaries within
    ``characters_per_line``. Remembered: ``mqcalc build`` lays out every calculator twice
    (alone, then in the combined workbook), and wrapping is a tenth of its time."""
    return max(1, len(textwrap.wrap(text, characters_per_line)))


PROSE_PER_WIDTH = 1.14
"""Characters of regular 11-pt prose a line holds per unit of column width (the width of
the digit 0), with room to spare: letters average narrower than digits. Measured on
LibreOffice's renders in Carlito (Calibri's metric twin): ams's fullest note line ran past
the printed width beyond 1.26 (:data:`.notes_block.CHARACTERS_PER_WIDTH`), and the help of
adapters' inputs, in 10-pt type, wraps at 1.33 a unit (1.21 in 11-pt terms); 1.14 keeps a
tenth of the fullest spare, where 1.1 left rows a line taller than their text."""


def wrapped_lines(text: str, width: float, size: float = BODY_POINTS) -> int:
    """How many lines ``text`` takes wrapped in a column ``width`` units wide, in
    ``size``-point type."""
    return lines_needed(text, int(width * PROSE_PER_WIDTH * BODY_POINTS / size))


def text_points(text: str, width: float, size: float = BODY_POINTS) -> float:
    """How tall, in points, ``text`` stands wrapped in a column ``width`` units wide, in
    ``size``-point type."""
    return wrapped_lines(text, width, size) * LINE_POINTS[size]


def room_for(sheet, row: int, lines: int) -> None:
    """Make ``row`` tall enough for ``lines`` lines of text in the body's type."""
    room_for_points(sheet, row, LINE_HEIGHT * lines)


def room_for_points(sheet, row: int, points: float) -> None:
    """Make ``row`` ``points`` tall where that is more than one line (XlsxWriter cannot
    autofit, and LibreOffice keeps the height it is given), at most Excel's
    :data:`MAX_ROW_POINTS`: text that needs more belongs somewhere wider (the tests check
    no built row needs it)."""
    if points > LINE_HEIGHT:
        sheet.set_row(row, min(points, MAX_ROW_POINTS))
