"""The example plan files mqzcalc ships (the repository's ``examples/``, installed as the
package ``calc.examples``): their names and what each shows, one's file to evaluate, and its
text to copy out as the start of a planner's own plan (``mqcalc plan --example NAME``)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from pathlib import Path

from calc import examples
from calc.core.errors import MqcalcError

SUFFIX = ".yaml"


@cache
def example_names() -> tuple[str, ...]:
    """The examples' names (their file names without ``.yaml``), sorted; the folder is
    listed once a run."""
    return tuple(sorted(entry.name.removesuffix(SUFFIX)
                        for entry in resources.files(examples).iterdir()
                        if entry.name.endswith(SUFFIX)))


def example_text(name: str) -> str:
    """The example ``name``'s file as written; an unknown name is a one-line MqcalcError naming
    the examples there are."""
    return _entry(name).read_text(encoding="utf-8")


def example_summary(name: str) -> str:
    """What the example shows: the sentence its file opens with, after ``# mqcalc plan:``,
    up to the indented command lines that follow it."""
    lines = []
    for line in example_text(name).splitlines():
        if not line.startswith("# ") or line.startswith("#  "):
            break
        lines.append(line.removeprefix("# "))
    return " ".join(lines).removeprefix("mqcalc plan:").strip()


@contextmanager
def example_file(name: str) -> Iterator[Path]:
    """The example ``name`` as a file to read (a temporary copy while mqcalc runs from a
    zip)."""
    with resources.as_file(_entry(name)) as path:
        yield path


def _entry(name: str):
    if name not in example_names():
        raise MqcalcError(f"--example: no example plan named {name!r}; accepts one of "
                         f"{', '.join(example_names())}")
    return resources.files(examples) / f"{name}{SUFFIX}"
