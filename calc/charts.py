"""Charts: what a template's ``charts`` declare, computed for the current inputs.

A chart is the engine swept along one input with every other input as given; drawing it is
left to the terminal and the workbook.
"""
from __future__ import annotations

from dataclasses import dataclass

from .engine import calculator, sweep, validate
from .errors import MqcalcError
from .model import Chart


@dataclass(frozen=True)
class Series:
    """A chart's figures for one set of inputs: each output in ``chart.y`` at each of the
    points ``x`` (None where the engine refuses that point), and ``at``, the current value
    of the input along x, to mark on the picture."""

    chart: Chart
    x: tuple
    y: dict[str, tuple[float | None, ...]]
    at: object


def chart_series(calculator_id: str, chart_id: str, inputs: dict) -> Series:
    """The figures of chart ``chart_id`` of ``calculator_id`` for ``inputs`` (missing ones
    take their defaults). ``inputs`` are judged once, as by :func:`calc.evaluate`, so a
    value out of its domain or a broken rule between inputs is an InputError; then each point
    is evaluated with the chart's input replaced, and a point a rule refuses reads None."""
    charts = calculator(calculator_id).charts
    chart = charts.get(chart_id)
    if chart is None:
        raise MqcalcError(f"calculator {calculator_id!r}: chart {chart_id!r}: expects one of "
                          + (", ".join(charts) or "none (it declares no charts)"))
    values = validate(calculator_id, inputs)
    swept = sweep(calculator_id, values, chart.x, chart.points)
    y = {name: tuple(None if outputs is None else float(outputs[name]) for outputs in swept)
         for name in chart.y}
    return Series(chart, chart.points, y, values[chart.x])
