"""Read a text report a calculator declares (e.g. an MQSMF PSET report) into input sets.

A report is blocks of lines, one block per item (a page set), each line recognised by its
``starts`` pattern and then read by its full ``pattern``. A line that starts like a known
line but does not follow its layout, a block without a required line, a repeated line, a
value outside its input's domain or a report with no block at all is refused with the file
and line number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import InputError, MqcalcError
from .model import Calculator, Input
from .reading import NotReadable, read_bytes
from .values import coerce


class ReportError(MqcalcError):
    """A report cannot be read; the message names the file and the line."""


@dataclass
class Block:
    """One item of a report: its name, first line, and the inputs its lines gave."""

    name: str
    line: int
    inputs: dict = field(default_factory=dict)
    seen: set = field(default_factory=set)


SIZE_LIMIT = 32 << 20
"""The largest report read, in bytes. An MQSMF PSET report gives each page set about ten
lines (under 1 KB) per interval, so a day of 15-minute intervals for 100 page sets, the
most a queue manager can have, is about 10 MB: 32 MB leaves room and still bounds memory."""

LINE_END = re.compile(r"\r\n|\r|\n")
"""What ends a line of a report, as editors count lines: ``str.splitlines`` also splits
at form feeds, vertical tabs and Unicode separators, and its line numbers would then
name lines an editor does not show."""


def read_report(calculator: Calculator, path: Path) -> list[Block]:
    """The blocks of ``path``, in the order they first appear, with checked input values."""
    report = calculator.report
    blocks: dict[str, Block] = {}
    for number, line in enumerate(LINE_END.split(_text(path)), start=1):
        kind = next((kind for kind in report.lines if kind.starts.search(line)), None)
        if kind is None:
            continue
        match = kind.pattern.search(line)
        if match is None:
            raise ReportError(f"{path}:{number}: this {kind.name} line does not follow the "
                              f"layout '{kind.layout}'")
        block = blocks.setdefault(match["block"], Block(match["block"], number))
        if kind.name in block.seen:
            raise ReportError(f"{path}:{number}: {block.name} has a second {kind.name} line")
        block.seen.add(kind.name)
        for name, value in match.groupdict().items():
            if name != "block":
                block.inputs[name] = _checked(calculator, name, value, f"{path}:{number}")
    if not blocks:
        raise ReportError(f"{path}: no {report.title} lines found (expected lines such as "
                          f"'{report.lines[0].layout}')")
    for block in blocks.values():
        missing = [name for name in report.required if name not in block.seen]
        if missing:
            raise ReportError(f"{path}:{block.line}: {block.name} lacks its "
                              f"{', '.join(missing)} line(s)")
    return list(blocks.values())


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


def totals(calculator: Calculator, blocks: list[Block]) -> dict:
    """The sum over all blocks of each input the report declares additive."""
    return {name: sum(block.inputs.get(name, 0) for block in blocks)
            for name in calculator.report.total}


def total_domains(calculator: Calculator, count: int) -> dict[str, Input]:
    """The domain of each additive input in the total of ``count`` items: from ``count``
    times its least to ``count`` times its greatest value. The sum of ``count`` values
    each in one item's domain always lies in it, so a valid report's total is never refused
    for passing one item's maximum (two page sets of the most pages each, say)."""
    return {name: replace(spec, min=_times(count, spec.min), max=_times(count, spec.max))
            for name in calculator.report.total
            for spec in (calculator.inputs[name],)}


def _times(count: int, bound: float | None) -> float | None:
    return None if bound is None else count * bound
