"""The series plot of an SMF import: a queue manager's intervals over time by the figure its
peak is ranked by (the adapter request rate, else the log rate), the interval highlighted in
the list beneath marked, so the interval to import can be picked from the plot (Left and
Right step along it in time) or from the list.

Which figure and its values are the engine's (the import's, ranked as
:func:`calc.inputs.smf.selection.ranking` ranks them); this module only draws them. Every
interval the list offers is plotted, cut short or not, so the peak picked is on the plot.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from textual_plotext import PlotextPlot

from calc import engine
from calc.inputs.smf.importing import Imported
from calc.inputs.smf.selection import ranking

DATES = "Y-m-d H:M:S"
"""How the plot is given each interval's start (plotext's date form)."""
TIME_OF_DAY, DAY_AND_TIME = "H:M", "d/m H:M"
"""How the time axis is labelled: the time of day where the series lies within one day,
else the day and month too."""


@dataclass(frozen=True)
class Trace:
    """One queue manager's figure over its intervals: what to draw and how to name it."""

    figure: str
    """The figure's title, as its input's."""
    unit: str
    starts: tuple[datetime, ...]
    values: tuple[float, ...]


def traces(imported: tuple[Imported, ...]) -> dict[tuple[str, str], Trace]:
    """Each queue manager's (LPAR, name) trace of the figure its peak is ranked by, over
    its intervals that have it (none for one whose intervals give no such figure)."""
    systems: dict[tuple[str, str], list[Imported]] = {}
    for item in imported:
        systems.setdefault((item.interval.lpar, item.interval.qmgr), []).append(item)
    found = {}
    for (lpar, qmgr), items in systems.items():
        ranked = ranking(items)
        if ranked is None:
            continue
        calculator_id, name = ranked
        having = [item for item in items if name in item.inputs.get(calculator_id, {})]
        spec = engine.calculator(calculator_id).inputs[name]
        found[lpar, qmgr] = Trace(spec.title, spec.unit,
                                  tuple(item.interval.start for item in having),
                                  tuple(item.inputs[calculator_id][name] for item in having))
    return found


def draw(plot: PlotextPlot, system: str, trace: Trace | None, marked: datetime) -> None:
    """Draw the queue manager ``system``'s ``trace`` on ``plot`` with a vertical line at
    ``marked`` (an interval's start), or say why there is nothing to draw."""
    plt = plot.plt
    plt.clear_data()
    plt.clear_figure()
    if trace is None or len(trace.starts) < 2:
        plt.title(f"{system}: " + (f"one interval has its {trace.figure.lower()}, no series"
                                   if trace else "no rate to rank its intervals by"))
        plot.refresh()
        return
    one_day = trace.starts[0].date() == trace.starts[-1].date()
    plt.date_form(DATES, TIME_OF_DAY if one_day else DAY_AND_TIME)
    stamps = [f"{start:%Y-%m-%d %H:%M:%S}" for start in trace.starts]
    plt.title(f"{system}: {trace.figure} by interval")
    plt.ylabel(trace.unit)
    plt.plot(stamps, list(trace.values), marker="braille")
    plt.vline(f"{marked:%Y-%m-%d %H:%M:%S}")
    plot.refresh()
