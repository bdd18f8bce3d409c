"""The applications' MQ CPU measured from class 1 accounting (SMF-QMAC.csv): every thread
but the channel initiator's, over the interval's length, as the baseline of the applications
(APPL) in a plan made from SMF. Every expected figure is worked out by hand, in the test."""
from __future__ import annotations

import pytest

from calc.inputs.plan import load_plan
from calc.inputs.plan_run import MEASURED, MEASURED_CHANGE, evaluate_plan
from tests.cli.test_cli import run_main
from tests.inputs.test_smf import one, smf_json
from tests.inputs.test_smf_channels import HEADING as CHANNELS
from tests.inputs.test_smf_channels import channel, statistics

HEADING = ("Date,Time,LPAR,QMgr,QSG,MQ_Version,Authorisation_ID,Correl_ID,Connection_Name,"
           "Operator_ID,Application_Type,Network_ID,CPU_Time(S),CPU_Time(US),\n")
"""The columns of mq-smf-csv's printQMAC.c the figure reads and identifies a thread by."""


def thread(kind: str, correl: str, seconds: int, micros: int, record: str = "10:30:00") -> str:
    """One thread's class 1 accounting row, its record written at ``record``."""
    return (f'"2026/03/02","{record},010000","SYSZ","QMZ1","",800,"APPUSER","{correl}",'
            f'"QMZ1{kind}","APPUSER","{kind}","NET{correl}",{seconds}, {micros} ,\n')


def folder_with_threads(folder, *rows: str):
    """QMZ1's statistics interval 10:00 to 10:30 (:func:`statistics`) and ``rows``."""
    statistics(folder)
    (folder / "SMF-QMAC.csv").write_text(HEADING + "".join(rows), encoding="ascii")
    return folder


def test_the_applications_mq_cpu_is_every_thread_but_the_channel_initiators(tmp_path):
    """A batch thread 3.5 s, a CICS thread 0.25 s, a channel initiator thread 9 s (its CPU
    is the adapter tasks', not the applications'), one batch thread written after the
    interval (10:45, belongs to none): (3.5 + 0.25) s in 1800 s."""
    folder_with_threads(tmp_path, thread("BATCH", "JOB1", 3, 500000),
                        thread("CICS", "CICSA1", 0, 250000),
                        thread("CHIN", "CHIN01", 9, 0),
                        thread("BATCH", "JOB2", 7, 0, record="10:45:00"))
    interval = one(smf_json(tmp_path), "QMZ1")
    assert interval["measured"]["appl_mq_cpu"] == pytest.approx(3.75 / 1800, rel=1e-12)
    assert interval["measured_from"]["appl_mq_cpu"] == \
        "SMF-QMAC.csv:Application_Type,CPU_Time(S),CPU_Time(US),Interval_Duration"
    # a client channel's connect gives the plan an input; the applications' CPU is measured
    (tmp_path / "SMF-QCST.csv").write_text(CHANNELS + channel(
        "APP.SVRCONN", "SvrConn", "14:05:00", "14:05:09", 4000, 3000, "0"), encoding="ascii")
    out = tmp_path / "plan.yaml"
    status, _text, err = run_main("smf", tmp_path, "--out", out, "--plan")
    assert status == 0, err
    today, proposed = evaluate_plan(load_plan(out)).variants
    assert today.variant.measured["appl_mq_cpu"] == pytest.approx(3.75 / 1800, rel=1e-6)
    assert today.basis("APPL") == MEASURED and proposed.basis("APPL") == MEASURED_CHANGE
    assert today.by_space["APPL"] == today.variant.measured["appl_mq_cpu"]


def test_no_application_thread_leaves_the_figure_missing(tmp_path):
    folder_with_threads(tmp_path, thread("CHIN", "CHIN01", 9, 0))
    interval = one(smf_json(tmp_path), "QMZ1")
    assert "appl_mq_cpu" not in interval["measured"]
    assert {(m["input"], m["reason"]) for m in interval["missing"]} >= {
        ("appl_mq_cpu", "no application thread (Application_Type other than CHIN) in the "
                        "interval's class 1 accounting")}
