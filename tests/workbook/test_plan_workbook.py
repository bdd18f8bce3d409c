"""The plan workbook (``mqcalc build --plan FILE``): its Plan sheet stores the engine's figures
(:func:`calc.inputs.plan_run.evaluate_plan`), and its formulas, recalculated after a planner
changes a variant's inputs, by the independent evaluator (tests/xlsx_oracle.py) and by
LibreOffice, give the engine's figures for the changed plan."""
from __future__ import annotations

import dataclasses
import re
import warnings
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings

from calc import engine
from calc.cli import main
from calc.core.errors import MqcalcError
from calc.core.names import FIRST_PROBLEM, NOTES_SHOWN, REPORT_SHEET, plan_cell_name
from calc.engine.evidence import letters
from calc.inputs.plan import (MOST_WORKBOOK_VARIANTS, Plan, load_plan, machine_inputs, make_plan,
                              plan_text)
from calc.inputs.plan_run import TOTAL, PlanResult, evaluate_plan
from calc.inputs.workbook.importer import read_workbook
from calc.workbook.plan_book import SHEET_NAME_LIMIT, as_written, sheet_titles, write_plan_workbook
from calc.workbook.notes_block import MORE_NOTES
from calc.workbook.plan_sheet import ALL_VALID, NOTES_HEADING, SHEET
from calc.workbook.report_sheet import PRICE
from calc.workbook.values_table import values_sheet_name
from tests.compare import agrees, named_cell, named_values, notes_from_lines
from tests.conftest import REPO
from tests.excel_limits import problems
from tests.input_cells import cell_values
from tests.inputs.test_plan import plans
from tests.libreoffice import Values
from tests.report_cells import PRICE_TYPED, report_agrees
from tests.xlsx_oracle import WorkbookOracle

SAMPLE = REPO / "examples" / "z16_encryption_ams.yaml"
CHANGE = {"calculator": "connect", "inputs": {"connects_per_sec": 4000, "tls": False},
          "machine": {"processors": 16, "msu_per_cp": 95.5}}
"""What a planner types into the sample's workbook: the second variant's connect inputs on
its sheet, and its machine on the Plan sheet."""


def expected_figures(result: PlanResult) -> dict[str, float]:
    """Each Plan sheet figure the engine gives, by its defined name."""
    figures = {}
    for index, variant in enumerate(result.variants):
        for space in result.spaces:
            figures[plan_cell_name(space, index)] = variant.by_space[space]
        figures[plan_cell_name(TOTAL, index)] = variant.total
        figures[plan_cell_name("lpar_busy_pct", index)] = variant.lpar_busy_pct
        figures[plan_cell_name("msu", index)] = variant.msu
        figures[plan_cell_name("headroom_pct", index)] = variant.headroom_pct
        for c in variant.contributions:
            figures[plan_cell_name(f"{c.calculator}.{c.output}", index)] = c.cpu_seconds_per_sec
    return figures


def changed(plan: Plan, index: int, calculator: str, inputs: dict, machine: dict) -> Plan:
    """``plan`` with the ``index``-th variant's machine and one calculator's inputs changed,
    as the workbook's cells are: every calculator of the variant reads its machine."""
    variant = plan.variants[index]
    calculators = {cid: {**given, **{k: v for k, v in machine.items() if k in given},
                         **(inputs if cid == calculator else {})}
                   for cid, given in variant.calculators.items()}
    new = dataclasses.replace(variant, machine={**variant.machine, **machine},
                              calculators=calculators)
    return Plan(plan.variants[:index] + (new,) + plan.variants[index + 1:])


def expected_notes(result: PlanResult) -> list[str]:
    """The notes as ``mqcalc plan`` prints them, without the bullet."""
    return [f"{', '.join(note.calculators)} ({', '.join(note.variants)}): {note.text}"
            for note in result.notes]


def type_change(book, plan: Plan, index: int, change: dict, set_cell) -> None:
    """Type ``change`` into the workbook: the calculator's inputs on its sheet, the machine
    on the Plan sheet; ``set_cell(sheet, coordinate, value)`` does the typing."""
    titles = sheet_titles(evaluate_plan(plan))
    title = titles[index, change["calculator"]]
    typed = cell_values(engine.calculator(change["calculator"]), change["inputs"])
    for name, value in typed.items():
        set_cell(title, named_cell(book[title], name).coordinate, value)
    for name, value in change["machine"].items():
        set_cell(SHEET, named_cell(book[SHEET], plan_cell_name(name, index)).coordinate, value)


def typed_with_price(path: Path, plan: Plan):
    """The workbook at ``path`` (openpyxl) with :data:`CHANGE` typed into the second variant
    and a price into the Report sheet."""
    book = openpyxl.load_workbook(path)

    def set_cell(sheet, coordinate, value):
        book[sheet][coordinate].value = value

    type_change(book, plan, 1, CHANGE, set_cell)
    set_cell(REPORT_SHEET, named_cell(book[REPORT_SHEET], PRICE.id).coordinate, PRICE_TYPED)
    return book


@pytest.fixture(scope="module")
def sample_book(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("plan")
    assert main(["build", "--plan", str(SAMPLE), "--out", str(folder)]) == 0
    return folder / "z16_encryption_ams.xlsx"


def shown_marks(sheet, count: int) -> list[list[str]]:
    """The letters of the Plan sheet's "rests on" lines (under the total, then the share),
    each variant's, read from rows as a sheet of values holds them."""
    lines = [row for row in (sheet[number] for number in range(1, 60))
             if str(row[0].value or "").startswith("  rests on")]
    return [[cell.value or "" for cell in row[2:2 + count]] for row in lines]


def expected_marks(result: PlanResult) -> list[list[str]]:
    return [[letters(variant.evidence[key]) for variant in result.variants]
            for key in ("total", "lpar_busy_pct")]


def stored_agree(path: Path, result: PlanResult) -> None:
    """The Plan sheet's stored results are the engine's figures, exactly; each variant's
    status is all valid, and each calculator sheet stores its engine result."""
    book = openpyxl.load_workbook(path, data_only=True)
    plan_sheet = book[SHEET]
    for name, expected in expected_figures(result).items():
        assert named_cell(plan_sheet, name).value == expected, name
    assert shown_marks(plan_sheet, len(result.variants)) == expected_marks(result)
    titles = sheet_titles(result)
    for index, variant in enumerate(result.variants):
        assert named_cell(plan_sheet, plan_cell_name("status", index)).value == ALL_VALID
        for name in machine_inputs():
            assert named_cell(plan_sheet, plan_cell_name(name, index)).value == \
                variant.variant.machine[name]
        for calculator_id, calculator_result in variant.results.items():
            sheet = book[titles[index, calculator_id]]
            for name, value in calculator_result.outputs.items():
                assert agrees(value, named_cell(sheet, name).value, rel=0), (calculator_id, name)


def test_the_samples_plan_sheet_stores_the_engines_figures(sample_book):
    result = evaluate_plan(load_plan(SAMPLE))
    stored_agree(sample_book, result)
    shown = openpyxl.load_workbook(sample_book, data_only=True)[SHEET]
    differences = [row for row in shown.iter_rows(values_only=True)
                   if row[0] == "Total"]
    assert differences[0][2:5] == (result.variants[0].total, result.variants[1].total,
                                   result.variants[1].total - result.variants[0].total)


def test_the_plan_sheet_lists_the_notes_that_apply_as_the_command_prints_them(sample_book):
    result = evaluate_plan(load_plan(SAMPLE))
    book = openpyxl.load_workbook(sample_book, data_only=True)
    shown = notes_from_lines(named_values(book, SHEET, NOTES_SHOWN))
    assert shown == expected_notes(result)
    assert "connect (today, proposed): With TLS most of the cipher work ran on the client " \
           "machine, which limited how fast one client could connect; size the client as " \
           "well as the channel initiator." in shown
    # six of its own notes and, on z16, the one saying IBM's AMS steps convert its costs
    assert len([note for note in shown if note.startswith("ams (proposed): ")]) == 7


@settings(max_examples=5, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow,
                                 HealthCheck.function_scoped_fixture])
@given(plan=plans())
def test_random_plans_store_and_recalculate_to_the_engines_figures(plan, tmp_path):
    """Stored: the engine's figures for the inputs as the file holds them (16 significant
    digits), within rounding of the plan's own; recalculated, the same."""
    path = write_plan_workbook(tmp_path / "plan.xlsx", plan, "random.yaml")
    result = evaluate_plan(as_written(plan))
    stored_agree(path, result)
    oracle = WorkbookOracle.load(path)
    own = expected_figures(evaluate_plan(plan))
    for name, expected in expected_figures(result).items():
        assert agrees(expected, oracle.value(SHEET, name)), name
        assert agrees(own[name], expected), name


def test_the_plan_sheet_follows_a_variants_changed_inputs(sample_book):
    """The independent evaluator, after a planner changes the second variant's connect
    inputs and its machine, gives the engine's figures for the changed plan; the first
    variant's are unchanged, and every calculator sheet of the variant shows the machine."""
    plan = load_plan(SAMPLE)
    book = openpyxl.load_workbook(sample_book)
    oracle = WorkbookOracle.of(book)
    type_change(book, plan, 1, CHANGE, oracle.type_into)
    result = evaluate_plan(changed(plan, 1, **CHANGE))
    assert result.variants[1].total != evaluate_plan(plan).variants[1].total
    for name, expected in expected_figures(result).items():
        assert agrees(expected, oracle.value(SHEET, name)), name
    for title in sheet_titles(result).values():
        if title.startswith("proposed."):
            assert oracle.value(title, "processors") == 16
    notes = expected_notes(result)
    assert notes != expected_notes(evaluate_plan(plan))
    assert notes_from_lines(oracle.column(SHEET, NOTES_SHOWN)) == notes


def test_the_plan_sheets_notes_follow_which_variants_they_hold_in(sample_book):
    """Turning AMS off in the proposal drops its notes; TLS off in both variants drops the
    TLS note; the note on connect's SHARECNV still names both variants."""
    plan = load_plan(SAMPLE)
    book = openpyxl.load_workbook(sample_book)
    oracle = WorkbookOracle.of(book)
    type_change(book, plan, 1, {"calculator": "ams", "inputs": {"protection": "none"},
                                "machine": {}}, oracle.type_into)
    for index in (0, 1):
        type_change(book, plan, index, {"calculator": "connect", "inputs": {"tls": False},
                                        "machine": {}}, oracle.type_into)
    changed_plan = changed(changed(changed(plan, 1, "ams", {"protection": "none"}, {}),
                                   1, "connect", {"tls": False}, {}),
                           0, "connect", {"tls": False}, {})
    notes = expected_notes(evaluate_plan(changed_plan))
    assert not any("With TLS" in note or note.startswith("ams (") for note in notes)
    assert any(note.startswith("connect (today, proposed): IBM measured SHARECNV")
               for note in notes)
    assert notes_from_lines(oracle.column(SHEET, NOTES_SHOWN)) == notes


def test_the_plan_prints_the_notes_it_was_made_with_and_says_when_more_apply(sample_book):
    """The printed area ends at the notes' lines that applied as built, not at the rows kept
    for every note a variant could raise (two blank pages of them); once a change raises
    more lines, the notes' heading counts those below the printed area."""
    book = openpyxl.load_workbook(sample_book)
    first, last = (int(row) for row in re.findall(
        r"\$(\d+)", book[SHEET].defined_names[NOTES_SHOWN].attr_text))
    stored = [row[0].value for row in openpyxl.load_workbook(sample_book, data_only=True)[
        SHEET][f"A{first}:A{last}"]]
    printed = len([line for line in stored if line])
    assert 0 < printed < last - first + 1
    assert book[SHEET].print_area.endswith(f"$A$1:$F${first + printed - 1}")
    oracle = WorkbookOracle.of(book)
    heading = f"A{first - 1}"
    assert oracle.cell(SHEET, heading) == NOTES_HEADING
    type_change(book, load_plan(SAMPLE), 0, {"calculator": "ams", "inputs": {
        "protection": "privacy"}, "machine": {}}, oracle.type_into)
    shown = len([line for line in oracle.column(SHEET, NOTES_SHOWN) if line])
    assert shown > printed
    assert oracle.cell(SHEET, heading) == f"{NOTES_HEADING} ({shown - printed}{MORE_NOTES}"


def test_a_refused_input_empties_its_variants_figures_and_names_the_sheet(sample_book):
    plan = load_plan(SAMPLE)
    book = openpyxl.load_workbook(sample_book)
    oracle = WorkbookOracle.of(book)
    type_change(book, plan, 1, {"calculator": "ams", "inputs": {"messages_per_sec": -5},
                                "machine": {}}, oracle.type_into)
    status = oracle.value(SHEET, plan_cell_name("status", 1))
    assert status.startswith("proposed.ams: ") and status == \
        "proposed.ams: " + oracle.value("proposed.ams", FIRST_PROBLEM)
    assert oracle.value(SHEET, plan_cell_name(TOTAL, 1)) == ""
    assert oracle.value(SHEET, plan_cell_name("msu", 1)) == ""
    assert oracle.value(SHEET, plan_cell_name(TOTAL, 0)) == evaluate_plan(plan).variants[0].total


@pytest.mark.libreoffice
def test_libreoffice_recalculates_the_plan_sheet_after_a_change(sample_book, libreoffice,
                                                                 tmp_path):
    plan = load_plan(SAMPLE)
    book = typed_with_price(sample_book, plan)
    path = tmp_path / "changed.xlsx"
    book.save(path)
    [values] = libreoffice.recalculate([(path, book)])
    assert isinstance(values, Values)
    result = evaluate_plan(changed(plan, 1, **CHANGE))
    for name, expected in expected_figures(result).items():
        assert agrees(expected, named_cell(values[SHEET], name).value), name
    report_agrees(values[REPORT_SHEET], result)  # the Report sheet follows
    table = values[values_sheet_name(SHEET)]  # the flat table for scripts follows too
    place = {variant.name: index for index, variant in enumerate(result.variants)}
    read = {plan_cell_name(key, place[variant]): value
            for variant, key, _, _, value in table.rows[1:]}
    figures = expected_figures(result)
    assert len(read) == len(result.variants) * (len(result.spaces) + 4)
    for name, value in read.items():
        assert agrees(figures[name], value), name
    notes_range = book[SHEET].defined_names[NOTES_SHOWN].attr_text.split("!")[1]
    shown = [row[0].value for row in values[SHEET][notes_range.replace("$", "")]]
    assert notes_from_lines(shown) == expected_notes(result)
    assert shown_marks(values[SHEET], len(result.variants)) == expected_marks(result)


def test_the_plan_workbook_keeps_excels_limits(sample_book):
    found = problems(sample_book)
    assert not found, "\n".join(found)


def test_sheet_names_are_excels_and_the_importer_skips_them(sample_book, tmp_path):
    """A variant name Excel would need quoted, or too long, gives ``vN.calculator``; the
    sample's names are ``variant.calculator``; the importer finds no calculator sheet."""
    plan = load_plan(SAMPLE)
    odd = Plan((dataclasses.replace(plan.variants[0], name="today's [LPAR]"),
                dataclasses.replace(plan.variants[1], name="p" * 30)))
    titles = sheet_titles(evaluate_plan(odd))
    assert set(titles.values()) == {f"v{n}.{c}" for n in (1, 2)
                                    for c in ("ams", "connect", "log_encryption")}
    path = write_plan_workbook(tmp_path / "odd.xlsx", odd, "odd.yaml")
    assert openpyxl.load_workbook(path).sheetnames[2] == "v1.ams"
    names = openpyxl.load_workbook(sample_book).sheetnames
    assert names[:2] == [REPORT_SHEET, SHEET] and "proposed.log_encryption" in names
    assert all(len(name) <= SHEET_NAME_LIMIT for name in names)
    with pytest.raises(MqcalcError, match="is a plan workbook .* mqcalc plan --from-workbook"):
        read_workbook(sample_book)


def test_build_plan_refuses_to_replace_without_force(sample_book, capsys):
    folder = str(sample_book.parent)
    assert main(["build", "--plan", str(SAMPLE), "--out", folder]) == 2
    assert "--force replaces it" in capsys.readouterr().err


def test_a_variant_name_shaped_like_a_reference_names_its_series_as_text(tmp_path):
    """Issue 38: a variant named like an external reference became the chart series' name
    *formula* (XlsxWriter reads a name matching sheet!A1 as a reference), with a UserWarning
    on stderr. The series are named by the header cells holding the names, which are text."""
    hostile = "'\\\\host\\share\\[x.xlsx]S'!A1"
    text = SAMPLE.read_text(encoding="utf-8")
    quoted = '"' + hostile.replace("\\", "\\\\") + '"'
    path = tmp_path / "hostile.yaml"
    path.write_text(text.replace("\n  today:\n", f"\n  {quoted}:\n").replace(
        "like: today", f"like: {quoted}"), encoding="utf-8")
    assert load_plan(path).variants[0].name == hostile
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main(["build", "--plan", str(path), "--out", str(tmp_path / "out")]) == 0
    built = tmp_path / "out" / "hostile.xlsx"
    with zipfile.ZipFile(built) as archive:
        charts = [archive.read(name).decode() for name in archive.namelist()
                  if name.startswith("xl/charts/chart")]
    references = re.findall(r"<c:tx><c:strRef><c:f>([^<]*)</c:f>", "".join(charts))
    assert len(references) == 2 and all(f.startswith(f"{SHEET}!$") for f in references)
    assert "host" not in "".join(re.findall(r"<c:f>([^<]*)</c:f>", "".join(charts)))
    sheet = openpyxl.load_workbook(built)[SHEET]
    header = [sheet[f.split("!")[1].replace("$", "")].value for f in references]
    assert header == [hostile, "proposed"]


@pytest.fixture(scope="module")
def every_interval(tmp_path_factory) -> Plan:
    """The SMF sample's every interval (65 variants, 7 queue managers), in plans as
    ``mqcalc smf --out`` writes them, one after the other: each of four queue managers'
    intervals (``--qmgr NAME --interval all``), and MQ51, MQ52 and MQ53 side by side at
    their one interval (``--interval 2026-05-21T16:00:00``); each variant renamed to 12
    characters, the longest name that still gives ``variant.pageset_encryption`` sheets (the
    longest sheet names, so the longest references in the notes' formulas)."""
    folder = tmp_path_factory.mktemp("smf")
    variants = []
    for number, chosen in enumerate((["--qmgr", "MQ1A", "--interval", "all"],
                                     ["--qmgr", "MQ1O", "--interval", "all"],
                                     ["--qmgr", "MQ31", "--interval", "all"],
                                     ["--interval", "2026-05-21T16:00:00"],
                                     ["--qmgr", "QML1", "--interval", "all"])):
        path = folder / f"{number}.yaml"
        assert main(["smf", str(REPO / "tests" / "fixtures" / "smf" / "mq10-sample"),
                     *chosen, "--out", str(path)]) == 0
        variants += load_plan(path).variants
    assert len(variants) == 65
    return Plan(tuple(dataclasses.replace(variant, name=f"variant{index:05d}",
                                          measured_in=variant.measured_in
                                          and f"variant{index:05d}")
                      for index, variant in enumerate(variants)))


def test_a_plan_workbook_of_the_most_variants_keeps_excels_limits(every_interval, tmp_path):
    plan = Plan(every_interval.variants[:MOST_WORKBOOK_VARIANTS])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # XlsxWriter's warnings: a print scale, a series
        path = write_plan_workbook(tmp_path / "most.xlsx", plan, "every.yaml")
    found = problems(path)
    assert not found, "\n".join(found)
    book = openpyxl.load_workbook(path)
    assert f"variant{MOST_WORKBOOK_VARIANTS - 1:05d}.pageset_encryption" in book.sheetnames
    assert book[SHEET].page_setup.scale >= 10
    assert len(book[SHEET]._charts[0].series) == MOST_WORKBOOK_VARIANTS


@pytest.mark.parametrize("count", [MOST_WORKBOOK_VARIANTS + 1, 65, 300])
def test_a_plan_of_more_variants_than_a_workbook_holds_is_refused_in_one_line(
        every_interval, tmp_path, capsys, count):
    variants = [*every_interval.variants] * 5
    plan = Plan(tuple(dataclasses.replace(variant, name=f"v{index}")
                      for index, variant in enumerate(variants[:count])))
    path = tmp_path / "many.yaml"
    path.write_text(plan_text(plan), encoding="utf-8")
    assert main(["build", "--plan", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == (f"mqcalc: plan many.yaml: has {count} variants; a plan workbook holds at "
                   f"most {MOST_WORKBOOK_VARIANTS}, so that its formulas keep within Excel's limits "
                   f"(mqcalc plan many.yaml shows every variant; a plan of {MOST_WORKBOOK_VARIANTS} or "
                   "fewer builds)\n")
    assert not (tmp_path / "out").exists()


MEASURED_SAMPLE = REPO / "examples" / "measured_today.yaml"


def saving_plan() -> Plan:
    """A measured plan whose second variant saves more CHIN CPU than was measured: its
    figure goes below zero, which the workbook must mark live as the engine does."""
    return make_plan({"machine": "z15", "processors": 8, "msu_per_cp": 130},
                     {"today": {"connect": {"tls": True, "connects_per_sec": 2500}},
                      "fewer": {"connect": {"connects_per_sec": 0}}},
                     measured={"today": {"chin_cpu": 0.5}}, likes={"fewer": "today"})


@pytest.fixture(scope="module")
def measured_books(tmp_path_factory) -> list[tuple[Path, Plan]]:
    folder = tmp_path_factory.mktemp("measured")
    assert main(["build", "--plan", str(MEASURED_SAMPLE), "--out", str(folder)]) == 0
    saving = saving_plan()
    return [(folder / "measured_today.xlsx", load_plan(MEASURED_SAMPLE)),
            (write_plan_workbook(folder / "saving.xlsx", saving, "saving.yaml"), saving)]


def test_measured_plans_store_and_recalculate_to_the_engines_figures(measured_books):
    for path, plan in measured_books:
        result = evaluate_plan(plan)
        stored_agree(path, result)
        found = problems(path)
        assert not found, "\n".join(found)
        oracle = WorkbookOracle.load(path)
        for name, expected in expected_figures(result).items():
            assert agrees(expected, oracle.value(SHEET, name)), name
        for index, variant in enumerate(result.variants):
            for name, value in variant.variant.measured.items():
                assert oracle.value(SHEET, plan_cell_name(f"measured.{name}", index)) == value
    saving = evaluate_plan(measured_books[1][1]).variants[1]
    assert saving.by_space["CHIN"] < 0 and letters(saving.evidence[TOTAL]).startswith("!")


@pytest.mark.libreoffice
def test_libreoffice_follows_a_typed_measurement_and_marks_a_figure_below_zero(
        measured_books, libreoffice, tmp_path):
    """RMF's CHIN figure typed anew in today's yellow cell: both variants follow (proposed
    refers to today's measurement); the saving plan, recalculated, marks its figure below
    zero with ! as the engine does."""
    (path, plan), (saving_path, saving) = measured_books
    book = openpyxl.load_workbook(path)
    named_cell(book[SHEET], plan_cell_name("measured.chin_cpu", 0)).value = 0.9
    typed = tmp_path / "typed.xlsx"
    book.save(typed)
    values = list(libreoffice.recalculate([(typed, book), (saving_path, openpyxl.load_workbook(
        saving_path))]))
    today = dataclasses.replace(plan.variants[0], measured={**plan.variants[0].measured,
                                                            "chin_cpu": 0.9})
    proposed = dataclasses.replace(plan.variants[1], measured=today.measured)
    for shown, result in zip(values, (evaluate_plan(Plan((today, proposed))),
                                      evaluate_plan(saving))):
        for name, expected in expected_figures(result).items():
            assert agrees(expected, named_cell(shown[SHEET], name).value), name
        assert shown_marks(shown[SHEET], len(result.variants)) == expected_marks(result)
    assert named_cell(values[0][SHEET], plan_cell_name("CHIN", 0)).value == 0.9
