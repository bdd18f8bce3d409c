"""The Report sheet's ranges, live (:mod:`.report_sheet`): each variant's CPU, share of the
LPAR and MSU, and each change from the first variant, at low and high, as the engine works
a plan's ranges out (:func:`calc.inputs.plan_run.evaluate_plan`): the plan again at every
corner of the union of its calculators' spreads, each spread once, and of the inputs its
variants give as ranges, each range once (the same range of the same input in two variants
is one doubt, at the same end in both).

Each calculator sheet already works its results out at the corners of its own spreads and
of its inputs given as ranges, in hidden columns (:mod:`.range_cells`). At a corner of the
plan's, a variant's total is its total plus each of its contributions' move there (the
contribution's cell in the calculator sheet's column of the matching corner, less its
value), less, in an address space its measurement covers, the moves of the contributions
of the variant measured (:mod:`calc.inputs.plan_run`: measured + own - own of the variant
measured). Its share of the LPAR and MSU there are the machine part's formulas of that
total; the change is taken at the same corner. Low and high are the least and most of the
likely figure and the corners. They stand in hidden columns right of the Report sheet's
other helper columns: the lows on the first row, the highs on the second, then a row a
corner; the lows and highs are named (``low.total_v2``, ``high.change.msu_v2``).
"""
from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from calc.core.names import RANGE_ENDS, REPORT_SHEET, plan_cell_name
from calc.formula.emit_excel import to_excel
from calc.inputs.plan_run import (RATE_NAME, TOTAL, PlanResult, corner_figures, given_ranges,
                                  share_trees, spread_ids)
from calc.workbook.cells import absolute, range_text
from calc.workbook.plan_sheet import PlanSheet, machine_cell
from calc.workbook.range_cells import has_ranges
from calc.workbook.sheet_columns import CORNERS, VALUE

if TYPE_CHECKING:
    from calc.workbook.calculator_sheet import CalculatorSheet

FIGURES = (TOTAL, "lpar_busy_pct", "msu")
"""The figures whose low and high the corners give, in the columns' order."""


def corner_column(sheet: CalculatorSheet, corner: dict, texts: dict[str, str]) -> int:
    """The column of the calculator ``sheet`` holding its results at the plan's ``corner``
    (constant id, or (calculator, input, range as written) for an input given as a range ->
    0 low, 1 high; ``texts``: the sheet's inputs given as ranges, as written): its own
    corners come in the order of :func:`calc.engine.corner_outputs`, its spreads first and
    then its inputs given as ranges, the first slowest."""
    index = 0
    for constant in sheet.calculator.spreads:
        index = index * 2 + corner[constant.id]
    for name in sheet.result.spans:
        index = index * 2 + corner[sheet.calculator.id, name, texts[name]]
    return CORNERS + index


class ReportRanges:
    """Writes the corner rows and the named lows and highs on the Report sheet."""

    def __init__(self, sheet, book, plan: PlanSheet, result: PlanResult, column: int,
                 row: int):
        self.sheet, self.book, self.plan, self.result = sheet, book, plan, result
        self.column, self.row = column, row
        self.count = len(result.variants)

    def write(self) -> bool:
        """The corners and the lows and highs; False where nothing spreads the plan (no
        calculator of it has a spread and no input is given as a range), and nothing is
        written."""
        ids = spread_ids(self.result.variants)
        doubts = list(given_ranges(self.result.variants))
        if not ids and not doubts:
            return False
        corners = [dict(zip([*ids, *doubts], ends))
                   for ends in product((0, 1), repeat=len(ids) + len(doubts))]
        stored = corner_figures(self.result.variants, ids, doubts)
        for offset, corner in enumerate(corners):
            self.corner_row(self.row + 2 + offset, corner, stored[offset])
        self.ends(len(corners))
        return True

    def place(self, index: int, figure: int, change: bool = False) -> int:
        """The column of the ``index``-th variant's ``figure`` (its change's, for a later
        variant) in the corner rows."""
        return self.column + (2 * index + change) * len(FIGURES) + figure

    def corner_row(self, row: int, corner: dict, stored: list[dict]) -> None:
        """One corner: each variant's total, share and MSU there, and each later one's
        changes."""
        sheet = self.sheet
        for index, variant in enumerate(self.result.variants):
            total = self.corner_total(index, corner)
            cells = {}
            for figure, key in enumerate(FIGURES):
                column = self.place(index, figure)
                here = absolute(row, column)
                cells[key] = here
                if key == TOTAL:
                    formula = total
                else:
                    tree = share_trees()[FIGURES.index(key) - 1]
                    rate = absolute(row, self.place(index, 0))
                    formula = to_excel(tree, lambda name, i=index, r=rate: r if name == RATE_NAME
                                       else machine_cell(i, name))
                sheet.write_formula(row, column, f'=IF(ISNUMBER({self.likely(index, TOTAL)}),'
                                    f'{formula},"")', None, stored[index][key])
                if index:
                    base = absolute(row, self.place(0, figure))
                    sheet.write_formula(row, self.place(index, figure, True),
                                        f'=IF(AND(ISNUMBER({here}),ISNUMBER({base})),'
                                        f'{here}-{base},"")', None,
                                        stored[index][key] - stored[0][key])

    def likely(self, index: int, key: str) -> str:
        """The Plan sheet's cell of the ``index``-th variant's figure ``key``."""
        return self.plan.figure_cell(key, index)

    def corner_total(self, index: int, corner: dict) -> str:
        """The ``index``-th variant's total at ``corner``: its likely total and its
        contributions' moves there (see the module's docstring)."""
        variant = self.result.variants[index]
        moves = [self.move(index, c.calculator, c.output, corner)
                 for c in variant.contributions]
        origin = variant.variant.measured_in
        if origin is not None and origin != variant.name:
            measured_at = [v.name for v in self.result.variants].index(origin)
            moves += [f"-({self.move(measured_at, c.calculator, c.output, corner)})"
                      for c in self.result.variants[measured_at].contributions
                      if c.address_space in variant.measured]
        moves = [move for move in moves if move]
        return self.likely(index, TOTAL) + "".join(
            move if move.startswith("-") else f"+{move}" for move in moves)

    def move(self, index: int, calculator_id: str, output: str, corner: dict) -> str:
        """How far a contribution moves at ``corner``: its cell in the corner's column less
        its value, on the ``index``-th variant's calculator sheet ("" for a sheet without a
        range)."""
        written = self.plan.written[index][calculator_id]
        if not has_ranges(written):
            return ""
        texts = self.result.variants[index].variant.ranges.get(calculator_id, {})
        row = written.output_rows[output]
        return (f"{written.title}!{absolute(row, corner_column(written, corner, texts))}-"
                f"{written.title}!{absolute(row, VALUE)}")

    def ends(self, corners: int) -> None:
        """Each figure's low and high over the likely figure and the corners, named."""
        sheet, first, last = self.sheet, self.row + 2, self.row + 1 + corners
        for index, variant in enumerate(self.result.variants):
            for figure, key in enumerate(FIGURES):
                for change in (False, True) if index else (False,):
                    column = self.place(index, figure, change)
                    span = range_text(first, column, last, column)
                    likely = self.likely(index, key)
                    if change:
                        likely = f"({likely}-{self.likely(0, key)})"
                    name = f"change.{key}" if change else key
                    ends = (variant.low_high(key, self.result.difference(variant)[key])
                            if change else variant.low_high(key))
                    for side, (end, function, stored) in enumerate(
                            zip(RANGE_ENDS, ("MIN", "MAX"), ends)):
                        row = self.row + side
                        where = absolute(row, column)
                        sheet.write_formula(row, column,
                                            f'=IF(ISNUMBER({self.likely(index, key)}),'
                                            f'{function}({likely},{span}),"")', None, stored)
                        self.book.define_name(
                            f"{REPORT_SHEET}!{plan_cell_name(f'{end}.{name}', index)}",
                            f"={REPORT_SHEET}!{where}")
