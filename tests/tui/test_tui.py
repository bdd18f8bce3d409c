"""The terminal calculator driven through Textual's Pilot: what it shows is the engine's."""
from __future__ import annotations

import gc
import io

import openpyxl
import pytest
from rich.console import Console
from textual.geometry import Region
from textual.widgets import DataTable, Input, Select, Static, Switch

import calc
from calc.core.readable import shown_figures
from calc.engine.charts import axis_titles
from calc.engine.evidence import letters
from calc.inputs.scenario import Scenario, load_scenario
from calc.inputs.workbook.importer import read_workbook
from tests.compare import agrees, named_cell
from tests.conftest import CALCULATORS
from tests.input_cells import cell_values
from tests.strategies import broken_checks, edges
from tui.app import create_app
from tui.results_panel import VALUE_WIDTH, fit_cell
from tui.screens import HelpScreen, PathScreen
from tui.session import field_value
from tui.widgets import field_id

SIZE = (170, 60)


def plain(widget: Static, width: int = 120) -> str:
    """What a Static shows, as plain text."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(widget.content)
    return console.file.getvalue()


def current(app):
    """The calculator the calculator screen shows."""
    return app.calculator_screen.current


def shown_outputs(app) -> dict[str, str]:
    table = app.query_one("#outputs", DataTable)
    return {name: str(table.get_cell(name, "value")) for name in current(app).outputs}


def figures_shown(calculator, inputs: dict) -> dict:
    """The engine's figures for ``inputs`` as a person is shown them (those it cannot know
    as not given)."""
    result = calc.run(calculator.id, inputs)
    return shown_figures(calculator, result.outputs, result.unknown)


def expected_outputs(calculator, inputs: dict) -> dict[str, str]:
    """What the value column should hold: the engine's figures, made readable and fitted."""
    return {name: fit_cell(figure.text)
            for name, figure in figures_shown(calculator, inputs).items()}


def app_on(calculator_id: str, folder=None):
    """The app started on ``calculator_id`` at its defaults, as ``mqcalc --scenario FILE``
    starts on the file's calculator. Quicker than starting on the first calculator and
    picking another from the list (Textual lays out every field twice); the tests of
    switching pick from the list."""
    scenario = Scenario({calculator_id: calc.validate(calculator_id, {})}, calculator_id)
    return create_app(scenario, folder=folder)


async def open_calculator(app, pilot, calculator_id: str) -> None:
    """Pick a calculator from the list, as a user would with the mouse: scrolled to it
    first, where the list is longer than the screen."""
    await pilot.pause()
    app.query_one("#calculators").scroll_to_widget(app.query_one(f"#calc-{calculator_id}"),
                                                   animate=False, immediate=True)
    await pilot.pause()
    await pilot.click(f"#calc-{calculator_id}")
    await pilot.pause()
    assert current(app).id == calculator_id


async def press_each(pilot, *keys: str) -> None:
    """Press each of ``keys``, the app settling after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def into_file_prompt(app, pilot, key: str, path) -> None:
    """Press ``key`` (save, open, export or import), type ``path`` into the prompt and press
    Enter."""
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, PathScreen)
    app.screen.query_one("#path", Input).value = str(path)
    await pilot.press("enter")
    await pilot.pause()


async def through_file_prompt(app, pilot, key: str, path) -> None:
    """:func:`into_file_prompt`, then wait for any reading it started in a thread (an SMF
    import's)."""
    await into_file_prompt(app, pilot, key, path)
    await app.workers.wait_for_complete()
    await pilot.pause()


def set_field(app, spec, value) -> None:
    app.query_one(f"#{field_id(spec.id)}").value = field_value(spec, value)


async def test_opens_on_the_first_calculator_ready_to_type_into():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = CALCULATORS[0]
        assert current(app).id == first.id
        assert shown_outputs(app) == expected_outputs(first, {})
        assert app.focused.id == field_id(next(iter(first.inputs)))
        for calculator in CALCULATORS:
            assert app.query_one(f"#calc-{calculator.id}")


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
async def test_every_input_of_every_calculator_recomputes_through_the_engine(calculator):
    """Each input in turn moved to a domain edge other than its default (keeping the rules
    between inputs), then back: the table shows the engine's outputs each time."""
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, calculator.id)
        changed = 0
        for spec in calculator.inputs.values():
            value = next((edge for edge in edges(spec) if edge != spec.default
                          and not broken_checks(calculator, {spec.id: edge})), None)
            if value is None:
                continue
            set_field(app, spec, value)
            await pilot.pause()
            assert app.calculator_screen.problem == ""
            assert shown_outputs(app) == expected_outputs(calculator, {spec.id: value}), spec.id
            set_field(app, spec, spec.default)
            await pilot.pause()
            changed += 1
        assert changed >= len(calculator.inputs) - 1
        assert shown_outputs(app) == expected_outputs(calculator, {})


async def test_long_text_results_are_shown_in_full_under_the_table():
    app = app_on("zhyperwrite")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('hyperswap')}", Switch).value = False
        await pilot.pause()
        missing = calc.evaluate("zhyperwrite", {"hyperswap": False})["missing"]
        assert len(missing) > VALUE_WIDTH
        assert shown_outputs(app)["missing"] == missing[:VALUE_WIDTH - 1] + "…"
        shown = plain(app.query_one("#long-values", Static), 400)
        assert " ".join(missing.split()) in " ".join(shown.split())


async def test_typing_a_value_recomputes_through_the_engine():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.query_one(f"#{field_id('sharecnv')}", Input)
        assert app.focused is field
        await pilot.press("end", "backspace", "1")
        await pilot.pause()
        assert field.value == "1"
        assert shown_outputs(app)["connect_cpu_us"] == "840.0"  # 590 + 380 - 130, in the decimals
        # of the other CPU µs figures
        assert shown_outputs(app) == expected_outputs(current(app), {"sharecnv": 1})


async def test_the_painted_table_follows_each_change():
    """The table as painted, not only its cells, shows the engine's figures after each
    change, on the highlighted row too: it renders again only the rows that changed, which
    leans on how DataTable caches its rendering (tui.widgets.ResultsTable.show_value)."""
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.query_one("#outputs", DataTable)
        outputs = current(app).outputs
        for processors, highlighted in ((5, 0), (6, 0), (7, 0), (8, 3), (9, 3), (2, 1)):
            table.move_cursor(row=highlighted)
            set_field(app, current(app).inputs["processors"], processors)
            await pilot.pause()
            painted = [strip.text for strip in table.render_lines(Region(0, 0, *table.size))]
            expected = expected_outputs(current(app), {"processors": processors})
            units = {name: figure.unit for name, figure in figures_shown(
                current(app), {"processors": processors}).items()}
            marks = calc.run(current(app).id, {"processors": processors},
                             app.calculator_screen.session.given()).evidence
            for line, (name, output) in zip(painted[1:], outputs.items()):
                assert line.split() == [*expected[name].split(), *units[name].split(),
                                        *filter(None, [letters(marks[name])]),
                                        *output.title.split()], name


async def test_switches_and_selects_recompute_and_notes_show():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "0"
        app.query_one(f"#{field_id('tls')}", Switch).value = True
        app.query_one(f"#{field_id('suppress_x511_x512')}", Switch).value = True
        app.query_one(f"#{field_id('listener')}", Select).value = "local"
        await pilot.pause()
        assert shown_outputs(app)["connect_cpu_us"] == "760.0"
        app.query_one(f"#{field_id('listener')}", Select).value = "shared"
        await pilot.pause()
        inputs = {"sharecnv": 0, "tls": True, "suppress_x511_x512": True, "listener": "shared"}
        assert shown_outputs(app) == expected_outputs(current(app), inputs)
        notes = plain(app.query_one("#notes", Static))
        for note in calc.run("connect", inputs).notes:
            assert note.split()[0] in notes
        assert "Db2" in notes


@pytest.mark.parametrize("bad", ["abc", "1.5", "-1", "1000", "", "0x10", "nan"])
async def test_invalid_input_is_marked_and_outputs_hold(bad):
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.query_one(f"#{field_id('sharecnv')}", Input)
        field.value = "0"
        await pilot.pause()
        before = shown_outputs(app)
        field.value = bad
        await pilot.pause()
        assert shown_outputs(app) == before
        assert "sharecnv" in app.calculator_screen.problem
        assert "sharecnv" in plain(app.query_one("#problem", Static))
        assert field.has_class("-invalid") and field.has_class("-refused")
        field.value = "1"
        await pilot.pause()
        assert app.calculator_screen.problem == ""
        assert shown_outputs(app)["connect_cpu_us"] == "840.0"
        assert not field.has_class("-refused")


async def test_a_broken_rule_between_inputs_holds_the_outputs_and_marks_the_field():
    app = app_on("notify_delay")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = shown_outputs(app)
        successful = app.query_one(f"#{field_id('gets_successful')}", Input)
        successful.value = "5000"
        await pilot.pause()
        problem = app.calculator_screen.problem
        assert "gets_successful" in problem and "no more than gets_attempted" in problem
        assert shown_outputs(app) == before
        assert successful.has_class("-refused") and not successful.has_class("-invalid")
        app.query_one(f"#{field_id('gets_attempted')}", Input).value = "10000"
        await pilot.pause()
        assert app.calculator_screen.problem == "" and not successful.has_class("-refused")
        assert shown_outputs(app) == expected_outputs(
            current(app), {"gets_successful": 5000, "gets_attempted": 10000})


async def test_reset_undo_and_redo():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end", "backspace", "1")   # sharecnv 0 -> 1: one step
        app.query_one(f"#{field_id('tls')}", Switch).value = False
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.query_one(f"#{field_id('tls')}", Switch).value is True
        assert shown_outputs(app) == expected_outputs(current(app), {})
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert shown_outputs(app) == expected_outputs(current(app), {"sharecnv": 1, "tls": False})
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert shown_outputs(app) == expected_outputs(current(app), {"sharecnv": 1})
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.query_one(f"#{field_id('sharecnv')}", Input).value == "0"
        await pilot.press("ctrl+y", "ctrl+y")
        await pilot.pause()
        assert shown_outputs(app) == expected_outputs(current(app), {"sharecnv": 1, "tls": False})


async def test_each_calculator_keeps_its_inputs_when_switching():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "1"
        await pilot.pause()
        await open_calculator(app, pilot, "adapters")
        await open_calculator(app, pilot, "connect")
        assert app.query_one(f"#{field_id('sharecnv')}", Input).value == "1"
        assert shown_outputs(app)["connect_cpu_us"] == "840.0"


async def test_explain_follows_the_highlighted_result():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "1"
        await pilot.pause()
        table = app.query_one("#outputs", DataTable)
        table.move_cursor(row=list(current(app).outputs).index("connect_cpu_us"))
        await pilot.pause()
        shown = plain(app.query_one("#explain", Static))
        output = current(app).outputs["connect_cpu_us"]
        assert f"{output.title} = 840 CPU µs" in shown
        assert output.formula in shown
        assert "tls_addition_cpu_us" in shown and "380 CPU µs" in shown
        assert "001_88807c0b1590429f.txt" in shown
        table.move_cursor(row=list(current(app).outputs).index("basic_connect_cpu_us"))
        await pilot.pause()
        shown = plain(app.query_one("#explain", Static))
        assert "basic_cpu_us[sharecnv_column, listener]" in shown and "590 CPU µs" in shown


async def test_copy_result_puts_title_value_and_unit_on_the_clipboard():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.query_one("#outputs", DataTable)
        table.focus()
        table.move_cursor(row=list(current(app).outputs).index("connect_cpu_us"))
        await pilot.press("c")
        await pilot.pause()
        assert app.clipboard == "Cost per connect: 760 CPU µs"


async def test_save_then_open_a_scenario_round_trips(tmp_path):
    path = tmp_path / "plan.yaml"
    app = create_app(folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_calculator(app, pilot, "connect")
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "1"
        await pilot.pause()
        await open_calculator(app, pilot, "adapters")
        app.query_one(f"#{field_id('processors')}", Input).value = "16"
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+s", path)
        saved = load_scenario(path)
        assert saved == Scenario({"adapters": calc.validate("adapters", {"processors": 16}),
                                  "connect": calc.validate("connect", {"sharecnv": 1})},
                                 "adapters")
    fresh = create_app(folder=tmp_path)
    async with fresh.run_test(size=SIZE) as pilot:
        await open_calculator(fresh, pilot, "dse_support")
        await through_file_prompt(fresh, pilot, "ctrl+o", path)
        assert current(fresh).id == "adapters"
        assert shown_outputs(fresh) == expected_outputs(current(fresh), {"processors": 16})
        await open_calculator(fresh, pilot, "connect")
        assert shown_outputs(fresh)["connect_cpu_us"] == "840.0"


async def test_a_scenario_given_at_start_is_shown():
    scenario = Scenario({"connect": calc.validate("connect", {"sharecnv": 1,
                                                              "suppress_x511_x512": False})},
                        "connect")
    app = create_app(scenario)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert current(app).id == "connect"
        assert shown_outputs(app)["connect_cpu_us"] == "970.0"


async def test_saving_with_a_field_not_valid_yet_is_refused_and_says_why(tmp_path):
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "x"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, PathScreen)
        assert any("Not saved" in n.message and "sharecnv" in n.message
                   for n in app._notifications)
        assert list(tmp_path.iterdir()) == []


async def test_export_writes_a_workbook_whose_stored_results_are_the_screens(tmp_path):
    path = tmp_path / "mine.xlsx"
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('sharecnv')}", Input).value = "1"
        app.query_one(f"#{field_id('tls')}", Switch).value = False
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+e", path)
        shown = shown_outputs(app)
    sheet = openpyxl.load_workbook(path, data_only=True)["connect"]
    result = calc.run("connect", {"sharecnv": 1, "tls": False})
    for name, value in cell_values(calc.calculator("connect"), result.inputs).items():
        assert named_cell(sheet, name).value == value, name
    for name, value in result.outputs.items():
        assert agrees(value, named_cell(sheet, name).value, rel=1e-15), name
    assert named_cell(sheet, "connect_cpu_us").value == 460 and shown["connect_cpu_us"] == "460.0"


async def test_export_asks_before_replacing_a_file(tmp_path):
    path = tmp_path / "mine.xlsx"
    path.write_text("keep me")
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+e", path)
        assert isinstance(app.screen, PathScreen) and path.read_text() == "keep me"
        assert "exists" in plain(app.screen.query_one("#path-problem", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PathScreen)
    assert openpyxl.load_workbook(path)["connect"]


async def test_f1_shows_help_for_the_focused_field_and_closes():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        spec = current(app).inputs["sharecnv"]
        assert spec.accepts() in app.screen.field_help
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_up_and_down_move_between_fields():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = list(current(app).inputs)
        assert app.focused.id == field_id(names[0])
        await pilot.press("down")
        assert app.focused.id == field_id(names[1])
        await pilot.press("tab")
        assert app.focused.id == field_id(names[2])


async def test_the_command_palette_switches_calculator():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Calculator: notify")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert current(app).id == "notify_delay"


def drawn_lines(plt) -> dict[str, tuple[list, list]]:
    """The labelled lines plotext holds: label -> (xs, ys)."""
    monitor = plt.monitor
    return {label: (list(x), list(y)) for x, y, label in zip(monitor.x, monitor.y, monitor.label)
            if label}


def drawn_bar_heights(plt) -> list[float]:
    """The lengths of the bars plotext holds (each bar is a closed five-point outline; bars
    on their side, labelled down the y axis, run along x)."""
    along = plt.monitor.x if plt.monitor.ylabels[0] else plt.monitor.y
    return [max(points) for points in along if len(points) == 5]


@pytest.mark.parametrize("calculator", [c for c in CALCULATORS if c.charts],
                         ids=lambda c: c.id)
async def test_plots_draw_the_engines_series(calculator):
    """Every chart of the calculator, drawn for the defaults: the lines hold the engine's
    points (refused points left out), the bars the engine's heights; a table chart's are the
    table's figures."""
    app = app_on(calculator.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        view = app.query_one("#charts")
        for chart in calculator.charts.values():
            view.query_one("#chart-choice", Select).value = chart.id
            await pilot.pause()
            assert " ".join(chart.help.split()) in " ".join(
                plain(view.query_one("#chart-help", Static), 400).split())
            plt = view.query_one("#chart").plt
            series = calc.chart_series(calculator.id, chart.id, {})
            _, titles = axis_titles(calculator, chart)
            if chart.kind == "bar":
                expected = [value or 0 for name in chart.y for value in series.y[name]]
                assert sorted(drawn_bar_heights(plt)) == pytest.approx(sorted(expected))
                continue
            lines = drawn_lines(plt)
            for name, title in zip(chart.y, titles):
                points = [(x, y) for x, y in zip(series.x, series.y[name]) if y is not None]
                assert lines[title] == ([x for x, _ in points], [y for _, y in points]), title


async def test_plots_draw_a_table_as_published():
    """A table chart in the terminal: the measured rates along the table's rows, today's
    CHIDISPS marked, the axes named after the table's key and the chart's unit. A single
    series of long row names lies on its side, each bar beside its row, top down in the
    table's order, and marks nothing when the chart names no input."""
    app = app_on("adapters")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        set_field(app, current(app).inputs["chidisps"], 5)
        await pilot.press("f2")
        await pilot.pause()
        view = app.query_one("#charts")
        view.query_one("#chart-choice", Select).value = "measured_rate_by_dispatchers"
        await pilot.pause()
        monitor = view.query_one("#chart").plt.monitor
        assert drawn_lines(view.query_one("#chart").plt) == {"Measured transactions per second": (
            [1, 2, 3, 4, 5, 6, 8, 10],
            [12839, 14639, 14721, 14362, 14095, 14387, 13913, 13623])}
        assert monitor.vcoord[0] == [5]
        assert (monitor.xlabel[0], monitor.ylabel[0]) == ("dispatchers", "tx/s")

        await open_calculator(app, pilot, "notify_delay")
        view.query_one("#chart-choice", Select).value = "measured_share_by_test"
        await pilot.pause()
        monitor = view.query_one("#chart").plt.monitor
        series = calc.chart_series("notify_delay", "measured_share_by_test", {})
        row_named = dict(zip(monitor.yticks[0], monitor.ylabels[0]))
        assert [row_named[row] for row in sorted(row_named, reverse=True)] == list(series.x)
        beside = {row_named[round(sum(y[:4]) / 4)]: max(x)
                  for x, y in zip(monitor.x, monitor.y) if len(x) == 5}
        assert beside == dict(zip(series.x, series.y["share_pct"]))
        assert (monitor.xlabel[0], monitor.ylabel[0]) == ("% of messages", "observation")
        assert monitor.vcoord[0] == []


@pytest.mark.parametrize(("width", "listed", "summaries"),
                         [(170, True, True), (140, True, False), (120, False, False)])
async def test_narrower_terminals_give_the_room_to_the_results(width, listed, summaries):
    app = create_app()
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.pause()
        assert app.query_one("#calculators").display is listed
        if listed:
            assert app.query_one(".calc-summary").display is summaries
        table = app.query_one("#outputs", DataTable)
        assert table.region.right <= width
        assert table.size.width >= sum(column.get_render_width(table)
                                       for column in table.columns.values())


HOSTILE = ["", "1e309", "nan", "=1+1", "0x10", "٣", "9" * 400, "9" * 5000]
"""Text a number field must survive: empty, overflow, NaN, a formula, hex, a non-ASCII digit,
a huge number and one too long for int() (tests/engine/test_hostile.py tries many more through the
CLI and the API, against the same gate)."""


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
async def test_hostile_text_in_any_number_field_never_breaks_the_app(calculator):
    """Whatever is typed into a number field, the table shows the engine's figures for the last inputs it
    accepted, or the new ones when the engine accepts them; the app keeps running."""
    app = app_on(calculator.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        numeric = [spec for spec in calculator.inputs.values() if spec.type in ("int", "number")]
        for spec in numeric[:2]:  # every field goes through the same gate; two per calculator
            for text in HOSTILE:
                app.query_one(f"#{field_id(spec.id)}", Input).value = text
                await pilot.pause()
                try:
                    expected = expected_outputs(calculator, {spec.id: text})
                except calc.MqcalcError:
                    expected = expected_outputs(calculator, {})
                    assert spec.id in app.calculator_screen.problem
                    shown = plain(app.query_one("#problem", Static))
                    assert shown.startswith("Held at last good values") and spec.id in shown
                assert shown_outputs(app) == expected, (spec.id, text)
            set_field(app, spec, spec.default)
            await pilot.pause()
        assert app.is_running


async def test_leaving_a_field_ends_its_undo_step():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.query_one(f"#{field_id('sharecnv')}", Input)
        await pilot.press("end", "backspace", "1", "5")     # 0 -> 15: one step
        await pilot.press("tab", "shift+tab")                # away and back
        assert app.focused is field
        await pilot.press("end", "backspace", "7")           # 15 -> 17: another step
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert field.value == "15"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert field.value == "0"


TYPED = ["=1+1", "@SUM(A1)", "1e309", "nan", "\u0663", "-1", "0x10", "1_000", "9" * 60, " "]
"""Hostile text typed key by key into a number field."""


def last_accepted(calculator, name: str, text: str, held: dict) -> dict:
    """The inputs shown after typing ``text`` key by key into the field of ``name``: the
    longest start of it the engine accepts, or ``held`` when it accepts none."""
    for end in range(len(text), 0, -1):
        try:
            calc.validate(calculator.id, {name: text[:end]})
        except calc.MqcalcError:
            continue
        return {name: text[:end]}
    return held


async def test_hostile_text_typed_key_by_key_is_refused_inline():
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.query_one(f"#{field_id('sharecnv')}", Input)
        held = {}
        for text in TYPED:
            field.value = ""
            field.focus()
            await pilot.press(*text)
            await pilot.pause()
            assert field.value == text
            shown = plain(app.query_one("#problem", Static))
            assert shown.startswith("Held at last good values") and "sharecnv" in shown, text
            assert field.has_class("-refused"), text
            held = last_accepted(current(app), "sharecnv", text, held)
            assert shown_outputs(app) == expected_outputs(current(app), held), text
        assert app.is_running


@pytest.mark.parametrize(("size", "column"), [((100, 30), True), ((80, 24), False)])
async def test_a_range_typed_into_a_field_shows_low_and_high(size, column):
    """800..1200 connects a second (issue 44, part 1): the answer shows the likely figure
    with its range, 0.7600 (0.6080–0.9120); the results table has a Low–high column where
    it fits beside the titles, and at 80 columns leaves the titles their room; the
    explanation says what moves the figure."""
    app = app_on("connect")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('connects_per_sec')}", Input).value = "800..1200"
        await pilot.pause()
        assert app.calculator_screen.problem == ""
        assert "0.7600 (0.6080–0.9120)" in plain(app.query_one("#answer", Static), size[0])
        table = app.query_one("#outputs", DataTable)
        assert ("range" in [key.value for key in table.columns]) is column
        if column:
            assert str(table.get_cell("cpu_seconds_per_sec", "range")) == "0.6080–0.9120"
            assert str(table.get_cell("connect_cpu_us", "range")) == ""
        table.move_cursor(row=list(current(app).outputs).index("cpu_seconds_per_sec"))
        await pilot.pause()
        explained = " ".join(plain(app.query_one("#explain", Static), 200).split())
        assert "Low–high 0.6080–0.9120 CPU s/s" in explained
        assert "Connect rate 800–1,200 connects/s (given)" in explained


async def test_a_range_in_a_field_is_saved_and_opened_again_as_a_range(tmp_path):
    """Saved, the field's 800..1200 is written as it was typed (the file keeps the likely
    value's inputs beside it); opened, the field holds it again and the answer shows the
    range. Exported, the workbook holds 800 and 1,200 beside the likely 1,000, and the
    results' ranges reach them (read back by eval --from-workbook as the range)."""
    path = tmp_path / "ranged.yaml"
    app = app_on("connect", folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.query_one(f"#{field_id('connects_per_sec')}", Input).value = "800..1200"
        await pilot.pause()
        await through_file_prompt(app, pilot, "ctrl+s", path)
        saved = load_scenario(path)
        assert saved.ranges == {"connect": {"connects_per_sec": "800..1200"}}
        assert saved.inputs["connect"]["connects_per_sec"] == 1000
        assert "connects_per_sec: 800..1200" in path.read_text(encoding="utf-8")
        exported = tmp_path / "ranged.xlsx"
        await through_file_prompt(app, pilot, "ctrl+e", exported)
        [sheet] = read_workbook(exported)
        assert sheet.inputs["connects_per_sec"] == "800..1000..1200"
    fresh = create_app(folder=tmp_path)
    async with fresh.run_test(size=SIZE) as pilot:
        await through_file_prompt(fresh, pilot, "ctrl+o", path)
        assert fresh.query_one(f"#{field_id('connects_per_sec')}", Input).value == "800..1200"
        assert "0.7600 (0.6080–0.9120)" in plain(fresh.query_one("#answer", Static), SIZE[0])


def test_the_terminal_calculators_process_looks_at_its_newest_objects_less_often(monkeypatch):
    """``mqcalc`` (run_app) runs the app with the garbage collector's first threshold at
    NEWEST_COLLECTED_EVERY, the two older ones as they were."""
    from tui import app as app_module

    seen, before = [], gc.get_threshold()

    class Started:
        def run(self) -> None:
            seen.append(gc.get_threshold())

    monkeypatch.setattr(app_module, "create_app", lambda *arguments, **named: Started())
    try:
        app_module.run_app()
    finally:
        gc.set_threshold(*before)
    assert seen == [(app_module.NEWEST_COLLECTED_EVERY, *before[1:])]


async def test_a_headless_app_freezes_nothing():
    """Under Pilot, as in these tests, app after app in one process, nothing is frozen out
    of the collector's sight (the terminal's own run freezes what its start built): frozen
    and then unfrozen, each app's objects joined the oldest generation uncounted, no full
    collection came, and the dead apps piled up by the gigabyte."""
    app = app_on("connect")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.get_freeze_count() == 0
