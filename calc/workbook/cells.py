"""What every sheet writes the same way: a value that keeps its type, and the data
validation of an input cell."""
from __future__ import annotations

from xlsxwriter.utility import xl_rowcol_to_cell

from ..model import Input


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
    accepts = spec.accepts()
    common = {"input_title": spec.title[:32], "input_message": f"Accepts {accepts}."[:255],
              "error_title": f"Invalid {spec.title}"[:32],
              "error_message": f"{spec.title} accepts {accepts}."[:255], "error_type": "stop"}
    if spec.type == "bool":
        return {"validate": "list", "source": ["TRUE", "FALSE"], **common}
    if spec.type == "choice":
        return {"validate": "list", "source": list(spec.choices), **common}
    kind = "integer" if spec.type == "int" else "decimal"
    if spec.max is None:
        return {"validate": kind, "criteria": ">=", "value": spec.min, **common}
    return {"validate": kind, "criteria": "between", "minimum": spec.min,
            "maximum": spec.max, **common}


def range_text(first_row: int, first_col: int, last_row: int, last_col: int) -> str:
    """An absolute A1 range."""
    return (xl_rowcol_to_cell(first_row, first_col, row_abs=True, col_abs=True) + ":"
            + xl_rowcol_to_cell(last_row, last_col, row_abs=True, col_abs=True))
