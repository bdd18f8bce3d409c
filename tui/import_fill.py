"""What an import fills in and what it shows: the engine's results for an SMF folder or
store (:mod:`calc.inputs.smf`) or a calculator's text report (:mod:`calc.inputs.report`) turned
into the values to put in the fields and the lines of the sources view. No Textual here, so it is tested
without the app; every value is the engine's, only written for a person here.

An SMF import offers each queue manager's peak interval first (as ``mqcalc smf`` picks it),
then the other intervals; a report import offers each page set of each interval.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from calc import engine
from calc.core.formatting import named
from calc.core.model import Calculator
from calc.inputs.report import Block, read_report
from calc.inputs.report_eval import Evaluated, evaluate
from calc.inputs.smf.feeds import declared
from calc.inputs.smf.importing import Imported, SmfData
from calc.inputs.smf.selection import PEAK, Chosen, choose
from calc.inputs.smf.stored_series import import_kept
from calc.inputs.smf.tables import lines_text

from .explain_view import with_unit

STAMP = "%Y-%m-%d %H:%M:%S"
"""An interval's start in a choice's line (to the second; the sources view gives it all)."""


@dataclass(frozen=True)
class Line:
    """One value of the sources view: its calculator and input, the value with its unit
    ("" for one the data lacks), and where it came from or why it was kept out."""

    calculator: str
    input: str
    shown: str
    where: str


@dataclass
class Fill:
    """What one import puts in the fields (``values``: engine values by calculator and
    input) and what the sources view lists about it."""

    heading: list[str]
    values: dict[str, dict]
    imported: list[Line] = field(default_factory=list)
    refused: list[Line] = field(default_factory=list)
    missing: list[Line] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    origin: str = ""
    """What was imported, as "importing ..." ends a sentence (the undo's notice names it)."""

    def summary(self) -> str:
        """One sentence for the notice: how many inputs of which calculators, and how many
        values were kept out or missing."""
        counts = ", ".join(f"{name} ({len(inputs)})" for name, inputs in self.values.items())
        return (f"Imported {len(self.imported)} inputs: {counts or 'none'}; "
                f"{len(self.refused)} refused, {len(self.missing)} missing.")


def shown(calculator_id: str, input_id: str, value: object) -> str:
    """A value with its input's unit, as the sources view writes it (six significant
    digits at most, as ``mqcalc smf`` prints it)."""
    return with_unit(value, engine.calculator(calculator_id).inputs[input_id].unit, None)


# SMF folders (mqcalc smf)

@dataclass(frozen=True)
class SmfChoice:
    """One interval offered: the engine's choice, and whether it is its queue manager's
    peak."""

    chosen: Chosen

    @property
    def label(self) -> str:
        """The queue manager and its LPAR (two LPARs may run queue managers of one name),
        whether it is the peak, the start to the second, the length and what it feeds."""
        interval = self.chosen.imported.interval
        length = "length unknown" if interval.seconds is None else f"{interval.seconds} s"
        fed = ", ".join(self.chosen.imported.inputs) or "no input"
        peak = "peak  " if self.chosen.peak_by else "      "
        return (f"{interval.qmgr:<4} on {interval.lpar:<4} {peak}{interval.start:{STAMP}} "
                f"{length:>7}  {fed}")

    @property
    def system(self) -> tuple[str, str]:
        """The interval's queue manager: its LPAR and name."""
        interval = self.chosen.imported.interval
        return interval.lpar, interval.qmgr

    @property
    def start(self) -> datetime:
        return self.chosen.imported.interval.start

    @property
    def detail(self) -> str:
        """The interval said whole: the start in full, and why it is the peak."""
        interval = self.chosen.imported.interval
        why = f"; the peak by {self.chosen.peak_by}" if self.chosen.peak_by else ""
        return f"{interval.qmgr} on {interval.lpar}, from {interval.start.isoformat(' ')}{why}."


def smf_choices(folder: SmfData) -> list[SmfChoice]:
    """Each queue manager's peak interval, as ``mqcalc smf`` picks it, then the other
    intervals by queue manager and start."""
    peaks = [SmfChoice(peak) for peak in choose(folder.imported, None, PEAK)]
    taken = [peak.chosen.imported for peak in peaks]
    return peaks + [SmfChoice(Chosen(item)) for item in folder.imported
                    if not any(item is peak for peak in taken)]


def smf_fill(folder: SmfData, choice: SmfChoice) -> Fill:
    """The interval's inputs to fill, each with its file, columns and lines; the values
    kept out with why; the items (page set, queue) the per-item calculators took. An
    interval offered by the figures a store keeps is imported whole first."""
    imported = choice.chosen.imported
    if folder.kept:  # offered by the figures a store keeps: imported whole now
        imported = import_kept(folder.path, imported.interval)
    interval = imported.interval
    heading = [f"SMF store {folder.path}, loaded from {', '.join(interval.folders)}"
               if folder.stored else f"SMF folder {folder.path}",
               f"{interval.qmgr} on {interval.lpar}, interval from "
               f"{interval.start.isoformat(' ')}, {interval.seconds} s"]
    if choice.chosen.peak_by:
        heading.append(f"The peak by {choice.chosen.peak_by}")
    fill = Fill(heading, {name: dict(inputs) for name, inputs in imported.inputs.items()},
                origin=f"importing {interval.qmgr} {interval.start:{STAMP}} from {folder.path}")
    for calculator_id, inputs in imported.inputs.items():
        for name, value in inputs.items():
            fill.imported.append(Line(
                calculator_id, name, shown(calculator_id, name, value),
                f"{imported.sources[calculator_id][name]} "
                f"({lines_text(imported.lines[calculator_id][name])})"
                + (f"; {imported.caveat(calculator_id, name)}"
                   if imported.caveat(calculator_id, name) else "")))
    fill.refused = [Line(r.calculator, r.input, str(r.value),
                         f"{r.file} {lines_text(r.rows)}, {', '.join(r.columns)}: {r.expects}")
                    for r in imported.refused]
    fill.missing = [Line(m.calculator, m.input, "", f"{m.reason} ({m.source})")
                    for m in imported.missing]
    fill.notes = [_item_note(imported, calculator_id) for calculator_id in imported.chosen
                  if calculator_id in imported.inputs]
    fill.notes += [repeats.said() for repeats in folder.repeats]
    return fill


def _item_note(imported: Imported, calculator_id: str) -> str:
    """Which page set or queue a per-item calculator took, of how many, and by what."""
    items, spec = imported.items[calculator_id], declared().items[calculator_id]
    item = next(item for item in items if item.name == imported.chosen[calculator_id])
    facts = "".join(f", {name} {value}" for name, value in item.facts.items())
    return (f"{calculator_id}: {spec.key} {item.name}{facts}, the most {spec.rank} of "
            f"{len(items)} ({spec.file} {lines_text(item.rows)})")


# Text reports (the MQSMF PSET report)

@dataclass(frozen=True)
class ReportChoice:
    """One item (page set) of one interval of a report, or the interval's total of the items
    it counts (``block`` None), as the report door evaluated it."""

    number: int
    """The interval's place in the report, from 1."""
    evaluated: Evaluated
    block: Block | None
    counted: bool
    result: engine.Result

    @property
    def label(self) -> str:
        """The item and its marks, or the total and the items it adds up; then the interval
        (its line, times and what that line gives), so that a narrow screen cuts the
        interval, not the item."""
        report, interval = engine.calculator(self.result.calculator).report, self.evaluated.interval
        given = [shown(self.result.calculator, name, value)
                 for name, value in interval.inputs.items()]
        where = ", ".join(filter(None, ["no interval line" if interval.line is None
                                        else f"line {interval.line}", interval.when(), *given]))
        when = f"interval {self.number} ({where})"
        if self.block is None:
            return f"total of {named(self.counted_names)}: {when}"
        parts = [self.block.name]
        if report.pool is not None:
            parts.append(f"{report.pool.title.lower()} {self.block.marks[report.pool.group]}")
        if report.flag is not None:
            parts.append(report.flag.set if report.flag.group in self.block.marks
                         else report.flag.unset)
        return f"{', '.join(parts)}: {when}"

    @property
    def counted_names(self) -> list[str]:
        """The items the interval's total adds up."""
        return [block.name for block in self.evaluated.total.blocks]


def report_choices(calculator: Calculator, path: Path) -> list[ReportChoice]:
    """Every item of every interval of the report at ``path``, after them the interval's
    total where it holds more than one, read and evaluated by the report door (its
    refusals, :class:`calc.MqcalcError`, pass up)."""
    evaluated = evaluate(calculator, read_report(calculator, path), {}, path)
    return [choice for number, interval in enumerate(evaluated, start=1)
            for choice in [*(ReportChoice(number, interval, block, counted, result)
                             for block, counted, result in interval.items),
                           *([ReportChoice(number, interval, None, True, interval.total.result)]
                             if len(interval.items) > 1 else [])]]


def report_fill(calculator: Calculator, path: Path, choice: ReportChoice,
                choices: int) -> Fill:
    """The item's inputs as the report gives them (its lines, its interval line, its pool's
    count), or the total's (its lines' figures summed over the items it counts), each with
    where it was read; what the report does not give, missing."""
    report, interval, block = calculator.report, choice.evaluated.interval, choice.block
    kinds = {name: kind.name for kind in report.lines for name in kind.gives(calculator.inputs)}
    what = f"the total of interval {choice.number}" if block is None else block.name
    fill = Fill([f"{report.title} {path}", f"{choice.label} ({choices} offered)"], {},
                origin=f"importing {what} from {path}")

    def take(name: str, where: str) -> None:
        value = choice.result.inputs[name]
        fill.values.setdefault(calculator.id, {})[name] = value
        fill.imported.append(Line(calculator.id, name, shown(calculator.id, name, value), where))

    first = choice.evaluated.items[0][0].line
    if block is None:
        for name in report.total.sum:
            take(name, f"{path}: summed over the {report.item}s the total counts "
                       f"({named(choice.counted_names)})")
    else:
        first = block.line
        for name in block.inputs:
            take(name, f"{path}: {block.name}'s {kinds[name]} line (its block from line "
                       f"{block.line})")
    for name in interval.inputs:
        take(name, f"{path}:{interval.line}: the interval line")
    if report.interval is not None and interval.line is None:
        fill.missing += [Line(calculator.id, name, "", f"the report gives no interval line "
                              f"(such as '{report.interval.layout}') before line {first}")
                         for name in report.interval.gives(calculator.inputs)]
    if report.pool is not None and block is None:
        fill.missing += [Line(calculator.id, name, "", f"a total of several {report.item}s "
                              f"sizes no one {report.pool.title.lower()}: import a "
                              f"{report.item} for that")
                         for name in (*report.pool.sum, report.pool.count)
                         if name not in report.total.sum]
    elif report.pool is not None:
        pool = next(pool for pool in choice.evaluated.pools if block in pool.blocks)
        take(report.pool.count, f"{path}: the items of {report.pool.title.lower()} "
                                f"{pool.name} in the interval "
                                f"({', '.join(member.name for member in pool.blocks)})")
    fill.notes = flag_notes(calculator, choice)
    return fill


def flag_notes(calculator: Calculator, choice: ReportChoice) -> list[str]:
    """What the report's flag says of the item, and whether the door's total counts it."""
    flag = calculator.report.flag
    if flag is None:
        return []
    if not any(flag.group in block.marks for block, _, _ in choice.evaluated.items):
        return [flag.none_set]
    if choice.block is None:
        left = [block.name for block, counted, _ in choice.evaluated.items if not counted]
        return [f"the total counts the {flag.set} {calculator.report.item}s"
                + (f"; not {', '.join(left)} ({flag.unset})" if left else "")]
    word = flag.set if choice.counted else flag.unset
    counted = "counts" if choice.counted else "does not count"
    return [f"{choice.block.name} is {word}: it {counted} in the report's total"]
