"""The screens over the calculator: F1 help, and the file prompt used by save, open,
import and export."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from calc.files.writing import reason

KEYS = (
    ("Tab, Shift+Tab", "next and previous field (Up and Down too, in the inputs)"),
    ("Enter, Space", "open the list of a choice field"),
    ("Ctrl+Z, Ctrl+Y", "undo and redo a change of the inputs (and opening a scenario file)"),
    ("Ctrl+R", "reset this calculator's inputs to the measured defaults"),
    ("Ctrl+S, Ctrl+O", "save the inputs to a scenario file, open one"),
    ("Ctrl+E", "export a workbook holding these inputs and their results"),
    ("F6, F7", "import an SMF folder (mq-smf-csv's CSV files), an MQSMF PSET report: "
               "pick the interval or page set, the values fill your inputs, a list says "
               "where each came from; Ctrl+Z takes the import back"),
    ("F2", "switch between the results and the plots"),
    ("F3", "hide or show the calculator list"),
    ("F4", "zoom: fill the screen with the focused panel, or put it back (Escape too)"),
    ("F8", "explain the highlighted result on the whole screen: its formula, values, "
           "what it rests on and sources; Up and Down explain the next (F8 or Escape: "
           "back)"),
    ("F5", "the Plan view: a plan's variants side by side; there, N makes one of your "
           "inputs (today, and proposed to change), Enter on a variant's calculator edits "
           "it here, F5 goes back, A adds a calculator to a variant, Delete removes one, V "
           "adds a variant like the highlighted one, Ctrl+Z and Ctrl+Y undo and redo those, "
           "Ctrl+S and Ctrl+O save and open the plan"),
    ("c", "copy the highlighted result (in the results table)"),
    ("Ctrl+P", "command palette: every action, and a calculator by name"),
    ("F1 or ?", "this help"),
    ("Ctrl+Q", "quit; over changes not saved it asks: save, quit without, or cancel"),
)


class HelpScreen(ModalScreen):
    """How to use the calculator, the keys, and the help of the field that had focus."""

    BINDINGS = [Binding("escape,f1,q,question_mark", "dismiss", "Close")]

    def __init__(self, field_help: str):
        super().__init__()
        self.field_help = field_help

    def compose(self) -> ComposeResult:
        keys = Text()
        for key, what in KEYS:
            keys.append(f"{key:<16}", style="bold").append(f"{what}\n")
        with VerticalScroll(id="help-box"):
            yield Static(Text("mqcalc: IBM MQ for z/OS capacity and cost", style="bold"))
            yield Static(
                "Pick a calculator (the list on the left; F3 shows it on a narrow screen), "
                "type its inputs, read the results beside them (below them under 110 "
                "columns). Every result is recomputed as you type. A value that is not "
                "accepted yet is marked, and the results keep their last good values until it "
                "is. F8 explains the figure highlighted in the results table: how it is "
                "computed, what it rests on and which published measurement it comes from.",
                classes="help-text")
            if self.field_help:
                yield Static(Text("This field", style="bold"))
                yield Static(Text(self.field_help), classes="help-text")
            yield Static(Text("Keys", style="bold"))
            yield Static(keys)
            yield Label("Escape or F1 closes this help.", classes="help-text")


class PromptScreen(ModalScreen):
    """Asks for one line of text, ``default`` to start with; returns what :meth:`taken`
    makes of it once :meth:`refusal` has nothing against it, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    EMPTY = "Type a name."
    """What an empty answer is told."""

    def __init__(self, title: str, default: str):
        super().__init__()
        self.title_text, self.default = title, default

    def compose(self) -> ComposeResult:
        with Vertical(id="path-box"):
            yield Label(self.title_text, id="path-title")
            yield Input(self.default, id="path")
            yield Static(id="path-problem")
            yield Label("Enter to confirm, Escape to cancel.", classes="help-text")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        refusal = self.refusal(text) if text else self.EMPTY
        if refusal is None:
            self.dismiss(self.taken(text))
        else:
            self.query_one("#path-problem", Static).update(Text(refusal))

    def refusal(self, text: str) -> str | None:
        """Why ``text`` is not taken yet (None: it is, and the screen closes with it)."""
        return None

    def taken(self, text: str) -> object:
        """What the screen returns for ``text``."""
        return text

    def action_cancel(self) -> None:
        self.dismiss(None)


class PathScreen(PromptScreen):
    """Asks for a file name; returns the path, or None when cancelled.

    ``must_exist`` is for opening; ``confirm_replace`` asks for a second Enter before an
    existing file is replaced; ``folder`` asks for a folder (the reader of the folder says
    what is wrong with it).
    """

    EMPTY = "Type a file name."

    def __init__(self, title: str, default: Path, must_exist: bool = False,
                 confirm_replace: bool = False, folder: bool = False):
        super().__init__(title, str(default))
        self.must_exist, self.confirm_replace = must_exist, confirm_replace
        self.folder = folder
        self.warned: Path | None = None

    def taken(self, text: str) -> Path:
        return Path(text).expanduser()

    def refusal(self, text: str) -> str | None:
        """Why the file named ``text`` is not taken yet (None: it is)."""
        try:
            return self.path_refusal(Path(text).expanduser())
        except (OSError, RuntimeError) as error:  # ~user unknown; a name too long
            return f"{text!r} cannot be used as a file name: {reason(error)}."

    def path_refusal(self, path: Path) -> str | None:
        if "\0" in str(path):
            return f"{str(path)!r} cannot be used as a file name: it holds a NUL."
        if self.must_exist and not path.is_file():
            return f"There is no file {path}."
        if path.is_dir() and not self.folder:
            return f"{path} is a folder: type a file name."
        if self.confirm_replace and path.exists() and self.warned != path:
            self.warned = path
            return f"{path} exists: Enter again to replace it."
        return None
