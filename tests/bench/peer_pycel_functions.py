"""Spreadsheet functions our workbooks use that pycel 1.0b30 lacks, handed to it as a plugin
module (``ExcelCompiler(plugins=[...])`` looks a function up here by its lower-case name
before its own library)."""
from __future__ import annotations


def exact(first, second) -> bool:
    """EXACT: whether two texts are the same, case counting. The workbooks' input checks
    compare a text input with a literal; an empty cell is the empty text and a logical value
    its upper-case name, as in the spreadsheet."""
    return _text(first) == _text(second)


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)
