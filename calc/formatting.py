"""How a value is shown to a person (CLI and terminal calculator); the workbook uses the
same ``decimals`` through its number formats."""
from __future__ import annotations


def format_value(value: object, decimals: int = 0) -> str:
    """Numbers with thousands separators and the output's decimals; booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        if isinstance(value, int) and decimals == 0:
            return f"{value:,}"
        return f"{value:,.{decimals}f}"
    return str(value)


def number_format(decimals: int) -> str:
    """The spreadsheet number format that shows what :func:`format_value` shows."""
    return "#,##0" + ("." + "0" * decimals if decimals else "")
