"""The registry of cited documents is data beside the templates (issue 38): a team's own
templates (``MQZCALC_TEMPLATES``) cite their own documents by listing them in their own
``documents.yaml``; before, ``build``, a sweep to a workbook and the terminal's export died
with KeyError in calc/template/documents.py for any file but IBM's."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile

import openpyxl
import pytest

from calc import engine
from calc.template.documents import cited_files, registry
from tests.conftest import REPO

OURS = """documents:
  our_capacity_study.txt:
    title: Our own capacity study of client connects
    date: 2 March 2026
    author: The MQ team
    publisher: Example Bank
"""


def team_folder(tmp_path, documents: str | None) -> os.PathLike:
    """A team's templates folder: IBM's connect template citing the team's own study for
    its source, and (unless ``documents`` is None) the team's registry."""
    folder = tmp_path / "ours"
    folder.mkdir()
    text = (REPO / "templates" / "connect.yaml").read_text(encoding="utf-8")
    source = text.index("\nsource:\n")
    end = text.index("\n", text.index("passage:", source))
    (folder / "connect.yaml").write_text(
        text[:source] + "\nsource:\n  file: our_capacity_study.txt\n  passage: section 2, "
        "the connect costs we measured" + text[end:], encoding="utf-8")
    if documents is not None:
        (folder / "documents.yaml").write_text(documents, encoding="utf-8")
    return folder


def mqcalc(folder, *arguments) -> subprocess.CompletedProcess:
    env = {**os.environ, "MQZCALC_TEMPLATES": str(folder)}
    return subprocess.run([sys.executable, "-m", "calc", *map(str, arguments)], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=120)


def test_a_teams_templates_cite_their_own_documents_in_every_workbook(tmp_path):
    folder = team_folder(tmp_path, OURS)
    built = mqcalc(folder, "build", "--out", tmp_path / "books")
    assert built.returncode == 0, built.stderr
    sheet = openpyxl.load_workbook(tmp_path / "books" / "connect.xlsx")["Sources"]
    texts = [str(cell.value) for row in sheet.iter_rows() for cell in row if cell.value]
    assert "our_capacity_study.txt" in texts
    assert ("Our own capacity study of client connects (The MQ team, Example Bank, 2 March "
            "2026)") in texts
    # IBM's documents still name the figures of the shared machine part
    assert any("IBM MQ for z/OS on z15 Performance" in text for text in texts)
    swept = mqcalc(folder, "sweep", "connect", "--vary", "sharecnv=0,1", "--out",
                   tmp_path / "sweep.xlsx")
    assert swept.returncode == 0, swept.stderr
    assert zipfile.is_zipfile(tmp_path / "sweep.xlsx")


def test_a_document_no_registry_lists_is_refused_in_one_line(tmp_path):
    folder = team_folder(tmp_path, None)
    refused = mqcalc(folder, "eval", "connect")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == (
        "mqcalc: connect.yaml: (citations): cites our_capacity_study.txt, which no "
        f"documents.yaml lists (add each, with its title and date, to "
        f"{folder / 'documents.yaml'})\n")


@pytest.mark.parametrize(("written", "said"), [
    ("documents:\n  our_capacity_study.txt: {date: null}\n",
     "documents.yaml: line 2: documents.our_capacity_study.txt.title: is required"),
    ("documents:\n  our_capacity_study.txt: {title: T, date: null, pages: 3}\n",
     "documents.yaml: line 2: documents.our_capacity_study.txt.pages: unknown key"),
    ("documents: [a, b]\n", "documents.yaml: line 1: documents: must be a mapping")])
def test_a_broken_registry_is_refused_naming_its_line_and_key(tmp_path, written, said):
    refused = mqcalc(team_folder(tmp_path, written), "eval", "connect")
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"mqcalc: {said}"), refused.stderr


def test_the_installed_registry_lists_every_document_the_templates_cite():
    engine.forget_templates()
    assert engine.catalogue()  # every template loads: each cited file is listed
    assert set(registry()) == cited_files(engine.catalogue())  # and only those
    assert registry()["mqperf_MQ_for_zOS_on_z16.txt"].reference() == (
        "IBM MQ for z/OS on z16 Performance, version 1.0 (Tony Sharkey, IBM, September 2022)")
