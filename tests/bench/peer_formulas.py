"""``formulas`` (PyPI, the ``bench`` extra) as a peer: it reads the workbook into a graph of
its cells and computes the outputs asked for from the inputs given (``calculate``).

It cannot read our workbooks as they are: ``ExcelModel.add_references`` takes only names
that belong to the whole workbook ("Accepts only global references") and every name in ours
belongs to its sheet (``connect!basic_connect_cpu_us``: several calculators name outputs
alike), so each formula that names a cell comes out #REF!. :func:`as_written` finds that on
the file as written and says so; :func:`names_made_global` times it on a copy whose
calculator sheet's names are made the workbook's (the other sheets' names dropped, their
cells not being outputs), the one change made for it."""
from __future__ import annotations

import time
from pathlib import Path

import openpyxl
from openpyxl.workbook.defined_name import DefinedName

from tests.input_cells import cell_values

from .peer_base import INSTALL, Unmeasured, check

try:
    import formulas
    import tqdm
except ImportError:  # optional: the section says how to install it
    formulas = None
else:
    # formulas draws progress bars with tqdm, which starts a thread watching them that
    # outlives the work; a process running another thread cannot fork safely, so it would
    # keep mqcalc build in one process for the rest of a test run (calc.files.forked)
    tqdm.tqdm.monitor_interval = 0


def as_written(calculator, cases: list[dict], path: Path, cells: dict[str, str]) -> float:
    """The time for the workbook as written, or why there is none."""
    return _seconds(calculator, cases, path, cells, "cannot read sheet-scoped names: ")


def names_made_global(calculator, cases: list[dict], path: Path,
                      cells: dict[str, str]) -> float:
    """The time for a copy of the workbook with the calculator sheet's names global."""
    book = openpyxl.load_workbook(path)
    for sheet in book.worksheets:
        local = dict(sheet.defined_names)
        sheet.defined_names.clear()
        if sheet.title == calculator.id:
            for name, definition in local.items():
                book.defined_names[name] = DefinedName(name, attr_text=definition.attr_text)
    copy = path.with_name(f"{path.stem}-global-names.xlsx")
    book.save(copy)
    return _seconds(calculator, cases, copy, cells, "")


def _seconds(calculator, cases: list[dict], path: Path, cells: dict[str, str],
             why: str) -> float:
    """Seconds for formulas to compute every output of each case from its inputs, the
    workbook read beforehand. ``cells``: each input's and output's A1 address on the
    calculator's sheet; ``why``: what the outputs' errors would mean, if there are any."""
    if formulas is None:
        raise Unmeasured(f"not installed: {INSTALL}")
    model = formulas.ExcelModel().loads(str(path)).finish()
    sheet = f"'[{path.name}]{calculator.id.upper()}'!"
    outputs = {name: sheet + cells[name] for name in calculator.outputs}
    _refuse_errors(model.calculate(outputs=list(outputs.values())), outputs, why)
    spent = 0.0
    for case in cases:
        started = time.perf_counter()
        solution = model.calculate(inputs={sheet + cells[name]: value for name, value
                                           in cell_values(calculator, case).items()},
                                   outputs=list(outputs.values()))
        found = {name: solution[address].value[0, 0] for name, address in outputs.items()}
        spent += time.perf_counter() - started
        check(calculator, case, found, "formulas")
    return spent


def _refuse_errors(solution, outputs: dict[str, str], why: str) -> None:
    """Unmeasured if the defaults' outputs come out as spreadsheet errors."""
    errors = {name: str(solution[address].value[0, 0]) for name, address in outputs.items()
              if isinstance(solution[address].value[0, 0], formulas.XlError)}
    if errors:
        kinds = ", ".join(sorted(set(errors.values())))
        raise Unmeasured(f"{why}{len(errors)} of {len(outputs)} outputs {kinds}")
