"""The planner's machine (templates/parts/machine.yaml): published CPU figures scaled from the
machine IBM measured them on to z13-z16, and CPU busy as a share of the LPAR and in MSU.

The generation tables are IBM's: "The following table shows the expected improvement on z14
over z13 ..." (mqperf_MQ_for_zOS_on_z14_v1.2.txt, page 6), "... on z15 over z14 ..."
(mqperf_MQ_for_zOS_on_z15.txt, page 6), "... on z16 over z15 ..." (mqperf_MQ_for_zOS_on_z16.txt,
page 7), each by CPUs (3, 16, 32) and workload (LOW, AVERAGE, HIGH)."""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from tests.conftest import CALCULATORS, REPO, cited_document, printed_pages
from tests.strategies import calculator_inputs

SCALED = [c for c in CALCULATORS if "cpu_scale" in c.outputs]
GENERATION = {"z13": 13, "z14": 14, "z15": 15, "z16": 16}
MEASURED = {"connect": {"z14"}, "adapters": {"z14"}, "ams": {"z14"},
            "log_encryption": {"z14", "z15"}, "pageset_encryption": {"z14", "z15"},
            "tls_channels": {"z14", "z15", "z16"}, "archive_logs": {"z13", "z14", "z15"},
            "client_vs_bindings": {"z14"}, "channel_compression": {"z16"}}
"""The machines each calculator's figures were measured on (their templates' measured_on)."""


def test_the_calculators_with_published_cpu_figures_are_the_scaled_ones():
    assert sorted(c.id for c in SCALED) == sorted(MEASURED)
    assert all(c.measured_on for c in SCALED)


def test_the_readme_lists_every_calculator_that_takes_the_machine():
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    listed = readme[readme.index("Those with published CPU figures ("):].split(")")[0]
    assert sorted(re.findall(r"`(\w+)`", listed)) == sorted(c.id for c in SCALED)


@pytest.mark.ibm_texts
@pytest.mark.parametrize(("report", "page", "rows"), [
    ("mqperf_MQ_for_zOS_on_z14_v1.2.txt", 6, {3: (6, 8, 11), 16: (7, 10, 12), 32: (17, 11, 14)}),
    ("mqperf_MQ_for_zOS_on_z15.txt", 6, {3: (11, 13, 15), 16: (12, 14, 16), 32: (12, 13, 16)}),
    ("mqperf_MQ_for_zOS_on_z16.txt", 7, {3: (9, 10, 12), 16: (9, 11, 14), 32: (10, 12, 14)}),
], ids=["z14 over z13", "z15 over z14", "z16 over z15"])
def test_the_generation_tables_are_the_reports(report, page, rows):
    text = printed_pages(cited_document(report))[page]  # the table on the page cited
    for cpus, figures in rows.items():
        printed = rf"^ {cpus}\s+" + r"\s+".join(rf"\+{figure}%" for figure in figures) + r"\s*$"
        assert re.search(printed, text, re.M), (report, cpus)
    table = calc.calculator("connect").tables[
        {"mqperf_MQ_for_zOS_on_z14_v1.2.txt": "z14_over_z13_pct",
         "mqperf_MQ_for_zOS_on_z15.txt": "z15_over_z14_pct",
         "mqperf_MQ_for_zOS_on_z16.txt": "z16_over_z15_pct"}[report]]
    assert f"page {page}" in table.citation.passage
    assert {cpus: tuple(table.data[cpus, rni] for rni in ("low", "average", "high"))
            for cpus in (3, 16, 32)} == rows


@pytest.mark.parametrize(("machine", "rni", "processors", "factor"), [
    ("z16", "average", 3, 1 / (1.13 * 1.09)),   # 760 -> 617: z16 takes its row's lower end, 9%
    ("z16", "high", 3, 1 / (1.15 * 1.09)),      # high RNI: z15's column, but z16's lower end
    ("z15", "high", 20, 1 / 1.16),              # 20 CPs use the 16-CP row
    ("z13", "low", 40, 1.17),                   # back a generation: multiplied; 32-CP row
    ("z14", "high", 1, 1.0),                    # the machine measured: exactly 1
])
def test_connect_scales_by_the_product_of_the_steps(machine, rni, processors, factor):
    measured = calc.evaluate("connect", {})
    there = calc.evaluate("connect", {"machine": machine, "workload_rni": rni,
                                      "processors": processors})
    assert there["cpu_scale"] == pytest.approx(factor, rel=1e-12)
    for name in ("connect_cpu_us", "blocked_cpu_us", "qmgr_cpu_us", "chin_cpu_us"):
        assert there[name] == pytest.approx(measured[name] * factor, rel=1e-12), name


@pytest.mark.parametrize("calculator", SCALED, ids=lambda c: c.id)
@given(data=st.data())
def test_the_factor_follows_the_generations(calculator, data):
    """Exactly 1 on a machine measured; below 1 on a newer one, above 1 on an older one;
    and the LPAR share and MSU are this LPAR's CPU s/s (the plan's total where the template
    names one: AMS's LPAR A, not its partner's too) over the processors and times MSU per CP."""
    inputs = data.draw(calculator_inputs(calculator))
    out = calc.evaluate(calculator.id, inputs)
    chosen = GENERATION[inputs["machine"]]
    measured = {GENERATION[m] for m in MEASURED[calculator.id]}
    if chosen in measured:
        assert out["cpu_scale"] == 1
    elif chosen == 16 and out["z16_spans_pus"]:
        # more than 6 CPs span z16 processor units: z16 costs 3.5% more than z15 (z16 report,
        # page 10), so the step from z15 raises the cost instead of lowering it
        on_z15 = calc.evaluate(calculator.id, {**inputs, "machine": "z15"})
        assert out["cpu_scale"] == pytest.approx(on_z15["cpu_scale"] * 1.035, rel=1e-12)
    elif chosen > max(measured):
        assert out["cpu_scale"] < 1
    elif measured == {16} and out["z16_spans_pus"] and chosen == 15:
        # measured on z16 alone: an LPAR of more than 6 CPs spans its processor units, 3.5%
        # dearer than z15 (the part's rule: the figures stand for the planner's LPAR size)
        assert out["cpu_scale"] == pytest.approx(1 / 1.035, rel=1e-12)
    else:
        assert out["cpu_scale"] > 1
    counted = out[(calculator.cpu_spent and calculator.cpu_spent.total) or "cpu_seconds_per_sec"]
    assert out["lpar_busy_pct"] == pytest.approx(counted / inputs["processors"] * 100,
                                                 rel=1e-12)
    assert out["msu"] == pytest.approx(counted * inputs["msu_per_cp"], rel=1e-12)


def test_figures_typed_from_the_planners_own_data_are_never_scaled():
    typed = {"adapter_times": "report", "adapter_cpu_us": 35, "adapter_elapsed_us": 111}
    here, there = (calc.evaluate("adapters", {**typed, "machine": m}) for m in ("z14", "z16"))
    assert here["cpu_used_us"] == there["cpu_used_us"] == 35
    example = {"adapter_times": "privacy", "machine": "z16"}
    scaled = calc.evaluate("adapters", example)
    assert scaled["cpu_used_us"] == pytest.approx(20 * scaled["cpu_scale"], rel=1e-12)
    # the source's example keeps its measured waiting (347 - 20 µs); only its CPU part scales
    assert scaled["elapsed_used_us"] - scaled["cpu_used_us"] == pytest.approx(327, rel=1e-12)


def test_pageset_figures_of_z14_and_z15_are_their_own_columns():
    """003_a65b9f47387b24ec.txt: "WRITE +2.7 microseconds / page ... on z15. +3.2
    microseconds / page ... on z14.\""""
    z14, z15 = (calc.evaluate("pageset_encryption", {"machine": m}) for m in ("z14", "z15"))
    assert (z14["write_cpu_us_per_page"], z15["write_cpu_us_per_page"]) == (3.2, 2.7)
    z16 = calc.evaluate("pageset_encryption", {"machine": "z16"})
    assert z16["write_cpu_us_per_page"] == pytest.approx(2.7 / 1.09, rel=1e-12)


@pytest.mark.parametrize(("processors", "step"), [
    (3, 1 + 9 / 100), (6, 1 + 9 / 100),       # within one z16 processor unit: the 3-CP row's lower end
    (7, 1 / 1.035), (10, 1 / 1.035),           # spanning units: IBM's measured 3.5% more cost
    (16, 1 / 1.035), (32, 1 / 1.035)])
def test_an_lpar_spanning_z16_processor_units_takes_ibms_measured_cost_not_the_lspr_gain(
        processors, step):
    """Issue 37, section 4, the z16 report: "we are seeing a maximum of 6 processors being
    allocated per PU" (mqperf_MQ_for_zOS_on_z16.txt, page 9) and "The IBM z16 transaction
    cost when using 10 CPU’s per LPAR was 3.5% higher than on IBM z15" (page 10). Before,
    ``connect machine=z16 processors=10`` credited z16 with the table's 10% over z15."""
    z15, z16 = (calc.evaluate("connect", {"machine": m, "processors": processors})
                for m in ("z15", "z16"))
    assert z15["machine_speed"] * step == pytest.approx(z16["machine_speed"], rel=1e-12)
    assert z16["z16_spans_pus"] is (processors > 6)
    assert z15["z16_spans_pus"] is False    # no z16 on either side: nothing spans
    said = " ".join(calc.run("connect", {"machine": "z16", "processors": processors}).said)
    assert ("spans processor units: IBM measured" in said) is (processors > 6)
    measured = calc.evaluate("tls_channels", {"machine": "z16", "processors": processors})
    assert measured["cpu_scale"] == 1     # IBM's own z16 figures are used as measured


@pytest.mark.parametrize(("processors", "row", "gain_pct"), [(16, 16, 14), (24, 16, 14),
                                                            (31, 16, 14), (32, 32, 13)])
def test_between_rows_the_row_below_is_used_and_the_help_says_it_is_not_always_smaller(
        processors, row, gain_pct):
    """Issue 37, section 4: z15 over z14 at average RNI is +14% on the 16-CP row and +13% on
    the 32-CP row (mqperf_MQ_for_zOS_on_z15.txt, page 6: "16 +12% +14% +16%", "32 +12% +13%
    +16%"), so 24 CPs take 14%, more than 32 CPs get: the help may not call the row below
    "the smaller expected gain", and it says the LPAR's size within a generation is an
    assumption."""
    spec = calc.calculator("connect").inputs["processors"]
    help_text = " ".join(spec.help.split())
    assert "smaller expected gain" not in help_text
    assert "24 CPs take the 16-CP row's 14% where 32 CPs get 13%" in help_text
    assert "an assumption" in help_text
    outputs = calc.evaluate("connect", {"machine": "z15", "processors": processors})
    assert outputs["scaling_row"] == row
    assert outputs["machine_speed"] / outputs["measured_speed"] == pytest.approx(
        1 + gain_pct / 100)


@pytest.mark.ibm_texts
@pytest.mark.parametrize("rni", ["low", "average", "high"])
@pytest.mark.parametrize("processors", [1, 3, 6, 7, 16, 32, 64])
def test_z16_log_costs_never_fall_more_than_ibm_measured_for_logging(rni, processors):
    """Issue 37, section 4: the z16 report measured the cost per MB logged against z15 by
    message size, "Small messages (up to 16KB), the costs were reduced by up to 10%" and
    "Larger messages (up to 4MB), costs were reduced by up to 28%" (page 22). Those are
    the most the cost fell, for MQ's whole logging cost, not the CPACF work of encryption,
    so log_encryption keeps the generic step; the test holds that step inside what was
    measured for its 1 MB workload (a larger message): never more than 28 % less."""
    page = " ".join(printed_pages(cited_document("mqperf_MQ_for_zOS_on_z16.txt"))[22].split())
    assert "Larger messages (up to 4MB), costs were reduced by up to 28%" in page
    z15, z16 = (calc.evaluate("log_encryption", {"machine": machine, "processors": processors,
                                                 "workload_rni": rni})
                for machine in ("z15", "z16"))
    assert z16["measured_mstr_cpu_us_per_mb"] >= z15["measured_mstr_cpu_us_per_mb"] * (1 - 0.28)
    assert z16["cpu_us_per_mb"] >= z15["cpu_us_per_mb"] * (1 - 0.28)
