"""Hand-written plain Python for every calculator: the engine's limit.

Each function does what ``calc.evaluate`` does for its calculator with typed Python values
(the API's use): it refuses an unknown input name, checks each value's type and domain and
the rules between inputs, fills in defaults and computes every output, in the same order of
operations as the template's formulas, so the results agree to the last bit
(``tests/test_bench.py`` holds them to that). It is written the way a careful programmer
would write one calculator by hand for speed: tables as dicts, validation inline, no general
machinery. Text values (``"10"``), which the engine also parses, are refused here (a
ValueError): parsing is not on the path being timed.

The figures are retyped from the sources, not read from the templates; each module's
docstring names the source file and the tables or passages its figures come from, and
:mod:`.machine` the generation tables all CPU calculators share.
"""
from __future__ import annotations

from .adapters import adapters
from .ams import ams
from .archive_logs import archive_logs
from .cf_structure import cf_structure
from .channel_compression import channel_compression
from .client_vs_bindings import client_vs_bindings
from .connect import connect
from .dse_support import dse_support
from .log_encryption import log_encryption
from .notify_delay import notify_delay
from .pageset_encryption import pageset_encryption
from .tls_channels import tls_channels
from .zhyperwrite import zhyperwrite

REFERENCES = {"connect": connect, "adapters": adapters, "ams": ams, "archive_logs": archive_logs,
              "cf_structure": cf_structure, "channel_compression": channel_compression,
              "client_vs_bindings": client_vs_bindings,
              "dse_support": dse_support,
              "log_encryption": log_encryption, "notify_delay": notify_delay,
              "pageset_encryption": pageset_encryption, "tls_channels": tls_channels,
              "zhyperwrite": zhyperwrite}
"""The hand-written function of each calculator, by calculator id."""
