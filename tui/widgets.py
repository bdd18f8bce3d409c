"""Input widgets made from an input's declared type: text fields for numbers, a select for
choices, a switch for booleans. Validation is the engine's own (:func:`calc.values.coerce`)."""
from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.validation import ValidationResult, Validator
from textual.widgets import DataTable, Input, Label, Select, Switch

from calc import InputError
from calc.formatting import format_value
from calc.model import Input as InputSpec
from calc.values import coerce


class DomainValidator(Validator):
    """Accepts exactly what the engine accepts for one input, with the engine's message."""

    def __init__(self, spec: InputSpec, calculator_id: str):
        super().__init__()
        self.spec, self.calculator_id = spec, calculator_id

    def validate(self, value: str) -> ValidationResult:
        try:
            coerce(self.spec, value, self.calculator_id)
        except InputError as error:
            return self.failure(str(error))
        return self.success()


def field_id(input_id: str) -> str:
    """Widget id of the field for ``input_id``."""
    return f"input-{input_id}"


def input_field(spec: InputSpec, calculator_id: str, value: object):
    """The widget for one input, holding ``value``."""
    if spec.type == "bool":
        return Switch(value=bool(value), id=field_id(spec.id))
    if spec.type == "choice":
        return Select([(choice, choice) for choice in spec.choices], value=value,
                      allow_blank=False, id=field_id(spec.id))
    return Input(value=str(value), validators=[DomainValidator(spec, calculator_id)],
                 id=field_id(spec.id), type="text")


def input_row(spec: InputSpec, calculator_id: str, value: object) -> Vertical:
    """Label, widget and unit on one line, the help and domain below."""
    return Vertical(
        Horizontal(Label(spec.title, classes="input-title"),
                   input_field(spec, calculator_id, value),
                   Label(spec.unit, classes="input-unit"), classes="input-line"),
        Label(f"{spec.help} Accepts {spec.accepts()}; default {format_value(spec.default)}.",
              classes="input-help"),
        classes="input-row")


class InputForm(VerticalScroll):
    """The inputs pane: Up and Down move between fields as Tab and Shift+Tab do (a select
    opens its list on Up and Down, as usual)."""

    BINDINGS = [Binding("up", "app.focus_previous", "Previous field", show=False),
                Binding("down", "app.focus_next", "Next field", show=False)]


class ResultsTable(DataTable):
    """The outputs table; ``c`` copies the highlighted result."""

    BINDINGS = [Binding("c", "app.copy_result", "Copy result")]
