"""Run the benchmark: ``.venv/bin/python -m tests.bench [--quick] [--only SECTION ...]
[--json FILE]``. Prints one table of every figure beside its goal and writes the same figures,
with the machine they came from, to a JSON file (``out/bench.json`` unless told).

Every process a section starts finds its modules compiled to bytecode, as an installed
package has them (pip compiles them as it installs): the children write and read their
``.pyc`` files in a folder of the benchmark's own (``PYTHONPYCACHEPREFIX``), whatever
``PYTHONDONTWRITEBYTECODE`` says in the environment it runs in. Without bytecode every child
would compile some 60 modules from source first, some 25 ms that no user's command pays.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
import time
from pathlib import Path

from calc.files.writing import replace_atomically

from .measures import as_json, machine, table

SECTIONS: dict[str, str] = {
    "startup": "a command's start against python -c pass, paired runs",
    "engine": "calc.evaluate per call against hand-written Python",
    "peers": "the engine against the workbook's evaluators: the xlsx oracle, pycel, formulas, "
             "LibreOffice warm and cold",
    "sweep": "mqcalc sweep to CSV, scenarios per second on one core",
    "build": "time to build every workbook, and its shares: formulas, evaluation, writing",
    "terminal": "the terminal calculator against the least Textual app: cold start to first "
                "paint and a key press to the screen under tmux, a key press through Pilot",
    "scaling": "build time and memory against calculators, sweep time and memory against rows",
    "store": "the SMF store: a month of the sample re-stamped, loaded, loaded again, read back",
}
"""Each section is the module of that name in this package, with ``measure(quick)``."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="fewer repetitions and smaller sizes: a check that every section "
                             "runs, not figures to quote")
    parser.add_argument("--only", action="append", choices=list(SECTIONS), metavar="SECTION",
                        help="run only this section (repeatable): " + ", ".join(SECTIONS))
    parser.add_argument("--json", type=Path, default=Path("out/bench.json"), metavar="FILE",
                        help="where to write the figures (default: out/bench.json)")
    arguments = parser.parse_args(argv)
    measures = []
    with tempfile.TemporaryDirectory(prefix="mqcalc-bench-pyc-") as bytecode:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = bytecode
        for name in arguments.only or SECTIONS:
            print(f"bench: {name}: {SECTIONS[name]}...", file=sys.stderr, flush=True)
            started = time.perf_counter()
            measures += importlib.import_module(f"{__package__}.{name}").measure(
                arguments.quick)
            print(f"bench: {name} took {time.perf_counter() - started:.1f} s",
                  file=sys.stderr, flush=True)
    print(table(measures))
    arguments.json.parent.mkdir(parents=True, exist_ok=True)
    text = as_json(measures, machine())
    replace_atomically(arguments.json, lambda temporary: temporary.write_text(text))
    print(f"bench: wrote {arguments.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
