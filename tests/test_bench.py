"""The benchmark's own parts: its hand-written references must compute what the engine
computes (else the comparison means nothing), and it must run. No timing is asserted."""
from __future__ import annotations

import csv
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc.core.errors import InputError
from calc.engine.sweeps import most_sheet_rows
from tests.bench.__main__ import main
from tests.bench.markdown import main as markdown_main
from tests.bench.measures import markdown
from tests.bench.references import REFERENCES
from tests.bench.scaling import XLSX_BASE_ROWS, xlsx_sweep
from tests.bench.sweep import xlsx_rows

from .conftest import REPO
from .strategies import any_inputs, hostile_edges, hostile_values

REFERENCED = [calc.calculator(calculator_id) for calculator_id in REFERENCES]


@pytest.mark.parametrize("calculator", REFERENCED, ids=lambda c: c.id)
@given(data=st.data())
def test_a_hand_written_reference_computes_what_the_engine_computes(calculator, data):
    """Any inputs in their domains: where they break a rule between inputs the engine
    refuses them and so must the reference; else both give the same outputs."""
    inputs = data.draw(any_inputs(calculator))
    try:
        expected = calc.evaluate(calculator.id, inputs)
    except InputError:
        with pytest.raises(ValueError):
            REFERENCES[calculator.id](inputs)
        return
    assert REFERENCES[calculator.id](inputs) == expected


REFERENCED_INPUTS = [(calculator.id, spec) for calculator in REFERENCED
                     for spec in calculator.inputs.values()]


@pytest.mark.parametrize("calculator_id,spec", REFERENCED_INPUTS,
                         ids=[f"{c}.{s.id}" for c, s in REFERENCED_INPUTS])
@given(data=st.data())
def test_a_hand_written_reference_refuses_what_the_engine_refuses(calculator_id, spec, data):
    """The reference takes typed values only, so it may refuse what the engine parses
    (text, a whole float for an int); it must never accept what the engine refuses, and
    what both accept must give the same outputs. Every edge is tried, then drawn values."""
    for value in [*hostile_edges(spec), data.draw(hostile_values(spec))]:
        try:
            by_hand = REFERENCES[calculator_id]({spec.id: value})
        except ValueError:
            continue
        assert by_hand == calc.evaluate(calculator_id, {spec.id: value}), value


def test_the_benchmark_prints_and_stores_every_engine_figure(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["--quick", "--only", "engine", "--json", str(out)]) == 0
    stored = json.loads(out.read_text())
    names = {measure["name"] for measure in stored["measures"]}
    assert {f"{c.id}: calc.evaluate" for c in calc.catalogue()} <= names
    assert {f"{c}: engine / hand-written" for c in REFERENCES} <= names
    assert all(measure["value"] > 0 for measure in stored["measures"])
    assert stored["machine"]["cores"] >= 1
    assert "connect: engine / hand-written" in capsys.readouterr().out
    assert markdown_main(["--whole", str(out)]) == 0
    heading, blank, header, rule, *rows = capsys.readouterr().out.splitlines()
    assert heading.startswith("Measured ") and stored["machine"]["commit"] in heading
    assert (blank, header) == ("", "| section | measure | figure | goal | how |")
    assert len(rows) == len(stored["measures"])
    assert markdown_main([str(out)]) == 0  # the README's: the engine's verdicts alone
    shown = capsys.readouterr().out.splitlines()[4:]
    assert len(shown) == sum(1 for m in stored["measures"] if m["goal"]) == len(REFERENCES)
    goal = next(m for m in stored["measures"] if m["name"] == "connect: engine / hand-written")
    verdict = "met" if goal["met"] else "**not met**"
    assert any(row.startswith("| engine | connect: engine / hand-written | ")
               and f"| {goal['goal']}: {verdict} |" in row for row in rows)


@pytest.fixture(scope="module")
def connect_workbook(tmp_path_factory):
    """connect's workbook as the peers section writes it, with a few of its cases."""
    from tests.bench.peers import peer_workbook, valid_cases
    calculator = calc.calculator("connect")
    cases = valid_cases(calculator, 2)[:3]
    return calculator, cases, peer_workbook(calculator, cases, tmp_path_factory.mktemp("peers"))


@pytest.mark.parametrize("peer", ["pycel", "formulas"])
def test_a_peer_not_installed_is_a_row_saying_how_to_install_it(peer, connect_workbook,
                                                                  monkeypatch):
    from tests.bench import peer_formulas, peer_pycel, peers
    monkeypatch.setattr(peer_pycel, "ExcelCompiler", None)
    monkeypatch.setattr(peer_formulas, "formulas", None)
    calculator, cases, book = connect_workbook
    with pytest.raises(peers.Unmeasured, match=r"not installed: .*pip install -e '\.\[bench\]'"):
        peers.PEERS[peer](calculator, cases, book)
    row = peers._ratio(peer, {}, "not installed")
    assert (row.value, row.met, row.detail) == (None, None, "not installed")


def test_pycel_and_formulas_say_why_they_cannot_compute_the_workbook_as_written(
        connect_workbook):
    pytest.importorskip("pycel")
    pytest.importorskip("formulas")
    from tests.bench import peers
    calculator, cases, book = connect_workbook
    with pytest.raises(peers.Unmeasured, match="fails on connect: AttributeError"):
        peers.PEERS["pycel"](calculator, cases, book)
    outputs = len(calculator.outputs)  # every one of connect's outputs, 25 since issue 37
    with pytest.raises(peers.Unmeasured, match=rf"cannot read sheet-scoped names: {outputs} "
                       rf"of {outputs} outputs #REF!"):
        peers.PEERS["formulas"](calculator, cases, book)


def test_the_workbook_evaluator_computes_what_the_engine_computes(connect_workbook):
    """The tests' own evaluator types each case in as a person types it (a switch as yes or
    no) and checks every output against the engine: a time means it agreed."""
    from tests.bench import peers
    calculator, cases, book = connect_workbook
    assert any(type(value) is bool for case in cases for value in case.values())
    assert peers.PEERS["oracle"](calculator, cases, book) > 0


@pytest.mark.parametrize("peer", ["pycel (names, EXACT given)", "formulas (names made global)"])
def test_pycel_and_formulas_adapted_compute_what_the_engine_computes(peer, connect_workbook):
    """Each peer checks every output against the engine as it goes: a time means it agreed."""
    pytest.importorskip(peer.split()[0])
    from tests.bench import peers
    calculator, cases, book = connect_workbook
    assert peers.PEERS[peer](calculator, cases, book) > 0


def test_the_benchmarks_largest_workbook_sweeps_fit_a_workbook():
    """The 220,000-cell sweep of issue 25 and the scaling section's largest xlsx size."""
    most = most_sheet_rows(calc.calculator(xlsx_sweep(1)[0]))
    assert most >= xlsx_rows() >= 4_000
    assert most >= XLSX_BASE_ROWS * 100


def test_the_readmes_table_is_the_stored_run_it_names():
    """The README's performance table is the one the stored run it names prints, not
    typed."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    [name] = re.findall(r"python -m tests\.bench\.markdown\s+(tests/bench/runs/\S+\.json)`",
                        readme)
    assert markdown(json.loads((REPO / name).read_text(encoding="utf-8"))) in readme


@pytest.mark.parametrize("typed", [False, True], ids=["text", "typed"])
def test_duckdb_alone_stores_every_row_of_every_file_of_every_folder(tmp_path, typed):
    """The store section's floor stores what a load would: each file's rows of every
    folder in a table of its own, its columns of the types given, a cell as written."""
    import duckdb

    from tests.bench.store import FIXTURE_SAMPLE, restamp, stored_alone
    days = [restamp(FIXTURE_SAMPLE, tmp_path / f"day-{day}", day, 1) for day in range(2)]
    files = sorted(path.name for path in FIXTURE_SAMPLE.glob("SMF-*.csv"))
    headings = {name: (FIXTURE_SAMPLE / name).read_text("latin-1").splitlines()[0]
                for name in files}
    types = {name: ["VARCHAR"] * (heading.count(",") + 1) for name, heading in headings.items()}
    if typed:
        types["SMF-QIS1.csv"][0] = "DATE"  # the date of each record, "2016/03/01"
    spec = tmp_path / "types.json"
    spec.write_text(json.dumps(types), encoding="utf-8")
    stored_alone([str(tmp_path / "alone.duckdb"), str(spec), *map(str, days)])
    with duckdb.connect(str(tmp_path / "alone.duckdb"), read_only=True) as connection:
        for name in files:
            lines = [line for day in days
                     for line in (day / name).read_text("latin-1").splitlines()[1:]]
            table = name.removesuffix(".csv")
            assert connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] \
                == len(lines), name
        first = connection.execute('SELECT c0, c1 FROM "SMF-QIS1" LIMIT 1').fetchone()
    written = next(csv.reader((days[0] / "SMF-QIS1.csv").read_text("latin-1").splitlines()[1:]))
    assert [str(first[0]).replace("-", "/"), first[1]] == written[:2]
    assert isinstance(first[0], str) is not typed


def test_a_childs_cpu_time_is_read_to_finer_than_a_clock_tick():
    """The scaling verdicts divide differences of some tens of milliseconds of CPU: read in
    clock ticks (10 ms) they moved by a quarter from run to run."""
    from tests.bench.child import run_child
    spent = run_child("calc.cli:main", "eval", "connect", "--json").cpu_seconds * 100
    assert spent > 0 and abs(spent - round(spent)) > 1e-6
