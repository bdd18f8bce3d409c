"""Inputs typed into a built workbook file as a user leaves them: new values in the input
cells and no stored result anywhere, so the application that opens the copy has to compute
every formula itself.

The copy is made in the file's XML rather than loaded and saved by openpyxl: a few
milliseconds instead of 20 to 60 for openpyxl's save, and the sheets, names, validation and
styles stay byte for byte as mqcalc built them. Only what XlsxWriter writes is understood:
cells as ``<c r="B5" s="3" t="..."><v>...</v></c>`` and formulas as ``<f>...</f>`` with no
attributes; anything else is refused rather than copied unchanged.

The copies leave out the drawn charts (their drawings and chart parts), which are not
formulas: LibreOffice spends 40% of its time on a workbook importing them (0.14 s a workbook
with them, 0.09 s without), while the figures they draw are formulas on the hidden chart
sheet, which stays. LibreOffice opens the built charts themselves in the tests of the
unchanged workbooks (tests/workbook/test_libreoffice.py, tests/workbook/test_render.py).
"""
from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

FORMULA_CELL = re.compile(r'<c( r="[A-Z]+[0-9]+"(?: s="[0-9]+")?)(?: t="[a-z]+")?>'
                          r'(<f>[^<]*</f>)(?:<v>[^<]*</v>)?</c>')
"""A formula cell, its stored result (``<v>``) and that result's type (``t``) apart."""
SHEET = re.compile(r'<sheet name="([^"]+)" sheetId="[0-9]+"(?: state="[a-z]+")? r:id="([^"]+)"/>')
RELATION = re.compile(r'<Relationship Id="([^"]+)" Type="[^"]+/worksheet" Target="([^"]+)"/>')
CHART_PARTS = ("xl/drawings/", "xl/charts/")
DRAWN = [re.compile(pattern) for pattern in (
    r'<Relationship Id="[^"]+" Type="[^"]+/drawing" Target="[^"]+"/>',  # a sheet's relations
    r'<drawing r:id="[^"]+"/>',                                          # a sheet
    r'<Override PartName="/xl/(?:drawings|charts)/[^"]+" ContentType="[^"]+"/>')]  # the types
"""Where a workbook refers to its drawings: nothing else refers to them."""


class TypedCopies:
    """Copies of one built workbook, each with its own inputs typed in."""

    def __init__(self, path: Path):
        with zipfile.ZipFile(path) as archive:
            self.parts = {info.filename: _undrawn(archive.read(info))
                          for info in archive.infolist()
                          if not info.filename.startswith(CHART_PARTS)}
        relations = dict(RELATION.findall(self.parts["xl/_rels/workbook.xml.rels"].decode()))
        self.sheets = {title: f"xl/{relations[relation]}"
                       for title, relation in SHEET.findall(self.parts["xl/workbook.xml"].decode())}
        self.unstored = {part: _without_results(self.parts[part].decode(), part)
                         for part in self.sheets.values()}
        self.parts.update((part, xml.encode()) for part, xml in self.unstored.items())

    def write(self, out: Path, typed: dict[str, dict[str, object]]) -> Path:
        """A copy at ``out`` with ``typed[sheet title][cell, e.g. "B5"]`` typed in."""
        parts = dict(self.parts)
        for title, cells in typed.items():
            xml = self.unstored[self.sheets[title]]
            for coordinate, value in cells.items():
                xml = _typed(xml, coordinate, value)
            parts[self.sheets[title]] = xml.encode()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
            for name, data in parts.items():
                archive.writestr(name, data)
        return out


def _undrawn(data: bytes) -> bytes:
    """A part with every reference to a drawing taken out."""
    if b"drawing" not in data:
        return data
    text = data.decode()
    for pattern in DRAWN:
        text = pattern.sub("", text)
    return text.encode()


def _without_results(xml: str, part: str) -> str:
    if "<f " in xml:
        raise ValueError(f"{part}: a formula with attributes (shared or array), which "
                         "XlsxWriter's writer here does not write")
    formulas = xml.count("<f>")
    stripped, found = FORMULA_CELL.subn(r"<c\1>\2</c>", xml)
    if found != formulas:
        raise ValueError(f"{part}: {formulas - found} formula cells not written as XlsxWriter "
                         "writes them")
    return stripped


def _typed(xml: str, coordinate: str, value) -> str:
    cell = re.compile(rf'<c r="{coordinate}"( s="[0-9]+")?(?: t="[a-z]+")?(?:/>|>.*?</c>)')
    if value is None:
        content = "/>"
    elif isinstance(value, bool):
        content = f' t="b"><v>{int(value)}</v></c>'
    elif isinstance(value, (int, float)):
        content = f"><v>{value!r}</v></c>"
    else:
        content = f' t="inlineStr"><is><t>{escape(value)}</t></is></c>'
    typed, found = cell.subn(lambda match: f'<c r="{coordinate}"{match[1] or ""}{content}',
                             xml, count=1)
    if not found:
        raise ValueError(f"no cell {coordinate} to type {value!r} into")
    return typed
