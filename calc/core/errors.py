"""The three ways a calculation can be refused, each carrying a one-line message for users."""
from __future__ import annotations

from calc.core.yaml_document import WrittenNumber

SHOWN_CHARACTERS = 60
"""How much of a refused value a message repeats: enough to recognise it, while a 100 KB
paste still makes a one-line message that does not bury the screen."""


def shown(value: object) -> str:
    """``value`` as a message repeats it: a text quoted, anything else as written (a number
    read from a file as the file writes it); past :data:`SHOWN_CHARACTERS`, its start, an
    ellipsis and its whole length."""
    text = (repr(value) if isinstance(value, str)
            else value.text if isinstance(value, WrittenNumber) else _written(value))
    if len(text) <= SHOWN_CHARACTERS:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return f"{text[:SHOWN_CHARACTERS]}… ({length:,} characters)"


def _written(value: object) -> str:
    """``str(value)``, or a stand-in where Python refuses to write it (an int of more digits
    than ``sys.get_int_max_str_digits`` allows)."""
    try:
        return str(value)
    except ValueError:
        return f"<a whole number of about {value.bit_length() * 0.30103:,.0f} digits>"


class MqcalcError(Exception):
    """Base of every error mqcalc reports to a user as one line (CLI exit status 2)."""


class TemplateError(MqcalcError):
    """A calculator template is malformed; the message names the file, the line (where the
    file has one for ``key``) and the key."""

    def __init__(self, file: str, key: str, problem: str, line: int | None = None):
        self.file, self.key, self.problem, self.line = file, key, problem, line
        at = f"line {line}: " if line else ""
        super().__init__(f"{file}: {at}{key}: {problem}")


class InputError(MqcalcError):
    """A value given for an input is not in its domain; names the input and what it accepts,
    after ``where`` the value came from when that is not the command line (e.g. a file)."""

    def __init__(self, calculator: str, name: str, value: object, accepts: str,
                 where: str | None = None):
        self.calculator, self.name, self.value, self.accepts = calculator, name, value, accepts
        self.where = where
        prefix = f"{where}: " if where else ""
        super().__init__(f"{prefix}{calculator}: input {_name(name)}={shown(value)}: "
                         f"expects {accepts}")

    def at(self, where: str) -> InputError:
        """This refusal, said of a value that came from ``where`` (a file, its line or
        cell)."""
        return InputError(self.calculator, self.name, self.value, self.accepts, where=where)


def _name(name: object) -> str:
    """An input's name as a message gives it: as typed when short (an unknown name is
    repeated, so it too is shortened)."""
    text = str(name)
    return text if len(text) <= SHOWN_CHARACTERS else shown(text)


class CalculationError(MqcalcError):
    """A formula cannot produce a value for valid inputs (e.g. a division by zero)."""
