"""The SMF feeds are data beside the templates (templates/smf_feeds.yaml): read and checked
as strictly as a template, each mistake refused in one line naming the file, the key and
its line; a team's own templates folder declares its own calculators' feeds."""
from __future__ import annotations

import json
import shutil

import pytest
import yaml

from calc.inputs.smf.feeds import declared
from calc.inputs.smf.readings import READINGS
from tests.conftest import REPO
from tests.template.test_documents import mqcalc

SAMPLE = REPO / "tests" / "fixtures" / "smf" / "mq10-sample"
FEEDS = yaml.safe_load((REPO / "templates" / "smf_feeds.yaml").read_text(encoding="utf-8"))


def team_folder(tmp_path, feeds: str | None):
    """The installed templates copied into a team's folder, with ``feeds`` as its own
    smf_feeds.yaml (None: the folder has none)."""
    folder = tmp_path / "ours"
    shutil.copytree(REPO / "templates", folder, ignore=shutil.ignore_patterns("smf_feeds.yaml",
                                                                              "__*"))
    if feeds is not None:
        (folder / "smf_feeds.yaml").write_text(feeds, encoding="utf-8")
    return folder


def test_every_declared_input_is_one_of_its_calculators_and_read_by_a_known_reading():
    found = declared()
    assert [(feed.calculator, feed.input) for feed in found.feeds] == [
        (calculator, name) for calculator, spec in FEEDS["calculators"].items()
        for name in spec["inputs"]]
    assert {spec["reading"] for c in FEEDS["calculators"].values()
            for spec in c["inputs"].values()} <= set(READINGS)
    assert set(found.items) == {"pageset_encryption", "notify_delay", "cf_structure",
                                "client_vs_bindings", "channel_compression"}
    assert found.peak_by == (("adapters", "adapter_requests_per_sec"),
                             ("log_encryption", "log_mb_per_sec"))
    per = next(feed for feed in found.feeds if feed.input == "adapter_cpu_us")
    assert per.source == "SMF-QCTADP.csv:Task_CPU_Time(S),Task_CPU_Time(US),Request_Count"


@pytest.mark.parametrize("feeds, refusal", [
    ("calculators:\n  nosuch:\n    inputs: {}\n",
     "line 2: calculators.nosuch: 'nosuch' is not a calculator of the templates"),
    ("calculators:\n  adapters:\n    inputs:\n      chiadaps: {file: SMF-QCTADP.csv, "
     "reading: sum, column: Task_Index}\n",
     "line 4: calculators.adapters.inputs.chiadaps.reading: 'sum' is not a reading (known: "
     "rows, "),
    ("calculators:\n  adapters:\n    inputs:\n      cpus: {file: SMF-QCTADP.csv, "
     "reading: rows, column: Task_Index}\n",
     "line 4: calculators.adapters.inputs.cpus: 'cpus' is not an input of adapters"),
    ("calculators:\n  adapters:\n    inputs:\n      chiadaps: {file: SMF-QXXX.csv, "
     "reading: rows, column: Task_Index}\n",
     "line 4: calculators.adapters.inputs.chiadaps.file: 'SMF-QXXX.csv' is not a file of "
     "records (known: SMF-QCTADP.csv, "),
    ("records:\n  SMF-QXXX.csv: {placed_by: hour, key: []}\ncalculators: {}\n",
     "line 2: records.SMF-QXXX.csv.placed_by: 'hour' is not a way rows are placed (known: "
     "interval, record)"),
    ("records:\n  QXXX.txt: {placed_by: interval, key: []}\ncalculators: {}\n",
     "line 2: records.QXXX.txt: 'QXXX.txt' is not a file name mq-smf-csv writes (SMF-*.csv)"),
    ("records:\n  SMF-QXXX.csv: {placed_by: interval, key: Task_Index}\ncalculators: {}\n",
     "line 2: records.SMF-QXXX.csv.key: must be a list of column names"),
    ("records:\n  SMF-QXXX.csv: {placed_by: interval}\ncalculators: {}\n",
     "line 2: records.SMF-QXXX.csv.key: is required"),
    ("calculators:\n  adapters:\n    inputs:\n      chiadaps: {file: SMF-QCTADP.csv, "
     "reading: rows}\n",
     "line 4: calculators.adapters.inputs.chiadaps.column: is required"),
    ("calculators:\n  adapters:\n    inputs:\n      chiadaps: {file: SMF-QCTADP.csv, "
     "reading: rows, column: Task_Index, time: X}\n",
     "line 4: calculators.adapters.inputs.chiadaps.time: unknown key"),
    ("calculators:\n  adapters:\n    inputs: {}\npeak_by: [adapters.chiadaps]\n",
     "line 4: peak_by[0]: 'adapters.chiadaps' is no input fed above (CALCULATOR.INPUT)"),
    ("calculators: {}\nmeasured:\n  x_cpu: {title: X, unit: CPU s/s, help: x, "
     "address_space: IMS}\n",
     "line 3: measured.x_cpu.address_space: 'IMS' is not an address space (known: MSTR, "),
    ("calculators: {}\nmeasured:\n  x_cpu: {title: X, unit: CPU s/s, help: x}\n",
     "line 3: measured.x_cpu: a figure SMF does not give is the CPU of an address space "
     "the planner types: give its address_space, or its file and reading"),
    ("calculators: {}\nmeasured:\n  x_cpu: {title: X, unit: CPU s/s, help: x, whole: true, "
     "file: SMF-QMST.csv, reading: rate, column: Put}\n",
     "line 3: measured.x_cpu.whole: is an address space's whole CPU: give its address_space"),
    ("calculators: {}\nmeasured:\n  x_cpu: {title: X, unit: CPU s/s, help: x, "
     "address_space: CHIN, whole: 1}\n",
     "line 3: measured.x_cpu.whole: must be true or false"),
    ("calculators: {}\nmeasured:\n  x_cpu: {title: X, unit: CPU s/s, help: x, "
     "address_space: CHIN, reading: cpu_rate, time: Task_CPU_Time}\n",
     "line 3: measured.x_cpu.file: is required"),
    ("calculators: {}\nmeasured:\n  a_cpu: {title: A, unit: CPU s/s, help: a, "
     "address_space: CHIN, whole: true}\n  b_cpu: {title: B, unit: CPU s/s, help: b, "
     "address_space: CHIN, whole: true}\n",
     "line 4: measured.b_cpu.whole: CHIN has a whole figure already, a_cpu: one each"),
    ("calculators:\n  adapters:\n    inputs:\n      chiadaps: {file: SMF-QCTADP.csv, "
     "reading: rows, column: Task_Index, item_key: Task_Index}\n",
     "line 4: calculators.adapters.inputs.chiadaps.item_key: adapters is not fed per item"),
    ("calculators:\n  cf_structure:\n    items: {file: SMF-WQ.csv, key: CF_Structure, "
     "rank: Put_Count}\n    inputs:\n      smds_buffers: {file: SMF-QESD.csv, "
     "reading: setting, column: Buffer_Total}\n",
     "line 5: calculators.cf_structure.inputs.smds_buffers: reads SMF-QESD.csv, not its "
     "items' SMF-WQ.csv: give item_key, the column of that file naming the item"),
    ("calculators:\n  cf_structure:\n    items: {file: SMF-WQ.csv, key: CF_Structure, "
     "rank: Put_Count}\n    inputs:\n      put_rate: {file: SMF-WQ.csv, reading: rate, "
     "column: Put_Count, item_key: CF_Structure}\n",
     "line 5: calculators.cf_structure.inputs.put_rate.item_key: reads its items' own file, "
     "whose key is CF_Structure"),
])
def test_a_mistake_in_a_teams_feeds_is_refused_in_one_line(tmp_path, feeds, refusal):
    refused = mqcalc(team_folder(tmp_path, feeds), "smf", SAMPLE)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"mqcalc: smf_feeds.yaml: {refusal}"), refused.stderr
    assert refused.stderr.count("\n") == 1


def test_a_teams_records_are_added_to_the_installed_and_its_feeds_may_read_them(tmp_path):
    """A team declares how the rows of a file the installed feeds do not read are told
    apart (the channel initiator's SSL tasks, here a copy of raw/'s adapter tasks) and
    counts its adapters from it (a made-up choice): two tasks an interval."""
    data = shutil.copytree(REPO / "tests" / "fixtures" / "smf" / "raw", tmp_path / "data")
    shutil.copy(data / "SMF-QCTADP.csv", data / "SMF-QCTSSL.csv")
    ours = mqcalc(team_folder(tmp_path, (
        "records:\n  SMF-QCTSSL.csv: {placed_by: interval, key: [Task_Index]}\n"
        "calculators:\n  adapters:\n    inputs:\n      chiadaps: {file: SMF-QCTSSL.csv, "
        "reading: rows, column: Task_Index}\n")), "smf", data, "--interval", "all", "--json")
    assert ours.returncode == 0, ours.stderr
    fed = [(i["qmgr"], i["inputs"]["adapters"], i["from"]["adapters"])
           for i in json.loads(ours.stdout)["intervals"] if "adapters" in i["inputs"]]
    assert fed == [("QMA1", {"chiadaps": 2}, {"chiadaps": "SMF-QCTSSL.csv:Task_Index"})] * 2


def test_a_teams_feeds_replace_its_calculators_and_keep_the_others(tmp_path):
    """Here the team reads the adapter tasks' CPU per request from their elapsed time (a
    made-up choice) and keeps the request rate: its adapters are fed those two; the other
    calculators keep the installed feeds."""
    ours = mqcalc(team_folder(tmp_path, (
        "calculators:\n  adapters:\n    inputs:\n      adapter_requests_per_sec: {file: "
        "SMF-QCTADP.csv, reading: rate, column: Request_Count}\n      adapter_cpu_us: {file: "
        "SMF-QCTADP.csv, reading: per, time: Task_Elapsed_Time, count: Request_Count}\n")),
        "smf", SAMPLE, "--qmgr", "QML1", "--json")
    installed = mqcalc(REPO / "templates", "smf", SAMPLE, "--qmgr", "QML1", "--json")
    assert ours.returncode == installed.returncode == 0, ours.stderr + installed.stderr
    assert "adapter_cpu_us" in ours.stdout
    [mine], [theirs] = (yaml.safe_load(done.stdout)["intervals"] for done in (ours, installed))
    adapters, installed_adapters = mine["inputs"]["adapters"], theirs["inputs"]["adapters"]
    assert set(adapters) == {"adapter_requests_per_sec", "adapter_cpu_us"}
    assert adapters["adapter_cpu_us"] == installed_adapters["adapter_elapsed_us"]
    assert mine["inputs"]["log_encryption"] == theirs["inputs"]["log_encryption"]


def test_a_team_without_its_own_feeds_gets_the_installed_ones(tmp_path):
    ours = mqcalc(team_folder(tmp_path, None), "smf", SAMPLE, "--json")
    installed = mqcalc(REPO / "templates", "smf", SAMPLE, "--json")
    assert ours.returncode == 0 and ours.stdout == installed.stdout


def test_a_team_of_calculators_no_feed_reads_gets_what_the_system_used(tmp_path):
    """A team's folder holding connect only: no feed is declared for it, so no input is
    imported, and the installed feeds of calculators the team does not have are left out
    rather than refused as naming unknown calculators; what the channel initiator's tasks
    measurably used is still read (it feeds no calculator)."""
    folder = tmp_path / "connect-only"
    folder.mkdir()
    shutil.copy(REPO / "templates" / "connect.yaml", folder)
    shutil.copy(REPO / "templates" / "documents.yaml", folder)
    done = mqcalc(folder, "smf", SAMPLE, "--json")
    assert done.returncode == 0, done.stderr
    intervals = json.loads(done.stdout)["intervals"]
    assert all(interval["inputs"] == {} for interval in intervals)
    assert any("chin_adapter_cpu" in interval["measured"] for interval in intervals)
