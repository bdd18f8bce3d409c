"""Text from a user's files or arguments made safe to print: a name in an SMF file, a plan's
variant name or a path may hold a character that does not print (an escape sequence that
moves the terminal's cursor, a carriage return, a NEL that a YAML reader takes as a line
break). Every such character is written as its Python escape (``\\x1b``, ``\\r``,
``\\x85``); everything that prints, ``µ`` and accented letters included, stays as it is, so
a line stays one line and the screen stays as mqcalc drew it."""
from __future__ import annotations


def printable(text: str) -> str:
    """``text`` with each character that does not print written as its escape."""
    if text.isprintable():  # the usual case, one call in C
        return text
    return "".join(character if character.isprintable()
                   else character.encode("unicode_escape").decode("ascii")
                   for character in text)
