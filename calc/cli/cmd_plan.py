"""What ``mqcalc plan FILE`` prints for a person: the variants side by side with each one's
change from the first, CPU by address space then the total, its share of the LPAR and MSU,
then the contributions the totals add up (a calculator's output named whole, on a line of its
own where the name is longer than its column), the measurements, then the notes. Each table
is 80 columns or less: a plan of more than two variants is shown as one table per variant beside
the first. An address space a variant's measurement covers shows, under its figure, what
was measured and the calculators' change from the variant measured, which it adds up."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from calc.cli import json_output
from calc.cli.runway_text import runway_lines
from calc.cli.text import INDENT, NOTHING_STORED, exact, heading, wrapped
from calc.core.errors import MqcalcError
from calc.core.formatting import format_value, signed
from calc.core.model import CPU_RATE_UNIT, space_label
from calc.core.names import PLAN_SHEET
from calc.core.terminal_text import printable
from calc.engine.evidence import LETTERS, legend, letters
from calc.files.writing import replace_atomically
from calc.inputs.plan import RATE_DECIMALS, Plan, load_plan, machine_inputs, measured_figures
from calc.inputs.plan_examples import example_file, example_names, example_summary, example_text
from calc.inputs.plan_run import (HEADROOM, MODELLED, TOTAL, PlanResult, VariantResult,
                                  evaluate_plan, given_ranges, share_outputs)
from calc.inputs.runway import YEARS, Runway, runway

LABEL, UNIT, COLUMN = 32, 10, 12
"""Widths of the figures' tables: label, unit, each value (80 columns with the indent)."""
PART_LABEL, SPACE, MARKS_WIDTH = 32, 6, 3
"""The contributions' label (calculator and output), address space and marks columns."""
LISTED = 3
"""Most variants a warning names one by one; more are counted."""


EXIT_DISAGREES = 1
"""plan --from-workbook: a result stored in the workbook is not the engine's (like diff)."""


SOURCES = "a plan FILE, --from-workbook FILE or --example NAME"


def run(arguments) -> int:
    """``mqcalc plan FILE [--json]``, ``mqcalc plan --from-workbook FILE [--json]`` or
    ``mqcalc plan --example [NAME [--json | --out FILE]]``."""
    given = [arguments.file, arguments.from_workbook, arguments.example]
    if sum(source is not None for source in given) != 1:
        raise MqcalcError(f"plan takes one of {SOURCES} (see mqcalc plan --help)")
    if arguments.out is not None and arguments.example is None:
        raise MqcalcError("plan: --out is for --example NAME (a copy of the example to edit)")
    asked = Asked(arguments.growth, arguments.start or date.today(),
                  arguments.years or YEARS) if arguments.growth is not None else None
    if asked is None and (arguments.start or arguments.years):
        raise MqcalcError("plan: --start and --years go with --growth PCT (the runway)")
    if arguments.from_workbook is not None:
        return print_plan_workbook(arguments.from_workbook, arguments.json, asked)
    if arguments.example is not None:
        if asked is not None and arguments.out is not None:
            raise MqcalcError("plan: --growth is for a plan evaluated, not with --out")
        return example(arguments.example, arguments.out, arguments.json, asked)
    return print_plan(arguments.file, arguments.json, asked=asked)


@dataclass(frozen=True)
class Asked:
    """The runway asked for: growth in % a year, the start, years ahead."""

    growth_pct: float
    start: date
    years: int

    def of(self, result: PlanResult) -> Runway:
        """The runway of the plan ``result`` evaluates."""
        return runway(Plan(tuple(variant.variant for variant in result.variants)),
                      self.growth_pct, self.start, self.years)


def example(name: str, out: Path | None, as_json: bool, asked: Asked | None = None) -> int:
    """``mqcalc plan --example``: the examples' names and what each shows; with NAME, that
    example evaluated, or with ``out`` written there as it is (never over a file)."""
    if not name:
        names = example_names()
        width = max(map(len, names)) + 2
        for each in names:
            print("\n".join(wrapped(f"{each:<{width}}", example_summary(each))))
        return 0
    if out is None:
        with example_file(name) as path:
            return print_plan(path, as_json, f"{name}, an example shipped with mqcalc", asked)
    if out.exists() or out.is_symlink():
        raise MqcalcError(f"plan --out {out}: exists; the example is not written over a file "
                          "(name another, or remove it first)")
    text = example_text(name)
    replace_atomically(out, lambda temporary: temporary.write_text(text, encoding="utf-8"))
    print(f"Wrote the example {name} to {out}: edit it, then mqcalc plan {out}")
    return 0


def print_plan(path: Path, as_json: bool, name: str | None = None,
               asked: Asked | None = None) -> int:
    """``mqcalc plan FILE [--json] [--growth PCT]``: the plan's figures printed, the plan
    called ``name`` (its file's path if None), and its runway where ``asked``; exit status
    0."""
    result = evaluate_plan(load_plan(path))
    name = str(path) if name is None else name
    found = asked.of(result) if asked else None
    if as_json:
        print(json_output.dumps({**result.as_json(name),
                                 **({"runway": found.as_json()} if found else {})}))
    else:  # names from the file
        print("\n".join(map(printable, [*plan_lines(result, name), *_runway(result, found)])))
    return 0


def _runway(result: PlanResult, found: Runway | None) -> list[str]:
    return runway_lines(found, [v.name for v in result.variants]) if found else []


def print_plan_workbook(path: Path, as_json: bool, asked: Asked | None = None) -> int:
    """``mqcalc plan --from-workbook FILE [--json]``: the plan the workbook holds, printed
    as a plan file's is, then whether the results stored in it agree with the engine; exit
    status 1 when one does not."""
    from calc.inputs.workbook.plan_reader import read_plan_workbook

    read = read_plan_workbook(path)
    found = _disagreements(read)
    ahead = asked.of(read.result) if asked else None
    if as_json:
        print(json_output.dumps({**read.result.as_json(str(path)),
                                 **({"runway": ahead.as_json()} if ahead else {}),
                                 "results_stored": read.results_stored,
                                 "disagreements": [{"sheet": sheet, **vars(disagreement)}
                                                   for sheet, _, _, _, disagreement in found]}))
    else:
        lines = [*plan_lines(read.result, str(path)), *_runway(read.result, ahead), "",
                 "Stored in the workbook"]
        if not read.results_stored:
            lines += wrapped("", NOTHING_STORED)
        elif not found:
            cells = sum(len(sheet.sheet.stored) for sheet in read.sheets)
            lines += wrapped("", f"stored results agree with the engine ({cells} cells on "
                                 f"{len(read.sheets)} calculator sheets, and the {PLAN_SHEET} "
                                 "sheet's figures)")
        for sheet, output, title, unit, disagreement in found:
            lines += wrapped("", f"stored result disagrees: sheet {sheet}, {title} ({output}, "
                                 f"cell {disagreement.cell}): file {exact(disagreement.stored)}, "
                                 f"engine {exact(disagreement.engine)} {unit}".rstrip())
        print("\n".join(map(printable, lines)))
    return EXIT_DISAGREES if found else 0


def _disagreements(read) -> list[tuple[str, str, str, str, object]]:
    """Each stored result that disagrees: its sheet, output id, title, unit and the
    disagreement (calculator sheets first, then the Plan sheet's figures)."""
    from calc import engine

    found = []
    for checked in read.sheets:
        calculator = engine.calculator(checked.sheet.calculator)
        for disagreement in checked.disagreements:
            output = calculator.outputs[disagreement.output]
            found.append((checked.sheet.title, output.id, output.title, output.unit,
                          disagreement))
    titles = {TOTAL: ("Total", CPU_RATE_UNIT), **{name: (title, unit) for name, (
        title, unit, _) in share_outputs().items()}}
    for disagreement in read.figures:
        key = disagreement.output.rsplit("_v", 1)[0]
        found.append((PLAN_SHEET, disagreement.output, *titles[key], disagreement))
    return found


def plan_lines(result: PlanResult, path: str) -> list[str]:
    """The whole report for the plan read from ``path``."""
    base = result.variants[0]
    lines = [*heading(f"Plan: {result.heading}"), f"{INDENT}file: {path}"]
    for variant in result.variants[1:]:
        lines += ["", *_table(result, base, variant)]
    lines += _given_ranges(result)
    lines += ["", "Contributions (each calculator's declared parts)"]
    for variant in result.variants[1:]:
        lines += _contributions(result, base, variant)
    if any(variant.measured for variant in result.variants):
        lines += ["", "Measured (what each variant's system used, CPU s/s)",
                  *_measurements(result)]
    lines += _warnings(result)
    warned = {warning.text for warning in result.warnings()}
    advice = [note for note in result.notes if note.text not in warned]
    if advice:
        lines += ["", "Notes"]
    for note in advice:
        lines += wrapped("- ", f"{', '.join(note.calculators)} ({', '.join(note.variants)}): "
                               f"{note.text}")
    return lines


def _given_ranges(result: PlanResult) -> list[str]:
    """The inputs the plan gives as ranges, each once with the variants that have it: the
    low and high rows above read them."""
    found = given_ranges(result.variants)
    if not found:
        return []
    return ["", "Inputs given as ranges (the low and high rows take each at its ends)",
            *(line for (calculator_id, name, text), names in found.items()
              for line in wrapped("- ", f"{calculator_id} {name} {text} ({', '.join(names)})"))]


def _row(label: str, unit: str, values: list, decimals: int,
         widths: tuple[int, int] = (LABEL, UNIT)) -> str:
    """A label, a unit, then each value and (last) the change, signed."""
    shown = [format_value(value, decimals) for value in values[:-1]]
    change = signed(format_value(values[-1], decimals))
    return (f"{INDENT}{label:<{widths[0]}}{unit:<{widths[1]}}"
            + "".join(f"{text:>{COLUMN}}" for text in [*shown, change])).rstrip()


def _header(base: VariantResult, variant: VariantResult) -> list[str]:
    """The table's column heads: the two variants' names, or, where a name is wider than
    its column, (1) and (2) with the names whole on lines of their own above."""
    names = [base.name, variant.name]
    lines = []
    if any(len(name) > COLUMN - 1 for name in names):
        lines = [f"{INDENT}({number}) {name}" for number, name in enumerate(names, start=1)]
        names = ["(1)", "(2)"]
    return [*lines, f"{INDENT}{'':<{LABEL + UNIT}}"
                    + "".join(f"{text:>{COLUMN}}" for text in [*names, "change"])]


def _table(result: PlanResult, base: VariantResult, variant: VariantResult) -> list[str]:
    difference = result.difference(variant)
    lines = _header(base, variant)
    for spec in machine_inputs().values():
        lines.append(f"{INDENT}{spec.title:<{LABEL}}{spec.unit:<{UNIT}}"
                     + "".join(f"{_machine(v, spec):>{COLUMN}}" for v in (base, variant)))
    for space in result.spaces:
        lines.append(_row(space_label(space), CPU_RATE_UNIT,
                          [base.by_space[space], variant.by_space[space], difference[space]],
                          RATE_DECIMALS))
        if any(v.basis(space) != MODELLED for v in (base, variant)):
            lines += _measured_rows(space, base, variant)
    lines.append(_row("Total", CPU_RATE_UNIT, [base.total, variant.total, difference[TOTAL]],
                      RATE_DECIMALS))
    lines += _range_rows(base, variant, TOTAL, difference, CPU_RATE_UNIT, RATE_DECIMALS)
    lines.append(_marks_row(base, variant, TOTAL))
    for name, (title, unit, decimals) in share_outputs().items():
        lines.append(_row(title, unit, [getattr(base, name), getattr(variant, name),
                                        difference[name]], decimals))
        lines += _range_rows(base, variant, name, difference, unit, decimals)
        lines.append(_marks_row(base, variant, name))
    _, unit, decimals = share_outputs()["lpar_busy_pct"]
    lines.append(_row(HEADROOM, unit, [base.headroom_pct, variant.headroom_pct,
                                       variant.headroom_pct - base.headroom_pct], decimals))
    return lines


def _range_rows(base: VariantResult, variant: VariantResult, key: str, difference: dict,
                unit: str, decimals: int) -> list[str]:
    """Under a figure the spreads move, its low and its high in each variant and in the
    change (see Low, likely and high); nothing where neither variant's figure moves."""
    if not (base.ranges.get(key) or variant.ranges.get(key)
            or variant.difference_ranges.get(key)):
        return []
    return [_row(f"  {label}", unit, [base.low_high(key)[end], variant.low_high(key)[end],
                                      variant.low_high(key, difference[key])[end]], decimals)
            for end, label in enumerate(("low", "high"))]


def _measured_rows(space: str, base: VariantResult, variant: VariantResult) -> list[str]:
    """Under a measured address space's figure, what each variant measured there and the
    calculators' change from the variant measured, which the figure adds up ("-" where a
    variant's figure is the calculators' alone)."""
    def shown(figures: dict, how) -> str:
        return how(format_value(figures[space], RATE_DECIMALS)) if space in figures else "-"
    return [f"{INDENT}{label:<{LABEL}}{CPU_RATE_UNIT:<{UNIT}}"
            + "".join(f"{shown(getattr(v, key), how):>{COLUMN}}" for v in (base, variant))
            for label, key, how in (("  measured", "measured", str),
                                    ("  + change by the calculators", "change", signed))]


def _measurements(result: PlanResult) -> list[str]:
    """Each measured figure of each variant that gives its own, with where it comes from;
    a variant like one of those is said to have its measurement."""
    known = measured_figures()
    lines = []
    for variant in result.variants:
        own = variant.variant.own_measured
        if own:
            lines.append(f"{INDENT}{variant.name}")
            for name, value in own.items():
                figure = known[name]
                where = figure.feed.file if figure.feed else "typed"
                lines.append(f"{INDENT * 2}{figure.title:<{LABEL}}{figure.address_space:<{SPACE}}"
                             f"{format_value(value, RATE_DECIMALS):>{COLUMN}}  {where}")
        elif variant.variant.measured_in:
            lines += wrapped(INDENT, f"{variant.name}: {variant.variant.measured_in}'s "
                                     "measurement, plus the calculators' change from it")
    lines += wrapped("", "(an address space's whole figure, typed from RMF, where given; "
                         "else the sum of its parts from SMF)")
    return lines


def _marks_row(base: VariantResult, variant: VariantResult, name: str) -> str:
    """The line under a figure with the letters of its marks in each variant's column."""
    return (f"{INDENT}{'  rests on':<{LABEL + UNIT}}"
            + "".join(f"{letters(v.evidence[name]) or '-':>{COLUMN}}"
                      for v in (base, variant))).rstrip()


def _warnings(result: PlanResult) -> list[str]:
    """Each warning behind a mark, once, with the calculator and the variants it holds in;
    and the letters' legend."""
    warnings = result.warnings()
    if not warnings:
        return []
    lines = ["", "What the figures rest on",
             *wrapped("", f"- IBM's measurement or your data; {legend()}")]
    for warning in warnings:
        lines += wrapped(f"{LETTERS[warning.kind]} ",
                         f"{', '.join(warning.calculators)} "
                         f"({_within(list(warning.variants), result)}): {warning.text}")
    return lines


def _within(names: list[str], result: PlanResult) -> str:
    """The variants a warning holds in, in a few words: all, a short list, or how many
    from the first to the last (``--json`` lists each)."""
    if len(names) == len(result.variants):
        return "every variant"
    if len(names) <= LISTED:
        return ", ".join(names)
    return f"{len(names)} variants, {names[0]} to {names[-1]}"


def _machine(variant: VariantResult, spec) -> str:
    """A machine input's value as a person reads it: a choice's label, a number as set."""
    value = variant.variant.machine[spec.id]
    return spec.label(value) if spec.type == "choice" else format_value(value, spec.decimals)


def _contributions(result: PlanResult, base: VariantResult,
                   variant: VariantResult) -> list[str]:
    """Each declared part in either variant, CPU s/s in each and the change."""
    lines = _header(base, variant)
    keys = list(dict.fromkeys((c.calculator, c.output, c.address_space)
                              for v in (base, variant) for c in v.contributions))
    values = [{(c.calculator, c.output, c.address_space): c.cpu_seconds_per_sec
               for c in v.contributions} for v in (base, variant)]
    marks = {}
    for contribution in (*base.contributions, *variant.contributions):
        key = (contribution.calculator, contribution.output, contribution.address_space)
        marks.setdefault(key, set()).update(contribution.evidence)
    for key in keys:
        before, after = (found.get(key, 0.0) for found in values)
        name = f"{key[0]} {key[1]}"
        if len(name) > PART_LABEL - 1:  # whole, on a line of its own above its figures
            lines.append(f"{INDENT}{name}")
            name = ""
        lines.append(_row(name, key[2], [before, after, after - before], RATE_DECIMALS,
                          (PART_LABEL, SPACE))
                     + f" {letters(marks[key]):<{MARKS_WIDTH}}".rstrip())
    lines += wrapped("", f"(in {CPU_RATE_UNIT}; after each name, the address space that pays "
                         "it; last, the letters of what it rests on)")
    return lines
