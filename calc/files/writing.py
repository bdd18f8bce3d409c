"""Writing files whole or not at all: every file mqcalc writes goes through here.

Each file is written to a hidden temporary beside it (``.NAME.XXXXXXXX.tmp``) and renamed
onto its name, so a reader sees the old file or the new one, never half of one. A process
killed outright (SIGKILL, power loss) can leave such a temporary behind: its name starts
with a dot and ends in ``.tmp``, so it is never taken for a workbook or a scenario, and the
next write of the same name removes it (:func:`replace_all_atomically`). A command stopped by
Ctrl+C, SIGTERM or SIGHUP removes its own (:mod:`calc.files.stopping`).

A file replaced keeps its permission bits (a private 0600 file stays private); a new one takes
its mode from the umask. A name that is a symbolic link is replaced as a link: the link
itself becomes the new file, and the file it pointed to is left as it was (a rename cannot
write through a link, and mqcalc writes only the names it is given).
"""
from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from calc.core.errors import MqcalcError
from calc.core.terminal_text import printable

Writer = Callable[[Path], None]
"""Writes a file's whole content to the path it is given (a temporary)."""


def replace_atomically(path: Path, write: Writer) -> Path:
    """Write one file through :func:`replace_all_atomically`; return ``path``."""
    return replace_all_atomically({Path(path): write})[0]


def replace_all_atomically(writes: dict[Path, Writer]) -> list[Path]:
    """Call each writer with a hidden temporary beside its path; only when every one has
    succeeded, rename them all onto their paths (in order) and return the paths. Writing
    every file before renaming any keeps a failure or an interrupt (Ctrl+C) part-way from
    leaving some files new and others old: on any failure every temporary is removed and
    every path is left as it was (short of a failure among the renames themselves, which a
    check of every path before any writing makes unlikely). Before writing, the temporaries
    an earlier killed write of these paths left are removed (:func:`_remove_leftovers`). A
    path that names a file keeps that file's permission bits; a new one takes its mode from
    the umask. An operating-system failure (missing folder, no permission, a path that
    is a directory, disk full) becomes a one-line MqcalcError naming the path and the
    reason."""
    written: dict[Path, Path] = {}
    try:
        for path in writes:
            _check_target(path)
        _remove_leftovers(list(writes))
        for path, write in writes.items():
            written[path] = _write_temporary(path, write)
        for path, temporary in written.items():
            _guarded(path, os.replace, temporary, path)
    except BaseException:
        for temporary in written.values():
            temporary.unlink(missing_ok=True)
        with contextlib.suppress(MqcalcError):  # the failure that got here is the one to tell
            _remove_leftovers(list(writes))  # one an interrupt left inside mkstemp itself
        raise
    return list(writes)


def make_folder(folder: Path) -> list[Path]:
    """Create ``folder`` and its parents if missing; return the folders it created, the
    outermost first (for :func:`new_folder`). A failure (a file in the way, no
    permission, a read-only or virtual file system) is a one-line MqcalcError naming it."""
    _check_name(folder)
    try:
        if folder.exists() and not folder.is_dir():
            raise MqcalcError(f"cannot create folder {folder}: a file of that name is in the "
                              "way (expects a folder)")
        made = [path for path in (*reversed(folder.parents), folder) if not path.exists()]
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MqcalcError(f"cannot create folder {folder}: {reason(error)}") from None
    return made


@contextlib.contextmanager
def new_folder(folder: Path) -> Iterator[Path]:
    """``folder``, made with its parents where missing (:func:`make_folder`), to write into:
    when the block fails (a full disk, a signal), the folders made for it are removed
    again, the innermost first, each only while it is empty, so a write that failed leaves
    no folder behind."""
    made = make_folder(folder)
    try:
        yield folder
    except BaseException:
        for created in reversed(made):
            try:
                created.rmdir()
            except OSError:
                break
        raise


def existing(paths: list[Path]) -> list[Path]:
    """Those of ``paths`` that exist, a symbolic link counting even when what it points to
    does not (a write would replace the link); a path the system cannot look up (a name too
    long, say) is a one-line MqcalcError naming it."""
    for path in paths:
        _check_name(path)
    return [path for path in paths
            if _guarded(path, lambda: path.is_symlink() or path.exists())]


def _remove_leftovers(paths: list[Path]) -> None:
    """Remove the hidden temporaries a killed earlier write of ``paths`` left beside them
    (a write running at the same time into the same folder would lose its temporary and
    fail with a one-line error, never leave a wrong file)."""
    for path in paths:
        for leftover in path.parent.glob(f".{_glob_escape(path.name)}.*.tmp"):
            _guarded(path, leftover.unlink, missing_ok=True)


def _write_temporary(path: Path, write: Writer) -> Path:
    """A new hidden temporary beside ``path`` holding what ``write`` wrote to it."""
    import tempfile  # here, not at the top: a command that writes nothing does not need it

    handle, name = _guarded(path, tempfile.mkstemp, prefix=f".{path.name}.", suffix=".tmp",
                            dir=path.parent)
    temporary = Path(name)
    try:
        os.close(handle)
        _guarded(path, write, temporary)
        _guarded(path, os.chmod, temporary, _mode_for(path))
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


def _check_target(path: Path) -> None:
    """Refuse, before any work, a path no file can be written to: one naming a folder."""
    _check_name(path)
    if _guarded(path, path.is_dir):
        raise MqcalcError(f"cannot write {_named(path)}: it is a folder (expects a file name)")


def _check_name(path: Path) -> None:
    """Refuse a path holding a NUL, which no file system takes (Python raises ValueError)."""
    if "\0" in str(path):
        raise MqcalcError(f"cannot write {_named(path)}: a file name cannot hold a NUL")


def _guarded(path: Path, action: Callable, *arguments, **options):
    """``action(*arguments, **options)``, an operating-system failure made a one-line
    MqcalcError naming ``path`` and the reason."""
    try:
        return action(*arguments, **options)
    except OSError as error:
        raise MqcalcError(f"cannot write {_named(path)}: {reason(error)}") from None


def _named(path: Path) -> str:
    """``path`` as an error message names it, each character that does not print escaped
    (a line break would split the one-line error)."""
    return printable(str(path))


def reason(error: Exception) -> str:
    """Why ``error`` happened, without the file name Python repeats in an OSError's text."""
    return getattr(error, "strerror", None) or str(error)


def _glob_escape(name: str) -> str:
    """``name`` with the glob characters in it matching only themselves."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def _mode_for(path: Path) -> int:
    """The permission bits the file written to ``path`` gets: those of the regular file
    there now, or for a new file (or one replacing a link) what the umask leaves of 0666."""
    try:
        status = os.lstat(path)
    except OSError:  # nothing there (or nothing the system shows)
        status = None
    if status is not None and stat.S_ISREG(status.st_mode):
        return stat.S_IMODE(status.st_mode) & 0o777
    return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask (read by setting and restoring it), for the new file's mode."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
