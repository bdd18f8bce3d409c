"""Read a text report a calculator declares (e.g. an MQSMF PSET report) into input sets.

A report is intervals, each begun by an interval line where the report has them, of blocks
of lines, one block per item (a page set), each line recognised by its ``starts`` pattern
and then read by its full ``pattern``. A line that starts like a known line but does not
follow its layout, a block without a required line or its pool's group, a repeated line in
one interval, a value outside its input's domain, an interval line with no block after it
or a report with no block at all is refused with the file and line number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from calc.core.errors import InputError, MqcalcError
from calc.core.model import REPORT_TIMES, Calculator, ReportLine
from calc.core.values import coerce
from calc.files.reading import NotReadable, read_bytes


class ReportError(MqcalcError):
    """A report cannot be read; the message names the file and the line."""


@dataclass
class Block:
    """One item of a report: its name, first line, the inputs its lines gave, and the
    report's marks it carries (the flag's group when it matched, the pool's group)."""

    name: str
    line: int
    inputs: dict = field(default_factory=dict)
    seen: set = field(default_factory=set)
    marks: dict = field(default_factory=dict)


@dataclass
class Interval:
    """The blocks of one interval of a report, with its interval line's number, the inputs
    that line gave and when it starts and ends (none when the report gives no interval
    line)."""

    line: int | None
    inputs: dict = field(default_factory=dict)
    blocks: dict[str, Block] = field(default_factory=dict)
    times: dict[str, str] = field(default_factory=dict)
    """When the interval starts and ends, as its line writes them (those it gives)."""

    def when(self) -> str:
        """``from START to END`` as a person reads them (a fraction of a second of only
        zeros left off, END's date too when it is START's), or "" when the line does not
        give both."""
        if not set(REPORT_TIMES) <= self.times.keys():
            return ""
        start, end = (ZERO_FRACTION.sub("", self.times[name]) for name in REPORT_TIMES)
        day, _, _ = start.rpartition(",")
        if day and end.startswith(day + ","):
            end = end.removeprefix(day + ",")
        return f"from {start} to {end}"


ZERO_FRACTION = re.compile(r"\.0+$")
"""A fraction of a second of only zeros, at the end of a time (``16:00:00.000000``)."""


SIZE_LIMIT = 3 << 20
"""The largest report read, in bytes. An MQSMF PSET report gives each page set eight lines
(about 400 bytes) an interval, so 3 MB holds a day of 15-minute intervals for 80 page
sets (a queue manager has at most 100). Each page set of each interval is evaluated three
times (alone, in its pool, in the total), so 3 MB is some 20,000 results: about 5 s
printed and 9 s as JSON on a two-core machine of 2026, and 40 MB (printed as evaluated). A
longer report is refused; a part of it reads."""

LINE_END = re.compile(r"\r\n|\r|\n")
"""What ends a line of a report, as editors count lines: ``str.splitlines`` also splits
at form feeds, vertical tabs and Unicode separators, and its line numbers would then
name lines an editor does not show."""


def read_report(calculator: Calculator, path: Path) -> list[Interval]:
    """The intervals of ``path`` that hold blocks, each block with checked input values;
    blocks before the first interval line (all of them, in a report without one) form an
    interval of their own."""
    report = calculator.report
    intervals = [Interval(None)]
    for number, line in enumerate(LINE_END.split(_text(path)), start=1):
        where = f"{path}:{number}"
        if report.interval is not None and report.interval.starts.search(line):
            _finished(report, intervals[-1], path)
            match = _match(report.interval, line, where)
            times = {name: match[name] for name in REPORT_TIMES
                     if name in match.groupdict() and match[name] is not None}
            intervals.append(Interval(number, _inputs(calculator, match, where), times=times))
            continue
        kind = next((kind for kind in report.lines if kind.starts.search(line)), None)
        if kind is not None:
            _add(calculator, intervals[-1], kind, _match(kind, line, where), path, number)
    _finished(report, intervals[-1], path)
    found = [interval for interval in intervals if interval.blocks]
    if not found:
        raise ReportError(f"{path}: no {report.title} lines found (expected lines such as "
                          f"'{report.lines[0].layout}')")
    return found


def _match(kind: ReportLine, line: str, where: str) -> re.Match:
    match = kind.pattern.search(line)
    if match is None:
        raise ReportError(f"{where}: this {kind.name} line does not follow the layout "
                          f"'{kind.layout}'")
    return match


def _add(calculator: Calculator, interval: Interval, kind: ReportLine, match: re.Match,
         path: Path, number: int) -> None:
    """The values of line ``number`` added to its block in ``interval``."""
    where = f"{path}:{number}"
    block = interval.blocks.setdefault(match["block"], Block(match["block"], number))
    if kind.name in block.seen:
        again = "" if calculator.report.interval is None else (
            f" (an interval starts with a line such as '{calculator.report.interval.layout}')")
        raise ReportError(f"{where}: {block.name} has a second {kind.name} line in one "
                          f"interval{again}")
    block.seen.add(kind.name)
    block.inputs.update(_inputs(calculator, match, where))
    block.marks.update({name: value for name, value in match.groupdict().items()
                        if name != "block" and name not in calculator.inputs and value is not None})


def _inputs(calculator: Calculator, match: re.Match, where: str) -> dict:
    return {name: _checked(calculator, name, value, where)
            for name, value in match.groupdict().items()
            if name in calculator.inputs and value is not None}


def _finished(report, interval: Interval, path: Path) -> None:
    """Refuse an interval line with no block after it, and a block lacking a required line
    or the pool's group."""
    if interval.line is not None and not interval.blocks:
        raise ReportError(f"{path}:{interval.line}: this interval line is followed by no "
                          f"{report.title} lines before the next interval or the end")
    for block in interval.blocks.values():
        missing = [name for name in report.required if name not in block.seen]
        if missing:
            raise ReportError(f"{path}:{block.line}: {block.name} lacks its "
                              f"{', '.join(missing)} line(s)")
        if report.pool is not None and report.pool.group not in block.marks:
            raise ReportError(f"{path}:{block.line}: {block.name} gives no "
                              f"{report.pool.title.lower()} ({report.pool.group})")


def _text(path: Path) -> str:
    """The report's text: a regular file within :data:`SIZE_LIMIT`, in UTF-8, without the
    byte-order mark some Windows editors put first (left in, it would hide the first
    line from its pattern)."""
    try:
        return read_bytes(Path(path), SIZE_LIMIT).decode("utf-8-sig")
    except NotReadable as error:
        raise ReportError(f"{path}: {error}") from None
    except UnicodeDecodeError as error:
        raise ReportError(f"{path}: cannot be read as a text report (not UTF-8: byte "
                          f"{error.start})") from None


def _checked(calculator: Calculator, name: str, value: str, where: str):
    try:
        return coerce(calculator.inputs[name], value, calculator.id)
    except InputError as error:
        raise ReportError(f"{where}: {error}") from None
