"""Text from a user's files or arguments made safe to print: a name in an SMF file, a plan's
variant name or a path may hold a character that does not print (an escape sequence that
moves the terminal's cursor, a carriage return, a NEL that a YAML reader takes as a line
break). Every such character is written as its Python escape (``\\x1b``, ``\\r``,
``\\x85``); everything that prints, ``µ`` and accented letters included, stays as it is, so
a line stays one line and the screen stays as mqcalc drew it."""
from __future__ import annotations

import os
import sys

FALLBACK_COLUMNS = 80
"""The width when standard output is no terminal (a file, a pipe), as shutil takes it."""


def printable(text: str) -> str:
    """``text`` with each character that does not print written as its escape."""
    if text.isprintable():  # the usual case, one call in C
        return text
    return "".join(character if character.isprintable()
                   else character.encode("unicode_escape").decode("ascii")
                   for character in text)


def columns() -> int:
    """The terminal's width in columns as :func:`shutil.get_terminal_size` gives it:
    ``COLUMNS`` when set to a positive whole number, else the width of the terminal standard
    output goes to, else :data:`FALLBACK_COLUMNS`. Worked out here, because importing shutil
    (and the archive modules it imports) was some 3 ms of every command's start, argparse
    asking it for each argument a parser is given."""
    try:
        given = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        given = 0
    if given > 0:
        return given
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or FALLBACK_COLUMNS
    except (AttributeError, ValueError, OSError):
        return FALLBACK_COLUMNS
