"""Writing a file whole or not at all: every file mqcalc writes goes through here."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import MqcalcError


def replace_atomically(path: Path, write: Callable[[Path], None]) -> Path:
    """Call ``write`` with a hidden temporary file beside ``path``, then rename it onto
    ``path``, so a reader sees the old file or the new one, never half of one. The new file
    takes its mode from the umask. On any failure the temporary is removed and ``path`` is
    left as it was; an operating-system failure (missing folder, no permission, ``path`` is
    a directory, disk full) becomes a one-line MqcalcError naming ``path`` and the reason."""
    path = Path(path)
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(handle)
        temporary = Path(name)
        try:
            write(temporary)
            os.chmod(temporary, 0o666 & ~_umask())
            os.replace(temporary, path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    except OSError as error:
        raise MqcalcError(f"cannot write {path}: {error.strerror or error}") from None
    return path


def _umask() -> int:
    """The process umask (read by setting and restoring it), for the new file's mode."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
