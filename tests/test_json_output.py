"""``--json`` is strict JSON: no ``Infinity`` or ``NaN`` (a workbook can store 1E999), and
no character that moves a terminal's cursor left unescaped."""
from __future__ import annotations

import json

import pytest

import calc
from calc import json_output

from .test_cli import run_main
from .test_import import coordinate, stored_result_replaced, workbook


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
