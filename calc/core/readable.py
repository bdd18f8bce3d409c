"""Figures as a person reads them on a screen: in a readable time unit, with the same decimals
for every figure of one unit, and never a non-zero figure shown as zero.

The engine's outputs carry the template's unit and decimals. Shown as they are, a page set's
write CPU reads "2,364,633.0 CPU µs" and a tiny rate "0.00000"; here the first becomes
"2.36 CPU s" and the second keeps two significant digits. Only how a figure is written
changes, never its value (a µs is a thousandth of a ms, exactly). The one rule for a
figure shown to a person: the command line's text and the terminal calculator both show
what :func:`shown_figures` returns (JSON, CSV and workbooks carry the values themselves).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from calc.core.formatting import format_value
from calc.core.model import UNKNOWN, Calculator

TIME_STEPS = ("µs", "ms", "s")
"""Time units a figure may move between, each a thousand times the one before."""
TIME_UNIT = re.compile(r"(?<![\w/])(µs|ms|s)(?![\w])")
"""A time unit in a unit's text before any "/": "CPU µs/request", "CPU s/s" (the per-second
after the slash is a rate's denominator and stays)."""
LARGE = 10_000
"""From this magnitude a time figure moves to the largest unit in which it is at least 1."""
SIGNIFICANT = 3
"""Significant digits of a figure that moved unit, or that its decimals would show as 0."""


@dataclass(frozen=True)
class Shown:
    """One figure as shown: its value in ``unit`` (which may differ from the template's) and
    the decimals it is written with."""

    value: object
    unit: str
    decimals: int
    widened: bool = False
    """Whether the decimals were raised so that the figure does not read 0."""

    @property
    def text(self) -> str:
        """The figure written out: thousands separators, ``decimals`` places; yes or no for
        a switch; text as it is."""
        value = self.value
        if isinstance(value, float) and value != 0 and abs(value) < 10.0 ** -12:
            return f"{value:.{SIGNIFICANT - 1}e}"
        return format_value(value, self.decimals if isinstance(value, float) else 0)


def readable(value: object, unit: str, decimals: int) -> Shown:
    """``value`` (of ``unit``, declared with ``decimals``) in a readable unit and decimals:
    a time of 10,000 or more moves up (µs to ms to s) and a time that would show as 0 moves
    down, each to where it reads at least 1; any other figure that would show as 0 gets the
    decimals for SIGNIFICANT digits."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return Shown(value, unit, 0)
    if decimals:  # a whole figure of an output with decimals (100 of a %) reads as its peers
        value = float(value)
    found = TIME_UNIT.search(unit)
    if found and (abs(value) >= LARGE or _hidden(value, decimals)):
        step = TIME_STEPS.index(found.group(1))
        while step < len(TIME_STEPS) - 1 and abs(value) >= 1000:
            value, step = value / 1000, step + 1
        while step > 0 and 0 < abs(value) < 1:
            value, step = value * 1000, step - 1
        unit = unit[:found.start()] + TIME_STEPS[step] + unit[found.end():]
        return Shown(float(value), unit, _places_for(value))
    if _hidden(value, decimals):
        return Shown(float(value), unit, _places_for(value), widened=True)
    return Shown(value, unit, decimals)


def _hidden(value: float, decimals: int) -> bool:
    """Whether ``value`` is not 0 but reads 0 with ``decimals`` places."""
    return value != 0 and round(abs(value), decimals) == 0


def _places_for(value: float) -> int:
    """Decimals that show SIGNIFICANT digits of ``value`` (none for a large one)."""
    if value == 0:
        return 0
    return max(0, SIGNIFICANT - 1 - math.floor(math.log10(abs(value))))


def consistent(figures: list[Shown]) -> list[Shown]:
    """``figures`` (one table's) with one number of decimals per unit: the most any of that
    unit's figures has. Whole counts (an output declared without decimals computed as an
    int) stay whole, and so does text; a figure given extra decimals so that it does not
    read 0 keeps them."""
    most: dict[str, int] = {}
    for figure in figures:
        if isinstance(figure.value, float) and not figure.widened:
            most[figure.unit] = max(most.get(figure.unit, 0), figure.decimals)
    return [Shown(figure.value, figure.unit, max(figure.decimals, most.get(figure.unit, 0)),
                  figure.widened)
            if isinstance(figure.value, float) else figure for figure in figures]


def shown_figures(calculator: Calculator, outputs: dict,
                  unknown: tuple[str, ...] = ()) -> dict[str, Shown]:
    """Every output of ``calculator`` as a person is shown it, one number of decimals per
    unit across them; those ``unknown`` names (a result's) as :data:`UNKNOWN`, unitless."""
    figures = consistent([Shown(UNKNOWN, "", 0) if name in unknown else
                          readable(outputs[name], output.unit, output.decimals)
                          for name, output in calculator.outputs.items()])
    return dict(zip(calculator.outputs, figures))


def spread_text(figure: Shown, unit: str, ends: tuple[float, float] | None) -> str:
    """The range around ``figure`` (an output of ``unit`` as :func:`readable` shows it) as
    "low–high", each end in the figure's unit and decimals: ``1.52–2.01``; empty where
    there is no range (``ends`` None) or both ends read as the figure does."""
    if ends is None or not isinstance(figure.value, (int, float)):
        return ""
    factor = _time_factor(unit, figure.unit)
    low, high = (Shown(end / factor, figure.unit, figure.decimals).text for end in ends)
    return "" if low == high == figure.text else f"{low}–{high}"


def ranged_text(figure: Shown, unit: str, ends: tuple[float, float] | None) -> str:
    """``figure`` as shown, followed by its range where it has one: ``1.75 (1.52–2.01)``."""
    spread = spread_text(figure, unit, ends)
    return f"{figure.text} ({spread})" if spread else figure.text


def column(values: list, unit: str, decimals: int) -> tuple[str, list[Shown]]:
    """One table column's figures (of ``unit``, declared with ``decimals``) in one unit and
    one number of decimals: those :func:`readable` gives the smallest figure that is not 0,
    so that none reads 0 and the larger ones read in full beside it (7 and 43,200 CPU µs,
    not 0.007 and 43.2 CPU ms). Text and switches are shown as they are. Returns the unit
    and the figures."""
    numbers = [abs(value) for value in values
               if isinstance(value, (int, float)) and not isinstance(value, bool) and value]
    if not numbers:
        return unit, [readable(value, unit, decimals) for value in values]
    least = readable(min(numbers), unit, decimals)
    factor = _time_factor(unit, least.unit)
    return least.unit, [Shown(value / factor, least.unit, least.decimals)
                        if isinstance(value, (int, float)) and not isinstance(value, bool)
                        else readable(value, unit, decimals) for value in values]


def _time_factor(unit: str, to: str) -> float:
    """What a figure of ``unit`` is divided by to read in ``to``: a power of 1,000 between
    time units, else 1."""
    found, target = TIME_UNIT.search(unit), TIME_UNIT.search(to)
    if not (found and target):
        return 1.0
    return 1000.0 ** (TIME_STEPS.index(target.group(1)) - TIME_STEPS.index(found.group(1)))
