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
from dataclasses import dataclass

from xlsxwriter.utility import xl_rowcol_to_cell

from calc.core.model import Note
from calc.core.names import NOTES_SHOWN, note_name
from calc.workbook import layout
from calc.formula.emit_excel import quoted
from calc.workbook.cells import absolute, range_text
from calc.workbook.sheet_columns import LABEL, NOTE_COUNT, NOTE_LINE, NOTE_OWN

CHARACTERS_PER_WIDTH = 1.25
"""Characters of a note a line holds per unit of column width (the width of an 11-pt 0),
in the notes' 10-pt type. Measured on LibreOffice's renders in Carlito (Calibri's metric
twin): at 11 pt the fullest line of ams's notes ran past the printed width beyond 1.26
characters per unit; 10-pt type holds 11/10 of that, 1.39, and 1.25 keeps a tenth spare."""
LINE_POINTS = layout.LINE_POINTS[layout.SMALL_POINTS]
"""Height of a note's line in points: Excel's default row height for 10-pt Calibri."""
KEPT_LINES = 3
"""Lines of notes that print on the page of their heading when the lines applying as built
are more than a page holds."""
HEADING = "Notes (those that apply to the inputs above)"
"""A calculator sheet's notes heading."""
MORE_NOTES = (" more lines apply now than when the workbook was made: they are below the "
              "printed area)")
"""The notes' heading says so while more lines of notes apply than it prints: the printed
area ends at the lines that applied when the workbook was made, not at the rows kept for
every note the inputs could raise (a page or two of them, blank)."""
BULLET = "• "
"""What a note's first line starts with, so each note can be told from the next."""


def note_lines(text: str, characters: int, lead: int = 0) -> list[str]:
    """``text`` as the lines it is shown in: cut at spaces into lines of at most
    ``characters``, the first starting with :data:`BULLET` and leaving ``lead`` characters
    more free after it, for a text put there."""
    room = BULLET + " " * lead
    lines = textwrap.wrap(text, characters, initial_indent=room, break_on_hyphens=False)
    return [BULLET + lines[0][len(room):], *lines[1:]]


@dataclass(frozen=True)
class Line:
    """One line a notes block may show: its text as built; the condition, an Excel
    expression, under which it shows; whether it shows for the stored inputs; and a formula
    that makes its text live, or None for fixed text."""

    text: str
    condition: str
    shown: bool
    formula: str | None = None


@dataclass(frozen=True)
class Columns:
    """Where a notes block writes: the column it shows its lines in, and the hidden columns
    holding every line's text and the count of shown lines down to each row."""

    shown: int
    line: int
    count: int


def write_lines(sheet, first: int, lines: list[Line], columns: Columns, style) -> int:
    """Write ``lines`` from row ``first``, one line high each, the ones whose condition
    holds shown first and in order, the rest left empty; return the last row."""
    count, kept = 0, []
    for row, line in enumerate(lines, start=first):
        if line.formula is None:
            sheet.write_string(row, columns.line, line.text)
        else:
            sheet.write_formula(row, columns.line, "=" + line.formula, None,
                                line.text if line.shown else "")
        count += line.shown
        kept += [line.text] if line.shown else []
        above = f"{xl_rowcol_to_cell(row - 1, columns.count)}+" if row > first else ""
        sheet.write_formula(row, columns.count, f"={above}IF({line.condition},1,0)", None,
                            count)
        sheet.set_row(row, LINE_POINTS)
    last = first + len(lines) - 1
    texts = range_text(first, columns.line, last, columns.line)
    counts = range_text(first, columns.count, last, columns.count)
    total = absolute(last, columns.count)
    for k, row in enumerate(range(first, last + 1), start=1):
        formula = f'=IF({k}<={total},INDEX({texts},MATCH({k},{counts},0)),"")'
        sheet.write_formula(row, columns.shown, formula, style,
                            kept[k - 1] if k <= len(kept) else "")
    return last


def write_heading(sheet, row: int, heading: str, lines: list[Line], count: str, style) -> int:
    """Write the notes' ``heading`` on ``row`` as a formula that adds, while more lines
    apply than applied as built (``count``: the cell counting them), how many more are
    below the printed area; return that number of lines printed."""
    printed = sum(line.shown for line in lines)
    sheet.write_formula(row, LABEL, f'={quoted(heading)}&IF({count}>{printed},'
                        f'{quoted(" (")}&({count}-{printed})&{quoted(MORE_NOTES)},"")',
                        style, heading)
    return printed


def write_notes(page) -> int:
    """The Notes block of ``page`` (a :class:`.calculator_sheet.CalculatorSheet`) from its
    current row: one row per line of every note, the lines as long as the printed columns
    hold. The lines applying as built print, whole on one page where a page holds them,
    else the heading on a page with the first :data:`KEPT_LINES`; return the last row
    printed (the row before the block's when there are no notes)."""
    notes = page.calculator.notes
    if not notes:
        return page.row - 1
    page.section(HEADING, ())
    heading, characters = page.row - 1, int(page.full_width() * CHARACTERS_PER_WIDTH)
    applying = set(page.result.said)
    first, lines = page.row, []
    for index, note in enumerate(notes, start=1):
        applies = note.text in applying
        own = _note_cell(page, first + len(lines), index, note, applies)
        lines += [Line(text, f'{own}<>""', applies)
                  for text in note_lines(note.text, characters)]
    last = write_lines(page.sheet, first, lines, Columns(LABEL, NOTE_LINE, NOTE_COUNT),
                       page.styles.note_line)
    page.name(NOTES_SHOWN, (first, LABEL), (last, LABEL))
    count = absolute(last, NOTE_COUNT)
    printed = write_heading(page.sheet, heading, HEADING, lines, count, page.styles.section)
    whole = page.row_points(heading) + LINE_POINTS * printed <= page.page_points()
    page.keep[heading] = first + max(printed if whole else KEPT_LINES, 1) - 1
    page.row = last + 1
    return first + printed - 1


def _note_cell(page, row: int, index: int, note: Note, applies: bool) -> str:
    """Write, on ``row``, note ``index``'s whole text while it applies (the name ``note_N``)
    and return that cell's reference."""
    text = page.text_cell(row, note.text)
    page.sheet.write_formula(row, NOTE_OWN, f'=IF({page.formula(note.tree)},{text},"")', None,
                             note.text if applies else "")
    page.name(note_name(index), (row, NOTE_OWN))
    return absolute(row, NOTE_OWN)
