"""Hand-written ``cf_structure``: the size of a CF application structure for a backlog.

The figures are retyped from mqperf_MQ_for_zOS_on_z16.txt, "CFCC level 25 and MQ for z/OS
structures" (pages 13 to 15): the table of the approximate number of messages in a 4 GB
structure by message size at CFCC levels 17 to 25 (page 14, rows up to 64,512 bytes; larger
messages are offloaded), the 8 MB each structure needs more at CFCC level 25 (pages 13 and
14), and the 41 M a SYSAPPL structure must at least have (page 15, message IXL015I). Sizes
are binary: 4 GB = 4096 MB, 1 MB = 1048576 bytes = 1024 KB (the CFRM policy's unit).
"""
from __future__ import annotations

import math

DEFAULTS = {"backlog_from": "outage", "put_rate": 1000, "outage_minutes": 30,
            "backlog_messages": 1000000, "message_bytes": 2048, "cfcc_level": 25,
            "margin_pct": 20, "structure_mb": 4096}
MESSAGES_IN_4GB = {1164: 1900000, 2048: 1150000, 4096: 650000, 8192: 340000, 16384: 175000,
                   32768: 90000, 64512: 45000}
TABLE_MB = 4096
BYTES_PER_MB = 1048576
CFCC25_EXTRA_MB = 8
SYSAPPL_MIN_MB = 41


def cf_structure(inputs: dict) -> dict:
    """The structure size a backlog needs, and how long a given size lasts."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (backlog_from, put_rate, outage, backlog, size, cfcc, margin_pct,
     structure_mb) = values.values()
    if (backlog_from not in ("outage", "count")
            or type(put_rate) not in (int, float) or not 0.1 <= put_rate <= 10000000
            or type(outage) not in (int, float) or not 0 <= outage <= 10080
            or type(backlog) is not int or not 0 <= backlog <= 1000000000
            or type(size) is not int or not 0 <= size <= 104857600
            or type(cfcc) is not int or not 17 <= cfcc <= 25
            or type(margin_pct) not in (int, float) or not 0 <= margin_pct <= 1000
            or type(structure_mb) not in (int, float) or not 1 <= structure_mb <= 1048576):
        raise ValueError(f"cf_structure: a value outside its domain among {inputs!r}")
    used = math.ceil(put_rate * outage * 60) if backlog_from == "outage" else backlog
    offloaded = size > 64512
    row = (1164 if size <= 1164 else 2048 if size <= 2048 else 4096 if size <= 4096
           else 8192 if size <= 8192 else 16384 if size <= 16384 else 32768 if size <= 32768
           else 64512)
    per_4gb = MESSAGES_IN_4GB[row]
    bytes_per_message = 0 if offloaded else TABLE_MB * BYTES_PER_MB / per_4gb
    backlog_mb = used * bytes_per_message / BYTES_PER_MB
    margin_mb = backlog_mb * margin_pct / 100
    extra_mb = CFCC25_EXTRA_MB if cfcc >= 25 else 0
    needed = 0 if offloaded else backlog_mb + margin_mb + extra_mb
    held = 0 if offloaded else max(0, structure_mb - extra_mb) / TABLE_MB * per_4gb
    return {"backlog_messages_used": used, "offloaded": offloaded, "size_row": row,
            "messages_per_4gb": per_4gb, "bytes_per_message": bytes_per_message,
            "backlog_mb": backlog_mb, "margin_mb": margin_mb, "cfcc_extra_mb": extra_mb,
            "structure_mb_needed": needed, "cfrm_size_kb": math.ceil(needed * 1024),
            "messages_held": held, "minutes_lasts": held / put_rate / 60,
            "admin_extra_mb": extra_mb,
            "sysappl_initsize_mb": SYSAPPL_MIN_MB if cfcc >= 25 else 0}
