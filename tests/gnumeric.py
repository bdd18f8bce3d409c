"""Recalculate workbooks in Gnumeric, a spreadsheet application written apart from
LibreOffice and from this project's oracle (tests/xlsx_oracle.py): ``ssconvert --recalc``
(Debian's gnumeric, which the README's test command installs) opens each workbook, works
out every formula again and writes the values it computed to a new file."""
from __future__ import annotations

import gzip
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

SECONDS = 120
"""How long one workbook may take."""
GNUMERIC = "{http://www.gnumeric.org/v10.dtd}"
"""The namespace of Gnumeric's own file format."""


def ssconvert() -> str:
    """Path of Gnumeric's converter; the test suite's installer puts it there."""
    found = shutil.which("ssconvert")
    if found is None:
        raise RuntimeError("Gnumeric's ssconvert is not installed: run the README's test "
                           "command, which installs gnumeric")
    return found


def recalculated(path: Path, out: Path) -> Path:
    """``path`` as Gnumeric recalculates it, written as xlsx to the folder ``out``."""
    return _converted(path, out / path.name, "--recalc")


def sheet_names(path: Path, out: Path) -> dict[str, dict[str, str]]:
    """The names local to each sheet of ``path`` as Gnumeric reads them (its print titles
    and print area among them), {sheet: {name: what it refers to}}; a name Gnumeric could
    not read refers to ``error("…")``. Read from the workbook saved in Gnumeric's own
    format in the folder ``out``."""
    target = _converted(path, out / f"{path.stem}.gnumeric")
    root = ElementTree.fromstring(gzip.decompress(target.read_bytes()))
    return {sheet.findtext(f"{GNUMERIC}Name"): {
        name.findtext(f"{GNUMERIC}name"): name.findtext(f"{GNUMERIC}value")
        for name in sheet.iterfind(f"{GNUMERIC}Names/{GNUMERIC}Name")}
        for sheet in root.iterfind(f"{GNUMERIC}Sheets/{GNUMERIC}Sheet")}


def _converted(path: Path, target: Path, *options: str) -> Path:
    """``path`` opened by Gnumeric and saved as ``target`` (its format by its suffix)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    completed = subprocess.run([ssconvert(), *options, str(path), str(target)],
                               capture_output=True, text=True, timeout=SECONDS)
    if completed.returncode != 0 or not target.exists():
        raise RuntimeError(f"Gnumeric failed on {path} (exit {completed.returncode}): "
                           f"{completed.stderr[-2000:]}")
    return target
