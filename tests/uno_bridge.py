"""One LibreOffice process kept open for many workbooks, driven through UNO.

Run by Debian's Python, which has LibreOffice's ``uno`` module (package python3-uno); the
test suite's Python cannot load it, so it talks to this program through its standard input
and output, one JSON object a line (see tests/libreoffice.py, ``Session``)::

    {"load": "/path/case.xlsx"}   ->  {"sheets": {"connect": [[...], ...], ...}}
                                  or  {"error": "why"}

Each workbook is opened, recalculated as it loads (the profile says so: see
``ALWAYS_RECALCULATE`` in tests/libreoffice.py), read sheet by sheet (every cell of the
used area, numbers as floats, texts as strings, an empty cell as ""), and closed without
being saved. Opening a file costs LibreOffice about 0.15 s; a process per batch of files
also paid a start-up each batch, an xlsx export of each file and a reread of that export.

    /usr/bin/python3 tests/uno_bridge.py PROFILE_FOLDER

Only the standard library and ``uno`` are imported here: nothing of the project.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid

import uno  # Debian's python3-uno
from com.sun.star.beans import PropertyValue

CONNECT_SECONDS = 60
"""How long LibreOffice may take to accept the connection (a new profile is made first)."""
RESTART_EVERY = 200
"""Workbooks per LibreOffice process: a long-lived process has been seen to stop opening
files without an error after a few hundred, so it is replaced well before that."""


def _property(name: str, value) -> PropertyValue:
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop


class Office:
    """A LibreOffice process listening on a private pipe, with its UNO desktop."""

    def __init__(self, profile: str):
        self.pipe = f"mqzcalc-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.process = subprocess.Popen(
            ["soffice", "--headless", "--invisible", "--nologo", "--norestore", "--nodefault",
             "--nolockcheck", f"-env:UserInstallation={uno.systemPathToFileUrl(profile)}",
             f"--accept=pipe,name={self.pipe};urp;StarOffice.ComponentContext"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.desktop = self._connect()
        self.opened = 0

    def _connect(self):
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + CONNECT_SECONDS
        while True:
            try:
                context = resolver.resolve(
                    f"uno:pipe,name={self.pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # noqa: BLE001  (NoConnectException until it listens)
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"LibreOffice did not start (exit {self.process.poll()})")
                time.sleep(0.05)
        return context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context)

    def read(self, path: str) -> dict:
        """Every sheet's used area of the workbook at ``path``, as LibreOffice computes it."""
        url = uno.systemPathToFileUrl(os.path.abspath(path))
        document = self.desktop.loadComponentFromURL(url, "_blank", 0,
                                                     (_property("Hidden", True),))
        if document is None:
            raise RuntimeError(f"LibreOffice could not open {path}")
        try:
            sheets = {}
            for sheet in document.Sheets:
                cursor = sheet.createCursor()
                cursor.gotoEndOfUsedArea(False)
                end = cursor.RangeAddress
                area = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
                sheets[sheet.Name] = [list(row) for row in area.getDataArray()]
            return sheets
        finally:
            document.close(True)
            self.opened += 1

    def close(self) -> None:
        try:
            self.desktop.terminate()
        except Exception:  # noqa: BLE001  (the bridge goes down with the process)
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def serve(profile: str) -> None:
    office = None
    try:
        for line in sys.stdin:
            path = json.loads(line)["load"]
            if office is not None and office.opened >= RESTART_EVERY:
                office.close()
                office = None
            try:
                if office is None:
                    office = Office(profile)
                answer = {"sheets": office.read(path)}
            except Exception as error:  # noqa: BLE001  (said to the caller, who fails the test)
                if office is not None:
                    office.close()
                    office = None
                answer = {"error": f"{type(error).__name__}: {error}"}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        if office is not None:
            office.close()


if __name__ == "__main__":
    serve(sys.argv[1])
