"""Write formula-driven workbooks with XlsxWriter: live formulas plus their stored results.

Each calculator gets its own sheet (:mod:`.calculator_sheet`), then a sheet of what-if rows
(:mod:`.sweep_sheet`); the figures of its charts sit on a hidden sheet (:mod:`.chart_data`).
The combined workbook opens with an overview (:mod:`.overview`); every workbook ends with
the Sources sheet (:mod:`.sources`) for its calculators.

Builds are deterministic (fixed document dates; XlsxWriter fixes the zip entry dates). A
build zips every workbook in memory (the combined one in a forked process where it can,
:mod:`calc.files.forked`), writes each to a temporary name and renames them all into place at
the end (:func:`calc.files.writing.replace_all_atomically`): a build that fails or is interrupted
leaves the old workbooks, all of them, and one killed outright leaves each file old or new,
a mix only if killed within the few milliseconds of the renames.
"""
from __future__ import annotations

import datetime
import gc
import io
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from xlsxwriter.exceptions import FileCreateError

from calc import engine
from calc.core.errors import MqcalcError
from calc.core.model import Calculator
from calc.core.values import RANGE_MARK, as_span
from calc.engine.sweeps import default_rows, evaluate
from calc.files.forked import side_by_side
from calc.files.writing import existing, new_folder, replace_all_atomically, replace_atomically
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.chart_data import write_chart_data
from calc.workbook.drawing import draw_charts
from calc.workbook.overview import add_overview, write_overview
from calc.workbook.sources import write_sources
from calc.workbook.styles import Styles
from calc.workbook.sweep_sheet import SweepSheet
from calc.workbook.values_table import write_values
from calc.workbook.xlsx_book import Workbook

BUILD_DATE = datetime.datetime(2026, 1, 1)
COMBINED = "mqzcalc"


def build_paths(calculators: list[Calculator], folder: Path) -> list[Path]:
    """The files a build into ``folder`` writes: ``<id>.xlsx`` each, then ``mqzcalc.xlsx``."""
    return [folder / f"{name}.xlsx" for name in [c.id for c in calculators] + [COMBINED]]


def build_all(calculators: list[Calculator], folder: Path, force: bool = True,
              parallel: bool = True) -> list[Path]:
    """Write one workbook per calculator and the combined ``mqzcalc.xlsx`` into ``folder``
    (created if missing); return their paths. With ``force`` false (``mqcalc build``
    without ``--force``), refuse when any of them exists: the user named the folder, not
    the files, so replacing them must be asked for. The combined workbook is zipped in a
    forked process beside the single ones where the system allows
    (:func:`calc.files.forked.side_by_side`): it takes about as long as the ten together. With
    ``parallel`` false, everything is done in this process (the benchmark times the parts
    of a build, which it can only see here)."""
    paths = build_paths(calculators, folder)
    there = [path.name for path in existing(paths)]
    if there and not force:
        raise MqcalcError(f"build --out {folder} would replace {', '.join(there)}: "
                          "--force replaces them")

    def singles() -> list[bytes]:
        return [zipped(_filling([calculator])) for calculator in calculators]

    def combined() -> bytes:
        return zipped(_filling(calculators, contents=True))

    with new_folder(folder):  # a full disk, a signal: the folder made for them goes too
        books, book = side_by_side(singles, combined) if parallel else (singles(), combined())
        return replace_all_atomically({path: _holding(content) for path, content
                                       in zip(paths, [*books, book])})


def write_workbook(path: Path, calculators: list[Calculator],
                   inputs: dict[str, dict] | None = None,
                   sweeps: dict[str, Iterable[dict]] | None = None,
                   contents: bool = False, ranged: bool = False) -> Path:
    """Write ``calculators`` to ``path`` with ``inputs`` (by calculator id; defaults else)
    and, on each one's sweep sheet, the scenarios ``sweeps`` gives (by calculator id, each
    a dict of inputs; :func:`calc.engine.sweeps.default_rows` else), with ``ranged`` each
    result's low and high beside them; with ``contents``, an overview sheet first. A
    Sources sheet comes last."""
    return replace_atomically(path, zipped_writer(_filling(calculators, inputs, sweeps,
                                                           contents, ranged)))


def _filling(calculators: list[Calculator], inputs: dict[str, dict] | None = None,
             sweeps: dict[str, Iterable[dict]] | None = None,
             contents: bool = False, ranged: bool = False) -> Callable[[Workbook, Styles], None]:
    """The function filling a book with the sheets :func:`write_workbook` describes."""
    return lambda book, styles: _write_sheets(book, styles, calculators, inputs, sweeps,
                                              contents, ranged)


def zipped(fill: Callable[[Workbook, Styles], None]) -> bytes:
    """The bytes of the workbook that ``fill`` fills in (given the book and its styles).

    XlsxWriter zips the workbook into memory, and the bytes are written to the path in one
    plain write: a disk that fills up then fails that write alone, where a zip file left
    half-closed on disk would fail again when Python collects it and print a second, ignored
    error. XlsxWriter keeps the parts it zips in memory too (its ``in_memory`` option): on
    disk they were scratch files in the system's temporary folder, which a failure or a
    signal at the wrong moment left behind (a signal can land inside the creation or the
    removal of a scratch folder, where no cleanup can follow it)."""
    file = io.BytesIO()
    _write_book(file, fill)
    return file.getvalue()


def zipped_writer(fill: Callable[[Workbook, Styles], None]) -> Callable[[Path], None]:
    """The function writing, to a given path, the workbook that ``fill`` fills in."""
    return lambda temporary: temporary.write_bytes(zipped(fill))


def _holding(content: bytes) -> Callable[[Path], None]:
    """The function writing ``content`` to a given path."""
    return lambda temporary: temporary.write_bytes(content)


def _write_book(file: io.BytesIO, fill: Callable[[Workbook, Styles], None]) -> None:
    """Zip the workbook ``fill`` fills in into ``file``, every part kept in memory, the
    garbage collector paused meanwhile (:func:`_collector_paused`)."""
    with _collector_paused():
        book = Workbook(file, {"strings_to_numbers": False, "strings_to_formulas": False,
                               "strings_to_urls": False, "in_memory": True})
        book.set_properties({"title": "mqzcalc: IBM MQ for z/OS capacity and cost",
                             "author": "mqzcalc", "created": BUILD_DATE})
        fill(book, Styles(book))
        try:
            book.close()
        except FileCreateError as error:  # XlsxWriter wraps an OSError in it: say the OSError
            raise error.args[0] from None


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block, as it was after it. XlsxWriter
    keeps every cell until the book is closed, each a tuple the collector tracks, and each
    full collection walks them all: 0.22 s of a 220,000-cell sweep's 2.3 s went so, in
    three collections that found nothing of the cells to free. The few cycles a book makes
    (XlsxWriter's objects hold each other) are freed by the next collection after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _write_sheets(book: Workbook, styles: Styles, calculators: list[Calculator],
                  inputs: dict[str, dict] | None, sweeps: dict[str, Iterable[dict]] | None,
                  contents: bool, ranged: bool = False) -> None:
    """The sheets of the workbook :func:`write_workbook` describes."""
    overview = add_overview(book) if contents else None
    sheets = []
    for calculator in calculators:
        result = _run_as_written(calculator.id, (inputs or {}).get(calculator.id, {}))
        sheet = CalculatorSheet(book, styles, calculator, result)
        sheet.write()
        sheets.append(sheet)
        rows = (sweeps or {}).get(calculator.id) or default_rows(calculator, result.inputs)
        SweepSheet(book, styles, calculator, sheet.names, evaluate(calculator.id, rows),
                   ranged).write()
        if calculator.charts:
            draw_charts(book, sheet, write_chart_data(book, styles, sheet))
        write_values(book, sheet)
    if contents:
        write_overview(book, overview, styles, sheets)
    write_sources(book, styles, sheets)


def _run_as_written(calculator_id: str, inputs: dict) -> engine.Result:
    """The engine's result for ``inputs`` as the file will hold them: XlsxWriter writes a
    number to 16 significant digits, so a float needing 17 is evaluated as written, and the
    stored results agree with the inputs a reader (or ``eval --from-workbook``) sees. An
    input given as a range (text, ``800..1200``) keeps it, its low, likely and high each as
    written."""
    likely, written = engine.ranged(calculator_id, inputs)
    values = as_stored(engine.validate(calculator_id, likely))
    specs = engine.calculator(calculator_id).inputs
    for name, text in written.items():
        low, _, high = as_span(specs[name], text, calculator_id)
        values[name] = RANGE_MARK.join(repr(stored_number(end))
                                       for end in (low, values[name], high))
    return engine.run(calculator_id, values, given=set(inputs))


def as_stored(values: dict) -> dict:
    """``values`` as a file holds them (:func:`stored_number`)."""
    return {name: stored_number(value) for name, value in values.items()}


def stored_number(value: object) -> object:
    """``value`` as a file holds it: XlsxWriter writes a float to 16 significant digits
    (see :func:`_run_as_written`); anything else as it is."""
    return float(f"{value:.16g}") if isinstance(value, float) else value
