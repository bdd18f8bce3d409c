"""The doors to the file system (calc/files): bounded reads, strict YAML, whole writes, signals, a forked child, streams."""
