"""How a value read back from a workbook is found and compared with the engine's."""
from __future__ import annotations

import pytest


def agrees(expected, found, rel: float = 1e-9) -> bool:
    """Numbers within ``rel``; booleans exactly (a spreadsheet may hand back 1 or 0); texts
    exactly (an empty result may come back as no value at all)."""
    if isinstance(expected, bool):
        return found in (expected, int(expected))
    if isinstance(expected, str):
        return (found or "") == expected
    return found == pytest.approx(expected, rel=rel, abs=rel)


def named_cell(sheet, name: str):
    """The cell a sheet-local defined name points at."""
    return sheet[sheet.defined_names[name].attr_text.split("!")[1].replace("$", "")]
