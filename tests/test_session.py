"""The terminal calculator's memory of what was typed: per calculator, with undo and redo."""
from __future__ import annotations

import pytest

import calc
from tests.conftest import CALCULATORS
from tui.session import History, Session, field_values


def test_edits_of_one_text_field_are_one_undo_step():
    history = History([{"a": "1", "b": "x"}])
    for typed in ("12", "123"):
        assert history.record({"a": typed, "b": "x"}, "a")
    history.record({"a": "123", "b": "y"})          # a choice: a step of its own
    history.record({"a": "123", "b": "y"}, "a")     # no change: nothing recorded
    assert history.undo() == {"a": "123", "b": "x"}
    assert history.undo() == {"a": "1", "b": "x"}
    assert history.undo() is None
    assert history.redo() == {"a": "123", "b": "x"}
    assert history.redo() == {"a": "123", "b": "y"}
    assert history.redo() is None


def test_seal_and_other_fields_start_new_steps():
    history = History([{"a": "1", "b": "2"}])
    history.record({"a": "5", "b": "2"}, "a")
    history.record({"a": "5", "b": "6"}, "b")
    history.seal()
    history.record({"a": "5", "b": "7"}, "b")
    assert [history.undo()["b"] for _ in range(2)] == ["6", "2"]


def test_a_change_after_undo_drops_what_could_be_redone():
    history = History([{"a": "1"}])
    history.record({"a": "2"}, "a")
    history.undo()
    history.record({"a": "3"}, "a")
    assert history.redo() is None
    assert history.undo() == {"a": "1"}


def test_the_first_edit_never_overwrites_the_starting_values():
    history = History([{"a": "1"}])
    history.editing = "a"
    history.record({"a": "2"}, "a")
    assert history.undo() == {"a": "1"}


def test_a_session_keeps_each_calculators_fields_and_resets_undoably():
    session = Session(CALCULATORS)
    assert session.current == CALCULATORS[0].id
    session.current = "connect"
    session.history.record({**session.fields(), "sharecnv": "10"}, "sharecnv")
    session.current = "adapters"
    assert session.fields() == field_values(calc.calculator("adapters"), {})
    assert session.fields("connect")["sharecnv"] == "10"
    assert session.changed() == ["connect"]
    session.current = "connect"
    assert session.reset()["sharecnv"] == "0"
    assert session.history.undo()["sharecnv"] == "10"


def test_the_scenario_holds_the_shown_and_the_changed_calculators_validated():
    session = Session(CALCULATORS, "ams")
    session.histories["connect"].record(
        {**session.fields("connect"), "sharecnv": "10", "tls": False})
    scenario = session.scenario()
    assert list(scenario.inputs) == ["ams", "connect"] and scenario.current == "ams"
    assert scenario.inputs["connect"]["sharecnv"] == 10
    assert scenario.inputs["connect"] == calc.validate("connect", {"sharecnv": 10, "tls": False})
    again = Session.from_scenario(CALCULATORS, scenario)
    assert again.current == "ams"
    assert again.fields("connect") == session.fields("connect")


def test_a_field_not_valid_yet_keeps_the_scenario_from_being_made():
    session = Session(CALCULATORS, "connect")
    session.history.record({**session.fields(), "sharecnv": "1.5"}, "sharecnv")
    with pytest.raises(calc.InputError, match="sharecnv"):
        session.scenario()
