"""The one-page report (:mod:`calc.inputs.one_page`) as Markdown; as HTML made from that
Markdown by markdown-it-py (CommonMark with tables) in a page styled to print on one or two
A4 sheets; and as that page laid out as a PDF by WeasyPrint (the ``pdf`` extra)."""
from __future__ import annotations

from html import escape

from calc.core.errors import MqcalcError
from calc.core.formatting import likely_range, never_zero, signed
from calc.core.version import version
from calc.engine.evidence import LETTERS
from calc.inputs.one_page import Figure, OnePage, Row
from calc.inputs.plan_run import TOTAL
from calc.inputs.runway import month_label

NOT_KNOWN = "not known"
"""A figure the page cannot give (MSU without an MSU per processor)."""
NOT_CROSSED = "–"
"""A variant that does not cross a limit within the runway."""


def shown(value: Figure | None, decimals: int, sign: bool = False) -> str:
    """Likely (low–high) for a reader, or :data:`NOT_KNOWN`."""
    if value is None:
        return NOT_KNOWN
    return likely_range(value.low, value.likely, value.high, decimals, sign)


def _cell(text: str) -> str:
    """Text safe in a Markdown table's cell."""
    return text.replace("|", "\\|")


def _table_row(row: Row) -> str:
    cells = [f"{row.title}, {row.unit}",
             *(shown(v, row.decimals) for v in row.values),
             *(shown(c, row.decimals, True) for c in row.changes)]
    return "| " + " | ".join(map(_cell, cells)) + " |"


def _in_short(page: OnePage) -> list[str]:
    """A sentence for each later variant: its CPU and change, share against target, and
    the soonest limit the runway finds."""
    rows = {row.key: row for row in page.rows}
    total, share, msu, cost = (rows.get(key) for key in (TOTAL, "lpar_busy_pct", "msu", "cost"))
    sentences = []
    for number, name in enumerate(page.variants[1:]):
        said = (f"**{name}**: MQ's CPU {shown(total.values[number + 1], total.decimals)} "
                f"{total.unit}, {shown(total.changes[number], total.decimals, True)} from "
                f"{page.variants[0]}; {shown(share.values[number + 1], share.decimals)} "
                f"{share.unit}")
        if msu.changes[number] is not None:
            said += f"; {shown(msu.changes[number], msu.decimals, True)} MSU at this load"
            if cost is not None:
                said += (f", {shown(cost.changes[number], cost.decimals, True)} a month at "
                         f"{page.msu_price:g} an MSU")
        if "r4ha_msu" in rows and rows["r4ha_msu"].changes[number] is not None:
            said += (f"; the peak four-hour average of {page.measured.lpar} (SMF) "
                     f"{shown(rows['r4ha_msu'].changes[number], 1, True)} MSU")
            if "r4ha_cost" in rows and rows["r4ha_cost"].changes[number] is not None:
                said += (f", {shown(rows['r4ha_cost'].changes[number], 0, True)} a month")
        said += "."
        crossed = [(limit, limit.when[number + 1]) for limit in page.limits
                   if limit.when[number + 1] and limit.kind == "beyond_limit"]
        if crossed:
            limit, when = min(crossed, key=lambda pair: (pair[1] != "now", pair[1]))
            said += (f" First limit: {limit.source}, {when}: {limit.text}")
        elif page.runway.growth_pct:
            said += (" No declared limit is crossed by "
                     f"{month_label(page.runway.start, page.runway.months)}.")
        sentences.append(said)
    return sentences


def _measured(page: OnePage) -> str:
    """What the rows of the LPAR's rolling four-hour average are, where SMF data gave them."""
    found = page.measured
    if found is None:
        return ""
    return (f" The {found.lpar} rows are what the monthly bill follows: the peak rolling "
            f"four-hour average of MQ's CPU that SMF measured on the LPAR ("
            f"{', '.join(found.qmgrs)}; {found.hours:.1f} hours of data): the channel "
            "initiator's tasks and the applications' MQ calls, not the queue manager's own, "
            f"which SMF's MQ records do not hold. After a variant, {found.qmgr}'s measured CPU "
            "carries the plan's change, scaled interval by interval with it against "
            f"{found.at_load_from} (a generic scaling).")


def markdown(page: OnePage) -> str:
    """The page as Markdown."""
    names = page.variants
    lines = [f"# MQ for z/OS capacity: {' against '.join(names)}", "",
             f"Plan `{page.plan}`, reported {page.made.isoformat()} by mqzcalc {version()}. "
             "A figure reads likely (low–high): the range comes from where IBM's reports "
             "disagree or give a range, and from any input given as a range (see What the "
             "figures rest on, and Assumptions and sources).", "",
             "## In short", "", *(f"- {sentence}" for sentence in _in_short(page)), "",
             "## The figures", "",
             "| | " + " | ".join(names) + " | "
             + " | ".join(f"change, {name}" for name in names[1:]) + " |",
             "|:--|" + "--:|" * (2 * len(names) - 1),
             *(_table_row(row) for row in page.rows), "",
             "MSU here is at the plan's load, as if it held for four hours: the monthly bill is "
             "set by the peak rolling four-hour average, which is no higher where the plan's "
             "load is the peak's. The CPU is what the calculators count for MQ (and what the "
             "plan measured, with the changes added), not the applications' own CPU outside "
             "MQ." + (" Money is MSU times one price; IBM's prices fall in tiers, so give the "
                      "price of your next MSU." if page.msu_price is not None else "")
             + _measured(page), "",
             "## What drives the change", ""]
    for number, driver in enumerate(page.drivers, start=1):
        share = "" if driver.share_pct is None else f", {driver.share_pct:.0f}% of the change"
        lines.append(f"{number}. **{driver.calculator}: {driver.output}** "
                     f"({driver.address_space}, {driver.variant}): "
                     f"{signed(never_zero(driver.change, 4))} CPU s/s{share}")
    lines += ["", "## Limits and when they are crossed", ""]
    runway = page.runway
    if runway.growth_pct or runway.months:
        lines.append(f"At {runway.growth_pct:g}% growth a year, compounded, from "
                     f"{month_label(runway.start, 0)}, checked month by month to "
                     f"{month_label(runway.start, runway.months)}"
                     + (f"; stopped early: {runway.stopped}" if runway.stopped else "") + ".")
    else:
        lines.append("As planned, without growth (give a growth rate for the runway).")
    if page.limits:
        lines += ["", "| limit | " + " | ".join(names) + " |",
                  "|:--|" + ":-:|" * len(names),
                  *("| " + _cell(f"{LETTERS[limit.kind]} {limit.source}: {limit.text}")
                    + " | " + " | ".join(when or NOT_CROSSED for when in limit.when) + " |"
                    for limit in page.limits)]
    else:
        lines += ["", "No declared limit is crossed."]
    lines += ["", "## What the figures rest on", ""]
    for ground in page.grounds:
        mark = f"{LETTERS[ground.mark]} " if ground.mark in LETTERS else ""
        lines.append(f"- **{mark}{ground.meaning}**: {'; '.join(ground.figures)}")
    lines += ["", "## Assumptions and sources", ""]
    lines += [f"- {source.what} *({source.where})*" for source in page.sources]
    return "\n".join(lines) + "\n"


STYLE = """
@page { size: A4; margin: 10mm 12mm; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 8.5pt;
       line-height: 1.3; color: #111; }
h1 { font-size: 13pt; margin: 0 0 4pt 0; }
h2 { font-size: 10pt; margin: 8pt 0 3pt 0; border-bottom: 0.5pt solid #888; }
p, ul, ol { margin: 2pt 0; }
li { margin: 1pt 0; }
table { border-collapse: collapse; margin: 3pt 0; }
th, td { border: 0.5pt solid #999; padding: 1.5pt 4pt; vertical-align: top; }
th { background: #e8e8e8; }
td[style*="right"], td[style*="center"] { white-space: nowrap; }
table + p { font-size: 7.5pt; color: #333; }
code { font-size: 8pt; }
"""


def html(page: OnePage) -> str:
    """The page as a standalone HTML document, for a browser or for printing."""
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark").enable("table").render(markdown(page))
    title = escape(f"MQ for z/OS capacity: {' against '.join(page.variants)}")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}"
            "</body>\n</html>\n")



PDF_NEEDS = ("writing a PDF needs WeasyPrint and the Pango library (pip install "
             "'mqzcalc[pdf]'); or write FILE.html and print it from a browser")


def pdf(page: OnePage) -> bytes:
    """The page's HTML laid out on A4 as a PDF; one line, exit 2, where WeasyPrint or the
    Pango library it needs is missing."""
    import logging

    try:
        from weasyprint import HTML
    except (ImportError, OSError):  # OSError: WeasyPrint installed, Pango not
        raise MqcalcError(f"report: {PDF_NEEDS}") from None
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # its notes on CSS it skips
    return HTML(string=html(page)).write_pdf()
