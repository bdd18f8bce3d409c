"""Hand-written ``dse_support``: which MQ data sets can be encrypted at which level.

The answers are retyped from 003_a65b9f47387b24ec.txt: the updated "MQ data set encryption
support" statement (columns "including existing LTS releases" and "V914 CDR": page sets and
the active log refused with their abend or reason code before V914 CDR, the archive log from
V800, SMDS never), and the passages naming the Media Manager data sets (page sets, active
logs) and the non-Media Manager ones that always could be (BSDS, archive logs). The symptom
texts are worded as the calculator words them.
"""
from __future__ import annotations

DEFAULTS = {"data_set": "active_log", "mq_level": "v914_cdr_or_later"}
LEVELS = ("before_914_cdr", "v914_cdr_or_later")
BEFORE_914 = {  # data set -> (supported before V914 CDR, symptom then, first level)
    "page_set_0": (False, "Abend 5C6-00C91400", "9.1.4 CDR onwards"),
    "page_sets_1_99": (False, "MQRC 2193 (page set error)", "9.1.4 CDR onwards"),
    "active_log": (False, "Abend 5C6-00E80084", "9.1.4 CDR onwards"),
    "archive_log": (True, "none", "V800 onwards"),
    "smds": (False, "SMDS marked AVAIL(ERROR)", "not supported"),
    "bsds": (True, "none", "release not stated")}
MEDIA_MANAGER = frozenset({"page_set_0", "page_sets_1_99", "active_log"})


def dse_support(inputs: dict) -> dict:
    """Whether the data set can be encrypted, and what happens when it cannot."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    data_set, level = values.values()
    if ():
        raise ValueError(f"dse_support: a value outside its domain among {inputs!r}")
    if data_set not in ("page_set_0", "page_sets_1_99", "active_log", "archive_log", "smds",
                        "bsds"):
        raise ValueError(f"data_set={data_set!r}")
    if level not in LEVELS:
        raise ValueError(f"mq_level={level!r}")
    supported, symptom, first = BEFORE_914[data_set]
    if level == "v914_cdr_or_later" and data_set != "smds":
        supported, symptom = True, "none"
    return {"supported": supported, "symptom": symptom, "supported_from": first,
            "via_media_manager": data_set in MEDIA_MANAGER}
