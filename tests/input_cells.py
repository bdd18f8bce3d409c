"""What a test types into a workbook's input cells for a set of the engine's inputs: each
value as the cell holds it (:func:`calc.workbook.input_state.cell_value`: a switch's yes or
no), any value the engine would refuse as it is."""
from __future__ import annotations

from calc.core.model import Calculator
from calc.workbook.input_state import cell_value


def cell_values(calculator: Calculator, inputs: dict) -> dict:
    """``inputs`` (by name) as their cells hold them: a switch's True or False as yes or no,
    every other value unchanged."""
    return {name: typed_value(calculator, name, value) for name, value in inputs.items()}


def typed_value(calculator: Calculator, name: str, value: object) -> object:
    """One input's ``value`` as its cell holds it (a value not the engine's own True or
    False in a switch, e.g. a refused one, as it is)."""
    spec = calculator.inputs[name]
    return cell_value(spec, value) if isinstance(value, bool) or spec.type != "bool" else value
