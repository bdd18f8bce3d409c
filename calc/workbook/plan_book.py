"""A plan's workbook (``mqcalc build --plan FILE``): the Report sheet (:mod:`.report_sheet`,
the one-page report) first, the Plan sheet (:mod:`.plan_sheet`) next, then one calculator
sheet per variant and calculator it uses, each written by
:class:`.calculator_sheet.CalculatorSheet` with the variant's inputs and named
``variant.calculator``, then the hidden table of the Plan sheet's figures for scripts
(:mod:`.values_table`) and the Sources sheet.

A calculator sheet of a plan reads its machine inputs from the variant's machine cells on
the Plan sheet, so a variant's machine is typed once. Its charts and what-if rows are left
out: they belong to one calculator's workbook, and their hidden sheets are named by the
calculator's id, which a plan repeats. Its stored results are the engine's, from
:func:`calc.inputs.plan_run.evaluate_plan`, the same figures ``mqcalc plan`` prints.
"""
from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path

from xlsxwriter.utility import quote_sheetname

from calc import engine
from calc.core.errors import MqcalcError
from calc.core.names import REPORT_SHEET
from calc.files.writing import existing, new_folder, replace_atomically
from calc.inputs.plan import MOST_WORKBOOK_VARIANTS, Plan, machine_inputs
from calc.inputs.one_page import one_page
from calc.inputs.plan_run import PlanResult, evaluate_plan
from calc.inputs.runway import crossed_now
from calc.workbook.calculator_sheet import CalculatorSheet
from calc.workbook.plan_sheet import SHEET, PlanSheet, machine_cell
from calc.workbook.report_sheet import ReportSheet
from calc.workbook.sources import write_sources

SHEET_NAME_LIMIT = 31
"""Excel's longest sheet name, in characters (Microsoft's "Excel specifications and limits":
"Sheet name: 31 characters")."""
NOT_IN_SHEET_NAMES = set("[]:*?/\\'")
"""Characters Excel refuses in a sheet's name (``[]:*?/\\``), and the apostrophe, which
quotes a name in a formula (XlsxWriter takes a name starting with one as quoted already)."""


def build_plan(plan: Plan, source: Path, folder: Path, force: bool = True) -> Path:
    """Write the plan ``plan`` (read from ``source``) to ``folder``/<source's stem>.xlsx,
    refusing to replace it without ``force``, as :func:`calc.workbook.build_all` does."""
    path = folder / f"{source.stem}.xlsx"
    if existing([path]) and not force:
        raise MqcalcError(f"build --out {folder} would replace {path.name}: "
                          "--force replaces it")
    check_size(plan, source.name)  # before the folder is made
    with new_folder(folder):  # a full disk, a signal: the folder made for it goes too
        return _write(path, plan, source.name)


def check_size(plan: Plan, source: str) -> None:
    """Refuse a plan of more variants than a workbook holds
    (:data:`~calc.inputs.plan.MOST_WORKBOOK_VARIANTS`)."""
    most = MOST_WORKBOOK_VARIANTS
    if len(plan.variants) > most:
        raise MqcalcError(f"plan {source}: has {len(plan.variants)} variants; a plan workbook "
                          f"holds at most {most}, so that its formulas keep within Excel's "
                          f"limits (mqcalc plan {source} shows every variant; a plan of {most} "
                          "or fewer builds)")


def write_plan_workbook(path: Path, plan: Plan, source: str) -> Path:
    """Write the workbook of ``plan`` to ``path``; ``source`` names the plan file on the
    Plan sheet. A plan of more variants than a workbook holds is refused."""
    check_size(plan, source)
    return _write(path, plan, source)


def _write(path: Path, plan: Plan, source: str) -> Path:
    from calc.workbook import zipped_writer

    result = evaluate_plan(as_written(plan))
    return replace_atomically(path, zipped_writer(
        lambda book, styles: _write_sheets(book, styles, result, source)))


def as_written(plan: Plan) -> Plan:
    """``plan`` with its inputs as the workbook holds them (:func:`calc.workbook.as_stored`),
    so the stored figures are the engine's for the inputs a reader sees."""
    from calc.workbook import as_stored

    return Plan(tuple(dataclasses.replace(
        variant, machine=as_stored(variant.machine), measured=as_stored(variant.measured),
        calculators={c: as_stored(inputs) for c, inputs in variant.calculators.items()})
        for variant in plan.variants))


def _write_sheets(book, styles, result: PlanResult, source: str) -> None:
    report_sheet = book.add_worksheet(REPORT_SHEET)
    plan_sheet = book.add_worksheet(SHEET)
    titles = sheet_titles(result)
    written: list[dict[str, CalculatorSheet]] = []
    for index, variant in enumerate(result.variants):
        sheets = {}
        for calculator_id, calculator_result in variant.results.items():
            ranges = variant.variant.ranges.get(calculator_id)
            if ranges:  # the sheet's Low and High of the inputs given as ranges
                calculator_result = engine.run(calculator_id, {**calculator_result.inputs,
                                                               **ranges}, calculator_result.given)
            calculator = dataclasses.replace(engine.calculator(calculator_id), charts={})
            linked = {name: machine_cell(index, name) for name in machine_inputs()
                      if name in calculator.inputs}
            sheet = CalculatorSheet(book, styles, calculator, calculator_result,
                                    titles[index, calculator_id], linked)
            sheet.write()
            sheets[calculator_id] = sheet
        written.append(sheets)
    plan = PlanSheet(book, plan_sheet, styles, result, source, written)
    plan.write()
    plan_of = Plan(tuple(variant.variant for variant in result.variants))
    made = date.today()
    ReportSheet(book, report_sheet, styles,
                one_page(result, source, crossed_now(plan_of, made), made), plan,
                result).write()
    firsts: dict[str, CalculatorSheet] = {}
    for sheets in written:
        for calculator_id, sheet in sheets.items():
            firsts.setdefault(calculator_id, sheet)
    write_sources(book, styles, list(firsts.values()))


def sheet_titles(result: PlanResult) -> dict[tuple[int, str], str]:
    """(variant index, calculator id) -> its sheet's name: ``variant.calculator`` where that
    is a name Excel takes as it is (at most 31 characters, none it refuses or would quote, and
    different from every other, ignoring case, as Excel compares them); else
    ``vN.calculator``, N the variant's place from 1 (with underscores after it until the
    name is free)."""
    titles, taken = {}, set()
    for index, variant in enumerate(result.variants):
        for calculator_id in variant.results:
            title, tries = f"{variant.name}.{calculator_id}", 0
            while (len(title) > SHEET_NAME_LIMIT or set(title) & NOT_IN_SHEET_NAMES
                   or quote_sheetname(title) != title or title.lower() in taken):
                tries += 1
                title = f"v{index + 1}{'_' * (tries - 1)}.{calculator_id}"
            titles[index, calculator_id] = title
            taken.add(title.lower())
    return titles
