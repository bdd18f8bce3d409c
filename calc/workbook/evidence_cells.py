"""What each figure of a calculator sheet rests on, live: the "Rests on" column.

Beside each result, a formula gives the letters of its evidence marks (:mod:`calc.engine.evidence`)
for the inputs typed now: ``!`` while a warning of kind beyond_limit that marks it applies
(its ``note_N`` cell, :mod:`.notes_block`, is not empty), ``X`` for extrapolated, ``S`` for
scaled, ``A`` while an input it reads is assumed. Beside each input, ``A`` while it is
assumed: the workbook was made without it being given (``mqcalc build`` with no inputs, a
plan that leaves it to its default), it still holds the template's default, and it applies.
Typing any other value makes it given; typing the default itself cannot be told from
leaving it. The engine's marks for the same inputs, with given = the inputs given when the
workbook was made and those whose cell differs from the default, are what the cells store.
Empty while the inputs are refused, like every result.
"""
from __future__ import annotations

import ast

from calc.core.model import ASSUMED, MARKS, Calculator, Input
from calc.core.names import FIRST_PROBLEM, note_name
from calc.engine.evidence import LETTERS, letters
from calc.formula.emit_excel import quoted, to_excel
from calc.workbook.cells import absolute
from calc.workbook.input_state import cell_value
from calc.workbook.sheet_columns import RESTS

HEADER = "Rests on"
"""The column's header, on the summary, inputs and results."""


def default_literal(spec: Input) -> str:
    """The input's default as a spreadsheet literal, written as every formula writes one
    (a switch's as the text its cell holds)."""
    return to_excel(ast.Constant(cell_value(spec, spec.default)))


def write_input_mark(page, spec: Input, given: frozenset[str]) -> str | None:
    """The input row's ``A`` while the input is assumed (see the module); the cell's
    reference, or None for an input given when the workbook was made (never assumed)."""
    if spec.id in given:
        return None
    same = (f"EXACT({spec.id},{default_literal(spec)})" if spec.type in ("bool", "choice")
            else f"{spec.id}={default_literal(spec)}")
    applies = f",{page.formula(spec.applies_tree)}" if spec.applies_tree is not None else ""
    page.sheet.write_formula(page.row, RESTS, f'=IF(AND({same}{applies}),'
                             f'{quoted(LETTERS[ASSUMED])},"")', page.styles.marks,
                             stored_input_mark(page, spec))
    return absolute(page.row, RESTS)


def stored_input_mark(page, spec: Input) -> str:
    """The input's mark for the inputs the workbook is written with: ``A`` while it is
    assumed (not given, and it applies), else empty."""
    assumed = spec.id not in page.result.given and spec.id not in page.result.not_applying
    return LETTERS[ASSUMED] if assumed else ""


def marks_formula(calculator: Calculator, output_id: str, assumed_cells: dict[str, str]) -> str:
    """The letters of ``output_id``'s marks as a formula: one test per mark kind, over the
    ``note_N`` cells of the warnings that mark it and the input marks (``assumed_cells``)
    of the inputs it reads."""
    tests = {kind: [] for kind in MARKS}
    for index, note in enumerate(calculator.notes, start=1):
        if note.kind and output_id in note.marks:
            tests[note.kind].append(f'{note_name(index)}<>""')
    tests[ASSUMED] = [f'{assumed_cells[name]}<>""'
                      for name in calculator.outputs[output_id].inputs_read
                      if name in assumed_cells]
    parts = [f"IF(OR({','.join(held)}),{quoted(LETTERS[kind])},\"\")"
             for kind, held in tests.items() if held]
    if not parts:
        return '=""'
    return f'=IF({FIRST_PROBLEM}<>"","",{"&".join(parts)})'


def write_output_mark(page, output_id: str, assumed_cells: dict[str, str]) -> None:
    """The result row's letters (see the module), storing the engine's."""
    page.sheet.write_formula(page.row, RESTS, marks_formula(page.calculator, output_id,
                                                            assumed_cells),
                             page.styles.marks, letters(page.result.evidence[output_id]))


def mark_beyond(page, first_row: int, last_row: int) -> None:
    """Show in red the rows' letters while they hold a limit crossed."""
    page.sheet.conditional_format(first_row, RESTS, last_row, RESTS, {
        "type": "text", "criteria": "containing", "value": "!", "format": page.styles.refused})
