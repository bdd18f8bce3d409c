"""``mqcalc smf DIR|STORE``: the inputs SMF data gives each calculator, as text or JSON, and
(``--out FILE``) a file the other commands take as it is; ``mqcalc smf load`` (folders into
a store, :mod:`calc.inputs.smf.store`) and ``mqcalc smf series`` (:mod:`.smf_series`).

``--out`` writes a scenario file when one interval is reported (``mqcalc eval --scenario
FILE``, ``mqcalc tui --scenario FILE``): a scenario holds one set of inputs per calculator,
so one interval. Two or more intervals of one queue manager (``--interval all``), or of
queue managers side by side at one interval (``--interval TIMESTAMP``), become a plan file,
one variant per interval, the first the baseline (``mqcalc plan FILE``, ``mqcalc tui --plan
FILE``, ``mqcalc build --plan FILE``): a plan is the one format that holds several sets side
by side; intervals of several queue managers at different times are refused, as a plan
would compare unlike things. Its machine is each interval's LPAR's from ``--lpars``, else
the machine part's defaults, which SMF data does not give. An interval with no input
imported is left out of the file.
"""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from calc import engine
from calc.cli import json_output
from calc.cli.progress import on_terminal
from calc.cli.text import INDENT, fitted, shown_value, wrapped
from calc.core.terminal_text import printable
from calc.inputs.smf import store
from calc.inputs.smf.feeds import WQ, declared
from calc.inputs.smf.importing import Imported, read_smf
from calc.inputs.smf.intervals import JOIN_SECONDS
from calc.inputs.smf.peaks import peak_intervals
from calc.inputs.smf.selection import PEAK, Chosen, choose
from calc.inputs.smf.tables import SmfError, lines_text

PROPOSED = "proposed"
"""The name of the variant ``--plan`` adds, like the interval measured."""
HELP_WIDTH = 88
"""Where the help's prose wraps (argparse's own text wraps to the terminal)."""


def epilog() -> str:
    """The help's list of what each input is taken from, built from the feeds."""
    lines = ["Each input and the FILE:COLUMNS it is worked out from:"]
    lines += [f"  {feed.calculator} {feed.input}: {feed.source}"
              + (f" ({feed.caveat})" if feed.caveat else "") for feed in declared().feeds]
    lines += ["Calculators fed per item take the busiest item's inputs, and list every item:"]
    lines += [f"  {items.calculator}: per {items.key} of {items.file}, the busiest by "
              f"{items.rank}" + (f", only rows whose {items.only[0]} is {items.only[1]} "
                                 f"({items.why_only})" if items.only else "")
              for items in declared().items.values()]
    lines += [textwrap.fill(
        f"In {WQ} (IBM MQ's queue accounting record, macro CSQDWQ; IBM MQ 10.0 "
        "documentation, \"Thread-level and queue-level data records\"), Get_Count counts "
        "every MQGET against the queue, whether it returned a message or not (gets "
        "attempted), and Total_Valid_Gets the MQGETs that returned one (gets successful); "
        "the CPU per MQGET is the Get_CT time over Get_Count.", HELP_WIDTH),
              "Exit status: 0 when read; 2 for a folder, file or option mqcalc cannot use."]
    return "\n".join(lines)


LOAD, SERIES = "load", "series"
"""The words that make ``mqcalc smf`` load folders into a store, or give a series, instead
of choosing intervals of a folder or store."""
ACTIONS = {LOAD: ("qmgr", "interval", "out", "csv", "lpars", "plan", "msu_price", "after"),
           SERIES: ("interval", "into", "plan"), None: ("into", "csv", "msu_price", "after")}
"""The options each way of ``mqcalc smf`` does not take."""


def run(arguments) -> int:
    """``mqcalc smf DIR|STORE [--qmgr NAME] [--interval WHICH] [--json] [--out FILE]``,
    ``mqcalc smf load DIR... --into STORE [--json]`` or ``mqcalc smf series DIR|STORE
    [--qmgr NAME] [--json | --csv] [--lpars FILE]``."""
    action = arguments.paths[0] if arguments.paths[0] in ACTIONS else None
    paths = [Path(text) for text in arguments.paths[action is not None:]]
    named = f"smf {action}" if action else "smf"
    given = [f"--{name.replace('_', '-')}" for name in ACTIONS[action]
             if getattr(arguments, name) not in (None, False)]
    if given:
        raise SmfError(f"{named}: {', '.join(given)} {'go' if len(given) > 1 else 'goes'} "
                       f"with {_taking(given[0][2:])}, not here (see mqcalc smf --help)")
    if action == LOAD:
        if arguments.into is None or not (paths or arguments.into.exists()):
            raise SmfError("smf load: expects one or more folders and --into STORE, e.g. "
                           "mqcalc smf load week1 week2 --into mq.duckdb (with no folder "
                           "and a store that exists, its series are worked out again)")
        return print_load(paths, arguments.into, arguments.json)
    if len(paths) != 1:
        raise SmfError(f"{named}: reads one folder or store, given {len(paths)} (to add "
                       "several folders to a store: mqcalc smf load DIR... --into STORE)")
    if action == SERIES:
        from calc.cli.smf_series import print_series  # only here: it reads whole series

        if arguments.msu_price is not None and arguments.lpars is None \
                and arguments.after is None:
            raise SmfError("smf series: --msu-price goes with --lpars FILE or --after PLAN, "
                           "which give the LPAR's MSU per processor")
        if arguments.after is not None and (arguments.qmgr is None or arguments.csv):
            raise SmfError("smf series: --after PLAN goes with --qmgr NAME, the queue manager "
                           "the plan changes, and not with --csv")
        return print_series(paths[0], arguments.qmgr, arguments.json, arguments.csv,
                            arguments.out, arguments.lpars, arguments.msu_price,
                            arguments.after)
    if arguments.plan and arguments.out is None:
        raise SmfError("smf: --plan goes with --out FILE, the plan file to write")
    return print_smf(paths[0], arguments.qmgr, arguments.interval or PEAK, arguments.json,
                     arguments.out, arguments.lpars, arguments.plan)


def _taking(option: str) -> str:
    """The ways of ``mqcalc smf`` that take ``option``, in words."""
    ways = {LOAD: "smf load", SERIES: "smf series", None: "reading a folder or a store"}
    return " and ".join(ways[action] for action, refused in ACTIONS.items()
                        if option.replace("-", "_") not in refused)


def print_load(folders: list[Path], into: Path, as_json: bool) -> int:
    """Load ``folders`` into the store ``into``; say what was added and left out."""
    loaded = store.load(into, folders, on_terminal("loading "))
    for file in loaded.files:
        if file.new_columns:
            print(printable(f"mqcalc: {file.file} of {file.folder} has "
                            f"{len(file.new_columns)} columns the store had not seen, now "
                            f"added (earlier rows hold none): {', '.join(file.new_columns)}"),
                  file=sys.stderr)
    if as_json:
        print(json_output.dumps({"store": str(into), "files": [
            {**vars(file), "new_columns": list(file.new_columns)} for file in loaded.files]}))
    else:
        print("\n".join(wrapped("", printable(loaded.said()), indent="")))
    return 0


def print_smf(path: Path, qmgr: str | None, interval: str, as_json: bool,
              out: Path | None, lpars_file: Path | None = None, as_plan: bool = False) -> int:
    """Read the folder or store, report the chosen intervals, write ``out`` if given (a
    plan of one interval too where ``as_plan``); with ``lpars_file``, each interval on its
    LPAR's machine (every one's LPAR must be named)."""
    lpars = None
    if lpars_file is not None:
        from calc.inputs.smf.lpars import load_lpars  # it brings the YAML reader

        lpars = load_lpars(lpars_file)
    if interval == PEAK:
        folder, chosen = peak_intervals(path, qmgr)
    else:
        folder = read_smf(path, qmgr, progress=on_terminal())
        chosen = choose(folder.imported, qmgr, interval)
    machines = [None if lpars is None else _machine(item, lpars, lpars_file)
                for item in chosen]
    if as_json:
        print(json_output.dumps({"source": str(path),
                                 "intervals": [{**_document(item), "machine": machine}
                                               for item, machine in zip(chosen, machines)],
                                 "repeats": [{"file": r.file, "lines": list(r.lines),
                                              "differing": r.differing,
                                              "identity": list(r.identity)}
                                             for r in folder.repeats]}))
    else:
        kind = "SMF store" if folder.stored else "SMF folder"
        print("\n".join(wrapped("", printable(f"{kind} {path}: {', '.join(folder.files)}"),
                                indent="")))
        for item, machine in zip(chosen, machines):
            print("\n".join(["", *_text(item, machine)]))
    for repeats in folder.repeats:
        print(f"mqcalc: {repeats.said()}", file=sys.stderr)
    for problem in folder.unplaced:
        print(printable(f"mqcalc: {problem.row.file} line {problem.row.line}: "
                        f"{', '.join(problem.columns)} {problem.value.strip()!r}: "
                        f"{problem.problem}; the row is in no interval"), file=sys.stderr)
    if out is not None:
        print(printable(f"mqcalc: {_write(out, chosen, machines, as_plan)}"), file=sys.stderr)
    return 0


def _document(chosen: Chosen) -> dict:
    """One interval for ``--json``."""
    imported, interval = chosen.imported, chosen.imported.interval
    return {"qmgr": interval.qmgr, "lpar": interval.lpar, "start": interval.start.isoformat(),
            "seconds": interval.seconds, "folders": list(interval.folders),
            "peak_by": chosen.peak_by,
            "inputs": imported.inputs, "from": imported.sources,
            "caveats": imported.caveats,
            "items": {calculator: {"chosen": imported.chosen[calculator], "items": [
                {"name": item.name, **item.facts, "lines": list(item.rows),
                 "inputs": item.inputs} for item in items]}
                for calculator, items in imported.items.items()},
            "refused": [{"calculator": r.calculator, "input": r.input, "value": r.value,
                         "file": r.file, "lines": list(r.rows), "columns": list(r.columns),
                         "expects": r.expects} for r in imported.refused],
            "missing": [vars(m) for m in imported.missing],
            "measured": imported.measured,
            "measured_from": {measured.name: measured.source
                              for measured in declared().measured
                              if measured.name in imported.measured}}


def _machine(chosen: Chosen, lpars: dict[str, dict], path: Path) -> dict:
    """The machine inputs of the chosen interval's LPAR, which the LPAR file must name."""
    lpar = chosen.imported.interval.lpar
    if lpar not in lpars:
        raise SmfError(f"--lpars {path}: names no machine for LPAR {lpar} of "
                       f"{chosen.imported.interval.qmgr} (it names {', '.join(lpars)})")
    return lpars[lpar]


def _text(chosen: Chosen, machine: dict | None = None) -> list[str]:
    """One interval as lines for a person (with its LPAR's machine when given)."""
    imported, interval = chosen.imported, chosen.imported.interval
    lines = wrapped("", f"{printable(interval.qmgr)} on {printable(interval.lpar)}: interval "
                        f"from {interval.start.isoformat(' ')}, {_seconds(interval.seconds)}",
                    indent="")
    if machine is not None:
        lines += wrapped("machine (--lpars): ", ", ".join(
            f"{name} {shown_value(value)}" for name, value in machine.items()))
    if interval.folders:
        lines += wrapped("loaded from ", printable(", ".join(interval.folders)))
    if chosen.peak_by:
        lines += wrapped("peak by ", chosen.peak_by)
    for calculator, inputs in imported.inputs.items():
        lines += wrapped("", calculator + _item_note(imported, calculator))
        specs = engine.calculator(calculator).inputs
        for name, value in inputs.items():
            lines += _value_lines(name, value, specs[name].unit,
                                  imported.sources[calculator][name],
                                  imported.lines[calculator][name])
            if imported.caveat(calculator, name):
                lines += wrapped("", imported.caveat(calculator, name), indent=INDENT * 3)
    if imported.measured:
        lines += wrapped("", "measured (what the system used; beside the inputs, not one of "
                             "them)")
        declared_measured = {measured.name: measured for measured in declared().measured}
        for name, value in imported.measured.items():
            measured = declared_measured[name]
            lines += _value_lines(name, value, measured.unit, measured.source,
                                  imported.measured_lines[name])
    for r in imported.refused:
        lines += wrapped(f"refused {r.calculator} {r.input} = {shown_value(r.value)}: ",
                         f"{r.file} {lines_text(r.rows)}, {', '.join(r.columns)}: "
                         f"{r.expects}".replace(" , ", ", "))
    for m in imported.missing:
        lines += wrapped(f"missing {m.calculator} {m.input}: ", m.reason)
    return lines


def _value_lines(name: str, value: object, unit: str, source: str,
                 rows: tuple[int, ...]) -> list[str]:
    """One value of an interval: its name, value, unit, then ``FILE:COLUMNS`` and lines, on
    the lines under it where the terminal is too narrow (the columns a comma and a space
    apart, so they wrap between columns, never inside a name such as ``IO_CI {1.1}``)."""
    file, _, columns = source.partition(":")
    kept = ", ".join(column.replace(" ", KEPT_SPACE) for column in columns.split(","))
    return [line.replace(KEPT_SPACE, " ") for line in
            fitted(f"    {name:<26} {shown_value(value):>14} {unit:<16} ",
                   f"{file}:{kept} ({lines_text(rows)})", INDENT * 4)]


KEPT_SPACE = "\xa0"
"""Stands for a space inside a column's name while the line is wrapped (textwrap breaks
only at ASCII white space), a space again once it is."""


def _item_note(imported: Imported, calculator: str) -> str:
    """For a calculator fed per item: which item, of how many."""
    if calculator not in imported.chosen:
        return ""
    items = imported.items[calculator]
    chosen = next(item for item in items if item.name == imported.chosen[calculator])
    facts = "".join(f", {name} {value}" for name, value in chosen.facts.items())
    rank = next(i.rank for i in declared().items.values() if i.calculator == calculator)
    return f": {printable(chosen.name + facts)} (the most {rank} of {len(items)})"


def _seconds(seconds: object) -> str:
    return "length unknown" if seconds is None else f"{seconds} s"


def _write(out: Path, chosen: list[Chosen], machines: list[dict | None],
           as_plan: bool = False) -> str:
    """Write the scenario or plan file, headed by where each imported value came from (the
    inputs it does not name keep their defaults), each interval on its LPAR's machine
    (``machines``, beside ``chosen``; None where no LPAR file gave one) with what it
    measured; say what was written and how to use it. ``as_plan``: one interval makes a
    plan too, of the interval as measured and :data:`PROPOSED`, like it, to change."""
    # only where a file is written: they bring the YAML writer
    from calc.files.writing import replace_atomically
    from calc.inputs.plan import make_plan, plan_text
    from calc.inputs.scenario import Scenario, scenario_text

    fed_machines = [(item.imported, machine or {})
                    for item, machine in zip(chosen, machines) if item.imported.inputs]
    fed = [imported for imported, _ in fed_machines]
    _like_with_like(out, fed)
    left = len(chosen) - len(fed)
    note = f" ({left} interval{'s' * (left > 1)} with no input left out)" if left else ""
    if not fed:
        raise SmfError(f"--out {out}: no interval chosen gives any input, so there is "
                       "nothing to write")
    names = _names(fed)
    if as_plan and len(fed) > 1:
        raise SmfError(f"--plan: makes a plan of one interval; these {len(fed)} intervals "
                       "make a plan without it (one variant each)")
    if len(fed) == 1 and not as_plan:
        machine = fed_machines[0][1]
        text = scenario_text(Scenario(
            {calculator: {**inputs, **{name: value for name, value in machine.items()
                                       if name in engine.calculator(calculator).inputs}}
             for calculator, inputs in fed[0].inputs.items()}, next(iter(fed[0].inputs))))
        said = f"a scenario of {names[0]}{note}; try mqcalc eval --scenario {out}"
    else:
        # SMF does not say which machine an LPAR is: from --lpars, else assumed
        text = plan_text(make_plan(
            fed_machines[0][1],
            {**{name: imported.inputs for name, imported in zip(names, fed)},
             **({PROPOSED: {}} if as_plan else {})},
            {name: machine for name, (_imported, machine) in zip(names, fed_machines)},
            {name: _cpu(imported) for name, imported in zip(names, fed)},
            {PROPOSED: names[0]} if as_plan else {}))
        said = (f"a plan of {names[0]} as measured and {PROPOSED}, like it: change "
                f"{PROPOSED}'s inputs, then mqcalc plan {out}" if as_plan else
                f"a plan of {len(fed)} variants, one per interval{note}; "
                f"try mqcalc plan {out}")
    heading = "".join(_provenance(name, imported) for name, imported in zip(names, fed))
    replace_atomically(out, lambda temporary: temporary.write_text(heading + text,
                                                                    encoding="utf-8"))
    return f"wrote {out}, {said}"


def _cpu(imported: Imported) -> dict[str, float]:
    """The interval's measured figures a plan takes: CPU, not the work done."""
    from calc.inputs.plan import measured_figures

    return {name: value for name, value in imported.measured.items()
            if name in measured_figures()}


def _like_with_like(out: Path, fed: list[Imported]) -> None:
    """Refuse a plan that would compare unlike things: intervals of several queue managers
    at different times (a plan compares each variant with the first)."""
    systems = {(item.interval.lpar, item.interval.qmgr) for item in fed}
    first = fed[0].interval.start if fed else None
    if len(systems) > 1 and any(abs((item.interval.start - first).total_seconds())
                                >= JOIN_SECONDS for item in fed):
        raise SmfError(f"--out {out}: these {len(fed)} intervals are of {len(systems)} queue "
                       "managers at different times, and a plan compares each variant with "
                       "the first: add --qmgr NAME for one queue manager's intervals, or "
                       "--interval TIMESTAMP for queue managers side by side at one interval")


def _provenance(name: str, imported: Imported) -> str:
    """Comment lines naming where each of an interval's imported values came from."""
    lines = [f"# {printable(name)}, from SMF data (mqcalc smf); other inputs are defaults, "
             "marked assumed:"]
    lines += [f"#   {calculator} {input_id} <- {source}"
              + (f" ({imported.caveat(calculator, input_id)})"
                 if imported.caveat(calculator, input_id) else "")
              for calculator, sources in imported.sources.items()
              for input_id, source in sources.items()]
    sources = {measured.name: measured.source for measured in declared().measured}
    lines += [f"#   measured {name} <- {sources[name]} "
              f"({lines_text(imported.measured_lines[name])})" for name in _cpu(imported)]
    return "\n".join(lines) + "\n\n"


def _name(imported: Imported, lpar: bool) -> str:
    interval = imported.interval
    where = f" on {interval.lpar}" if lpar else ""
    return f"{interval.qmgr}{where} {interval.start:%Y-%m-%d %H:%M:%S}"


def _names(imported: list[Imported]) -> list[str]:
    """Each interval's variant name: queue manager (with its LPAR where two LPARs have one
    of that name) and start to the second, to the microsecond where two would share a
    name."""
    lpars: dict[str, set[str]] = {}
    for item in imported:
        lpars.setdefault(item.interval.qmgr, set()).add(item.interval.lpar)
    short = [_name(item, len(lpars[item.interval.qmgr]) > 1) for item in imported]
    return [name if short.count(name) == 1
            else f"{name}.{item.interval.start:%f}" for name, item in zip(short, imported)]
