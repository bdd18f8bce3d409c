"""``mqcalc smf series``: each queue manager's intervals as a series of the figures the
calculators take, with peak, 95th percentile, mean and hour-of-day profile, worked out by
hand from the fixtures (tests/fixtures/smf/, their provenance beside them)."""
from __future__ import annotations

import contextlib
import csv
import io
import json
import statistics
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc.cli import main
from calc.inputs.smf import store
from calc.inputs.smf.series import percentile
from tests.cli.test_cli import run_main
from tests.conftest import REPO
from tests.inputs.test_smf import RAW, SAMPLE, refusal


def series_json(*arguments) -> list[dict]:
    status, out, err = run_main("smf", "series", *arguments, "--json")
    assert status == 0, err
    return json.loads(out)["series"]


def test_the_raw_fixtures_series_worked_by_hand():
    """QMA1's two 30-minute intervals: 3,600 + 1,800 adapter requests in the first, 7,200 +
    1,800 in the second, over 1,800 s: 3 and 5 requests/s. Peak 5 at 10:30; the 95th
    percentile 3 + (5 - 3) x 0.95 = 4.9 (rank (2 - 1) x 0.95 between the two); mean 4; both
    intervals start in hour 10."""
    [qma1, qmb1] = series_json(RAW)
    assert (qma1["qmgr"], qma1["lpar"], qma1["usual_seconds"]) == ("QMA1", "SYSA", 1800)
    rate = qma1["figures"]["adapters.adapter_requests_per_sec"]
    assert rate == {"unit": "requests/s", "intervals": 2,
                    "peak": {"value": 5.0, "start": "2026-03-02T10:30:00.000100"},
                    "percentile": 4.9, "mean": 4.0, "by_hour": {"10": 4.0}}
    assert [i["values"]["adapters.adapter_requests_per_sec"] for i in qma1["intervals"]] == \
        [3.0, 5.0]
    assert qma1["ranked_by"] == "adapters.adapter_requests_per_sec"
    # QMB1 has no channel initiator: ranked by its log rate, 1 and 0.5 MB/s
    assert qmb1["ranked_by"] == "log_encryption.log_mb_per_sec"
    assert qmb1["figures"]["log_encryption.log_mb_per_sec"]["percentile"] == 0.975
    assert "log_encryption.encrypt_active" not in qmb1["figures"]  # yes/no: not a figure


def test_intervals_of_no_length_or_cut_short_are_left_out_and_counted():
    """The sample's MQ1A: nine intervals of 1,799, 0 (five), 175, 179 and 117 s. The usual
    length is the median of those with a length, (175 + 179) / 2 = 177 s; 117 s is under
    90 % of it (159.3 s): cut short. Three are kept."""
    [mq1a] = series_json(SAMPLE, "--qmgr", "MQ1A")
    assert mq1a["usual_seconds"] == 177
    assert mq1a["left_out"] == {"no_length": 5, "cut_short": 1}
    assert [i["seconds"] for i in mq1a["intervals"]] == [1799, 175, 179]
    status, out, err = run_main("smf", "series", SAMPLE, "--qmgr", "MQ1A")
    assert out.splitlines()[:2] == [
        "MQ1A on MV4A: 3 intervals of 177 s, from 2026-05-21 16:02:23 to 2026-05-21 16:42:18",
        "  left out: 5 of no length and 1 cut short"]


def test_the_csv_has_a_line_an_interval_and_a_column_a_figure():
    status, out, err = run_main("smf", "series", RAW, "--csv")
    assert status == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["qmgr"], r["start"], r["seconds"]) for r in rows] == [
        ("QMA1", "2026-03-02T10:00:00.000100", "1800"),
        ("QMA1", "2026-03-02T10:30:00.000100", "1800"),
        ("QMB1", "2026-03-02T10:00:00.500000", "900"),
        ("QMB1", "2026-03-02T10:15:00.500000", "900")]
    assert [r["adapters.adapter_requests_per_sec"] for r in rows] == ["3", "5", "", ""]
    assert [r["log_encryption.log_mb_per_sec"] for r in rows] == ["0", "0.1", "1", "0.5"]


def test_a_store_gives_the_series_of_the_folders_loaded_into_it(tmp_path):
    store.load(tmp_path / "mq.duckdb", [SAMPLE, RAW])

    def lines(path) -> list[dict]:
        """Each line of the CSV, the figures it has (a figure another queue manager has is
        an empty column here)."""
        return [{name: value for name, value in row.items() if value} for row in
                csv.DictReader(io.StringIO(run_main("smf", "series", path, "--csv")[1]))]

    def placed(row: dict) -> tuple:
        return row["qmgr"], row["lpar"], row["start"]

    from_folders = sorted(lines(SAMPLE) + lines(RAW), key=placed)
    assert len(from_folders) == 55 + 4  # the sample's kept intervals, raw's four
    assert lines(tmp_path / "mq.duckdb") == from_folders


def test_options_of_another_way_are_refused_in_one_line():
    assert refusal("series", RAW, "--interval", "all") == (
        "mqcalc: smf series: --interval goes with reading a folder or a store, not here (see "
        "mqcalc smf --help)\n")
    assert refusal(RAW, "--csv") == ("mqcalc: smf: --csv goes with smf series, not here (see "
                                     "mqcalc smf --help)\n")
    assert refusal("series", RAW, SAMPLE) == (
        "mqcalc: smf series: reads one folder or store, given 2 (to add several folders to "
        "a store: mqcalc smf load DIR... --into STORE)\n")


@given(st.lists(st.floats(-1e9, 1e9), min_size=2, max_size=50),
       st.integers(1, 99))
def test_the_percentile_is_percentile_inc(values, percent):
    """Against Python's own: ``statistics.quantiles(method="inclusive")`` is Excel's
    PERCENTILE.INC, the percentile k/100 its (k-1)th cut point."""
    expected = statistics.quantiles(values, n=100, method="inclusive")[percent - 1]
    assert abs(percentile(values, percent) - expected) <= 1e-9 * max(1.0, abs(expected))


def test_the_readme_shows_what_the_command_prints(monkeypatch):
    monkeypatch.chdir(REPO)
    command = "mqcalc smf series tests/fixtures/smf/raw --qmgr QMA1"
    block = (REPO / "README.md").read_text(encoding="utf-8").split(f"$ {command}\n", 1)[1]
    head, *parts = block.split("\n```", 1)[0].split("\n  ...\n")
    status, out, _err = run_main(*command.split()[1:])
    assert status == 0
    assert out.startswith(head + "\n")
    at = len(head)
    for part in parts:  # each shown part follows the one before, lines elided between
        found = out.find(f"\n{part}\n", at)
        assert found >= 0, part
        at = found + len(part)


def test_mq1os_adapter_request_rate_is_the_csv_worked_by_hand():
    """The sample's MQ1O, interval by interval: its adapter tasks' Request_Count added up
    from SMF-QCTADP.csv by Python's own CSV reader, over the interval's length as the series
    gives it (59 or 60 s: the longest its files state); then peak, 95th percentile and
    mean by Python's statistics module."""
    [mq1o] = series_json(SAMPLE, "--qmgr", "MQ1O")
    requests: dict[datetime, int] = {}
    with (SAMPLE / "SMF-QCTADP.csv").open(encoding="latin-1", newline="") as file:
        for row in csv.DictReader(file):
            if row["QMgr"] == "MQ1O":
                start = datetime.strptime(f"{row['Interval_Start (DATE)']} "
                                          f"{row['Interval_Start (TIME)']}",
                                          "%Y/%m/%d %H:%M:%S,%f")
                requests[start] = requests.get(start, 0) + int(row["Request_Count"])
    rates = []
    for interval in mq1o["intervals"]:
        # the channel initiator's start, within a second of the interval's (the queue
        # manager's own records start a little apart)
        [start] = [start for start in requests if abs(
            (start - datetime.fromisoformat(interval["start"])).total_seconds()) < 1]
        rates.append(requests[start] / interval["seconds"])
        assert interval["values"]["adapters.adapter_requests_per_sec"] == \
            pytest.approx(rates[-1], rel=1e-12)
    figure = mq1o["figures"]["adapters.adapter_requests_per_sec"]
    assert len(rates) == figure["intervals"] == 19
    assert figure["peak"] == {"value": pytest.approx(max(rates)),
                              "start": "2026-05-21T16:34:10.006620"}
    assert figure["peak"]["value"] == pytest.approx(324 / 59)
    assert figure["percentile"] == pytest.approx(
        statistics.quantiles(rates, n=100, method="inclusive")[94])
    assert figure["mean"] == pytest.approx(statistics.fmean(rates))


class Terminal(io.StringIO):
    """Standard error as a terminal shows it to a person."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("way", [("series",), ("--interval", "all")], ids=["series", "all"])
def test_a_read_tells_its_steps_on_a_terminal_and_nothing_to_a_file(way):
    """A month of a store takes half a minute to read: on a terminal, standard error says
    each step (every 1,000 intervals while they are imported); to a file or a pipe, nothing,
    and standard output is the same either way."""
    printed = {}
    for stream in (Terminal(), io.StringIO()):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(stream):
            arguments = [way[0], str(SAMPLE), *way[1:]] if way[0] == "series" else [
                str(SAMPLE), *way]
            assert main(["smf", *arguments, "--json"]) == 0
        printed[stream.isatty()] = out.getvalue(), stream.getvalue().splitlines()
    assert printed[True][0] == printed[False][0]
    assert printed[False][1] == []
    assert printed[True][1] == [f"mqcalc: reading the rows of {SAMPLE}",
                                "mqcalc: placing 936 rows in their intervals",  # as loaded
                                "mqcalc: importing interval 1 of 65"]
