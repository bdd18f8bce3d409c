"""A question over the calculator with a few answers, sized to fit an 80×24 terminal: asked
before opening a file would replace changes not saved (yes or no), and before quitting over
them (save, quit without saving, or stay)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


@dataclass(frozen=True)
class Choice:
    """One answer: its button's label, the key that picks it too, what the question returns
    for it, and the button's look (Textual's variant: ``warning`` for one that loses work)."""

    label: str
    key: str
    answer: object
    variant: str = "primary"


class ChoiceScreen(ModalScreen[object]):
    """Asks ``question`` (with ``detail`` below it) and returns the answer of the choice
    picked by its button or its key. The last choice changes nothing: the focus starts on
    it, so an Enter pressed out of habit loses nothing, and Escape picks it too."""

    DEFAULT_CSS = """
    ChoiceScreen {
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
        min-width: 10;
    }
    """

    def __init__(self, question: str, detail: str, choices: list[Choice]):
        super().__init__()
        self.question, self.detail, self.choices = question, detail, choices

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question, style="bold"))
            yield Static(Text(self.detail))
            with Horizontal(id="confirm-buttons"):
                for index, choice in enumerate(self.choices):
                    yield Button(f"{choice.label} ({choice.key})", variant=choice.variant,
                                 id=f"choice-{index}")

    def on_mount(self) -> None:
        self.query_one(f"#choice-{len(self.choices) - 1}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.button.id.removeprefix("choice-"))].answer)

    def on_key(self, event: events.Key) -> None:
        picked = [choice for choice in self.choices if choice.key == event.key]
        if event.key == "escape":
            picked = self.choices[-1:]
        if picked:
            event.stop()
            self.dismiss(picked[0].answer)


class ConfirmScreen(ChoiceScreen):
    """A yes-or-no question: True for ``yes`` (its button, or the Y key), False for ``no``
    (its button, N or Escape), where the focus starts."""

    def __init__(self, question: str, detail: str, yes: str, no: str):
        super().__init__(question, detail, [Choice(yes, "y", True, "warning"),
                                            Choice(no, "n", False)])
