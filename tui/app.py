"""mqcalc's terminal calculator: pick a calculator, type inputs, read outputs and notes.

Every change re-evaluates through :func:`calc.run`. An input that is not valid yet is marked
with the engine's reason, and the outputs keep their last good values meanwhile.
"""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import (DataTable, Footer, Header, Input, Label, ListItem, ListView, Select,
                             Static, Switch)

from rich.text import Text

import calc
from calc.formatting import format_value

from .widgets import field_id, input_row


VALUE_WIDTH = 16
"""Width of the value column; longer texts are shown in full under the table."""


def fit_cell(shown: str) -> str:
    """``shown`` as it fits the value column: cut with an ellipsis when too long."""
    return shown if len(shown) <= VALUE_WIDTH else shown[:VALUE_WIDTH - 1] + "…"


class MqcalcApp(App):
    """The terminal calculator over the whole catalogue."""

    CSS_PATH = "mqcalc.tcss"
    TITLE = "mqcalc"
    SUB_TITLE = "IBM MQ for z/OS capacity and cost"
    BINDINGS = [("ctrl+q", "quit", "Quit"), ("ctrl+r", "reset", "Reset inputs")]

    def __init__(self):
        super().__init__()
        self.calculators = calc.catalogue()
        self.current = self.calculators[0]
        self.problem = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield ListView(*[ListItem(Label(f"{c.id}\n[dim]{c.summary}[/]"), id=f"calc-{c.id}")
                             for c in self.calculators], id="calculators")
            with VerticalScroll(id="inputs"):
                yield Static(id="calculator-title")
            with Vertical(id="results"):
                yield DataTable(id="outputs", cursor_type="row", zebra_stripes=True)
                yield Static(id="long-values")
                yield Static(id="problem")
                yield Static(id="notes")
        yield Footer()

    async def on_mount(self) -> None:
        await self.show_calculator(self.current, self.current.defaults())

    async def show_calculator(self, calculator, values: dict) -> None:
        """Lay out ``calculator``'s inputs holding ``values`` and compute its outputs."""
        self.current = calculator
        self.query_one("#calculator-title", Static).update(
            f"[b]{calculator.title}[/b]\n{calculator.summary}\n[dim]Source: {calculator.citation}[/]")
        form = self.query_one("#inputs", VerticalScroll)
        await form.remove_children(".input-row")
        await form.mount_all([input_row(spec, calculator.id, values[spec.id])
                        for spec in calculator.inputs.values()])
        table = self.query_one("#outputs", DataTable)
        table.clear(columns=True)
        table.add_column("Result", key="title")
        table.add_column("Value", key="value", width=VALUE_WIDTH)
        table.add_column("Unit", key="unit")
        for output in calculator.outputs.values():
            table.add_row(output.title, "", output.unit, key=output.id)
        self.recompute()

    def raw_inputs(self) -> dict:
        """What the fields hold now, as text or typed values, for the engine to judge."""
        raw = {}
        for spec in self.current.inputs.values():
            widget = self.query_one(f"#{field_id(spec.id)}")
            raw[spec.id] = widget.value
        return raw

    def recompute(self) -> None:
        """Evaluate the current fields; on refusal keep the last good outputs and say why."""
        try:
            result = calc.run(self.current.id, self.raw_inputs())
        except calc.MqcalcError as error:
            self.problem = str(error)
        else:
            self.problem = ""
            table = self.query_one("#outputs", DataTable)
            long_texts = []
            for name, output in self.current.outputs.items():
                shown = format_value(result.outputs[name], output.decimals)
                if len(shown) > VALUE_WIDTH:
                    long_texts.append(f"[b]{output.title}:[/b] {shown}")
                table.update_cell(name, "value", Text(fit_cell(shown), justify="right"))
            self.query_one("#long-values", Static).update("\n".join(long_texts))
            notes = "\n".join(f"• {note}" for note in result.notes)
            self.query_one("#notes", Static).update(notes or "[dim]No notes for these inputs.[/]")
        self.query_one("#problem", Static).update(
            f"[b red]Held at last good values:[/] {self.problem}" if self.problem else "")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("input-"):
            self.recompute()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.recompute()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.recompute()

    async def on_list_view_selected(self, event: ListView.Selected) -> None:
        chosen = event.item.id.removeprefix("calc-")
        if chosen != self.current.id:
            selected = calc.calculator(chosen)
            await self.show_calculator(selected, selected.defaults())

    async def action_reset(self) -> None:
        await self.show_calculator(self.current, self.current.defaults())


def create_app() -> MqcalcApp:
    """The app, as the tests and the command build it."""
    return MqcalcApp()


def run_app() -> None:
    create_app().run()
