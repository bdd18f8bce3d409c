"""The ``charts`` section of a template: sweeps of outputs along an input, and source tables
shown as published (see :class:`calc.core.model.Chart`)."""
from __future__ import annotations

import math

from calc.core.model import NUMBER, Chart, Constant, Input, Output, Table
from calc.core.steps import Points, step_count
from calc.template.reader import NAME, SectionReader

CHART_KEYS = {"title", "help", "x", "y", "from", "to", "step", "table", "unit", "mark", "rows",
              "reference", "series"}
CHART_RANGE_KEYS = ("from", "to", "step")
TABLE_CHART_KEYS = ("unit", "mark", "rows", "series")
"""Keys only a chart of a table has; a sweep takes its unit from its outputs and marks x."""
CHART_POINT_LIMIT = 200
"""Most points one chart may have: each is a full evaluation whenever the picture is drawn."""


class ChartSection(SectionReader):
    """Reads one chart at a time, for the loader, which owns the other sections."""

    def chart(self, name, spec, inputs: dict[str, Input], outputs: dict[str, Output],
              tables: dict[str, Table], constants: dict[str, Constant]) -> Chart:
        """One chart: outputs swept along the input ``x``, or the figures of a source
        ``table`` as published (see :class:`Chart`); never both. Either may draw a cited
        constant as a level ``reference`` line (a threshold the source gives)."""
        key = f"charts.{name}"
        if not isinstance(name, str) or not NAME.match(name):
            self.reader.fail(key, f"{name!r} must be lower-case letters, digits and underscores, "
                                  "starting with a letter")
        spec = self.reader.mapping(spec, key, CHART_KEYS, {"title", "help"})
        sweep = "x" in spec
        if sweep == ("table" in spec):
            self.reader.fail(key, "needs exactly one of x (an input to sweep) or table (a source "
                                  "table to show)")
        if sweep:
            others = TABLE_CHART_KEYS
            why = f"only for a chart of a table; this one sweeps {spec['x']}"
        else:
            others = CHART_RANGE_KEYS
            why = f"not for a chart of a table; it shows the rows of {spec['table']}"
        for part in others:
            if part in spec:
                self.reader.fail(f"{key}.{part}", why)
        drawn = (self.sweep_chart(spec, key, inputs, outputs) if sweep
                 else self.table_chart(spec, key, inputs, tables))
        if "reference" in spec:
            drawn["reference"] = self.chart_reference(spec["reference"], constants,
                                                      drawn["kind"], f"{key}.reference")
        return Chart(name, self.reader.title(spec["title"], f"{key}.title"),
                     self.reader.prose(spec["help"], f"{key}.help"), **drawn)

    def chart_reference(self, name, constants: dict[str, Constant], kind: str, key: str) -> str:
        """A constant drawn level across a line chart, so its source's threshold shows."""
        if not isinstance(name, str) or name not in constants:
            self.reader.fail(key, f"{name!r} is not a constant (constants: "
                                  f"{', '.join(constants) or 'none'})")
        if kind != "line":
            self.reader.fail(key, "only for a line chart (a numeric x or numeric table rows)")
        return name

    def sweep_chart(self, spec: dict, key: str, inputs: dict[str, Input],
                    outputs: dict[str, Output]) -> dict:
        """A sweep's fields: numeric outputs of one unit at points the loader works out once
        (every value of a choice or bool; from..to by step for a number), x marked."""
        self.reader.mapping(spec, key, required={"y"})
        x = self.reader.input_named(spec["x"], inputs, f"{key}.x").id
        if inputs[x].value_type == NUMBER:
            points, kind = self.chart_points(inputs[x], spec, key), "line"
        else:
            for part in CHART_RANGE_KEYS:
                if part in spec:
                    self.reader.fail(f"{key}.{part}",
                                     f"only for a numeric x; {x} is a {inputs[x].type} "
                                     "input, charted at each of its values")
            points, kind = inputs[x].listed_values(), "bar"
        y = self.chart_y(spec["y"], tuple(outputs), "the outputs", f"{key}.y")
        for out in y:
            if outputs[out].value_type != NUMBER:
                self.reader.fail(f"{key}.y",
                                 f"{out} is {outputs[out].value_type}; only numbers plot")
        units = {outputs[out].unit for out in y}
        if len(units) != 1:
            self.reader.fail(f"{key}.y", "outputs on one axis need one unit; these have "
                                         + ", ".join(f"{out} in {outputs[out].unit}" for out in y))
        return dict(x=x, points=points, y=y, unit=units.pop(), kind=kind, mark=x)

    def table_chart(self, spec: dict, key: str, inputs: dict[str, Input],
                    tables: dict[str, Table]) -> dict:
        """A table chart's fields: the table's rows (all, or those ``rows`` picks) along x;
        up the axis the columns ``y`` of a two-key table, or a one-key table's one figure per
        row; the template's ``unit`` (a table of mixed measures has none to give); and
        optionally an input to ``mark``."""
        self.reader.mapping(spec, key, required={"unit"})
        name = spec["table"]
        if not isinstance(name, str) or name not in tables:
            self.reader.fail(f"{key}.table", f"{name!r} is not a table (tables: "
                                             f"{', '.join(tables) or 'none'})")
        table = tables[name]
        if table.value_type != NUMBER:
            self.reader.fail(f"{key}.table",
                             f"{name} holds {table.value_type} figures; only numbers plot")
        if table.col_keys:
            self.reader.mapping(spec, key, required={"y"})
            y = self.chart_y(spec["y"], table.col_keys, f"the columns of {name}", f"{key}.y")
        elif "y" in spec:
            self.reader.fail(f"{key}.y", f"not for a one-key table; {name} has one figure per row")
        else:
            y = (name,)
        points = self.chart_rows(spec, table, key)
        numeric = table.key_types[0] == NUMBER
        mark = (self.chart_mark(spec["mark"], inputs, points, numeric, f"{key}.mark")
                if "mark" in spec else None)
        return dict(x=table.keys[0], points=points, y=y,
                    unit=self.reader.text(spec["unit"], f"{key}.unit"),
                    kind="line" if numeric else "bar", mark=mark, table=name,
                    series=self.chart_series_names(spec.get("series"), y, f"{key}.series"))

    def chart_series_names(self, value, y: tuple, key: str) -> tuple[str, ...]:
        """What a table chart calls its series, one short title per name in ``y``, in the
        same order: the legend a reader sees instead of the table's column names. None
        given, the picture names them itself (:func:`calc.engine.charts.axis_titles`)."""
        if value is None:
            return ()
        if not isinstance(value, list) or len(value) != len(y):
            self.reader.fail(key, f"must list {len(y)} title(s), one for each of y: "
                                  + ", ".join(map(str, y)))
        return tuple(self.reader.title(title, f"{key}.{index}")
                     for index, title in enumerate(value))


    def chart_y(self, value, allowed: tuple, what: str, key: str) -> tuple:
        """What a chart plots up its axis: a non-empty list of ``allowed`` names, each once."""
        if not isinstance(value, list) or not value:
            self.reader.fail(key, f"must list one or more of {what}")
        for name in value:
            if name not in allowed:
                self.reader.fail(key, f"{name!r} is not one of {what}: "
                                      f"{', '.join(map(str, allowed))}")
        if len(set(value)) != len(value):
            self.reader.fail(key, f"names one of {what} twice")
        return tuple(value)

    def chart_rows(self, spec: dict, table: Table, key: str) -> tuple:
        """The rows a table chart shows: all of them, or those ``rows`` lists (to leave out a
        row that is no measurement, such as a placeholder 0), kept in the table's order so a
        line runs from row to row as the source printed them."""
        if "rows" not in spec:
            return table.row_keys
        rows, known = spec["rows"], ", ".join(map(str, table.row_keys))
        if not isinstance(rows, list) or not rows:
            self.reader.fail(f"{key}.rows", f"must list one or more rows of {table.id}")
        for row in rows:
            if row not in table.row_keys:
                self.reader.fail(f"{key}.rows", f"{row!r} is not a row of {table.id} ({known})")
        if rows != [row for row in table.row_keys if row in rows]:
            self.reader.fail(f"{key}.rows",
                             f"must name each row once, in the table's order ({known})")
        return tuple(rows)

    def chart_mark(self, name, inputs: dict[str, Input], points: tuple, numeric: bool,
                   key: str) -> str:
        """The input whose current value a table chart marks: a numeric input along numeric
        rows (marked wherever it falls, as a sweep's x is), otherwise a choice or switch whose
        every value is a row shown, so the mark always lands on a bar."""
        source = self.reader.input_named(name, inputs, key)
        if numeric and source.value_type != NUMBER:
            self.reader.fail(key, f"{name} is a {source.type} input; the rows are numbers, "
                                  "so mark a numeric input")
        if not numeric and (source.value_type == NUMBER
                            or any(value not in points for value in source.listed_values())):
            self.reader.fail(key, f"{name} takes {source.accepts()}; mark an input whose "
                                  f"every value is a row shown ({', '.join(map(str, points))})")
        return name

    def chart_points(self, source: Input, spec: dict, key: str) -> tuple:
        """from, from + step, ... to: inside the input's domain, to a whole number of steps,
        and not more than CHART_POINT_LIMIT of them."""
        for part in CHART_RANGE_KEYS:
            if spec.get(part, 1 if part == "step" else None) is None:
                self.reader.fail(f"{key}.{part}", f"is required for a numeric x ({source.id})")
        low, high, step = (self.reader.bound(spec.get(part, 1), source.type, f"{key}.{part}")
                           for part in CHART_RANGE_KEYS)
        for part, value in (("from", low), ("to", high)):
            if value < source.min or (source.max is not None and value > source.max):
                self.reader.fail(f"{key}.{part}",
                                 f"{value} is outside {source.id}, {source.accepts()}")
        if low >= high:
            self.reader.fail(f"{key}.to", "must be above from")
        if step <= 0:
            self.reader.fail(f"{key}.step", "must be above 0")
        steps = (high - low) / step
        if steps + 1 > CHART_POINT_LIMIT:
            self.reader.fail(f"{key}.step", f"gives {math.floor(steps) + 1} points; keep to "
                                            f"{CHART_POINT_LIMIT} (a larger step or a shorter "
                                            "range)")
        whole = step_count(low, high, step)
        if whole is None:
            self.reader.fail(f"{key}.to", f"must be from plus a whole number of steps of {step}")
        return tuple(Points(low, high, step, whole))

