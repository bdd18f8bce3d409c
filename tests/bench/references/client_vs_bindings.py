"""Hand-written ``client_vs_bindings``: z/OS CPU per message for a client against a
sender-receiver channel, and the rate each sustained with distance.

The figures are retyped from mqperf_QREP_Performance_MQ_zOS_to_Linux.txt (z14, 16 CPs): page
17, the queue manager and channel initiator CPU microseconds per message of the client and
bindings configurations by message size (2 to 1024 KB); page 18, the client's apply rate in
MB/s with 0, 10 km (30 µs a flow) and 50 km (150 µs) of latency; page 20, the bindings rate.
"""
from __future__ import annotations

from .machine import CPU_SCALE_AT, NUMBERS, machine, machine_defaults, with_planners_units
from .measured_points import bracket

DEFAULTS = {"connection": "client", "message_kb": 2, "messages_per_sec": 1000,
            "distance_km": 0} | machine_defaults("z14") | {"processors": 16}
SIZES = (2, 10, 32, 62, 63, 100, 1024)
QMGR_US = {"client": (10.10, 16.94, 41.23, 72.44, 72.84, 122.30, 997.38),
           "bindings": (8.65, 17.00, 40.93, 76.09, 81.16, 126.05, 989.86)}
CHIN_US = {"client": (152.87, 157.31, 177.76, 198.50, 200.60, 227.53, 1237.96),
           "bindings": (25.92, 36.19, 54.03, 70.62, 71.26, 106.60, 886.57)}
MB_PER_SEC = {  # connection -> km -> rate at each size
    "client": {0: (5.31, 27.28, 59.44, 93.23, 92.16, 91.85, 197.24),
               10: (2.86, 14.01, 33.88, 59.76, 60.81, 64.24, 151.92),
               50: (2.12, 10.21, 27.13, 45.37, 45.85, 56.35, 146.29)},
    "bindings": {0: (16.16, 60.62, 64.73, 70.90, 69.99, 72.46, 58.43),
                 10: (16.25, 58.01, 63.37, 67.47, 66.26, 67.62, 52.89),
                 50: (15.58, 58.36, 64.41, 66.43, 67.57, 68.76, 51.02)}}
DISTANCES = (0, 10, 50)
US_PER_KM, KB_PER_MB = 3, 1024


def client_vs_bindings(inputs: dict) -> dict:
    """Both ways' CPU per message and rate, interpolated between the measured sizes and
    distances; the CPU of the way chosen at the message rate."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    connection, size_kb, rate, distance = (values[name] for name in (
        "connection", "message_kb", "messages_per_sec", "distance_km"))
    if (connection not in QMGR_US or type(size_kb) not in NUMBERS or not 0.5 <= size_kb <= 102400
            or type(rate) not in NUMBERS or not 0 <= rate <= 10000000
            or type(distance) not in NUMBERS or not 0 <= distance <= 20000):
        raise ValueError(f"client_vs_bindings: a value outside its domain among {inputs!r}")
    scaling = machine(inputs, "z14", 16)
    scale = scaling[CPU_SCALE_AT]
    size = min(max(size_kb, 2), 1024)
    lower, upper, fraction = bracket(size, SIZES)
    at, above = SIZES.index(lower), SIZES.index(upper)

    def between(row) -> float:
        return row[at] + (row[above] - row[at]) * fraction

    cpu = {way: (between(QMGR_US[way]) * scale, between(CHIN_US[way]) * scale)
           for way in ("client", "bindings")}
    client, bindings = sum(cpu["client"]), sum(cpu["bindings"])
    saving = abs(client - bindings)
    qmgr_seconds = cpu[connection][0] * rate / 1000000
    chin_seconds = cpu[connection][1] * rate / 1000000
    cpu_seconds = qmgr_seconds + chin_seconds
    used_km = min(distance, 50)
    near_km, far_km, distance_fraction = bracket(used_km, DISTANCES)
    rates = {}
    for way in ("client", "bindings"):
        near, far = between(MB_PER_SEC[way][near_km]), between(MB_PER_SEC[way][far_km])
        rates[way] = (near, far, near + (far - near) * distance_fraction)
    mb_per_sec = rates[connection][2]
    return with_planners_units({
            "size_kb_used": size, "size_lower_kb": lower, "size_upper_kb": upper,
            "size_fraction": fraction,
            "client_qmgr_cpu_us": cpu["client"][0], "client_chin_cpu_us": cpu["client"][1],
            "client_cpu_us": client,
            "bindings_qmgr_cpu_us": cpu["bindings"][0],
            "bindings_chin_cpu_us": cpu["bindings"][1], "bindings_cpu_us": bindings,
            "cheaper": "bindings" if bindings < client else "client",
            "saving_cpu_us": saving, "saving_pct": saving / max(client, bindings) * 100,
            "cpu_us_per_message": client if connection == "client" else bindings,
            "qmgr_cpu_seconds_per_sec": qmgr_seconds,
            "chin_cpu_seconds_per_sec": chin_seconds, "cpu_seconds_per_sec": cpu_seconds,
            "other_cpu_seconds_per_sec":
                (bindings if connection == "client" else client) * rate / 1000000,
            "latency_us_per_flow": distance * US_PER_KM, "distance_used_km": used_km,
            "distance_lower_km": near_km, "distance_upper_km": far_km,
            "distance_fraction": distance_fraction,
            "client_mb_per_sec_near": rates["client"][0],
            "client_mb_per_sec_far": rates["client"][1],
            "client_rate_mb_per_sec": rates["client"][2],
            "bindings_mb_per_sec_near": rates["bindings"][0],
            "bindings_mb_per_sec_far": rates["bindings"][1],
            "bindings_rate_mb_per_sec": rates["bindings"][2],
            "mb_per_sec": mb_per_sec,
            "messages_per_sec_measured": mb_per_sec * KB_PER_MB / size,
            "asked_mb_per_sec": rate * size_kb / KB_PER_MB,
            }, scaling, cpu_seconds)
