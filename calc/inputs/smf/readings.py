"""How a calculator input's value is worked out from the rows of one mq-smf-csv file for
one interval: each reading by name (:data:`READINGS`), as ``templates/smf_feeds.yaml``
names them, with the columns it reads.

A reading's value takes a :class:`Reading`: the rows of its file for one interval (for a
feed per item, the item's rows), all the interval's rows of the file, and the interval's
one length, and gives the input's value. It raises :class:`NotInData` when the rows do not
hold what it needs (a column an older MQ version lacks, an unset value, no requests to
average over), and :class:`calc.inputs.smf.tables.Unusable` naming the cell when a cell cannot be
read or cannot be used (an interval of 0 seconds).

References:

* mq-smf-csv (github.com/ibm-messaging/mq-smf-csv), ``src/t115/printQCTADP.c``,
  ``printQCTDSP.c``, ``printQJST.c``, ``printQIS1.c``, ``src/t116/printWQ.c``: the column
  names, and the structure field behind each.
* IBM MQ 10.0 documentation, "Thread-level and queue-level data records"
  (https://www.ibm.com/docs/en/ibm-mq/10.0.x?topic=data-thread-level-queue-level-records):
  the queue accounting (WQ) record, macro CSQDWQ. In its CSV form ``Get_Count`` (WQGETN)
  counts every MQGET the task issued against the queue, whether or not it returned a
  message, and ``Total_Valid_Gets`` counts the MQGETs that returned one; in the sample's
  QML1 rows each run of 100 messages shows 102 MQGETs and 100 valid ones.
* mq-smf-csv ``src/t116/printQCST.c``: the channel statistics (QCST), one row per channel
  instance and record. In the sample, QML1's records are written at the end of each
  statistics interval (the record time is the next interval's start) and hold the instances
  active in it: one that ran on is in the next record again with the same start and no stop
  time (its messages counted anew, 102 then 3); one that ended has its stop time.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from calc.inputs.smf.tables import DURATION, Row, Unusable

CI_BYTES = 4096
"""Bytes in one log control interval (the QJST ``Log_CI`` count is of 4 KB CIs)."""
MB = 1 << 20
"""Bytes in one MB, as the calculators count them (log_encryption's 256 4 KB pages per
MB)."""
US_PER_SECOND, US_PER_MS = 1_000_000, 1000
PERCENT = 100


class NotInData(ValueError):
    """The rows do not hold what an input needs; the message says what is missing."""


Rows = Sequence[Row]


@dataclass(frozen=True)
class Reading:
    """What a feed reads for one interval."""

    rows: Rows
    """The rows of its file it reads (an item's, for a feed per item)."""
    interval: Rows
    """All the interval's rows of that file."""
    seconds: int | float | None
    """The interval's length, one for every feed
    (:attr:`calc.inputs.smf.intervals.Interval.seconds`: the channel initiator's and the
    queue manager's records of one interval may state lengths a second apart)."""


def _total(rows: Rows, column: str) -> int | float:
    """The column's sum over ``rows``: every column read so is a count or a time, so a
    negative cell (other than the tool's -1 for unset) is :class:`Unusable`, and every
    input that reads the column is refused alike."""
    values = [row.number(column) for row in rows]
    if not rows or None in values:
        raise NotInData(f"{column} is not in the data")
    if min(values) < 0:
        row = rows[next(index for index, value in enumerate(values) if value < 0)]
        raise Unusable(row, (column,), row.cells[column], "expects a count or a time of "
                       "0 or more")
    return sum(values)


def _time_us(rows: Rows, name: str) -> float:
    """A duration column pair, NAME(S) and NAME(US), added up in microseconds."""
    return _total(rows, f"{name}(S)") * US_PER_SECOND + _total(rows, f"{name}(US)")


def _seconds(reading: Reading) -> int | float:
    """The interval's one length, which every rate of the interval is per."""
    seconds = reading.seconds
    if seconds is None:
        raise NotInData(f"{DURATION} is not in the data")
    if seconds <= 0:
        raise Unusable(reading.rows[0], (DURATION,), str(seconds), "expects an interval "
                       "longer than 0 s, to give a rate")
    return seconds


def _per(rows: Rows, name: str, count: str) -> float:
    """Time per request: the NAME pair's total over the ``count`` column's total (µs)."""
    requests = _total(rows, count)
    if requests == 0:
        raise NotInData(f"no {count} in the interval to average {name} over")
    return _time_us(rows, name) / requests


def _dispatcher_busy(reading: Reading) -> float:
    """The dispatchers' request time over their time available, in %."""
    return (_time_us(reading.rows, "Task_Elapsed_Time") / US_PER_SECOND
            / (len(reading.rows) * _seconds(reading)) * PERCENT)


_COPY_CIS = {1: ("IO_CI {1.1}", "IO_CI {1.2}"), 2: ("IO_CI {2.1}", "IO_CI {2.2}")}
"""The CIs written to each active log copy (QJST ``qjstio[copy].qjstiotype[1..2]``)."""


def _copies(rows: Rows) -> int:
    """Active log copies: 2 when copy 2 was written in the interval, 1 when only copy 1."""
    written = {copy: sum(_total(rows, column) for column in columns)
               for copy, columns in _COPY_CIS.items()}
    if written[2]:
        return 2
    if written[1]:
        return 1
    raise NotInData("no active log write in the interval to tell the copies by")


def _log_rate(reading: Reading) -> float:
    """MB written to each log copy per second: the CIs written (all copies) over copies."""
    cis = _total(reading.rows, "Log_CI")
    return 0.0 if cis == 0 else (cis / _copies(reading.rows) * CI_BYTES / MB
                                 / _seconds(reading))


def _log_writes_per_ci(reading: Reading) -> float:
    """How often each log CI was written to one copy: the CIs written to each copy
    (``Log_CI``, all copies, over the copies) over the CIs created (``Active_Log_CI``, QJST
    ``qjstbffl``), which the archive task reads and archives once each."""
    created = _total(reading.rows, "Active_Log_CI")
    if created == 0:
        raise NotInData("no log CI created in the interval (Active_Log_CI 0) to compare the "
                        "CI writes with")
    return _total(reading.rows, "Log_CI") / _copies(reading.rows) / created


def _active_copies(reading: Reading) -> int:
    return _copies(reading.rows)


def _dual(reading: Reading) -> bool:
    return _copies(reading.rows) == 2


def _encrypted_logs(reading: Reading) -> bool:
    """Whether the new active logs of the interval were encrypted (known only when the
    queue manager switched to a new log in it)."""
    rows = reading.rows
    if _total(rows, "Copy1_New_Logs") + _total(rows, "Copy2_New_Logs") == 0:
        raise NotInData("no new active log data set in the interval to tell by")
    return _total(rows, "New_Logs_Encrypted") > 0


def _log_io_ms(reading: Reading) -> float:
    """Average write I/O time to log copy 1, in ms."""
    rows = reading.rows
    count = _total(rows, "IO_Count {1.1}") + _total(rows, "IO_Count {1.2}")
    if count == 0:
        raise NotInData("no active log write I/O in the interval")
    return (_time_us(rows, "IO_Total_Time{1.1}") + _time_us(rows, "IO_Total_Time{1.2}")) \
        / count / US_PER_MS


def _in_same_pool(reading: Reading) -> int:
    pool = reading.rows[0].text("BufferPool")
    return sum(row.text("BufferPool") == pool for row in reading.interval)


def _count(reading: Reading) -> int:
    return len(reading.rows)


def _per_message(rows: Rows, size: str, *counts: str) -> float:
    """The ``size`` column's total over the messages the ``counts`` columns count together
    (MQPUT and MQPUT1, say): bytes per message."""
    messages = sum(_total(rows, count) for count in counts)
    if messages == 0:
        raise NotInData(f"no {' or '.join(counts)} in the interval to average {size} over")
    return _total(rows, size) / messages


def _mean_size(rows: Rows, size: str, count: str, plus: str) -> int:
    """Bytes per message (:func:`_per_message`), rounded up to a whole byte (a size is a
    whole number of bytes, and up errs on the side a structure's size is safe on)."""
    return math.ceil(_per_message(rows, size, count, plus))


KB = 1024
"""Bytes in one KB, as channel_compression's message sizes count them."""


def _mean_kb(rows: Rows, size: str, count: str) -> float:
    """KB per message: the ``size`` column's total over the ``count`` column's, in KB."""
    return _per_message(rows, size, count) / KB


COMPRESSION, MESSAGE_BYTES = "Compression_Rate", "Number_Bytes"
"""The compression rate a channel instance achieved, in % (QCST ``qcstcpra``: a rate of 25
is data sent at 75 % of its length, as DISPLAY CHSTATUS's COMPRATE), and the bytes of the
messages it carried (``qcstnbyt``)."""


def _compression_rate(reading: Reading) -> float:
    """The compression rate of the item's channel instances, in %, each weighted by the
    message bytes it carried. A rate of 0 is no compression (COMPMSG NONE): it says nothing
    of how compressible the messages are, so it is not a value."""
    carried = _total(reading.rows, MESSAGE_BYTES)
    _total(reading.rows, COMPRESSION)  # present, and no negative rate
    if carried == 0:
        raise NotInData(f"no {MESSAGE_BYTES} in the interval to weigh {COMPRESSION} by")
    rate = sum(row.number(COMPRESSION) * row.number(MESSAGE_BYTES)
               for row in reading.rows) / carried
    if rate == 0:
        raise NotInData(f"{COMPRESSION} is 0: the channel compressed nothing (COMPMSG "
                        "NONE), so how compressible its messages are is not in the data")
    return rate


def _setting(rows: Rows, column: str) -> int | float:
    """A setting the rows report (a count of buffers, a size): the largest value of the
    column over them, where a queue manager changed it within the interval. 0 is a setting
    not in use."""
    if not rows:
        raise NotInData(f"no row of the item gives {column}")
    value = max(_total([row], column) for row in rows)
    if value == 0:
        raise NotInData(f"{column} is 0: not in use")
    return value


CLIENT_CHANNEL = "svrconn"
"""A client's channel instance: the QCST ``Type`` mq-smf-csv writes for MQCHT_SVRCONN
(``SvrConn``), compared without case."""
STOP = ("Stop (DATE)", "Stop (TIME)")
"""When a channel instance ended (QCST ``qcstludt``); unset while it runs."""
CIPHER = "SSL_CipherSuite"
"""The CipherSuite a channel instance negotiated (QCST ``qcstslcs``, written in hexadecimal
by mq-smf-csv's ``ADDX32``): 0 for a channel without TLS."""


def _of_kind(rows: Rows, column: str, kind: str, same: bool = True) -> list[Row]:
    """The rows whose ``column`` is set and is ``kind`` (compared without case), or, where
    not ``same``, is set and is another kind."""
    return [row for row in rows
            if row.text(column) and (row.text(column).lower() == kind) == same]


def _channels(reading: Reading, client: bool) -> list[Row]:
    """The interval's channel instances of clients (SVRCONN), or its message channels (every
    other type)."""
    return _of_kind(reading.rows, "Type", CLIENT_CHANNEL, same=client)


def _protected(row: Row) -> bool:
    """Whether the channel instance of ``row`` negotiated a CipherSuite (used TLS)."""
    cell = row.text(CIPHER)
    if not cell:
        raise NotInData(f"{CIPHER} is not in the data")
    try:
        return int(cell, 16) != 0
    except ValueError:
        raise Unusable(row, (CIPHER,), row.cells[CIPHER], "expects a CipherSuite number in "
                       "hexadecimal, 0 for a channel without TLS") from None


def _clients(reading: Reading) -> list[Row]:
    clients = _channels(reading, client=True)
    if not clients:
        raise NotInData("no client channel (Type SvrConn) in the interval's channel "
                        "statistics")
    return clients


def _client_ends(reading: Reading) -> float:
    """Client channel instances that ended in the interval, per second: each ends once, in
    the record written at the end of the interval it ended in, with its stop time set (one
    still running has none), so none is counted twice however many intervals it spans."""
    ended = sum(row.moment(*STOP) is not None for row in _clients(reading))
    return ended / _seconds(reading)


def _client_tls(reading: Reading) -> bool:
    """Whether most of the interval's client channel instances used TLS."""
    clients = _clients(reading)
    return sum(map(_protected, clients)) * 2 > len(clients)


def _tls_channels(reading: Reading) -> list[Row]:
    """The interval's rows of message channels that used TLS."""
    rows = [row for row in _channels(reading, client=False) if _protected(row)]
    if not rows:
        raise NotInData(f"no message channel with a CipherSuite ({CIPHER} not 0) in the "
                        "interval's channel statistics")
    return rows


def _tls_channel_count(reading: Reading) -> int:
    """The message channels (by name and connection) that used TLS in the interval."""
    return len({(row.text("Chl_Name"), row.text("Connection_Name"))
                for row in _tls_channels(reading)})


def _tls_mb_rate(reading: Reading) -> float:
    """The MB those channels sent and received in the interval, per second (each record
    counts the bytes since the channel's record before, as its message counts do)."""
    rows = _tls_channels(reading)
    return ((_total(rows, "Bytes_Sent") + _total(rows, "Bytes_Received")) / MB
            / _seconds(reading))


CHIN_THREAD = "chin"
"""The ``Application_Type`` of class 1 accounting (QMAC) a channel initiator's thread has,
compared without case: the CPU of its MQ calls is the adapter tasks', which their own
statistics report (QCTADP)."""


def _application_cpu(reading: Reading) -> float:
    """The CPU seconds a second the MQ calls of the applications' threads used: class 1
    accounting's CPU time of every thread but the channel initiator's, over the interval's
    length."""
    threads = _of_kind(reading.rows, "Application_Type", CHIN_THREAD, same=False)
    if not threads:
        raise NotInData("no application thread (Application_Type other than CHIN) in the "
                        "interval's class 1 accounting")
    return _time_us(threads, "CPU_Time") / US_PER_SECOND / _seconds(reading)


def _pair(name: str) -> tuple[str, str]:
    return f"{name}(S)", f"{name}(US)"


_LOG_RATE_COLUMNS = ("Log_CI", *_COPY_CIS[1], *_COPY_CIS[2], DURATION)
_COPY_COLUMNS = (*_COPY_CIS[1], *_COPY_CIS[2])


@dataclass(frozen=True)
class How:
    """One way of reading an input: the parameters it takes (column names), the columns
    it reads given them, and its value given them."""

    parameters: tuple[str, ...]
    columns: Callable[..., tuple[str, ...]]
    value: Callable[..., Callable[[Reading], object]]


def _fixed(columns: tuple[str, ...], value: Callable[[Reading], object]) -> How:
    """A reading of fixed columns, with no parameter."""
    return How((), lambda: columns, lambda: value)


READINGS = {
    "rows": How(("column",), lambda column: (column,), lambda column: _count),
    "total": How(("column",), lambda column: (column,),
                 lambda column: lambda reading: _total(reading.rows, column)),
    "rate": How(("column",), lambda column: (column, DURATION),
                lambda column: lambda reading: _total(reading.rows, column) / _seconds(reading)),
    "per": How(("time", "count"), lambda time, count: (*_pair(time), count),
               lambda time, count: lambda reading: _per(reading.rows, time, count)),
    "sum_rate": How(("column", "plus"), lambda column, plus: (column, plus, DURATION),
                    lambda column, plus: lambda reading: (_total(reading.rows, column)
                                                          + _total(reading.rows, plus))
                    / _seconds(reading)),
    "mean_size": How(("size", "count", "plus"),
                     lambda size, count, plus: (size, count, plus),
                     lambda size, count, plus: lambda reading: _mean_size(reading.rows, size,
                                                                          count, plus)),
    "mean_kb": How(("size", "count"), lambda size, count: (size, count),
                   lambda size, count: lambda reading: _mean_kb(reading.rows, size, count)),
    "setting": How(("column",), lambda column: (column,),
                   lambda column: lambda reading: _setting(reading.rows, column)),
    "setting_kb": How(("column",), lambda column: (column,),
                      lambda column: lambda reading: _setting(reading.rows, column) / KB),
    "mb_rate": How(("column",), lambda column: (column, DURATION),
                   lambda column: lambda reading: _total(reading.rows, column) / MB
                   / _seconds(reading)),
    "cpu_rate": How(("time",), lambda time: (*_pair(time), DURATION),
                    lambda time: lambda reading: _time_us(reading.rows, time) / US_PER_SECOND
                    / _seconds(reading)),
    "interval_seconds": _fixed((DURATION,), _seconds),
    "dispatcher_busy": _fixed((*_pair("Task_Elapsed_Time"), DURATION), _dispatcher_busy),
    "log_mb_per_sec": _fixed(_LOG_RATE_COLUMNS, _log_rate),
    "log_copies": _fixed(_COPY_COLUMNS, _active_copies),
    "dual_logging": _fixed(_COPY_COLUMNS, _dual),
    "log_writes_per_ci": _fixed(("Log_CI", "Active_Log_CI", *_COPY_COLUMNS), _log_writes_per_ci),
    "new_logs_encrypted": _fixed(("Copy1_New_Logs", "Copy2_New_Logs", "New_Logs_Encrypted"),
                                 _encrypted_logs),
    "log_io_ms": _fixed(("IO_Count {1.1}", "IO_Count {1.2}", *_pair("IO_Total_Time{1.1}"),
                         *_pair("IO_Total_Time{1.2}")), _log_io_ms),
    "pagesets_in_buffer_pool": _fixed(("BufferPool",), _in_same_pool),
    "client_ends_per_sec": _fixed(("Type", *STOP, DURATION), _client_ends),
    "client_tls": _fixed(("Type", CIPHER), _client_tls),
    "tls_channels": _fixed(("Type", CIPHER, "Chl_Name", "Connection_Name"), _tls_channel_count),
    "tls_mb_per_sec": _fixed(("Type", CIPHER, "Bytes_Sent", "Bytes_Received", DURATION),
                             _tls_mb_rate),
    "compression_rate": _fixed((COMPRESSION, MESSAGE_BYTES), _compression_rate),
    "application_cpu_rate": _fixed(("Application_Type", *_pair("CPU_Time"), DURATION),
                                   _application_cpu),
}
"""Every reading by the name ``templates/smf_feeds.yaml`` gives it: ``rows``, how many
rows (one per task); ``total``, a column added up; ``rate``, a column's total per second
of the interval; ``sum_rate``, two columns' totals added, per second (MQPUT and MQPUT1
calls); ``mean_size``, a column of bytes' total over two count columns' (bytes per
message, rounded up); ``mean_kb``, a column of bytes' total over a count column's, in KB;
``setting``, the largest value of a column of settings (a count of buffers), and
``setting_kb``, of sizes in bytes, in KB; ``mb_rate``, a column of bytes' total in MB
(1,048,576 bytes) per second; ``per``, a time pair (``TIME(S)``, ``TIME(US)``, in µs) over
a count column's total; ``cpu_rate``, a time pair's total in seconds per second of the
interval (the CPU seconds a second that tasks used); and the fixed readings of the log
manager's, a page set's, the channel statistics' (among them ``compression_rate``, a
channel's compression rate weighted by the message bytes of its instances) and class 1
accounting's columns."""
