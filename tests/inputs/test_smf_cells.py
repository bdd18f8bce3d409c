"""Decoding mq-smf-csv cells: both of the tool's forms (default ``="..."`` and ``-r``),
space-padded microseconds, decimal-comma times, and the values older MQ versions leave
unset. The expected values are read off the cells by eye."""
from __future__ import annotations

import re
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc.inputs.smf import cells

DEFAULT_ROW = ('"2026/05/21","16:30:00,000000","MV4A","MQ53",="    ",="100000",'
               '"2026/05/21","16:00:00,001395",1799,10299600,0,120,0, 3306 ,0, 3185 ,')
"""The first data row of the sample's SMF-QCTADP.csv (default form), cut after the
elapsed time."""
RAW_ROW = DEFAULT_ROW.replace('="', '"')
"""The same row as the tool writes it with -r."""


def test_both_forms_of_a_real_row_split_to_the_same_cells():
    expected = ["2026/05/21", "16:30:00,000000", "MV4A", "MQ53", "    ", "100000",
                "2026/05/21", "16:00:00,001395", "1799", "10299600", "0", "120", "0",
                " 3306 ", "0", " 3185 ", ""]
    assert cells.split(DEFAULT_ROW) == expected
    assert cells.split(RAW_ROW) == expected


def test_a_quoted_comma_stays_inside_its_cell():
    assert cells.split('"A,B",="1,2",3') == ["A,B", "1,2", "3"]


@pytest.mark.parametrize(("cell", "value"), [
    (" 3306 ", 3306), ("1799", 1799), ("0", 0), ("-5", -5), ("1,5", 1.5), ("2.25", 2.25),
    ("-1", None), (".", None), ("....", None), ("", None), ("   ", None)])
def test_numbers_and_unset_values(cell, value):
    assert cells.number(cell) == value


@pytest.mark.parametrize("cell", ["abc", "1 2", "0x10", "1_000", "١٢", "9" * 5000])
def test_a_cell_that_is_no_number_is_refused(cell):
    with pytest.raises(cells.Unreadable):
        cells.number(cell)


def test_a_decimal_comma_time_keeps_its_microseconds():
    assert cells.moment("2026/05/21", "16:00:00,001395") == datetime(2026, 5, 21, 16, 0, 0,
                                                                      1395)


@pytest.mark.parametrize(("date", "time"), [("1970/01/01", "00:00:00,000000"), ("", ""),
                                            ("........", "")])
def test_an_unset_time_is_none(date, time):
    assert cells.moment(date, time) is None


def strptime_moment(date: str, time: str) -> datetime | None | type:
    """A date and time of the tool's form read by the standard library alone: the datetime,
    None for 1970, or Unreadable."""
    try:
        stamp = datetime.strptime(f"{date} {time.replace(',', '.')}", "%Y/%m/%d %H:%M:%S.%f")
    except ValueError:
        return cells.Unreadable
    return None if stamp.year == 1970 else stamp


@given(st.tuples(*(st.integers(low, high) for low, high in (
    (1969, 2100), (0, 13), (0, 32), (0, 25), (0, 60), (0, 60), (0, 999999)))))
def test_a_time_in_the_tools_form_reads_as_the_standard_library_reads_it(parts):
    """Every date and time written as the tool writes them, impossible ones (month 13, 31
    June, hour 24) included: read by the digits' places as strptime reads them."""
    year, month, day, hour, minute, second, micro = parts
    date, time = f"{year:04d}/{month:02d}/{day:02d}", f"{hour:02d}:{minute:02d}:{second:02d}," \
                                                       f"{micro:06d}"
    expected = strptime_moment(date, time)
    if expected is cells.Unreadable:
        with pytest.raises(cells.Unreadable):
            cells.moment(date, time)
    else:
        assert cells.moment(date, time) == expected


@given(st.text(st.sampled_from("0123456789 -+.,٣e"), max_size=25))
def test_a_run_of_digits_reads_as_the_full_rules_read_it(cell):
    """The short cut for a cell of ASCII digits gives what the full rules give (an integer
    of up to 18 digits, -1 unset, anything else by the patterns)."""
    def by_rules(text: str):
        text = text.strip()
        if not text or re.fullmatch(r"\.+", text):
            return None
        if re.fullmatch(r"[+-]?[0-9]+", text):
            value = int(text)
        elif re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?",
                          text.replace(",", ".")):
            value = float(text.replace(",", "."))
        else:
            return cells.Unreadable
        return None if value == -1 else value

    expected = by_rules(cell)
    if expected is cells.Unreadable:
        with pytest.raises(cells.Unreadable):
            cells.number(cell)
    else:
        assert cells.number(cell) == expected


_TEXT = st.text(st.characters(codec="ascii", exclude_characters='"\r\n'), max_size=12)
_CELL = st.one_of(
    st.integers(-10**12, 10**12).map(str),
    st.integers(0, 999_999).map(lambda n: f" {n} "),  # a padded microseconds half
    _TEXT.map(lambda text: ("string", text)))


def _written(cell, raw: bool) -> str:
    """A cell as mq-smf-csv writes it: a string quoted, with ``=`` before the quotes when
    it looks like a number (digits and spaces, as the tool's looksLikeNum) unless -r."""
    if isinstance(cell, str):
        return cell
    text = cell[1]
    number_like = bool(re.fullmatch(r"[0-9 ]+", text))
    return ("" if raw or not number_like else "=") + f'"{text}"'


@given(st.lists(_CELL, min_size=1, max_size=12))
def test_the_default_and_raw_forms_decode_alike(row):
    default = ",".join(_written(cell, raw=False) for cell in row) + ","
    raw = ",".join(_written(cell, raw=True) for cell in row) + ","
    assert cells.split(default) == cells.split(raw)
    assert cells.split(raw) == [cell if isinstance(cell, str) else cell[1]
                                for cell in row] + [""]


@given(st.text(alphabet='a=", 1', max_size=40), st.none() | st.integers(1, 12))
def test_splitting_at_commas_first_gives_what_the_cell_pattern_gives(line, most):
    """Any line of quotes, equals signs, commas and text, as far as any number of cells."""
    assert cells.split(line, most) == cells.split_by_pattern(line, most)


def test_a_quoted_cell_may_hold_a_comma_and_only_the_cells_asked_for_are_split():
    assert cells.split('"a,b",="c",d,e', 2) == ["a,b", "c"]
    assert cells.split('"x",="1,5",,"t"') == ["x", "1,5", "", "t"]


def test_the_whitespace_a_store_strips_is_what_python_strips():
    """Every character ``str.strip`` takes off, and only those: the store strips names in
    SQL with this set to compare them with those its imports read."""
    assert set(cells.WHITESPACE) == {chr(code) for code in range(0x110000) if chr(code).isspace()}
    assert all(f"x{space}".strip() == "x" for space in cells.WHITESPACE)
