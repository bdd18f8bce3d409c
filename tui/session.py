"""What the user has typed in the terminal calculator: the fields of every calculator, kept
when switching between them, with undo and redo. No Textual here, so it is tested alone.

Field values are held as the widgets hold them (text for numbers, the choice for a choice,
True/False for a switch), so a value not valid yet is kept too; the engine judges them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import calc
from calc.core.formatting import plain_number
from calc.core.model import Calculator, Input
from calc.inputs.scenario import Scenario


def field_value(spec: Input, value: object) -> object:
    """``value`` as the widget for ``spec`` holds it: a number as the text a person would
    type (100, not 100.0)."""
    if spec.type in ("bool", "choice"):
        return value
    return str(plain_number(value))


def field_values(calculator: Calculator, values: dict) -> dict:
    """Every input of ``calculator`` as its widget holds it (defaults where missing)."""
    return {name: field_value(spec, values.get(name, spec.default))
            for name, spec in calculator.inputs.items()}


@dataclass
class History:
    """Undo and redo over one calculator's field values.

    Successive edits of the same text field are one step (undo takes the whole number back,
    not one keystroke); a choice, a switch, a reset or another field starts a new step, and
    so does :meth:`seal` (called when a field loses focus).
    """

    states: list[dict]
    at: int = 0
    editing: str | None = None

    @property
    def current(self) -> dict:
        return self.states[self.at]

    def record(self, state: dict, text_field: str | None = None) -> bool:
        """Note ``state`` after a change of ``text_field`` (None for any other change);
        False when nothing changed."""
        if state == self.current:
            return False
        del self.states[self.at + 1:]
        if text_field is not None and text_field == self.editing and self.at > 0:
            self.states[self.at] = dict(state)
        else:
            self.states.append(dict(state))
            self.at += 1
        self.editing = text_field
        return True

    def seal(self) -> None:
        """End the current step: the next edit, even of the same field, is a new one."""
        self.editing = None

    def undo(self) -> dict | None:
        """The state before the last step, or None at the start."""
        self.editing = None
        if self.at == 0:
            return None
        self.at -= 1
        return dict(self.current)

    def redo(self) -> dict | None:
        """The state the last undo left, or None when there is nothing to redo."""
        self.editing = None
        if self.at == len(self.states) - 1:
            return None
        self.at += 1
        return dict(self.current)


@dataclass
class Session:
    """The fields of every calculator and which one is shown."""

    calculators: list[Calculator]
    current: str = ""
    histories: dict[str, History] = field(default_factory=dict)
    touched: dict[str, set[str]] = field(default_factory=dict)
    """Calculator id -> the inputs a person edited (even back to the default) or a file or
    an import gave; with every field that differs from its default, what counts as given
    (:meth:`given`). Undo leaves it: a field once the user's stays theirs."""

    def __post_init__(self):
        self.current = self.current or self.calculators[0].id
        for calculator in self.calculators:
            self.histories[calculator.id] = History([field_values(calculator, {})])
            self.touched[calculator.id] = set()

    @classmethod
    def from_scenario(cls, calculators: list[Calculator], scenario) -> Session:
        """A session holding a scenario's inputs (each calculator's undo starts there)."""
        session = cls(calculators, scenario.current or next(iter(scenario.inputs)))
        for calculator in calculators:
            if calculator.id in scenario.inputs:
                values = {**field_values(calculator, scenario.inputs[calculator.id]),
                          **scenario.ranges.get(calculator.id, {})}
                session.histories[calculator.id] = History([values])
                session.touched[calculator.id] = set(scenario.given_names(calculator.id))
        return session

    def with_values(self, values: dict[str, dict]) -> Session:
        """A new session holding this one's fields with ``values`` (engine values, by
        calculator, such as an import gives) put over them, showing the same calculator;
        each calculator's undo starts there, as after opening a scenario file."""
        session = Session(self.calculators, self.current)
        for calculator in self.calculators:
            fields = self.fields(calculator.id)
            fields.update({name: field_value(calculator.inputs[name], value)
                           for name, value in values.get(calculator.id, {}).items()})
            session.histories[calculator.id] = History([fields])
            session.touched[calculator.id] = {*self.touched[calculator.id],
                                              *values.get(calculator.id, {})}
        return session

    @property
    def calculator(self) -> Calculator:
        return next(c for c in self.calculators if c.id == self.current)

    def fields(self, calculator_id: str | None = None) -> dict:
        """The field values of a calculator (the shown one by default)."""
        return dict(self.histories[calculator_id or self.current].current)

    @property
    def history(self) -> History:
        return self.histories[self.current]

    def edit(self, state: dict, text_field: str | None = None) -> None:
        """Record the shown calculator's fields after a person changed them (see
        :meth:`History.record`); the fields that changed are theirs from now on."""
        before = self.history.current
        self.touched[self.current].update(name for name, value in state.items()
                                          if before.get(name) != value)
        self.history.record(state, text_field)

    def given(self, calculator_id: str | None = None) -> frozenset[str]:
        """The inputs of a calculator (the shown one by default) a person or a file gave:
        those touched and every field that differs from its default. The others are the
        template's defaults, which the figures mark assumed."""
        calculator_id = calculator_id or self.current
        calculator = next(c for c in self.calculators if c.id == calculator_id)
        defaults = field_values(calculator, {})
        fields = self.fields(calculator_id)
        return frozenset(self.touched[calculator_id] | {
            name for name, value in fields.items() if value != defaults[name]})

    def reset(self) -> dict:
        """The shown calculator's defaults, recorded as one step (so undo brings back what
        was there); none of its inputs counts as given any more."""
        defaults = field_values(self.calculator, {})
        self.history.seal()
        self.history.record(defaults)
        self.touched[self.current] = set()
        return defaults

    def changed(self) -> list[str]:
        """Calculators whose fields differ from their defaults, in catalogue order."""
        return [c.id for c in self.calculators
                if self.histories[c.id].current != field_values(c, {})]

    def state(self) -> dict[str, dict]:
        """Every calculator's field values now: what a save or an open leaves, to tell
        later which calculators were changed since (:meth:`changed_since`)."""
        return {c.id: self.fields(c.id) for c in self.calculators}

    def changed_since(self, state: dict[str, dict]) -> list[str]:
        """Calculators whose fields differ from ``state`` (a :meth:`state`), in catalogue
        order."""
        return [c.id for c in self.calculators if self.fields(c.id) != state.get(c.id)]

    def scenario(self) -> Scenario:
        """The shown calculator and every changed one, validated by the engine (an input
        not valid yet raises its InputError)."""
        wanted = [c.id for c in self.calculators if c.id in {self.current, *self.changed()}]
        split = {name: calc.ranged(name, self.fields(name)) for name in wanted}
        return Scenario({name: calc.validate(name, likely) for name, (likely, _) in split.items()},
                        self.current, {name: self.given(name) for name in wanted},
                        {name: written for name, (_, written) in split.items() if written})
