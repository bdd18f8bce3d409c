"""Rows that repeat a record already read, left out so that no record counts twice.

Overlapping SMF dumps, or mq-smf-csv run twice into one folder, repeat rows: counted
twice, one interval's adapter tasks would read as twice as many, with twice the requests,
and that interval would become the peak. A row is a repeat when a row before it in the
same file has the same identity: the LPAR, the queue manager, the time that places it
(a statistics row's interval start, an accounting row's record time) and the file's own
key (:attr:`calc.inputs.smf.feeds.Record.identity`: the task, the page set, the queue and
task); in a file no record declares, only a row copying another cell for cell. The
first row stays; every repeat is left out and reported, whether its figures are the same
(a copy) or differ (two records claiming one place, of which the first is kept). Only the
columns the import reads are held (:func:`calc.inputs.smf.feeds.columns_read`), so those are the
figures compared.
"""
from __future__ import annotations

from dataclasses import dataclass

from calc.inputs.smf.feeds import declared
from calc.inputs.smf.tables import Row, Table, lines_text


@dataclass(frozen=True)
class Repeats:
    """One file's rows left out as repeats: their line numbers, how many had figures of
    their own (not a plain copy), and the columns that identify a row of the file."""

    file: str
    lines: tuple[int, ...]
    differing: int
    identity: tuple[str, ...]

    def said(self) -> str:
        """One line on the file's rows left out as repeats of a record already read."""
        count = len(self.lines)
        rows = f"{count} row{'s' * (count > 1)}"
        differing = (f", {self.differing} of them with other figures (the first row read "
                     "is kept)" if self.differing else "")
        return (f"{self.file}: {rows} ({lines_text(self.lines)}) repeat a row read before "
                f"(the same {', '.join(self.identity)}{differing}): left out, so that no "
                "record counts twice")


def without_repeats(table: Table) -> tuple[Table, Repeats | None]:
    """``table`` with every row that repeats an earlier one's identity left out, and what
    was left out (None when nothing was)."""
    record = declared().records.get(table.file)
    identity = record.identity if record is not None else table.columns
    if not set(identity) <= set(table.columns):  # a file cut down: only a whole copy repeats
        identity = table.columns
    first: dict[tuple[str, ...], Row] = {}
    kept, repeated, differing = [], [], 0
    for row in table.rows:
        key = tuple(row.text(column) for column in identity)
        earlier = first.setdefault(key, row)
        if earlier is row:
            kept.append(row)
            continue
        repeated.append(row.line)
        differing += _values(earlier) != _values(row)
    if not repeated:
        return table, None
    return (Table(table.file, table.columns, tuple(kept)),
            Repeats(table.file, tuple(repeated), differing, identity))


def _values(row: Row) -> list[str]:
    return [value.strip() for value in row.cells.values()]
