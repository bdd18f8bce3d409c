"""The ``report`` section of a template: a text report (such as an MQSMF PSET report) whose
blocks the calculator reads as inputs, one block per item, grouped into intervals by an
optional interval line; per interval, items grouped by a pattern group (a buffer pool), and
the total of the items an optional flag marks."""
from __future__ import annotations

import re
from dataclasses import replace

from calc.core.model import (NUMBER, REPORT_TIMES, Input, Output, Report, ReportFlag, ReportLine,
                             ReportSum)
from calc.template.reader import SectionReader

REPORT_KEYS = {"option", "title", "item", "lines", "required", "total", "table", "interval",
               "flag", "pool"}
LINE_KEYS = {"starts", "pattern", "layout"}
SUM_KEYS = {"sum", "show"}
POOL_KEYS = SUM_KEYS | {"group", "title", "count"}
FLAG_KEYS = {"group", "set", "unset", "none_set"}
OPTION = re.compile(r"[a-z][a-z0-9-]*\Z")


class ReportSection(SectionReader):
    """Reads the report section."""

    def report(self, spec, inputs: dict[str, Input], outputs: dict[str, Output]) -> Report:
        spec = self.reader.mapping(spec, "report", REPORT_KEYS,
                                   REPORT_KEYS - {"interval", "flag", "pool", "table"})
        option = spec["option"]
        if not isinstance(option, str) or not OPTION.match(option):
            self.reader.fail("report.option", "must be lower-case letters, digits and hyphens")
        numeric = {name for name, spec in inputs.items() if spec.value_type == NUMBER}
        flag = self.flag(spec["flag"]) if "flag" in spec else None
        pool = self.pool(spec["pool"], numeric, outputs) if "pool" in spec else None
        marks = {part.group for part in (flag, pool) if part is not None}
        lines = tuple(self.line(f"report.lines.{name}", name, line, inputs, marks, "block")
                      for name, line in self.reader.mapping(spec["lines"], "report.lines").items())
        required = self.names_in(spec["required"], {line.name for line in lines}, "report.required")
        for group in sorted(marks):
            if not any(group in line.pattern.groupindex for line in lines):
                self.reader.fail("report.lines", f"no line's pattern has the group {group}")
        interval = (self.line("report.interval", "interval", spec["interval"], inputs,
                              set(REPORT_TIMES), "") if "interval" in spec else None)
        total = self.summed(self.reader.mapping(spec["total"], "report.total", SUM_KEYS, SUM_KEYS),
                            "report.total", numeric, outputs)
        table = (self.names_in(spec["table"], set(outputs), "report.table") if "table" in spec
                 else total.show)
        return Report(option, self.reader.text(spec["title"], "report.title"),
                      self.reader.prose(spec["item"], "report.item"), lines, required, total,
                      interval, flag, pool, table)

    def line(self, key: str, name: str, spec, inputs: dict[str, Input], marks: set[str],
             needed: str) -> ReportLine:
        """A kind of line: its pattern's groups are inputs, marks (the flag's and the
        pool's groups; for the interval line, when it starts and ends) and ``needed``: the
        ``block`` group a block's line must have; none for the interval line, which belongs
        to no block."""
        spec = self.reader.mapping(spec, key, LINE_KEYS, LINE_KEYS)
        starts, pattern = (self.regex(spec[part], f"{key}.{part}") for part in ("starts", "pattern"))
        groups = set(pattern.groupindex)
        if needed and needed not in groups:
            self.reader.fail(f"{key}.pattern", f"needs a (?P<{needed}>...) group naming the block")
        for group in sorted(groups - {needed} - marks - set(inputs)):
            self.reader.fail(f"{key}.pattern", f"group {group} is not an input")
        return ReportLine(name, starts, pattern, self.reader.text(spec["layout"], f"{key}.layout"))

    def flag(self, spec) -> ReportFlag:
        spec = self.reader.mapping(spec, "report.flag", FLAG_KEYS, FLAG_KEYS)
        return ReportFlag(*(self.reader.prose(spec[part], f"report.flag.{part}")
                            for part in ("group", "set", "unset", "none_set")))

    def pool(self, spec, numeric: set[str], outputs: dict[str, Output]) -> ReportSum:
        spec = self.reader.mapping(spec, "report.pool", POOL_KEYS, POOL_KEYS)
        summed = self.summed(spec, "report.pool", numeric, outputs)
        return replace(summed, group=self.reader.text(spec["group"], "report.pool.group"),
                       title=self.reader.text(spec["title"], "report.pool.title"),
                       count=self.names_in([spec["count"]], numeric, "report.pool.count")[0])

    def summed(self, spec: dict, key: str, numeric: set[str], outputs: dict[str, Output]) -> ReportSum:
        return ReportSum(self.names_in(spec["sum"], numeric, f"{key}.sum"),
                         self.names_in(spec["show"], set(outputs), f"{key}.show"))

    def regex(self, value, key: str) -> re.Pattern:
        try:
            return re.compile(self.reader.text(value, key))
        except re.error as error:
            self.reader.fail(key, f"not a valid regular expression ({error})")

    def names_in(self, value, allowed: set[str], key: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.reader.fail(key, "must be a list of names")
        for name in value:
            if name not in allowed:
                self.reader.fail(key, f"{name!r} must be one of {', '.join(sorted(allowed))}")
        return tuple(value)
