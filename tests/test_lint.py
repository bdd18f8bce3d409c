"""pyflakes finds nothing in the code: no unused import or variable, no undefined name, no
import shadowed by another (what a change leaves behind most often)."""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_pyflakes_finds_nothing():
    found = subprocess.run([sys.executable, "-m", "pyflakes", "calc", "tui", "tests"],
                           cwd=REPO, capture_output=True, text=True, timeout=300)
    assert (found.returncode, found.stdout, found.stderr) == (0, "", "")
