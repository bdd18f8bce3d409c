"""Hand-written ``cf_structure``: the size of a CF application structure for a backlog, what
offloading to SMDS or Db2 takes of it, and the rates IBM reached with each way of offloading.

The figures are retyped from mqperf_MQ_for_zOS_on_z16.txt, "CFCC level 25 and MQ for z/OS
structures" (pages 13 to 15): the table of the approximate number of messages in a 4 GB
structure by message size at CFCC levels 17 to 25 (page 14, rows up to 64,512 bytes; larger
messages are offloaded), the 8 MB each structure needs more at CFCC level 25 (pages 13 and
14), and the 41 M a SYSAPPL structure must at least have (page 15, message IXL015I). Sizes
are binary: 4 GB = 4096 MB, 1 MB = 1048576 bytes = 1024 KB (the CFRM policy's unit). From
mqperf_QREP_Performance_MQ_zOS_to_Linux.txt: the default offload thresholds (page 7: 70 %
full for 32 KB and more, 80 % for 4 KB and more, 90 % over about 110 bytes), the capture
and apply rates by configuration and size (page 10), SMDS's 16 TB and Db2's 128 TB (page
24). An offloaded message keeps the storage of a first-row message in the CF.
"""
from __future__ import annotations

import math

from .measured_points import bracket

DEFAULTS = {"backlog_from": "outage", "put_rate": 1000, "outage_minutes": 15,
            "backlog_messages": 1000000, "message_bytes": 2048, "offload": "none",
            "smds_buffers": 800, "smds_block_kb": 256, "cfcc_level": 25, "margin_pct": 20,
            "structure_mb": 4096}
MESSAGES_IN_4GB = {1164: 1900000, 2048: 1150000, 4096: 650000, 8192: 340000, 16384: 175000,
                   32768: 90000, 64512: 45000}
TABLE_MB = 4096
BYTES_PER_MB = 1048576
CFCC25_EXTRA_MB = 8
SYSAPPL_MIN_MB = 41
MEDIUM = {"none": "none", "scm": "none", "smds_default": "SMDS", "smds_all": "SMDS",
          "scm_smds": "SMDS", "db2_default": "Db2", "db2_all": "Db2"}
SIZES_KB = (2, 10, 32, 62, 63, 100, 1024)
CAPTURE = {"none": (6823.9, 7003, 3339.4, 2552.6),
           "smds_default": (11910, 10963.9, 4286.3, 3109.3, 3114.3, 1363, 242.1),
           "smds_all": (4907.6, 4082.3, 2700.6, 2003.2, 3114.3, 1363, 242.1),
           "scm": (57252.6, 30951.8, 11239.2, 5994.5),
           "scm_smds": (6910.6, 8226.9, 3630.2, 2689.4, 2641.4, 1371.5, 240.3),
           "db2_default": (7008.9, 7179, 2261.8, 2034.3, 1994, 587.4, 127.2),
           "db2_all": (829.9, 821.6, 719, 701.5, 1994, 587.4, 127.2)}
APPLY = {"none": (3866.39, 3630.17, 2871.08, 2254.89),
         "smds_default": (3160.58, 3045.09, 2058.38, 1655.84, 1630.82, 943.27, 175.53),
         "smds_all": (2470.92, 2181.89, 1665.81, 1320.05, 1630.82, 943.27, 175.53),
         "scm": (3811.11, 3622.19, 3012.96, 2295.36),
         "scm_smds": (2747.81, 2831.74, 1922.27, 1553.24, 1517.21, 945.02, 197.66),
         "db2_default": (3459.89, 3347.57, 1947.06, 1680.21, 1670.99, 692.82, 145.22),
         "db2_all": (1352.55, 1360.72, 848.7, 833.52, 1670.99, 692.82, 145.22)}


def _threshold(size: int, offload: str, medium: str, offloaded: bool) -> float:
    """The fill, in %, at which messages of ``size`` bytes go out."""
    if offloaded and medium != "none":
        return 0
    if medium == "none" or size <= 110:
        return 100
    if offload.endswith("_all"):
        return 0
    return 70 if size >= 32768 else 80 if size >= 4096 else 90


def cf_structure(inputs: dict) -> dict:
    """The structure size a backlog needs, how long a given size lasts, what offloading
    takes, and IBM's rates for the way of offloading chosen."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (backlog_from, put_rate, outage, backlog, size, offload, buffers, block_kb, cfcc,
     margin_pct, structure_mb) = values.values()
    if (backlog_from not in ("outage", "count")
            or type(put_rate) not in (int, float) or not 0.1 <= put_rate <= 10000000
            or type(outage) not in (int, float) or not 0 <= outage <= 10080
            or type(backlog) is not int or not 0 <= backlog <= 1000000000
            or type(size) is not int or not 0 <= size <= 104857600
            or offload not in MEDIUM
            or type(buffers) is not int or not 1 <= buffers <= 9999
            or type(block_kb) is not int or not 8 <= block_kb <= 1024
            or type(cfcc) is not int or not 17 <= cfcc <= 25
            or type(margin_pct) not in (int, float) or not 0 <= margin_pct <= 1000
            or type(structure_mb) not in (int, float) or not 1 <= structure_mb <= 1048576):
        raise ValueError(f"cf_structure: a value outside its domain among {inputs!r}")
    used = math.ceil(put_rate * outage * 60) if backlog_from == "outage" else backlog
    offloaded = size > 64512
    medium = MEDIUM[offload]
    sized = not offloaded or medium != "none"
    threshold = _threshold(size, offload, medium, offloaded)
    row = (1164 if size <= 1164 else 2048 if size <= 2048 else 4096 if size <= 4096
           else 8192 if size <= 8192 else 16384 if size <= 16384 else 32768 if size <= 32768
           else 64512)
    per_4gb = MESSAGES_IN_4GB[row]
    whole_bytes = 0 if offloaded else TABLE_MB * BYTES_PER_MB / per_4gb
    entry = TABLE_MB * BYTES_PER_MB / MESSAGES_IN_4GB[1164]
    backlog_bytes = (whole_bytes if threshold >= 100 else entry if offloaded
                     else entry * whole_bytes / (whole_bytes * (1 - threshold / 100)
                                                 + entry * threshold / 100))
    backlog_mb = used * backlog_bytes / BYTES_PER_MB
    margin_mb = backlog_mb * margin_pct / 100
    extra_mb = CFCC25_EXTRA_MB if cfcc >= 25 else 0
    needed = backlog_mb + margin_mb + extra_mb if sized else 0
    usable = max(0, structure_mb - extra_mb)
    whole_held = 0 if offloaded else usable * threshold / 100 / TABLE_MB * per_4gb
    held = (whole_held + usable * (1 - threshold / 100) * BYTES_PER_MB / entry) if sized else 0
    whole = min(used, whole_held)
    out = 0 if medium == "none" else min(
        used - whole, max(0, usable * BYTES_PER_MB - whole * whole_bytes) / entry)
    data_mb = out * size / BYTES_PER_MB
    rate_kb = min(max(size / 1024, 2), 1024 if medium != "none" else 62)
    lower, upper, fraction = bracket(rate_kb, SIZES_KB if medium != "none" else SIZES_KB[:4])
    at, above = SIZES_KB.index(lower), SIZES_KB.index(upper)

    def rate(table: dict) -> float:
        row = table[offload]
        return (1 / ((1 - fraction) / row[at] + fraction / row[above]) * 1024
                / max(size / 1024, 1024)) if sized else 0

    capture, apply = rate(CAPTURE), rate(APPLY)
    return {"backlog_messages_used": used, "offloaded": offloaded,
            "uses_smds": medium == "SMDS", "offload_medium": medium, "sized": sized,
            "threshold_pct": threshold, "size_row": row, "messages_per_4gb": per_4gb,
            "bytes_per_message": whole_bytes, "entry_bytes": entry,
            "backlog_bytes_per_message": backlog_bytes, "backlog_mb": backlog_mb,
            "margin_mb": margin_mb, "cfcc_extra_mb": extra_mb, "structure_mb_needed": needed,
            "cfrm_size_kb": math.ceil(needed * 1024), "usable_mb": usable,
            "messages_held": held, "minutes_lasts": held / put_rate / 60,
            "whole_in_cf_messages": whole, "offloaded_messages": out,
            "refused_messages": max(0, used - whole - out) if sized else 0,
            "cf_used_mb": (whole * whole_bytes + out * entry) / BYTES_PER_MB,
            "offload_data_mb": data_mb, "offload_space_mb": data_mb * (1 + margin_pct / 100),
            "smds_buffer_mb": buffers * block_kb / 1024 if medium == "SMDS" else 0,
            "rate_size_kb": rate_kb, "rate_lower_kb": lower, "rate_upper_kb": upper,
            "rate_fraction": fraction, "capture_rate": capture, "apply_rate": apply,
            "capture_mb_per_sec": capture * size / BYTES_PER_MB,
            "apply_mb_per_sec": apply * size / BYTES_PER_MB,
            "admin_extra_mb": extra_mb,
            "sysappl_initsize_mb": SYSAPPL_MIN_MB if cfcc >= 25 else 0}
