"""One calculator on its own worksheet, named by its id, reading top to bottom: title and
source, the summary (:mod:`.summary_block`), inputs (styled as inputs, unlocked, with data
validation), results (formulas over defined names, each storing the engine's value so any
viewer shows the right number) and the notes that apply (:mod:`.notes_block`): the printed
report, at most a few pages. Below it, on screen only, the workings: the charts, the
constants and the source tables with their citations (the Sources sheet prints each
constant and table with its passage). Right of the printed columns, each figure's defined
name and each result's formula. Every input, output, constant and table range is a defined
name local to the sheet. The sheet is protected without a password, so only inputs can be
edited.

While an input is outside its domain or a rule between inputs is broken
(:mod:`.input_state`), every result is empty: the engine refuses such inputs, and a figure
beside a broken rule would be read as an answer. Two hidden columns carry the state down
the input and rule lines: each line's own problem, and the first problem so far; the last
of those is the name ``first_problem``, which every result formula tests first. The
offending input cells turn red by conditional formatting.
"""
from __future__ import annotations

from xlsxwriter.utility import xl_rowcol_to_cell

from calc import engine
from calc.core.formatting import format_value, places
from calc.core.model import TEXT, Calculator, Input, Table
from calc.core.names import (FIRST_PROBLEM, assumed_name, check_message_name, check_name,
                             table_range_names)
from calc.engine.evidence import letters
from calc.formula.bounds import output_ranges
from calc.formula.emit_excel import quoted, to_excel
from calc.template.documents import cite
from calc.workbook.cells import absolute, range_text, validation, write_value
from calc.workbook.evidence_cells import HEADER, mark_beyond, write_input_mark, write_output_mark
from calc.workbook.fit import column_width, widest_input, widest_output
from calc.workbook.input_state import accepted, cell_value, refusal, switches_read, valid
from calc.workbook.layout import (SMALL_POINTS, column_points, page_height, page_starts,
                                  print_scale, protect_and_fit, room_for, room_for_points,
                                  row_heights, text_points, width_left, wrapped_lines)
from calc.workbook.notes_block import write_notes
from calc.workbook.range_cells import (corner_count, has_ranges, headers, write_input_ends,
                                       write_ranges, write_spread_ends)
from calc.workbook.sheet_columns import (ABOUT, FORMULA, HIGH, LABEL, LOW, NAME, NOTE_OWN,
                                         PRINTED, PROBLEM_FIRST, PROBLEM_OWN, RESTS, TEXTS, UNIT,
                                         VALUE)
from calc.workbook.styles import UNIT_INDENT, Styles
from calc.workbook.summary_block import write_summary

WIDTHS = {LABEL: 30, VALUE: 14, UNIT: 14, RESTS: 8, NAME: 34, FORMULA: 60}
"""Least widths in characters of the columns seen (:mod:`.sheet_columns`): the value, unit
and name columns widen to the widest text they can show (see :func:`column_widths`), labels
and formulas wrap, and the ABOUT column takes what is left of a page printed one page wide
at :data:`.layout.SMALLEST_SCALE`."""
WORKINGS = ("Workings, on screen only (printing gives the report above): the charts, the "
            "constants and IBM's tables the results read. The Sources sheet prints each "
            "constant and table with the passage it comes from.")
"""The line heading the part of the sheet below the printed report."""
GAP_POINTS = 6
"""Height of the empty row before each section's title band."""
CHART_ROWS = 17
"""Rows of the default height (20 pixels) kept free for each chart. Printed, the charts
start a page, and so does what follows them; each chart and its line of help stay on one
page."""


class CalculatorSheet:
    """Lays out one calculator on its own worksheet."""

    def __init__(self, book, styles: Styles, calculator: Calculator, result: engine.Result,
                 title: str | None = None, linked: dict[str, str] | None = None):
        self.book, self.styles, self.calculator, self.result = book, styles, calculator, result
        self.title = title or calculator.id
        """The sheet's name: the calculator's id, unless a plan workbook names it otherwise."""
        self.linked = linked or {}
        """Input id -> the cell it shows (e.g. ``Plan!$C$6``): inputs set elsewhere, such as
        a plan variant's machine, written as formulas reading that cell instead of values."""
        self.sheet = book.add_worksheet(self.title)
        self.row = 0
        self.widths: dict[int, int] = {}
        """Each seen column's width in characters (see WIDTHS)."""
        self.keep: dict[int, int] = {}
        """Rows printed on one page: a block's first row (its heading) and its last."""
        self.page_starts: set[int] = set()
        """Rows that always begin a printed page."""
        self.chart_anchors: dict[str, tuple[int, int]] = {}
        """The top left cell each chart is drawn at (see :mod:`.drawing`)."""
        self.names: dict[str, str] = {}
        """Each defined name and what it refers to (e.g. ``connect!$B$7``), so another sheet
        can define the same names for the same cells, or read them."""
        self.problem_row: int | None = None
        """The last input or rule line written, if any: its PROBLEM_FIRST cell holds the
        first problem so far."""
        self.assumed_cells: dict[str, str] = {}
        """Input id -> its cell saying whether it is assumed (:mod:`.evidence_cells`), for
        each input not given when the workbook was made."""
        self.summary_rows: dict[str, int] = {}
        """Output id -> the summary row that shows it again, to show its marks too."""
        self.output_rows: dict[str, int] = {}
        """Output id -> its row among the results."""
        self.constant_rows: dict[str, int] = {}
        """Constant id -> its row among the constants (a spread's ends are in its Low and
        High cells, :mod:`.range_cells`)."""

    def name(self, name: str, first: tuple[int, int], last: tuple[int, int] | None = None):
        """Define ``name`` on this sheet for a cell or a range (absolute references)."""
        if last is None:
            reference = absolute(*first)
        else:
            reference = range_text(*first, *last)
        self.names[name] = f"{self.title}!{reference}"
        self.book.define_name(f"{self.title}!{name}", "=" + self.names[name])

    def write(self) -> None:
        sheet, styles, calculator = self.sheet, self.styles, self.calculator
        self.widths = column_widths(calculator)
        for column, width in self.widths.items():
            sheet.set_column(column, column, width, styles.formula if column == FORMULA else None)
        sheet.set_column(NOTE_OWN, TEXTS + corner_count(self), None, None, {"hidden": True})
        if not has_ranges(self):
            sheet.set_column(LOW, HIGH, None, None, {"hidden": True})
        sheet.write(0, LABEL, calculator.title, styles.title)
        lines = [calculator.summary, f"Source: {cite(calculator.citation)}",
                 *([f"Measured on: {calculator.measured_on}"] if calculator.measured_on else []),
                 "Yellow cells are inputs: type over them and every result recalculates. "
                 "All other cells are protected."]
        for row, line in enumerate(lines, start=1):
            sheet.merge_range(row, LABEL, row, ABOUT, line, styles.subtitle_wrap)
            self.fit_height(line, self.full_width(), row=row)
        self.row = len(lines) + 1
        write_summary(self)
        self.section("Inputs", ("Input", "Value", "Unit", HEADER, "What it means and accepts",
                                *(headers(self) if self.result.spans else ("", "")), "Name"))
        first = self.row
        for spec in calculator.inputs.values():
            self.input_row(spec)
        self.checks()
        self.section("Results", ("Result", "Value", "Unit", HEADER, "What it means",
                                 *headers(self), "Name", "Formula"))
        mark_beyond(self, first, self.row - 1)
        first = self.row
        for output in calculator.outputs.values():
            self.output_row(output)
        mark_beyond(self, first, self.row - 1)
        self.summary_marks()
        last = write_notes(self)
        self.workings()
        write_ranges(self)
        sheet.freeze_panes(5, 0)
        sheet.print_area(0, LABEL, last, PRINTED)
        self.break_pages(protect_and_fit(sheet, self.printed_widths()), last + 1)

    def workings(self) -> None:
        """Below the printed report: the charts, the constants and the source tables."""
        calculator = self.calculator
        self.row += 1
        self.sheet.merge_range(self.row, LABEL, self.row, PRINTED, WORKINGS,
                               self.styles.subtitle_wrap)
        self.fit_height(WORKINGS, self.full_width())
        self.row += 1
        self.chart_places()
        if calculator.constants:
            self.section("Constants", ("Constant", "Value", "Unit", "", "Source",
                                       *headers(self), "Name"))
            for constant in calculator.constants.values():
                self.constant_row(constant)
        if calculator.tables:
            self.section("Source tables", ())
            for table in calculator.tables.values():
                self.table(table)

    def page_points(self) -> float:
        """The rows, in points, a printed page of this sheet holds."""
        return page_height(print_scale(sum(map(column_points, self.printed_widths()))))

    def row_points(self, row: int) -> float:
        """The height of ``row`` in points."""
        return row_heights(self.sheet, row + 1)[row]

    def printed_widths(self) -> list[int]:
        """The widths of the printed columns, LABEL to ABOUT."""
        return [self.widths[column] for column in range(LABEL, PRINTED + 1)]

    def full_width(self) -> int:
        """The width of a cell merged across the printed columns, in characters."""
        return sum(self.printed_widths())

    def break_pages(self, percent: int, rows: int) -> None:
        """Page breaks for printing the first ``rows`` rows at ``percent``: each page as
        full as the smaller of A4 and Letter holds, never parting a block's heading from its
        first rows."""
        self.sheet.set_h_pagebreaks(page_starts(row_heights(self.sheet, rows),
                                                page_height(percent), self.keep,
                                                self.page_starts))

    def section(self, title: str, headers: tuple[str, ...]) -> None:
        """After a thin gap, a section's title band and its column headers, kept on a page
        with the first row that follows them."""
        self.sheet.set_row(self.row, GAP_POINTS)
        self.row += 1
        self.keep[self.row] = self.row + 1 + bool(headers)
        self.sheet.merge_range(self.row, LABEL, self.row, ABOUT, title, self.styles.section)
        self.row += 1
        if headers:
            self.sheet.write_row(self.row, LABEL, headers, self.styles.header)
            self.row += 1

    def describe(self, label: str, unit: str, name: str, about: str, label_style=None,
                 formula: str = "", unit_room: str | None = None, shown: str = "") -> None:
        """A row's label, unit, meaning, name and ``formula`` (a result's), the row tall
        enough for each, for ``unit_room`` in the unit's cell (the longest label a choice's
        unit cell may show) where it is given, and for a text result ``shown``."""
        self.sheet.write(self.row, LABEL, label, label_style or self.styles.label_wrap)
        self.sheet.write(self.row, UNIT, unit, self.styles.unit)
        self.sheet.write(self.row, NAME, name, self.styles.name)
        self.sheet.write(self.row, ABOUT, about, self.styles.about)
        if formula:
            self.sheet.write(self.row, FORMULA, formula, self.styles.formula)
        room_for_points(self.sheet, self.row, max(
            text_points(about, self.widths[ABOUT], SMALL_POINTS),
            text_points(label, self.widths[LABEL]),
            text_points(unit if unit_room is None else unit_room, self.widths[UNIT] - UNIT_INDENT),
            text_points(shown, self.widths[VALUE])))

    def fit_height(self, text: str, width: int, at_least: str = "", at_least_width: int = 1,
                   row: int | None = None) -> None:
        """Give ``row`` (the current row if None) room for ``text`` wrapped in a column
        ``width`` wide, and for ``at_least`` in a column ``at_least_width`` wide (XlsxWriter
        cannot autofit, and LibreOffice keeps the height it is given)."""
        room_for(self.sheet, self.row if row is None else row,
                 max(wrapped_lines(text, width), wrapped_lines(at_least, at_least_width)))

    def input_row(self, spec: Input) -> None:
        value = self.result.inputs[spec.id]
        about = f"{spec.help} Accepts {accepted(spec)}."
        if spec.id in self.linked:
            self.sheet.write_formula(self.row, VALUE, "=" + self.linked[spec.id],
                                     self.styles.echo(spec), cell_value(spec, value))
            about = (f"Set at {self.linked[spec.id]} for every calculator of this plan "
                     f"variant: change it there. {about}")
        else:
            write_value(self.sheet, self.row, VALUE, cell_value(spec, value),
                        self.styles.input(spec))
            self.sheet.data_validation(self.row, VALUE, self.row, VALUE, validation(spec))
        longest = max((label for _, label in spec.labels), key=len, default=spec.unit)
        self.describe(spec.title, spec.unit, spec.id, about, unit_room=longest)
        if spec.labels:
            self.sheet.write_formula(self.row, UNIT, "=" + label_formula(spec),
                                     self.styles.unit, dict(spec.labels).get(value, ""))
        self.name(spec.id, (self.row, VALUE))
        assumed = write_input_mark(self, spec, self.result.given)
        if assumed is not None:
            self.assumed_cells[spec.id] = assumed
            self.name(assumed_name(spec.id), (self.row, RESTS))
        refused = self.text_cell(self.row, refusal(spec))
        ends = write_input_ends(self, spec) if spec.id in self.result.spans else '""'
        own = self.problem_line(f'IF({valid(spec, spec.id)},{ends},{refused})')
        self.mark_when_set(own, [spec.id])
        self.row += 1

    def problem_line(self, own_formula: str) -> str:
        """The current line's own problem (``own_formula``, empty while none) and the first
        problem so far, in the hidden columns; the own cell's absolute reference."""
        own = absolute(self.row, PROBLEM_OWN)
        self.sheet.write_formula(self.row, PROBLEM_OWN, "=" + own_formula, None, "")
        first = own
        if self.problem_row is not None:
            above = xl_rowcol_to_cell(self.problem_row, PROBLEM_FIRST)
            first = f'IF({above}<>"",{above},{own})'
        self.sheet.write_formula(self.row, PROBLEM_FIRST, "=" + first, None, "")
        self.problem_row = self.row
        return own

    def mark_when_set(self, own: str, inputs) -> None:
        """Turn the cells of ``inputs`` red while the problem cell ``own`` is not empty."""
        for name in inputs:
            self.sheet.conditional_format(self.names[name].split("!")[1].replace("$", ""),
                                          {"type": "formula", "criteria": f'={own}<>""',
                                           "format": self.styles.refused})

    def output_row(self, output) -> None:
        value = self.result.outputs[output.id]
        self.sheet.write_formula(self.row, VALUE, f'=IF({FIRST_PROBLEM}<>"","",'
                                 f'{self.formula(output.tree)})', self.styles.output(output),
                                 value)
        self.describe(output.title, output.unit, output.id, output.help,
                      formula=f"{output.id} = {output.formula}",
                      shown=value if isinstance(value, str) else "")
        self.name(output.id, (self.row, VALUE))
        write_output_mark(self, output.id, self.assumed_cells)
        self.output_rows[output.id] = self.row
        self.row += 1

    def marks_cell(self, output_id: str) -> str:
        """The "Rests on" cell of a result, as another sheet refers to it."""
        cell = absolute(self.output_rows[output_id], RESTS)
        return f"{self.title}!{cell}"

    def input_mark_cell(self, input_id: str) -> str | None:
        """The "Rests on" cell of an input, as another sheet refers to it; None for an input
        given when the workbook was made, which has none."""
        cell = self.assumed_cells.get(input_id)
        return None if cell is None else f"{self.title}!{cell}"

    def summary_marks(self) -> None:
        """The summary's results show their letters too: each the result row's cell."""
        for output_id, row in self.summary_rows.items():
            cell = absolute(self.output_rows[output_id], RESTS)
            self.sheet.write_formula(row, RESTS, f"={cell}", self.styles.marks,
                                     letters(self.result.evidence[output_id]))
        if self.summary_rows:
            mark_beyond(self, min(self.summary_rows.values()), max(self.summary_rows.values()))

    def chart_places(self) -> None:
        """Room for each of the calculator's charts, under a line of help saying what it
        shows; the charts are drawn there once their figures are written."""
        if not self.calculator.charts:
            return
        self.page_starts.add(self.row + 1)
        self.section("Charts (they follow the inputs)", ())
        for chart in self.calculator.charts.values():
            self.keep[self.row] = self.row + CHART_ROWS
            self.sheet.merge_range(self.row, LABEL, self.row, ABOUT, chart.help, self.styles.wrap)
            self.fit_height(chart.help, self.full_width())
            self.chart_anchors[chart.id] = (self.row + 1, LABEL)
            self.row += 1 + CHART_ROWS
        self.page_starts.add(self.row + 1)

    def checks(self) -> None:
        """One line per rule between inputs: empty while it holds, the problem in red when
        the inputs typed break it (the stored result is for the defaults, which hold), its
        inputs red too. A rule is judged once every input is in its domain; the line ends
        the chain of problems, so it names ``first_problem``. The message's own cell is
        named ``check_message_N``: the line and the what-if rows word their problem from it."""
        inputs_problem = absolute(self.problem_row, PROBLEM_FIRST)
        for index, check in enumerate(self.calculator.checks, start=1):
            self.text_cell(self.row, check.message)
            self.name(check_message_name(index), (self.row, TEXTS))
            problem = f"{quoted(check.problem_opening)}&{check_message_name(index)}"
            own = self.problem_line(f'IF({inputs_problem}<>"","",'
                                    f'IF(NOT({self.formula(check.tree)}),{problem},""))')
            self.mark_when_set(own, check.names)
            self.merged_formula(own, "", check_name(index), self.styles.problem, check.problem)
        self.name(FIRST_PROBLEM, (self.problem_row, PROBLEM_FIRST))

    def formula(self, tree) -> str:
        """Formula text for an expression of the template over this sheet's names, each
        switch read as the boolean its cell's yes or no stands for."""
        return to_excel(tree, switches_read(self.calculator.inputs))

    def text_cell(self, row: int, text: str) -> str:
        """Write ``text`` in the hidden TEXTS column of ``row`` and return that cell's
        reference: a formula showing a text refers to its cell, since Excel refuses a text
        constant over 255 characters inside a formula (and "repairs" the file by dropping
        the formula)."""
        self.sheet.write_string(row, TEXTS, text)
        return xl_rowcol_to_cell(row, TEXTS)

    def merged_formula(self, formula: str, stored: str, name: str, style, height_for: str) -> None:
        """A full-width cell named ``name`` holding text ``formula`` (storing ``stored``),
        tall enough for ``height_for``."""
        self.sheet.merge_range(self.row, LABEL, self.row, ABOUT, "", style)
        self.sheet.write_formula(self.row, LABEL, "=" + formula, style, stored)
        self.name(name, (self.row, LABEL))
        self.fit_height(height_for, self.full_width())
        self.row += 1

    def constant_row(self, constant) -> None:
        self.sheet.write_number(self.row, VALUE, constant.value,
                                self.styles.figure(places(constant.value)))
        self.describe(constant.title, constant.unit, constant.id, cite(constant.citation))
        self.name(constant.id, (self.row, VALUE))
        self.constant_rows[constant.id] = self.row
        if constant.spread is not None:
            write_spread_ends(self, constant, self.row)
        self.row += 1

    def table(self, table: Table) -> None:
        """A table as a grid: first key down column A, second key across from column B."""
        sheet, styles = self.sheet, self.styles
        self.row += 1
        self.keep[self.row] = self.row + 3  # title, source, keys, first row
        sheet.merge_range(self.row, LABEL, self.row, UNIT, f"{table.title} ({table.unit})",
                          styles.header)
        sheet.write(self.row, NAME, table.id, styles.name)
        self.row += 1
        source = f"Source: {cite(table.citation)}"
        sheet.merge_range(self.row, LABEL, self.row, ABOUT, source, styles.wrap)
        self.fit_height(source, self.full_width())
        self.row += 1
        columns = table.col_keys or ("value",)
        header = self.row
        sheet.write(header, LABEL, " \\ ".join(table.keys), styles.key)
        for offset, column in enumerate(columns):
            write_value(sheet, header, VALUE + offset, column,
                        styles.figure(places(column), key=True))
        first, figure = header + 1, styles.figure(table.decimals)
        for index, row_key in enumerate(table.row_keys):
            write_value(sheet, first + index, LABEL, row_key,
                        styles.figure(places(row_key), key=True))
            for offset, column in enumerate(columns):
                key = (row_key, column) if table.col_keys else (row_key,)
                write_value(sheet, first + index, VALUE + offset, table.data[key], figure)
        last = first + len(table.row_keys) - 1
        values, *key_ranges = table_range_names(table.id, len(table.keys))
        self.name(values, (first, VALUE), (last, VALUE + len(columns) - 1))
        self.name(key_ranges[0], (first, LABEL), (last, LABEL))
        if table.col_keys:
            self.name(key_ranges[1], (header, VALUE), (header, VALUE + len(columns) - 1))
        self.row = last + 1


def column_widths(calculator: Calculator) -> dict[int, int]:
    """Each column's width: at least :data:`WIDTHS`, and enough for the longest name, the
    longest word of a unit and the widest value an input, result, constant or source figure can show (by the
    rule of :mod:`.fit`); titles, units, texts a result shows and choice labels wrap; the
    ABOUT column takes what is left of the printed page."""
    inputs, outputs = calculator.inputs.values(), calculator.outputs.values()
    bounds = output_ranges(calculator)
    values = [*map(widest_input, inputs),
              *(widest_output(output, bounds) for output in outputs
                if output.value_type != TEXT),  # texts wrap
              *(format_value(c.value, places(c.value)) for c in calculator.constants.values())]
    for table in calculator.tables.values():
        decimals = table.decimals  # worked out over every figure: once a table
        values += [format_value(figure, decimals) for figure in table.data.values()
                   if isinstance(figure, (int, float))]
    items = [*inputs, *outputs, *calculator.constants.values()]
    widths = {LABEL: WIDTHS[LABEL],
              VALUE: max(WIDTHS[VALUE], *map(column_width, values)),
              UNIT: max([WIDTHS[UNIT], *(column_width(word) + UNIT_INDENT
                                         for item in items for word in item.unit.split())]),
              RESTS: WIDTHS[RESTS]}
    return {**widths, ABOUT: width_left(widths.values()),
            LOW: widths[VALUE], HIGH: widths[VALUE],
            NAME: max(WIDTHS[NAME], *(column_width(item.id, monospace=True) for item in items)),
            FORMULA: WIDTHS[FORMULA]}


def label_formula(spec: Input) -> str:
    """Spreadsheet text naming the label of the choice in the input's cell (by its defined
    name), empty for a choice without a label."""
    formula = '""'
    for choice, label in reversed(spec.labels):
        formula = f"IF(EXACT({spec.id},{quoted(choice)}),{quoted(label)},{formula})"
    return formula
