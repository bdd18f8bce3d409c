"""Queue accounting (SMF-WQ.csv) feeds cf_structure, per coupling facility structure: the
MQPUT and MQPUT1 calls to its shared queues a second and the mean size of the messages put,
the busiest structure's inputs taken; its SMDS statistics (SMF-QESD.csv), its SMDS buffers.
Every expected figure is worked out by hand."""
from __future__ import annotations

import pytest

from tests.inputs.test_smf import one, smf_json
from tests.inputs.test_smf_channels import statistics

HEADING = ("Date,Time,LPAR,QMgr,QSG,MQ_Version,Correlation,Open_Name,Base_Name,Open (DATE),"
           "Open (TIME),Scope,Put_Count,Put1_Count,CF_Structure,Total_Bytes_Put,\n")
"""The columns of mq-smf-csv's printWQ.c the feed reads and identifies a row by."""


def queue(name: str, scope: str, puts: int, put1s: int, structure: str, size: int) -> str:
    """One task's use of a queue, its record written at 10:20 (inside 10:00 to 10:30)."""
    return ('"2026/03/02","10:20:00,000000","SYSZ","QMZ1","QSGZ",800,"TASK1",'
            f'"{name}","{name}","2026/03/02","10:05:00,000000","{scope}",{puts},{put1s},'
            f'"{structure}",{size},\n')


def test_the_busiest_structures_put_rate_and_mean_message_size(tmp_path):
    """APPL1 holds shared queues A (3,000 MQPUTs and 600 MQPUT1s of 4,000 bytes) and B
    (1,000 MQPUTs of 10,001 bytes); APPL2 holds C (2,000 MQPUTs); the private queue D has the
    most puts of all and counts for no structure. APPL1 is the busiest (4,000 MQPUTs):
    (3,000 + 600 + 1,000) / 1800 s, and (3,600 × 4,000 + 1,000 × 10,001) / 4,600 bytes,
    5,304.56..., rounded up to 5,305."""
    statistics(tmp_path)
    (tmp_path / "SMF-WQ.csv").write_text(HEADING + "".join([
        queue("A", "Shared", 3000, 600, "APPL1", 3600 * 4000),
        queue("B", "Shared", 1000, 0, "APPL1", 1000 * 10001),
        queue("C", "Shared", 2000, 0, "APPL2", 2000 * 100),
        queue("D", "QMgr", 9000, 0, "", 9000 * 100),
    ]), encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert interval["inputs"]["cf_structure"] == {
        "put_rate": pytest.approx(4600 / 1800, rel=1e-12), "message_bytes": 5305}
    assert (3600 * 4000 + 1000 * 10001) / 4600 == pytest.approx(5304.565, abs=1e-3)
    listed = interval["items"]["cf_structure"]
    assert listed["chosen"] == "APPL1"
    items = {item["name"]: item for item in listed["items"]}
    assert set(items) == {"APPL1", "APPL2"}
    assert items["APPL2"]["inputs"] == {"put_rate": pytest.approx(2000 / 1800, rel=1e-12),
                                        "message_bytes": 100}
    assert interval["from"]["cf_structure"]["message_bytes"] == \
        "SMF-WQ.csv:Total_Bytes_Put,Put_Count,Put1_Count"


def test_no_shared_queue_leaves_the_structure_inputs_missing(tmp_path):
    statistics(tmp_path)
    (tmp_path / "SMF-WQ.csv").write_text(HEADING + queue("D", "QMgr", 9000, 0, "", 900),
                                         encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert "cf_structure" not in interval["inputs"]
    reasons = {m["input"]: m["reason"] for m in interval["missing"]
               if m["calculator"] == "cf_structure"}
    assert reasons == dict.fromkeys(
        ["put_rate", "message_bytes", "smds_buffers", "smds_block_kb"], "none of the interval's 1 rows of SMF-WQ.csv has Scope "
        "Shared (only a shared queue's messages are held in a coupling facility structure)")


SMDS_HEADING = ("Date,Time,LPAR,QMgr,QSG,MQ_Version,Interval_Start (DATE),"
                "Interval_Start (TIME),Interval_Duration,Structure,Buffer_Size,Buffer_Total,\n")
"""The columns of mq-smf-csv's printQESD.c the feed reads and places a row by."""


def smds(structure: str, block_bytes: int, buffers: int) -> str:
    """One structure's SMDS statistics for the interval 10:00 to 10:30, as the tool pads
    its name."""
    return ('"2026/03/02","10:30:00,000000","SYSZ","QMZ1","QSGZ",800,"2026/03/02",'
            f'"10:00:00,000100",1800,"{structure:<12}",{block_bytes},{buffers},\n')


def test_the_busiest_structures_smds_buffers_come_from_its_own_smds_statistics(tmp_path):
    """APPL1, the busiest structure (as above), has SMDS with 800 buffers of 256 KB; APPL2
    has 50 of 64 KB; CSQSYSAPPL none (0 and 0). APPL1's figures are taken, and APPL2 lists
    its own."""
    statistics(tmp_path)
    (tmp_path / "SMF-WQ.csv").write_text(HEADING + "".join([
        queue("A", "Shared", 3000, 600, "APPL1", 3600 * 4000),
        queue("C", "Shared", 2000, 0, "APPL2", 2000 * 100),
        queue("E", "Shared", 10, 0, "CSQSYSAPPL", 10 * 100),
    ]), encoding="ascii")
    (tmp_path / "SMF-QESD.csv").write_text(SMDS_HEADING + "".join([
        smds("APPL2", 65536, 50), smds("APPL1", 262144, 800), smds("CSQSYSAPPL", 0, 0),
    ]), encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert interval["inputs"]["cf_structure"] == {
        "put_rate": pytest.approx(3600 / 1800, rel=1e-12), "message_bytes": 4000,
        "smds_buffers": 800, "smds_block_kb": 256}
    assert interval["from"]["cf_structure"]["smds_buffers"] == "SMF-QESD.csv:Buffer_Total"
    items = {item["name"]: item["inputs"] for item in interval["items"]["cf_structure"]["items"]}
    assert (items["APPL2"]["smds_buffers"], items["APPL2"]["smds_block_kb"]) == (50, 64)
    assert "smds_buffers" not in items["CSQSYSAPPL"]


def test_a_structure_without_smds_rows_says_so(tmp_path):
    statistics(tmp_path)
    (tmp_path / "SMF-WQ.csv").write_text(HEADING + queue("A", "Shared", 30, 0, "APPL1", 30),
                                         encoding="ascii")
    (tmp_path / "SMF-QESD.csv").write_text(SMDS_HEADING + smds("APPL9", 262144, 800),
                                           encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    reasons = {m["input"]: m["reason"] for m in interval["missing"]
               if m["calculator"] == "cf_structure"}
    assert reasons == {"smds_buffers": "no row of the item gives Buffer_Total",
                       "smds_block_kb": "no row of the item gives Buffer_Size"}
