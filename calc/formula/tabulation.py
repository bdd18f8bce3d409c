"""Outputs looked up by the few values their names can take, not worked out on every call.

Many outputs read only names of a few values each: the machine's scaling
(``machine_speed``, ``measured_speed`` of the machine part) reads the machine (4 choices),
the workload's RNI (3), the row of the improvement tables (3 numbers, from the processors)
and whether a z16 spans processor units (true or false), and takes some 60 operations and
twenty table look-ups to work out: the same for every call with the same four values. Such
an output is *tabulated*: the compiled ``outputs`` and ``rows`` (:mod:`calc.formula.compiler`)
look it up in a dict by those values (``machine_speed = _table_machine_speed[machine,
...]``), which its formula fills the first time each combination comes (:class:`Table`), so
the result, or the error naming the output, is exactly the formula's. ``evaluate`` (one
call: ``mqcalc eval``, the terminal's figures) works every formula out, as before; the tests
hold the two to the same answers, value and type.

Which outputs are tabulated is decided from the template alone (:func:`plan`). The ranges
run the same compiled code with the constants at the ends of their spreads
(:mod:`calc.engine.ranges`): each such corner has tables of its own, filled by the formulas
reading the corner's constants (:func:`at_other_constants`).

A table is keyed by names whose values are few and compare equal only when they are the same
(no floats: 1 and 1.0, or 0.0 and -0.0, are equal keys that a formula may tell apart): a
choice input's choices, a true/false input or output, an int input of at most
:data:`DOMAIN_LIMIT` values, and a text output or one of whole numbers (as its form shows:
:func:`_whole`) whose formula reads only such names (a condition's branches count their
values added: ``3 if p < 16 else (16 if p < 32 else 32)`` takes 3 values whatever ``p``
is). An output is tabulated when its formula works through at least :data:`WEIGHT` nodes
even on its cheapest way (a condition's cheaper branch: ``'none' if in_effect else ...``
costs less than a look-up by six names when in effect) and its names' values combine in at
most :data:`TABLE_LIMIT` ways, so a table never holds more.
"""
from __future__ import annotations

import ast
from collections.abc import Callable
from math import prod
from types import FunctionType

from calc.core.model import BOOL, NUMBER, TEXT, Calculator
from calc.formula import expr
from calc.formula.emit_python import to_python

DOMAIN_LIMIT = 256
"""Most values an int input may take for its values to be listed (processors: 1 to 256)."""
TABLE_LIMIT = 512
"""Most combinations of values a table may come to hold."""
WEIGHT = 16
"""Fewest syntax nodes a formula works through, on its cheapest way (:func:`_cheapest`),
for a look-up to be worth it."""


def plan(calculator: Calculator) -> dict[str, tuple[str, ...]]:
    """Each output to tabulate, in evaluation order, with the names its table is keyed by
    (the inputs and outputs its formula reads, :func:`_keys`)."""
    bounds = _input_bounds(calculator)
    whole = {name for name, spec in calculator.inputs.items() if spec.type == "int"}
    tabulated = {}
    for name in calculator.evaluation_order:
        output = calculator.outputs[name]
        keys = _keys(calculator, name)
        if output.value_type == NUMBER and _whole(output.tree, whole, calculator):
            whole.add(name)
        if output.value_type == BOOL:
            bounds[name] = 2
        elif output.value_type == TEXT or name in whole:  # values a table can be keyed by
            bound = _bound(output.tree, bounds, calculator)
            if bound is not None:
                bounds[name] = bound
        if (keys and _combinations(keys, bounds) is not None
                and _cheapest(output.tree) >= WEIGHT):
            tabulated[name] = keys
    return tabulated


def line(name: str, keys: tuple[str, ...]) -> str:
    """The generated line that looks output ``name`` up in its table."""
    return f"{name} = {table_name(name)}[{', '.join(keys)}]"


def table_name(name: str) -> str:
    """The global the compiled functions find output ``name``'s table under."""
    return f"_table_{name}"


def tables(tabulated: dict[str, tuple[str, ...]],
           formulas: dict[str, Callable]) -> dict[str, Table]:
    """An empty table for each output of ``tabulated`` (see :func:`plan`), by the global
    the compiled functions read it under, filled by its formula of ``formulas``."""
    return {table_name(name): Table(formulas[name], len(keys) == 1)
            for name, keys in tabulated.items()}


class Table(dict):
    """An output's results by the values of the names it reads (the value itself for one
    name, a tuple for more); a combination not yet in it is worked out by the output's
    formula when first looked up, and kept. It holds at most as many as the plan counted
    (:data:`TABLE_LIMIT`); a combination whose formula raises is not kept, and raises again
    each time."""

    def __init__(self, formula: Callable, single: bool):
        super().__init__()
        self.formula = formula
        self.single = single

    def __missing__(self, key):
        value = self[key] = self.formula(key) if self.single else self.formula(*key)
        return value


def _keys(calculator: Calculator, name: str) -> tuple[str, ...]:
    """The inputs and outputs output ``name``'s formula reads, in the order of their names:
    its table's keys, and its formula's parameters."""
    return _values_among(calculator.outputs[name].depends, calculator)


def _values_among(names, calculator: Calculator) -> tuple[str, ...]:
    """The inputs and outputs among ``names``: not the tables and constants, which are the
    same for every call."""
    return tuple(name for name in names
                 if name in calculator.inputs or name in calculator.outputs)


def _input_bounds(calculator: Calculator) -> dict[str, int]:
    """How many values each input with few of them takes: a choice's choices, true and
    false, an int's whole range when it holds at most :data:`DOMAIN_LIMIT`."""
    bounds = {}
    for name, spec in calculator.inputs.items():
        if spec.type == "choice":
            bounds[name] = len(spec.choices)
        elif spec.type == "bool":
            bounds[name] = 2
        elif (spec.type == "int" and spec.max is not None
              and spec.max - spec.min < DOMAIN_LIMIT):
            bounds[name] = int(spec.max - spec.min) + 1
    return bounds


def _whole(tree: ast.expr, whole: set[str], calculator: Calculator) -> bool:
    """Whether ``tree`` gives a whole number (a Python int) whatever its names hold, as far
    as its form shows: an int, a whole name, a table of ints, the least or greatest of
    whole numbers, a condition between two whole numbers."""
    match tree:
        case ast.Constant(value=value):
            return type(value) is int
        case ast.Name(id=name):
            return name in whole
        case ast.IfExp(body=body, orelse=orelse):
            return _whole(body, whole, calculator) and _whole(orelse, whole, calculator)
        case ast.Call(func=ast.Name(id="min" | "max"), args=args):
            return all(_whole(arg, whole, calculator) for arg in args)
        case ast.Subscript(value=ast.Name(id=table)):
            return all(type(value) is int for value in calculator.tables[table].data.values())
    return False


def _cheapest(tree: ast.AST) -> int:
    """How many nodes working ``tree`` out goes through at the least: a condition's test and
    its cheaper branch, an ``and``/``or``'s first operand; every node of the rest."""
    match tree:
        case ast.IfExp(test=test, body=body, orelse=orelse):
            return 1 + _cheapest(test) + min(_cheapest(body), _cheapest(orelse))
        case ast.BoolOp(values=[first, *_]):
            return 1 + _cheapest(first)
    return 1 + sum(_cheapest(child) for child in ast.iter_child_nodes(tree))


def _bound(tree: ast.expr, bounds: dict[str, int], calculator: Calculator) -> int | None:
    """At most how many values ``tree`` takes, or None when that is not known to be few."""
    if isinstance(tree, ast.IfExp):
        body, orelse = (_bound(branch, bounds, calculator) for branch in (tree.body, tree.orelse))
        return None if body is None or orelse is None else body + orelse
    return _combinations(_values_among(expr.names(tree), calculator), bounds)


def _combinations(keys, bounds: dict[str, int]) -> int | None:
    """How many combinations of values ``keys`` take, or None when some key's values are
    not bounded or there are more than :data:`TABLE_LIMIT`."""
    if not all(key in bounds for key in keys):
        return None
    count = prod(bounds[key] for key in keys)
    return count if count <= TABLE_LIMIT else None


def formulas(calculator: Calculator, tabulated: dict[str, tuple[str, ...]],
             namespace: dict) -> dict[str, Callable]:
    """The formula of each output of ``tabulated`` as a function of the names it reads,
    compiled together over a copy of ``namespace`` (the tables and constants of the
    compiled functions)."""
    source = "".join(f"def _formula_{name}({', '.join(keys)}):\n"
                     f"    return {to_python(calculator.outputs[name].tree)}\n"
                     for name, keys in tabulated.items())
    scope = dict(namespace)
    exec(compile(source, f"<formulas of {calculator.id}>", "exec"),  # noqa: S102
         scope)  # the source is built from the loader's checked trees
    return {name: scope[f"_formula_{name}"] for name in tabulated}


def at_other_constants(formulas: dict[str, Callable], constants: dict) -> dict[str, Callable]:
    """``formulas`` reading ``constants`` (an end of each spread) in place of their values:
    the same code over a copy of their globals, nothing compiled again."""
    if not formulas:
        return {}
    scope = {**next(iter(formulas.values())).__globals__, **constants}
    return {name: FunctionType(formula.__code__, scope) for name, formula in formulas.items()}
