"""The mqcalc command as a user types it: listing, evaluation, and one-line refusals."""
from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.cli import main
from tests.conftest import CALCULATORS, REPO

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
                        "default": 10, "unit": "conversations", "help": sharecnv["help"]}
    assert sharecnv["help"]
    listener = next(i for i in connect["inputs"] if i["id"] == "listener")
    assert listener["choices"] == ["local", "shared"] and listener["type"] == "choice"
    assert all(o["unit"] for o in connect["outputs"])  # connect's outputs are all numbers
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
                       "blocked_per_sec=10", "block_method=maxinst", "--json")
    outputs = json.loads(completed.stdout)["outputs"]
    assert outputs["connect_cpu_us"] == 1350 and outputs["blocked_cpu_us"] == 850
    assert outputs["cpu_seconds_per_sec"] == pytest.approx((50 * 1350 + 10 * 850) / 1e6)
    assert outputs["db2_cpu_us"] == pytest.approx(181 * 1350 / 1100)


def test_eval_readable_output_has_units():
    completed = mqcalc("eval", "connect")
    assert completed.returncode == 0
    assert "590 CPU µs" in completed.stdout and "CPU s/s" in completed.stdout


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
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["eval", "connect", f"{name}={value}", "--json"])
    if status == 0:
        answer = json.loads(out.getvalue())
        assert answer["inputs"][name] == calc.validate("connect", {name: value})[name]
    else:
        assert status == 2 and name in err.getvalue() and len(err.getvalue().splitlines()) == 1


def test_build_writes_every_workbook(tmp_path):
    completed = mqcalc("build", "--out", str(tmp_path))
    assert completed.returncode == 0, completed.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{c.id}.xlsx" for c in CALCULATORS] + ["mqzcalc.xlsx"])
