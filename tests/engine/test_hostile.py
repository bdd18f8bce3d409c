"""Hostile values through the Python API and the command line, for every input of every
calculator in the catalogue (a new calculator is covered without new test code): each is
either taken, giving finite figures of the declared types, or refused naming the input, the
value and what it accepts; never another exception, a traceback or another exit status."""
from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.errors import shown
from calc.core.model import BOOL, NUMBER, TEXT
from tests.cli.test_cli import run_main
from tests.conftest import CALCULATORS, REPO
from tests.strategies import hostile_values

SPECS = [(calculator.id, spec) for calculator in CALCULATORS
         for spec in calculator.inputs.values()]
SPEC_IDS = [f"{c}.{s.id}" for c, s in SPECS]

HOSTILE_TEXTS = ["", " ", "nan", "NaN", "inf", "-inf", "1e309", "-1e309", "-0", "0x10", "0b1",
                 "010", "1_000", "\u0663", "\uff13", "1e3", "1.5", "+5", "-1", "9" * 5000,
                 "1" + "0" * 400, "1e-400", "\x00", "1\x1b[2J", "1\n2", "\t7\t", "=1+1",
                 "@SUM(A1)", "+1+1", "true", "yes"]
"""What a shell can pass as a value: blanks, IEEE specials, overflow, forms Python's parsers
take but a user did not mean (hex, underscores, non-ASCII digits), control characters,
spreadsheet formulas, a number too long for int()."""

KINDS = {NUMBER: (int, float), BOOL: (bool,), TEXT: (str,)}


def texts_for(spec) -> list[str]:
    """:data:`HOSTILE_TEXTS`, and for a choice its choices in other case and an unknown one."""
    return [*HOSTILE_TEXTS, *(choice.upper() for choice in spec.choices),
            *(choice.title() for choice in spec.choices), "no_such_choice"]


def assert_sound(calculator_id: str, outputs: dict) -> None:
    """Every output is of its declared type, and a number is finite."""
    declared = calc.calculator(calculator_id).outputs
    for name, value in outputs.items():
        kind = declared[name].value_type
        assert isinstance(value, KINDS[kind]), (name, value)
        assert kind == BOOL or not isinstance(value, bool), (name, value)
        if kind == NUMBER:
            assert math.isfinite(value), (name, value)


def assert_refusal_names(error: calc.InputError, spec) -> None:
    """An InputError names the input, the value given and what the input accepts; or, for
    a value in the domain that breaks a rule between inputs, the rule's message."""
    message = str(error)
    assert f"input {error.name}=" in message and error.accepts in message
    if error.name == spec.id and error.accepts == spec.accepts():
        assert message.endswith(f"expects {spec.accepts()}")


@settings(max_examples=40, deadline=None)
@pytest.mark.parametrize("calculator_id,spec", SPECS, ids=SPEC_IDS)
@given(data=st.data())
def test_the_api_takes_or_refuses_any_value(calculator_id, spec, data):
    value = data.draw(hostile_values(spec))
    for door in (calc.evaluate, calc.run, calc.validate):
        try:
            answer = door(calculator_id, {spec.id: value})
        except calc.InputError as error:
            assert_refusal_names(error, spec)
        except calc.CalculationError as error:  # a formula that cannot be computed: named
            assert str(error).startswith(f"{calculator_id}: ") and "cannot be computed" in str(
                error)
        else:
            if door is calc.evaluate:
                assert_sound(calculator_id, answer)
            elif door is calc.run:
                assert_sound(calculator_id, answer.outputs)


def assert_answered(status: int, out: str, err: str, *named: str) -> None:
    """Exit 0 with results, or exit 2 with one line ``mqcalc: ...`` naming each of
    ``named``."""
    assert status in (0, 2), (status, err)
    if status == 0:
        assert out and err == ""
        return
    assert out == "" and err.startswith("mqcalc: ") and err.count("\n") == 1, err
    for name in named:
        assert name in err, (name, err)


@pytest.mark.parametrize("calculator_id,spec", SPECS, ids=SPEC_IDS)
def test_eval_answers_any_text_the_shell_passes(calculator_id, spec):
    for text in texts_for(spec):
        status, out, err = run_main("eval", calculator_id, f"{spec.id}={text}", "--json")
        assert_answered(status, out, err, spec.id)  # a broken rule may name another first
        if status == 2 and f"input {spec.id}=" in err and "expects " + spec.accepts() in err:
            echo = f"={shown(text)}"
            assert echo in err or echo.encode("unicode_escape").decode() in err


@pytest.mark.parametrize("calculator_id,spec", SPECS, ids=SPEC_IDS)
def test_sweep_answers_any_text_to_vary_or_fix(calculator_id, spec):
    other = next(s for s in calc.calculator(calculator_id).inputs.values() if s.id != spec.id)
    fixed_other = f"{other.id}={other.default if other.type != 'bool' else 'yes'}"
    for text in [*texts_for(spec), "1:", "1:2:0", "2:1:1", "nan:1:1", "1:inf:1", "0:1e309:1",
                 "1,,2", "1:1e300:1e-300"]:
        assert_answered(*run_main("sweep", calculator_id, "--vary", f"{spec.id}={text}"), spec.id)
        assert_answered(*run_main("sweep", calculator_id, f"{spec.id}={text}", "--vary",
                             fixed_other), spec.id)


@pytest.mark.parametrize("arguments,named", [
    (["eval", "connect", "sharecnv"], "'sharecnv' has no '='"),
    (["eval", "connect", "no_such_input=1"], "input no_such_input='1'"),
    (["eval", "connect", "sharecnv=1", "sharecnv=2"], "input sharecnv='2'"),
    (["eval", "no_such_calculator"], "'no_such_calculator'"),
    (["sweep", "connect", "--vary", "no_such_input=1,2"], "no_such_input"),
    (["sweep", "connect", "--vary", "sharecnv"], "sharecnv"),
], ids=["no =", "unknown input", "given twice", "unknown calculator", "vary unknown",
        "vary no ="])
def test_misused_assignments_are_named(arguments, named):
    assert_answered(*run_main(*arguments), named)
    assert run_main(*arguments)[0] == 2


@pytest.mark.parametrize("text", ["9" * 5000, "\u0663", "=1+1", "1\x1b[2J", "nan"],
                         ids=["5000 digits", "arabic-indic digit", "formula", "escape", "nan"])
def test_a_real_process_refuses_in_one_line(text):
    completed = subprocess.run([sys.executable, "-m", "calc", "eval", "connect",
                                f"sharecnv={text}"], capture_output=True, text=True, cwd=REPO,
                               timeout=120)
    assert completed.returncode == 2 and completed.stdout == ""
    [line] = completed.stderr.splitlines()
    assert line.startswith("mqcalc: connect: input sharecnv=") and "Traceback" not in line
    assert line.endswith("expects a whole number from 0 to 999")


def test_minus_zero_typed_is_plain_zero():
    status, out, err = run_main("eval", "connect", "connects_per_sec=-0")
    assert status == 0 and "-0" not in out
    assert math.copysign(1, calc.validate("connect", {"connects_per_sec": "-0.0"})[
        "connects_per_sec"]) == 1


def test_a_whole_number_too_long_for_int_is_refused_naming_the_input():
    spec = calc.calculator("connect").inputs["sharecnv"]
    for doors in (calc.evaluate, calc.run, calc.validate):
        with pytest.raises(calc.InputError) as refused:
            doors("connect", {"sharecnv": "9" * 5000})
        assert refused.value.name == "sharecnv" and refused.value.accepts == spec.accepts()
