"""What every sheet writes the same way: a value that keeps its type, and the data
validation of an input cell."""
from __future__ import annotations

from xlsxwriter.utility import xl_col_to_name, xl_rowcol_to_cell

from calc.core.model import Input
from calc.workbook.input_state import NO, YES, accepted

ROW = "\x00"
"""Stands for the row number in a formula translated once per column and numbered per row
(a sweep's scenarios, a chart's points); no name or text in a formula can hold it: the
template loader refuses unprintable characters."""


def row_cell(column: int) -> str:
    """The cell in ``column`` of the row :data:`ROW` stands for (``B\x00``)."""
    return f"{xl_col_to_name(column)}{ROW}"


def write_value(sheet, row: int, column: int, value, style) -> None:
    """Keys, figures and inputs keep their type, so MATCH finds numbers, texts and booleans
    alike and a typed-over cell compares as the engine compares."""
    if isinstance(value, bool):
        sheet.write_boolean(row, column, value, style)
    elif isinstance(value, (int, float)):
        sheet.write_number(row, column, value, style)
    else:
        sheet.write_string(row, column, str(value), style)


def validation(spec: Input) -> dict:
    """Data validation for an input cell, with the domain in the prompt and the error."""
    accepts = accepted(spec)
    common = {"input_title": spec.title[:32], "input_message": prompt(spec),
              "error_title": f"Invalid {spec.title}"[:32],
              "error_message": f"{spec.title} accepts {accepts}."[:255], "error_type": "stop"}
    if spec.type == "bool":
        return {"validate": "list", "source": [YES, NO], **common}
    if spec.type == "choice":
        return {"validate": "list", "source": list(spec.choices), **common}
    kind = "integer" if spec.type == "int" else "decimal"
    if spec.max is None:
        return {"validate": kind, "criteria": ">=", "value": spec.min, **common}
    return {"validate": kind, "criteria": "between", "minimum": spec.min,
            "maximum": spec.max, **common}


def prompt(spec: Input) -> str:
    """The message an input cell shows while selected: what it accepts, each choice with
    its label where they all fit Excel's 255 characters (a what-if row shows the ids)."""
    plain = f"Accepts {accepted(spec)}."
    if not spec.labels:
        return plain[:255]
    labelled = "Accepts one of " + ", ".join(f"{choice} ({spec.label(choice)})"
                                             for choice in spec.choices) + "."
    return labelled if len(labelled) <= 255 else plain[:255]


def absolute(row: int, column: int) -> str:
    """A cell's absolute A1 reference (``$B$9``)."""
    return xl_rowcol_to_cell(row, column, row_abs=True, col_abs=True)


def range_text(first_row: int, first_col: int, last_row: int, last_col: int) -> str:
    """An absolute A1 range."""
    return absolute(first_row, first_col) + ":" + absolute(last_row, last_col)
