"""What ``mqcalc plan FILE --growth PCT`` adds for a person: the runway, each variant's
limits in the month they are first crossed (:mod:`calc.inputs.runway`)."""
from __future__ import annotations

from calc.cli.text import INDENT, wrapped
from calc.core.formatting import plain_number
from calc.engine.evidence import WORDS
from calc.inputs.runway import Crossing, Runway, month_label

NOW = "now"
"""How a limit already crossed at the start is dated."""
DATE, KIND = 9, 16
"""Widths of a crossing's month and kind, before its sentence."""


def runway_heading(runway: Runway) -> str:
    """What the runway is: its growth, start and how far it looked."""
    return (f"Runway at {plain_number(runway.growth_pct)}% a year from "
            f"{month_label(runway.start, 0)}, month by month to "
            f"{month_label(runway.start, runway.months)}")


def crossing_date(runway: Runway, crossing: Crossing) -> str:
    """The month a limit is first crossed, or :data:`NOW`."""
    return NOW if crossing.month == 0 else month_label(runway.start, crossing.month)


def crossing_text(crossing: Crossing) -> str:
    """Where the limit is declared and what it is about, then its sentence."""
    return f"{crossing.source} ({', '.join(crossing.about)}): {crossing.text}"


def runway_lines(runway: Runway, variants: list[str]) -> list[str]:
    """The runway of each of ``variants``: a line a crossing, the soonest first."""
    lines = ["", runway_heading(runway),
             *wrapped("", "Every rate, count in an interval and measured CPU figure grows, "
                          "compounded; the machine and the settings stay as planned.")]
    for name in variants:
        lines.append(f"{INDENT}{name}")
        crossings = runway.of(name)
        for crossing in crossings:
            label = f"{crossing_date(runway, crossing):<{DATE}}{WORDS[crossing.kind]:<{KIND}}"
            lines += wrapped(label, crossing_text(crossing), INDENT * 2)
        if not crossings:
            lines += wrapped("", "no limit crossed", INDENT * 2)
    if runway.stopped:
        lines += wrapped("Stopped early: ", runway.stopped)
    return lines
