"""The Plan sheet of a plan workbook (:mod:`.plan_book`): each variant's machine, its CPU by
address space, in total, as a share of the LPAR and in MSU, each variant's difference from
the first, the contributions those sums add up, a chart of CPU by address space and
variant, and the notes that apply.

Nothing here is a formula of its own. A contribution is a reference to the output's cell on
the variant's calculator sheet; an address space's figure and the total are plain sums of
contributions, in the engine's order (:mod:`calc.inputs.plan_run`), so they agree to the last bit;
% of the LPAR and MSU are the machine part's own formulas, emitted from its expression trees
with the CPU rate read from the total and the machine inputs from the variant's machine
cells. Those machine cells are the variant's inputs: every calculator sheet of the variant
shows them by reference (:attr:`.calculator_sheet.CalculatorSheet.linked`), so the machine
is changed once, here. While any calculator sheet of a variant has a problem with its
inputs, the variant's status names it and its figures are empty, as a calculator sheet's
results are.

Where a variant carries a measurement, its figures are yellow cells too (the variant
measured's; a variant like it refers to them), and an address space they cover is what was
measured plus the calculators' change from the variant measured, in the engine's order
(:func:`calc.inputs.plan_run.measured_spaces`).
"""
from __future__ import annotations

from xlsxwriter.utility import quote_sheetname, xl_col_to_name, xl_rowcol_to_cell

from calc import engine
from calc.core.model import ADDRESS_SPACES, ASSUMED, BEYOND_LIMIT, CPU_RATE_UNIT, MARKS, space_label
from calc.core.names import FIRST_PROBLEM, MEASURED_IN_KEY, NOTES_SHOWN
from calc.core.names import PLAN_SHEET as SHEET
from calc.core.names import VARIANT_KEY, assumed_name, note_name, plan_cell_name, sheet_key
from calc.engine.evidence import LETTERS, letters
from calc.formula import expr
from calc.formula.emit_excel import quoted, to_excel
from calc.inputs.plan import RATE_DECIMALS, machine_inputs, measured_figures, measured_input
from calc.inputs.plan_run import (HEADROOM, RATE_NAME, TARGET, TOTAL, NoteSource, PlanResult,
                                  note_sources, share_limits, share_outputs, share_trees)
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.cells import absolute, validation, write_value
from calc.workbook.evidence_cells import default_literal
from calc.workbook.fit import column_width
from calc.workbook.input_state import cell_value
from calc.workbook.layout import column_pixels, protect_and_fit, room_for
from calc.workbook.notes_block import (BULLET, CHARACTERS_PER_WIDTH, Columns, Line, note_lines,
                                       write_heading, write_lines)
from calc.workbook.styles import Styles
from calc.workbook.values_table import PLAN_COLUMNS, Formula, values_sheet_name, write_table

LABEL, UNIT, FIRST_VARIANT = 0, 1, 2
WIDTHS = {LABEL: 36, UNIT: 10}
VARIANT_WIDTH = 16
"""Width in characters of each variant's and each difference's column."""
MACHINE_FIRST = 6
"""The row of the first machine input (0-based): after the title, three lines of help, the
section band and its headers. Fixed, so the calculator sheets can refer to the machine
cells before the rest of the sheet is laid out."""
ALL_VALID = "All valid"
"""A variant's status while every input of every calculator sheet of it is valid."""
FIGURE_LINES = 9
"""Lines of the figures' block besides one per address space: its band, headers, status,
total, what it rests on, % of the LPAR, what it rests on, MSU and the headroom to the
target share."""
CHART_HEIGHT = 330
"""The chart's height in pixels, as tall as a calculator sheet's charts (:mod:`.drawing`)."""
LEAD_LIMIT = 32767
"""Characters MID keeps of a note's calculators or variants: a cell's most (Excel's
specifications and limits), so it never cuts one."""
NOTES_HEADING = "Notes (those that apply to the variants' inputs)"
CHART_ROWS = 18
"""Rows of 20 pixels kept free for the chart; printed, it starts a page."""


def machine_cell(variant: int, name: str) -> str:
    """The absolute reference of the machine input ``name`` of the ``variant``-th variant
    (0-based) on the Plan sheet, as a calculator sheet reads it."""
    row = MACHINE_FIRST + list(machine_inputs()).index(name)
    return f"{SHEET}!{absolute(row, FIRST_VARIANT + variant)}"


class PlanSheet:
    """Lays out the Plan sheet over the calculator sheets already written for the plan."""

    def __init__(self, book, sheet, styles: Styles, plan: PlanResult, source: str,
                 written: list[dict[str, CalculatorSheet]]):
        """``written``: per variant, calculator id -> its written sheet."""
        self.book, self.sheet, self.styles, self.plan = book, sheet, styles, plan
        self.source, self.written = source, written
        self.count = len(plan.variants)
        self.row = 0
        self.names_row = 0
        """The row of the variants' names over their figures, which names the chart's
        series."""
        self.contribution_cells: list[dict[tuple[str, str], str]] = [{} for _ in written]
        """Per variant, (calculator, output) -> the contribution's cell on this sheet."""
        self.measured_cells: list[dict[str, str]] = [{} for _ in written]
        """Per variant, measured figure name -> its cell on this sheet."""
        self.figure_rows: list[tuple[str, str, str, list[float], int]] = []
        """Each figure row: its key, label, unit, the variants' values and its row."""
        self.contribution_rows: list[tuple[str, str, str, str]] = []
        """Each contribution row: calculator id, output id, their titles as a reader reads
        them (``Calculator title: output title``) and its address space's label."""
        self.total_row = 0
        """The row of the variants' totals."""
        self.space_cells: list[dict[str, tuple[str, str]]] = [{} for _ in written]
        """Per variant, each measured address space -> the cells of what was measured there
        and of the calculators' change from the variant measured."""

    def column(self, variant: int) -> int:
        return FIRST_VARIANT + variant

    def difference_column(self, variant: int) -> int:
        """The column of the ``variant``-th variant's difference from the first (1-based)."""
        return FIRST_VARIANT + self.count + variant - 1

    def cell(self, row: int, column: int) -> str:
        return absolute(row, column)

    def name(self, key: str, variant: int, row: int, column: int | None = None) -> None:
        """Name ``key`` of the ``variant``-th variant the cell at ``row`` in its column (or
        in ``column``)."""
        reference = self.cell(row, self.column(variant) if column is None else column)
        self.book.define_name(f"{SHEET}!{plan_cell_name(key, variant)}", f"={SHEET}!{reference}")

    def name_for_readers(self) -> None:
        """The names by which a reader rebuilds the plan from the workbook
        (:mod:`calc.inputs.workbook.plan_reader`): each variant's name cell, the name cell of
        the variant whose measurement it carries, and cell A1 of each of its calculator
        sheets (a reference, so it follows a sheet renamed)."""
        names_row = MACHINE_FIRST - 1
        for index, variant in enumerate(self.plan.variants):
            self.name(VARIANT_KEY, index, names_row)
            if variant.variant.measured_in is not None:
                self.name(MEASURED_IN_KEY, index, names_row, self.column(self.origin(index)))
            for calculator_id, written in self.written[index].items():
                self.book.define_name(f"{SHEET}!{plan_cell_name(sheet_key(calculator_id), index)}",
                                      f"={quote_sheetname(written.title)}!$A$1")

    def write(self) -> None:
        sheet, styles = self.sheet, self.styles
        last = self.difference_column(self.count - 1) + 1
        self.widths = {LABEL: max(WIDTHS[LABEL], *self.contribution_widths()),
                       UNIT: WIDTHS[UNIT],
                       **dict.fromkeys(range(FIRST_VARIANT, last), VARIANT_WIDTH),
                       last: max(column_width(space_label(space)) for space in ADDRESS_SPACES)}
        for column, width in self.widths.items():
            sheet.set_column(column, column, width)
        sheet.write(0, LABEL, f"Plan: {self.plan.heading}", styles.title)
        lines = [f"From the plan file {self.source}; the first variant, "
                 f"{self.plan.variants[0].name}, is the baseline the others are compared with.",
                 "Change a variant's machine in its yellow cells below: every calculator sheet "
                 "of the variant reads them.",
                 "Change a calculator's other inputs on its sheet, named variant.calculator "
                 "(e.g. " + next(iter(self.written[0].values())).title + "): this sheet "
                 "recalculates."]
        for row, line in enumerate(lines, start=1):
            sheet.write(row, LABEL, line, styles.subtitle)
        self.row = MACHINE_FIRST - 2
        self.machine()
        self.name_for_readers()
        figures_top = self.row
        self.status_row = figures_top + 2  # under the band and the headers
        chart_row = figures_top + FIGURE_LINES + len(self.plan.spaces) + 1
        self.row = chart_row + CHART_ROWS + 1
        self.contributions()
        self.row += 1
        if any(variant.measured for variant in self.plan.variants):
            self.measurements()
            self.row += 1
        self.notes()
        self.row = figures_top
        self.chart(self.figures(), chart_row)
        sheet.freeze_panes(MACHINE_FIRST - 1, UNIT + 1)
        sheet.set_h_pagebreaks([chart_row])
        protect_and_fit(sheet, self.widths.values())
        self.figures_table()

    def figures_table(self) -> None:
        """The figures of every variant as one flat table, for scripts
        (:mod:`.values_table`)."""
        rows = [[variant.name, key, label, unit,
                 Formula(f"={SHEET}!{self.cell(row, self.column(index))}", values[index])]
                for index, variant in enumerate(self.plan.variants)
                for key, label, unit, values, row in self.figure_rows]
        write_table(self.book, values_sheet_name(SHEET), PLAN_COLUMNS, rows)

    def contribution_widths(self) -> list[int]:
        """The widths the contributions' labels need (they are ids, in a monospace font)."""
        return [column_width(f"{c.calculator}: {c.output}", monospace=True)
                for variant in self.plan.variants for c in variant.contributions]

    def headers(self, title: str, first: str, differences: bool, last: str = "") -> None:
        """A section band and its column headers."""
        sheet, styles, count = self.sheet, self.styles, self.count
        end = self.difference_column(count - 1) + bool(last)
        sheet.merge_range(self.row, LABEL, self.row, end, title, styles.section)
        self.row += 1
        names = [v.name for v in self.plan.variants]
        shown = [first, "Unit", *names]
        if differences:
            shown += [f"{name} − {names[0]}" for name in names[1:]]
        if last:
            shown.append(last)
        sheet.write_row(self.row, LABEL, shown, styles.header)
        self.row += 1

    def machine(self) -> None:
        """The machine inputs, one row each, a yellow cell per variant."""
        self.headers("Machine: each variant's, shared by all its calculators",
                     "Machine input", differences=False)
        assert self.row == MACHINE_FIRST
        for name, spec in machine_inputs().items():
            self.sheet.write(self.row, LABEL, spec.title, self.styles.label)
            self.sheet.write(self.row, UNIT, spec.unit, self.styles.label)
            for index, variant in enumerate(self.plan.variants):
                column = self.column(index)
                write_value(self.sheet, self.row, column,
                            cell_value(spec, variant.variant.machine[name]),
                            self.styles.input(spec))
                self.sheet.data_validation(self.row, column, self.row, column, validation(spec))
                self.name(name, index, self.row)
                if name not in variant.variant.machine_values():  # left to its default
                    self.name(assumed_name(name), index, self.row)
            self.row += 1
        self.row += 1

    def figures(self) -> list[int]:
        """Status, CPU per address space, total, % of the LPAR and MSU; returns the rows of
        the address spaces (the chart's categories)."""
        self.headers("CPU by address space", "Address space", differences=True)
        self.names_row = self.row - 1
        self.status()
        spaces = self.plan.spaces
        space_rows = []
        for space in spaces:
            space_rows.append(self.row)
            self.figure_row(space_label(space), CPU_RATE_UNIT, space,
                            RATE_DECIMALS, lambda index, s=space: self.space_sum(index, s),
                            [v.by_space[space] for v in self.plan.variants])
        total_row = self.total_row = self.row
        self.figure_row("Total", CPU_RATE_UNIT, TOTAL, RATE_DECIMALS,
                        lambda index: self.total(index, space_rows),
                        [v.total for v in self.plan.variants], bold=True)
        self.marks_row(TOTAL, lambda index: {BEYOND_LIMIT: self.below_zero(index, space_rows)})
        for tree, (name, (title, unit, decimals)) in zip(share_trees(),
                                                        share_outputs().items()):
            share_row = self.row
            self.figure_row(title, unit, name, decimals,
                            lambda index, t=tree: self.share(index, t, total_row),
                            [getattr(v, name) for v in self.plan.variants])
            if name == "lpar_busy_pct":
                self.marks_row(name, lambda index, t=tree: {
                    BEYOND_LIMIT: [*self.below_zero(index, space_rows),
                                   *self.share_limits(index, total_row, share_row)],
                    ASSUMED: self.machine_assumed(index, t)})
                headroom = (share_row, decimals, unit)
        share_row, decimals, unit = headroom
        self.figure_row(HEADROOM, unit, "headroom_pct", decimals,
                        lambda index: f"{machine_cell(index, TARGET).split('!')[1]}-"
                                      f"{self.cell(share_row, self.column(index))}",
                        [v.headroom_pct for v in self.plan.variants])
        return space_rows

    def marks_row(self, key: str, own) -> None:
        """Under a variant's figure, the letters of what it rests on, live: every letter of
        its contributions' "Rests on" cells on the calculator sheets, and each mark while
        one of its own conditions holds (``own(index)``: mark -> Excel conditions)."""
        sheet, styles = self.sheet, self.styles
        sheet.write(self.row, LABEL, "  rests on (! X S A: see each calculator sheet)",
                    styles.label)
        for index, variant in enumerate(self.plan.variants):
            cells = [self.written[index][c.calculator].marks_cell(c.output)
                     for c in variant.marked_contributions]
            parts = []
            for kind in MARKS:
                letter = quoted(LETTERS[kind])
                held = [f"ISNUMBER(FIND({letter},{cell}))" for cell in cells]
                held += own(index).get(kind, [])
                if held:
                    parts.append(f'IF(OR({",".join(held)}),{letter},"")')
            status = self.cell(self.status_row, self.column(index))
            formula = "&".join(parts) or '""'
            sheet.write_formula(self.row, self.column(index),
                                f'=IF({status}<>{quoted(ALL_VALID)},"",{formula})',
                                styles.marks, letters(variant.evidence[key]))
        sheet.conditional_format(self.row, self.column(0), self.row,
                                 self.column(self.count - 1),
                                 {"type": "text", "criteria": "containing", "value": "!",
                                  "format": styles.refused})
        self.row += 1

    def machine_assumed(self, index: int, tree) -> list[str]:
        """The ``index``-th variant's machine inputs ``tree`` reads that the plan left to
        their defaults, each while its cell still holds the default (the calculator sheets'
        rule, :mod:`.evidence_cells`)."""
        given = self.plan.variants[index].variant.machine_values()
        specs = machine_inputs()
        return [f"{machine_cell(index, name).split('!')[1]}={default_literal(specs[name])}"
                for name in expr.names(tree) if name in specs and name not in given]

    def share_limits(self, index: int, total_row: int, share_row: int) -> list[str]:
        """The machine part's limits on the share, for the ``index``-th variant's cells."""
        cells = {RATE_NAME: self.cell(total_row, self.column(index)),
                 "lpar_busy_pct": self.cell(share_row, self.column(index))}
        return [to_excel(tree, lambda name: cells.get(name)
                         or machine_cell(index, name).split("!")[1])
                for tree, _ in share_limits()]

    def status(self) -> None:
        """Each variant's first problem among its calculator sheets, or :data:`ALL_VALID`."""
        self.sheet.write(self.row, LABEL, "Status (the first problem with any input)",
                         self.styles.label)
        for index, sheets in enumerate(self.written):
            formula = quoted(ALL_VALID)
            for written in reversed(sheets.values()):
                problem = written.names[FIRST_PROBLEM]
                formula = f'IF({problem}<>"",{quoted(written.title + ": ")}&{problem},{formula})'
            self.sheet.write_formula(self.row, self.column(index), "=" + formula,
                                     self.styles.status, ALL_VALID)
            self.name("status", index, self.row)
        assert self.status_row == self.row
        self.row += 1

    def figure_row(self, label: str, unit: str, key: str, decimals: int, formula,
                   values: list[float], bold: bool = False) -> None:
        """One figure per variant (``formula(index)``, empty while the variant's status is
        not :data:`ALL_VALID`), then each difference from the first."""
        sheet, styles = self.sheet, self.styles
        sheet.write(self.row, LABEL, label, styles.headline if bold else styles.label)
        sheet.write(self.row, UNIT, unit, styles.label)
        self.figure_rows.append((key, label, unit, values, self.row))
        look = styles.figure(decimals)
        for index, value in enumerate(values):
            status = self.cell(self.status_row, self.column(index))
            sheet.write_formula(self.row, self.column(index),
                                f'=IF({status}<>{quoted(ALL_VALID)},"",{formula(index)})',
                                look, value)
            self.name(key, index, self.row)
        first = xl_rowcol_to_cell(self.row, self.column(0))
        for index in range(1, self.count):
            here = xl_rowcol_to_cell(self.row, self.column(index))
            sheet.write_formula(self.row, self.difference_column(index),
                                f'=IF(OR({first}="",{here}=""),"",{here}-{first})',
                                styles.figure(decimals), values[index] - values[0])
        self.row += 1

    def space_sum(self, index: int, space: str) -> str:
        """The ``index``-th variant's figure of ``space``: what was measured plus the
        calculators' change, where its measurement covers the address space, else the sum
        of its contributions to it."""
        if space in self.space_cells[index]:
            return "+".join(self.space_cells[index][space])
        return self.sum_of(index, space)

    def total(self, index: int, space_rows: list[int]) -> str:
        """The ``index``-th variant's total: the sum of its address spaces' figures where
        it carries a measurement (the engine's order), else of its contributions."""
        if not self.plan.variants[index].measured:
            return self.sum_of(index, None)
        return "+".join(self.cell(row, self.column(index)) for row in space_rows)

    def below_zero(self, index: int, space_rows: list[int]) -> list[str]:
        """Whether a measured address space's figure of the ``index``-th variant is below
        zero (the calculators' saving is more than was measured), one condition each."""
        spaces = self.plan.spaces
        return [f"{self.cell(row, self.column(index))}<0"
                for space, row in zip(spaces, space_rows) if space in self.space_cells[index]]

    def sum_of(self, index: int, space: str | None) -> str:
        """The sum of the ``index``-th variant's contributions (those to ``space``, or all),
        in the engine's order; 0 where there are none."""
        variant = self.plan.variants[index]
        cells = [self.contribution_cells[index][c.calculator, c.output]
                 for c in variant.contributions if space in (None, c.address_space)]
        return "+".join(cells) or "0"

    def share(self, index: int, tree, total_row: int) -> str:
        """A machine part share formula for the ``index``-th variant."""
        total = self.cell(total_row, self.column(index))
        return to_excel(tree, lambda name: total if name == RATE_NAME
                        else machine_cell(index, name).split("!")[1])

    def contributions(self) -> None:
        """Each declared part of a calculator's CPU, by variant: a reference to its cell."""
        self.headers("Contributions: each calculator's declared parts, which the sums above "
                     "add up", "Calculator: output", differences=True, last="Address space")
        rows: dict[tuple[str, str], str] = {}
        for variant in self.plan.variants:
            for c in variant.contributions:
                rows.setdefault((c.calculator, c.output), c.address_space)
        for (calculator, output), space in rows.items():
            self.contribution_row(calculator, output, space)

    def contribution_row(self, calculator: str, output: str, space: str) -> None:
        sheet, styles = self.sheet, self.styles
        sheet.write(self.row, LABEL, f"{calculator}: {output}", styles.name)
        sheet.write(self.row, UNIT, CPU_RATE_UNIT, styles.label)
        spec = engine.calculator(calculator)
        self.contribution_rows.append((calculator, output,
                                       f"{spec.title}: {spec.outputs[output].title}",
                                       space_label(space)))
        look = styles.figure(RATE_DECIMALS)
        values = []
        for index, variant in enumerate(self.plan.variants):
            found = [c for c in variant.contributions
                     if (c.calculator, c.output) == (calculator, output)]
            values.append(found[0].cpu_seconds_per_sec if found else None)
            if found:
                source = self.written[index][calculator].names[output]
                sheet.write_formula(self.row, self.column(index), "=" + source, look,
                                    values[-1])
                self.contribution_cells[index][calculator, output] = \
                    self.cell(self.row, self.column(index))
                self.name(f"{calculator}.{output}", index, self.row)
            else:
                sheet.write(self.row, self.column(index), "not used", styles.label)
        self.differences(values, RATE_DECIMALS)
        sheet.write(self.row, self.difference_column(self.count - 1) + 1,
                    space_label(space), styles.label)
        room_for(sheet, self.row, 1)
        self.row += 1

    def figure_cell(self, key: str, variant: int) -> str:
        """The reference, from another sheet, of the ``variant``-th variant's figure ``key``
        (a figure row's: an address space, ``total``, ``lpar_busy_pct``, ``msu``,
        ``headroom_pct``)."""
        row = next(row for name, _, _, _, row in self.figure_rows if name == key)
        return f"{SHEET}!{self.cell(row, self.column(variant))}"

    def contribution_value(self, variant: int, calculator: str, output: str) -> float:
        """The ``variant``-th variant's contribution of ``output``, 0 where it has none."""
        return next((c.cpu_seconds_per_sec for c in self.plan.variants[variant].contributions
                     if (c.calculator, c.output) == (calculator, output)), 0.0)

    def measurements(self) -> None:
        """Each measured figure any variant carries, a row each: a yellow cell in the
        variant measured, a reference to it in a variant like it; then, per address space
        measured, what was measured there (its whole figure where given, else the sum of
        its parts) and the calculators' change from the variant measured, which the address
        space's figure above adds up."""
        variants = self.plan.variants
        names = [name for name in measured_figures()
                 if any(name in variant.variant.measured for variant in variants)]
        self.headers("Measured: what each variant's system used (type SMF's or RMF's figures "
                     "in the yellow cells), and the calculators' change since",
                     "Measured figure", differences=True, last="Address space")
        for name in names:
            self.measured_row(name)
        spaces = [space for space in self.plan.spaces
                  if any(space in variant.measured for variant in variants)]
        for space in spaces:
            measured_row, change_row = self.row, self.row + 1
            self.derived_row(f"{space_label(space)}: measured", space,
                             lambda index, s=space: self.measured_sum(index, s),
                             lambda variant, s=space: variant.measured.get(s))
            self.derived_row(f"{space_label(space)}: calculators' change", space,
                             lambda index, s=space: self.change(index, s),
                             lambda variant, s=space: variant.change.get(s))
            for index, variant in enumerate(variants):
                if space in variant.measured:
                    self.space_cells[index][space] = (self.cell(measured_row, self.column(index)),
                                                      self.cell(change_row, self.column(index)))
        for line in ("An address space's measurement is its whole figure (RMF's) where given, "
                     "else the sum of its parts (SMF's).",
                     "The calculators' change is a variant's parts there less those of the "
                     "variant measured."):
            self.sheet.write(self.row, LABEL, line, self.styles.subtitle)
            self.row += 1

    def origin(self, index: int) -> int:
        """The position of the variant whose measurement the ``index``-th variant carries."""
        measured_in = self.plan.variants[index].variant.measured_in
        return next(number for number, variant in enumerate(self.plan.variants)
                    if variant.name == measured_in)

    def measured_row(self, name: str) -> None:
        """One measured figure: typed in the variant measured, referred to in one like it."""
        sheet, styles, spec = self.sheet, self.styles, measured_input(name)
        sheet.write(self.row, LABEL, spec.title, styles.label)
        sheet.write(self.row, UNIT, spec.unit, styles.label)
        values = []
        for index, variant in enumerate(self.plan.variants):
            column, own = self.column(index), variant.variant.own_measured
            values.append(variant.variant.measured.get(name))
            if name in own:
                write_value(sheet, self.row, column, cell_value(spec, own[name]),
                            styles.input(spec))
                sheet.data_validation(self.row, column, self.row, column, validation(spec))
            elif name in variant.variant.measured:
                sheet.write_formula(self.row, column, "=" + self.measured_cells[
                    self.origin(index)][name], styles.figure(RATE_DECIMALS), values[-1])
            else:
                sheet.write(self.row, column, "not measured", styles.label)
                continue
            self.measured_cells[index][name] = self.cell(self.row, column)
            self.name(f"measured.{name}", index, self.row)
        self.differences(values, RATE_DECIMALS)
        sheet.write(self.row, self.difference_column(self.count - 1) + 1,
                    space_label(measured_figures()[name].address_space), styles.label)
        self.row += 1

    def derived_row(self, label: str, space: str, formula, value) -> None:
        """A measured address space's row worked out from cells above (``formula(index)``
        of each variant measuring it, empty while its status is not :data:`ALL_VALID`)."""
        sheet, look = self.sheet, self.styles.figure(RATE_DECIMALS)
        sheet.write(self.row, LABEL, label, self.styles.label)
        sheet.write(self.row, UNIT, CPU_RATE_UNIT, self.styles.label)
        values = [value(variant) for variant in self.plan.variants]
        for index, shown in enumerate(values):
            if shown is None:
                sheet.write(self.row, self.column(index), "not measured", self.styles.label)
                continue
            status = self.cell(self.status_row, self.column(index))
            sheet.write_formula(self.row, self.column(index),
                                f'=IF({status}<>{quoted(ALL_VALID)},"",{formula(index)})',
                                look, shown)
        self.differences(values, RATE_DECIMALS)
        sheet.write(self.row, self.difference_column(self.count - 1) + 1, space_label(space),
                    self.styles.label)
        self.row += 1

    def measured_sum(self, index: int, space: str) -> str:
        """What the ``index``-th variant measured in ``space``: its whole figure where
        given, else the sum of its parts, in the templates' order."""
        cells, known = self.measured_cells[index], measured_figures()
        named = [name for name in known if name in cells
                 and known[name].address_space == space]
        whole = [name for name in named if known[name].whole]
        return "+".join(cells[name] for name in (whole[:1] or named))

    def change(self, index: int, space: str) -> str:
        """The calculators' change in ``space`` from the variant measured: the
        ``index``-th variant's contributions there less that variant's."""
        origin = self.origin(index)
        status = self.cell(self.status_row, self.column(origin))
        return (f'IF({status}<>{quoted(ALL_VALID)},"",'
                f"({self.sum_of(index, space)})-({self.sum_of(origin, space)}))")

    def differences(self, values: list, decimals: int) -> None:
        """Each variant's value on the current row less the first's, where both have one."""
        first = xl_rowcol_to_cell(self.row, self.column(0))
        for index in range(1, self.count):
            if values[0] is None or values[index] is None:
                continue
            here = xl_rowcol_to_cell(self.row, self.column(index))
            self.sheet.write_formula(self.row, self.difference_column(index),
                                     f'=IF(OR({first}="",{here}=""),"",{here}-{first})',
                                     self.styles.figure(decimals), values[index] - values[0])

    def notes(self) -> None:
        """Every note that applies in any variant, gathered live as a calculator sheet's are
        (:mod:`.notes_block`), each once, led by the calculators and variants it holds in:
        as ``mqcalc plan`` prints them, in the order of :func:`calc.inputs.plan_run.note_sources`.
        Three hidden columns past the figures hold each note's condition, its lines and
        their count; the shown lines are named ``notes_shown``, as on a calculator sheet."""
        groups = note_sources(self.plan.variants)
        if not groups:
            return
        sheet, end = self.sheet, self.difference_column(self.count - 1) + 1
        heading = self.row
        sheet.merge_range(heading, LABEL, heading, end, "", self.styles.section)
        self.row += 1
        own_column, columns = end + 2, Columns(LABEL, end + 3, end + 4)
        sheet.set_column(own_column, columns.count, None, None, {"hidden": True})
        characters = int(sum(self.widths.values()) * CHARACTERS_PER_WIDTH)
        holding = {note.text: note for note in self.plan.notes}
        first, lines = self.row, []
        for text, sources in groups.items():
            row = first + len(lines)
            conditions = [(source, self.note_condition(source)) for source in sources]
            sheet.write_formula(row, own_column,
                                f"=OR({','.join(condition for _, condition in conditions)})",
                                None, text in holding)
            own = self.cell(row, own_column)
            lead = self.lead(conditions)
            chunks = note_lines(text, characters, len(lead[1]))
            after = chunks[0][len(BULLET):]
            note = holding.get(text)
            shown = "" if note is None else (f"{BULLET}{', '.join(note.calculators)} "
                                             f"({', '.join(note.variants)}): {after}")
            lines.append(Line(shown, own, note is not None,
                              f'IF({own},{quoted(BULLET)}&{lead[0]}&{quoted(after)},"")'))
            lines += [Line(chunk, own, note is not None) for chunk in chunks[1:]]
        last = write_lines(sheet, first, lines, columns, self.styles.note_line)
        self.book.define_name(f"{SHEET}!{NOTES_SHOWN}",
                              f"={SHEET}!{self.cell(first, LABEL)}:{self.cell(last, LABEL)}")
        printed = write_heading(sheet, heading, NOTES_HEADING, lines,
                                self.cell(last, columns.count), self.styles.section)
        sheet.print_area(0, LABEL, first + printed - 1, end)
        self.row = last + 1

    def note_condition(self, source: NoteSource) -> str:
        """Whether a note holds where ``source`` says it may: its cell on the variant's
        calculator sheet is not empty (an overlap warning always holds)."""
        if source.number is None:
            return "TRUE"
        return f'{self.written[source.variant][source.calculator].names[note_name(source.number)]}<>""'

    def lead(self, conditions: list[tuple[NoteSource, str]]) -> tuple[str, str]:
        """A formula giving what leads a note, ``calculators (variants): `` for those it
        holds in, and that text at its longest (every calculator and variant it may hold
        in)."""
        calculators = list(dict.fromkeys(source.calculator for source, _ in conditions))
        variants = list(dict.fromkeys(source.variant for source, _ in conditions))
        names = [self.plan.variants[index].name for index in variants]

        def listed(keys, labels, holds) -> str:
            """The labels whose key holds, each after ", ", the first ", " cut off."""
            parts = [f"IF(OR({','.join(c for s, c in conditions if holds(s, key))}),"
                     f"{quoted(', ')}&{label},{quoted('')})" for key, label in zip(keys, labels)]
            return f"MID({'&'.join(parts)},3,{LEAD_LIMIT})"

        # a variant's name is read from its header over the machine inputs, so the formula's
        # length does not grow with the names'
        header = [absolute(MACHINE_FIRST - 1, self.column(index))
                  for index in variants]
        formula = (listed(calculators, map(quoted, calculators),
                          lambda s, key: s.calculator == key)
                   + '&" ("&' + listed(variants, header, lambda s, key: s.variant == key)
                   + '&"): "')
        return formula, f"{', '.join(calculators)} ({', '.join(names)}): "

    def chart(self, space_rows: list[int], row: int) -> None:
        """A clustered column chart at ``row``: a group per address space, a column per
        variant."""
        if not space_rows:
            return
        first, last = space_rows[0], space_rows[-1]
        drawn = self.book.add_chart({"type": "column"})
        for index, variant in enumerate(self.plan.variants):
            column = xl_col_to_name(self.column(index))
            drawn.add_series({  # named by its header cell: a name is text, never a formula
                "name": [SHEET, self.names_row, self.column(index)],
                "categories": f"={SHEET}!$A${first + 1}:$A${last + 1}",
                "values": f"={SHEET}!${column}${first + 1}:${column}${last + 1}"})
        drawn.set_title({"name": "CPU by address space and variant", "name_font": {"size": 12}})
        drawn.set_y_axis({"name": CPU_RATE_UNIT, "name_font": {"size": 9, "bold": False},
                          "major_gridlines": {"visible": True, "line": {"color": "#D9D9D9"}}})
        drawn.set_legend({"position": "bottom"})
        drawn.set_size({"width": sum(map(column_pixels, self.widths.values())),
                        "height": CHART_HEIGHT})
        self.sheet.insert_chart(row, LABEL, drawn)
