"""An input given as a range in a calculator workbook (issue 44): the input's row holds its
low and high beside its value, typed over like it, and every result's Low and High reach
the ends, live. Checked against the engine by the formula oracle (tests/xlsx_oracle.py),
LibreOffice and Gnumeric (every formula cell recalculated to the value the engine stored)."""
from __future__ import annotations

import math

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.names import RANGE_ENDS, STATUS, range_name
from calc.workbook import write_workbook
from calc.workbook.summary_block import ALL_CLEAR
from tests.compare import agrees, formula_disagreements, named_cell, ranged
from tests.conftest import CALCULATORS
from tests.gnumeric import recalculated
from tests.libreoffice import convert
from tests.xlsx_oracle import WorkbookOracle


def ranged_input(calculator):
    """The first numeric input the headline reads whose domain has room around its
    default, with a range about it: (id, low, high)."""
    headline = calculator.outputs[calculator.headline]
    for name in (*headline.inputs_read, *calculator.inputs):
        spec = calculator.inputs[name]
        if spec.type not in ("int", "number"):
            continue
        step = max(abs(spec.default) / 4, 1)
        low = max(spec.min, spec.default - step)
        high = spec.default + step if spec.max is None else min(spec.max, spec.default + step)
        if spec.type == "int":
            low, high = math.ceil(low), math.floor(high)
        if low < high:
            return name, low, high
    return None


RANGED = [(calculator, *found) for calculator in CALCULATORS
          if (found := ranged_input(calculator)) is not None]


def as_text(low, likely, high) -> str:
    return f"{low!r}..{likely!r}..{high!r}"


@pytest.fixture(scope="module")
def ranged_books(tmp_path_factory):
    """Each calculator's workbook with its input of :func:`ranged_input` given as a range."""
    folder = tmp_path_factory.mktemp("input-ranges")
    return {calculator.id: write_workbook(
        folder / f"{calculator.id}.xlsx", [calculator],
        {calculator.id: {name: as_text(low, calculator.inputs[name].default, high)}})
        for calculator, name, low, high in RANGED}


@pytest.fixture(scope="module")
def oracles(ranged_books):
    return {name: WorkbookOracle.of(openpyxl.load_workbook(path))
            for name, path in ranged_books.items()}


def test_every_calculator_with_a_numeric_input_is_checked():
    numeric = [c.id for c in CALCULATORS
               if any(spec.type in ("int", "number") for spec in c.inputs.values())]
    assert [c.id for c, *_ in RANGED] == numeric and len(numeric) >= 12


def test_connect_rate_as_a_range_reaches_the_ends_in_the_workbook(tmp_path):
    """The README's example: 800..1200 connects a second on a z16, 0.6170 (0.4936–0.8071)
    CPU s/s, stored and named; the input's row holds 800 and 1,200 beside 1,000."""
    path = write_workbook(tmp_path / "c.xlsx", [calc.calculator("connect")],
                          {"connect": {"connects_per_sec": "800..1200", "machine": "z16"}})
    sheet = openpyxl.load_workbook(path, data_only=True)["connect"]
    sheet.defined_names = openpyxl.load_workbook(path)["connect"].defined_names
    assert [named_cell(sheet, name).value for name in (
        "low.connects_per_sec", "connects_per_sec", "high.connects_per_sec")] == [800, 1000, 1200]
    figures = [named_cell(sheet, name).value for name in (
        "low.cpu_seconds_per_sec", "cpu_seconds_per_sec", "high.cpu_seconds_per_sec")]
    assert [round(figure, 4) for figure in figures] == [0.4936, 0.6170, 0.8071]


@pytest.mark.parametrize(("calculator", "name", "low", "high"), RANGED,
                         ids=[c.id for c, *_ in RANGED])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_ends_typed_over_give_the_engines_ranges(oracles, calculator, name, low, high, data):
    """The input's value, low and high typed over (drawn across its domain, in order or
    not, or the ends left empty): while they make a range the engine takes, every result's
    Low and High are the engine's for ``low..value..high`` (for the value alone with both
    ends empty); else the status names the input and every result is empty."""
    spec = calculator.inputs[name]
    top = spec.max if spec.max is not None else max(spec.default, 1) * 10
    number = st.integers(spec.min, int(top)) if spec.type == "int" else st.floats(
        spec.min, top, allow_nan=False)
    value = data.draw(number)
    ends = data.draw(st.one_of(st.tuples(number, number), st.just((None, None))))
    oracle = oracles[calculator.id]
    defaults = calculator.defaults()
    oracle.set_all(calculator.id, {name: value, **{range_name(end, name): figure
                                                   for end, figure in zip(RANGE_ENDS, ends)}})
    try:
        result = calc.run(calculator.id, {**defaults, name: as_text(ends[0], value, ends[1])
                                          if ends != (None, None) else value})
    except calc.MqcalcError:
        result = None
    if result is None:
        assert oracle.value(calculator.id, STATUS).startswith(f"{name} low and high expect")
        for output in calculator.outputs:
            assert oracle.value(calculator.id, output) in ("", None), output
        return
    assert oracle.value(calculator.id, STATUS) == ALL_CLEAR
    for output, expected in ranged(calculator, result).items():
        found = tuple(oracle.value(calculator.id, range_name(end, output)) for end in RANGE_ENDS)
        assert all(agrees(want, got, rel=1e-12) for want, got in zip(expected, found)), \
            (output, expected, found)


@pytest.mark.libreoffice
def test_libreoffice_recalculates_ranged_inputs_to_the_engine(ranged_books, tmp_path):
    paths = list(ranged_books.values())
    for path, again in zip(paths, convert(paths, tmp_path / "out", tmp_path, recalculate=True)):
        found, compared = formula_disagreements(path, again)
        assert found == [] and compared > 100, path.name


@pytest.mark.gnumeric
@pytest.mark.filterwarnings("ignore:Workbook contains no default style")
def test_gnumeric_recalculates_ranged_inputs_to_the_engine(ranged_books, tmp_path):
    for path in ranged_books.values():
        found, compared = formula_disagreements(path, recalculated(path, tmp_path))
        assert found == [] and compared > 100, path.name
