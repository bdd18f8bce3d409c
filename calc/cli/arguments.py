"""What the command line's words name: a calculator (in any case, a misspelt one refused
with the closest id), inputs given as ID=VALUE or, as MQSC writes attributes, ID(VALUE), and
the report options the templates declare."""
from __future__ import annotations

import re
from collections.abc import Iterator

from calc import engine
from calc.cli import parser
from calc.core import spelling
from calc.core.errors import InputError, MqcalcError, shown
from calc.core.formatting import as_written


def calculator_named(typed: str):
    """The calculator ``typed`` names, in any case; an unknown one is refused with the
    closest id suggested."""
    return engine.calculator(spelling.calculator_id(typed, engine.ids()))


MQSC_ASSIGNMENT = re.compile(r"\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\((?P<value>.*)\)\s*")
"""An input given as an MQSC attribute is written, ``SHARECNV(0)`` or
``BLOCK_METHOD('maxinst')``: its id (in any case, as every id) and the value in brackets."""


def assignments(calculator, given: list[str]) -> dict:
    """The ID=VALUE arguments ``given`` as a dict of raw texts (judged later by the engine), ids and
    choices in the template's spelling (:mod:`calc.core.spelling`)."""
    inputs = {}
    for assignment in given:
        name, equals, value = assignment.partition("=")
        mqsc = MQSC_ASSIGNMENT.fullmatch(assignment)
        if not equals and mqsc is not None:
            name, value = mqsc["name"], mqsc["value"]
            if len(value) >= 2 and value[0] == value[-1] == "'":  # MQSC's quoted string
                value = value[1:-1]
        elif not equals:
            first = next(iter(calculator.inputs.values()))
            raise MqcalcError(f"{calculator.id}: argument {shown(assignment)} has no '=': expects "
                              f"ID=VALUE or ID(VALUE), e.g. {first.id}={as_written(first.default)}")
        if name in inputs:
            raise InputError(calculator.id, name, value, "one value (it was given twice)")
        inputs[name] = value
    return spelling.inputs(calculator, inputs)


def reports() -> Iterator[parser.Report]:
    """The report option of each calculator of the catalogue that reads a report."""
    return ((c.report.option, c.id, c.report.title)
            for c in engine.catalogue() if c.report is not None)


def report_given(arguments):
    """The calculator whose report option was given, with the report's path; or None. (The
    parser has report options only when the command line may name one: see
    :func:`calc.cli.parser.parser`.)"""
    for name, path in vars(arguments).items():
        if name.startswith(parser.REPORT_DEST) and path is not None:
            return engine.calculator(name.removeprefix(parser.REPORT_DEST)), path
    return None
