"""``mqcalc sweep CALC --vary ID=SPEC ...``: the calculator at every combination of the
varied inputs' values, as CSV (standard output or a .csv file) or a workbook (.xlsx)."""
from __future__ import annotations

import sys
from pathlib import Path

from calc import engine
from calc.cli.arguments import assignments, calculator_named
from calc.cli.standard_output import to_stdout
from calc.cli.sweep_csv import write_csv
from calc.core import spelling
from calc.core.errors import MqcalcError
from calc.core.terminal_text import printable
from calc.engine.sweeps import make_sweep, most_sheet_rows
from calc.files.writing import replace_atomically

PROGRESS_FROM, PROGRESS_EVERY = 100_000, 10_000
"""A sweep to CSV of this many scenarios counts them on a terminal, every so many."""
PROGRESS_FROM_SHEET = 1_000
"""A sweep to a workbook of this many scenarios says it is writing (a few seconds or more)."""


def run(arguments) -> int:
    """CSV to standard output or to a .csv file, or a workbook; a note on stderr for a file."""
    out = arguments.out
    kind = None if out is None else out.suffix.lower()
    if kind not in (None, ".csv", ".xlsx"):
        raise MqcalcError(f"--out {out}: expects a file name ending in .csv or .xlsx")
    calculator = calculator_named(arguments.calculator)
    varies = [spelling.varied(calculator, text) for text in arguments.vary]
    sweep = make_sweep(calculator.id, varies, assignments(calculator, arguments.assignments))
    ranges = engine.sweep_ranges(calculator.id) if arguments.ranges else None
    if kind == ".xlsx":
        most = most_sheet_rows(calculator, arguments.ranges)
        if sweep.size > most:
            asked = " with --ranges" if arguments.ranges else ""
            raise MqcalcError(f"{calculator.id}: the sweep has {sweep.size:,} scenarios; a "
                              f"workbook takes at most {most:,} of {calculator.id}{asked}: "
                              "write CSV instead (--out FILE.csv)")
        _write_sweep_workbook(out, calculator, sweep, arguments.ranges)
    elif kind == ".csv":
        def write(temporary: Path) -> None:
            with open(temporary, "w", encoding="utf-8", newline="") as stream:
                write_csv(calculator, _counted(sweep.rows(), sweep.size), stream,
                          sweep.varied, sweep.assumed(), ranges)

        replace_atomically(out, write)
    else:
        to_stdout(lambda: write_csv(calculator, _counted(sweep.rows(), sweep.size),
                                     sys.stdout, sweep.varied, sweep.assumed(), ranges))
        return 0
    print(f"wrote {printable(str(out))} ({sweep.size} scenarios)", file=sys.stderr)
    return 0


def _write_sweep_workbook(path: Path, calculator, sweep, ranged: bool) -> None:
    """The calculator's sheet shows the first scenario the engine accepts (the fixed values,
    the varied inputs at their first workable values; the defaults if none is accepted, and
    marked assumed, as the sweep leaves them), and the sweep sheet every scenario, with
    ``ranged`` each result's low and high."""
    from calc.workbook import write_workbook

    if sweep.size >= PROGRESS_FROM_SHEET and sys.stderr.isatty():
        print(f"mqcalc: writing {sweep.size:,} scenarios to {path}", file=sys.stderr)
    shown = next((outcome.inputs for outcome in sweep.outcomes()
                  if outcome.outputs is not None), {})
    given = {name: value for name, value in shown.items() if name in sweep.given}
    write_workbook(path, [calculator], {calculator.id: given}, {calculator.id: sweep.inputs()},
                   ranged=ranged)


def _counted(items, total: int):
    """``items``, counted on stderr as they pass when a person is watching (stderr is a
    terminal) and there are enough of them to wait for; else ``items`` themselves (a layer
    of generator costs every scenario)."""
    if total < PROGRESS_FROM or not sys.stderr.isatty():
        return items
    return _counting(items, total)


def _counting(items, total: int):
    """``items``, each :data:`PROGRESS_EVERY` th counted on stderr, the count wiped at the
    end."""
    for done, item in enumerate(items, start=1):
        if done % PROGRESS_EVERY == 0:
            print(f"\rmqcalc: {done:,} of {total:,} scenarios", end="", file=sys.stderr,
                  flush=True)
        yield item
    print("\r\033[K", end="", file=sys.stderr, flush=True)
