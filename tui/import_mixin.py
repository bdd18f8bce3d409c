"""The app's side of importing (:class:`ImportMixin`): an SMF folder formatted by IBM's
mq-smf-csv (F6) or a calculator's text report, such as an MQSMF PSET report (F7), read by
the engine's own doors, into the user's own inputs.

An import fills the user's session, never a plan variant: it feeds several calculators at
once, most of them in no variant, and ``mqcalc smf --out`` is the way to make a plan from
SMF data; so in plan mode it is refused with a notice saying so. Like opening a scenario
file, an import replaces the session with one holding the imported values, the one it
replaced kept: the first Ctrl+Z past the import brings it all back in one step.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

import calc
from calc import engine
from calc.inputs.smf.importing import read_folder

from .import_fill import Fill, flag_notes, report_choices, report_fill, smf_choices, smf_fill
from .import_screens import ImportChoiceScreen, SourcesScreen
from .screens import PathScreen

PLAN_MODE = ("An import fills your own inputs, put aside in plan mode: leave plan mode "
             "first (Escape from the Plan view; from a variant's calculator F5, then "
             "Escape). To make a plan from SMF data, use mqcalc smf DIR --out FILE.")
"""Why an import is refused in plan mode."""
IMPORT_ACTIONS = frozenset({"import_smf", "import_report"})
"""The import keys: not offered over the Plan view, as the calculator panes' keys are not;
in a variant's calculator they say why not (:meth:`ImportMixin.refuse_in_plan`)."""


class ImportMixin:
    """Import actions of :class:`tui.app.MqcalcApp`."""

    last_import: Fill | None = None
    """What the last import filled, for the sources view."""
    import_path: Path | None = None
    """The last folder or report imported: where the next prompt starts."""

    def refuse_in_plan(self) -> bool:
        """Say why, and True, when plan mode is on (an import fills the user's own inputs)."""
        if self.in_plan:
            self.notify(PLAN_MODE, severity="warning", timeout=8)
        return self.in_plan

    def action_import_smf(self) -> None:
        """F6: ask for a folder of mq-smf-csv files, then which interval to import."""
        if not self.refuse_in_plan():
            self.push_screen(PathScreen("Import an SMF folder (the CSV files mq-smf-csv "
                                        "wrote)", self.import_path or self.folder,
                                        folder=True), self.import_smf_from)

    def import_smf_from(self, path: Path | None) -> None:
        if path is None:
            return
        try:
            folder = read_folder(path)
        except calc.MqcalcError as error:
            self.notify(f"Not imported: {error}", severity="error", timeout=8)
            return
        choices = smf_choices(folder)
        self.import_path = path
        self.push_screen(ImportChoiceScreen(
            f"Import which interval of {path}? The peaks first.",
            [choice.label for choice in choices], [choice.detail for choice in choices],
            "Enter imports it into your inputs (Ctrl+Z takes it back), Escape cancels."),
            lambda index: self.fill_picked(index, lambda: smf_fill(folder, choices[index])))

    def action_import_report(self, calculator_id: str | None = None) -> None:
        """F7: ask for a report file of ``calculator_id`` (an MQSMF PSET report for
        pageset_encryption), then which interval and item to import. Without one, of the
        calculator shown if its template reads a report, else of the first that does."""
        if self.refuse_in_plan():
            return
        if calculator_id is None:
            calculator_id = (self.current if self.current.report is not None
                             else self.reporting[0]).id
        report = engine.calculator(calculator_id).report
        self.push_screen(PathScreen(f"Import an {report.title}", self.import_path or
                                    self.folder / "pset-report.txt", must_exist=True),
                         partial(self.import_report_from, calculator_id))

    async def import_report_from(self, calculator_id: str, path: Path | None) -> None:
        if path is None:
            return
        calculator = engine.calculator(calculator_id)
        try:
            choices = report_choices(calculator, path)
        except calc.MqcalcError as error:
            self.notify(f"Not imported: {error}", severity="error", timeout=8)
            return
        self.import_path = path

        def fill(index: int | None) -> Fill:
            return report_fill(calculator, path, choices[index], len(choices))

        if len(choices) == 1:
            await self.fill_picked(0, partial(fill, 0))
            return
        self.push_screen(ImportChoiceScreen(
            f"Import which page set of {path}?", [choice.label for choice in choices],
            [" ".join(flag_notes(calculator, choice)) for choice in choices],
            "Enter imports it into your inputs (Ctrl+Z takes it back), Escape cancels."),
            lambda index: self.fill_picked(index, partial(fill, index)))

    async def fill_picked(self, index: int | None, make) -> None:
        """Put what ``make()`` gives in the user's inputs (``index`` None: cancelled)."""
        if index is not None:
            await self.fill_session(make())

    async def fill_session(self, fill: Fill) -> None:
        """Replace the session with one holding ``fill``'s values, keeping the one it
        replaces for undo; show a calculator it filled and the sources view."""
        if not fill.values:
            self.notify(f"Nothing imported: {fill.heading[-1]} gives no input.",
                        severity="warning", timeout=8)
            return
        self.replaced = (self.session, self.saved, self.scenario_path, fill.origin)
        self.session = self.session.with_values(fill.values)
        if self.session.current not in fill.values:
            self.session.current = next(iter(fill.values))
        self.last_import = fill
        await self.show_calculator()
        self.notify(f"{fill.summary()} Ctrl+Z takes the import back.", timeout=8)
        self.push_screen(SourcesScreen(fill))

    def action_import_sources(self) -> None:
        """Show again where the last import's values came from."""
        if self.last_import is None:
            self.notify("Nothing imported yet: F6 imports an SMF folder, F7 a PSET report.",
                        severity="warning")
        else:
            self.push_screen(SourcesScreen(self.last_import))
