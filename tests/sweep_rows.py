"""Reading a sweep sheet back: each row's inputs, and what the sheet shows for them beside
what the engine gives for the same inputs."""
from __future__ import annotations

from calc import engine
from calc.core.model import Calculator
from calc.core.names import range_name, sweep_sheet
from calc.engine import sweeps
from calc.workbook.input_state import NO, YES
from calc.workbook.sweep_sheet import FIRST, NAMES
from tests.compare import agrees
from tests.input_cells import typed_value

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


def typed(calculator: Calculator, sheet, row: int, where: dict[str, str]) -> dict:
    """The inputs of one row as the engine takes them: a switch's yes or no as True or
    False (anything else as it is, for the engine to refuse); ``where`` is the sheet's
    :func:`columns`, read once for every row (openpyxl finds a row's cells by scanning
    every cell of the sheet: read for each row, 4.5 s of a long sweep's check)."""
    values = {name: sheet[f"{where[name]}{row}"].value for name in calculator.inputs}
    return {name: SWITCH.get(value, value) if calculator.inputs[name].type == "bool" else value
            for name, value in values.items()}


def expected(calculator: Calculator, inputs: dict, ranged: bool = False) -> dict:
    """What a sweep row with ``inputs`` (each in its domain) must show, by column id: the
    engine's outputs, or empty outputs where a rule between inputs is broken; and the
    problem, the rule broken or empty. ``ranged``: also the low and high of every result a
    spread moves (``low.ID``, ``high.ID``), from the engine's ends (empty beside empty
    outputs)."""
    [outcome] = sweeps.evaluate(calculator.id, [inputs])
    shown = dict.fromkeys(calculator.outputs, "") if outcome.outputs is None \
        else dict(outcome.outputs)
    shown["problem"] = outcome.problem
    if ranged:
        names, ends = engine.sweep_ranges(calculator.id)
        found = ("",) * 2 * len(names) if outcome.outputs is None \
            else ends(outcome.inputs, tuple(outcome.outputs.values()))
        lows, highs = dict(zip(names, found)), dict(zip(names, found[len(names):]))
        for name in calculator.moved_by_spreads:
            if name in lows:
                shown[range_name("low", name)] = lows[name]
                shown[range_name("high", name)] = highs[name]
    return shown


def disagreements(calculator: Calculator, sheet, rel: float = 1e-9,
                  ranged: bool = False) -> list[str]:
    """Every cell of every row that differs from the engine for that row's inputs (with
    ``ranged``, the low and high columns too: a missing one is a KeyError)."""
    where = columns(sheet)
    found = []
    for row in rows(sheet):
        inputs = typed(calculator, sheet, row, where)
        for name, value in expected(calculator, inputs, ranged).items():
            shown = sheet[f"{where[name]}{row}"].value
            if not agrees(value, shown, rel):
                found.append(f"row {row} {inputs}: {name} shows {shown!r}, engine {value!r}")
    return found


def typed_over(oracle, calculator: Calculator, where: dict[str, str], row: int, inputs: dict,
               ranged: bool = False) -> list[str]:
    """Type ``inputs`` over a sweep row in the formula oracle (tests/xlsx_oracle.py) and
    give every cell of the row that differs from the engine (with ``ranged``, the lows
    and highs too); the row is left as the file had it, for the next test sharing the
    oracle."""
    sheet = sweep_sheet(calculator.id)
    kept = {name: oracle.cell(sheet, f"{where[name]}{row}") for name in inputs}
    try:
        for name, value in inputs.items():
            oracle.type_into(sheet, f"{where[name]}{row}", typed_value(calculator, name, value))
        return [f"row {row} {name}: workbook {found!r}, engine {value!r}"
                for name, value in expected(calculator, inputs, ranged).items()
                if not agrees(value, found := oracle.cell(sheet, f"{where[name]}{row}"),
                              rel=1e-12)]
    finally:
        for name, value in kept.items():
            oracle.type_into(sheet, f"{where[name]}{row}", value)
