"""The range each numeric output can take over every input's domain, by interval arithmetic.

Each numeric input stands for the interval from its min to its max, a constant for itself
(for its spread where it has one, so a column holds the low and high figures too),
a table look-up for the lowest to the highest figure of the table (for the figure itself
where the formula writes every key); every operation then maps intervals to an interval
that holds every result it can give (both branches of an ``if``, every product of the ends
for ``*``, and so on). The result is a bound, never an
estimate: the true lowest and highest value lie inside it, so a column wide enough for both
ends never shows ``###``. It may be wider than any value reached (the operations do not
know that two operands are the same input), which costs only column width. A division by
an interval holding zero is unbounded (infinite ends), except where both are never
negative (the quotient is not negative either: a division by zero gives no figure at all)
and for a share of a sum: ``a / (a + b)`` with terms never negative lies in 0..1 wherever
it is defined.

The workbook sizes its value columns from these ranges (:mod:`calc.workbook.fit`); a
sampled search could miss the one corner where a value is widest, this cannot.
"""
from __future__ import annotations

import ast
import math
from itertools import product

from calc.core.model import NUMBER, Calculator, Input

Interval = tuple[float, float]
UNBOUNDED: Interval = (-math.inf, math.inf)


def domain(spec: Input) -> Interval:
    """A numeric input's domain as an interval (with no max, unbounded above)."""
    return float(spec.min), (math.inf if spec.max is None else float(spec.max))


def output_ranges(calculator: Calculator) -> dict[str, Interval]:
    """Every numeric output's range over the inputs' domains (see the module's text)."""
    known: dict[str, Interval] = {name: domain(spec) for name, spec in calculator.inputs.items()
                                  if spec.value_type == NUMBER}
    known.update({name: constant.spread or (constant.value, constant.value)
                  for name, constant in calculator.constants.items()})
    tables = {name: table.data for name, table in calculator.tables.items()
              if table.value_type == NUMBER}
    for name in calculator.evaluation_order:
        output = calculator.outputs[name]
        if output.value_type == NUMBER:
            known[name] = _Bounds(known, tables).of(output.tree)
    return {name: known[name] for name in calculator.outputs if name in known}


def _table_range(data: dict) -> Interval:
    values = [float(value) for value in data.values()]
    return min(values), max(values)


def _terms(node: ast.expr):
    """The terms a sum adds up (``node`` itself when it is not a sum)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _terms(node.left)
        yield from _terms(node.right)
    else:
        yield node


def _times(a: float, b: float) -> float:
    """A product of interval ends, where zero times an infinite end is zero."""
    return 0.0 if a == 0 or b == 0 else a * b


def _hull(*ends: float) -> Interval:
    return (math.nan, math.nan) if any(map(math.isnan, ends)) else (min(ends), max(ends))


class _Bounds:
    """Maps a numeric expression tree to the interval holding all of its values."""

    def __init__(self, known: dict[str, Interval], tables: dict[str, dict]):
        self.known, self.tables = known, tables

    def of(self, node: ast.expr) -> Interval:
        low, high = self._of(node)
        return UNBOUNDED if math.isnan(low) or math.isnan(high) else (low, high)

    def _of(self, node: ast.expr) -> Interval:
        match node:
            case ast.Constant(value=value):
                return float(value), float(value)
            case ast.Name(id=name):
                return self.known[name]
            case ast.UnaryOp(op=ast.USub(), operand=operand):
                low, high = self._of(operand)
                return -high, -low
            case ast.UnaryOp(operand=operand):
                return self._of(operand)
            case ast.BinOp(op=ast.Div(), left=part, right=ast.BinOp(op=ast.Add()) as whole) \
                    if self._share(part, whole):
                return 0.0, 1.0
            case ast.BinOp(op=op, left=left, right=right):
                return self._binary(op, self._of(left), self._of(right))
            case ast.IfExp(body=body, orelse=orelse):
                return _hull(*self._of(body), *self._of(orelse))
            case ast.Call(func=ast.Name(id=name), args=args):
                return self._call(name, [self._of(argument) for argument in args])
            case ast.Subscript(value=ast.Name(id=table), slice=key):
                keys = key.elts if isinstance(key, ast.Tuple) else [key]
                if all(isinstance(key, ast.Constant) for key in keys):
                    figure = self.tables[table].get(tuple(key.value for key in keys))
                    if figure is not None:
                        return float(figure), float(figure)
                return _table_range(self.tables[table])
        raise TypeError(f"not a numeric expression: {ast.unparse(node)}")

    def _share(self, part: ast.expr, whole: ast.expr) -> bool:
        """Whether ``part / whole`` is a share of a sum: ``whole`` adds up terms that are
        never negative, ``part`` among them, so where it is defined it lies in 0..1."""
        terms = list(_terms(whole))
        return (ast.dump(part) in map(ast.dump, terms)
                and all(self._of(term)[0] >= 0 for term in terms))

    @staticmethod
    def _binary(op: ast.operator, left: Interval, right: Interval) -> Interval:
        if isinstance(op, ast.Add):
            return left[0] + right[0], left[1] + right[1]
        if isinstance(op, ast.Sub):
            return left[0] - right[1], left[1] - right[0]
        if isinstance(op, ast.Mult):
            return _hull(*(_times(a, b) for a, b in product(left, right)))
        if isinstance(op, ast.Div):
            if right[0] == 0 < right[1] and left[0] >= 0:  # defined only where right > 0
                return left[0] / right[1], math.inf
            if right[0] <= 0 <= right[1]:
                return UNBOUNDED
            return _hull(*(_times(a, 1 / b) for a, b in product(left, right)))
        if left[0] <= 0:  # a power of a base that can be zero or negative: not bounded here
            return UNBOUNDED
        try:
            return _hull(*(math.pow(a, b) for a, b in product(left, right)))
        except OverflowError:
            return UNBOUNDED

    @staticmethod
    def _call(name: str, arguments: list[Interval]) -> Interval:
        (low, high), *_ = arguments
        if name == "min":
            return min(a for a, _ in arguments), min(b for _, b in arguments)
        if name == "max":
            return max(a for a, _ in arguments), max(b for _, b in arguments)
        if name == "abs":
            return (0.0 if low <= 0 <= high else min(abs(low), abs(high))), max(abs(low), abs(high))
        if name == "exp":
            return math.exp(min(low, 709)), (math.exp(high) if high < 709 else math.inf)
        # ceil, floor and round move a value by less than one (round's digits only narrow it)
        return (math.floor(low) if math.isfinite(low) else low,
                math.ceil(high) if math.isfinite(high) else high)
