"""Charts: what a template's ``charts`` declare, computed for the current inputs.

A chart is either the engine swept along one input with every other input as given, or a
source table's figures as published, so the measurements sit beside the model. Drawing it is
left to the terminal and the workbook; what the axes are called is worked out here for both.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from calc.core.errors import MqcalcError, shown
from calc.core.formatting import number_format
from calc.core.model import Calculator, Chart, Table
from calc.engine import calculator, sweep, validate


@dataclass(frozen=True)
class Series:
    """A chart's figures for one set of inputs: each name in ``chart.y`` at each of the
    points ``x`` (None where the engine refuses a swept point; a table's figures never are),
    and ``at``, the current value of the input ``chart.mark`` to mark on the picture (None
    when the chart marks none)."""

    chart: Chart
    x: tuple
    y: dict[str, tuple[float | None, ...]]
    at: object


def chart_series(calculator_id: str, chart_id: str, inputs: dict) -> Series:
    """The figures of chart ``chart_id`` of ``calculator_id`` for ``inputs`` (missing ones
    take their defaults). ``inputs`` are judged once, as by :func:`calc.evaluate`, so a
    value out of its domain or a broken rule between inputs is an InputError, for a table
    chart too. A sweep then evaluates each point with the chart's input replaced, a point a
    rule refuses reading None; a table chart reads the table's figures at its rows."""
    spec = calculator(calculator_id)
    chart = spec.charts.get(chart_id)
    if chart is None:
        raise MqcalcError(f"calculator {shown(calculator_id)}: chart {shown(chart_id)}: expects one of "
                          + (", ".join(spec.charts) or "none (it declares no charts)"))
    values = validate(calculator_id, inputs)
    if chart.table is None:
        y = _swept(calculator_id, chart, values)
    else:
        y = _published(spec.tables[chart.table], chart)
    return Series(chart, chart.points, y, None if chart.mark is None else values[chart.mark])


def _swept(calculator_id: str, chart: Chart, values: dict) -> dict:
    """Each output in ``chart.y`` along the sweep, None where the engine refuses a point."""
    swept = sweep(calculator_id, values, chart.x, chart.points)
    return {name: tuple(None if outputs is None else float(outputs[name]) for outputs in swept)
            for name in chart.y}


def _published(table: Table, chart: Chart) -> dict:
    """The table's figures at the chart's rows: one series per column named in ``chart.y``,
    or for a one-key table the one figure per row, named by the table."""
    def figure(row, name) -> float:
        return float(table.data[(row, name) if table.col_keys else (row,)])
    return {name: tuple(figure(row, name) for row in chart.points) for name in chart.y}


def axis_titles(spec: Calculator, chart: Chart) -> tuple[str, tuple[str, ...]]:
    """What ``chart``'s axis along x and its series (one per name in ``chart.y``) are
    called. A sweep: the input's title and unit, and the outputs' titles. A table chart: the
    table's first key, and each series by the chart's own ``series`` titles, else each
    column by the label of the input whose choices they are ("Shared (QSG) listener"), else
    with the key it belongs to ("delay: above zero"), or the table's title for a one-key
    table."""
    if chart.table is None:
        varied = spec.inputs[chart.x]
        return (f"{varied.title} ({varied.unit})" if varied.unit else varied.title,
                tuple(spec.outputs[name].title for name in chart.y))
    table = spec.tables[chart.table]
    along = _words(chart.x)
    if chart.series:
        return along, chart.series
    if not table.col_keys:
        return along, (table.title,)
    owner = next((source for source in spec.inputs.values()
                  if source.labels and set(chart.y) <= set(source.choices)), None)
    return along, tuple(owner.label(name) if owner else
                        f"{_words(table.keys[1])}: {_words(name)}" for name in chart.y)


AXIS_TICKS = 5
"""About how many steps an axis is divided into (both spreadsheets aim for 5 to 10)."""


def axis_format(values) -> str:
    """A number format for an axis over ``values`` (and zero, where axes usually start):
    as many decimals as a step of a fifth of the span needs, so small figures do not all
    read 0 and whole ones carry no stray decimal point."""
    finite = [float(value) for value in values if isinstance(value, (int, float))
              and math.isfinite(value)]
    step = (max(finite + [0.0]) - min(finite + [0.0])) / AXIS_TICKS
    return number_format(max(0, -math.floor(math.log10(step))) if step > 0 else 0)


def point_labels(spec: Calculator, chart: Chart) -> tuple[str, ...]:
    """How each point along a bar chart's x reads: the input's labels (Yes/No for a
    switch), or for a table's rows the labels of the input the chart marks, else the rows'
    names as words."""
    source = spec.inputs.get(chart.x if chart.table is None else chart.mark)
    return tuple(source.label(point) if source else _words(point) for point in chart.points)


def _words(name: object) -> str:
    """A template name as words: lpar_2 reads "lpar 2"."""
    return str(name).replace("_", " ")
