"""The versions the suite is tested with (scripts/constraints.txt, which scripts/setup.sh
installs with) are the versions this run has, and they pin every dependency mqzcalc declares,
its test and bench extras included."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata

from tests.conftest import REPO

CONSTRAINTS = REPO / "scripts" / "constraints.txt"


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised as PyPI compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9._-]+", requirement)[0]).lower()


def pinned() -> dict[str, str]:
    """Each pinned distribution's normalised name and version."""
    lines = [line.strip() for line in CONSTRAINTS.read_text().splitlines()]
    pins = [line.split("==") for line in lines if line and not line.startswith("#")]
    assert all(len(pin) == 2 for pin in pins), "every line pins one version with =="
    return {_name(name): version for name, version in pins}


def test_every_declared_dependency_is_pinned():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    declared = [*project["dependencies"],
                *(r for extra in project["optional-dependencies"].values() for r in extra)]
    missing = {_name(r) for r in declared if not r.startswith("mqzcalc")} - set(pinned())
    assert not missing, f"not in {CONSTRAINTS.name}: {sorted(missing)}"


def test_this_run_has_the_pinned_versions():
    installed = {_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    differ = {name: (version, installed.get(name)) for name, version in pinned().items()
              if installed.get(name) != version}
    assert not differ, f"pinned, installed: {differ}"
