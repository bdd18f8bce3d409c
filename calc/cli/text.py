"""What ``mqcalc`` prints for a person (``list``, ``eval`` without ``--json``): lines that
fit the terminal, long prose wrapped under its label, each calculator set apart from the
next. Pure text: the command prints it. (textwrap is imported where used: it would slow
the start of every command, ``--json`` ones included, that prints none of this.)"""
from __future__ import annotations

from functools import lru_cache

from calc.core.formatting import as_written, format_value, significant
from calc.core.model import Calculator
from calc.core.readable import ranged_text, shown_figures
from calc.core.terminal_text import columns, printable
from calc.engine import Result
from calc.engine.evidence import LETTERS, WORDS, subject

INDENT = "  "
RULE = "─"
MOST_WIDTH = 100
"""Prose is wrapped at the terminal's width, but no wider: long lines read badly."""


def width() -> int:
    """Columns to wrap at: the terminal's (``COLUMNS`` when set, 80 when output goes to a
    file or a pipe: :func:`calc.core.terminal_text.columns`), at most :data:`MOST_WIDTH`."""
    return min(columns(), MOST_WIDTH)


def wrapped(label: str, text: str, indent: str = INDENT) -> list[str]:
    """``label`` then ``text``, wrapped to :func:`width`, later lines under the text."""
    return list(_wrapped(label, text, indent, width()))


@lru_cache(maxsize=1024)
def _wrapped(label: str, text: str, indent: str, columns: int) -> tuple[str, ...]:
    """:func:`wrapped` at ``columns``, remembered: a report's thousands of results repeat
    the same notes. A word longer than a line (a path) keeps a line of its own, whole."""
    import textwrap

    return tuple(textwrap.wrap(text, columns, initial_indent=indent + label,
                               subsequent_indent=indent + " " * len(label),
                               break_on_hyphens=False, break_long_words=False)
                 or [indent + label.rstrip()])


def fitted(start: str, text: str, indent: str) -> list[str]:
    """``start`` and ``text`` on one line where :func:`width` holds them; else ``start``
    alone, ``text`` wrapped on the lines under it, ``indent`` deep."""
    if len(start) + len(text) <= width():
        return [start + text]
    return [start.rstrip(), *wrapped("", text, indent=indent)]


def heading(title: str) -> list[str]:
    """A calculator's title with a rule under it, which sets it apart from the one before."""
    return [title, RULE * min(len(title), width())]


def result_lines(calculator: Calculator, result: Result) -> list[str]:
    """The outputs of one evaluation (those ``calculator`` lists), one a line with value,
    unit (each figure as a person reads it, :func:`calc.core.readable.shown_figures`, as
    the terminal calculator shows it) and the letters of its evidence marks; then its
    notes; then one line per warning that marks a figure shown, led by its letter and word
    (:mod:`calc.engine.evidence`)."""
    lines = wrapped("measured on: ", calculator.measured_on) if calculator.measured_on else []
    title_width = max(len(output.title) for output in calculator.outputs.values())
    figures = shown_figures(calculator, result.outputs, result.unknown)
    texts = {name: ranged_text(figure, calculator.outputs[name].unit, result.ranges.get(name))
             for name, figure in figures.items()}
    text_width = max(14, *map(len, texts.values()))
    unit_width = max(len(figure.unit) for figure in figures.values())
    for name, output in calculator.outputs.items():
        letters = " ".join(LETTERS[kind] for kind in result.evidence[name])
        lines.append(f"{INDENT}{output.title:<{title_width}} {texts[name]:>{text_width}} "
                     f"{figures[name].unit:<{unit_width}} {letters}".rstrip())
    for note in result.notes:
        lines += wrapped("note: ", note)
    for label, text in warnings(calculator, result):
        lines += wrapped(label, text)
    return lines


def warnings(calculator: Calculator, result: Result) -> list[tuple[str, str]]:
    """The warnings that mark a figure ``calculator`` lists, each as its label (letter and
    word) and its sentence, led by the figure it is about."""
    return [(f"{LETTERS[caveat.kind]} {WORDS[caveat.kind]}: ", " ".join(filter(None, (
                subject(calculator, caveat, result.inputs, result.outputs), caveat.text,
                f"({caveat.where})" if caveat.where else ""))))
            for caveat in result.warnings
            if any(name in calculator.outputs for name in caveat.outputs)]


def described(calculator: Calculator) -> list[str]:
    """One calculator for ``mqcalc list CALC``: what it computes, each input with its
    default, unit, what it accepts and its help, then each output with its unit."""
    lines = [*heading(f"{calculator.id}: {calculator.title}"),
             *wrapped("", calculator.summary)]
    if calculator.measured_on:
        lines += wrapped("measured on: ", calculator.measured_on)
    lines += ["", "Inputs (ID=VALUE; ids and choices in any case)"]
    for spec in calculator.inputs.values():
        default = f"{as_written(spec.default)} {spec.unit}".rstrip()
        lines += wrapped(f"{spec.id}: ", f"default {default}; accepts {spec.accepts()}")
        lines += wrapped("", f"{spec.title}: {spec.help}", indent=INDENT * 3)
    lines += ["", "Outputs"]
    id_width = max(len(name) for name in calculator.outputs)
    unit_width = max(len(output.unit) for output in calculator.outputs.values())
    for name, output in calculator.outputs.items():
        lines.append(f"{INDENT}{name:<{id_width}}  {output.unit:<{unit_width}}  "
                     f"{output.title}".rstrip())
    return lines


def shown_value(value: object) -> str:
    """A value read from SMF data as ``mqcalc smf`` shows it: a float to 6 significant
    digits, never in exponent form (:func:`calc.core.formatting.significant`)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return significant(value)
    return f"{value:,}" if isinstance(value, int) else printable(str(value))


NOTHING_STORED = ("no result is stored in the file (a program that writes formulas without "
                  "working them out saved it, e.g. openpyxl): these are the engine's, from its "
                  "inputs; a spreadsheet shows them once it recalculates the file")
"""What ``--from-workbook`` says of a workbook that holds formulas but no results."""


def exact(value: object) -> str:
    """A value shown to 15 significant digits, not rounded to an output's decimals, so two
    values that disagree never read the same: texts quoted, nothing as ``none stored``."""
    if value is None:
        return "none stored"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float):
        return f"{value:,.15g}"
    return format_value(value)
