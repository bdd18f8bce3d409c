"""Every printed sheet of every built workbook on A4 and on Letter: landscape at a fixed
scale, one page wide (calculator, overview and sources sheets at 85% or more, from the
column widths and the page's width inside its margins), what-if sheets split across pages
at column boundaries with their header rows and labels repeated and each page's band naming
its own columns, page breaks that never leave a heading last on a page, and a header and
footer naming the workbook, the sheet, the page of how many, and the build."""
from __future__ import annotations

import re

import openpyxl
import pytest
from openpyxl.utils import column_index_from_string

from calc.core.names import NOTES_SHOWN, sweep_sheet
from calc.core.version import version
from calc.workbook import calculator_sheet, layout, notes_block
from calc.workbook import sweep_sheet as sweep_layout
from calc.workbook.layout import PAPERS, column_points, narrowest_width, page_starts, scale
from calc.workbook.overview import STATE_LABEL
from tests.compare import named_cell
from tests.conftest import CALCULATORS
from tests.xlsx_oracle import WorkbookOracle

WORKBOOKS = [f"{c.id}.xlsx" for c in CALCULATORS] + ["mqzcalc.xlsx"]


def _printed(opened):
    for name in WORKBOOKS:
        for sheet in opened(name).worksheets:
            if sheet.sheet_state == "visible":
                yield name, sheet


def _widths(sheet, hidden_too: bool = False) -> list[float]:
    """Each column's printed width (within the print area where the sheet has one), in
    characters as XlsxWriter was given them (the file stores pixels over 7); 0 for a hidden
    column unless ``hidden_too``."""
    widths = {}
    for dimension in sheet.column_dimensions.values():
        for column in range(dimension.min, dimension.max + 1):
            widths[column] = None if dimension.hidden and not hidden_too else dimension.width
    last = sheet.max_column
    if sheet.print_area:
        last = column_index_from_string(sheet.print_area.split(":")[-1].split("$")[1])
    return [0.0 if widths.get(column, 1) is None else (widths.get(column, 8.43 + 5 / 7) * 7 - 5) / 7
            for column in range(1, last + 1)]


def _points(width: float) -> float:
    """A column's printed width in points: nothing for a hidden one (width 0)."""
    return column_points(width) if width else 0.0


def test_the_printable_page_is_what_a4_and_letter_share():
    # Letter landscape: 11 in across less two 0.5 in margins; A4: 8.27 in down less 1.5 in.
    assert layout.printable("Letter")[0] == 720 and layout.printable("A4")[0] > 720
    assert layout.printable("A4")[1] == pytest.approx(487.44)
    assert narrowest_width() == pytest.approx(720 / 0.85)
    # A column of 30 characters: 215 pixels, 161.25 points in Excel, 170.46 in LibreOffice.
    assert column_points(30) == pytest.approx(215 / 7 * 5.55)


def test_every_sheet_prints_landscape_with_header_and_footer(opened):
    for name, sheet in _printed(opened):
        setup = sheet.page_setup
        assert setup.orientation == "landscape" and setup.paperSize == 1, (name, sheet.title)
        assert sheet.oddHeader.left.text == "&F" and sheet.oddHeader.right.text == "&A"
        assert sheet.oddFooter.left.text == f"mqzcalc {version()}"
        assert sheet.oddFooter.right.text == "Page &P of &N"
        assert not sheet.sheet_properties.pageSetUpPr or \
            not sheet.sheet_properties.pageSetUpPr.fitToPage, "fitting ignores page breaks"


def test_sheets_other_than_what_if_print_one_page_wide_at_85_percent_or_more(opened):
    checked = 0
    for name, sheet in _printed(opened):
        if sheet.title.endswith("_sweep"):
            continue
        printed = sum(column_points(width) for width in _widths(sheet))
        percent = int(sheet.page_setup.scale)
        assert percent >= 85, (name, sheet.title, percent)
        for paper in PAPERS:
            assert printed * percent / 100 <= layout.printable(paper)[0], (name, sheet.title)
            assert scale(printed, paper) >= 0.85
        checked += 1
    # each calculator sheet and Sources per workbook; in the combined one, the overview too
    assert checked == 3 * len(CALCULATORS) + 2


def test_what_if_pages_split_at_columns_with_their_own_band(opened):
    """Each page across holds at most a page's width at the sheet's scale (70% to 85%), its
    band naming its own columns; print titles are rows or columns, never both (a union
    Gnumeric cannot read)."""
    for name, sheet in _printed(opened):
        if not sheet.title.endswith("_sweep"):
            continue
        percent = int(sheet.page_setup.scale)
        assert sweep_layout.SMALLEST_PERCENT <= percent <= 85
        assert not (sheet.print_title_rows and sheet.print_title_cols), sheet.title
        widths = _widths(sheet)
        repeated = 0  # the varied inputs, repeated on the left of every page: "$A:$B"
        if sheet.print_title_cols:
            repeated = column_index_from_string(sheet.print_title_cols.split(":")[1][1:])
        else:
            assert sheet.print_title_rows == "$5:$8"
        breaks = [brk.id for brk in sheet.col_breaks.brk]  # a page begins after column id
        starts = [repeated, *breaks, len(widths)]
        for first, end in zip(starts, starts[1:]):
            page = widths[:repeated] + widths[first:end]
            assert sum(map(_points, page)) <= layout.page_width(percent), \
                (sheet.title, first)
        for column in breaks:  # a page's first own column names its group, not the left one's
            band = sheet.cell(5, column + 1).value
            assert band in ("Inputs", "Results", "Problem"), (sheet.title, column, band)
        if not breaks:
            assert sum(map(_points, widths)) <= layout.page_width(percent)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_what_if_rows_show_the_varied_inputs_and_key_results_on_one_page(built, calculator):
    """The built what-if sheets show the inputs that vary, the problem and the headline and
    key results, one page across; every other column is in a collapsed outline group."""
    book = openpyxl.load_workbook(built / f"{calculator.id}.xlsx")  # its own: cells are read
    sheet = book[sweep_sheet(calculator.id)]
    ids = {cell.column: cell.value for cell in sheet[8] if cell.value}
    rows = [[sheet.cell(row, column).value for row in range(9, sheet.max_row + 1)]
            for column in ids]
    varied = {ids[column] for column, values in zip(ids, rows)
              if column - 1 < len(calculator.inputs) and len(set(values)) > 1}
    shown = (varied or set(calculator.key_inputs)) | {
        "problem", calculator.headline, *calculator.key_results}
    for column, name in ids.items():
        dimension = next((d for d in sheet.column_dimensions.values()
                          if d.min <= column <= d.max), None)
        hidden = bool(dimension and dimension.hidden)
        assert hidden == (name not in shown), name
        assert (dimension.outlineLevel if dimension else 0) == (1 if hidden else 0), name
    assert not sheet.col_breaks.brk


def test_no_section_heading_ends_a_printed_page(opened):
    headings = ("Inputs", "Results", "Constants", "Source tables", "Notes (", "Charts (")
    broken = set()
    for name in WORKBOOKS:
        for calculator in CALCULATORS:
            if calculator.id not in opened(name).sheetnames:
                continue
            sheet = opened(name)[calculator.id]
            for brk in sheet.row_breaks.brk:  # the break follows row ``brk.id`` (1-based)
                broken.add(calculator.id)
                last = str(sheet.cell(brk.id, 1).value or "").removeprefix('="')
                assert not last.startswith(headings), (calculator.id, brk.id, last)
    assert len(broken) >= len(CALCULATORS) - 1, broken  # dse_support prints on one page


def test_a_heading_moves_to_the_next_page_with_its_rows():
    heights = [15.0] * 10
    # Rows 0-5 fill 90 of 100 points; the heading at row 6 needs rows 6-7 (30 points).
    assert page_starts(heights, 100, {6: 7}) == [6]
    assert page_starts(heights, 100, {}) == [6]  # six rows of 15 fit, the seventh does not
    assert page_starts(heights, 100, {5: 7}) == [5]
    assert page_starts(heights, 1000, {}, starts=[3]) == [3]
    assert page_starts([15.0] * 20, 100, {0: 19}) == [6, 12, 18]  # taller than a page


def _notes_rows(sheet) -> tuple[int, int]:
    """The first and last row (1-based) of a calculator sheet's notes lines."""
    first, last = re.findall(r"\$(\d+)", sheet.defined_names[NOTES_SHOWN].attr_text)
    return int(first), int(last)


def test_the_notes_end_the_printed_report_a_line_to_a_row(opened):
    """Each calculator sheet's printed report (its print area) ends with the lines of the
    notes that apply as built: a row a line, each of one line's height with nothing beside
    it in the printed columns (so its text runs across them, never clipped by a row sized
    for another note), the heading on a page with them. The rows kept for the notes other
    inputs raise follow unprinted, then the workings."""
    for calculator in CALCULATORS:
        if not calculator.notes:
            continue
        sheet = opened(f"{calculator.id}.xlsx")[calculator.id]
        stored = opened(f"{calculator.id}.xlsx", data_only=True)[calculator.id]
        first, last = _notes_rows(sheet)
        printed = len([row for row in range(first, last + 1) if stored.cell(row, 1).value])
        assert 0 < printed < last - first + 1, calculator.id
        assert stored.cell(first - 1, 1).value == notes_block.HEADING
        assert sheet.print_area.split("!")[1] == f"$A$1:$E${first + printed - 1}"
        for row in range(first, last + 1):
            assert sheet.row_dimensions[row].height == notes_block.LINE_POINTS, row
            assert str(sheet.cell(row, 1).value).startswith("=IF("), row
            assert all(sheet.cell(row, column).value is None for column in range(2, 6)), row
            assert not sheet.cell(row, 1).alignment.wrap_text
        assert str(sheet.cell(last + 2, 1).value).startswith(calculator_sheet.WORKINGS)
        breaks = [brk.id for brk in sheet.row_breaks.brk]  # a page begins after row id
        assert not [row for row in breaks if first - 1 <= row < first + printed - 1], \
            calculator.id


def test_the_notes_heading_counts_lines_raised_below_the_printed_area(built, opened):
    """A change of inputs that raises more notes than applied as built: the heading says
    how many more lines apply, below the printed area."""
    sheet = opened("ams.xlsx")["ams"]
    oracle = WorkbookOracle.of(openpyxl.load_workbook(built / "ams.xlsx"))
    first, last = _notes_rows(sheet)
    heading = f"A{first - 1}"
    printed = len([line for line in oracle.column("ams", NOTES_SHOWN) if line])
    assert oracle.cell("ams", heading) == notes_block.HEADING
    oracle.type_into("ams", named_cell(sheet, "protection").coordinate, "privacy")
    shown = len([line for line in oracle.column("ams", NOTES_SHOWN) if line])
    assert shown > printed
    assert oracle.cell("ams", heading) == \
        f"{notes_block.HEADING} ({shown - printed}{notes_block.MORE_NOTES}"


def test_a_note_is_cut_into_bulleted_lines_that_keep_every_word():
    text = "CHIADAPS " * 40 + "ends here."
    lines = notes_block.note_lines(text, 60)
    assert lines[0].startswith(notes_block.BULLET)
    assert not any(line.startswith(notes_block.BULLET) for line in lines[1:])
    assert max(map(len, lines)) <= 60
    assert " ".join(lines)[len(notes_block.BULLET):] == text


def test_the_overview_prints_whole_calculator_lines_under_its_headers(opened):
    """Every calculator's line and the state of its inputs under it, on pages each under the
    repeated column headers, a line never parted from its state; ten calculators' lines
    (three text lines each) no longer fit one page at 85%."""
    sheet = opened("mqzcalc.xlsx")["Overview"]
    heights = [sheet.row_dimensions[row].height or 15.0 for row in range(1, sheet.max_row + 1)]
    assert sheet.print_title_rows == "$5:$5"
    breaks = [brk.id for brk in sheet.row_breaks.brk]  # a page begins after row id
    capacity = layout.page_height(int(sheet.page_setup.scale))
    for first, end in zip([0, *breaks], [*breaks, len(heights)]):
        assert sum(heights[first:end]) + (heights[4] if first else 0) <= capacity
    for row in breaks:
        assert sheet.cell(row + 1, 1).value != STATE_LABEL
        assert sheet.cell(row, 1).value == STATE_LABEL
    assert len(heights) == 5 + 2 * len(CALCULATORS)


def test_what_if_pages_carry_the_title_in_their_header_and_ids_that_fit(opened):
    """Printed what-if pages start at the column groups, under the sheet's title in the
    page header (a title cell in the repeated first column would be cut at its edge on
    every page after the first), and each column is wide enough for its 8-pt monospaced id
    in LibreOffice's stand-in font (0.60 of 8 points a character, an 11-pt digit 5.25)."""
    for calculator in CALCULATORS:
        sheet = opened(f"{calculator.id}.xlsx")[sweep_sheet(calculator.id)]
        assert sheet.print_area.split("!")[1].startswith("$A$5:")
        assert sheet.oddHeader.center.text == f"{calculator.title}: what-if rows"
        widths = _widths(sheet, hidden_too=True)  # a collapsed group shown fits its ids too
        for column, cell in enumerate(sheet[8], start=0):
            if cell.value:
                assert widths[column] >= len(cell.value) * 0.60 * 8 / 5.25, cell.value
