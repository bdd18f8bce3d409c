"""What ``mqcalc smf series`` says of each LPAR's rolling four-hour average of MQ's measured
CPU (:mod:`calc.inputs.smf.rolling`), for a person and for ``--json``: its peak, in MSU
where the LPAR's MSU per processor is known, what that costs a month at the price given,
and its busiest hour; with ``--after PLAN``, the same after each change of the plan
(:mod:`calc.inputs.smf.plan_change`), as low, likely and high."""
from __future__ import annotations

from pathlib import Path

from calc.cli.text import shown_value, wrapped
from calc.core.formatting import signed, with_spread
from calc.core.terminal_text import printable
from calc.inputs.smf.plan_change import After, after_figures, laid_over
from calc.inputs.smf.rolling import Rolling, cost, in_msu
from calc.inputs.smf.series import Series

STAMP = "%Y-%m-%d %H:%M:%S"
ROLLING_HEADING = (
    "MQ's measured CPU by LPAR, rolling four-hour average (what monthly software",
    "charges are set by): the channel initiator's tasks and the applications' MQ",
    "calls; the queue manager's own (MSTR) is not in SMF's MQ records, so not counted")
PRICE_NOTE = (
    "  The cost is the peak's MSU at one price an MSU a month: IBM prices MSU in",
    "  tiers, each further MSU for less, so give the price your next MSU costs; MQ's",
    "  CPU that SMF does not give (MSTR) and the applications' own are not in it.")
AFTER_NOTE = (
    "The plan's change (each address space it counts, the queue manager's own "
    "included) is scaled interval by interval with the queue manager's measured CPU, "
    "against that CPU at the plan's load: a generic scaling. The other queue managers of "
    "the LPAR stay as measured.")


def after_plan(path: Path, found: list[Series], qmgr: str) -> After:
    """The plan file ``path`` read, evaluated and laid over the one series of ``qmgr``."""
    from calc.inputs.plan import load_plan
    from calc.inputs.plan_run import evaluate_plan

    return laid_over(evaluate_plan(load_plan(path)), str(path), found, qmgr,
                     f"smf series --after {path}")


def hours(span) -> str:
    """A length of time in hours, to the minute's hundredths of an hour."""
    return f"{span.total_seconds() / 3600:.2f} h"


def _msu(cpu: float, msu_per_cp: float | None) -> str:
    """``cpu`` in MSU for a person, after its CPU s/s; nothing without the MSU."""
    msu = in_msu(cpu, msu_per_cp)
    return "" if msu is None else f" ({shown_value(msu)} MSU)"


def lpar_text(each: Rolling, msu_per_cp: float | None, msu_price: float | None) -> list[str]:
    """One LPAR's rolling four-hour average at its peak, what it costs a month at the
    price given, and its busiest hour."""
    priced = ([] if msu_price is None else
              [f"      {_priced(each.peak_cpu, msu_per_cp, msu_price)}"])
    return [f"  {printable(each.lpar)} ({', '.join(map(printable, each.qmgrs))}), data for "
            f"{hours(each.data)}",
            f"    peak {shown_value(each.peak_cpu)} CPU s/s{_msu(each.peak_cpu, msu_per_cp)}",
            f"      in the four hours to {each.peak_end:{STAMP}} ({hours(each.covered)} "
            "with data)", *priced,
            f"    busiest hour from {each.hour_start:{STAMP}}: {shown_value(each.hour_cpu)} "
            f"CPU s/s{_msu(each.hour_cpu, msu_per_cp)}"]


def _priced(cpu: float, msu_per_cp: float | None, msu_price: float) -> str:
    """The peak's cost a month, or why there is none."""
    monthly = cost(cpu, msu_per_cp, msu_price)
    if monthly is None:
        return "no cost: no MSU per processor is given for this LPAR"
    return f"{shown_value(monthly)} a month at {shown_value(msu_price)} an MSU"


def _span(values, unit: str = "", sign: bool = False) -> str:
    """Likely (low–high) of three figures, for a person."""
    shown = with_spread(*(signed(shown_value(v)) if sign else shown_value(v) for v in values))
    return f"{shown} {unit}" if unit else shown


def after_text(after: After, today: Rolling, msu_per_cp: float | None,
               msu_price: float | None) -> list[str]:
    """Each change of the plan laid over the LPAR ``today`` is: the factor on the queue
    manager's CPU, the peak after it and its change, in MSU and money where known, and the
    busiest hour after it."""
    lines = []
    for change, rolled in after.changes:
        figures = after_figures(change, rolled, today, msu_per_cp, msu_price)
        lines += wrapped(f"after {change.variant} ", f"({after.plan}): "
                         f"{printable(after.series.qmgr)}'s measured CPU times "
                         f"{_span(change.factors)}, the plan's change "
                         f"{_span(change.change, 'CPU s/s', True)} against "
                         f"{shown_value(change.at_load)} CPU s/s at its load "
                         f"({change.at_load_from})", "    ")
        likely = rolled[1]
        lines += [*wrapped("peak ", _span(figures["r4ha_cpu_seconds_per_sec"], "CPU s/s")
                           + _also(figures["r4ha_msu"], "MSU"), " " * 6),
                  *wrapped("change ", _span(figures["r4ha_change_cpu_seconds_per_sec"],
                                            "CPU s/s", True)
                           + _also(figures["r4ha_msu_change"], "MSU", True), " " * 8),
                  f"        in the four hours to {likely.peak_end:{STAMP}} "
                  f"({hours(likely.covered)} with data)"]
        if figures["r4ha_cost_per_month"]:
            lines += wrapped("", f"{_span(figures['r4ha_cost_per_month'])} a month at "
                             f"{shown_value(msu_price)} an MSU"
                             + _also(figures["r4ha_cost_change_per_month"], "", True,
                                     "change "), " " * 8)
        lines.append(f"      busiest hour from {likely.hour_start:{STAMP}}: "
                     f"{shown_value(likely.hour_cpu)} CPU s/s")
    return lines


def _also(values, unit: str, sign: bool = False, label: str = "") -> str:
    """``, {label}{likely (low–high) unit}``, or nothing where ``values`` is None."""
    return "" if values is None else f", {label}{_span(values, unit, sign)}"


def lpar_document(each: Rolling, msu_per_cp: float | None, msu_price: float | None) -> dict:
    """One LPAR's rolling four-hour average for ``--json`` (MSU null without an MSU per
    processor, cost without ``--msu-price``)."""
    return {"lpar": each.lpar, "qmgrs": list(each.qmgrs),
            "r4ha_cpu_seconds_per_sec": each.peak_cpu,
            "r4ha_msu": in_msu(each.peak_cpu, msu_per_cp),
            "r4ha_cost_per_month": cost(each.peak_cpu, msu_per_cp, msu_price),
            "r4ha_window_end": each.peak_end.isoformat(),
            "r4ha_seconds_with_data": each.covered.total_seconds(),
            "busiest_hour": {"start": each.hour_start.isoformat(),
                             "cpu_seconds_per_sec": each.hour_cpu},
            "seconds_with_data": each.data.total_seconds()}


def _three(values) -> dict | None:
    return None if values is None else dict(zip(("low", "likely", "high"), values))


def after_documents(after: After, today: Rolling, msu_per_cp: float | None,
                    msu_price: float | None) -> list[dict]:
    """Each change of the plan laid over the LPAR, for ``--json``: low, likely and high of
    the factor, the plan's change, and each of :func:`after_figures` (null where not
    known)."""
    return [{"plan": after.plan, "qmgr": after.series.qmgr, "variant": change.variant,
             "factor": _three(change.factors),
             "plan_change_cpu_seconds_per_sec": _three(change.change),
             "at_load_cpu_seconds_per_sec": change.at_load,
             "at_load_from": change.at_load_from,
             **{key: value if key == "msu_per_cp" else _three(value) for key, value in
                after_figures(change, rolled, today, msu_per_cp, msu_price).items()},
             "r4ha_window_end": rolled[1].peak_end.isoformat(),
             "busiest_hour": {"start": rolled[1].hour_start.isoformat(),
                              "cpu_seconds_per_sec": rolled[1].hour_cpu}}
            for change, rolled in after.changes]
