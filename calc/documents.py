"""The published documents every figure comes from, by the file name citations use.

The files themselves are the project's source documents (``../shared/seeds`` beside a
checkout, and IBM's fuller reports in ``../shared/sources``); this map gives each one a title a reader can look up, so that a workbook or a
report handed to someone without the files still says where a figure was published.
"""
from __future__ import annotations

DOCUMENTS = {
    "000_9710d6762d9a2895.txt":
        "IBM MQ for z/OS performance blog: KEYRNOTIFYDELAY on shared queue list structures "
        "and how it spreads work between queue managers",
    "001_88807c0b1590429f.txt":
        "IBM MQ for z/OS performance blog: the cost of client MQCONNX and MQDISC",
    "002_d8ea5ad91b1ebf9b.txt":
        "IBM MQ for z/OS v9.1.2 Active log acceleration with zHyperWrite (Tony Sharkey, "
        "26 March 2019)",
    "003_a65b9f47387b24ec.txt":
        "MQ for z/OS v914 CDR - Data Set Encryption performance (Anthony Sharkey, "
        "13 January 2020)",
    "004_8d506b0c1db2e806.txt":
        "IBM MQ for z/OS V9.1.3 AMS Interception on Server to Server Message Channels, "
        "version 1.0 (Tony Sharkey, IBM MQ Performance, Hursley, July 2019)",
    "mqperf_MQ_for_zOS_on_z14_v1.2.txt":
        "IBM MQ for z/OS on z14 Performance, version 1.2 (Tony Sharkey, September 2018)",
    "mqperf_MQ_for_zOS_on_z15.txt":
        "IBM MQ for z/OS on z15 Performance, version 1.0 (Tony Sharkey, January 2020)",
    "mqperf_MQ_for_zOS_on_z16.txt":
        "IBM MQ for z/OS on z16 Performance, version 1.0 (September 2022)",
}
