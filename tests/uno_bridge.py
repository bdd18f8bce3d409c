"""One LibreOffice process kept open for many workbooks, driven through UNO.

Run by Debian's Python, which has LibreOffice's ``uno`` module (package python3-uno); the
test suite's Python cannot load it, so it talks to this program through its standard input
and output, one JSON object a line (see tests/libreoffice.py, ``Session``)::

    {"load": "/path/case.xlsx"}   ->  {"sheets": {"connect": [[...], ...], ...}}
                                  or  {"error": "why"}
    {"open": "/path/book.xlsx"}   ->  {"opened": "/path/book.xlsx"}
    {"type": {"connect": {"B5": 12, "B7": true, "B9": null}}}  ->  {"sheets": ...}
    {"enter": "/path/book.xlsx", "keys": {"connect": {"B7": "no"}}}
                                  ->  {"invalid": {"connect": false, ...},
                                       "invalid_after": {...}, "sheets": ...}

``load``: the workbook is opened, recalculated as it loads (the profile says so: see
``ALWAYS_RECALCULATE`` in tests/libreoffice.py), read sheet by sheet (every cell of the
used area, numbers as floats, texts as strings, an empty cell as ""), and closed without
being saved. Opening a file costs LibreOffice about 0.15 to 0.5 s; a process per batch of
files also paid a start-up each batch, an xlsx export of each file and a reread of that
export.

``open`` and ``type``: the workbook stays open (recalculated as it loads); each ``type``
enters values into cells as LibreOffice's own xlsx import would hold them had they been in
the file (see :func:`enter`), recalculates every formula of the workbook (a hard
recalculation, as Data ▸ Calculate ▸ Recalculate Hard does), reads it as ``load`` does,
and then puts each typed cell back as it was, so every ``type`` starts from the opened
workbook. About 0.1 s a case where reopening took 0.45 s (2026-11-27, AMD EPYC).

``enter``: the workbook is opened, each sheet asked whether any cell holds a value its data
validation refuses (``XSheetAuditing.showInvalid``, Tools ▸ Detective ▸ Mark Invalid
Data), then each text in ``keys`` typed into its cell as a person types it (the cell
selected, ``.uno:GoToCell``, and the text entered, ``.uno:EnterString``: LibreOffice reads
it as it reads keystrokes, in the language of the profile's locale), every formula
recalculated, the sheets asked again and read as ``load`` reads them; then it is closed
without being saved.

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


BOOLEAN = 1024
"""``com.sun.star.util.NumberFormat.LOGICAL``: the number format kind of a boolean cell."""
CLEARED = 1 | 2 | 4 | 16
"""``com.sun.star.sheet.CellFlags`` VALUE, DATETIME, STRING and FORMULA: a cell's content,
not its format."""


ILLEGAL_OBJECT = "illegal object given"
"""What LibreOffice 7.4's core reflection said, now and then and only on a loaded machine,
while ams.xlsx was typed into through the dispatcher (the same test passes alone, in every
language, with the what-if rows as a Table or not)."""
TYPING_FAULTS = (ILLEGAL_OBJECT, "DisposedException")
"""LibreOffice 7.4's own faults while a workbook is typed into on a loaded machine: a
refused object, or the office gone mid-call ("Binary URP bridge disposed"); typing is tried
again in a fresh office, up to TYPING_ATTEMPTS times in all, and any other fault fails the
test at once."""
TYPING_ATTEMPTS = 3


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
        self.context = context
        """LibreOffice's own component context, for the services made in its process."""
        return context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context)

    def open(self, path: str):
        """The workbook at ``path``, opened (and so recalculated) and kept open."""
        url = uno.systemPathToFileUrl(os.path.abspath(path))
        document = self.desktop.loadComponentFromURL(url, "_blank", 0,
                                                     (_property("Hidden", True),))
        self.opened += 1
        if document is None:
            raise RuntimeError(f"LibreOffice could not open {path}")
        return document

    def read(self, path: str) -> dict:
        """Every sheet's used area of the workbook at ``path``, as LibreOffice computes it."""
        document = self.open(path)
        try:
            return values(document)
        finally:
            document.close(True)

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


def values(document) -> dict:
    """Every sheet's used area, as LibreOffice holds it now."""
    sheets = {}
    for sheet in document.Sheets:
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.RangeAddress
        area = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
        sheets[sheet.Name] = [list(row) for row in area.getDataArray()]
    return sheets


def enter(document, cell, value) -> None:
    """``value`` into ``cell`` as LibreOffice's xlsx import holds it from a file: a number as
    a number, a text as a text, None as an empty cell, and a boolean as the formula
    ``=TRUE()`` or ``=FALSE()`` in a cell formatted as a boolean (what the import makes of a
    ``t="b"`` cell)."""
    if value is None:
        cell.clearContents(CLEARED)
    elif isinstance(value, bool):
        cell.setFormula("=TRUE()" if value else "=FALSE()")
        if document.NumberFormats.getByKey(cell.NumberFormat).Type & BOOLEAN == 0:
            cell.NumberFormat = document.NumberFormats.getStandardFormat(BOOLEAN, cell.CharLocale)
    elif isinstance(value, (int, float)):
        cell.setValue(float(value))
    else:
        cell.setString(value)


def typed_values(document, typed: dict) -> dict:
    """The workbook's values with ``typed[sheet][cell]`` entered and every formula
    recalculated; then each typed cell is put back as it was (its content and number
    format), ready for the next case."""
    kept = []
    try:
        for title, cells in typed.items():
            sheet = document.Sheets.getByName(title)
            for coordinate, value in cells.items():
                cell = sheet.getCellRangeByName(coordinate)
                kept.append((cell, _content(cell), cell.NumberFormat))
                enter(document, cell, value)
        document.calculateAll()
        return values(document)
    finally:
        for cell, (kind, content), number_format in reversed(kept):
            cell.clearContents(CLEARED)
            if kind == "VALUE":
                cell.setValue(content)
            elif kind == "TEXT":
                cell.setString(content)
            elif kind == "FORMULA":
                cell.setFormula(content)
            cell.NumberFormat = number_format


def _content(cell) -> tuple[str, object]:
    """What a cell holds, by kind (``EMPTY``, ``VALUE``, ``TEXT`` or ``FORMULA``), to put back
    exactly: a text that reads as a number stays a text."""
    kind = cell.getType().value
    return kind, {"VALUE": cell.getValue, "TEXT": cell.getString,
                  "FORMULA": cell.getFormula}.get(kind, lambda: None)()


def entered(office: Office, path: str, keys: dict) -> dict:
    """The answer to ``enter`` (see the module)."""
    document = office.open(path)
    try:
        invalid = _invalid(document)
        controller, frame = _view(document)
        helper = office.context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.DispatchHelper", office.context)
        for title, cells in keys.items():
            controller.setActiveSheet(document.Sheets.getByName(title))
            for coordinate, text in cells.items():
                helper.executeDispatch(frame, ".uno:GoToCell", "", 0,
                                       (_property("ToPoint", coordinate),))
                helper.executeDispatch(frame, ".uno:EnterString", "", 0,
                                       (_property("StringName", text),))
        document.calculateAll()
        sheets = values(document)
        return {"invalid": invalid, "sheets": sheets, "invalid_after": _invalid(document)}
    finally:
        document.close(True)


def _view(document):
    """The document's controller and frame, once LibreOffice has made them: on a loaded
    machine they may come a moment after the document, and a dispatch given no frame
    fails inside LibreOffice with "illegal object given" rather than saying so."""
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        controller = document.getCurrentController()
        frame = controller.getFrame() if controller is not None else None
        if frame is not None:
            return controller, frame
        if time.monotonic() > deadline:
            raise RuntimeError(f"LibreOffice made no view of the workbook in {CONNECT_SECONDS} s")
        time.sleep(0.05)


def _invalid(document) -> dict[str, bool]:
    """Each sheet: whether a cell holds a value its data validation refuses (asked after
    the values are read: asked before, LibreOffice threw "illegal object given" now and
    then while they were read)."""
    return {sheet.Name: sheet.showInvalid() for sheet in document.Sheets}


def serve(profile: str) -> None:
    office = document = None
    try:
        for line in sys.stdin:
            asked = json.loads(line)
            if document is not None and "type" not in asked:
                document.close(True)
                document = None
            if office is not None and document is None and office.opened >= RESTART_EVERY:
                office.close()
                office = None
            try:
                if office is None:
                    office = Office(profile)
                if "load" in asked:
                    answer = {"sheets": office.read(asked["load"])}
                elif "enter" in asked:
                    for attempt in range(TYPING_ATTEMPTS):
                        try:
                            answer = entered(office, asked["enter"], asked["keys"])
                            break
                        except Exception as error:  # noqa: BLE001  (LibreOffice's faults retried)
                            if (not any(fault in str(error) for fault in TYPING_FAULTS)
                                    or attempt == TYPING_ATTEMPTS - 1):
                                raise
                            office.close()  # LibreOffice's own fault: a fresh one types again
                            office = Office(profile)
                elif "open" in asked:
                    document = office.open(asked["open"])
                    document.enableAutomaticCalculation(False)  # typed_values recalculates
                    answer = {"opened": asked["open"]}
                elif document is None:
                    raise RuntimeError("values typed with no workbook open")
                else:
                    answer = {"sheets": typed_values(document, asked["type"])}
            except Exception as error:  # noqa: BLE001  (said to the caller, who fails the test)
                if office is not None:
                    office.close()
                    office = document = None
                answer = {"error": f"{type(error).__name__}: {error}"}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        if document is not None:
            document.close(True)
        if office is not None:
            office.close()


if __name__ == "__main__":
    serve(sys.argv[1])
