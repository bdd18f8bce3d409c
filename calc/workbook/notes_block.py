"""A calculator sheet's notes: the ones that apply, gathered line by line at the sheet's end.

Excel and LibreOffice keep a row at the height the file gives it (LibreOffice does not fit a
row to wrapped text on load, and neither fits a merged cell), so a note shown in a cell sized
for the longest note that could land there leaves a gap under a shorter one. Here each note
is cut, when the workbook is built, into lines that fit the printed width; every line is a
row one line high (:data:`LINE_POINTS`) whose text runs across the empty cells to its
right. The rows show the lines of the applying notes, in the template's order and without a
gap between them; the rows left over are empty and come last, at the end of the sheet,
where they take no room between blocks.

Hidden helper columns (:mod:`.sheet_columns`), on each line's row: NOTE_LINE the line's
text; NOTE_OWN, on a note's first line only, the whole note while it applies (the name
``note_N``, whose text sits in TEXTS); NOTE_COUNT how many applying lines there are down to
this one. Shown line k finds the k-th applying line by an exact MATCH of k in that count.
"""
from __future__ import annotations

import textwrap

from xlsxwriter.utility import xl_rowcol_to_cell

from ..emit_excel import to_excel
from ..model import Note
from ..names import NOTES_SHOWN, note_name
from .cells import range_text
from .sheet_columns import LABEL, NOTE_COUNT, NOTE_LINE, NOTE_OWN

CHARACTERS_PER_WIDTH = 1.25
"""Characters of a note a line holds per unit of column width (the width of an 11-pt 0),
in the notes' 10-pt type. Measured on LibreOffice's renders in Carlito (Calibri's metric
twin): at 11 pt the fullest line of ams's notes ran past the printed width beyond 1.26
characters per unit; 10-pt type holds 11/10 of that, 1.39, and 1.25 keeps a tenth spare."""
LINE_POINTS = 12.75
"""Height of a note's line in points: Excel's default row height for 10-pt Calibri."""
BULLET = "• "
"""What a note's first line starts with, so each note can be told from the next."""


def note_lines(text: str, characters: int) -> list[str]:
    """``text`` as the lines it is shown in: cut at spaces into lines of at most
    ``characters``, the first starting with :data:`BULLET`."""
    return textwrap.wrap(text, characters, initial_indent=BULLET, break_on_hyphens=False)


def write_notes(page) -> None:
    """The Notes block of ``page`` (a :class:`.calculator_sheet.CalculatorSheet`) from its
    current row: one row per line of every note, the lines as long as the printed columns
    hold, and the whole block kept on one printed page."""
    notes = page.calculator.notes
    if not notes:
        return
    page.section("Notes (those that apply to the inputs above)", ())
    heading, characters = page.row - 1, int(page.full_width() * CHARACTERS_PER_WIDTH)
    sheet = page.sheet
    applying = set(page.result.notes)
    first, count, shown = page.row, 0, []
    for index, note in enumerate(notes, start=1):
        lines, applies = note_lines(note.text, characters), note.text in applying
        own = _note_cell(page, index, note, applies)
        for line in lines:
            row = page.row
            sheet.write_string(row, NOTE_LINE, line)
            count += applies
            above = f"{xl_rowcol_to_cell(row - 1, NOTE_COUNT)}+" if row > first else ""
            sheet.write_formula(row, NOTE_COUNT, f'={above}IF({own}<>"",1,0)', None, count)
            sheet.set_row(row, LINE_POINTS)
            page.row += 1
        shown += lines if applies else []
    last = page.row - 1
    texts = range_text(first, NOTE_LINE, last, NOTE_LINE)
    counts = range_text(first, NOTE_COUNT, last, NOTE_COUNT)
    total = xl_rowcol_to_cell(last, NOTE_COUNT, row_abs=True, col_abs=True)
    for k, row in enumerate(range(first, last + 1), start=1):
        formula = f'=IF({k}<={total},INDEX({texts},MATCH({k},{counts},0)),"")'
        sheet.write_formula(row, LABEL, formula, page.styles.note_line,
                            shown[k - 1] if k <= len(shown) else "")
    page.name(NOTES_SHOWN, (first, LABEL), (last, LABEL))
    page.keep[heading] = last


def _note_cell(page, index: int, note: Note, applies: bool) -> str:
    """Write, on the current row, note ``index``'s whole text while it applies (the name
    ``note_N``) and return that cell's reference."""
    row = page.row
    text = page.text_cell(row, note.text)
    page.sheet.write_formula(row, NOTE_OWN, f'=IF({to_excel(note.tree)},{text},"")', None,
                             note.text if applies else "")
    page.name(note_name(index), (row, NOTE_OWN))
    return xl_rowcol_to_cell(row, NOTE_OWN, row_abs=True, col_abs=True)

