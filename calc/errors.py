"""The three ways a calculation can be refused, each carrying a one-line message for users."""
from __future__ import annotations


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
        shown = repr(value) if isinstance(value, str) else str(value)
        prefix = f"{where}: " if where else ""
        super().__init__(f"{prefix}{calculator}: input {name}={shown}: expects {accepts}")

    def at(self, where: str) -> InputError:
        """This refusal, said of a value that came from ``where`` (a file, its line or
        cell)."""
        return InputError(self.calculator, self.name, self.value, self.accepts, where=where)


class CalculationError(MqcalcError):
    """A formula cannot produce a value for valid inputs (e.g. a division by zero)."""
