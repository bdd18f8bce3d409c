"""mqzcalc as a user installs it: the wheel built from this checkout, installed into a fresh
virtual environment outside it and used there, so the templates, the stylesheet and the
version must come from the installed package, never from the source tree."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path

import openpyxl
import pytest

import calc
from calc.workbook import build_paths
from tests.compare import named_cell
from tests.conftest import CALCULATOR_IDS, CALCULATORS, REPO
from tests.made_once import made_once
from tests.tui.test_terminal import in_tmux, quit_with_ctrl_q, row, wait_for
from tests.wheels import NOT_SOURCES, build_wheel, install_wheel

WORKED_EXAMPLE = {"sharecnv": 0, "listener": "local", "tls": True, "suppress_x511_x512": True}
"""001's worked example: a local listener, SHARECNV(0), TLS and X511/X512 suppressed, 760 CPU
µs a connect (templates/connect.yaml, examples)."""
TYPED = [f"{name}={'yes' if value is True else value}" for name, value in WORKED_EXAMPLE.items()]
"""The worked example as typed after ``mqcalc eval connect``."""
SECONDS = 600
"""How long building or installing may take (pip fetches the dependencies)."""


def run(*command, cwd: Path, templates: Path | None = None,
        more: dict | None = None) -> subprocess.CompletedProcess:
    """``command`` run in ``cwd`` as a shell would, without this checkout on any path, with
    MQZCALC_TEMPLATES naming ``templates`` if given and the variables ``more`` set."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "MQZCALC_TEMPLATES", "MQZCALC_EXTRAS")}
    environment.update(more or {})
    if templates is not None:
        environment["MQZCALC_TEMPLATES"] = str(templates)
    completed = subprocess.run([str(part) for part in command], cwd=cwd, env=environment,
                               capture_output=True, text=True, timeout=SECONDS)
    assert completed.returncode == 0, f"{command}: {completed.stderr[-3000:]}"
    return completed


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from a copy of the checkout's sources (so the build's own files
    land in the copy, not the checkout), built once for every worker that runs these tests;
    they only read it."""
    return made_once(tmp_path_factory, "wheel", lambda work: build_wheel(
        work, lambda *command: run(*command, cwd=work)))


@pytest.fixture(scope="session")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed: its bin folder, made once for
    every worker (the tests run the installed command in folders of their own)."""
    return made_once(tmp_path_factory, "installed", lambda work: install_wheel(
        wheel, work, lambda *command: run(*command, cwd=work)))


def test_the_wheel_carries_the_templates_and_the_stylesheet(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {f"calc/templates/{c}.yaml" for c in CALCULATOR_IDS} <= names
    assert "calc/templates/parts/machine.yaml" in names
    assert "tui/mqcalc.tcss" in names
    assert {f"calc/examples/{path.name}" for path in (REPO / "examples").glob("*.yaml")} <= names
    assert not any(name.startswith(("templates/", "tests/")) for name in names)


def test_the_installed_command_answers_outside_the_checkout(installed, tmp_path):
    where = run(installed / "python", "-c", "import calc, tui; print(calc.__file__, tui.__file__)",
                cwd=tmp_path).stdout.split()
    assert all(Path(path).is_relative_to(installed.parent) for path in where), where

    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert run(installed / "mqcalc", "--version", cwd=tmp_path).stdout == f"mqcalc {version}\n"

    listed = json.loads(run(installed / "mqcalc", "list", "--json", cwd=tmp_path).stdout)
    assert [c["id"] for c in listed["calculators"]] == CALCULATOR_IDS

    evaluated = run(installed / "mqcalc", "eval", "connect", *TYPED, "--json",
                    cwd=tmp_path)
    assert json.loads(evaluated.stdout)["outputs"]["connect_cpu_us"] == 760

    example = run(installed / "mqcalc", "plan", "--example", "z16_encryption_ams", "--json",
                  cwd=tmp_path)
    assert [v["name"] for v in json.loads(example.stdout)["variants"]] == ["today", "proposed"]

    run(installed / "mqcalc", "build", "--out", "workbooks", cwd=tmp_path)
    written = build_paths(CALCULATORS, tmp_path / "workbooks")
    assert sorted((tmp_path / "workbooks").iterdir()) == sorted(written)
    sheet = openpyxl.load_workbook(tmp_path / "workbooks" / "connect.xlsx",
                                   data_only=True)["connect"]
    assert named_cell(sheet, "connect_cpu_us").value == calc.evaluate("connect", {})[
        "connect_cpu_us"]


def test_a_teams_own_templates_replace_the_installed_ones(installed, tmp_path):
    """A team's folder of templates replaces the installed calculators; the parts they
    include come from the installed package when the folder has none of its own."""
    own = tmp_path / "ours"
    own.mkdir()
    shutil.copy(REPO / "templates" / "connect.yaml", own)
    listed = run(installed / "mqcalc", "list", "--json", cwd=tmp_path, templates=own)
    assert [c["id"] for c in json.loads(listed.stdout)["calculators"]] == ["connect"]


FROM_THE_ZIP = """
import asyncio, json, sys
sys.path.insert(0, sys.argv[1])
import calc, tui.app
assert calc.__file__.startswith(sys.argv[1]) and tui.app.__file__.startswith(sys.argv[1])
print(calc.evaluate("connect", json.loads(sys.argv[2]))["connect_cpu_us"], len(calc.catalogue()))
from calc.inputs.plan import load_plan
from calc.inputs.plan_examples import example_file, example_names
with example_file(example_names()[-1]) as path:
    print(load_plan(path).variants[0].name)

async def paint():
    app = tui.app.create_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        print(app.query_one("#outputs").get_cell("chiadaps_recommended", "value"))
asyncio.run(paint())
"""
"""The package imported from the wheel file itself (zipimport), ahead of the installed copy:
the worked example, the number of calculators, an example plan read from the zip, and the
terminal calculator's first figure
(adapters' CHIADAPS for the default 3 processors), its stylesheet read from the zip too."""


def test_the_package_runs_from_the_wheel_as_a_zip(installed, wheel, tmp_path):
    shown = run(installed / "python", "-c", FROM_THE_ZIP, wheel, json.dumps(WORKED_EXAMPLE),
                cwd=tmp_path).stdout.split()
    assert [float(shown[0]), *shown[1:]] == [760, str(len(CALCULATORS)), "today", "30"]


def test_the_installed_terminal_calculator_starts_and_quits(installed, tmp_path):
    scenario = tmp_path / "worked.yaml"
    scenario.write_text(json.dumps({"mqcalc_scenario": 1, "current": "connect",
                                    "calculators": {"connect": WORKED_EXAMPLE}}))
    with in_tmux(f"{installed / 'mqcalc'} --scenario {scenario}", tmp_path) as session:
        shown = wait_for(session, "Cost per connect")
        assert "760" in row(shown, "Cost per connect"), shown
        quit_with_ctrl_q(session)


OFFLINE = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "", "PIP_INDEX_URL": "http://127.0.0.1:9/"}
"""pip with no index and nowhere to find a package: any install fails at once."""


@pytest.fixture(scope="module")
def started(tmp_path_factory) -> Path:
    """A copy of the checkout's sources after a first ``scripts/start.sh --version``, run
    from another folder: the copy's .venv made and mqzcalc installed into it."""
    work = tmp_path_factory.mktemp("started")
    checkout = shutil.copytree(REPO, work / "checkout", ignore=NOT_SOURCES)
    run("bash", checkout / "scripts" / "start.sh", "--version", cwd=work)
    return checkout


def test_start_works_in_the_callers_folder_offline_without_installing_again(started,
                                                                             tmp_path):
    stamp = started / ".venv" / "mqzcalc-installed"
    stamped = stamp.read_text()
    start = started / "scripts" / "start.sh"
    (tmp_path / "plan.yaml").write_text(json.dumps(
        {"mqcalc_scenario": 1, "calculators": {"connect": WORKED_EXAMPLE}}))
    evaluated = run("bash", start, "eval", "--scenario", "plan.yaml", "--json", cwd=tmp_path,
                    more=OFFLINE)
    assert json.loads(evaluated.stdout)["results"][0]["outputs"]["connect_cpu_us"] == 760
    run("bash", start, "build", "--out", "books", cwd=tmp_path, more=OFFLINE)
    assert (tmp_path / "books" / "connect.xlsx").is_file()
    assert not (started / "books").exists()
    assert stamp.read_text() == stamped


def test_start_installs_again_when_pyproject_changes(started, tmp_path):
    """A changed pyproject.toml (a new dependency, say) is installed: offline, that fails
    with pip's error rather than starting with an environment that is not current."""
    pyproject = started / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\n# changed\n")
    completed = subprocess.run(["bash", started / "scripts" / "start.sh", "--version"],
                               cwd=tmp_path, capture_output=True, text=True, timeout=SECONDS,
                               env={**os.environ, **OFFLINE})
    assert completed.returncode != 0 and completed.stdout == "", completed.stdout
    run("bash", started / "scripts" / "start.sh", "--version", cwd=tmp_path)
    constraints = started / "scripts" / "constraints.txt"
    assert (started / ".venv" / "mqzcalc-installed").read_text().split()[0] == hashlib.sha256(
        pyproject.read_bytes() + constraints.read_bytes()).hexdigest()
