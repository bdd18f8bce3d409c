"""Templates are checked on the way in: each mistake is refused naming the file and the key.
And the expression language means the same in Python and in the spreadsheet."""
from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import calc
from calc import TemplateError
from calc.core.model import NUMBER
from calc.formula.emit_excel import to_excel
from calc.formula.emit_python import HELPERS, to_python
from calc.formula.expr import Scope, parse
from calc.template.loader import load
from tests.conftest import CALCULATORS, REPO
from tests.template_edits import CONNECT, PARTS, connect_changed, setting
from tests.xlsx_oracle import FormulaError, WorkbookOracle

TABLE_CHART = {"title": "Refused attempt cost as published", "help": "The table itself.",
               "table": "refused_cpu_us", "y": [0, 1], "unit": "CPU µs", "mark": "block_method"}
"""A chart of connect's refused_cpu_us (text rows, two columns), which loads as it is."""


def _table_chart(**changes):
    """Add TABLE_CHART to connect as ``measured``, with ``changes`` (None leaves a key out)."""
    def change(document):
        chart = {**TABLE_CHART, **changes}
        document["charts"]["measured"] = {k: v for k, v in chart.items() if v is not None}
    return change


def _text_table(document):
    """Give connect a table of words, which no chart can plot."""
    document["tables"]["listener_words"] = {
        "title": "Words", "unit": "", "keys": ["listener"], "rows": {"local": "a", "shared": "b"},
        "source": {"file": "x.txt", "passage": "p"}}


SPARE = {"value": 5, "title": "A spare figure", "unit": "CPU µs",
         "source": {"file": "mqperf_MQ_for_zOS_on_z16.txt", "passage": "page 7"}}
"""A constant connect could have, to put a wrong ``range`` on."""


def _spare_range(spread):
    """Add SPARE to connect with ``spread`` as its range."""
    return lambda d: d.setdefault("constants", {}).update(spare={**SPARE, "range": spread})


BROKEN = {
    "range not holding the value": (_spare_range({"low": 6, "high": 9}), "constants.spare.range"),
    "range low not below high": (_spare_range({"low": 5, "high": 5}),
                                 "constants.spare.range.high"),
    "range with an unknown key": (_spare_range({"low": 1, "high": 9, "likely": 5}),
                                  "constants.spare.range.likely"),
    "range without high": (_spare_range({"low": 1}), "constants.spare.range.high"),
    "range end not a number": (_spare_range({"low": 1, "high": "nine"}),
                               "constants.spare.range.high"),
    "range not a mapping": (_spare_range([1, 9]), "constants.spare.range"),
    "unknown top-level key": (setting(["colour"], "red"), "(top level).colour"),
    "unknown input key": (setting(["inputs", "tls", "colour"], 1), "inputs.tls.colour"),
    "grows on a yes/no input": (setting(["inputs", "tls", "grows"], True), "inputs.tls.grows"),
    "grows not true or false": (setting(["inputs", "connects_per_sec", "grows"], "yes"),
                                "inputs.connects_per_sec.grows"),
    "missing help": (lambda d: d["inputs"]["tls"].pop("help"), "inputs.tls.help"),
    "bad input type": (setting(["inputs", "tls", "type"], "flag"), "inputs.tls.type"),
    "default outside domain": (setting(["inputs", "sharecnv", "default"], 1000),
                               "inputs.sharecnv.default"),
    **{f"applies_when {case}": (setting(["inputs", "tls", "applies_when"], condition),
                                "inputs.tls.applies_when")
       for case, condition in (("not a condition", "sharecnv + 1"),
                               ("naming its input", "not tls"),
                               ("naming no input", "colour > 1"),
                               ("naming an output", "connect_cpu_us > 1"))},
    "unknown name": (setting(["outputs", "connect_cpu_us", "formula"], "basic_connect_cpu_us + tsl"),
                     "outputs.connect_cpu_us.formula"),
    "cycle": (setting(["outputs", "basic_connect_cpu_us", "formula"], "connect_cpu_us + 1"),
              "cycle"),
    "type misuse": (setting(["outputs", "connect_cpu_us", "formula"], "tls + 1"),
                    "outputs.connect_cpu_us.formula"),
    "choice typo": (setting(["notes", 2, "when"], "listener == 'sharde'"), "notes[2].when"),
    "unknown names an input": (setting(["notes", 2, "unknown"], ["sharecnv"]),
                               "notes[2].unknown"),
    "unknown not a list": (setting(["notes", 2, "unknown"], "msu"), "notes[2].unknown"),
    "headline not an output": (setting(["headline"], "sharecnv"), "headline"),
    "too few key results": (setting(["key_results"], ["msu", "lpar_busy_pct"]), "key_results"),
    "too many key results": (setting(["key_results"], ["msu", "lpar_busy_pct", "chin_cpu_us",
                                                    "qmgr_cpu_us", "db2_cpu_us", "cpu_scale"]),
                             "key_results"),
    "key result not an output": (setting(["key_results"], ["msu", "lpar_busy_pct", "tls"]),
                                 "key_results"),
    "headline among key results": (setting(["key_results"], ["msu", "lpar_busy_pct",
                                                          "connect_cpu_us"]), "key_results"),
    "key result twice": (setting(["key_results"], ["msu", "msu", "lpar_busy_pct"]), "key_results"),
    "key inputs not a list": (setting(["key_inputs"], "tls"), "key_inputs"),
    "key input not an input": (setting(["key_inputs"], ["msu"]), "key_inputs"),
    "input named like the workbook's status line": (
        lambda d: d["inputs"].update(status=d["inputs"].pop("tls")), "inputs.status"),
    "table lacks a reachable key": (
        lambda d: d["tables"]["tls_cpu_us"]["rows"].pop("shared"),
        "outputs.tls_addition_cpu_us.formula"),
    "unsafe syntax": (setting(["outputs", "connect_cpu_us", "formula"], "__import__('os')"),
                      "outputs.connect_cpu_us.formula"),
    "attribute access": (setting(["outputs", "connect_cpu_us", "formula"], "tls.real"),
                         "outputs.connect_cpu_us.formula"),
    "cell-like name": (lambda d: d["inputs"].update(ab12=d["inputs"].pop("tls")), "inputs.ab12"),
    "missing citation": (lambda d: d["tables"]["tls_cpu_us"].pop("source"),
                         "tables.tls_cpu_us.source"),
    "wrong file name": (setting(["id"], "other"), "id"),
    "numeric output without unit": (setting(["outputs", "connect_cpu_us", "unit"], ""),
                                    "outputs.connect_cpu_us.unit"),
    "report pattern is not a regular expression": (
        setting(["report"], {"option": "r", "title": "R", "item": "item", "required": [],
                             "total": [],
                             "lines": {"a": {"starts": "x", "pattern": "(", "layout": "x"}}}),
        "report.lines.a.pattern"),
    "report naming no item": (
        setting(["report"], {"option": "r", "title": "R", "required": [], "total": [],
                             "lines": {"a": {"starts": "x", "pattern": "(", "layout": "x"}}}),
        "report.item"),
    "report group is not an input": (
        setting(["report"], {"option": "r", "title": "R", "item": "item", "required": [],
                             "total": [],
                             "lines": {"a": {"starts": "x", "pattern": "(?P<block>x)(?P<nope>y)",
                                             "layout": "x"}}}),
        "report.lines.a.pattern"),
    "report table naming no output": (
        setting(["report"], {"option": "r", "title": "R", "item": "item", "required": [],
                             "total": {"sum": [], "show": []}, "table": ["nope"],
                             "lines": {"a": {"starts": "x", "pattern": "(?P<block>x)",
                                             "layout": "x"}}}),
        "report.table: 'nope' must be one of"),
    "report interval naming a time not its own": (
        setting(["report"], {"option": "r", "title": "R", "item": "item", "required": [],
                             "total": {"sum": [], "show": []},
                             "interval": {"starts": "F", "pattern": "F(?P<begin>x)",
                                          "layout": "F"},
                             "lines": {"a": {"starts": "x", "pattern": "(?P<block>x)",
                                             "layout": "x"}}}),
        "report.interval.pattern: group begin is not an input"),
    "overlong output title": (setting(["outputs", "connect_cpu_us", "title"], "x" * 37),
                              "outputs.connect_cpu_us.title"),
    "overlong output unit": (setting(["outputs", "connect_cpu_us", "unit"], "CPU µs per connect"),
                             "outputs.connect_cpu_us.unit"),
    "overlong table title": (setting(["tables", "tls_cpu_us", "title"], "x" * 57),
                             "tables.tls_cpu_us.title"),
    "example names no output": (setting(["examples", 0, "expect"], {"nothing": 1}),
                                "examples[0].expect.nothing"),
    "charts not a mapping": (setting(["charts"], ["cpu_by_connect_rate"]), "charts"),
    "chart id not a name": (lambda d: d["charts"].update(Rate=d["charts"].pop("cpu_by_connect_rate")),
                            "charts.Rate"),
    "unknown chart key": (setting(["charts", "cpu_by_connect_rate", "colour"], "red"),
                          "charts.cpu_by_connect_rate.colour"),
    "chart without help": (lambda d: d["charts"]["cpu_by_connect_rate"].pop("help"),
                           "charts.cpu_by_connect_rate.help"),
    "chart x not an input": (setting(["charts", "cpu_by_connect_rate", "x"], "connect_cpu_us"),
                             "charts.cpu_by_connect_rate.x"),
    "numeric chart without to": (lambda d: d["charts"]["cpu_by_connect_rate"].pop("to"),
                                 "charts.cpu_by_connect_rate.to"),
    "range on a choice x": (setting(["charts", "cost_by_listener", "from"], 0),
                            "charts.cost_by_listener.from"),
    "step on a bool x": (lambda d: d["charts"]["refused_by_method"].update(x="tls", step=1),
                         "charts.refused_by_method.step"),
    "chart from below the domain": (setting(["charts", "cpu_by_connect_rate", "from"], -50),
                                    "charts.cpu_by_connect_rate.from"),
    "chart to above the domain": (setting(["charts", "cpu_by_connect_rate", "to"], 1000050),
                                  "charts.cpu_by_connect_rate.to"),
    "chart from not below to": (lambda d: d["charts"]["cpu_by_connect_rate"].update(
        {"from": 2000, "to": 2000}), "charts.cpu_by_connect_rate.to"),
    "chart step zero": (setting(["charts", "cpu_by_connect_rate", "step"], 0),
                        "charts.cpu_by_connect_rate.step"),
    "chart step negative": (setting(["charts", "cpu_by_connect_rate", "step"], -50),
                            "charts.cpu_by_connect_rate.step"),
    "fractional step on a whole-number x": (
        lambda d: d["charts"]["cpu_by_connect_rate"].update(x="sharecnv", to=10, step=0.5),
        "charts.cpu_by_connect_rate.step"),
    "fractional from on a whole-number x": (
        lambda d: d["charts"]["cpu_by_connect_rate"].update({"x": "sharecnv", "from": 0.5,
                                                             "to": 10, "step": 1}),
        "charts.cpu_by_connect_rate.from"),
    "chart to not a whole number of steps": (setting(["charts", "cpu_by_connect_rate", "step"], 300),
                                             "charts.cpu_by_connect_rate.to"),
    "chart with too many points": (setting(["charts", "cpu_by_connect_rate", "step"], 5),
                                   "charts.cpu_by_connect_rate.step"),
    "chart y empty": (setting(["charts", "cpu_by_connect_rate", "y"], []),
                      "charts.cpu_by_connect_rate.y"),
    "chart y names no output": (setting(["charts", "cpu_by_connect_rate", "y"], ["connects_per_sec"]),
                                "charts.cpu_by_connect_rate.y"),
    "chart y not numeric": (lambda d: (
        d["outputs"].update(uses_tls={"formula": "tls", "title": "TLS", "unit": "", "help": "h"}),
        d["charts"]["cost_by_listener"].update(y=["connect_cpu_us", "uses_tls"])),
        "charts.cost_by_listener.y"),
    "chart y in two units": (setting(["charts", "cost_by_listener", "y"],
                                  ["connect_cpu_us", "cpu_seconds_per_sec"]),
                             "charts.cost_by_listener.y"),
    "chart y twice": (setting(["charts", "cost_by_listener", "y"], ["connect_cpu_us"] * 2),
                      "charts.cost_by_listener.y"),
    "overlong chart title": (setting(["charts", "cost_by_listener", "title"], "x" * 57),
                             "charts.cost_by_listener.title"),
    "chart with x and table": (_table_chart(x="sharecnv"), "charts.measured"),
    "chart with neither x nor table": (_table_chart(table=None), "charts.measured"),
    "unit on a sweep": (setting(["charts", "cpu_by_connect_rate", "unit"], "CPU s/s"),
                        "charts.cpu_by_connect_rate.unit"),
    "mark on a sweep": (setting(["charts", "cpu_by_connect_rate", "mark"], "sharecnv"),
                        "charts.cpu_by_connect_rate.mark"),
    "rows on a sweep": (setting(["charts", "cost_by_listener", "rows"], ["local"]),
                        "charts.cost_by_listener.rows"),
    "range on a table chart": (_table_chart(**{"from": 0}), "charts.measured.from"),
    "step on a table chart": (_table_chart(step=1), "charts.measured.step"),
    "chart of no table": (_table_chart(table="nosuch"), "charts.measured.table"),
    "chart of a table of words": (lambda d: (_text_table(d), _table_chart(
        table="listener_words", y=None, mark=None)(d)), "charts.measured.table"),
    "table chart without unit": (_table_chart(unit=None), "charts.measured.unit"),
    "table chart with an empty unit": (_table_chart(unit=" "), "charts.measured.unit"),
    "table chart y not a column": (_table_chart(y=[0, 2]), "charts.measured.y"),
    "table chart y a column twice": (_table_chart(y=[0, 0]), "charts.measured.y"),
    "table chart y empty": (_table_chart(y=[]), "charts.measured.y"),
    "two-key table chart without y": (_table_chart(y=None), "charts.measured.y"),
    "one-key table chart with y": (_table_chart(table="tls_cpu_us", y=["local"], mark=None),
                                   "charts.measured.y"),
    "table chart rows not rows": (_table_chart(rows=["chlauth", "nosuch"]), "charts.measured.rows"),
    "table chart rows out of order": (_table_chart(rows=["maxinst", "chlauth"], mark=None),
                                      "charts.measured.rows"),
    "table chart rows twice": (_table_chart(rows=["chlauth", "chlauth"], mark=None),
                               "charts.measured.rows"),
    "table chart rows empty": (_table_chart(rows=[]), "charts.measured.rows"),
    "table chart series one short": (_table_chart(series=["SHARECNV 0"]),
                                     "charts.measured.series"),
    "table chart series not a list": (_table_chart(series="SHARECNV 0"),
                                      "charts.measured.series"),
    "table chart series title too long": (_table_chart(series=["S" * 57, "SHARECNV 1"]),
                                          "charts.measured.series.0"),
    "series on a sweep": (lambda d: d["charts"]["cpu_by_connect_rate"].update(series=["x"]),
                          "charts.cpu_by_connect_rate.series"),
    "mark not an input": (_table_chart(mark="connect_cpu_us"), "charts.measured.mark"),
    "numeric mark on rows of names": (_table_chart(mark="sharecnv"), "charts.measured.mark"),
    "mark whose choices are not rows": (_table_chart(mark="listener"), "charts.measured.mark"),
    "mark whose choice is a row left out": (_table_chart(rows=["chlauth", "maxinst"]),
                                            "charts.measured.mark"),
    "choice mark on numeric rows": (_table_chart(table="basic_cpu_us", y=["local"],
                                                 mark="listener"), "charts.measured.mark"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_broken_template_is_refused_naming_file_and_key(tmp_path, case):
    change, key = BROKEN[case]
    with pytest.raises(TemplateError) as refused:
        load(connect_changed(tmp_path, change))
    assert re.match(r"connect\.yaml: line [1-9][0-9]*: ", str(refused.value)), refused.value
    assert key in str(refused.value)


FIXTURES = sorted((REPO / "tests" / "fixtures" / "broken_templates").glob("*.yaml"))
"""One small template per fault, its first line ``# expect: MESSAGE`` (after ``FILE: ``;
unknown-key messages go on to list the known keys)."""


@pytest.mark.parametrize("path", FIXTURES, ids=[path.stem for path in FIXTURES])
def test_a_broken_template_is_refused_naming_file_line_and_key(path):
    expect = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ")
    assert re.match(r"line [1-9][0-9]*: [^:]+: ", expect), "the fixture's expectation"
    with pytest.raises(TemplateError) as refused:
        load(path)
    message = str(refused.value)
    assert message == f"{path.name}: {expect}" or message.startswith(
        f"{path.name}: {expect} (known: "), message


def test_unchanged_copy_loads(tmp_path):
    assert load(connect_changed(tmp_path, lambda d: None)).id == "connect"


# The same expression, emitted twice, must mean the same: Python evaluates one text, the
# workbook oracle the other. Generated over arithmetic, comparisons, conditionals and the
# functions, with the precedence traps (negation and powers, non-associative operators).
NAMES = ("a", "b", "c")
leaves = st.one_of(st.sampled_from(NAMES), st.integers(-20, 20).map(str),
                   st.sampled_from(["0.5", "2.25", "1e-3"]))


def _extend(children):
    binary = st.tuples(children, st.sampled_from(["+", "-", "*", "/", "**"]), children).map(
        lambda t: f"({t[0]}) {t[1]} ({t[2]})" if t[1] == "**" else f"{t[0]} {t[1]} {t[2]}")
    unary = children.map(lambda x: f"-{x}")
    call = st.tuples(st.sampled_from(["min", "max"]), children, children).map(
        lambda t: f"{t[0]}({t[1]}, {t[2]})")
    single = st.tuples(st.sampled_from(["abs", "ceil", "floor", "round", "exp"]), children).map(
        lambda t: f"{t[0]}({t[1]})")
    conditional = st.tuples(children, st.sampled_from(["<", "<=", "==", "!=", ">"]),
                            children, children, children).map(
        lambda t: f"({t[3]} if {t[0]} {t[1]} {t[2]} else {t[4]})")
    grouped = children.map(lambda x: f"({x})")
    return st.one_of(binary, unary, call, single, conditional, grouped)


expressions = st.recursive(leaves, _extend, max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(text=expressions, values=st.tuples(*[st.integers(-9, 9)] * 3))
def test_python_and_spreadsheet_texts_agree(text, values):
    scope = Scope({name: NUMBER for name in NAMES}, {}, {})
    tree, _ = parse(text, scope)
    environment = dict(zip(NAMES, values))
    try:
        expected = eval(compile(to_python(tree), "<expr>", "eval"), dict(HELPERS), environment)
    except (ZeroDivisionError, OverflowError, TypeError, ValueError):
        expected = None
    if isinstance(expected, complex):
        expected = None
    assume(expected is None or abs(expected) < 1e300)  # past that Excel has no number either
    oracle = WorkbookOracle(
        {("s", f"A{index}"): value for index, value in enumerate(values, 1)},
        {("s", name): ("s", f"A{index}") for index, name in enumerate(NAMES, 1)})
    try:
        found = oracle.formula("s", "=" + to_excel(tree))
    except FormulaError:
        found = None
    if expected is None or found is None:
        assert expected is None and found is None, (text, to_excel(tree), expected, found)
    else:
        assert found == pytest.approx(expected, rel=1e-9, abs=1e-9), (text, to_excel(tree))


arithmetic = st.recursive(
    st.sampled_from(NAMES),
    lambda children: st.tuples(children, st.sampled_from(["+", "-", "*", "/"]), children).map(
        lambda t: f"({t[0]}) {t[1]} ({t[2]})"),
    max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(text=arithmetic, values=st.tuples(*[st.floats(-1e6, 1e6).filter(bool)] * 3))
def test_spreadsheet_text_keeps_the_float_grouping_to_the_last_bit(text, values):
    """Sums and products are not associative in floating point: the workbook must group
    them as the template does, or a ``ceil`` downstream can differ by one (CI found CHIADAPS
    478 against 479 when ``a + (b - c)`` was written ``a+b-c``)."""
    scope = Scope({name: NUMBER for name in NAMES}, {}, {})
    tree, _ = parse(text, scope)
    environment = dict(zip(NAMES, values))
    try:
        expected = eval(compile(to_python(tree), "<expr>", "eval"), dict(HELPERS), environment)
    except ZeroDivisionError:
        expected = None
    assume(expected is not None and abs(expected) < 1e300)
    oracle = WorkbookOracle(
        {("s", f"A{index}"): value for index, value in enumerate(values, 1)},
        {("s", name): ("s", f"A{index}") for index, name in enumerate(NAMES, 1)})
    assert oracle.formula("s", "=" + to_excel(tree)) == expected, (text, to_excel(tree))


def test_excel_precedence_traps():
    scope = Scope({name: NUMBER for name in NAMES}, {}, {})
    emitted = {text: to_excel(parse(text, scope)[0]) for text in
               ["-a**2", "(-a)**2", "a - (b - c)", "a / (b * c)", "a ** b ** c", "ceil(a)",
                "a + (b - c)", "a * (b / c)", "a + b - c"]}
    assert emitted == {"-a**2": "-(a^2)", "(-a)**2": "-a^2", "a - (b - c)": "a-(b-c)",
                       "a / (b * c)": "a/(b*c)", "a ** b ** c": "a^(b^c)", "ceil(a)": "-INT(-a)",
                       "a + (b - c)": "a+(b-c)", "a * (b / c)": "a*(b/c)", "a + b - c": "a+b-c"}


def test_a_formula_that_cannot_be_computed_names_its_output(tmp_path):
    """A division by an input that may be zero is refused as a calculation error naming the
    output, never a traceback; in a sweep, that scenario's problem says the same."""
    from calc import CalculationError
    from calc.formula.compiler import compile_calculator

    def divide(document):
        document["outputs"]["connect_cpu_us"]["formula"] = "basic_connect_cpu_us / connects_per_sec"

    compiled = compile_calculator(load(connect_changed(tmp_path, divide)))
    values = {name: spec.default for name, spec in compiled.calculator.inputs.items()}
    assert compiled.evaluate(values)[1]["connect_cpu_us"] == pytest.approx(5.1)
    with pytest.raises(CalculationError, match="connect_cpu_us cannot be computed"):
        compiled.evaluate({**values, "connects_per_sec": 0})
    with pytest.raises(CalculationError, match="connect_cpu_us cannot be computed"):
        compiled.outputs({**values, "connects_per_sec": 0})  # compiled on first use
    [(_, outputs, problem)] = compiled.rows([{**values, "connects_per_sec": 0}])
    assert outputs is None and "connect_cpu_us cannot be computed" in problem


def test_a_sweeps_scenarios_that_cannot_be_computed_have_the_problems_rows_give(tmp_path):
    """A sweep works out the outputs an outer input changes once for many scenarios; where
    one of those (here over SHARECNV 0) or of the others (over 0 connects a second) cannot
    be computed, the scenario's problem is the one the general rows give, naming it."""
    from calc.formula.compiler import compile_calculator

    def divide(document):
        outputs = document["outputs"]
        outputs["connect_cpu_us"]["formula"] = "basic_connect_cpu_us / sharecnv"
        outputs["connect_cpu_seconds_per_sec"]["formula"] = "connect_cpu_us / connects_per_sec"

    compiled = compile_calculator(load(connect_changed(tmp_path, divide)))
    defaults = {name: spec.default for name, spec in compiled.calculator.inputs.items()}
    scenarios = [{**defaults, "listener": listener, "sharecnv": sharecnv,
                  "connects_per_sec": rate}
                 for listener in ("local", "shared") for sharecnv in (0, 1, 0)
                 for rate in (0.0, 5.0)]
    swept = list(compiled.sweep_rows(scenarios, ("listener", "sharecnv", "connects_per_sec")))
    assert swept == list(compiled.rows(scenarios))
    problems = [problem.partition(" (")[0] for _, _, problem in swept]
    assert problems == 2 * ([
        "connect: connect_cpu_us cannot be computed for these inputs"] * 2 + [
        "connect: connect_cpu_seconds_per_sec cannot be computed for these inputs", ""] + [
        "connect: connect_cpu_us cannot be computed for these inputs"] * 2)
    computed = dict(zip(compiled.calculator.outputs, swept[3][1]))
    assert computed["connect_cpu_seconds_per_sec"] == computed["connect_cpu_us"] / 5


@pytest.mark.parametrize(("length", "refused"), [(25, False), (26, True)])
def test_an_id_must_leave_room_for_its_sweep_sheets_name(tmp_path, length, refused):
    """Excel names a sheet in at most 31 characters, and a calculator's sweep sheet adds
    ``_sweep`` to its id."""
    identifier = "c" * length
    path = tmp_path / f"{identifier}.yaml"
    path.write_text(yaml.safe_dump({**CONNECT, "id": identifier}, sort_keys=False))
    if refused:
        with pytest.raises(TemplateError, match=rf"{identifier}.yaml: line 1: id: .*too long"):
            load(path, PARTS)
    else:
        assert load(path, PARTS).id == identifier


def test_chart_points_are_worked_out_from_the_declared_range(tmp_path):
    def decimal_steps(document):
        document["charts"]["cpu_by_connect_rate"].update({"from": 0.1, "to": 0.7, "step": 0.1})
        document["charts"]["cost_by_listener"]["x"] = "tls"

    charts = load(connect_changed(tmp_path, decimal_steps)).charts
    assert charts["cpu_by_connect_rate"].points == (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
    assert charts["cpu_by_connect_rate"].kind == "line"
    assert charts["cpu_by_connect_rate"].unit == "CPU s/s"
    assert charts["cost_by_listener"].points == (False, True)
    assert charts["cost_by_listener"].kind == "bar"


def test_table_charts_are_the_tables_rows(tmp_path):
    """A table chart keeps the table's rows (or those picked) in order, its columns or the
    one-key table's own figures, and the input it marks; a sweep marks its x."""
    def table_charts(document):
        _table_chart()(document)
        document["charts"]["measured_tls"] = {
            "title": "TLS as published", "help": "h", "table": "tls_cpu_us", "unit": "CPU µs",
            "mark": "listener"}
        document["charts"]["measured_basic"] = {
            "title": "Basic as published", "help": "h", "table": "basic_cpu_us",
            "y": ["shared", "local"], "unit": "CPU µs", "mark": "sharecnv", "rows": [1]}

    loaded = load(connect_changed(tmp_path, table_charts))
    charts = loaded.charts
    refused = charts["measured"]
    assert (refused.table, refused.x, refused.y, refused.kind, refused.mark) == (
        "refused_cpu_us", "block_method", (0, 1), "bar", "block_method")
    assert refused.points == loaded.tables["refused_cpu_us"].row_keys
    tls = charts["measured_tls"]
    assert (tls.x, tls.points, tls.y, tls.kind, tls.mark) == (
        "listener", ("local", "shared"), ("tls_cpu_us",), "bar", "listener")
    basic = charts["measured_basic"]
    assert (basic.x, basic.points, basic.y, basic.kind, basic.mark) == (
        "sharecnv_column", (1,), ("shared", "local"), "line", "sharecnv")
    sweep = charts["cpu_by_connect_rate"]
    assert sweep.table is None and sweep.mark == sweep.x


def test_a_fault_in_an_included_part_names_the_parts_file_and_line(tmp_path):
    """A key the machine part supplies is reported against templates/parts/machine.yaml,
    not the template that includes it."""
    path = connect_changed(tmp_path, lambda d: None)
    part = tmp_path / "parts" / "machine.yaml"
    text = part.read_text(encoding="utf-8")
    part.write_text(text.replace("title: Workload RNI", "title: " + "W" * 30), encoding="utf-8")
    line = text.splitlines().index("    title: Workload RNI") + 1
    with pytest.raises(TemplateError, match=rf"^machine\.yaml: line {line}: "
                                            r"inputs\.workload_rni\.title: is 30 characters"):
        load(path)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_every_shipped_template_chooses_what_a_planner_reads_first(calculator):
    """The summary's choice is the template's: 3 to 5 key results besides the headline and
    1 to 6 key inputs (a template of one's own may leave them out)."""
    assert 3 <= len(calculator.key_results) <= 5
    assert 1 <= len(calculator.key_inputs) <= 6


def test_choices_joined_up_to_excels_list_limit_load(tmp_path):
    """The broken fixture's choices one character shorter, 255 joined by commas: Excel's
    limit itself, which loads."""
    fixture = REPO / "tests" / "fixtures" / "broken_templates" / "choices_too_long.yaml"
    path = tmp_path / fixture.name
    path.write_text(fixture.read_text(encoding="utf-8").replace("- " + "y" * 18, "- " + "y" * 17),
                    encoding="utf-8")
    choices = load(path).inputs["mode"].choices
    assert len(",".join(choices)) == 255


@pytest.mark.parametrize(("inputs", "unused"), [
    ({}, ()),
    ({"adapter_times": "privacy"}, ("adapter_elapsed_us", "adapter_cpu_us")),
])
def test_a_result_names_the_inputs_its_choices_leave_unused(inputs, unused):
    """adapters' own times are read only from your report: with the source's example
    chosen instead, the result says they do not apply (templates' ``applies_when``)."""
    assert calc.run("adapters", inputs).not_applying == unused


@pytest.mark.parametrize("calculator", [c for c in CALCULATORS if "msu" in c.outputs],
                         ids=lambda c: c.id)
def test_the_cpu_rate_is_shown_beside_its_share_of_the_lpar_and_msu(calculator):
    """The machine part's ``beside`` puts lpar_busy_pct and msu right after the template's
    cpu_seconds_per_sec, in every face that lists outputs in order."""
    names = list(calculator.outputs)
    at = names.index("cpu_seconds_per_sec")
    assert names[at + 1:at + 3] == ["lpar_busy_pct", "msu"]


@pytest.mark.parametrize("calculator", [c for c in CALCULATORS if "msu" in c.outputs],
                         ids=lambda c: c.id)
def test_msu_without_an_msu_rating_is_unknown_not_zero(calculator):
    """At the defaults (no MSU rating, some CPU, or a saving: channel_compression's) msu is
    the one output a person is shown as not given, its value 0 for programs; with a rating
    it is the CPU times the rating."""
    result = calc.run(calculator.id, {})
    assert result.outputs["cpu_seconds_per_sec"] != 0
    # what a calculator leaves unknown for reasons of its own stays so (channel_compression's
    # ZLIBHIGH under its default TLS 1.2 cipher): msu comes last and goes with a rating
    own = result.unknown[:-1]
    assert result.unknown == (*own, "msu") and "msu" not in own and result.outputs["msu"] == 0
    assert result.as_json()["unknown"] == [*own, "msu"]
    rated = calc.run(calculator.id, {"msu_per_cp": 120})
    assert rated.unknown == own and rated.outputs["msu"] == pytest.approx(
        120 * rated.outputs["cpu_seconds_per_sec"])


def test_no_cpu_is_zero_msu_whether_a_rating_is_given_or_not():
    result = calc.run("connect", {"connects_per_sec": 0, "blocked_per_sec": 0})
    assert result.outputs["cpu_seconds_per_sec"] == 0 and result.unknown == ()


@pytest.mark.parametrize("beside", [{"cpu_seconds_per_sec": ["no_such_output"]},
                                    {"no_such_output": ["msu"]},
                                    {"cpu_seconds_per_sec": "msu"}])
def test_a_part_placing_what_is_not_an_output_is_refused(tmp_path, beside):
    path = connect_changed(tmp_path, lambda d: None)
    part = tmp_path / "parts" / "machine.yaml"
    document = yaml.safe_load(part.read_text(encoding="utf-8"))
    part.write_text(yaml.safe_dump({**document, "beside": beside}, sort_keys=False),
                    encoding="utf-8")
    with pytest.raises(TemplateError, match=r"beside\.\w+: must list outputs"):
        load(path)


def test_the_readmes_calculators_table_lists_every_calculator():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("\n## Calculators\n", 1)[1].strip().split("\n\n", 1)[0]
    listed = [row.split("|")[1].strip().strip("`") for row in table.splitlines()[2:]]
    assert sorted(listed) == sorted(calculator.id for calculator in CALCULATORS)
