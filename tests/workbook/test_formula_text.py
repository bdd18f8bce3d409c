"""Text a spreadsheet would take for a formula (starting ``=``, ``+``, ``-`` or ``@``) stays
text in every workbook cell it reaches: a template whose title, summary, unit and choice
values start so builds a workbook in which each of them reads back as the same string."""
from __future__ import annotations

import re

import openpyxl
import pytest

from calc import engine
from calc.workbook import build_all
from tests.conftest import REPO

HOSTILE = {"shared": "=shared", "local": "@local"}
"""Choice values of the connect template, renamed everywhere they are values or keys."""
TEXTS = {"title: Client connect cost (MQCONNX + MQDISC)": 'title: "-Client connect cost"',
         "summary: CPU for": "summary: +CPU for", "unit: conversations": "unit: =conversations"}


def hostile_template(text: str) -> str:
    """The connect template with its choices, title, summary and a unit made formula-like."""
    for word, hostile in HOSTILE.items():
        text = text.replace(f"'{word}'", f"'{hostile}'")  # in formulas and note conditions
        text = re.sub(rf"(?<=[{{\[ ]){word}(?=[:,}}\]]|$)", f'"{hostile}"', text, flags=re.M)
    for plain, hostile in TEXTS.items():
        assert plain in text
        text = text.replace(plain, hostile, 1)
    return text


@pytest.fixture
def hostile_calculators(tmp_path, monkeypatch):
    """The engine reading only the hostile connect template, for the test's duration."""
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "connect.yaml").write_text(
        hostile_template((REPO / "templates" / "connect.yaml").read_text(encoding="utf-8")),
        encoding="utf-8")
    monkeypatch.setenv("MQZCALC_TEMPLATES", str(folder))
    engine.forget_templates()
    yield engine.catalogue()
    monkeypatch.undo()
    engine.forget_templates()


def test_formula_like_texts_are_written_as_strings(hostile_calculators, tmp_path):
    wanted = {*HOSTILE.values(), "-Client connect cost", "=conversations"}
    for path in build_all(hostile_calculators, tmp_path / "built"):
        found = {}
        for sheet in openpyxl.load_workbook(path).worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.value in wanted or (isinstance(cell.value, str)
                                                and cell.value.startswith("+CPU for")):
                        found.setdefault(cell.value[:8], set()).add(cell.data_type)
        assert found == {"=shared": {"s"}, "@local": {"s"}, "-Client ": {"s"},
                         "=convers": {"s"}, "+CPU for": {"s"}}, (path, found)
