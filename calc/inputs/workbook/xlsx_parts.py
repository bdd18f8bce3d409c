"""The parts of an xlsx file a user names, read within bounds that a crafted file cannot pass.

An xlsx file is a zip archive of XML parts. A small file can stand for a great deal: a part
compressed a thousandfold, an XML entity that expands to gigabytes, a zip directory of
millions of entries. So the file itself is read through :func:`calc.files.reading.read_bytes`
(a regular file, at most :data:`ARCHIVE_LIMIT`), the zip directory is bounded before
:mod:`zipfile` parses it, and each part is streamed through expat a chunk at a time: no
tree is built, what a part decompresses to is counted as it arrives (a zip header that
understates a part's size gains nothing), and every part read in one file shares one
budget of bytes and XML elements. A document type declaration is refused outright: no
spreadsheet part has one, and it is the door to entity expansion.
"""
from __future__ import annotations

import functools
import io
import lzma
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from xml.parsers import expat

from calc.core.errors import MqcalcError
from calc.files import reading

ARCHIVE_LIMIT = 32 << 20
"""The largest xlsx file read: the combined mqzcalc workbook is 336 KB, and about 400 KB
once LibreOffice has saved it; 32 MB leaves room for whatever a person adds (pictures
included) while the whole file is held in memory once."""
MEMBER_LIMIT = 10_000
"""The most entries the zip directory may hold: the combined workbook has 78, 94 as
LibreOffice saves it. Each entry costs zipfile an object, so a directory of millions of tiny
entries would cost gigabytes before any part is read."""
INDEX_LIMIT = 4 << 20
"""The most a part that indexes the others (the workbook part, a relationships part) may
decompress to: the combined workbook's workbook.xml is 118 KB, 189 KB as LibreOffice saves
it; its defined names are kept while it is read, so it is held to far less than a sheet."""
PART_LIMIT = 16 << 20
"""The most a sheet, the shared strings or the styles may decompress to: the largest sheet
of the combined workbook is 360 KB (450 KB as LibreOffice saves it), its shared strings
183 KB."""
TOTAL_LIMIT = 64 << 20
"""The most all the parts read from one file may decompress to together: those read of the
combined workbook come to 0.65 MB (0.9 MB as LibreOffice saves it)."""
ELEMENT_LIMIT = 500_000
"""The most XML elements read from one file, all parts together: those read of the combined
workbook hold about 16,000. Expat with these handlers takes about two seconds a million, so
this bounds the time a file of millions of tiny cells can take to about one second."""
CHUNK = 64 << 10
"""How much of a part is decompressed and parsed at a time."""
_CENTRAL_ENTRY = b"PK\x01\x02"
"""The signature that starts each entry of a zip directory (PKWARE's APPNOTE.TXT, 4.3.12)."""


class Malformed(MqcalcError):
    """The file is not an xlsx workbook that can be read within the bounds. The message is
    the reason only; the importer puts ``workbook PATH:`` before it."""


class NotAnArchive(Malformed):
    """The file is not a zip archive at all."""


Start = Callable[[str, dict], None]
"""Called with an element's local name (its namespace dropped) and its attributes, each
named by its local name too."""


class Package:
    """The parts of one xlsx file, read under one shared budget."""

    def __init__(self, path: Path):
        try:
            data = reading.read_bytes(path, ARCHIVE_LIMIT)
        except reading.NotReadable as error:
            raise Malformed(str(error)) from None
        if data.count(_CENTRAL_ENTRY) > MEMBER_LIMIT:  # no more entries than signatures
            raise Malformed(f"is not an xlsx workbook mqcalc can read: its zip directory "
                            f"holds more than {MEMBER_LIMIT} entries, far more than any "
                            "workbook needs")
        try:
            self._archive = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, EOFError, ValueError, OSError):
            raise NotAnArchive("is not an xlsx workbook (an xlsx file is a zip archive; this "
                               "one is not)") from None
        self._bytes_left, self._elements_left = TOTAL_LIMIT, ELEMENT_LIMIT

    def has(self, name: str) -> bool:
        return name in self._archive.NameToInfo

    def stream(self, name: str, limit: int, start: Start, end: Callable[[str], None]
               | None = None, text: Callable[[str], None] | None = None) -> None:
        """Parse the part ``name``, calling ``start``, ``end`` and ``text`` as expat meets
        elements and character data; refused past ``limit`` decompressed bytes, or past
        what is left of the file's budget."""
        info = self._archive.NameToInfo.get(name)
        if info is None:
            raise Malformed(f"is not an xlsx workbook mqcalc can read: part {name} is missing")
        if info.file_size > limit:
            raise self._too_large(name, limit)
        parser = self._parser(name, start, end, text)
        try:
            with self._archive.open(info) as member:
                self._feed(name, limit, member, parser)
        except expat.ExpatError as error:
            raise Malformed(f"is not an xlsx workbook mqcalc can read: part {name} is not "
                            f"well-formed XML ({expat.ErrorString(error.code)}, line "
                            f"{error.lineno}, column {error.offset + 1})") from None
        except (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError,
                NotImplementedError, RuntimeError) as error:
            said = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise Malformed(f"is not an xlsx workbook mqcalc can read: part {name} cannot "
                            f"be unpacked ({said})") from None

    def _feed(self, name: str, limit: int, member, parser) -> None:
        """Decompress ``member`` a chunk at a time into ``parser``, counting every byte."""
        size = 0
        while chunk := member.read(CHUNK):
            size += len(chunk)
            if size > limit:
                raise self._too_large(name, limit)
            self._bytes_left -= len(chunk)
            if self._bytes_left < 0:
                raise Malformed(f"is not an xlsx workbook mqcalc can read: its parts "
                                f"decompress to more than {reading.describe_size(TOTAL_LIMIT)}"
                                " together, far more than any mqzcalc workbook")
            parser.Parse(chunk, False)
        parser.Parse(b"", True)

    def _parser(self, name: str, start: Start, end, text):
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.buffer_text = True

        def on_start(tag: str, attributes: dict) -> None:
            self._elements_left -= 1
            if self._elements_left < 0:
                raise Malformed(f"is not an xlsx workbook mqcalc can read: its parts hold "
                                f"more than {ELEMENT_LIMIT} XML elements where mqcalc reads, "
                                "far more than any mqzcalc workbook")
            start(_local(tag), {_local(key): value for key, value in attributes.items()}
                  if attributes else attributes)

        def on_doctype(*_) -> None:
            raise Malformed(f"is not an xlsx workbook mqcalc can read: part {name} has a "
                            "document type declaration (DOCTYPE), which no spreadsheet part "
                            "has and which can expand entities without bound")

        parser.StartElementHandler = on_start
        parser.StartDoctypeDeclHandler = on_doctype
        if end is not None:
            parser.EndElementHandler = lambda tag: end(_local(tag))
        if text is not None:
            parser.CharacterDataHandler = text
        return parser

    @staticmethod
    def _too_large(name: str, limit: int) -> Malformed:
        return Malformed(f"is not an xlsx workbook mqcalc can read: part {name} decompresses "
                         f"to more than {reading.describe_size(limit)}, far more than any "
                         "mqzcalc workbook's")


@functools.lru_cache(maxsize=1024)
def _local(name: str) -> str:
    """An element or attribute name without its namespace (expat puts ``URI NAME``)."""
    return name.rpartition(" ")[2]
