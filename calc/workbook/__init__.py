"""Write formula-driven workbooks with XlsxWriter: live formulas plus their stored results.

Each calculator gets its own sheet (:mod:`.calculator_sheet`), then a sheet of what-if rows
(:mod:`.sweep_sheet`); the figures of its charts sit on a hidden sheet (:mod:`.chart_data`).
The combined workbook opens with an overview (:mod:`.overview`) and ends with the Sources
sheet (:mod:`.sources`).

Builds are deterministic (fixed document dates; XlsxWriter fixes the zip entry dates), and
every file is written to a temporary name and renamed into place.
"""
from __future__ import annotations

import datetime
from collections.abc import Iterable
from pathlib import Path

import xlsxwriter

from .. import engine
from ..files import replace_atomically
from ..model import Calculator
from ..sweeps import default_rows, evaluate
from .calculator_sheet import CalculatorSheet
from .chart_data import write_chart_data
from .drawing import draw_charts
from .overview import add_overview, write_overview
from .sources import write_sources
from .styles import Styles
from .sweep_sheet import SweepSheet

BUILD_DATE = datetime.datetime(2026, 1, 1)
COMBINED = "mqzcalc"


def build_all(calculators: list[Calculator], folder: Path) -> list[Path]:
    """Write one workbook per calculator and the combined ``mqzcalc.xlsx``; return paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for calculator in calculators:
        paths.append(write_workbook(folder / f"{calculator.id}.xlsx", [calculator]))
    paths.append(write_workbook(folder / f"{COMBINED}.xlsx", calculators, contents=True))
    return paths


def write_workbook(path: Path, calculators: list[Calculator],
                   inputs: dict[str, dict] | None = None,
                   sweeps: dict[str, Iterable[dict]] | None = None,
                   contents: bool = False) -> Path:
    """Write ``calculators`` to ``path`` with ``inputs`` (by calculator id; defaults else)
    and, on each one's sweep sheet, the scenarios ``sweeps`` gives (by calculator id, each
    a dict of inputs; :func:`calc.sweeps.default_rows` else); with ``contents``, an
    overview sheet first and a Sources sheet last."""
    def write(temporary: Path) -> None:
        book = xlsxwriter.Workbook(str(temporary), {"strings_to_numbers": False,
                                                    "strings_to_formulas": False,
                                                    "strings_to_urls": False})
        book.set_properties({"title": "mqzcalc: IBM MQ for z/OS capacity and cost",
                             "author": "mqzcalc", "created": BUILD_DATE})
        styles = Styles(book)
        overview = add_overview(book) if contents else None
        sheets = []
        for calculator in calculators:
            result = _run_as_written(calculator.id, (inputs or {}).get(calculator.id, {}))
            sheet = CalculatorSheet(book, styles, calculator, result)
            sheet.write()
            sheets.append(sheet)
            rows = (sweeps or {}).get(calculator.id) or default_rows(calculator, result.inputs)
            SweepSheet(book, styles, calculator, sheet.names, evaluate(calculator.id, rows)).write()
            if calculator.charts:
                draw_charts(book, sheet, write_chart_data(book, styles, sheet))
        if contents:
            write_overview(book, overview, styles, sheets)
            write_sources(book, styles, sheets)
        book.close()

    return replace_atomically(path, write)


def _run_as_written(calculator_id: str, inputs: dict) -> engine.Result:
    """The engine's result for ``inputs`` as the file will hold them: XlsxWriter writes a
    number to 16 significant digits, so a float needing 17 is evaluated as written, and the
    stored results agree with the inputs a reader (or ``eval --from-workbook``) sees."""
    values = engine.validate(calculator_id, inputs)
    written = {name: float(f"{value:.16g}") if isinstance(value, float) else value
               for name, value in values.items()}
    return engine.run(calculator_id, written)
