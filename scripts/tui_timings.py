"""Time the terminal calculator as a user feels it; prints a small table.

- first paint: from starting ``python -m calc`` under tmux to the first screen showing the
  first calculator's results (read back with capture-pane every 10 ms), median of --starts;
- keypress to update: through Textual's Pilot, a digit typed into adapters' processors field
  until the results table shows the engine's new CHIADAPS figure, median and worst of
  --presses.

Run: ``.venv/bin/python scripts/tui_timings.py`` (needs tmux). Not a test: timings belong to
the benchmark, never to an assertion.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time

from textual.widgets import DataTable

import calc
from tui.app import create_app

FIRST_RESULT = "CHIADAPS rule for serialised work"


def first_paint_seconds(size=(150, 45)) -> float:
    """Seconds from starting mqcalc in tmux until its results are on the screen."""
    session = f"mqcalc-timing-{os.getpid()}"
    started = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", str(size[0]),
                    "-y", str(size[1]), f"{sys.executable} -m calc"], check=True)
    try:
        while True:
            shown = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                   capture_output=True, text=True, check=False).stdout
            if FIRST_RESULT in shown and "30" in shown:
                return time.perf_counter() - started
            if time.perf_counter() - started > 60:
                raise SystemExit("mqcalc did not paint within 60 s")
            time.sleep(0.01)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


async def keypress_seconds(presses: int) -> list[float]:
    """Seconds from each digit pressed to the table showing the engine's new figure."""
    app = create_app()
    timings = []
    async with app.run_test(size=(150, 45)) as pilot:
        await pilot.pause()
        table = app.query_one("#outputs", DataTable)
        for press in range(presses):
            processors = 5 + press % 5  # one digit, 5..9: every press changes CHIADAPS
            wanted = str(calc.evaluate("adapters", {"processors": processors})
                         ["chiadaps_recommended"])
            await pilot.press("ctrl+u")
            await pilot.pause()
            started = time.perf_counter()
            await pilot.press(str(processors))
            while str(table.get_cell("chiadaps_recommended", "value")) != wanted:
                await asyncio.sleep(0.0005)
            timings.append(time.perf_counter() - started)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=5, help="cold starts to time")
    parser.add_argument("--presses", type=int, default=100, help="key presses to time")
    arguments = parser.parse_args()
    paints = [first_paint_seconds() for _ in range(arguments.starts)]
    presses = asyncio.run(keypress_seconds(arguments.presses))
    print(f"{'measure':<28}{'median':>10}{'worst':>10}{'runs':>6}")
    print(f"{'first paint (tmux)':<28}{statistics.median(paints) * 1000:>8.0f}ms"
          f"{max(paints) * 1000:>8.0f}ms{len(paints):>6}")
    print(f"{'keypress to update (Pilot)':<28}{statistics.median(presses) * 1000:>8.1f}ms"
          f"{max(presses) * 1000:>8.1f}ms{len(presses):>6}")


if __name__ == "__main__":
    main()
