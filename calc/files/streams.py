"""Output a terminal or pipe can carry: where standard output or error cannot encode a
character mqcalc writes (``PYTHONIOENCODING=latin-1``; ``LC_ALL=C`` without Python's UTF-8
mode gives ASCII), a plain stand-in is written instead (``us`` for ``µs``, ``-`` for the
rule under a heading), never a traceback. JSON keeps every character exact as a ``\\u``
escape (:func:`calc.cli.json_output.dumps`)."""
from __future__ import annotations

import codecs
import sys

STAND_INS = {"µ": "u", "─": "-", "–": "-", "—": "-", "×": "x", "…": "...", "‘": "'",
             "’": "'", "“": '"', "”": '"', "•": "*", "≤": "<=", "≥": ">=", "→": "->",
             "\u00a0": " "}
"""What the characters templates and messages use become on a stream without them; any
other character (a name from a file) becomes ``?``."""
HANDLER = "mqcalc-stand-in"
"""The name of the codec error handler that writes the stand-ins."""


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(STAND_INS.get(character, "?") for character in text), error.end


codecs.register_error(HANDLER, _stand_in)


def carry_what_streams_can() -> None:
    """Make standard output and error write a stand-in for what they cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=HANDLER)


def can_carry(text: str) -> bool:
    """Whether standard output encodes ``text`` as it is."""
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
