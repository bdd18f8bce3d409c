"""Scenario files: the inputs of one or more calculators, kept in a YAML file to evaluate
again (``mqcalc eval --scenario FILE``) or to open in the terminal calculator
(``mqcalc --scenario FILE``).

The format, version 1::

    mqcalc_scenario: 1          # the format version (required)
    current: connect            # the calculator the app showed when saved (optional)
    calculators:                # calculator id -> its inputs (at least one calculator)
      connect:
        sharecnv: 0
        tls: true
      adapters: {}              # inputs left out take their defaults

Every value goes through the engine's gate (:func:`calc.engine.validate`, rules between
inputs included), so a file is refused with the engine's own words, after
``scenario FILE: line N:`` (the line of the key at fault, where the file has one). The file
is read by :mod:`calc.files.yaml_reading`: ``0x10``, ``010``, ``on`` and the like stay text, so
the gate refuses them rather than reading a number or a switch nobody meant. Saving writes
every input of every calculator, in catalogue order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from calc import engine
from calc.core import spelling
from calc.core.errors import InputError, MqcalcError, shown
from calc.core.formatting import plain_number
from calc.core.yaml_document import Document
from calc.files.writing import replace_atomically
from calc.files.yaml_writing import yaml_text
from calc.inputs.file_inputs import (ScenarioError, at_line, bits_as_text, calculator_ids, kind,
                                     read_document, typed_names)

SCHEMA_VERSION = 1
"""The format version this mqcalc writes, and the newest it reads."""
VERSION_KEY = "mqcalc_scenario"
KEYS = (VERSION_KEY, "current", "calculators")
HEADER = """\
# mqcalc scenario: inputs for mqzcalc's calculators (IBM MQ for z/OS capacity and cost).
# Evaluate every calculator in it:    mqcalc eval --scenario FILE [--json]
# Evaluate one, changing inputs:      mqcalc eval CALC --scenario FILE [ID=VALUE ...]
# Open it in the terminal calculator: mqcalc --scenario FILE
# An input left out takes its default; mqcalc list shows every input and what it accepts.
"""


@dataclass(frozen=True)
class Scenario:
    """Inputs for one or more calculators, as a scenario file holds them."""

    inputs: dict[str, dict]
    """Calculator id -> its inputs. As loaded: validated and typed, every input of the
    calculator (defaults filled in), calculators in catalogue order."""
    current: str | None = None
    """The calculator the terminal calculator showed when saved (one of ``inputs``), or None."""
    given: dict[str, frozenset[str]] | None = field(default=None, compare=False)
    """Calculator id -> the inputs the file gives (the others are defaults, which an
    evaluation marks assumed); None: every input is given. Two scenarios of the same
    inputs are equal whoever gave them."""
    ranges: dict[str, dict[str, str]] = field(default_factory=dict)
    """Calculator id -> its inputs given as ranges, each as written (``800..1200``);
    ``inputs`` holds their likely values (see Low, likely and high in the README)."""

    def run_inputs(self, calculator_id: str) -> dict:
        """The inputs of ``calculator_id`` as :func:`calc.engine.run` takes them: each given
        as a range as its text, so the results have its ranges."""
        return {**self.inputs[calculator_id], **self.ranges.get(calculator_id, {})}

    def given_names(self, calculator_id: str) -> frozenset[str]:
        """The inputs of ``calculator_id`` the scenario gives."""
        if self.given is None:
            return frozenset(self.inputs[calculator_id])
        return self.given[calculator_id]


def load_scenario(path: Path) -> Scenario:
    """Read and check the scenario file ``path``; every problem is a one-line MqcalcError
    (an InputError where an input is at fault) starting ``scenario PATH:``."""
    where = f"scenario {path}"
    source = read_document(where, path)
    document = source.data
    if not isinstance(document, dict):
        raise ScenarioError(where, f"expects a mapping with keys {', '.join(KEYS)}, "
                                   f"not {kind(document)}")
    _check_version(document, where, source)
    unknown = [key for key in document if key not in KEYS]
    if unknown:
        raise ScenarioError(at_line(where, source.line(str(unknown[0]))),
                            f"{unknown[0]}: unknown key (known: {', '.join(KEYS)})")
    if "calculators" not in document:
        raise ScenarioError(where, "calculators: is required (calculator id -> its inputs)")
    return _checked(document["calculators"], document.get("current"), where, source)


def scenario_text(scenario: Scenario) -> str:
    """The scenario file for ``scenario``: a comment header, then every input of each
    calculator written out (checked first, like a loaded file)."""
    return _text(scenario, "scenario")


def save_scenario(path: Path, scenario: Scenario) -> Path:
    """Check ``scenario`` and write it to ``path`` whole or not at all; return ``path``."""
    text = _text(scenario, f"scenario {path}")
    return replace_atomically(Path(path), lambda temporary: temporary.write_text(
        text, encoding="utf-8"))


def _text(scenario: Scenario, where: str) -> str:
    checked = _checked({name: scenario.run_inputs(name) for name in scenario.inputs},
                       scenario.current, where)
    document: dict = {VERSION_KEY: SCHEMA_VERSION}
    if checked.current is not None:
        document["current"] = checked.current
    given = checked if scenario.given is None else scenario
    document["calculators"] = {name: {key: plain_number(value) for key, value in
                                      checked.run_inputs(name).items()
                                      if key in given.given_names(name)}
                               for name in checked.inputs}
    return HEADER + "\n" + yaml_text(document)


PLAN_VERSION_KEY = "mqcalc_plan"
"""What heads a plan file (:data:`calc.inputs.plan.VERSION_KEY`), named here so that a plan given
where a scenario is expected is told apart from a file that is neither."""


def _check_version(document: dict, where: str, source: Document) -> None:
    if VERSION_KEY not in document and PLAN_VERSION_KEY in document:
        raise ScenarioError(where, f"is a plan file ({PLAN_VERSION_KEY}), not a scenario: "
                                   f"mqcalc plan FILE evaluates it and mqcalc tui --plan FILE "
                                   f"opens it")
    if VERSION_KEY not in document:
        raise ScenarioError(where, f"{VERSION_KEY}: is required (the format version, "
                                   f"{SCHEMA_VERSION}); is this a scenario file?")
    version = document[VERSION_KEY]
    where = at_line(where, source.line(VERSION_KEY))
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ScenarioError(where, f"{VERSION_KEY}: expects the format version, a whole "
                                   f"number from 1 to {SCHEMA_VERSION}, not {shown(version)}")
    if version > SCHEMA_VERSION:
        raise ScenarioError(where, f"{VERSION_KEY}: version {version} was written by a newer "
                                   f"mqcalc (this one reads up to version {SCHEMA_VERSION})")


def _checked(calculators: object, current: object, where: str,
             source: Document | None = None) -> Scenario:
    """The scenario with each calculator's inputs validated, in catalogue order; problems
    name the line ``source`` (the file read, if any) gives their key."""
    def at(key: str) -> str:
        return at_line(where, source.line(key) if source else None)

    if calculators is None or calculators == {}:
        raise ScenarioError(at("calculators"), "calculators: is empty (expects at least one "
                                               "calculator id with its inputs)")
    if not isinstance(calculators, dict):
        raise ScenarioError(at("calculators"), f"calculators: expects a mapping of calculator "
                                               f"id to its inputs, not {kind(calculators)}")
    typed = calculator_ids(calculators, at)
    inputs, named, ranges = {}, {}, {}
    for calculator_id, typed_id in typed.items():
        key = f"calculators.{typed_id}"
        given = calculators[typed_id]
        given = {} if given is None else given
        if not isinstance(given, dict):
            raise ScenarioError(at(key), f"calculators.{calculator_id}: expects a mapping of "
                                         f"input id to value, not {kind(given)}")
        names = typed_names(calculator_id, given)
        named[calculator_id] = frozenset(names)
        try:
            likely, written = engine.ranged(calculator_id, bits_as_text(
                calculator_id, spelling.inputs(engine.calculator(calculator_id), given)))
            inputs[calculator_id] = engine.validate(calculator_id, likely)
            if written:
                ranges[calculator_id] = written
        except InputError as error:
            raise error.at(at(f"{key}.{names.get(error.name, error.name)}")) from None
        except MqcalcError as error:
            raise ScenarioError(at(key), str(error)) from None
    if isinstance(current, str):
        current = spelling.calculator_id(current, inputs)
    if current is not None and not (isinstance(current, str) and current in inputs):
        raise ScenarioError(at("current"), f"current: {shown(current)} is not one of the "
                                           f"scenario's calculators ({', '.join(inputs)})")
    return Scenario(inputs, current, named, ranges)
