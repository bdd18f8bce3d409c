"""The columns of a calculator sheet, shared by the modules that write its blocks.

LABEL, VALUE, UNIT, RESTS (the letters of what a figure rests on, :mod:`.evidence_cells`)
and ABOUT are seen and printed; LOW and HIGH (each result's range, :mod:`.range_cells`),
NAME (each figure's defined name) and FORMULA (a result's formula) are seen on screen,
right of the printed page; NOTE_OWN, NOTE_COUNT and NOTE_LINE are hidden helper columns for
the notes (:mod:`.notes_block`), PROBLEM_OWN and PROBLEM_FIRST for the inputs' state, TEXTS
holds the texts formulas show, which Excel will not take as constants over 255 characters
(see :mod:`.calculator_sheet`), and from CORNERS on each corner of the spreads has a hidden
column of its own (:mod:`.range_cells`)."""
(LABEL, VALUE, UNIT, RESTS, ABOUT, LOW, HIGH, NAME, FORMULA, NOTE_OWN, NOTE_COUNT, NOTE_LINE,
 PROBLEM_OWN, PROBLEM_FIRST, TEXTS, CORNERS) = range(16)
PRINTED = ABOUT
"""The last printed column: a printed page holds LABEL to ABOUT."""
