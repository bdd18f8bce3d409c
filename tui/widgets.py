"""The calculator's widgets: input fields made from an input's declared type (text fields
for numbers, a select for choices, a switch for booleans; validation is the engine's own,
:func:`calc.core.values.coerce`), the results table, and panes repainted only when they change."""
from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import Reactive
from textual.screen import Screen
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Input, Label, Select, Static, Switch
from textual.widgets.data_table import ColumnKey, RowKey

from calc import InputError
from calc.core.formatting import as_written
from calc.core.model import Input as InputSpec
from calc.core.values import likely_value


class DomainValidator(Validator):
    """Accepts exactly what the engine accepts for one input, with the engine's message."""

    def __init__(self, spec: InputSpec, calculator_id: str):
        super().__init__()
        self.spec, self.calculator_id = spec, calculator_id

    def validate(self, value: str) -> ValidationResult:
        try:
            likely_value(self.spec, value, self.calculator_id)
        except InputError as error:
            return self.failure(str(error))
        return self.success()


class TextField(Input):
    """The field of a number or text input, which hands each new value to ``on_edit`` (with
    its input's id) as it takes it.

    Textual paints the field as soon as it reports its new text, and the next frame one to
    two frame periods (17 to 33 ms) later. Bubbled up through the row, the form and the
    screen as a message, a change reached the screen after the field had been painted, and the
    new results waited for that next frame. Watched here, the value is computed with while
    the key that changed it is handled, and the results share the field's frame."""

    def __init__(self, input_id: str, on_edit: Callable[[str], None], **options):
        self.input_id, self.on_edit = input_id, on_edit  # first: Input's constructor sets
        super().__init__(id=field_id(input_id), **options)  # the value

    def watch_value(self) -> None:
        if not self.has_focus:
            self.show_start()
        self.on_edit(self.input_id)

    def on_blur(self) -> None:
        self.show_start()

    def show_start(self) -> None:
        """Show a value longer than the field from its first character while the field is
        not being typed in: Textual's Input keeps its cursor, and so its view, at the end,
        which showed an imported 14.746478873239436 as "3239436"."""
        self.cursor_position = 0

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Every printable key but "?", which no number holds: it opens the help."""
        return character != "?" and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        """Run the field's own editing keys (Backspace, End, Left...) here, in turn with the
        characters typed.

        Textual's Input inserts a character as its key arrives, but leaves a bound key to
        bubble up to the app, which runs the binding a few messages later. Keys that come
        together (typed fast, pasted by a terminal multiplexer) were thus applied out of
        order: End, four Backspaces and 5000 over 2500 left the field empty or "5". Textual
        issue 6605 describes it; its bindings are otherwise run exactly as the app would."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
        await super()._on_key(event)


class ChoiceField(Select):
    """The field of a choice input. Up and Down move to the previous and next field, as in
    every other field of the form (F1 help says so); Enter or Space opens the list, and in
    the open list Up and Down move between the choices as usual. Textual's Select opens its
    list on Up and Down too, which stopped a person going down the form at each choice."""

    BINDINGS = [Binding("enter,space", "show_overlay", "Show choices", show=False),
                Binding("up", "app.focus_previous", "Previous field", show=False),
                Binding("down", "app.focus_next", "Next field", show=False)]


def field_id(input_id: str) -> str:
    """Widget id of the field for ``input_id``."""
    return f"input-{input_id}"


def input_field(spec: InputSpec, calculator_id: str, value: object,
                on_edit: Callable[[str], None]):
    """The widget for one input, holding ``value``; a text field hands each change to
    ``on_edit`` (a choice and a switch post Textual's messages)."""
    if spec.type == "bool":
        return Switch(value=bool(value), id=field_id(spec.id))
    if spec.type == "choice":
        return ChoiceField([(spec.label(choice), choice) for choice in spec.choices],
                           value=value, allow_blank=False, id=field_id(spec.id), compact=True)
    return TextField(spec.id, on_edit, value=str(value), compact=True,
                     validators=[DomainValidator(spec, calculator_id)], type="text")


def switch_state(on: bool) -> str:
    """What a switch says beside it, so that its state does not rest on colour alone."""
    return "on" if on else "off"


def input_row(spec: InputSpec, calculator_id: str, value: object,
              on_edit: Callable[[str], None]) -> Vertical:
    """Label, widget and unit (a switch's state) on one line, the help and domain below,
    and for an input used only under some choices, the line saying when (shown while it
    does not apply)."""
    unit = switch_state(value) if spec.type == "bool" else spec.unit
    idle = ([Label(f"Not used with these inputs: it applies when {spec.applies_when}.",
                   classes="input-idle")] if spec.applies_when else [])
    return Vertical(
        Horizontal(Label(spec.title, classes="input-title"),
                   input_field(spec, calculator_id, value, on_edit),
                   Label(unit, classes="input-unit", id=f"unit-{spec.id}"),
                   Label(spec.help, classes="input-brief"), classes="input-line"),
        *idle,
        Label(f"{spec.help} Accepts {spec.accepts()}; default {as_written(spec.default)}.",
              classes="input-help"),
        classes="input-row", id=f"row-{spec.id}")


class InputForm(VerticalScroll):
    """The inputs pane: Up and Down move between fields as Tab and Shift+Tab do (a choice's
    list opens on Enter or Space, see :class:`ChoiceField`). It may fill the screen
    (maximize)."""

    ALLOW_MAXIMIZE = True

    BINDINGS = [Binding("up", "app.focus_previous", "Previous field", show=False),
                Binding("down", "app.focus_next", "Next field", show=False)]


class ResultsTable(DataTable):
    """The outputs table; ``c`` copies the highlighted result."""

    BINDINGS = [Binding("c", "screen.copy_result", "Copy result")]

    def show_value(self, row_key: str, column_key: str, value: Text) -> None:
        """Put ``value`` in a cell and render only its row again.

        ``update_cell`` counts an update of the whole table, which invalidates every cached
        cell and line, so each changed figure had the whole table rendered again (10 to 30
        ms). This drops the cached renderings of the one row from DataTable's caches instead:
        it knows how their keys are made in the pinned Textual (8.2.8), and
        tests/tui/test_tui.py checks the painted rows after a change."""
        row, column = RowKey(row_key), ColumnKey(column_key)
        self._data[row][column] = value
        index = self._row_locations.get(row)
        line = self._get_row_region(index).y
        for cache, stale in ((self._row_renderable_cache, lambda key: key[1] == index),
                             (self._cell_render_cache, lambda key: key[0] == row),
                             (self._row_render_cache, lambda key: key[0] == row),
                             (self._line_cache, lambda key: key[0] == line)):
            for key in [key for key in cache.keys() if stale(key)]:
                cache.discard(key)
        self.refresh_row(index)


class Pane(Static):
    """A Static updated only when what it shows changes: every update asks Textual for a new
    layout of the whole screen and a repaint (tens of milliseconds), which the same text
    again is not worth."""

    shown: object = None
    """What was last shown, or the key it was shown with."""

    def show(self, content, key: object = None) -> None:
        """Show ``content`` unless ``key`` (``content`` itself when None) equals the last
        one's."""
        key = content if key is None else key
        if key != self.shown:
            self.shown = key
            self.update(content)


class SteadyFooter(Footer):
    """Textual's footer, rebuilt only when the keys it would show change. Textual's own
    rebuilds itself, and so lays out the whole screen again, whenever the screen's bindings
    may have changed: on every change of focus, each Tab from field to field included,
    though that seldom changes a key shown. The keys compared are the ones Textual's footer
    shows (a binding with ``show``, and the command palette's), each with whether it is
    enabled and its tooltip: a change of a hidden binding (each kind of field has its own,
    as focus moves from a number field to a choice or a switch) changes nothing shown."""

    shown: tuple = ()
    """The shown keys (with their bindings, states and tooltips) the footer was last
    rebuilt for."""

    def __init__(self, less_used: frozenset[str] = frozenset(), **options):
        super().__init__(**options)
        self.less_used = less_used
        """Actions whose keys a narrow screen leaves out (class ``-less-used``; F1 and the
        command palette list every key)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if getattr(widget, "action", None) in self.less_used:  # a key's FooterKey
                widget.add_class("-less-used")
            yield widget

    def bindings_changed(self, screen) -> None:
        palette = screen.app.COMMAND_PALETTE_BINDING
        active = tuple((key, binding, enabled, tooltip)
                       for key, (_, binding, enabled, tooltip) in screen.active_bindings.items()
                       if binding.show or key == palette)
        rebuilt = screen.app.app_focus and self.is_attached and screen is self.screen
        if rebuilt and self._bindings_ready and active == self.shown:
            return
        super().bindings_changed(screen)
        if rebuilt:
            self.shown = active


class SteadyScreen(Screen):
    """A screen that repaints, when the focus moves, only the widgets whose look changes.

    Textual's :class:`~textual.screen.Screen` repaints itself whole each time the focus
    moves (its ``focused`` reactive repaints). The widget that loses the focus, the one
    that takes it and any whose style hangs on where the focus is (``:focus-within``) are
    restyled and repainted by Textual without that, so the whole repaint showed nothing
    new: a Tab on the calculator screen at 170x60 cost 123 ms of CPU with it, 81 without."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
