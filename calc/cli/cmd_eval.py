"""``mqcalc eval``: one calculator at the inputs given (ID=VALUE), every calculator of a
scenario file (``--scenario``), every calculator sheet of a workbook checked against the
engine (``--from-workbook``, exit status 1 on a disagreement), or each interval of a report
(a calculator's report option, e.g. ``--pset-report``); as text or ``--json``."""
from __future__ import annotations

from pathlib import Path

from calc import engine
from calc.cli import json_output
from calc.cli.arguments import assignments, calculator_named, report_given
from calc.core.errors import MqcalcError

EXIT_DISAGREES = 1
"""eval --from-workbook: a result stored in the workbook is not the engine's (like diff)."""


def run(arguments) -> int:
    """Evaluate what the arguments name and print it; the exit status."""
    if arguments.from_workbook is not None:
        return _eval_workbook(arguments)
    if arguments.scenario is not None:
        return _eval_scenario(arguments)
    if arguments.calculator is None:
        raise MqcalcError("eval needs a calculator id or --scenario FILE (see mqcalc --help)")
    calculator = calculator_named(arguments.calculator)
    inputs = assignments(calculator, arguments.assignments)
    report = report_given(arguments)
    if report is not None:
        reader, path = report
        if reader.id != calculator.id:
            raise MqcalcError(f"--{reader.report.option} reads a report for {reader.id}, "
                              f"not {calculator.id}")
        return _eval_report(calculator, inputs, path, arguments.json)
    result = engine.run(calculator.id, inputs)
    if arguments.json:
        print(json_output.dumps(result.as_json()))
    else:
        _print_heading(calculator.title)
        _print_result(calculator, result)
    return 0


def _eval_scenario(arguments) -> int:
    """Evaluate the scenario's calculators, or the one named with its inputs overridden."""
    from calc.inputs.file_inputs import ScenarioError
    from calc.inputs.scenario import load_scenario

    report = report_given(arguments)
    if report is not None:
        raise MqcalcError(f"--scenario and --{report[0].report.option} cannot go together "
                          "(see mqcalc --help)")
    path = arguments.scenario
    scenario = load_scenario(path)
    overrides = {}
    if arguments.calculator is None:
        chosen = {calculator_id: scenario.run_inputs(calculator_id)
                  for calculator_id in scenario.inputs}
    else:
        calculator = calculator_named(arguments.calculator)
        if calculator.id not in scenario.inputs:
            raise ScenarioError(f"scenario {path}", f"has no inputs for {calculator.id} "
                                f"(it has {', '.join(scenario.inputs)})")
        overrides = assignments(calculator, arguments.assignments)
        chosen = {calculator.id: {**scenario.run_inputs(calculator.id), **overrides}}
    results = [engine.run(calculator_id, inputs,
                          scenario.given_names(calculator_id) | set(overrides))
               for calculator_id, inputs in chosen.items()]
    if arguments.json:
        print(json_output.dumps({"scenario": str(path),
                                "results": [r.as_json() for r in results]}))
        return 0
    for number, result in enumerate(results):
        calculator = engine.calculator(result.calculator)
        _print_heading(calculator.title, after_another=number > 0)
        _print_result(calculator, result)
    return 0


def _eval_workbook(arguments) -> int:
    """Evaluate the inputs of each calculator sheet of a workbook; exit status 1 when a
    stored result disagrees with the engine."""
    report = report_given(arguments)
    other = "--scenario" if arguments.scenario is not None else (
        f"--{report[0].report.option}" if report is not None else None)
    if other is not None:
        raise MqcalcError(f"--from-workbook and {other} cannot go together (see mqcalc --help)")
    if arguments.calculator is not None or arguments.assignments:
        raise MqcalcError("--from-workbook takes every input from the workbook: no "
                          "calculator id or ID=VALUE with it (see mqcalc --help)")
    from calc.inputs.workbook.importer import check_workbook

    path = arguments.from_workbook
    checked = check_workbook(path)
    if arguments.json:
        print(json_output.dumps({"workbook": str(path), "results": [
            {**sheet.result.as_json(), "sheet": sheet.sheet.calculator,
             "results_stored": sheet.sheet.results_stored,
             "disagreements": [vars(d) for d in sheet.disagreements]} for sheet in checked]}))
    else:
        for number, sheet in enumerate(checked):
            _print_checked(sheet, after_another=number > 0)
    return EXIT_DISAGREES if any(sheet.disagreements for sheet in checked) else 0


def _print_checked(checked, after_another: bool) -> None:
    """A sheet's results, then whether the results stored in the file agree with them."""
    from calc.cli.text import NOTHING_STORED, exact, wrapped

    calculator = engine.calculator(checked.result.calculator)
    _print_heading(calculator.title, after_another)
    _print_result(calculator, checked.result)
    if not checked.sheet.results_stored:
        print("\n".join(wrapped("", NOTHING_STORED)))
    elif not checked.disagreements:
        print(f"  stored results agree with the engine ({len(checked.sheet.stored)} cells)")
    for disagreement in checked.disagreements:
        output = calculator.outputs[disagreement.output]
        print(f"  stored result disagrees: {output.title} ({output.id}, cell "
              f"{disagreement.cell}): file {exact(disagreement.stored)}, engine "
              f"{exact(disagreement.engine)} {output.unit}".rstrip())


def _print_heading(title: str, after_another: bool = False) -> None:
    """A calculator's title over a rule, after a blank line when another calculator's
    results came before. The text modules are imported here, where text is printed: ``--json``
    needs none of them."""
    from calc.cli.text import heading

    print("\n".join([""] * after_another + heading(title)))


def _print_result(calculator, result: engine.Result) -> None:
    from calc.cli.text import result_lines

    print("\n".join(result_lines(calculator, result)))


def _eval_report(calculator, inputs: dict, path: Path, as_json: bool) -> int:
    """Evaluate each interval of a report (command-line inputs apply to all): each item,
    each pool of items, and the total of the items that count."""
    from calc.inputs.report import read_report
    from calc.inputs.report_eval import evaluate
    evaluated = evaluate(calculator, read_report(calculator, path), inputs, path)
    if as_json:  # each interval evaluated and printed in turn: a report may hold many
        json_output.print_listing({"calculator": calculator.id, "report": str(path)},
                                  "intervals", (_interval_json(calculator, interval)
                                                for interval in evaluated))
        return 0
    from calc.cli.report_text import interval_lines, report_lines
    print("\n".join(report_lines(calculator, str(path))))
    for interval in evaluated:
        print("\n".join(interval_lines(calculator, interval)))
    return 0


def _interval_json(calculator, evaluated) -> dict:
    from calc.inputs.report_eval import summary_json

    report = calculator.report
    counted = [block.name for block in evaluated.total.blocks]
    return {
        "line": evaluated.interval.line, **evaluated.interval.times,
        "inputs": evaluated.interval.inputs,
        "notices": evaluated.notices,
        "blocks": [{"block": block.name, "line": block.line, "counted": counts,
                    **_marks(report, block), **result.as_json()}
                   for block, counts, result in evaluated.items],
        "pools": [{"pool": pool.name, "blocks": [block.name for block in pool.blocks],
                   **summary_json(calculator, pool, report.pool)} for pool in evaluated.pools],
        "total": {"blocks": counted, "not_counted": {block.name: report.flag.unset for block,
                                                     counts, _ in evaluated.items if not counts},
                  **summary_json(calculator, evaluated.total, report.total)}}


def _marks(report, block) -> dict:
    """What the report marks a block with: its pool's group value, and its flag's word."""
    marks = {}
    if report.pool is not None:
        marks[report.pool.group] = block.marks[report.pool.group]
    if report.flag is not None:
        marks[report.flag.group] = report.flag.group in block.marks
    return marks
