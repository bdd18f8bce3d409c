"""The Plan view's pure parts, without the app: the text it shows (:mod:`tui.plan_view`)
and the plan made again from edited fields (:mod:`tui.plan_edit`)."""
from __future__ import annotations

import io
import re

from rich.console import Console

import calc
from calc.inputs.plan import load_plan
from calc.inputs.plan_run import evaluate_plan
from tests.conftest import REPO
from tests.inputs.test_plan import SAMPLE
from tui.plan_edit import PlanEdit
from tui.plan_view import bars, contributions_table, figures_table, notes_view

MEASURED = REPO / "examples" / "measured_today.yaml"


def text(renderable, width: int = 100) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_the_figures_are_the_results_with_units_and_signed_changes():
    result = evaluate_plan(load_plan(SAMPLE))
    today, proposed = result.variants
    rows = {re.split(r"\s{2,}", line.strip())[0]: line.split()
            for line in text(figures_table(result)).splitlines()[1:] if line.strip()}
    assert rows["Channel initiator (CHIN)"][-5:] == [
        "CPU", "s/s", f"{today.by_space['CHIN']:.4f}", f"{proposed.by_space['CHIN']:.4f}",
        f"{proposed.by_space['CHIN'] - today.by_space['CHIN']:+.4f}"]
    assert rows["MSU consumed"][-4:] == ["MSU", f"{today.msu:.1f}", f"{proposed.msu:.1f}",
                                         f"{proposed.msu - today.msu:+.1f}"]
    assert rows["Share of the LPAR"][-5:-3] == ["of", "LPAR"]
    assert rows["Machine"][-2:] == ["IBM", "z16"]


def test_at_80_columns_every_figure_and_unit_is_whole():
    result = evaluate_plan(load_plan(SAMPLE))
    shown = text(figures_table(result), width=76)
    assert "% of LPAR" in shown and "Average RNI" in shown and "…" not in shown
    assert f"{result.variants[1].total - result.variants[0].total:+.4f}" in shown


def test_a_measured_address_space_shows_what_was_measured_and_the_change_at_80_columns():
    result = evaluate_plan(load_plan(MEASURED))
    today, proposed = result.variants
    shown = text(figures_table(result), width=76)
    lines = shown.splitlines()
    at = next(i for i, line in enumerate(lines) if "Channel initiator (CHIN)" in line)
    assert lines[at].split()[-3:] == ["0.6200", f"{proposed.by_space['CHIN']:.4f}",
                                      f"{proposed.by_space['CHIN'] - 0.62:+.4f}"]
    assert lines[at + 1].split() == ["measured", "CPU", "s/s", "0.6200", "0.6200"]
    assert lines[at + 2].split() == ["+", "change", "by", "the", "calculators", "CPU", "s/s",
                                     "+0.0000", f"{proposed.change['CHIN']:+.4f}"]
    assert "…" not in shown and not any("measured" in line for line in lines
                                        if "Db2" in line or "TCP/IP" in line)
    parts = text(contributions_table(result), width=76)
    assert re.search(r"measured chin_cpu +CHIN +0\.6200 +0\.6200", parts)
    assert re.search(rf"Calculators' sum +{today.modelled_total:.4f} "
                     rf"+{proposed.modelled_total:.4f}", parts)


def test_bars_are_to_one_scale_the_largest_filling_the_room():
    result = evaluate_plan(load_plan(SAMPLE))
    lines = bars(result, 80).plain.splitlines()
    assert {len(line) for line in lines if line.startswith("  ")} == {80}
    largest = max(v.by_space[s] for v in result.variants for s in result.spaces)
    room = max(line.count("█") for line in lines)
    for line in lines[1:]:
        if line.startswith("  "):
            value = float(line.split()[-3])
            assert abs(line.count("█") - value / largest * room) <= 1, line
    assert sum(line.startswith("  ") for line in lines) == 2 * len(result.spaces)


def test_notes_name_their_calculators_and_variants():
    result = evaluate_plan(load_plan(SAMPLE))
    shown = notes_view(result).plain
    assert all(note.text in shown for note in result.notes)
    assert "ams (proposed): " in shown


def test_a_machine_input_changed_in_one_calculator_is_the_variants():
    edit = PlanEdit(calc.catalogue(), load_plan(SAMPLE))
    saved = edit.state()
    session = edit.sessions["proposed"]
    session.current = "ams"
    session.history.record({**session.fields("ams"), "processors": "16"})
    assert edit.changed_since(saved) == ["proposed: ams"]
    plan = edit.remake()
    today, proposed = plan.variants
    assert proposed.machine["processors"] == 16 and today.machine["processors"] == 8
    assert all(inputs["processors"] == 16 for inputs in proposed.calculators.values())
    assert session.fields("connect")["processors"] == "16"  # the fields follow
    assert edit.sessions["today"].fields("connect")["processors"] == "8"
    assert evaluate_plan(plan).variants[1].lpar_busy_pct < \
        evaluate_plan(load_plan(SAMPLE)).variants[1].lpar_busy_pct


def test_a_figure_the_spreads_move_shows_its_low_and_high():
    """Under the total, share and MSU: the proposed z16's low and high, the change's too,
    as ``mqcalc plan`` prints them; today, on the machine measured, low = high."""
    result = evaluate_plan(load_plan(SAMPLE))
    today, proposed = result.variants
    lines = text(figures_table(result), width=76).splitlines()
    at = next(index for index, line in enumerate(lines) if line.strip().startswith("Total"))
    low, high = lines[at + 1].split(), lines[at + 2].split()
    assert (low[0], high[0]) == ("low", "high")
    assert low[-3:] == [f"{today.total:.4f}", f"{proposed.ranges['total'][0]:.4f}",
                        f"{proposed.difference_ranges['total'][0]:+.4f}"]
    assert high[-2] == f"{proposed.ranges['total'][1]:.4f}"
