"""A YAML document as :mod:`calc.files.yaml_reading` reads it: the values and each key's line.

Kept apart from the reader so that a document taken from the cache of read templates
(:mod:`calc.template.cache`) needs no YAML parser: importing PyYAML is a tenth of a command's start.
"""
from __future__ import annotations

from dataclasses import dataclass

SIZE_LIMIT = 1 << 20
"""Largest file read, in bytes: the biggest template is about 30 KB."""


class WrittenNumber(float):
    """A decimal number read from a YAML file, keeping the text it was written as, so the
    engine's gate (:func:`calc.core.values.as_number`) judges it by the same rule as a number
    typed on the command line: ``1e2`` or ``1.0`` is no whole number for an input that
    takes one, and ``1e-400`` is not 0. Everywhere else it is the float it stands for."""

    def __new__(cls, value: float, text: str | None = None):
        number = super().__new__(cls, value)
        number.text = repr(float(value)) if text is None else text
        return number


Lines = list
"""Where a node of a document starts: ``[line, children]``, the line from 1 and the
children ``None`` (a plain value), a dict (a mapping: each key as written -> its value's
node, whose line is the key's) or a list (a list: each item's node). A tree rather than a
line per key path, so a document's lines take memory in proportion to its nodes, however
long its keys or deep its nesting."""


@dataclass(frozen=True)
class Document:
    """A YAML document as Python values, with the line of each key."""

    data: object
    lines: Lines | None
    """Where the document and each key and list item start (None: no file, or an empty
    one); :meth:`line` looks a key path up."""

    def line(self, key: str) -> int | None:
        """The line of ``key``, a key path (``outputs.x.formula``, ``notes[2].when``; top
        level keys bare; the whole document ``""``), or of the nearest enclosing key the
        file has (a missing field is named at its mapping); None without a file."""
        if self.lines is None:
            return None
        node, rest = self.lines, key.removeprefix("(top level)").removeprefix(".")
        while rest:
            children = node[1]
            if isinstance(children, list) and rest.startswith("["):
                index, _, after = rest[1:].partition("]")
                if not index.isdigit() or int(index) >= len(children):
                    break
                node, rest = children[int(index)], after
            elif isinstance(children, dict):
                child = max((name for name in children if rest == name or (
                    rest.startswith(name) and rest[len(name)] in ".[")), key=len, default=None)
                if child is None:
                    break
                node, rest = children[child], rest[len(child):]
            else:
                break
            rest = rest.removeprefix(".")
        return node[0]
