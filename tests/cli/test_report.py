"""``mqcalc report PLAN`` (issue 44, part 4): the one-page report's figures are the plan's
(``mqcalc plan --json``), its limits the runway's, its rolling averages ``smf series
--after``'s; it fits on two A4 pages at most; bad options are one line and exit 2."""
from __future__ import annotations

import builtins
import json
from datetime import date

import pytest

from calc.cli.report_markdown import markdown, shown
from calc.core.formatting import format_value, signed
from calc.inputs.one_page import DRIVERS, Figure, one_page
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from calc.inputs.runway import runway
from tests.cli.test_cli import run_main
from tests.conftest import REPO
from tests.inputs.test_smf import SAMPLE

EXAMPLES = REPO / "examples"
EXAMPLE = EXAMPLES / "z16_encryption_ams.yaml"
START = date(2026, 11, 30)
KEYS = {"total": ("cpu_seconds_per_sec", "total"), "lpar_busy_pct": ("lpar_busy_pct",),
        "msu": ("msu",)}
"""Each plan figure a report row shows -> where ``plan --json`` gives it."""


def _plan_json(path) -> dict:
    status, out, err = run_main("plan", path, "--json")
    assert status == 0, err
    return json.loads(out)


def _page(path, **options):
    plan = load_plan(path)
    return one_page(evaluate_plan(plan), str(path), runway(plan, 15, START), START, **options)


@pytest.mark.parametrize("name", ["z16_encryption_ams", "measured_today"])
def test_the_report_rows_are_the_plans_figures(name):
    """Each variant's CPU, share and MSU, low, likely and high, and each change from the
    first, are the numbers ``mqcalc plan --json`` gives; the cost row is the MSU times the
    price; and the Markdown shows them at the rows' decimals."""
    path = EXAMPLES / f"{name}.yaml"
    planned = _plan_json(path)
    page = _page(path, msu_price=95.5)
    text = markdown(page)
    rows = {row.key: row for row in page.rows}
    for key, where in KEYS.items():
        row = rows[key]
        for number, variant in enumerate(planned["variants"]):
            likely = variant
            for step in where:
                likely = likely[step]
            ends = variant["ranges"][key]
            assert (row.values[number].low, row.values[number].likely,
                    row.values[number].high) == pytest.approx(
                (ends["low"], likely, ends["high"]), rel=1e-12)
            assert shown(row.values[number], row.decimals) in text
            if number:
                change = variant["difference_ranges"][key]
                assert (row.changes[number - 1].low, row.changes[number - 1].likely,
                        row.changes[number - 1].high) == pytest.approx(
                    (change["low"], change["likely"], change["high"]), rel=1e-12)
                assert shown(row.changes[number - 1], row.decimals, True) in text
    for value, msu in zip(rows["cost"].values, rows["msu"].values):
        assert value.likely == pytest.approx(msu.likely * 95.5)


def test_the_largest_drivers_are_the_contributions_changes():
    """The three drivers are the three largest changes of a declared output between the
    variants, as the contributions of ``plan --json`` give them, largest first."""
    planned = _plan_json(EXAMPLE)
    today, proposed = ({(c["calculator"], c["output"], c["address_space"]):
                        c["cpu_seconds_per_sec"] for c in variant["contributions"]}
                       for variant in planned["variants"])
    changes = sorted((proposed.get(key, 0) - today.get(key, 0) for key in {**today, **proposed}),
                     key=abs, reverse=True)
    drivers = _page(EXAMPLE).drivers
    assert len(drivers) == DRIVERS
    assert [d.change for d in drivers] == pytest.approx(changes[:DRIVERS], rel=1e-12)
    whole = planned["variants"][1]["difference"]["total"]
    assert drivers[0].share_pct == pytest.approx(100 * changes[0] / whole)
    assert f"{signed(format_value(changes[0], 4))} CPU s/s" in markdown(_page(EXAMPLE))


def test_the_report_dates_the_limits_the_runway_finds(capsys):
    status, out, err = run_main("report", EXAMPLE, "--growth", "15", "--start", "2026-11-30")
    assert status == 0, err
    assert ("| ! plan: This is above the target share of the LPAR you set for MQ's added CPU. "
            "| – | 2035-04 |") in out
    assert "At 15% growth a year, compounded, from 2026-11" in out
    assert "First limit: plan, 2035-04" in out
    status, out, _ = run_main("report", EXAMPLE, "--start", "2026-11-30")
    assert "As planned, without growth" in out and "| now | now |" in out


def test_the_rolling_average_rows_are_smf_series_after():
    """With SMF data, the LPAR's peak four-hour average today and after are the figures
    ``mqcalc smf series --after`` gives for the same data, plan and queue manager."""
    status, out, err = run_main("smf", "series", SAMPLE, "--after", EXAMPLE, "--qmgr", "MQ1O",
                                "--msu-price", "95.5", "--json")
    assert status == 0, err
    [lpar] = [each for each in json.loads(out)["lpars"] if each["lpar"] == "MV4A"]
    status, text, err = run_main("report", EXAMPLE, "--smf", SAMPLE, "--qmgr", "MQ1O",
                                 "--msu-price", "95.5", "--start", "2026-11-30")
    assert status == 0, err
    [after] = lpar["after"]
    figure = after["r4ha_msu"]
    assert shown(Figure(figure["low"], figure["likely"], figure["high"]), 1) in text
    assert "MV4A peak 4-hour average, MSU" in text
    assert "MQ1O, MQ53; 0.8 hours of data" in text


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # WeasyPrint's, on HarfBuzz
@pytest.mark.parametrize("name", ["z16_encryption_ams", "measured_today"])
def test_the_report_prints_on_two_a4_pages_at_most(name, tmp_path):
    """Laid out by WeasyPrint as ``--out FILE.pdf`` lays it, with every section full: a
    runway, a price and SMF data."""
    from weasyprint import HTML

    out = tmp_path / "report.html"
    status, _, err = run_main("report", EXAMPLES / f"{name}.yaml", "--growth", "15",
                              "--msu-price", "95.5", "--smf", SAMPLE, "--qmgr", "MQ1O",
                              "--start", "2026-11-30", "--out", out)
    assert status == 0, err
    assert "MV4A peak 4-hour average" in out.read_text(encoding="utf-8")
    pages = len(HTML(filename=str(out)).render().pages)
    assert 1 <= pages <= 2, pages


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # WeasyPrint's, on HarfBuzz
def test_out_writes_each_format_whole(tmp_path):
    for suffix, start in ((".md", b"# MQ for z/OS capacity"), (".html", b"<!DOCTYPE html>"),
                          (".pdf", b"%PDF-")):
        out = tmp_path / f"report{suffix}"
        status, _, err = run_main("report", EXAMPLE, "--out", out, "--start", "2026-11-30")
        assert status == 0 and f"wrote {out}" in err
        assert out.read_bytes().startswith(start)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html", "report.md",
                                                          "report.pdf"]


@pytest.mark.parametrize("arguments, said", [
    (["--out", "report.txt"], "report --out report.txt: writes FILE.md (Markdown), FILE.html "
                              "or FILE.pdf"),
    (["--years", "3"], "report: --years goes with --growth PCT"),
    (["--smf", "smf"], "report: --smf DIR|STORE and --qmgr NAME go together"),
    (["--qmgr", "MQ1O"], "report: --smf DIR|STORE and --qmgr NAME go together"),
    (["--msu-price", "free"], "--msu-price: 'free': expects a price"),
    (["--smf", SAMPLE, "--qmgr", "NOPE"], "--qmgr NOPE: not in the data (it has MQ1A, MQ1O, "
                                          "MQ31, MQ51, MQ52, MQ53, QML1)"),
])
def test_a_bad_option_is_one_line_and_exit_2(arguments, said):
    status, out, err = run_main("report", EXAMPLE, *arguments)
    assert status == 2 and out == ""
    assert said in err and len(err.strip().splitlines()) == 1


def test_without_weasyprint_a_pdf_is_refused_in_one_line(monkeypatch, tmp_path):
    real = builtins.__import__

    def missing(name, *args, **kwargs):
        if name == "weasyprint":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", missing)
    status, _, err = run_main("report", EXAMPLE, "--out", tmp_path / "r.pdf")
    assert status == 2 and "writing a PDF needs WeasyPrint" in err
    assert list(tmp_path.iterdir()) == []


def test_a_small_figure_never_reads_as_nothing():
    """A report's figure that would round to 0 at its decimals, but is not 0, shows three
    significant digits; 0 and larger figures show their decimals."""
    from calc.core.formatting import likely_range, never_zero

    assert never_zero(0.0000123, 4) == "0.0000123"
    assert never_zero(-0.000045678, 4) == "-0.0000457"
    assert (never_zero(0.0, 4), never_zero(1.23456, 4), never_zero(12345.678, 1)) == (
        "0.0000", "1.2346", "12,345.7")
    assert likely_range(0.00001, 0.00002, 0.00003, 4, True) == \
        "+0.00002 (+0.00001–+0.00003)"


def test_each_default_nobody_confirmed_names_the_variants_it_is_left_in():
    """AMS is only the proposal's: its defaults are left in it alone; connect's refusal
    inputs in both variants, so no variant is named."""
    text = markdown(_page(EXAMPLE))
    line = next(line for line in text.splitlines() if "defaults nobody confirmed" in line)
    assert ("AMS message protection cost: Unlimited key reuse (in proposed), Recipients "
            "(in proposed)") in line
    assert "Client connect cost (MQCONNX + MQDISC): Refusal method, Refused attempt rate;" in line
