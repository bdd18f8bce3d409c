"""How figures are written for a person (calc.core.readable): readable time units, one number of
decimals per unit, and no non-zero figure read as 0. Pure functions, no app."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc.core.formatting import significant
from calc.core.readable import Shown, column, consistent, readable


@pytest.mark.parametrize("value, unit, decimals, text, shown_unit", [
    (2364633.0, "CPU µs", 1, "2.36", "CPU s"),       # pageset write CPU: millions of µs
    (15_000, "µs/request", 0, "15.0", "ms/request"),
    (9_999.0, "CPU µs", 1, "9,999.0", "CPU µs"),      # below 10,000 it stays as published
    (760.0, "CPU µs", 0, "760", "CPU µs"),
    (0.0004, "CPU s/s", 3, "400", "CPU µs/s"),       # the per-second rate's "/s" stays
    (0.00131, "CPU s/s", 5, "0.00131", "CPU s/s"),   # readable at its own decimals
    (3e-7, "probability", 3, "0.000000300", "probability"),
    (-0.00002, "%", 1, "-0.0000200", "%"),
    (90090.09, "requests/s", 0, "90,090", "requests/s"),  # not a time: "/s" is a rate
    (100, "%", 1, "100.0", "%"),                      # an int of an output with decimals
    (30, "adapters", 0, "30", "adapters"),
    (0.0, "CPU s/s", 4, "0.0000", "CPU s/s"),
    (True, "", 0, "yes", ""),
    ("mostly waiting", "", 0, "mostly waiting", ""),
])
def test_readable(value, unit, decimals, text, shown_unit):
    shown = readable(value, unit, decimals)
    assert (shown.text, shown.unit) == (text, shown_unit)


def test_decimals_are_the_same_within_a_unit_but_counts_stay_whole():
    figures = consistent([readable(4.902093, "adapters", 2), readable(30, "adapters", 0),
                          readable(111, "µs/request", 1), readable(76.5, "µs/request", 0),
                          readable(2364633.0, "CPU µs", 1), readable(2.3646477, "CPU s", 3)])
    assert [figure.text for figure in figures] == ["4.90", "30", "111.0", "76.5", "2.365",
                                                   "2.365"]


def test_a_figure_widened_not_to_read_0_does_not_widen_its_peers():
    figures = consistent([readable(0.00002, "%", 1), readable(45.0, "%", 1)])
    assert [figure.text for figure in figures] == ["0.0000200", "45.0"]


@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False).filter(lambda v: v != 0),
       st.sampled_from(["CPU µs", "µs/request", "CPU s/s", "ms", "%", "MB/s"]),
       st.integers(min_value=0, max_value=6))
def test_no_non_zero_figure_reads_0_and_its_value_is_kept(value, unit, decimals):
    shown = readable(value, unit, decimals)
    assert any(digit in shown.text for digit in "123456789")
    scale = {"µs": 1e-6, "ms": 1e-3, "s": 1.0}
    before = next((scale[word] for word in unit.split("/")[0].split() if word in scale), 1.0)
    after = next((scale[word] for word in shown.unit.split("/")[0].split() if word in scale),
                 1.0)
    assert shown.value * after == pytest.approx(value * before, rel=1e-9)


def test_text_of_a_tiny_figure_keeps_its_digits():
    assert Shown(1e-15, "x", 2).text == "1.00e-15"


@pytest.mark.parametrize("values, unit, decimals, texts, shown_unit", [
    # a page set's write CPU beside a small one: both in µs, the large in full
    ([43200.0, 7.0, 70.0, 0.0], "CPU µs", 1, ["43,200.0", "7.0", "70.0", "0.0"], "CPU µs"),
    # every figure 10,000 µs or more: the column reads in ms, as its least figure does
    ([43200.0, 10800.0, 124200.0], "CPU µs", 1, ["43.2", "10.8", "124.2"], "CPU ms"),
    # a rate whose least figure would read 0 at its decimals: down to where it reads 1
    ([0.00005, 0.00001], "CPU s/s", 4, ["50.0", "10.0"], "CPU µs/s"),
    ([0.001603, 0.000401], "% of LPAR", 2, ["0.001603", "0.000401"], "% of LPAR"),
    ([0.0, 0.0], "CPU µs", 1, ["0.0", "0.0"], "CPU µs"),
    ([True, False], "", 0, ["yes", "no"], ""),
])
def test_a_column_reads_in_one_unit_and_no_figure_reads_0(values, unit, decimals, texts,
                                                         shown_unit):
    shown, figures = column(values, unit, decimals)
    assert (shown, [figure.text for figure in figures]) == (shown_unit, texts)


@given(st.lists(st.floats(min_value=0, max_value=1e9, allow_nan=False), min_size=1,
                max_size=8),
       st.sampled_from(["CPU µs", "CPU s/s", "%"]), st.integers(min_value=0, max_value=4))
def test_a_columns_figures_keep_their_values_and_none_not_0_reads_0(values, unit, decimals):
    shown, figures = column(values, unit, decimals)
    scale = {"µs": 1e-6, "ms": 1e-3, "s": 1.0}
    before = next((scale[word] for word in unit.split("/")[0].split() if word in scale), 1.0)
    after = next((scale[word] for word in shown.split("/")[0].split() if word in scale), 1.0)
    for value, figure in zip(values, figures):
        assert figure.unit == shown
        assert figure.value * after == pytest.approx(value * before, rel=1e-9)
        assert value == 0 or any(digit in figure.text for digit in "123456789"), figure.text


@given(st.floats(min_value=-1e15, max_value=1e15, allow_nan=False).filter(
    lambda value: value == 0 or abs(value) >= 1e-15))
def test_six_significant_digits_are_written_without_an_exponent(value):
    """What the explanation's values and mqcalc smf show of a float: fixed-point whatever
    its size (0.0000269594, not 2.69594e-05), within half a unit of its sixth significant
    digit."""
    text = significant(value)
    assert "e" not in text and "E" not in text
    read = float(text.replace(",", ""))
    assert math.isclose(read, value, rel_tol=5.000001e-6, abs_tol=0)
    assert significant(2.69594e-05) == "0.0000269594" and significant(1234567.0) == "1,234,567"
