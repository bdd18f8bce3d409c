"""The ``mqcalc`` command: list, eval, sweep, build, plan, smf, tui (the default), a module
each (``cmd_COMMAND``), with the parser (:mod:`.parser`), the words of the command line
(:mod:`.arguments`), the text of results (:mod:`.text`), ``--json`` (:mod:`.json_output`),
a sweep's CSV (:mod:`.sweep_csv`) and standard output (:mod:`.standard_output`) beside them.

Every refusal is one line on stderr and exit status 2: an unknown calculator or input, a
value outside its domain, ``ID`` without ``=``, an unknown option, a scenario file or a
workbook that cannot be used, a file or folder that cannot be written, workbooks ``build``
would replace without ``--force``. ``eval --from-workbook`` exits 1 when a result stored in the
workbook disagrees with the engine. A command stopped by Ctrl+C exits 130; one stopped by
SIGTERM or SIGHUP says so in one line and exits 143 or 129 (:mod:`calc.files.stopping`),
leaving no file half written and no temporary behind.
"""
from __future__ import annotations

import sys
from importlib import import_module

from calc.cli import parser as command_line
from calc.cli.arguments import reports
from calc.cli.standard_output import drop_stdout, to_stdout
from calc.core.errors import MqcalcError
from calc.core.terminal_text import printable
from calc.files.stopping import Stopped, stopped_by_signals
from calc.files.streams import carry_what_streams_can

EXIT_BAD_INPUT = 2


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` (the process's arguments by default); the exit status."""
    carry_what_streams_can()
    try:
        parser = command_line.parser(argv, reports)
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
        # each command is the module cmd_COMMAND, imported only when it runs, so a command
        # loads only what it needs (tests/cli/test_startup.py holds it so)
        run = import_module(f"{__name__}.cmd_{command}").run
        if command == "tui":  # Textual runs the terminal and its signals
            return run(arguments)
        with stopped_by_signals():
            return to_stdout(lambda: run(arguments))
    except MqcalcError as error:
        print(printable(f"mqcalc: {error}"), file=sys.stderr)  # one line, whatever was typed
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Stopped as stopped:
        print(f"mqcalc: stopped by {stopped.name}", file=sys.stderr)
        return stopped.status
    except BrokenPipeError:  # the reader went away (e.g. | head): not an error of ours
        drop_stdout()
        return 0
