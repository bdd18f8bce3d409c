"""mqzcalc's version, as installed: the package metadata pyproject.toml's version becomes."""
from __future__ import annotations


def version() -> str:
    """The installed version of mqzcalc, or a plain word for a checkout run without
    installing. importlib.metadata is imported only when asked: it costs every command
    about 10 ms of start-up."""
    from importlib import metadata
    try:
        return metadata.version("mqzcalc")
    except metadata.PackageNotFoundError:
        return "(not installed)"
