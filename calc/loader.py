"""Load a calculator template (YAML) into the model, checking everything on the way in.

The file is read by :mod:`calc.yaml_reading` (strict YAML, each key's line kept). Every
problem is a :class:`TemplateError` naming the file, the line and the key path, e.g.
``connect.yaml: line 231: outputs.connect_cpu_us.formula: unknown name tsl``.
"""
from __future__ import annotations

import ast
import keyword
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

from . import expr, yaml_reading
from .emit_python import HELPERS, to_python
from .names import (SHEET_NAME_LIMIT, chart_range_name, check_name, note_name,
                    shown_note_name, sweep_sheet, table_range_names)
from .steps import Points, step_count
from .errors import InputError, TemplateError
from .files import reason
from .model import (BOOL, NUMBER, TEXT, Calculator, Chart, Check, Citation, Constant, Example,
                    Input, Note, Output, Report, ReportLine, Table)
from .values import coerce

if TYPE_CHECKING:  # for annotations only: importlib.resources costs start-up time
    from importlib.resources.abc import Traversable

TITLE_LIMITS = {"inputs": 22, "outputs": 36, "constants": 44, "tables": 56, "charts": 56}
"""Longest title, in characters: inputs and outputs fit beside a field or a value in the
terminal; constants and tables fit their title cells in the workbook; charts fit above
their picture."""
OUTPUT_UNIT_LIMIT = 12
"""Longest output unit, in characters: what the terminal's unit column shows."""
TOP_KEYS = {"id", "title", "summary", "headline", "source", "inputs", "checks", "tables", "constants",
            "outputs", "notes", "examples", "report", "charts"}
CHECK_KEYS = {"rule", "message"}
REPORT_KEYS = {"option", "title", "lines", "required", "total"}
REPORT_LINE_KEYS = {"starts", "pattern", "layout"}
OPTION = re.compile(r"[a-z][a-z0-9-]*\Z")
INPUT_KEYS = {"type", "default", "title", "help", "unit", "min", "max", "choices"}
TABLE_KEYS = {"title", "unit", "keys", "rows", "source"}
CONSTANT_KEYS = {"value", "title", "unit", "source"}
OUTPUT_KEYS = {"formula", "title", "unit", "help", "decimals"}
NOTE_KEYS = {"when", "text"}
EXAMPLE_KEYS = {"inputs", "expect", "note", "tolerance"}
CHART_KEYS = {"title", "help", "x", "y", "from", "to", "step", "table", "unit", "mark", "rows"}
CHART_RANGE_KEYS = ("from", "to", "step")
TABLE_CHART_KEYS = ("unit", "mark", "rows")
"""Keys only a chart of a table has; a sweep takes its unit from its outputs and marks x."""
CHART_POINT_LIMIT = 200
"""Most points one chart may have: each is a full evaluation whenever the picture is drawn."""
INPUT_TYPES = ("int", "number", "bool", "choice")
WRITTEN = {NUMBER: "a number", TEXT: "text", BOOL: "true or false"}
"""How a value of each type is written in a template."""

NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
CELL_LIKE = re.compile(r"([a-z]{1,3}[0-9]+|r[0-9]*c?[0-9]*|c[0-9]*)\Z")
RESERVED = {"true", "false", *expr.FUNCTIONS}


def load(path: Path | Traversable) -> Calculator:
    """Read and check ``path`` (a file, or a file of an installed package); the calculator's
    id must be the file's stem."""
    return _Loader(path).calculator()


class _Loader:
    def __init__(self, path: Path | Traversable):
        self.file = path.name
        try:
            self.source = yaml_reading.read(path)
        except OSError as error:
            raise TemplateError(self.file, "(file)", f"cannot be read: {reason(error)}") from None
        except yaml_reading.YamlProblem as error:
            raise TemplateError(self.file, "(file)", error.problem, error.line) from None
        self.document = self.source.data
        self.names: dict[str, str] = {}

    def fail(self, key: str, problem: str):
        raise TemplateError(self.file, key, problem, self.source.line(key))

    def mapping(self, value, key: str, allowed: set[str] | None = None,
                required: set[str] = frozenset()) -> dict:
        if not isinstance(value, dict):
            self.fail(key, "must be a mapping")
        if allowed is not None:
            for unknown in sorted(set(value) - allowed, key=str):
                self.fail(f"{key}.{unknown}", f"unknown key (known: {', '.join(sorted(allowed))})")
        for missing in sorted(required - set(value)):
            self.fail(f"{key}.{missing}", "is required")
        return value

    def text(self, value, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(key, "must be non-empty text")
        return value.strip()

    def prose(self, value, key: str) -> str:
        """Non-empty text with its line breaks and runs of spaces folded, as shown to people."""
        return " ".join(self.text(value, key).split())

    def title(self, value, key: str) -> str:
        """A short title: at most the limit for its section."""
        title = self.text(value, key)
        limit = TITLE_LIMITS[key.split(".")[0]]
        if len(title) > limit:
            self.fail(key, f"is {len(title)} characters; keep it to {limit} (put detail in the help or the source passage)")
        return title

    def claim(self, name, key: str) -> str:
        """Check ``name`` can be a formula name and a spreadsheet defined name, once."""
        if not isinstance(name, str) or not NAME.match(name) or "__" in name:
            self.fail(key, f"{name!r} must be lower-case letters, digits and single underscores, "
                           "starting with a letter")
        if CELL_LIKE.match(name) or name in RESERVED or keyword.iskeyword(name):
            self.fail(key, f"{name!r} reads as a cell reference, function or keyword")
        if name in self.names:
            self.fail(key, f"{name!r} is already used by {self.names[name]}")
        self.names[name] = key
        return name

    def citation(self, value, key: str) -> Citation:
        value = self.mapping(value, key, {"file", "passage"}, {"file", "passage"})
        return Citation(self.text(value["file"], f"{key}.file"),
                        self.prose(value["passage"], f"{key}.passage"))

    def calculator(self) -> Calculator:
        doc = self.mapping(self.document, "(top level)", TOP_KEYS,
                           {"id", "title", "summary", "source", "inputs", "outputs"})
        calculator_id = self.text(doc["id"], "id")
        if calculator_id != Path(self.file).stem:
            self.fail("id", f"{calculator_id!r} must match the file name {self.file!r}")
        if len(sweep_sheet(calculator_id)) > SHEET_NAME_LIMIT:
            self.fail("id", f"{calculator_id!r} is too long for its workbook sheets: "
                            f"{sweep_sheet(calculator_id)} is over the {SHEET_NAME_LIMIT} "
                            "characters a sheet name may have")
        inputs = {self.claim(name, f"inputs.{name}"): self.input(name, spec)
                  for name, spec in self.mapping(doc["inputs"], "inputs").items()}
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
        scope = self.scope(inputs, tables, constants, outputs)
        notes = [self.note(index, spec, scope) for index, spec in enumerate(doc.get("notes", []))]
        for index in range(1, len(notes) + 1):
            self.claim(note_name(index), f"notes[{index - 1}]")
            self.claim(shown_note_name(index), f"notes[{index - 1}]")
        for index in range(1, len(checks) + 1):
            self.claim(check_name(index), f"checks[{index - 1}]")
        examples = [self.example(index, spec, inputs, outputs)
                    for index, spec in enumerate(doc.get("examples", []))]
        report = self.report(doc["report"], inputs) if "report" in doc else None
        charts = {name: self.chart(name, spec, inputs, outputs, tables)
                  for name, spec in self.mapping(doc.get("charts", {}), "charts").items()}
        for chart in charts.values():
            for column in (chart.x, *chart.y):
                self.claim(chart_range_name(chart.id, column), f"charts.{chart.id}")
        headline = doc.get("headline", next(iter(outputs)))
        if headline not in outputs:
            self.fail("headline", f"{headline!r} must be one of the outputs: " + ", ".join(outputs))
        return Calculator(calculator_id, self.text(doc["title"], "title"),
                          self.text(doc["summary"], "summary"),
                          self.citation(doc["source"], "source"), self.file, inputs, tables,
                          constants, outputs, notes, examples, tuple(order), report, checks,
                          charts, headline)

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

    def input(self, name: str, spec) -> Input:
        key = f"inputs.{name}"
        spec = self.mapping(spec, key, INPUT_KEYS, {"type", "default", "title", "help"})
        kind = spec["type"]
        if kind not in INPUT_TYPES:
            self.fail(f"{key}.type", f"{kind!r} must be one of {', '.join(INPUT_TYPES)}")
        common = dict(id=name, type=kind, default=spec["default"],
                      title=self.title(spec["title"], f"{key}.title"),
                      help=self.prose(spec["help"], f"{key}.help"),
                      unit=spec.get("unit", ""))
        if kind in ("int", "number"):
            if "unit" not in spec:
                self.fail(f"{key}.unit", "is required for a numeric input")
            low, high = (self.bound(spec.get(side), kind, f"{key}.{side}") for side in ("min", "max"))
            if low is None:
                self.fail(f"{key}.min", "is required for a numeric input")
            if high is not None and high < low:
                self.fail(f"{key}.max", "is below min")
            result = Input(**common, min=low, max=high)
        elif kind == "choice":
            choices = spec.get("choices")
            if (not isinstance(choices, list) or not choices
                    or not all(isinstance(c, str) and c for c in choices)
                    or len(set(choices)) != len(choices)):
                self.fail(f"{key}.choices", "must be a list of distinct non-empty texts")
            result = Input(**common, choices=tuple(choices))
        else:
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

    def bound(self, value, kind: str, key: str):
        if value is None:
            return None
        wanted = int if kind == "int" else (int, float)
        if isinstance(value, bool) or not isinstance(value, wanted) or not math.isfinite(value):
            self.fail(key, f"{value!r} must be a finite {'whole ' if kind == 'int' else ''}number")
        return value

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

    def uniform_type(self, values: list, key: str, what: str) -> str:
        types = [self.value_type(value, key) for value in values]
        odd = next((value for value, kind in zip(values, types) if kind != types[0]), None)
        if odd is not None:
            self.fail(key, f"{what} must all be numbers, all texts or all booleans, not both "
                           f"{values[0]!r} and {odd!r}")
        return types[0]

    def value_type(self, value, key: str) -> str:
        if isinstance(value, bool):
            return BOOL
        if isinstance(value, (int, float)) and math.isfinite(value):
            return NUMBER
        if isinstance(value, str):
            return TEXT
        self.fail(key, f"{value!r} is not a number, text or boolean")

    def constant(self, name: str, spec) -> Constant:
        key = f"constants.{name}"
        spec = self.mapping(spec, key, CONSTANT_KEYS, CONSTANT_KEYS)
        if self.value_type(spec["value"], f"{key}.value") != NUMBER:
            self.fail(f"{key}.value", "must be a number")
        return Constant(name, spec["value"], self.title(spec["title"], f"{key}.title"),
                        str(spec["unit"]), self.citation(spec["source"], f"{key}.source"))

    def scope(self, inputs, tables, constants, outputs) -> expr.Scope:
        values = {name: spec.value_type for name, spec in inputs.items()}
        values.update({name: NUMBER for name in constants})
        values.update({name: spec.value_type for name, spec in outputs.items()})
        choices = {name: spec.choices for name, spec in inputs.items() if spec.type == "choice"}
        return expr.Scope(values, tables, choices)

    def outputs(self, raw, inputs, tables, constants) -> tuple[dict[str, Output], list[str]]:
        """Parse outputs in dependency order, so each formula sees the types it reads."""
        raw = self.mapping(raw, "outputs")
        specs = {}
        for name, spec in raw.items():
            key = f"outputs.{name}"
            self.claim(name, key)
            specs[name] = self.mapping(spec, key, OUTPUT_KEYS, {"formula", "title", "unit", "help"})
        reads = {name: self.names_read(spec["formula"], f"outputs.{name}.formula") & set(specs)
                 for name, spec in specs.items()}
        outputs: dict[str, Output] = {}
        order = self.dependency_order(reads)
        for name in order:
            spec, key = specs[name], f"outputs.{name}"
            formula = self.text(spec["formula"], f"{key}.formula")
            tree, used = self.parse(formula, self.scope(inputs, tables, constants, outputs),
                                    f"{key}.formula")
            formula = " ".join(formula.split())  # as shown to people; the tree is what counts
            if tree.mq_type == NUMBER and not str(spec["unit"]).strip():
                self.fail(f"{key}.unit", "a numeric output needs a unit")
            if len(str(spec["unit"])) > OUTPUT_UNIT_LIMIT:
                self.fail(f"{key}.unit", f"is longer than {OUTPUT_UNIT_LIMIT} characters; "
                                         "say the rest in the title")
            decimals = spec.get("decimals", 0)
            if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 9:
                self.fail(f"{key}.decimals", "must be a whole number from 0 to 9")
            outputs[name] = Output(name, formula, self.title(spec["title"], f"{key}.title"),
                                   str(spec["unit"]),
                                   self.prose(spec["help"], f"{key}.help"),
                                   decimals, tree, tree.mq_type, tuple(sorted(used)))
        return {name: outputs[name] for name in specs}, order

    def names_read(self, formula, key: str) -> set[str]:
        try:
            return {node.id for node in ast.walk(expr.syntax_tree(str(formula)))
                    if isinstance(node, ast.Name)}
        except expr.ExpressionError as error:
            self.fail(key, str(error))

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

    def parse(self, formula: str, scope: expr.Scope, key: str):
        try:
            return expr.parse(formula, scope)
        except expr.ExpressionError as error:
            self.fail(key, str(error))

    def note(self, index: int, spec, scope: expr.Scope) -> Note:
        key = f"notes[{index}]"
        spec = self.mapping(spec, key, NOTE_KEYS, NOTE_KEYS)
        when = self.text(spec["when"], f"{key}.when")
        tree, _ = self.parse(when, scope, f"{key}.when")
        when = " ".join(when.split())
        if tree.mq_type != BOOL:
            self.fail(f"{key}.when", "must be a condition (true or false)")
        return Note(when, self.prose(spec["text"], f"{key}.text"), tree)

    def check(self, index: int, spec, inputs: dict[str, Input]) -> Check:
        """A rule between inputs: a condition on inputs only, which the defaults satisfy."""
        key = f"checks[{index}]"
        spec = self.mapping(spec, key, CHECK_KEYS, CHECK_KEYS)
        rule = " ".join(self.text(spec["rule"], f"{key}.rule").split())
        tree, used = self.parse(rule, self.scope(inputs, {}, {}, {}), f"{key}.rule")
        if tree.mq_type != BOOL:
            self.fail(f"{key}.rule", "must be a condition (true or false)")
        names = tuple(sorted(used, key=rule.find))
        defaults = {name: coerce(spec_, spec_.default, Path(self.file).stem)
                    for name, spec_ in inputs.items()}
        if not eval(to_python(tree), dict(HELPERS), defaults):  # noqa: S307 - checked tree
            self.fail(f"{key}.rule", "the inputs' defaults break it")
        return Check(rule, self.prose(spec["message"], f"{key}.message"), names, tree)

    def chart(self, name, spec, inputs: dict[str, Input], outputs: dict[str, Output],
              tables: dict[str, Table]) -> Chart:
        """One chart: outputs swept along the input ``x``, or the figures of a source
        ``table`` as published (see :class:`Chart`); never both."""
        key = f"charts.{name}"
        if not isinstance(name, str) or not NAME.match(name):
            self.fail(key, f"{name!r} must be lower-case letters, digits and underscores, "
                           "starting with a letter")
        spec = self.mapping(spec, key, CHART_KEYS, {"title", "help"})
        sweep = "x" in spec
        if sweep == ("table" in spec):
            self.fail(key, "needs exactly one of x (an input to sweep) or table (a source "
                           "table to show)")
        if sweep:
            others = TABLE_CHART_KEYS
            why = f"only for a chart of a table; this one sweeps {spec['x']}"
        else:
            others = CHART_RANGE_KEYS
            why = f"not for a chart of a table; it shows the rows of {spec['table']}"
        for part in others:
            if part in spec:
                self.fail(f"{key}.{part}", why)
        drawn = (self.sweep_chart(spec, key, inputs, outputs) if sweep
                 else self.table_chart(spec, key, inputs, tables))
        return Chart(name, self.title(spec["title"], f"{key}.title"),
                     self.prose(spec["help"], f"{key}.help"), **drawn)

    def sweep_chart(self, spec: dict, key: str, inputs: dict[str, Input],
                    outputs: dict[str, Output]) -> dict:
        """A sweep's fields: numeric outputs of one unit at points the loader works out once
        (every value of a choice or bool; from..to by step for a number), x marked."""
        self.mapping(spec, key, required={"y"})
        x = self.input_named(spec["x"], inputs, f"{key}.x").id
        if inputs[x].value_type == NUMBER:
            points, kind = self.chart_points(inputs[x], spec, key), "line"
        else:
            for part in CHART_RANGE_KEYS:
                if part in spec:
                    self.fail(f"{key}.{part}", f"only for a numeric x; {x} is a {inputs[x].type} "
                                               "input, charted at each of its values")
            points, kind = inputs[x].listed_values(), "bar"
        y = self.chart_y(spec["y"], tuple(outputs), "the outputs", f"{key}.y")
        for out in y:
            if outputs[out].value_type != NUMBER:
                self.fail(f"{key}.y", f"{out} is {outputs[out].value_type}; only numbers plot")
        units = {outputs[out].unit for out in y}
        if len(units) != 1:
            self.fail(f"{key}.y", "outputs on one axis need one unit; these have "
                                  + ", ".join(f"{out} in {outputs[out].unit}" for out in y))
        return dict(x=x, points=points, y=y, unit=units.pop(), kind=kind, mark=x)

    def table_chart(self, spec: dict, key: str, inputs: dict[str, Input],
                    tables: dict[str, Table]) -> dict:
        """A table chart's fields: the table's rows (all, or those ``rows`` picks) along x;
        up the axis the columns ``y`` of a two-key table, or a one-key table's one figure per
        row; the template's ``unit`` (a table of mixed measures has none to give); and
        optionally an input to ``mark``."""
        self.mapping(spec, key, required={"unit"})
        name = spec["table"]
        if not isinstance(name, str) or name not in tables:
            self.fail(f"{key}.table", f"{name!r} is not a table (tables: "
                                      f"{', '.join(tables) or 'none'})")
        table = tables[name]
        if table.value_type != NUMBER:
            self.fail(f"{key}.table", f"{name} holds {table.value_type} figures; only numbers plot")
        if table.col_keys:
            self.mapping(spec, key, required={"y"})
            y = self.chart_y(spec["y"], table.col_keys, f"the columns of {name}", f"{key}.y")
        elif "y" in spec:
            self.fail(f"{key}.y", f"not for a one-key table; {name} has one figure per row")
        else:
            y = (name,)
        points = self.chart_rows(spec, table, key)
        numeric = table.key_types[0] == NUMBER
        mark = (self.chart_mark(spec["mark"], inputs, points, numeric, f"{key}.mark")
                if "mark" in spec else None)
        return dict(x=table.keys[0], points=points, y=y,
                    unit=self.text(spec["unit"], f"{key}.unit"),
                    kind="line" if numeric else "bar", mark=mark, table=name)

    def input_named(self, name, inputs: dict[str, Input], key: str) -> Input:
        """The input ``name`` names, or a refusal listing the inputs."""
        if not isinstance(name, str) or name not in inputs:
            self.fail(key, f"{name!r} is not an input (inputs: {', '.join(inputs)})")
        return inputs[name]

    def chart_y(self, value, allowed: tuple, what: str, key: str) -> tuple:
        """What a chart plots up its axis: a non-empty list of ``allowed`` names, each once."""
        if not isinstance(value, list) or not value:
            self.fail(key, f"must list one or more of {what}")
        for name in value:
            if name not in allowed:
                self.fail(key, f"{name!r} is not one of {what}: {', '.join(map(str, allowed))}")
        if len(set(value)) != len(value):
            self.fail(key, f"names one of {what} twice")
        return tuple(value)

    def chart_rows(self, spec: dict, table: Table, key: str) -> tuple:
        """The rows a table chart shows: all of them, or those ``rows`` lists (to leave out a
        row that is no measurement, such as a placeholder 0), kept in the table's order so a
        line runs from row to row as the source printed them."""
        if "rows" not in spec:
            return table.row_keys
        rows, known = spec["rows"], ", ".join(map(str, table.row_keys))
        if not isinstance(rows, list) or not rows:
            self.fail(f"{key}.rows", f"must list one or more rows of {table.id}")
        for row in rows:
            if row not in table.row_keys:
                self.fail(f"{key}.rows", f"{row!r} is not a row of {table.id} ({known})")
        if rows != [row for row in table.row_keys if row in rows]:
            self.fail(f"{key}.rows", f"must name each row once, in the table's order ({known})")
        return tuple(rows)

    def chart_mark(self, name, inputs: dict[str, Input], points: tuple, numeric: bool,
                   key: str) -> str:
        """The input whose current value a table chart marks: a numeric input along numeric
        rows (marked wherever it falls, as a sweep's x is), otherwise a choice or switch whose
        every value is a row shown, so the mark always lands on a bar."""
        source = self.input_named(name, inputs, key)
        if numeric and source.value_type != NUMBER:
            self.fail(key, f"{name} is a {source.type} input; the rows are numbers, so mark a "
                           "numeric input")
        if not numeric and (source.value_type == NUMBER
                            or any(value not in points for value in source.listed_values())):
            self.fail(key, f"{name} takes {source.accepts()}; mark an input whose every value "
                           f"is a row shown ({', '.join(map(str, points))})")
        return name

    def chart_points(self, source: Input, spec: dict, key: str) -> tuple:
        """from, from + step, ... to: inside the input's domain, to a whole number of steps,
        and not more than CHART_POINT_LIMIT of them."""
        for part in CHART_RANGE_KEYS:
            if spec.get(part, 1 if part == "step" else None) is None:
                self.fail(f"{key}.{part}", f"is required for a numeric x ({source.id})")
        low, high, step = (self.bound(spec.get(part, 1), source.type, f"{key}.{part}")
                           for part in CHART_RANGE_KEYS)
        for part, value in (("from", low), ("to", high)):
            if value < source.min or (source.max is not None and value > source.max):
                self.fail(f"{key}.{part}", f"{value} is outside {source.id}, {source.accepts()}")
        if low >= high:
            self.fail(f"{key}.to", "must be above from")
        if step <= 0:
            self.fail(f"{key}.step", "must be above 0")
        steps = (high - low) / step
        if steps + 1 > CHART_POINT_LIMIT:
            self.fail(f"{key}.step", f"gives {math.floor(steps) + 1} points; keep to "
                                     f"{CHART_POINT_LIMIT} (a larger step or a shorter range)")
        whole = step_count(low, high, step)
        if whole is None:
            self.fail(f"{key}.to", f"must be from plus a whole number of steps of {step}")
        return tuple(Points(low, high, step, whole))

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
