"""The command line as a planner uses it (issue 20, §4): names and choices in any case, as
MQSC is typed; a suggestion for a misspelt name; ``list CALC``; units and the measured
machine in ``eval --json``; human output that fits the terminal."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace

import pytest

import calc
from calc.cli import main
from calc.core import spelling
from tests.conftest import REPO


def mqcalc(*arguments: str, columns: int = 80) -> subprocess.CompletedProcess:
    """``mqcalc`` in a terminal ``columns`` wide (its COLUMNS), output captured."""
    return subprocess.run([sys.executable, "-m", "calc", *arguments], capture_output=True,
                          text=True, cwd=REPO, env={**os.environ, "COLUMNS": str(columns)})


def evaluated(*arguments: str, capsys) -> dict:
    assert main(["eval", *arguments, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_ids_and_choices_are_taken_in_any_case_as_mqsc_users_type_them(capsys):
    answer = evaluated("CONNECT", "SHARECNV=0", "listener=Shared", "tls=Y",
                       "Suppress_X511_X512=YES", capsys=capsys)
    assert answer["calculator"] == "connect"
    assert answer["inputs"] == calc.validate("connect", {
        "sharecnv": 0, "listener": "shared", "tls": True, "suppress_x511_x512": True})


@pytest.mark.parametrize(("word", "meaning"), [("y", True), ("Y", True), ("n", False),
                                               ("N", False)])
def test_a_switch_takes_y_and_n(word, meaning, capsys):
    assert evaluated("connect", f"tls={word}", capsys=capsys)["inputs"]["tls"] is meaning


@pytest.mark.parametrize(("words", "meaning"), [(("on", "ON", "On"), True),
                                                (("off", "OFF"), False)])
def test_a_switch_takes_on_and_off_as_the_terminal_shows_it(words, meaning, capsys):
    for word in words:
        assert evaluated("connect", f"tls={word}", capsys=capsys)["inputs"]["tls"] is meaning


def test_inputs_as_mqsc_writes_attributes(capsys):
    """NAME(VALUE), the id in any case and a quoted string unquoted, beside ID=VALUE."""
    answer = evaluated("connect", "SHARECNV(0)", "TLS(NO)", "BLOCK_METHOD('maxinst')",
                       "connects_per_sec=250", capsys=capsys)
    assert answer["inputs"] == calc.validate("connect", {
        "sharecnv": 0, "tls": False, "block_method": "maxinst", "connects_per_sec": 250})


@pytest.mark.parametrize(("typed", "value"), [
    ("1,000", 1000), ("1,000,000", 1_000_000), ("12,345.5", 12345.5), ("+1,000", 1000)])
def test_digits_grouped_in_threes_as_the_help_prints_limits(typed, value, capsys):
    answer = evaluated("connect", f"connects_per_sec={typed}", capsys=capsys)
    assert answer["inputs"]["connects_per_sec"] == value


@pytest.mark.parametrize("typed", ["1,5", "10,00", "1,0000", ",100", "1,000,", "1.000,5"])
def test_any_other_comma_is_refused_never_read_as_a_decimal_point(typed, capsys):
    assert main(["eval", "connect", f"connects_per_sec={typed}"]) == 2
    assert capsys.readouterr().err == (
        f"mqcalc: connect: input connects_per_sec='{typed}': expects a number from 0 to "
        "1,000,000\n")


def test_a_whole_number_grouped_is_judged_as_the_number(capsys):
    assert main(["eval", "connect", "sharecnv=1,000"]) == 2  # 1000 > 999, not 1.000
    assert "sharecnv='1,000': expects a whole number from 0 to 999" in capsys.readouterr().err


def test_an_argument_neither_assigned_nor_in_brackets_names_both_forms(capsys):
    assert main(["eval", "connect", "SHARECNV(0"]) == 2
    assert capsys.readouterr().err == ("mqcalc: connect: argument 'SHARECNV(0' has no '=': "
                                       "expects ID=VALUE or ID(VALUE), e.g. sharecnv=0\n")


def test_a_sweep_takes_ids_and_choices_in_any_case(capsys):
    assert main(["sweep", "Connect", "--vary", "LISTENER=Local,SHARED", "TLS=n"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert [row.split(",")[1:3] for row in rows[1:]] == [["local", "false"], ["shared", "false"]]


def test_a_scenario_file_takes_ids_and_choices_in_any_case(tmp_path, capsys):
    path = tmp_path / "plan.yaml"
    path.write_text("mqcalc_scenario: 1\ncurrent: CONNECT\ncalculators:\n  Connect:\n"
                    "    SHARECNV: 0\n    Listener: Shared\n    TLS: Y\n")
    assert main(["eval", "--scenario", str(path), "--json"]) == 0
    [result] = json.loads(capsys.readouterr().out)["results"]
    assert result["inputs"] == calc.validate("connect", {"sharecnv": 0, "listener": "shared",
                                                         "tls": True})
    path.write_text("mqcalc_scenario: 1\ncalculators:\n  connect:\n    SHARECNV: 0\n"
                    "    sharecnv: 1\n")
    assert main(["eval", "--scenario", str(path)]) == 2
    assert "line 5" in capsys.readouterr().err


MISSPELT = [
    (["eval", "conect"], "calculator 'conect'", "did you mean connect?"),
    (["list", "notify_dealy"], "calculator 'notify_dealy'", "did you mean notify_delay?"),
    (["eval", "connect", "sharcnv=0"], "input sharcnv='0'", "did you mean sharecnv?"),
    (["eval", "connect", "listener=lokal"], "input listener='lokal'", "did you mean local?"),
    (["sweep", "connect", "--vary", "listner=local,shared"], "input listner=",
     "did you mean listener?"),
    (["eval", "connect", "SHARECNV=0", "sharecnv=1"], "input sharecnv='1'", "given twice"),
    (["list", "connect", "extra"], "unrecognized arguments: extra", ""),
]


@pytest.mark.parametrize(("arguments", "named", "said"), MISSPELT,
                         ids=[" ".join(a) for a, _, _ in MISSPELT])
def test_a_misspelt_name_exits_2_with_one_line_suggesting_the_closest(arguments, named, said):
    completed = mqcalc(*arguments)
    assert completed.returncode == 2 and completed.stdout == ""
    [line] = completed.stderr.splitlines()
    assert named in line and said in line and "Traceback" not in completed.stderr


def test_names_that_differ_only_by_case_are_refused_never_guessed():
    connect = calc.calculator("connect")
    spec = connect.inputs["listener"]
    twin = replace(connect, inputs={**connect.inputs, "LISTENER": replace(spec, id="LISTENER")})
    assert spelling.inputs(twin, {"LISTENER": "local"}) == {"LISTENER": "local"}
    with pytest.raises(calc.InputError, match="one of listener, LISTENER typed exactly"):
        spelling.inputs(twin, {"Listener": "local"})
    both = replace(connect, inputs={**connect.inputs, "listener": replace(
        spec, choices=("local", "LOCAL", "shared"))})
    with pytest.raises(calc.InputError, match="one of local, LOCAL typed exactly"):
        spelling.inputs(both, {"listener": "Local"})
    with pytest.raises(calc.MqcalcError, match="one of connect, CONNECT typed exactly"):
        spelling.calculator_id("Connect", ["connect", "CONNECT"])


def test_version():
    completed = mqcalc("--version")
    assert completed.returncode == 0 and completed.stdout.startswith("mqcalc 0.")


def test_list_one_calculator_shows_each_input_and_output_readably():
    completed = mqcalc("list", "Notify_Delay")
    assert completed.returncode == 0, completed.stderr
    shown = completed.stdout
    notify = calc.calculator("notify_delay")
    assert shown.startswith(f"notify_delay: {notify.title}\n")
    assert "avg_get_cpu_us: default 1.157 CPU µs; accepts a number from 0 to 1,000,000" in shown
    words = " ".join(shown.split())
    for spec in notify.inputs.values():
        assert f"{spec.title}: {spec.help}" in words
    for name, output in notify.outputs.items():
        assert [line for line in shown.splitlines() if line.split()[:1] == [name]
                and (output.unit in line)], name
    assert "connect" not in shown.split()
    assert all(len(line) <= 80 for line in shown.splitlines())


def test_list_one_calculator_as_json_is_one_entry_of_the_full_list(capsys):
    assert main(["list", "--json"]) == 0
    everything = json.loads(capsys.readouterr().out)["calculators"]
    assert main(["list", "ZHYPERWRITE", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["calculators"] == [
        c for c in everything if c["id"] == "zhyperwrite"]


def test_eval_json_carries_units_and_the_measured_machine_beside_the_old_keys(capsys):
    answer = evaluated("connect", capsys=capsys)
    connect = calc.calculator("connect")
    assert list(answer)[:4] == ["calculator", "inputs", "outputs", "notes"]
    assert answer["units"] == {name: o.unit for name, o in connect.outputs.items()}
    assert answer["units"]["connect_cpu_us"] == "CPU µs"
    assert answer["measured_on"] == connect.measured_on
    assert answer["measured_on"].startswith("z14 LPAR with 3 dedicated processors")


@pytest.mark.parametrize("columns", [60, 100])
def test_notes_wrap_to_the_terminal_and_calculators_are_set_apart(tmp_path, columns):
    path = tmp_path / "plan.yaml"
    path.write_text("mqcalc_scenario: 1\ncalculators:\n  connect: {}\n  ams: {}\n")
    completed = mqcalc("eval", "--scenario", str(path), columns=columns)
    lines = completed.stdout.splitlines()
    notes = [i for i, line in enumerate(lines) if line.startswith("  note: ")]
    assert notes
    for i in notes:
        assert len(lines[i]) <= columns
    assert any(lines[i + 1].startswith("  " + " " * len("note: ")) for i in notes)
    assert lines[0] == calc.calculator("ams").title and set(lines[1]) == {"─"}
    second = lines.index(calc.calculator("connect").title)   # catalogue order
    assert lines[second - 1] == "" and set(lines[second + 1]) == {"─"}


@pytest.mark.parametrize("columns", [80, 100])
@pytest.mark.parametrize("arguments", [["list"], ["smf", "tests/fixtures/smf/raw"],
                                       ["smf", "tests/fixtures/smf/mq10-sample"]],
                         ids=" ".join)
def test_list_and_smf_fit_the_terminal_breaking_between_column_names(arguments, columns):
    """Every line within the terminal's width; an SMF column's name (``IO_CI {1.1}``, with
    its space) is never cut across two lines, and the lines say what one long line said."""
    out = mqcalc(*arguments, columns=columns).stdout
    lines = out.splitlines()
    assert max(map(len, lines)) <= columns
    assert not [line for line in lines if line.rstrip().endswith(("IO_CI", "IO_Count"))]
    wide = mqcalc(*arguments, columns=100).stdout
    assert out.split() == wide.split()


def test_a_word_longer_than_a_line_stays_whole(monkeypatch):
    """A path longer than the terminal's line keeps a line of its own, never cut (a store
    under a deep folder read 'mq.duck db' when textwrap broke it)."""
    from calc.cli.text import wrapped

    monkeypatch.setenv("COLUMNS", "80")
    path = "/" + "deep-folder/" * 8 + "mq.duckdb"
    lines = wrapped("", f"{path}: 3 of 3 rows added from 1 file of 1 folder", indent="")
    assert lines[0] == f"{path}:" and " ".join(lines) == (
        f"{path}: 3 of 3 rows added from 1 file of 1 folder")
