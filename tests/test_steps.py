"""The one stepping rule of charts and sweeps: from START to STOP, both included."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from calc.steps import Points, step_count

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
