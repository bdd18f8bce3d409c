"""A yes-or-no question over the calculator, sized to fit an 80×24 terminal: used before
opening a scenario file would replace inputs that are not saved."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question`` (with ``detail`` below it); returns True for ``yes`` (the button, or
    the Y key), False for ``no`` (the button, N or Escape). The focus starts on ``no``, so an
    Enter pressed out of habit changes nothing."""

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    #confirm-box {
        width: 72;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $warning;
        background: $surface;
        padding: 0 1;
    }
    #confirm-box Static {
        margin-bottom: 1;
    }
    #confirm-buttons {
        height: auto;
        align-horizontal: right;
    }
    #confirm-buttons Button {
        margin-left: 2;
    }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, detail: str, yes: str, no: str):
        super().__init__()
        self.question, self.detail, self.yes, self.no = question, detail, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question, style="bold"))
            yield Static(Text(self.detail))
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", variant="warning", id="confirm-yes")
                yield Button(f"{self.no} (n)", variant="primary", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
