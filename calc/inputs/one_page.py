"""The one-page report of a plan (``mqcalc report PLAN``): what a manager reads, gathered
from the plan's evaluation (:mod:`calc.inputs.plan_run`), its runway
(:mod:`calc.inputs.runway`) and, where SMF data is given, the rolling four-hour average
before and after its changes (:mod:`calc.inputs.smf.plan_change`).

Nothing here is a figure of its own: every number is one the plan's evaluation gives (the
figures ``mqcalc plan --json`` prints), or that number times the price given. The page is
data; :mod:`calc.cli.report_markdown` writes it as Markdown, and HTML from that.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from calc import engine
from calc.core.model import ASSUMED, MARKS, Citation, space_label
from calc.engine.evidence import UNMARKED, WORDS, cited_pages
from calc.engine.explain import moving_spreads
from calc.inputs.plan import machine_inputs
from calc.inputs.plan_run import (HEADROOM, TARGET, TOTAL, PlanResult, VariantResult,
                                  given_ranges, share_outputs)
from calc.inputs.runway import PLAN, Runway, month_label
from calc.inputs.smf.plan_change import After, after_figures
from calc.inputs.smf.rolling import Rolling, cost, in_msu
from calc.template.documents import registry

ROWS = (TOTAL, "lpar_busy_pct", "msu", "headroom", "cost", "r4ha_cpu", "r4ha_msu",
        "r4ha_cost")
"""The rows a page may have, in order: the plan's CPU, share, MSU, headroom and cost at its
load; the LPAR's peak rolling four-hour average from SMF in CPU, MSU and cost."""
DRIVERS = 3
"""How many of a variant's largest changes the page names."""


@dataclass(frozen=True)
class Figure:
    """A figure as low, likely and high (the three the same where nothing spreads it)."""

    low: float
    likely: float
    high: float

    def times(self, factor: float) -> Figure:
        return Figure(self.low * factor, self.likely * factor, self.high * factor)


@dataclass(frozen=True)
class Row:
    """One line of the page's table: each variant's figure and each later variant's change
    from the first (None where the figure is not known, such as MSU without an MSU per
    processor)."""

    key: str
    """What the row is (:data:`ROWS`)."""
    title: str
    unit: str
    decimals: int
    values: tuple[Figure | None, ...]
    changes: tuple[Figure | None, ...]


@dataclass(frozen=True)
class Driver:
    """One of the largest parts of a variant's change: a calculator's declared CPU output
    in an address space, its change and its share of the variant's whole change."""

    variant: str
    calculator: str
    output: str
    address_space: str
    change: float
    share_pct: float | None


@dataclass(frozen=True)
class LimitRow:
    """A limit some variant crosses, and when in each variant: ``now``, a month
    (``YYYY-MM``), or empty where it is not crossed within the runway."""

    source: str
    kind: str
    text: str
    when: tuple[str, ...]


@dataclass(frozen=True)
class Ground:
    """What some of the figures rest on: a mark's meaning and the figures that carry it."""

    mark: str
    """An evidence mark, or empty for the figures with none."""
    meaning: str
    figures: tuple[str, ...]


@dataclass(frozen=True)
class Source:
    """An assumption the figures make, and the document and pages it comes from."""

    what: str
    where: str


@dataclass(frozen=True)
class OnePage:
    """The one-page report's content."""

    plan: str
    made: date
    variants: tuple[str, ...]
    rows: tuple[Row, ...]
    drivers: tuple[Driver, ...]
    limits: tuple[LimitRow, ...]
    runway: Runway
    grounds: tuple[Ground, ...]
    sources: tuple[Source, ...]
    msu_price: float | None
    measured: Measured | None = None
    """The LPAR's rolling four-hour average from SMF, before and after the plan (None:
    no SMF data was given)."""


@dataclass(frozen=True)
class Measured:
    """What SMF data says of the plan's LPAR: its name, its queue managers, the hours of
    data, and the plan's queue manager."""

    lpar: str
    qmgrs: tuple[str, ...]
    hours: float
    qmgr: str
    at_load_from: str


def figure(variant: VariantResult, key: str) -> Figure:
    """A variant's figure (:data:`calc.inputs.plan_run.FIGURES`) with its range."""
    low, high = variant.low_high(key)
    return Figure(low, variant.figure(key), high)


def change(result: PlanResult, variant: VariantResult, key: str) -> Figure:
    """A variant's change of figure ``key`` from the first variant, with its range."""
    likely = result.difference(variant)[key]
    low, high = variant.low_high(key, likely)
    return Figure(low, likely, high)


def one_page(result: PlanResult, plan: str, runway: Runway, made: date,
             msu_price: float | None = None,
             smf: tuple[After, Rolling, float | None] | None = None) -> OnePage:
    """The page for ``result`` (read from ``plan``), its ``runway``, made on ``made``; with
    ``msu_price`` (an MSU a month, the planner's currency), the MSU as money; with ``smf``
    (the plan laid over its queue manager's series, the LPAR's rolling average as measured,
    and the LPAR's MSU per processor) the rolling average before and after."""
    rows = _rows(result, msu_price)
    measured = None
    if smf is not None:
        after, today, msu_per_cp = smf
        rows += _rolling_rows(after, today, msu_per_cp, msu_price)
        measured = Measured(today.lpar, today.qmgrs, today.data.total_seconds() / 3600,
                            after.series.qmgr, after.changes[0][0].at_load_from)
    return OnePage(plan, made, tuple(v.name for v in result.variants), tuple(rows),
                   tuple(drivers(result)), tuple(_limits(result, runway)), runway,
                   tuple(_grounds(result)), tuple(_sources(result)), msu_price, measured)


def _rolling_rows(after: After, today: Rolling, msu_per_cp: float | None,
                  msu_price: float | None) -> list[Row]:
    """The LPAR's peak rolling four-hour average today and after each variant: in CPU s/s,
    in MSU and in money where known."""
    figures = [after_figures(change, rolled, today, msu_per_cp, msu_price)
               for change, rolled in after.changes]
    today_msu = in_msu(today.peak_cpu, msu_per_cp)
    rows = []
    average = f"{today.lpar} peak 4-hour average"
    for row, title, unit, decimals, now, key, change_key in (
            ("r4ha_cpu", average, "CPU s/s", 4, today.peak_cpu, "r4ha_cpu_seconds_per_sec",
             "r4ha_change_cpu_seconds_per_sec"),
            ("r4ha_msu", average, "MSU", 1, today_msu, "r4ha_msu", "r4ha_msu_change"),
            ("r4ha_cost", f"{average}, cost a month", f"at {msu_price:g} an MSU"
             if msu_price is not None else "", 0,
             cost(today.peak_cpu, msu_per_cp, msu_price),
             "r4ha_cost_per_month", "r4ha_cost_change_per_month")):
        if row == "r4ha_cost" and msu_price is None:
            continue
        rows.append(Row(row, title, unit, decimals,
                        (None if now is None else Figure(now, now, now),
                         *(_three(each[key]) for each in figures)),
                        tuple(_three(each[change_key]) for each in figures)))
    return rows


def _three(values: list[float] | None) -> Figure | None:
    """[low, likely, high] as a figure, or None where not known."""
    return None if values is None else Figure(*values)


def _rows(result: PlanResult, msu_price: float | None) -> list[Row]:
    """The plan's own rows: CPU, share of the LPAR, MSU, headroom to the target share and,
    with a price, the cost a month at the plan's load; each variant's with its range, each
    change with its."""
    rows = {TOTAL: Row(TOTAL, "MQ's CPU", "CPU s/s", 4, *_figures(result, TOTAL))}
    for key, (title, unit, decimals) in share_outputs().items():
        rows[key] = Row(key, title, unit, decimals, *_figures(result, key))
    share = rows["lpar_busy_pct"]
    targets = [variant.variant.machine[TARGET] for variant in result.variants]
    rows["headroom"] = Row("headroom", HEADROOM, "points", 2,
                           tuple(Figure(target - f.high, target - f.likely, target - f.low)
                                 for target, f in zip(targets, share.values)),
                           tuple(Figure(-f.high, -f.likely, -f.low) for f in share.changes))
    if msu_price is not None:
        msu = rows["msu"]
        rows["cost"] = Row("cost", "Cost a month at this load", f"at {msu_price:g} an MSU", 0,
                           tuple(f and f.times(msu_price) for f in msu.values),
                           tuple(f and f.times(msu_price) for f in msu.changes))
    return list(rows.values())


def _figures(result: PlanResult, key: str) -> tuple[tuple, tuple]:
    """Each variant's figure ``key`` and each later one's change; MSU is None where the
    variant's machine gives no MSU per processor."""
    def known(variant: VariantResult) -> bool:
        return key != "msu" or bool(variant.variant.machine.get("msu_per_cp"))

    base = result.variants[0]
    return (tuple(figure(v, key) if known(v) else None for v in result.variants),
            tuple(change(result, v, key) if known(v) and known(base) else None
                  for v in result.variants[1:]))


def drivers(result: PlanResult) -> list[Driver]:
    """Each later variant's :data:`DRIVERS` largest changes from the first, by declared
    output: the contributions' CPU in the variant less in the first (0 where one has no
    such contribution), the largest by size first."""
    base = result.variants[0]
    found = []
    for variant in result.variants[1:]:
        before = {(c.calculator, c.output, c.address_space): c.cpu_seconds_per_sec
                  for c in base.contributions}
        after = {(c.calculator, c.output, c.address_space): c.cpu_seconds_per_sec
                 for c in variant.contributions}
        whole = variant.total - base.total
        changes = {key: after.get(key, 0.0) - before.get(key, 0.0)
                   for key in {**before, **after}}
        largest = sorted((key for key in changes if changes[key]),
                         key=lambda key: -abs(changes[key]))[:DRIVERS]
        for calculator_id, output, space in largest:
            calculator = engine.calculator(calculator_id)
            found.append(Driver(variant.name, calculator.title,
                                calculator.outputs[output].title, space_label(space),
                                changes[calculator_id, output, space],
                                100 * changes[calculator_id, output, space] / whole
                                if whole else None))
    return found


def _limits(result: PlanResult, runway: Runway) -> list[LimitRow]:
    """Each limit any variant crosses within the runway, with when in each variant."""
    rows: dict[tuple[str, str, str], dict[str, str]] = {}
    for crossing in sorted(runway.crossings, key=lambda c: c.month):
        when = rows.setdefault((crossing.source, crossing.kind, crossing.text), {})
        when[crossing.variant] = ("now" if crossing.month == 0
                                  else month_label(runway.start, crossing.month))
    return [LimitRow(source, kind, text, tuple(when.get(v.name, "") for v in result.variants))
            for (source, kind, text), when in rows.items()]


def _named(variants: list[str], every: int, before: str = " (") -> str:
    """`` (in A, B`` where not every variant has it (then ``)`` where ``before`` opens
    it)."""
    if len(variants) == every:
        return ""
    return f"{before}in {', '.join(variants)}" + (")" if before.endswith("(") else "")


def _grounds(result: PlanResult) -> list[Ground]:
    """What the figures rest on: the planner's measurements, then each contribution by its
    marks (none: IBM's measurement at its configuration, or the planner's own inputs), then
    the inputs nobody gave."""
    every = len(result.variants)
    grounds = []
    measured: dict[str, list[str]] = {}
    for variant in result.variants:
        for space in variant.measured:
            measured.setdefault(space_label(space), []).append(variant.name)
    if measured:
        grounds.append(Ground("measured", "your own measurement (SMF, RMF), the changes "
                              "added to it", tuple(f"{space}{_named(names, every)}"
                                                   for space, names in measured.items())))
    ranged = given_ranges(result.variants)
    if ranged:
        grounds.append(Ground("ranges", "your inputs given as ranges, each taken at both ends",
                              tuple(f"{_title(calculator_id)}: "
                                    f"{_input_title(calculator_id, name)} {text} "
                                    f"{engine.calculator(calculator_id).inputs[name].unit}"
                                    f"{_named(names, every)}"
                                    for (calculator_id, name, text), names in ranged.items())))
    by_mark: dict[str, dict[str, dict[str, dict[str, None]]]] = {
        mark: {} for mark in ("", *MARKS)}
    for variant in result.variants:
        for c in variant.contributions:
            if not c.cpu_seconds_per_sec:
                continue
            for mark in [m for m in c.evidence if m != ASSUMED] or [""]:
                spaces, names = by_mark[mark].setdefault(c.calculator, ({}, {}))
                spaces[c.address_space] = names[variant.name] = None
    for mark, calculators in by_mark.items():
        if calculators and mark != ASSUMED:
            grounds.append(Ground(mark, WORDS[mark] if mark else UNMARKED, tuple(
                f"{engine.calculator(calculator_id).title} ({', '.join(spaces)}"
                f"{_named(list(names), every, '; ')})"
                for calculator_id, (spaces, names) in calculators.items())))
    assumed: dict[tuple[str, str], list[str]] = {}
    for variant in result.variants:
        for calculator_id, caveat in variant.warnings:
            if caveat.kind == ASSUMED:
                for name in caveat.about:
                    held = assumed.setdefault((calculator_id, name), [])
                    if variant.name not in held:
                        held.append(variant.name)
    if assumed:
        by_calculator: dict[str, list[str]] = {}
        for (calculator_id, name), names in assumed.items():
            by_calculator.setdefault(calculator_id, []).append(
                f"{_input_title(calculator_id, name)}{_named(names, every)}")
        grounds.append(Ground(ASSUMED, "defaults nobody confirmed", tuple(
            f"{_title(calculator_id)}: {', '.join(inputs)}"
            for calculator_id, inputs in by_calculator.items())))
    return grounds


def _title(calculator_id: str) -> str:
    """A calculator's title, or the machine's for the plan's own figures."""
    return "The machine" if calculator_id == PLAN else engine.calculator(calculator_id).title


def _input_title(calculator_id: str, name: str) -> str:
    """An input's title, the machine's inputs' for the plan's own."""
    inputs = machine_inputs() if calculator_id == PLAN else engine.calculator(calculator_id).inputs
    return inputs[name].title if name in inputs else name


def where(citation: Citation) -> str:
    """A citation as a manager looks it up: the document's title and the pages."""
    document = registry().get(citation.file)
    title = document.title if document else citation.file
    return ", ".join([title, *cited_pages(citation.passage)])


def _sources(result: PlanResult) -> list[Source]:
    """Every spread that moves a contribution of the plan and every warning with a source,
    once each, with where it comes from."""
    found: dict[tuple[str, str], None] = {}
    for variant in result.variants:
        for calculator_id, calculated in variant.results.items():
            calculator = engine.calculator(calculator_id)
            outputs = {c.output for c in variant.contributions
                       if c.calculator == calculator_id}
            moving = moving_spreads(calculator, outputs, calculated.inputs)
            for constant in calculator.spreads:
                if constant.id in moving:
                    low, high = constant.spread
                    found[(f"{constant.title}: {low:g} to {high:g} {constant.unit}, likely "
                           f"{constant.value:g}", where(constant.citation))] = None
        for _, caveat in variant.warnings:
            if caveat.citation is not None:
                found[(caveat.text, where(caveat.citation))] = None
    return [Source(what, at) for what, at in found]

