"""The one flow of saving a file and the one of opening one, shared by scenario files (the
calculator screen) and plan files (the app): ask for the path, read or write it through the
engine's doors, and say what happened (asking first, as a new plan does too, when what is
shown has changes not saved). A refusal is a notice, never an exception."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

from textual.app import App

import calc

from .confirm import ConfirmScreen
from .screens import PathScreen


def save_file(app: App, title: str, default: Path, make: Callable[[], object],
              write: Callable[[Path, object], object],
              saved: Callable[[Path, object], None]) -> None:
    """Save what ``make`` gives (a refusal is a notice) where the user says, asked with
    ``title`` from ``default``: ``write`` writes it (a failure is a notice), then ``saved``
    records it."""
    try:
        made = make()
    except calc.MqcalcError as error:
        app.notify(f"Not saved: {error}", severity="error")
        return
    app.push_screen(PathScreen(title, default, confirm_replace=True),
                    partial(write_file, app, write, saved, made))


def write_file(app: App, write: Callable[[Path, object], object],
               saved: Callable[[Path, object], None], made: object, path: Path | None) -> None:
    if path is None:
        return
    try:
        write(path, made)
    except calc.MqcalcError as error:
        app.notify(f"Not saved: {error}", severity="error")
        return
    saved(path, made)


async def open_file(app: App, path: Path | None, load: Callable[[Path], object], unsaved: str,
                    kept: str, replace: Callable[[Path, object], Awaitable[None]]) -> None:
    """Open ``path`` (None: the prompt was cancelled) with ``load``; a file it refuses is a
    notice. What it read replaces what is shown through ``replace``: at once, or after asking
    when ``unsaved`` names changes not saved (``kept`` says how they may come back)."""
    if path is None:
        return
    try:
        opened = load(path)
    except calc.MqcalcError as error:
        app.notify(f"Not opened: {error}", severity="error")
        return
    await replace_asking(app, unsaved, ConfirmScreen(
        f"Open {path}?", f"Your changes to {unsaved} are not saved. Opening "
        f"the file replaces them{kept}.", yes="Open it", no="Keep my changes"),
        replace, path, opened)


async def replace_asking(app: App, unsaved: str, question: ConfirmScreen,
                         replace: Callable[[Path | None, object], Awaitable[None]],
                         path: Path | None, opened: object) -> None:
    """``replace(path, opened)`` at once when ``unsaved`` names nothing, else once the user
    says yes to ``question`` (opening a file, starting a new plan)."""
    if not unsaved:
        await replace(path, opened)
        return
    app.push_screen(question, partial(replaced_if_yes, replace, path, opened))


async def replaced_if_yes(replace: Callable[[Path | None, object], Awaitable[None]],
                          path: Path | None, opened: object, yes: bool | None) -> None:
    if yes:
        await replace(path, opened)
