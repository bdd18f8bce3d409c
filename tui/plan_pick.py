"""The Plan view's question "which calculator to add to which variant, starting from what":
a list over the Plan view, sized to fit an 80×24 terminal."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option


def choice_text(variant: str, calculator_id: str, start: str | None, title: str) -> Text:
    """One choice as read: the variant, the calculator, where its inputs start, and the
    calculator's title (cut where the width is short, by the list's style)."""
    return Text.assemble(f"{variant}: {calculator_id} (", (f"{start}'s inputs" if start
                                                            else "defaults"), ")  ",
                         (title, "dim"))


class AddCalculatorScreen(ModalScreen[tuple[str, str, str | None] | None]):
    """Offers each ``(variant, calculator id, start)`` of ``choices`` (``start``: the
    variant whose inputs it starts from, None for the defaults), ``titles`` naming each
    calculator id; returns the one picked, or None (Escape). The variant ``first`` is
    highlighted first (the one whose calculator was highlighted in the Plan view)."""

    DEFAULT_CSS = """
    AddCalculatorScreen { align: center middle; }
    #add-box {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    #add-box Label { width: 100%; }
    #add-choices { height: auto; max-height: 14; margin: 1 0; text-wrap: nowrap;
                   text-overflow: ellipsis; }
    """
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, choices: list[tuple[str, str, str | None]], titles: dict[str, str],
                 first: str):
        super().__init__()
        self.choices, self.titles, self.first = choices, titles, first

    def compose(self) -> ComposeResult:
        with Vertical(id="add-box"):
            yield Static(Text("Add a calculator to a variant", style="bold"))
            yield OptionList(*(Option(choice_text(variant, calculator_id, start,
                                                  self.titles[calculator_id]), id=str(index))
                               for index, (variant, calculator_id, start)
                               in enumerate(self.choices)), id="add-choices")
            yield Label("Enter adds it, Escape cancels. Its inputs are then edited as the "
                        "variant's other calculators are.", classes="help-text")

    def on_mount(self) -> None:
        choices = self.query_one("#add-choices", OptionList)
        choices.highlighted = next((index for index, choice in enumerate(self.choices)
                                    if choice[0] == self.first), 0)
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id)])
