"""Every door through which mqcalc reads a file a user names refuses what is not a regular
file, and a file larger than its bound, in one line with exit status 2: a FIFO would block
the read forever and ``/dev/zero`` never ends. The bounds themselves are the reading
module's; each door is driven through the command line as a user types it."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from calc.files import reading
from tests.conftest import REPO

DOORS = {
    "scenario": ["eval", "--scenario"],
    "report": ["eval", "pageset_encryption", "--pset-report"],
    "workbook": ["eval", "--from-workbook"],
    "plan": ["plan"],
    "plan workbook": ["build", "--out", "never-written", "--plan"],  # read before any write
    "tui plan": ["tui", "--plan"],
}
"""Each file door and the command line that opens the file named after it."""


def mqcalc(*arguments: str, timeout: float = 20) -> subprocess.CompletedProcess:
    """Run mqcalc in a fresh process, as a user's shell does (a hang fails by timeout)."""
    return subprocess.run([sys.executable, "-m", "calc", *arguments], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("door", DOORS)
def test_a_fifo_is_refused_without_waiting_for_a_writer(door, fifo):
    finished = mqcalc(*DOORS[door], str(fifo))
    assert finished.returncode == 2, finished.stderr
    assert finished.stderr.count("\n") == 1
    assert f"{fifo}: is a FIFO (named pipe), not a regular file" in finished.stderr


@pytest.mark.parametrize("door", DOORS)
def test_a_device_that_never_ends_is_refused(door):
    finished = mqcalc(*DOORS[door], "/dev/zero")
    assert finished.returncode == 2, finished.stderr
    assert "/dev/zero: is a character device, not a regular file" in finished.stderr


@pytest.mark.parametrize("door", DOORS)
def test_a_folder_is_refused(door, tmp_path):
    finished = mqcalc(*DOORS[door], str(tmp_path))
    assert finished.returncode == 2, finished.stderr
    assert f"{tmp_path}: is a folder, not a regular file" in finished.stderr


def test_a_file_past_the_bound_is_read_no_further(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    with pytest.raises(reading.NotReadable, match="larger than 100 bytes"):
        reading.read_bytes(path, 100)
    assert reading.read_bytes(path, 101) == b"x" * 101


def test_a_symlink_to_a_regular_file_is_read(tmp_path):
    target = tmp_path / "target"
    target.write_bytes(b"mqcalc")
    (tmp_path / "link").symlink_to(target)
    assert reading.read_bytes(tmp_path / "link", 10) == b"mqcalc"


@pytest.mark.parametrize(("size", "words"), [(1 << 20, "1 MB"), (64 << 10, "64 KB"),
                                              (100, "100 bytes"), ((1 << 20) + 1, "1048577 bytes")])
def test_a_bound_is_worded_as_people_read_it(size, words):
    assert reading.describe_size(size) == words


SMF_FILE = "SMF-QJST.csv"
"""``mqcalc smf DIR`` opens the files inside the folder it is given: its door is each file
there, so the FIFO, device and folder are put in a folder under a name the import reads."""


@pytest.mark.parametrize(("make", "reason"), [
    (os.mkfifo, "is a FIFO (named pipe), not a regular file"),
    (lambda path: path.symlink_to("/dev/zero"), "is a character device, not a regular file"),
    (os.mkdir, "is a folder, not a regular file")])
def test_the_smf_door_refuses_what_is_not_a_regular_file(make, reason, tmp_path):
    make(tmp_path / SMF_FILE)
    finished = mqcalc("smf", str(tmp_path))
    assert finished.returncode == 2, finished.stderr
    assert finished.stderr == f"mqcalc: smf {tmp_path / SMF_FILE}: {reason} (expects a file)\n"


def test_the_smf_door_reads_no_further_than_its_bound(tmp_path, monkeypatch):
    from calc.inputs.smf import tables

    monkeypatch.setattr(tables, "SIZE_LIMIT", 100)
    (tmp_path / SMF_FILE).write_bytes(b"Date,Time,LPAR,QMgr," + b"x" * 100)
    with pytest.raises(tables.SmfError, match="is larger than 100 bytes"):
        tables.read_table(tmp_path / SMF_FILE)


@pytest.mark.parametrize("arguments", [
    ["eval", "pageset_encryption", "--pset-report", ""], ["build", "--out", "", "--force"],
    ["sweep", "connect", "--vary", "sharecnv=0,1", "--out", ""], ["plan", ""],
    ["eval", "--scenario", ""], ["smf", ""]], ids=" ".join)
def test_an_empty_path_is_refused_before_anything_is_read_or_written(arguments, tmp_path):
    """Issue 38: ``--pset-report ''`` said "`.`: is a folder" and ``build --out ''`` wrote
    every workbook into the current folder. Every path option refuses the empty path."""
    completed = subprocess.run([sys.executable, "-m", "calc", *arguments], cwd=tmp_path,
                               env={**os.environ, "PYTHONPATH": str(REPO)},
                               capture_output=True, text=True, timeout=60)
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr.endswith("an empty path names no file or folder (see mqcalc "
                                     "--help)\n"), completed.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_file_read_line_by_line_is_refused_by_its_size_before_a_line_is_read(tmp_path):
    large = tmp_path / "large.csv"
    with large.open("wb") as handle:
        handle.truncate(1000)  # sparse
    taken = []
    with pytest.raises(reading.NotReadable, match="is larger than 100 bytes"):
        reading.read_lines(large, 100, lambda lines: taken.extend(lines))
    assert taken == []
    small = tmp_path / "small.csv"
    small.write_bytes(b"a\r\nb\n")
    assert reading.read_lines(small, 100, list) == [b"a\r\n", b"b\n"]
