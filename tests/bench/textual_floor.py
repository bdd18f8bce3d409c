"""The floor the terminal section holds mqcalc to: the least a Textual app costs on the same
machine in the same run, so that a figure of mqcalc's reads against what Textual and the
terminal take whatever the app does (issue 45).

- ``paint``: one Static showing :data:`PAINTED`. Its first paint is what any Textual app
  pays: Python's start, importing Textual, the driver's set-up and one frame.
- ``echo``: an Input, focused, and a Static showing what is typed (:data:`ECHO`). A key to
  the screen showing its echo is what Textual itself takes from a key press to the frame
  that shows its effect: reading the key, the message to the Input, the Static's update,
  the next frame written to the terminal.

Run as ``python -m tests.bench.textual_floor paint|echo``.
"""
from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

PAINTED = "textual floor: painted"
ECHO = "textual floor: echo {}."
"""What the echo app shows for the Input's value (``{}``)."""


class Painted(App):
    """One widget, one line of text."""

    def compose(self) -> ComposeResult:
        yield Static(PAINTED)


class Echo(App):
    """An Input and the echo of what it holds."""

    def compose(self) -> ComposeResult:
        yield Input(id="typed")
        yield Static(ECHO.format(""), id="echo")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#echo", Static).update(ECHO.format(event.value))


if __name__ == "__main__":
    {"paint": Painted, "echo": Echo}[sys.argv[1]]().run()
