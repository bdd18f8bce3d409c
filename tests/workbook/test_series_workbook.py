"""``mqcalc smf series DIR|STORE --out FILE.xlsx``: a Measured sheet per queue manager, its
intervals as an Excel table and each figure's peak, 95th percentile and mean as live
formulas over it, whose stored results are the series' and which LibreOffice recalculates
to the same figures; checked against ``mqcalc smf series --json``."""
from __future__ import annotations

import json
import statistics
from datetime import datetime, timedelta

import openpyxl
import pytest

from calc.inputs.smf.series import Series
from calc.workbook.series_book import EPOCH, SUMMARY_TOP, sheet_name
from tests.cli.test_cli import run_main
from tests.excel_limits import problems
from tests.inputs.test_smf import SAMPLE
from tests.libreoffice import Values

QMGRS = ("MQ1O", "QML1")


def series_json() -> list[dict]:
    status, out, err = run_main("smf", "series", str(SAMPLE), "--json")
    assert status == 0, err
    return [each for each in json.loads(out)["series"] if each["qmgr"] in QMGRS]


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    path = tmp_path_factory.mktemp("series") / "series.xlsx"
    for qmgr in QMGRS:  # one queue manager a workbook, then both in one
        status, _out, err = run_main("smf", "series", str(SAMPLE), "--qmgr", qmgr, "--out",
                                     str(path))
        assert status == 0 and err.endswith("a Measured sheet for each of 1 queue manager\n")
    status, _out, err = run_main("smf", "series", str(SAMPLE), "--out", str(path))
    assert status == 0, err
    return path


def summary_rows(sheet, count: int) -> dict[str, tuple]:
    """The summary's rows by figure name: (unit, peak, peak at, percentile, mean)."""
    rows = {}
    for row in range(SUMMARY_TOP + 2, SUMMARY_TOP + 2 + count):
        cells = [sheet.cell(row, column).value for column in range(1, 7)]
        rows[cells[0]] = tuple(cells[1:])
    return rows


def as_date(value) -> datetime:
    """A cell's date, whether a reader gives a datetime or the day number."""
    return value if isinstance(value, datetime) else EPOCH + timedelta(days=value)


def check(sheet, each: dict) -> None:
    """The Measured sheet ``sheet`` (stored or recalculated) holds ``each``'s figures."""
    shown = summary_rows(sheet, len(each["figures"]))
    assert list(shown) == list(each["figures"])
    for name, figure in each["figures"].items():
        unit, peak, peak_at, percentile, mean = shown[name]
        assert unit == figure["unit"]
        assert peak == pytest.approx(figure["peak"]["value"], rel=1e-12)
        assert abs(as_date(peak_at) - datetime.fromisoformat(figure["peak"]["start"])) \
            < timedelta(milliseconds=1)
        assert percentile == pytest.approx(figure["percentile"], rel=1e-12)
        assert mean == pytest.approx(figure["mean"], rel=1e-12)


def test_the_stored_summary_is_the_series_and_the_table_its_intervals(book):
    workbook = openpyxl.load_workbook(book, data_only=True)
    found = series_json()
    status, out, _err = run_main("smf", "series", str(SAMPLE), "--json")
    assert workbook.sheetnames == [f"{each['qmgr']} on {each['lpar']}"
                                   for each in json.loads(out)["series"]]
    for each in found:
        sheet = workbook[f"{each['qmgr']} on {each['lpar']}"]
        check(sheet, each)
        [table] = sheet.tables.values()
        top = int(table.ref.split(":")[0][1:])
        starts = [as_date(sheet.cell(row, 1).value)
                  for row in range(top + 1, top + 1 + len(each["intervals"]))]
        assert all(abs(start - datetime.fromisoformat(interval["start"]))
                   < timedelta(milliseconds=1)
                   for start, interval in zip(starts, each["intervals"], strict=True))
        rate = "adapters.adapter_requests_per_sec"
        column = [cell.value for cell in sheet[top]].index(f"{rate} (requests/s)") + 1
        values = [sheet.cell(row, column).value for row in range(top + 1, top + 1 +
                                                                  len(each["intervals"]))]
        # as the file holds a number: 16 significant digits (XlsxWriter's %.16g)
        assert values == [float(f"{i['values'][rate]:.16g}") for i in each["intervals"]]
        assert max(values) == pytest.approx(each["figures"][rate]["peak"]["value"], rel=1e-15)
        assert statistics.fmean(values) == pytest.approx(each["figures"][rate]["mean"])


def test_the_series_workbook_keeps_excels_limits(book):
    found = problems(book)
    assert not found, "\n".join(found)


@pytest.mark.libreoffice
def test_libreoffice_recalculates_the_summary_to_the_series(book, libreoffice):
    [values] = libreoffice.recalculate([(book, openpyxl.load_workbook(book))])
    assert isinstance(values, Values)
    for each in series_json():
        check(values[f"{each['qmgr']} on {each['lpar']}"], each)


def test_series_out_writes_a_workbook_only(tmp_path):
    status, out, err = run_main("smf", "series", str(SAMPLE), "--out", str(tmp_path / "s.csv"))
    assert status == 2 and out == ""
    assert err == f"mqcalc: smf series --out {tmp_path / 's.csv'}: writes a workbook, " \
                  "FILE.xlsx\n"
    assert not (tmp_path / "s.csv").exists()


def test_a_sheet_is_named_as_excel_allows_once_each():
    def named(qmgr: str, lpar: str) -> Series:
        return Series(lpar, qmgr, (), None, 0, 0)

    taken: set[str] = set()
    assert sheet_name(named("MQ1O", "MV4A"), taken) == "MQ1O on MV4A"
    assert sheet_name(named("mq1o", "mv4a"), taken) == "mq1o on mv4a (2)"
    assert sheet_name(named("Q[1]:*?/", "L'\\"), taken) == "Q1 on L"
    long = sheet_name(named("Q" * 40, "L"), taken)
    assert len(long) == 31 and long == "Q" * 31
    assert sheet_name(named("Q" * 40, "M"), taken) == "Q" * 27 + " (2)"
