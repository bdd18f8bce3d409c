"""pyflakes finds nothing in the code: no unused import or variable, no undefined name, no
import shadowed by another (what a change leaves behind most often)."""
from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import CALCULATOR_IDS, REPO


def test_pyflakes_finds_nothing():
    found = subprocess.run([sys.executable, "-m", "pyflakes", "calc", "tui", "tests"],
                           cwd=REPO, capture_output=True, text=True, timeout=300)
    assert (found.returncode, found.stdout, found.stderr) == (0, "", "")


def private_imports(root) -> list[str]:
    """Each ``from MODULE import _name`` of the project's own modules in calc, tui and
    tests: a name with a leading underscore is its module's own business."""
    found = []
    for path in sorted(path for folder in ("calc", "tui", "tests")
                       for path in (root / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(
                    ".")[0] in ("calc", "tui", "tests"))):
                found += [f"{path.relative_to(root)}:{node.lineno} {alias.name}"
                          for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def test_no_private_name_is_imported_from_another_module(tmp_path):
    assert private_imports(REPO) == []
    (tmp_path / "calc").mkdir()
    (tmp_path / "calc" / "a.py").write_text("from .b import _hidden, shown\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "c.py").write_text("from calc.b import _x\nfrom os import _exit\n")
    (tmp_path / "tui").mkdir()
    assert private_imports(tmp_path) == ["calc/a.py:1 _hidden", "tests/c.py:1 _x"]


def test_every_calculator_has_its_own_test_file():
    """Each template's calculator is tested in tests/test_ID.py (its source's figures and its
    properties), beside the checks every calculator shares."""
    assert [i for i in CALCULATOR_IDS if not (REPO / "tests" / f"test_{i}.py").is_file()] == []
