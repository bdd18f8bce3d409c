"""One calculator on its own worksheet, named by its id, reading top to bottom: title and
source, inputs (styled as inputs, unlocked, with data validation), results (formulas over
defined names, each storing the engine's value so any viewer shows the right number), notes
that switch on by formula, constants and the source tables with their citations. Every
input, output, constant and table range is a defined name local to the sheet. The sheet is
protected without a password, so only inputs can be edited.
"""
from __future__ import annotations

from xlsxwriter.utility import xl_rowcol_to_cell

from .. import engine
from ..documents import cite
from ..emit_excel import quoted, to_excel
from ..model import Calculator, Input, Table
from ..names import check_name, note_name, shown_note_name, table_range_names
from .cells import validation, write_value
from .layout import (lines_needed, page_height, page_starts, protect_and_fit, room_for,
                     row_heights, width_left)
from .styles import Styles

LABEL, VALUE, UNIT, NAME, ABOUT, NOTE_OWN, NOTE_COUNT = range(7)
WIDTHS = {LABEL: 30, VALUE: 14, UNIT: 14, NAME: 34}
"""Column widths in characters; the unit column widens to the calculator's longest unit,
labels wrap, and the ABOUT column takes what is left of a page printed one page wide at
:data:`.layout.SMALLEST_SCALE`. NOTE_OWN and NOTE_COUNT are hidden helper columns for the
notes (see ``notes``)."""
CHART_ROWS = 17
"""Rows of the default height (20 pixels) kept free for each chart. Printed, the charts
start a page, and so does what follows them; each chart and its line of help stay on one
page."""


class CalculatorSheet:
    """Lays out one calculator on its own worksheet."""

    def __init__(self, book, styles: Styles, calculator: Calculator, result: engine.Result):
        self.book, self.styles, self.calculator, self.result = book, styles, calculator, result
        self.sheet = book.add_worksheet(calculator.id)
        self.row = 0
        self.widths: dict[int, int] = {}
        """Each printed column's width in characters (see WIDTHS)."""
        self.keep: dict[int, int] = {}
        """Rows printed on one page: a block's first row (its heading) and its last."""
        self.page_starts: set[int] = set()
        """Rows that always begin a printed page."""
        self.chart_anchors: dict[str, tuple[int, int]] = {}
        """The top left cell each chart is drawn at (see :mod:`.drawing`)."""
        self.names: dict[str, str] = {}
        """Each defined name and what it refers to (e.g. ``connect!$B$7``), so another sheet
        can define the same names for the same cells, or read them."""

    def name(self, name: str, first: tuple[int, int], last: tuple[int, int] | None = None):
        """Define ``name`` on this sheet for a cell or a range (absolute references)."""
        if last is None:
            reference = xl_rowcol_to_cell(*first, row_abs=True, col_abs=True)
        else:
            reference = range_text(*first, *last)
        self.names[name] = f"{self.calculator.id}!{reference}"
        self.book.define_name(f"{self.calculator.id}!{name}", "=" + self.names[name])

    def write(self) -> None:
        sheet, styles, calculator = self.sheet, self.styles, self.calculator
        longest_unit = max(len(item.unit) for item in (*calculator.inputs.values(),
                                                        *calculator.outputs.values()))
        self.widths = {**WIDTHS, UNIT: max(WIDTHS[UNIT], longest_unit + 1)}
        self.widths[ABOUT] = width_left(self.widths.values())
        for column, width in self.widths.items():
            sheet.set_column(column, column, width)
        sheet.write(0, LABEL, calculator.title, styles.title)
        lines = [calculator.summary, f"Source: {cite(calculator.citation)}",
                 *([f"Measured on: {calculator.measured_on}"] if calculator.measured_on else []),
                 "Yellow cells are inputs: type over them and every result recalculates. "
                 "All other cells are protected."]
        for row, line in enumerate(lines, start=1):
            sheet.merge_range(row, LABEL, row, ABOUT, line, styles.subtitle_wrap)
            self.fit_height(line, self.full_width(), row=row)
        self.row = len(lines) + 2
        self.section("Inputs", ("Input", "Value", "Unit", "Name", "What it means and accepts"))
        for spec in calculator.inputs.values():
            self.input_row(spec)
        self.checks()
        self.section("Results", ("Result", "Value", "Unit", "Name", "Meaning and formula"))
        for output in calculator.outputs.values():
            self.output_row(output)
        self.chart_places()
        self.notes()
        if calculator.constants:
            self.section("Constants", ("Constant", "Value", "Unit", "Name", "Source"))
            for constant in calculator.constants.values():
                self.constant_row(constant)
        if calculator.tables:
            self.section("Source tables", ())
            for table in calculator.tables.values():
                self.table(table)
        sheet.freeze_panes(5, 0)
        self.break_pages(protect_and_fit(sheet, self.widths.values()))

    def full_width(self) -> int:
        """The width of a cell merged across the printed columns, in characters."""
        return sum(self.widths.values())

    def break_pages(self, percent: int) -> None:
        """Page breaks for printing at ``percent``: each page as full as the smaller of A4
        and Letter holds, never parting a block's heading from its first rows."""
        self.sheet.set_h_pagebreaks(page_starts(row_heights(self.sheet, self.row),
                                                page_height(percent), self.keep,
                                                self.page_starts))

    def section(self, title: str, headers: tuple[str, ...]) -> None:
        """A section's title band and its column headers, kept on a page with the first
        row that follows them."""
        self.row += 1
        self.keep[self.row] = self.row + 1 + bool(headers)
        self.sheet.merge_range(self.row, LABEL, self.row, ABOUT, title, self.styles.section)
        self.row += 1
        if headers:
            self.sheet.write_row(self.row, LABEL, headers, self.styles.header)
            self.row += 1

    def describe(self, label: str, unit: str, name: str, about: str) -> None:
        self.sheet.write(self.row, LABEL, label, self.styles.label_wrap)
        self.sheet.write(self.row, UNIT, unit, self.styles.label)
        self.sheet.write(self.row, NAME, name, self.styles.name)
        self.sheet.write(self.row, ABOUT, about, self.styles.wrap)
        self.fit_height(about, self.widths[ABOUT], at_least=label,
                        at_least_width=self.widths[LABEL])

    def fit_height(self, text: str, width: int, at_least: str = "", at_least_width: int = 1,
                   row: int | None = None) -> None:
        """Give ``row`` (the current row if None) room for ``text`` wrapped in a column
        ``width`` wide, and for ``at_least`` in a column ``at_least_width`` wide (XlsxWriter
        cannot autofit, and LibreOffice keeps the height it is given)."""
        room_for(self.sheet, self.row if row is None else row,
                 max(lines_needed(text, int(width * 1.1)),
                     lines_needed(at_least, int(at_least_width * 1.1))))

    def input_row(self, spec: Input) -> None:
        write_value(self.sheet, self.row, VALUE, self.result.inputs[spec.id],
                    self.styles.input[spec.type])
        self.sheet.data_validation(self.row, VALUE, self.row, VALUE, validation(spec))
        self.describe(spec.title, spec.unit, spec.id, f"{spec.help} Accepts {spec.accepts()}.")
        self.name(spec.id, (self.row, VALUE))
        self.row += 1

    def output_row(self, output) -> None:
        value = self.result.outputs[output.id]
        self.sheet.write_formula(self.row, VALUE, "=" + to_excel(output.tree),
                                 self.styles.output(output), value)
        about = f"{output.help} [{output.id} = {output.formula}]"
        self.describe(output.title, output.unit, output.id, about)
        if isinstance(value, str):
            self.fit_height(value, self.widths[VALUE], at_least=about,
                            at_least_width=self.widths[ABOUT])
        self.name(output.id, (self.row, VALUE))
        self.row += 1

    def notes(self) -> None:
        """The notes that apply, first to last and without gaps: line k shows the k-th note
        whose condition holds, so notes that do not apply leave no blank lines between the
        ones that do. Two hidden helper columns hold, on note N's line, note N's own text
        while it applies (the name ``note_N``) and how many of notes 1..N apply; line k
        finds the k-th by an exact MATCH of k in that running count."""
        notes = self.calculator.notes
        if not notes:
            return
        self.section("Notes (those that apply to the inputs above)", ())
        self.sheet.set_column(NOTE_OWN, NOTE_COUNT, None, None, {"hidden": True})
        first, last = self.row, self.row + len(notes) - 1
        applying, count = set(self.result.notes), 0
        for index, note in enumerate(notes, start=1):
            row = first + index - 1
            own = xl_rowcol_to_cell(row, NOTE_OWN)
            count += note.text in applying
            above = f"{xl_rowcol_to_cell(row - 1, NOTE_COUNT)}+" if index > 1 else ""
            self.sheet.write_formula(row, NOTE_OWN, f"=IF({to_excel(note.tree)},"
                                     f"{quoted(note.text)},\"\")", None,
                                     note.text if note.text in applying else "")
            self.sheet.write_formula(row, NOTE_COUNT, f'={above}IF({own}<>"",1,0)', None, count)
            self.name(note_name(index), (row, NOTE_OWN))
        texts = range_text(first, NOTE_OWN, last, NOTE_OWN)
        counts = range_text(first, NOTE_COUNT, last, NOTE_COUNT)
        total = xl_rowcol_to_cell(last, NOTE_COUNT, row_abs=True, col_abs=True)
        for k in range(1, len(notes) + 1):
            shown = self.result.notes[k - 1] if k <= len(self.result.notes) else ""
            longest = max((note.text for note in notes[k - 1:]), key=len)
            self.merged_formula(f'IF({k}<={total},INDEX({texts},MATCH({k},{counts},0)),"")',
                                shown, shown_note_name(k), self.styles.note, longest)

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
        """One line per rule between inputs: empty while it holds, its message in red when
        the inputs typed break it (the stored result is for the defaults, which hold)."""
        for index, check in enumerate(self.calculator.checks, start=1):
            self.text_when(f"NOT({to_excel(check.tree)})", check.message, False,
                           check_name(index), self.styles.problem)

    def text_when(self, condition: str, text: str, shown: bool, name: str, style) -> None:
        """A full-width cell showing ``text`` while the spreadsheet ``condition`` holds."""
        self.merged_formula(f'IF({condition},{quoted(text)},"")', text if shown else "",
                            name, style, text)

    def merged_formula(self, formula: str, stored: str, name: str, style, height_for: str) -> None:
        """A full-width cell named ``name`` holding text ``formula`` (storing ``stored``),
        tall enough for ``height_for``."""
        self.sheet.merge_range(self.row, LABEL, self.row, ABOUT, "", style)
        self.sheet.write_formula(self.row, LABEL, "=" + formula, style, stored)
        self.name(name, (self.row, LABEL))
        self.fit_height(height_for, self.full_width())
        self.row += 1

    def constant_row(self, constant) -> None:
        self.sheet.write_number(self.row, VALUE, constant.value, self.styles.cell)
        self.describe(constant.title, constant.unit, constant.id, cite(constant.citation))
        self.name(constant.id, (self.row, VALUE))
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
            write_value(sheet, header, VALUE + offset, column, styles.key)
        first = header + 1
        for index, row_key in enumerate(table.row_keys):
            write_value(sheet, first + index, LABEL, row_key, styles.key)
            for offset, column in enumerate(columns):
                key = (row_key, column) if table.col_keys else (row_key,)
                write_value(sheet, first + index, VALUE + offset, table.data[key], styles.cell)
        last = first + len(table.row_keys) - 1
        values, *key_ranges = table_range_names(table.id, len(table.keys))
        self.name(values, (first, VALUE), (last, VALUE + len(columns) - 1))
        self.name(key_ranges[0], (first, LABEL), (last, LABEL))
        if table.col_keys:
            self.name(key_ranges[1], (header, VALUE), (header, VALUE + len(columns) - 1))
        self.row = last + 1


def range_text(first_row: int, first_col: int, last_row: int, last_col: int) -> str:
    """An absolute A1 range."""
    return (xl_rowcol_to_cell(first_row, first_col, row_abs=True, col_abs=True) + ":"
            + xl_rowcol_to_cell(last_row, last_col, row_abs=True, col_abs=True))
