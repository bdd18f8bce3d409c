"""What a planner brings: scenario and plan files, text reports such as MQSMF's PSET report,
mq-smf-csv folders, and workbooks mqcalc wrote read back; each read into checked calculator
inputs, and plans and reports evaluated."""
