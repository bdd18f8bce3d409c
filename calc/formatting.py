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


def plain_number(value: object) -> object:
    """A whole float as the whole number a person would write (100, not 100.0), for files
    and fields a person reads and types; it compares equal. Anything else as it is."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value
