"""The ``report`` section of a template: a text report (such as an MQSMF PSET report) whose
blocks the calculator reads as inputs, one block per item, then their total."""
from __future__ import annotations

import re

from .loader_base import TemplateReader
from .model import NUMBER, Input, Report, ReportLine

REPORT_KEYS = {"option", "title", "lines", "required", "total"}
REPORT_LINE_KEYS = {"starts", "pattern", "layout"}
OPTION = re.compile(r"[a-z][a-z0-9-]*\Z")


class ReportSection(TemplateReader):
    """Reads the report section; mixed into the loader."""

    def report(self, spec, inputs: dict[str, Input]) -> Report:
        spec = self.mapping(spec, "report", REPORT_KEYS, REPORT_KEYS)
        option = spec["option"]
        if not isinstance(option, str) or not OPTION.match(option):
            self.fail("report.option", "must be lower-case letters, digits and hyphens")
        lines = []
        for name, line in self.mapping(spec["lines"], "report.lines").items():
            key = f"report.lines.{name}"
            line = self.mapping(line, key, REPORT_LINE_KEYS, REPORT_LINE_KEYS)
            starts, pattern = (self.regex(line[part], f"{key}.{part}") for part in ("starts", "pattern"))
            groups = set(pattern.groupindex)
            if "block" not in groups:
                self.fail(f"{key}.pattern", "needs a (?P<block>...) group naming the block")
            for group in sorted(groups - {"block"} - set(inputs)):
                self.fail(f"{key}.pattern", f"group {group} is not an input")
            lines.append(ReportLine(name, starts, pattern, self.text(line["layout"], f"{key}.layout")))
        required = self.names_in(spec["required"], {line.name for line in lines}, "report.required")
        numeric = {name for name, spec in inputs.items() if spec.value_type == NUMBER}
        total = self.names_in(spec["total"], numeric, "report.total")
        return Report(option, self.text(spec["title"], "report.title"), tuple(lines), required, total)

    def regex(self, value, key: str) -> re.Pattern:
        try:
            return re.compile(self.text(value, key))
        except re.error as error:
            self.fail(key, f"not a valid regular expression ({error})")

    def names_in(self, value, allowed: set[str], key: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(key, "must be a list of names")
        for name in value:
            if name not in allowed:
                self.fail(key, f"{name!r} must be one of {', '.join(sorted(allowed))}")
        return tuple(value)

