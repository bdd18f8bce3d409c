"""A sweep's low and high columns (``--ranges``, issue 44 part 1): each row's ends are the
engine's for that row's inputs."""
from __future__ import annotations

import csv
import io

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import calc
from calc.cli import main
from calc.core.errors import MqcalcError
from calc.core.model import NUMBER
from calc.engine import sweep_ranges
from tests.conftest import CALCULATORS
from tests.strategies import calculator_inputs


def _rows(capsys, *arguments: str) -> list[dict]:
    assert main(["sweep", *arguments]) == 0
    return list(csv.DictReader(io.StringIO(capsys.readouterr().out)))


def test_each_row_has_low_and_high_columns_last(capsys):
    """connect on its own z14 and on a z16: the z14 row's ends are its figures; the z16
    row's cpu_scale runs from 1 / (1.13 x 1.09), likely, to 1 / 1.13 (no z16 gain)."""
    z14, z16 = _rows(capsys, "connect", "--vary", "machine=z14,z16", "--ranges")
    names = [name for name, o in calc.calculator("connect").outputs.items()
             if o.value_type == NUMBER]
    assert list(z14)[-2 * len(names):] == ([f"low.{name}" for name in names]
                                           + [f"high.{name}" for name in names])
    assert z14["low.cpu_scale"] == z14["high.cpu_scale"] == z14["cpu_scale"] == "1"
    assert float(z16["low.cpu_scale"]) == pytest.approx(1 / (1.13 * 1.09), rel=1e-12)
    assert float(z16["high.cpu_scale"]) == pytest.approx(1 / 1.13, rel=1e-12)
    assert z16["low.cpu_scale"] == z16["cpu_scale"]
    plain = _rows(capsys, "connect", "--vary", "machine=z14,z16")
    assert not any(key.startswith("low.") for key in plain[0])


def test_a_ranged_workbook_past_its_cells_is_refused_in_one_line(tmp_path, capsys):
    """The sweep workbook's cell limit counts the range columns: ams at its 8 corners takes
    2,000 rows without them and is refused at the same rows with them."""
    out = tmp_path / "s.xlsx"
    vary = ["--vary", "key_reuse=1:2000:1"]
    assert main(["sweep", "ams", *vary, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["sweep", "ams", *vary, "--ranges", "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("mqcalc: ams: the sweep has 2,000 scenarios; a workbook takes at "
                            "most ") and "with --ranges" in error and error.count("\n") == 1


@pytest.mark.parametrize("calculator", [c for c in CALCULATORS if c.spreads], ids=lambda c: c.id)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_rows_ends_are_the_engines_ranges(calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    try:
        result = calc.run(calculator.id, inputs)
    except MqcalcError:
        assume(False)
    names, ends = sweep_ranges(calculator.id)
    found = ends(result.inputs, tuple(result.outputs.values()))
    assert found == tuple(result.low_high(name)[0] for name in names) + tuple(
        result.low_high(name)[1] for name in names)
