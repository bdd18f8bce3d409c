"""The intervals ``mqcalc smf`` reports: every queue manager's (or those of one name), and of
each the peak interval, all of them, or the one starting at a given time. A queue manager
is a name on an LPAR: the same name on two LPARs is two queue managers.

``peak`` ranks a queue manager's intervals by the first measure of ``peak_by`` in
``templates/smf_feeds.yaml`` any of them has: the adapter request rate, or the log rate
where there is no channel initiator data. Ties go to the earliest interval.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from calc.inputs.smf.feeds import declared
from calc.inputs.smf.importing import Imported, import_interval
from calc.inputs.smf.intervals import JOIN_SECONDS, not_in_data
from calc.inputs.smf.tables import SmfError

PEAK, ALL = "peak", "all"
PEAK_WORDS = {"adapter_requests_per_sec": "the highest adapter request rate",
              "log_mb_per_sec": "the highest log rate (no channel initiator data)"}
"""How the output says what the peak was ranked by."""
_STAMP = re.compile(r"(\d{4})[-/](\d\d)[-/](\d\d)[T ](\d\d):(\d\d)"
                    r"(?::(\d\d)(?:[.,](\d{1,6}))?)?\Z")
"""An interval start as a person types it (see :func:`_moment`)."""


@dataclass(frozen=True)
class Chosen:
    """An interval to report, and (for ``peak``) what it was chosen by."""

    imported: Imported
    peak_by: str | None = None


def choose(imported: tuple[Imported, ...], qmgr: str | None, interval: str) -> list[Chosen]:
    """The intervals of ``imported`` that ``--qmgr`` and ``--interval`` ask for."""
    systems = list(dict.fromkeys((item.interval.qmgr, item.interval.lpar)
                                 for item in imported))
    qmgrs = list(dict.fromkeys(name for name, _lpar in systems))
    if qmgr is not None:
        if qmgr.strip().upper() not in qmgrs:
            raise not_in_data(qmgr, qmgrs)
        qmgrs = [qmgr.strip().upper()]
    # one queue manager per LPAR and name: two LPARs' MQ1A are two queue managers
    mine = {system: [item for item in imported
                     if (item.interval.qmgr, item.interval.lpar) == system]
            for system in systems if system[0] in qmgrs}
    if interval == PEAK:
        return [peak(items) for items in mine.values()]
    if interval == ALL:
        return [Chosen(item) for items in mine.values() for item in items]
    wanted = _moment(interval)
    chosen = [Chosen(item) for items in mine.values() for item in items
              if abs((item.interval.start - wanted).total_seconds()) < JOIN_SECONDS]
    if not chosen:
        starts = sorted({item.interval.start for items in mine.values() for item in items})
        raise SmfError(f"--interval {interval}: no interval of {', '.join(qmgrs)} starts then "
                       f"(the starts run from {starts[0].isoformat(' ')} to "
                       f"{starts[-1].isoformat(' ')}; see --interval all)")
    return chosen


def ranked_calculators() -> set[str]:
    """The calculators whose inputs rank a queue manager's intervals (``peak_by``): all an
    import needs of an interval that is only ranked, not reported."""
    return {calculator for calculator, _name in declared().peak_by}


def in_full(chosen: list[Chosen]) -> list[Chosen]:
    """``chosen``, chosen among intervals imported for their ranking only
    (:func:`ranked_calculators`), each interval imported whole."""
    return [Chosen(import_interval(item.imported.interval), item.peak_by) for item in chosen]


def ranking(items: list[Imported]) -> tuple[str, str] | None:
    """What one queue manager's intervals ``items`` are ranked by for the peak: the first
    (calculator, input) of ``peak_by`` any of them has, or None where none has one."""
    return next(((calculator, name) for calculator, name in declared().peak_by
                 if any(name in item.inputs.get(calculator, {}) for item in items)), None)


def peak(items: list[Imported]) -> Chosen:
    """The peak of one queue manager's intervals ``items`` (in order of start): the one
    highest by :func:`ranking`, the earliest of those equal; the first where none has it."""
    ranked = ranking(items)
    if ranked is None:
        return Chosen(items[0], "the first interval (no adapter or log rate in the data)")
    calculator, name = ranked
    best = max((item for item in items if name in item.inputs.get(calculator, {})),
               key=lambda item: item.inputs[calculator][name])
    return Chosen(best, f"{PEAK_WORDS[name]}: {calculator} {name}")


def _moment(text: str) -> datetime:
    """An interval start as typed: ``2026-05-21T16:29:10``, with a space for the ``T``,
    slashes for the dashes, seconds and their fraction (point or comma) optional."""
    match = _STAMP.match(text.strip())
    try:
        if match is None:
            raise ValueError
        year, month, day, hour, minute, second, fraction = match.groups()
        return datetime(int(year), int(month), int(day), int(hour), int(minute),
                        int(second or 0), int((fraction or "0").ljust(6, "0")))
    except ValueError:
        raise SmfError(f"--interval {text}: expects peak, all or an interval's start, e.g. "
                       "2026-05-21T16:29:10") from None
