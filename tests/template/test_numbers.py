"""Numbers that fit and read well: input presentation keys in templates, result ranges by
interval arithmetic, value columns sized from the domains, no General format."""
from __future__ import annotations

import itertools
import math
import re

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings

from calc import TemplateError, engine
from calc.core.formatting import format_value
from calc.core.model import NUMBER
from calc.core.names import sweep_sheet
from calc.formula.bounds import output_ranges
from calc.template.loader import load
from calc.workbook.calculator_sheet import column_widths
from calc.workbook.fit import PADDING, SAFE_MAGNITUDE, column_width, widest_input
from calc.workbook.sheet_columns import VALUE
from tests.compare import named_cell
from tests.conftest import REPO
from tests.strategies import calculator_inputs, edges
from tests.template_edits import connect_changed, setting

CALCULATORS = engine.catalogue()
IDS = [spec.id for spec in CALCULATORS]


def _refusal(tmp_path, change) -> str:
    with pytest.raises(TemplateError) as refused:
        load(connect_changed(tmp_path, change))
    return str(refused.value)


@pytest.mark.parametrize("change, expected", [
    (setting(["inputs", "listener", "labels"], {"local": "Own", "nearby": "Other"}),
     r"line \d+: inputs\.listener\.labels\.nearby: 'nearby' is not a choice \(local, shared\)"),
    (setting(["inputs", "sharecnv", "labels"], {"0": "none"}),
     r"line \d+: inputs\.sharecnv\.labels: only for a choice input; this one is int"),
    (setting(["inputs", "listener", "labels"], {"local": "x" * 31}),
     r"line \d+: inputs\.listener\.labels\.local: is 31 characters; keep it to 30"),
    (setting(["inputs", "sharecnv", "decimals"], 2),
     r"line \d+: inputs\.sharecnv\.decimals: only for a number input; this one is int"),
    (setting(["inputs", "connects_per_sec", "decimals"], 7),
     r"line \d+: inputs\.connects_per_sec\.decimals: must be a whole number from 0 to 6"),
], ids=["unknown choice", "labels on an int", "long label", "decimals on an int",
        "too many decimals"])
def test_presentation_keys_are_refused_naming_file_line_and_key(tmp_path, change, expected):
    assert re.match(r"connect\.yaml: " + expected, _refusal(tmp_path, change))


def test_every_choice_has_a_label_and_switches_read_yes_no():
    for calculator in CALCULATORS:
        for spec in calculator.inputs.values():
            if spec.type == "choice":
                assert [choice for choice, _ in spec.labels] == list(spec.choices), spec.id
    listener = engine.calculator("connect").inputs["listener"]
    assert listener.label("shared") == "Shared (QSG) listener"
    assert engine.calculator("connect").inputs["tls"].label(True) == "Yes"


def test_number_inputs_show_the_places_their_domain_is_written_with():
    notify = engine.calculator("notify_delay").inputs
    assert notify["avg_get_cpu_us"].decimals == 3  # default 1.157
    assert notify["share_1_pct"].decimals == 1  # the template's decimals
    assert engine.calculator("adapters").inputs["adapter_elapsed_us"].decimals == 1  # min 0.1


def test_ranges_by_interval_arithmetic():
    adapters = output_ranges(engine.calculator("adapters"))
    # chiadaps_recommended = min(120, max(30, 30 + 8 * (processors - 4))): 30..120 exactly
    assert adapters["chiadaps_recommended"] == (30, 120)
    # a ratio whose divisor's range holds 0 has no bound, unless neither part is ever
    # negative: then neither is the ratio (a division by zero gives no figure at all)
    notify = output_ranges(engine.calculator("notify_delay"))
    assert notify["empty_get_share_pct"] == (-math.inf, math.inf)
    assert notify["today_1_pct"] == (0, math.inf)
    ams = output_ranges(engine.calculator("ams"))
    # a table's figure named by written keys is that figure, not the table's whole range:
    # missed low 10 - achieved low 7 is never negative, so neither is the low end of 7..10
    assert ams["chin_cpu_low_us"][0] == 0
    # a share of a sum of parts never negative lies in 0..1: the channel initiator's part
    # of LPAR A's CPU (protect / (protect + unprotect)) is never more than the whole
    assert ams["chin_cpu_seconds_per_sec"] == (0, ams["lpar_a_cpu_seconds_per_sec"][1])
    assert ams["crypto_load_vs_end_to_end"] == (0, 2)


def _corners(calculator):
    """Every combination of the inputs' domain edges that keeps the rules, at most 4,096."""
    names = list(calculator.inputs)
    for values in itertools.islice(itertools.product(
            *(edges(calculator.inputs[name]) for name in names)), 4096):
        yield dict(zip(names, values))


def _fits(calculator, inputs, widths, ranges) -> None:
    """Each value the engine gives for ``inputs`` lies in its range (``ranges``, the
    calculator's :func:`output_ranges`, worked out once: 2.4 ms a call for
    channel_compression, 10 of the 10 s its 4,156 cases took) and fits its column."""
    try:
        result = engine.run(calculator.id, inputs)
    except Exception:  # a rule between inputs, or a division by zero: no figure shown
        return
    for name, value in result.outputs.items():
        output = calculator.outputs[name]
        if output.value_type != NUMBER:
            continue
        low, high = ranges[name]
        assert low - 1e-6 * abs(low) <= value <= high + 1e-6 * abs(high), (name, value)
        if abs(value) <= SAFE_MAGNITUDE:
            text = format_value(value, output.decimals)
            assert len(text) + PADDING <= widths[name], (calculator.id, name, text, widths[name])


def _value_widths(calculator) -> dict[str, float]:
    """The width of each input's and output's value column in the generated workbook, by
    the cell its defined name points at."""
    book = openpyxl.load_workbook(REPO / "generated" / f"{calculator.id}.xlsx")
    sheet = book[calculator.id]
    widths = {}
    for name, defined in sheet.defined_names.items():
        column = re.search(r"\$([A-Z]+)\$", defined.attr_text).group(1)
        widths[name] = sheet.column_dimensions[column].width
    return widths


@pytest.mark.parametrize("calculator", CALCULATORS, ids=IDS)
def test_widest_value_of_every_input_and_output_fits_its_column(calculator):
    """The rule of calc.workbook.fit: characters + PADDING within the column's width, for
    each input's min and max, and each result at the domain's corners and at sampled
    inputs (results past SAFE_MAGNITUDE aside)."""
    widths, ranges = _value_widths(calculator), output_ranges(calculator)
    for spec in calculator.inputs.values():
        shown = [format_value(end, spec.decimals) for end in (spec.min, spec.max)] \
            if spec.value_type == NUMBER else list(map(str, edges(spec)))
        assert max(map(len, shown)) + PADDING <= widths[spec.id], spec.id
    for inputs in _corners(calculator):
        _fits(calculator, inputs, widths, ranges)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(calculator_inputs(calculator))
    def sampled(inputs):
        _fits(calculator, inputs, widths, ranges)
    sampled()


@pytest.mark.parametrize("name", sorted(path.name for path in (REPO / "generated").glob("*.xlsx")))
def test_no_number_shows_in_general_or_scientific_format(name):
    """Every number written (inputs, constants, source figures, chart points) and every
    numeric result has a number format of its own: General turns a long number into
    1.2E+15."""
    book = openpyxl.load_workbook(REPO / "generated" / name)
    results = {(sheet.title, output.id) for sheet in book.worksheets if sheet.title in IDS
               for output in engine.calculator(sheet.title).outputs.values()
               if output.value_type == NUMBER}
    for sheet in book.worksheets:
        if sheet.title == "Sources":  # issue 19's part 4 rewrites that sheet
            continue
        numeric = {re.search(r"\$([A-Z]+)\$(\d+)", defined.attr_text).group(0).replace("$", "")
                   for key, defined in sheet.defined_names.items()
                   if (sheet.title, key) in results}
        for row in sheet.iter_rows():
            for cell in row:
                if (isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool)) \
                        or cell.coordinate in numeric:
                    assert cell.number_format != "General", (sheet.title, cell.coordinate)
                assert "E+" not in cell.number_format.upper(), (sheet.title, cell.coordinate)


def test_columns_can_be_resized_and_what_if_rows_sorted_and_filtered():
    book = openpyxl.load_workbook(REPO / "generated" / "adapters.xlsx")
    for sheet in (book["adapters"], book[sweep_sheet("adapters")]):
        assert sheet.protection.sheet and not sheet.protection.formatColumns
        assert not sheet.protection.formatRows
    sweep = book[sweep_sheet("adapters")]
    assert not sweep.protection.sort and not sweep.protection.autoFilter
    [table] = sweep.tables.values()  # the rows are a Table: its filter buttons sort and filter
    assert table.ref.startswith("A8:") and table.autoFilter.ref == table.ref
    assert book["adapters"].protection.sort  # a calculator sheet is not sorted


def test_a_choice_shows_its_label_beside_its_id():
    sheet = openpyxl.load_workbook(REPO / "generated" / "connect.xlsx")["connect"]
    row = sheet[named_cell(sheet, "listener").row]
    assert row[1].value == "local"
    assert row[2].value.startswith('=IF(EXACT(listener,"local"),"Queue manager listener",')


def test_bars_are_named_by_labels_and_adapters_busy_draws_its_threshold():
    book = openpyxl.load_workbook(REPO / "generated" / "adapters.xlsx")
    figures = book["adapters_charts"]
    texts = {cell.value for row in figures.iter_rows() for cell in row}
    assert {"Your class(4) report", "Source: Privacy"} <= texts
    levels = [row[1].value for row in figures.iter_rows() if row[1].value == "=adapters_all_busy_pct"]
    assert len(levels) == 6  # two points on each of three charts


def test_axis_formats_follow_the_scale():
    from calc.engine.charts import axis_format
    assert axis_format([0.01, 0.05]) == "#,##0.00"  # steps of 0.01, not 0, 0, 0
    assert axis_format([0, 120]) == "#,##0"
    assert axis_format([0, 5]) == "#,##0"  # steps of 1
    assert axis_format([0, 1]) == "#,##0.0"  # steps of 0.2


def test_an_input_without_a_max_is_sized_for_the_safe_magnitude(tmp_path):
    """A template may leave an input's max out (its domain is unbounded above): the columns
    are then sized for SAFE_MAGNITUDE, as results are, instead of failing the build."""
    calculator = load(connect_changed(tmp_path, lambda d: d["inputs"]["connects_per_sec"].pop("max")))
    spec = calculator.inputs["connects_per_sec"]
    assert spec.max is None
    assert widest_input(spec) == format_value(SAFE_MAGNITUDE, spec.decimals)
    assert column_widths(calculator)[VALUE] >= column_width(widest_input(spec))
    assert output_ranges(calculator)["connect_cpu_seconds_per_sec"][1] == math.inf
