"""A plan's runway: at a growth rate a year, the month each variant's work first crosses a
limit its calculators declare, or first leaves what IBM measured.

Growth compounds: after ``m`` months every volume of work is ``(1 + growth/100) ** (m/12)``
times today's, where a volume is each calculator input the templates mark ``grows`` (a
rate such as connects a second, or a count in an interval) and each measured CPU figure of a
variant (the CPU the system measurably used grows with the work it does: a generic
scaling, which the runway says). A whole-number input is rounded to the nearest whole.
Everything else (the machine, the settings, the sizes chosen) stays as the plan gives it.

The limits are the warnings the evaluation itself gives (:mod:`calc.engine.evidence`): each
calculator's notes of kind ``beyond_limit`` (adapters over 100% busy, a structure too
small, …) and ``extrapolated`` (an input outside the range IBM measured), and the plan's
own limits (the variant's total share of the LPAR over its target, over 100%). A
calculator's own share of the LPAR is left to the plan's total, which crosses first. A limit
is known by where it is declared and its sentence, which the templates write once. The plan
is evaluated month by month, from the start month (month 0, where a limit already crossed
is "now") to the horizon, and each limit's first month is kept: no limit is assumed to be
crossed once and for good, and no interpolation is made between months.

Where a growing input would pass the largest value its calculator takes, the runway stops
there and says so: past it the calculators give no figure.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from calc import engine
from calc.core.formatting import format_value
from calc.core.model import BEYOND_LIMIT, EXTRAPOLATED
from calc.inputs.plan import Plan, Variant
from calc.inputs.plan_run import evaluate_plan, share_limits

LIMIT_KINDS = (BEYOND_LIMIT, EXTRAPOLATED)
"""The warnings a runway dates: a limit crossed, and a figure past what IBM measured."""
YEARS = 10
"""How far ahead a runway looks unless told: ten years of monthly steps."""
MOST_YEARS = 30
"""The furthest a runway looks."""
MOST_GROWTH = 1000
"""The largest growth a runway takes, % a year: eleven times the work each year."""
MONTHS_A_YEAR = 12
PLAN = "plan"
"""The source of a limit of the variant's own figures (its total share of the LPAR)."""


@dataclass(frozen=True)
class Crossing:
    """One limit a variant crosses: where it is declared, its kind, what it is about, the
    warning's sentence and the first month it holds (0: already at the start)."""

    variant: str
    source: str
    """The calculator that declares the limit, or :data:`PLAN` for the variant's own."""
    kind: str
    about: tuple[str, ...]
    text: str
    month: int

    def as_json(self, start: date) -> dict:
        return {"variant": self.variant, "source": self.source, "kind": self.kind,
                "about": list(self.about), "text": self.text, "month": self.month,
                "date": month_label(start, self.month)}


@dataclass(frozen=True)
class Runway:
    """The crossings of every variant of a plan growing at ``growth_pct`` a year from the
    month of ``start``, looked for over ``months`` months."""

    growth_pct: float
    start: date
    months: int
    crossings: tuple[Crossing, ...]
    stopped: str = ""
    """Why the months after :attr:`months` were not looked at (empty: the horizon was
    reached)."""

    def of(self, variant: str) -> tuple[Crossing, ...]:
        """``variant``'s crossings, the soonest first."""
        return tuple(sorted((c for c in self.crossings if c.variant == variant),
                            key=lambda c: c.month))

    def as_json(self) -> dict:
        return {"growth_pct_a_year": self.growth_pct, "start": self.start.isoformat(),
                "months_checked": self.months, "until": month_label(self.start, self.months),
                "stopped": self.stopped,
                "crossings": [c.as_json(self.start) for c in self.crossings]}


def month_label(start: date, months: int) -> str:
    """The month ``months`` after the month of ``start``, as ``YYYY-MM``."""
    index = start.year * MONTHS_A_YEAR + start.month - 1 + months
    return f"{index // MONTHS_A_YEAR:04d}-{index % MONTHS_A_YEAR + 1:02d}"


def factor(growth_pct: float, months: int) -> float:
    """How many times today's volumes after ``months`` months of ``growth_pct`` a year,
    compounded."""
    return (1 + growth_pct / 100) ** (months / MONTHS_A_YEAR)


def runway(plan: Plan, growth_pct: float, start: date, years: int = YEARS) -> Runway:
    """Every variant of ``plan`` grown month by month (see the module's docstring) and the
    first month of each limit it crosses."""
    shared = {" ".join(note["text"].split()) for _, note in share_limits()}
    found: dict[tuple, Crossing] = {}
    last = years * MONTHS_A_YEAR
    for month in range(last + 1):
        scale = factor(growth_pct, month)
        outside = [(variant.name, *edge) for variant in plan.variants
                   for edge in _past_domain(variant, scale)]
        if outside:
            name, calculator_id, spec = outside[0]
            most = f"{format_value(float(spec.max), spec.decimals)} {spec.unit}"
            text = f"{spec.title} would pass {most}, the most the calculator takes"
            crossing = Crossing(name, calculator_id, BEYOND_LIMIT, (spec.id,),
                                f"{text}: the runway stops here.", month)
            return Runway(growth_pct, start, month - 1, (*found.values(), crossing),
                          f"{name}: {calculator_id}: {text}")
        result = evaluate_plan(Plan(tuple(grown(variant, scale) for variant in plan.variants)),
                               ranges=False)
        for variant in result.variants:
            warnings = [*((calculator_id, caveat)
                          for calculator_id, calculated in variant.results.items()
                          for caveat in calculated.warnings if caveat.text not in shared),
                        *((source, caveat) for source, caveat in variant.warnings
                          if source == PLAN and caveat.text in shared)]
            for source, caveat in warnings:
                if caveat.kind in LIMIT_KINDS:
                    found.setdefault((variant.name, source, caveat.kind, caveat.text),
                                     Crossing(variant.name, source, caveat.kind,
                                              caveat.about, caveat.text, month))
    return Runway(growth_pct, start, last, tuple(found.values()))


def crossed_now(plan: Plan, start: date) -> Runway:
    """The limits ``plan`` crosses as it is, at the month of ``start``: no growth and no
    month ahead."""
    return runway(plan, 0, start, 0)


def grown(variant: Variant, scale: float) -> Variant:
    """``variant`` with every volume of work ``scale`` times as large (inputs marked
    ``grows``, a whole number rounded; measured CPU figures)."""
    calculators = {}
    for calculator_id, inputs in variant.calculators.items():
        specs = engine.calculator(calculator_id).inputs
        calculators[calculator_id] = {
            name: _scaled(specs[name].type, value, scale) if specs[name].grows else value
            for name, value in inputs.items()}
    return replace(variant, calculators=calculators,
                   measured={name: value * scale for name, value in variant.measured.items()})


def _scaled(kind: str, value, scale: float):
    return round(value * scale) if kind == "int" else value * scale


def _past_domain(variant: Variant, scale: float) -> list[tuple[str, object]]:
    """Each (calculator id, input) whose value grown by ``scale`` would pass the largest
    value the calculator takes."""
    return [(calculator_id, spec)
            for calculator_id, inputs in variant.calculators.items()
            for spec in engine.calculator(calculator_id).inputs.values()
            if spec.grows and spec.max is not None and spec.id in inputs
            and _scaled(spec.type, inputs[spec.id], scale) > spec.max]
