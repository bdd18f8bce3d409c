"""Compile a calculator's formulas once into Python functions.

The whole calculator becomes the source of a few functions, compiled once and kept:

- ``judge(inputs)``: every input checked against its domain and typed, defaults filled in.
  Each value of the right Python type inside its domain passes one inline test; anything
  else (text, a whole float for an int, a value out of range, NaN) goes to
  :func:`calc.core.values.coerce`, which types it or refuses it with the message every door
  gives. So the common case costs a comparison or two, and the rare one the full rules.
- ``broken(**values)``: the index of the first rule between inputs the values break, or -1.
- ``inapplicable(**values)``: the inputs whose ``applies_when`` the values make false.
- ``evaluate(inputs)``: the two above, then every output (one line each, in dependency
  order) and the note flags, in one function body: one evaluation from raw inputs.
- ``outputs(inputs)``: what ``evaluate`` does less the note flags and the judged inputs'
  dict, which :func:`calc.evaluate` throws away: the outputs only. It and ``rows`` look up
  the outputs that read only names of few values (the machine's scaling) in tables their
  formulas fill as combinations come (:mod:`calc.formula.tabulation`).

Both turn a formula that cannot be computed into the CalculationError naming it
(:meth:`Compiled.calculation_error`) themselves, so a caller needs no layer of its own.
- ``rows(scenarios)``: a generator, the inner loop of sweeps of millions of scenarios. Each
  scenario holds every input, already judged; it yields ``(inputs, outputs, problem)``
  with the outputs as a tuple in the calculator's order followed by one flag per declared
  evidence mark (:data:`calc.core.model.DECLARED_MARKS`: whether a warning of that kind
  holds), or None and the problem: the first broken rule's :attr:`~calc.core.model.Check.problem`, or why a formula
  cannot be computed. No call, dictionary or exception handler per scenario beyond that.
- ``sweep_rows(scenarios)``: ``rows`` made for one sweep's varied inputs, generated when a
  sweep asks (:meth:`Compiled.sweep_rows`): the outputs its innermost input does not change
  are worked out once for each combination of the outer ones.

``outputs`` and ``rows`` are each compiled when first called: ``mqcalc eval`` and the
terminal calculator call ``outputs`` only for the ranges of a calculator with spreads, and
only a sweep calls ``rows``; together they were half of a calculator's compile time. Their
lines are numbered after the others', so the whole source reads as one text.

Tables (in the form :func:`calc.formula.emit_python.lookup_form` gives them) and constants are bound
as globals of those functions, so a call does no look-up of its own beyond the formulas
themselves. Every name the generated source binds itself (the functions above, written with
a leading ``_`` in it, and their helpers) starts with ``_``, so no name a template claims
(:data:`calc.template.reader.NAME`) can stand for one of them.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from types import FunctionType

from calc.core.errors import CalculationError, InputError, MqcalcError
from calc.core.model import DECLARED_MARKS, NUMBER, Calculator, Check, Input
from calc.core.spelling import listing
from calc.core.values import coerce
from calc.formula import tabulation
from calc.formula.emit_python import HELPERS, lookup_form, to_python

SCREENING = ["if type(_inputs) is not dict and not isinstance(_inputs, _Mapping): "
             "raise _not_a_mapping(_inputs)",
             "if not _known.issuperset(_inputs): raise _unknown(_inputs)"]
"""The first lines of ``judge`` and ``checked``: the inputs must be a mapping (a dict passes
at the cost of one type test), and every name in it an input of the calculator."""
FAILURES = (ZeroDivisionError, KeyError, OverflowError, ValueError)
"""What a formula raises where a spreadsheet shows an error value (#DIV/0!, #N/A, #NUM!)."""


@dataclass(frozen=True)
class Compiled:
    """The compiled form of one calculator (see the module's functions); ``line_output``
    names what each line of ``source`` computes, for the message when it cannot."""

    calculator: Calculator
    judge: Callable[[dict], dict]
    broken: Callable[..., int]
    inapplicable: Callable[..., tuple[str, ...]]
    evaluate: Callable[[dict], tuple[dict, dict, tuple[bool, ...]]]
    """The judged inputs, outputs and note flags for raw ``inputs`` (missing ones take
    their defaults); an InputError for a value outside its domain or a broken rule, a
    CalculationError for a formula that cannot be computed."""
    namespace: dict
    deferred: tuple[str, str]
    """The sources of ``_outputs`` and of ``_rows``, each compiled into ``namespace`` when
    first needed (``mqcalc eval`` needs the first, for its ranges, and a sweep the second);
    each one's lines numbered after those before it (it starts with as many empty
    lines)."""
    tabulated: dict[str, tuple[str, ...]]
    """The outputs that ``_outputs`` and ``_rows`` look up in a table by the names it is
    keyed by, not work out on every call (:mod:`calc.formula.tabulation`)."""
    source: str
    line_output: dict[int, str]

    @cached_property
    def formulas(self) -> dict[str, Callable]:
        """The formula of each of :attr:`tabulated`, as a function of the names it reads."""
        return tabulation.formulas(self.calculator, self.tabulated, self.namespace)

    @cached_property
    def tables(self) -> dict:
        """The tables of :attr:`tabulated`, each by the global the compiled functions read,
        made (empty) when ``_outputs`` or ``_rows`` is first compiled."""
        return tabulation.tables(self.tabulated, self.formulas)

    def _compiled(self, source: str) -> dict:
        self.namespace.update(self.tables)  # before the functions that read them run
        exec(compile(source, self.filename, "exec"), self.namespace)  # noqa: S102
        return self.namespace

    @cached_property
    def _with_outputs(self) -> dict:
        return self._compiled(self.deferred[0])

    @cached_property
    def _with_rows(self) -> dict:
        return self._compiled(self.deferred[1])

    @cached_property
    def outputs(self) -> Callable[[dict], dict]:
        """The function giving the outputs for raw ``inputs``, refused as :attr:`evaluate`
        refuses them."""
        return self._with_outputs["_outputs"]

    @cached_property
    def spread_corners(self) -> tuple[tuple[dict, Callable[[dict], dict]], ...]:
        """Each corner of the constants' spreads (every combination of their ends, as a
        dict of constant id to end) with :attr:`outputs` there; empty for a calculator
        whose constants have no spread. Made once (:mod:`calc.engine.ranges`)."""
        spreads = self.calculator.spreads
        names = [constant.id for constant in spreads]
        return tuple((corner, self.outputs_with(corner)) for corner in (
            dict(zip(names, ends)) for ends in product(*(c.spread for c in spreads)))
                     ) if spreads else ()

    def outputs_with(self, constants: dict[str, float]) -> Callable[[dict], dict]:
        """:attr:`outputs` with some constants at other values (the ends of their spreads,
        :mod:`calc.engine.ranges`): the same compiled code, run over a copy of its globals
        where those names hold them, and tables filled at them. Nothing is compiled again,
        and each set of constants is made once and kept (each spread at its low, high or
        likely figure: 3 to the power of the spreads, 27 for tls_channels's three, the
        most), so a plan's variants share their corners' tables: building them for each call
        took ``engine.outputs_at`` from 6.5 to 10.5 µs; kept, 5.5 to 6.0."""
        key = tuple(sorted(constants.items()))
        found = self._at_constants.get(key)
        if found is None:
            tables = tabulation.tables(self.tabulated, tabulation.at_other_constants(
                self.formulas, constants))
            found = self._at_constants[key] = FunctionType(
                self.outputs.__code__, {**self._with_outputs, **constants, **tables})
        return found

    @cached_property
    def _at_constants(self) -> dict[tuple, Callable[[dict], dict]]:
        """:meth:`outputs_with`'s functions, by the constants they hold."""
        return {}

    def rows(self, scenarios: Iterable[dict]) -> Iterator[tuple[dict, tuple | None, str]]:
        """The compiled ``rows`` generator (see the module) over ``scenarios``."""
        return self._with_rows["_rows"](scenarios)

    def sweep_rows(self, scenarios: Iterable[dict], varied: tuple[str, ...]
                   ) -> Iterator[tuple[dict, tuple | None, str]]:
        """:meth:`rows` for a sweep's ``scenarios``, each holding the same value of every
        input but ``varied`` (the innermost last): the outputs that do not read the
        innermost input are worked out once for each combination of the outer ones
        (:func:`_sweep_source`). Generated and compiled once for each ``varied``."""
        generator = self._sweeps.get(varied)
        if generator is None:
            namespace = dict(self._with_rows)
            exec(compile(_sweep_source(self.calculator, self.tabulated, varied),  # noqa: S102
                         f"<sweep of {self.calculator.id}>", "exec"), namespace)
            generator = self._sweeps[varied] = namespace["_sweep_rows"]
        return generator(scenarios)

    @cached_property
    def _sweeps(self) -> dict[tuple[str, ...], Callable]:
        """:meth:`sweep_rows`'s generators, by the inputs their sweeps vary."""
        return {}

    def refusal(self, index: int, values: dict) -> InputError:
        """The error for breaking rule ``index``: it names the first input the rule reads,
        its value, and the values of the others."""
        check = self.calculator.checks[index]
        first, *others = check.names
        context = ", ".join(f"{name}={values[name]}" for name in others)
        return InputError(self.calculator.id, first, values[first],
                          check.message + (f" (here {context})" if context else ""))

    def not_a_mapping(self, inputs: object) -> MqcalcError:
        """The error for inputs given as something else than a mapping (the Python API)."""
        return MqcalcError(f"{self.calculator.id}: inputs {inputs!r:.60}: expects a mapping "
                           "of input ids to values, e.g. {'tls': True}")

    def unknown(self, inputs: dict) -> InputError:
        """The error for the first name in ``inputs`` that is no input of the calculator."""
        name = next(name for name in inputs if name not in self.calculator.inputs)
        return InputError(self.calculator.id, name, inputs[name],
                          listing("an input of this calculator:", name,
                                  self.calculator.inputs))

    def calculation_error(self, error: BaseException) -> CalculationError:
        """The error for a formula that raised ``error``: it names the output (or rule) on
        the generated line where the error passed, found in the error's traceback."""
        traceback = error.__traceback__
        while (traceback.tb_next is not None
               and traceback.tb_frame.f_code.co_filename != self.filename):
            traceback = traceback.tb_next
        name = self.line_output.get(traceback.tb_lineno, "a note condition")
        return CalculationError(f"{self.calculator.id}: {name} cannot be computed for these "
                                f"inputs ({type(error).__name__}: {error})")

    @property
    def filename(self) -> str:
        return f"<calculator {self.calculator.id}>"


def _evaluation(source: "_Source", judging: list, checks: list, formulas: list,
                finite: list, values: str, keep_values: bool, returned: str) -> None:
    """The body ``_evaluate`` and ``_outputs`` share: screen and judge the inputs, refuse a
    broken rule with the judged inputs, compute every output, return ``returned``; a formula
    that cannot be computed raises the CalculationError naming it. With ``keep_values`` the
    judged inputs are built once into ``_values`` (``_evaluate`` returns them); without, only
    a refusal builds them, so ``_outputs`` spends nothing on a dict it would throw away."""
    source.add("try:", indent=1)
    source.extend(SCREENING, indent=2)
    source.extend(judging, indent=2)
    if keep_values:
        source.add(f"_values = {values}", indent=2)
    refused = "_values" if keep_values else values
    for test, index, rule in checks:
        source.add(f"{test}raise _refusal({index}, {refused})", rule, indent=2)
    for line, name in formulas:
        source.add(line, name, indent=2)
    source.extend_checked(finite, indent=2)
    source.add(f"return {returned}", indent=2)
    source.add("except _failures as _error:", indent=1)
    source.add("raise _calculation_error(_error) from None", indent=2)


def compile_calculator(calculator: Calculator) -> Compiled:
    """Generate, compile and return the evaluation functions for ``calculator``."""
    source = _Source()
    parameters = ", ".join(calculator.inputs)
    judging = [line for spec in calculator.inputs.values() for line in _judging(spec)]
    values = "{" + ", ".join(f"{name!r}: {name}" for name in calculator.inputs) + "}"
    checks = _check_tests(calculator)
    formulas = _formula_lines(calculator)
    tabulated = tabulation.plan(calculator)
    looked_up = _looked_up(formulas, tabulated)
    outputs = "{" + ", ".join(f"{name!r}: {name}" for name in calculator.outputs) + "}"
    finite = _finite_checks(calculator)
    flags = "(" + "".join(to_python(note.tree) + ", " for note in calculator.notes) + ")"

    source.add("def _judge(_inputs):")
    source.extend(SCREENING, indent=1)
    source.extend(judging, indent=1)
    source.add(f"return {values}", indent=1)

    source.add(f"def _broken({parameters}):")
    for test, index, rule in checks:
        source.add(f"{test}return {index}", rule, indent=1)
    source.add("return -1", indent=1)

    source.add(f"def _inapplicable({parameters}):")
    conditions = "".join(f"({spec.id!r}, {to_python(spec.applies_tree)}), "
                         for spec in calculator.inputs.values() if spec.applies_tree is not None)
    source.add(f"return tuple(_name for _name, _applies in ({conditions}) if not _applies)",
               indent=1)

    source.add("def _evaluate(_inputs):")
    _evaluation(source, judging, checks, formulas, finite, values, keep_values=True,
                returned=f"_values, {outputs}, {flags}")

    deferred_from = len(source.lines)
    source.add("def _outputs(_inputs):")
    _evaluation(source, judging, checks, looked_up, finite, values, keep_values=False,
                returned=outputs)

    rows_from = len(source.lines)
    source.add("def _rows(_scenarios):")
    source.add("for _values in _scenarios:", indent=1)
    source.add(", ".join(calculator.inputs) + ", = "
               + "".join(f"_values[{name!r}], " for name in calculator.inputs), indent=2)
    source.add("try:", indent=2)
    for test, index, rule in checks:
        source.add(f"{test}yield _values, None, _problems[{index}]; continue", rule, indent=3)
    for line, name in looked_up:
        source.add(line, name, indent=3)
    source.extend_checked(finite, indent=3)
    source.extend(_marks(calculator), indent=3)
    source.add("except _failures as _error:", indent=2)
    source.add("yield _values, None, _failure(_error)", indent=3)
    source.add("continue", indent=3)
    source.add(_row_yield(calculator), indent=2)

    namespace = dict(HELPERS)
    namespace.update({table.id: lookup_form(table) for table in calculator.tables.values()})
    namespace.update({constant.id: constant.value for constant in calculator.constants.values()})
    namespace.update(_known=frozenset(calculator.inputs), _infinity=math.inf, _Mapping=Mapping,
                     _isfinite=math.isfinite,
                     _coerce=lambda name, raw: coerce(calculator.inputs[name], raw, calculator.id))
    deferred = ("\n" * deferred_from + source.text_from(deferred_from, rows_from),
                "\n" * rows_from + source.text_from(rows_from))
    # the source is built from the loader's checked trees
    exec(compile(source.text_from(0, deferred_from), f"<calculator {calculator.id}>",  # noqa: S102
                 "exec"), namespace)
    namespace.update(_problems=[check.problem for check in calculator.checks],
                     _failures=FAILURES)
    compiled = Compiled(calculator, namespace["_judge"], namespace["_broken"],
                        namespace["_inapplicable"], namespace["_evaluate"], namespace,
                        deferred, tabulated, source.text, source.line_output)
    namespace.update(_unknown=compiled.unknown, _refusal=compiled.refusal,
                     _not_a_mapping=compiled.not_a_mapping,
                     _calculation_error=compiled.calculation_error,
                     _failure=lambda error: str(compiled.calculation_error(error)))
    return compiled


def _finite_checks(calculator: Calculator) -> list[tuple[str, str | None, int]]:
    """Lines refusing a result that is no finite number (an overflow to infinity, or NaN):
    the numeric outputs' sum is tested once (one addition each and one call, all an
    evaluation pays), and only when it is not finite is each output tested, on its own line
    so the refusal names it (:meth:`Compiled.calculation_error`). A sum that overflows while
    every output is finite refuses nothing."""
    numbers = [name for name in calculator.evaluation_order
               if calculator.outputs[name].tree.mq_type == NUMBER]
    if not numbers:
        return []
    lines: list[tuple[str, str | None, int]] = [
        (f"if not _isfinite({' + '.join(numbers)}):", None, 0)]
    lines += [(f"if not _isfinite({name}): raise OverflowError('the result is no finite "
               "number')", name, 1) for name in numbers]
    return lines


def _marks(calculator: Calculator) -> list[str]:
    """Lines setting ``_markN`` to whether a warning of the declared mark N holds."""
    lines = []
    for index, kind in enumerate(DECLARED_MARKS):
        held = [f"({to_python(note.tree)})" for note in calculator.notes if note.kind == kind]
        lines.append(f"_mark{index} = {' or '.join(held) or 'False'}")
    return lines


def _row_yield(calculator: Calculator) -> str:
    """The line yielding a computed scenario: its inputs, outputs and marks, no problem."""
    return ("yield _values, (" + "".join(f"{name}, " for name in calculator.outputs)
            + "".join(f"bool(_mark{index}), " for index in range(len(DECLARED_MARKS)))
            + "), ''")


def _sweep_source(calculator: Calculator, tabulated: dict[str, tuple[str, ...]],
                  varied: tuple[str, ...]) -> str:
    """The source of ``_sweep_rows``: ``_rows`` for the scenarios of one sweep, where every
    input but ``varied`` keeps one value and the last of ``varied`` (the innermost) changes
    every scenario. The outputs that do not read the innermost input are *held*: worked
    out again only when an outer input's value changes (each is a function of the inputs
    it reads). Any scenario whose figures cannot be computed is handed to ``_rows`` whole,
    so its problem is the one ``_rows`` gives, naming the first output that fails."""
    innermost = set(varied[-1:])
    outer = [name for name in calculator.inputs if name in varied and name not in innermost]
    others = [name for name in calculator.inputs if name not in varied]
    held = [name for name in calculator.evaluation_order
            if innermost.isdisjoint(calculator.outputs[name].inputs_read)]
    moving = [name for name in calculator.evaluation_order if name not in held]
    lines = ["def _sweep_rows(_scenarios):", "    _kept = None", "    for _values in _scenarios:"]
    lines += [f"        {name} = _values[{name!r}]" for name in innermost]
    lines += ["        _key = (" + "".join(f"_values[{name!r}], " for name in outer) + ")",
              "        if _key != _kept:", "            _kept, _held = _key, False"]
    lines += [f"            {name} = _values[{name!r}]" for name in outer + others]
    lines.append("        try:")
    lines += [f"            {test}yield _values, None, _problems[{index}]; continue"
              for test, index, _ in _check_tests(calculator)]
    computing = {name: line for line, name in _looked_up(_formula_lines(calculator), tabulated)}
    lines.append("            if not _held:")
    lines += ["                " + computing[name] for name in held]
    lines += ["                " + line for line in _finite_sum(calculator, held)]
    lines.append("                _held = True")
    lines += ["            " + computing[name] for name in moving]
    lines += ["            " + line for line in _finite_sum(calculator, moving)]
    lines += ["            " + line for line in _marks(calculator)]
    lines += ["        except _failures:", "            yield from _rows((_values,))",
              "            continue", "        " + _row_yield(calculator)]
    return "\n".join(lines) + "\n"


def _check_tests(calculator: Calculator) -> list[tuple[str, int, str]]:
    """Each rule between inputs as ``(test, index, what it computes)``: the test an ``if``
    that holds when the rule is broken, for a line to finish with what follows."""
    return [(f"if not {to_python(check.tree)}: ", index, _rule(check))
            for index, check in enumerate(calculator.checks)]


def _formula_lines(calculator: Calculator) -> list[tuple[str, str]]:
    """``(line computing it, name)`` for each output, in evaluation order."""
    return [(f"{name} = {to_python(calculator.outputs[name].tree)}", name)
            for name in calculator.evaluation_order]


def _looked_up(formulas: list[tuple[str, str]],
               tabulated: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """``formulas`` with the line of each tabulated output a look-up in its table."""
    return [(tabulation.line(name, tabulated[name]), name) if name in tabulated
            else (line, name) for line, name in formulas]


def _finite_sum(calculator: Calculator, names: list[str]) -> list[str]:
    """A line raising OverflowError when the numeric outputs among ``names`` are not all
    finite (their sum is not), or none."""
    numbers = [name for name in names if calculator.outputs[name].tree.mq_type == NUMBER]
    if not numbers:
        return []
    return [f"if not _isfinite({' + '.join(numbers)}): raise OverflowError"]


class _Source:
    """Lines of generated source, and what each numbered line computes."""

    def __init__(self):
        self.lines: list[str] = []
        self.line_output: dict[int, str] = {}

    def extend_checked(self, lines: list[tuple[str, str | None, int]], indent: int) -> None:
        """Add ``(line, what it computes, extra indent)`` lines."""
        for line, computes, deeper in lines:
            self.add(line, computes, indent + deeper)

    def add(self, line: str, computes: str | None = None, indent: int = 0) -> None:
        self.lines.append("    " * indent + line)
        if computes is not None:
            self.line_output[len(self.lines)] = computes

    def extend(self, lines: list[str], indent: int) -> None:
        for line in lines:
            self.add(line, indent=indent)

    @property
    def text(self) -> str:
        return self.text_from(0)

    def text_from(self, start: int, stop: int | None = None) -> str:
        """Lines ``start`` (counted from 0) up to ``stop``, as source text."""
        return "\n".join(self.lines[start:stop]) + "\n"


def _rule(check: Check) -> str:
    """What a rule's line computes, for the message when it cannot be computed."""
    return "the rule on " + ", ".join(check.names)


def _judging(spec: Input) -> list[str]:
    """Lines that bind ``spec.id`` to the judged value of that input: a value already of
    the right type and inside the domain passes the inline test; any other goes to
    :func:`calc.core.values.coerce`, which types it or refuses it."""
    name = spec.id
    if spec.type == "bool":
        usual = f"{name} is True or {name} is False"
    elif spec.type == "choice":
        usual = f"{name} in {tuple(spec.choices)!r}"
    else:
        kinds = ("type({0}) is int" if spec.type == "int"
                 else "(type({0}) is float or type({0}) is int)")
        upper = f" <= {spec.max!r}" if spec.max is not None else " < _infinity"
        usual = kinds.format(name) + f" and {spec.min!r} <= {name}{upper}"
    return [f"{name} = _inputs.get({name!r}, {spec.default!r})",
            f"if not ({usual}): {name} = _coerce({name!r}, {name})"]
