"""The mqcalc command as a user types it: listing, evaluation, and one-line refusals."""
from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.cli import main
from calc.cli.text import result_lines
from calc.core import spelling
from calc.core.model import NUMBER
from calc.core.readable import ranged_text, shown_figures
from calc.core.terminal_text import printable
from calc.inputs.plan import load_plan
from calc.inputs.scenario import Scenario, load_scenario
from tests.conftest import CALCULATORS, REPO
from tests.inputs.test_scenario import BAD as BAD_FILES
from tests.strategies import hostile_edges

CONNECT = calc.calculator("connect")


def mqcalc(*arguments: str) -> subprocess.CompletedProcess:
    """Run ``python -m calc`` as a separate process, the way a shell would."""
    return subprocess.run([sys.executable, "-m", "calc", *arguments], capture_output=True,
                          text=True, cwd=REPO, timeout=120)


def test_list_json_describes_every_calculator():
    completed = mqcalc("list", "--json")
    assert completed.returncode == 0, completed.stderr
    listed = json.loads(completed.stdout)["calculators"]
    assert [c["id"] for c in listed] == [c.id for c in CALCULATORS]
    connect = next(c for c in listed if c["id"] == "connect")
    assert {"id", "title", "inputs", "outputs"} <= set(connect)
    sharecnv = connect["inputs"][0]
    assert sharecnv == {"id": "sharecnv", "type": "int", "min": 0, "max": 999, "choices": None,
                        "default": 0, "unit": "conversations", "help": sharecnv["help"]}
    assert sharecnv["help"]
    listener = next(i for i in connect["inputs"] if i["id"] == "listener")
    assert listener["choices"] == ["local", "shared"] and listener["type"] == "choice"
    numbers = {o.id for o in calc.calculator("connect").outputs.values()
               if o.value_type == NUMBER}
    assert all(o["unit"] for o in connect["outputs"] if o["id"] in numbers)  # every number
    assert len(numbers) >= len(connect["outputs"]) - 1  # one yes/no: z16_spans_pus
    assert {"connect_cpu_us", "blocked_cpu_us", "cpu_seconds_per_sec"} <= {
        o["id"] for o in connect["outputs"]}


def test_list_reads_as_a_table():
    completed = mqcalc("list")
    assert completed.returncode == 0
    assert "connect" in completed.stdout and "sharecnv" in completed.stdout


def test_eval_json_gives_the_worked_example():
    completed = mqcalc("eval", "connect", "sharecnv=0", "listener=local", "tls=yes",
                       "suppress_x511_x512=1", "--json")
    assert completed.returncode == 0, completed.stderr
    answer = json.loads(completed.stdout)
    assert answer["calculator"] == "connect"
    assert answer["outputs"]["connect_cpu_us"] == 760
    assert answer["inputs"]["tls"] is True and answer["inputs"]["connects_per_sec"] == 100
    assert isinstance(answer["notes"], list) and answer["notes"]


def test_eval_rate_and_split():
    completed = mqcalc("eval", "connect", "sharecnv=1", "listener=shared", "connects_per_sec=50",
                       "blocked_per_sec=10", "block_method=maxinst", "tls=no",
                       "suppress_x511_x512=no", "--json")
    outputs = json.loads(completed.stdout)["outputs"]
    assert outputs["connect_cpu_us"] == 1350 and outputs["blocked_cpu_us"] == 850
    assert outputs["cpu_seconds_per_sec"] == pytest.approx((50 * 1350 + 10 * 850) / 1e6)
    assert outputs["db2_cpu_us"] == pytest.approx(181 * 1350 / 1100)


def test_eval_readable_output_has_units():
    completed = mqcalc("eval", "connect")
    assert completed.returncode == 0
    assert "760.0 CPU µs" in completed.stdout and "CPU s/s" in completed.stdout


def test_msu_reads_not_given_until_an_msu_rating_is_given():
    """ "0.0 MSU" said nothing of why: without msu_per_cp the line says not given (the note
    says what to give); with it, the MSU."""
    lines = {line.split("  ")[1]: line for line in mqcalc("eval", "connect").stdout.splitlines()
             if line.startswith("  MSU consumed")}
    assert lines["MSU consumed"].split()[2:5] == ["not", "given", "A"]
    rated = mqcalc("eval", "connect", "msu_per_cp=120").stdout
    assert re.search(r"^  MSU consumed +9\.1 MSU\b", rated, re.M)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_eval_text_shows_each_figure_as_the_terminal_calculator_does(calculator):
    """One rule for a figure a person reads (calc.core.readable): a page set's write CPU
    of 2,364,633 µs reads "2.36 CPU s" on the command line as in the terminal."""
    result = calc.run(calculator.id, {})
    lines = result_lines(calculator, result)
    width = max(len(output.title) for output in calculator.outputs.values())
    for name, figure in shown_figures(calculator, result.outputs, result.unknown).items():
        title = calculator.outputs[name].title
        [line] = [line for line in lines if line[2:2 + width].rstrip() == title]
        shown = ranged_text(figure, calculator.outputs[name].unit, result.ranges.get(name))
        assert f" {shown} {figure.unit}" in line, (name, line)


def test_a_large_time_reads_in_seconds_on_the_command_line():
    completed = mqcalc("eval", "pageset_encryption")
    assert "Write encryption" in completed.stdout and "2,364,633" not in completed.stdout
    assert any("2.365 CPU s " in line
               for line in completed.stdout.splitlines() if "Write encryption" in line)


@pytest.mark.parametrize("value", ["true", "True", "YES", "yes", "1"])
def test_booleans_accept_the_usual_words_for_true(value):
    assert main(["eval", "connect", f"tls={value}", "--json"]) == 0


@pytest.mark.parametrize("value", ["false", "no", "No", "0"])
def test_booleans_accept_the_usual_words_for_false(value, capsys):
    assert main(["eval", "connect", f"tls={value}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["inputs"]["tls"] is False


BAD = [
    (["eval", "nosuch"], "calculator 'nosuch'"),
    (["eval", "connect", "colour=red"], "colour"),
    (["eval", "connect", "sharecnv"], "sharecnv"),
    (["eval", "connect", "sharecnv=ten"], "sharecnv"),
    (["eval", "connect", "sharecnv=1.5"], "sharecnv"),
    (["eval", "connect", "sharecnv=1000"], "sharecnv"),
    (["eval", "connect", "sharecnv=-1"], "sharecnv"),
    (["eval", "connect", "connects_per_sec=nan"], "connects_per_sec"),
    (["eval", "connect", "connects_per_sec=inf"], "connects_per_sec"),
    (["eval", "connect", "connects_per_sec=1e309"], "connects_per_sec"),
    (["eval", "connect", "connects_per_sec=0x10"], "connects_per_sec"),
    (["eval", "connect", "listener=remote"], "listener"),
    (["eval", "connect", "tls=maybe"], "tls"),
    (["eval", "connect", "tls="], "tls"),
    (["eval", "connect", "--frobnicate"], "--frobnicate"),
    (["frobnicate"], "frobnicate"),
]


@pytest.mark.parametrize(("arguments", "named"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_exits_2_with_one_line_naming_it(arguments, named):
    completed = mqcalc(*arguments)
    assert completed.returncode == 2
    lines = completed.stderr.strip().splitlines()
    assert len(lines) == 1 and named in lines[0], completed.stderr
    assert "Traceback" not in completed.stderr and completed.stdout == ""


def test_refusal_says_what_the_input_accepts():
    completed = mqcalc("eval", "connect", "listener=remote")
    assert "one of local, shared" in completed.stderr


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(list(CONNECT.inputs)), value=st.text(max_size=12))
def test_any_text_for_any_input_is_answered_not_crashed(name, value):
    status, out, err = run_main("eval", "connect", f"{name}={value}", "--json")
    if status == 0:
        answer = json.loads(out)
        assert answer["inputs"][name] == calc.validate(
            "connect", spelling.inputs(CONNECT, {name: value}))[name]
    else:
        assert status == 2 and name in err and len(err.splitlines()) == 1


def test_build_writes_every_workbook(tmp_path):
    completed = mqcalc("build", "--out", str(tmp_path))
    assert completed.returncode == 0, completed.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{c.id}.xlsx" for c in CALCULATORS] + ["mqzcalc.xlsx"])


# Scenario files: mqcalc eval --scenario FILE, mqcalc [tui] --scenario FILE.

SCENARIO = """\
mqcalc_scenario: 1
current: connect
calculators:
  connect:
    sharecnv: 0
    listener: local
    tls: true
    suppress_x511_x512: true
  adapters:
    processors: 8
"""


@pytest.fixture
def scenario_file(tmp_path):
    path = tmp_path / "plan.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def run_main(*arguments) -> tuple[int, str, str]:
    """``main`` in this process, with what it printed to stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([str(a) for a in arguments])
    return status, out.getvalue(), err.getvalue()


def words(text: str) -> str:
    """``text`` with every run of white space one space: what a person reads, however the
    terminal's width wrapped it."""
    return " ".join(text.split())


def test_eval_scenario_prints_every_calculator(scenario_file):
    completed = mqcalc("eval", "--scenario", str(scenario_file))
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    titles = [calc.calculator(c).title for c in ("adapters", "connect")]
    assert [line for line in lines if line and not line.startswith(("  ", "─"))] == titles
    assert "  Cost per connect" in completed.stdout and " 760.0 CPU µs" in completed.stdout


def test_eval_scenario_json_is_the_engines_results(scenario_file):
    status, out, err = run_main("eval", "--scenario", scenario_file, "--json")
    assert status == 0, err
    answer = json.loads(out)
    assert answer["scenario"] == str(scenario_file)
    connect = {"sharecnv": 0, "listener": "local", "tls": True, "suppress_x511_x512": True}
    expected = [calc.run("adapters", {"processors": 8}), calc.run("connect", connect)]
    assert answer["results"] == [json.loads(json.dumps(r.as_json())) for r in expected]
    assert answer["results"][1]["outputs"]["connect_cpu_us"] == 760


@pytest.mark.parametrize("order", ["assignments first", "option first"])
def test_eval_one_calculator_of_a_scenario_with_changes(scenario_file, order):
    arguments = (["eval", "connect", "tls=no", "--scenario", scenario_file, "--json"]
                 if order == "assignments first" else
                 ["eval", "connect", "--scenario", scenario_file, "tls=no", "--json"])
    status, out, err = run_main(*arguments)
    assert status == 0, err
    [result] = json.loads(out)["results"]
    assert result == calc.run("connect", {"sharecnv": 0, "listener": "local", "tls": False,
                                          "suppress_x511_x512": True}).as_json()
    assert result["outputs"]["connect_cpu_us"] == 380  # 760 less the 380 TLS addition


def test_eval_one_calculator_of_a_scenario_reads_as_eval_does(scenario_file):
    status, out, _ = run_main("eval", "connect", "--scenario", scenario_file)
    assert status == 0
    assert out == run_main("eval", "connect", "sharecnv=0", "listener=local", "tls=yes",
                           "suppress_x511_x512=yes")[1]


BAD_SCENARIO_USE = [
    (["eval"], "eval needs a calculator id or --scenario FILE"),
    (["eval", "ams", "--scenario", "{file}"], "scenario {file}: has no inputs for ams "
                                               "(it has adapters, connect)"),
    (["eval", "connect", "--scenario", "{file}", "sharecnv=ten"], "connect: input sharecnv"),
    (["eval", "connect", "--scenario", "{file}", "colour=red"], "colour"),
    (["eval", "nosuch", "--scenario", "{file}"], "calculator 'nosuch'"),
    (["eval", "pageset_encryption", "--scenario", "{file}", "--pset-report", "{file}"],
     "--scenario and --pset-report cannot go together"),
    (["--scenario", "{file}", "list"], "--scenario goes with eval or tui, not list"),
    (["--scenario", "{file}", "build"], "--scenario goes with eval or tui, not build"),
    (["eval", "--scenario", "{file}.missing"], "scenario {file}.missing: cannot be read"),
    (["eval", "connect", "--json", "--frobnicate"], "--frobnicate"),
]


@pytest.mark.parametrize(("arguments", "said"), BAD_SCENARIO_USE,
                         ids=[" ".join(a) for a, _ in BAD_SCENARIO_USE])
def test_scenario_misuse_exits_2_with_one_line(scenario_file, arguments, said):
    status, out, err = run_main(*(a.format(file=scenario_file) for a in arguments))
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and said.format(file=scenario_file) in err, err


@pytest.mark.parametrize(("text", "words", "kind"), BAD_FILES, ids=[t for t, _, _ in BAD_FILES])
@pytest.mark.parametrize("door", ["eval", "tui", "top"])
def test_a_bad_scenario_file_exits_2_naming_the_file_and_key(tmp_path, monkeypatch, text,
                                                              words, kind, door):
    started = []
    monkeypatch.setattr("calc.cli.cmd_tui.run_app", lambda *a: started.append(a))
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    arguments = {"eval": ["eval", "--scenario", path], "tui": ["tui", "--scenario", path],
                 "top": ["--scenario", path]}[door]
    status, out, err = run_main(*arguments)
    assert status == 2 and out == "" and started == []
    [line] = err.splitlines()
    assert line.startswith(f"mqcalc: scenario {path}: ")
    assert all(word in line for word in words), line


@pytest.mark.parametrize("arguments", [["--scenario"], ["tui", "--scenario"]])
def test_the_terminal_calculator_starts_with_the_scenario(scenario_file, monkeypatch,
                                                          arguments):
    started = []
    monkeypatch.setattr("calc.cli.cmd_tui.run_app", lambda *a: started.append(a))
    status, _, err = run_main(*arguments, scenario_file)
    assert status == 0, err
    [(scenario, plan)] = started
    assert plan is None
    assert isinstance(scenario, Scenario) and scenario == load_scenario(scenario_file)
    assert scenario.current == "connect" and scenario.inputs["adapters"]["processors"] == 8


def test_the_terminal_calculator_without_a_scenario_starts_as_before(monkeypatch):
    started = []
    monkeypatch.setattr("calc.cli.cmd_tui.run_app", lambda *a: started.append(a))
    assert run_main()[0] == 0 and run_main("tui")[0] == 0
    assert started == [(None, None), (None, None)]


def test_the_terminal_calculator_starts_with_a_plan(monkeypatch):
    started = []
    monkeypatch.setattr("calc.cli.cmd_tui.run_app", lambda *a: started.append(a))
    sample = REPO / "examples" / "z16_encryption_ams.yaml"
    assert run_main("tui", "--plan", str(sample))[0] == 0
    assert started == [(None, (sample, load_plan(sample)))]


def test_help_describes_the_scenario_options():
    for arguments in (["--help"], ["eval", "--help"], ["tui", "--help"]):
        completed = mqcalc(*arguments)
        assert completed.returncode == 0 and "--scenario FILE" in completed.stdout
        assert "scenario file" in completed.stdout


YAML_SURPRISES = ["0x10", "010", "0o10", "0b1", "1_000", "1:30", ".inf", "-.inf", ".nan", "1e309",
                  "on", "off", "y", "n", "yes", "no", "~", "2024-01-01", "!!int 0x10", "&a 1",
                  "'1'", '"on"', "[1]", "{a: 1}", "=1+1", "-", "1e3", "12.", "+7", "-0"]


def _hostile_yaml(spec) -> st.SearchStrategy[str]:
    """A value as a person might type it after ``input:`` in a scenario file: YAML 1.1's
    surprises, the input's hostile edges written out, and arbitrary one-line text."""
    edges = [value if isinstance(value, str) else json.dumps(value) if value is not None
             else "" for value in hostile_edges(spec)
             if not isinstance(value, float) or value == value]
    return st.one_of(st.sampled_from(YAML_SURPRISES + edges),
                     st.text(st.characters(blacklist_categories=("Cs",),
                                           blacklist_characters="\n\r"), max_size=12))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), calculator=st.sampled_from(CALCULATORS))
def test_a_hostile_value_in_a_scenario_file_is_read_as_the_gate_reads_it_or_refused(
        tmp_path_factory, data, calculator):
    """Whatever follows ``input:`` in a file, eval --scenario either evaluates the value the
    gate makes of it (the command line's reading, when the file holds text) or exits 2 with
    one line naming the file; never a traceback, never a YAML 1.1 number nobody meant."""
    spec = data.draw(st.sampled_from(list(calculator.inputs.values())))
    written = data.draw(_hostile_yaml(spec))
    path = tmp_path_factory.mktemp("hostile") / "s.yaml"
    path.write_text(f"mqcalc_scenario: 1\ncalculators:\n  {calculator.id}:\n"
                    f"    {spec.id}: {written}\n", encoding="utf-8")
    status, out, err = run_main("eval", "--scenario", path, "--json")
    try:
        loaded = load_scenario(path).inputs[calculator.id][spec.id]
    except calc.MqcalcError as error:
        shown = printable(f"mqcalc: {error}")  # a character that does not print, escaped
        assert status == 2 and out == "" and err == shown + "\n"
        assert str(error).startswith(f"scenario {path}: ") and "\n" not in str(error)
        if isinstance(error, calc.InputError):  # at the value's line; a rule between inputs
            line = 4 if error.name == spec.id else 3  # naming one not in the file: its block's
            assert str(error).startswith(f"scenario {path}: line {line}: {calculator.id}: input ")
        return
    assert status == 0, err
    plain = written.strip()
    if plain and plain[0].isalpha() and plain not in ("true", "false", "True", "False"):
        assert loaded == calc.validate(calculator.id, spelling.inputs(
            calculator, {spec.id: plain}))[spec.id]
    for surprise in ("0x", "0o", "0b", "_", ":", ".inf", ".nan"):
        assert surprise not in plain.lower() or spec.type == "choice", (written, loaded)


def test_list_json_says_where_each_calculator_was_measured():
    listed = {c["id"]: c for c in json.loads(mqcalc("list", "--json").stdout)["calculators"]}
    assert listed["connect"]["measured_on"].startswith("z14 LPAR with 3 dedicated processors")
    assert listed["dse_support"]["measured_on"] == ""  # a support statement, nothing measured
    assert "measured on: z14 LPAR" in mqcalc("eval", "connect").stdout


def test_the_worked_example_on_a_z16():
    """760 µs measured on a 3-CP z14 (001_88807c0b1590429f.txt) is 760 / (1.13 x 1.09) on a
    3-CP z16 at average RNI: z15 over z14 "+13%" (mqperf_MQ_for_zOS_on_z15.txt, page 6),
    z16 over z15 the 3-CP row's lower end, "+9%" (mqperf_MQ_for_zOS_on_z16.txt, page 7; page
    21: MQ's results were in line with the lower end); the range reaches no z16 gain,
    760 / 1.13, and the text shows it beside the figure."""
    completed = mqcalc("eval", "connect", "machine=z16", "workload_rni=average",
                       "processors=3", "--json")
    shown = json.loads(completed.stdout)
    outputs = shown["outputs"]
    assert outputs["cpu_scale"] == pytest.approx(1 / (1.13 * 1.09), rel=1e-12)
    assert outputs["connect_cpu_us"] == pytest.approx(760 / (1.13 * 1.09), rel=1e-12)
    assert round(outputs["connect_cpu_us"]) == 617
    assert shown["ranges"]["connect_cpu_us"]["high"] == pytest.approx(760 / 1.13, rel=1e-12)
    text = mqcalc("eval", "connect", "machine=z16").stdout
    assert re.search(r"^  Cost per connect +617\.0 \(617\.0–672\.6\) CPU µs", text, re.M)


def test_an_input_range_on_the_command_line():
    """connects_per_sec=800..1200 at 760 µs a connect: 0.6080 to 0.9120 CPU s/s, likely 0.76;
    a range the wrong way round is one line, exit 2, naming the input and what it accepts."""
    text = mqcalc("eval", "connect", "connects_per_sec=800..1200").stdout
    assert re.search(r"^  Total CPU busy +0\.7600 \(0\.6080–0\.9120\) CPU s/s", text, re.M)
    refused = mqcalc("eval", "connect", "connects_per_sec=1200..800")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == ("mqcalc: connect: input connects_per_sec='1200..800': expects a "
                              "range low..high or low..likely..high, low below high, each a "
                              "number from 0 to 1,000,000\n")


@pytest.mark.parametrize("argv", [["evl", "connect"], ["--scenario", "eval", "connect"]])
def test_a_command_line_not_starting_with_a_command_is_parsed_with_every_command(argv, capsys):
    """A line that starts with a command's name is parsed with that command alone
    (:mod:`calc.cli.parser`); any other line with them all, so a misspelt command's
    refusal lists every command, even when a command's name comes later."""
    assert main(argv) == 2
    error = capsys.readouterr().err
    if argv[0] == "evl":
        assert error.startswith("mqcalc: argument command: invalid choice: 'evl' (choose from "
                                "'list', 'eval', 'sweep', 'build', 'plan', 'report', 'smf', 'tui')")
    else:
        assert "invalid choice: 'connect' (choose from 'list', 'eval', 'sweep'" in error


@pytest.mark.parametrize("command", ["list", "eval", "sweep", "build", "plan", "smf", "tui"])
def test_each_commands_help_is_made_when_the_line_starts_with_it(command, capsys):
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: mqcalc {command} ")


def test_smf_values_are_never_written_in_exponent_form():
    """A dispatcher busy of 0.0000269594 % read 2.69594e-05 %: every figure mqcalc smf
    prints is fixed-point (the sample's smallest are millionths of a CPU second)."""
    out = mqcalc("smf", "tests/fixtures/smf/mq10-sample").stdout
    assert "0.0000269594 %" in out
    assert not re.search(r"\de[-+]\d", out)
