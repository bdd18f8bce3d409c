"""Reading a sweep sheet back: each row's inputs, and what the sheet shows for them beside
what the engine gives for the same inputs."""
from __future__ import annotations

from calc.core.model import Calculator
from calc.engine import sweeps
from calc.workbook.input_state import NO, YES
from calc.workbook.sweep_sheet import FIRST, NAMES
from tests.compare import agrees

SWITCH = {YES: True, NO: False}
"""A switch's cell, read back as the engine's value."""


def columns(sheet) -> dict[str, str]:
    """Each input, output and ``problem`` id of a sweep sheet, by its column letter."""
    return {cell.value: cell.column_letter for cell in sheet[NAMES + 1] if cell.value}


def rows(sheet) -> range:
    """The spreadsheet row numbers (from 1) of the scenarios."""
    last = FIRST
    while sheet.cell(last + 1, 1).value is not None:
        last += 1
    return range(FIRST + 1, last + 1)


def typed(calculator: Calculator, sheet, row: int) -> dict:
    """The inputs of one row as the engine takes them: a switch's yes or no as True or
    False (anything else as it is, for the engine to refuse)."""
    where = columns(sheet)
    values = {name: sheet[f"{where[name]}{row}"].value for name in calculator.inputs}
    return {name: SWITCH.get(value, value) if calculator.inputs[name].type == "bool" else value
            for name, value in values.items()}


def expected(calculator: Calculator, inputs: dict) -> dict:
    """What a sweep row with ``inputs`` (each in its domain) must show, by column id: the
    engine's outputs, or empty outputs where a rule between inputs is broken; and the
    problem, the rule broken or empty."""
    [outcome] = sweeps.evaluate(calculator.id, [inputs])
    shown = dict.fromkeys(calculator.outputs, "") if outcome.outputs is None \
        else dict(outcome.outputs)
    shown["problem"] = outcome.problem
    return shown


def disagreements(calculator: Calculator, sheet, rel: float = 1e-9) -> list[str]:
    """Every cell of every row that differs from the engine for that row's inputs."""
    where = columns(sheet)
    found = []
    for row in rows(sheet):
        inputs = typed(calculator, sheet, row)
        for name, value in expected(calculator, inputs).items():
            shown = sheet[f"{where[name]}{row}"].value
            if not agrees(value, shown, rel):
                found.append(f"row {row} {inputs}: {name} shows {shown!r}, engine {value!r}")
    return found
