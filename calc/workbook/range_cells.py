"""Each result's low and high, live: the Low and High columns of a calculator sheet.

The spreads (:mod:`calc.engine.ranges`) are worked out as the engine works them, at the
corners: each corner of the constants' spreads has a hidden column (from CORNERS on) where,
on every result's row, the result's formula is written again with each spread constant read
from its low or its high cell (beside the constant, under Constants) and each result it reads
from the same corner's column. A result's Low is the least of its value and its corners,
its High the most; both are named (``low.ID``, ``high.ID``), store the engine's figures, and
are empty while the inputs are refused, like the value. Change a constant's low or high and
the ranges follow. The columns stand right of the printed page (on screen, beside "What it
means"); a calculator with no spread has none (its columns are hidden).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from xlsxwriter.utility import xl_rowcol_to_cell

from calc import engine
from calc.core.formatting import places
from calc.core.model import NUMBER
from calc.core.names import FIRST_PROBLEM, RANGE_ENDS, range_name
from calc.formula.emit_excel import quoted, to_excel
from calc.workbook.cells import absolute, validation, write_value
from calc.workbook.input_state import accepted, switches_read, valid
from calc.workbook.sheet_columns import CORNERS, HIGH, LOW, VALUE

if TYPE_CHECKING:
    from calc.workbook.calculator_sheet import CalculatorSheet

HEADERS = ("Low", "High")
"""The columns' headers over the summary, the results and the constants."""


def headers(page: CalculatorSheet) -> tuple[str, str]:
    """The Low and High headers of a section: none where the sheet has no range."""
    return HEADERS if has_ranges(page) else ("", "")


def has_ranges(page: CalculatorSheet) -> bool:
    """Whether the sheet's results have ranges: a spread constant, or an input given as a
    range."""
    return bool(page.calculator.spreads or page.result.spans)


def corner_count(page: CalculatorSheet) -> int:
    """How many corner columns the sheet has (none without a range)."""
    return 1 << (len(page.calculator.spreads) + len(page.result.spans)) if has_ranges(page) \
        else 0


def write_spread_ends(page: CalculatorSheet, constant, row: int) -> None:
    """A spread constant's low and high, in the Low and High cells of its row, named
    ``low.ID`` and ``high.ID`` (the corners read them by name, here and on the sweep
    sheet)."""
    figure = page.styles.figure(max(map(places, constant.spread)))
    for column, end, figure_at in zip((LOW, HIGH), RANGE_ENDS, constant.spread):
        page.sheet.write_number(row, column, figure_at, figure)
        page.name(range_name(end, constant.id), (row, column))


def write_input_ends(page: CalculatorSheet, spec) -> str:
    """An input given as a range: its low and high in the Low and High cells of its row,
    typed over like its value (both left empty: no range), named ``low.ID`` and
    ``high.ID``. Returns the condition on them, a problem formula for a row whose value the
    input's domain takes: each end in the domain, low up to the value up to high, low below
    high, as the engine takes a range (:func:`calc.core.values.as_span`)."""
    sheet, row = page.sheet, page.row
    for column, end, figure in zip((LOW, HIGH), RANGE_ENDS, page.result.spans[spec.id]):
        write_value(sheet, row, column, figure, page.styles.input(spec))
        sheet.data_validation(row, column, row, column, validation(spec))
        page.name(range_name(end, spec.id), (row, column))
    low, high = (range_name(end, spec.id) for end in RANGE_ENDS)
    fitting = (f'OR(AND({low}="",{high}=""),AND({valid(spec, low)},{valid(spec, high)},'
               f'{low}<={spec.id},{spec.id}<={high},{low}<{high}))')
    refused = quoted(f"{spec.id} low and high expect low up to the value up to high, low "
                     f"below high, each {accepted(spec)} (or both empty: no range)")
    return f'IF({fitting},"",{refused})'


def end_name(name: str, corner: dict[str, int]) -> str:
    """The name of the end of spread constant or input ``name`` that ``corner`` (id -> 0
    low, 1 high, :func:`calc.engine.corner_outputs`) takes."""
    return range_name(RANGE_ENDS[corner[name]], name)


def write_ranges(page: CalculatorSheet) -> None:
    """The corner columns and each numeric result's Low and High, once the results' and
    the constants' rows are known; the summary's results show theirs too."""
    calculator = page.calculator
    if not has_ranges(page):
        return
    corners = engine.corner_outputs(calculator.id, page.result.inputs, page.result.spans)
    for index, (ends, outputs) in enumerate(corners):
        column = CORNERS + index
        refer = _corner_refer(page, ends, column)
        for name in calculator.evaluation_order:
            output = calculator.outputs[name]
            row = page.output_rows[name]
            page.sheet.write_formula(row, column, f'=IF({FIRST_PROBLEM}<>"","",'
                                     f'{to_excel(output.tree, refer)})', None, outputs[name])
    last = CORNERS + len(corners) - 1
    for name, output in calculator.outputs.items():
        if output.value_type != NUMBER:
            continue
        row = page.output_rows[name]
        here = (xl_rowcol_to_cell(row, VALUE), xl_rowcol_to_cell(row, CORNERS),
                xl_rowcol_to_cell(row, last))
        for column, end, function, stored in zip((LOW, HIGH), RANGE_ENDS, ("MIN", "MAX"),
                                                 page.result.low_high(name)):
            page.sheet.write_formula(row, column, f'=IF({FIRST_PROBLEM}<>"","",{function}('
                                     f'{here[0]},{here[1]}:{here[2]}))',
                                     page.styles.output(output), stored)
            page.name(range_name(end, name), (row, column))
    for name, row in page.summary_rows.items():
        if calculator.outputs[name].value_type == NUMBER:
            for column, end, stored in zip((LOW, HIGH), RANGE_ENDS, page.result.low_high(name)):
                page.sheet.write_formula(row, column, f"={range_name(end, name)}",
                                         page.styles.output(calculator.outputs[name]), stored)


def _corner_refer(page: CalculatorSheet, ends: dict, column: int):
    """How a formula at one corner reads a name: a spread constant as its low or high
    end's name, a result from the same corner's column, anything else as on the sheet."""
    calculator = page.calculator

    def refer(name: str) -> str:
        if name in page.result.spans:  # an end left empty reads as the value
            end = end_name(name, ends)
            return f"IF(ISNUMBER({end}),{end},{name})"
        if name in ends:
            return end_name(name, ends)
        if name in calculator.outputs:
            return absolute(page.output_rows[name], column)
        return name
    return switches_read(calculator.inputs, refer)

