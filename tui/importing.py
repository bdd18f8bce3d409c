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

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

from textual.app import App

import calc
from calc.core.model import Calculator
from calc.inputs.smf.importing import SmfData, read_smf
from calc.inputs.smf.store import is_store
from calc.inputs.smf.stored_series import STALE, offered

from .import_fill import (Fill, SmfChoice, flag_notes, report_choices, report_fill,
                          smf_choices, smf_fill)
from .import_screens import ImportChoiceScreen, ReadingScreen, SmfChoiceScreen, SourcesScreen
from .screens import PathScreen
from .series_plot import Trace, traces

PLAN_MODE = ("An import fills your own inputs, put aside in plan mode: leave plan mode "
             "first (Escape from the Plan view; from a variant's calculator F5, then "
             "Escape). To make a plan from SMF data, use mqcalc smf DIR --qmgr NAME "
             "--interval all --out FILE.")
"""Why an import is refused in plan mode."""
PICKED = "Enter imports it into your inputs (Ctrl+Z takes it back), Escape cancels."
"""What the choice of an interval or item says under its list."""
STEP = "Left/Right: earlier/later interval. Enter imports it, Escape cancels."
"""What the choice of an SMF interval says under its list, in one line at 80 columns."""
OVER_WAITING_SECONDS = 0.1
"""How often a finished read looks again whether the screen that came over its waiting box
(the command palette) has gone."""


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
        """Read ``path`` in a thread while a screen says so, then offer its intervals."""
        if path is None:
            return
        waiting = ReadingScreen(f"Reading the SMF data of {path} …")
        reading = self.app.run_worker(self.smf_read(path, waiting), group="smf-read",
                                      exclusive=True)
        self.app.push_screen(waiting, lambda stopped: reading.cancel() if stopped else None)

    async def smf_read(self, path: Path, waiting: ReadingScreen) -> None:
        """Offer the intervals of ``path`` once a thread has read it, the waiting screen
        taken away; the refusal of a folder or store the engine cannot use is a notice.
        Where the user stopped waiting, this worker is cancelled here, and the thread
        stops at the next step it tells (:meth:`ReadingScreen.tell`); where another
        screen has come over the waiting one (the command palette), the offer waits until
        it has gone."""
        try:
            folder, choices, plotted = await asyncio.to_thread(smf_offer, path, waiting.tell)
        except calc.MqcalcError as error:
            said: str | None = f"Not imported: {error}"
        else:
            said = None
        while self.app.screen is not waiting:
            if waiting not in self.app.screen_stack:
                return
            await asyncio.sleep(OVER_WAITING_SECONDS)
        await waiting.dismiss(False)
        if said is not None:
            self.app.notify(said, severity="error", timeout=8)
            return
        self.path = path
        if folder.stored and not folder.kept:  # every interval read: say how to avoid it
            self.app.notify(f"{STALE[0].upper()}{STALE[1:]}.", timeout=12)
        self.app.push_screen(SmfChoiceScreen(
            f"Import which interval of {path}? The peaks first.", choices, STEP, plotted),
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
        try:
            fill = make()
        except calc.MqcalcError as error:  # a store changed since its intervals were offered
            self.app.notify(f"Not imported: {error}", severity="error", timeout=8)
            return
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


def smf_offer(path: Path, progress: Callable[[str], None]
              ) -> tuple[SmfData, list[SmfChoice], dict[tuple[str, str], Trace]]:
    """What the choice of an SMF interval offers from ``path`` (a folder or a store): the
    data read, its intervals as choices, each queue manager's trace to plot; ``progress``
    is told each step of the reading. Run in a thread: it takes as long as the data is
    long, but for a store's intervals offered by the figures it keeps (each imported when
    picked)."""
    folder = (offered(path) if is_store(path) else None) or read_smf(path, progress=progress)
    return folder, smf_choices(folder), traces(folder.imported)
