"""Recalculate workbooks in LibreOffice headless, the real spreadsheet application.

A private profile is made for each run, set to recalculate OOXML files on load always
(Calc's ``OOXMLRecalcMode`` = 0), so results come from LibreOffice's own evaluation of the
formulas, never from values stored in the file. Files are converted in batches: one
LibreOffice process per batch, because a single headless process stops converting, without
an error, after a few hundred documents.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ALWAYS_RECALCULATE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
<prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""
BATCH = 60
"""Documents per LibreOffice process (about 300 in one process lost the last 40)."""


def soffice() -> str:
    """Path of the LibreOffice binary; the test suite's installer puts it there."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        raise RuntimeError("LibreOffice (soffice) is not installed: run the README's test "
                           "command, which installs libreoffice-calc-nogui")
    return found


def convert(paths: list[Path], out: Path, work: Path, recalculate: bool,
            target: str = "xlsx") -> list[Path]:
    """Open each file in LibreOffice and save it as ``target`` in ``out``."""
    profile = work / ("profile-recalc" if recalculate else "profile-default")
    if recalculate:
        (profile / "user").mkdir(parents=True, exist_ok=True)
        (profile / "user" / "registrymodifications.xcu").write_text(ALWAYS_RECALCULATE)
    out.mkdir(parents=True, exist_ok=True)
    for start in range(0, len(paths), BATCH):
        _convert_batch(paths[start:start + BATCH], out, profile, target)
    return [out / f"{path.stem}.{target.split(':')[0]}" for path in paths]


def _convert_batch(paths: list[Path], out: Path, profile: Path, target: str) -> None:
    command = [soffice(), "--headless", "--norestore", f"-env:UserInstallation={profile.as_uri()}",
               "--convert-to", target, "--outdir", str(out), *map(str, paths)]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=600)
    converted = [out / f"{path.stem}.{target.split(':')[0]}" for path in paths]
    missing = [path.name for path in converted if not path.exists()]
    if completed.returncode != 0 or missing:
        raise RuntimeError(f"LibreOffice failed (exit {completed.returncode}), missing "
                           f"{missing}: {completed.stderr[-2000:]}")
