"""The machine each LPAR runs on, given once for SMF data (``mqcalc smf --lpars FILE``):
SMF records name the LPAR, not the machine, and every calculator of an LPAR's queue
managers must be costed on that one machine.

The format, version 1::

    mqcalc_lpars: 1
    lpars:                      # LPAR name (as SMF writes it) -> its machine, every input
      MV4A: {machine: z16, workload_rni: average, processors: 8, msu_per_cp: 150,
             target_share_pct: 80}

Each LPAR's inputs are checked as a plan's machine is (:func:`calc.inputs.plan.checked_machine`),
and every one is required: a plan of two LPARs holds each whole (an input one LPAR left to
its default would otherwise be read as the other's in the plan file). Every refusal is one
line naming the file's line: ``lpars FILE: line N: ...``.
"""
from __future__ import annotations

from pathlib import Path

from calc.inputs.file_inputs import ScenarioError, at_line, read_document
from calc.inputs.plan import checked_machine, machine_inputs

VERSION_KEY, SCHEMA_VERSION = "mqcalc_lpars", 1
KEYS = {VERSION_KEY, "lpars"}


def load_lpars(path: Path) -> dict[str, dict]:
    """Each LPAR the file ``path`` names (upper case, as SMF writes it) -> its machine
    inputs, checked and typed."""
    where = f"lpars {path}"
    source = read_document(where, path)
    document = source.data
    if not isinstance(document, dict) or document.get(VERSION_KEY) != SCHEMA_VERSION:
        raise ScenarioError(at_line(where, source.line("")), f"expects {VERSION_KEY}: "
                            f"{SCHEMA_VERSION} and lpars: a mapping of LPAR to machine inputs")
    unknown = sorted(str(key) for key in document if key not in KEYS)
    if unknown:
        raise ScenarioError(at_line(where, source.line(unknown[0])),
                            f"{unknown[0]!r} is not a key of an LPAR file (known: lpars)")
    lpars = document.get("lpars")
    if not isinstance(lpars, dict) or not lpars:
        raise ScenarioError(at_line(where, source.line("lpars")),
                            "lpars: expects a mapping of LPAR name to machine inputs")
    found: dict[str, dict] = {}
    for name, machine in lpars.items():
        lpar = str(name).strip().upper()
        if lpar in found:
            raise ScenarioError(at_line(where, source.line(f"lpars.{name}")),
                                f"lpars: {name!r} is named twice")
        found[lpar] = checked_machine(where, source, machine, f"lpars.{name}")
        missing = [spec for spec in machine_inputs() if spec not in found[lpar]]
        if missing:
            raise ScenarioError(at_line(where, source.line(f"lpars.{name}")),
                                f"lpars: {name} gives no {', '.join(missing)} (an LPAR's "
                                f"machine is given whole: {', '.join(machine_inputs())})")
    return found


def msu_per_cp(path: Path) -> dict[str, float]:
    """Each LPAR the file ``path`` names -> its MSU per processor (0 where not rated), for
    its rolling four-hour average in MSU."""
    return {lpar: machine["msu_per_cp"] for lpar, machine in load_lpars(path).items()}
