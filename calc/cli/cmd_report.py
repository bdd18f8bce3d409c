"""``mqcalc report PLAN``: the plan's one-page report (:mod:`calc.inputs.one_page`), as
Markdown on standard output, or written to a Markdown, HTML or PDF file whole or not at
all."""
from __future__ import annotations

import sys
from datetime import date

from calc.cli.report_markdown import html, markdown, pdf
from calc.core.errors import MqcalcError
from calc.core.terminal_text import printable
from calc.files.writing import replace_atomically
from calc.inputs.one_page import one_page
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import PlanResult, evaluate_plan
from calc.inputs.runway import YEARS, crossed_now, runway
from calc.inputs.smf.plan_change import After, laid_over, today_of
from calc.inputs.smf.rolling import Rolling

WRITERS = {".md": markdown, ".html": html, ".pdf": pdf}
"""What each kind of file the report is written to holds, by its name's ending."""


def run(arguments) -> int:
    """``mqcalc report PLAN [--out FILE.md|.html|.pdf] [--msu-price AMOUNT] [--growth PCT
    [--start DATE] [--years N]]``."""
    out = arguments.out
    if out is not None and out.suffix.lower() not in WRITERS:
        raise MqcalcError(f"report --out {out}: writes FILE.md (Markdown), FILE.html or "
                          "FILE.pdf")
    if arguments.growth is None and arguments.years:
        raise MqcalcError("report: --years goes with --growth PCT (the runway)")
    if (arguments.smf is None) != (arguments.qmgr is None) or (
            arguments.lpars is not None and arguments.smf is None):
        raise MqcalcError("report: --smf DIR|STORE and --qmgr NAME go together (the SMF data "
                          "and the plan's queue manager in it), and --lpars with them")
    plan = load_plan(arguments.file)
    start = arguments.start or date.today()
    ahead = (runway(plan, arguments.growth, start, arguments.years or YEARS)
             if arguments.growth is not None else crossed_now(plan, start))
    result = evaluate_plan(plan)
    smf = None if arguments.smf is None else measured(result, arguments)
    page = one_page(result, str(arguments.file), ahead, start, arguments.msu_price, smf)
    if out is None:
        print(markdown(page), end="")
        return 0
    made = WRITERS[out.suffix.lower()](page)
    data = made.encode("utf-8") if isinstance(made, str) else made
    replace_atomically(out, lambda temporary: temporary.write_bytes(data))
    print(printable(f"mqcalc: wrote {out}, the report of {arguments.file}"), file=sys.stderr)
    return 0


def measured(result: PlanResult, arguments) -> tuple[After, Rolling, float | None]:
    """The plan laid over its queue manager's series in ``--smf``, the LPAR's rolling
    average as measured (every queue manager of the LPAR), and the LPAR's MSU per
    processor (``--lpars``', else the plan's; None where neither gives one)."""
    from calc.cli.smf_series import read_series

    found = read_series(arguments.smf, None)
    after = laid_over(result, str(arguments.file), found, arguments.qmgr,
                      f"report --smf {arguments.smf}")
    today = today_of(after, found)
    msu_per_cp = after.msu_per_cp
    if arguments.lpars is not None:
        from calc.inputs.smf.lpars import msu_per_cp as rated

        msu_per_cp = rated(arguments.lpars).get(today.lpar, 0)
    return after, today, msu_per_cp or None
