"""mqzcalc's version, as installed: the package metadata pyproject.toml's version becomes."""
from __future__ import annotations

from functools import cache


@cache
def version() -> str:
    """The installed version of mqzcalc, or a plain word for a checkout run without
    installing. importlib.metadata is imported only when asked: it would slow every
    command's start. Read once per process: every page footer of a workbook names it, and
    each reading scans the installed packages' metadata."""
    from importlib import metadata
    try:
        return metadata.version("mqzcalc")
    except metadata.PackageNotFoundError:
        return "(not installed)"
