"""Shared fixtures (the catalogue, the workbooks built fresh for this test run, a
LibreOffice), the Hypothesis profile and how many workers run the tests."""
from __future__ import annotations

import gc
import os
import re
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path

import openpyxl
import pytest
from hypothesis import settings

import calc
from calc.workbook import build_all
from tests.libreoffice import Session

REPO = Path(__file__).resolve().parent.parent
TEXTS = Path(os.environ.get("MQZCALC_IBM_TEXTS") or REPO.parent / "shared")
"""IBM's texts that the citations point into, as pdftotext wrote them: ``seeds/`` (the blog
posts and notes) and ``sources/`` (the fuller mqperf reports). ../shared beside the checkout
(as in CI), or the folder MQZCALC_IBM_TEXTS names. The product never reads them; only the
tests marked ``ibm_texts`` do."""
SEEDS = TEXTS / "seeds"
SOURCES = TEXTS / "sources"
MISSING_TEXTS = (f"IBM's texts are not in {TEXTS} (seeds/ and sources/): set MQZCALC_IBM_TEXTS "
                 "to their folder to check the citations (README, Tests)")
"""The one line a run says when the texts are missing: the skip reason, or CI's refusal."""


def texts_found() -> bool:
    """Whether both folders of IBM's texts are there."""
    return SEEDS.is_dir() and SOURCES.is_dir()


def in_ci() -> bool:
    """Whether this run is CI's (``CI`` set, as CI services set it, to anything but a no)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


RUN_CACHE = "MQZCALC_TEST_CACHE_HOME"
"""Where this run keeps caches (``XDG_CACHE_HOME``, so mqcalc's cache of read templates too):
a folder made by the run's first process and inherited by its workers and every command the
tests start. The tests write thousands of templates of their own; kept in the user's cache
they filled ~/.cache/mqcalc with some 475 MB a day."""
MADE_HERE: list[str] = []
"""The run's cache folder when this process made it (and deletes it at the end)."""


def pytest_configure(config) -> None:
    """Under CI, missing texts end the run at once, in one line: CI must never quietly stop
    checking the citations. The run's caches go to a folder of its own (:data:`RUN_CACHE`)."""
    if in_ci() and not texts_found():
        raise pytest.UsageError(f"CI is set and {MISSING_TEXTS}")
    if RUN_CACHE not in os.environ:  # the run's first process: xdist's workers inherit it
        MADE_HERE.append(tempfile.mkdtemp(prefix="mqcalc-test-cache-"))
        os.environ[RUN_CACHE] = MADE_HERE[0]
    os.environ["XDG_CACHE_HOME"] = os.environ[RUN_CACHE]


def pytest_unconfigure(config) -> None:
    """The run's cache folder goes with the process that made it."""
    for made in MADE_HERE:
        shutil.rmtree(made, ignore_errors=True)


def pytest_report_header(config) -> str:
    """Where the run looked for IBM's texts, and whether it found them."""
    return f"IBM's texts: {TEXTS}" if texts_found() else MISSING_TEXTS


def pytest_collection_modifyitems(config, items) -> None:
    """Without the texts (and not under CI), the tests that read them are skipped, each with
    the one reason line naming the setting; every other test runs."""
    if texts_found():
        return
    skip = pytest.mark.skip(reason=MISSING_TEXTS)
    for item in items:
        if item.get_closest_marker("ibm_texts"):
            item.add_marker(skip)


def cited_document(file: str) -> Path:
    """The document a citation names: a seed, or one of the further reports."""
    found = [folder / file for folder in (SEEDS, SOURCES) if (folder / file).is_file()]
    assert found, f"cited document {file} is in neither {SEEDS} nor {SOURCES}"
    return found[0]


def printed_pages(path: Path) -> dict[int, str]:
    """The text of each page of one of IBM's reports by the number printed on it. Each page
    ends with its printed footer ("... Page N") and a form feed, so a passage is on the page
    whose footer follows it; a page without a numbered footer (a cover) is left out."""
    found = {}
    for page in path.read_text(encoding="utf-8").split("\f"):
        lines = page.strip().splitlines()
        numbers = re.findall(r"Page\s+(\d+)", lines[-1]) if lines else []
        if numbers:
            found[int(numbers[-1])] = page
    return found


CALCULATORS = calc.catalogue()
CALCULATOR_IDS = [c.id for c in CALCULATORS]

gc.set_threshold(10_000, 10, 10)
"""The garbage collector looks at the newest objects every 10,000 allocations, not 700. Each
terminal-calculator test leaves its app (a few hundred thousand objects) behind, and the
collector searched that growing heap again and again: with Python's 700, the run without
LibreOffice took 91 s and 170 s of CPU; with 10,000, 81 s and 149 s (-n 3, 2026-11-23,
two runs each). What is checked is unchanged; only when the collector runs."""

settings.register_profile("ci", deadline=None)
"""Hypothesis's own example counts (100 a test unless the test says); no deadline, because
a time limit on a shared or loaded machine fails at random and checks nothing (timing goals
live in the benchmark). HYPOTHESIS_PROFILE=default gives Hypothesis's own settings back."""
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: a worker per core the run may use, and one more. The terminal
    calculator's tests spend about a third of their time waiting for the app to go idle and
    the LibreOffice tests wait for LibreOffice, so a spare worker keeps both cores busy."""
    return len(os.sched_getaffinity(0)) + 1


@pytest.fixture
def forking(monkeypatch) -> None:
    """:mod:`calc.files.forked` forks in this test, whatever the machine: two cores to run on (a
    fork works on one too, only slower). It also needs this worker to run no other thread:
    a test that leaves one running (tqdm's monitor did) fails here, by name, rather than
    quietly keeping every later build in one process."""
    import threading

    from calc.files import forked

    assert sys.platform.startswith("linux"), "calc.files.forked forks on Linux only"
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    assert forked.can_fork(), f"another thread runs: {threading.enumerate()}"


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


@pytest.fixture(autouse=True)
def own_settings(tmp_path_factory, monkeypatch):
    """Each test reads and writes the terminal calculator's settings (tui.settings) in a
    folder of its own, never the user's: a theme saved there would change the snapshots."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
