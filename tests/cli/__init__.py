"""The mqcalc command (calc/cli): its text, JSON, refusals, start-up and its recording."""
