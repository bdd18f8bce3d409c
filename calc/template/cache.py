"""A cache of read templates, so a command does not parse YAML again for a file it has read.

Reading a template strictly (:mod:`calc.files.yaml_reading`) and importing PyYAML are most of a
command's start; the result of reading a file is pure (the same bytes give the same
:class:`~calc.core.yaml_document.Document`), so it is kept as JSON, one file per template
content, in ``$XDG_CACHE_HOME/mqcalc`` (``~/.cache/mqcalc`` when that is unset or not an
absolute path, as the XDG base directory specification says). ``MQZCALC_CACHE=off`` turns
the cache off (nothing read or written).

An entry's name is the SHA-256 of the template's bytes and of a stamp of the code that reads
YAML (:func:`stamp`), so a changed template, or another mqcalc or PyYAML, never finds an old
entry. An entry holds data only (JSON: mappings, lists, text, numbers, true/false/null) and
what it holds goes through every check a template goes through (the loader's, and the
characters :func:`calc.template.reader.read_yaml` refuses), so a hostile entry can at worst
describe a calculator a template could describe, never run code. An entry that is not this
user's own, is writable by others, is not a regular file, is too large, does not parse or
has not the shape of a document is ignored and written anew; a cache that cannot be written
is no error (the command goes on without it). Entries are written whole or not at all
(written beside, then renamed). The folder keeps the :data:`KEPT` newest entries: writing one
deletes the oldest beyond them, so neither edited templates nor new versions of mqcalc make
it grow without end.
"""
from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

from calc.core.yaml_document import SIZE_LIMIT, Document
from calc.files.reading import NotReadable, read_bytes

try:  # CPython's own SHA-256, which hashlib falls back on: importing hashlib loads OpenSSL's
    from _sha2 import sha256  # library at every command's start (Python 3.12 on)
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:  # an interpreter without either
        from hashlib import sha256

FORMAT = 2
"""The entries' layout; part of the stamp, so a new layout never reads an old entry."""
SWITCH = "MQZCALC_CACHE"
ENTRY_LIMIT = 16 * SIZE_LIMIT
"""Largest entry read or written: the JSON of the largest template the reader takes, with a
line number for each key path, stays well under it."""
PAIRS = "\x00pairs"
"""The one key of a JSON object that stands for a mapping with a key other than text (a
table's rows keyed by numbers): its value lists the [key, value] pairs. YAML text cannot
hold the character NUL, so no template's own mapping has this key."""
KEPT = 256
"""Most entries the folder keeps (some 30 MB at most): the catalogue's some 20 files many times
over, so the templates in use are read from it while old contents and versions go."""
HEX_DIGITS = frozenset("0123456789abcdef")
STAMPED = ("files/yaml_reading.py", "core/yaml_document.py", "template/cache.py")
"""The modules whose code decides what an entry holds, from the package's folder."""


def folder() -> Path | None:
    """The cache's folder, or None when ``MQZCALC_CACHE=off``, and when it would be under a
    home folder that is not an existing absolute path: mqcalc never makes the user's home
    (``HOME=/nonexistent/x`` made that path) nor writes a cache under the current folder (a
    relative ``HOME``)."""
    if os.environ.get(SWITCH, "").strip().lower() == "off":
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):
        return Path(base) / "mqcalc"
    home = Path(os.environ.get("HOME") or Path.home())
    return home / ".cache" / "mqcalc" if home.is_absolute() and home.is_dir() else None


@cache
def stamp() -> bytes:
    """What, besides a template's bytes, decides the document read from it: the entry
    layout, the code of the modules that read YAML, and the PyYAML installed (its file's
    place, size and time, looked up without importing it)."""
    digest = sha256(f"{FORMAT} {sys.version}".encode())
    here = Path(__file__).parents[1]
    for name in STAMPED:
        digest.update((here / name).read_bytes())
    for entry in sys.path:
        module = Path(entry or ".", "yaml", "__init__.py")
        try:
            found = module.stat()
        except OSError:
            continue
        digest.update(f"{module.resolve()} {found.st_size} {found.st_mtime_ns}".encode())
        break
    return digest.digest()


def document(path, read: Callable[[object], Document]) -> Document:
    """The document of the template file ``path``: the cache's when it holds a sound entry
    for the file's bytes, else ``read(path)``'s (whose errors pass through), then kept."""
    where = folder()
    if where is None or not isinstance(path, Path):  # off, or a file inside a zip
        return read(path)
    try:
        raw = read_bytes(path, SIZE_LIMIT)
    except NotReadable:
        return read(path)  # which says why, in the reader's words
    entry = where / f"{sha256(stamp() + raw).hexdigest()}.json"
    found = _load(entry)
    if found is not None:
        return found
    fresh = read(path)
    try:
        unchanged = read_bytes(path, SIZE_LIMIT) == raw
    except NotReadable:
        unchanged = False
    if unchanged:  # else the file changed while read: which bytes were read is not known
        _store(entry, fresh)
    return fresh


def _load(entry: Path) -> Document | None:
    """The document an entry holds, or None when it is missing or not sound."""
    try:
        owner = entry.stat()
        if (owner.st_uid != os.getuid() or owner.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
                or not stat.S_ISREG(owner.st_mode)):
            return None
        stored = json.loads(read_bytes(entry, ENTRY_LIMIT), parse_constant=_refuse,
                            object_hook=_mapping)
    except (OSError, NotReadable, ValueError, TypeError, RecursionError):
        return None
    if not (isinstance(stored, dict) and stored.keys() == {"format", "data", "lines"}
            and stored["format"] == FORMAT and _sound_lines(stored["lines"])):
        return None
    return Document(stored["data"], stored["lines"])


def _sound_lines(top: object) -> bool:
    """Whether ``top`` is a tree of lines as :data:`calc.core.yaml_document.Lines` describes."""
    stack = [top]
    while stack:
        node = stack.pop()
        if not (isinstance(node, list) and len(node) == 2 and type(node[0]) is int):
            return False
        children = node[1]
        if isinstance(children, dict):
            stack += children.values()
        elif isinstance(children, list):
            stack += children
        elif children is not None:
            return False
    return True


def _mapping(stored: dict) -> dict:
    """A JSON object as the mapping it stands for: itself, or the mapping of its pairs
    (see :data:`PAIRS`); a ValueError or TypeError when the pairs are not pairs of a
    plain key and a value."""
    if PAIRS not in stored:
        return stored
    if len(stored) != 1 or not isinstance(stored[PAIRS], list):
        raise ValueError("not a mapping's pairs")
    mapping = {}
    for key, value in stored[PAIRS]:  # a pair of two, or a ValueError or TypeError
        if isinstance(key, (dict, list)):
            raise ValueError("a key must be a plain value")
        mapping[key] = value
    return mapping


def _refuse(constant: str):
    """JSON's NaN and Infinity, which no document holds."""
    raise ValueError(constant)


def _store(entry: Path, found: Document) -> None:
    """Keep ``found`` in ``entry`` when JSON holds it exactly (every key text, every
    number finite) and it fits; a cache that cannot be written is left alone."""
    if not _plain(found.data):
        return
    try:
        text = json.dumps({"format": FORMAT, "data": _stored(found.data), "lines": found.lines},
                          ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        data = text.encode("utf-8")
    except (ValueError, UnicodeEncodeError):
        return
    if len(data) > ENTRY_LIMIT:
        return
    temporary = entry.with_name(f".{entry.name}.{os.getpid()}")
    try:
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, entry)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return
    _keep_newest(entry.parent)


def _keep_newest(where: Path) -> None:
    """Delete the entries of ``where`` older than its :data:`KEPT` newest (by the time each
    was written). Only entries are touched (a name of 64 hexadecimal digits and ``.json``):
    nothing else in the folder, nor anything a link points to."""
    try:
        with os.scandir(where) as listing:
            found = [(item.stat(follow_symlinks=False).st_mtime_ns, item.path)
                     for item in listing if _entry_name(item.name)
                     and item.is_file(follow_symlinks=False)]
    except OSError:
        return
    found.sort()
    for _, path in found[:max(0, len(found) - KEPT)]:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _entry_name(name: str) -> bool:
    """Whether ``name`` is an entry's: the SHA-256 in hexadecimal, then ``.json``."""
    digest, _, extension = name.partition(".")
    return extension == "json" and len(digest) == 64 and set(digest) <= HEX_DIGITS


def _plain(data) -> bool:
    """Whether ``data`` is made of what an entry can hold exactly: mappings (keyed by plain
    values other than :data:`PAIRS`), lists, and text, numbers, true/false and null."""
    if isinstance(data, dict):
        return all(_scalar(key) and key != PAIRS and _plain(value)
                   for key, value in data.items())
    if isinstance(data, list):
        return all(_plain(item) for item in data)
    return _scalar(data)


def _scalar(value) -> bool:
    return value is None or type(value) in (str, int, float, bool)


def _stored(data):
    """``data`` as JSON can hold it: a mapping with a key other than text as its pairs
    (see :data:`PAIRS`)."""
    if isinstance(data, dict):
        if all(type(key) is str for key in data):
            return {key: _stored(value) for key, value in data.items()}
        return {PAIRS: [[key, _stored(value)] for key, value in data.items()]}
    if isinstance(data, list):
        return [_stored(item) for item in data]
    return data
