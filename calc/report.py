"""Read a text report a calculator declares (e.g. an MQSMF PSET report) into input sets.

A report is blocks of lines, one block per item (a page set), each line recognised by its
``starts`` pattern and then read by its full ``pattern``. A line that starts like a known
line but does not follow its layout, a block without a required line, a repeated line, a
value outside its input's domain or a report with no block at all is refused with the file
and line number.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError, MqcalcError
from .model import Calculator
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


def read_report(calculator: Calculator, path: Path) -> list[Block]:
    """The blocks of ``path``, in the order they first appear, with checked input values."""
    report = calculator.report
    try:
        text = Path(path).read_text(encoding="utf-8", errors="strict")
    except (OSError, UnicodeDecodeError) as error:
        raise ReportError(f"{path}: cannot be read as a text report ({error})") from None
    blocks: dict[str, Block] = {}
    for number, line in enumerate(text.splitlines(), start=1):
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


def _checked(calculator: Calculator, name: str, value: str, where: str):
    try:
        return coerce(calculator.inputs[name], value, calculator.id)
    except InputError as error:
        raise ReportError(f"{where}: {error}") from None


def totals(calculator: Calculator, blocks: list[Block]) -> dict:
    """The sum over all blocks of each input the report declares additive."""
    return {name: sum(block.inputs.get(name, 0) for block in blocks)
            for name in calculator.report.total}
