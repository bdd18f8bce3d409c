"""Importing into the calculator screen: an SMF folder formatted by IBM's mq-smf-csv (F6) or
a calculator's text report, such as an MQSMF PSET report (F7), read by the engine's own
doors, into the user's own inputs.

An import fills the user's session, never a plan variant: it feeds several calculators at
once, most of them in no variant, and ``mqcalc smf --out`` is the way to make a plan from
SMF data; so while a variant is edited it is refused with a notice saying so. Like opening a
scenario file, an import replaces the session with one holding the imported values, the one
it replaced kept: the first Ctrl+Z past the import brings it all back in one step
(:meth:`tui.calculator_screen.CalculatorScreen.fill_session`).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

from textual.app import App

import calc
from calc.core.model import Calculator
from calc.inputs.smf.importing import read_smf

from .import_fill import Fill, flag_notes, report_choices, report_fill, smf_choices, smf_fill
from .import_screens import ImportChoiceScreen, SmfChoiceScreen, SourcesScreen
from .screens import PathScreen
from .series_plot import traces

PLAN_MODE = ("An import fills your own inputs, put aside in plan mode: leave plan mode "
             "first (Escape from the Plan view; from a variant's calculator F5, then "
             "Escape). To make a plan from SMF data, use mqcalc smf DIR --qmgr NAME "
             "--interval all --out FILE.")
"""Why an import is refused in plan mode."""
PICKED = "Enter imports it into your inputs (Ctrl+Z takes it back), Escape cancels."
"""What the choice of an interval or item says under its list."""
STEP = "Left/Right: earlier/later interval. Enter imports it, Escape cancels."
"""What the choice of an SMF interval says under its list, in one line at 80 columns."""


class Importer:
    """The imports of one calculator screen: what the prompts start from and what the
    last import filled. ``fill`` puts an import's values in the screen's session."""

    def __init__(self, app: App, folder: Path, fill: Callable[[Fill], Awaitable[None]],
                 reporting: list[Calculator]):
        self.app, self.folder, self.fill = app, folder, fill
        self.reporting = reporting
        """The calculators whose template reads a report: F7 imports the first one's."""
        self.last: Fill | None = None
        """What the last import filled, for the sources view."""
        self.path: Path | None = None
        """The last folder or report imported: where the next prompt starts."""

    def smf(self) -> None:
        """Ask for a folder of mq-smf-csv files or a store of them, then which interval to
        import."""
        self.app.push_screen(PathScreen("Import SMF data: an mq-smf-csv folder, or a "
                                        "store (mqcalc smf load)",
                                        self.path or self.folder, folder=True),
                             self.smf_from)

    def smf_from(self, path: Path | None) -> None:
        if path is None:
            return
        try:
            folder = read_smf(path)
        except calc.MqcalcError as error:
            self.app.notify(f"Not imported: {error}", severity="error", timeout=8)
            return
        choices = smf_choices(folder)
        self.path = path
        self.app.push_screen(SmfChoiceScreen(
            f"Import which interval of {path}? The peaks first.", choices,
            STEP,
            traces(folder.imported)),
            lambda index: self.picked(index, lambda: smf_fill(folder, choices[index])))

    def report(self, calculator: Calculator) -> None:
        """Ask for a report file of ``calculator`` (an MQSMF PSET report for
        pageset_encryption), then which interval and item to import."""
        self.app.push_screen(PathScreen(f"Import an {calculator.report.title}", self.path or
                                        self.folder / f"{calculator.report.option}.txt",
                                        must_exist=True),
                             partial(self.report_from, calculator))

    async def report_from(self, calculator: Calculator, path: Path | None) -> None:
        if path is None:
            return
        try:
            choices = report_choices(calculator, path)
        except calc.MqcalcError as error:
            self.app.notify(f"Not imported: {error}", severity="error", timeout=8)
            return
        self.path = path

        def fill(index: int | None) -> Fill:
            return report_fill(calculator, path, choices[index], len(choices))

        if len(choices) == 1:
            await self.picked(0, partial(fill, 0))
            return
        self.app.push_screen(ImportChoiceScreen(
            f"Import which {calculator.report.item} of {path}?",
            [choice.label for choice in choices],
            [" ".join(flag_notes(calculator, choice)) for choice in choices], PICKED),
            lambda index: self.picked(index, partial(fill, index)))

    async def picked(self, index: int | None, make: Callable[[], Fill]) -> None:
        """Put what ``make()`` gives in the user's inputs (``index`` None: cancelled)."""
        if index is None:
            return
        fill = make()
        if not fill.values:
            self.app.notify(f"Nothing imported: {fill.heading[-1]} gives no input.",
                            severity="warning", timeout=8)
            return
        self.last = fill
        await self.fill(fill)
        self.app.notify(f"{fill.summary()} Ctrl+Z takes the import back.", timeout=8)
        self.app.push_screen(SourcesScreen(fill))

    def sources(self) -> None:
        """Show again where the last import's values came from."""
        if self.last is None:
            self.app.notify(f"Nothing imported yet: F6 imports an SMF folder, F7 a "
                            f"{self.reporting[0].report.name} report.", severity="warning")
        else:
            self.app.push_screen(SourcesScreen(self.last))
