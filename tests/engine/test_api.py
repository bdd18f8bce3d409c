"""The Python API judges values exactly as the command line does."""
from __future__ import annotations

import math
from types import MappingProxyType

import pytest

import calc

REFUSED = [("sharecnv", math.nan), ("sharecnv", 1.5), ("sharecnv", True), ("sharecnv", "0x1"),
           ("sharecnv", None), ("connects_per_sec", math.inf), ("connects_per_sec", -0.001),
           ("connects_per_sec", float("1e309")), ("listener", "LOCAL"), ("tls", "maybe"),
           ("tls", 2), ("nosuch", 1)]


@pytest.mark.parametrize(("name", "value"), REFUSED, ids=[f"{n}={v!r}" for n, v in REFUSED])
def test_out_of_domain_values_are_refused_naming_the_input(name, value):
    with pytest.raises(calc.InputError) as refused:
        calc.evaluate("connect", {name: value})
    assert refused.value.name == name and f"input {name}=" in str(refused.value)


def test_missing_inputs_take_their_defaults():
    assert calc.evaluate("connect", {}) == calc.evaluate("connect", {"sharecnv": 0, "tls": True})


def test_whole_floats_are_accepted_for_whole_number_inputs():
    assert calc.evaluate("connect", {"sharecnv": 1.0})["connect_cpu_us"] == 840  # 590+380-130


def test_unknown_calculator_is_refused():
    with pytest.raises(calc.MqcalcError, match="expects one of .*connect"):
        calc.evaluate("nosuch", {})


@pytest.mark.parametrize("calculator_id", [["connect"], {"connect": 1}, 3, None],
                         ids=["list", "dict", "int", "None"])
@pytest.mark.parametrize("call", [calc.evaluate, calc.run, calc.validate])
def test_a_calculator_id_that_is_not_text_is_refused_in_one_line(call, calculator_id):
    """Unhashable ones too (a list, a dict), which no dictionary of calculators can even
    be asked about."""
    with pytest.raises(calc.MqcalcError, match="expects one of .*connect"):
        call(calculator_id, {})


@pytest.mark.parametrize("inputs", [None, [("tls", True)], "tls=yes", 3])
@pytest.mark.parametrize("call", [calc.evaluate, calc.run, calc.validate])
def test_inputs_that_are_not_a_mapping_are_refused_in_one_line(call, inputs):
    with pytest.raises(calc.MqcalcError, match=r"^connect: inputs .*: expects a mapping"):
        call("connect", inputs)


def test_any_mapping_of_inputs_is_accepted():
    assert calc.evaluate("connect", MappingProxyType({"tls": False}))["connect_cpu_us"] == 380
