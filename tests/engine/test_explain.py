"""Explain: an output's formula, the values that fed it and its sources, for any inputs."""
from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.engine.explain import CONSTANT, INPUT, OUTPUT, TABLE, explain
from calc.template.documents import registry
from tests.conftest import CALCULATORS
from tests.strategies import calculator_inputs


def test_the_sources_worked_example_explained():
    """Local listener, SHARECNV(0), TLS, X511/X512 suppressed: 510 + 380 - 130 = 760
    (001_88807c0b1590429f.txt, "Using the table to calculate the cost of the connection")."""
    explanation = explain("connect", "connect_cpu_us", {
        "sharecnv": 0, "listener": "local", "tls": True, "suppress_x511_x512": True})
    assert explanation.value == 760
    assert [(t.text, t.kind, t.value) for t in explanation.terms] == [
        ("basic_connect_cpu_us", OUTPUT, 510), ("tls_addition_cpu_us", OUTPUT, 380),
        ("suppression_saving_cpu_us", OUTPUT, 130)]
    assert {c.file for c in explanation.sources} == {
        "001_88807c0b1590429f.txt", "mqperf_MQ_for_zOS_on_z14_v1.2.txt",
        "mqperf_MQ_for_zOS_on_z15.txt", "mqperf_MQ_for_zOS_on_z16.txt"}  # and the scaling
    assert any("row BASIC" in c.passage for c in explanation.sources)
    assert any("X511" in c.passage for c in explanation.sources)


def test_a_table_look_up_shows_the_cell_used():
    explanation = explain("connect", "basic_connect_cpu_us",
                          {"sharecnv": 10, "listener": "shared"})
    look_up, *names = explanation.terms
    assert (look_up.kind, look_up.value, look_up.unit) == (TABLE, 1350, "CPU µs")
    assert look_up.text == "basic_cpu_us[sharecnv_column, listener]"
    assert [(t.text, t.value) for t in names] == [("sharecnv_column", 1), ("listener", "shared"),
                                                  ("cpu_scale", 1.0)]


def test_an_unknown_output_is_refused_naming_it():
    with pytest.raises(calc.MqcalcError, match="no output 'nope'"):
        explain("connect", "nope", {})


def test_invalid_inputs_are_the_engines_refusal():
    with pytest.raises(calc.InputError, match="sharecnv"):
        explain("connect", "connect_cpu_us", {"sharecnv": -1})


def _expected_term_value(calculator, term, inputs, outputs):
    """A term's value worked out from the calculator's own data, not from explain."""
    if term.kind == INPUT:
        return inputs[term.text]
    if term.kind == OUTPUT:
        return outputs[term.text]
    if term.kind == CONSTANT:
        return calculator.constants[term.text].value
    node = ast.parse(term.text, mode="eval").body
    keys = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    scope = {**inputs, **outputs}
    # a key is a name, a literal or, where a table's rows are numbered, arithmetic on names
    # (channel_compression's row_lower + 2): Python reads all three as the template means
    key = tuple(eval(compile(ast.Expression(k), "<key>", "eval"), {}, scope) for k in keys)
    return calculator.tables[node.value.id].data.get(key)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_every_output_explained_for_any_inputs(calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    result = calc.run(calculator.id, inputs)
    for name, output in calculator.outputs.items():
        explanation = explain(calculator.id, name, inputs)
        assert explanation.value == result.outputs[name]
        assert explanation.output.formula == output.formula
        for term in explanation.terms:
            assert term.text in output.formula.replace('"', "'") or term.text in output.formula
            assert term.value == _expected_term_value(calculator, term, result.inputs,
                                                      result.outputs), (name, term.text)
        assert explanation.sources
        for citation in explanation.sources:  # each a document with a title a reader finds
            assert citation.file in registry(), citation


def test_each_explanation_says_whether_it_is_scaled_to_the_machine():
    scaled = explain("connect", "connect_cpu_us", {"machine": "z16"})
    assert scaled.scaling.startswith("Scaled to the z16 chosen") and "cpu_scale = 0.8119" in scaled.scaling
    kept = explain("connect", "sharecnv_column", {"machine": "z16"})
    assert kept.scaling == "Not scaled by machine: no published CPU figure goes into it."
    assert explain("zhyperwrite", "rate_gain", {}).scaling == ""  # no machine scaling at all
