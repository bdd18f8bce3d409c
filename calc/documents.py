"""The published documents every figure comes from, by the file name citations use.

The files themselves are the project's source documents (``../shared/seeds`` beside a
checkout, and IBM's fuller reports in ``../shared/sources``); this map gives each one a title a reader can look up, so that a workbook or a
report handed to someone without the files still says where a figure was published.

Each record holds what the text itself states: the title, author and date on its first lines
(the reports' cover page, the blogs' heading). Two blog texts (000 and 001) begin with their
first paragraph: they state no title, author or date, so their titles are descriptions of
the post, beginning "Untitled", and their date and author are None ("date not stated").
All are IBM's: the reports carry IBM's notices, the blogs are IBM MQ for z/OS performance
team posts.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Citation

NO_DATE = "date not stated"
"""What a reference shows for a document that gives no date."""


@dataclass(frozen=True)
class Document:
    """One source document: its title, author, publisher and date as the text gives them."""

    title: str
    date: str | None
    """As the document states it (e.g. "26 March 2019"); None when it states none."""
    author: str | None = None
    publisher: str = "IBM"

    def reference(self) -> str:
        """Title, author, publisher and date in one line, as a reader would look it up."""
        by = f"{self.author}, " if self.author else ""
        return f"{self.title} ({by}{self.publisher}, {self.date or NO_DATE})"


DOCUMENTS = {
    "000_9710d6762d9a2895.txt": Document(
        "Untitled IBM MQ for z/OS performance blog post on KEYRNOTIFYDELAY for shared queue "
        "list structures and how it spreads work between queue managers", None),
    "001_88807c0b1590429f.txt": Document(
        "Untitled IBM MQ for z/OS performance blog post on the cost of client MQCONNX and "
        "MQDISC", None),
    "002_d8ea5ad91b1ebf9b.txt": Document(
        "IBM MQ for z/OS v9.1.2 Active log acceleration with zHyperWrite", "26 March 2019",
        "Tony Sharkey"),
    "003_a65b9f47387b24ec.txt": Document(
        "MQ for z/OS v914 CDR - Data Set Encryption performance", "13 January 2020",
        "Anthony Sharkey"),
    "004_8d506b0c1db2e806.txt": Document(
        "IBM MQ for z/OS V9.1.3 AMS Interception on Server to Server Message Channels, "
        "version 1.0", "July 2019", "Tony Sharkey"),
    "mqperf_MQ_for_zOS_on_z14_v1.2.txt": Document(
        "IBM MQ for z/OS on z14 Performance, version 1.2", "September 2018", "Tony Sharkey"),
    "mqperf_MQ_for_zOS_on_z15.txt": Document(
        "IBM MQ for z/OS on z15 Performance, version 1.0", "January 2020", "Tony Sharkey"),
    "mqperf_MQ_for_zOS_on_z16.txt": Document(
        "IBM MQ for z/OS on z16 Performance, version 1.0", "September 2022", "Tony Sharkey"),
    "mqperf_MQ_v912_zHyperWrite_active_log_acceleration.txt": Document(
        "IBM MQ for z/OS V9.1.2 zHyperWrite MQ Active Log Acceleration, version 1.0",
        "March 2019", "Tony Sharkey"),
    "mqperf_V913_AMS_Interception_on_server-server_message_channels.txt": Document(
        "IBM MQ for z/OS V9.1.3 AMS Interception on Server to Server Message Channels, "
        "version 1.0", "July 2019", "Tony Sharkey"),
}


def cite(citation: Citation) -> str:
    """A citation a reader can follow without the files: the document's reference, its file
    name, then the table or passage inside it."""
    return f"{DOCUMENTS[citation.file].reference()}, file {citation.file}: {citation.passage}"
