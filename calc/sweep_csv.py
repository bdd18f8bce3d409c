"""A sweep as CSV: one header line (input ids, output ids, ``problem``), then one line per
scenario, for scripts and other tools rather than for reading.

Values are written as a program reads them back: booleans ``true``/``false``, whole numbers
without a decimal point (:func:`calc.formatting.plain_number`) or thousands separators,
other numbers in Python's shortest exact form, texts quoted only where CSV needs it (RFC
4180). A refused scenario has empty outputs and its problem.

Each column's formatter is chosen once from its value type, and lines are written a batch
at a time: this loop runs millions of times.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TextIO

from .engine import Outcome
from .formatting import plain_number
from .model import BOOL, NUMBER, TEXT, Calculator

BATCH = 4096
"""Lines joined into one write."""
NEEDS_QUOTES = re.compile(r'[,"\n\r]')


def write_csv(calculator: Calculator, outcomes: Iterable[Outcome], stream: TextIO) -> int:
    """Write the header and one line per outcome to ``stream``; return the scenario count."""
    inputs = [(name, _FORMAT[spec.value_type]) for name, spec in calculator.inputs.items()]
    outputs = [(name, _FORMAT[output.value_type]) for name, output in calculator.outputs.items()]
    refused = [""] * len(outputs)
    stream.write(",".join([*calculator.inputs, *calculator.outputs, "problem"]) + "\n")
    lines, count = [], 0
    for values, results, problem in outcomes:
        cells = [text(values[name]) for name, text in inputs]
        cells += refused if results is None else [text(results[name]) for name, text in outputs]
        cells.append(_text(problem))
        lines.append(",".join(cells))
        if len(lines) == BATCH:
            stream.write("\n".join(lines) + "\n")
            count += BATCH
            lines.clear()
    if lines:
        stream.write("\n".join(lines) + "\n")
    return count + len(lines)


def _number(value: int | float) -> str:
    return str(plain_number(value))


def _boolean(value: bool) -> str:
    return "true" if value else "false"


def _text(value: str) -> str:
    """The text as a CSV field: quoted, with quotes doubled, when it holds a comma, a quote
    or a line break."""
    if NEEDS_QUOTES.search(value):
        return '"' + value.replace('"', '""') + '"'
    return value


_FORMAT: dict[str, Callable[[object], str]] = {NUMBER: _number, BOOL: _boolean, TEXT: _text}
