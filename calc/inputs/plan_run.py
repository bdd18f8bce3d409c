"""A plan evaluated: each variant's CPU by address space, its share of the LPAR and its MSU,
and its difference from the first variant.

The arithmetic is kept to what a workbook can write as formulas over the calculator sheets:
each calculator is evaluated by the engine as ``mqcalc eval`` would; a variant's CPU is the
plain sum of the outputs the templates declare as parts (:mod:`calc.template.spending_section`), by
address space; its % of the LPAR and MSU are the machine part's own formulas
(``lpar_busy_pct``, ``msu``) applied to that sum. Nothing here is a figure of its own, so the
terminal calculator and the workbook can show a plan by reading :class:`PlanResult`.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache, cached_property

from calc import engine
from calc.core.model import ADDRESS_SPACES, ASSUMED, BEYOND_LIMIT, CPU_RATE_UNIT, MARKS, NUMBER
from calc.engine.evidence import Caveat
from calc.formula import expr
from calc.formula.emit_python import HELPERS, to_python
from calc.inputs.plan import Plan, Variant
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
HEADROOM = "Headroom to the target share"
"""How every face labels a variant's headroom (its share of the LPAR below ``TARGET``)."""
RATE_DECIMALS = 4
"""CPU s/s to 0.0001 of a processor: the decimals the calculators' CPU rates show, and
every face shows a plan's with."""


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
    (0 where nothing is spent)."""
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

    @property
    def name(self) -> str:
        return self.variant.name

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

    @cached_property
    def spaces(self) -> list[str]:
        """The address spaces any variant spends CPU in, in :data:`ADDRESS_SPACES` order
        (worked out once: each variant's table and difference reads it)."""
        used = {c.address_space for v in self.variants for c in v.contributions}
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
                    "evidence": v.evidence,
                    "warnings": [{"calculator": calculator_id, **caveat.as_json()}
                                 for calculator_id, caveat in v.warnings],
                    "contributions": [{"calculator": c.calculator, "output": c.output,
                                       "address_space": c.address_space,
                                       "cpu_seconds_per_sec": c.cpu_seconds_per_sec,
                                       "evidence": list(c.evidence)}
                                      for c in v.contributions],
                    "inputs": v.variant.calculators}
                    for v in self.variants],
                "notes": [{"calculators": list(n.calculators), "variants": list(n.variants),
                           "text": n.text} for n in self.notes]}


def evaluate_plan(plan: Plan) -> PlanResult:
    """Evaluate every calculator of every variant, and add up their declared parts."""
    variants = tuple(_evaluate(variant) for variant in plan.variants)
    return PlanResult(variants, _notes(variants))


def _evaluate(variant: Variant) -> VariantResult:
    results = {calculator_id: engine.run(calculator_id, inputs,
                                         variant.given_names(calculator_id))
               for calculator_id, inputs in variant.calculators.items()}
    contributions = tuple(
        Contribution(calculator_id, part.output, part.address_space,
                     result.outputs[part.output], tuple(result.evidence[part.output]))
        for calculator_id, result in results.items()
        for part in _parts(calculator_id))
    by_space = dict.fromkeys(ADDRESS_SPACES, 0)
    for contribution in contributions:
        by_space[contribution.address_space] += contribution.cpu_seconds_per_sec
    total = sum(c.cpu_seconds_per_sec for c in contributions)
    shares = machine_shares(total, variant.machine)
    warnings = [(calculator_id, caveat) for calculator_id, result in results.items()
                for caveat in result.warnings
                if any(part.output in caveat.outputs for part in _parts(calculator_id))]
    own = _share_caveats(variant, total, dict(zip(SHARE_OUTPUTS, shares)))
    return VariantResult(variant, results, contributions, by_space, total, *shares,
                         _marks(contributions, own), (*warnings, *(("plan", c) for c in own)))


def _marks(contributions: tuple[Contribution, ...], own: list[Caveat]) -> dict[str, list[str]]:
    """A variant's figures' marks (see :attr:`VariantResult.evidence`)."""
    total = {kind for contribution in contributions for kind in contribution.evidence}
    found = {name: set(total) for name in SHARE_OUTPUTS}
    for caveat in own:
        for name in caveat.outputs:
            found[name].add(caveat.kind)
    found["total"] = total
    return {name: [kind for kind in MARKS if kind in found[name]]
            for name in ("total", *SHARE_OUTPUTS)}


def _share_caveats(variant: Variant, total: float, shares: dict) -> list[Caveat]:
    """The variant's own caveats: its share and MSU read machine inputs the plan leaves to
    their defaults (assumed), and its share crosses a limit of the machine part."""
    caveats = []
    given = variant.machine_values()
    for name, tree in zip(SHARE_OUTPUTS, share_trees()):
        missing = [read for read in names_read(tree) if read in variant.machine
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


def names_read(tree) -> list[str]:
    """Every name a formula tree reads, once each, in the order first met."""
    return list(dict.fromkeys(node.id for node in ast.walk(tree) if isinstance(node, ast.Name)))


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
