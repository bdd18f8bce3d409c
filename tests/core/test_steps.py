"""The one stepping rule of charts and sweeps: from START to STOP, both included."""
from __future__ import annotations

from decimal import Decimal

from hypothesis import assume, given
from hypothesis import strategies as st

from calc.core.steps import FLOAT_DIGITS, Points, digits_needed, step_count
from tests.cli.test_cli import run_main

WHOLE = st.tuples(st.integers(-10**6, 10**6), st.integers(0, 500), st.integers(1, 1000))
DECIMAL = st.tuples(st.integers(-10**4, 10**4), st.integers(0, 500),
                    st.sampled_from([0.1, 0.25, 0.5, 0.01, 2.5])).map(
    lambda t: (float(f"{t[0] * t[2]:.12g}"), t[1], t[2]))  # as typed: 0.3, not 0.30000000000000004


@given(st.one_of(WHOLE, DECIMAL))
def test_iterating_gives_the_indexed_points_from_start_to_stop(start_steps_step):
    start, steps, step = start_steps_step
    stop = start + steps * step if isinstance(step, int) else float(f"{start + steps * step:.12g}")
    counted = step_count(start, stop, step)
    assert counted == steps
    points = Points(start, stop, step, counted)
    listed = list(points)
    assert listed == [points[index] for index in range(len(points))]
    assert [type(point) for point in listed] == [type(points[index]) for index in range(len(points))]
    assert listed[0] == start and listed[-1] == stop and len(listed) == steps + 1
    assert all(start <= point <= stop for point in listed)


# Every digit typed is kept (issue 38): points were rounded to 12 significant digits, so
# 11 requested values at 13 digits became 3 distinct ones.

def test_eleven_points_at_thirteen_digits_stay_eleven_exact_points():
    start, stop, step = 100.0000000001, 100.0000000011, 0.0000000001
    points = Points(start, stop, step, step_count(start, stop, step))
    assert list(points) == [float(f"100.{index:010d}") for index in range(1, 12)]


@given(st.integers(-10**9, 10**9), st.integers(1, 10**4), st.integers(0, 5),
       st.integers(0, 200), st.data())
def test_each_point_is_the_nearest_float_to_the_exact_decimal(start_units, step_units,
                                                                decimals, steps, data):
    """Start and step written with up to 5 decimals, as many points as fit in 15 digits:
    each point is start + index x step worked exactly in decimal, then made a float."""
    scale = Decimal(10) ** -decimals
    start, step = Decimal(start_units) * scale, Decimal(step_units) * scale
    stop = start + steps * step
    as_floats = float(start), float(stop), float(step)
    assume(digits_needed(*as_floats) <= FLOAT_DIGITS)
    counted = step_count(*as_floats)
    assert counted == steps
    points = Points(as_floats[0], as_floats[1], as_floats[2], counted)
    index = data.draw(st.integers(0, steps))
    assert points[index] == float(start + index * step)


def test_a_sweep_needing_more_digits_than_a_float_holds_is_refused():
    status, _out, err = run_main("sweep", "log_encryption", "--vary",
                                 "log_mb_per_sec=10000.00000000001:10000.00000000011:"
                                 "0.00000000001")
    assert status == 2
    assert err == ("mqcalc: log_encryption: input log_mb_per_sec='10000.00000000001:"
                   "10000.00000000011:0.00000000001': expects START:STOP:STEP with points a "
                   "number can hold exactly: these need 16 significant digits, at most 15\n")
