"""An independent evaluator of the workbook's own formulas, used as a test oracle.

It reads what the workbook holds (formula text, constants, defined names local to each
sheet) with openpyxl, tokenises each formula with openpyxl's tokenizer, parses it by operator
precedence and evaluates it with spreadsheet semantics. It shares no code with the engine:
it never sees a template, only the file.

Why not an off-the-shelf evaluator: ``formulas`` (PyPI) skips every defined name that is
local to a sheet (``ExcelModel.add_references``: "Accepts only global references."), and
pycel 1.0b30 fails on openpyxl 3.1's defined-name dictionary. The workbook's names must be
sheet-local (several calculators share output names), so the oracle is written here, for
exactly the functions the workbook may use. LibreOffice is the second, real, oracle.
"""
from __future__ import annotations

import math
import operator
import re
from decimal import ROUND_HALF_UP, Decimal

import openpyxl
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.utils.cell import get_column_letter, range_boundaries

ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
              "^": operator.pow}
INFIX = {"=": 1, "<>": 1, "<": 1, "<=": 1, ">": 1, ">=": 1, "&": 2, "+": 3, "-": 3,
         "*": 4, "/": 4, "^": 5}
PREFIX = 6


class FormulaError(Exception):
    """A spreadsheet error value (#N/A, #DIV/0!, #NAME?, ...) raised while evaluating."""


class WorkbookOracle:
    """Evaluate any cell or defined name of a workbook, with input cells overridable."""

    def __init__(self, cells: dict[tuple[str, str], object],
                 names: dict[tuple[str, str], tuple[str, str]]):
        """``cells``: (sheet, A1) -> constant or ``=formula``; ``names``: (sheet, lower-case
        name) -> (sheet, A1 or A1:B2)."""
        self.cells, self.names = cells, names
        self.overrides: dict[tuple[str, str], object] = {}
        self.memo: dict[tuple[str, str], object] = {}
        self.trees: dict[str, tuple] = {}
        """Each formula text parsed once: typing inputs clears the values, not the parse."""
        self.ranges: dict[tuple[str, str], tuple[list[list[tuple[str, str]]], bool]] = {}
        """Each range's cells row by row, found once, and whether all of them hold constants."""
        self.fixed: dict[tuple[str, str], list] = {}
        """The values of ranges of constants none of which has been typed into (a source
        table's): kept across typing, which changes none of them."""

    @classmethod
    def load(cls, path) -> "WorkbookOracle":
        """The oracle for a workbook file, as openpyxl reads it (formulas, not results)."""
        return cls.of(openpyxl.load_workbook(path))

    @classmethod
    def of(cls, book) -> "WorkbookOracle":
        """The oracle for a workbook openpyxl has read (formulas, not results); the book
        itself is only read."""
        cells, names = {}, {}
        for sheet in book.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.value is not None:
                        cells[(sheet.title, cell.coordinate)] = cell.value
            for name, definition in sheet.defined_names.items():
                target_sheet, reference = definition.attr_text.split("!")
                names[(sheet.title, name.lower())] = (target_sheet.strip("'"),
                                                      reference.replace("$", ""))
        return cls(cells, names)

    def set_all(self, sheet: str, values: dict) -> None:
        """Type each of ``values`` into the cell of that name on ``sheet``."""
        for name, value in values.items():
            self.type_into(*self.names[(sheet, name.lower())], value)

    def type_into(self, sheet: str, coordinate: str, value) -> None:
        """Type ``value`` into the cell at ``coordinate`` (A1) on ``sheet``."""
        if (sheet, coordinate) not in self.overrides:
            self.fixed.clear()  # a cell typed into for the first time may lie in one
        self.overrides[(sheet, coordinate)] = value
        self.memo.clear()

    def value(self, sheet: str, name: str):
        """The value of the single cell named ``name`` on ``sheet``."""
        target_sheet, reference = self.names[(sheet, name.lower())]
        return self.cell(target_sheet, reference)

    def column(self, sheet: str, name: str) -> list:
        """The values of the one-column range named ``name`` on ``sheet``, top to bottom."""
        target_sheet, reference = self.names[(sheet, name.lower())]
        column, first, _, last = range_boundaries(reference)
        return [self.cell(target_sheet, f"{get_column_letter(column)}{row}")
                for row in range(first, last + 1)]

    def cell(self, sheet: str, coordinate: str):
        key = (sheet, coordinate)
        if key in self.overrides:
            return self.overrides[key]
        if key not in self.memo:
            raw = self.cells.get(key)
            if isinstance(raw, str) and raw.startswith("="):
                self.memo[key] = self.formula(sheet, raw)
            else:
                self.memo[key] = raw
        return self.memo[key]

    def formula(self, sheet: str, text: str):
        if text not in self.trees:
            self.trees[text] = parse(text)
        return _Evaluator(self, sheet).evaluate(self.trees[text])

    def reference(self, sheet: str, text: str):
        """A name or A1 reference: a scalar for one cell, rows of values for a range."""
        if "!" in text:
            sheet, text = text.rsplit("!", 1)
            sheet = sheet.strip("'")
        text = text.replace("$", "")
        target = self.names.get((sheet, text.lower()))
        if target is not None:
            sheet, text = target
        if ":" not in text:
            if not re.fullmatch(r"[A-Z]{1,3}[0-9]+", text):
                raise FormulaError(f"#NAME? {text}")
            return self.cell(sheet, text)
        key = (sheet, text)
        fixed = self.fixed.get(key)
        if fixed is not None:
            return fixed
        if key not in self.ranges:
            first_col, first_row, last_col, last_row = range_boundaries(text)
            keys = [[(sheet, f"{openpyxl.utils.get_column_letter(c)}{r}")
                     for c in range(first_col, last_col + 1)]
                    for r in range(first_row, last_row + 1)]
            self.ranges[key] = keys, not any(
                isinstance(self.cells.get(cell), str) and self.cells[cell].startswith("=")
                for row in keys for cell in row)
        keys, constants = self.ranges[key]
        values = [[self.cell(*cell) for cell in row] for row in keys]
        if constants and not any(cell in self.overrides for row in keys for cell in row):
            self.fixed[key] = values
        return values


def parse(text: str):
    """The tree of a formula's text (with its leading ``=``)."""
    tokens = [t for t in Tokenizer(text).items if t.type != Token.WSPACE]
    parser = _Parser(tokens)
    tree = parser.expression(0)
    if parser.position != len(tokens):
        raise FormulaError(f"#PARSE! trailing tokens in {text}")
    return tree


class _Parser:
    """Operator-precedence parser over openpyxl tokens, into nested tuples."""

    def __init__(self, tokens: list[Token]):
        self.tokens, self.position = tokens, 0

    def peek(self) -> Token | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> Token:
        token = self.peek()
        if token is None:
            raise FormulaError("#PARSE! unexpected end")
        self.position += 1
        return token

    def expression(self, floor: int):
        left = self.primary()
        while True:
            token = self.peek()
            if token is None or token.type != Token.OP_IN or INFIX[token.value] < floor:
                return left
            precedence = INFIX[token.value]
            self.take()
            right = self.expression(precedence + 1)
            left = ("infix", token.value, left, right)

    def primary(self):
        token = self.take()
        if token.type == Token.OP_PRE:
            operand = self.expression(PREFIX)
            return ("negate", operand) if token.value == "-" else operand
        if token.type == Token.PAREN and token.subtype == Token.OPEN:
            inner = self.expression(0)
            self.take()
            return inner
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            name, arguments = token.value[:-1].upper(), []
            if not (self.peek().type == Token.FUNC and self.peek().subtype == Token.CLOSE):
                while True:
                    arguments.append(self.expression(0))
                    separator = self.take()
                    if separator.type == Token.FUNC:
                        break
            else:
                self.take()
            return ("call", name, arguments)
        if token.type == Token.OPERAND:
            if token.subtype == Token.NUMBER:
                return ("value", float(token.value))
            if token.subtype == Token.TEXT:
                return ("value", token.value[1:-1].replace('""', '"'))
            if token.subtype == Token.LOGICAL:
                return ("value", token.value.upper() == "TRUE")
            if token.subtype == Token.RANGE:
                return ("ref", token.value)
        raise FormulaError(f"#PARSE! unexpected {token.type} {token.value!r}")


class _Evaluator:
    def __init__(self, oracle: WorkbookOracle, sheet: str):
        self.oracle, self.sheet = oracle, sheet

    def evaluate(self, node):
        kind = node[0]
        if kind == "value":
            return node[1]
        if kind == "ref":
            return self.oracle.reference(self.sheet, node[1])
        if kind == "negate":
            return -_number(self.scalar(node[1]))
        if kind == "infix":
            return _infix(node[1], self.scalar(node[2]), self.scalar(node[3]))
        return self.call(node[1], node[2])

    def scalar(self, node):
        value = self.evaluate(node)
        if isinstance(value, list):
            raise FormulaError("#VALUE! range used as a value")
        return value

    def call(self, name: str, arguments: list):
        if name == "IF":
            condition = _boolean(self.scalar(arguments[0]))
            branch = arguments[1] if condition else (arguments[2] if len(arguments) > 2 else None)
            return False if branch is None else self.scalar(branch)
        if name == "INDEX":
            table = self.evaluate(arguments[0])
            row = int(_number(self.scalar(arguments[1])))
            column = int(_number(self.scalar(arguments[2]))) if len(arguments) > 2 else 1
            if len(table[0]) == 1 and len(arguments) == 2:
                column = 1
            return table[row - 1][column - 1]
        if name == "MATCH":
            wanted, area = self.scalar(arguments[0]), self.evaluate(arguments[1])
            if _number(self.scalar(arguments[2])) != 0:
                raise FormulaError("#N/A only exact MATCH is modelled")
            matches = same_as(wanted)
            for position, candidate in enumerate((value for row in area for value in row),
                                                 start=1):
                if matches(candidate):
                    return position
            raise FormulaError(f"#N/A {wanted!r} not found")
        if name == "IFERROR":  # the first argument's value, or the second's if it errs
            try:
                return self.scalar(arguments[0])
            except FormulaError:
                return self.scalar(arguments[1])
        if name == "LARGE":  # the k-th largest number of a range (its text left out)
            numbers = sorted((value for value in _cells(self.evaluate(arguments[0]))
                              if isinstance(value, (int, float))
                              and not isinstance(value, bool)), reverse=True)
            k = int(_number(self.scalar(arguments[1])))
            if not 1 <= k <= len(numbers):
                raise FormulaError(f"#NUM! LARGE of {len(numbers)} numbers, k={k}")
            return numbers[k - 1]
        if name in ("MIN", "MAX"):  # these take ranges too, as every cell of them
            values = [value for argument in arguments for value in _cells(self.evaluate(argument))]
        else:
            values = [self.scalar(argument) for argument in arguments]
        if name in FUNCTIONS:
            return FUNCTIONS[name](*values)
        raise FormulaError(f"#NAME? {name}")


def _cells(value) -> list:
    """A range's values row by row, or a single value as a list of one."""
    return [cell for row in value for cell in row] if isinstance(value, list) else [value]


def _number(value) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if value is None:
        return 0.0
    if isinstance(value, (int, float)):
        return float(value)
    raise FormulaError(f"#VALUE! {value!r} is not a number")


def _boolean(value) -> bool:
    if isinstance(value, str):
        raise FormulaError(f"#VALUE! {value!r} is not a condition")
    return bool(_number(value))


def _text(value) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def _blank_as(value, other):
    """A blank cell (None) compared with ``other`` reads as that kind's empty value, as in
    Excel and LibreOffice: ``A1=""``, ``A1=0`` and ``A1=FALSE`` are all true for a blank A1."""
    if value is not None:
        return value
    if isinstance(other, bool):
        return False
    return 0 if isinstance(other, (int, float)) else ""


def same(left, right) -> bool:
    """Spreadsheet equality: text case-insensitively, numbers by value, no type mixing."""
    left, right = _blank_as(left, right), _blank_as(right, left)
    if isinstance(left, str) and isinstance(right, str):
        return left.lower() == right.lower()
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return float(left) == float(right)
    return False


def same_as(wanted):
    """``same(candidate, wanted)`` as a test of one candidate, made once for a MATCH that
    tries a whole range (a text or a number wanted, the cases the workbooks look up, tested
    directly: 4.6 million ``same`` calls were a third of a differential check's time)."""
    if isinstance(wanted, str):
        key = wanted.lower()
        return lambda candidate: (candidate.lower() == key if isinstance(candidate, str)
                                  else candidate is None and key == "")
    if isinstance(wanted, (int, float)) and not isinstance(wanted, bool):
        number = float(wanted)
        return lambda candidate: (
            float(candidate) == number if isinstance(candidate, (int, float))
            and not isinstance(candidate, bool) else candidate is None and number == 0)
    return lambda candidate: same(candidate, wanted)


def _order(left, right) -> int:
    left, right = _blank_as(left, right), _blank_as(right, left)
    if isinstance(left, str) and isinstance(right, str):
        left, right = left.lower(), right.lower()
    else:
        left, right = _number(left), _number(right)
    return (left > right) - (left < right)


def _infix(symbol: str, left, right):
    if symbol == "&":
        return _text(left) + _text(right)
    if symbol == "=":
        return same(left, right)
    if symbol == "<>":
        return not same(left, right)
    if symbol in ("<", "<=", ">", ">="):
        order = _order(left, right)
        return {"<": order < 0, "<=": order <= 0, ">": order > 0, ">=": order >= 0}[symbol]
    try:
        result = ARITHMETIC[symbol](_number(left), _number(right))
    except ZeroDivisionError:
        raise FormulaError("#DIV/0!") from None
    except OverflowError:
        raise FormulaError("#NUM!") from None
    if isinstance(result, complex):
        raise FormulaError("#NUM!")
    return result


def _round(value, digits=0.0) -> float:
    quantum = Decimal(1).scaleb(-int(_number(digits)))
    return float(Decimal(repr(_number(value))).quantize(quantum, rounding=ROUND_HALF_UP))


def _fixed(value, places) -> str:
    """FIXED: ``value`` rounded to ``places`` decimals, thousands grouped, as text (in
    English: a spreadsheet writes it in its locale)."""
    count = int(_number(places))
    return f"{round(_number(value), count) + 0.0:,.{count}f}"


def _mid(text, start, count) -> str:
    """MID: ``count`` characters of ``text`` from the ``start``-th (1-based)."""
    first = int(_number(start)) - 1
    return _text(text)[first:first + int(_number(count))]


def _exp(value) -> float:
    try:
        return math.exp(_number(value))
    except OverflowError:
        raise FormulaError("#NUM!") from None


FUNCTIONS = {
    "AND": lambda *values: all(_boolean(v) for v in values),
    "OR": lambda *values: any(_boolean(v) for v in values),
    "NOT": lambda value: not _boolean(value),
    "MIN": lambda *values: min(_number(v) for v in values),
    "MAX": lambda *values: max(_number(v) for v in values),
    "ABS": lambda value: abs(_number(value)),
    "N": lambda value: _number(value) if isinstance(value, (int, float)) else 0.0,
    "FIXED": lambda value, places=2: _fixed(value, places),
    "INT": lambda value: float(math.floor(_number(value))),
    "ROUND": _round,
    "EXP": _exp,
    "ISNUMBER": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "ISLOGICAL": lambda value: isinstance(value, bool),
    "EXACT": lambda left, right: _text(left) == _text(right),
    "MID": _mid,
}
