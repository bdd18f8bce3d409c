"""``mqcalc smf series DIR|STORE``: each queue manager's intervals as a series
(:mod:`calc.inputs.smf.series`), as text for a person, ``--json``, or ``--csv`` (one line
an interval, one column a figure) for a spreadsheet or a plotting tool; with text and JSON,
each LPAR's rolling four-hour average of MQ's measured CPU (:mod:`calc.inputs.smf.rolling`),
in MSU too where ``--lpars`` gives the LPAR's MSU per processor."""
from __future__ import annotations

import csv
import sys
from pathlib import Path

from calc import engine
from calc.cli import json_output
from calc.cli.progress import on_terminal
from calc.cli.rolling_text import (AFTER_NOTE, PRICE_NOTE, ROLLING_HEADING, STAMP,
                                   after_documents, after_plan, after_text, lpar_document,
                                   lpar_text)
from calc.cli.text import shown_value, wrapped
from calc.core.formatting import plain_number
from calc.core.terminal_text import printable
from calc.inputs.smf import store, stored_series
from calc.inputs.smf.feeds import MEASURED, declared
from calc.inputs.smf.importing import read_smf
from calc.inputs.smf.plan_change import After
from calc.inputs.smf.rolling import Rolling, rolling
from calc.inputs.smf.series import PERCENTILE, Series, Summary, series
from calc.inputs.smf.tables import SmfError


def print_series(path: Path, qmgr: str | None, as_json: bool, as_csv: bool,
                 out: Path | None = None, lpars_file: Path | None = None,
                 msu_price: float | None = None, after_path: Path | None = None) -> int:
    """Read the folder or store and print its series; write it to the workbook ``out``
    too where given. ``lpars_file`` gives each LPAR's MSU per processor, for its rolling
    four-hour average in MSU, and ``msu_price`` what an MSU of it costs a month;
    ``after_path`` a plan of ``qmgr``'s changes, laid over its series."""
    if out is not None and out.suffix.lower() != ".xlsx":
        raise SmfError(f"smf series --out {out}: writes a workbook, FILE.xlsx")
    msu_per_cp = {}
    if lpars_file is not None:
        from calc.inputs.smf.lpars import msu_per_cp as rated  # it brings the YAML reader

        msu_per_cp = rated(lpars_file)
    found = read_series(path, qmgr)
    after = after_plan(after_path, found, qmgr) if after_path else None
    if after is not None and not msu_per_cp.get(after.series.lpar):
        msu_per_cp[after.series.lpar] = after.msu_per_cp
    if as_csv:
        _csv(found)
    elif as_json:
        print(json_output.dumps({"source": str(path), "percentile": PERCENTILE,
                                 "series": [_document(each) for each in found],
                                 "msu_price": msu_price,
                                 "lpars": [_lpar_json(each, msu_per_cp.get(each.lpar),
                                                      msu_price, after)
                                           for each in rolling(found)]},
                                one_line="intervals"))
    else:
        for number, each in enumerate(found):
            print("\n".join(([""] if number else []) + _text(each)))
        averages = rolling(found)
        if averages:
            print("\n".join(["", *ROLLING_HEADING, *(
                line for each in averages
                for line in _lpar_lines(each, msu_per_cp.get(each.lpar), msu_price, after)),
                *(PRICE_NOTE if msu_price is not None else ()),
                *(wrapped("", AFTER_NOTE) if after else ())]))
    if out is not None:
        from calc.workbook.series_book import write_series_workbook  # XlsxWriter: only here

        write_series_workbook(out, found, str(path),
                              {name: _unit(name) for each in found for name in each.names},
                              {(each.lpar, each.qmgr): each.ranked_by for each in found})
        print(printable(f"mqcalc: wrote {out}, a Measured sheet for each of {len(found)} "
                        f"queue manager{'s' * (len(found) != 1)}"), file=sys.stderr)
    return 0


def read_series(path: Path, qmgr: str | None) -> list[Series]:
    """The series of every queue manager (``qmgr``'s alone where given) in the folder or
    store ``path``: a store's kept series where they are current, else worked out from the
    records, with progress on a terminal."""
    found, progress = None, on_terminal()
    if store.is_store(path):
        found = stored_series.read(path, qmgr)
        if found is None and not store.opened(path, stored_series.current):
            progress(stored_series.STALE)
    if found is None:
        found = series(read_smf(path, qmgr, progress=progress).imported)
    return found


def _lpar_lines(each: Rolling, msu_per_cp: float | None, msu_price: float | None,
                after: After | None) -> list[str]:
    """One LPAR's rolling average, and after the plan's changes where it is the plan's."""
    lines = lpar_text(each, msu_per_cp, msu_price)
    if after is not None and after.series.lpar == each.lpar:
        lines += after_text(after, each, msu_per_cp, msu_price)
    return lines


def _lpar_json(each: Rolling, msu_per_cp: float | None, msu_price: float | None,
               after: After | None) -> dict:
    """One LPAR's rolling average for ``--json``; ``after`` the plan's changes (an empty
    list for an LPAR the plan does not change, and without ``--after``)."""
    mine = after is not None and after.series.lpar == each.lpar
    return {**lpar_document(each, msu_per_cp, msu_price),
            "after": after_documents(after, each, msu_per_cp, msu_price) if mine else []}


def _unit(name: str) -> str:
    """The unit of a figure of the series: its input's, or its measured figure's."""
    calculator, _, input_id = name.partition(".")
    if calculator == MEASURED:
        return next(m.unit for m in declared().measured if m.name == input_id)
    return engine.calculator(calculator).inputs[input_id].unit


def _text(each: Series) -> list[str]:
    """One queue manager's series for a person: what was kept and left out, then each
    figure's peak, percentile and mean, and the ranking figure by hour of the day."""
    kept = each.points
    lines = [f"{printable(each.qmgr)} on {printable(each.lpar)}: {len(kept)} intervals"
             + (f" of {shown_value(each.usual_seconds)} s, from {kept[0].start:{STAMP}} to "
                f"{kept[-1].start:{STAMP}}" if kept else "")]
    left = [f"{count} {why}" for count, why in ((each.no_length, "of no length"),
                                                (each.cut_short, "cut short")) if count]
    if left:
        lines.append(f"  left out: {' and '.join(left)}")
    for name in each.names:
        summary = each.summary(name)
        peak = shown_value(summary.peak.values[name])
        lines += [f"  {name} ({_unit(name)})",
                  f"    peak {peak} at {summary.peak.start:{STAMP}}"
                  f", {PERCENTILE}th percentile {shown_value(summary.percentile)}, mean "
                  f"{shown_value(summary.mean)}"]
        if name == each.ranked_by:
            lines.append("    by hour of the day (mean): " + ", ".join(
                f"{hour:02d}:00 {shown_value(value)}" for hour, value in summary.by_hour.items()))
    return lines


def _document(each: Series) -> dict:
    """One queue manager's series for ``--json``."""
    return {"lpar": each.lpar, "qmgr": each.qmgr, "usual_seconds": each.usual_seconds,
            "left_out": {"no_length": each.no_length, "cut_short": each.cut_short},
            "ranked_by": each.ranked_by,
            "intervals": [{"start": point.start.isoformat(), "seconds": point.seconds,
                           "values": point.values} for point in each.points],
            "figures": {name: _figure(each.summary(name)) for name in each.names}}


def _figure(summary: Summary) -> dict:
    return {"unit": _unit(summary.name), "intervals": summary.intervals,
            "peak": {"value": summary.peak.values[summary.name],
                     "start": summary.peak.start.isoformat()},
            "percentile": summary.percentile, "mean": summary.mean,
            "by_hour": {f"{hour:02d}": value for hour, value in summary.by_hour.items()}}


def _csv(found: list[Series]) -> None:
    """Every kept interval of every queue manager, one line each: LPAR, queue manager,
    start, length, then each figure (empty where the interval has none)."""
    names = list(dict.fromkeys(name for each in found for name in each.names))
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["lpar", "qmgr", "start", "seconds", *names])
    for each in found:
        for point in each.points:
            out.writerow([each.lpar, each.qmgr, point.start.isoformat(),
                          plain_number(point.seconds),
                          *(plain_number(point.values[name]) if name in point.values else ""
                            for name in names)])
