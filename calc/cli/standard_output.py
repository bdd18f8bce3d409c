"""Writing to standard output: a full disk or a failing device behind it is one line, and
what is left in the buffer is dropped rather than failing again on the way out."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable

from calc.core.errors import MqcalcError
from calc.files.writing import reason


def to_stdout(write: Callable[[], object]) -> object:
    """Call ``write``, which writes to standard output, flush it and return what ``write``
    returned; a file or disk behind it that fills up (or fails) is a one-line MqcalcError,
    not a traceback. (Every other operating-system failure is made a MqcalcError where it
    happens, naming its file, so what reaches here is standard output's.)"""
    try:
        answer = write()
        sys.stdout.flush()
        return answer
    except BrokenPipeError:
        raise
    except OSError as error:
        drop_stdout()
        raise MqcalcError(f"cannot write standard output: {reason(error)}") from None


def drop_stdout() -> None:
    """Point standard output at the null device, so what is left in its buffer cannot fail
    again (and print an ignored error) when Python flushes it on the way out."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
