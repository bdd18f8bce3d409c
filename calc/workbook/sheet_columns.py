"""The columns of a calculator sheet, shared by the modules that write its blocks.

LABEL, VALUE, UNIT, NAME and ABOUT are seen; NOTE_OWN and NOTE_COUNT are hidden helper
columns for the notes, PROBLEM_OWN and PROBLEM_FIRST for the inputs' state (see
:mod:`.calculator_sheet`)."""
LABEL, VALUE, UNIT, NAME, ABOUT, NOTE_OWN, NOTE_COUNT, PROBLEM_OWN, PROBLEM_FIRST = range(9)
