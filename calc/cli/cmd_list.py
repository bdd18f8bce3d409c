"""``mqcalc list [CALCULATOR] [--json]``: the calculators, their inputs (default, unit,
domain) and outputs (unit, title)."""
from __future__ import annotations

from calc import engine
from calc.cli import json_output
from calc.cli.arguments import calculator_named
from calc.cli.text import INDENT, described, fitted, wrapped
from calc.core.formatting import as_written


def run(arguments) -> int:
    """List every calculator, or describe the one named; ``--json`` as JSON."""
    if arguments.calculator is None:
        calculators = engine.catalogue()
    else:
        calculators = [calculator_named(arguments.calculator)]
        if not arguments.json:
            print("\n".join(described(calculators[0])))
            return 0
    if arguments.json:
        print(json_output.dumps({"calculators": [_describe(c) for c in calculators]}))
        return 0
    for calculator in calculators:
        print("\n".join(_listed(calculator)))
    return 0


def _listed(calculator) -> list[str]:
    """One calculator for ``mqcalc list``: its title and summary, each input a line (its
    default with its unit, what it accepts: the type said in words) and each output a line
    (unit, title), as wide as the terminal: what does not fit goes on the lines under it."""
    lines = [f"{calculator.id}: {calculator.title}", *wrapped("", calculator.summary)]
    if calculator.measured_on:
        lines += wrapped("measured on: ", calculator.measured_on)
    lines.append("  inputs (default, what it accepts):")
    for spec in calculator.inputs.values():
        default = f"{as_written(spec.default)} {spec.unit}".rstrip()
        lines += fitted(f"    {spec.id:<24} {default:<20} ", spec.accepts(), INDENT * 4)
    lines.append("  outputs (unit, title):")
    outputs = calculator.outputs.values()
    ids, units = (max(len(getattr(output, part)) for output in outputs) for part in ("id", "unit"))
    for output in outputs:
        lines += fitted(f"    {output.id:<{ids}} {output.unit:<{units}} ", output.title,
                        INDENT * 4)
    return [*lines, ""]


def _describe(calculator) -> dict:
    return {"id": calculator.id, "title": calculator.title, "summary": calculator.summary,
            "measured_on": calculator.measured_on,
            "inputs": [{"id": spec.id, "type": spec.type, "min": spec.min, "max": spec.max,
                        "choices": list(spec.choices) or None, "default": spec.default,
                        "unit": spec.unit, "help": spec.help}
                       for spec in calculator.inputs.values()],
            "outputs": [{"id": output.id, "unit": output.unit, "title": output.title}
                        for output in calculator.outputs.values()]}
