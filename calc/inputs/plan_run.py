"""A plan evaluated: each variant's CPU by address space, its share of the LPAR and its MSU,
and its difference from the first variant.

Where a variant carries a measurement (:attr:`calc.inputs.plan.Variant.measured`), an address
space it measures is the measurement plus the calculators' change from the variant measured:
``measured + modelled(variant) - modelled(measured variant)``, so the measured variant itself
is what was measured, and a variant like it is what was measured plus what IBM's figures say
the change costs. An address space's measurement is its whole figure (RMF's) where given,
else the sum of its parts (the channel initiator's tasks from SMF). Address spaces nothing
measures keep the calculators' figure.

The arithmetic is kept to what a workbook can write as formulas over the calculator sheets:
each calculator is evaluated by the engine as ``mqcalc eval`` would; a variant's CPU is the
plain sum of the outputs the templates declare as parts (:mod:`calc.template.spending_section`), by
address space; its % of the LPAR and MSU are the machine part's own formulas
(``lpar_busy_pct``, ``msu``) applied to that sum. Nothing here is a figure of its own, so the
terminal calculator and the workbook can show a plan by reading :class:`PlanResult`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from itertools import product

from calc import engine
from calc.core.model import (ADDRESS_SPACES, ASSUMED, BEYOND_LIMIT, CPU_RATE_UNIT, MARKS, NUMBER,
                             space_label)
from calc.core.values import as_span
from calc.engine.evidence import Caveat
from calc.formula import expr
from calc.formula.emit_python import HELPERS, to_python
from calc.inputs.plan import Plan, Variant, measured_figures
from calc.template.folders import parts_dir
from calc.template.parts_section import MACHINE_PART, Parts

TOTAL = "total"
"""The key of a variant's total beside its address spaces, in ``--json``."""
SHARE_OUTPUTS = ("lpar_busy_pct", "msu")
"""The machine part's outputs a plan works out from its total CPU rate."""
RATE_NAME = "cpu_seconds_per_sec"
"""The name the machine part's share formulas read the CPU rate by."""
TARGET = "target_share_pct"
"""The machine input a variant's headroom is measured against."""
MEASURED, MEASURED_CHANGE, MODELLED = "measured", "measured_plus_change", "modelled"
"""What an address space's figure in a variant is (:meth:`VariantResult.basis`): what was
measured, that plus the calculators' change from the variant measured, or the calculators'
figure alone."""
HEADROOM = "Headroom to the target share"
"""How every face labels a variant's headroom (its share of the LPAR below ``TARGET``)."""


@dataclass(frozen=True)
class Contribution:
    """One declared part of one calculator's CPU in one variant."""

    calculator: str
    output: str
    address_space: str
    cpu_seconds_per_sec: float
    evidence: tuple[str, ...] = ()
    """The output's evidence marks in its calculator's result (:mod:`calc.engine.evidence`)."""


@dataclass(frozen=True)
class VariantResult:
    """One variant evaluated: each calculator's result, the contributions, their sums."""

    variant: Variant
    results: dict[str, engine.Result]
    contributions: tuple[Contribution, ...]
    by_space: dict[str, float]
    """Address space -> CPU seconds per second, every address space of :data:`ADDRESS_SPACES`
    (0 where nothing is spent): the measurement plus the calculators' change where the
    address space is measured, else the calculators' sum."""
    total: float
    lpar_busy_pct: float
    msu: float
    evidence: dict[str, list[str]]
    """``total``, ``lpar_busy_pct`` and ``msu`` -> their marks: the total's are every mark
    of a contribution; the share's and MSU's those too, with ``assumed`` where the machine
    inputs their formulas read are defaults, and ``beyond_limit`` where the share crosses
    one of the machine part's limits."""
    warnings: tuple[tuple[str, Caveat], ...]
    """(calculator id, or ``plan`` for the variant's own, caveat) for every warning behind
    a mark of the contributions or the variant's figures."""
    modelled: dict[str, float]
    """Address space -> the sum of its contributions, CPU s/s (every address space)."""
    measured: dict[str, float]
    """Each address space the variant's measurement covers -> what it measured, CPU s/s
    (none where the variant carries no measurement)."""
    change: dict[str, float]
    """Each measured address space -> the calculators' change from the variant measured:
    its contributions' sum less that variant's (0 in the variant measured)."""
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each figure the spreads move (an address space, ``total``, ``lpar_busy_pct``,
    ``msu``) -> its (low, high) over every corner of the spreads of the plan's calculators
    (:func:`_ranges`); a figure not listed is its own range."""
    difference_ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    """The same for the variant's difference from the first variant, at the same corners."""

    def low_high(self, key: str, difference: float | None = None) -> tuple[float, float]:
        """The (low, high) of figure ``key``, or of its difference from the first variant
        when ``difference`` (that difference) is given: the figure twice where nothing
        moves it."""
        if difference is not None:
            return self.difference_ranges.get(key) or (difference, difference)
        return self.ranges.get(key) or (self.figure(key),) * 2

    def figure(self, key: str) -> float:
        """One of the variant's figures by its key (:data:`FIGURES`): an address space's
        CPU, the total, the share of the LPAR or the MSU."""
        return self.by_space[key] if key in self.by_space else getattr(self, key)

    @property
    def name(self) -> str:
        return self.variant.name

    def basis(self, space: str) -> str:
        """What the figure of ``space`` is: :data:`MEASURED`, :data:`MEASURED_CHANGE` or
        :data:`MODELLED`."""
        if space not in self.measured:
            return MODELLED
        return MEASURED if self.variant.measured_in == self.name else MEASURED_CHANGE

    @property
    def modelled_total(self) -> float:
        """The sum of the contributions, CPU s/s: the total where the variant carries no
        measurement."""
        return sum(c.cpu_seconds_per_sec for c in self.contributions)

    @property
    def marked_contributions(self) -> tuple[Contribution, ...]:
        """The contributions whose marks the variant's figures carry: all, but in the
        variant measured those to a measured address space, which its figure does not
        read."""
        if self.variant.measured_in != self.name:
            return self.contributions
        return tuple(c for c in self.contributions if c.address_space not in self.measured)

    @property
    def headroom_pct(self) -> float:
        """The target share of the LPAR less this variant's share, in points of the LPAR:
        negative when over the target."""
        return self.variant.machine[TARGET] - self.lpar_busy_pct


@dataclass(frozen=True)
class PlanNote:
    """A note that applies, once however many calculators and variants give it: the
    calculators it is from (``plan`` for the plan's own) and the variants it applies in."""

    calculators: tuple[str, ...]
    text: str
    variants: tuple[str, ...]


@dataclass(frozen=True)
class PlanWarning:
    """A warning behind an evidence mark, once however many calculators and variants give
    it (:meth:`PlanResult.warnings`)."""

    kind: str
    text: str
    calculators: tuple[str, ...]
    variants: tuple[str, ...]


@dataclass(frozen=True)
class PlanResult:
    """Every variant evaluated, the first the baseline; and the notes that apply."""

    variants: tuple[VariantResult, ...]
    notes: tuple[PlanNote, ...]

    def warnings(self) -> list[PlanWarning]:
        """Every warning behind a mark of any variant, once, with the calculators (``plan``
        for a variant's own) and variants it holds in, in the order first met."""
        found: dict[tuple[str, str], tuple[dict, dict]] = {}
        for variant in self.variants:
            for calculator_id, caveat in variant.warnings:
                calculators, names = found.setdefault((caveat.kind, caveat.text), ({}, {}))
                calculators[calculator_id] = names[variant.name] = None
        return [PlanWarning(kind, text, tuple(calculators), tuple(names))
                for (kind, text), (calculators, names) in found.items()]

    @property
    def heading(self) -> str:
        """What the plan's figures are, as every face heads them."""
        if any(variant.measured for variant in self.variants):
            return "CPU by address space, as measured and as the calculators count"
        return "the CPU the calculators count, by address space"

    @cached_property
    def spaces(self) -> list[str]:
        """The address spaces any variant spends CPU in, in :data:`ADDRESS_SPACES` order
        (worked out once: each variant's table and difference reads it)."""
        used = {c.address_space for v in self.variants for c in v.contributions} | {
            space for v in self.variants for space in v.measured}
        return [space for space in ADDRESS_SPACES if space in used]

    def difference(self, variant: VariantResult) -> dict[str, float]:
        """``variant``'s figures less the baseline's: each address space, total, % of the
        LPAR and MSU."""
        base = self.variants[0]
        return {**{space: variant.by_space[space] - base.by_space[space]
                   for space in self.spaces},
                TOTAL: variant.total - base.total,
                "lpar_busy_pct": variant.lpar_busy_pct - base.lpar_busy_pct,
                "msu": variant.msu - base.msu}

    def ranges_json(self, variant: VariantResult, difference: bool) -> dict:
        """Low, likely and high of each figure of ``variant`` (each address space used,
        the total, the share and MSU), or of its difference from the first variant."""
        changes = self.difference(variant) if difference else None
        found = {}
        for key in (*self.spaces, TOTAL, *SHARE_OUTPUTS):
            likely = variant.figure(key) if changes is None else changes[key]
            low, high = variant.low_high(key, None if changes is None else likely)
            found[key] = {"low": low, "likely": likely, "high": high}
        return found

    def as_json(self, path: str) -> dict:
        """The plan's figures for ``mqcalc plan --json``."""
        spaces = self.spaces
        return {"plan": path, "units": {"cpu_seconds_per_sec": CPU_RATE_UNIT,
                                        "lpar_busy_pct": "% of LPAR", "msu": "MSU"},
                "address_spaces": {space: ADDRESS_SPACES[space] for space in spaces},
                "variants": [{
                    "name": v.name, "like": v.variant.like, "machine": v.variant.machine,
                    "cpu_seconds_per_sec": {**{s: v.by_space[s] for s in spaces},
                                            TOTAL: v.total},
                    "lpar_busy_pct": v.lpar_busy_pct, "msu": v.msu,
                    "headroom_pct": v.headroom_pct,
                    "difference": self.difference(v),
                    "ranges": self.ranges_json(v, False),
                    "difference_ranges": self.ranges_json(v, True),
                    "evidence": v.evidence,
                    "basis": {s: v.basis(s) for s in spaces},
                    "modelled_cpu_seconds_per_sec": {s: v.modelled[s] for s in spaces},
                    "measured": v.variant.measured, "measured_in": v.variant.measured_in,
                    "measured_cpu_seconds_per_sec": v.measured,
                    "change_from_measured": v.change,
                    "warnings": [{"calculator": calculator_id, **caveat.as_json()}
                                 for calculator_id, caveat in v.warnings],
                    "contributions": [{"calculator": c.calculator, "output": c.output,
                                       "address_space": c.address_space,
                                       "cpu_seconds_per_sec": c.cpu_seconds_per_sec,
                                       "evidence": list(c.evidence)}
                                      for c in v.contributions],
                    "inputs": v.variant.calculators,
                    "input_ranges": input_ranges(v.variant)}
                    for v in self.variants],
                "notes": [{"calculators": list(n.calculators), "variants": list(n.variants),
                           "text": n.text} for n in self.notes]}


def input_ranges(variant: Variant) -> dict[str, dict[str, dict]]:
    """The variant's inputs given as ranges: calculator id -> input -> its low, likely and
    high."""
    found = {}
    for calculator_id, texts in variant.ranges.items():
        specs = engine.calculator(calculator_id).inputs
        found[calculator_id] = {
            name: dict(zip(("low", "likely", "high"), as_span(specs[name], text, calculator_id)))
            for name, text in texts.items()}
    return found


def evaluate_plan(plan: Plan, ranges: bool = True) -> PlanResult:
    """Evaluate every calculator of every variant, add up their declared parts, and put
    each variant's measurement beneath them (see the module's docstring); then (unless not
    ``ranges``: the likely figures alone) the ranges the spreads give those figures
    (:func:`_ranges`)."""
    modelled = {variant.name: _modelled(variant) for variant in plan.variants}
    variants = tuple(_evaluate(variant, modelled) for variant in plan.variants)
    if ranges:
        variants = tuple(replace(variant, ranges=own, difference_ranges=difference)
                         for variant, (own, difference) in zip(variants, _ranges(variants)))
    return PlanResult(variants, _notes(variants))


FIGURES = (*ADDRESS_SPACES, TOTAL, *SHARE_OUTPUTS)
"""A variant's figures that have a range: each address space, the total, its share of the
LPAR and its MSU."""


def _ranges(variants: tuple[VariantResult, ...]) -> list[tuple[dict, dict]]:
    """For each variant, the ranges of its figures and of their differences from the first
    variant: the plan worked out again at every corner of the spreads its calculators have
    (each spread once, however many calculators and variants share it: the z16 step is one
    doubt, low or high in all of them together), the least and most of each figure over
    those corners and the likely figures. Exact as the calculators' own ranges are, and
    joint: a difference is taken at one corner, never a low less another corner's high.
    An input given as a range is a doubt of its own, at its low or high end at each corner;
    the same range of the same input in several variants (one like another) is one doubt,
    at the same end in all of them, and different ranges are doubts apart."""
    ids = spread_ids(variants)
    doubts = list(given_ranges(variants))
    likely = [_values(variant, variant.by_space, variant.total) for variant in variants]
    seen = [[values] for values in likely]
    for corner in corner_figures(variants, ids, doubts):
        for figures, values in zip(seen, corner):
            figures.append(values)
    return [(_spans(figures), _spans([{key: value - base[key] for key, value in values.items()}
                                      for values, base in zip(figures, seen[0])]))
            for figures in seen]


def given_ranges(variants: tuple[VariantResult, ...]) -> dict[tuple[str, str, str], list[str]]:
    """Each input the variants give as a range, as (calculator id, input, range as written),
    each once: one doubt, however many variants have it -> those variants' names, in the
    plan's order."""
    found: dict[tuple[str, str, str], list[str]] = {}
    for variant in variants:
        for calculator_id, texts in variant.variant.ranges.items():
            for name, text in texts.items():
                found.setdefault((calculator_id, name, text), []).append(variant.name)
    return found


def spread_ids(variants: tuple[VariantResult, ...]) -> list[str]:
    """The spread constants of the variants' calculators, each once, in the order met."""
    return list(dict.fromkeys(constant.id for variant in variants
                              for calculator_id in variant.results
                              for constant in engine.calculator(calculator_id).spreads))


def corner_figures(variants: tuple[VariantResult, ...], ids: list[str],
                   doubts: list[tuple[str, str, str]] = ()) -> list[list[dict]]:
    """At each corner of the spread constants ``ids`` and the inputs given as ranges
    ``doubts`` ((calculator, input, range as written)), the first slowest and the low end
    first, each variant's figures (:data:`FIGURES`), the plan worked out again there: what
    the plan workbook's corners store (:mod:`calc.workbook.report_ranges`)."""
    found = []
    count = len(ids) + len(doubts)
    for ends in product((0, 1), repeat=count) if count else ():
        corner = dict(zip(ids, ends))
        chosen = dict(zip(doubts, ends[len(ids):]))
        parts = {variant.name: _corner_parts(variant, corner, chosen) for variant in variants}
        own = {name: _space_sums(found) for name, found in parts.items()}
        row = []
        for variant in variants:
            by_space, total, *_ = _figures(variant.variant, parts[variant.name],
                                           own.get(variant.variant.measured_in))
            row.append(_values(variant, by_space, total))
        found.append(row)
    return found


def _values(variant: VariantResult, by_space: dict[str, float], total: float) -> dict:
    """A variant's figures by :data:`FIGURES`, for its CPU by address space and total."""
    return {**by_space, TOTAL: total,
            **dict(zip(SHARE_OUTPUTS, machine_shares(total, variant.variant.machine)))}


def _spans(figures: list[dict]) -> dict[str, tuple[float, float]]:
    """Each key whose values differ -> its (least, most)."""
    ends = {key: (min(f[key] for f in figures), max(f[key] for f in figures)) for key in FIGURES}
    return {key: (low, high) for key, (low, high) in ends.items() if low != high}


def _corner_parts(variant: VariantResult, corner: dict[str, int],
                  chosen: dict[tuple[str, str, str], int]) -> list[tuple[str, float]]:
    """Each declared part of the variant's calculators at one corner of the spreads
    (``corner``: constant id -> end) and of the inputs given as ranges (``chosen``:
    (calculator, input, range as written) -> end), as (address space, CPU s/s), in the order
    :func:`_modelled` adds them up."""
    found = []
    for calculator_id, result in variant.results.items():
        own = variant.variant.ranges.get(calculator_id, {})
        specs = engine.calculator(calculator_id).inputs
        inputs = {**result.inputs, **{
            name: as_span(specs[name], text, calculator_id)[2 * chosen[calculator_id, name, text]]
            for name, text in own.items()}}
        outputs = engine.outputs_at(calculator_id, inputs, corner)
        found += [(part.address_space, outputs[part.output]) for part in _parts(calculator_id)]
    return found


def _space_sums(parts: list[tuple[str, float]]) -> dict[str, float]:
    """The parts' sum by address space: every address space, 0 where nothing is spent."""
    by_space = dict.fromkeys(ADDRESS_SPACES, 0)
    for space, value in parts:
        by_space[space] += value
    return by_space


def _figures(variant: Variant, parts: list[tuple[str, float]],
             measured_in: dict[str, float] | None) -> tuple[dict, float, dict, dict]:
    """The variant's CPU by address space and its total, from its calculators' ``parts``
    and the sums by address space of the variant its measurement is from
    (``measured_in``); with what it measured and the calculators' change from that."""
    own = _space_sums(parts)
    measured = measured_spaces(variant.measured)
    change = ({space: own[space] - measured_in[space] for space in measured}
              if measured else {})
    by_space = {space: measured[space] + change[space] if space in measured else own[space]
                for space in ADDRESS_SPACES}
    total = sum(by_space.values()) if measured else sum(value for _, value in parts)
    return by_space, total, measured, change


def _modelled(variant: Variant) -> tuple[dict[str, engine.Result], tuple[Contribution, ...],
                                         dict[str, float]]:
    """Each calculator's result, the contributions and their sums by address space."""
    results = {calculator_id: engine.run(calculator_id, inputs,
                                         variant.given_names(calculator_id))
               for calculator_id, inputs in variant.calculators.items()}
    contributions = tuple(
        Contribution(calculator_id, part.output, part.address_space,
                     result.outputs[part.output], tuple(result.evidence[part.output]))
        for calculator_id, result in results.items()
        for part in _parts(calculator_id))
    return results, contributions, _space_sums(_parts_of(contributions))


def _parts_of(contributions: tuple[Contribution, ...]) -> list[tuple[str, float]]:
    return [(c.address_space, c.cpu_seconds_per_sec) for c in contributions]


def measured_spaces(figures: dict[str, float]) -> dict[str, float]:
    """Each address space the measured ``figures`` cover -> its CPU: its whole figure
    where given, else the sum of its parts in the templates' order."""
    known = measured_figures()
    wholes = {figure.address_space for name, figure in known.items()
              if name in figures and figure.whole}
    found: dict[str, float] = {}
    for name, figure in known.items():
        if name in figures and figure.whole == (figure.address_space in wholes):
            found[figure.address_space] = found.get(figure.address_space, 0) + figures[name]
    return {space: found[space] for space in ADDRESS_SPACES if space in found}


def _evaluate(variant: Variant, modelled: dict[str, tuple]) -> VariantResult:
    results, contributions, own = modelled[variant.name]
    by_space, total, measured, change = _figures(
        variant, _parts_of(contributions),
        modelled[variant.measured_in][2] if variant.measured_in else None)
    shares = machine_shares(total, variant.machine)
    own_caveats = [*_below_zero(measured, change),
                   *_share_caveats(variant, total, dict(zip(SHARE_OUTPUTS, shares)))]
    result = VariantResult(variant, results, contributions, by_space, total, *shares, {},
                           (), own, measured, change)
    marked = result.marked_contributions
    warnings = [(calculator_id, caveat) for calculator_id, calculated in results.items()
                for caveat in calculated.warnings
                if any((c.calculator, c.output) == (calculator_id, output)
                       for c in marked for output in caveat.outputs)]
    return replace(result, evidence=_marks(marked, own_caveats),
                   warnings=(*warnings, *(("plan", caveat) for caveat in own_caveats)))


def _below_zero(measured: dict[str, float], change: dict[str, float]) -> list[Caveat]:
    """A measured address space the calculators' change takes below nothing: the model's
    saving is more than the system measurably uses there."""
    return [Caveat(BEYOND_LIMIT, (space,), (TOTAL, *SHARE_OUTPUTS),
                   f"{space_label(space)}: the calculators' change ({change[space]:+.4f} "
                   f"{CPU_RATE_UNIT}) is a larger saving than the {measured[space]:.4f} "
                   f"{CPU_RATE_UNIT} measured, so the figure is below zero: the calculators' "
                   "figures do not fit this system's measurement")
            for space in measured if measured[space] + change[space] < 0]


def _marks(contributions: tuple[Contribution, ...], own: list[Caveat]) -> dict[str, list[str]]:
    """A variant's figures' marks (see :attr:`VariantResult.evidence`)."""
    marks = {kind for contribution in contributions for kind in contribution.evidence}
    found = {name: set(marks) for name in (TOTAL, *SHARE_OUTPUTS)}
    for caveat in own:
        for name in caveat.outputs:
            found[name].add(caveat.kind)
    return {name: [kind for kind in MARKS if kind in found[name]]
            for name in ("total", *SHARE_OUTPUTS)}


def _share_caveats(variant: Variant, total: float, shares: dict) -> list[Caveat]:
    """The variant's own caveats: its share and MSU read machine inputs the plan leaves to
    their defaults (assumed), and its share crosses a limit of the machine part."""
    caveats = []
    given = variant.machine_values()
    for name, tree in zip(SHARE_OUTPUTS, share_trees()):
        missing = [read for read in expr.names(tree) if read in variant.machine
                   and read not in given]
        if missing:
            defaults = ", ".join(f"{read}={variant.machine[read]}" for read in missing)
            caveats.append(Caveat(ASSUMED, tuple(missing), (name,),
                                  f"not given, so the machine part's defaults stand: "
                                  f"{defaults}"))
    values = {**variant.machine, RATE_NAME: total, **shares}
    for (_, note), code in zip(share_limits(), _limit_code()):
        if eval(code, dict(HELPERS), values):  # noqa: S307 - a checked tree
            caveats.append(Caveat(note["kind"], tuple(note["marks"]), tuple(note["marks"]),
                                  " ".join(note["text"].split())))
    return caveats


def _parts(calculator_id: str):
    spent = engine.calculator(calculator_id).cpu_spent
    return spent.parts if spent is not None else ()


def machine_shares(cpu_seconds_per_sec: float, machine: dict) -> tuple[float, ...]:
    """% of the LPAR and MSU of a CPU rate on ``machine``, by the machine part's formulas."""
    values = {**machine, RATE_NAME: cpu_seconds_per_sec}
    return tuple(eval(code, dict(HELPERS), values)  # noqa: S307 - a checked tree
                 for code in _share_code())


@cache
def share_outputs() -> dict[str, tuple[str, str, int]]:
    """The machine part's share outputs, each with its title, unit and decimals, as the part
    declares them (so a face shows them as the calculators do)."""
    outputs = Parts(parts_dir()).document(MACHINE_PART).data["outputs"]
    return {name: (outputs[name]["title"], outputs[name]["unit"],
                   outputs[name].get("decimals", 0)) for name in SHARE_OUTPUTS}


@cache
def share_trees() -> tuple:
    """The machine part's ``lpar_busy_pct`` and ``msu`` formulas as checked expression
    trees, for the engine to compile and the workbook to write; they may read only the CPU
    rate (:data:`RATE_NAME`) and the machine inputs."""
    part = Parts(parts_dir()).document(MACHINE_PART).data
    names = (RATE_NAME, *part["inputs"])
    scope = expr.Scope(dict.fromkeys(names, NUMBER), {}, {})
    return tuple(expr.parse(part["outputs"][name]["formula"], scope)[0]
                 for name in SHARE_OUTPUTS)


@cache
def share_limits() -> tuple:
    """The machine part's limits on the share of the LPAR (its notes of kind beyond_limit
    that mark a share output), each (checked condition tree, note as the part writes it), to
    judge a variant's total as a calculator's own share is judged (the engine compiles the
    trees, the workbook writes them)."""
    part = Parts(parts_dir()).document(MACHINE_PART).data
    scope = expr.Scope(dict.fromkeys((RATE_NAME, *part["inputs"], *SHARE_OUTPUTS), NUMBER),
                       {}, {})
    return tuple((expr.parse(note["when"], scope)[0], note)
                 for note in part["notes"] if note.get("kind") == BEYOND_LIMIT
                 and set(note["marks"]) & set(SHARE_OUTPUTS))


@cache
def _limit_code() -> tuple:
    """:func:`share_limits`' conditions, compiled."""
    return tuple(compile(to_python(tree), f"{MACHINE_PART}: {note['when']}", "eval")
                 for tree, note in share_limits())


@cache
def _share_code() -> tuple:
    """The machine part's share formulas (:func:`share_trees`), compiled."""
    return tuple(compile(to_python(tree), f"{MACHINE_PART}: {name}", "eval")
                 for name, tree in zip(SHARE_OUTPUTS, share_trees()))


@dataclass(frozen=True)
class NoteSource:
    """Where a plan's note may come from: the ``variant``-th variant (0-based), one of its
    calculators, and the number of the template's note (1-based), or None for a
    ``cpu_spent.overlaps`` warning, which holds whenever the other calculator is in the
    variant too."""

    variant: int
    calculator: str
    number: int | None


def note_sources(variants: tuple[VariantResult, ...]) -> dict[str, tuple[NoteSource, ...]]:
    """Every note the plan's variants could show, text -> where it may come from, whatever
    the inputs: variant by variant, calculator by calculator, a template's notes in its order
    then its overlap warnings. The notes that apply keep this order, so the workbook, which
    gathers them live from the same list, shows them as ``mqcalc plan`` prints them."""
    found: dict[str, list[NoteSource]] = {}
    for index, variant in enumerate(variants):
        for calculator_id in variant.results:
            calculator = engine.calculator(calculator_id)
            for number, note in enumerate(calculator.notes, start=1):
                found.setdefault(note.text, []).append(NoteSource(index, calculator_id, number))
            spent = calculator.cpu_spent
            for other, advice in (spent.overlaps if spent else ()):
                if other in variant.results:
                    found.setdefault(advice, []).append(NoteSource(index, calculator_id, None))
    return {text: tuple(sources) for text, sources in found.items()}


def applies(source: NoteSource, text: str, variants: tuple[VariantResult, ...]) -> bool:
    """Whether the note ``text`` holds where ``source`` says it may."""
    return source.number is None or text in variants[source.variant].results[
        source.calculator].said


def _notes(variants: tuple[VariantResult, ...]) -> tuple[PlanNote, ...]:
    """Every note that applies, once, with the calculators and variants it comes from: each
    calculator's own, and a template's warning where another calculator the variant uses
    may count the same CPU, in the order of :func:`note_sources`."""
    notes = []
    for text, sources in note_sources(variants).items():
        holding = [source for source in sources if applies(source, text, variants)]
        if holding:
            notes.append(PlanNote(
                _in_order([source.calculator for source in sources],
                          {source.calculator for source in holding}), text,
                tuple(dict.fromkeys(variants[source.variant].name for source in holding))))
    return tuple(notes)


def _in_order(every: list[str], kept: set[str]) -> tuple[str, ...]:
    """The names of ``every`` that are in ``kept``, once each, in the order they first come
    in ``every``: an order fixed by the plan, not by which notes hold."""
    return tuple(name for name in dict.fromkeys(every) if name in kept)
