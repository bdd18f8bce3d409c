"""The catalogue of calculators and evaluation: the engine's public face.

Templates are found by :mod:`calc.template.folders` (the installed ones, or a team's own
folder); they are loaded, checked and compiled once per process.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product

from calc.core.errors import InputError, MqcalcError, TemplateError, shown
from calc.core.model import NUMBER, Calculator, Input
from calc.core.spelling import listing
from calc.core.values import RANGE_MARK, as_span, coerce
from calc.engine.evidence import Caveat, caveats, marks
from calc.engine.ranges import Ends, output_ranges, sweep_ends
from calc.formula.compiler import Compiled, compile_calculator
from calc.template import documents
from calc.template.folders import DOCUMENTS_FILE, parts_dir, template_files, templates_dir
from calc.template.loader import load
from calc.template.parts_section import Parts


class _Templates:
    """The template files in use, by the id of their calculator (the file's stem: the loader
    refuses a template whose id is not), in the order of their names; each calculator
    loaded so far, and each compiled so far. A command loads only the calculators it uses
    (one for ``mqcalc eval ID``) and compiles only those it evaluates, each once."""

    def __init__(self):
        self.files = {path.name.removesuffix(".yaml"): path for path in template_files()}
        self.loaded: dict[str, Calculator] = {}
        self.compiled: dict[str, Compiled] = {}
        self.widened: dict[tuple, Compiled] = {}
        """Calculators compiled with some inputs' domains widened (:func:`run_widened`),
        by id and those domains."""
        self.parts: Parts | None = None

    def load(self, calculator_id: str) -> Calculator:
        path = self.files.get(calculator_id) if isinstance(calculator_id, str) else None
        if path is None:
            raise MqcalcError(f"calculator {shown(calculator_id)}: expects "
                              + listing("one of", calculator_id, self.files))
        if self.parts is None:
            self.parts = Parts(parts_dir())
        loaded = load(path, self.parts)
        unlisted = documents.missing(loaded)
        if unlisted:
            raise TemplateError(path.name, "(citations)", f"cites {', '.join(unlisted)}, which "
                                f"no {DOCUMENTS_FILE} lists (add each, with its title and "
                                f"date, to {templates_dir() / DOCUMENTS_FILE})")
        self.loaded[calculator_id] = loaded
        return loaded

    def calculator(self, calculator_id: str) -> Calculator:
        """The calculator with this id, loaded on first use. Anything else, an id that is
        not text included (a list cannot even be looked up), is an MqcalcError listing the
        known ids."""
        loaded = self.loaded.get(calculator_id) if isinstance(calculator_id, str) else None
        return loaded if loaded is not None else self.load(calculator_id)

    def compiled_for(self, calculator_id: str) -> Compiled:
        """The calculator with this id, compiled on first use; refused as
        :meth:`calculator` refuses."""
        compiled = self.compiled.get(calculator_id) if isinstance(calculator_id, str) else None
        if compiled is None:
            compiled = self.compiled[calculator_id] = compile_calculator(
                self.calculator(calculator_id))
        return compiled

    def compiled_widened(self, calculator_id: str, domains: dict[str, Input]) -> Compiled:
        """The calculator with the domains of some inputs replaced by ``domains`` (input id
        -> its spec), compiled on first use of those domains: a report's pools of the same
        size share one, and domains the same as the template's are its own compiled."""
        declared = self.calculator(calculator_id)
        if all(declared.inputs[name] == spec for name, spec in domains.items()):
            return self.compiled_for(calculator_id)  # a pool of one item, say
        key = (calculator_id, *domains.items())
        compiled = self.widened.get(key)
        if compiled is None:
            compiled = self.widened[key] = compile_calculator(
                replace(declared, inputs={**declared.inputs, **domains}))
        return compiled


@cache
def _compiled() -> _Templates:
    """The templates of this process (:func:`forget_templates` forgets them)."""
    return _Templates()


def ids() -> list[str]:
    """Every calculator's id, in the order of their template file names, read from the
    names alone."""
    return list(_compiled().files)


def catalogue() -> list[Calculator]:
    """Every calculator, in the order of their template file names (loaded and checked;
    each compiled only when first evaluated)."""
    return [calculator(calculator_id) for calculator_id in _compiled().files]


def calculator(calculator_id: str) -> Calculator:
    """The calculator with this id, or an MqcalcError listing the known ids."""
    return _compiled().calculator(calculator_id)


def _compiled_for(calculator_id: str) -> Compiled:
    return _compiled().compiled_for(calculator_id)


@dataclass(frozen=True)
class Result:
    """One evaluation: the inputs as used (defaults filled in), outputs and applying notes
    of advice, the inputs that these inputs leave unused (their ``applies_when`` is false),
    the warnings about what the figures rest on and each output's evidence marks (see
    :mod:`calc.engine.evidence`)."""

    calculator: str
    inputs: dict
    outputs: dict
    notes: list[str]
    not_applying: tuple[str, ...] = ()
    warnings: tuple[Caveat, ...] = ()
    evidence: dict[str, list[str]] | None = None
    said: list[str] | None = None
    """Every applying note's text, advice and warnings alike, in the template's order (what
    a notes block shows)."""
    given: frozenset[str] = field(default=frozenset(), compare=False)
    """The inputs counted as given; every other one is the template's default. Two results
    with the same figures and marks are equal whoever gave an input that marks nothing."""
    unknown: tuple[str, ...] = ()
    """Outputs an applying note says cannot be known (:attr:`calc.core.model.Note.unknown`):
    shown to a person as not given."""
    ranges: dict[str, Ends] = field(default_factory=dict)
    """Each numeric output the spreads move, with its (low, high) (:mod:`calc.engine.ranges`);
    every other output's range is its figure."""
    spans: dict[str, Ends] = field(default_factory=dict)
    """The inputs given as ranges, with their (low, high); ``inputs`` holds the likely value."""

    def ranged_inputs(self) -> dict:
        """The inputs as :func:`run` reads them back: each given as a range written as its
        text ``low..likely..high``, every other as used."""
        return {**self.inputs, **{name: f"{low!r}..{self.inputs[name]!r}..{high!r}"
                                  for name, (low, high) in self.spans.items()}}

    def low_high(self, name: str) -> Ends:
        """The (low, high) of numeric output ``name``: its figure twice where nothing
        spreads it."""
        return self.ranges.get(name) or (self.outputs[name], self.outputs[name])

    def as_json(self) -> dict:
        """The result for ``--json``: besides inputs, outputs and notes, each output's unit,
        the machine the source measured on (empty when the template states none), each
        output's evidence marks and the warnings, so a figure read by a program keeps what
        it is a figure of and what it rests on (README, JSON); each numeric output's low,
        likely and high, the spread figures they come from and the inputs given as ranges."""
        declared = calculator(self.calculator)
        ranges = {}
        for name, output in declared.outputs.items():
            if output.value_type == NUMBER:
                low, high = self.low_high(name)
                ranges[name] = {"low": low, "likely": self.outputs[name], "high": high}
        return {"calculator": self.calculator, "inputs": self.inputs,
                "outputs": self.outputs, "notes": self.notes,
                "units": {name: output.unit for name, output in declared.outputs.items()},
                "measured_on": declared.measured_on, "evidence": self.evidence,
                "warnings": [caveat.as_json() for caveat in self.warnings],
                "unknown": list(self.unknown), "ranges": ranges,
                "spreads": [{"constant": constant.id, "title": constant.title,
                             "unit": constant.unit, "low": constant.spread[0],
                             "likely": constant.value, "high": constant.spread[1],
                             "source": str(constant.citation)}
                            for constant in declared.spreads],
                "input_ranges": {name: {"low": low, "likely": self.inputs[name], "high": high}
                                 for name, (low, high) in self.spans.items()}}


def input_spec(calculator_id: str, name: str, value: object) -> Input:
    """The input ``name`` of the calculator, or an InputError naming ``value`` (what was
    given for it) and listing the calculator's inputs."""
    inputs = calculator(calculator_id).inputs
    if name not in inputs:
        raise InputError(calculator_id, name, value,
                         listing("an input of this calculator:", name, inputs))
    return inputs[name]


def judge(calculator_id: str, inputs: dict) -> dict:
    """Every input of the calculator, each checked against its own domain and typed; missing
    ones take their default. The rules between inputs are left to :func:`validate` (or, in
    a sweep, to :func:`outcomes`)."""
    return _compiled_for(calculator_id).judge(inputs)


def validate(calculator_id: str, inputs: dict) -> dict:
    """Every input of the calculator, checked and typed (:func:`judge`). Then the rules
    between inputs (the template's ``checks``), naming the first input a broken rule reads
    and the values of the others."""
    compiled = _compiled_for(calculator_id)
    values = compiled.judge(inputs)
    index = compiled.broken(**values)
    if index >= 0:
        raise compiled.refusal(index, values)
    return values


def run(calculator_id: str, inputs: dict, given=None) -> Result:
    """Validate ``inputs`` and evaluate every output and note condition. ``given`` names
    the inputs the planner gave (by default those ``inputs`` holds); the others are
    assumed (:mod:`calc.engine.evidence`). A numeric input may be given as a range, as text
    (``800..1200``, :func:`calc.core.values.as_span`): the outputs are those of its likely
    value, and their ranges reach its ends."""
    compiled = _compiled_for(calculator_id)
    spans = _spans(compiled.calculator, inputs)
    return _result(compiled, _likely(inputs, spans) if spans else inputs, given,
                   {name: (low, high) for name, (low, _, high) in spans.items()})


def ranged(calculator_id: str, inputs: dict) -> tuple[dict, dict[str, str]]:
    """``inputs`` with each numeric input given as a range replaced by its likely value,
    and those inputs' ranges as they were written: what a file or a form keeps so as to
    give the ranges back to :func:`run`. A range that is not one is an InputError."""
    spans = _spans(calculator(calculator_id), inputs)
    return _likely(inputs, spans), {name: inputs[name].strip() for name in spans}


def _likely(inputs: dict, spans: dict[str, tuple]) -> dict:
    """``inputs`` with each of ``spans`` (input -> (low, likely, high)) at its likely value."""
    return {**inputs, **{name: likely for name, (_, likely, _) in spans.items()}}


def _spans(declared: Calculator, inputs: dict) -> dict[str, tuple]:
    """Each numeric input of ``inputs`` given as a range -> its (low, likely, high)."""
    spans = {}
    for name, raw in inputs.items() if isinstance(inputs, dict) else ():
        if isinstance(raw, str) and RANGE_MARK in raw and name in declared.inputs:
            span = as_span(declared.inputs[name], raw, declared.id)
            if span is not None:
                spans[name] = span
    return spans


def corner_outputs(calculator_id: str, inputs: dict,
                   spans: dict[str, Ends] | None = None) -> list[tuple[dict, dict]]:
    """The outputs at each corner of the calculator's spreads and of the inputs given as
    ranges (``spans``, input -> (low, high), as a Result holds them) for ``inputs``
    (judged, as a Result holds them): each corner's ends (constant or input id -> 0 for its
    low end, 1 for its high) with the outputs there. The spread constants come first, then
    the inputs, the first slowest, as :attr:`calc.formula.compiler.Compiled.spread_corners`
    orders the constants' corners. A workbook stores them in the cells that work the
    corners out."""
    compiled = _compiled_for(calculator_id)
    spans = spans or {}
    functions = [outputs for _, outputs in compiled.spread_corners] or [compiled.outputs]
    found = []
    for constants, outputs in zip(spread_corners(calculator_id) or ({},), functions):
        for ends in product((0, 1), repeat=len(spans)):
            at = {**inputs, **{name: span[end] for (name, span), end in zip(spans.items(), ends)}}
            found.append(({**constants, **dict(zip(spans, ends))}, outputs(at)))
    return found


def spread_corners(calculator_id: str) -> tuple[dict[str, int], ...]:
    """Each corner of the calculator's spreads (constant id -> 0 for its low end, 1 for its
    high), the first slowest, as :func:`corner_outputs` gives them; empty where nothing has
    a spread."""
    names = [constant.id for constant in calculator(calculator_id).spreads]
    return tuple(dict(zip(names, ends)) for ends in product((0, 1), repeat=len(names))
                 ) if names else ()


def sweep_ranges(calculator_id: str) -> tuple[tuple[str, ...], Callable[[dict, tuple], tuple]]:
    """The outputs a sweep gives low and high columns for, and the function working out one
    row's (:func:`calc.engine.ranges.sweep_ends`)."""
    return sweep_ends(_compiled_for(calculator_id))


def outputs_at(calculator_id: str, inputs: dict, ends: dict[str, int]) -> dict:
    """The outputs for ``inputs`` (judged) with each of the calculator's spread constants
    that ``ends`` names at its low (0) or high (1) end, any other at its likely figure: one
    corner of spreads several calculators share, as a plan's z16 step is shared by every
    calculator of a variant."""
    compiled = _compiled_for(calculator_id)
    constants = {constant.id: constant.spread[ends[constant.id]]
                 for constant in compiled.calculator.spreads if constant.id in ends}
    return compiled.outputs_with(constants)(inputs)


def run_widened(calculator_id: str, inputs: dict, domains: dict[str, Input]) -> Result:
    """:func:`run` with the domain of some inputs replaced: ``domains`` maps an input id to
    its spec with the wider domain (the total of a report's items, say, which may pass one
    item's maximum). Compiled once for each set of domains, as a report's pools and totals
    repeat them (:meth:`_Templates.compiled_widened`)."""
    return _result(_compiled().compiled_widened(calculator_id, domains), inputs)


def _result(compiled: Compiled, inputs: dict, given=None,
            spans: dict[str, Ends] | None = None) -> Result:
    """The evaluation of ``inputs``; the inputs ``given`` names (by default those they
    hold) count as given, the others as assumed (:mod:`calc.engine.evidence`); the ranges
    the spreads and ``spans`` give the outputs (:mod:`calc.engine.ranges`)."""
    values, outputs, flags = compiled.evaluate(inputs)
    declared = compiled.calculator
    said = [note.text for note, applies in zip(declared.notes, flags) if applies]
    notes = [note.text for note, applies in zip(declared.notes, flags)
             if applies and not note.kind]
    not_applying = compiled.inapplicable(**values)
    given = frozenset(name for name in (inputs if given is None else given)
                      if name in declared.inputs)
    found = caveats(declared, flags, values, given, not_applying)
    unknown = tuple(dict.fromkeys(name for note, applies in zip(declared.notes, flags)
                                  if applies for name in note.unknown))
    return Result(declared.id, values, outputs, notes, not_applying, found,
                  marks(declared, found), said, given, unknown,
                  output_ranges(compiled, values, outputs, spans), spans or {})


def evaluate(calculator_id: str, inputs: dict) -> dict:
    """Outputs of ``calculator_id`` for ``inputs`` (missing inputs take their defaults),
    by the calculator's own compiled function for the outputs alone (:attr:`Compiled.outputs`),
    reached in one look-up: the call costs about a tenth of a small calculator's evaluation
    on top of it."""
    try:
        evaluator = _evaluators[calculator_id]
    except (KeyError, TypeError):  # not evaluated yet, or an id no dict can hold (refused)
        evaluator = _evaluators[calculator_id] = _compiled_for(calculator_id).outputs
    return evaluator(inputs)


_evaluators: dict[str, Callable[[dict], dict]] = {}
"""Each calculator :func:`evaluate` has called so far, by id: its outputs function, from
the templates of :func:`_compiled` (:func:`forget_templates` forgets both)."""


def forget_templates() -> None:
    """Forget the templates read so far, and everything made from them: the next call reads
    the templates folder again (tests point ``MQZCALC_TEMPLATES`` at another)."""
    _compiled.cache_clear()
    _evaluators.clear()
    documents.registry.cache_clear()


class Outcome(namedtuple("Outcome", ["inputs", "outputs", "problem"])):
    """One scenario of a sweep: every input (a dict), the outputs (a dict, or None when the
    engine refuses the scenario) and the problem ("" when there is none). A plain named
    tuple: ``typing.NamedTuple`` would import typing at every command's start."""

    __slots__ = ()


def outcomes(calculator_id: str, scenarios: Iterable[dict]) -> Iterator[Outcome]:
    """The outcome of each scenario, lazily: ``scenarios`` are full sets of inputs, each
    value already judged (as :func:`judge` returns them). A scenario that breaks a rule
    between inputs has the first such rule's :attr:`~calc.core.model.Check.problem`; one where a
    formula cannot be computed has the reason."""
    names = tuple(calculator(calculator_id).outputs)
    for values, results, problem in rows(calculator_id, scenarios):
        yield Outcome(values, None if results is None else dict(zip(names, results)), problem)


def rows(calculator_id: str, scenarios: Iterable[dict]) -> Iterator[tuple[dict, tuple | None,
                                                                          str]]:
    """:func:`outcomes` as plain tuples, the outputs a tuple in the calculator's order: the
    inner loop of sweeps of millions of scenarios, compiled (:mod:`calc.formula.compiler`)."""
    return _compiled_for(calculator_id).rows(scenarios)


def sweep_rows(calculator_id: str, scenarios: Iterable[dict], varied: tuple[str, ...]
               ) -> Iterator[tuple[dict, tuple | None, str]]:
    """:func:`rows` for a sweep's scenarios, every input but ``varied`` (the innermost
    last) the same in all of them: what only outer inputs change is worked out once for
    each combination of theirs (:meth:`calc.formula.compiler.Compiled.sweep_rows`)."""
    return _compiled_for(calculator_id).sweep_rows(scenarios, varied)


def sweep(calculator_id: str, values: dict, name: str, points) -> list[dict | None]:
    """The outputs for ``values`` (every input, as :func:`validate` returns them) with the
    input ``name`` set to each of ``points`` in turn; None for a point that breaks a rule
    between inputs or where a formula cannot be computed. A point outside the input's own
    domain is an InputError, as anywhere else."""
    spec = input_spec(calculator_id, name, None)
    scenarios = [{**values, name: coerce(spec, point, calculator_id)} for point in points]
    return [outcome.outputs for outcome in outcomes(calculator_id, scenarios)]
