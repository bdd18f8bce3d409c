"""connect.yaml changed on purpose, to see a template's mistake refused (tests/template/test_templates.py,
tests/template/test_numbers.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from tests.conftest import REPO

CONNECT = yaml.safe_load((REPO / "templates" / "connect.yaml").read_text())
"""connect's template as it is."""
PARTS = REPO / "templates" / "parts"
"""The parts the templates include."""


def connect_changed(tmp_path: Path, change) -> Path:
    """connect.yaml changed by ``change``, written to ``tmp_path`` beside the parts it
    includes."""
    document = yaml.safe_load(yaml.safe_dump(CONNECT))
    change(document)
    shutil.copytree(PARTS, tmp_path / "parts", dirs_exist_ok=True)
    path = tmp_path / "connect.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False))
    return path


def setting(path: list, value):
    """A change for :func:`connect_changed`: the key at ``path`` set to ``value``."""
    def change(document):
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change
