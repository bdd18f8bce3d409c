"""How wide a column must be for what its cells can show, so no value inside the inputs'
domains shows as ``###``.

The rule: a column's width, in Excel's unit (the width of the digit 0 in the default font,
Calibri 11, or Carlito, its metric twin, in LibreOffice), is at least the shown text's
character count plus :data:`PADDING`. Digits are exactly one unit wide (both fonts have
tabular figures, in bold too); the separators ``,`` ``.`` and the minus sign are narrower,
so counting every character as a digit over-estimates. A column in the monospaced name
font (Consolas) needs :data:`MONOSPACE` units a character.

What a cell can show is worked out from the domain, not from the values written: an
input's widest value is its min or its max in its format (or its longest choice), an
output's is an end of its range over the domains (:func:`calc.formula.bounds.output_ranges`),
clipped to :data:`SAFE_MAGNITUDE`.
"""
from __future__ import annotations

import ast
import math

from calc.core.formatting import format_value
from calc.core.model import BOOL, TEXT, Input, Output
from calc.formula.bounds import Interval
from calc.workbook.input_state import NO, YES

PADDING = 2
"""Units a column needs beyond its text: the cell's margins left and right and a border."""
MONOSPACE = 1.2
"""Units a character of the name font takes, size for size with Calibri's digits (0.507 em):
Consolas, which Excel has, advances 0.55 em (1.09); where it is missing LibreOffice puts
DejaVu Sans Mono in its place (``fc-match Consolas`` on Debian), which advances 0.602 em
(1.19), so 1.2 fits both. At 1.1 the Plan sheet's longest contribution label ran into the
next column in LibreOffice's render."""
SAFE_MAGNITUDE = 1e12
"""Largest magnitude a result column is sized for. Interval arithmetic bounds a ratio of two
inputs that may be near zero by infinity (and a share of a sum by far more than 100%);
a trillion of any unit here (CPU µs, requests, MQGETs) is past any queue manager's figures,
whose largest are CPU µs per second in the billions (1,000 CPU seconds per second)."""


def column_width(text: str, monospace: bool = False) -> int:
    """Width a column needs to show ``text`` whole (see the module's rule)."""
    return math.ceil(len(text) * (MONOSPACE if monospace else 1)) + PADDING


def widest_input(spec: Input) -> str:
    """The widest text an input's cell can show: a switch's yes or no, its longest choice, or
    its min or max in its format (an input with no max within :data:`SAFE_MAGNITUDE`)."""
    if spec.type == "bool":
        return max(YES, NO, key=len)
    if spec.type == "choice":
        return max(spec.choices, key=len)
    high = SAFE_MAGNITUDE if spec.max is None else spec.max
    return max((format_value(end, spec.decimals) for end in (spec.min, high)), key=len)


def widest_output(output: Output, bounds: dict[str, Interval]) -> str:
    """The widest text a result cell can show over the domains: TRUE/FALSE for a condition,
    the longest text its formula writes for a text, else an end of its range in its
    format, within :data:`SAFE_MAGNITUDE`. ``bounds``: the calculator's output ranges."""
    if output.value_type == BOOL:
        return "FALSE"
    if output.value_type == TEXT:
        return max((node.value for node in ast.walk(output.tree)
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)),
                   key=len, default="")
    ends = (max(end, -SAFE_MAGNITUDE) if end < 0 else min(end, SAFE_MAGNITUDE)
            for end in bounds[output.id])
    return max((format_value(float(end), output.decimals) for end in ends), key=len)
