"""What every section of a template loader shares: the file being read, and the checks that
turn a YAML value into a title, a text, a bound or a citation, each failing with a
:class:`TemplateError` that names the file, the line and the key path.

A key can come from a part the template includes (see :mod:`calc.template.parts_section`); a problem
with such a key names the part's file and line, not the template's.
"""
from __future__ import annotations

import ast
import builtins
import keyword
import math
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from calc.core.errors import TemplateError
from calc.core.model import BOOL, NUMBER, TEXT, Citation, Input
from calc.core.yaml_document import Document
from calc.files.traversable import Traversable
from calc.files.writing import reason
from calc.formula import expr
from calc.template import cache

TITLE_LIMITS = {"inputs": 22, "outputs": 36, "measured": 36, "constants": 44, "tables": 56,
                "charts": 56}
"""Longest title, in characters: inputs and outputs (and the figures SMF measured, shown as
outputs are) fit beside a field or a value in the terminal; constants and tables fit their
title cells in the workbook; charts fit above their picture."""
UNNAMED = {"Cc": "a control character", "Cs": "a surrogate", "Co": "a private-use character",
           "Cn": "a code point this Python assigns no character"}
"""What a character that is not printable and has no Unicode name is, by its general
category (no other category holds such a character)."""
WRITTEN = {NUMBER: "a number", TEXT: "text", BOOL: "true or false"}
"""How a value of each type is written in a template."""

NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
NAME_LIMIT = 255
"""Longest name, in characters: Excel's limit for a defined name, which XlsxWriter's
``define_name`` enforces by leaving a longer name out of the workbook."""
CELL_LIKE = re.compile(r"([a-z]{1,3}[0-9]+|r[0-9]*c?[0-9]*|c[0-9]*|[rc][0-9]+[rc][0-9]+)\Z")
"""Names a spreadsheet reads as a cell: A1 (any three letters, beyond column XFD too), R1C1,
and the R1C1-like forms XlsxWriter's ``define_name`` refuses as well (``c1r1``, ``r1r1``)."""
SITE_BUILTINS = ("copyright", "credits", "exit", "help", "license", "quit")
"""Builtins Python's ``site`` module adds at start-up, refused however Python was started."""
RESERVED = {**dict.fromkeys([name for name in vars(builtins) if not name.startswith("_")]
                            + list(SITE_BUILTINS), "a Python builtin"),
            **dict.fromkeys(keyword.kwlist + keyword.softkwlist, "a Python keyword"),
            **dict.fromkeys(expr.FUNCTIONS, "a formula function"),
            "true": "a spreadsheet's TRUE", "false": "a spreadsheet's FALSE"}
"""Names no template may claim, with what each already is. A template's names become
variables of the compiled Python (:mod:`calc.formula.compiler`), which calls builtins such as
``type`` and ``tuple`` beside them, and defined names of its workbook; the compiled code's
own names all start with ``_``, which :data:`NAME` refuses."""


def read_yaml(path: Path | Traversable) -> Document:
    """The strict YAML document at ``path`` (from :mod:`calc.template.cache` when it has read these
    bytes before), or a TemplateError naming the file; also one naming the key of the first
    text (a key or a value) holding a character no workbook can hold (see
    :func:`unwritable`), checked whichever gave the document."""
    try:
        document = cache.document(path, parsed_template)
    except OSError as error:
        raise TemplateError(path.name, "(file)", f"cannot be read: {reason(error)}") from None
    for key, character in unwritable(document.data):
        what = unicodedata.name(character, "") or UNNAMED[unicodedata.category(character)]
        raise TemplateError(path.name, key, f"holds the character U+{ord(character):04X} "
                            f"({what}); a template's text may hold printable characters and "
                            "line breaks only", document.line(key))
    return document


def parsed_template(path: Path | Traversable) -> Document:
    """The file parsed by :mod:`calc.files.yaml_reading` (imported here: PyYAML is slow to import
    and a cached template needs none), its refusal a TemplateError naming the file."""
    from calc.files import yaml_reading

    try:
        return yaml_reading.read(path)
    except yaml_reading.YamlProblem as error:
        raise TemplateError(path.name, "(file)", error.problem, error.line) from None


def unwritable(data, path: str = "") -> Iterator[tuple[str, str]]:
    """(key path, character) for each text in ``data``, keys included, that holds a
    character other than a printable one (``str.isprintable``) or a line break, with the
    first such character. Every text of a template may reach a workbook cell, a formula's
    text or a terminal: XML 1.0 forbids most control characters, so XlsxWriter writes an
    unreadable sheet where one reaches a formula (a choice's label, a note), and the
    others (tabs, format and bidirectional-override characters, unassigned code points)
    show differently in each face or hide what the text says. A line break is how YAML's
    block texts (``>-`` and ``|``) break, and a cell shows it as one."""
    if not _all_writable(data):  # the rare case: find where, building the key paths
        yield from _located(data, path)


def _all_writable(data) -> bool:
    """Whether every text in ``data``, keys included, passes :func:`unwritable`'s test: the
    same test without the key paths, which took most of the time of checking the
    catalogue's templates (each read checks its document, from the cache too)."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if not node.replace("\n", "").isprintable():
                return False
        elif isinstance(node, dict):
            stack += node
            stack += node.values()
        elif isinstance(node, list):
            stack += node
    return True


def _located(data, path: str) -> Iterator[tuple[str, str]]:
    """:func:`unwritable`'s findings, each with its key path."""
    if isinstance(data, str):
        if not data.replace("\n", "").isprintable():  # one call for the whole text, in C
            yield path, next(c for c in data if not c.isprintable() and c != "\n")
    elif isinstance(data, dict):
        for key, value in data.items():
            child = f"{path}.{key}" if path else str(key)
            yield from _located(key, child)
            yield from _located(value, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _located(item, f"{path}[{index}]")


def template_scope(inputs: dict[str, Input], tables: dict, constants: dict,
                   outputs: dict) -> expr.Scope:
    """What a template's formulas may name: each input, constant and output with its value
    type, the tables, and each choice input's choices."""
    values = {name: spec.value_type for name, spec in inputs.items()}
    values.update({name: NUMBER for name in constants})
    values.update({name: spec.value_type for name, spec in outputs.items()})
    choices = {name: spec.choices for name, spec in inputs.items() if spec.type == "choice"}
    return expr.Scope(values, tables, choices)


class TemplateReader:
    """The template's document, the names claimed so far, and the checks every section uses."""

    def __init__(self, path: Path | Traversable):
        self.file = path.name
        self.source = read_yaml(path)
        self.document = self.source.data
        self.names: dict[str, str] = {}
        self.borrowed: dict[str, tuple[str, Document]] = {}
        """Key path -> (file, document) of each key an included part supplied."""

    def fail(self, key: str, problem: str):
        for prefix, (file, document) in self.borrowed.items():
            if key == prefix or key.startswith((prefix + ".", prefix + "[")):
                raise TemplateError(file, key, problem, document.line(key))
        raise TemplateError(self.file, key, problem, self.source.line(key))

    def mapping(self, value, key: str, allowed: set[str] | None = None,
                required: set[str] = frozenset()) -> dict:
        if not isinstance(value, dict):
            self.fail(key, "must be a mapping")
        if allowed is not None:
            for unknown in sorted(set(value) - allowed, key=str):
                self.fail(f"{key}.{unknown}", f"unknown key (known: {', '.join(sorted(allowed))})")
        for missing in sorted(required - set(value)):
            self.fail(f"{key}.{missing}", "is required")
        return value

    def text(self, value, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(key, "must be non-empty text")
        return value.strip()

    def prose(self, value, key: str) -> str:
        """Non-empty text with its line breaks and runs of spaces folded, as shown to people."""
        return " ".join(self.text(value, key).split())

    def title(self, value, key: str) -> str:
        """A short title: at most the limit for its section."""
        title = self.text(value, key)
        limit = TITLE_LIMITS[key.split(".")[0]]
        if len(title) > limit:
            self.fail(key, f"is {len(title)} characters; keep it to {limit} (put detail in the help or the source passage)")
        return title

    def claim(self, name, key: str) -> str:
        """Check ``name`` can be a formula name and a spreadsheet defined name, once."""
        if not isinstance(name, str) or not NAME.match(name) or "__" in name:
            self.fail(key, f"{name!r} must be lower-case letters, digits and single underscores, "
                           "starting with a letter")
        if CELL_LIKE.match(name):
            self.fail(key, f"{name!r} reads as a cell reference in a spreadsheet")
        if name in RESERVED:
            self.fail(key, f"{name!r} is {RESERVED[name]}, which the formulas' Python or "
                           "spreadsheet would take it for; choose another name")
        if len(name) > NAME_LIMIT:
            self.fail(key, f"{name[:20]!r}... is {len(name)} characters; a workbook's defined "
                           f"name holds at most {NAME_LIMIT}")
        if name in self.names:
            self.fail(key, f"{name!r} is already used by {self.names[name]}")
        self.names[name] = key
        return name

    def citation(self, value, key: str) -> Citation:
        value = self.mapping(value, key, {"file", "passage"}, {"file", "passage"})
        return Citation(self.text(value["file"], f"{key}.file"),
                        self.prose(value["passage"], f"{key}.passage"))


    def bound(self, value, kind: str, key: str):
        if value is None:
            return None
        wanted = int if kind == "int" else (int, float)
        if isinstance(value, bool) or not isinstance(value, wanted) or not math.isfinite(value):
            self.fail(key, f"{value!r} must be a finite {'whole ' if kind == 'int' else ''}number")
        return value


    def uniform_type(self, values: list, key: str, what: str) -> str:
        """The one value type of ``values`` (a table's keys or figures); a refusal naming
        ``what`` when they mix types or one is no number, text or boolean."""
        kinds = set(map(type, values))  # the usual case at C speed: a table of 600 figures
        if kinds == {str}:  # was 7,300 calls of value_type, a third of loading the template
            return TEXT
        if kinds == {bool}:
            return BOOL
        if kinds and kinds <= {int, float} and all(map(math.isfinite, values)):
            return NUMBER
        types = [self.value_type(value, key) for value in values]
        odd = next((value for value, kind in zip(values, types) if kind != types[0]), None)
        if odd is not None:
            self.fail(key, f"{what} must all be numbers, all texts or all booleans, not both "
                           f"{values[0]!r} and {odd!r}")
        return types[0]

    def value_type(self, value, key: str) -> str:
        if isinstance(value, bool):
            return BOOL
        if isinstance(value, (int, float)) and math.isfinite(value):
            return NUMBER
        if isinstance(value, str):
            return TEXT
        self.fail(key, f"{value!r} is not a number, text or boolean")


    def input_named(self, name, inputs: dict[str, Input], key: str) -> Input:
        """The input ``name`` names, or a refusal listing the inputs."""
        if not isinstance(name, str) or name not in inputs:
            self.fail(key, f"{name!r} is not an input (inputs: {', '.join(inputs)})")
        return inputs[name]


    def syntax_tree(self, formula, key: str) -> ast.expr:
        """The untyped tree of ``formula`` (:func:`calc.formula.expr.syntax_tree`), or a
        refusal naming ``key``."""
        try:
            return expr.syntax_tree(str(formula))
        except expr.ExpressionError as error:
            self.fail(key, str(error))


    def parse(self, formula: str, scope: expr.Scope, key: str):
        try:
            return expr.parse(formula, scope)
        except expr.ExpressionError as error:
            self.fail(key, str(error))


    def typed(self, tree: ast.expr, scope: expr.Scope, key: str):
        """:meth:`parse` of a tree :meth:`syntax_tree` gave."""
        try:
            return expr.typed(tree, scope)
        except expr.ExpressionError as error:
            self.fail(key, str(error))


class SectionReader:
    """The reader of one section of a template, for the loader: it checks what it reads
    through the template's reader, which holds the document, the names claimed so far and
    the checks every section uses."""

    def __init__(self, reader: TemplateReader):
        self.reader = reader
