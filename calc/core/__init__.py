"""What every layer shares: the calculator model, the errors users read, an input value judged
against its domain, the names things are given in a sheet and on a command line, and how a
value is written for a person (decimals, units, readable time units, text safe to print)."""
