"""The workbook of an SMF series (``mqcalc smf series DIR|STORE --out FILE.xlsx``): one
Measured sheet per queue manager, its intervals as an Excel table (start, length, every
figure the calculators take and what the system measurably used), a summary of each
figure over the table as live formulas (peak and when, 95th percentile, mean), and a chart
of the figure its peak is ranked by, interval by interval.

The summary's formulas are the spreadsheets' own (``MAX``, ``PERCENTILE``, which is
``PERCENTILE.INC``, and ``AVERAGE`` over the figure's column, blanks left out as the series
leaves out an interval without the figure), so a planner who adds or corrects a row sees
them follow; the results stored with them are :mod:`calc.inputs.smf.series`'s, which
``mqcalc smf series`` prints.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from calc.files.writing import replace_atomically
from calc.inputs.smf.series import PERCENTILE, Series
from calc.workbook import zipped_writer
from calc.workbook.cells import absolute
from calc.workbook.fit import column_width
from calc.workbook.layout import LINE_HEIGHT, column_points, page_setup, print_scale, protect
from calc.workbook.plan_book import NOT_IN_SHEET_NAMES, SHEET_NAME_LIMIT
from calc.workbook.styles import Styles

FIGURE_FORMAT = "#,##0.######"
"""A measured figure as a planner reads it: up to six decimals, none where it has none (a
CPU rate of 0.00007 CPU s/s would be 0.0001 at four)."""
DATE_FORMAT = "yyyy-mm-dd hh:mm:ss"
SUMMARY_HEADERS = ("Figure", "Unit", "Peak", "Peak at", f"{PERCENTILE}th percentile", "Mean")
SUMMARY_TOP = 4
"""The summary's header row (0-based): under the title, two lines of help and a gap."""
CHART_HEIGHT, CHART_WIDTH = 300, 720
"""The chart's size in pixels, beside the summary."""
CHART_ROWS = 16
"""Rows of 20 pixels the chart spans: the table starts below them however few the
figures."""
EPOCH = datetime(1899, 12, 30)
"""Day 0 of a spreadsheet's dates (the 1900 date system, as Excel and LibreOffice write
xlsx): a date is its days since then."""
FIGURE_WIDTH = 20
"""Width in characters of the columns right of the first: a start (``2026-05-21
16:34:10``) fits, and a figure's header wraps over two or three lines."""
CHART_COLUMN = 7
"""The column the chart starts at, right of the summary and a gap."""
HEADER_ROWS = 3
"""Lines the table's header row holds, its figures' names and units wrapped."""


def write_series_workbook(path: Path, found: list[Series], source: str,
                          units: dict[str, str], ranked_by: dict[tuple[str, str], str | None]
                          ) -> Path:
    """Write the Measured sheets of ``found`` (read from ``source``) to ``path`` whole or
    not at all; ``units`` gives each figure's unit, ``ranked_by`` each queue manager's
    (LPAR, name) ranking figure. Return ``path``."""
    return replace_atomically(Path(path), zipped_writer(
        lambda book, styles: _write_sheets(book, styles, found, source, units, ranked_by)))


def sheet_name(each: Series, taken: set[str]) -> str:
    """A queue manager's sheet name: ``MQ1O on MV4A``, without the characters Excel refuses,
    at most 31 characters, numbered where another queue manager's would be the same."""
    name = "".join(c for c in f"{each.qmgr} on {each.lpar}" if c not in NOT_IN_SHEET_NAMES)
    name = name.strip()[:SHEET_NAME_LIMIT] or "Measured"
    number = 1
    while name.lower() in taken:
        number += 1
        suffix = f" ({number})"
        name = name[:SHEET_NAME_LIMIT - len(suffix)] + suffix
    taken.add(name.lower())
    return name


def _write_sheets(book, styles: Styles, found: list[Series], source: str,
                  units: dict[str, str], ranked_by: dict[tuple[str, str], str | None]) -> None:
    taken: set[str] = set()
    for number, each in enumerate(found, start=1):
        _Sheet(book, styles, each, sheet_name(each, taken), f"Measured{number}",
               source, units, ranked_by.get((each.lpar, each.qmgr))).write()


class _Sheet:
    """One queue manager's Measured sheet."""

    def __init__(self, book, styles: Styles, each: Series, name: str, table: str,
                 source: str, units: dict[str, str], ranked_by: str | None):
        self.book, self.styles, self.each, self.name = book, styles, each, name
        self.table, self.source, self.units, self.ranked_by = table, source, units, ranked_by
        self.sheet = book.add_worksheet(name)
        self.figure = book.add_format({"num_format": FIGURE_FORMAT, "valign": "top"})
        self.date = book.add_format({"num_format": DATE_FORMAT, "valign": "top"})
        self.whole = book.add_format({"num_format": "#,##0", "valign": "top"})

    def write(self) -> None:
        sheet, styles, each = self.sheet, self.styles, self.each
        names = each.names
        table_top = SUMMARY_TOP + max(len(names), CHART_ROWS) + 3
        sheet.write(0, 0, f"Measured: {each.qmgr} on {each.lpar}, interval by interval",
                    styles.title)
        kept = (f"{len(each.points)} intervals kept" if each.points
                else "no interval kept")
        left = [f"{count} {why}" for count, why in ((each.no_length, "of no length"),
                                                    (each.cut_short, "cut short")) if count]
        sheet.write(1, 0, f"From {self.source}: {kept}"
                    + (f"; left out: {' and '.join(left)}" if left else "") + ".",
                    styles.subtitle)
        sheet.write(2, 0, "The summary is formulas over the table below: add or correct a "
                          "row and it follows. Each rate is over its interval's length.",
                    styles.subtitle)
        self.summary(names, table_top)
        self.rows(names, table_top)
        self.chart(names, table_top)
        widths = [max(column_width(name, monospace=True) for name in names or ["Start"]),
                  *([FIGURE_WIDTH] * (len(names) + 1))]
        for column, width in enumerate(widths):
            sheet.set_column(column, column, width)
        sheet.set_row(table_top, LINE_HEIGHT * HEADER_ROWS)
        protect(sheet)
        # the summary and the chart one page wide; the table's further columns on pages
        # across, then its rows on pages down
        page_setup(sheet, print_scale(sum(map(column_points, widths[:CHART_COLUMN]))
                                      + CHART_WIDTH * 0.75))
        sheet.print_across()
        sheet.repeat_rows(table_top)

    def column_range(self, index: int, table_top: int) -> str:
        """The absolute range of the table's ``index``-th column's values."""
        first = absolute(table_top + 1, index)
        last = absolute(table_top + max(len(self.each.points), 1), index)
        return f"{first}:{last}"

    def summary(self, names: list[str], table_top: int) -> None:
        """Each figure's peak and when, percentile and mean, as formulas over its column."""
        sheet, styles = self.sheet, self.styles
        sheet.write_row(SUMMARY_TOP, 0, SUMMARY_HEADERS, styles.header)
        starts = self.column_range(0, table_top)
        for row, name in enumerate(names, start=SUMMARY_TOP + 1):
            summary = self.each.summary(name)
            values = self.column_range(2 + names.index(name), table_top)
            sheet.write(row, 0, name, styles.name)
            sheet.write(row, 1, self.units[name], styles.label)
            sheet.write_formula(row, 2, f"=MAX({values})", self.figure,
                                summary.peak.values[name])
            sheet.write_formula(row, 3, f"=INDEX({starts},MATCH(MAX({values}),{values},0))",
                                self.date, (summary.peak.start - EPOCH) / timedelta(days=1))
            sheet.write_formula(row, 4, f"=PERCENTILE({values},{PERCENTILE / 100})",
                                self.figure, summary.percentile)
            sheet.write_formula(row, 5, f"=AVERAGE({values})", self.figure, summary.mean)

    def rows(self, names: list[str], table_top: int) -> None:
        """The intervals as an Excel table: start, length, then every figure (empty where
        the interval lacks it)."""
        points = self.each.points
        data = [[point.start, point.seconds, *(point.values.get(name) for name in names)]
                for point in points]
        headers = ["Start", "Seconds", *(f"{name} ({self.units[name]})" for name in names)]
        wrapped = self.book.add_format({"bold": True, "text_wrap": True, "valign": "bottom"})
        columns = [{"header": headers[0], "format": self.date, "header_format": wrapped},
                   {"header": headers[1], "format": self.whole, "header_format": wrapped},
                   *({"header": header, "format": self.figure, "header_format": wrapped}
                     for header in headers[2:])]
        self.sheet.add_table(table_top, 0, table_top + max(len(data), 1), len(headers) - 1,
                             {"name": self.table, "columns": columns,
                              "data": data or [[None] * len(headers)],
                              "style": "Table Style Light 9"})

    def chart(self, names: list[str], table_top: int) -> None:
        """The ranking figure, interval by interval, beside the summary."""
        if self.ranked_by not in names or not self.each.points:
            return
        column = 2 + names.index(self.ranked_by)
        last = table_top + len(self.each.points)
        drawn = self.book.add_chart({"type": "scatter", "subtype": "straight_with_markers"})
        drawn.add_series({"name": f"{self.ranked_by} ({self.units[self.ranked_by]})",
                          "categories": [self.name, table_top + 1, 0, last, 0],
                          "values": [self.name, table_top + 1, column, last, column]})
        drawn.set_title({"name": f"{self.each.qmgr} on {self.each.lpar}: "
                                 f"{self.ranked_by} by interval", "name_font": {"size": 12}})
        drawn.set_y_axis({"name": self.units[self.ranked_by],
                          "name_font": {"size": 9, "bold": False},
                          "major_gridlines": {"visible": True, "line": {"color": "#D9D9D9"}}})
        drawn.set_x_axis({"num_format": "hh:mm", "name": "Interval start",
                          "name_font": {"size": 9, "bold": False}})
        drawn.set_legend({"none": True})
        drawn.set_size({"width": CHART_WIDTH, "height": CHART_HEIGHT})
        self.sheet.insert_chart(SUMMARY_TOP, CHART_COLUMN, drawn)
