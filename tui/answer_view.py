"""The answer first: a calculator's figures as the results show them, and the pinned lines of
its headline and key results (the choice the workbook's summary shows, from
:mod:`calc.template.summary_section`). Presentation only, no Textual: the figures are the engine's,
written by :mod:`calc.core.readable` (:func:`~calc.core.readable.shown_figures`).
"""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from calc.core.model import Calculator
from calc.core.readable import Shown, ranged_text

from .evidence_view import marks_text


def answer_view(calculator: Calculator, figures: dict[str, Shown],
                evidence: dict[str, list[str]], ranges: dict[str, tuple]) -> Table:
    """The headline in bold, then the key results: value (with its low–high range where it
    has one), unit and the letters of what it rests on first (so that a narrow screen cuts
    the title, never the figure), each title cut with an ellipsis to the line."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    for name in (calculator.headline, *calculator.key_results):
        figure, style = figures[name], "bold" if name == calculator.headline else ""
        text = ranged_text(figure, calculator.outputs[name].unit, ranges.get(name))
        grid.add_row(Text(text, style=style), Text(figure.unit, style="dim"),
                     marks_text(evidence[name]),
                     Text(calculator.outputs[name].title, style=style))
    return grid
