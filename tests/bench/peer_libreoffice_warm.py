"""LibreOffice warm as a peer: one LibreOffice already running (tests/libreoffice.py's
``Session``: Debian's Python drives it through UNO, tests/uno_bridge.py) opens each case's
copy of the workbook, recalculates it as it loads and hands back its values, with no process
started and no file written per case.

One ``Session`` a calculator, opened and given the workbook once before the clock starts:
the bridge replaces its LibreOffice after 200 workbooks (``RESTART_EVERY`` there), so one
for the whole section would time a start-up inside whichever calculator crossed that."""
from __future__ import annotations

import time
from pathlib import Path

import openpyxl

from tests.compare import named_cell
from tests.libreoffice import Session

from .peer_base import Unmeasured, check


def seconds(calculator, cases: list[dict], path: Path, copies: list[Path], work: Path) -> float:
    """Seconds for a running LibreOffice to open, recalculate and read each of ``copies``
    (``path`` with each case typed in)."""
    names = openpyxl.load_workbook(path)  # the sheets' defined names find the cells
    try:
        session = Session(work / "warm")
    except RuntimeError as why:  # no LibreOffice, or no Python with its uno module
        raise Unmeasured(str(why)) from None
    with session:
        list(session.recalculate([(path, names)]))  # LibreOffice started and warmed
        started = time.perf_counter()
        answers = list(session.recalculate((copy, names) for copy in copies))
        spent = time.perf_counter() - started
    for case, values in zip(cases, answers, strict=True):
        sheet = values[calculator.id]
        check(calculator, case, {name: named_cell(sheet, name).value
                                 for name in calculator.outputs}, "LibreOffice warm")
    return spent
