"""Page and row set-up every sheet shares."""
from __future__ import annotations

LINE_HEIGHT = 15
"""Points per line of wrapped text."""


def protect_and_fit(sheet) -> None:
    """Protect ``sheet`` without a password, so only its unlocked (input) cells can be
    edited, and print it landscape, one page wide."""
    sheet.protect("", {"select_locked_cells": True, "select_unlocked_cells": True})
    sheet.set_landscape()
    sheet.fit_to_pages(1, 0)


def room_for(sheet, row: int, text: str, characters_per_line: int) -> None:
    """Make ``row`` tall enough for ``text`` wrapped at ``characters_per_line`` (XlsxWriter
    cannot autofit, and LibreOffice keeps the height it is given)."""
    lines = -(-len(text) // characters_per_line)
    if lines > 1:
        sheet.set_row(row, LINE_HEIGHT * lines)
