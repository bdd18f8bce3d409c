"""The Plan view's text: a plan's variants side by side (machine, CPU by address space, the
total, % of the LPAR, MSU, and each variant's change from the first; under an address space
a variant's measurement covers, what was measured and the calculators' change since; under
the total, share and MSU where the spreads move them, their low and high), a bar
per address space per variant, and the notes that apply. Presentation only, no Textual:
every figure is a :class:`~calc.inputs.plan_run.PlanResult`'s, written with the decimals
``mqcalc plan`` prints.
"""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from calc.core.formatting import format_value, signed
from calc.core.model import CPU_RATE_UNIT, space_label
from calc.engine.evidence import LETTERS, WORDS, legend, letters
from calc.inputs.plan import RATE_DECIMALS, machine_inputs, measured_figures
from calc.inputs.plan_run import HEADROOM, TOTAL, PlanResult, share_outputs

from .evidence_view import STYLES

EIGHTHS = " ▏▎▍▌▋▊▉"
"""A bar's last cell by the eighths of a cell it fills (Unicode's left block elements)."""
BAR_ROOM = 10
"""Fewest cells a bar may use, however narrow the view: shorter bars cannot be told apart."""
WIDEST = 100
"""Widest a bar's line is, however wide the view: about the figures table's width, so each
bar is read beside its figure rather than across the screen."""


def figures_table(result: PlanResult) -> Table:
    """Label and unit, each variant's figure, then each later variant's change from the
    first (the machine rows have none: a choice has no difference). Only the label is cut
    where the width is short; every figure and unit is shown whole."""
    later = result.variants[1:]
    rows = [[Text(spec.title), spec.unit, *(
        spec.label(v.variant.machine[spec.id]) if spec.type == "choice"
        else format_value(v.variant.machine[spec.id], spec.decimals)
        for v in result.variants), *([""] * len(later))] for spec in machine_inputs().values()]
    figures = [(space_label(space), CPU_RATE_UNIT, space, RATE_DECIMALS)
               for space in result.spaces]
    figures.append(("Total", CPU_RATE_UNIT, TOTAL, RATE_DECIMALS))
    figures += [(title, unit, name, decimals)
                for name, (title, unit, decimals) in share_outputs().items()]
    changes = [result.difference(variant) for variant in later]
    for label, unit, key, decimals in figures:
        rows.append([Text(label, style="bold" if key == TOTAL else ""), unit,
                     *(format_value(variant.figure(key), decimals)
                       for variant in result.variants),
                     *(signed(format_value(change[key], decimals)) for change in changes)])
        if any(key in variant.measured for variant in result.variants):
            rows += [[Text(words, style="dim"), unit, *(
                shown(format_value(getattr(variant, part)[key], decimals))
                if key in variant.measured else "-" for variant in result.variants),
                *([""] * len(later))]
                for words, part, shown in (("  measured", "measured", str),
                                           ("  + change by the calculators", "change", signed))]
        if key not in result.spaces and any(key in v.ranges or key in v.difference_ranges
                                            for v in result.variants):
            rows += [[Text(f"  {label}", style="dim"), unit,
                      *(format_value(variant.low_high(key)[end], decimals)
                        for variant in result.variants),
                      *(signed(format_value(variant.low_high(key, change[key])[end], decimals))
                        for variant, change in zip(later, changes))]
                     for end, label in enumerate(("low", "high"))]
        if key in result.variants[0].evidence:
            rows.append([Text("  rests on", style="dim"), "",
                         *(letters(variant.evidence[key]) or "-" for variant in result.variants),
                         *([""] * len(later))])
    _, unit, decimals = share_outputs()["lpar_busy_pct"]
    rows.append([Text(HEADROOM), unit, *(format_value(variant.headroom_pct, decimals)
                                         for variant in result.variants),
                 *(signed(format_value(variant.headroom_pct - result.variants[0].headroom_pct,
                                       decimals)) for variant in later)])
    headers = ["", "Unit", *(v.name for v in result.variants),
               *(("change",) if len(later) == 1 else (f"Δ {v.name}" for v in later))]
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("", overflow="ellipsis", no_wrap=True, min_width=12)
    for index, header in enumerate(headers[1:], start=1):
        table.add_column(Text(header), justify="left" if index == 1 else "right", no_wrap=True,
                         style="dim" if index == 1 else "",
                         min_width=max(len(header), *(len(str(row[index])) for row in rows)))
    for row in rows:
        table.add_row(*row)
    return table


def contributions_table(result: PlanResult) -> Table:
    """Each declared part of a calculator's CPU (calculator, output, the address space that
    pays it) with its CPU s/s in each variant that uses the calculator (blank in one that
    does not), then each variant's total: the figures the address spaces and the total add
    up (where a variant carries a measurement, the parts' sum instead, which the total does
    not add up), then each measured figure a variant carries. Only the part's name is cut
    where the width is short."""
    keys = list(dict.fromkeys((c.calculator, c.output, c.address_space)
                              for v in result.variants for c in v.contributions))
    values = [{(c.calculator, c.output, c.address_space): c.cpu_seconds_per_sec
               for c in v.contributions} for v in result.variants]
    rows = [[Text(f"{calculator} {output}"), space,
             *(format_value(found[calculator, output, space], RATE_DECIMALS)
               if (calculator, output, space) in found else "" for found in values)]
            for calculator, output, space in keys]
    measured = any(v.measured for v in result.variants)
    rows.append([Text("Calculators' sum" if measured else "Total", style="bold"), "",
                 *(format_value(v.modelled_total if measured else v.total, RATE_DECIMALS)
                   for v in result.variants)])
    for name, figure in measured_figures().items():
        if any(name in v.variant.measured for v in result.variants):
            rows.append([Text(f"measured {name}"), figure.address_space, *(
                format_value(v.variant.measured[name], RATE_DECIMALS)
                if name in v.variant.measured else "" for v in result.variants)])
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column(f"Calculator and output, in {CPU_RATE_UNIT}", overflow="ellipsis",
                     no_wrap=True, min_width=12)
    table.add_column("Paid by", style="dim", no_wrap=True, min_width=max(
        len(row[1]) for row in rows))
    for index, variant in enumerate(result.variants, start=2):
        table.add_column(Text(variant.name), justify="right", no_wrap=True, min_width=max(
            len(variant.name), *(len(row[index]) for row in rows)))
    for row in rows:
        table.add_row(*row)
    return table


def bars(result: PlanResult, width: int) -> Text:
    """Under each address space's name, a bar per variant scaled to the largest figure of
    any space and variant, then the figure and its unit; ``width`` the cells to fill (at most
    :data:`WIDEST`)."""
    names = max(len(variant.name) for variant in result.variants)
    figures = {(space, variant.name): format_value(variant.by_space[space], RATE_DECIMALS)
               for space in result.spaces for variant in result.variants}
    widest = max(map(len, figures.values()), default=0)
    room = max(BAR_ROOM, min(width, WIDEST) - 2 - names - 1 - 1 - widest - 1
               - len(CPU_RATE_UNIT))
    largest = max((variant.by_space[space] for space in result.spaces
                   for variant in result.variants), default=0)
    lines = []
    for space in result.spaces:
        lines.append(Text(space_label(space), style="bold"))
        for variant in result.variants:
            eighths = round(variant.by_space[space] / largest * room * 8) if largest else 0
            bar = "█" * (eighths // 8) + EIGHTHS[eighths % 8].strip()
            lines.append(Text.assemble(
                f"  {variant.name:<{names}} ", (f"{bar:<{room}}", "bold"), " ",
                f"{figures[space, variant.name]:>{widest}} ", (CPU_RATE_UNIT, "dim")))
    return Text("\n").join(lines)


class Bars:
    """:func:`bars` drawn to the width it is given when rendered (a terminal's, a pane's),
    so they fit however the view is laid out."""

    def __init__(self, result: PlanResult):
        self.result = result

    def __rich_console__(self, console, options):
        yield bars(self.result, options.max_width)


def notes_view(result: PlanResult) -> Text:
    """The warnings behind the figures' marks, each once with the calculators and variants
    it holds in, and the legend; then each other note that applies, once, with the
    calculators it is from and the variants it applies in."""
    warnings = result.warnings()
    lines = [Text.assemble((f"{LETTERS[warning.kind]} {WORDS[warning.kind]} ",
                            STYLES[warning.kind]),
                           (f"{', '.join(warning.calculators)} "
                            f"({', '.join(warning.variants)}): ", "bold"), warning.text)
             for warning in warnings]
    if lines:
        lines.append(Text(legend(), style="dim"))
    warned = {warning.text for warning in warnings}
    lines += [Text.assemble("• ", (f"{', '.join(note.calculators)} "
                                   f"({', '.join(note.variants)}): ", "bold"), note.text)
              for note in result.notes if note.text not in warned]
    return Text("\n").join(lines) if lines else Text("No notes for these variants.",
                                                      style="dim")
