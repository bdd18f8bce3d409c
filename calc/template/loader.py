"""Load a calculator template (YAML) into the model, checking everything on the way in.

The file is read by :mod:`calc.files.yaml_reading` (strict YAML, each key's line kept). Every
problem is a :class:`TemplateError` naming the file, the line and the key path, e.g.
``connect.yaml: line 231: outputs.connect_cpu_us.formula: unknown name tsl``.
"""
from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from calc.core.errors import InputError
from calc.core.model import (BOOL, NUMBER, Calculator, Check, Constant, Example, Input, Note,
                             Output, Table)
from calc.core.names import (FIRST_PROBLEM, NOTES_APPLYING, NOTES_SHOWN, SHEET_NAME_LIMIT, STATUS,
                             chart_range_name, check_message_name, check_name, note_name,
                             sweep_sheet, table_range_names)
from calc.core.values import coerce
from calc.files.traversable import Traversable
from calc.formula import expr
from calc.formula.compiler import FAILURES
from calc.formula.emit_python import HELPERS, to_python
from calc.template.charts_section import ChartSection
from calc.template.evidence_section import EvidenceSection
from calc.template.inputs_section import InputPresentation
from calc.template.parts_section import Parts, PartsSection
from calc.template.reader import CELL_LIKE, NAME, WRITTEN, TemplateReader, template_scope
from calc.template.report_section import ReportSection
from calc.template.spending_section import SpendingSection
from calc.template.summary_section import SummarySection

OUTPUT_UNIT_LIMIT = 12
"""Longest output unit, in characters: what the terminal's unit column shows."""
TOP_KEYS = {"id", "title", "summary", "headline", "key_results", "key_inputs", "source",
            "measured_on", "inputs", "checks", "tables", "constants", "outputs", "notes",
            "examples", "report", "charts", "cpu_spent"}
CHECK_KEYS = {"rule", "message"}
INPUT_KEYS = {"type", "default", "title", "help", "unit", "min", "max", "choices", "decimals",
              "labels", "applies_when", "measured", "grows"}
TABLE_KEYS = {"title", "unit", "keys", "rows", "source"}
CONSTANT_KEYS = {"value", "title", "unit", "source"}
SPREAD_KEYS = {"low", "high"}
"""A constant's ``range``: the lowest and highest figure its sources allow (see
:attr:`calc.core.model.Constant.spread`)."""
OUTPUT_KEYS = {"formula", "title", "unit", "help", "decimals"}
NOTE_KEYS = {"when", "text", "kind", "marks", "source", "unknown"}
EXAMPLE_KEYS = {"inputs", "expect", "note", "tolerance"}
INPUT_TYPES = ("int", "number", "bool", "choice")


def load(path: Path | Traversable,
         parts: Parts | Path | Traversable | None = None) -> Calculator:
    """Read and check ``path`` (a file, or a file of an installed package); the calculator's
    id must be the file's stem. ``parts`` are the parts a template may include (see
    :mod:`calc.template.parts_section`), or their folder; by default ``parts/`` beside a
    template file.
    Loading many templates, pass one :class:`Parts` so that each part is read once."""
    if parts is None and isinstance(path, Path):
        parts = path.parent / "parts"
    if parts is not None and not isinstance(parts, Parts):
        parts = Parts(parts)
    return _Loader(path, parts).calculator()


def part_inputs(path: Path | Traversable) -> dict[str, Input]:
    """The inputs a part file declares (its ``inputs`` mapping), each checked as a
    template's input is; anything else is a TemplateError naming the part and key."""
    reader = _Loader(path, None)
    document = reader.document if isinstance(reader.document, dict) else {}
    specs = reader.mapping(document.get("inputs"), "inputs")
    if not specs:
        reader.fail("inputs", "must name at least one input")
    return {name: reader.input(name, spec) for name, spec in specs.items()}


class _Loader(TemplateReader):
    """Reads a whole template: the top level and the inputs, tables, constants, outputs,
    checks, notes and examples here; the inputs' presentation, the evidence, parts, report,
    charts, summary choice and CPU spent each by its own section's reader, all sharing this
    reader's document, names and checks."""

    def __init__(self, path: Path | Traversable, parts: Parts | None):
        super().__init__(path)
        self.parts = parts
        self.presentation = InputPresentation(self)
        self.evidence = EvidenceSection(self)
        self.parts_section = PartsSection(self)
        self.report_section = ReportSection(self)
        self.charts = ChartSection(self)
        self.summary = SummarySection(self)
        self.spending = SpendingSection(self)
        self.measured_citations = {}
        """Input id -> the citation of the range IBM measured it over, in the inputs' order."""

    def calculator(self) -> Calculator:
        doc = self.mapping(self.document, "(top level)", TOP_KEYS,
                           {"id", "title", "summary", "source", "inputs", "outputs"})
        calculator_id = self.text(doc["id"], "id")
        if calculator_id != Path(self.file).stem:
            self.fail("id", f"{calculator_id!r} must match the file name {self.file!r}")
        if not NAME.match(calculator_id) or CELL_LIKE.match(calculator_id) \
                or calculator_id in ("true", "false"):
            self.fail("id", f"{calculator_id!r} must be lower-case letters, digits and "
                            "underscores, starting with a letter, and not read as a cell "
                            "reference or TRUE/FALSE: workbook formulas name its sheet unquoted")
        if len(sweep_sheet(calculator_id)) > SHEET_NAME_LIMIT:
            self.fail("id", f"{calculator_id!r} is too long for its workbook sheets: "
                            f"{sweep_sheet(calculator_id)} is over the {SHEET_NAME_LIMIT} "
                            "characters a sheet name may have")
        doc, measured_on = self.parts_section.measured_on(doc, self.parts)
        for name in (FIRST_PROBLEM, NOTES_APPLYING, NOTES_SHOWN, STATUS):
            self.names[name] = "the workbook, which names a cell so"
        inputs = {self.claim(name, f"inputs.{name}"): self.input(name, spec)
                  for name, spec in self.mapping(doc["inputs"], "inputs").items()}
        inputs = self.presentation.applicability(doc["inputs"], inputs)
        checks = [self.check(index, spec, inputs)
                  for index, spec in enumerate(doc.get("checks", []))]
        tables = {}
        for name, spec in self.mapping(doc.get("tables", {}), "tables").items():
            tables[name] = self.table(name, spec)
            for range_name in table_range_names(name, len(tables[name].keys)):
                self.claim(range_name, f"tables.{name}")
        constants = {self.claim(name, f"constants.{name}"): self.constant(name, spec)
                     for name, spec in self.mapping(doc.get("constants", {}), "constants").items()}
        outputs, order = self.outputs(doc["outputs"], inputs, tables, constants)
        scope = template_scope(inputs, tables, constants, outputs)
        known = {*inputs, *outputs}
        notes = [self.note(index, spec, scope, known, outputs.keys())
                 for index, spec in enumerate(doc.get("notes", []))]
        notes += [self.evidence.extrapolation(inputs[name], citation, scope)
                  for name, citation in self.measured_citations.items()]
        if any(note.kind for note in notes):
            reading = self.evidence.reading(outputs)
            notes = [self.evidence.marked(note, reading) if note.kind else note for note in notes]
        for index in range(1, len(notes) + 1):
            self.claim(note_name(index), f"notes[{index - 1}]")
        for index in range(1, len(checks) + 1):
            self.claim(check_name(index), f"checks[{index - 1}]")
            self.claim(check_message_name(index), f"checks[{index - 1}]")
        examples = [self.example(index, spec, inputs, outputs)
                    for index, spec in enumerate(doc.get("examples", []))]
        report = (self.report_section.report(doc["report"], inputs, outputs)
                  if "report" in doc else None)
        charts = {name: self.charts.chart(name, spec, inputs, outputs, tables, constants)
                  for name, spec in self.mapping(doc.get("charts", {}), "charts").items()}
        for chart in charts.values():
            for column in (chart.x, *chart.y):
                self.claim(chart_range_name(chart.id, column), f"charts.{chart.id}")
        headline, key_results, key_inputs = self.summary.summary_choice(doc, inputs, outputs)
        return Calculator(calculator_id, self.text(doc["title"], "title"),
                          self.text(doc["summary"], "summary"),
                          self.citation(doc["source"], "source"), self.file, inputs, tables,
                          constants, outputs, notes, examples, tuple(order), report, checks,
                          charts, headline, measured_on, key_results, key_inputs,
                          self.spending.cpu_spent(doc, outputs))

    def input(self, name: str, spec) -> Input:
        key = f"inputs.{name}"
        spec = self.mapping(spec, key, INPUT_KEYS, {"type", "default", "title", "help"})
        kind = spec["type"]
        if kind not in INPUT_TYPES:
            self.fail(f"{key}.type", f"{kind!r} must be one of {', '.join(INPUT_TYPES)}")
        common = dict(id=name, type=kind, default=spec["default"],
                      title=self.title(spec["title"], f"{key}.title"),
                      help=self.prose(spec["help"], f"{key}.help"),
                      unit=spec.get("unit", ""),
                      decimals=self.presentation.input_decimals(spec, key, kind),
                      labels=self.presentation.input_labels(spec, key, kind))
        if kind in ("int", "number"):
            if "unit" not in spec:
                self.fail(f"{key}.unit", "is required for a numeric input")
            low, high = (self.bound(spec.get(side), kind, f"{key}.{side}") for side in ("min", "max"))
            if low is None:
                self.fail(f"{key}.min", "is required for a numeric input")
            if high is not None and high < low:
                self.fail(f"{key}.max", "is below min")
            *measured, citation = self.evidence.measured_range(spec, key, kind, low, high)
            result = Input(**common, min=low, max=high, measured=tuple(measured),
                           grows=self.grows(spec, key))
            if citation is not None:
                self.measured_citations[name] = citation
        elif "grows" in spec:
            self.fail(f"{key}.grows", f"only for a numeric input; this one is {kind}")
        elif kind == "choice":
            choices = spec.get("choices")
            if (not isinstance(choices, list) or not choices
                    or not all(isinstance(c, str) and c for c in choices)
                    or len(set(choices)) != len(choices)):
                self.fail(f"{key}.choices", "must be a list of distinct non-empty texts")
            self.presentation.listable(choices, f"{key}.choices")
            self.evidence.measured_range(spec, key, kind, None, None)
            result = Input(**common, choices=tuple(choices))
        else:
            self.evidence.measured_range(spec, key, kind, None, None)
            result = Input(**common)
        written = self.value_type(spec["default"], f"{key}.default")
        if written != result.value_type:  # text such as '010' or 'no' would pass the gate
            self.fail(f"{key}.default",
                      f"{spec['default']!r} is {WRITTEN[written]}; a {kind} input's default is "
                      f"written as {WRITTEN[result.value_type]}")
        try:
            coerce(result, spec["default"], Path(self.file).stem)
        except InputError as error:
            self.fail(f"{key}.default", str(error))
        return result

    def grows(self, spec: dict, key: str) -> bool:
        """A numeric input's ``grows``: true where it is a volume of work that grows with the
        business (a rate, or a count in an interval), false or left out otherwise."""
        grows = spec.get("grows", False)
        if not isinstance(grows, bool):
            self.fail(f"{key}.grows", f"must be true or false, not {grows!r}")
        return grows

    def table(self, name: str, spec) -> Table:
        key = f"tables.{name}"
        spec = self.mapping(spec, key, TABLE_KEYS, TABLE_KEYS)
        keys = spec["keys"]
        if not isinstance(keys, list) or len(keys) not in (1, 2) or not all(
                isinstance(k, str) and NAME.match(k) for k in keys):
            self.fail(f"{key}.keys", "must list one or two key names")
        rows = self.mapping(spec["rows"], f"{key}.rows")
        if not rows:
            self.fail(f"{key}.rows", "must not be empty")
        if len(keys) == 1:
            data = {(row,): value for row, value in rows.items()}
            col_keys = ()
        else:
            col_keys = None
            data = {}
            for row, columns in rows.items():
                columns = self.mapping(columns, f"{key}.rows.{row}")
                if not columns:
                    self.fail(f"{key}.rows.{row}", "must not be empty")
                if col_keys is None:
                    col_keys = tuple(columns)
                elif tuple(columns) != col_keys:
                    self.fail(f"{key}.rows.{row}", f"must have the columns {list(col_keys)}")
                data.update({(row, column): value for column, value in columns.items()})
        key_types = tuple(self.uniform_type([k[position] for k in data], f"{key}.rows", "keys")
                          for position in range(len(keys)))
        value_type = self.uniform_type(list(data.values()), f"{key}.rows", "values")
        return Table(name, self.title(spec["title"], f"{key}.title"),
                     str(spec["unit"]), tuple(keys), tuple(rows), col_keys, data, value_type,
                     key_types, self.citation(spec["source"], f"{key}.source"))

    def constant(self, name: str, spec) -> Constant:
        key = f"constants.{name}"
        spec = self.mapping(spec, key, CONSTANT_KEYS | {"range"}, CONSTANT_KEYS)
        if self.value_type(spec["value"], f"{key}.value") != NUMBER:
            self.fail(f"{key}.value", "must be a number")
        return Constant(name, spec["value"], self.title(spec["title"], f"{key}.title"),
                        str(spec["unit"]), self.citation(spec["source"], f"{key}.source"),
                        self.spread(spec, key) if "range" in spec else None)

    def spread(self, spec: dict, key: str) -> tuple[float, float]:
        """A constant's ``range``: low below high, the constant's value between them."""
        key = f"{key}.range"
        ends = self.mapping(spec["range"], key, SPREAD_KEYS, SPREAD_KEYS)
        low, high = (self.bound(ends[side], "number", f"{key}.{side}") for side in ("low", "high"))
        if not low < high:
            self.fail(f"{key}.high", f"{high!r} must be above low ({low!r})")
        if not low <= spec["value"] <= high:
            self.fail(key, f"must hold the constant's value {spec['value']!r}")
        return low, high

    def outputs(self, raw, inputs, tables, constants) -> tuple[dict[str, Output], list[str]]:
        """Parse outputs in dependency order, so each formula sees the types it reads."""
        raw = self.mapping(raw, "outputs")
        specs = {}
        for name, spec in raw.items():
            key = f"outputs.{name}"
            self.claim(name, key)
            specs[name] = self.mapping(spec, key, OUTPUT_KEYS, {"formula", "title", "unit", "help"})
        trees = {name: self.syntax_tree(spec["formula"], f"outputs.{name}.formula")
                 for name, spec in specs.items()}  # parsed once: read for the order, then typed
        reads = {name: set(expr.names(tree)) & set(specs) for name, tree in trees.items()}
        outputs: dict[str, Output] = {}
        order = self.dependency_order(reads)
        scope = template_scope(inputs, tables, constants, outputs)  # each output joins it
        for name in order:  # once typed, so a formula sees only the outputs it may read
            spec, key = specs[name], f"outputs.{name}"
            formula = self.text(spec["formula"], f"{key}.formula")
            tree, used = self.typed(trees[name], scope, f"{key}.formula")
            formula = " ".join(formula.split())  # as shown to people; the tree is what counts
            if tree.mq_type == NUMBER and not str(spec["unit"]).strip():
                self.fail(f"{key}.unit", "a numeric output needs a unit")
            if len(str(spec["unit"])) > OUTPUT_UNIT_LIMIT:
                self.fail(f"{key}.unit", f"is longer than {OUTPUT_UNIT_LIMIT} characters; "
                                         "say the rest in the title")
            decimals = spec.get("decimals", 0)
            if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 9:
                self.fail(f"{key}.decimals", "must be a whole number from 0 to 9")
            read = set(used).union(*(outputs[other].inputs_read for other in used
                                     if other in outputs))
            outputs[name] = Output(name, formula, self.title(spec["title"], f"{key}.title"),
                                   str(spec["unit"]),
                                   self.prose(spec["help"], f"{key}.help"),
                                   decimals, tree, tree.mq_type, tuple(sorted(used)),
                                   tuple(input_id for input_id in inputs if input_id in read))
            scope.values[name] = tree.mq_type
        return {name: outputs[name] for name in specs}, order

    def dependency_order(self, reads: dict[str, set[str]]) -> list[str]:
        order, state = [], {}

        def visit(name: str, path: list[str]):
            if state.get(name) == "done":
                return
            if state.get(name) == "active":
                cycle = path[path.index(name):] + [name]
                self.fail(f"outputs.{name}.formula", "formulas refer to each other in a cycle: "
                          + " -> ".join(cycle))
            state[name] = "active"
            for dependency in sorted(reads[name]):
                visit(dependency, path + [name])
            state[name] = "done"
            order.append(name)

        for name in reads:
            visit(name, [])
        return order

    def note(self, index: int, spec, scope: expr.Scope, known: set[str],
             outputs: Collection[str]) -> Note:
        key = f"notes[{index}]"
        spec = self.mapping(spec, key, NOTE_KEYS, {"when", "text"})
        when = self.text(spec["when"], f"{key}.when")
        tree, _ = self.parse(when, scope, f"{key}.when")
        when = " ".join(when.split())
        if tree.mq_type != BOOL:
            self.fail(f"{key}.when", "must be a condition (true or false)")
        return Note(when, self.prose(spec["text"], f"{key}.text"), tree,
                    unknown=self.unknown(spec.get("unknown", []), f"{key}.unknown", outputs),
                    **self.evidence.evidence_kind(spec, key, known))

    def unknown(self, names, key: str, outputs: Collection[str]) -> tuple[str, ...]:
        """A note's ``unknown``: the outputs a person is not shown a figure for while it
        holds."""
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            self.fail(key, "must list outputs")
        for name in names:
            if name not in outputs:
                self.fail(key, f"{name!r} is not an output")
        return tuple(names)

    def check(self, index: int, spec, inputs: dict[str, Input]) -> Check:
        """A rule between inputs: a condition on inputs only, which the defaults satisfy."""
        key = f"checks[{index}]"
        spec = self.mapping(spec, key, CHECK_KEYS, CHECK_KEYS)
        rule = " ".join(self.text(spec["rule"], f"{key}.rule").split())
        tree, used = self.parse(rule, template_scope(inputs, {}, {}, {}), f"{key}.rule")
        if tree.mq_type != BOOL:
            self.fail(f"{key}.rule", "must be a condition (true or false)")
        names = tuple(sorted(used, key=rule.find))
        defaults = {name: coerce(spec_, spec_.default, Path(self.file).stem)
                    for name, spec_ in inputs.items()}
        try:
            holds = eval(to_python(tree), dict(HELPERS), defaults)  # noqa: S307 - checked tree
        except FAILURES as error:
            self.fail(f"{key}.rule", f"cannot be computed for the inputs' defaults "
                                     f"({type(error).__name__}: {error})")
        if not holds:
            self.fail(f"{key}.rule", "the inputs' defaults break it")
        return Check(rule, self.prose(spec["message"], f"{key}.message"), names, tree)

    def example(self, index: int, spec, inputs, outputs) -> Example:
        key = f"examples[{index}]"
        spec = self.mapping(spec, key, EXAMPLE_KEYS, {"inputs", "expect", "note"})
        for name in self.mapping(spec["inputs"], f"{key}.inputs"):
            if name not in inputs:
                self.fail(f"{key}.inputs.{name}", "is not an input")
        for name in self.mapping(spec["expect"], f"{key}.expect"):
            if name not in outputs:
                self.fail(f"{key}.expect.{name}", "is not an output")
        return Example(dict(spec["inputs"]), dict(spec["expect"]),
                       self.prose(spec["note"], f"{key}.note"),
                       spec.get("tolerance", 1e-9))
