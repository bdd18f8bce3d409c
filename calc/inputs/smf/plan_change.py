"""A plan's change laid over one queue manager's measured series, for the rolling four-hour
average after it (:mod:`calc.inputs.smf.rolling`).

A plan gives each variant's CPU at one load, its baseline's; the series gives the CPU MQ
measurably used interval by interval. The change a variant makes (its total less the
baseline's, CPU s/s, with the low and high its spreads give) is taken to grow and shrink
with MQ's measured work: in an interval whose measured CPU is ``m``, the change is
``change x m / M``, where ``M`` is the measured CPU at the plan's load. So the queue
manager's CPU after the change is its measured CPU times ``1 + change / M`` in every
interval: a generic scaling, which every face says.

``M`` is the plan's own measurement where its baseline carries SMF's CPU figures (as
``mqcalc smf --out FILE --plan`` writes them, from the interval it chose), added up as the
series adds them; otherwise the plan is taken to be at the queue manager's busiest
interval, the one whose measured CPU is the highest (the interval ``--interval peak``
chooses where that is the ranking figure), and ``M`` is that interval's CPU.
"""
from __future__ import annotations

from dataclasses import dataclass

from calc.core.errors import MqcalcError
from calc.inputs.plan_run import TOTAL, PlanResult
from calc.inputs.smf.feeds import MEASURED
from calc.inputs.smf.rolling import Rolling, cost, cpu_figures, in_msu, rolling, spans
from calc.inputs.smf.series import Series

PLAN_MEASURED = "the plan's measured CPU"
BUSIEST = "the busiest interval's measured CPU"
"""Where the load the plan's figures are at comes from (:attr:`PlanChange.at_load_from`)."""


@dataclass(frozen=True)
class PlanChange:
    """One variant's change from the plan's baseline, as a factor on the queue manager's
    measured CPU."""

    variant: str
    msu_per_cp: float
    """The variant's machine's MSU per processor (0: the plan does not give it)."""
    change: tuple[float, float, float]
    """The variant's total less the baseline's, CPU s/s: low, likely, high."""
    at_load: float
    """``M``: the measured CPU at the plan's load, CPU s/s."""
    at_load_from: str
    """Where :attr:`at_load` comes from: :data:`PLAN_MEASURED` or :data:`BUSIEST`."""

    @property
    def factors(self) -> tuple[float, float, float]:
        """What the queue manager's measured CPU is multiplied by: low, likely, high."""
        return tuple(1 + change / self.at_load for change in self.change)


def plan_changes(result: PlanResult, each: Series, where: str) -> list[PlanChange]:
    """Each variant of ``result`` after the first, as a change to the series ``each``; a
    series with no measured CPU, or a plan whose load is no CPU, is refused naming
    ``where``."""
    at_load, source = _at_load(result, each, where)
    base = result.variants[0]
    found = []
    for variant in result.variants[1:]:
        likely = variant.total - base.total
        low, high = variant.low_high(TOTAL, likely)
        if 1 + low / at_load < 0:
            raise MqcalcError(f"{where}: {variant.name}'s change ({low:+.4g} CPU s/s) is a "
                              f"larger saving than the {at_load:.4g} CPU s/s measured at the "
                              "plan's load: the plan does not fit this queue manager")
        found.append(PlanChange(variant.name, variant.variant.machine.get("msu_per_cp", 0),
                                (low, likely, high), at_load, source))
    return found


def rolled_after(found: list[Series], each: Series,
                 change: PlanChange) -> tuple[Rolling, Rolling, Rolling]:
    """The rolling four-hour average of ``each``'s LPAR with ``change`` laid over ``each``
    (the other queue managers of the LPAR as measured), at the low, likely and high factor:
    each end exact, as a window's average only grows with the factor."""
    lpar = _of_lpar(found, each.lpar)
    return tuple(rolling(lpar, {(each.lpar, each.qmgr): factor})[0]
                 for factor in change.factors)


def _of_lpar(found: list[Series], lpar: str) -> list[Series]:
    """The series of the queue managers of ``lpar``: all that its rolling average reads."""
    return [each for each in found if each.lpar == lpar]


def _at_load(result: PlanResult, each: Series, where: str) -> tuple[float, str]:
    """``M`` and where it comes from (see the module's docstring)."""
    fed = {name.removeprefix(f"{MEASURED}.") for name in cpu_figures()}
    own = result.variants[0].variant.measured
    if fed & set(own):
        at_load = sum(value for name, value in own.items() if name in fed)
        if at_load > 0:
            return at_load, PLAN_MEASURED
    parts = spans(each)
    if not parts or max(part.cpu for part in parts) <= 0:
        raise MqcalcError(f"{where}: {each.qmgr} on {each.lpar} has no measured CPU in its "
                          "intervals, so the plan's change has nothing to scale with")
    if fed & set(own):
        raise MqcalcError(f"{where}: the plan's baseline measured no CPU in SMF's figures "
                          f"({', '.join(sorted(fed & set(own)))} are 0), so its change "
                          "cannot be scaled to the intervals")
    return max(part.cpu for part in parts), BUSIEST


@dataclass(frozen=True)
class After:
    """A plan's changes laid over one queue manager's series: each change, and its LPAR's
    rolling average after it at the low, likely and high factor."""

    plan: str
    series: Series
    changes: tuple[tuple[PlanChange, tuple[Rolling, Rolling, Rolling]], ...]
    msu_per_cp: float
    """The plan's baseline machine's MSU per processor (0: not given)."""


def laid_over(result: PlanResult, plan: str, found: list[Series], qmgr: str,
              where: str) -> After:
    """The plan ``result`` (read from ``plan``) laid over the one series of ``qmgr`` among
    ``found``; a queue manager of that name on more than one LPAR is refused naming
    ``where``."""
    mine = [each for each in found if each.qmgr.upper() == qmgr.upper()]
    if not mine:
        known = ", ".join(sorted({each.qmgr for each in found})) or "none"
        raise MqcalcError(f"{where}: --qmgr {qmgr}: not in the data (it has {known})")
    if len(mine) > 1:
        lpars = ", ".join(each.lpar for each in mine)
        raise MqcalcError(f"{where}: the plan is one queue manager's; --qmgr {qmgr} is on "
                          f"{len(mine)} LPARs ({lpars}): a store or folder of one of them")
    changes = plan_changes(result, mine[0], where)
    return After(plan, mine[0],
                 tuple((change, rolled_after(found, mine[0], change)) for change in changes),
                 result.variants[0].variant.machine.get("msu_per_cp", 0))


def today_of(after: After, found: list[Series]) -> Rolling:
    """The rolling average of the LPAR ``after`` changes, as measured."""
    return rolling(_of_lpar(found, after.series.lpar))[0]


def after_figures(change: PlanChange, rolled: tuple[Rolling, ...], today: Rolling,
                  msu_per_cp: float | None, msu_price: float | None) -> dict:
    """The LPAR's peak after ``change`` and its change from ``today``'s, each [low, likely,
    high]: in CPU s/s; in MSU at the variant's MSU per processor (else the LPAR's) and the
    change from today's at the LPAR's; and in money a month at ``msu_price``; None where
    the MSU per processor or the price is not known."""
    msu = change.msu_per_cp or msu_per_cp
    peaks = [each.peak_cpu for each in rolled]
    before = in_msu(today.peak_cpu, msu_per_cp)
    in_msu_after = [in_msu(peak, msu) for peak in peaks] if msu else None
    msu_change = ([value - before for value in in_msu_after]
                  if in_msu_after and before is not None else None)
    priced = msu_price is not None
    return {"msu_per_cp": msu or None, "r4ha_cpu_seconds_per_sec": peaks,
            "r4ha_change_cpu_seconds_per_sec": [peak - today.peak_cpu for peak in peaks],
            "r4ha_msu": in_msu_after, "r4ha_msu_change": msu_change,
            "r4ha_cost_per_month": [cost(peak, msu, msu_price) for peak in peaks]
            if in_msu_after and priced else None,
            "r4ha_cost_change_per_month": [value * msu_price for value in msu_change]
            if msu_change and priced else None}
