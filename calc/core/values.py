"""Judging one input value against its declared domain: the single gate every door uses.

Text (from the command line, a scenario or plan file, where a number keeps the text it is
written as, or a form field) is parsed strictly: a whole number is digits with an optional
sign, a number is plain decimal or exponent notation that a float holds (not 1e-400), a
boolean is true/false/yes/no/y/n/on/off/1/0 in any case (MQSC's YES and NO, the Y and N its
users shorten them to, and the on/off the terminal calculator shows switches as). Digits may
be grouped by commas in threes, as the help prints limits (``1,000,000``, ``1,000.5``):
that reading is the only one a comma followed by three digits has here, and any other comma
(``1,5``, ``10,00``) is refused, never taken for a decimal point. Whole numbers longer than Python converts from text (4,300 digits)
are refused like any other value outside the domain. Python values (from the
API) must already have the right kind; a float that is a whole number is accepted for an
int input. NaN and infinities are refused everywhere.
"""
from __future__ import annotations

import math
import re

from calc.core.errors import InputError
from calc.core.model import Input
from calc.core.yaml_document import WrittenNumber

INTEGER_TEXT = re.compile(r"[+-]?[0-9]+\Z")
NUMBER_TEXT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?\Z")
GROUPED_TEXT = re.compile(r"[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?\Z")
"""A number with its digits grouped in threes by commas (the part before any point)."""
TRUE_WORDS = {"true", "yes", "y", "on", "1"}
FALSE_WORDS = {"false", "no", "n", "off", "0"}


def coerce(spec: Input, raw: object, calculator_id: str) -> object:
    """Return ``raw`` as a value of ``spec``'s type inside its domain, or raise InputError."""
    def refuse() -> InputError:
        return InputError(calculator_id, spec.id, raw, spec.accepts())

    if spec.type == "bool":
        if isinstance(raw, bool):
            return raw
        word = raw.strip().lower() if isinstance(raw, str) else None
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS
        raise refuse()
    if spec.type == "choice":
        if isinstance(raw, str) and raw.strip() in spec.choices:
            return raw.strip()
        raise refuse()
    number = as_number(raw, integer=spec.type == "int")
    if number is None or number < spec.min or (spec.max is not None and number > spec.max):
        raise refuse()
    return number


def as_number(raw: object, integer: bool) -> int | float | None:
    """The number ``raw`` stands for, or None when it is not one of the wanted kind. Text,
    and a number read from a YAML file (judged by the text it was written as), follow one
    rule: a whole number is digits; a number's text must not stand for more than a float
    can hold (``1e-400`` is not 0)."""
    if isinstance(raw, WrittenNumber):
        raw = raw.text
    if isinstance(raw, str):
        text = raw.strip()
        if GROUPED_TEXT.match(text):
            text = text.replace(",", "")
        if integer and INTEGER_TEXT.match(text):
            try:
                return int(text)
            except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
                return None
        if not integer and NUMBER_TEXT.match(text):
            raw = float(text) or 0.0  # "-0" is zero: no negative zero to show as -0.00
            if raw == 0 and any(digit in "123456789" for digit in text.partition("e")[0]
                                .partition("E")[0]):
                return None  # a number too small for a float, which would read as 0
        else:
            return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return None
    if isinstance(raw, float):
        if not math.isfinite(raw):
            return None
        if integer:
            return int(raw) if raw.is_integer() else None
    return raw


RANGE_MARK = ".."
"""What separates the ends of an input given as a range: ``800..1200`` (low and high, the
likely value half way) or ``800..1000..1200`` (low, likely, high)."""


def as_span(spec: Input, raw: object, calculator_id: str) -> tuple | None:
    """A numeric input given as a range (:data:`RANGE_MARK`): its (low, likely, high), each
    judged against the input's domain, low <= likely <= high and low below high; None when
    ``raw`` is no range. A whole-number input's likely value half way is rounded down."""
    if spec.type not in ("int", "number") or not isinstance(raw, str) or RANGE_MARK not in raw:
        return None
    parts = raw.split(RANGE_MARK)
    values = [as_number(part, integer=spec.type == "int") for part in parts]
    if (len(parts) not in (2, 3) or None in values or not values[0] < values[-1]
            or values[0] < spec.min or (spec.max is not None and values[-1] > spec.max)):
        raise InputError(calculator_id, spec.id, raw,
                         f"a range low..high or low..likely..high, low below high, each "
                         f"{spec.accepts()}")
    if len(values) == 2:
        middle = (values[0] + values[1]) / 2
        values.insert(1, math.floor(middle) if spec.type == "int" else middle)
    elif not values[0] <= values[1] <= values[2]:
        raise InputError(calculator_id, spec.id, raw, "a likely value between low and high")
    return tuple(values)


def likely_value(spec: Input, raw: object, calculator_id: str) -> object:
    """What the engine computes with for ``raw``: a range's likely value
    (:func:`as_span`), any other value judged by :func:`coerce`."""
    span = as_span(spec, raw, calculator_id)
    return coerce(spec, raw, calculator_id) if span is None else span[1]
