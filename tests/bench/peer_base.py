"""What every peer of the benchmark's peers section shares: the check of its outputs against
the engine, and how a peer says it could not be measured."""
from __future__ import annotations

import calc
from tests.compare import agrees

INSTALL = ".venv/bin/pip install -e '.[bench]'"
"""How to install the optional peers (pyproject.toml's ``bench`` extra)."""


class Unmeasured(Exception):
    """A peer that gives no figure: why (not installed, cannot compute our workbooks). The
    section reports the reason in the peer's row instead of a time."""


def check(calculator, case: dict, found: dict, peer: str) -> None:
    expected = calc.evaluate(calculator.id, case)
    wrong = [name for name in expected if not agrees(expected[name], found[name])]
    if wrong:
        raise RuntimeError(f"{peer} disagrees with the engine on {calculator.id} {wrong} "
                           f"for {case}: timing it would mean nothing")
