"""The summary under a calculator sheet's title: the answer first.

A planner opening the sheet reads, before any input or formula, a status line (every input
in its domain and every rule between them holding, or the first problem), the headline
result, the few key results, the key inputs that frame them and how many notes apply (they
are listed at the sheet's end): the template's
``headline``, ``key_results`` and ``key_inputs`` (:mod:`calc.template.summary_section`). Each value
is a formula over the cell below that holds it, so it follows what is typed there, and
stores the engine's figure like every other formula.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from calc.core.names import FIRST_PROBLEM, NOTES_APPLYING, STATUS, note_name
from calc.formula.emit_excel import quoted
from calc.workbook.evidence_cells import HEADER
from calc.workbook.input_state import cell_value
from calc.workbook.range_cells import headers
from calc.workbook.sheet_columns import ABOUT, LABEL, VALUE

if TYPE_CHECKING:
    from calc.workbook.calculator_sheet import CalculatorSheet

SUMMARY_TITLE = "Summary: the answer first"
SENTENCE_END = re.compile(r"(?<=[a-z0-9%)])\. (?=[A-Z0-9(])")
"""Where a sentence ends: a full stop after a small letter, a digit, % or a closing
parenthesis, before a capital, a digit or an opening parenthesis ("e.g. z16" does not end
one)."""
ALL_CLEAR = "All inputs are within their domains and every rule between them holds."
"""The status line while there is no problem with the inputs."""


def write_summary(page: CalculatorSheet) -> None:
    """Write the summary block at ``page``'s current row."""
    calculator, result, styles = page.calculator, page.result, page.styles
    page.section(SUMMARY_TITLE, ("Answer", "Value", "Unit", HEADER, "What it means",
                                 *headers(page), "Name"))
    page.sheet.write(page.row, LABEL, "Status", styles.label)
    page.sheet.merge_range(page.row, VALUE, page.row, ABOUT, "", styles.status)
    page.sheet.write_formula(page.row, VALUE, f'=IF({FIRST_PROBLEM}="",'
                             f'{quoted(ALL_CLEAR)},{FIRST_PROBLEM})', styles.status, ALL_CLEAR)
    page.sheet.conditional_format(page.row, VALUE, page.row, ABOUT,
                                  {"type": "formula", "criteria": f'={FIRST_PROBLEM}<>""',
                                   "format": styles.refused})
    page.name(STATUS, (page.row, VALUE))
    page.row += 1
    for name in (calculator.headline, *calculator.key_results):
        output = calculator.outputs[name]
        page.sheet.write_formula(page.row, VALUE, f"={name}", styles.output(output),
                                 result.outputs[name])
        page.describe(output.title, output.unit, name, first_sentence(output.help),
                      styles.headline if name == calculator.headline else None)
        page.summary_rows[name] = page.row
        page.row += 1
    for name in calculator.key_inputs:
        spec = calculator.inputs[name]
        page.sheet.write_formula(page.row, VALUE, f"={name}", styles.echo(spec),
                                 cell_value(spec, result.inputs[name]))
        where = (f"An input set at {page.linked[name]}: change it there." if name in page.linked
                 else "An input: type it in the yellow cell below.")
        page.describe(spec.title, spec.unit, name, where)
        page.row += 1
    if calculator.notes:
        notes_applying(page)


def first_sentence(text: str) -> str:
    """The first sentence of a result's meaning, which says what it is: the summary shows
    that, and the result's row under Results the whole meaning."""
    match = SENTENCE_END.search(text)
    return text[:match.start() + 1] if match else text


def notes_applying(page: CalculatorSheet) -> None:
    """A line counting the notes that apply to the inputs, by their cells ``note_N``."""
    count = "+".join(f'IF({note_name(index)}<>"",1,0)'
                     for index in range(1, len(page.calculator.notes) + 1))
    page.sheet.write_formula(page.row, VALUE, "=" + count, page.styles.figure(0),
                             len(page.result.said))
    page.describe("Notes that apply", "notes", NOTES_APPLYING,
                  "Advice for these inputs, listed under Notes at the end of this sheet.")
    page.name(NOTES_APPLYING, (page.row, VALUE))
    page.row += 1
