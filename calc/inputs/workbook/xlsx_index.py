"""Where a workbook keeps what the importer reads: its sheets, their local defined names, its
shared strings and styles parts, and its date system. Only the sheets and names asked for are
kept, so a workbook part of a hundred thousand names costs no more than the few wanted.

The parts are found as the Open Packaging Conventions say (ECMA-376 part 2): the package's
relationships (``_rels/.rels``) name the workbook part, and the workbook's relationships name
its sheets, shared strings and styles.
"""
from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field

from calc.inputs.workbook.xlsx_parts import INDEX_LIMIT, Malformed, Package

Wanted = Callable[[str], bool]
"""Whether a sheet's title, or a defined name, is one the reader asks for."""
ROOT_RELATIONSHIPS = "_rels/.rels"
"""The package's own relationships part (ECMA-376 part 2, 9.3)."""


@dataclass(frozen=True)
class Sheet:
    title: str
    index: int
    """Its place among the workbook's sheets, counted from 0: a local defined name's
    ``localSheetId``."""
    part: str


@dataclass
class Book:
    sheets: list[Sheet] = field(default_factory=list)
    """The sheets asked for, in the file's order."""
    names: dict = field(default_factory=dict)
    """(sheet index, name) -> what the local defined name refers to, as written."""
    date1904: bool = False
    shared_strings: str | None = None
    styles: str | None = None


def read_index(package: Package, titles: Wanted, names: Wanted) -> Book:
    """The sheets whose titles ``titles`` wants, and the local defined names ``names``
    wants."""
    workbook = _office_document(package)
    book, ids = _read_workbook_part(package, workbook, titles, names)
    relationships = _relationships(package, workbook)
    for title, index, rid in ids:
        if rid not in relationships:
            raise Malformed(f"is not an xlsx workbook mqcalc can read: sheet {title}'s "
                            f"relationship {rid!r} is not in {_relationships_part(workbook)}")
        book.sheets.append(Sheet(title, index, relationships[rid][1]))
    for kind, target in relationships.values():
        if kind.endswith("/sharedStrings"):
            book.shared_strings = target
        elif kind.endswith("/styles"):
            book.styles = target
    return book


def _office_document(package: Package) -> str:
    """The workbook part the package's relationships name."""
    for kind, target in _relationships(package, "").values():
        if kind.endswith("/officeDocument"):
            return target
    raise Malformed(f"is not an xlsx workbook mqcalc can read: {ROOT_RELATIONSHIPS} names no "
                    "workbook part")


def _relationships(package: Package, source: str) -> dict:
    """Relationship id -> (type, target part) of the part ``source`` ("" for the package),
    external targets left out."""
    found = {}

    def start(tag: str, attributes: dict) -> None:
        if tag == "Relationship" and attributes.get("TargetMode") != "External":
            found[attributes.get("Id")] = (attributes.get("Type", ""),
                                           _resolved(source, attributes.get("Target", "")))

    package.stream(_relationships_part(source), INDEX_LIMIT, start)
    return found


def _relationships_part(source: str) -> str:
    folder, name = posixpath.split(source)
    return posixpath.join(folder, "_rels", f"{name}.rels") if source else ROOT_RELATIONSHIPS


def _resolved(source: str, target: str) -> str:
    """The part a relationship's target names, relative to the folder of ``source``."""
    if target.startswith("/"):
        return posixpath.normpath(target).lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def _read_workbook_part(package: Package, part: str, titles: Wanted, names: Wanted):
    """The book without its sheets' parts yet, and (title, index, relationship id) of each
    sheet asked for."""
    book, ids, counted, name = Book(), [], [0], []

    def start(tag: str, attributes: dict) -> None:
        if tag == "sheet":
            if titles(attributes.get("name", "")):
                ids.append((attributes["name"], counted[0], attributes.get("id")))
            counted[0] += 1
        elif tag == "definedName":
            local = attributes.get("localSheetId", "")
            if names(attributes.get("name", "")) and local.isascii() and local.isdigit() \
                    and len(local) < 10:  # a sheet's number, not digits past int()'s reach
                name[:] = [(int(local), attributes["name"]), []]
        elif tag == "workbookPr":
            book.date1904 = attributes.get("date1904") in ("1", "true")

    def end(tag: str) -> None:
        if tag == "definedName" and name:
            if name[0] in book.names:  # one of two would be read silently: neither is
                raise Malformed(f"is not an xlsx workbook mqcalc can read: part {part} defines "
                                f"the name {name[0][1]} twice for one sheet")
            book.names[name[0]] = "".join(name[1])
            name.clear()

    def text(data: str) -> None:
        if name:
            name[1].append(data)

    package.stream(part, INDEX_LIMIT, start, end, text)
    return book, ids
