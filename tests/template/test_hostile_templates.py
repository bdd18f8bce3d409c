"""A template is code a team may write: what cannot work is refused on the way in, naming
the file, the line and the key, never a workbook Excel cannot open, a traceback, or a name
that quietly stands for something else in the compiled formulas. And ``round`` is total
wherever a spreadsheet's ROUND is defined."""
from __future__ import annotations

import contextlib
import dis
import io
import math
import re
import shutil
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
import xlsxwriter
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc import CalculationError, TemplateError, engine
from calc.formula.compiler import compile_calculator
from calc.formula.emit_python import spreadsheet_round
from calc.template.loader import load
from calc.template.reader import CELL_LIKE, NAME, NAME_LIMIT, RESERVED
from tests.conftest import CALCULATORS, REPO

CONNECT = (REPO / "templates" / "connect.yaml").read_text(encoding="utf-8")
PARTS = REPO / "templates" / "parts"


def _template(folder: Path, change, name: str = "connect") -> Path:
    """connect.yaml changed by ``change`` (a function of the document), written to
    ``folder`` as ``name``.yaml beside the parts it includes."""
    document = yaml.safe_load(CONNECT)
    change(document)
    shutil.copytree(PARTS, folder / "parts", dirs_exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True),
                    encoding="utf-8")
    return path


def _refusal(path: Path, key: str) -> str:
    """The loader's refusal of ``path``, checked to name the file, a line and ``key``."""
    with pytest.raises(TemplateError) as refused:
        load(path)
    message = str(refused.value)
    assert re.match(rf"{re.escape(path.name)}: line [1-9][0-9]*: {re.escape(key)}: ",
                    message), message
    return message


SPEC = {"inputs": {"type": "int", "min": 0, "max": 9, "default": 1, "title": "N",
                   "help": "A number.", "unit": "items"},
        "constants": {"value": 2, "title": "Two", "unit": "items",
                      "source": {"file": "x.txt", "passage": "two"}},
        "tables": {"title": "By listener", "unit": "items", "keys": ["listener"],
                   "rows": {"local": 1, "shared": 2}, "source": {"file": "x.txt", "passage": "t"}},
        "outputs": {"formula": "sharecnv + 1", "title": "N", "unit": "items", "help": "N."}}
"""One entry of each named section, which loads under any name the loader accepts."""


@pytest.mark.parametrize("section", SPEC)
@pytest.mark.parametrize(("name", "why"), [
    ("type", "a Python builtin"), ("dict", "a Python builtin"), ("tuple", "a Python builtin"),
    ("isinstance", "a Python builtin"), ("len", "a Python builtin"), ("print", "a Python builtin"),
    ("int", "a Python builtin"), ("help", "a Python builtin"), ("match", "a Python keyword"),
    ("lambda", "a Python keyword"), ("round", "a formula function")])
def test_a_name_the_compiled_code_uses_is_refused(tmp_path, section, name, why):
    """Before, an input or output named ``type`` or ``int`` failed every evaluation with an
    UnboundLocalError, a constant or table named ``tuple`` with a TypeError, and ``len``
    loaded, waiting for the day the compiler calls it."""
    path = _template(tmp_path, lambda d: d.setdefault(section, {}).update({name: SPEC[section]}))
    message = _refusal(path, f"{section}.{name}")
    assert f"{name!r} is {why}" in message


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_the_compiled_code_names_nothing_a_template_may_claim(calculator):
    """Every name the compiled source binds or reads is the template's own, starts with
    ``_`` (which no template name may) or is refused by the loader (a builtin). Before, the
    compiled functions were ``judge``, ``rows``, ...: a table named ``rows`` made every
    evaluation a TypeError."""
    compiled = compile_calculator(calculator)
    code = compile(compiled.source, compiled.filename, "exec")
    used, pending = set(), [code]
    while pending:
        unit = pending.pop()
        used.update(step.argval for step in dis.get_instructions(unit)
                    if step.opname in NAMING and not step.argval.startswith("."))
        pending += [const for const in unit.co_consts if hasattr(const, "co_names")]
    own = {*calculator.inputs, *calculator.outputs, *calculator.tables, *calculator.constants}
    assert "type" in used  # the walk finds the builtins the source calls
    assert {name for name in used - own
            if not name.startswith("_") and name not in RESERVED} == set()


NAMING = {"LOAD_NAME", "STORE_NAME", "LOAD_GLOBAL", "STORE_GLOBAL", "LOAD_FAST", "STORE_FAST",
          "LOAD_DEREF", "STORE_DEREF", "LOAD_CLOSURE", "DELETE_NAME", "DELETE_FAST"}
"""The instructions that read or bind a variable (attribute names are not variables)."""


@given(st.one_of(st.from_regex(r"[rc][0-9]{0,3}[rc]?[0-9]{0,3}\Z", fullmatch=True),
                 st.from_regex(r"[a-z]{1,4}[0-9]{1,7}\Z", fullmatch=True),
                 st.from_regex(r"[a-z][a-z0-9_]{0,8}\Z", fullmatch=True),
                 st.integers(250, 260).map(lambda length: "a" * length)))
def test_every_name_xlsxwriter_would_leave_out_is_refused(name):
    """XlsxWriter leaves out, with only a warning, a defined name that reads as a cell (A1
    or R1C1) or is longer than Excel's 255 characters; the workbook's formulas then read a
    name that is not there. Before, ``c1r1`` and a 256-character name loaded."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        left_out = xlsxwriter.Workbook(io.BytesIO()).define_name(name, "=1") == -1
    assert NAME.match(name)
    if left_out:
        assert CELL_LIKE.match(name) or len(name) > NAME_LIMIT, name


@pytest.mark.parametrize("name", ["c1r1", "r2r2", "a" * 256])
def test_a_name_a_workbook_cannot_define_is_refused(tmp_path, name):
    path = _template(tmp_path, lambda d: d.setdefault("constants", {}).update(
        {name: SPEC["constants"]}))
    _refusal(path, f"constants.{name}")


@pytest.mark.parametrize("calculator_id", ["r1c1", "ab12", "true", "my-calc", "My"])
def test_an_id_a_formula_cannot_name_its_sheet_by_is_refused(tmp_path, calculator_id):
    """Workbook formulas name a calculator's sheet unquoted (``connect!$B$5``), so its id
    must read as a name, not a cell, a boolean or arithmetic."""
    path = _template(tmp_path, lambda d: d.update(id=calculator_id), calculator_id)
    assert "workbook formulas name its sheet unquoted" in _refusal(path, "id")


TEXTS = {
    "choice label": (lambda d: d["inputs"]["listener"]["labels"].update(local="Queue\x01 mgr"),
                     "inputs.listener.labels.local", "U+0001 (a control character)"),
    "note text": (lambda d: d["notes"][0].update(text="Split\x1b[31m red"), "notes[0].text",
                  "U+001B"),
    "input help": (lambda d: d["inputs"]["tls"].update(help="TLS\x00 on"), "inputs.tls.help",
                   "U+0000"),
    "chart title": (lambda d: d["charts"]["cost_by_listener"].update(title="Cost\x7f"),
                    "charts.cost_by_listener.title", "U+007F"),
    "title with a tab": (lambda d: d.update(title="Client\tconnect"), "title", "U+0009"),
    "summary reversed": (lambda d: d.update(summary="CPU \u202efor connects"), "summary",
                         "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    "unit with a zero-width space": (
        lambda d: d["inputs"]["sharecnv"].update(unit="conver\u200bsations"),
        "inputs.sharecnv.unit", "U+200B (ZERO WIDTH SPACE)"),
    "table row key": (lambda d: d["tables"]["tls_cpu_us"]["rows"].update({"lo\x0bcal": 1}),
                      "tables.tls_cpu_us.rows.lo\x0bcal", "U+000B"),
    "citation passage": (lambda d: d["source"].update(passage="p\ufffe"), "source.passage",
                         "U+FFFE"),
}


@pytest.mark.parametrize("case", TEXTS, ids=list(TEXTS))
def test_a_character_no_workbook_can_hold_is_refused(tmp_path, case):
    """Before, a control character in a choice's label or a note's text (both reach a
    formula's text) built a workbook whose sheet XML Excel, LibreOffice and openpyxl
    cannot read, and ``mqcalc build`` exited 0; the others reached cells and the terminal
    as they were."""
    change, key, shown = TEXTS[case]
    message = _refusal(_template(tmp_path, change), key)
    assert f"holds the character {shown}" in message


def test_a_character_in_an_included_part_names_the_part(tmp_path):
    path = _template(tmp_path, lambda d: None)
    machine = tmp_path / "parts" / "machine.yaml"
    machine.write_text(machine.read_text(encoding="utf-8").replace(
        "z13: IBM z13", 'z13: "IBM\\az13"'), encoding="utf-8")
    with pytest.raises(TemplateError, match=r"^machine\.yaml: line 26: "
                                            r"inputs\.machine\.labels\.z13: .*U\+0007"):
        load(path)


def test_line_breaks_in_a_text_load(tmp_path):
    """A block text (``|``) keeps its line breaks, which every face can show."""
    path = _template(tmp_path, lambda d: d["inputs"]["tls"].update(help="One line.\nAnother."))
    assert load(path).inputs["tls"].help == "One line. Another."


def test_a_rule_the_defaults_cannot_compute_is_refused(tmp_path):
    """Before, a rule dividing by an input whose default is 0 ended the load in a
    ZeroDivisionError traceback."""
    path = _template(tmp_path, lambda d: d.update(checks=[{
        "rule": "connects_per_sec / sharecnv > 1", "message": "more connects than SHARECNV"}]))
    assert "cannot be computed for the inputs' defaults (ZeroDivisionError" in _refusal(
        path, "checks[0].rule")


ROUNDING = """\
id: rounding
title: Rounding
summary: Values rounded as a spreadsheet rounds them.
source: {file: x.txt, passage: p}
inputs:
  x: {type: number, min: -1.0e+308, max: 1.0e+308, default: 2.5, title: X, help: h, unit: u}
  k: {type: number, min: -1.0e+308, max: 1.0e+308, default: 1, title: K, help: h, unit: u}
outputs:
  whole: {formula: "round(x * k)", title: W, unit: u, help: h}
  two: {formula: "round(x * k, 2)", title: T, unit: u, help: h, decimals: 2}
  ten: {formula: "round(x * k, 10)", title: P, unit: u, help: h, decimals: 9}
  many: {formula: "round(x * k, 400)", title: M, unit: u, help: h}
  endless: {formula: "round(x * k, 99999999999999999999)", title: E, unit: u, help: h}
"""
"""A calculator rounding ``x * k`` (which overflows to infinity for large inputs) to 0, 2,
10, 400 and an absurd number of places."""


@contextlib.contextmanager
def only_template(folder: Path, calculator_id: str, text: str):
    """The engine reading only the template ``text`` (citing the made-up x.txt, which the
    folder's own registry lists), written to ``folder``."""
    (folder / f"{calculator_id}.yaml").write_text(text, encoding="utf-8")
    (folder / "documents.yaml").write_text(
        "documents:\n  x.txt: {title: A made-up document, date: null}\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MQZCALC_TEMPLATES", str(folder))
        engine.forget_templates()
        try:
            yield
        finally:
            engine.forget_templates()


@pytest.fixture(scope="module")
def rounding(tmp_path_factory):
    """The engine reading only ROUNDING, for the module's tests."""
    with only_template(tmp_path_factory.mktemp("rounding"), "rounding", ROUNDING):
        yield


@pytest.mark.parametrize(("x", "outputs"), [
    (2.5, {"whole": 3, "two": 2.5}), (-2.5, {"whole": -3, "two": -2.5}),
    (0.125, {"whole": 0, "two": 0.13}), (-0.125, {"whole": 0, "two": -0.13}),
    (2.675, {"two": 2.68}), (1.005, {"two": 1.01}),
    (1e20, {"whole": 1e20, "ten": 1e20, "many": 1e20, "endless": 1e20}),
    (1.5e-300, {"many": 1.5e-300, "endless": 1.5e-300, "ten": 0})])
def test_round_takes_halves_away_from_zero_on_the_decimal_shown(rounding, x, outputs):
    """As Excel's and LibreOffice's ROUND: 2.5 -> 3, -2.5 -> -3, 0.125 -> 0.13 at two
    places (not Python's 2, -2 and 0.12), a figure already round stays as it is however
    many places are asked (before, 1e20 at 10 places and any value at 10**20 places raised
    decimal.InvalidOperation), and a small negative value rounds to 0, not -0."""
    found = calc.run("rounding", {"x": x}).outputs
    assert {name: found[name] for name in outputs} == outputs
    assert all(math.copysign(1, found[name]) == math.copysign(1, value) or value == 0 and
               math.copysign(1, found[name]) == 1 for name, value in outputs.items())


@pytest.mark.parametrize(("x", "k"), [(1e308, 10), (1e308, -10)])
def test_round_of_an_overflow_is_a_calculation_error(rounding, x, k):
    """``x * k`` overflows to infinity, which no spreadsheet rounds (#NUM!): one line naming
    the output, not decimal.InvalidOperation's traceback."""
    with pytest.raises(CalculationError, match=r"^rounding: whole cannot be computed for "
                                               r"these inputs \(ValueError: round of -?inf"):
        calc.run("rounding", {"x": x, "k": k})


@settings(max_examples=300, deadline=None)
@given(x=st.floats(-1e308, 1e308), k=st.one_of(st.floats(-1e308, 1e308),
                                               st.sampled_from([0.5, 1e-300, 1e300])))
def test_round_is_a_value_or_a_calculation_error(rounding, x, k):
    """Over round's whole domain through the public API: a result, or a CalculationError
    where ``x * k`` is not a finite number; nothing else escapes."""
    try:
        outputs = calc.run("rounding", {"x": x, "k": k}).outputs
    except CalculationError:
        assert not math.isfinite(x * k)
    else:
        assert all(math.isfinite(value) for value in outputs.values())


def _half_away_from_zero(value: float, digits: int) -> float:
    """ROUND worked out exactly: the decimal repr shows, scaled, halves away from zero."""
    scaled = Fraction(Decimal(repr(value))) * 10 ** digits
    whole = math.floor(abs(scaled) + Fraction(1, 2))
    return math.copysign(float(Fraction(whole, 10 ** digits)), value) + 0.0


@settings(max_examples=500, deadline=None)
@given(value=st.floats(allow_nan=False, allow_infinity=False), digits=st.integers(0, 400))
def test_round_agrees_with_rounding_worked_out_exactly(value, digits):
    assert spreadsheet_round(value, digits) == _half_away_from_zero(value, digits)


# Formulas past what can be computed (issue 38): each was a traceback (NameError: 'inf',
# RecursionError) or a result of "inf" with exit status 0.

def _nested_conditions(depth: int) -> str:
    formula = "connects_per_sec"
    for level in range(depth):
        formula = f"(1 if connects_per_sec > {level} else {formula})"
    return formula


@pytest.mark.parametrize(("formula", "said"), [
    ("connects_per_sec * 1e999", "holds a number past the largest a number holds"),
    (" + ".join(["connects_per_sec"] * 3000), "nests more than 100 levels deep"),
    ("-" * 5000 + "connects_per_sec", "nests more than 100 levels deep"),
    (_nested_conditions(2000), "not a valid expression (too many nested parentheses)"),
    (_nested_conditions(100), "nests more than 100 levels deep")])
def test_a_formula_past_what_can_be_computed_is_refused_by_the_loader(tmp_path, formula, said):
    def change(document):
        document["outputs"]["blocked_cpu_seconds_per_sec"]["formula"] = formula

    message = _refusal(_template(tmp_path, change), "outputs.blocked_cpu_seconds_per_sec.formula")
    assert said in message


def test_a_formula_of_the_deepest_nesting_allowed_loads(tmp_path):
    def change(document):
        document["outputs"]["blocked_cpu_seconds_per_sec"]["formula"] = _nested_conditions(48)

    assert load(_template(tmp_path, change)).outputs["blocked_cpu_seconds_per_sec"]


OVERFLOWING = ROUNDING.replace("id: rounding", "id: overflowing").replace(
    'round(x * k)"', 'x * k * 10"')
"""A calculator whose first output is x * k * 10, infinity for x * k over 1.8e307."""


def test_a_result_that_is_no_finite_number_is_refused_naming_its_output(tmp_path):
    """x * k * 10 at 1e308: before, "inf" with exit status 0 (and nan for inf - inf)."""
    with only_template(tmp_path, "overflowing", OVERFLOWING):
        with pytest.raises(CalculationError) as refused:
            engine.evaluate("overflowing", {"x": 1e308, "k": 1})
        assert str(refused.value) == ("overflowing: whole cannot be computed for these inputs "
                                      "(OverflowError: the result is no finite number)")
        with pytest.raises(CalculationError):
            engine.run("overflowing", {"x": 1e308, "k": 1})
        assert engine.evaluate("overflowing", {"x": 1e300, "k": 1})["whole"] == 1e301
        assert engine.sweep("overflowing", engine.judge("overflowing", {}), "x",
                            [1e308, 1]) == [None, engine.evaluate("overflowing", {"x": 1})]


def _rows(change):
    """A change of connect's table basic_cpu_us (two keys) by ``change`` of its rows."""
    return lambda document: change(document["tables"]["basic_cpu_us"]["rows"])


@pytest.mark.parametrize(("change", "key", "said"), [
    (_rows(lambda rows: rows.update({0: {}, 1: {}})), "tables.basic_cpu_us.rows.0",
     "must not be empty"),
    (_rows(lambda rows: rows[0].update(local="510")), "tables.basic_cpu_us.rows",
     "values must all be numbers, all texts or all booleans, not both '510' and 1100"),
    (_rows(lambda rows: rows[1].update(shared=True)), "tables.basic_cpu_us.rows",
     "values must all be numbers, all texts or all booleans, not both 510 and True"),
    (_rows(lambda rows: rows.update({"2": {"local": 1, "shared": 2}})),
     "tables.basic_cpu_us.rows", "keys must all be numbers, all texts or all booleans, not "
                                 "both 0 and '2'"),
    (_rows(lambda rows: rows[1].update(shared=[1350])), "tables.basic_cpu_us.rows",
     "[1350] is not a number, text or boolean"),
    (_rows(lambda rows: rows[1].update(shared=1e309)), "tables.basic_cpu_us.rows",
     "not both 510 and '.inf'"),  # YAML's .inf is text to mqcalc's reader
], ids=["row-without-columns", "number-and-text", "number-and-boolean", "keys-mixed",
        "a-list", "infinite"])
def test_a_table_of_mixed_or_missing_figures_is_refused(tmp_path, change, key, said):
    """A table's keys and figures are all numbers, all texts or all booleans. A two-key row
    without columns ended the load with an IndexError."""
    assert said in _refusal(_template(tmp_path, change), key)
