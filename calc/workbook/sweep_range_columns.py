"""A what-if row's low and high results, live: the range columns of a sweep sheet
(``mqcalc sweep --ranges --out FILE.xlsx``).

Worked out as the calculator sheet works its Low and High out (:mod:`.range_cells`), at the
corners of the constants' spreads, row by row. After the results, each result a spread can
move (:attr:`calc.core.model.Calculator.moved_by_spreads`) has a hidden column per corner:
its formula again over the row's cells, each spread constant read as the end that corner
takes (``low.z16_step_realised``, a name for the constant's Low or High cell on the
calculator sheet) and each moved result it reads from its own column of the same corner.
A result's corners stand side by side, after those of every result it reads, so a formula
reads only cells to its left (the rule :mod:`.sweep_sheet` gives for LibreOffice's
threaded calculation). Then, for each numeric one of them, a Low and a High column: the
least and the most of the row's value and its corners, empty while the row has a problem,
like the value; named ``low.ID`` and ``high.ID`` in the sheet's table. The results no
spread moves have no range columns: their low and high are the figure itself.

Every cell stores the engine's figure for its row; a row where a formula cannot be worked
out at some corner stores empty range cells (the engine gives no ends there), and a
spreadsheet recalculating it shows its own error value there.
"""
from __future__ import annotations

from calc import engine
from calc.core.errors import MqcalcError
from calc.core.model import NUMBER, Calculator
from calc.core.names import RANGE_ENDS, range_name
from calc.engine import Outcome
from calc.workbook.cells import row_cell
from calc.workbook.range_cells import end_name

CORNER_WIDTH = 10
"""Width in characters of a hidden corner column (shown only if someone unhides it)."""


def corner_id(index: int, output_id: str) -> str:
    """The id over a result's column at one corner (from 1), in the sheet's table."""
    return f"corner{index + 1}.{output_id}"


class RangeColumns:
    """Where the corner and range columns of one calculator's sweep sheet go, from
    ``first`` on, and what they hold."""

    def __init__(self, calculator: Calculator, first: int):
        self.calculator = calculator
        self.corners = engine.spread_corners(calculator.id)
        self.moved = calculator.moved_by_spreads
        self.numbers = tuple(name for name in self.moved
                             if calculator.outputs[name].value_type == NUMBER)
        """The results given a Low and a High column, in the order they are worked out."""
        self.corner_columns = {(name, index): first + place * len(self.corners) + index
                               for place, name in enumerate(self.moved)
                               for index in range(len(self.corners))}
        """Each moved result's column at each corner (by corner index)."""
        after = first + len(self.corner_columns)
        self.end_columns = {range_name(end, name): after + 2 * place + side
                            for place, name in enumerate(self.numbers)
                            for side, end in enumerate(RANGE_ENDS)}
        """Each range column (``low.ID``, ``high.ID``), a result's low before its high."""
        self.result_of = {range_name(end, name): name
                          for name in self.numbers for end in RANGE_ENDS}
        """The result each range column is about."""
        self.last = after + len(self.end_columns) - 1
        self.ranged_names, self.ends = engine.sweep_ranges(calculator.id)
        """Every numeric result and the engine's function giving a row's lows and highs."""

    def headers(self) -> list[tuple[int, str, str, str]]:
        """Each column with its title, unit and id, in column order."""
        outputs = self.calculator.outputs
        found = [(column, f"{outputs[name].title} at corner {index + 1}", outputs[name].unit,
                  corner_id(index, name))
                 for (name, index), column in self.corner_columns.items()]
        found += [(self.end_columns[range_name(end, name)], f"{outputs[name].title}, {end}",
                   outputs[name].unit, range_name(end, name))
                  for name in self.numbers for end in RANGE_ENDS]
        return sorted(found)

    def formulas(self, formula_at, guard: str, value_cell) -> list[tuple[int, str, str]]:
        """Each column's formula over the row :data:`calc.workbook.cells.ROW` stands for,
        with the result it is about: ``formula_at(tree, refer)`` writes a template tree
        with ``refer`` naming the cells, ``guard`` wraps a formula so it is empty while the
        row has a problem, ``value_cell(name)`` is a result's or an input's cell in the
        row."""
        outputs = self.calculator.outputs
        found = []
        for (name, index), column in self.corner_columns.items():
            refer = self.corner_refer(index, value_cell)
            found.append((column, name, guard(formula_at(outputs[name].tree, refer))))
        for name in self.numbers:
            first = row_cell(self.corner_columns[name, 0])
            last = row_cell(self.corner_columns[name, len(self.corners) - 1])
            for end, function in zip(RANGE_ENDS, ("MIN", "MAX")):
                found.append((self.end_columns[range_name(end, name)], name,
                              guard(f"{function}({value_cell(name)},{first}:{last})")))
        return sorted(found)

    def corner_refer(self, index: int, value_cell):
        """How a formula at one corner reads a name: a spread constant as the end the
        corner takes, a moved result from its column at the corner, the row's other cells
        as ``value_cell`` gives them, anything else by its name."""
        corner = self.corners[index]

        def refer(name: str) -> str:
            if name in corner:
                return end_name(name, corner)
            if (name, index) in self.corner_columns:
                return row_cell(self.corner_columns[name, index])
            return value_cell(name)
        return refer

    def stored(self, outcome: Outcome) -> dict[int, object]:
        """What each column stores for a row: the engine's figures at each corner and its
        low and high; empty where the row has a problem or a corner cannot be worked out."""
        empty = dict.fromkeys([*self.corner_columns.values(), *self.end_columns.values()], "")
        if outcome.outputs is None:
            return empty
        try:
            corners = engine.corner_outputs(self.calculator.id, outcome.inputs)
        except MqcalcError:
            return empty
        figures = {column: corners[index][1][name]
                   for (name, index), column in self.corner_columns.items()}
        names = self.ranged_names
        lows_highs = self.ends(outcome.inputs, tuple(outcome.outputs.values()))
        for side, end in enumerate(RANGE_ENDS):
            for place, name in enumerate(names):
                column = self.end_columns.get(range_name(end, name))
                if column is not None:
                    figures[column] = lows_highs[side * len(names) + place]
        return figures
