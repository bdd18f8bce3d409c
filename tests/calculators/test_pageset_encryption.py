"""The pageset_encryption calculator: its properties over every input's whole declared domain
(strategies from the template). The PSET report it reads is tested in tests/inputs/test_report.py
and tests/inputs/test_report_door.py; the source's worked examples are the template's."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from tests.strategies import calculator_inputs

PAGESET = calc.calculator("pageset_encryption")
PAGES = ("write_pages", "imw_pages", "get_pages")


@given(calculator_inputs(PAGESET))
def test_the_extra_cpu_is_the_pages_costs_added_up_over_the_interval(inputs):
    out = calc.evaluate("pageset_encryption", inputs)
    parts = out["write_cpu_us"] + out["imw_cpu_us"] + out["get_cpu_us"]
    assert out["total_cpu_seconds"] == pytest.approx(parts / 1e6, rel=1e-12)
    assert out["cpu_seconds_per_sec"] * inputs["interval_sec"] == pytest.approx(
        out["total_cpu_seconds"], rel=1e-12)
    assert out["write_cpu_us"] == pytest.approx(
        inputs["write_pages"] * out["write_cpu_us_per_page"], rel=1e-12)


@given(calculator_inputs(PAGESET), st.sampled_from(PAGES), st.integers(0, 10**9))
def test_more_pages_never_lower_the_extra_cpu(inputs, pages, more):
    before = calc.evaluate("pageset_encryption", inputs)
    more_pages = min(inputs[pages] + more, PAGESET.inputs[pages].max)  # within the domain
    after = calc.evaluate("pageset_encryption", {**inputs, pages: more_pages})
    assert after["total_cpu_seconds"] >= before["total_cpu_seconds"]


@given(calculator_inputs(PAGESET))
def test_a_full_write_io_is_sixteen_pages(inputs):
    """A write I/O carries up to 16 pages (the input's help, from the source): the cost of a
    full one is 16 pages' cost, and no write I/O as written costs more."""
    out = calc.evaluate("pageset_encryption", inputs)
    assert out["full_write_cpu_us_per_io"] == pytest.approx(16 * out["write_cpu_us_per_page"])
    if inputs["write_requests"] and inputs["write_pages"] <= 16 * inputs["write_requests"]:
        assert out["write_cpu_us_per_io"] <= out["full_write_cpu_us_per_io"] * (1 + 1e-12)
