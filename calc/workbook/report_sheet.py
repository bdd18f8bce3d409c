"""The Report sheet, first in a plan workbook (:mod:`.plan_book`): the one-page report
(:mod:`calc.inputs.one_page`, ``mqcalc report``) as a sheet, live where a spreadsheet can
keep it live.

Live: each variant's CPU, share of the LPAR, MSU, headroom and cost a month (a reference to
the Plan sheet's cell, the MSU times the price typed in the yellow cell here), each change
from the first variant, their low–high ranges (:mod:`.report_ranges`, written as text by
FIXED, which follows the reader's locale), and the three largest parts of each change,
found among the Plan sheet's contributions by LARGE and MATCH over hidden columns (each
contribution's change and, to rank equal changes in the engine's order, that change's size
less a trillionth times its place in the list). As built: the limits, what the figures
rest on and the sources, which need the engine's runway and evidence (``mqcalc report``
gives them afresh); their heading says so.
"""
from __future__ import annotations

from xlsxwriter.utility import xl_rowcol_to_cell

from calc.core.formatting import format_value
from calc.core.model import NUMBER, Input
from calc.core.names import PLAN_SHEET
from calc.core.names import REPORT_SHEET as SHEET
from calc.core.names import plan_cell_name
from calc.core.version import version
from calc.formula.emit_excel import quoted
from calc.inputs.one_page import DRIVERS, OnePage
from calc.inputs.plan_run import HEADROOM, TARGET, TOTAL, PlanResult
from calc.workbook.cells import absolute, range_text, validation
from calc.workbook.fit import column_width
from calc.workbook.layout import protect_and_fit, room_for
from calc.workbook.plan_sheet import PlanSheet, machine_cell
from calc.workbook.report_ranges import FIGURES, ReportRanges
from calc.workbook.styles import Styles

LABEL, UNIT, FIRST = 0, 1, 2
WIDTHS = {LABEL: 46, UNIT: 24}
VALUE_WIDTH, RANGE_WIDTH = 15, 24
PRICE = Input("msu_price", NUMBER, 0, "Price of an MSU a month",
              "What one MSU costs a month, in your currency: the cost rows multiply each "
              "variant's MSU by it. Leave it empty for no money.", "a month", 0, None,
              decimals=2)
"""The price a planner types on the Report sheet (empty as built: there is no default)."""
NOT_KNOWN = "not known"
DRIVER_KEYS = ("output", "space", "change", "share_pct")
"""The names of a driver's cells: ``driverN.KEY`` of a variant (N its rank from 1)."""
ROWS = (("MQ's CPU", TOTAL, 4), ("Share of the LPAR", "lpar_busy_pct", 2),
        ("MSU at the plan's load", "msu", 1), (HEADROOM, "headroom_pct", 2))
"""The live figures: title, the Plan sheet's figure key, decimals."""
TIE = "1E-12"
"""What each hidden row's rank is lowered by, times its place, so that equal changes rank in
the order of the Plan sheet's rows, as the engine ranks them."""


class ReportSheet:
    """Lays out the Report sheet over the Plan sheet already written."""

    def __init__(self, book, sheet, styles: Styles, page: OnePage, plan: PlanSheet,
                 result: PlanResult):
        self.book, self.sheet, self.styles, self.page, self.plan = book, sheet, styles, page, plan
        self.result = result
        self.count = len(page.variants)
        self.row = 0

    def column(self, variant: int) -> int:
        return FIRST + variant

    def change_column(self, variant: int) -> int:
        """The column of the ``variant``-th variant's change (1-based)."""
        return FIRST + self.count + variant - 1

    @property
    def last(self) -> int:
        """The last printed column: the first variant's range, then two ranges per later
        variant, its figure's and its change's (:meth:`range_column`)."""
        return self.range_column(self.count - 1, True)

    def range_column(self, variant: int, change: bool) -> int:
        """The column of the ``variant``-th variant's range (the first's, from 0), or, for
        a later one, its change's."""
        return self.change_column(self.count - 1) + 1 + max(0, 2 * variant - 1) + change

    def write(self) -> None:
        sheet, styles = self.sheet, self.styles
        widths = {column: self._width(column) for column in range(LABEL, self.last + 1)}
        for column, width in widths.items():
            sheet.set_column(column, column, width)
        names = self.page.variants
        sheet.write(0, LABEL, f"MQ for z/OS capacity: {' against '.join(names)}", styles.title)
        self.row = 1
        self.text(f"From the plan file {self.page.plan}, built {self.page.made.isoformat()} by "
                  f"mqzcalc {version()}. The figures, their ranges and the largest changes "
                  "follow the Plan sheet as you change inputs; the sections marked as built "
                  "(limits, what the figures rest on, sources) are as the plan was when the "
                  "workbook was made: mqcalc report PLAN gives them afresh.",
                  styles.subtitle_wrap)
        self.row += 1
        self.hidden = self.last + 2  # the helper columns, after a blank one
        self.ranges = ReportRanges(self.sheet, self.book, self.plan, self.result,
                                   self.hidden + 2 * self.count + 1, 0)
        self.ranged = self.ranges.write()
        self.price()
        self.figures()
        self.drivers()
        self.lines("Limits crossed now (as built; mqcalc report --growth PCT dates them)",
                   [f"{limit.source}: {limit.text} ("
                    + ", ".join(name for name, when in zip(names, limit.when) if when) + ")"
                    for limit in self.page.limits] or ["No declared limit is crossed."])
        self.lines("What the figures rest on (as built)",
                   [f"{ground.meaning}: {'; '.join(ground.figures)}"
                    for ground in self.page.grounds])
        self.lines("Assumptions and sources (as built)",
                   [f"{source.what} ({source.where})" for source in self.page.sources])
        sheet.print_area(0, LABEL, self.row - 1, self.last)
        protect_and_fit(sheet, widths.values())
        sheet.set_first_sheet()
        sheet.activate()

    def text(self, line: str, style) -> None:
        """``line`` across the printed columns, wrapped, its row as tall as it needs."""
        self.sheet.merge_range(self.row, LABEL, self.row, self.last, line, style)
        across = sum(self._width(column) for column in range(LABEL, self.last + 1))
        room_for(self.sheet, self.row, -(-column_width(line) // max(1, across - 2)))
        self.row += 1

    def _width(self, column: int) -> int:
        """A printed column's width in characters: the label's, the unit's, a figure's, or a
        range."""
        if column in WIDTHS:
            return WIDTHS[column]
        return RANGE_WIDTH if column > self.change_column(self.count - 1) else VALUE_WIDTH

    def band(self, title: str) -> None:
        """A section's band across the printed columns, after a blank row."""
        self.row += 1
        self.sheet.merge_range(self.row, LABEL, self.row, self.last, title, self.styles.section)
        self.row += 1

    def price(self) -> None:
        """The yellow cell the cost rows multiply the MSU by, empty as built."""
        sheet, styles = self.sheet, self.styles
        sheet.write(self.row, LABEL, PRICE.title, styles.label)
        sheet.write(self.row, UNIT, "your currency, " + PRICE.unit, styles.label)
        sheet.write_blank(self.row, FIRST, None, styles.input(PRICE))
        sheet.data_validation(self.row, FIRST, self.row, FIRST, validation(PRICE))
        self.price_cell = absolute(self.row, FIRST)
        self.book.define_name(f"{SHEET}!{PRICE.id}", f"={SHEET}!{self.price_cell}")
        self.row += 1

    def figures(self) -> None:
        """Each variant's figures and changes, live, then their ranges, live too."""
        sheet, styles, names = self.sheet, self.styles, self.page.variants
        self.band("The figures (live, with their low–high ranges)")
        heads = ["", "Unit", *names, *(f"{name} − {names[0]}" for name in names[1:]),
                 f"{names[0]}, low–high", *(head for name in names[1:] for head in (
                     f"{name}, low–high", f"{name} − {names[0]}, low–high"))]
        sheet.write_row(self.row, LABEL, heads, styles.column_title)
        room_for(sheet, self.row, max(-(-column_width(head) // self._width(column))
                                      for column, head in enumerate(heads)))
        self.row += 1
        shown = {row.key: row for row in self.page.rows}
        msu_cells = []
        for title, key, decimals in ROWS:
            page_key = "headroom" if key == "headroom_pct" else key
            row = shown[page_key]
            cells = [self.plan.figure_cell(key, index) for index in range(self.count)]
            if key == "msu":
                cells = [f'IF({machine_cell(index, "msu_per_cp")}=0,{quoted(NOT_KNOWN)},'
                         f"{cell})" for index, cell in enumerate(cells)]
                msu_cells = [absolute(self.row, self.column(index)) for index in range(self.count)]
            self.figure_row(page_key, title, row.unit, decimals, cells,
                            [v.likely if v else NOT_KNOWN for v in row.values])
            self.range_cells(page_key, decimals, row)
            self.row += 1
        self.figure_row("cost", "Cost a month at the plan's load", "your currency", 0,
                        [f'IF(OR({self.price_cell}="",NOT(ISNUMBER({cell}))),"",'
                         f"{cell}*{self.price_cell})" for cell in msu_cells],
                        ["" for _ in range(self.count)])
        self.range_cells("cost", 0, None)
        self.row += 1

    def ends(self, key: str, index: int, change: bool) -> tuple[str, str]:
        """Excel expressions of the low and high of figure ``key`` of the ``index``-th
        variant (or of its change): the corners' named ends, the headroom from the share's
        (target less the share: its low from the share's high), the cost the MSU's times
        the price."""
        def end(which: str, figure: str) -> str:
            place = self.ranges.place(index, FIGURES.index(figure), change)
            return absolute(self.ranges.row + (which == "high"), place)

        if key == "headroom":
            low, high = end("high", "lpar_busy_pct"), end("low", "lpar_busy_pct")
            if change:
                return f"-{low}", f"-{high}"
            target = machine_cell(index, TARGET)
            return f"({target}-{low})", f"({target}-{high})"
        if key == "cost":
            return (f"{end('low', 'msu')}*{self.price_cell}",
                    f"{end('high', 'msu')}*{self.price_cell}")
        return end("low", key), end("high", key)

    def range_cells(self, key: str, decimals: int, row) -> None:
        """Each variant's range of figure ``key`` and each later one's of its change, live:
        low–high at the row's decimals as the reader's spreadsheet writes numbers (FIXED, in
        any locale), empty where both ends read the same or nothing spreads the plan; named
        ``range.KEY`` and ``range.change.KEY``."""
        for index in range(self.count):
            for change in (False, True) if index else (False,):
                column = self.range_column(index, change)
                if not self.ranged:
                    self.sheet.write_blank(self.row, column, None, self.styles.label)
                    continue
                low, high = self.ends(key, index, change)
                formula = range_formula(low, high, decimals, change)
                if key == "cost":
                    formula = f'IF({self.price_cell}="","",{formula})'
                figure = None if row is None else (row.changes[index - 1] if change
                                                   else row.values[index])
                self.sheet.write_formula(self.row, column, "=" + formula, self.styles.label,
                                         range_stored(figure, decimals, change))
                self.name(f"range.{'change.' * change}{key}", index, self.row, column)

    def name(self, key: str, variant: int, row: int, column: int) -> None:
        """Name the cell ``key`` of the ``variant``-th variant on this sheet
        (:func:`calc.core.names.plan_cell_name`), for a reader of the workbook."""
        reference = absolute(row, column)
        self.book.define_name(f"{SHEET}!{plan_cell_name(key, variant)}", f"={SHEET}!{reference}")

    def figure_row(self, key: str, title: str, unit: str, decimals: int,
                   formulas: list[str], values: list) -> None:
        """A title and unit, a live figure per variant and each change from the first, the
        live cells named ``key`` and ``change.key``."""
        sheet, styles = self.sheet, self.styles
        look = styles.figure(decimals)
        sheet.write(self.row, LABEL, title, styles.label)
        sheet.write(self.row, UNIT, unit, styles.label)
        for index, (formula, value) in enumerate(zip(formulas, values)):
            sheet.write_formula(self.row, self.column(index), "=" + formula, look, value)
            self.name(key, index, self.row, self.column(index))
        first = xl_rowcol_to_cell(self.row, self.column(0))
        for index in range(1, self.count):
            here = xl_rowcol_to_cell(self.row, self.column(index))
            change = (values[index] - values[0]
                      if all(isinstance(values[i], float) for i in (0, index)) else "")
            sheet.write_formula(self.row, self.change_column(index),
                                f'=IF(AND(ISNUMBER({first}),ISNUMBER({here})),{here}-{first},'
                                '"")', look, change)
            self.name(f"change.{key}", index, self.row, self.change_column(index))

    def drivers(self) -> None:
        """Each later variant's :data:`DRIVERS` largest contribution changes, live."""
        sheet, styles = self.sheet, self.styles
        contributions = list(self.plan.contribution_rows)
        hidden = self.hidden
        top = self.row + 2
        bottom = top + len(contributions) - 1
        for offset, (calculator, output, title, space) in enumerate(contributions):
            sheet.write(top + offset, hidden, title)
            sheet.write(top + offset, hidden + 1, space)
        self.band("What drives the change (live: the largest changes of the Plan sheet's "
                  "contributions)")
        sheet.write_row(self.row, LABEL, ["Calculator: output", "Address space",
                                          "Change, CPU s/s", "% of the change"], styles.header)
        self.row += 1
        titles = range_text(top, hidden, bottom, hidden)
        spaces = range_text(top, hidden + 1, bottom, hidden + 1)
        for variant in range(1, self.count):
            change_column, rank_column = hidden + 2 * variant, hidden + 2 * variant + 1
            for offset, (calculator, output, _, _) in enumerate(contributions):
                now, before = (self.plan.contribution_cells[index].get((calculator, output))
                               for index in (variant, 0))
                value = (self.plan.contribution_value(variant, calculator, output)
                         - self.plan.contribution_value(0, calculator, output))
                formula = f"={_n(now)}-{_n(before)}"
                sheet.write_formula(top + offset, change_column, formula, None, value)
                here = xl_rowcol_to_cell(top + offset, change_column)
                sheet.write_formula(top + offset, rank_column,
                                    f"=ABS({here})-{offset + 1}*{TIE}", None,
                                    abs(value) - (offset + 1) * float(TIE))
            changes = range_text(top, change_column, bottom, change_column)
            ranks = range_text(top, rank_column, bottom, rank_column)
            total_change = PLAN_SHEET + "!" + self.plan.cell(
                self.plan.total_row, self.plan.difference_column(variant))
            expected = [d for d in self.page.drivers if d.variant == self.page.variants[variant]]
            sheet.write(self.row, LABEL, f"{self.page.variants[variant]} against "
                                         f"{self.page.variants[0]}", styles.headline)
            self.row += 1
            for rank in range(1, DRIVERS + 1):
                place = f"MATCH(LARGE({ranks},{rank}),{ranks},0)"
                change = f"INDEX({changes},{place})"
                driver = expected[rank - 1] if rank <= len(expected) else None
                shown = ("" if driver is None else
                         (f"{driver.calculator}: {driver.output}", driver.address_space,
                          driver.change, driver.share_pct
                          if driver.share_pct is not None else ""))
                cells = [f'IFERROR(IF({change}=0,"",INDEX({titles},{place})),"")',
                         f'IFERROR(IF({change}=0,"",INDEX({spaces},{place})),"")',
                         f'IFERROR(IF({change}=0,"",{change}),"")',
                         f'IFERROR(IF(OR({change}=0,{total_change}=0),"",'
                         f'100*{change}/{total_change}),"")']
                looks = [styles.label_wrap, styles.label, styles.figure(4), styles.figure(0)]
                for column, (formula, look, key) in enumerate(zip(cells, looks, DRIVER_KEYS)):
                    sheet.write_formula(self.row, column, "=" + formula, look,
                                        shown[column] if shown else "")
                    self.name(f"driver{rank}.{key}", variant, self.row, column)
                longest = max(column_width(title) for _, _, title, _ in contributions)
                room_for(sheet, self.row, -(-longest // WIDTHS[LABEL]))
                self.row += 1
        sheet.set_column(hidden, self.ranges.place(self.count - 1, len(FIGURES) - 1, True),
                         None, None, {"hidden": True})

    def lines(self, title: str, lines: list[str]) -> None:
        """A section of text lines as built."""
        self.band(title)
        for line in lines:
            self.text(f"• {line}", self.styles.wrap)


def _n(cell: str | None) -> str:
    """A contribution's cell on the Plan sheet as a number: 0 where it is empty or the
    variant does not use it (N of a text is 0)."""
    return "0" if cell is None else f"N({PLAN_SHEET}!{cell})"


def range_formula(low: str, high: str, decimals: int, sign: bool) -> str:
    """An Excel formula for ``low``–``high`` at ``decimals`` (signed where ``sign``), by
    FIXED, which writes a number as the reader's spreadsheet does in its locale; empty
    where both ends read the same, or are not numbers."""
    def shown(end: str) -> str:
        return (f'IF({end}>=0,"+","")&' if sign else "") + f"FIXED({end},{decimals})"

    return (f'IF(AND(ISNUMBER({low}),ISNUMBER({high})),IF(FIXED({low},{decimals})='
            f'FIXED({high},{decimals}),"",{shown(low)}&"–"&{shown(high)}),"")')


def range_stored(figure, decimals: int, sign: bool) -> str:
    """What :func:`range_formula` gives for ``figure`` as built (in English): stored with
    it, for a reader that does not calculate."""
    if figure is None:
        return ""
    low, high = (format_value(end, decimals) for end in (figure.low, figure.high))
    if low == high:
        return ""
    if sign:
        low, high = (f"+{text}" if end >= 0 else text
                     for text, end in ((low, figure.low), (high, figure.high)))
    return f"{low}–{high}"
