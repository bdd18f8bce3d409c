"""The catalogue of calculators and evaluation: the engine's public face.

Templates are read from ``templates/`` beside the ``calc`` package (or the folder named by
the ``MQZCALC_TEMPLATES`` environment variable), loaded, checked and compiled once per
process.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .compiler import Compiled, compile_calculator
from .errors import CalculationError, InputError, MqcalcError
from .loader import load
from .model import Calculator
from .values import coerce


def templates_dir() -> Path:
    """Where the calculator templates live."""
    configured = os.environ.get("MQZCALC_TEMPLATES")
    return Path(configured) if configured else Path(__file__).resolve().parent.parent / "templates"


@cache
def _compiled() -> dict[str, Compiled]:
    folder = templates_dir()
    paths = sorted(folder.glob("*.yaml"))
    if not paths:
        raise MqcalcError(f"no calculator templates found in {folder}")
    return {compiled.calculator.id: compiled
            for compiled in (compile_calculator(load(path)) for path in paths)}


def catalogue() -> list[Calculator]:
    """Every calculator, in the order of their template file names."""
    return [compiled.calculator for compiled in _compiled().values()]


def calculator(calculator_id: str) -> Calculator:
    """The calculator with this id, or an InputError listing the known ids."""
    return _compiled_for(calculator_id).calculator


def _compiled_for(calculator_id: str) -> Compiled:
    compiled = _compiled().get(calculator_id)
    if compiled is None:
        raise MqcalcError(f"calculator {calculator_id!r}: expects one of "
                          + ", ".join(_compiled()))
    return compiled


@dataclass(frozen=True)
class Result:
    """One evaluation: the inputs as used (defaults filled in), outputs and applying notes."""

    calculator: str
    inputs: dict
    outputs: dict
    notes: list[str]

    def as_json(self) -> dict:
        return {"calculator": self.calculator, "inputs": self.inputs,
                "outputs": self.outputs, "notes": self.notes}


def validate(calculator_id: str, inputs: dict) -> dict:
    """Every input of the calculator, checked and typed; missing ones take their default.
    Then the rules between inputs (the template's ``checks``), naming the first input a
    broken rule reads and the values of the others."""
    compiled = _compiled_for(calculator_id)
    spec = compiled.calculator
    for name in inputs:
        if name not in spec.inputs:
            raise InputError(calculator_id, name, inputs[name],
                             "an input of this calculator: " + ", ".join(spec.inputs))
    values = {name: coerce(input_spec, inputs.get(name, input_spec.default), calculator_id)
              for name, input_spec in spec.inputs.items()}
    index = compiled.broken(**values)
    if index >= 0:
        check = spec.checks[index]
        first, *others = check.names
        context = ", ".join(f"{name}={values[name]}" for name in others)
        raise InputError(calculator_id, first, values[first],
                         check.message + (f" (here {context})" if context else ""))
    return values


def run(calculator_id: str, inputs: dict) -> Result:
    """Validate ``inputs`` and evaluate every output and note condition."""
    compiled = _compiled_for(calculator_id)
    values = validate(calculator_id, inputs)
    outputs, flags = compiled(values)
    notes = [note.text for note, applies in zip(compiled.calculator.notes, flags) if applies]
    return Result(calculator_id, values, outputs, notes)


def evaluate(calculator_id: str, inputs: dict) -> dict:
    """Outputs of ``calculator_id`` for ``inputs`` (missing inputs take their defaults)."""
    return run(calculator_id, inputs).outputs


def sweep(calculator_id: str, values: dict, name: str, points) -> list[dict | None]:
    """The outputs for ``values`` (every input, as :func:`validate` returns them) with the
    input ``name`` set to each of ``points`` in turn; None for a point that breaks a rule
    between inputs or where a formula cannot be computed. A point outside the input's own
    domain is an InputError, as anywhere else."""
    compiled = _compiled_for(calculator_id)
    spec = compiled.calculator.inputs.get(name)
    if spec is None:
        raise InputError(calculator_id, name, None,
                         "an input of this calculator: " + ", ".join(compiled.calculator.inputs))
    swept = []
    for point in points:
        at = {**values, name: coerce(spec, point, calculator_id)}
        if compiled.broken(**at) >= 0:
            swept.append(None)
            continue
        try:
            swept.append(compiled(at)[0])
        except CalculationError:
            swept.append(None)
    return swept
