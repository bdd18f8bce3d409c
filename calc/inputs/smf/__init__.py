"""Reading the CSV files IBM's mq-smf-csv tool writes from SMF 115/116 records, and turning
them into the inputs of mqzcalc's calculators (``mqcalc smf DIR``).

The tool (github.com/ibm-messaging/mq-smf-csv) writes one file per record structure,
``SMF-<STRUCTURE>.csv``, one row per structure instance, every column as the structure's
field is named by the tool. The modules here, each small:

* :mod:`.cells`: one CSV line split into cells, and a cell decoded (both the default
  ``="..."`` form and the ``-r`` form; decimal-comma times; the values older MQ versions
  leave empty);
* :mod:`.tables`: one file read, bounded, into rows that keep their line numbers;
* :mod:`.feeds`: which file and columns feed which calculator input, and how (declared);
* :mod:`.intervals`: rows grouped by queue manager and statistics interval;
* :mod:`.importing`: every interval's inputs worked out and checked against each input's
  domain, each value with where it came from;
* :mod:`.selection`: the interval(s) asked for (peak, all, or one start time).

The ``mqcalc smf`` command's text, JSON and ``--out`` file are :mod:`calc.cli.cmd_smf`'s.
"""
