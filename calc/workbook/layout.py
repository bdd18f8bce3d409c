"""Page and row set-up every sheet shares."""
from __future__ import annotations

import textwrap

LINE_HEIGHT = 15
"""Points per line of wrapped text."""


def protect(sheet, sortable: bool = False) -> None:
    """Protect ``sheet`` without a password, so only its unlocked (input) cells can be
    edited; columns and rows can still be resized (a reader may want a wider column), and
    on a ``sortable`` sheet (what-if rows) rows can be sorted and filtered."""
    sheet.protect("", {"select_locked_cells": True, "select_unlocked_cells": True,
                       "format_columns": True, "format_rows": True,
                       "sort": sortable, "autofilter": sortable})


def protect_and_fit(sheet) -> None:
    """Protect ``sheet`` and print it landscape, one page wide."""
    protect(sheet)
    sheet.set_landscape()
    sheet.fit_to_pages(1, 0)


def lines_needed(text: str, characters_per_line: int) -> int:
    """How many lines ``text`` takes wrapped at word boundaries within
    ``characters_per_line``."""
    return max(1, len(textwrap.wrap(text, characters_per_line)))


def room_for(sheet, row: int, lines: int) -> None:
    """Make ``row`` tall enough for ``lines`` lines of text (XlsxWriter cannot autofit, and
    LibreOffice keeps the height it is given)."""
    if lines > 1:
        sheet.set_row(row, LINE_HEIGHT * lines)
