"""What ``mqcalc eval CALC --pset-report FILE`` prints for a person: the report's measured
machine once, then per interval its times and a table of the items (a page set a row: its
pool, whether the report flags it, the template's ``table`` figures and the letters of what
they rest on) with the total under them, a table of the pools, and each note and warning
once, naming the items it holds for. Every column's figures are in one unit
(:func:`calc.core.readable.column`). ``--json`` carries every figure; this is for reading."""
from __future__ import annotations

from dataclasses import dataclass, replace

from calc.cli.text import INDENT, wrapped, warnings
from calc.core.formatting import format_value, named
from calc.core.model import Calculator
from calc.core.readable import column
from calc.engine import Result
from calc.engine.evidence import letters
from calc.inputs.report_eval import Evaluated

GAP = "  "
"""Between two columns of a table."""
TOTAL = "Total"
NOT_COUNTED = "not counted"


@dataclass(frozen=True)
class Row:
    """One row of a table: its first cells as text, then the figures' values, then the
    letters of what they rest on."""

    cells: tuple[str, ...]
    values: tuple
    marks: str = ""


def report_lines(calculator: Calculator, path: str) -> list[str]:
    """The heading of a report's evaluation: what was read, and on what IBM measured."""
    lines = [f"{calculator.title}: {calculator.report.title} {path}"]
    if calculator.measured_on:
        lines += wrapped("measured on: ", calculator.measured_on)
    return lines


def interval_lines(calculator: Calculator, evaluated: Evaluated) -> list[str]:
    """One interval: its heading, its notices, the items with their total, the pools, then
    the notes and warnings, each once."""
    report = calculator.report
    lines = ["", *wrapped("", _interval_heading(calculator, evaluated), indent="")]
    for notice in evaluated.notices:
        lines += wrapped("notice: ", notice)
    heads = [report.item.capitalize()]
    if report.pool is not None:
        heads.append(report.pool.title)
    if report.flag is not None:
        heads.append(report.flag.group.capitalize())
    rows = [_item_row(calculator, block, result) for block, _, result in evaluated.items]
    blanks = ("",) * (len(heads) - 1)
    rows.append(Row((TOTAL, *blanks), *_figures(report.table, evaluated.total.result)))
    lines += table(calculator, heads, report.table, rows)
    counted = [block.name for block in evaluated.total.blocks]
    left = [block.name for block, counts, _ in evaluated.items if not counts]
    lines += wrapped(f"{TOTAL}: ", ", ".join(counted) + (
        f" ({report.flag.unset}, {NOT_COUNTED}: {', '.join(left)})" if left else ""))
    if report.pool is not None:
        pool_rows = [Row((pool.name, str(len(pool.blocks))),
                         *_figures(report.pool.show, pool.result)) for pool in evaluated.pools]
        lines += ["", *table(calculator, [report.pool.title, f"{report.item.capitalize()}s"],
                             report.pool.show, pool_rows)]
    return lines + _said_once(calculator, evaluated)


def _interval_heading(calculator: Calculator, evaluated: Evaluated) -> str:
    """``Interval from START to END, 900 s (line N)``: the times as the report writes them
    (a fraction of a second of only zeros left off), then what its line gives."""
    interval = evaluated.interval
    if interval.line is None:
        return "Interval: the whole report"
    when = f" {interval.when()}" if interval.when() else ""
    given = [f"{format_value(value)} {calculator.inputs[name].unit}".rstrip()
             for name, value in interval.inputs.items()]
    return f"Interval{when}{''.join(', ' + each for each in given)} (line {interval.line})"



def _item_row(calculator: Calculator, block, result: Result) -> Row:
    report = calculator.report
    cells = [block.name]
    if report.pool is not None:
        cells.append(str(block.marks[report.pool.group]))
    if report.flag is not None:
        flagged = report.flag.group in block.marks
        cells.append("yes" if flagged else "no")
    return Row(tuple(cells), *_figures(report.table, result))


def _figures(names: tuple[str, ...], result: Result) -> tuple[tuple, str]:
    """The values of ``names`` in ``result`` and the letters of what they rest on."""
    return (tuple(result.outputs[name] for name in names),
            letters({kind for name in names for kind in result.evidence[name]}))


def table(calculator: Calculator, heads: list[str], names: tuple[str, ...],
          rows: list[Row]) -> list[str]:
    """Rows under a header: the first cells left-aligned under ``heads``; then one column per
    output of ``names``, its title wrapped over the header's lines and its unit under it,
    its figures right-aligned in that unit; then each row's letters (said once under the
    table when every row has the same). A column is as wide as
    its unit, its figures and the longest word of its heading (a hyphenated one broken)."""
    outputs = [calculator.outputs[name] for name in names]
    columns = [column([row.values[index] for row in rows], output.unit, output.decimals)
               for index, output in enumerate(outputs)]
    texts = [[row.cells[index] for row in rows] for index in range(len(heads))]
    texts += [[figure.text for figure in figures] for _, figures in columns]
    units = [""] * len(heads) + [unit for unit, _ in columns]
    titles, widths = [], []
    for title, unit, shown in zip([*heads, *(output.title for output in outputs)], units,
                                  texts):
        lines = _folded(title, max(len(unit), *map(len, shown), NARROWEST))
        titles.append(lines)
        widths.append(max(len(unit), *map(len, shown), *map(len, lines)))
    depth = max(map(len, titles))
    header = [[([""] * (depth - len(lines)) + lines)[line] for lines in titles]
              for line in range(depth)]
    lines = [_joined(cells, widths, len(heads)) for cells in [*header, units]]
    marks = {row.marks for row in rows}
    for number, row in enumerate(rows):
        cells = [shown[number] for shown in texts]
        lines.append(_joined(cells, widths, len(heads), right=True)
                     + (GAP + row.marks if len(marks) > 1 else "").rstrip())
    if len(marks) == 1 and rows[0].marks:  # the same for all: said once, not on each row
        lines.append(f"{INDENT}(every figure above: {rows[0].marks})")
    return lines


NARROWEST = 6
"""Characters a column's heading is first folded to, when its unit and figures are
narrower."""


def _folded(title: str, width: int) -> list[str]:
    """``title`` in lines of ``width`` characters, breaking only between words and after
    hyphens (a longer word keeps its own line)."""
    import textwrap

    return textwrap.wrap(title, width, break_long_words=False) or [""]


def _joined(cells: list[str], widths: list[int], left: int, right: bool = False) -> str:
    """Cells padded to ``widths``: the first ``left`` (names, one space apart) to the left,
    the others (:data:`GAP` apart) to the right when ``right`` (figures) else to the left
    (titles and units)."""
    padded = [cell.ljust(width) if index < left or not right else cell.rjust(width)
              for index, (cell, width) in enumerate(zip(cells, widths))]
    return (INDENT + " ".join(padded[:left]) + GAP + GAP.join(padded[left:])).rstrip()


def _showing(calculator: Calculator, names: tuple[str, ...]) -> Calculator:
    """``calculator`` with only the outputs ``names`` (a pool's or the total's): the warnings
    of its figures shown there, not of the others."""
    return replace(calculator, outputs={name: calculator.outputs[name] for name in names})


def _said_once(calculator: Calculator, evaluated: Evaluated) -> list[str]:
    """Each note and warning of the interval's items, pools and total once, led by where it
    holds when that is not everywhere."""
    report = calculator.report
    said: dict[tuple[str, str], list[str]] = {}
    places = [(block.name, calculator, result) for block, _, result in evaluated.items]
    if report.pool is not None:
        places += [(f"{report.pool.title.lower()} {pool.name}",
                    _showing(calculator, report.pool.show), pool.result)
                   for pool in evaluated.pools]
    places.append((TOTAL.lower(), _showing(calculator, report.total.show),
                   evaluated.total.result))
    for name, _, result in places:  # the notes first, then the warnings
        for note in result.notes:
            said.setdefault(("note: ", note), []).append(name)
    for name, shown, result in places:
        for warning in warnings(shown, result):
            said.setdefault(warning, []).append(name)
    lines = []
    everywhere = len(places)
    for (label, text), names in said.items():
        where = "" if len(names) == everywhere else f"({named(names)}) "
        lines += wrapped(label, where + text)
    return lines
