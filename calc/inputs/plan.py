"""Plan files: one queue manager's machine and two or more variants of its work, each the
inputs of the calculators it uses, to add up by :mod:`calc.inputs.plan_run` (``mqcalc plan FILE``).

The format, version 1::

    mqcalc_plan: 1
    machine:                    # the machine part's inputs, shared by every calculator of
      machine: z14              # every variant (left out: defaults, marked assumed)
      workload_rni: average
      processors: 8
      msu_per_cp: 120
    variants:                   # two or more, the first the baseline the others are
      today:                    # compared with
        calculators:            # calculator id -> its inputs (left out: defaults)
          connect: {connects_per_sec: 500}
      proposed:
        like: today             # start from another variant: list only what changes
        machine: {machine: z16} # machine inputs this variant changes
        calculators:
          connect: {connects_per_sec: 2500}

A variant may give ``measured:``, the CPU its system measurably used (figure name -> CPU
s/s; the names and what each is are ``measured`` in ``templates/smf_feeds.yaml``): SMF's
figures, which ``mqcalc smf --out`` writes, and the address spaces' whole CPU typed from
RMF. A variant like it that gives none is that measurement plus the calculators' change
from it (:mod:`calc.inputs.plan_run`).

The file is read as strictly as a scenario file (:mod:`calc.files.yaml_reading`), each value
checked by the engine's gate, and every refusal is one line naming the file's line:
``plan FILE: line N: ...``. A machine input given among a calculator's inputs is refused:
it is the plan's (or the variant's), the same for every calculator.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from calc import engine
from calc.core import spelling
from calc.core.errors import InputError, MqcalcError
from calc.core.formatting import plain_number
from calc.core.model import NUMBER, Input
from calc.core.spelling import listing
from calc.core.values import coerce
from calc.core.yaml_document import Document
from calc.files.writing import replace_atomically
from calc.files.yaml_writing import yaml_text
from calc.inputs import scenario
from calc.inputs.file_inputs import (ScenarioError, at_line, bits_as_text, calculator_ids, kind,
                                     read_document, typed_names)
from calc.template.folders import parts_dir
from calc.template.loader import part_inputs
from calc.template.parts_section import MACHINE_PART

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from calc.inputs.smf.feeds import Measured

SCHEMA_VERSION = 1
"""The format version this mqcalc reads, and the newest."""
VERSION_KEY = scenario.PLAN_VERSION_KEY
KEYS = (VERSION_KEY, "machine", "variants")
VARIANT_KEYS = ("like", "machine", "measured", "calculators")
FEWEST_VARIANTS = 2
"""A plan compares: at least a baseline and one other variant."""
MOST_WORKBOOK_VARIANTS = 24
"""Most variants a plan workbook holds (:mod:`calc.workbook.plan_book`; a plan file may
hold more, which ``mqcalc plan`` shows). Two bounds meet here. A variant of every calculator
adds ten calculator sheets: 24 such variants build in about 8.5 s and 150 MB on a two-core
machine of 2026, 30 in 10.7 s. And the Plan sheet gathers each note over every variant in
one formula (whether it holds, and the calculators and variants it holds in), which grows
by some 230 characters a variant where a note comes from two calculators and the variants'
sheets have the longest names (a 12-character variant name and ``pageset_encryption``):
7,404 characters at 32 variants of the SMF sample's plan of every interval, 8,892 at 40,
where Excel takes at most 8,192, and at most 255 arguments to a function and 255 series to
a chart (Microsoft, "Excel specifications and limits"). A larger plan is refused, saying
so."""
MEASURED_MOST = 256
"""The largest measured CPU rate a plan takes, CPU s/s: no LPAR has more processors (the
machine part's ``processors`` input, at most 256)."""
RATE_DECIMALS = 4
"""CPU s/s to 0.0001 of a processor: the decimals the calculators' CPU rates show, and a
measured figure is shown with."""


@dataclass(frozen=True)
class Variant:
    """One variant, its ``like:`` resolved: the machine and every calculator's inputs."""

    name: str
    machine: dict
    """Each machine input -> its value, checked and typed."""
    calculators: dict[str, dict]
    """Calculator id -> every input of it, checked and typed (defaults filled in, the
    machine inputs it has set from :attr:`machine`), in catalogue order."""
    like: str | None = None
    """The variant this one started from, as the file says (None: none)."""
    given: dict[str, frozenset[str]] | None = field(default=None, compare=False)
    """Calculator id -> the inputs the plan gives it (itself or through ``like``), machine
    inputs apart; the others are defaults, which the evaluation marks assumed (a calculator
    it does not name: none given). None: every input is given (a plan made from values a
    person set whole)."""
    machine_given: frozenset[str] | None = field(default=None, compare=False)
    """The machine inputs the plan gives (the plan's or the variant's); None: all. Neither
    this nor :attr:`given` counts when two variants are compared: they are the same
    variant whoever gave their values."""
    measured: dict[str, float] = field(default_factory=dict)
    """What the system measurably used (measured figure name -> CPU s/s): this variant's
    own, or those of the variant it is like that gave them (:attr:`measured_in`)."""
    measured_in: str | None = None
    """The variant whose measurement :attr:`measured` is (this one, or one it is like);
    None: the plan gives none on the way to this variant."""
    ranges: dict[str, dict[str, str]] = field(default_factory=dict)
    """Calculator id -> its inputs given as ranges, each as written (``800..1200``), this
    variant's own or through ``like``; :attr:`calculators` holds their likely values. The
    same range of the same input in two variants is one doubt: a plan's ranges take both at
    the same end (:func:`calc.inputs.plan_run.evaluate_plan`)."""

    @property
    def own_measured(self) -> dict[str, float]:
        """The measured figures this variant gives itself (none where it has its
        :attr:`like`'s)."""
        return self.measured if self.measured_in == self.name else {}

    def given_names(self, calculator_id: str) -> frozenset[str]:
        """Every input of ``calculator_id`` the plan gives, the machine's included."""
        own = self.calculators[calculator_id]
        if self.given is None:
            return frozenset(own)
        machine = self.machine if self.machine_given is None else self.machine_given
        return self.given.get(calculator_id, frozenset()) | frozenset(
            name for name in machine if name in own)

    def given_values(self, calculator_id: str) -> dict:
        """The inputs of ``calculator_id`` the plan gives, machine inputs apart, a range as
        it is written."""
        names = self.given_names(calculator_id)
        values = {**self.calculators[calculator_id], **self.ranges.get(calculator_id, {})}
        return {name: value for name, value in values.items()
                if name in names and name not in self.machine}

    def machine_values(self) -> dict:
        """The machine inputs the plan gives."""
        names = self.machine if self.machine_given is None else self.machine_given
        return {name: value for name, value in self.machine.items() if name in names}


@dataclass(frozen=True)
class Plan:
    """Two or more variants of one queue manager's work, the first the baseline."""

    variants: tuple[Variant, ...]


@cache
def machine_inputs() -> dict[str, Input]:
    """Each machine input as the machine part defines it, checked as a template's input is
    (a part without inputs, or with one malformed, is a TemplateError naming the part and
    key), so a plan's machine is judged by the part's domains and shown with its titles,
    units and labels."""
    return part_inputs(parts_dir() / MACHINE_PART)


def measured_figures() -> dict[str, Measured]:
    """Each figure a variant's ``measured:`` may give, by name, as the templates declare
    it: the CPU of an address space or a part of it (not the work done, which no plan
    adds). (The SMF feeds are imported here: a plan without measured figures, and the
    terminal calculator's start, need none.)"""
    from calc.inputs.smf.feeds import declared

    return {measured.name: measured for measured in declared().measured
            if measured.address_space is not None}


def measured_input(name: str) -> Input:
    """The measured figure ``name`` as an input a person gives (a plan file's value, a
    workbook's cell): a CPU rate from 0 to :data:`MEASURED_MOST`, with its title, unit and
    help."""
    figure = measured_figures()[name]
    return Input(name, NUMBER, 0.0, figure.title, figure.help, figure.unit, 0,
                 MEASURED_MOST, decimals=RATE_DECIMALS)


def load_plan(path: Path) -> Plan:
    """Read and check the plan file ``path``; every problem is a one-line MqcalcError (an
    InputError where an input is at fault) starting ``plan PATH:``."""
    where = f"plan {path}"
    source = read_document(where, path)
    return _Reader(where, source).plan()


def make_plan(machine: dict, variants: dict[str, dict[str, dict]],
              machines: dict[str, dict] | None = None,
              measured: dict[str, dict[str, float]] | None = None,
              likes: dict[str, str] | None = None) -> Plan:
    """A plan from values (not a file): the machine, then each variant's name -> calculator
    id -> inputs, every variant whole, (``machines``) the machine inputs a variant changes
    from the plan's, (``measured``) the CPU its system measured and (``likes``) the variant
    it is like (it then lists only what it changes), each by variant name; checked as a file
    is."""
    machines, measured, likes = machines or {}, measured or {}, likes or {}
    document = {VERSION_KEY: SCHEMA_VERSION, "machine": machine,
                "variants": {name: {**({"like": likes[name]} if name in likes else {}),
                                    **({"machine": machines[name]} if machines.get(name)
                                       else {}),
                                    **({"measured": measured[name]} if measured.get(name)
                                       else {}),
                                    "calculators": calculators}
                             for name, calculators in variants.items()}}
    return _Reader("plan", Document(document, None)).plan()


STARTING_VARIANTS = ("today", "proposed")
"""The variants a plan started from someone's inputs has: the baseline, and the change."""


def starting_plan(start: scenario.Scenario) -> Plan:
    """A plan to start from: the calculators of ``start`` with the inputs it gives as the
    baseline variant "today" (a range as written), and "proposed" like it, changing nothing
    yet. The machine is what the first of its calculators given a machine input holds for
    it (one nobody gave stays the plan's default, marked assumed as in a file)."""
    shared = machine_inputs()
    given = {calculator_id: start.given_names(calculator_id) for calculator_id in start.inputs}
    machine: dict = {}
    for calculator_id, inputs in start.inputs.items():
        for key in shared.keys() & given[calculator_id]:
            machine.setdefault(key, inputs[key])
    today = {calculator_id: {key: value for key, value in start.run_inputs(calculator_id).items()
                             if key in given[calculator_id] and key not in shared}
             for calculator_id in start.inputs}
    baseline, change = STARTING_VARIANTS
    return make_plan(machine, {baseline: today, change: {}}, likes={change: baseline})


def checked_machine(where: str, source: Document, value, key: str) -> dict:
    """The machine inputs ``value`` at ``key`` of the document ``source`` (another file
    that names machines), checked and typed as a plan's machine is; a refusal is one line
    naming ``where`` and the key's line."""
    return _Reader(where, source).machine(value, key)


def remake_plan(variants: list[tuple[str, str | None, dict, dict[str, dict], dict]]) -> Plan:
    """A plan from values as a person edits them (text for numbers, say): each variant's
    name, the variant it is ``like`` (or None), its whole machine, each calculator's inputs
    (its machine inputs are taken from the machine, whatever they hold here) and the
    measured figures it gives itself. Every variant's values are given whole, so ``like``
    adds only the calculators (and the measurement) of the variant it names that this one
    leaves out; the first variant's machine is the plan's. Checked as a file is; a refusal
    starts ``plan:``."""
    shared = machine_inputs()
    document = {VERSION_KEY: SCHEMA_VERSION, "machine": variants[0][2], "variants": {
        name: {**({"like": like} if like else {}), "machine": machine,
               **({"measured": measured} if measured else {}),
               "calculators": {calculator_id: {key: value for key, value in inputs.items()
                                               if key not in shared}
                               for calculator_id, inputs in calculators.items()}}
        for name, like, machine, calculators, measured in variants}}
    return _Reader("plan", Document(document, None)).plan()


HEADER = """\
# mqcalc plan: one queue manager's machine and variants of its work (mqzcalc, IBM MQ for
# z/OS capacity and cost). The first variant is the baseline the others are compared with;
# a variant "like" another lists only what it changes.
#   mqcalc plan FILE [--json]     the CPU by address space, % of the LPAR and MSU
#   mqcalc tui --plan FILE        the Plan view of the terminal calculator
"""


def plan_text(plan: Plan) -> str:
    """``plan`` as a plan file that :func:`load_plan` reads back to the same plan: the first
    variant's machine as the plan's; a variant ``like`` another with only the machine inputs
    and calculator inputs it changes from it, every other variant whole (machine inputs are
    written under ``machine``, never among a calculator's). Only the inputs the plan gives
    are written: a default stays a default, and is marked assumed when read back."""
    named = {variant.name: variant for variant in plan.variants}
    machine = plan.variants[0].machine_values()
    variants = {}
    for variant in plan.variants:
        like = named.get(variant.like)  # whose calculators this variant has, as read
        spec: dict = {"like": like.name} if like else {}
        changed = _changed(variant.machine_values(), like.machine_values() if like else machine)
        if changed:
            spec["machine"] = changed
        if variant.own_measured:
            spec["measured"] = {name: plain_number(value)
                                for name, value in variant.own_measured.items()}
        spec["calculators"] = {
            calculator_id: _changed(variant.given_values(calculator_id),
                                    like.given_values(calculator_id)
                                    if like and calculator_id in like.calculators else {})
            for calculator_id in variant.calculators}
        if like:
            spec["calculators"] = {key: value for key, value in spec["calculators"].items()
                                   if value or key not in like.calculators}
        variants[variant.name] = spec
    document = {VERSION_KEY: SCHEMA_VERSION, **({"machine": _changed(machine, {})} if machine
                                                else {}), "variants": variants}
    return HEADER + yaml_text(document)


def _changed(values: dict, before: dict) -> dict:
    """The entries of ``values`` that ``before`` does not hold, as a person writes them."""
    return {key: plain_number(value) for key, value in values.items()
            if key not in before or before[key] != value}


def save_plan(path: Path, plan: Plan) -> Path:
    """Write ``plan`` to ``path`` whole or not at all (:func:`plan_text`); return ``path``."""
    text = plan_text(plan)
    return replace_atomically(Path(path), lambda temporary: temporary.write_text(
        text, encoding="utf-8"))


@dataclass(frozen=True)
class Resolved:
    """One variant's inputs as its ``like`` chain makes them: its machine inputs, its
    calculators' inputs (id -> input -> value as written) and where each was written, and
    its measured figures with the variant they are of."""

    machine: dict
    given: dict[str, dict]
    written: dict[tuple[str, str], str]
    measured: dict[str, float]
    measured_in: str | None


class _Reader:
    """Checks one plan document, naming the line of each key at fault."""

    def __init__(self, where: str, source: Document):
        self.where, self.source = where, source
        self.done: dict[str, Resolved] = {}
        """Each variant resolved so far -> its inputs (:meth:`resolved`)."""

    def refuse(self, key: str, problem: str):
        raise ScenarioError(at_line(self.where, self.source.line(key)), problem)

    def mapping(self, value, key: str, what: str) -> dict:
        value = {} if value is None and key != "" else value
        if not isinstance(value, dict):
            self.refuse(key, f"{key or 'a plan'}: expects {what}, not {kind(value)}")
        return value

    def plan(self) -> Plan:
        document = self.mapping(self.source.data, "", f"a mapping with keys {', '.join(KEYS)}")
        self.version(document)
        for key in document:
            if key not in KEYS:
                self.refuse(str(key), f"{key}: unknown key (known: {', '.join(KEYS)})")
        if "variants" not in document:
            self.refuse("", "variants: is required")
        machine = self.machine(document.get("machine"), "machine")
        raw = self.mapping(document["variants"], "variants", "a mapping of variant name to "
                           "its like, machine and calculators")
        if len(raw) < FEWEST_VARIANTS:
            self.refuse("variants", f"variants: has {len(raw)}; a plan compares at least "
                                    f"{FEWEST_VARIANTS} (the first is the baseline)")
        for name, spec in raw.items():
            spec = self.mapping(spec, f"variants.{name}", "a mapping with keys "
                                + ", ".join(VARIANT_KEYS))
            for key in spec:
                if key not in VARIANT_KEYS:
                    self.refuse(f"variants.{name}.{key}", f"variants.{name}.{key}: unknown key "
                                f"(known: {', '.join(VARIANT_KEYS)})")
        return Plan(tuple(self.variant(str(name), raw, machine) for name in raw))

    def version(self, document: dict) -> None:
        if VERSION_KEY not in document and scenario.VERSION_KEY in document:
            self.refuse("", f"is a scenario file ({scenario.VERSION_KEY}), not a plan: "
                            "mqcalc eval --scenario FILE evaluates it and mqcalc tui "
                            "--scenario FILE opens it")
        if VERSION_KEY not in document:
            self.refuse("", f"{VERSION_KEY}: is required (the format version, "
                            f"{SCHEMA_VERSION}); is this a plan file?")
        version = document[VERSION_KEY]
        if isinstance(version, bool) or not isinstance(version, int) \
                or not 1 <= version <= SCHEMA_VERSION:
            self.refuse(VERSION_KEY, f"{VERSION_KEY}: expects the format version "
                                     f"{SCHEMA_VERSION}, not {version!r}")

    def machine(self, value, key: str) -> dict:
        """The machine inputs given at ``key``, checked and typed."""
        given = self.mapping(value, key, "a mapping of machine input to value")
        specs = machine_inputs()
        values = {}
        for typed, raw in given.items():
            found = spelling.spelt(str(typed), specs)
            if len(found) != 1:
                self.refuse(f"{key}.{typed}", f"{key}: {typed!r} is not a machine input "
                            f"({listing('known:', typed, specs)})")
            try:
                values[found[0]] = coerce(specs[found[0]], spelling.choice(
                    "machine", specs[found[0]], raw), "machine")
            except InputError as error:
                self.refuse(f"{key}.{typed}", str(error))
        return values

    def variant(self, name: str, raw: dict, plan_machine: dict) -> Variant:
        resolved = self.resolved(name, raw, plan_machine)
        whole = {**{spec.id: spec.default for spec in machine_inputs().values()},
                 **resolved.machine}
        ranges: dict[str, dict[str, str]] = {}
        return Variant(name, whole,
                       self.checked(resolved.given, whole, resolved.written, ranges),
                       raw[name].get("like") if raw[name] else None,
                       {calculator_id: frozenset(inputs) for calculator_id, inputs in
                        resolved.given.items()}, frozenset(resolved.machine),
                       resolved.measured, resolved.measured_in, ranges)

    def resolved(self, name: str, raw: dict, plan_machine: dict) -> Resolved:
        """``name``'s inputs, its ``like`` chain applied, the furthest ancestor first.
        Each variant is resolved once and kept, so a variant starts from its ``like``'s
        result and reading a plan is linear in its size however long the chains are."""
        chain = self.chain(name, raw)
        if chain[-1] in self.done:
            start = self.done[chain.pop()]
        else:
            start = Resolved(plan_machine, {}, {}, {}, None)
        for step in reversed(chain):
            start = self.done[step] = self.applied(step, raw[step] or {}, start)
        return start

    def applied(self, step: str, spec: dict, start: Resolved) -> Resolved:
        """What variant ``step``'s own ``spec`` makes of the inputs it starts from (copies:
        the ones given are another variant's)."""
        machine = {**start.machine,
                   **self.machine(spec.get("machine"), f"variants.{step}.machine")}
        given, written = start.given, start.written
        given = {calculator_id: dict(inputs) for calculator_id, inputs in given.items()}
        written = dict(written)
        calculators = self.mapping(spec.get("calculators"), f"variants.{step}.calculators",
                                   "a mapping of calculator id to its inputs")

        def at(key: str) -> str:
            return at_line(self.where, self.source.line(f"variants.{step}.{key}"))

        for calculator_id, typed_id in calculator_ids(calculators, at).items():
            key = f"variants.{step}.calculators.{typed_id}"
            inputs = self.mapping(calculators[typed_id], key, "a mapping of input id to value")
            for input_id, typed_name in typed_names(calculator_id, inputs).items():
                if input_id in machine_inputs():
                    self.refuse(f"{key}.{typed_name}", f"{calculator_id}: input "
                                f"{typed_name} is a machine input, the same for every "
                                f"calculator: set it under the plan's or the variant's "
                                "machine")
                given.setdefault(calculator_id, {})[input_id] = inputs[typed_name]
                written[calculator_id, input_id] = f"{key}.{typed_name}"
            given.setdefault(calculator_id, {})
            written.setdefault((calculator_id, ""), key)
        if "measured" in spec:
            return Resolved(machine, given, written,
                            self.measured(spec["measured"], f"variants.{step}.measured"), step)
        return Resolved(machine, given, written, start.measured, start.measured_in)

    def measured(self, value, key: str) -> dict[str, float]:
        """The measured figures given at ``key``: each a known figure's name and a CPU rate
        from 0 to :data:`MEASURED_MOST`."""
        given = self.mapping(value, key, "a mapping of measured figure to CPU s/s")
        known = measured_figures()
        figures = {}
        for name, raw in given.items():
            if name not in known:
                self.refuse(f"{key}.{name}", f"{key}: {name!r} is not a measured figure "
                                             f"({listing('known:', str(name), known)})")
            try:
                figures[name] = float(coerce(measured_input(name), raw, "measured"))
            except InputError as error:
                self.refuse(f"{key}.{name}", str(error))
        return figures

    def chain(self, name: str, raw: dict) -> list[str]:
        """``name`` and the variants it is ``like``, nearest first, up to the first already
        resolved (:meth:`resolved`) or the one like no other; an unknown one or a cycle
        refused at the ``like`` that names it."""
        chain, met = [name], {name}
        while chain[-1] not in self.done and raw[chain[-1]] and "like" in raw[chain[-1]]:
            key = f"variants.{chain[-1]}.like"
            like = raw[chain[-1]]["like"]
            if not isinstance(like, str) or like not in raw:
                self.refuse(key, f"{key}: {like!r} is not a variant of this plan "
                                 f"({listing('variants:', like, map(str, raw))})")
            if like in met:
                self.refuse(key, f"{key}: the variants are like each other in a cycle: "
                                 + " -> ".join([*chain, like]))
            chain.append(like)
            met.add(like)
        return chain

    def checked(self, given: dict[str, dict], machine: dict,
                written: dict[tuple[str, str], str],
                ranges: dict[str, dict[str, str]]) -> dict[str, dict]:
        """Each calculator's inputs with the machine's, validated, in catalogue order; an
        input given as a range at its likely value, the range as written put in
        ``ranges``."""
        checked = {}
        for calculator_id in engine.ids():
            if calculator_id not in given:
                continue
            calculator = engine.calculator(calculator_id)
            inputs = {**bits_as_text(calculator.id, spelling.inputs(
                calculator, given[calculator.id])),
                      **{name: value for name, value in machine.items()
                         if name in calculator.inputs}}
            try:
                likely, spans = engine.ranged(calculator.id, inputs)
                checked[calculator.id] = engine.validate(calculator.id, likely)
                if spans:
                    ranges[calculator.id] = spans
            except InputError as error:
                key = written.get((calculator.id, error.name), written[calculator.id, ""])
                raise error.at(at_line(self.where, self.source.line(key))) from None
            except MqcalcError as error:
                self.refuse(written[calculator.id, ""], str(error))
        return checked
