"""The strict YAML reader every template and scenario file goes through: it types only what
YAML 1.2 types, keeps YAML 1.1's surprises as text, keeps each key's line, and refuses what a
hand-written file never needs (duplicate keys, aliases, tags, depth) in one line."""
from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc.files.yaml_reading import DEPTH_LIMIT, SIZE_LIMIT, VALUE_LIMIT, YamlProblem, parse, read
from tests.cli.test_cli import run_main

TYPED = [("0", 0), ("-3", -3), ("+12", 12), ("1000000", 1000000), ("1.5", 1.5), ("-.5", -0.5),
         ("1e5", 100000.0), ("2.5E-3", 0.0025), ("true", True), ("False", False),
         ("~", None), ("null", None), ("", None)]
TEXT = ["0x10", "010", "0o10", "0b1", "1_000", "1:30", "190:20:30", ".inf", "-.Inf", ".nan",
        "on", "off", "On", "OFF", "y", "n", "Y", "yes", "no", "2024-01-01",
        "2001-12-14t21:59:43.10-05:00", "1e309", "-1e309", "=1+1", "<<"]


@pytest.mark.parametrize(("written", "value"), TYPED, ids=[w or "(empty)" for w, _ in TYPED])
def test_yaml_1_2_scalars_are_typed(written, value):
    [read_back] = parse(f"- {written}\n").data
    assert read_back == value and type(read_back) is type(value)


@pytest.mark.parametrize("written", TEXT)
def test_yaml_1_1_surprises_stay_text(written):
    assert parse(f"a: {written}\n").data == {"a": written}


@given(st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False))
def test_numbers_written_plainly_read_back_as_themselves(number):
    assert parse(f"a: {number!r}\n").data == {"a": number}


def test_each_key_and_item_keeps_its_line():
    document = parse("a:\n  b: 1\n  c:\n    - x\n    - {d: 2}\ne: 3\n")
    lines = {"": 1, "a": 1, "a.b": 2, "a.c": 3, "a.c[0]": 4, "a.c[1]": 5, "a.c[1].d": 5, "e": 6}
    assert {path: document.line(path) for path in lines} == lines
    assert document.line("a.c[1].d") == 5
    assert document.line("a.missing") == 1  # a missing key is named at its mapping
    assert document.line("(top level).e") == 6 and document.line("(top level).zz") == 1
    assert parse("# nothing\n").line("a") is None


REFUSED = [
    ("a: 1\nb:\n  c: 1\n  c: 2\n", 4, "b.c: the key is given twice in one mapping (first on line 3)"),
    ("a: 1\na: 2\n", 2, "a: the key is given twice"),
    ("{1.0: a, 1.00: b}", 1, "1.0: the key is given twice"),
    ("a: &x 1\nb: *x\n", 2, "anchors and aliases"),
    ("a: &x [*x]\n", 1, "anchors and aliases"),
    ("a: !!float 1\n", 1, "tag !!float"),
    ("a: !!binary aGk=\n", 1, "tag !!binary"),
    ("a: !!set {x}\n", 1, "tag !!set"),
    ("a: !mine 1\n", 1, "tag !mine"),
    ("a: !!str 1\n", None, None),  # the one harmless tag: text, as written
    ("a: '1'\nb: \"on\"\n", None, None),
    ("? [1]\n: 2\n", 1, "a key must be a plain value"),
    ("a: [\n", 2, "is not YAML"),
    ("a: b: c\n", 1, "mapping values are not allowed"),
    ("a: 1\n\tb: 2\n", 2, "is not YAML"),
    ("a: \x07\n", 1, "the character U+0007 is not allowed"),
    ("a: " + "1" * 5000 + "\n", 1, "a number of 5000 digits is too long"),
    ("[" * (DEPTH_LIMIT + 1) + "]" * (DEPTH_LIMIT + 1), 1, f"nested more than {DEPTH_LIMIT}"),
    ("a: 1\n---\nb: 2\n", 2, "expected a single document in the stream, but found another"),
]


@pytest.mark.parametrize(("text", "line", "words"), REFUSED, ids=[t[:40] for t, _, _ in REFUSED])
def test_what_a_hand_written_file_never_needs_is_refused_at_its_line(text, line, words):
    if words is None:
        assert all(type(value) is str for value in parse(text).data.values())
        return
    with pytest.raises(YamlProblem) as refused:
        parse(text)
    assert refused.value.line == line and words in refused.value.problem, str(refused.value)
    assert "\n" not in str(refused.value)


DEEP = {"flow lists": "[" * 100_000 + "]" * 100_000,  # libyaml's composer would end the process
        "block lists": "- " * 100_000 + "x\n", "flow maps": "{a: " * 100_000 + "1" + "}" * 100_000}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP)
def test_nesting_past_any_parsers_own_limit_is_one_mqcalc_line_at_its_line(tmp_path, text):
    """However deep, the file is refused, not the process ended: whichever limit is met first
    (mqcalc's DEPTH_LIMIT, or one a PyYAML release adds in its scanner, as 6.0.4 does for flow
    collections), the user gets one line naming the file and line 1, and exit status 2."""
    with pytest.raises(YamlProblem) as refused:
        parse(text)
    assert refused.value.line == 1 and "\n" not in str(refused.value)
    scenario = tmp_path / "deep.yaml"
    scenario.write_text(text, encoding="utf-8")
    status, out, err = run_main("eval", "--scenario", scenario)
    assert (status, out) == (2, "")
    assert err.startswith(f"mqcalc: scenario {scenario}: line 1: ") and err.count("\n") == 1


def test_nesting_up_to_the_limit_reads():
    data = parse("[" * DEPTH_LIMIT + "]" * DEPTH_LIMIT).data
    for _ in range(DEPTH_LIMIT - 1):
        [data] = data
    assert data == []


def test_files_are_read_within_a_size_limit_as_utf_8(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("# " + "x" * (SIZE_LIMIT - 3) + "\n", encoding="utf-8")
    assert read(path).data is None
    path.write_text("# " + "x" * (SIZE_LIMIT - 2) + "\n", encoding="utf-8")
    with pytest.raises(YamlProblem, match="larger than 1 MB"):
        read(path)
    path.write_bytes(b"a: caf\xe9\n")
    with pytest.raises(YamlProblem, match=r"is not UTF-8 text \(byte 6\)"):
        read(path)
    with pytest.raises(YamlProblem, match="cannot be read: No such file"):
        read(tmp_path / "missing.yaml")


def test_long_key_paths_over_many_items_take_memory_by_nodes_not_by_path_length():
    """Ten keys of 1,000 characters above 5,000 list items: a line kept per key path
    would hold 5,000 paths of 10 KB each (50 MB); the tree of lines holds each key once."""
    keys = "".join(f"{'  ' * depth}k{depth}{'x' * 1000}:\n" for depth in range(10))
    text = keys + "  " * 10 + "[" + ",".join(["1"] * 5000) + "]\n"
    tracemalloc.start()
    try:
        document = parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2**20, f"{peak / 2**20:.0f} MB"
    path = ".".join(f"k{depth}{'x' * 1000}" for depth in range(10))
    assert document.line(f"{path}[4999]") == 11 and document.line(path) == 10


def test_a_file_of_more_values_than_mqcalc_reads_is_refused_before_it_is_built():
    with pytest.raises(YamlProblem, match=r"^line 2: holds more than 200,000 keys, list items"):
        parse("a:\n  [" + ",".join(["1"] * (VALUE_LIMIT + 1)) + "]\n")
    assert len(parse("[" + ",".join(["1"] * (VALUE_LIMIT - 1)) + "]").data) == VALUE_LIMIT - 1
