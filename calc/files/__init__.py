"""The doors to the file system: files read within a bound of size and kind, strict YAML,
files written whole or not at all, signals and a second process for work done at once."""
