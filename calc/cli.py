"""The ``mqcalc`` command: list, eval, sweep, build, tui (the default).

Every refusal is one line on stderr and exit status 2: an unknown calculator or input, a
value outside its domain, ``ID`` without ``=``, an unknown option, a scenario file or a
workbook that cannot be used, a file or folder that cannot be written, workbooks ``build``
would replace without ``--force``. ``eval --from-workbook`` exits 1 when a result stored in the
workbook disagrees with the engine. A command stopped by Ctrl+C exits 130; one stopped by
SIGTERM or SIGHUP says so in one line and exits 143 or 129 (:mod:`calc.stopping`), leaving no
file half written and no temporary behind.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from . import cli_parser, engine, json_output, spelling
from .cli_text import described, heading, result_lines, wrapped
from .errors import InputError, MqcalcError, shown
from .files import reason, replace_atomically
from .formatting import as_written, format_value
from .stopping import Stopped, stopped_by_signals
from .streams import carry_what_streams_can
from .terminal_text import printable

EXIT_DISAGREES = 1
"""eval --from-workbook: a result stored in the workbook is not the engine's (like diff)."""
EXIT_BAD_INPUT = 2
PROGRESS_FROM, PROGRESS_EVERY = 100_000, 10_000
"""A sweep to CSV of this many scenarios counts them on a terminal, every so many."""
PROGRESS_FROM_SHEET = 1_000
"""A sweep to a workbook of this many scenarios says it is writing (a few seconds or more)."""


def main(argv: list[str] | None = None) -> int:
    carry_what_streams_can()
    try:
        parser = cli_parser.parser(argv, _reports)
        arguments, extras = parser.parse_known_args(argv)
        if extras and (arguments.command not in ("eval", "sweep")
                       or any(e.startswith("-") for e in extras)):
            parser.error(f"unrecognized arguments: {' '.join(extras)}")
        if extras:  # ID=VALUE after an option, e.g. eval CALC --scenario FILE ID=VALUE
            arguments.assignments += extras
        command = arguments.command or "tui"
        if arguments.scenario is not None and command not in ("eval", "tui"):
            raise MqcalcError(f"--scenario goes with eval or tui, not {command} "
                              "(see mqcalc --help)")
        if command == "tui":  # Textual runs the terminal and its signals
            return _tui(arguments)
        run = {"list": _list, "eval": _eval, "sweep": _sweep, "build": _build,
               "plan": _plan, "smf": _smf}[command]
        with stopped_by_signals():
            return _to_stdout(lambda: run(arguments))
    except MqcalcError as error:
        print(printable(f"mqcalc: {error}"), file=sys.stderr)  # one line, whatever was typed
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Stopped as stopped:
        print(f"mqcalc: stopped by {stopped.name}", file=sys.stderr)
        return stopped.status
    except BrokenPipeError:  # the reader went away (e.g. | head): not an error of ours
        _drop_stdout()
        return 0


def _drop_stdout() -> None:
    """Point standard output at the null device, so what is left in its buffer cannot fail
    again (and print an ignored error) when Python flushes it on the way out."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _list(arguments) -> int:
    if arguments.calculator is None:
        calculators = engine.catalogue()
    else:
        calculators = [_calculator(arguments.calculator)]
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


def _calculator(typed: str):
    """The calculator ``typed`` names, in any case; an unknown one is refused with the
    closest id suggested."""
    return engine.calculator(spelling.calculator_id(typed, engine.ids()))


def _reports() -> Iterator[cli_parser.Report]:
    """The report option of each calculator of the catalogue that reads a report."""
    return ((c.report.option, c.id, c.report.title)
            for c in engine.catalogue() if c.report is not None)


def _report_given(arguments):
    """The calculator whose report option was given, with the report's path; or None. (The
    parser has report options only when the command line may name one: see
    :func:`calc.cli_parser.parser`.)"""
    for name, path in vars(arguments).items():
        if name.startswith(cli_parser.REPORT_DEST) and path is not None:
            return engine.calculator(name.removeprefix(cli_parser.REPORT_DEST)), path
    return None


def _eval(arguments) -> int:
    if arguments.from_workbook is not None:
        return _eval_workbook(arguments)
    if arguments.scenario is not None:
        return _eval_scenario(arguments)
    if arguments.calculator is None:
        raise MqcalcError("eval needs a calculator id or --scenario FILE (see mqcalc --help)")
    calculator = _calculator(arguments.calculator)
    inputs = _assignments(calculator, arguments.assignments)
    report = _report_given(arguments)
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
    from .file_inputs import ScenarioError
    from .scenario import load_scenario

    report = _report_given(arguments)
    if report is not None:
        raise MqcalcError(f"--scenario and --{report[0].report.option} cannot go together "
                          "(see mqcalc --help)")
    path = arguments.scenario
    scenario = load_scenario(path)
    overrides = {}
    if arguments.calculator is None:
        chosen = scenario.inputs
    else:
        calculator = _calculator(arguments.calculator)
        if calculator.id not in scenario.inputs:
            raise ScenarioError(f"scenario {path}", f"has no inputs for {calculator.id} "
                                f"(it has {', '.join(scenario.inputs)})")
        overrides = _assignments(calculator, arguments.assignments)
        chosen = {calculator.id: {**scenario.inputs[calculator.id], **overrides}}
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
    report = _report_given(arguments)
    other = "--scenario" if arguments.scenario is not None else (
        f"--{report[0].report.option}" if report is not None else None)
    if other is not None:
        raise MqcalcError(f"--from-workbook and {other} cannot go together (see mqcalc --help)")
    if arguments.calculator is not None or arguments.assignments:
        raise MqcalcError("--from-workbook takes every input from the workbook: no "
                          "calculator id or ID=VALUE with it (see mqcalc --help)")
    from .workbook.importer import check_workbook

    path = arguments.from_workbook
    checked = check_workbook(path)
    if arguments.json:
        print(json_output.dumps({"workbook": str(path), "results": [
            {**sheet.result.as_json(), "sheet": sheet.sheet.calculator,
             "disagreements": [vars(d) for d in sheet.disagreements]} for sheet in checked]}))
    else:
        for number, sheet in enumerate(checked):
            _print_checked(sheet, after_another=number > 0)
    return EXIT_DISAGREES if any(sheet.disagreements for sheet in checked) else 0


def _print_checked(checked, after_another: bool) -> None:
    """A sheet's results, then whether the results stored in the file agree with them."""
    calculator = engine.calculator(checked.result.calculator)
    _print_heading(calculator.title, after_another)
    _print_result(calculator, checked.result)
    if not checked.disagreements:
        print(f"  stored results agree with the engine ({len(checked.sheet.stored)} cells)")
    for disagreement in checked.disagreements:
        output = calculator.outputs[disagreement.output]
        print(f"  stored result disagrees: {output.title} ({output.id}, cell "
              f"{disagreement.cell}): file {_exact(disagreement.stored)}, engine "
              f"{_exact(disagreement.engine)} {output.unit}".rstrip())


def _exact(value: object) -> str:
    """A value shown to 15 significant digits, not rounded to an output's decimals, so two
    values that disagree never read the same: texts quoted, nothing as ``none stored``."""
    if value is None:
        return "none stored"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float):
        return f"{value:,.15g}"
    return format_value(value)


def _assignments(calculator, assignments: list[str]) -> dict:
    """ID=VALUE arguments as a dict of raw texts (judged later by the engine), ids and
    choices in the template's spelling (:mod:`calc.spelling`)."""
    inputs = {}
    for assignment in assignments:
        name, equals, value = assignment.partition("=")
        if not equals:
            first = next(iter(calculator.inputs.values()))
            raise MqcalcError(f"{calculator.id}: argument {shown(assignment)} has no '=': expects "
                              f"ID=VALUE, e.g. {first.id}={as_written(first.default)}")
        if name in inputs:
            raise InputError(calculator.id, name, value, "one value (it was given twice)")
        inputs[name] = value
    return spelling.inputs(calculator, inputs)


def _print_heading(title: str, after_another: bool = False) -> None:
    """A calculator's title over a rule, after a blank line when another calculator's
    results came before."""
    print("\n".join([""] * after_another + heading(title)))


def _print_result(calculator, result: engine.Result) -> None:
    print("\n".join(result_lines(calculator, result)))


def _eval_report(calculator, inputs: dict, path: Path, as_json: bool) -> int:
    """Evaluate each interval of a report (command-line inputs apply to all): each item,
    each pool of items, and the total of the items that count."""
    from .report import read_report
    from .report_eval import evaluate
    evaluated = evaluate(calculator, read_report(calculator, path), inputs, path)
    if as_json:  # each interval evaluated and printed in turn: a report may hold many
        json_output.print_listing({"calculator": calculator.id, "report": str(path)},
                                  "intervals", (_interval_json(calculator, interval)
                                                for interval in evaluated))
        return 0
    print(f"{calculator.title}: {calculator.report.title} {path}")
    for interval in evaluated:
        _print_interval(calculator, interval)
    return 0


def _interval_json(calculator, evaluated) -> dict:
    from .report_eval import summary_json

    report = calculator.report
    counted = [block.name for block in evaluated.total.blocks]
    return {
        "line": evaluated.interval.line, "inputs": evaluated.interval.inputs,
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


def _print_interval(calculator, evaluated) -> None:
    report = calculator.report
    line = evaluated.interval.line
    if line is not None:
        given = ", ".join(f"{name} {format_value(value)}" for name, value in
                          evaluated.interval.inputs.items())
        print(f"Interval (line {line}): {given}")
    for notice in evaluated.notices:
        print("\n".join(wrapped("notice: ", notice)))
    for block, counts, result in evaluated.items:
        print(f"{block.name} (line {block.line}){_block_words(report, block, counts)}")
        _print_result(calculator, result)
    for pool in evaluated.pools:
        print(f"{report.pool.title} {pool.name}: {', '.join(b.name for b in pool.blocks)}")
        _print_result(_showing(calculator, report.pool.show), pool.result)
    left = [block.name for block, counts, _ in evaluated.items if not counts]
    print(f"Total of {len(evaluated.total.blocks)}: "
          f"{', '.join(block.name for block in evaluated.total.blocks)}"
          + (f" (not counted, {report.flag.unset}: {', '.join(left)})" if left else ""))
    _print_result(_showing(calculator, report.total.show), evaluated.total.result)


def _block_words(report, block, counts: bool) -> str:
    words = ""
    if report.pool is not None:
        words += f", {report.pool.title.lower()} {block.marks[report.pool.group]}"
    if report.flag is not None:
        marked = report.flag.group in block.marks
        words += f", {report.flag.set if marked else report.flag.unset}"
        if not counts:
            words += ": not counted in the total"
    return words


def _showing(calculator, show: tuple[str, ...]):
    """The calculator with only the outputs ``show`` names, for printing a summary."""
    return replace(calculator, outputs={name: output for name, output in
                                        calculator.outputs.items() if name in show})


def _sweep(arguments) -> int:
    """CSV to standard output or to a .csv file, or a workbook; a note on stderr for a file."""
    out = arguments.out
    from .sweep_csv import write_csv
    from .sweeps import make_sweep, most_sheet_rows

    kind = None if out is None else out.suffix.lower()
    if kind not in (None, ".csv", ".xlsx"):
        raise MqcalcError(f"--out {out}: expects a file name ending in .csv or .xlsx")
    calculator = _calculator(arguments.calculator)
    varies = [spelling.varied(calculator, text) for text in arguments.vary]
    sweep = make_sweep(calculator.id, varies, _assignments(calculator, arguments.assignments))
    if kind == ".xlsx":
        most = most_sheet_rows(calculator)
        if sweep.size > most:
            raise MqcalcError(f"{calculator.id}: the sweep has {sweep.size:,} scenarios; a "
                              f"workbook takes at most {most:,} of {calculator.id}: write CSV "
                              "instead (--out FILE.csv)")
        _write_sweep_workbook(out, calculator, sweep)
    elif kind == ".csv":
        def write(temporary: Path) -> None:
            with open(temporary, "w", encoding="utf-8", newline="") as stream:
                write_csv(calculator, _counted(sweep.rows(), sweep.size), stream,
                          sweep.assumed())

        replace_atomically(out, write)
    else:
        _to_stdout(lambda: write_csv(calculator, _counted(sweep.rows(), sweep.size),
                                     sys.stdout, sweep.assumed()))
        return 0
    print(f"wrote {printable(str(out))} ({sweep.size} scenarios)", file=sys.stderr)
    return 0


def _to_stdout(write: Callable[[], object]) -> object:
    """Call ``write``, which writes to standard output, flush it and return what ``write``
    returned; a file or disk behind it that fills up (or fails) is a one-line MqcalcError,
    not a traceback. (Every other operating-system failure is made a MqcalcError where it
    happens, naming its file, so what reaches here is standard output's.)"""
    try:
        answer = write()
        sys.stdout.flush()
        return answer
    except BrokenPipeError:
        raise
    except OSError as error:
        _drop_stdout()
        raise MqcalcError(f"cannot write standard output: {reason(error)}") from None


def _write_sweep_workbook(path: Path, calculator, sweep) -> None:
    """The calculator's sheet shows the first scenario the engine accepts (the fixed values,
    the varied inputs at their first workable values; the defaults if none is accepted, and
    marked assumed, as the sweep leaves them), and the sweep sheet every scenario."""
    from .workbook import write_workbook

    if sweep.size >= PROGRESS_FROM_SHEET and sys.stderr.isatty():
        print(f"mqcalc: writing {sweep.size:,} scenarios to {path}", file=sys.stderr)
    shown = next((outcome.inputs for outcome in sweep.outcomes()
                  if outcome.outputs is not None), {})
    given = {name: value for name, value in shown.items() if name in sweep.given}
    write_workbook(path, [calculator], {calculator.id: given}, {calculator.id: sweep.inputs()})


def _counted(items, total: int):
    """``items``, counted on stderr as they pass when a person is watching (stderr is a
    terminal) and there are enough of them to wait for."""
    if total < PROGRESS_FROM or not sys.stderr.isatty():
        yield from items
        return
    for done, item in enumerate(items, start=1):
        if done % PROGRESS_EVERY == 0:
            print(f"\rmqcalc: {done:,} of {total:,} scenarios", end="", file=sys.stderr,
                  flush=True)
        yield item
    print("\r\033[K", end="", file=sys.stderr, flush=True)


def _build(arguments) -> int:
    from .workbook import build_all
    from .plan import load_plan
    from .workbook.plan_book import build_plan

    if arguments.plan is not None:
        paths = [build_plan(load_plan(arguments.plan), arguments.plan, arguments.out,
                            force=arguments.force)]
    else:
        paths = build_all(engine.catalogue(), arguments.out, force=arguments.force)
    for path in paths:
        print(f"wrote {printable(str(path))}")
    return 0


def _plan(arguments) -> int:
    from .plan_text import print_plan

    return print_plan(arguments.file, arguments.json)


def _smf(arguments) -> int:
    from .smf.command import run

    return run(arguments.folder, arguments.qmgr, arguments.interval, arguments.json,
               arguments.out)


def _tui(arguments) -> int:
    from .scenario import load_scenario

    scenario = load_scenario(arguments.scenario) if arguments.scenario is not None else None
    plan = getattr(arguments, "plan", None)  # only "mqcalc tui" has --plan
    if plan is not None:
        from .plan import load_plan

        plan = (plan, load_plan(plan))
    from tui.app import run_app

    run_app(scenario, plan)
    return 0
