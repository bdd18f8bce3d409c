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
import re
from collections.abc import Iterable

from calc.files.streams import can_carry

_UNPRINTED = re.compile("[\x7f-\x9f\u2028\u2029]")


def dumps(document: object) -> str:
    """``document`` as strict, indented JSON for standard output: non-ASCII letters kept
    as they are, or written as ``\\u`` escapes where standard output cannot encode them
    (:func:`calc.files.streams.can_carry`), so the document read back is the same."""
    try:  # almost every document is finite: copied only when it is not
        finite, text = document, json.dumps(document, indent=2, ensure_ascii=False,
                                            allow_nan=False, default=str)
    except ValueError:
        finite = _finite(document)
        text = json.dumps(finite, indent=2, ensure_ascii=False, allow_nan=False, default=str)
    if not can_carry(text):
        text = json.dumps(finite, indent=2, ensure_ascii=True, allow_nan=False, default=str)
    return _UNPRINTED.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


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
