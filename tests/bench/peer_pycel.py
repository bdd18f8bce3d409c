"""pycel (PyPI, the ``bench`` extra) as a peer: it compiles the workbook's formulas to Python
and evaluates cells on demand; typing an input (``set_value``) resets what depends on it.

pycel 1.0b30 reads defined names as ``workbook.defined_names.definedName``, which openpyxl
3.1 no longer has (its ``DefinedNameDict`` is a dictionary of the workbook-wide names only):
the first formula that names a cell raises AttributeError, and every later one sees no
names at all (each name becomes "#NAME?"). It never looks at a name's sheet either, so it
could not tell two sheets' names apart. Nor has it EXACT, which the workbooks' input checks
use. :func:`as_written` finds what fails on the file as written and says so;
:func:`names_and_exact_given` hands it the calculator sheet's own names as it expects them
(:class:`SheetNames`) and EXACT as a plugin (:mod:`.peer_pycel_functions`), the only changes
made for it: the formulas, the other functions and the evaluation are pycel's."""
from __future__ import annotations

import logging
import time
from pathlib import Path

from tests.input_cells import cell_values

from .peer_base import INSTALL, Unmeasured, check

try:
    from pycel import ExcelCompiler
    from pycel.excelwrapper import ExcelOpxWrapper
except ImportError:  # optional: the section says how to install it
    ExcelCompiler, ExcelOpxWrapper = None, object


def as_written(calculator, cases: list[dict], path: Path, cells: dict[str, str]) -> float:
    """The time for the workbook as written, or why there is none."""
    _installed()
    return _seconds(calculator, cases, ExcelCompiler(filename=str(path)), cells)


def names_and_exact_given(calculator, cases: list[dict], path: Path,
                          cells: dict[str, str]) -> float:
    """The time with the calculator sheet's names and EXACT handed to pycel."""
    _installed()
    compiler = ExcelCompiler(excel=SheetNames(path, calculator.id),
                             plugins=[f"{__package__}.peer_pycel_functions"])
    return _seconds(calculator, cases, compiler, cells)


def _installed() -> None:
    if ExcelCompiler is None:
        raise Unmeasured(f"not installed: {INSTALL}")
    logging.getLogger("pycel").setLevel(logging.CRITICAL)  # a log line per failed formula


def _seconds(calculator, cases: list[dict], compiler, cells: dict[str, str]) -> float:
    """Seconds for pycel to type in each case and evaluate every output, the workbook
    compiled (every output evaluated once) beforehand. ``cells``: each input's and output's
    A1 address on the calculator's sheet."""
    outputs = {name: f"{calculator.id}!{cells[name]}" for name in calculator.outputs}
    try:
        for address in outputs.values():  # puts the inputs in pycel's cell map
            compiler.evaluate(address)
    except Exception as error:  # noqa: BLE001  (whatever pycel cannot do is the row's detail)
        last = str(error).strip().splitlines()[-1]
        raise Unmeasured(f"fails on {calculator.id}: {type(error).__name__}: {last}") from None
    spent = 0.0
    for case in cases:
        started = time.perf_counter()
        for name, value in cell_values(calculator, case).items():
            compiler.set_value(f"{calculator.id}!{cells[name]}", value)
        found = {name: compiler.evaluate(address) for name, address in outputs.items()}
        spent += time.perf_counter() - started
        check(calculator, case, found, "pycel")
    return spent


class SheetNames(ExcelOpxWrapper):
    """pycel's reader of the workbook, with one sheet's defined names as its names."""

    def __init__(self, path: Path, sheet: str):
        super().__init__(filename=str(path))
        self.sheet = sheet
        self.load()

    @property
    def defined_names(self):
        if self._defined_names is None:
            self._defined_names = {
                name: [(reference, title) for title, reference in definition.destinations]
                for name, definition in self.workbook[self.sheet].defined_names.items()}
        return self._defined_names
