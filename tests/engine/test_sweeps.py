"""Sweeps: ``mqcalc sweep`` parses what to vary, evaluates the product in order with the
engine, and writes CSV or a workbook whose sweep sheet stores the engine's values."""
from __future__ import annotations

import contextlib
import csv
import io
import itertools

import openpyxl
import pytest

import calc
from calc.cli import main
from calc.core.names import sweep_sheet
from calc.engine import sweeps
from calc.engine.sweeps import MOST_SHEET_CELLS, most_sheet_rows
from calc.workbook.chart_data import chart_data_sheet_name
from calc.workbook.sources import SHEET as SOURCES
from calc.workbook.values_table import values_sheet_name
from tests import sweep_rows
from tests.cli.test_cli import run_main
from tests.compare import agrees, named_cell
from tests.conftest import REPO

BROKEN_GETS = ("gets_successful expects no more than gets_attempted, since both count the "
               "MQGETs of the same interval")
"""notify_delay's first rule (templates/notify_delay.yaml, checks[0]) as a problem."""


def table(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def test_connect_by_listener_and_sharecnv_gives_the_sources_figures_in_order():
    """The first --vary is outermost; 0:10:5 includes 10; SHARECNV(0) and SHARECNV(1 or
    more) cost 1100 and 1350 µs through the shared listener, 510 and 590 locally."""
    status, out, err = run_main("sweep", "connect", "tls=no", "suppress_x511_x512=no",
                              "--vary", "listener=shared,local", "--vary", "sharecnv=0:10:5")
    assert status == 0 and err == ""
    rows = table(out)
    assert [(r["listener"], r["sharecnv"]) for r in rows] == [
        ("shared", "0"), ("shared", "5"), ("shared", "10"),
        ("local", "0"), ("local", "5"), ("local", "10")]
    assert [r["connect_cpu_us"] for r in rows] == ["1100", "1350", "1350", "510", "590", "590"]
    assert all(r["problem"] == "" for r in rows)


def test_csv_header_and_every_row_are_the_engines():
    connect = calc.calculator("connect")
    status, out, _ = run_main("sweep", "connect", "tls=yes", "connects_per_sec=250.5",
                            "--vary", "suppress_x511_x512=no,yes",
                            "--vary", "listener=local,shared", "--vary", "sharecnv=0:2:1")
    assert status == 0
    header, *lines = out.splitlines()
    assert header.split(",") == [*connect.inputs, *connect.outputs, "problem",
                                 "beyond_limit", "extrapolated", "scaled", "assumed"]
    rows = table(out)
    assert len(rows) == 2 * 2 * 3
    given = {"tls", "connects_per_sec", "suppress_x511_x512", "listener", "sharecnv"}
    for row in rows:
        result = calc.run("connect", {name: row[name] for name in connect.inputs}, given)
        assert result.inputs["tls"] is True and row["tls"] == "true"
        assert row["connects_per_sec"] == "250.5"
        for name, expected in result.outputs.items():
            if isinstance(expected, bool):  # z16_spans_pus: a yes/no, written as a word
                assert row[name] == str(expected).lower(), name
                continue
            assert float(row[name]) == pytest.approx(expected, rel=1e-15), name
        held = {kind for kinds in result.evidence.values() for kind in kinds}
        for kind in ("beyond_limit", "extrapolated", "scaled"):
            assert row[kind] == ("true" if kind in held else "false"), kind
        assert row["assumed"].split() == list(next(
            caveat.about for caveat in result.warnings if caveat.kind == "assumed"))
    assert {row["extrapolated"] for row in rows} == {"true", "false"}  # SHARECNV 2 is past 1


def test_csv_writes_whole_numbers_whole_booleans_as_words_and_no_separators():
    status, out, _ = run_main("sweep", "connect", "sharecnv=1", "suppress_x511_x512=no",
                            "--vary", "connects_per_sec=1000000,0.25",
                            "--vary", "tls=true,false")
    assert status == 0
    first = table(out)[0]
    assert first["connects_per_sec"] == "1000000"  # a float input, whole: no ".0", no commas
    assert first["tls"] == "true" and table(out)[1]["tls"] == "false"
    assert first["connect_cpu_us"] == "970"  # 590 + 380 for TLS
    assert first["connect_cpu_seconds_per_sec"] == "970"  # 1,000,000/s x 970 µs
    assert table(out)[2]["connects_per_sec"] == "0.25"


def test_a_range_steps_exactly_to_its_stop():
    status, out, _ = run_main("sweep", "connect", "--vary", "connects_per_sec=0:1:0.1")
    assert status == 0
    assert [r["connects_per_sec"] for r in table(out)] == [
        "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]


def test_a_row_that_breaks_a_rule_has_its_message_and_no_outputs():
    notify = calc.calculator("notify_delay")
    assert notify.checks[0].problem == BROKEN_GETS
    status, out, _ = run_main("sweep", "notify_delay", "gets_successful=100",
                            "--vary", "gets_attempted=50:150:50")
    assert status == 0
    refused, equal, more = table(out)
    assert refused["problem"] == BROKEN_GETS
    assert all(refused[name] == "" for name in notify.outputs)
    assert (equal["problem"], more["problem"]) == ("", "")
    assert float(equal["gets_per_successful_get"]) == 1
    assert float(more["gets_per_successful_get"]) == 1.5


def test_the_product_is_lazy_and_counted_without_being_made():
    sweep = sweeps.make_sweep("connect", ["connects_per_sec=0:999999:1", "sharecnv=0:9:1"], {})
    assert sweep.size == 10_000_000
    first = list(itertools.islice(sweep.outcomes(), 12))
    assert [(o.inputs["connects_per_sec"], o.inputs["sharecnv"]) for o in first] == [
        (0, n) for n in range(10)] + [(1, 0), (1, 1)]
    assert first[11].outputs == calc.evaluate("connect", {"connects_per_sec": 1, "sharecnv": 1})


BAD = [
    (["sweep", "connect"], "--vary"),
    (["sweep", "connect", "--vary", "sharecnv"], "has no '='"),
    (["sweep", "connect", "--vary", "sharecnv=0:10:0"], "STEP a whole number above 0"),
    (["sweep", "connect", "--vary", "sharecnv=0:10:-5"], "STEP a whole number above 0"),
    (["sweep", "connect", "--vary", "sharecnv=0:10:2.5"], "STEP a whole number above 0"),
    (["sweep", "connect", "--vary", "connects_per_sec=0:1:0"], "STEP a number above 0"),
    (["sweep", "connect", "--vary", "sharecnv=10:0:1"], "START not above STOP"),
    (["sweep", "connect", "--vary", "sharecnv=0:10"], "START:STOP:STEP or values"),
    (["sweep", "connect", "--vary", "sharecnv=0:10:3"], "e.g. 0:9:3"),
    (["sweep", "connect", "--vary", "connects_per_sec=0:1:0.3"], "e.g. 0:0.9:0.3"),
    (["sweep", "connect", "--vary", "sharecnv=0:1000:1"], "sharecnv='1000'"),
    (["sweep", "connect", "--vary", "sharecnv=a:10:1"], "whole number from 0 to 999"),
    (["sweep", "connect", "--vary", "listener=local,remote"], "listener='remote'"),
    (["sweep", "connect", "--vary", "tls=yes,maybe"], "tls='maybe'"),
    (["sweep", "connect", "--vary", "nosuch=1,2"], "an input of this calculator"),
    (["sweep", "connect", "--vary", "tls=yes", "--vary", "tls=no"], "given twice"),
    (["sweep", "connect", "tls=yes", "--vary", "tls=no"], "given twice"),
    (["sweep", "connect", "--vary", "tls=yes", "sharecnv=nan"], "sharecnv='nan'"),
    (["sweep", "nosuch", "--vary", "tls=yes"], "calculator 'nosuch'"),
    (["sweep", "connect", "--vary", "connects_per_sec=0:1000000:0.01"], "10,000,000 points"),
    (["sweep", "connect", "--vary", "connects_per_sec=0:999999:1",
      "--vary", "blocked_per_sec=0:10:1"], "11,000,000 scenarios; keep to 10,000,000"),
    (["sweep", "connect", "--vary", "tls=yes", "--out", "sweep.txt"], ".csv or .xlsx"),
    (["sweep", "connect", "--vary", "sharecnv=0:999:1", "--vary", "listener=local,shared",
      "--vary", "tls=no,yes", "--vary", "block_method=chlauth,maxinst,invalid_protocol",
      "--out", "sweep.xlsx"], "12,000 scenarios; a workbook takes at most"),
]


@pytest.mark.parametrize(("arguments", "said"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_sweep_exits_2_with_one_line(arguments, said, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run_main(*arguments)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("mqcalc: ") and said in err, err
    assert list(tmp_path.iterdir()) == []


def test_csv_file_is_what_stdout_gets_and_is_announced(tmp_path):
    arguments = ("sweep", "connect", "--vary", "listener=shared,local", "--vary",
                 "sharecnv=0:10:5")
    path = tmp_path / "connect.csv"
    status, out, err = run_main(*arguments, "--out", str(path))
    assert status == 0 and out == ""
    assert err == f"wrote {path} (6 scenarios)\n"
    assert path.read_text(encoding="utf-8") == run_main(*arguments)[1]


@pytest.fixture(scope="module")
def swept_workbook(tmp_path_factory):
    """notify_delay by MQGETs attempted and LPARs, with LPAR 1's share 0: rows that break
    each of its two rules and rows the engine accepts."""
    path = tmp_path_factory.mktemp("sweep") / "notify.xlsx"
    status, _, err = run_main("sweep", "notify_delay", "gets_successful=100", "share_1_pct=0",
                            "--vary", "gets_attempted=50:150:50", "--vary", "lpars=1,2",
                            "--out", str(path))
    assert status == 0 and err == f"wrote {path} (6 scenarios)\n"
    return path


def test_workbook_sweep_stores_the_engines_value_in_every_formula(swept_workbook):
    notify = calc.calculator("notify_delay")
    book = openpyxl.load_workbook(swept_workbook, data_only=True)
    assert book.sheetnames == ["notify_delay", sweep_sheet("notify_delay"),
                               chart_data_sheet_name("notify_delay"),
                               values_sheet_name("notify_delay"), SOURCES]
    sheet = book[sweep_sheet("notify_delay")]
    where = sweep_rows.columns(sheet)
    scenarios = [sweep_rows.typed(notify, sheet, row, where) for row in sweep_rows.rows(sheet)]
    assert [(s["gets_attempted"], s["lpars"]) for s in scenarios] == [
        (50, 1), (50, 2), (100, 1), (100, 2), (150, 1), (150, 2)]
    problems = [sheet[f"{where['problem']}{row}"].value for row in sweep_rows.rows(sheet)]
    assert problems[:3] == [BROKEN_GETS, BROKEN_GETS, notify.checks[1].problem]
    assert sweep_rows.disagreements(notify, sheet, rel=1e-15) == []
    formulas = openpyxl.load_workbook(swept_workbook)[sweep_sheet("notify_delay")]
    stored = [(cell.coordinate, sheet[cell.coordinate].value) for row in formulas.iter_rows()
              for cell in row if isinstance(cell.value, str) and cell.value.startswith("=")]
    assert len(stored) == 6 * (len(notify.outputs) + 1)
    assert [value for _, value in stored if value is not None]  # the accepted rows' figures


def test_workbook_calculator_sheet_shows_the_first_scenario_the_engine_accepts(swept_workbook):
    sheet = openpyxl.load_workbook(swept_workbook, data_only=True)["notify_delay"]
    assert named_cell(sheet, "gets_attempted").value == 100
    assert named_cell(sheet, "lpars").value == 2
    assert named_cell(sheet, "share_1_pct").value == 0
    expected = calc.evaluate("notify_delay", {"gets_attempted": 100, "lpars": 2,
                                              "gets_successful": 100, "share_1_pct": 0})
    assert agrees(expected["heuristic_share_2_pct"],
                  named_cell(sheet, "heuristic_share_2_pct").value)


def test_sweep_help_explains_every_option():
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exited:
        main(["sweep", "--help"])
    assert exited.value.code == 0
    for said in ("--vary ID=SPEC", "START:STOP:STEP", "V1,V2", "--out FILE", ".csv",
                 ".xlsx", "ID=VALUE", "calculator id"):
        assert said in out.getvalue(), said


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_sweep_counts_its_progress_on_a_terminal_only(tmp_path, monkeypatch):
    arguments = ["sweep", "connect", "--vary", "sharecnv=0:999:1",
                 "--vary", "connects_per_sec=0:99:1", "--out", str(tmp_path / "long.csv")]
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(arguments) == 0
    assert "mqcalc: 100,000 of 100,000 scenarios" in terminal.getvalue()
    assert terminal.getvalue().endswith(f"wrote {tmp_path / 'long.csv'} (100000 scenarios)\n")
    monkeypatch.undo()
    status, _, err = run_main(*arguments)
    assert status == 0 and err == f"wrote {tmp_path / 'long.csv'} (100000 scenarios)\n"


def test_the_readme_states_the_scenarios_a_connect_sweep_workbook_holds():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    rows = most_sheet_rows(calc.calculator("connect"))
    assert f"at\nmost {MOST_SHEET_CELLS:,} cells of inputs and results ({rows:,} scenarios of " \
           "`connect`)" in readme
    ranged = [most_sheet_rows(calc.calculator(name), ranged=True) for name in ("connect", "ams")]
    assert (f"a ranged connect sheet holds {ranged[0]:,} scenarios\n(6,756 without), ams "
            f"{ranged[1]:,} (at eight corners)") in readme
