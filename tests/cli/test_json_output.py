"""``--json`` is strict JSON: no ``Infinity`` or ``NaN`` (a workbook can store 1E999), and
no character that moves a terminal's cursor left unescaped."""
from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import engine
from calc.cli import json_output
from calc.inputs import report_eval
from calc.inputs.report import read_report
from tests.cli.test_cli import run_main
from tests.conftest import REPO
from tests.inputs.test_import import coordinate, stored_result_replaced, workbook

MIXED = REPO / "tests" / "fixtures" / "pset_mixed.txt"


def strict(text: str) -> object:
    """``text`` parsed as RFC 8259 JSON: Python's parser takes Infinity and NaN unless told."""
    def refuse(constant: str):
        raise AssertionError(f"not strict JSON: {constant}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(("stored", "shown"), [("1E999", "inf"), ("-1E999", "-inf")])
def test_a_stored_result_beyond_any_float_is_written_as_text(tmp_path, stored, shown):
    path = workbook(tmp_path, calc.calculator("adapters"))
    cell = coordinate(path, "adapters", "chiadaps_recommended")
    stored_result_replaced(path, cell, stored)
    status, out, err = run_main("eval", "--from-workbook", path, "--json")
    assert status == 1 and err == ""
    [disagreement] = strict(out)["results"][0]["disagreements"]
    assert disagreement == {"output": "chiadaps_recommended", "cell": cell, "stored": shown,
                            "engine": 30}  # 3 processors, at most 4: CHIADAPS 30


def test_non_finite_numbers_anywhere_become_text():
    document = {"a": [float("nan"), (1.5, float("-inf"))], "b": {"c": float("inf")}}
    assert strict(json_output.dumps(document)) == {"a": ["nan", [1.5, "-inf"]],
                                                   "b": {"c": "inf"}}


def test_characters_that_move_the_cursor_are_escaped_and_letters_are_kept():
    text = json_output.dumps({"x": "\x1b[2J\x07\x7f\x9b\u2028caf\u00e9 \u00b5s"})
    assert text == '{\n  "x": "\\u001b[2J\\u0007\\u007f\\u009b\\u2028caf\u00e9 \u00b5s"\n}'
    assert strict(text) == {"x": "\x1b[2J\x07\x7f\x9b\u2028caf\u00e9 \u00b5s"}


def test_a_value_json_has_no_form_for_is_written_as_its_text():
    import datetime
    assert strict(json_output.dumps({"d": datetime.date(2026, 11, 24)})) == {"d": "2026-11-24"}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text("aé\u2028\x85\n\"\\"),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text("ab", max_size=2),
                                                                inner, max_size=3),
    max_leaves=12)


@given(st.dictionaries(st.text("xy", max_size=2), JSON_VALUES, max_size=3),
       st.lists(JSON_VALUES, max_size=4))
def test_a_listing_printed_item_by_item_is_the_document_printed_whole(head, items):
    """Any values, non-finite numbers and line separators inside strings included."""
    document = {key: value for key, value in head.items() if key != "listed"}
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        json_output.print_listing(document, "listed", iter(items))
    assert output.getvalue() == json_output.dumps({**document, "listed": items}) + "\n"


def test_a_reports_intervals_are_evaluated_as_they_are_printed(monkeypatch):
    """Nothing of an interval is evaluated before the one before it is taken."""
    calculator = calc.calculator("pageset_encryption")
    intervals = read_report(calculator, MIXED)
    runs = []
    run = engine.run
    monkeypatch.setattr(engine, "run", lambda *arguments: runs.append(1) or run(*arguments))
    evaluated = report_eval.evaluate(calculator, intervals * 3, {}, MIXED)
    assert runs == []
    next(evaluated)
    assert len(runs) == 3  # the first interval's three page sets
    assert len(list(evaluated)) == 2 and len(runs) == 9


@given(st.dictionaries(st.text("xy", max_size=2), JSON_VALUES, max_size=3),
       st.lists(JSON_VALUES, max_size=4))
def test_items_written_a_line_each_are_the_document_and_each_one_line(head, items):
    """Any values (non-finite numbers and line separators inside strings included): the
    document reads back as it does written wholly indented, and each item of the list
    under the key named is on a line of its own, in order."""
    document = {**head, "listed": items}
    text = json_output.dumps(document, one_line="listed")
    assert strict(text) == strict(json_output.dumps(document))
    if items:
        lines = text.split("\n")
        first = lines.index('  "listed": [') + 1
        written = [line.removeprefix("    ").removesuffix(",")
                   for line in lines[first:first + len(items)]]
        assert [strict(line) for line in written] == strict(json_output.dumps(items))
        assert lines[first + len(items):] == ["  ]", "}"]
