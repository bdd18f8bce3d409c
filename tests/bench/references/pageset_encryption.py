"""Hand-written ``pageset_encryption``: the CPU of encrypting a page set, from SMF figures.

The figures are retyped from 003_a65b9f47387b24ec.txt, section "Impact to page set" (measured
on z14 and z15): "GET +0.7 microseconds / page read", "IMW +0.7 microseconds / page
written", "WRITE +2.7 microseconds / page (+43.2 microseconds per I/O) on z15" and "+3.2
microseconds / page (+51.2 microseconds per I/O) on z14"; buffer pools over-sized at 105% of
the page set, writes when the pool is 85% full, immediate writes at 95%.
"""
from __future__ import annotations

import math

from .machine import CPU_SCALE_AT, GENERATION_AT, machine, machine_defaults, with_planners_units

DEFAULTS = {"write_requests": 54739, "write_pages": 875790, "imw_pages": 20, "get_pages": 1,
            "interval_sec": 1800, "pageset_pages": 1040334,
            "pagesets_in_bufferpool": 1} | machine_defaults("z15")
PAGE_US = 0.7  # a page read (GET) or written alone (IMW), either machine
WRITE_US = {14: (3.2, 51.2), 15: (2.7, 43.2)}  # generation -> (µs a page, µs a full I/O)
OVERSIZE_PCT, WRITE_THRESHOLD_PCT, IMW_THRESHOLD_PCT = 105, 85, 95


def pageset_encryption(inputs: dict) -> dict:
    """The page set's extra CPU over an SMF interval, and the over-sized buffer pool."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (write_requests, write_pages, imw_pages, get_pages, interval, pageset_pages, pagesets,
     *_) = values.values()
    if (type(write_requests) is not int or not 0 <= write_requests <= 1000000000000
            or type(write_pages) is not int or not 0 <= write_pages <= 1000000000000
            or type(imw_pages) is not int or not 0 <= imw_pages <= 1000000000000
            or type(get_pages) is not int or not 0 <= get_pages <= 1000000000000
            or type(interval) not in (int, float) or not 0.001 <= interval <= 31622400
            or type(pageset_pages) is not int or not 1 <= pageset_pages <= 100000000
            or type(pagesets) is not int or not 1 <= pagesets <= 100):
        raise ValueError(f"pageset_encryption: a value outside its domain among {inputs!r}")
    scaling = machine(inputs, "z14", 3, newest="z15")
    cpu_scale, generation = scaling[CPU_SCALE_AT], scaling[GENERATION_AT]
    write_page_us, full_write_us = WRITE_US[generation]
    write_us_per_page = write_page_us * cpu_scale
    single_page_us = PAGE_US * cpu_scale
    write_us = write_pages * write_us_per_page
    imw_us = imw_pages * single_page_us
    get_us = get_pages * PAGE_US * cpu_scale
    total_seconds = (write_us + imw_us + get_us) / 1000000
    cpu_seconds = total_seconds / interval
    pages_per_io = write_pages / write_requests if write_requests > 0 else 0
    oversized = math.ceil(pageset_pages * OVERSIZE_PCT / 100)
    return with_planners_units({
            "measured_generation": generation,
            "measured_column": "z14" if generation == 14 else "z15",
            "write_cpu_us_per_page": write_us_per_page, "single_page_cpu_us": single_page_us,
            "write_cpu_us": write_us, "imw_cpu_us": imw_us, "get_cpu_us": get_us,
            "total_cpu_seconds": total_seconds, "cpu_seconds_per_sec": cpu_seconds,
            "pages_per_write_io": pages_per_io,
            "write_cpu_us_per_io": pages_per_io * write_us_per_page,
            "full_write_cpu_us_per_io": full_write_us * cpu_scale,
            "oversized_bufferpool_pages": oversized, "oversizing_helps": pagesets == 1,
            "write_start_buffers": math.ceil(oversized * WRITE_THRESHOLD_PCT / 100),
            "imw_start_buffers": math.ceil(oversized * IMW_THRESHOLD_PCT / 100),
            }, scaling, cpu_seconds)
