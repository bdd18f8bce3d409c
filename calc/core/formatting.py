"""How a value is shown to a person (CLI and terminal calculator); the workbook uses the
same ``decimals`` through its number formats."""
from __future__ import annotations

import math


def format_value(value: object, decimals: int = 0) -> str:
    """Numbers with thousands separators and the output's decimals; booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        if isinstance(value, int) and decimals == 0:
            return f"{value:,}"
        # a value that rounds to zero shows as 0, never -0.00 (round(-0.00001, 2) + 0.0)
        return f"{round(value, decimals) + 0.0:,.{decimals}f}"
    return str(value)


def significant(value: float, digits: int = 6) -> str:
    """``value`` to ``digits`` significant digits as a person writes it: fixed-point, never
    in exponent form (0.0000269594, not 2.69594e-05; 1,234,567, not 1.23457e+06), thousands
    grouped, trailing zeros dropped."""
    if value == 0 or not math.isfinite(value):
        return f"{value:,g}"
    places = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    text = f"{value:,.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def signed(text: str) -> str:
    """A change as read: a sign always in front of a number's text."""
    return text if text.startswith("-") else "+" + text


def as_written(value: object) -> str:
    """``value`` with every decimal place it was written with (a template's default 1.157
    reads 1.157, not 1): for a value a person typed or a template declares, where rounding
    to an output's decimals would misstate it."""
    return format_value(value, places(value))


def number_format(decimals: int) -> str:
    """The spreadsheet number format that shows what :func:`format_value` shows."""
    return "#,##0" + ("." + "0" * decimals if decimals else "")


def places(value: object) -> int:
    """Decimal places ``value`` is written with (0.125 has 3; 40, 2.0 and non-numbers 0)."""
    if isinstance(value, bool) or not isinstance(value, float) or value.is_integer():
        return 0
    text = repr(value)
    if "e" in text:  # 1e-05: as many places as the exponent asks
        mantissa, exponent = text.split("e")
        return max(0, len(mantissa.partition(".")[2]) - int(exponent))
    return len(text.partition(".")[2])


EXACT_WHOLE = 1e15
"""A whole float below this size is written as the whole number (:func:`plain_number`);
from it on, in Python's own form (1000000000000000.0)."""


def plain_number(value: object) -> object:
    """A whole float below :data:`EXACT_WHOLE` as the whole number a person would write
    (100, not 100.0), for files and fields a person reads and types; it compares equal.
    Anything else as it is."""
    if isinstance(value, float) and value.is_integer() and abs(value) < EXACT_WHOLE:
        return int(value)
    return value


NAMED = 6
"""Most names a list written for a person gives; the rest are counted."""


def named(names: list[str], most: int = NAMED) -> str:
    """``names`` as a person reads a list of them: the first ``most``, then how many more."""
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more



def likely_range(low: float, likely: float, high: float, decimals: int,
                 sign: bool = False) -> str:
    """A figure with its range as a report shows it, ``likely (low–high)`` at ``decimals``
    (each signed where ``sign``: a change), or the likely figure alone where both ends read
    as it does."""
    texts = [never_zero(value, decimals) for value in (low, likely, high)]
    if sign:
        texts = [signed(text) for text in texts]
    return with_spread(*texts)


def with_spread(low: str, likely: str, high: str) -> str:
    """A figure's text with its range's, ``likely (low–high)``; the likely alone where both
    ends read the same."""
    return likely if low == high else f"{likely} ({low}–{high})"


SMALL_DIGITS = 3
"""Significant digits a figure too small for its decimals is shown with."""


def never_zero(value: float, decimals: int) -> str:
    """``value`` at ``decimals``, as :func:`format_value` shows it, unless that would read 0
    for a figure that is not: then to :data:`SMALL_DIGITS` significant digits (0.0000123, not
    0.0000), so a report never says a change is nothing when it is small."""
    text = format_value(value, decimals)
    if value and not text.strip("-+0.,"):
        return significant(value, SMALL_DIGITS)
    return text
