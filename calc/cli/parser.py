"""The ``mqcalc`` command line's grammar, for argparse: the top-level options, each command's
help, and each command's arguments.

When the command line starts with a command's name, only that command is made: argparse
takes that word as the command (nothing comes before the command but top-level options),
so no other could be used, and argparse makes a help formatter for every argument it is
given: all the commands would cost each command's start ten times what one does.
Any other command line (``--help``, none, a misspelt command) gets every command.
"""
from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from calc.core.errors import MqcalcError
from calc.core.terminal_text import columns

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from datetime import date  # imported where a date is read: the few commands taking one

DESCRIPTION = ("Capacity and cost calculator for IBM MQ for z/OS. Without a command, starts the "
               "terminal calculator.")
EVAL_OPTIONS = frozenset({"--json", "--scenario", "--from-workbook"})
"""The options of ``eval`` besides the report options, spelt out in full."""
REPORT_DEST = "report_"
"""What the name of each report option's value starts with, before the calculator's id."""

Report = tuple[str, str, str]
"""A report option: the option, the calculator's id, the report's title. Its value is named
:data:`REPORT_DEST` followed by the calculator's id."""


def wrapped(formatter: type[argparse.HelpFormatter]) -> Callable[[str], argparse.HelpFormatter]:
    """argparse's ``formatter`` wrapping the help at the terminal's width worked out without
    shutil (:func:`calc.core.terminal_text.columns`, less two, as argparse narrows it):
    argparse makes a formatter for every argument a parser is given, and its own asks shutil,
    whose import was some 3 ms of a command's start."""
    return lambda prog: formatter(prog, width=columns() - 2)


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line, like every other refusal, and
    wraps its help as :func:`wrapped` says unless told another formatter."""

    def __init__(self, *arguments, formatter_class=wrapped(argparse.HelpFormatter), **options):
        super().__init__(*arguments, formatter_class=formatter_class, **options)

    def error(self, message: str):
        raise MqcalcError(f"{message} (see mqcalc --help)")

    def format_help(self) -> str:
        """The help, its epilog made first when it is given as a function (one that costs
        start-up time, made only when the help is shown)."""
        if callable(self.epilog):
            self.epilog = self.epilog()
        return super().format_help()


def given_path(text: str) -> Path:
    """A path typed on the command line; an empty one is refused, as it names no file
    (``Path('')`` is the current folder: ``build --out ''`` wrote into it)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or folder")
    return Path(text)


def given_path_text(text: str) -> str:
    """A path typed on the command line, kept as typed (``smf`` tells its words ``load``
    and ``series`` from a folder so named, typed ``./load``); the empty one refused as
    :func:`given_path` refuses it."""
    given_path(text)
    return text


def price(text: str) -> float:
    """A price typed on the command line: a number of 0 or more, in any currency."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expects a price, a number of 0 or more "
                                         "(your currency per MSU a month, e.g. 95.5)")
    return value


def growth(text: str) -> float:
    """A growth rate typed on the command line: % a year, from 0 to the most a runway
    takes."""
    from calc.inputs.runway import MOST_GROWTH

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MOST_GROWTH:  # NaN fails both sides
        raise argparse.ArgumentTypeError(f"{text!r}: expects a growth rate in % a year, a "
                                         f"number from 0 to {MOST_GROWTH} (e.g. 15)")
    return value


def day(text: str) -> date:
    """A date typed on the command line, as ISO 8601 writes it (2026-12-01)."""
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expects a date, YYYY-MM-DD "
                                         "(e.g. 2026-12-01)") from None


def years(text: str) -> int:
    """How many years a runway looks ahead: a whole number from 1 to the most it takes."""
    from calc.inputs.runway import MOST_YEARS

    if not text.isdigit() or not 1 <= int(text) <= MOST_YEARS:
        raise argparse.ArgumentTypeError(f"{text!r}: expects a whole number of years from 1 "
                                         f"to {MOST_YEARS}")
    return int(text)


class _Version(argparse.Action):
    """``--version``: mqzcalc's version as installed (:func:`calc.core.version.version`), looked
    up only when asked."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        from calc.core.version import version
        print(f"mqcalc {version()}")
        parser.exit()


def parser(argv: list[str] | None, reports: Callable[[], Iterable[Report]]) -> Parser:
    """The parser for ``argv`` (``sys.argv[1:]`` when None): only the command it starts
    with, when it starts with one, else every command; and ``eval``'s report options, from
    ``reports()`` (which loads every template), only when ``argv`` may give one: when it
    has ``eval`` and an option that is none of eval's others spelt in full."""
    argv = sys.argv[1:] if argv is None else argv
    made = (argv[0],) if argv and argv[0] in COMMANDS else tuple(COMMANDS)
    if "eval" not in argv or all(not argument.startswith("-") or argument == "-"
                                 or argument.partition("=")[0] in EVAL_OPTIONS
                                 for argument in argv):
        return _parser_for(made, ())
    return _parser_for(made, tuple(reports()))


@cache
def _parser_for(made: tuple[str, ...], reports: tuple[Report, ...]) -> Parser:
    """Made once per command set and catalogue (a millisecond each time otherwise, which a
    script or test calling :func:`calc.cli.main` many times in one process would pay on
    every call); argparse keeps nothing from one parse to the next."""
    top = Parser(prog="mqcalc", description=DESCRIPTION)
    top.add_argument("--version", action=_Version,
                     help="show the installed version of mqzcalc and exit")
    top.add_argument("--scenario", metavar="FILE", type=given_path,
                     help="start the terminal calculator with the inputs of this scenario "
                          "file (see mqcalc eval --scenario)")
    commands = top.add_subparsers(dest="command", parser_class=Parser)
    for name in made:
        described, arguments = COMMANDS[name]
        arguments(commands.add_parser(name, **described), reports)
    return top


def _smf_epilog() -> str:
    """The ``smf`` command's epilog: it comes from the SMF package, whose import would slow
    every command's start."""
    from calc.cli.cmd_smf import epilog

    return epilog()


def _list(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("calculator", nargs="?",
                         help="describe this calculator only: each input's default, unit, "
                              "domain and help, and each output's unit")
    command.add_argument("--json", action="store_true", help="machine-readable output")


def _eval(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("calculator", nargs="?",
                         help="calculator id (see mqcalc list); may be left out with "
                              "--scenario, to evaluate every calculator of the file")
    command.add_argument("assignments", nargs="*", metavar="ID=VALUE",
                         help="input values, a number perhaps as a range LOW..HIGH or "
                              "LOW..LIKELY..HIGH; inputs not given take their defaults (or "
                              "the scenario file's values)")
    command.add_argument("--json", action="store_true", help="machine-readable output")
    command.add_argument("--scenario", metavar="FILE", type=given_path, default=argparse.SUPPRESS,
                         help="take the inputs from this scenario file (YAML: "
                              "mqcalc_scenario: 1, then calculators: id -> inputs)")
    command.add_argument("--from-workbook", metavar="FILE", type=given_path,
                         help="take the inputs typed into each calculator sheet of this "
                              "mqzcalc workbook, and report every result stored in it that "
                              "the engine does not agree with")
    for option, calculator_id, title in reports:
        command.add_argument(f"--{option}", metavar="FILE", type=given_path,
                             dest=REPORT_DEST + calculator_id,
                             help=f"{calculator_id}: evaluate every item of a {title}, then "
                                  "their total")


def _sweep(command: Parser, reports: tuple[Report, ...]) -> None:
    from calc.engine.sweeps import (MOST_ROWS,  # here: only a sweep needs the module
                                    MOST_SHEET_CELLS)

    command.add_argument("calculator", help="calculator id (see mqcalc list)")
    command.add_argument("assignments", nargs="*", metavar="ID=VALUE",
                         help="fixed input values; inputs neither fixed nor varied take their "
                              "defaults")
    command.add_argument("--vary", action="append", required=True, metavar="ID=SPEC",
                         help="an input to vary: ID=START:STOP:STEP for a numeric input "
                              "(STOP included) or ID=V1,V2,... for any input; repeat it to "
                              "vary several, the first outermost (at most "
                              f"{MOST_ROWS:,} scenarios)")
    command.add_argument("--out", metavar="FILE", type=given_path,
                         help="write FILE.csv, or FILE.xlsx: the calculator's sheet and a "
                              f"sheet of the scenarios (at most {MOST_SHEET_CELLS:,} cells of "
                              "inputs and results), replacing FILE if it exists (whole or not "
                              "at all); without it, CSV to standard output")
    command.add_argument("--ranges", action="store_true",
                         help="each result's low and high over the ends of the spreads "
                              "the sources give (see Low, likely and high in the README): in "
                              "CSV, low.ID and high.ID for every numeric result after the "
                              "other columns; in a workbook, live Low and High columns for "
                              "each result a spread moves")


def _build(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("--out", metavar="DIR", type=given_path, default=Path("generated"),
                         help="folder for the workbooks, created if missing (default: "
                              "generated)")
    command.add_argument("--force", action="store_true",
                         help="replace workbooks already in DIR (without it, mqcalc refuses "
                              "to replace them)")
    command.add_argument("--plan", metavar="FILE", type=given_path,
                         help="instead, write DIR/<FILE's stem>.xlsx: the plan file's Plan "
                              "sheet and each variant's calculator sheets, live")


def _plan(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("file", metavar="FILE", type=given_path, nargs="?",
                         help="the plan file (YAML: mqcalc_plan: 1, machine, variants)")
    command.add_argument("--json", action="store_true", help="machine-readable output")
    command.add_argument("--from-workbook", metavar="FILE", type=given_path,
                         help="instead, the plan a plan workbook (mqcalc build --plan) holds "
                              "now, its machine and inputs as typed into it, and every result "
                              "stored in it that the engine does not agree with")
    command.add_argument("--example", metavar="NAME", nargs="?", const="",
                         help="instead, a plan file shipped with mqcalc, evaluated; alone, "
                              "the examples' names and what each shows")
    _runway(command)
    command.add_argument("--out", metavar="FILE", type=given_path,
                         help="with --example: write a copy of the example to FILE, to edit "
                              "into your own plan, instead of evaluating it (an existing FILE "
                              "is left as it is)")


def _runway(command: Parser, start: str = "with --growth: the month the runway starts "
                                           "from") -> None:
    """The runway's options, which plan and report share (``start`` what --start is)."""
    command.add_argument("--growth", metavar="PCT", type=growth,
                         help="the runway: grow every volume of work (rates, counts and "
                              "measured CPU) by PCT %% a year, compounded, and give the month "
                              "each variant first crosses a limit its calculators declare or "
                              "leaves what IBM measured")
    command.add_argument("--start", metavar="DATE", type=day,
                         help=f"{start}, YYYY-MM-DD (default: today)")
    command.add_argument("--years", metavar="N", type=years,
                         help="with --growth: how far ahead to look, in years (default 10)")


def _report(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("file", metavar="PLAN", type=given_path,
                         help="the plan file (see mqcalc plan)")
    command.add_argument("--out", metavar="FILE", type=given_path,
                         help="write the report to FILE.md (Markdown), FILE.html (a page to "
                              "read or print) or FILE.pdf (A4; needs the pdf extra) instead "
                              "of printing Markdown")
    command.add_argument("--msu-price", metavar="AMOUNT", type=price,
                         help="what one MSU costs a month, in your currency, to show the "
                              "MSU as money (no default: give yours)")
    _runway(command, "the report's date, and with --growth the month the runway starts "
                     "from")
    command.add_argument("--smf", metavar="DIR|STORE", type=given_path,
                         help="with --qmgr NAME: SMF data (a folder of mq-smf-csv's files or "
                              "a store) of the LPAR the plan's queue manager NAME runs on, for "
                              "its peak rolling four-hour average today and after the plan")
    command.add_argument("--qmgr", metavar="NAME",
                         help="with --smf: the queue manager the plan is of")
    command.add_argument("--lpars", metavar="FILE", type=given_path,
                         help="with --smf: the LPARs' machines (see mqcalc smf), for the "
                              "LPAR's MSU per processor (default: the plan's)")


def _smf(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("paths", nargs="+", metavar="DIR|STORE", type=given_path_text,
                         help="the folder holding mq-smf-csv's SMF-*.csv files, or a store "
                              "made by mqcalc smf load; or load DIR... --into STORE to add "
                              "folders to a store; or series DIR|STORE (a folder named load "
                              "or series is written ./load, ./series)")
    command.add_argument("--into", metavar="STORE", type=given_path,
                         help="with load: the store to add the folders to (a DuckDB file, "
                              "made when it does not exist); with no folder, the store's "
                              "series worked out again (after a new mqzcalc or templates)")
    command.add_argument("--qmgr", metavar="NAME", help="the queue managers of this name "
                         "only (one on each LPAR that has it)")
    command.add_argument("--interval", metavar="peak|all|TIMESTAMP",
                         help="peak (the default): per queue manager, the interval with the "
                              "highest adapter request rate, or log rate where there is no "
                              "channel initiator data; all; or the interval starting at "
                              "TIMESTAMP, e.g. 2026-05-21T16:29:10")
    command.add_argument("--json", action="store_true", help="machine-readable output")
    command.add_argument("--lpars", metavar="FILE", type=given_path,
                         help="the machine each LPAR runs on (mqcalc_lpars: 1, lpars: {LPAR: "
                              "{machine: z16, processors: 8, ...}}), for every interval of its "
                              "queue managers and in --out's file; with series, its MSU per "
                              "processor for the rolling four-hour average in MSU")
    command.add_argument("--csv", action="store_true",
                         help="with series: CSV, one line an interval and a column a figure")
    command.add_argument("--msu-price", metavar="AMOUNT", type=price,
                         help="with series and --lpars: what one MSU of the peak rolling "
                              "four-hour average costs a month, in your currency, to show "
                              "MQ's measured part of the bill (no default: give yours)")
    command.add_argument("--out", metavar="FILE", type=given_path,
                         help="also write the inputs: a scenario file for one interval "
                              "(mqcalc eval --scenario FILE), a plan file with one variant per "
                              "interval for several (mqcalc plan FILE); with series, a "
                              "workbook (FILE.xlsx) of a Measured sheet per queue manager")
    command.add_argument("--plan", action="store_true",
                         help="with --out and one interval: write a plan, the interval as "
                              "measured and 'proposed' like it, to change and compare with "
                              "mqcalc plan FILE")
    command.add_argument("--after", metavar="PLAN", type=given_path,
                         help="with series and --qmgr NAME: the rolling four-hour average of "
                              "NAME's LPAR after each change the plan file PLAN makes to NAME, "
                              "the change scaled interval by interval with NAME's measured CPU")


def _tui(command: Parser, reports: tuple[Report, ...]) -> None:
    command.add_argument("--scenario", metavar="FILE", type=given_path, default=argparse.SUPPRESS,
                         help="start with the inputs of this scenario file")
    command.add_argument("--plan", metavar="FILE", type=given_path,
                         help="start in the Plan view with this plan file (see mqcalc plan)")


COMMANDS: dict[str, tuple[dict, Callable[[Parser, tuple[Report, ...]], None]]] = {
    "list": ({"help": "list the calculators, their inputs and outputs"}, _list),
    "eval": ({"help": "evaluate one calculator, or every calculator of a scenario file or a "
                      "workbook",
              "epilog": "Exit status: 0 when evaluated; with --from-workbook, 0 when every "
                        "result stored in the workbook agrees with the engine and 1 when any "
                        "disagrees; 2 for input mqcalc cannot use."}, _eval),
    "sweep": ({"help": "evaluate one calculator at every combination of some inputs' values, "
                       "as CSV or a workbook"}, _sweep),
    "build": ({"help": "write the workbooks",
               "description": "Write DIR/<id>.xlsx for each calculator and DIR/mqzcalc.xlsx "
                              "with all of them, all replaced together at the end, so a "
                              "failed or interrupted build leaves the old ones."}, _build),
    "plan": ({"help": "add up the CPU of a plan file's variants by address space",
              "description": "Evaluate every calculator of each variant of a plan file (or "
                             "of a plan workbook, as typed into) and add up their CPU by "
                             "address space, with each variant's share of the LPAR, its MSU "
                             "and its change from the first variant.",
              "epilog": "Exit status: 0 when evaluated; with --from-workbook, 0 when every "
                        "result stored in the workbook agrees with the engine and 1 when any "
                        "disagrees; 2 for input mqcalc cannot use."},
             _plan),
    "report": ({"help": "a plan's one-page report for management, as Markdown, HTML or PDF",
                "description": "Write a plan's figures as a page a manager reads: today "
                               "against each variant in CPU, share of the LPAR, MSU and "
                               "money, each as likely (low-high); the largest parts of the "
                               "change; the limits crossed and, with --growth, when; what the "
                               "figures rest on; and every assumption with its document and "
                               "pages.",
                "epilog": "Exit status: 0 when written; 2 for input mqcalc cannot use."},
               _report),
    "smf": ({"help": "the calculators' inputs from SMF data formatted by IBM's mq-smf-csv",
             "formatter_class": wrapped(argparse.RawDescriptionHelpFormatter),
             "epilog": _smf_epilog,
             "usage": "mqcalc smf [-h] [--qmgr NAME] [--interval peak|all|TIMESTAMP] [--json] "
                     "[--out FILE [--plan]] [--lpars FILE] DIR|STORE\n"
                     "       mqcalc smf load [--json] [DIR...] --into STORE\n"
                     "       mqcalc smf series [--qmgr NAME] [--json | --csv] [--out FILE.xlsx] "
                     "[--lpars FILE] [--msu-price AMOUNT] [--after PLAN] DIR|STORE",
             "description": "Read the CSV files mq-smf-csv wrote (its default form or -r) and "
                            "give, per queue manager and interval, every calculator input the "
                            "data gives, with the file and columns it came from; a value "
                            "outside its input's domain is reported with its file, lines and "
                            "columns, and left out. smf load adds folders of those files "
                            "(a day's, a week's) to a store, one DuckDB file, each record "
                            "once however often it is loaded, with every interval's figures "
                            "worked out; smf STORE reads the store as "
                            "it reads a folder. smf series gives each queue manager's "
                            "intervals as a series of every figure the calculators take, "
                            "with each one's peak, 95th percentile, mean and hour-of-day "
                            "profile, and each LPAR's rolling four-hour average of MQ's "
                            "measured CPU."}, _smf),
    "tui": ({"help": "start the terminal calculator"}, _tui),
}
"""Each command, in the order ``--help`` lists them: what ``add_parser`` is given (its help,
description, epilog), and the function that adds its arguments."""
