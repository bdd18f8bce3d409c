"""A rate asked of a calculator above the one IBM's workload reached at the same size and
configuration is marked beyond a limit, and one just below it is not."""
from __future__ import annotations

import pytest

from calc import engine


@pytest.mark.parametrize(("calculator_id", "rate", "below", "above"), [
    # 2 KB client at 0 km: 5.31 MB/s, 2,719 messages a second (QREP report, page 18)
    ("client_vs_bindings", "messages_per_sec", 2700, 2800),
    # 32 KB ZLIBFAST over ECDHE_RSA at 40%: 2,518 transactions a second (compression report,
    # table 6)
    ("channel_compression", "transactions_per_sec", 2500, 2600),
])
def test_a_rate_above_the_one_measured_is_beyond_a_limit(calculator_id, rate, below, above):
    within = engine.run(calculator_id, {rate: below})
    past = engine.run(calculator_id, {rate: above})
    assert "beyond_limit" not in within.evidence["cpu_seconds_per_sec"]
    assert "beyond_limit" in past.evidence["cpu_seconds_per_sec"]
