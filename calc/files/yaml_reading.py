"""Strict YAML reading: the one way mqcalc reads a YAML file (templates and scenario files).

Built on PyYAML's safe loader (libyaml's when present), narrowed so a file means what it
plainly says:

* only YAML 1.2's plain scalars are typed: decimal whole numbers (no leading zero), decimal
  or exponent numbers, ``true``/``false`` and ``null``. ``0x10``, ``010``, ``0o10``,
  ``1_000``, ``0b1``, ``1:30``, ``.inf``, ``.nan``, ``on``/``off``/``yes``/``no``/``y``/``n``
  and dates stay text, so the engine's gate (:func:`calc.core.values.coerce`) judges them and
  refuses them in its usual words; a number too large for a float stays text the same way;
* a key given twice in one mapping, an anchor or alias, an explicit tag (``!!int``, ...), a
  file over :data:`SIZE_LIMIT`, nested deeper than :data:`DEPTH_LIMIT` or holding more
  than :data:`VALUE_LIMIT` values is refused;
* every key's line is kept (:meth:`Document.line`), so errors can name it.

Every refusal is a :class:`YamlProblem`, one line, with the line where there is one.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import yaml

from calc.core.yaml_document import SIZE_LIMIT, Document, Lines, WrittenNumber
from calc.files import reading
from calc.files.traversable import Traversable

DEPTH_LIMIT = 64
"""Deepest nesting of mappings and lists read: templates nest 6 deep. libyaml's composer
recurses in C, so a document nested 100,000 deep would end the process; this is checked first."""
VALUE_LIMIT = 200_000
"""Most keys, list items and values read from one file: a plan of 4,000 variants holds some
24,000; a file of a million one-digit items would take seconds and hundreds of MB to build,
so it is refused first."""
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (eight times faster, which is most of the
terminal calculator's start), else the pure-Python one; both build the same documents."""
_TAG = "tag:yaml.org,2002:"
_PLAIN_TYPES = (
    ("bool", r"(?:true|True|TRUE|false|False|FALSE)\Z", "tTfF"),
    ("int", r"[-+]?(?:0|[1-9][0-9]*)\Z", "-+0123456789"),
    ("float", r"[-+]?(?:(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+)\Z",
     "-+.0123456789"),
    ("null", r"(?:~|null|Null|NULL|)\Z", ["~", "n", "N", ""]),
)
_ALLOWED_TAGS = {_TAG + name for name in ("str", "map", "seq", *(t[0] for t in _PLAIN_TYPES))}


class YamlProblem(Exception):
    """A file that strict reading refuses; ``str()`` is one line, ``line N: problem``; the
    key path is in ``problem`` where there is one."""

    def __init__(self, problem: str, line: int | None = None):
        self.problem, self.line = problem, line
        super().__init__(f"line {line}: {problem}" if line else problem)


class _Loader(_BASE):
    """The safe loader with YAML 1.2's plain scalars and duplicate keys refused."""

    yaml_implicit_resolvers: dict = {}

    def construct_mapping(self, node, deep=False):
        mapping = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in mapping
            except TypeError:
                raise YamlProblem("a key must be a plain value, not a mapping or list",
                                  key_node.start_mark.line + 1) from None
            if duplicate:  # written differently (1.0 and 1.00), so the walk let it by
                raise YamlProblem(f"{key!r}: the key is given twice in one mapping",
                                  key_node.start_mark.line + 1)
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_yaml_int(self, node):
        try:
            return int(node.value)
        except ValueError:  # more digits than Python converts
            raise YamlProblem(f"a number of {len(node.value)} digits is too long",
                              node.start_mark.line + 1) from None

    as_written = False
    """Whether a decimal number keeps its text (:class:`WrittenNumber`): in a file of
    inputs, which the engine's gate judges as it judges typed text."""

    def construct_yaml_float(self, node):
        number = float(node.value)
        if not math.isfinite(number):
            return node.value  # the gate names the text
        return WrittenNumber(number, node.value) if self.as_written else number


for _name, _pattern, _first in _PLAIN_TYPES:
    _Loader.add_implicit_resolver(_TAG + _name, re.compile(_pattern), list(_first))
_Loader.add_constructor(_TAG + "int", _Loader.construct_yaml_int)
_Loader.add_constructor(_TAG + "float", _Loader.construct_yaml_float)


def read(path: Path | Traversable, limit: int = SIZE_LIMIT, *,
         as_written: bool = False) -> Document:
    """Read the YAML file ``path`` strictly; anything refused (a file that cannot be read,
    is not a regular file or is too large included) is a :class:`YamlProblem`. ``path`` may
    be a file of an installed package (``importlib.resources``), e.g. a template inside a
    wheel or a zip. ``as_written``: decimal numbers keep their text (a file of inputs)."""
    try:
        if isinstance(path, Path):
            raw = reading.read_bytes(path, limit)
        else:
            with path.open("rb") as file:
                raw = reading.read_bounded(file, limit)
    except reading.NotReadable as error:
        raise YamlProblem(str(error)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise YamlProblem(f"is not UTF-8 text (byte {error.start})") from None
    return parse(text, as_written=as_written)


def parse(text: str, *, as_written: bool = False) -> Document:
    """Parse ``text`` strictly (see the module's description)."""
    try:
        _check_shape(text)
        loader = _Loader(text)
        loader.as_written = as_written
        try:
            node = loader.get_single_node()
            if node is None:
                return Document(None, None)
            lines = _lines(loader, node)
            return Document(loader.construct_document(node), lines)
        finally:
            loader.dispose()
    except yaml.reader.ReaderError as error:
        code = error.character if isinstance(error.character, int) else ord(error.character)
        raise YamlProblem(f"the character U+{code:04X} is not allowed in YAML text",
                          text.count("\n", 0, error.position) + 1) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        context = getattr(error, "context", None)
        problem = f"{context}, {problem}" if context else problem
        raise YamlProblem("is not YAML: " + " ".join(problem.split()),
                          mark.line + 1 if mark else None) from None


def _check_shape(text: str) -> None:
    """Refuse nesting deeper than DEPTH_LIMIT and more values than VALUE_LIMIT, from
    libyaml's events (its parser does not recurse), before anything that recurses sees the
    document or builds its nodes."""
    depth = values = 0
    for event in yaml.parse(text, Loader=_BASE):
        if isinstance(event, yaml.NodeEvent):  # a key, an item, a value or a collection
            values += 1
            if values > VALUE_LIMIT:
                raise YamlProblem(f"holds more than {VALUE_LIMIT:,} keys, list items and "
                                  "values (the most mqcalc reads from one file)",
                                  event.start_mark.line + 1)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > DEPTH_LIMIT:
                raise YamlProblem(f"is nested more than {DEPTH_LIMIT} levels deep",
                                  event.start_mark.line + 1)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _lines(loader: _Loader, root) -> Lines:
    """Where each key and list item starts (:data:`Lines`); refuses aliases, explicit tags
    and a key written twice in one mapping on the way. Each node's key path is kept as its
    parent's path and its own key, and written out only to name a key at fault."""
    top: Lines = [root.start_mark.line + 1, None]
    seen, stack = set(), [(top, root, ())]
    while stack:
        entry, node, path = stack.pop()
        if id(node) in seen:
            raise YamlProblem("anchors and aliases (&, *) are not accepted; write the value "
                              "out", entry[0])
        seen.add(id(node))
        if node.tag not in _ALLOWED_TAGS or (
                isinstance(node, yaml.ScalarNode)
                and node.tag not in (_TAG + "str", _plain_tag(loader, node))):
            raise YamlProblem(f"the tag {node.tag.replace(_TAG, '!!')} is not accepted; "
                              "write the value plainly", node.start_mark.line + 1)
        children: list = []
        if isinstance(node, yaml.MappingNode):
            keys = entry[1] = {}
            for key_node, value_node in node.value:
                line, key = key_node.start_mark.line + 1, key_node.value
                if isinstance(key, str) and key in keys:
                    raise YamlProblem(f"{_path((path, key))}: the key is given twice in one "
                                      f"mapping (first on line {keys[key][0]})", line)
                child: Lines = [line, None]
                if isinstance(key, str):  # a mapping or list as a key is refused later
                    keys[key] = child
                children += [([line, None], key_node, path), (child, value_node, (path, key))]
        elif isinstance(node, yaml.SequenceNode):
            items = entry[1] = []
            for index, item in enumerate(node.value):
                items.append([item.start_mark.line + 1, None])
                children.append((items[-1], item, (path, index)))
        stack += reversed(children)  # in the file's order, so an alias is met after its anchor
    return top


def _path(path: tuple) -> str:
    """A key path kept as (parent's path, key or index) pairs, written out: ``a.b[2].c``."""
    pieces = []
    while path:
        path, piece = path
        pieces.append(f"[{piece}]" if isinstance(piece, int) else f".{piece}")
    return "".join(reversed(pieces)).removeprefix(".")


def _plain_tag(loader: _Loader, node) -> str:
    """The tag ``node`` would have without an explicit one."""
    return loader.resolve(yaml.ScalarNode, node.value, (not node.style, False))
