"""``mqcalc list [CALCULATOR] [--json]``: the calculators, their inputs (default, unit,
domain) and outputs (unit, title)."""
from __future__ import annotations

from calc import engine
from calc.cli import json_output
from calc.cli.arguments import calculator_named
from calc.cli.text import described
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
        print(f"{calculator.id}: {calculator.title}\n  {calculator.summary}")
        if calculator.measured_on:
            print(f"  measured on: {calculator.measured_on}")
        print("  inputs:")
        for spec in calculator.inputs.values():
            default = as_written(spec.default)
            print(f"    {spec.id:<24} {spec.type:<7} default {default:<10} {spec.unit:<14} "
                  f"{spec.accepts()}")
        print("  outputs:")
        for output in calculator.outputs.values():
            print(f"    {output.id:<32} {output.unit:<12} {output.title}")
        print()
    return 0


def _describe(calculator) -> dict:
    return {"id": calculator.id, "title": calculator.title, "summary": calculator.summary,
            "measured_on": calculator.measured_on,
            "inputs": [{"id": spec.id, "type": spec.type, "min": spec.min, "max": spec.max,
                        "choices": list(spec.choices) or None, "default": spec.default,
                        "unit": spec.unit, "help": spec.help}
                       for spec in calculator.inputs.values()],
            "outputs": [{"id": output.id, "unit": output.unit, "title": output.title}
                        for output in calculator.outputs.values()]}
