"""One call in a fresh Python process, timed, with the process's peak memory.

:func:`run_child` starts ``python -m tests.bench.child MODULE:FUNCTION ARG...``; the child
imports MODULE, notes its peak resident memory so far (the interpreter and the imports: the
baseline), calls ``FUNCTION([ARG...])`` (an exit status or None back, as from
:func:`calc.cli.main`), and prints one JSON line: the call's wall time and CPU time, the
peak and the baseline. CPU time is the steadier figure on a shared machine: another
process's load lengthens the wall time of the call, hardly its CPU time. The peak is the
child's ``VmHWM`` (Linux's high-water mark of its resident memory), not ``ru_maxrss``: that
survives the ``exec`` that starts the child, so it would count the parent's memory, and the
parent's ``RUSAGE_CHILDREN`` keeps the largest of every child it ever waited for.

A call that forks (``mqcalc build`` zips its combined workbook in a forked process,
:mod:`calc.files.forked`) has its forked processes counted too: their CPU time is added to the
call's, and the largest one's peak is reported beside the call's own. Within this child,
``RUSAGE_CHILDREN`` holds only those: a fork starts its counts from nothing.
"""
from __future__ import annotations

import importlib
import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ChildRun:
    """What one child reported: seconds of the call (wall and CPU), peak and baseline
    memory in MB."""

    seconds: float
    cpu_seconds: float
    """The call's CPU time and that of the processes it forked and waited for."""
    peak_mb: float
    baseline_mb: float
    forked_peak_mb: float
    """The peak of the largest process the call forked (0 when it forked none), the pages it
    shared with this one at the fork included."""

    @property
    def growth_mb(self) -> float:
        """Peak memory above the baseline: what the call itself held at most, and what a
        forked process held above the same baseline (about what it shared at the fork), the
        two peaks taken as if they coincided."""
        return self.peak_mb - self.baseline_mb + max(0.0, self.forked_peak_mb - self.baseline_mb)


def run_child(target: str, *args: str, env: dict[str, str] | None = None) -> ChildRun:
    """Call ``target`` (``module:function``) with ``args`` in a fresh process started in the
    project's folder, with ``env`` added to this process's environment."""
    completed = subprocess.run([sys.executable, "-m", __name__, target, *args],
                               cwd=ROOT, env={**os.environ, **(env or {})},
                               capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise RuntimeError(f"{target} {' '.join(args)} failed ({completed.returncode}): "
                           + completed.stderr.strip()[-2000:])
    return ChildRun(**json.loads(completed.stdout.splitlines()[-1]))


def _peak_mb() -> float:
    """This process's peak resident memory so far, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024  # kB
    raise RuntimeError("no VmHWM in /proc/self/status: peak memory is read on Linux only")


def main(argv: list[str]) -> int:
    target, *args = argv
    module, _, function = target.partition(":")
    call = getattr(importlib.import_module(module), function)
    baseline = _peak_mb()
    started, cpu_started = time.perf_counter(), _cpu_seconds()
    status = call(args)
    seconds, cpu_seconds = time.perf_counter() - started, _cpu_seconds() - cpu_started
    if status:
        return status
    forked_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # kB
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu_seconds, "peak_mb": _peak_mb(),
                      "baseline_mb": baseline, "forked_peak_mb": forked_peak}))
    return 0


def _cpu_seconds() -> float:
    """CPU time of this process and of the processes it has forked and waited for. This
    process's own is read from its CPU clock (``time.process_time``, to the nanosecond), not
    from ``os.times``, which counts in clock ticks of 10 ms: a scaling verdict divides the
    difference of two sizes' CPU, some 40 ms between 10 and 100 variants of a plan, and in
    ticks that difference moved by a quarter from run to run. The forked processes' time
    is known in ticks only."""
    spent = os.times()
    return time.process_time() + spent.children_user + spent.children_system


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
