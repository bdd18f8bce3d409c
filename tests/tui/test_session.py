"""The terminal calculator's memory of what was typed: per calculator, with undo and redo."""
from __future__ import annotations

import pytest

import calc
from calc.inputs.scenario import Scenario
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


def test_what_counts_as_given_edited_opened_imported_and_reset():
    """An input is the user's once edited (even back to its default), opened from a file
    that gives it, or imported; the rest stay defaults, which the figures mark assumed.
    After an SMF import that gave the log rate's copies but not the rate, the rate is
    still assumed (issue 36: the imported interval's default is never shown as measured)."""
    calculators = calc.catalogue()
    session = Session(calculators, "log_encryption")
    assert session.given() == frozenset()
    imported = session.with_values({"log_encryption": {"active_copies": 1}})
    assert imported.given("log_encryption") == {"active_copies"}
    result = calc.run("log_encryption", imported.fields("log_encryption"),
                      imported.given("log_encryption"))
    assert "assumed" in result.evidence["cpu_seconds_per_sec"]
    assumed = next(c for c in result.warnings if c.kind == "assumed")
    assert "log_mb_per_sec" in assumed.about and "active_copies" not in assumed.about
    fields = imported.fields("log_encryption")
    imported.edit({**fields, "log_mb_per_sec": "10"}, "log_mb_per_sec")
    imported.edit({**fields, "log_mb_per_sec": fields["log_mb_per_sec"]}, "log_mb_per_sec")
    assert imported.given("log_encryption") == {"active_copies", "log_mb_per_sec"}
    imported.reset()
    assert imported.given("log_encryption") == frozenset()
    opened = Session.from_scenario(calculators, Scenario(
        {"connect": calc.validate("connect", {"tls": False})}, "connect",
        {"connect": frozenset({"tls"})}))
    assert opened.given("connect") == {"tls"}
