"""The explain panel's text: one output's formula as the template writes it, the values that
fed it and the sources behind it. Presentation only; the figures come from
:func:`calc.engine.explain.explain`.

Template texts are placed as plain text (never as markup), since formulas are full of
square brackets.
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from calc.core.formatting import significant
from calc.core.model import UNKNOWN
from calc.core.readable import readable, spread_text
from calc.engine.evidence import UNMARKED, WORDS
from calc.engine.explain import Explanation

from .evidence_view import STYLES


def with_unit(value: object, unit: str, decimals: int | None) -> str:
    """A value followed by its unit: readable (:func:`calc.core.readable.readable`) with
    ``decimals`` when given (an output's), else as it is (six significant digits at most);
    "not used here" for a look-up not taken."""
    if value is None:
        return "not used here"
    if decimals is None and isinstance(value, float):
        return f"{significant(value)} {unit}".rstrip()
    shown = readable(value, unit, decimals or 0)
    return f"{shown.text} {shown.unit}".rstrip()


def _spread(explanation: Explanation) -> str:
    """The figure's low–high in its readable unit and decimals: ``0.6080–0.9120 CPU s/s``."""
    output = explanation.output
    figure = readable(explanation.value, output.unit, output.decimals)
    ends = spread_text(figure, output.unit, explanation.spread) or "–".join(
        [figure.text] * 2)
    return f"{ends} {figure.unit}".rstrip()


def explanation_view(explanation: Explanation) -> Group:
    """Title and value, help, its low–high range and what moves it (where it has one),
    formula, the values that fed it, whether it is scaled to the machine chosen, and the
    sources."""
    output = explanation.output
    figure = with_unit(explanation.value, output.unit, output.decimals)
    heading = Text.assemble((output.title, "bold"), " = ", *(
        ((UNKNOWN, "bold"), f" (the formula gives {figure}; the notes say what it needs)")
        if explanation.unknown else ((figure, "bold"),)))
    values = Table.grid(padding=(0, 2))
    values.add_column(style="cyan", no_wrap=True)
    values.add_column(justify="right", no_wrap=True)
    values.add_column(style="dim")
    for term in explanation.terms:
        values.add_row(Text(term.text), Text(with_unit(term.value, term.unit, term.decimals)),
                       Text(f"{term.kind}: {term.title}"))
    sources = Text("\n").join(Text(f"• {citation}") for citation in explanation.sources)
    scaling = (Text(explanation.scaling), Text("")) if explanation.scaling else ()
    spread = () if explanation.spread is None else (
        Text.assemble(("Low–high  ", "bold"), _spread(explanation)),
        Text("\n").join(Text(f"• {what}") for what in explanation.spread_from), Text(""))
    rests_on = Text("\n").join(
        Text.assemble((f"{WORDS[caveat.kind]}: ", STYLES[caveat.kind]), caveat.text,
                      (f" ({caveat.where})" if caveat.where else "", "dim"))
        for caveat in explanation.warnings) or Text(UNMARKED)
    return Group(heading, Text(output.help, style="dim"), Text(""), *spread,
                 Text.assemble(("Formula  ", "bold"), (output.formula, "cyan")), Text(""),
                 Text("Rests on", style="bold"), rests_on, Text(""),
                 Text("Values", style="bold"), values, Text(""), *scaling,
                 Text("Sources", style="bold"), sources)

