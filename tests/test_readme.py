"""The README's command examples stay true (issue 42): every ``$ mqcalc ...`` line of its code
blocks is run as written, in a folder laid out as a checkout (``examples/`` and ``tests/``
there, ``../shared`` the folder of IBM's texts and SMF samples beside it), the commands of one
block in turn. Every line shown under a command must be a line it prints, in the README's
order, the first shown its first printed unless the README shows ``...`` first; ``...``
inside a line stands for text left out. Under ``--json`` every key the README names must be
in the output."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from calc.cli import main
from calc.cli.parser import COMMANDS
from tests.compare import named_cell
from tests.conftest import REPO, TEXTS

README = REPO / "README.md"
ELIDED = "..."
SCENARIO_BLOCK = "mqcalc_scenario: 1\n"
"""How the README's sample scenario file starts: the refusal shown after it is of that file
with SHARECNV 1.5 in place of 0."""


def _blocks() -> list[tuple[int, list[tuple[str, list[str]]]]]:
    """Each code block holding commands: its first line's number and its commands, each with
    the lines the README shows under it."""
    blocks, lines = [], README.read_text(encoding="utf-8").split("\n")
    fence = [number for number, line in enumerate(lines) if line.startswith("```")]
    for start, end in zip(fence[::2], fence[1::2]):
        commands: list[tuple[str, list[str]]] = []
        for line in lines[start + 1:end]:
            if line.startswith("$ mqcalc"):
                commands.append((line.removeprefix("$ "), []))
            elif commands:
                commands[-1][1].append(line)
        if commands:
            blocks.append((start + 2, commands))
    return blocks


def _case(number: int, commands) -> pytest.param:
    uses_shared = any("../shared" in command for command, _ in commands)
    return pytest.param(commands, id=f"line{number}-{commands[0][0].split()[1]}",
                        marks=[pytest.mark.ibm_texts] if uses_shared else [])


def _sample_scenario() -> str:
    text = README.read_text(encoding="utf-8")
    block = text[text.index(f"```yaml\n{SCENARIO_BLOCK}") + len("```yaml\n"):]
    return block[:block.index("```")].replace("sharecnv: 0", "sharecnv: 1.5")


def _checkout_like(base: Path) -> Path:
    """A folder to run the README's commands in: the checkout's examples and tests, IBM's
    folder beside it as ../shared, and the files the README's refusals are of."""
    (base / "shared").symlink_to(TEXTS)
    here = base / "x"
    here.mkdir()
    for name in ("examples", "tests", "generated"):
        (here / name).symlink_to(REPO / name)
    (here / "scenario.yaml").write_text(_sample_scenario(), encoding="utf-8")
    book = openpyxl.load_workbook(REPO / "generated" / "connect.xlsx")
    named_cell(book["connect"], "sharecnv").value = 5000  # as a user types it
    book.save(here / "connect.xlsx")
    return here


def _matches(shown: str, printed: str) -> bool:
    """Whether ``printed`` is the line ``shown``, each ``...`` in it (and the spaces before
    it) standing for any text."""
    *before, last = shown.split(ELIDED)
    pattern = ".*".join([*(re.escape(part.rstrip()) for part in before), re.escape(last)])
    return re.fullmatch(pattern, printed) is not None


@pytest.mark.parametrize("commands", [_case(number, commands) for number, commands in _blocks()])
def test_each_readme_command_prints_what_the_readme_shows(commands, tmp_path):
    here = _checkout_like(tmp_path)
    for command, shown in commands:
        done = subprocess.run([sys.executable, "-m", "calc", *command.split()[1:]], cwd=here,
                              capture_output=True, text=True, timeout=300,
                              env={**os.environ, "COLUMNS": "80"})
        printed = (done.stdout + done.stderr).split("\n")
        if "--json" in command:
            for key in re.findall(r'"(\w+)":', "\n".join(shown)):
                assert f'"{key}":' in done.stdout, (command, key)
            continue
        if shown[0].strip() != ELIDED:
            assert _matches(shown[0], printed[0]), (command, shown[0], printed[0])
        lines = iter(printed)  # each line shown is printed, in the README's order
        for line in (line for line in shown if line.strip() != ELIDED):
            assert any(_matches(line, each) for each in lines), (command, line, printed)


def _command_table() -> dict[str, str]:
    """The README's table of commands (the block under "## The command"): each command's
    entries, its lines starting ``mqcalc COMMAND`` with the lines under them, joined."""
    text = README.read_text(encoding="utf-8").split("## The command\n", 1)[1]
    table = text.split("```\n", 2)[1]
    entries: dict[str, str] = {}
    command = ""
    for line in table.split("\n"):
        if line.startswith("mqcalc"):
            words = line.split()
            command = words[1] if len(words) > 1 and not words[1].startswith("-") else ""
        entries[command] = entries.get(command, "") + line + "\n"
    return entries


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_command_table_names_every_command_and_option(command, capsys):
    """Each command and every option its usage line offers is in the README's table, under
    that command."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    usage = capsys.readouterr().out.split("\n\n", 1)[0]
    options = set(re.findall(r"\[(--[a-z-]+)", usage)) - {"--help"}
    listed = _command_table().get(command, "")
    assert listed, command
    assert {option for option in options if option not in listed} == set(), command
