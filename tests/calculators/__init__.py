"""One file a calculator: its source's worked examples and its own properties."""
