"""Shared fixtures: the catalogue, the workbooks built fresh for this test run (as files,
and as openpyxl reads them), and a LibreOffice."""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import openpyxl
import pytest

import calc
from calc.workbook import build_all
from tests.libreoffice import Session

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


@pytest.fixture(scope="session")
def opened(built):
    """``opened(name, data_only=False)``: the built workbook ``name`` as openpyxl reads it
    (formulas, or with ``data_only`` the stored results), loaded once per test worker and
    shared, for tests that only read it; a test that changes a workbook loads its own."""
    @cache
    def load(name: str, data_only: bool = False):
        return openpyxl.load_workbook(built / name, data_only=data_only)
    return load


@pytest.fixture(scope="session")
def libreoffice(tmp_path_factory):
    """One LibreOffice for this test worker, recalculating workbook after workbook."""
    with Session(tmp_path_factory.mktemp("libreoffice")) as session:
        yield session
