"""Scenario files: saved and loaded whole, every value through the engine's gate, every
refusal one line naming the file; and the atomic write every saved file goes through."""
from __future__ import annotations

import os
from itertools import product
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calc
from calc.core.errors import InputError, MqcalcError
from calc.core.formatting import format_value
from calc.files.writing import replace_atomically
from calc.inputs.file_inputs import ScenarioError
from calc.inputs.scenario import (HEADER, SCHEMA_VERSION, Scenario, load_scenario, save_scenario,
                                  scenario_text)
from tests.conftest import CALCULATOR_IDS, CALCULATORS
from tests.strategies import broken_checks, calculator_inputs, edges

WORKED = {"sharecnv": 0, "listener": "local", "tls": True, "suppress_x511_x512": True}
"""The connect source's worked example: 760 CPU µs a connect."""


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_hand_written_file_loads_with_defaults_filled_in(tmp_path):
    path = write(tmp_path, "mqcalc_scenario: 1\ncurrent: connect\ncalculators:\n"
                           "  connect:\n    sharecnv: 0\n    listener: local\n    tls: true\n"
                           "    suppress_x511_x512: yes\n  adapters:\n    processors: 8\n")
    scenario = load_scenario(path)
    assert scenario.current == "connect"
    assert list(scenario.inputs) == ["adapters", "connect"]  # catalogue order
    assert scenario.inputs["connect"] == calc.validate("connect", WORKED)
    assert scenario.inputs["connect"]["connects_per_sec"] == 100  # a default
    assert scenario.inputs["adapters"] == calc.validate("adapters", {"processors": 8})
    assert calc.evaluate("connect", scenario.inputs["connect"])["connect_cpu_us"] == 760


def test_a_calculator_with_nothing_listed_takes_every_default(tmp_path):
    path = write(tmp_path, "mqcalc_scenario: 1\ncalculators:\n  connect:\n  ams: {}\n")
    scenario = load_scenario(path)
    assert scenario.inputs == {"ams": calc.validate("ams", {}),
                               "connect": calc.validate("connect", {})}
    assert scenario.current is None


@pytest.mark.parametrize(("written", "meant"), [("true", True), ("yes", True), ("1", True),
                                                ("false", False), ("no", False), ("0", False)])
def test_a_boolean_takes_the_words_the_command_line_takes(tmp_path, written, meant):
    path = write(tmp_path, f"mqcalc_scenario: 1\ncalculators:\n  connect: {{tls: {written}}}\n")
    assert load_scenario(path).inputs["connect"]["tls"] is meant


def test_save_writes_the_header_and_every_input_given_typed(tmp_path):
    """Every input given is written, in the template's order; the ones left out stay
    defaults (marked assumed when the file is evaluated), not written as if given."""
    scenario = Scenario({"connect": calc.validate("connect", WORKED),
                         "adapters": {"processors": 8}}, current="connect")
    path = save_scenario(tmp_path / "saved.yaml", scenario)
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HEADER) and "mqcalc eval --scenario FILE" in text
    assert text == scenario_text(scenario)
    document = yaml.safe_load(text)
    assert list(document) == ["mqcalc_scenario", "current", "calculators"]
    assert document["mqcalc_scenario"] == SCHEMA_VERSION and document["current"] == "connect"
    assert list(document["calculators"]) == ["adapters", "connect"]
    connect = document["calculators"]["connect"]
    assert list(connect) == list(calc.calculator("connect").inputs)  # every input, in order
    assert connect["sharecnv"] == 0 and type(connect["sharecnv"]) is int
    assert connect["tls"] is True and connect["listener"] == "local"
    assert "    tls: true\n" in text and "    listener: local\n" in text
    assert list(document["calculators"]["adapters"]) == ["processors"]
    expected = {"adapters": calc.validate("adapters", {"processors": 8}),
                "connect": calc.validate("connect", WORKED)}
    loaded = load_scenario(path)
    assert loaded == Scenario(expected, current="connect")
    assert loaded.given_names("adapters") == {"processors"}
    assert loaded.given_names("connect") == set(calc.calculator("connect").inputs)


def test_save_without_current_leaves_the_key_out(tmp_path):
    path = save_scenario(tmp_path / "s.yaml", Scenario({"ams": {}}))
    assert "current" not in yaml.safe_load(path.read_text(encoding="utf-8"))
    assert load_scenario(path) == Scenario({"ams": calc.validate("ams", {})})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(data=st.data(), calculator=st.sampled_from(CALCULATORS))
def test_any_valid_inputs_come_back_the_same(tmp_path_factory, data, calculator):
    inputs = calc.validate(calculator.id, data.draw(calculator_inputs(calculator)))
    scenario = Scenario({calculator.id: inputs}, current=calculator.id)
    path = save_scenario(tmp_path_factory.mktemp("round") / "s.yaml", scenario)
    loaded = load_scenario(path)
    assert loaded == scenario
    assert {k: _kind(v) for k, v in loaded.inputs[calculator.id].items()} == \
        {k: _kind(v) for k, v in inputs.items()}


def _kind(value: object) -> type:
    """The type a value must keep through a file: a whole float is written as a whole
    number (100, not 100.0), so int and float count as one kind, apart from bool."""
    return float if type(value) is int else type(value)


def test_every_calculator_together_round_trips(tmp_path):
    scenario = Scenario({c: calc.validate(c, {}) for c in CALCULATOR_IDS},
                        current=CALCULATOR_IDS[-1])
    assert load_scenario(save_scenario(tmp_path / "all.yaml", scenario)) == scenario


HEAD = "mqcalc_scenario: 1\n"
INPUTS = HEAD + "calculators:\n  connect:\n    "
"""A file up to connect's first input, on line 4."""
BAD = [
    # (file text, words the one-line message must hold, error class)
    ("mqcalc_scenario: 1\ncalculators: [\n", ["not YAML", "line 3"], ScenarioError),
    ("mqcalc_scenario: 1\ncalculators:\n  connect: {sharecnv: 0\n", ["not YAML", "line"],
     ScenarioError),
    ("", ["expects a mapping", "nothing"], ScenarioError),
    ("- connect\n", ["expects a mapping", "a list"], ScenarioError),
    ("calculators:\n  connect: {}\n", ["mqcalc_scenario", "is required"], ScenarioError),
    ("mqcalc_scenario: one\ncalculators:\n  connect: {}\n", ["mqcalc_scenario", "'one'"],
     ScenarioError),
    ("mqcalc_scenario: 1.5\ncalculators:\n  connect: {}\n", ["mqcalc_scenario", "1.5"],
     ScenarioError),
    ("mqcalc_scenario: true\ncalculators:\n  connect: {}\n", ["mqcalc_scenario", "True"],
     ScenarioError),
    ("mqcalc_scenario: 2\ncalculators:\n  connect: {}\n",
     ["mqcalc_scenario", "written by a newer mqcalc"], ScenarioError),
    (HEAD + "calculators:\n  connect: {}\ncolour: red\n", ["colour", "unknown key"],
     ScenarioError),
    (HEAD, ["calculators", "is required"], ScenarioError),
    (HEAD + "calculators:\n", ["calculators", "empty"], ScenarioError),
    (HEAD + "calculators: {}\n", ["calculators", "empty"], ScenarioError),
    (HEAD + "calculators: [connect]\n", ["calculators", "a list"], ScenarioError),
    (HEAD + "calculators:\n  nosuch: {}\n", ["nosuch", "connect", "adapters"], ScenarioError),
    (HEAD + "calculators:\n  connect: 5\n", ["calculators.connect", "mapping"], ScenarioError),
    (HEAD + "calculators:\n  connect: [sharecnv]\n", ["calculators.connect", "a list"],
     ScenarioError),
    (HEAD + "calculators:\n  connect: {colour: red}\n", ["connect", "colour"], InputError),
    (HEAD + "calculators:\n  connect: {sharecnv: 1.5}\n", ["connect: input sharecnv=1.5",
                                                          "whole number"], InputError),
    (HEAD + "calculators:\n  connect: {sharecnv: 1000}\n", ["sharecnv=1000"], InputError),
    (HEAD + "calculators:\n  connect: {sharecnv: ten}\n", ["sharecnv='ten'"], InputError),
    (HEAD + "calculators:\n  connect: {sharecnv: }\n", ["sharecnv=None"], InputError),
    (HEAD + "calculators:\n  connect: {connects_per_sec: .nan}\n", ["connects_per_sec"],
     InputError),
    (HEAD + "calculators:\n  connect: {listener: remote}\n", ["listener", "local, shared"],
     InputError),
    (HEAD + "calculators:\n  connect: {tls: maybe}\n", ["tls='maybe'"], InputError),
    (HEAD + "calculators:\n  connect: {tls: 2}\n", ["tls=2", "yes or no"], InputError),
    (HEAD + "current: ams\ncalculators:\n  connect: {}\n", ["current", "'ams'", "connect"],
     ScenarioError),
    (HEAD + "current: [connect]\ncalculators:\n  connect: {}\n", ["current"], ScenarioError),
    # YAML 1.1's surprises stay text, for the gate to refuse in its own words, at their line
    *((f"{INPUTS}sharecnv: {text}\n", ["line 4", f"sharecnv='{text}'", "whole number"],
       InputError) for text in ("0x10", "0o10", "0b1", "1_000", "1:30", "+0x1f")),
    *((f"{INPUTS}connects_per_sec: {text}\n", ["line 4", f"connects_per_sec='{text}'"],
       InputError) for text in (".inf", "-.inf", ".NaN", "1e309", "-1e400", "1:30:00")),
    (f"{INPUTS}tls: 2024-01-01\n", ["line 4", "tls='2024-01-01'", "yes or no"], InputError),
    (f"{INPUTS}sharecnv: [1]\n", ["line 4", "sharecnv=[1]"], InputError),
    (f"{INPUTS}listener: 5\n", ["line 4", "listener=5", "local, shared"], InputError),
    (f"{INPUTS}tls: true\n    listener: shared\n    sharecnv: -1\n", ["line 6", "sharecnv=-1"],
     InputError),
    (HEAD + "current: 2024-01-01\ncalculators:\n  connect: {}\n",
     ["line 2", "current: '2024-01-01'"], ScenarioError),
    (HEAD + "mqcalc_scenario: 1\ncalculators:\n  connect: {}\n",
     ["line 2", "mqcalc_scenario", "given twice", "first on line 1"], ScenarioError),
    (f"{INPUTS}sharecnv: 0\n    sharecnv: 1\n", ["line 5", "sharecnv", "given twice"],
     ScenarioError),
    (HEAD + "calculators:\n  connect: &inputs {}\n  adapters: *inputs\n",
     ["line 4", "aliases"], ScenarioError),
    (f"{INPUTS}sharecnv: !!int 0x10\n", ["line 4", "tag !!int"], ScenarioError),
    (HEAD + "calculators: !!python/object/apply:os.system [echo]\n",
     ["line 2", "tag !!python/object/apply:os.system"], ScenarioError),
    (f"{INPUTS}sharecnv: {'[' * 100}{']' * 100}\n", ["line 4", "nested more than"],
     ScenarioError),
    (HEAD + "# " + "x" * (1 << 20) + "\n", ["larger than 1 MB"], ScenarioError),
    (f"{INPUTS}listener: \"a\0b\"\n", ["line 4", "character U+0000"], ScenarioError),
    (HEAD + "? [connect]\n: 1\n", ["line 2", "plain value"], ScenarioError),
    ("\x7fELF\x02\x01\x01\x00\x00\x00", ["character U+007F", "line 1"], ScenarioError),
    ("just some text\n", ["expects a mapping", "'just some text'"], ScenarioError),
    ("mqcalc_scenario: 0x1\ncalculators:\n  connect: {}\n", ["line 1", "not '0x1'"],
     ScenarioError),
    ("mqcalc_scenario: 99999999999999999999\ncalculators:\n  connect: {}\n",
     ["line 1", "written by a newer mqcalc"], ScenarioError),
    (HEAD + "calculators:\n  nosuch: {}\n", ["line 3", "'nosuch'"], ScenarioError),
    (HEAD + "calculators:\n  connect: {}\ncolour: red\n", ["line 4", "colour"], ScenarioError),
]


@pytest.mark.parametrize(("text", "words", "kind"), BAD, ids=[t for t, _, _ in BAD])
def test_a_bad_file_is_refused_in_one_line_naming_the_file(tmp_path, text, words, kind):
    path = write(tmp_path, text)
    with pytest.raises(kind) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert message.startswith(f"scenario {path}: ") and "\n" not in message
    for word in words:
        assert word in message, message


def test_a_broken_rule_between_inputs_is_the_engines_message(tmp_path):
    broken = next(c for c in CALCULATORS if c.checks)
    with pytest.raises(InputError) as from_engine:
        calc.validate(broken.id, _breaking(broken))
    path = write(tmp_path, yaml.safe_dump({"mqcalc_scenario": 1, "calculators": {
        broken.id: _breaking(broken)}}, sort_keys=False))
    with pytest.raises(InputError) as from_file:
        load_scenario(path)
    line = 4 + list(_breaking(broken)).index(from_engine.value.name)  # one input a line
    assert str(from_file.value) == f"scenario {path}: line {line}: {from_engine.value}"


def _breaking(calculator) -> dict:
    """Inputs of ``calculator`` that break one of its rules between inputs (found by search
    over the edges of each input's domain)."""
    specs = list(calculator.inputs.values())
    for values in product(*(edges(spec) for spec in specs)):
        inputs = dict(zip((spec.id for spec in specs), values))
        if broken_checks(calculator, inputs):
            return inputs
    raise AssertionError(f"no edge values break a rule of {calculator.id}")


def test_an_unreadable_file_is_refused(tmp_path):
    with pytest.raises(ScenarioError, match=r"^scenario .*missing\.yaml: cannot be read: No such"):
        load_scenario(tmp_path / "missing.yaml")
    with pytest.raises(ScenarioError, match="is a folder, not a regular file"):
        load_scenario(tmp_path)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"mqcalc_scenario: 1\n# caf\xe9\n")
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(latin)


def test_saving_refuses_what_loading_would_refuse(tmp_path):
    with pytest.raises(InputError, match=r"^scenario .*s\.yaml: connect: input sharecnv=1000"):
        save_scenario(tmp_path / "s.yaml", Scenario({"connect": {"sharecnv": 1000}}))
    with pytest.raises(ScenarioError, match="current: 'ams'"):
        save_scenario(tmp_path / "s.yaml", Scenario({"connect": {}}, current="ams"))
    with pytest.raises(ScenarioError, match="calculators: is empty"):
        scenario_text(Scenario({}))
    assert list(tmp_path.iterdir()) == []


# The atomic write every saved file goes through.

def test_a_failing_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = write(tmp_path, "the old text\n", "kept.yaml")

    def fail(temporary: Path) -> None:
        temporary.write_text("half of the new", encoding="utf-8")
        raise RuntimeError("the writer broke")

    with pytest.raises(RuntimeError, match="the writer broke"):
        replace_atomically(target, fail)
    assert target.read_text(encoding="utf-8") == "the old text\n"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.yaml"]


def test_a_write_failing_in_the_os_is_one_line_naming_the_file(tmp_path):
    target = tmp_path / "s.yaml"

    def full(temporary: Path) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(MqcalcError, match=f"^cannot write {target}: No space left on device$"):
        replace_atomically(target, full)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("target", "reason"), [("missing/s.yaml", "No such file or directory"),
                                                (".", "it is a folder (expects a file name)")])
def test_an_unwritable_target_is_one_line_naming_it(tmp_path, target, reason):
    path = tmp_path / target
    with pytest.raises(MqcalcError) as caught:
        save_scenario(path, Scenario({"connect": {}}))
    assert str(caught.value) == f"cannot write {path}: {reason}"
    assert [p.name for p in tmp_path.iterdir()] == []


def test_the_new_file_takes_its_mode_from_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        path = save_scenario(tmp_path / "s.yaml", Scenario({"connect": {}}))
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o640


def test_whole_numbers_are_written_as_a_person_would():
    text = scenario_text(Scenario({"connect": calc.validate("connect", {
        "connects_per_sec": "100", "blocked_per_sec": "2.5"})}))
    assert "    connects_per_sec: 100\n" in text and "    blocked_per_sec: 2.5\n" in text


@settings(max_examples=400, deadline=None)
@given(junk=st.binary(max_size=300) | st.text(max_size=300).map(str.encode)
       | st.sampled_from([b"\xef\xbb\xbfmqcalc_scenario: 1\n", b"\x00" * 8, b"\xff\xfe"
                          b"m\x00q\x00", b"%YAML 1.1\n---\na: 1\n", b"--- !!map\n", b"a: *b\n",
                          b"{[1]: 2}", b"? {a: 1}\n: 2\n", b"a: !!python/name:os.system\n"]))
def test_any_bytes_load_or_are_refused_in_one_line(tmp_path_factory, junk):
    path = tmp_path_factory.mktemp("junk") / "s.yaml"
    path.write_bytes(junk)
    try:
        load_scenario(path)
    except MqcalcError as error:
        assert str(error).startswith(f"scenario {path}: ") and "\n" not in str(error)


# One rule for a number at every door (issue 38): a file's number is judged by the text it
# is written as, as the command line judges what is typed.

def _scenario_refusal(tmp_path, calculator: str, name: str, written: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(f"mqcalc_scenario: 1\ncalculators:\n  {calculator}:\n    {name}: {written}\n",
                    encoding="utf-8")
    with pytest.raises(MqcalcError) as refused:
        load_scenario(path)
    return str(refused.value)


@pytest.mark.parametrize("written", ["1e-400", "0.99999999999999999999", "1.0", "1e2"])
def test_a_whole_number_input_takes_digits_from_a_file_as_from_the_command_line(
        tmp_path, written):
    """Before, the file gave SHARECNV 0, 1, 1 and 100 where the command line refused all
    four."""
    said = _scenario_refusal(tmp_path, "connect", "sharecnv", written)
    assert said.endswith(f"line 4: connect: input sharecnv={written}: expects a whole "
                         "number from 0 to 999")
    with pytest.raises(InputError) as typed:
        calc.validate("connect", {"sharecnv": written})
    assert typed.value.accepts == "a whole number from 0 to 999"


@pytest.mark.parametrize("written", ["1e-400", "-1e-400"])
def test_a_number_too_small_for_a_float_is_not_taken_as_zero(tmp_path, written):
    said = _scenario_refusal(tmp_path, "log_encryption", "log_mb_per_sec", written)
    assert said.endswith(f"input log_mb_per_sec={written}: expects a number from 0 to "
                         "100,000")
    with pytest.raises(InputError):
        calc.validate("log_encryption", {"log_mb_per_sec": written})
    assert calc.validate("log_encryption", {"log_mb_per_sec": "0e-400"})["log_mb_per_sec"] == 0


def test_a_negative_zero_is_zero_and_never_shows_as_minus_zero(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("mqcalc_scenario: 1\ncalculators:\n  log_encryption:\n"
                    "    log_mb_per_sec: -0.0\n", encoding="utf-8")
    value = load_scenario(path).inputs["log_encryption"]["log_mb_per_sec"]
    assert value == 0 and str(value) == "0.0"
    assert format_value(-0.0, 4) == format_value(-0.00001, 4) == "0.0000"
    assert format_value(-0.00005, 4) == "-0.0001"


@pytest.mark.parametrize(("switch", "meaning"), [("on", True), ("Off", False), ("YES", True)])
def test_a_file_takes_a_switch_as_on_or_off_and_digits_grouped_in_threes(tmp_path, switch,
                                                                         meaning):
    """The gate's words for a switch and its digit grouping hold in files too (YAML 1.1's
    on/off and 1,000 reach the gate as text)."""
    path = tmp_path / "s.yaml"
    path.write_text(f"{INPUTS}tls: {switch}\n    connects_per_sec: 1,000\n", encoding="utf-8")
    inputs = load_scenario(path).inputs["connect"]
    assert inputs["tls"] is meaning and inputs["connects_per_sec"] == 1000


def test_a_range_is_kept_as_written_and_evaluated_as_a_range(tmp_path):
    """A numeric input may be a range in a scenario file (Low, likely and high in the
    README): kept as written, its likely value among the inputs, and given back to the
    engine so the results have their ranges; saved again as written."""
    path = tmp_path / "ranged.yaml"
    path.write_text("mqcalc_scenario: 1\ncalculators:\n  connect:\n"
                    "    connects_per_sec: 800..1000..1200\n", encoding="utf-8")
    scenario = load_scenario(path)
    assert scenario.ranges == {"connect": {"connects_per_sec": "800..1000..1200"}}
    assert scenario.inputs["connect"]["connects_per_sec"] == 1000
    result = calc.run("connect", scenario.run_inputs("connect"))
    assert result.ranges["cpu_seconds_per_sec"] == pytest.approx((0.608, 0.912), rel=1e-12)
    again = tmp_path / "again.yaml"
    save_scenario(again, scenario)
    assert load_scenario(again) == scenario
