"""Plan files written back (:func:`calc.inputs.plan.save_plan`, for the terminal calculator's Plan
view): what is written reads back to the same plan, ``like:`` kept where it holds."""
from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from calc.core.errors import MqcalcError
from calc.inputs.plan import load_plan, remake_plan, save_plan
from tests.inputs.test_plan import SAMPLE, plans


def as_edited(variant):
    """A variant as remake_plan takes it, numbers as the text a field holds."""
    def text(value):
        return value if isinstance(value, (bool, str)) else str(value)
    return (variant.name, variant.like, {k: text(v) for k, v in variant.machine.items()},
            {c: {k: text(v) for k, v in inputs.items()}
             for c, inputs in variant.calculators.items()}, variant.own_measured)


def test_the_sample_saved_reads_back_the_same_with_only_the_changes_under_like(tmp_path):
    plan = load_plan(SAMPLE)
    path = save_plan(tmp_path / "plan.yaml", plan)
    assert load_plan(path) == plan
    written = yaml.safe_load(path.read_text(encoding="utf-8"))
    proposed = written["variants"]["proposed"]
    assert proposed["like"] == "today"
    assert proposed["machine"] == {"machine": "z16"}
    assert proposed["calculators"]["connect"] == {"connects_per_sec": 2500}
    assert written["machine"]["msu_per_cp"] == 130  # as a person writes it, not 130.0


def test_edited_values_make_the_same_plan_and_a_change_shows(tmp_path):
    plan = load_plan(SAMPLE)
    assert remake_plan([as_edited(v) for v in plan.variants]) == plan
    today, proposed = (as_edited(v) for v in plan.variants)
    proposed[3]["connect"]["connects_per_sec"] = "4000"
    proposed[3]["connect"]["processors"] = "99"  # a machine input: the machine's holds
    changed = remake_plan([today, proposed])
    assert changed.variants[1].calculators["connect"]["connects_per_sec"] == 4000
    assert changed.variants[1].calculators["connect"]["processors"] == 8
    assert load_plan(save_plan(tmp_path / "p.yaml", changed)) == changed


def test_a_value_not_valid_is_refused_in_one_line():
    today, proposed = (as_edited(v) for v in load_plan(SAMPLE).variants)
    proposed[3]["connect"]["connects_per_sec"] = "lots"
    with pytest.raises(MqcalcError) as refused:
        remake_plan([today, proposed])
    assert "connects_per_sec" in str(refused.value) and "\n" not in str(refused.value)


def test_a_plan_that_cannot_be_written_is_refused_and_nothing_is_left(tmp_path):
    with pytest.raises(MqcalcError):
        save_plan(tmp_path / "missing" / "plan.yaml", load_plan(SAMPLE))
    assert not (tmp_path / "missing").exists()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(plan=plans())
def test_any_plan_saved_reads_back_the_same(tmp_path_factory, plan):
    path = tmp_path_factory.mktemp("plan") / "plan.yaml"
    assert load_plan(save_plan(path, plan)) == plan
