"""mqcalc on a disk that fills up while it writes.

Every hidden temporary mqcalc writes (``.NAME.XXXXXXXX.tmp``, :mod:`calc.files.writing`) takes only
``room`` bytes; then, as on a full disk, a write stores what still fits and the next one fails
with ENOSPC. Other files (XlsxWriter's scratch parts, the templates read) are untouched, so
the failure comes where a full disk at the target would put it, through the real writers.
``python -m tests.full_disk ROOM ARGUMENTS...`` runs ``mqcalc ARGUMENTS...`` that way.
"""
from __future__ import annotations

import builtins
import errno
import io
import os
import sys


def filling_up(room: int):
    """An ``open`` that gives the hidden temporaries mqcalc writes ``room`` bytes each and
    opens every other file as ``io.open`` does."""
    real_open = io.open

    class FullFile(io.FileIO):
        def write(self, data) -> int:
            left = room - self.tell()
            if left <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return super().write(memoryview(data)[:left])  # a short write, as the kernel's

    def opening(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None,
                closefd=True, opener=None):
        name = os.path.basename(file) if isinstance(file, (str, os.PathLike)) else ""
        if "r" in mode or not (name.startswith(".") and name.endswith(".tmp")):
            return real_open(file, mode, buffering, encoding, errors, newline, closefd, opener)
        raw = FullFile(file, mode.replace("b", "").replace("t", ""), closefd, opener)
        buffered = (io.BufferedRandom if "+" in mode else io.BufferedWriter)(raw)
        return buffered if "b" in mode else io.TextIOWrapper(buffered, encoding, errors,
                                                             newline)

    return opening


if __name__ == "__main__":
    io.open = builtins.open = filling_up(int(sys.argv[1]))
    from calc.cli import main

    sys.exit(main(sys.argv[2:]))
