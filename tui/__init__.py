"""The terminal calculator (Textual). It asks :mod:`calc` for every figure; it computes none."""
