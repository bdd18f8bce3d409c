"""Reading a plan workbook back (``mqcalc plan --from-workbook``): the plan its cells hold
now, each variant's machine typed on the Plan sheet, its measurement and its calculators'
inputs typed on their sheets, with every stored result the engine does not agree with.

As for a calculator's workbook (:mod:`.importer`), only defined names are relied on, never
where a cell sits. The Plan sheet names, for each variant N (from 1): its name's cell
(``variant_vN``), its machine inputs (``processors_vN`` ...), its own measured figures
(``measured.NAME_vN``), the name's cell of the variant whose measurement it carries
(``measured_in_vN``) and cell A1 of each of its calculator sheets (``sheet.ID_vN``, a
reference, so renaming a sheet does not lose it). An input left to its default when the
workbook was made has an ``assumed.`` name too, and is read as given only once its cell
no longer holds the default, the rule the workbook's own "Rests on" cells follow.

Every variant is read whole, so the plan made from it has no ``like`` but for the
measurement: a variant carrying another's is like that one, and is its measurement plus
the calculators' change from it (:mod:`calc.inputs.plan_run`).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

from calc import engine
from calc.core.errors import InputError, MqcalcError
from calc.core.model import NUMBER
from calc.core.names import (MEASURED_IN_KEY, PLAN_SHEET, VARIANT_KEY, assumed_name, plan_cell_name,
                             sheet_key)
from calc.core.values import coerce
from calc.inputs.plan import (MOST_WORKBOOK_VARIANTS, Plan, machine_inputs, measured_figures,
                              measured_input, remake_plan)
from calc.inputs.plan_run import TOTAL, PlanResult, evaluate_plan, share_outputs
from calc.inputs.workbook.importer import (CheckedSheet, Disagreement, agrees, checked_sheet,
                                           is_default, named_cell, names_wanted, one_cell,
                                           read_sheets)
from calc.inputs.workbook.xlsx_index import Book, Sheet, read_index
from calc.inputs.workbook.xlsx_parts import Malformed, Package
from calc.inputs.workbook.xlsx_values import read_cells, values

_PLAN_NAME = re.compile(r"[a-z0-9_.]{1,80}_v[1-9][0-9]?")
"""The Plan sheet's names a reader looks at (:func:`calc.core.names.plan_cell_name`)."""


@dataclass(frozen=True)
class ReadPlan:
    """A plan workbook as its cells hold it now: the plan, its evaluation, and each
    calculator sheet checked against the results stored on it."""

    plan: Plan
    result: PlanResult
    sheets: list[CheckedSheet]
    figures: list[Disagreement]
    """The Plan sheet's stored totals, % of the LPAR and MSU that the engine does not agree
    with (the output named ``KEY_vN``)."""
    results_stored: bool
    """Whether the file holds any result (see :attr:`.importer.ImportedSheet.results_stored`)."""


def read_plan_workbook(path: Path) -> ReadPlan:
    """The plan the workbook ``path`` holds, evaluated and checked. Every problem is one
    line starting ``workbook PATH:`` (an InputError naming the sheet and cell where a typed
    value is at fault)."""
    where = f"workbook {path}"
    try:
        return _Reader(where, Package(path)).read()
    except Malformed as error:
        raise MqcalcError(f"{where}: {error}") from None


class _Reader:
    def __init__(self, where: str, package: Package):
        self.where, self.package = where, package
        known = {calculator.id for calculator in engine.catalogue()}
        calculator_names = names_wanted()
        self.book: Book = read_index(package, lambda title: True, lambda name: calculator_names(
            name) or _PLAN_NAME.fullmatch(name) is not None)
        self.titled = {sheet.title: sheet for sheet in self.book.sheets}
        self.plan_sheet = self.titled.get(PLAN_SHEET)
        if self.plan_sheet is None:
            if any(sheet.title in known for sheet in self.book.sheets):
                raise Malformed("is a calculator workbook, not a plan's: mqcalc eval "
                                "--from-workbook FILE reads it")
            raise Malformed(f"is not a plan workbook: it has no sheet named {PLAN_SHEET} (as "
                            "mqcalc build --plan writes it)")

    def name(self, key: str, index: int) -> str | None:
        """The text of the Plan sheet's name ``key`` of the ``index``-th variant, if any."""
        return self.book.names.get((self.plan_sheet.index, plan_cell_name(key, index)))

    def cell(self, key: str, index: int, what: str) -> str:
        return named_cell(self.book, self.plan_sheet, plan_cell_name(key, index), what)

    def read(self) -> ReadPlan:
        count = 0
        while self.name(VARIANT_KEY, count) is not None:
            count += 1
            if count > MOST_WORKBOOK_VARIANTS:
                raise Malformed(f"sheet {PLAN_SHEET}: names more than {MOST_WORKBOOK_VARIANTS} "
                                "variants, the most a plan workbook holds")
        if count == 0:
            raise Malformed(f"sheet {PLAN_SHEET}: has no defined name "
                            f"{plan_cell_name(VARIANT_KEY, 0)} (the first variant's name, as "
                            "mqcalc build --plan writes it: build the plan's workbook again)")
        cells = {(key, index): self.cell(key, index, what) for index in range(count)
                 for key, what in self.plan_keys(index)}
        held = values(self.package, self.book, {PLAN_SHEET: read_cells(
            self.package, self.plan_sheet, set(cells.values()))})[PLAN_SHEET]
        names = [self.variant_name(held, cells[VARIANT_KEY, index], index)
                 for index in range(count)]
        machines = [self.machine(held, cells, index) for index in range(count)]
        sheets = [self.sheets(index) for index in range(count)]
        linked = {sheet: {name: value for name, value in machines[index][0].items()
                          if name in engine.calculator(calculator_id).inputs}
                  for index in range(count) for calculator_id, sheet in sheets[index].items()}
        imported = iter(read_sheets(self.package, self.book, {
            sheet: engine.calculator(calculator_id)
            for index in range(count) for calculator_id, sheet in sheets[index].items()},
            linked))
        checked = []
        variants = []
        for index in range(count):
            machine, machine_given = machines[index]
            calculators, given = {}, {}
            for calculator_id in sheets[index]:
                sheet = next(imported)
                own = sheet.given() - set(machine)
                checked.append(checked_sheet(self.where, sheet,
                                             own | (machine_given & set(sheet.inputs))))
                calculators[calculator_id] = sheet.inputs
                given[calculator_id] = own
            origin = self.origin(held, cells, names, index)
            measured = self.measured(held, cells, index) if origin == index else {}
            variants.append((names[index], None if origin in (None, index) else names[origin],
                             machine, calculators, measured, given, machine_given))
        plan = self.plan(variants)
        result = evaluate_plan(plan)
        stored = [held.get(cells[key, index]) for index in range(count)
                  for key in self.figure_keys()]
        return ReadPlan(plan, result, checked, self.disagreements(held, cells, result),
                        any(value is not None for value in stored)
                        or any(sheet.sheet.results_stored for sheet in checked))

    def plan_keys(self, index: int) -> list[tuple[str, str]]:
        """The Plan sheet's names of the ``index``-th variant a reader reads: each with what
        it is, for a refusal."""
        keys = [(VARIANT_KEY, "the variant's name")]
        keys += [(name, f"machine input {name}") for name in machine_inputs()]
        keys += [(key, f"figure {key}") for key in self.figure_keys()]
        if self.name(MEASURED_IN_KEY, index) is not None:
            keys.append((MEASURED_IN_KEY, "the variant whose measurement it carries"))
            keys += [(f"measured.{name}", f"measured figure {name}")
                     for name in measured_figures()
                     if self.name(f"measured.{name}", index) is not None]
        return keys

    @staticmethod
    def figure_keys() -> list[str]:
        """The figures of the Plan sheet checked against the engine's."""
        return [TOTAL, *share_outputs()]

    def variant_name(self, held: dict, cell: str, index: int) -> str:
        name = held.get(cell)
        if not isinstance(name, str) or not name.strip():
            raise Malformed(f"sheet {PLAN_SHEET}, cell {cell}: variant {index + 1}'s name is "
                            f"{'empty' if name in (None, '') else repr(name)} (expects its "
                            "name, as the plan file gives it)")
        return name

    def machine(self, held: dict, cells: dict, index: int) -> tuple[dict, frozenset[str]]:
        """The ``index``-th variant's machine inputs, checked, and those given."""
        machine, given = {}, set()
        for name, spec in machine_inputs().items():
            cell = cells[name, index]
            try:
                machine[name] = coerce(spec, held.get(cell), "machine")
            except InputError as error:
                raise error.at(f"{self.where}: sheet {PLAN_SHEET}, cell {cell}") from None
            if self.name(assumed_name(name), index) is None \
                    or not is_default(spec, machine[name], "machine"):
                given.add(name)
        return machine, frozenset(given)

    def measured(self, held: dict, cells: dict, index: int) -> dict[str, float]:
        """The measured figures the ``index``-th variant gives itself, checked."""
        figures = {}
        for name in measured_figures():
            cell = cells.get((f"measured.{name}", index))
            if cell is None:
                continue
            try:
                figures[name] = float(coerce(measured_input(name), held.get(cell), "measured"))
            except InputError as error:
                raise error.at(f"{self.where}: sheet {PLAN_SHEET}, cell {cell}") from None
        return figures

    def origin(self, held: dict, cells: dict, names: list[str], index: int) -> int | None:
        """The place of the variant whose measurement the ``index``-th carries (None: it
        carries none)."""
        if (MEASURED_IN_KEY, index) not in cells:
            return None
        cell = cells[MEASURED_IN_KEY, index]
        places = {cells[VARIANT_KEY, other]: other for other in range(len(names))}
        if cell not in places:
            raise Malformed(f"sheet {PLAN_SHEET}: the defined name "
                            f"{plan_cell_name(MEASURED_IN_KEY, index)} refers to {cell}, which "
                            "is no variant's name")
        return places[cell]

    def sheets(self, index: int) -> dict[str, Sheet]:
        """The ``index``-th variant's calculator sheets, by calculator id, in catalogue
        order."""
        found = {}
        for calculator in engine.catalogue():
            key = sheet_key(calculator.id)
            text = self.name(key, index)
            if text is None:
                continue
            target = one_cell(text)
            if target is None or target[0] not in self.titled:
                raise Malformed(f"sheet {PLAN_SHEET}: the defined name "
                                f"{plan_cell_name(key, index)} refers to {text}, not to a "
                                "sheet of this workbook")
            found[calculator.id] = self.titled[target[0]]
        if not found:
            raise Malformed(f"sheet {PLAN_SHEET}: variant {index + 1} names no calculator "
                            f"sheet ({plan_cell_name(sheet_key('ID'), index)})")
        return found

    def plan(self, variants: list) -> Plan:
        """The plan of the variants read, each input given as the workbook says."""
        try:
            plan = remake_plan([variant[:5] for variant in variants])
        except MqcalcError as error:
            raise MqcalcError(f"{self.where}: {error}") from None
        return Plan(tuple(dataclasses.replace(variant, given=read[5], machine_given=read[6])
                          for variant, read in zip(plan.variants, variants)))

    def disagreements(self, held: dict, cells: dict, result: PlanResult) -> list[Disagreement]:
        found = []
        for index, variant in enumerate(result.variants):
            for key in self.figure_keys():
                stored, value = held.get(cells[key, index]), getattr(variant, key)
                if stored is not None and not agrees(NUMBER, value, stored):
                    found.append(Disagreement(plan_cell_name(key, index), cells[key, index],
                                              stored, value))
        return found
