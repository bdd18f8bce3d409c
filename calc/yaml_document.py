"""A YAML document as :mod:`calc.yaml_reading` reads it: the values and each key's line.

Kept apart from the reader so that a document taken from the cache of read templates
(:mod:`calc.cache`) needs no YAML parser: importing PyYAML is a tenth of a command's start.
"""
from __future__ import annotations

from dataclasses import dataclass

SIZE_LIMIT = 1 << 20
"""Largest file read, in bytes: the biggest template is about 30 KB."""


class WrittenNumber(float):
    """A decimal number read from a YAML file, keeping the text it was written as, so the
    engine's gate (:func:`calc.values.as_number`) judges it by the same rule as a number
    typed on the command line: ``1e2`` or ``1.0`` is no whole number for an input that
    takes one, and ``1e-400`` is not 0. Everywhere else it is the float it stands for."""

    def __new__(cls, value: float, text: str | None = None):
        number = super().__new__(cls, value)
        number.text = repr(float(value)) if text is None else text
        return number


@dataclass(frozen=True)
class Document:
    """A YAML document as Python values, with the line of each key."""

    data: object
    lines: dict[str, int]
    """Key path (``outputs.x.formula``, ``notes[2].when``; top-level keys bare; the whole
    document ``""``) -> the line, from 1, where that key (or list item) starts."""

    def line(self, key: str) -> int | None:
        """The line of ``key``, or of the nearest enclosing key the file has (a missing
        field is named at its mapping); None for an empty file."""
        key = key.removeprefix("(top level)").removeprefix(".")
        while key not in self.lines and key:
            key = key[:max(key.rfind("."), key.rfind("["), 0)]
        return self.lines.get(key)
