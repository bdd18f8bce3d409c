"""The command prints what it printed when the recording was made (tests/cli_recording.py):
help, output and refusals, word for word, with the same exit statuses."""
from __future__ import annotations

import pytest

from tests.cli_recording import COMMANDS, recorded, run


def test_the_recording_holds_every_command():
    assert list(recorded()) == [" ".join(arguments) for arguments in COMMANDS]


@pytest.mark.parametrize("arguments", COMMANDS, ids=" ".join)
def test_the_command_prints_what_was_recorded(arguments):
    assert run(arguments) == recorded()[" ".join(arguments)]
