"""Which mq-smf-csv file and columns feed which calculator input, and how: declared once
here, read by the import (:mod:`calc.smf.importing`), the command's help and its output's
``from`` (each input's ``FILE:COLUMNS``).

A feed's ``value`` takes a :class:`Reading`: the rows of its file for one interval (for a
feed per item, the item's rows), all the interval's rows of the file, and the interval's
one length, and gives the input's value. It raises
:class:`NotInData` when the rows do not hold what it needs (a column an older MQ version
lacks, an unset value, no requests to average over), and
:class:`calc.smf.tables.Unusable` naming the cell when a cell cannot be read or cannot
be used (an interval of 0 seconds).

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
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .tables import DURATION, PLACING, Row, Unusable

QCTADP, QCTDSP, QJST, QIS1, WQ = ("SMF-QCTADP.csv", "SMF-QCTDSP.csv", "SMF-QJST.csv",
                                  "SMF-QIS1.csv", "SMF-WQ.csv")
"""The files read, as mq-smf-csv names them: channel initiator adapter and dispatcher
tasks, log manager, page sets (statistics, SMF 115) and queue accounting (SMF 116)."""
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
    """The interval's length, one for every feed (:attr:`calc.smf.intervals.Interval.seconds`:
    the channel initiator's and the queue manager's records of one interval may state
    lengths a second apart)."""


@dataclass(frozen=True)
class Feed:
    """One calculator input taken from one file's columns."""

    calculator: str
    input: str
    file: str
    columns: tuple[str, ...]
    value: Callable[[Reading], object]
    """What it reads for one interval -> the input's value."""
    caveat: str = ""
    """What the value is, where the data cannot give exactly what the input asks for (said
    beside the value wherever it is shown)."""

    @property
    def source(self) -> str:
        """Where the value comes from, as ``FILE:COLUMNS``."""
        return f"{self.file}:{','.join(self.columns)}"


@dataclass(frozen=True)
class Items:
    """A calculator fed per item of a file (a page set, a queue): the column naming an
    item, the column whose total picks the item whose inputs the calculator takes (the
    busiest), further columns shown with each item, and (``only``) the column and value a
    row must have to count, with the reason."""

    calculator: str
    file: str
    key: str
    rank: str
    facts: tuple[str, ...] = ()
    only: tuple[str, str] | None = None
    why_only: str = ""

    def counts(self, row: Row) -> bool:
        """Whether ``row`` is of an item this calculator takes."""
        return self.only is None or row.text(self.only[0]) == self.only[1]

    def none_counts(self, rows: int) -> str:
        """Why an interval's ``rows`` rows of the file give no item."""
        column, value = self.only or (self.key, "set")
        return (f"none of the interval's {rows} rows of {self.file} has {column} {value} "
                f"({self.why_only})")


def _total(rows: Rows, column: str) -> int | float:
    """The column's sum over ``rows``: every column read so is a count or a time, so a
    negative cell (other than the tool's -1 for unset) is :class:`Unusable`, and every
    input that reads the column is refused alike."""
    values = [row.number(column) for row in rows]
    if not rows or None in values:
        raise NotInData(f"{column} is not in the data")
    for row, value in zip(rows, values):
        if value < 0:
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


def _rate(reading: Reading) -> float:
    return _total(reading.rows, "Request_Count") / _seconds(reading)


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


def _column(column: str) -> Callable[[Reading], object]:
    return lambda reading: _total(reading.rows, column)


def _per_request(name: str) -> Callable[[Reading], object]:
    return lambda reading: _per(reading.rows, name, "Request_Count")


def _in_same_pool(reading: Reading) -> int:
    pool = reading.rows[0].text("BufferPool")
    return sum(row.text("BufferPool") == pool for row in reading.interval)


def _avg_get_cpu(reading: Reading) -> float:
    return _per(reading.rows, "Get_CT", "Get_Count")


def _count(reading: Reading) -> int:
    return len(reading.rows)


def _pair(name: str) -> tuple[str, str]:
    return f"{name}(S)", f"{name}(US)"


_LOG_RATE_COLUMNS = ("Log_CI", *_COPY_CIS[1], *_COPY_CIS[2], DURATION)
_COPY_COLUMNS = (*_COPY_CIS[1], *_COPY_CIS[2])

FEEDS: tuple[Feed, ...] = (
    Feed("adapters", "chiadaps", QCTADP, ("Task_Index",), _count),
    Feed("adapters", "chidisps", QCTDSP, ("Task_Index",), _count),
    Feed("adapters", "dispatcher_busy_pct", QCTDSP,
         (*_pair("Task_Elapsed_Time"), DURATION), _dispatcher_busy),
    Feed("adapters", "adapter_requests_per_sec", QCTADP, ("Request_Count", DURATION), _rate),
    Feed("adapters", "adapter_elapsed_us", QCTADP,
         (*_pair("Task_Elapsed_Time"), "Request_Count"), _per_request("Task_Elapsed_Time")),
    Feed("adapters", "adapter_cpu_us", QCTADP, (*_pair("Task_CPU_Time"), "Request_Count"),
         _per_request("Task_CPU_Time")),
    Feed("log_encryption", "log_mb_per_sec", QJST, _LOG_RATE_COLUMNS, _log_rate),
    Feed("log_encryption", "active_copies", QJST, _COPY_COLUMNS, _active_copies),
    Feed("log_encryption", "log_writes_per_ci", QJST,
         ("Log_CI", "Active_Log_CI", *_COPY_COLUMNS), _log_writes_per_ci),
    Feed("log_encryption", "encrypt_active", QJST,
         ("Copy1_New_Logs", "Copy2_New_Logs", "New_Logs_Encrypted"), _encrypted_logs),
    Feed("zhyperwrite", "log_mb_per_sec", QJST, _LOG_RATE_COLUMNS, _log_rate,
         caveat="the interval's average, where the input asks for the highest rate the "
                "queue manager sustains: the peak is at least this; --interval all lists "
                "every interval's rate"),
    Feed("zhyperwrite", "dual_logging", QJST, _COPY_COLUMNS, _dual),
    Feed("zhyperwrite", "log_io_ms", QJST,
         ("IO_Count {1.1}", "IO_Count {1.2}", *_pair("IO_Total_Time{1.1}"),
          *_pair("IO_Total_Time{1.2}")), _log_io_ms),
    Feed("pageset_encryption", "write_requests", QIS1, ("Page_Write_IO",),
         _column("Page_Write_IO")),
    Feed("pageset_encryption", "write_pages", QIS1, ("Pages_Written",),
         _column("Pages_Written")),
    Feed("pageset_encryption", "imw_pages", QIS1, ("IMW_Pages",), _column("IMW_Pages")),
    Feed("pageset_encryption", "get_pages", QIS1, ("Pages_Read",), _column("Pages_Read")),
    Feed("pageset_encryption", "interval_sec", QIS1, (DURATION,), _seconds),
    Feed("pageset_encryption", "pageset_pages", QIS1, ("Total_Pages",),
         _column("Total_Pages")),
    Feed("pageset_encryption", "pagesets_in_bufferpool", QIS1, ("BufferPool",),
         _in_same_pool),
    Feed("notify_delay", "gets_attempted", WQ, ("Get_Count",), _column("Get_Count")),
    Feed("notify_delay", "gets_successful", WQ, ("Total_Valid_Gets",),
         _column("Total_Valid_Gets")),
    Feed("notify_delay", "avg_get_cpu_us", WQ, (*_pair("Get_CT"), "Get_Count"), _avg_get_cpu),
)
"""Every input the files give, in the order the output lists them."""

ITEMS = {
    "pageset_encryption": Items("pageset_encryption", QIS1, key="Pageset",
                                rank="Pages_Written", facts=("BufferPool", "Encrypted")),
    "notify_delay": Items("notify_delay", WQ, key="Base_Name", rank="Get_Count",
                          only=("Scope", "Shared"),
                          why_only="KEYRNOTIFYDELAY delays only the notifications of "
                                   "messages put to shared queues"),
}
"""The calculators fed one item at a time, by calculator id."""

STATISTICS = (QCTADP, QCTDSP, QJST, QIS1)
"""The files whose rows carry their statistics interval (SMF 115)."""
ACCOUNTING = (WQ,)
"""The files whose rows belong to the interval during which their record was written."""
FILES = (*STATISTICS, *ACCOUNTING)
IDENTITY = {QCTADP: ("Task_Index",), QCTDSP: ("Task_Index",), QJST: (), QIS1: ("Pageset",),
            WQ: ("Correlation", "Open_Name", "Base_Name", "Open (DATE)", "Open (TIME)")}
"""What identifies a row of each file among its queue manager's rows of one interval (a
statistics file) or one record (the accounting file): the channel initiator task, the
page set, the queue and the task (its correlator) that opened it; a queue manager's log
statistics have one row an interval. Used to leave out rows that repeat a record
(:mod:`calc.smf.duplicates`)."""
PEAK_BY = (("adapters", "adapter_requests_per_sec"), ("log_encryption", "log_mb_per_sec"))
"""What ``--interval peak`` ranks a queue manager's intervals by: the first of these any
of its intervals has (adapter request rate, else log rate)."""


def columns_read(file: str) -> frozenset[str]:
    """The columns of ``file`` the import reads: whose and when a row is, what identifies
    it, what feeds an input, and what names, ranks, shows or admits an item."""
    items = [(i.key, i.rank, *i.facts, *(i.only or ())) for i in ITEMS.values() if i.file == file]
    return frozenset((*PLACING, *IDENTITY[file],
                      *(column for feed in FEEDS if feed.file == file for column in feed.columns),
                      *(column for columns in items for column in columns)))
