"""Progress of long work, told on standard error where it is a terminal (a person waits for
it), one line a step, and not at all where it is a file or a pipe (a script reads it)."""
from __future__ import annotations

import sys
from collections.abc import Callable

from calc.core.terminal_text import printable


def on_terminal(doing: str = "") -> Callable[[str], None]:
    """What tells a step of the work (``doing`` before it) on standard error, where that is
    a terminal; else what tells nothing."""
    if not sys.stderr.isatty():
        return lambda _said: None
    return lambda said: print(f"mqcalc: {doing}{printable(said)}", file=sys.stderr)
