"""What a command loads at its start: only what it needs (issue 25). Timings live in the
benchmark (tests/bench/startup.py); these tests hold what the times come from."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("yaml", "xlsxwriter", "openpyxl", "textual", "duckdb", "calc.cli.cmd_smf",
         "calc.inputs.scenario", "calc.inputs.report", "calc.workbook")
PROBE = """
import contextlib, io, json, sys
from calc import engine
from calc.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
templates = engine._compiled()
print(json.dumps({"modules": sorted(sys.modules), "loaded": sorted(templates.loaded),
                  "compiled": sorted(templates.compiled)}))
"""


def started(*arguments: str) -> dict:
    """What ``mqcalc ARGUMENTS`` imported, loaded and compiled, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", PROBE, *arguments], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def heavy(modules: list[str]) -> list[str]:
    return [name for name in HEAVY if name in modules]


def test_eval_loads_and_compiles_only_its_calculator():
    found = started("eval", "connect", "--json")
    assert found["loaded"] == found["compiled"] == ["connect"]
    assert heavy(found["modules"]) == []


UNNEEDED_BY_EVAL = ("typing", "hashlib", "tempfile", "textwrap", "difflib", "decimal", "shutil",
                    "datetime", "calc.engine.charts", "calc.engine.sweeps")
"""Modules ``eval --json`` has no use for, each 0.5 to 3 ms of a 50 ms start (measured with
``python -X importtime``): importing them is left to the code that uses them. (argparse's
help asks shutil for the terminal's width; mqcalc's help works it out itself.)"""


def test_eval_json_imports_none_of_the_modules_only_other_commands_use():
    found = started("eval", "connect", "--json")
    assert [name for name in UNNEEDED_BY_EVAL if name in found["modules"]] == []


@pytest.mark.parametrize("arguments", [["--help"], ["eval", "--help"], ["sweep", "--help"],
                                       ["smf", "--help"]])
def test_help_compiles_nothing(arguments):
    found = started(*arguments)
    assert found["compiled"] == []


def test_top_level_help_reads_no_template():
    found = started("--help")
    assert found["loaded"] == [] and heavy(found["modules"]) == []


def test_list_loads_without_compiling():
    found = started("list")
    assert found["compiled"] == [] and len(found["loaded"]) > 1
    assert heavy(found["modules"]) == []


def test_a_report_option_is_still_known_to_eval():
    """eval's report options come from the templates, read only when the command line may
    name one."""
    found = started("eval", "pageset_encryption", "--pset-report", "/nonexistent")
    assert "pageset_encryption" in found["loaded"]


def test_reading_an_smf_folder_leaves_the_stores_database_unloaded():
    """DuckDB (a tenth of a second to import) is loaded only where a store is used."""
    folder = Path(__file__).resolve().parents[1] / "fixtures" / "smf" / "raw"
    found = started("smf", str(folder), "--json")
    assert "calc.inputs.smf.store" in found["modules"] and "duckdb" not in found["modules"]


UNNEEDED_BEFORE_FIRST_FRAME = ("yaml", "plotext", "textual_plotext", "calc.files.yaml_reading",
                               "calc.inputs.smf.feeds", "calc.inputs.smf.importing",
                               "tui.importing", "tui.import_fill", "tui.import_screens")
"""What the terminal calculator's first frame does not need and imports only when used: PyYAML
(a scenario or plan file read or written), the plot of the Plots tab, and the SMF and report
imports; some 60 ms of its start together (measured under tmux)."""


def test_the_terminal_calculator_starts_without_the_modules_only_later_work_uses():
    done = subprocess.run([sys.executable, "-c", "import json, sys\nimport tui.app\n"
                           "print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, check=True)
    modules = json.loads(done.stdout)
    assert [name for name in UNNEEDED_BEFORE_FIRST_FRAME if name in modules] == []
