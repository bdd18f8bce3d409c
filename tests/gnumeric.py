"""Recalculate workbooks in Gnumeric, a spreadsheet application written apart from
LibreOffice and from this project's oracle (tests/xlsx_oracle.py): ``ssconvert --recalc``
(Debian's gnumeric, which the README's test command installs) opens each workbook, works
out every formula again and writes the values it computed to a new file."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

SECONDS = 120
"""How long one workbook may take."""


def ssconvert() -> str:
    """Path of Gnumeric's converter; the test suite's installer puts it there."""
    found = shutil.which("ssconvert")
    if found is None:
        raise RuntimeError("Gnumeric's ssconvert is not installed: run the README's test "
                           "command, which installs gnumeric")
    return found


def recalculated(path: Path, out: Path) -> Path:
    """``path`` as Gnumeric recalculates it, written as xlsx to the folder ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    target = out / path.name
    completed = subprocess.run([ssconvert(), "--recalc", str(path), str(target)],
                               capture_output=True, text=True, timeout=SECONDS)
    if completed.returncode != 0 or not target.exists():
        raise RuntimeError(f"Gnumeric failed on {path} (exit {completed.returncode}): "
                           f"{completed.stderr[-2000:]}")
    return target
