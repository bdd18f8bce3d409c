"""Where calculator templates live: the package ``calc.templates`` (the repository's
``templates/`` folder, installed inside ``calc`` by every kind of install: see
pyproject.toml), or the folder the ``MQZCALC_TEMPLATES`` environment variable names, a
team's own; and the files of such a folder that are data rather than calculators."""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from calc.core.errors import MqcalcError
from calc.files.traversable import Traversable
from calc.files.writing import reason

SMF_FEEDS_FILE = "smf_feeds.yaml"
"""Which SMF file and columns feed which calculator input (:mod:`calc.inputs.smf.feeds`)."""
DOCUMENTS_FILE = "documents.yaml"
"""The registry of cited documents (:mod:`calc.template.documents`)."""
DATA_FILES = (DOCUMENTS_FILE, SMF_FEEDS_FILE)
"""The files of a templates folder that are not calculators."""


def templates_dir() -> Path | Traversable:
    """Where the calculator templates live: the folder MQZCALC_TEMPLATES names, else the
    installed package's own (a folder, or a folder inside a wheel or zip)."""
    configured = os.environ.get("MQZCALC_TEMPLATES")
    if configured:
        return Path(configured)
    return installed_templates()


def parts_dir() -> Path | Traversable:
    """Where the parts templates include live (see :mod:`calc.template.parts_section`):
    ``parts/`` in :func:`templates_dir`, or the installed package's when a team's own folder
    has none."""
    own = templates_dir() / "parts"
    return own if own.is_dir() else installed_templates() / "parts"


def document_registries() -> list[Path | Traversable]:
    """The registries of cited documents (:mod:`calc.template.documents`): the installed templates',
    then a team's folder's when it has one."""
    return data_files(DOCUMENTS_FILE)


def data_files(name: str) -> list[Path | Traversable]:
    """A templates folder's file ``name`` that is data rather than a calculator (one of
    :data:`DATA_FILES`): the installed templates', then a team's folder's when it has one."""
    installed = installed_templates() / name
    own = templates_dir() / name
    return [installed, own] if own != installed and own.is_file() else [installed]


@cache
def installed_templates() -> Path | Traversable:
    """The installed package's templates: where they are does not change while a process
    runs (looked for once; each SMF interval's import asks)."""
    try:
        from calc import templates
    except ModuleNotFoundError:  # a checkout on sys.path but never installed
        raise MqcalcError("the calculator templates are not installed: install mqzcalc "
                          "(scripts/start.sh, or pip install .), or name a folder of "
                          "templates in MQZCALC_TEMPLATES") from None
    folder = Path(templates.__file__).parent
    if folder.is_dir():  # installed as files: a wheel unpacked, or an editable install
        return folder
    from importlib import resources  # only inside a zip: it would slow every start
    return resources.files(templates)


def template_files() -> list[Path | Traversable]:
    """Every ``*.yaml`` file of :func:`templates_dir` but its data files, by name: one
    calculator each. None found, or a folder that cannot be read, is an MqcalcError naming
    the folder."""
    folder = templates_dir()
    try:
        found = sorted((entry for entry in folder.iterdir()
                        if entry.name.endswith(".yaml") and entry.name not in DATA_FILES
                        and entry.is_file()),
                       key=lambda entry: entry.name)
    except OSError as error:
        raise MqcalcError(f"no calculator templates found in {folder}: {reason(error)}") \
            from None
    if not found:
        raise MqcalcError(f"no calculator templates found in {folder}")
    return found
