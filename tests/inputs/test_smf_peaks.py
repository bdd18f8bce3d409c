"""The peak of each queue manager found in a store through the series it keeps, or through
the bounds (:mod:`calc.inputs.smf.peaks`), is the one the whole import finds: the same
interval, imported the same, on the fixtures, on days of them repeated (so peaks tie), and
where the rows defeat the bounds (a time or a count not written as the tool writes it, a
peak the import refuses)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from calc.inputs.smf import peaks, store, stored_series
from calc.inputs.smf.importing import import_interval, read_smf
from calc.inputs.smf.selection import PEAK, choose, in_full, ranked_calculators
from tests.bench.store import restamp
from tests.inputs.test_smf import OLD, RAW, SAMPLE

SHOWN = ("inputs", "sources", "lines", "caveats", "refused", "missing", "items", "chosen",
         "measured", "measured_lines")
"""What a chosen interval's import holds, compared between the two ways."""


def whole_import(path: Path, qmgr: str | None) -> list:
    """The peaks as the whole import finds them: every interval ranked."""
    folder = read_smf(path, qmgr, ranked_calculators())
    return in_full(choose(folder.imported, qmgr, PEAK))


def described(chosen: list) -> list[tuple]:
    return [(c.imported.interval.lpar, c.imported.interval.qmgr, c.imported.interval.start,
             c.imported.interval.seconds, c.peak_by,
             *(getattr(c.imported, name) for name in SHOWN)) for c in chosen]


def stored(tmp_path: Path, *folders: Path, kept: bool = False) -> Path:
    """A store of ``folders``; its series another mqzcalc's (so the bounds find the peaks)
    unless ``kept``."""
    into = tmp_path / "smf.duckdb"
    if kept:
        store.load(into, folders)
        return into
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(stored_series, "stamp", lambda: "another mqzcalc")
        store.load(into, folders)
    return into


def through_bounds(path: Path, qmgr: str | None, monkeypatch) -> list:
    """The peaks :func:`peaks.peak_intervals` finds, failing if it imports the store whole."""
    def whole(*_arguments, **_options):
        raise AssertionError("the bounds did not serve: the store was imported whole")

    with monkeypatch.context() as patched:
        patched.setattr(peaks, "read_smf", whole)
        return peaks.peak_intervals(path, qmgr)[1]


def qmgrs(path: Path) -> list[str | None]:
    return [None, *store.queue_managers(path, peaks.declared().files)]


@pytest.mark.parametrize("folder", [SAMPLE, RAW, OLD], ids=lambda f: f.name)
def test_the_bounds_find_the_peak_the_whole_import_finds(tmp_path, monkeypatch, folder):
    into = stored(tmp_path, folder)
    for qmgr in qmgrs(into):
        found = through_bounds(into, qmgr, monkeypatch)
        assert described(found) == described(whole_import(into, qmgr)), qmgr
        assert found


def test_tied_peaks_go_to_the_earliest_as_in_the_whole_import(tmp_path, monkeypatch):
    days = [restamp(SAMPLE, tmp_path / f"day-{day}", day, 3) for day in range(2)]
    into = stored(tmp_path, *days)
    imports = []

    def counted(interval, calculators=None):
        imports.append(interval)
        return import_interval(interval, calculators)

    monkeypatch.setattr(peaks, "import_interval", counted)
    through_bounds(into, "MQ1O", monkeypatch)
    intervals = len(read_smf(into, "MQ1O").imported)
    assert intervals >= 30 and len(imports) <= peaks.BATCH  # one batch settled it
    for qmgr in qmgrs(into):
        assert described(through_bounds(into, qmgr, monkeypatch)) == described(
            whole_import(into, qmgr)), qmgr


def edited(tmp_path: Path, file: str, change) -> Path:
    """A copy of the sample with one line of ``file`` changed by ``change(cells)``."""
    folder = tmp_path / "edited"
    shutil.copytree(SAMPLE, folder)
    path = folder / file
    heading, *lines = path.read_text(encoding="latin-1").splitlines(keepends=True)
    names = heading.rstrip("\r\n").split(",")
    for index, line in enumerate(lines):
        cells = line.rstrip("\r\n").split(",")
        if '"MQ1O"' in cells[3]:
            changed = change(dict(zip(names, cells)))
            if changed is not None:
                lines[index] = ",".join(changed.get(name, cell) for name, cell in
                                        zip(names, cells)) + "\n"
                break
    path.write_text(heading + "".join(lines), encoding="latin-1")
    return folder


def busiest(cells: dict) -> dict | None:
    """The row's request count made larger than the adapters' input takes."""
    return {"Request_Count": "999999999999"} if cells["Request_Count"] != "0" else None


def no_fraction(cells: dict) -> dict:
    """The row's interval start written without its microseconds."""
    return {"Interval_Start (TIME)": cells["Interval_Start (TIME)"][:9] + '"'}


def fraction_count(cells: dict) -> dict | None:
    return {"Request_Count": "12.0"} if cells["Request_Count"] != "0" else None


@pytest.mark.parametrize("kept", [False, True], ids=["bounds", "kept series"])
@pytest.mark.parametrize("change", [busiest, no_fraction, fraction_count],
                         ids=lambda f: f.__name__)
def test_rows_that_defeat_the_bounds_give_the_whole_imports_peak(tmp_path, change, kept):
    into = stored(tmp_path, edited(tmp_path, "SMF-QCTADP.csv", change), kept=kept)
    for qmgr in qmgrs(into):
        assert described(peaks.peak_intervals(into, qmgr)[1]) == described(
            whole_import(into, qmgr)), qmgr


@pytest.mark.parametrize("folder", [SAMPLE, RAW, OLD], ids=lambda f: f.name)
def test_the_kept_series_find_the_peak_the_whole_import_finds(tmp_path, monkeypatch, folder):
    """Each queue manager's intervals ranked by the figures the store keeps, the peak
    alone imported: one import a queue manager, none through the bounds."""
    into, imports = stored(tmp_path, folder, kept=True), []

    def counted(interval, calculators=None):
        imports.append(interval)
        return import_interval(interval, calculators)

    monkeypatch.setattr(peaks, "import_interval", counted)
    monkeypatch.setattr(peaks, "_bounded_peaks", None)  # called, it would fail
    for qmgr in qmgrs(into):
        imports.clear()
        found = through_bounds(into, qmgr, monkeypatch)
        assert described(found) == described(whole_import(into, qmgr)), qmgr
        assert len(imports) == len(found) >= 1


def test_tied_peaks_in_the_kept_series_go_to_the_earliest(tmp_path, monkeypatch):
    days = [restamp(SAMPLE, tmp_path / f"day-{day}", day, 3) for day in range(2)]
    into = stored(tmp_path, *days, kept=True)
    monkeypatch.setattr(peaks, "_bounded_peaks", None)
    for qmgr in qmgrs(into):
        assert described(through_bounds(into, qmgr, monkeypatch)) == described(
            whole_import(into, qmgr)), qmgr
