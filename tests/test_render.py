"""scripts/render_workbooks.py, the way to look at a workbook as a reader would: it prints
every sheet through LibreOffice to PDF and every page to PNG, showing the stored results."""
from __future__ import annotations

import importlib.util
import subprocess

import pytest

import calc
from calc.formatting import format_value
from tests.conftest import REPO

SCRIPT = REPO / "scripts" / "render_workbooks.py"


def _script():
    spec = importlib.util.spec_from_file_location("render_workbooks", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.libreoffice
def test_every_page_becomes_a_picture_showing_the_stored_results(built, tmp_path):
    workbook = built / "connect.xlsx"
    pictures = _script().render([workbook], tmp_path, dpi=40)[workbook]
    pdf = tmp_path / "connect.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    pages = int(next(line.split()[-1] for line in info.stdout.splitlines()
                     if line.startswith("Pages:")))
    assert len(pictures) == pages >= 1
    for picture in pictures:
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    connect = calc.calculator("connect")
    cost = calc.evaluate("connect", {})["connect_cpu_us"]
    assert connect.title in text
    assert format_value(cost, connect.outputs["connect_cpu_us"].decimals) in text


def test_a_missing_workbook_is_refused(tmp_path, capsys):
    assert _script().main([str(tmp_path / "nope.xlsx"), "--out", str(tmp_path)]) == 2
    assert "no such workbook" in capsys.readouterr().err
