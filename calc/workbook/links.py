"""Links between the workbook's sheets."""
from __future__ import annotations


def link_to(reference: str) -> str:
    """An in-workbook hyperlink target for ``reference``: a sheet name (its top left cell)
    or a defined name's reference such as ``adapters!$B$8`` or ``adapters!$B$8:$D$9`` (its
    first cell)."""
    sheet, _, cells = reference.partition("!")
    first = cells.split(":")[0].replace("$", "") or "A1"
    return f"internal:'{sheet}'!{first}"
