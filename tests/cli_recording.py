"""What the ``mqcalc`` command prints, recorded: every help text, a sample of each command's
output, and a sample of its refusals, with their exit statuses. ``tests/cli/test_cli_recording.py``
compares the command with the recording, so that moving the code (issue 39) changes no text
a user reads. After a change meant to alter that text, record again and read the diff:

    .venv/bin/python -m tests.cli_recording
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO

RECORDING = REPO / "tests" / "fixtures" / "cli_recording.json"
COMMANDS = [
    ["--help"], ["--version"], ["list", "--help"], ["eval", "--help"], ["sweep", "--help"],
    ["build", "--help"], ["plan", "--help"], ["smf", "--help"], ["tui", "--help"],
    ["list"], ["list", "--json"], ["eval", "connect"], ["eval", "adapters", "--json"],
    ["eval", "connect", "sharecnv=0", "tls=false"],
    ["eval", "pageset_encryption", "--pset-report", "tests/fixtures/pset_sample.txt"],
    ["sweep", "connect", "--vary", "sharecnv=0,10,99"],
    ["plan", "examples/z16_encryption_ams.yaml"],
    ["smf", "tests/fixtures/smf/mq10-sample"],
    ["eval", "nosuch"], ["eval", "connect", "sharecnv=abc"], ["eval", "connect", "SHARECNV(0)"],
    ["eval", "connect", "nosuch=1"], ["eval", "connect", "--scenario", "missing.yaml"],
    ["sweep", "connect", "--vary", "nosuch=1,2"], ["sweep", "connect"],
    ["plan", "missing.yaml"], ["smf", "missing-folder"], ["build", "--plan", "missing.yaml"],
    ["list", "--scenario", "x.yaml"], ["--nosuch"], ["eval", "--from-workbook", "missing.xlsx"],
]
"""Each command as typed after ``mqcalc``, run in the checkout."""
ENVIRONMENT = {"COLUMNS": "100", "LANG": "C.UTF-8", "NO_COLOR": "1"}
"""A terminal width and locale fixed for the recording (help wraps to the width)."""


def run(arguments: list[str]) -> dict:
    """What ``mqcalc ARGUMENTS`` prints on each stream, and its exit status."""
    done = subprocess.run([sys.executable, "-m", "calc", *arguments], cwd=REPO,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, **ENVIRONMENT})
    return {"stdout": done.stdout, "stderr": done.stderr, "status": done.returncode}


def recorded() -> dict[str, dict]:
    """The recording, by the command as typed."""
    return json.loads(RECORDING.read_text(encoding="utf-8"))


def record() -> None:
    """Run every command and write the recording."""
    found = {" ".join(arguments): run(arguments) for arguments in COMMANDS}
    RECORDING.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n",
                         encoding="utf-8")


if __name__ == "__main__":
    record()
