"""Recalculate workbooks in LibreOffice headless, the real spreadsheet application.

Each LibreOffice gets a private profile set to recalculate OOXML files on load always (Calc's
``OOXMLRecalcMode`` = 0), so results come from LibreOffice's own evaluation of the formulas,
never from values stored in the file. Two ways in:

* :class:`Session`: one LibreOffice kept open (per test worker) that opens workbook after
  workbook, or types case after case into one open workbook, and hands back every sheet's
  values through UNO (tests/uno_bridge.py). The recalculation checks use it: nothing is
  exported or read again from disk.
* :func:`convert`: ``soffice --convert-to`` over a batch of files, for what needs a file
  LibreOffice wrote (a PDF to render, a workbook for ``mqcalc eval --from-workbook``) or
  its default settings (no recalculation). One process per batch, because a single
  headless process stops converting, without an error, after a few hundred documents.
"""
from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.utils.cell import coordinate_from_string, range_boundaries

ALWAYS_RECALCULATE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
<prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
{unthreaded}{locale}</oor:items>
"""
UNTHREADED = """<item oor:path="/org.openoffice.Office.Calc/Formula/Calculation">
<prop oor:name="UseThreadedCalculationForFormulaGroups" oor:op="fuse"><value>false</value>
</prop></item>
"""
"""Calc's setting (Tools > Options > Calc > Calculate, "Enable multi-threaded calculation",
on unless a user turns it off) to work out a long run of like formulas down a column in
threads, turned off."""
LOCALE = """<item oor:path="/org.openoffice.Setup/L10N">
<prop oor:name="ooLocale" oor:op="fuse"><value>{language}</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N">
<prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>{locale}</value></prop></item>
"""
"""LibreOffice's language (its menus, function names, TRUE and FALSE: WAHR and FALSCH in
German, VRAI and FAUX in French, where Debian's libreoffice-l10n package of the language is
installed) and the locale it reads typed numbers and dates in (Tools > Options > Language
Settings > Languages), as a person in that country has them."""
BATCH = 60
"""Documents per LibreOffice process (about 300 in one process lost the last 40)."""
UNO_PYTHON = os.environ.get("MQZCALC_UNO_PYTHON", "/usr/bin/python3")
"""A Python with LibreOffice's ``uno`` module: Debian's, with python3-uno (the README's test
command installs it)."""
BRIDGE = Path(__file__).with_name("uno_bridge.py")
WORKBOOK_SECONDS = 120
"""How long one workbook may take to open, recalculate and be read."""


def soffice() -> str:
    """Path of the LibreOffice binary; the test suite's installer puts it there."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        raise RuntimeError("LibreOffice (soffice) is not installed: run the README's test "
                           "command, which installs libreoffice-calc-nogui")
    return found


def recalculating_profile(folder: Path, threaded: bool = True, locale: str | None = None
                          ) -> Path:
    """A LibreOffice profile in ``folder`` that recalculates every OOXML file it opens, with
    Calc's multi-threaded calculation as it comes (``threaded``) or turned off, in the
    language and locale ``locale`` (e.g. ``de-DE``; None: as LibreOffice comes)."""
    (folder / "user").mkdir(parents=True, exist_ok=True)
    (folder / "user" / "registrymodifications.xcu").write_text(ALWAYS_RECALCULATE.format(
        unthreaded="" if threaded else UNTHREADED,
        locale="" if locale is None else LOCALE.format(language=locale.split("-")[0],
                                                       locale=locale)))
    return folder


def convert(paths: list[Path], out: Path, work: Path, recalculate: bool,
            target: str = "xlsx", threaded: bool = True) -> list[Path]:
    """Open each file in LibreOffice and save it as ``target`` in ``out`` (recalculating,
    with Calc's multi-threaded calculation unless ``threaded`` is False)."""
    profile = (recalculating_profile(work / f"profile-recalc{'' if threaded else '-unthreaded'}",
                                     threaded) if recalculate
               else work / "profile-default")
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


class Session:
    """One LibreOffice, opened once, that recalculates workbook after workbook."""

    def __init__(self, work: Path, locale: str | None = None):
        """``locale``: LibreOffice's language and locale (see :func:`recalculating_profile`)."""
        soffice()
        if subprocess.run([UNO_PYTHON, "-c", "import uno"], capture_output=True).returncode:
            raise RuntimeError(f"{UNO_PYTHON} cannot import LibreOffice's uno module: run the "
                               "README's test command, which installs python3-uno (or set "
                               "MQZCALC_UNO_PYTHON to a Python that has it)")
        self.bridge = subprocess.Popen(
            [UNO_PYTHON, str(BRIDGE),
             str(recalculating_profile(work / f"profile-recalc-{locale or 'default'}",
                                       locale=locale))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.answers = selectors.DefaultSelector()
        self.answers.register(self.bridge.stdout, selectors.EVENT_READ)

    def recalculate(self, workbooks: Iterable[tuple[Path, object]]) -> Iterator[Values]:
        """Each workbook as LibreOffice recalculates it on opening, in order. ``workbooks``
        gives (path, names): names is the same workbook loaded by openpyxl, whose sheet-local
        defined names find the cells."""
        return self._answers(({"load": str(path)}, path, names) for path, names in workbooks)

    def typed(self, path: Path, names, typings: Iterable[dict[str, dict[str, object]]]
              ) -> Iterator[Values]:
        """The workbook at ``path`` opened once (so recalculated on opening), then for each
        of ``typings`` (``{sheet title: {cell, e.g. "B5": value}}``) the workbook's values
        as LibreOffice recalculates them with those values entered into the opened workbook
        as its xlsx import would hold them from the file (tests/uno_bridge.py, ``enter``).
        Each typing starts from the workbook as opened. ``names`` as for
        :meth:`recalculate`."""
        self._ask({"open": str(path)})
        self._reply(path)
        yield from self._answers(({"type": typing}, path, names) for typing in typings)

    def entered(self, path: Path, names, keys: dict[str, dict[str, str]]) -> Entered:
        """The workbook at ``path`` opened, its data validation checked, each text of
        ``keys`` (``{sheet title: {cell: text}}``) typed into its cell as a person types it,
        and recalculated (tests/uno_bridge.py, ``enter``). ``names`` as for
        :meth:`recalculate`."""
        self._ask({"enter": str(path), "keys": keys})
        answer = self._reply(path)
        return Entered(answer["invalid"], answer["invalid_after"],
                       Values(answer["sheets"], names))

    def _answers(self, requests: Iterable[tuple[dict, Path, object]]) -> Iterator[Values]:
        """The answer to each request, in order. The next request is made before the last
        one's answer is read, so whatever makes it runs while LibreOffice works."""
        asked: deque[tuple[Path, object]] = deque()
        try:
            for request, path, names in requests:
                self._ask(request)
                asked.append((path, names))
                if len(asked) > 1:
                    yield self._values(*asked.popleft())
            while asked:
                yield self._values(*asked.popleft())
        finally:  # left early (a check failed): the bridge still answers what was asked
            while asked:
                self._reply(asked.popleft()[0])

    def _ask(self, request: dict) -> None:
        self.bridge.stdin.write(json.dumps(request) + "\n")
        self.bridge.stdin.flush()

    def _values(self, path: Path, names) -> Values:
        return Values(self._reply(path)["sheets"], names)

    def _reply(self, path: Path) -> dict:
        if not self.answers.select(WORKBOOK_SECONDS):
            raise RuntimeError(f"LibreOffice took over {WORKBOOK_SECONDS} s on {path}")
        line = self.bridge.stdout.readline()
        if not line:
            raise RuntimeError(f"the UNO bridge ended (exit {self.bridge.wait()}): "
                               f"{self.bridge.stderr.read()[-2000:]}")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"LibreOffice on {path}: {answer['error']}")
        return answer

    def close(self) -> None:
        self.bridge.stdin.close()
        self.bridge.wait(timeout=60)
        self.answers.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exception) -> None:
        self.close()


class ValueCell:
    """A cell's value as LibreOffice computed it, where openpyxl's code looks for it."""

    __slots__ = ("value", "column_letter", "coordinate")

    def __init__(self, value, row: int, column: int):
        self.value = value
        self.column_letter = get_column_letter(column)
        self.coordinate = f"{self.column_letter}{row}"


class ValueSheet:
    """One sheet's values, read as an openpyxl sheet is (``sheet["B4"]``, ``sheet[3]``,
    ``sheet["A1:A9"]``, ``sheet.cell(row, column)``), so the tests' helpers read either.
    An empty cell is None, as openpyxl gives it."""

    def __init__(self, rows: list[list], defined_names):
        self.rows = rows
        self.defined_names = defined_names

    def cell(self, row: int, column: int) -> ValueCell:
        try:
            value = self.rows[row - 1][column - 1]
        except IndexError:
            value = None
        return ValueCell(None if value == "" else value, row, column)

    def __getitem__(self, key):
        if isinstance(key, int):
            width = max(len(self.rows[0]) if self.rows else 0, 1)
            return tuple(self.cell(key, column) for column in range(1, width + 1))
        if ":" in key:
            first_column, first_row, last_column, last_row = range_boundaries(key)
            return tuple(tuple(self.cell(row, column)
                               for column in range(first_column, last_column + 1))
                         for row in range(first_row, last_row + 1))
        letters, row = coordinate_from_string(key)
        return self.cell(row, column_index_from_string(letters))


class Values:
    """A workbook's values as LibreOffice computed them, sheet by sheet (``values["connect"]``),
    with the defined names of the workbook they came from."""

    def __init__(self, sheets: dict[str, list[list]], names):
        self.sheets = {title: ValueSheet(rows, names[title].defined_names)
                       for title, rows in sheets.items()}

    def __getitem__(self, title: str) -> ValueSheet:
        return self.sheets[title]


@dataclass(frozen=True)
class Entered:
    """A workbook with text typed in as a person types it (:meth:`Session.entered`)."""

    invalid: dict[str, bool]
    """Each sheet: whether a cell held a value its data validation refuses, as opened."""
    invalid_after: dict[str, bool]
    """The same, once the text was typed in."""
    values: Values
