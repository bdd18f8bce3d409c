"""Hand-written ``log_encryption``: the CPU of encrypting the active and archive logs.

The figures are retyped from 003_a65b9f47387b24ec.txt (measured on z14 and z15), the logging
sections: the table "increase in cost per copy" lost its figures in the text, so the cost per
4 KB page comes from the 1 GB worked example beside it ("Example: MQ configured with dual
active and archive log, with 1GB log data sets": archive 315 CPU ms over 2 x 1024 MB, about
0.6 µs a page; active 550 ms over 3 x 1024 MB, about 0.7 µs a page; 256 pages a MB), and the
MSTR cost per MB from the "Notes on chart" under "Dataset Encryption costs on MQ active and
archive logs" (978 µs with dual logs, 568 µs more with archiving, 390 µs more with the
archives encrypted, 684 µs more with the active logs encrypted: 430 + 254).
"""
from __future__ import annotations

from .machine import CPU_SCALE_AT, GENERATION_AT, machine, machine_defaults, with_planners_units

DEFAULTS = {"log_mb_per_sec": 270, "active_copies": 2, "archiving": True,
            "archive_copies": 2, "log_writes_per_ci": 1, "encrypt_active": True,
            "encrypt_archive": True} | machine_defaults("z15")
ACTIVE_US_PER_PAGE, ARCHIVE_US_PER_PAGE, PAGES_PER_MB = 0.7, 0.6, 256
DUAL_LOG_US_PER_MB, ARCHIVING_US_PER_MB = 978, 568
ENCRYPTION_US_PER_MB = {"archive_encrypted": 390, "active_encrypted": 430 + 254,
                        "all_encrypted": 390 + 430 + 254}
"""The measured MSTR cost per MB the encryption added, dual logs; other cases add 0."""


def log_encryption(inputs: dict) -> dict:
    """Encrypt and decrypt calls per log page, and their CPU per MB and per second."""
    values = DEFAULTS | inputs
    if len(values) != len(DEFAULTS):
        raise ValueError(f"unknown input among {sorted(inputs)}")
    (log_rate, active_copies, archiving, archive_copies, writes_per_ci, encrypt_active,
     encrypt_archive, *_) = values.values()
    if (type(log_rate) not in (int, float) or not 0 <= log_rate <= 100000
            or type(active_copies) is not int or not 1 <= active_copies <= 2
            or archiving is not True and archiving is not False
            or type(archive_copies) is not int or not 1 <= archive_copies <= 2
            or type(writes_per_ci) not in (int, float) or not 1 <= writes_per_ci <= 4096
            or encrypt_active is not True and encrypt_active is not False
            or encrypt_archive is not True and encrypt_archive is not False):
        raise ValueError(f"log_encryption: a value outside its domain among {inputs!r}")
    scaling = machine(inputs, "z14", 3, newest="z15")
    cpu_scale = scaling[CPU_SCALE_AT]
    # every write of a CI to an active copy is encrypted; the archive task reads (decrypts)
    # and archives each CI once, however often it was written
    active_ops = ((active_copies if encrypt_active else 0)
                  + (1 / writes_per_ci if archiving and encrypt_active else 0))
    archive_ops = archive_copies / writes_per_ci if archiving and encrypt_archive else 0
    active_us = ACTIVE_US_PER_PAGE * cpu_scale * PAGES_PER_MB * active_ops
    archive_us = ARCHIVE_US_PER_PAGE * cpu_scale * PAGES_PER_MB * archive_ops
    per_mb = active_us + archive_us
    cpu_seconds = per_mb * log_rate / 1000000
    if active_copies != 2 or (archiving and archive_copies != 2):
        case = "not_measured"
    elif not archiving:
        case = "not_measured" if encrypt_active else "dual_logs"
    elif encrypt_active:
        case = "all_encrypted" if encrypt_archive else "active_encrypted"
    else:
        case = "archive_encrypted" if encrypt_archive else "archiving"
    encryption_us = ENCRYPTION_US_PER_MB.get(case, 0) * cpu_scale
    mstr_us = (0 if case == "not_measured" else
               (DUAL_LOG_US_PER_MB + (ARCHIVING_US_PER_MB if archiving else 0)) * cpu_scale
               + encryption_us)
    return with_planners_units({
            "measured_generation": scaling[GENERATION_AT],
            "archived_mb_per_sec": log_rate / writes_per_ci if archiving else 0,
            "active_crypto_ops": active_ops, "archive_crypto_ops": archive_ops,
            "crypto_ops_per_page": active_ops + archive_ops,
            "active_cpu_us_per_mb": active_us, "archive_cpu_us_per_mb": archive_us,
            "cpu_us_per_mb": per_mb, "cpu_seconds_per_gb": per_mb * 1024 / 1000000,
            "cpu_seconds_per_sec": cpu_seconds, "measured_case": case,
            "measured_mstr_cpu_us_per_mb": mstr_us,
            "measured_encryption_cpu_us_per_mb": encryption_us,
            }, scaling, cpu_seconds)
