"""Why a figure is what it is: an output's formula as written, the values that fed it, and
the published sources behind it.

The terms are read off the formula's checked tree: each input, output and constant it names,
and each table look-up it makes (evaluated for the current inputs, so the user sees which
cell of the source table was used). The sources are every table and constant the figure
rests on, through the outputs it reads, however deep.
"""
from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from calc import engine
from calc.core.errors import MqcalcError, shown
from calc.core.model import Calculator, Citation, Output
from calc.core.formatting import as_written
from calc.engine.evidence import Caveat
from calc.formula.compiler import FAILURES
from calc.formula.emit_python import HELPERS, lookup_form, to_python

INPUT, OUTPUT, CONSTANT, TABLE = "input", "output", "constant", "table"
SCALE = "cpu_scale"
"""The machine part's output that converts published CPU figures (templates/parts)."""


@dataclass(frozen=True)
class Term:
    """One thing a formula reads: its text in the formula, its kind (input, output,
    constant or table look-up), title, value for the current inputs and unit. ``value`` is
    None for a look-up whose key has no row for these inputs (a branch not taken)."""

    text: str
    kind: str
    title: str
    value: object
    unit: str
    citation: Citation | None = None
    decimals: int | None = None
    """The decimals an output is shown with; None for other terms (shown as they are)."""


@dataclass(frozen=True)
class Explanation:
    """An output for the current inputs: its value, formula, terms and sources."""

    output: Output
    value: object
    terms: tuple[Term, ...]
    sources: tuple[Citation, ...]
    """Citations of every table and constant the figure rests on, first reached first."""
    scaling: str = ""
    """Whether the figure is converted to the planner's machine (for a calculator that
    scales its published CPU figures by ``cpu_scale``); empty for one that does not."""
    warnings: tuple[Caveat, ...] = ()
    """The warnings behind the figure's evidence marks (:mod:`calc.engine.evidence`); none when
    it rests on IBM's measurement at its configuration or on the planner's own data."""
    unknown: bool = False
    """Whether a note holding says the figure cannot be known (:attr:`Result.unknown`)."""
    spread: tuple[float, float] | None = None
    """The figure's (low, high) where spreads move it (:mod:`calc.engine.ranges`), else None."""
    spread_from: tuple[str, ...] = ()
    """What moves it: each spread constant it rests on as "title low–high (likely L)", and
    each input it reads that was given as a range."""


def explain(calculator_id: str, output_id: str, inputs: dict, given=None) -> Explanation:
    """Explain ``output_id`` of ``calculator_id`` for ``inputs`` (the engine validates
    them, so an invalid input raises the engine's InputError); ``given`` names the inputs
    the planner gave, as :func:`calc.engine.run` takes it."""
    spec = engine.calculator(calculator_id)
    output = spec.outputs.get(output_id)
    if output is None:
        raise MqcalcError(f"{calculator_id}: no output {shown(output_id)}")
    result = engine.run(calculator_id, inputs, given)
    values = {**result.inputs, **result.outputs,
              **{name: constant.value for name, constant in spec.constants.items()}}
    terms = tuple(_terms(spec, output.tree, values, _namespace(spec, values)))
    sources, reads = _rests_on(spec, output_id)
    spread = result.ranges.get(output_id)
    return Explanation(output, result.outputs[output_id], terms, sources,
                       _scaling(spec, reads, values),
                       tuple(caveat for caveat in result.warnings
                             if output_id in caveat.outputs), output_id in result.unknown,
                       spread, _spread_from(spec, output, result) if spread else ())


def moving_spreads(spec: Calculator, output_ids: Iterable[str], inputs: dict) -> set[str]:
    """The spread constants that move any of ``output_ids`` for ``inputs``: those whose two
    ends give it two figures at some corner of the others (one read through a branch these
    inputs do not take, the z16 step on a z14, moves nothing). The corners are worked out
    once for them all."""
    corners = engine.corner_outputs(spec.id, inputs)
    return {name for name in (constant.id for constant in spec.spreads)
            for ends, outputs in corners for other, other_outputs in corners
            if ends[name] != other[name]
            and all(ends[key] == other[key] for key in ends if key != name)
            and any(outputs[output_id] != other_outputs[output_id]
                    for output_id in output_ids)}


def _spread_from(spec: Calculator, output: Output, result: engine.Result) -> tuple[str, ...]:
    """What moves ``output``: the spread constants that do for these inputs and the inputs
    given as ranges that it reads, each as a person reads it."""
    moving = moving_spreads(spec, (output.id,), result.inputs)
    constants = [f"{constant.title} {as_written(constant.spread[0])}–"
                 f"{as_written(constant.spread[1])} {constant.unit} (likely "
                 f"{as_written(constant.value)})"
                 for constant in spec.spreads if constant.id in moving]
    inputs = [f"{spec.inputs[name].title} {as_written(low)}–{as_written(high)} "
              f"{spec.inputs[name].unit} (given)".replace("  ", " ")
              for name, (low, high) in result.spans.items() if name in output.inputs_read]
    return tuple(constants + inputs)


def _scaling(spec: Calculator, reads: set[str], values: dict) -> str:
    """A sentence saying whether the figure, which reads the outputs ``reads`` however deep,
    is scaled to the machine chosen; empty for a calculator without machine scaling."""
    if SCALE not in spec.outputs:
        return ""
    if SCALE not in reads:
        return "Not scaled by machine: no published CPU figure goes into it."
    return (f"Scaled to the {values['machine']} chosen: every published CPU figure in it is "
            f"multiplied by {SCALE} = {values[SCALE]:.4f}; a figure typed from your own "
            "data is used as it is.")


def _terms(spec: Calculator, tree: ast.expr, values: dict, namespace: dict):
    """Terms of ``tree`` in the order the formula first mentions them, each once; a table
    look-up's value computed in ``namespace`` (:func:`_namespace`)."""
    seen = set()
    for node in _in_order(tree):
        text = ast.unparse(node)
        if text in seen:
            continue
        if isinstance(node, ast.Subscript):
            seen.add(text)
            table = spec.tables[node.value.id]
            yield Term(text, TABLE, table.title, _look_up(node, namespace), table.unit,
                       table.citation)
        elif isinstance(node, ast.Name) and node.id in values:
            seen.add(text)
            yield _named_term(spec, node.id, values[node.id])


def _in_order(node: ast.AST):
    """Nodes of ``node`` depth first, left to right (the order a reader meets them)."""
    yield node
    for child in ast.iter_child_nodes(node):
        if not (isinstance(node, ast.Subscript) and child is node.value):
            yield from _in_order(child)


def _named_term(spec: Calculator, name: str, value: object) -> Term:
    if name in spec.inputs:
        item = spec.inputs[name]
        return Term(name, INPUT, item.title, value, item.unit)
    if name in spec.outputs:
        item = spec.outputs[name]
        return Term(name, OUTPUT, item.title, value, item.unit, decimals=item.decimals)
    item = spec.constants[name]
    return Term(name, CONSTANT, item.title, value, item.unit, item.citation)


def _namespace(spec: Calculator, values: dict) -> dict:
    """What a table look-up's Python text reads: ``values``, the helpers, and every table
    of ``spec`` in the form the text looks it up (made once per explanation)."""
    return {**HELPERS, **values,
            **{table.id: lookup_form(table) for table in spec.tables.values()}}


def _look_up(node: ast.Subscript, namespace: dict):
    """The table cell ``node`` reads in ``namespace``, or None when its key has no row
    (a look-up guarded by a condition that these inputs do not meet)."""
    try:
        return eval(to_python(node), namespace)  # noqa: S307 - text emitted from a checked tree
    except FAILURES:
        return None


def _rests_on(spec: Calculator, output_id: str) -> tuple[tuple[Citation, ...], set[str]]:
    """Citations of the tables and constants ``output_id`` reads, then of those the outputs
    it reads rest on, each citation once; and the outputs it rests on, itself included."""
    citations: list[Citation] = []
    visited: set[str] = set()
    pending = [output_id]
    while pending:
        name = pending.pop(0)
        if name in visited:
            continue
        visited.add(name)
        for node in _in_order(spec.outputs[name].tree):
            if isinstance(node, ast.Subscript):
                citation = spec.tables[node.value.id].citation
            elif isinstance(node, ast.Name) and node.id in spec.constants:
                citation = spec.constants[node.id].citation
            else:
                if isinstance(node, ast.Name) and node.id in spec.outputs:
                    pending.append(node.id)
                continue
            if citation not in citations:
                citations.append(citation)
    return tuple(citations) or (spec.citation,), visited
