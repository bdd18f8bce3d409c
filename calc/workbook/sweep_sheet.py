"""A calculator's what-if rows, on the sheet ``<id>_sweep`` after its calculator sheet.

One scenario per row: its inputs are typed-in values (yellow, unlocked, with the calculator
sheet's data validation) and its results are formulas over the cells of the same row, so
each row recalculates on its own when its inputs are typed over. Constants and tables stay
on the calculator sheet: this sheet defines its own local names for the same cells, so a
formula reads as it does there, ``INDEX(basic_cpu_us,MATCH(MIN(A8,1),basic_cpu_us_rows,0),
...)``, with the row's cells in place of the input and output names.

The inputs that change from row to row come first, frozen beside the results as the row's
label; the others follow in template order. Then comes the row's problem: the first input,
in template order, holding a value the engine refuses (a blank, a pasted value of the wrong
kind or out of range, a choice in another case: :mod:`.input_state`), worded as the
calculator sheet words it; else the first rule between inputs the row breaks, worded as
:attr:`calc.core.model.Check.problem` (the engine, too, names the first); else empty.
While it is not empty the row's results are empty, in the stored value and by formula
alike: the engine refuses such a row, and a figure beside a refused input or a broken rule
would be read as an answer. The results follow, in the order the engine works them out
(:attr:`calc.core.model.Calculator.evaluation_order`: the template's, except that a result
comes after every result it reads, e.g. the machine's speed before the costs it scales).

So every formula reads only cells to its left. LibreOffice works a sheet out column by
column, left to right, and with its default settings (multi-threaded calculation on, which
shares out a long run of like formulas down a column among threads) LibreOffice 7.4 went
wrong where a formula read a column to its right: with the problem in the last column, a
connect sweep of 100 rows showed ``#VALUE!`` across its first row; with the problem first
but the machine's speed still after the costs, one of 130 rows showed it in a row in its
middle (50 rows were right, and every row with threading off).

Shown are the inputs that vary, the problem and the calculator's headline and key results
(the summary's): a row's inputs and answers on one printed page. The inputs held fixed and
the other results sit in collapsed column groups (Excel's and LibreOffice's outline: the
``+`` above a group shows it), so they neither crowd the screen nor print, a page each,
as they did (a two-row connect sweep printed six pages across).

Every formula stores the engine's value for its row, so a viewer that does not recalculate
shows the right figures. (Where a formula cannot be computed, e.g. a division by zero, the
row stores empty results and the engine's reason; recalculated, the spreadsheet shows its
own error value there instead.)
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from calc.core.model import Calculator
from calc.core.names import (RANGE_ENDS, check_message_name, range_name, sweep_sheet,
                             table_range_names)
from calc.engine import Outcome
from calc.formula.bounds import output_ranges
from calc.formula.emit_excel import quoted, to_excel
from calc.workbook.cells import ROW, row_cell, validation, write_value
from calc.workbook.fit import widest_input, widest_output
from calc.workbook.input_state import cell_value, refusal, switches_read, valid
from calc.workbook.layout import (SMALLEST_SCALE, column_points, lines_needed, page_height,
                                  page_setup, page_starts, page_width, print_scale, protect,
                                  room_for, row_heights, wrapped_lines)
from calc.workbook.styles import Styles
from calc.workbook.sweep_range_columns import CORNER_WIDTH, RangeColumns

GROUPS, TITLES, UNITS, NAMES = 4, 5, 6, 7
FIRST = 8
"""Rows: 0 title, 1 and 2 how to use it, 4 column groups, 5 titles, 6 units, 7 ids, then
one row per scenario."""
ID_PER_CHARACTER = 0.95
"""Units of column width an 8-pt monospaced id takes per character: Consolas advances 0.55
of its size, DejaVu Sans Mono (LibreOffice's stand-in where Consolas is missing) 0.60, and
a unit is an 11-pt digit, about 5.25 points; 0.60 × 8 / 5.25 is 0.92."""
BOLD_MARGIN = 3
"""Characters a column needs beyond a bold text's length (bold letters are wider), so a
title or a result never touches the next column."""
TITLE_LINES = 3
"""Lines a column's title may wrap onto: the column is at least its title's length over
this wide (and as wide as its longest word)."""
WIDEST = 60
"""Widest column, in characters, except the problem column."""
SMALLEST_PERCENT = 70
"""The smallest scale, in percent, a what-if sheet prints at to fit its shown columns on one
page across: 11-point figures print at about 8 points."""
PROBLEM_WIDTH = 36
"""Widest the problem column gets, in characters: it stands between the inputs and the
results, and is empty on most rows; a longer problem wraps onto more lines of its row."""


class SweepSheet:
    """Lays out one calculator's scenarios on the sheet after its calculator sheet."""

    def __init__(self, book, styles: Styles, calculator: Calculator, names: dict[str, str],
                 outcomes: Iterable[Outcome], ranged: bool = False):
        """``names``: the calculator sheet's defined names and the cells they refer to;
        ``ranged``: the results' low and high too, where spreads move them
        (:mod:`.sweep_range_columns`)."""
        self.book, self.styles, self.calculator, self.names = book, styles, calculator, names
        self.outcomes = list(outcomes)
        self.sheet = book.add_worksheet(sweep_sheet(calculator.id))
        varied = [spec for spec in calculator.inputs.values()
                  if len({outcome.inputs[spec.id] for outcome in self.outcomes}) > 1]
        self.varied = len(varied)
        self.inputs = varied + [spec for spec in calculator.inputs.values() if spec not in varied]
        self.outputs = [calculator.outputs[name] for name in calculator.evaluation_order]
        self.problem_column = len(self.inputs)
        self.results_last = self.problem_column + len(self.outputs)
        self.ranges = RangeColumns(calculator, self.results_last + 1) \
            if ranged and calculator.spreads else None
        self.last_column = self.ranges.last if self.ranges else self.results_last
        self.columns = {item.id: column for column, item in enumerate(
            [*self.inputs, None, *self.outputs]) if item is not None}
        """Each input's and output's column (the problem's lies between them)."""
        self.cells = {name: row_cell(column) for name, column in self.columns.items()}
        shown = [spec.id for spec in varied] or list(calculator.key_inputs)
        shown += [calculator.headline, *calculator.key_results]
        self.hidden = set(self.ranges.corner_columns.values()) if self.ranges else set()
        """The corner columns: hidden, outside any group."""
        ends_shown = {self.ranges.end_columns[range_name(end, name)]
                      for name in shown if name in self.ranges.numbers
                      for end in RANGE_ENDS} if self.ranges else set()
        self.collapsed = set(range(self.last_column + 1)) - {self.problem_column} - {
            self.columns[name] for name in shown} - self.hidden - ends_shown
        """The columns in collapsed groups: the inputs held fixed (all but the key inputs
        where none varies), the results other than the headline and key results, and their
        lows and highs."""
        problems = [check.problem for check in calculator.checks]
        problems += [refusal(spec) for spec in calculator.inputs.values()]
        self.problem_width = min(PROBLEM_WIDTH, max(map(len, problems)) + 2)
        """The problem column's width in characters: its longest text's, up to
        :data:`PROBLEM_WIDTH`."""

    def write(self) -> None:
        sheet, styles, calculator = self.sheet, self.styles, self.calculator
        self.define_names()
        sheet.write(0, 0, self.title(), styles.title)
        sheet.write(1, 0, "One scenario per row: type over the yellow inputs of any row and its "
                          "results recalculate.", styles.subtitle)
        sheet.write(2, 0, f"Constants and tables come from sheet {calculator.id}. The inputs "
                          "held fixed and the results beyond the key ones are in collapsed "
                          "column groups: the + above the columns shows them.",
                    styles.subtitle)
        self.headers()
        self.rows()
        self.groups(self.print_pages(self.widths()))
        sheet.freeze_panes(FIRST, self.varied)
        self.table()
        protect(sheet, sortable=True)

    def table(self) -> None:
        """The rows as an Excel Table (a ListObject) named like the sheet, its header the
        row of ids, so a script or Power Query finds the rows by name and each column by
        its id; its filter buttons sort and filter the rows."""
        headers = [item.id for item in self.inputs] + ["problem"] + [
            output.id for output in self.outputs]
        headers += [name for *_, name in self.ranges.headers()] if self.ranges else []
        self.sheet.add_table(NAMES, 0, FIRST + len(self.outcomes) - 1, self.last_column, {
            "name": self.sheet.name, "style": None,
            "columns": [{"header": header, "header_format": self.styles.column_name}
                        for header in headers]})

    def print_pages(self, widths: list[float]) -> list[int]:
        """Print the shown columns (``widths``, in characters, every column's) one page wide
        where they fit at :data:`SMALLEST_PERCENT` or larger (up to the calculator sheets'
        :data:`.layout.SMALLEST_SCALE`), else as many pages across as they need, under the
        sheet's title in the header. Pages down repeat the column groups, titles, units and
        ids above their rows; pages across repeat the varied inputs, the rows' labels, on
        their left, unless the rows need pages down too: print titles of rows and columns
        both are a union Gnumeric does not read, and the rows' headings matter more.
        Returns the columns that begin a page after the first."""
        sheet = self.sheet
        points = [0.0 if column in self.collapsed | self.hidden else column_points(width)
                  for column, width in enumerate(widths)]
        percent = min(round(SMALLEST_SCALE * 100), max(SMALLEST_PERCENT, print_scale(sum(points))))
        room = page_width(percent) - sum(points[:self.varied])
        breaks = [self.varied + column for column in page_starts(points[self.varied:], room, {})]
        heights = row_heights(sheet, FIRST + len(self.outcomes))
        down = sum(heights[GROUPS:]) > page_height(percent)
        if down or not breaks:
            sheet.repeat_rows(GROUPS, NAMES)
        elif self.varied:
            sheet.repeat_columns(0, self.varied - 1)
        sheet.set_v_pagebreaks(breaks)
        sheet.print_across()
        page_setup(sheet, percent, self.title())
        sheet.print_area(GROUPS, 0, FIRST + len(self.outcomes) - 1, self.last_column)
        return breaks

    def title(self) -> str:
        """The sheet's title, on screen above its rows and printed in every page's header
        (printed pages start at the column groups: a title in the first column would be cut
        at that column's edge on every page after the first)."""
        return f"{self.calculator.title}: what-if rows"

    def define_names(self) -> None:
        """This sheet's names for the calculator sheet's constants, table ranges and check
        messages."""
        names = [*self.calculator.constants]
        for table in self.calculator.tables.values():
            names += table_range_names(table.id, len(table.keys))
        if self.ranges:
            names += [range_name(end, constant.id) for constant in self.calculator.spreads
                      for end in RANGE_ENDS]
        names += [check_message_name(index)
                  for index in range(1, len(self.calculator.checks) + 1)]
        for name in names:
            self.book.define_name(f"{self.sheet.name}!{name}", "=" + self.names[name])

    def headers(self) -> None:
        sheet, styles = self.sheet, self.styles
        for item in [*self.inputs, *self.outputs]:
            column = self.columns[item.id]
            sheet.write(TITLES, column, item.title, styles.column_title)
            sheet.write(UNITS, column, item.unit, styles.column_unit)
            sheet.write(NAMES, column, item.id, styles.column_name)
        column = self.problem_column
        sheet.write(TITLES, column, "First input refused or rule broken", styles.column_title)
        sheet.write(UNITS, column, "", styles.column_unit)
        sheet.write(NAMES, column, "problem", styles.column_name)
        for column, title, unit, name in self.ranges.headers() if self.ranges else ():
            sheet.write(TITLES, column, title, styles.column_title)
            sheet.write(UNITS, column, unit, styles.column_unit)
            sheet.write(NAMES, column, name, styles.column_name)

    def groups(self, breaks: list[int]) -> None:
        """The band naming each group of columns (inputs, problem, results), cut where a
        printed page begins, so every page's band names the columns under it (a page carrying
        on a group names it again)."""
        groups = [("Inputs", 0, self.problem_column - 1),
                  ("Problem", self.problem_column, self.problem_column),
                  ("Results", self.problem_column + 1, self.results_last)]
        if self.ranges:
            groups.append(("Low and high", min(self.ranges.end_columns.values()),
                           self.last_column))
        for title, first, last in groups:
            starts = [first] + [column for column in breaks if first < column <= last]
            for start, end in zip(starts, [*starts[1:], last + 1]):
                if start == end - 1:
                    self.sheet.write(GROUPS, start, title, self.styles.section)
                else:
                    self.sheet.merge_range(GROUPS, start, GROUPS, end - 1, title,
                                           self.styles.section)

    def rows(self) -> None:
        """One row per scenario; each column's formula is written once and numbered per row."""
        sheet, styles = self.sheet, self.styles
        last = FIRST + len(self.outcomes) - 1
        for column, spec in enumerate(self.inputs):
            sheet.data_validation(FIRST, column, last, column, validation(spec))
        formulas = [(self.columns[output.id], output.id, styles.output(output),
                     "=" + self.guarded(output)) for output in self.outputs]
        writers = [self.writer(formula) for *_, formula in formulas]
        problem = "=" + self.problem_formula()
        write_problem = self.writer(problem)
        ranged = [(column, styles.output(self.calculator.outputs[name])
                   if column not in self.hidden else None, "=" + formula)
                  for column, name, formula in self.ranges.formulas(
                      self.formula, self.guard, self.refer)] if self.ranges else []
        range_writers = [self.writer(formula) for *_, formula in ranged]
        for row, outcome in enumerate(self.outcomes, start=FIRST):
            number = str(row + 1)
            for column, spec in enumerate(self.inputs):
                write_value(sheet, row, column, cell_value(spec, outcome.inputs[spec.id]),
                            styles.input(spec))
            for (column, name, style, formula), write in zip(formulas, writers):
                value = "" if outcome.outputs is None else outcome.outputs[name]
                write(row, column, formula.replace(ROW, number), style, value)
            write_problem(row, self.problem_column, problem.replace(ROW, number),
                          styles.problem, outcome.problem)
            stored = self.ranges.stored(outcome) if self.ranges else {}
            for (column, style, formula), write in zip(ranged, range_writers):
                write(row, column, formula.replace(ROW, number), style, stored[column])
            if outcome.problem:  # as tall as its problem wraps (typed over, it keeps this)
                room_for(sheet, row, wrapped_lines(outcome.problem, self.problem_width))

    def writer(self, formula: str):
        """How to write a column's rows of ``formula``: asked once whether XlsxWriter's
        preparing would change it (the rows differ only in row numbers), then written with
        that answer (:meth:`calc.workbook.xlsx_book.Worksheet.is_plain`); on XlsxWriter's
        own worksheet, as it writes any formula."""
        sheet = self.sheet
        plain = getattr(sheet, "is_plain", None)
        return sheet.write_plain_formula if plain and plain(formula) else sheet.write_formula

    def guarded(self, output) -> str:
        """The output's formula over this row's cells, empty while the row has a problem."""
        return self.guard(self.formula(output.tree))

    def guard(self, formula: str) -> str:
        """``formula``, empty while the row has a problem."""
        return f'IF({row_cell(self.problem_column)}<>"","",{formula})'

    def problem_formula(self) -> str:
        """The first input of the row's the engine refuses, else the first rule its inputs
        break, worded as the engine words it, else "". Each rule's message is read from its
        cell on the calculator sheet (a text constant over 255 characters in a formula is
        one Excel refuses); an input's refusal is short."""
        formula = '""'
        for index, check in reversed(list(enumerate(self.calculator.checks, start=1))):
            condition = self.formula(check.tree)
            problem = f"{quoted(check.problem_opening)}&{check_message_name(index)}"
            formula = f"IF(NOT({condition}),{problem},{formula})"
        for spec in reversed(self.calculator.inputs.values()):
            formula = f"IF({valid(spec, self.refer(spec.id))},{formula},{quoted(refusal(spec))})"
        return formula

    def formula(self, tree, refer=None) -> str:
        """Formula text for an expression of the template over this row's cells (or the
        names ``refer`` gives), each switch read as the boolean its cell's yes or no stands
        for."""
        return to_excel(tree, switches_read(self.calculator.inputs, refer or self.refer))

    def refer(self, name: str) -> str:
        """Inputs and outputs are this row's cells; constants keep their names."""
        return self.cells.get(name, name)

    def widths(self) -> list[float]:
        """Columns wide enough for the widest value their domain allows (by the rule of
        :mod:`.fit`) and for their titles on :data:`TITLE_LINES` lines or so; the title row as high as its
        longest title wraps. Returns every column's width in characters."""
        bounds = output_ranges(self.calculator)
        lengths = [len(widest_input(spec)) for spec in self.inputs]
        lengths += [len(widest_output(output, bounds)) for output in self.outputs]
        lines, widths = 1, {}
        for item, widest in zip([*self.inputs, *self.outputs], lengths):
            width = min(WIDEST, max(8, len(item.unit) + 2,
                                    math.ceil(len(item.id) * ID_PER_CHARACTER) + 1,
                                    math.ceil(len(item.title) / TITLE_LINES) + BOLD_MARGIN,
                                    max(len(word) for word in item.title.split()) + BOLD_MARGIN,
                                    widest + BOLD_MARGIN))
            widths[self.columns[item.id]] = width
            lines = max(lines, lines_needed(item.title, width - BOLD_MARGIN))
        widths[self.problem_column] = self.problem_width
        for column, title, _, name in self.ranges.headers() if self.ranges else ():
            if column not in self.hidden:  # a low or a high: as wide as its result
                width = max(widths[self.columns[self.ranges.result_of[name]]],
                            math.ceil(len(name) * ID_PER_CHARACTER) + 1)
                widths[column] = width
                lines = max(lines, lines_needed(title, width - BOLD_MARGIN))
        widths.update(dict.fromkeys(self.hidden, CORNER_WIDTH))
        for column, width in widths.items():
            if column in self.hidden:
                options = {"hidden": True, "collapsed": column - 1 in self.collapsed}
            elif column in self.collapsed:
                options = {"level": 1, "hidden": True}
            else:
                options = {"collapsed": column - 1 in self.collapsed}
            self.sheet.set_column(column, column, width, None, options)
        room_for(self.sheet, TITLES, lines)
        return [widths[column] for column in sorted(widths)]

