"""Python source for a checked expression tree, and the helpers that source calls.

Every compound node is parenthesised, so Python's own precedence never has to agree with
anything. Where Python and the spreadsheet differ, the spreadsheet's meaning wins: ``round``
takes halves away from zero (not Python's banker's rounding), and ``**`` is ``math.pow``,
which refuses what a spreadsheet shows as #NUM! (a negative base to a fractional power,
overflow) instead of returning a complex number or a huge integer.
"""
from __future__ import annotations

import ast
import math

from calc.core.model import Table

OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/",
             ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
             ast.GtE: ">=", ast.And: "and", ast.Or: "or", ast.USub: "-", ast.UAdd: "+",
             ast.Not: "not"}
FUNCTIONS = {"min": "min", "max": "max", "abs": "abs", "ceil": "_ceil", "floor": "_floor",
             "round": "_round", "exp": "_exp"}


def spreadsheet_round(value: float, digits: int = 0) -> float:
    """ROUND as Excel and LibreOffice do it: halves away from zero, on the decimal shown
    (``repr``, the shortest text that reads back as ``value``), for any ``digits`` from 0.
    A value with no more places than ``digits`` is already round, however large (1e20 to
    10 places) or however many the digits; only a value that is not a number (an overflow
    upstream made it infinite or NaN) is refused, with a ValueError, where a spreadsheet
    shows #NUM!. (decimal is imported here, not at every command's start: only a template
    that rounds calls this.)"""
    from decimal import ROUND_HALF_UP, Decimal

    shown = Decimal(repr(value))
    if not shown.is_finite():
        raise ValueError(f"round of {value}, which is not a finite number")
    if shown.as_tuple().exponent >= -digits:
        return float(value)
    # fewer significant digits than repr's 17, so within the decimal context's 28; adding
    # 0.0 turns the -0.0 of a small negative value into the 0 a spreadsheet shows
    return float(shown.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)) + 0.0


HELPERS = {"_ceil": math.ceil, "_floor": math.floor, "_round": spreadsheet_round,
           "_power": math.pow, "_exp": math.exp}
"""Names the emitted source may call besides builtins; bound in the compiled namespace."""


def to_python(node: ast.expr) -> str:
    """Python source text for ``node``."""
    match node:
        case ast.Constant(value=value):
            return repr(value)
        case ast.Name(id=name):
            return name
        case ast.UnaryOp(op=op, operand=operand):
            return f"({OPERATORS[type(op)]} {to_python(operand)})"
        case ast.BinOp(op=ast.Pow(), left=left, right=right):
            return f"_power({to_python(left)}, {to_python(right)})"
        case ast.BinOp(op=op, left=left, right=right):
            return f"({to_python(left)} {OPERATORS[type(op)]} {to_python(right)})"
        case ast.BoolOp(op=op, values=values):
            return "(" + f" {OPERATORS[type(op)]} ".join(map(to_python, values)) + ")"
        case ast.Compare(left=left, ops=[op], comparators=[right]):
            return f"({to_python(left)} {OPERATORS[type(op)]} {to_python(right)})"
        case ast.IfExp(test=test, body=body, orelse=orelse):
            return f"({to_python(body)} if {to_python(test)} else {to_python(orelse)})"
        case ast.Call(func=ast.Name(id=name), args=args):
            return f"{FUNCTIONS[name]}({', '.join(map(to_python, args))})"
        case ast.Subscript(value=ast.Name(id=table), slice=key):
            keys = key.elts if isinstance(key, ast.Tuple) else [key]
            return table + "".join(f"[{to_python(k)}]" for k in keys)
    raise TypeError(f"unchecked node {ast.dump(node)}")


def lookup_form(table: Table) -> dict:
    """The table as the emitted source looks it up (``name[row]``, ``name[row][column]``):
    keyed by the row's value, each row of a two-key table a dict keyed by the column's.
    A text key's hash is kept with the text, so each step is one dict look-up, where the
    model's tuple keys (:attr:`calc.core.model.Table.data`) would build a tuple and hash it anew
    on every look-up: two to three times slower. A missing row or cell is a KeyError
    either way."""
    if len(table.keys) == 1:
        return {row: figure for (row,), figure in table.data.items()}
    rows: dict = {}
    for (row, column), figure in table.data.items():
        rows.setdefault(row, {})[column] = figure
    return rows
