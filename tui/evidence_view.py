"""What a figure rests on, as the terminal calculator shows it: the letters of its evidence
marks beside it, styled so a limit crossed stands out, and one line per warning saying why.
Presentation only: the marks and warnings are the engine's (:mod:`calc.engine.evidence`)."""
from __future__ import annotations

from rich.text import Text

from calc import Result
from calc.core.model import ASSUMED, BEYOND_LIMIT, EXTRAPOLATED, MARKS, SCALED, Calculator
from calc.engine.evidence import LETTERS, WORDS, legend, subject

MARKS_WIDTH = len(MARKS)
"""The marks column: room for every letter."""
STYLES = {ASSUMED: "dim", SCALED: "yellow", EXTRAPOLATED: "magenta", BEYOND_LIMIT: "bold red"}
"""How each mark's letter is shown: the more it changes what a figure means, the louder."""


def marks_text(kinds: list[str]) -> Text:
    """The letters of ``kinds`` (an output's marks), each in its style."""
    return Text.assemble(*((LETTERS[kind], STYLES[kind]) for kind in kinds))


def warning_lines(calculator: Calculator, result: Result) -> list[Text]:
    """One line per warning of ``result``: its letter and word, then why (the figure a
    limit is about with its value); then the legend, when any figure is marked."""
    lines = []
    for caveat in result.warnings:
        about = subject(calculator, caveat, result.inputs, result.outputs)
        where = f" ({caveat.where})" if caveat.where else ""
        lines.append(Text.assemble((f"{LETTERS[caveat.kind]} {WORDS[caveat.kind]}: ",
                                    STYLES[caveat.kind]), f"{about} " if about else "",
                                   caveat.text, (where, "dim")))
    if lines:
        lines.append(Text(legend(), style="dim"))
    return lines
