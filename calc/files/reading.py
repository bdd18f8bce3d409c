"""Reading a file a user names: a regular file only, and never more of it than a bound.

Every file mqcalc reads on a user's word (a scenario, a report, a workbook) comes through
:func:`read_bytes` (or, line by line, :func:`read_lines`). A name that leads to something
other than a regular file is refused before a byte is read: a FIFO would block the read
until some writer came (forever, in practice), and a device such as ``/dev/zero`` or
``/dev/urandom`` never ends. The file is
opened without blocking, so even opening a FIFO cannot hang, and then checked through the
open handle, so what is checked is what is read. A regular file larger than the caller's
bound is refused without reading more than the bound and one byte.
"""
from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from io import BufferedIOBase
from pathlib import Path

from calc.core.errors import MqcalcError
from calc.files.writing import reason

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:  # the type variable alone needs typing
    from typing import TypeVar

    T = TypeVar("T")


class NotReadable(MqcalcError):
    """A named file cannot be read: missing, not a regular file, or larger than the bound.
    The message is the reason only; each caller puts its own ``what PATH:`` before it."""


def read_bytes(path: Path, limit: int) -> bytes:
    """The whole content of the regular file ``path``, at most ``limit`` bytes."""
    return read_with(path, lambda stream: read_bounded(stream, limit))


def read_lines(path: Path, limit: int, take: Callable[[Iterator[bytes]], T]) -> T:
    """``take(lines)``: what ``take`` makes of the lines of the regular file ``path`` (each
    with its line end), read one at a time, so only what ``take`` keeps is held; a file
    larger than ``limit`` bytes is refused before a line is read (or, should it grow while
    read, once it passes the bound)."""
    def lines(stream: BufferedIOBase) -> Iterator[bytes]:
        if os.fstat(stream.fileno()).st_size > limit:
            raise NotReadable(_too_large(limit))
        read = 0
        for line in stream:
            read += len(line)
            if read > limit:
                raise NotReadable(_too_large(limit))
            yield line

    return read_with(path, lambda stream: take(lines(stream)))


def read_with(path: Path, use: Callable[[BufferedIOBase], T]) -> T:
    """``use(stream)`` on the regular file ``path`` opened for reading; what cannot be
    read, or is not a regular file, is :class:`NotReadable`."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise NotReadable(f"cannot be read: {reason(error)}") from None
    except ValueError:  # a NUL in the name
        raise NotReadable("cannot be read: a file name cannot hold a NUL") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise NotReadable(f"is {_kind(mode)}, not a regular file (expects a file)")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return use(stream)
    except OSError as error:
        raise NotReadable(f"cannot be read: {reason(error)}") from None
    finally:
        os.close(handle)


def read_bounded(stream: BufferedIOBase, limit: int) -> bytes:
    """What is left of ``stream``, refused once it passes ``limit`` bytes (read no further
    than one byte past it)."""
    content = stream.read(limit + 1)
    if len(content) > limit:
        raise NotReadable(_too_large(limit))
    return content


def _too_large(limit: int) -> str:
    return f"is larger than {describe_size(limit)}, the most mqcalc reads of such a file"


def describe_size(size: int) -> str:
    """A bound in bytes as a person reads it: ``1 MB``, ``64 KB`` or ``100 bytes``."""
    for unit, name in ((1 << 20, "MB"), (1 << 10, "KB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} bytes"


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a special file")
