"""The defined names a calculator occupies in its sheet besides its inputs, outputs and
constants, which the loader reserves so no template can collide with one; and the name of
its sweep sheet."""
from __future__ import annotations


def table_range_names(table_id: str, key_count: int) -> tuple[str, ...]:
    """Names of a table's ranges: its values, then its key ranges (one per key)."""
    if key_count == 1:
        return table_id, f"{table_id}_keys"
    return table_id, f"{table_id}_rows", f"{table_id}_cols"


def note_name(index: int) -> str:
    """Name of the cell holding note ``index`` (from 1): its text when it applies, else empty."""
    return f"note_{index}"


def check_name(index: int) -> str:
    """Name of the cell for input check ``index`` (from 1): empty while the rule holds, else
    the check's message."""
    return f"check_{index}"


FIRST_PROBLEM = "first_problem"
"""Name of the cell holding the first problem with a calculator sheet's inputs (an input
outside its domain, else a rule between inputs broken), empty while there is none."""
NOTES_APPLYING = "notes_applying"
"""Name of the summary's count of the notes that apply."""
NOTES_SHOWN = "notes_shown"
"""Name of the notes list: the lines of the notes that apply, in order, then empty lines."""
STATUS = "status"
"""Name of the summary's status line: the first problem, or that there is none."""


def check_message_name(index: int) -> str:
    """Name of the hidden cell holding input check ``index``'s message (from 1), which the
    check's line and the what-if rows' problem column read."""
    return f"check_message_{index}"


def chart_range_name(chart_id: str, column: str) -> str:
    """Name, on a calculator's chart-data sheet, of the figures in ``column`` (the chart's
    input or one of its outputs) of chart ``chart_id``."""
    return f"chart_{chart_id}_{column}"


SHEET_NAME_LIMIT = 31
"""Longest sheet name Excel accepts."""
LIST_SOURCE_LIMIT = 255
"""Longest list of values a data validation may hold in Excel, the commas between them
counted, in UTF-16 units: Excel does not open a longer one without repair, and XlsxWriter
leaves it out with a warning ("exceeds Excel's limit of 255", Worksheet.data_validation)."""


def sweep_sheet(calculator_id: str) -> str:
    """Name of the sheet of what-if rows that follows the calculator's own sheet."""
    return f"{calculator_id}_sweep"


def assumed_name(input_id: str) -> str:
    """Name, on a calculator sheet, of the "Rests on" cell of an input left to its default
    when the workbook was made (its ``A`` while it still holds the default): the cell a
    reader of the workbook knows the input was not given by. The dot keeps it apart from
    every template id."""
    return f"assumed.{input_id}"


PLAN_SHEET = "Plan"
REPORT_SHEET = "Report"
"""The first sheet of a plan workbook: the one-page report
(:mod:`calc.workbook.report_sheet`)."""
"""Name of a plan workbook's first sheet: each variant's machine and figures."""


def plan_cell_name(key: str, variant: int) -> str:
    """The defined name on the Plan sheet of one thing of the ``variant``-th variant
    (0-based): a figure (an address space's code in lower case, ``total``,
    ``lpar_busy_pct``, ``msu``, a contribution's ``calculator.output``, ``status``), a
    machine input or its :func:`assumed_name`, a measured figure ``measured.NAME``, or what
    a reader of the workbook needs to rebuild the plan: :data:`VARIANT_KEY`,
    :data:`MEASURED_IN_KEY` and :func:`sheet_key`."""
    return f"{key.lower()}_v{variant + 1}"


VARIANT_KEY = "variant"
"""Key of the cell holding a variant's name, over its column of the Plan sheet."""
MEASURED_IN_KEY = "measured_in"
"""Key of the name of the variant whose measurement a variant carries (its own or one it is
like): a reference to that variant's :data:`VARIANT_KEY` cell."""


def sheet_key(calculator_id: str) -> str:
    """Key of a reference to cell A1 of a variant's sheet of ``calculator_id``: which sheet
    is which survives the sheet being renamed."""
    return f"sheet.{calculator_id}"


RANGE_ENDS = ("low", "high")
"""The ends of a result's range, as their cells on a calculator sheet are named."""


def range_name(end: str, figure_id: str) -> str:
    """Name, on a calculator sheet, of a result's or a spread constant's low or high cell
    (``end``, one of :data:`RANGE_ENDS`): ``low.cpu_seconds_per_sec``; on a sweep sheet,
    of a result's low or high column. The dot keeps it apart from every template id."""
    return f"{end}.{figure_id}"
