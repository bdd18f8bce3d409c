"""Output a stream cannot encode (issue 38): with ``PYTHONIOENCODING=latin-1``, or the C
locale without Python's UTF-8 mode (ASCII), every command wrote a traceback
(``UnicodeEncodeError``) at its first ``µs`` or rule. Now it writes a stand-in, and JSON
keeps every character as an escape, so the document read back is the one UTF-8 gives."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from calc.files.streams import STAND_INS
from tests.conftest import REPO

NARROW = {"latin-1": {"PYTHONIOENCODING": "latin-1"},
          "ascii (C locale)": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0",
                               "PYTHONIOENCODING": ""}}
COMMANDS = [["eval", "connect"], ["list"], ["plan", "examples/z16_encryption_ams.yaml"],
            ["smf", "tests/fixtures/smf/raw"], ["eval", "adapters", "--json"],
            ["list", "--json"], ["plan", "examples/z16_encryption_ams.yaml", "--json"],
            ["smf", "tests/fixtures/smf/raw", "--json"]]


def run(arguments: list[str], environment: dict) -> subprocess.CompletedProcess:
    env = {**os.environ, **environment}
    return subprocess.run([sys.executable, "-m", "calc", *arguments], capture_output=True,
                          cwd=REPO, env=env, timeout=120)


@pytest.mark.parametrize("stream", NARROW)
@pytest.mark.parametrize("arguments", COMMANDS, ids=" ".join)
def test_every_command_writes_what_a_narrow_stream_carries(stream, arguments):
    narrow = run(arguments, NARROW[stream])
    assert narrow.returncode == 0 and b"Traceback" not in narrow.stderr, narrow.stderr
    wide = run(arguments, {"PYTHONIOENCODING": "utf-8"})
    encoding = "latin-1" if stream == "latin-1" else "ascii"
    if "--json" in arguments:
        assert json.loads(narrow.stdout.decode(encoding)) == json.loads(wide.stdout)
        return
    expected = wide.stdout.decode("utf-8")
    for character in set(expected):
        try:
            character.encode(encoding)
        except UnicodeEncodeError:
            expected = expected.replace(character, STAND_INS.get(character, "?"))
    assert narrow.stdout.decode(encoding) == expected


def test_a_refusal_on_a_narrow_stream_is_still_one_line():
    narrow = run(["eval", "connect", "sharecnv=9µ"], NARROW["ascii (C locale)"])
    assert narrow.returncode == 2
    [line] = narrow.stderr.decode("ascii").splitlines()
    assert line.startswith("mqcalc: connect: input sharecnv=")
