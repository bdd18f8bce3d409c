"""``mqcalc build [--plan FILE]``: every calculator's workbook and the combined one, or a
plan's workbook."""
from __future__ import annotations

from calc import engine
from calc.core.terminal_text import printable
from calc.inputs.plan import load_plan
from calc.workbook import build_all
from calc.workbook.plan_book import build_plan


def run(arguments) -> int:
    """Write the workbooks and name each one written."""
    if arguments.plan is not None:
        paths = [build_plan(load_plan(arguments.plan), arguments.plan, arguments.out,
                            force=arguments.force)]
    else:
        paths = build_all(engine.catalogue(), arguments.out, force=arguments.force)
    for path in paths:
        print(f"wrote {printable(str(path))}")
    return 0
