"""Evaluate the intervals of a report read by :mod:`calc.inputs.report`: each item, each pool of
items (the page sets sharing a buffer pool, sized together), and the total of the items
that count (those the report flags, such as encrypted page sets; all of them when it flags
none). What the report does not give (its interval, a flag) is said, not assumed silently.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from calc import engine
from calc.core.errors import InputError, MqcalcError
from calc.core.formatting import format_value
from calc.core.model import Calculator, Input, ReportSum
from calc.inputs.report import Block, Interval


@dataclass
class Summary:
    """Some items of an interval evaluated as one: a pool (``name`` its group's value)
    or the total (``name`` empty)."""

    name: str
    blocks: list[Block]
    result: engine.Result


@dataclass
class Evaluated:
    """One interval of a report: each item with whether it counts in the total, the pools,
    the total, and what the output must say about the interval and the flags."""

    interval: Interval
    items: list[tuple[Block, bool, engine.Result]]
    pools: list[Summary]
    total: Summary
    notices: list[str]


def evaluate(calculator: Calculator, intervals: list[Interval], inputs: dict,
             path: Path) -> Iterator[Evaluated]:
    """Every interval of the report, each evaluated as it is taken (a report may hold a
    day of intervals of a hundred page sets: 16,000 results); ``inputs`` (from the command
    line) apply to all, but may not give what the report gives, which is refused at once."""
    given = report_given(calculator, intervals)
    for name in inputs:
        if name in given:
            raise InputError(calculator.id, name, inputs[name],
                             f"no value on the command line: the report gives {name}")
    return (_interval(calculator, interval, inputs, path) for interval in intervals)


def report_given(calculator: Calculator, intervals: list[Interval]) -> set[str]:
    """The inputs this report gives: read from its lines, or summed or counted over items."""
    report = calculator.report
    given = {*report.total.sum}
    if report.pool is not None:
        given |= {*report.pool.sum, report.pool.count}
    for interval in intervals:
        given |= interval.inputs.keys()
        for block in interval.blocks.values():
            given |= block.inputs.keys()
    return given


def _interval(calculator: Calculator, interval: Interval, inputs: dict, path: Path) -> Evaluated:
    report = calculator.report
    common = {**inputs, **interval.inputs}
    blocks = list(interval.blocks.values())
    pools = _pools(calculator, blocks)
    counted, notices = _counted(calculator, blocks)
    items = [(block, block in counted, _run(f"{path}:{block.line}", engine.run, calculator.id,
                                            {**common, **block.inputs, **_pool_count(report, pools, block)}))
             for block in blocks]
    summaries = [_summary(calculator, report.pool, name, members, common,
                          f"{path}:{members[0].line}: {report.pool.title.lower()} {name}")
                 for name, members in pools.items()]
    total = _summary(calculator, report.total, "", counted, common,
                     f"{path}: the total of its {len(counted)} items")
    return Evaluated(interval, items, summaries, total,
                     _interval_notices(calculator, interval, inputs, total.result, blocks) + notices)


def _pools(calculator: Calculator, blocks: list[Block]) -> dict[str, list[Block]]:
    """The blocks grouped by their pool group's value, in the order pools first appear."""
    pool = calculator.report.pool
    pools: dict[str, list[Block]] = {}
    for block in blocks if pool is not None else ():
        pools.setdefault(block.marks[pool.group], []).append(block)
    return pools


def _pool_count(report, pools: dict[str, list[Block]], block: Block) -> dict:
    if report.pool is None:
        return {}
    return {report.pool.count: len(pools[block.marks[report.pool.group]])}


def _counted(calculator: Calculator, blocks: list[Block]) -> tuple[list[Block], list[str]]:
    """The blocks that count in the total: the flagged ones, or every one (said) when none
    is flagged or the report has no flag."""
    flag = calculator.report.flag
    if flag is None:
        return blocks, []
    flagged = [block for block in blocks if flag.group in block.marks]
    return (flagged, []) if flagged else (blocks, [flag.none_set])


def _summary(calculator: Calculator, spec: ReportSum, name: str, blocks: list[Block],
             common: dict, where: str) -> Summary:
    """``blocks`` evaluated as one item: ``spec.sum`` summed, their count given, the summed
    inputs' domains widened to hold the sum of that many items."""
    summed = {input_name: sum(block.inputs.get(input_name, 0) for block in blocks)
              for input_name in spec.sum}
    counted = {spec.count: len(blocks)} if spec.count else {}
    result = _run(where, engine.run_widened, calculator.id, {**common, **summed, **counted},
                  widened(calculator, spec.sum, len(blocks)))
    return Summary(name, blocks, result)


def widened(calculator: Calculator, names: tuple[str, ...], count: int) -> dict[str, Input]:
    """The domain of each of ``names`` in the sum of ``count`` items: from ``count`` times
    its least to ``count`` times its greatest value. The sum of ``count`` values each in one
    item's domain always lies in it, so a valid report's sum is never refused for passing
    one item's maximum (two page sets of the most pages each, say)."""
    return {name: replace(spec, min=_times(count, spec.min), max=_times(count, spec.max))
            for name in names for spec in (calculator.inputs[name],)}


def _times(count: int, bound: float | None) -> float | None:
    return None if bound is None else count * bound


def _interval_notices(calculator: Calculator, interval: Interval, inputs: dict,
                      result: engine.Result, blocks: list[Block]) -> list[str]:
    """Where the report has no interval line for this interval: the value each input such a
    line gives took instead, and where it came from."""
    line = calculator.report.interval
    if line is None or interval.line is not None:
        return []
    notices = []
    for name in line.gives(calculator.inputs):
        spec = calculator.inputs[name]
        source = ("as given on the command line" if name in inputs else
                  f"the default; give {name}=VALUE to change it")
        notices.append(f"the report gives no interval line (such as '{line.layout}') before "
                       f"line {blocks[0].line}: {spec.title.lower()} ({name}) is "
                       f"{format_value(result.inputs[name])} {spec.unit}, {source}")
    return notices


def summary_json(calculator: Calculator, summary: Summary, spec: ReportSum) -> dict:
    """A summary's result for ``--json``: only the outputs it shows, and of the inputs the
    report gives only those it sums or counts."""
    answer = summary.result.as_json()
    hidden = {*report_given_per_item(calculator)} - {*spec.sum, spec.count}
    return {**answer, "inputs": {k: v for k, v in answer["inputs"].items() if k not in hidden},
            "outputs": {k: v for k, v in answer["outputs"].items() if k in spec.show},
            "units": {k: v for k, v in answer["units"].items() if k in spec.show}}


def report_given_per_item(calculator: Calculator) -> set[str]:
    """The inputs an item's lines (or its pool) give."""
    report = calculator.report
    given = {name for line in report.lines for name in line.gives(calculator.inputs)}
    return given | ({report.pool.count} if report.pool is not None else set())


def _run(where: str, run, *arguments) -> engine.Result:
    """``run(*arguments)`` (:func:`engine.run`, say) on inputs read from ``where`` (a
    report's line), which a refusal names."""
    try:
        return run(*arguments)
    except InputError as error:
        raise error.at(where) from None
    except MqcalcError as error:
        raise MqcalcError(f"{where}: {error}") from None
