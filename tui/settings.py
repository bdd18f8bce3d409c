"""What the terminal calculator remembers between runs (today only the theme), in a small
JSON file in the user's config folder: ``$XDG_CONFIG_HOME/mqcalc/settings.json``, else
``~/.config/mqcalc/settings.json``. No Textual here.

Settings are a convenience: a file that is missing, unreadable, not a regular file (a FIFO
would block the start), too large, not JSON or of the wrong shape is ignored (the defaults hold), and one that cannot be written is left as it was; the
app never stops over either. Written whole or not at all (:mod:`calc.files.writing`).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from calc.core.errors import MqcalcError
from calc.files.reading import read_bytes
from calc.files.writing import make_folder, replace_atomically

SIZE_LIMIT = 64 << 10
"""The largest settings file read: a theme's name takes a few bytes, so anything near this
is not a file the calculator wrote (it is ignored, like any file it cannot read)."""


def settings_path() -> Path:
    """Where the settings live; a relative XDG_CONFIG_HOME is ignored, as the XDG base
    directory specification says."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    folder = Path(base) if os.path.isabs(base) else Path.home() / ".config"
    return folder / "mqcalc" / "settings.json"


def load_settings(path: Path | None = None) -> dict[str, str]:
    """The settings saved, as text values by name; empty when there are none to be read."""
    try:
        saved = json.loads(read_bytes(path or settings_path(), SIZE_LIMIT).decode("utf-8"))
    except (MqcalcError, UnicodeError, ValueError, RuntimeError):  # RuntimeError: no home
        return {}
    if not isinstance(saved, dict):
        return {}
    return {name: value for name, value in saved.items() if isinstance(value, str)}


def save_setting(name: str, value: str, path: Path | None = None) -> bool:
    """Remember ``name`` = ``value`` beside the other settings; False when it cannot be
    written (the settings stay as they were)."""
    try:
        path = path or settings_path()
        text = json.dumps({**load_settings(path), name: value}, indent=2, sort_keys=True)
        make_folder(path.parent)
        replace_atomically(path, lambda temporary: temporary.write_text(text + "\n",
                                                                         encoding="utf-8"))
    except (MqcalcError, RuntimeError):  # RuntimeError: no home folder
        return False
    return True
