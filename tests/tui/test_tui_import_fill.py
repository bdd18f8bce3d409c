"""What an import fills in and shows (tui.import_fill, tui.session.Session.with_values),
without the app: the engine's own values, each with where it came from."""
from __future__ import annotations

import shutil

import pytest

import calc
from calc import engine
from calc.inputs.report import read_report
from calc.inputs.report_eval import evaluate
from calc.inputs.smf import store, stored_series
from calc.inputs.smf.importing import read_smf
from calc.inputs.smf.selection import choose
from tests.conftest import REPO
from tests.inputs.test_smf import OLD, RAW, SAMPLE, write_adapters
from tui.import_fill import report_choices, report_fill, smf_choices, smf_fill
from tui.importing import smf_offer
from tui.session import Session, field_value, field_values

PSET_MIXED = REPO / "tests" / "fixtures" / "pset_mixed.txt"
PSET_SAMPLE = REPO / "tests" / "fixtures" / "pset_sample.txt"
PAGESET = engine.calculator("pageset_encryption")


def test_the_peaks_come_first_as_mqcalc_smf_picks_them_then_every_other_interval():
    folder = read_smf(SAMPLE)
    offered = smf_choices(folder)
    peaks = choose(folder.imported, None, "peak")
    assert [choice.chosen.imported for choice in offered[:len(peaks)]] == \
        [peak.imported for peak in peaks]
    assert all(choice.chosen.peak_by for choice in offered[:len(peaks)])
    assert not any(choice.chosen.peak_by for choice in offered[len(peaks):])
    assert sorted(map(id, (choice.chosen.imported for choice in offered))) == \
        sorted(map(id, folder.imported))
    qml1 = next(choice for choice in offered if choice.label.startswith("QML1 on MPX1 peak"))
    assert "2016-02-27 18:04:44" in qml1.label and "71 s" in qml1.label
    assert "the highest adapter request rate" in qml1.detail and "MPX1" in qml1.detail


def test_queue_managers_of_one_name_on_two_lpars_are_told_apart_in_the_list(tmp_path):
    """The sample, and a copy of it whose every MV4A row is another LPAR's, in one store:
    each of the two's intervals is offered on a line of its own that names its LPAR."""
    copy = tmp_path / "copy"
    shutil.copytree(SAMPLE, copy)
    for path in copy.iterdir():
        path.write_text(path.read_text("latin-1").replace(',"MV4A",', ',"SYSB",'), "latin-1")
    into = tmp_path / "mq.duckdb"
    store.load(into, [SAMPLE, copy])
    _stored, offered, _plotted = smf_offer(into, lambda _said: None)
    labels = [choice.label for choice in offered]
    qml1 = sum(label.startswith("QML1 on MPX1 ") for label in labels)  # the copy repeats
    assert (qml1, len(offered)) == (16, 2 * 65 - 16) and len(set(labels)) == len(labels)
    peaks = [label for label in labels if label.startswith("MQ1O on ")]
    assert [label[:17] for label in peaks[:2]] == ["MQ1O on MV4A peak", "MQ1O on SYSB peak"]
    assert peaks[0][17:] == peaks[1][17:]


def test_an_interval_fills_the_engines_values_each_with_its_file_columns_and_lines():
    folder = read_smf(SAMPLE)
    [peak] = choose(folder.imported, "QML1", "peak")
    imported = peak.imported
    fill = smf_fill(folder, next(c for c in smf_choices(folder) if c.chosen.imported is imported))
    assert fill.values == imported.inputs
    assert {(line.calculator, line.input) for line in fill.imported} == {
        (name, input_id) for name, inputs in imported.inputs.items() for input_id in inputs}
    by_input = {(line.calculator, line.input): line for line in fill.imported}
    assert by_input["adapters", "chiadaps"].shown == "8 adapters"
    assert by_input["adapters", "adapter_requests_per_sec"].shown == "14.7465 requests/s"
    assert by_input["adapters", "adapter_requests_per_sec"].where == (
        f"{imported.sources['adapters']['adapter_requests_per_sec']} (lines 210-217)")
    assert [(line.calculator, line.input) for line in fill.missing] == \
        [(m.calculator, m.input) for m in imported.missing]
    # No page set data for QML1, and its one queue is private: no item taken for them; its
    # one server-connection channel is the item client_vs_bindings takes, said in a note.
    # notify_delay is missing, with why.
    assert fill.notes == ["client_vs_bindings: Chl_Name ELKINSC.TEST.SVRCONN, Connection_Name "
                          "192.168.0.112, the most Msg_All_Count of 1 (SMF-QCST.csv lines 7-9)"]
    assert {line.where for line in fill.missing if line.calculator == "notify_delay"} == {
        f"{m.reason} ({m.source})" for m in imported.missing if m.calculator == "notify_delay"}
    assert "Scope Shared" in next(line.where for line in fill.missing
                                  if line.calculator == "notify_delay")
    # A value that is not quite what its input asks for says so.
    assert by_input["zhyperwrite", "log_mb_per_sec"].where.endswith(
        "; " + imported.caveats["zhyperwrite"]["log_mb_per_sec"])
    assert "QML1" in fill.origin and str(SAMPLE) in fill.heading[0]


def test_rows_left_out_as_repeats_are_said_in_the_notes(tmp_path):
    lines = (RAW / "SMF-QCTADP.csv").read_text(encoding="ascii").splitlines(keepends=True)
    folder = tmp_path / "smf"
    shutil.copytree(RAW, folder)
    (folder / "SMF-QCTADP.csv").write_text("".join(lines + lines[3:5]), encoding="ascii")
    loaded = read_smf(folder)
    fill = smf_fill(loaded, smf_choices(loaded)[0])
    assert fill.values["adapters"]["chiadaps"] == 2
    assert fill.notes[-1] == loaded.repeats[0].said()
    assert fill.notes[-1].startswith("SMF-QCTADP.csv: 2 rows (lines 6-7) repeat a row")


def test_a_refused_value_is_listed_with_its_lines_columns_and_what_the_input_expects(
        tmp_path):
    write_adapters(tmp_path, ['"09:00:00,000000",60,1,0,7200000000,3600, 0 ,7200, 0 ,',
                              '"09:00:00,000000",60,2,1,0,0, 0 ,0, 0 ,'])
    folder = read_smf(tmp_path)
    fill = smf_fill(folder, smf_choices(folder)[0])
    [refused] = fill.refused
    assert (refused.calculator, refused.input) == ("adapters", "adapter_requests_per_sec")
    assert refused.where == ("SMF-QCTADP.csv lines 2-3, Request_Count, Interval_Duration: "
                             "expects a number from 0 to 100,000,000")
    assert "adapter_requests_per_sec" not in fill.values["adapters"]


def test_values_an_older_mq_lacks_are_listed_as_missing_with_why():
    folder = read_smf(OLD)
    fills = [smf_fill(folder, choice) for choice in smf_choices(folder)]
    missing = {(line.calculator, line.input): line.where for fill in fills
               for line in fill.missing}
    assert missing["log_encryption", "encrypt_active"].startswith(
        "Copy1_New_Logs is not in the data (SMF-QJST.csv:Copy1_New_Logs")


def test_each_page_set_of_each_interval_is_offered_with_its_pool_and_flag_then_the_total():
    labels = [choice.label for choice in report_choices(PAGESET, PSET_MIXED)]
    interval = "interval 1 (line 2, from 2026/05/21,16:00:00 to 16:15:00, 900 s)"
    assert labels == [f"PS01, buffer pool 1, encrypted: {interval}",
                      f"PS02, buffer pool 1, not encrypted: {interval}",
                      f"PS03, buffer pool 2, encrypted: {interval}",
                      f"total of PS01, PS03: {interval}"]


def test_the_total_fills_its_page_sets_figures_summed_and_names_what_it_leaves():
    """The queue manager's whole cost for the interval: the encrypted page sets' pages and
    requests summed (PS01 16,000 + PS03 30,000 pages written), the interval's duration; the
    buffer pool's size and members are a page set's, so they stay missing, said why."""
    choices = report_choices(PAGESET, PSET_MIXED)
    fill = report_fill(PAGESET, PSET_MIXED, choices[-1], len(choices))
    assert fill.values == {"pageset_encryption": {
        "write_requests": 1000 + 2000, "write_pages": 16000 + 30000, "imw_pages": 10 + 20,
        "get_pages": 100 + 5, "interval_sec": 900.0}}
    where = {line.input: line.where for line in fill.imported}
    assert where["write_pages"] == (f"{PSET_MIXED}: summed over the page sets the total counts "
                                    "(PS01, PS03)")
    assert {line.input for line in fill.missing} == {"pageset_pages",
                                                     "pagesets_in_bufferpool"}
    assert fill.notes == ["the total counts the encrypted page sets; not PS02 (not encrypted)"]
    assert fill.origin == f"importing the total of interval 1 from {PSET_MIXED}"
    engine_total = calc.evaluate("pageset_encryption", fill.values["pageset_encryption"])
    assert engine_total["write_cpu_us"] == pytest.approx(choices[-1].result.outputs[
        "write_cpu_us"])


def test_a_page_set_fills_what_its_lines_its_interval_line_and_its_pool_give():
    choices = report_choices(PAGESET, PSET_MIXED)
    fill = report_fill(PAGESET, PSET_MIXED, choices[1], len(choices))
    [interval] = read_report(PAGESET, PSET_MIXED)
    [evaluated] = evaluate(PAGESET, [interval], {}, PSET_MIXED)
    result = next(result for block, _, result in evaluated.items if block.name == "PS02")
    assert fill.values == {"pageset_encryption": {
        **interval.blocks["PS02"].inputs, **interval.inputs,
        "pagesets_in_bufferpool": result.inputs["pagesets_in_bufferpool"]}}
    where = {line.input: line.where for line in fill.imported}
    assert where["interval_sec"] == f"{PSET_MIXED}:2: the interval line"
    assert where["write_pages"] == f"{PSET_MIXED}: PS02's write line (its block from line 11)"
    assert where["pagesets_in_bufferpool"].endswith("buffer pool 1 in the interval (PS01, PS02)")
    assert fill.notes == ["PS02 is not encrypted: it does not count in the report's total"]


def test_a_report_without_an_interval_line_leaves_the_interval_as_it_is_and_says_so():
    [choice] = report_choices(PAGESET, PSET_SAMPLE)
    fill = report_fill(PAGESET, PSET_SAMPLE, choice, 1)
    assert "interval_sec" not in fill.values["pageset_encryption"]
    [missing] = fill.missing
    assert missing.input == "interval_sec"
    assert missing.where.startswith("the report gives no interval line (such as 'From ")


def test_with_values_puts_the_values_over_the_fields_and_starts_each_undo_there():
    calculators = engine.catalogue()
    session = Session(calculators, "connect")
    session.history.record({**session.fields(), "sharecnv": "0"})
    filled = session.with_values({"adapters": {"chiadaps": 8, "adapter_cpu_us": 21.5}})
    adapters = engine.calculator("adapters")
    assert filled.fields("adapters") == {
        **field_values(adapters, {}), "chiadaps": "8",
        "adapter_cpu_us": field_value(adapters.inputs["adapter_cpu_us"], 21.5)}
    assert filled.fields("connect")["sharecnv"] == "0"
    assert filled.current == "connect"
    assert all(history.undo() is None for history in filled.histories.values())
    assert session.fields("adapters") == field_values(adapters, {})


@pytest.mark.parametrize("kept", [True, False], ids=["kept series", "every interval read"])
def test_a_store_offers_and_fills_what_the_folder_it_was_loaded_from_does(tmp_path, kept):
    """F6 takes a store (mqcalc smf load) as it takes a folder: the same choices, in the
    same order, the same traces to plot, each filling the same values from the same files,
    columns and lines; offered by the figures the store keeps (each interval imported as it
    is picked) or, where another mqzcalc worked them out, by reading every interval."""
    into = tmp_path / "mq.duckdb"
    with pytest.MonkeyPatch.context() as patched:
        if not kept:
            patched.setattr(stored_series, "stamp", lambda: "another mqzcalc")
        store.load(into, [SAMPLE])
    folder, offered, plotted = smf_offer(SAMPLE, lambda _said: None)
    stored, from_store, plotted_from_store = smf_offer(into, lambda _said: None)
    assert (stored.stored, stored.kept, len(from_store)) == (True, kept, 65)
    assert plotted_from_store == plotted
    assert [(c.label, c.detail) for c in from_store] == [(c.label, c.detail) for c in offered]
    for mine, theirs in zip(from_store, offered):
        filled, expected = smf_fill(stored, mine), smf_fill(folder, theirs)
        assert (filled.values, filled.imported, filled.missing, filled.refused) == \
            (expected.values, expected.imported, expected.missing, expected.refused)
        assert filled.heading[0] == f"SMF store {tmp_path / 'mq.duckdb'}, loaded from {SAMPLE}"
        assert filled.heading[1:] == expected.heading[1:]


def test_an_interval_a_store_no_longer_holds_as_offered_is_refused_naming_it(tmp_path):
    """Offered by the figures a store keeps, an interval is imported as it is picked: where
    its rows have gone from the store meanwhile, the import says so in one line."""
    import duckdb

    into = tmp_path / "mq.duckdb"
    store.load(into, [SAMPLE])
    stored, choices, _plotted = smf_offer(into, lambda _said: None)
    with duckdb.connect(str(into)) as connection:
        for table in store.table_columns(connection):
            if table.startswith("SMF-"):
                connection.execute(f'DELETE FROM "{table}"')
    interval = choices[0].chosen.imported.interval
    with pytest.raises(calc.MqcalcError) as refused:
        smf_fill(stored, choices[0])
    assert str(refused.value) == (
        f"smf {into}: holds no interval of {interval.qmgr} on {interval.lpar} from "
        f"{interval.start.isoformat(' ')} any more (read it again)")
