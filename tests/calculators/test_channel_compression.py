"""The channel_compression calculator: its four tables hold every row of the report's
twenty (IBM MQ for z/OS: Channel Compression v1.1, appendices A to E, pages 36 to 53), its
figures are those rows at the sizes and compressibilities IBM measured, and between them
the costs, the cheapest COMPMSG and the break-even compressibility agree with each other."""
from __future__ import annotations

import re

import pytest
from hypothesis import given

import calc
from calc import engine
from tests.conftest import cited_document, printed_pages
from tests.strategies import calculator_inputs

CHANNEL_COMPRESSION = calc.calculator("channel_compression")
REPORT = "mqperf_MQforZOS_ChannelCompression_v1.1.txt"
PROTECTIONS = ["none", "ecdhe_rsa_256_cbc_sha384", "tls_rsa_with_aes_256_cbc_sha256",
               "tls_aes_128_gcm_sha256", "tls_chacha20_poly1305_sha256"]
"""In the order of the appendices A to E, and of the tables' row numbers (1 to 5)."""
MEASURES = ["transaction_cost_us", "transaction_rate", "compress_us_per_segment",
            "decompress_us_per_segment"]
"""The four tables of each appendix, in its order."""
COMPMSG = {"NONE": 0, "RLE": 1, "ZLIBFAST": 2, "ZLIBHIGH": 3}
PAGES = {1: 36, 2: 37, 3: 38, 4: 39, 5: 40, 6: 41, 7: 42, 8: 42, 9: 43, 10: 44, 11: 45,
         12: 45, 13: 46, 14: 47, 15: 48, 16: 49, 17: 50, 18: 51, 19: 52, 20: 53}
"""The page each table's heading is printed on."""
ROW = re.compile(r"^\s*(?:(\d+)KB\s+)?(NONE|RLE|ZLIBFAST|ZLIBHIGH)\s+((?:[\d.]+\s+){4}[\d.]+)\s*$")


def printed_tables() -> dict[int, dict[tuple[int, str], list[float]]]:
    """Every row of tables 1 to 20 as printed: (size in KB, COMPMSG) to its five figures."""
    text = cited_document(REPORT).read_text(encoding="utf-8")
    body = text[text.index("Table 1: Transaction cost"):text.rindex("Appendix F")]
    tables: dict[int, dict] = {}
    number = size = None
    for line in body.splitlines():
        heading = re.match(r"\s*Table (\d+):", line)
        if heading:
            number = int(heading[1])
            tables[number] = {}
            continue
        row = ROW.match(line)
        if row:
            size = int(row[1]) if row[1] else size
            tables[number][size, row[2]] = [float(figure) for figure in row[3].split()]
    return tables


@pytest.mark.ibm_texts
def test_the_tables_hold_every_printed_row_and_nothing_else():
    tables, stored = printed_tables(), CHANNEL_COMPRESSION.tables
    assert sorted(tables) == list(range(1, 21))
    for number, rows in tables.items():
        protection, measure = divmod(number - 1, 4)
        assert f"Table {number}:" in printed_pages(cited_document(REPORT))[PAGES[number]]
        table = stored[MEASURES[measure]]
        for size in (2, 8, 16, 32, 64, 100):
            for name, code in COMPMSG.items():
                key = (protection + 1) * 10000 + size * 10 + code
                held = [table.data[key, column] for column in (0, 20, 40, 60, 80)]
                # a row not printed (ZLIBHIGH under TLS 1.2, NONE's compression times) is 0
                assert held == rows.get((size, name), [0] * 5), (number, size, name)
    # appendices B and C leave ZLIBHIGH out; the compression tables have no NONE row
    assert all(name != "ZLIBHIGH" for number in range(5, 13) for _, name in tables[number])
    assert sum(len(rows) for rows in tables.values()) == 2 * (24 + 24 + 18 + 18) + 2 * (
        18 + 18 + 12 + 12) + (24 + 24 + 18 + 18)


@pytest.mark.ibm_texts
def test_over_unencrypted_channels_every_compmsg_costs_more_than_none():
    """Page 31: "once message compression was enabled, the cost per transaction exceeded
    that of workloads run with message compression disabled for all message sizes and
    compressibility of messages"; and its rates never matched NONE's."""
    cost, rate = printed_tables()[1], printed_tables()[2]
    for (size, name), figures in cost.items():
        if name != "NONE":
            assert all(mine > none for mine, none in zip(figures, cost[size, "NONE"]))
            assert all(mine < none for mine, none in zip(rate[size, name], rate[size, "NONE"]))


@pytest.mark.parametrize(("protection", "size", "share", "compmsg", "cost"), [
    ("ecdhe_rsa_256_cbc_sha384", 32, 40, "zlibfast", 590.25),   # table 5
    ("ecdhe_rsa_256_cbc_sha384", 32, 80, "zlibfast", 464.63),   # table 5
    ("none", 32, 80, "zlibfast", 252.64),                       # table 1
    ("tls_aes_128_gcm_sha256", 16, 20, "zlibhigh", 913.22),     # table 13
    ("tls_chacha20_poly1305_sha256", 8, 60, "rle", 455.44),     # table 17
    ("tls_rsa_with_aes_256_cbc_sha256", 2, 0, "none", 148.24),  # table 9
])
def test_the_figures_at_a_measured_point_are_the_tables(protection, size, share, compmsg,
                                                          cost):
    out = engine.run("channel_compression", {"protection": protection, "message_kb": size,
                                             "compressibility_pct": share,
                                             "compmsg": compmsg, "machine": "z16"}).outputs
    assert out["cost_us"] == pytest.approx(cost, abs=1e-9)


def test_zlibhigh_has_no_figure_under_the_tls_1_2_ciphers():
    result = engine.run("channel_compression", {"compmsg": "zlibhigh"})
    assert {"cost_us", "cpu_seconds_per_sec", "break_even_compressibility_pct",
            "cost_zlibhigh_us"} <= set(result.unknown)
    assert result.outputs["cheapest"] != "ZLIBHIGH"
    measured = engine.run("channel_compression", {"compmsg": "zlibhigh",
                                                  "protection": "tls_aes_128_gcm_sha256"})
    assert "cost_us" not in measured.unknown


@given(calculator_inputs(CHANNEL_COMPRESSION))
def test_the_cheapest_is_cheapest_and_compression_adds_its_cost_over_none(inputs):
    out = calc.evaluate("channel_compression", inputs)
    measured = {"NONE": out["cost_none_us"], "RLE": out["cost_rle_us"],
                "ZLIBFAST": out["cost_zlibfast_us"]}
    if out["zlibhigh_measured"]:
        measured["ZLIBHIGH"] = out["cost_zlibhigh_us"]
    assert measured[out["cheapest"]] == min(measured.values())
    assert out["extra_cost_us"] == pytest.approx(out["cost_us"] - out["cost_none_us"])
    assert out["cpu_seconds_per_sec"] == pytest.approx(
        out["extra_cost_us"] * inputs["transactions_per_sec"] / 1e6, abs=1e-12)
    assert out["segments"] >= 1 and out["segments"] * out["segment_kb"] >= inputs["message_kb"]


@given(calculator_inputs(CHANNEL_COMPRESSION))
def test_at_the_break_even_compressibility_the_compmsg_costs_what_none_does(inputs):
    """Along a straight line between the measured compressibilities the costs cross at the
    break-even: there the COMPMSG chosen costs NONE's, and it costs more just below."""
    out = calc.evaluate("channel_compression", inputs)
    if inputs["compmsg"] == "none" or not out["chosen_measured"] \
            or not out["pays_within_measured"] or out["gap_0_us"] <= 0:
        return
    even = out["break_even_compressibility_pct"]
    assert 0 < even <= 80
    at = calc.evaluate("channel_compression", {**inputs, "compressibility_pct": even})
    assert at["extra_cost_us"] == pytest.approx(0, abs=1e-6)
    below = calc.evaluate("channel_compression", {**inputs, "compressibility_pct": even * 0.99})
    assert below["extra_cost_us"] > -1e-9


def test_a_tls_segment_is_16_kb_and_a_plain_one_32_kb():
    """Page 16: segmenting happens for messages "32 KB or larger, or 16 KB or larger, and
    the channel has TLS encryption"; its 63 KB message over TLS made "four segments". Page
    24: "for a 100KB message we would expect 4 decompress calls" (no TLS)."""
    tls = engine.run("channel_compression", {"message_kb": 63}).outputs
    assert (tls["segment_kb"], tls["segments"]) == (16, 4)
    plain = engine.run("channel_compression", {"message_kb": 100, "protection": "none"}).outputs
    assert (plain["segment_kb"], plain["segments"]) == (32, 4)
    small = engine.run("channel_compression", {"message_kb": 15}).outputs
    assert small["segments"] == 1
