"""Shared fixtures: the catalogue, and the workbooks built fresh for this test run."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import calc
from calc.workbook import build_all

REPO = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("MQZCALC_SEEDS", REPO.parent / "shared" / "seeds"))
"""The source documents: ../shared/seeds beside the checkout (as in CI), or MQZCALC_SEEDS."""
CALCULATORS = calc.catalogue()
CALCULATOR_IDS = [c.id for c in CALCULATORS]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """A folder with every workbook built from the current templates."""
    folder = tmp_path_factory.mktemp("built")
    build_all(CALCULATORS, folder)
    return folder
