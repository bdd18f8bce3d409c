"""mqzcalc's version, as installed: the package metadata pyproject.toml's version becomes."""
from __future__ import annotations

from functools import cache


@cache
def version() -> str:
    """The installed version of mqzcalc, or a plain word for a checkout run without
    installing. importlib.metadata is imported only when asked: it costs every command
    about 10 ms of start-up. Read once per process: every page footer of a workbook names
    it, and each reading scans the installed packages' metadata (about 1.3 ms)."""
    from importlib import metadata
    try:
        return metadata.version("mqzcalc")
    except metadata.PackageNotFoundError:
        return "(not installed)"
