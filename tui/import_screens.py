"""The screens of an import: the box that says what is read while a thread reads it, the
choice of what to import (an SMF folder's interval, over a plot of its queue manager's
series, or a report's page set), and the sources view listing each value filled with where
it came from, the values kept out with why and those the data lacks. All fit an 80×24
terminal."""
from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from .import_fill import Fill, Line, SmfChoice
from .series_plot import Trace, draw

SECTIONS = (("imported", "Filled in"),
            ("refused", "Refused: kept out, the field keeps its value"),
            ("missing", "Missing: not in the data, the field keeps its value"))
"""The sources view's lists, by :class:`tui.import_fill.Fill` attribute, with headings."""

WHERE_INDENT = 6
"""How far a value's source is set in under its name, wrapped lines too."""


class ImportModal(ModalScreen):
    """A box in the middle of the screen, at most the screen's size, holding one of the
    import's screens (its ``.import-box``)."""

    DEFAULT_CSS = """
    ImportModal { align: center middle; }
    .import-box { max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
                  border: thick $primary; background: $surface; }
    .import-box Label, .import-box Static { width: 100%; }
    """


class ReadingStopped(Exception):
    """A reading whose box has gone, stopped at the step it was telling."""


class ReadingScreen(ImportModal):
    """Says what is being read, and for how long so far, while a thread reads it, the
    terminal live meanwhile (a month of SMF in a store takes half a minute); Escape stops
    waiting, returning True, and nothing is imported. Once the box has gone (Escape, or the
    terminal ending), the reading stops at the next step it tells: Python waits for the
    thread before it exits, and Ctrl+Q during a month's read left the terminal blank for the
    rest of the read, 31 s (a daemon thread instead aborted Python as it exited, inside
    DuckDB). The time is redrawn once a second: with Textual's loading animation, redrawn
    many times a second, a month's store took 43 s to offer its intervals, against 34 s
    this way (one run each, under tmux), as the redrawing and the reading take turns at
    the interpreter."""

    DEFAULT_CSS = """
    #reading-box { width: 80; }
    #reading-time { margin: 1 0; }
    """
    BINDINGS = [Binding("escape", "dismiss(True)", "Stop waiting")]

    def __init__(self, said: str):
        super().__init__()
        self.said, self.seconds = said, 0
        self.doing, self.gone = "", False
        """The step the reading last told (:meth:`tell`), shown with the time; whether the
        box has gone."""

    def compose(self) -> ComposeResult:
        with Vertical(id="reading-box", classes="import-box"):
            yield Static(Text(self.said, style="bold"))
            yield Static(self.so_far(), id="reading-time")
            yield Label("Escape stops waiting; nothing is imported.", classes="help-text")

    def on_mount(self) -> None:
        self.set_interval(1, self.tick)

    def on_unmount(self) -> None:
        self.gone = True

    def tell(self, doing: str) -> None:
        """Note the step the reading has come to; called from the reading's thread, and
        shown at the next second's redraw. Once the box has gone, :class:`ReadingStopped`
        instead, which ends the reading."""
        if self.gone:
            raise ReadingStopped(doing)
        self.doing = doing

    def tick(self) -> None:
        self.seconds += 1
        self.query_one("#reading-time", Static).update(self.so_far())

    def so_far(self) -> Text:
        return Text(f"{self.seconds} s so far" + (f": {self.doing}" if self.doing else "."))


class ImportChoiceScreen(ImportModal):
    """Offers ``labels`` (one line each; ``details[i]`` says more of the highlighted one)
    under ``title``; returns the index picked, or None (Escape)."""

    DEFAULT_CSS = """
    #choice-box { width: 100; }
    #choice-list { height: auto; max-height: 55vh; margin-top: 1; text-wrap: nowrap;
                   text-overflow: ellipsis; }
    #choice-detail { height: auto; margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, labels: list[str], details: list[str], hint: str):
        super().__init__()
        self.title_text, self.labels, self.details, self.hint = title, labels, details, hint

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box", classes="import-box"):
            yield Static(Text(self.title_text, style="bold"))
            yield from self.above_list()
            yield OptionList(*(Option(Text(label), id=str(index))
                               for index, label in enumerate(self.labels)), id="choice-list")
            yield Static(id="choice-detail")
            yield Label(self.hint, classes="help-text")

    def above_list(self) -> ComposeResult:
        """What shows between the title and the list (nothing here)."""
        yield from ()

    def on_mount(self) -> None:
        choices = self.query_one("#choice-list", OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#choice-detail", Static).update(
            Text(self.details[int(event.option.id)], style="dim"))
        self.highlighted(int(event.option.id))

    def highlighted(self, index: int) -> None:
        """Show what goes with the ``index``-th choice besides its detail (nothing here)."""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id))


class SmfChoiceScreen(ImportChoiceScreen):
    """The choice of an SMF interval over a plot of its queue manager's series by the
    figure its peak is ranked by, the highlighted interval marked; Left and Right step to the
    queue manager's previous and next interval in time, Up and Down along the list."""

    DEFAULT_CSS = """
    #series-plot { height: 30vh; min-height: 7; margin-top: 1; }
    SmfChoiceScreen #choice-list { max-height: 30vh; }
    """
    BINDINGS = [Binding("left", "step(-1)", "Earlier", show=False),
                Binding("right", "step(1)", "Later", show=False)]

    def __init__(self, title: str, choices: list[SmfChoice], hint: str,
                 traces: dict[tuple[str, str], Trace]):
        super().__init__(title, [choice.label for choice in choices],
                         [choice.detail for choice in choices], hint)
        self.choices, self.traces = choices, traces

    def above_list(self) -> ComposeResult:
        yield PlotextPlot(id="series-plot")

    def highlighted(self, index: int) -> None:
        choice = self.choices[index]
        lpar, qmgr = choice.system
        draw(self.query_one("#series-plot", PlotextPlot), f"{qmgr} on {lpar}",
             self.traces.get(choice.system), choice.start)

    def action_step(self, step: int) -> None:
        """Highlight the interval of the highlighted one's queue manager ``step`` places
        later in time (earlier where negative), if there is one."""
        choices = self.query_one("#choice-list", OptionList)
        here = self.choices[choices.highlighted or 0]
        mine = sorted((choice.start, index) for index, choice in enumerate(self.choices)
                      if choice.system == here.system)
        at = mine.index((here.start, choices.highlighted or 0)) + step
        if 0 <= at < len(mine):
            choices.highlighted = mine[at][1]


def sources_view(fill: Fill) -> Group:
    """The sources view's content: the heading, notes, then each list, one value a row
    (its calculator, input and value; below, indented, where it came from or why)."""
    parts = [Text("\n".join(fill.heading), style="bold")]
    parts += [Text(note, style="italic") for note in fill.notes]
    for attribute, heading in SECTIONS:
        lines: list[Line] = getattr(fill, attribute)
        if not lines:
            continue
        parts.append(Text(f"\n{heading}", style="bold underline"))
        for line in lines:
            parts.append(Text.assemble("  ", (f"{line.calculator} {line.input}", "bold"),
                                       f"  {line.shown}".rstrip()))
            parts.append(Padding(Text(line.where, style="dim"), (0, 0, 0, WHERE_INDENT)))
    return Group(*parts)


class SourcesScreen(ImportModal):
    """Where each value of the last import came from (scrolls; Escape closes)."""

    DEFAULT_CSS = """
    #sources-box { width: 120; }
    #sources-scroll { height: auto; max-height: 80vh; }
    """
    BINDINGS = [Binding("escape,q,enter", "dismiss", "Close")]

    def __init__(self, fill: Fill):
        super().__init__()
        self.fill = fill

    def compose(self) -> ComposeResult:
        with Vertical(id="sources-box", classes="import-box"):
            with VerticalScroll(id="sources-scroll"):
                yield Static(sources_view(self.fill), id="sources")
            yield Label("Escape closes; Ctrl+Z takes the import back; the palette's "
                        "\"Import sources\" shows this again.", classes="help-text")

    def on_mount(self) -> None:
        self.query_one("#sources-scroll").focus()
