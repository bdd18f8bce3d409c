"""What the Report sheet of a plan workbook (:mod:`calc.workbook.report_sheet`) shows in its
named live cells for a plan the engine evaluated, with a price typed: the expectation the
evaluator's and LibreOffice's recalculations are held to."""
from __future__ import annotations

from calc.core.names import plan_cell_name
from tests.compare import agrees, named_cell
from calc.inputs.one_page import DRIVERS, Figure, drivers
from calc.inputs.plan_run import PlanResult
from calc.workbook.report_sheet import ROWS, range_stored

PRICE_TYPED = 95.5
"""The price of an MSU a month the tests type into the Report sheet."""
FIGURES = {"total": "total", "lpar_busy_pct": "lpar_busy_pct", "msu": "msu",
           "headroom": "headroom_pct"}
"""Each live row of the Report sheet -> the variant's figure of that name."""
DECIMALS = {key: decimals for _, key, decimals in ROWS}
"""Each figure's decimals on the Report sheet."""


def _figure(variant, name: str) -> float:
    return variant.headroom_pct if name == "headroom_pct" else variant.figure(name)


def expected(result: PlanResult) -> dict[str, object]:
    """Each named live cell the engine's figures give, with :data:`PRICE_TYPED` typed:
    every variant's figures, their low and high, and cost, each change from the first with
    its low and high, each largest change."""
    found = {}
    base = result.variants[0]
    for index, variant in enumerate(result.variants):
        for key, figure in FIGURES.items():
            found[plan_cell_name(key, index)] = _figure(variant, figure)
            if index:
                found[plan_cell_name(f"change.{key}", index)] = (
                    _figure(variant, figure) - _figure(base, figure))
        for key in ("total", "lpar_busy_pct", "msu"):  # the live ranges' ends
            ends = variant.low_high(key)
            if index:
                ends += variant.low_high(key, result.difference(variant)[key])
            for name, value in zip(("low", "high", "low.change", "high.change"), ends):
                found[plan_cell_name(f"{name}.{key}", index)] = value
            # the ranges as the sheet writes them, in English (a change's after the first)
            for change, (low, high) in ((False, ends[:2]), (True, ends[2:]))[:1 + bool(index)]:
                found[plan_cell_name(f"range.{'change.' * change}{key}", index)] = \
                    range_stored(Figure(low, 0, high), DECIMALS[key], change)
        found[plan_cell_name("cost", index)] = variant.msu * PRICE_TYPED
        if index:
            found[plan_cell_name("change.cost", index)] = (variant.msu - base.msu) * PRICE_TYPED
    for index, variant in enumerate(result.variants[1:], start=1):
        mine = [d for d in drivers(result) if d.variant == variant.name]
        for rank, driver in enumerate(mine[:DRIVERS], start=1):
            found[plan_cell_name(f"driver{rank}.output", index)] = \
                f"{driver.calculator}: {driver.output}"
            found[plan_cell_name(f"driver{rank}.space", index)] = driver.address_space
            found[plan_cell_name(f"driver{rank}.change", index)] = driver.change
            found[plan_cell_name(f"driver{rank}.share_pct", index)] = driver.share_pct
    return found


def report_agrees(sheet, result: PlanResult) -> None:
    """Every named live cell of the Report ``sheet`` (recalculated) is :func:`expected`'s."""
    for name, value in expected(result).items():
        got = named_cell(sheet, name).value
        if isinstance(value, str):  # an empty text result reads back as no value
            assert ("" if got is None else got) == value, (name, got)
        else:
            assert agrees(value, got), (name, got)
