"""What ``--json`` prints: strict JSON (RFC 8259) that any parser takes.

Python's ``json`` writes ``Infinity`` and ``NaN`` for non-finite floats, which no strict
parser accepts; a workbook can store such a number (a cell holding ``1E999`` reads as
infinity). Here a non-finite number is written as its text (``"inf"``, ``"-inf"``,
``"nan"``), so the document stays valid and the value stays visible. Anything else that
JSON has no form for (a stored date, say) is written as its text too.

JSON requires escapes only for the C0 control characters, which ``json`` always escapes.
The other characters that can move a terminal's cursor or end a line in some readers (DEL,
the C1 controls, U+2028 and U+2029) are escaped here as well, so a value read from a
user's file cannot rewrite the screen when the output is shown. They can occur only inside
strings, so escaping them in the finished text changes no structure.
"""
from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable

from calc.files.streams import can_carry

_UNPRINTED = re.compile("[\x7f-\x9f\u2028\u2029]")


def dumps(document: object, one_line: str = "") -> str:
    """``document`` as strict, indented JSON for standard output: non-ASCII letters kept
    as they are, or written as ``\\u`` escapes where standard output cannot encode them
    (:func:`calc.files.streams.can_carry`), so the document read back is the same. Each
    item of a list under the key ``one_line``, where given, is written on a line of its
    own, as it would be if the line were not indented (a series' 9,120 intervals: a
    fifth of the text, and Python writes unindented JSON in C, indented in Python, some
    five times slower)."""
    try:  # almost every document is finite: copied only when it is not
        finite, text = document, _indented(document, one_line, ascii_only=False)
    except ValueError:
        finite = _finite(document)
        text = _indented(finite, one_line, ascii_only=False)
    if not can_carry(text):
        text = _indented(finite, one_line, ascii_only=True)
    return _UNPRINTED.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


def _indented(document: object, one_line: str, ascii_only: bool) -> str:
    """:func:`dumps`'s text, ``non-ASCII`` escaped or not: each item of a list under
    ``one_line`` is first written alone, and stands in the document as a mark (a text no
    document holds: it carries a random token) that its line then replaces."""
    lines: dict[str, str] = {}
    token = os.urandom(8).hex()

    def marked(node: object, key: object = None) -> object:
        if isinstance(node, dict):
            return {name: marked(value, name) for name, value in node.items()}
        if isinstance(node, (list, tuple)):
            if key != one_line:
                return [marked(item) for item in node]
            marks = [f"{token}:{len(lines) + index}" for index in range(len(node))]
            lines.update(zip(marks, (json.dumps(item, ensure_ascii=ascii_only,
                                                allow_nan=False, default=str)
                                     for item in node)))
            return marks
        return node

    text = json.dumps(marked(document) if one_line else document, indent=2,
                      ensure_ascii=ascii_only, allow_nan=False, default=str)
    return re.sub(f'"({token}:[0-9]+)"', lambda match: lines[match[1]], text) if lines else text


def print_listing(document: dict, key: str, items: Iterable[object]) -> None:
    """Print ``document`` (a mapping) with ``items`` as the list at ``key``, its last
    entry, as :func:`dumps` prints it whole; but each item is made and printed in turn, so
    a long listing (a report's intervals) is never held whole, as values or as text.
    (:func:`dumps` escapes every line break inside a string, so its lines are the
    document's.)"""
    empty = dumps({**document, key: []})
    opening = empty.removesuffix("[]\n}")
    assert opening != empty, "the listing comes last"
    printed = False
    for item in items:
        indented = "\n".join("    " + line for line in dumps(item).split("\n"))
        print((",\n" if printed else opening + "[\n") + indented, end="")
        printed = True
    print("\n  ]\n}" if printed else empty)


def _finite(value: object) -> object:
    """``value`` with every non-finite float inside it replaced by its text."""
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value
