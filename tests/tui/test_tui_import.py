"""Importing into the terminal calculator, driven through Textual's Pilot: an SMF folder
(F6) and an MQSMF PSET report (F7) fill the user's fields with the engine's values, a
list says where each came from, one Ctrl+Z takes the import back, a folder or file the
engine refuses is a notice."""
from __future__ import annotations

import json
import threading

import pytest
from textual.command import CommandPalette
from textual.widgets import OptionList, Static

import calc
from calc import engine
from calc.inputs.plan import load_plan
from calc.inputs.report import read_report
from calc.inputs.smf.importing import read_smf
from calc.inputs.smf.selection import choose
from tests.cli.test_cli import run_main
from tests.conftest import CALCULATORS
from tests.inputs.test_plan import SAMPLE as PLAN_SAMPLE
from tests.inputs.test_smf import SAMPLE
from tests.tui.test_tui import into_file_prompt, plain, shown_outputs, through_file_prompt
from tests.tui.test_tui_import_fill import PSET_MIXED, PSET_SAMPLE
from tui.app import create_app
from tui import importing
from tui.import_screens import (ImportChoiceScreen, ReadingScreen, ReadingStopped,
                                SmfChoiceScreen, SourcesScreen)
from tui.plan_screen import PlanScreen
from tui.screens import PathScreen
from tui.session import field_value, field_values

SIZE = (120, 40)


async def pick(app, pilot, starts: str) -> None:
    """Highlight the chooser's line that starts with ``starts`` and press Enter."""
    assert isinstance(app.screen, ImportChoiceScreen)
    index = next(i for i, label in enumerate(app.screen.labels) if label.startswith(starts))
    app.screen.query_one("#choice-list", OptionList).highlighted = index
    await pilot.press("enter")
    await pilot.pause()


def expected_fields(values: dict[str, dict]) -> dict[str, dict]:
    """Each calculator's fields at their defaults with ``values`` (engine values) over
    them, as the widgets hold them."""
    fields = {}
    for calculator in engine.catalogue():
        given = values.get(calculator.id, {})
        fields[calculator.id] = {**field_values(calculator, {}),
                                 **{name: field_value(calculator.inputs[name], value)
                                    for name, value in given.items()}}
    return fields


def said(app) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_f6_imports_a_queue_managers_peak_into_every_calculator_it_feeds(tmp_path):
    [peak] = choose(read_smf(SAMPLE).imported, "QML1", "peak")
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f6", SAMPLE)
        await pick(app, pilot, "QML1 on MPX1 peak")
        assert app.calculator_screen.session.state() == expected_fields(peak.imported.inputs)
        assert app.calculator_screen.current.id == "adapters"
        assert app.calculator_screen.field_widget("chiadaps").value == "8"
        assert float(app.calculator_screen.field_widget("adapter_requests_per_sec").value) == \
            peak.imported.inputs["adapters"]["adapter_requests_per_sec"]
        assert isinstance(app.screen, SourcesScreen)
        shown = plain(app.screen.query_one("#sources"), width=200)
        for calculator, sources in peak.imported.sources.items():
            for name, source in sources.items():
                assert f"{calculator} {name}" in shown and source in shown
        for missing in peak.imported.missing:
            assert missing.reason in shown
        assert "14.7465 requests/s" in shown and "lines 210-217" in shown
        # adapters 6, the three log rates, connect's 2 from the client channels and
        # client_vs_bindings' message rate from the busiest; not notify_delay, whose one
        # queue is private
        assert any("Imported 12 inputs" in message for message in said(app))


async def test_one_ctrl_z_takes_the_whole_import_back_and_earlier_edits_stay_undoable(
        tmp_path):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.calculator_screen.field_widget("processors").value = "8"
        await pilot.pause()
        before = app.calculator_screen.session.state()
        await through_file_prompt(app, pilot, "f6", SAMPLE)
        await pick(app, pilot, "QML1 on MPX1 peak")
        await pilot.press("escape")
        await pilot.pause()
        assert app.calculator_screen.session.state() != before
        screen = app.calculator_screen
        assert screen.field_widget("processors").value == "8"  # not a value SMF data gives
        await pilot.press("ctrl+z")
        await pilot.pause()
        screen = app.calculator_screen
        assert screen.session.state() == before
        assert screen.field_widget("chiadaps").value == field_values(screen.current,
                                                                     {})["chiadaps"]
        assert any(message.startswith("Back to the inputs you had before importing QML1")
                   for message in said(app))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.calculator_screen.field_widget("processors").value == \
            field_values(app.calculator_screen.current, {})["processors"]


async def read_while_held(app, pilot, monkeypatch, path, ended: list | None = None
                          ) -> threading.Event:
    """Start an SMF import of ``path`` whose reading waits, in its thread, until the event
    returned is set; the terminal is live meanwhile. What stops the reading, if anything,
    is added to ``ended``."""
    held, offer, ended = threading.Event(), importing.smf_offer, [] if ended is None else ended

    def slow_offer(path, progress):
        progress("held")
        assert held.wait(10)
        try:
            return offer(path, progress)
        except Exception as stopped:
            ended.append(type(stopped))
            raise

    monkeypatch.setattr(importing, "smf_offer", slow_offer)
    await into_file_prompt(app, pilot, "f6", path)
    return held


async def test_smf_data_is_read_in_a_thread_while_a_screen_says_so(tmp_path, monkeypatch):
    """A month of SMF in a store takes half a minute to read: the terminal stays live and
    says what it reads, then offers the intervals."""
    app = create_app(folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        held = await read_while_held(app, pilot, monkeypatch, SAMPLE)
        assert isinstance(app.screen, ReadingScreen)  # shown while the thread waits
        assert f"Reading the SMF data of {SAMPLE}" in " ".join(
            plain(app.screen.query(Static).first(), width=80).split())
        told = app.screen.query_one("#reading-time", Static)
        for _ in range(100):  # the step told from the thread shows at the next second
            if plain(told).endswith(" s so far: held\n"):
                break
            await pilot.pause(0.05)
        assert plain(told).endswith(" s so far: held\n")
        held.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, SmfChoiceScreen)
        await pick(app, pilot, "QML1 on MPX1 peak")
        assert app.calculator_screen.field_widget("chiadaps").value == "8"


async def test_a_read_that_ends_under_the_command_palette_is_offered_when_it_closes(
        tmp_path, monkeypatch):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        held = await read_while_held(app, pilot, monkeypatch, SAMPLE)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack][1:] == [ReadingScreen,
                                                                     CommandPalette]
        held.set()
        for _ in range(20):  # the thread ends; the offer waits for the palette
            await pilot.pause(0.05)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, SmfChoiceScreen)


async def test_escape_while_smf_data_is_read_stops_waiting_and_imports_nothing(
        tmp_path, monkeypatch):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before, ended = app.calculator_screen.session.state(), []
        held = await read_while_held(app, pilot, monkeypatch, SAMPLE, ended)
        assert isinstance(app.screen, ReadingScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReadingScreen)
        held.set()
        for _ in range(100):  # the thread stops at the first step it tells
            if ended:
                break
            await pilot.pause(0.05)
        assert ended == [ReadingStopped]
        await pilot.pause()
        assert not isinstance(app.screen, (ReadingScreen, ImportChoiceScreen, SourcesScreen))
        assert app.calculator_screen.session.state() == before
        assert not said(app)


async def test_a_folder_the_engine_refuses_is_a_notice_naming_it(tmp_path):
    empty, unusable = tmp_path / "empty", tmp_path / "other"
    empty.mkdir()
    unusable.mkdir()
    (unusable / "SMF-QIST.csv").write_text("Date,Time\n", encoding="ascii")
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = app.calculator_screen.session.state()
        for folder, why in ((empty, "the folder is empty"),
                            (unusable, "no file this import reads"),
                            (tmp_path / "absent", "cannot be read")):
            app.clear_notifications()
            await through_file_prompt(app, pilot, "f6", folder)
            assert not isinstance(app.screen, (ImportChoiceScreen, SourcesScreen))
            [message] = said(app)
            assert message.startswith(f"Not imported: smf {folder}: {why}")
        assert app.calculator_screen.session.state() == before


async def test_f7_imports_the_page_set_picked_with_its_interval_and_undo_restores(tmp_path):
    calculator = engine.calculator("pageset_encryption")
    [interval] = read_report(calculator, PSET_MIXED)
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = app.calculator_screen.session.state()
        await through_file_prompt(app, pilot, "f7", PSET_MIXED)
        # the question names an item as the template does (report.item)
        assert app.screen.title_text == f"Import which page set of {PSET_MIXED}?"
        await pick(app, pilot, f"PS03, buffer pool 2, encrypted: {INTERVAL_1}")
        assert app.calculator_screen.current.id == "pageset_encryption"
        assert app.calculator_screen.session.state() == expected_fields({"pageset_encryption": {
            **interval.blocks["PS03"].inputs, **interval.inputs,
            "pagesets_in_bufferpool": 1}})  # PS03 is alone in buffer pool 2
        assert app.calculator_screen.field_widget("interval_sec").value == "900"
        shown = plain(app.screen.query_one("#sources"), width=200)
        assert f"{PSET_MIXED}:2: the interval line" in shown
        assert "PS03's write line" in shown and "30,000 pages" in shown
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert app.calculator_screen.session.state() == before


INTERVAL_1 = "interval 1 (line 2, from 2026/05/21,16:00:00 to 16:15:00, 900 s)"
"""How the chooser names pset_mixed.txt's interval: its line, times and duration."""


async def test_f7_offers_the_intervals_total_and_fills_the_queue_managers_whole_cost(tmp_path):
    """Picking the total puts the encrypted page sets' pages summed in the fields, so the
    results are the interval's whole extra CPU, as the command line's total row gives."""
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f7", PSET_MIXED)
        await pick(app, pilot, f"total of PS01, PS03: {INTERVAL_1}")
        fields = app.calculator_screen.session.fields("pageset_encryption")
        assert (fields["write_pages"], fields["get_pages"]) == ("46000", "105")
        shown = plain(app.screen.query_one("#sources"), width=200)
        assert "summed over the page sets the total counts (PS01, PS03)" in shown
        assert "the total counts the encrypted page sets; not PS02 (not encrypted)" in shown
        await pilot.press("escape")
        await pilot.pause()
        outputs = calc.evaluate("pageset_encryption", {
            "write_requests": 3000, "write_pages": 46000, "imw_pages": 30, "get_pages": 105,
            "interval_sec": 900})
        assert outputs["write_cpu_us"] == pytest.approx(46000 * 2.7)  # z15: 2.7 µs a page
        assert shown_outputs(app)["write_cpu_us"] == "124"  # 124.2 CPU ms, 3 digits


async def test_a_report_of_one_page_set_fills_at_once_and_says_the_interval_is_not_given(
        tmp_path):
    calculator = engine.calculator("pageset_encryption")
    [interval] = read_report(calculator, PSET_SAMPLE)
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f7", PSET_SAMPLE)
        assert isinstance(app.screen, SourcesScreen)
        assert app.calculator_screen.session.fields("pageset_encryption") == expected_fields(
            {"pageset_encryption": {**interval.blocks["PS01"].inputs,
                                    "pagesets_in_bufferpool": 1}})["pageset_encryption"]
        shown = plain(app.screen.query_one("#sources"), width=200)
        assert "pageset_encryption interval_sec\n" in shown
        assert "the report gives no interval line" in shown


async def test_a_report_the_door_refuses_is_a_notice(tmp_path):
    report = tmp_path / "not-a-report.txt"
    report.write_text("nothing here\n", encoding="utf-8")
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f7", report)
        assert not isinstance(app.screen, (ImportChoiceScreen, SourcesScreen))
        [message] = said(app)
        assert message.startswith(f"Not imported: {report}: no MQSMF PSET report lines found")


async def test_in_plan_mode_an_import_is_refused_and_says_why(tmp_path):
    app = create_app(folder=tmp_path, plan=(PLAN_SAMPLE, load_plan(PLAN_SAMPLE)))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):  # the plan opens after the first refresh: its notice, then ours
            await pilot.pause(0.05)
            if any(message.startswith("Opened the plan") for message in said(app)):
                break
        assert isinstance(app.screen, PlanScreen)
        app.clear_notifications()
        await pilot.press("f6", "f7")  # not offered over the Plan view
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen) and not said(app)
        await app.edit_variant("proposed", "adapters")
        await pilot.pause()
        for key in ("f6", "f7"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, PathScreen)
        assert len(said(app)) == 2
        assert all("An import fills your own inputs" in message for message in said(app))


async def test_the_palette_offers_both_imports_and_the_sources_again(tmp_path):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        commands = {command.title: command.help for command in
                    app.get_system_commands(app.screen)}
        assert {"Import SMF folder", "Import PSET report", "Import sources"} <= set(commands)
        # one import for each calculator whose template reads a report, in its words
        reporting = [c for c in CALCULATORS if c.report is not None]
        assert [title for title in commands if title.endswith(" report")] == [
            f"Import {c.report.name} report" for c in reporting]
        assert commands["Import PSET report"] == ("Fill pageset_encryption from an item of an "
                                                  "MQSMF PSET report (F7)")
        app.calculator_screen.action_import_sources()
        await pilot.pause()
        assert any(message.startswith("Nothing imported yet") for message in said(app))
        await through_file_prompt(app, pilot, "f7", PSET_SAMPLE)
        await pilot.press("escape")
        await pilot.pause()
        app.calculator_screen.action_import_sources()
        await pilot.pause()
        assert isinstance(app.screen, SourcesScreen)


def mq1o_rates() -> dict[str, float]:
    """MQ1O's adapter request rate by interval start, as mqcalc smf series gives it."""
    status, out, err = run_main("smf", "series", str(SAMPLE), "--qmgr", "MQ1O", "--json")
    assert status == 0, err
    [series] = json.loads(out)["series"]
    return {interval["start"]: interval["values"]["adapters.adapter_requests_per_sec"]
            for interval in series["intervals"]}


async def test_the_chooser_plots_the_highlighted_queue_managers_series_and_steps_in_time(
        tmp_path):
    """Over the list, MQ1O's adapter request rate interval by interval (the figure its peak
    is ranked by), the highlighted interval marked; Right and Left step to its next and
    previous interval in time, and Enter imports the one reached."""
    rates = mq1o_rates()
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f6", SAMPLE)
        screen = app.screen
        assert isinstance(screen, SmfChoiceScreen)
        choices = screen.query_one("#choice-list", OptionList)
        choices.highlighted = next(i for i, label in enumerate(screen.labels)
                                   if label.startswith("MQ1O on MV4A peak"))
        await pilot.pause()
        trace = screen.traces["MV4A", "MQ1O"]
        assert {start.isoformat(): value for start, value in
                zip(trace.starts, trace.values)} == rates
        assert max(trace.values) == rates["2026-05-21T16:34:10.006620"]  # the peak's
        shown = screen.query_one("#series-plot").render().plain
        assert "MQ1O on MV4A: Adapter requests by interval" in shown and "requests/s" in shown
        assert "16:34" in shown or "16:33" in shown  # the time axis
        await pilot.press("right")
        assert screen.labels[choices.highlighted].startswith("MQ1O on MV4A       2026-05-21 16:35:10")
        await pilot.press("left", "left")
        assert screen.labels[choices.highlighted].startswith("MQ1O on MV4A       2026-05-21 16:33:10")
        for _ in range(30):  # past the first: stays on it
            await pilot.press("left")
        assert screen.labels[choices.highlighted].startswith("MQ1O on MV4A       2026-05-21 16:29:10")
        await pilot.press("right", "right", "right", "right", "enter")
        await pilot.pause()
        assert float(app.calculator_screen.field_widget("adapter_requests_per_sec").value) == \
            pytest.approx(rates["2026-05-21T16:33:10.006574"], rel=1e-9)


async def test_a_queue_manager_of_one_interval_says_there_is_no_series(tmp_path):
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f6", SAMPLE)
        screen = app.screen
        choices = screen.query_one("#choice-list", OptionList)
        choices.highlighted = next(i for i, label in enumerate(screen.labels)
                                   if label.startswith("MQ51 on MV4A peak"))
        await pilot.pause()
        assert "MQ51 on MV4A: one interval has its log rate, no series" in \
            screen.query_one("#series-plot").render().plain


@pytest.mark.parametrize("kept", [True, False], ids=["kept series", "another mqzcalc's"])
async def test_f6_on_a_store_whose_series_another_mqzcalc_worked_out_says_how_to_avoid_it(
        tmp_path, monkeypatch, kept):
    """A store whose series are this mqzcalc's is offered by them, in silence; one whose
    series another mqzcalc worked out is read whole, and a notice says what works them out
    again."""
    from calc.inputs.smf import store, stored_series

    into = tmp_path / "mq.duckdb"
    with monkeypatch.context() as patched:
        if not kept:
            patched.setattr(stored_series, "stamp", lambda: "another mqzcalc")
        store.load(into, [SAMPLE])
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await through_file_prompt(app, pilot, "f6", into)
        assert isinstance(app.screen, SmfChoiceScreen)
        assert said(app) == ([] if kept else [
            "The series this store keeps were worked out by another mqzcalc or other "
            "templates: every interval is read (mqcalc smf load --into STORE, with no "
            "folder, works them out again, once)."])
