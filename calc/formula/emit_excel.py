"""Spreadsheet formula text for a checked expression tree.

A small node-to-text map in the manner of pycel's ``excelformula.py`` (which maps the other
way): operators and functions are tables, ``a if c else b`` becomes ``IF(c,a,b)``,
``and/or/not`` become ``AND/OR/NOT``, and a table look-up becomes ``INDEX`` over the table's
named range with ``MATCH`` on its named key ranges. Names stay names: every input, output,
constant and table is a defined name on the calculator's sheet, so the formula reads like
the template. A caller may ``refer`` a name to other text instead, e.g. a sweep row's own
cell for an input. Only functions known to both Excel and LibreOffice are emitted (all are in
``openpyxl.utils.FORMULAE``; a test checks it).

Parentheses follow Excel's precedence, which differs from Python's in one place that matters
here: negation binds tighter than ``^`` in Excel, so ``-a**2`` is written ``-(a^2)``. A right
operand keeps the template's grouping even under ``+`` and ``*``: floating-point sums and
products are not associative, so ``a + (b - c)`` written ``a+b-c`` can differ in the last bit,
enough to move a ``ceil`` by one. Only ``&`` (joining text, exactly associative) drops them.
"""
from __future__ import annotations

import ast
from collections.abc import Callable

from calc.core.model import TEXT
from calc.core.names import table_range_names

BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "^",
          ast.Eq: "=", ast.NotEq: "<>", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
PRECEDENCE = {"=": 1, "<>": 1, "<": 1, "<=": 1, ">": 1, ">=": 1, "&": 2, "+": 3, "-": 3,
              "*": 4, "/": 4, "^": 5, "negate": 6}
ATOM = 9
ASSOCIATIVE = {"&"}
"""Operators whose right operand may lose its parentheses: text joining only (see above)."""
FUNCTIONS = {"min": "MIN", "max": "MAX", "abs": "ABS", "round": "ROUND", "exp": "EXP"}
EMITTED_FUNCTIONS = {"IF", "AND", "OR", "NOT", "INDEX", "MATCH", "INT", *FUNCTIONS.values()}
"""Every spreadsheet function this module can write; all must be in openpyxl's FORMULAE."""


def to_excel(node: ast.expr, refer: Callable[[str], str] | None = None) -> str:
    """Formula text (without the leading ``=``) for ``node``. ``refer`` gives the text for
    an input, output or constant name (by default the name itself, a defined name); table
    look-ups always use the table's defined names."""
    return _Emitter(refer or str).text(node)


class _Emitter:
    def __init__(self, refer: Callable[[str], str]):
        self.refer = refer

    def text(self, node: ast.expr) -> str:
        return self.emit(node)[0]

    def emit(self, node: ast.expr) -> tuple[str, int]:
        """Text for ``node`` and the precedence of its outermost operator."""
        text = self.text
        match node:
            case ast.Constant(value=bool(value)):
                return ("TRUE" if value else "FALSE"), ATOM
            case ast.Constant(value=str(value)):
                return quoted(value), ATOM
            case ast.Constant(value=value):
                return number_literal(value), ATOM
            case ast.Name(id=name):
                return self.refer(name), ATOM
            case ast.UnaryOp(op=ast.Not(), operand=operand):
                return f"NOT({text(operand)})", ATOM
            case ast.UnaryOp(op=ast.UAdd(), operand=operand):
                return self.emit(operand)
            case ast.UnaryOp(op=ast.USub(), operand=operand):
                negate = PRECEDENCE["negate"]
                return "-" + self.operand(operand, negate, strict=False), negate
            case ast.BinOp(op=op, left=left, right=right):
                symbol = "&" if node.mq_type == TEXT else BINARY[type(op)]
                return self.binary(symbol, left, right)
            case ast.Compare(left=left, ops=[op], comparators=[right]):
                return self.binary(BINARY[type(op)], left, right)
            case ast.BoolOp(op=op, values=values):
                function = "AND" if isinstance(op, ast.And) else "OR"
                return f"{function}({','.join(map(text, values))})", ATOM
            case ast.IfExp(test=test, body=body, orelse=orelse):
                return f"IF({text(test)},{text(body)},{text(orelse)})", ATOM
            case ast.Call(func=ast.Name(id="floor"), args=[argument]):
                return f"INT({text(argument)})", ATOM
            case ast.Call(func=ast.Name(id="ceil"), args=[argument]):
                negate = PRECEDENCE["negate"]
                return "-INT(-" + self.operand(argument, negate, False) + ")", negate
            case ast.Call(func=ast.Name(id=name), args=args):
                return f"{FUNCTIONS[name]}({','.join(map(text, args))})", ATOM
            case ast.Subscript(value=ast.Name(id=table), slice=key):
                keys = key.elts if isinstance(key, ast.Tuple) else [key]
                return self.lookup(table, keys), ATOM
        raise TypeError(f"unchecked node {ast.dump(node)}")

    def binary(self, symbol: str, left: ast.expr, right: ast.expr) -> tuple[str, int]:
        precedence = PRECEDENCE[symbol]
        left_text = self.operand(left, precedence, strict=False)
        right_text = self.operand(right, precedence, strict=symbol not in ASSOCIATIVE)
        return f"{left_text}{symbol}{right_text}", precedence

    def operand(self, node: ast.expr, parent: int, strict: bool) -> str:
        """Operand text, parenthesised when its operator binds looser than the parent's
        (or equally, on the right of a non-associative operator)."""
        text, precedence = self.emit(node)
        if precedence < parent or (strict and precedence == parent):
            return f"({text})"
        return text

    def lookup(self, table: str, keys: list[ast.expr]) -> str:
        values, *key_ranges = table_range_names(table, len(keys))
        matches = [f"MATCH({self.text(key)},{key_range},0)"
                   for key, key_range in zip(keys, key_ranges)]
        return f"INDEX({values},{','.join(matches)})"


TEXT_CONSTANT_LIMIT = 255
"""Most UTF-16 code units of a text constant in an Excel formula ("Text values in formulas
are limited to 255 characters"; a file holding a longer one opens repaired, its formula
removed). LibreOffice takes longer ones, so :mod:`tests.excel_limits` stands in for Excel."""


def quoted(text: str) -> str:
    """``text`` as a spreadsheet string literal; a text longer than
    :data:`TEXT_CONSTANT_LIMIT` as its pieces joined, in brackets so it stays one operand:
    ``("…"&"…")``."""
    if len(text.encode("utf-16-le")) <= 2 * TEXT_CONSTANT_LIMIT:
        return '"' + text.replace('"', '""') + '"'
    pieces, piece, units = [], [], 0
    for character in text:
        size = 2 if ord(character) > 0xFFFF else 1  # a character beyond the BMP: a pair
        if units + size > TEXT_CONSTANT_LIMIT:
            pieces.append("".join(piece))
            piece, units = [], 0
        piece.append(character)
        units += size
    pieces.append("".join(piece))
    return "(" + "&".join('"' + piece.replace('"', '""') + '"' for piece in pieces) + ")"


def number_literal(value: int | float) -> str:
    """``value`` as a spreadsheet number literal (``1E-05``, not Python's ``1e-05``)."""
    if isinstance(value, int):
        return str(value)
    return repr(value).upper()
