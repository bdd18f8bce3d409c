"""The terminal calculator at the sizes a planner's terminal has (80×24 to 160×45), driven
through Textual's Pilot: every figure readable with its unit and its title, the answer first,
at 80×24 the headline, 8 results and 4 inputs with their help on one screen, the keys that
make room (F3 list, F4 zoom, F8 explain), help and plots that fit, and a footer that keeps
still and shows whole keys."""
from __future__ import annotations

import pytest
from textual._compositor import Compositor
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import DataTable, Input, Label, Select, Static, Switch
from textual.widgets._footer import FooterKey

import calc
from calc.core.readable import ranged_text
from calc.inputs.plan import load_plan
from tests.conftest import CALCULATOR_IDS, CALCULATORS
from tests.inputs.test_plan import SAMPLE
from tests.tui.test_tui import app_on, figures_shown
from tui.app import create_app
from tui.calculator_screen import CalculatorScreen
from tui.plan_screen import PlanScreen
from tui.results_panel import fit_cell
from tui.screens import HelpScreen
from tui.widgets import SteadyFooter, field_id

SIZES = [(80, 24), (100, 30), (120, 40), (160, 45)]


def painted(widget) -> list[str]:
    """The lines ``widget`` paints, as text."""
    return [strip.text for strip in widget.render_lines(Region(0, 0, *widget.size))]


def inside(widget, outer) -> bool:
    """Whether ``widget`` lies wholly within ``outer``'s region on the screen."""
    region = widget.region
    return region.area > 0 and outer.region.intersection(region) == region


def rows_in_view(table: DataTable) -> dict[int, str]:
    """The rows of ``table`` painted now (index: the line that paints it): the header is the
    first line, and each row one line below it, counted from the top of the scroll."""
    top = round(table.scroll_y)
    return {top + line - 1: text for line, text in enumerate(painted(table)) if line
            and top + line - 1 < table.row_count}


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
async def test_every_value_and_unit_is_visible_without_scrolling_sideways(calculator):
    """At each size, one app resized from the smallest as a user resizes the terminal: each
    row of the results table, scrolled into view, paints its value and its unit within the
    table's width; the headline and key results are on screen. The table is scrolled a
    screenful of rows at a time, so every row is painted and read once at least."""
    figures = figures_shown(calculator, {})
    result = calc.run(calculator.id, {})
    app = app_on(calculator.id)
    async with app.run_test(size=SIZES[0]) as pilot:
        for size in SIZES:
            await pilot.resize_terminal(*size)
            table = app.query_one("#outputs", DataTable)
            table.move_cursor(row=0)
            await pilot.pause()
            checked: set[int] = set()
            while len(checked) < table.row_count:
                shown = rows_in_view(table)
                assert shown.keys() - checked, (size, "paging shows no new row", checked)
                for row, line in shown.items():
                    name = list(calculator.outputs)[row]
                    value, unit = fit_cell(figures[name].text), figures[name].unit
                    assert line.split()[:len((value + " " + unit).split())] == \
                        (value + " " + unit).split(), (size, name, line)
                    assert calculator.outputs[name].title in line, (size, name, line)
                checked |= shown.keys()
                table.scroll_to(y=min(set(range(table.row_count)) - checked, default=0),
                                animate=False)
                await pilot.pause()
            answer = app.query_one("#answer")
            assert inside(answer, app.screen), size
            shown = "\n".join(painted(answer))
            for name in (calculator.headline, *calculator.key_results):
                text = ranged_text(figures[name], calculator.outputs[name].unit,
                                   result.ranges.get(name))
                assert f"{text} {figures[name].unit}".strip() in shown, (size, name)
                assert calculator.outputs[name].title in shown, (size, name)


def on_screen(app, widget) -> bool:
    """Whether ``widget`` is shown whole: displayed, and within the screen and within the
    visible part of every scrolling container around it."""
    if not widget.display or not inside(widget, app.screen):
        return False
    return all(inside(widget, box) for box in widget.ancestors
               if isinstance(box, VerticalScroll) and box.region.area)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
async def test_at_80x24_the_answer_eight_results_and_four_inputs_with_help_show(calculator):
    """At 80×24, as the app starts: the headline and at least 8 results (all a calculator
    has, if fewer) with their whole titles beside their figures, in the answer or the table;
    at least 4 inputs (or all) with their title, field and a help line; the focused input's
    help whole, the others' on one line."""
    figures = figures_shown(calculator, {})
    app = app_on(calculator.id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = painted(app.query_one("#answer")) + painted(app.query_one("#outputs"))[1:]
        labelled = {name for name, output in calculator.outputs.items()
                    if any(output.title in line and figures[name].text in line
                           for line in lines)}
        assert calculator.headline in labelled
        assert len(labelled) >= min(8, len(calculator.outputs)), sorted(labelled)
        rows = [row for row in app.query(".input-row") if on_screen(app, row)]
        assert len(rows) >= min(4, len(calculator.inputs)), len(rows)
        focused = app.focused.parent.parent
        assert focused in rows
        for row in rows:
            help_line = row.query_one(".input-help" if row is focused else ".input-brief")
            assert on_screen(app, help_line), row.id
            spec = calculator.inputs[row.id.removeprefix("row-")]
            assert painted(row.query_one(".input-title"))[0].strip() == spec.title
            if row is not focused:
                assert help_line.region.height == 1
                assert painted(help_line)[0].strip().rstrip("…") in spec.help
        whole = focused.query_one(".input-help", Label)
        assert str(whole.content).startswith(calculator.inputs[focused.id.removeprefix(
            "row-")].help) and whole.region.height > 1  # and on screen, as checked above


async def test_f8_explains_the_highlighted_figure_on_the_whole_screen_at_80x24():
    """From an input field, F8 shows the explanation of the highlighted figure, formula
    included, under the results table, which takes the focus: Down explains the next
    figure; F8 puts the panes back, and Escape does too."""
    calculator = calc.calculator("connect")
    first, second = list(calculator.outputs.values())[:2]
    app = app_on("connect")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for close in ("f8", "escape"):
            await pilot.press("f8")
            await pilot.pause()
            explain = app.query_one("#explain")
            assert app.screen.maximized is app.query_one("#results")
            assert app.focused is app.query_one("#outputs", DataTable)
            text = "\n".join(painted(explain))
            assert on_screen(app, explain.parent) and first.title in text
            assert "Formula" in text and first.formula[:30] in text.replace("\n", " ")
            await pilot.press("down")
            await pilot.pause()
            assert second.title in "\n".join(painted(explain))
            await pilot.press(close)
            await pilot.pause()
            assert app.screen.maximized is None
            assert not app.query_one("#results").has_class("-explaining")
            app.query_one(f"#{field_id('sharecnv')}").focus()
            app.query_one("#outputs", DataTable).move_cursor(row=0)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
async def test_help_fits_the_screen_and_question_mark_opens_it(size):
    app = app_on("connect")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        field = app.focused
        before = field.value
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert inside(app.screen.query_one("#help-box"), app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert field.value == before and app.focused is field  # "?" was not typed in


async def test_f2_shows_the_plots_while_the_results_table_has_focus():
    app = app_on("adapters")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        app.query_one("#outputs", DataTable).focus()
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert app.query_one("#views").active == "tab-plots"
        assert app.focused is app.query_one("#chart-choice", Select)
        await pilot.press("f2")
        await pilot.pause()
        assert app.query_one("#views").active == "tab-results"
        assert app.focused is app.query_one("#outputs", DataTable)


@pytest.mark.parametrize(("size", "fits"), [((80, 24), False), ((100, 30), True),
                                            ((160, 45), True)])
async def test_plots_draw_where_there_is_room_and_say_so_where_not(size, fits):
    app = app_on("adapters")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#chart").display is fits
        assert app.query_one("#chart-small").display is not fits
        app.query_one("#chart-choice").focus()
        await pilot.press("f4")  # the results fill the screen: room for the chart
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#chart").display


async def test_after_switching_calculator_its_title_and_first_field_show():
    app = create_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        form = app.query_one("#inputs", VerticalScroll)
        app.calculator_screen.field_widget(list(app.calculator_screen.current.inputs)[-1]).focus()
        await pilot.pause()
        assert form.scroll_y > 0
        await pilot.press("ctrl+p")  # the list is hidden at this width
        await pilot.pause()
        await pilot.press(*"Calculator: notify")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert app.calculator_screen.current.id == "notify_delay" and form.scroll_y == 0
        assert inside(app.query_one("#calculator-title"), form)
        first = field_id(next(iter(app.calculator_screen.current.inputs)))
        assert app.focused.id == first and inside(app.focused, form)


def footer_keys(app) -> list[str]:
    return [key.key for key in app.screen.query(FooterKey)]


async def test_msu_without_a_rating_reads_not_given_and_its_explanation_says_why():
    """connect at its defaults has CPU and no MSU rating: the MSU row reads "not given" with
    no unit (not "0.0 MSU"), and its explanation gives the formula's 0 as what it is; a
    rating typed in gives the figure."""
    app = app_on("connect")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one("#outputs", DataTable)
        assert (str(table.get_cell("msu", "value")).strip(),
                str(table.get_cell("msu", "unit"))) == ("not given", "")
        table.move_cursor(row=list(app.calculator_screen.current.outputs).index("msu"))
        await pilot.press("f8")
        await pilot.pause()
        assert "MSU consumed = not given (the formula gives 0.0 MSU;" in " ".join(
            painted(app.query_one("#explain")))
        await pilot.press("f8")
        app.query_one(f"#{field_id('msu_per_cp')}", Input).value = "120"
        await pilot.pause()
        assert (str(table.get_cell("msu", "value")).strip(),
                str(table.get_cell("msu", "unit"))) == ("9.1", "MSU")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
async def test_the_footer_shows_whole_keys_and_the_palette_at_the_right_end(size):
    """Every key the footer shows has its whole label before the palette's key, which ends
    at the right edge (Textual's compact footer cut the last key shown and left a letter of
    a key beneath at the last column: "^r Rese▏^p paletteo"). F8 is among them."""
    app = app_on("connect")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        keys = [key for key in app.screen.query(FooterKey) if key.display]
        palette = [key for key in keys if key.has_class("-command-palette")]
        assert len(palette) == 1 and palette[0].region.right == size[0]
        shown = [key for key in keys if key not in palette]
        assert {"f1", "f5", "f8", "ctrl+s", "ctrl+q"} <= {key.key for key in shown}
        for key in shown:
            assert key.region.right <= palette[0].region.x, key.key
            assert painted(key)[0].strip() == f"{key.key_display} {key.description}"


async def test_the_footer_keeps_its_order_as_the_focus_moves():
    app = app_on("connect")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        orders = []
        for target in (field_id("sharecnv"), field_id("listener"), field_id("tls"), "outputs"):
            app.query_one(f"#{target}").focus()
            await pilot.pause()
            orders.append([key for key in footer_keys(app) if key != "c"])
        assert all(order == orders[0] for order in orders[1:]), orders


async def test_the_footer_is_rebuilt_only_when_its_keys_change():
    """Moving from a number field to another, to a choice or to a switch shows the same
    keys: the footer is kept (Textual would rebuild it, and lay out the whole screen, each
    time), though each kind of field has hidden keys of its own. Focus on the results table
    adds its copy key, and leaving it takes the key away."""
    app = app_on("connect")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(SteadyFooter)
        first = footer.query(FooterKey).first()
        for field in ("connects_per_sec", "listener", "tls"):
            app.query_one(f"#{field_id(field)}").focus()
            await pilot.pause()
            assert footer.query(FooterKey).first() is first, field
        app.query_one("#outputs").focus()
        await pilot.pause()
        assert "c" in footer_keys(app) and footer.query(FooterKey).first() is not first
        app.query_one(f"#{field_id('sharecnv')}").focus()
        await pilot.pause()
        assert "c" not in footer_keys(app)


@pytest.mark.parametrize("plan", [False, True])
async def test_moving_the_focus_never_repaints_the_whole_screen(monkeypatch, plan):
    """Tab and Shift+Tab, on the calculators and on the plan, repaint what changes as the
    focus moves, never the whole screen: Textual's screen repaints itself whole at each
    move (a Tab at 170x60 cost 123 ms of CPU so, 81 without). The focus does move."""
    whole = []
    full_update = Compositor.render_full_update
    monkeypatch.setattr(Compositor, "render_full_update",
                        lambda compositor, **options: whole.append(1) or full_update(
                            compositor, **options))
    app = create_app(plan=(SAMPLE, load_plan(SAMPLE))) if plan else app_on("connect")
    async with app.run_test(size=(170, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen if plan else CalculatorScreen)
        quiet = 0
        for _ in range(100):  # the start's own repaints over first: on a busy machine the
            whole.clear()  # calculators under the plan were seen still settling
            await pilot.pause(0.1)
            quiet = 0 if whole else quiet + 1
            if quiet == 2:
                break
        assert quiet == 2, "the screen kept repainting itself whole at rest"
        whole.clear()
        focused = [app.focused]
        for key in ("tab", "tab", "shift+tab", "tab", "tab"):
            await pilot.press(key)
            await pilot.pause()
            focused.append(app.focused)
        assert whole == []
        assert None not in focused and len(set(focused)) >= 2, focused


@pytest.mark.parametrize(("width", "listed"), [(160, True), (100, False), (80, False)])
async def test_f3_hides_and_shows_the_calculator_list(width, listed):
    app = app_on("connect")
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        calculators = app.query_one("#calculators")
        assert calculators.display is listed
        await pilot.press("f3")
        await pilot.pause()
        assert calculators.display is not listed
        if not listed:  # shown over the form, the results keep their width
            assert app.query_one("#outputs").region.right <= width
            assert inside(app.query_one("#answer"), app.screen)
        calculators.focus()
        await pilot.press("f3")
        await pilot.pause()
        assert calculators.display is listed
        assert app.focused is not None and app.focused.display


async def test_the_list_shown_by_f3_takes_the_focus_and_over_the_form_goes_once_used():
    """At 80 columns F3 brings the list over the form with the focus in it, so Down and
    Enter pick a calculator; the list then goes, and the focus is in the new form."""
    app = app_on("adapters")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        calculators = app.query_one("#calculators")
        await pilot.press("f3")
        await pilot.pause()
        assert app.focused is calculators
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.calculator_screen.session.current == CALCULATOR_IDS[
            CALCULATOR_IDS.index("adapters") + 2]
        assert not calculators.display
        assert app.focused is not None and app.focused.display and app.focused is not calculators


async def test_f4_maximizes_the_focused_panel_and_puts_it_back():
    app = app_on("connect")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.maximized is app.query_one("#inputs")
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.maximized is None
        app.query_one("#outputs").focus()
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.maximized is app.query_one("#results")
        assert app.query_one("#explain-box").display  # shown again with the room
        assert app.query_one("#outputs").region.height >= 6
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.maximized is None


async def test_choices_show_their_labels_and_switches_say_on_or_off():
    app = app_on("connect")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        listener = app.calculator_screen.current.inputs["listener"]
        shown = app.query_one(f"#{field_id('listener')} #label", Static)
        assert str(shown.content) == listener.label(listener.default) != listener.default
        state = app.query_one("#unit-tls", Label)
        switch = app.query_one(f"#{field_id('tls')}", Switch)
        before = switch.value
        assert str(state.content) == ("on" if before else "off")
        switch.focus()
        await pilot.press("space")
        await pilot.pause()
        assert switch.value is not before
        assert str(state.content) == ("off" if before else "on")


async def test_inputs_the_choices_leave_unused_are_shown_as_not_applying():
    """adapters: the two adapter times apply only to times from your own report; with the
    source's example chosen they are greyed and say when they apply, and back again."""
    app = app_on("adapters")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        rows = [app.query_one(f"#row-{name}") for name in ("adapter_elapsed_us",
                                                           "adapter_cpu_us")]
        assert not any(row.has_class("-idle") for row in rows)
        assert not rows[0].query_one(".input-idle").display
        app.query_one(f"#{field_id('adapter_times')}", Select).value = "privacy"
        await pilot.pause()
        assert all(row.has_class("-idle") for row in rows)
        assert rows[0].query_one(".input-idle").display
        assert "adapter_times == 'report'" in str(rows[0].query_one(".input-idle", Label).content)
        assert not app.query_one("#row-chiadaps").has_class("-idle")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not any(row.has_class("-idle") for row in rows)
