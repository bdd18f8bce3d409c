"""The channel statistics (SMF-QCST.csv) feed connect and tls_channels: client connects a
second from the client channel instances that ended, whether they used TLS, and the message
channels that used TLS with the data they carried. Every expected figure is worked out by
hand from the rows, in the test."""
from __future__ import annotations

import csv

import pytest

from tests.cli.test_cli import run_main, words
from tests.inputs.test_smf import SAMPLE, one, smf_json

MB = 1024 * 1024
HEADING = ("Date,Time,LPAR,QMgr,QSG,MQ_Version,Collection_Time (DATE),Collection_Time (TIME),"
           "Chl_Name,Type,Connection_Name,Start (DATE),Start (TIME),Stop (DATE),Stop (TIME),"
           "Bytes_Sent,Bytes_Received,SSL_CipherSuite,\n")
"""The columns of mq-smf-csv's printQCST.c the feeds read, in its order, as ``-r`` writes
them; the record time is local, the channels' times GMT (the sample's QML1 is 4 hours
behind GMT, as here)."""


def channel(name: str, kind: str, start: str, stop: str, sent: int, received: int,
            cipher: str, connection: str = "10.0.0.2") -> str:
    """One channel instance's row of the record written at 10:30 local, 14:30 GMT."""
    stopped = f'"2026/03/02","{stop},000000"' if stop else '"",""'
    return ('"2026/03/02","10:30:00,010000","SYSZ","QMZ1","",800,"2026/03/02",'
            f'"14:30:00,011000","{name}","{kind}","{connection}","2026/03/02",'
            f'"{start},000000",{stopped},{sent},{received},{cipher},\n')


def statistics(folder) -> None:
    """QMZ1's one statistics interval, 10:00 to 10:30 local (its message manager's row)."""
    (folder / "SMF-QMST.csv").write_text(
        "Date,Time,LPAR,QMgr,QSG,MQ_Version,Interval_Start (DATE),Interval_Start (TIME),"
        "Interval_Duration,Put,\n"
        '"2026/03/02","10:30:00,000000","SYSZ","QMZ1","",800,"2026/03/02",'
        '"10:00:00,000100",1800,10,\n', encoding="ascii")


def test_client_connects_are_the_client_channel_instances_that_ended_and_tls_is_most_of_them(
        tmp_path):
    """Three client instances in the interval: two ended (one with TLS), one still running
    (with TLS); message channels: TO.QMZ2 twice over one connection with TLS (it restarted),
    FROM.QMZ2 with TLS 1.3, PLAIN without. Client connects 2 / 1800 s; TLS on 2 of 3 client
    instances, most of them; 2 TLS message channels, carrying (600 + 6 + 100 + 1 + 50 + 250)
    MB in 1800 s."""
    statistics(tmp_path)
    (tmp_path / "SMF-QCST.csv").write_text(HEADING + "".join([
        channel("APP.SVRCONN", "SvrConn", "14:05:00", "14:05:09", 4000, 3000, "3D", "10.1.1.1"),
        channel("APP.SVRCONN", "SvrConn", "14:10:00", "14:10:02", 4000, 3000, "0", "10.1.1.2"),
        channel("APP.SVRCONN", "SvrConn", "14:20:00", "", 4000, 3000, "3D", "10.1.1.3"),
        channel("TO.QMZ2", "Sender", "13:00:00", "14:12:00", 600 * MB, 6 * MB, "C028"),
        channel("TO.QMZ2", "Sender", "14:12:05", "", 100 * MB, MB, "C028"),
        channel("FROM.QMZ2", "Receiver", "13:00:00", "", 50 * MB, 250 * MB, "1301"),
        channel("PLAIN", "Sender", "13:00:00", "", 900 * MB, MB, "0"),
    ]), encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert interval["inputs"]["connect"] == {"connects_per_sec": 2 / 1800, "tls": True}
    assert interval["inputs"]["tls_channels"] == {
        "channels": 2, "mb_per_sec": pytest.approx((600 + 6 + 100 + 1 + 50 + 250) / 1800,
                                                   rel=1e-12)}
    assert interval["from"]["connect"]["connects_per_sec"] == \
        "SMF-QCST.csv:Type,Stop (DATE),Stop (TIME),Interval_Duration"
    assert "client channel instances that ended" in interval["caveats"]["connect"][
        "connects_per_sec"]
    status, text, _err = run_main("smf", tmp_path)
    assert status == 0
    assert "channels 2 channels SMF-QCST.csv:Type, SSL_CipherSuite, Chl_Name, " \
           "Connection_Name (lines 2-8)" in words(text)


def test_no_client_channel_says_connects_missing_and_an_unreadable_cipher_is_refused(
        tmp_path):
    statistics(tmp_path)
    (tmp_path / "SMF-QCST.csv").write_text(HEADING + channel(
        "TO.QMZ2", "Sender", "13:00:00", "", MB, MB, "Z9"), encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert "connect" not in interval["inputs"] and "tls_channels" not in interval["inputs"]
    missing = {(m["calculator"], m["input"]): m["reason"] for m in interval["missing"]}
    assert missing[("connect", "connects_per_sec")] == \
        "no client channel (Type SvrConn) in the interval's channel statistics"
    refused = [r for r in interval["refused"] if r["calculator"] == "tls_channels"]
    assert {(r["input"], r["value"], tuple(r["columns"]), tuple(r["lines"]), r["expects"])
            for r in refused} == {
        (name, "Z9", ("SSL_CipherSuite",), (2,),
         "expects a CipherSuite number in hexadecimal, 0 for a channel without TLS")
        for name in ("channels", "mb_per_sec")}


def test_the_samples_client_connects_count_each_instance_once_where_it_ended():
    """IBM's sample: QML1's client instances (ELKINSC.TEST.SVRCONN, no TLS). The record
    written at 18:08:01.80 holds four, three ended and one running (started 22:07:35.84
    GMT); the next, at 18:08:47.56, holds it again, ended, with two more. So the interval
    from 18:06:40.93 (80 s) has 3 connects and the one from 18:08:01.81 (45 s) 3, and
    over all intervals the connects are the rows with a stop time, each once."""
    intervals = {i["start"]: i for i in smf_json(SAMPLE, "--qmgr", "QML1", "--interval", "all")}
    first, second = intervals["2016-02-27T18:06:40.926919"], intervals[
        "2016-02-27T18:08:01.809258"]
    assert (first["seconds"], second["seconds"]) == (80, 45)
    assert first["inputs"]["connect"] == {"connects_per_sec": 3 / 80, "tls": False}
    assert second["inputs"]["connect"] == {"connects_per_sec": 3 / 45, "tls": False}
    with (SAMPLE / "SMF-QCST.csv").open(encoding="latin-1", newline="") as file:
        ended = sum(1 for row in csv.DictReader(file) if row["Stop (DATE)"].strip())
    assert ended == 22
    assert sum(round(i["inputs"]["connect"]["connects_per_sec"] * i["seconds"])
               for i in intervals.values() if "connect" in i["inputs"]) == ended


def test_the_busiest_server_connection_channel_feeds_client_vs_bindings_its_message_rate():
    """QML1's peak interval (71 s from 18:04:44 local): SMF-QCST.csv lines 7-9, three
    instances of ELKINSC.TEST.SVRCONN carrying 105 + 104 + 105 messages (Msg_All_Count), the
    only server-connection channel; the rate is theirs over the interval's length."""
    interval = one(smf_json(SAMPLE, "--qmgr", "QML1"), "QML1")
    assert interval["seconds"] == 71
    assert interval["inputs"]["client_vs_bindings"] == {
        "messages_per_sec": pytest.approx((105 + 104 + 105) / 71, rel=1e-12)}
    assert interval["items"]["client_vs_bindings"]["chosen"] == "ELKINSC.TEST.SVRCONN"
    assert interval["from"]["client_vs_bindings"]["messages_per_sec"] == \
        "SMF-QCST.csv:Msg_All_Count,Interval_Duration"


COMPRESSION_HEADING = ("Date,Time,LPAR,QMgr,QSG,MQ_Version,Collection_Time (DATE),"
                       "Collection_Time (TIME),Chl_Name,Type,Connection_Name,Start (DATE),"
                       "Start (TIME),Msg_All_Count,Number_Bytes,Compression_Rate,\n")
"""printQCST.c's columns that feed channel_compression, in its order."""


def carried(name: str, kind: str, start: str, messages: int, data: int, rate: int) -> str:
    """One channel instance of the record written at 10:30 local: its messages, their bytes
    and the compression rate it achieved."""
    return ('"2026/03/02","10:30:00,010000","SYSZ","QMZ1","",800,"2026/03/02",'
            f'"14:30:00,011000","{name}","{kind}","10.0.0.2","2026/03/02","{start},000000",'
            f'{messages},{data},{rate},\n')


def test_the_busiest_sender_channel_feeds_channel_compression(tmp_path):
    """TO.QMZ2 ran twice: 1,000 messages of 32,768,000 bytes compressed at 40 %, then 500 of
    8,192,000 bytes at 70 %: 1,500 messages in 1,800 s, 40,960,000 / 1,500 / 1,024 KB each,
    and a compression rate of (40 x 32,768,000 + 70 x 8,192,000) / 40,960,000 = 46 % by
    their bytes. The receiver and the client channel carried more, and are not senders."""
    statistics(tmp_path)
    (tmp_path / "SMF-QCST.csv").write_text(COMPRESSION_HEADING + "".join([
        carried("TO.QMZ2", "Sender", "13:00:00", 1000, 32_768_000, 40),
        carried("TO.QMZ2", "Sender", "14:12:05", 500, 8_192_000, 70),
        carried("QUIET", "Sender", "13:00:00", 100, 1_024_000, 0),
        carried("FROM.QMZ2", "Receiver", "13:00:00", 5000, 5_120_000, 0),
        carried("APP.SVRCONN", "SvrConn", "14:05:00", 9000, 0, 0),
    ]), encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert interval["items"]["channel_compression"]["chosen"] == "TO.QMZ2"
    assert interval["inputs"]["channel_compression"] == {
        "transactions_per_sec": pytest.approx(1500 / 1800, rel=1e-12),
        "message_kb": pytest.approx(40_960_000 / 1500 / 1024, rel=1e-12),
        "compressibility_pct": pytest.approx(46, rel=1e-12)}
    assert interval["from"]["channel_compression"]["compressibility_pct"] == \
        "SMF-QCST.csv:Compression_Rate,Number_Bytes"
    assert "COMPRATE" in interval["caveats"]["channel_compression"]["compressibility_pct"]


def test_a_sender_that_compresses_nothing_says_its_compressibility_is_not_known(tmp_path):
    """COMPMSG NONE shows as a compression rate of 0, which says nothing of how
    compressible the messages are: the input is missing, with the reason."""
    statistics(tmp_path)
    (tmp_path / "SMF-QCST.csv").write_text(COMPRESSION_HEADING + carried(
        "TO.QMZ2", "Sender", "13:00:00", 2048, 2_097_152, 0), encoding="ascii")
    interval = one(smf_json(tmp_path), "QMZ1")
    assert interval["inputs"]["channel_compression"] == {
        "transactions_per_sec": pytest.approx(2048 / 1800, rel=1e-12), "message_kb": 1}
    missing = {(m["calculator"], m["input"]): m["reason"] for m in interval["missing"]}
    assert missing[("channel_compression", "compressibility_pct")] == (
        "Compression_Rate is 0: the channel compressed nothing (COMPMSG NONE), so how "
        "compressible its messages are is not in the data")
