"""A sweep as CSV: one header line (input ids, output ids, ``problem``, then what the row's
figures rest on: ``beyond_limit``, ``extrapolated``, ``scaled``, each true when a warning
of that kind holds for some figure of the row, and ``assumed``, the inputs the sweep left to
their defaults that the figures read), then one line per scenario, for scripts and other
tools rather than for reading; filter on the marks to keep the rows that rest on IBM's
measurement.

Values are written as a program reads them back: booleans ``true``/``false``, whole numbers
without a decimal point (:func:`calc.core.formatting.plain_number`) or thousands separators,
other numbers in Python's shortest exact form, texts quoted only where CSV needs it (RFC
4180). A refused scenario has empty outputs and its problem.

Texts are not guarded against being taken for a formula (a leading ``'`` before ``=``,
``+``, ``-``, ``@``): every text in the file is a choice value or a problem message from
the templates and the engine, never free text a user typed (values outside an input's
domain are refused before a sweep runs), and a guard would change the values a script reads
back. Numbers, negative ones included, are written as numbers.

Each calculator's line is a generated function, compiled once per sweep: a few f-strings
added, a field for each column that changes from scenario to scenario, the formatting of
each chosen from the column's value type. The columns the innermost varied input does not
change (the other inputs, and the outputs that do not read it:
:attr:`calc.core.model.Output.inputs_read`) are held: each run of them is one field, its
text worked out again only when an outer input's value changes (:class:`_Lines`). This loop
runs millions of times, so a line costs a few dictionary look-ups and one string build.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from io import TextIOBase
from itertools import islice

from calc.core.formatting import EXACT_WHOLE, plain_number
from calc.core.model import ASSUMED, BOOL, DECLARED_MARKS, NUMBER, TEXT, Calculator
from calc.core.names import RANGE_ENDS, range_name

BATCH = 4096
"""Lines joined into one write."""
PLAIN = "plain"
"""A text column whose every value is written as it is."""
FIELDS_AT_ONCE = 14
"""Fields in one f-string of a line: with the commas between them, at most the 30 parts
CPython 3.11 builds in one step (its compiler's ``STACK_USE_GUIDELINE``)."""
MOST_REMEMBERED = 100_000
"""Number texts :class:`NumberTexts` keeps: a few MB at most."""
NEEDS_QUOTES = re.compile(r'[,"\n\r]')
Row = tuple[dict, tuple | None, str]
"""A scenario as :func:`calc.engine.rows` gives it: inputs, outputs (None: refused), problem."""


def write_csv(calculator: Calculator, rows: Iterable[Row], stream: TextIOBase,
              varied: Collection[str], assumed: tuple[str, ...] = (),
              ranges: tuple[tuple[str, ...], Callable] | None = None) -> int:
    """Write the header and one line per scenario to ``stream``; return the scenario count.
    ``rows`` are ``(inputs, outputs, problem)`` as :func:`calc.engine.rows` gives them, every
    input but those ``varied`` (a sweep's axes, the innermost last) the same in all of them
    (a sweep's fixed values and defaults); ``assumed`` the inputs the sweep leaves to their
    defaults that its figures read; ``ranges`` (:func:`calc.engine.sweep_ranges`) adds a
    ``low.ID`` and a ``high.ID`` column for each output it names, last."""
    names, ends = ranges or ((), None)
    stream.write(",".join([*calculator.inputs, *calculator.outputs, "problem", *DECLARED_MARKS,
                           ASSUMED, *(range_name(end, name) for end in RANGE_ENDS
                                      for name in names)]) + "\n")
    lines = _Lines(calculator, tuple(varied), " ".join(assumed), 2 * len(names))
    count, rows = 0, iter(rows)
    while batch := lines.written(islice(rows, BATCH), ends):
        stream.write("\n".join(batch) + "\n")
        count += len(batch)
    return count


class _Lines:
    """The line of each scenario, from two generated functions: ``line(inputs, outputs)``
    for a computed scenario (its problem empty; with range columns a third argument, their
    values, None where unknown: an empty field) and ``refused(inputs, problem)`` for a
    refused one (its outputs, marks and ranges empty).

    Only what changes from one scenario to the next is written for each: a sweep's
    innermost input changes every scenario, the outer ones every so many, the others never.
    So in ``line`` every column but the innermost input and the outputs that read it
    (:attr:`calc.core.model.Output.inputs_read`), the marks and the ranges is *held*: each
    run of held columns is one text, worked out again only when an outer input's value
    changes (by ``line_held``); in ``refused`` the held columns are the inputs the sweep
    does not vary and the empty outputs, worked out once."""

    def __init__(self, calculator: Calculator, varied: tuple[str, ...], assumed: str,
                 ends: int) -> None:
        innermost = set(varied[-1:])
        inputs = list(zip(_fields("_i", [_kind(spec.value_type, spec.choices)
                                         for spec in calculator.inputs.values()]),
                          calculator.inputs))
        outputs = list(zip(_fields("_o", [_kind(output.value_type)
                                          for output in calculator.outputs.values()]),
                           calculator.outputs.values()))
        marks = _fields("_o", [BOOL] * len(DECLARED_MARKS), start=len(outputs))
        ranges = [f"{{'' if _e{index} is None else _numbers[_e{index}]}}"
                  for index in range(ends)]
        line = [*((field, name not in innermost) for field, name in inputs),
                *((field, innermost.isdisjoint(output.inputs_read)) for field, output in outputs),
                ("", True), *((field, False) for field in marks), ("{_assumed}", True),
                *((field, False) for field in ranges)]
        refused = [*((field, name not in varied) for field, name in inputs),
                   *(("", True) for _ in outputs), ("{_text(_problem)}", False),
                   *(("", True) for _ in marks), ("{_assumed}", True),
                   *(("", True) for _ in ranges)]
        unpack = ("    " + "".join(f"_o{index}, " for index in range(len(outputs) + len(marks)))
                  + "= _outputs")
        ends_unpack = "    " + "".join(f"_e{index}, " for index in range(ends)) + "= _ends"
        source = [
            *_held_function("line", {"_inputs": "", "_outputs": unpack,
                                     **({"_ends": ends_unpack} if ends else {})},
                            ("_inputs", "_outputs"), line, list(varied[:-1]), calculator),
            *_held_function("refused", {"_inputs": "", "_problem": ""}, ("_inputs",), refused,
                            [], calculator)]
        self.namespace = {"_numbers": NumberTexts(), "_text": _text,
                          "_assumed": _text(assumed), "_line_kept": [None, ()],
                          "_refused_kept": [None, ()]}
        exec(compile("\n".join(source) + "\n", f"<csv line of {calculator.id}>",  # noqa: S102
                     "exec"), self.namespace)  # the source is built from the calculator's names
        self.line, self.refused = self.namespace["line"], self.namespace["refused"]

    def written(self, rows: Iterable[Row], ends: Callable | None) -> list[str]:
        """The lines of ``rows``, read one at a time (a sweep's scenarios are not kept)."""
        line, refused = self.line, self.refused
        if ends is None:
            return [refused(values, problem) if results is None else line(values, results)
                    for values, results, problem in rows]
        return [refused(values, problem) if results is None
                else line(values, results, ends(values, results))
                for values, results, problem in rows]


def _held_function(name: str, unpacked: dict[str, str], held_from: tuple[str, ...],
                   columns: list[tuple[str, bool]], keys: list[str],
                   calculator: Calculator) -> list[str]:
    """The source of the line function ``name`` over ``columns`` (each a field, empty for
    an empty value, and whether it is held), its parameters the keys of ``unpacked``, each
    with the line unpacking it (or none); and of ``NAME_held``, which works out the held
    runs' texts from the parameters ``held_from``. The texts are kept in ``_NAME_kept``
    with the values of the inputs ``keys`` they were worked out for, and worked out again
    when those values change."""
    body, runs = _runs(columns)
    inputs = list(calculator.inputs)
    row_inputs = [index for index, (_, held) in enumerate(columns[:len(inputs)]) if not held]
    return [
        f"def {name}({', '.join(unpacked)}):",
        "    _key = (" + "".join(f"_inputs[{key!r}], " for key in keys) + ")",
        f"    if _key != _{name}_kept[0]:",
        f"        _{name}_kept[:] = _key, {name}_held({', '.join(held_from)})",
        "    " + "".join(f"_h{index}, " for index in range(len(runs))) + f"= _{name}_kept[1]",
        *(f"    _i{index} = _inputs[{inputs[index]!r}]" for index in row_inputs),
        *(line for line in unpacked.values() if line), f"    return {body}",
        f"def {name}_held({', '.join(held_from)}):",
        "    " + "".join(f"_i{index}, " for index in range(len(inputs))) + "= "
        + "".join(f"_inputs[{input_id!r}], " for input_id in inputs),
        *(unpacked[parameter] for parameter in held_from if unpacked[parameter]),
        "    return (" + "".join(f'f"{run}", ' for run in runs) + ")"]


def _runs(columns: list[tuple[str, bool]]) -> tuple[str, list[str]]:
    """The expression of a line from its ``columns`` (each a field, empty for an empty
    value, and whether it is held), and the f-string bodies of its runs of held fields,
    each of which the expression reads as ``_h`` + its index. A run of empty values stays
    in the expression as commas."""
    body, runs, run = [], [], []

    def close() -> None:
        if any(run):
            body.append(f"{{_h{len(runs)}}}")
            runs.append(",".join(run))
        else:
            body.append(",".join(run))
        run.clear()

    for field, held in columns:
        if held:
            run.append(field)
            continue
        if run:
            close()
        body.append(field)
    if run:
        close()
    return _joined(body), runs


def _joined(fields: list[str]) -> str:
    """An expression joining ``fields`` with commas: f-strings of at most
    :data:`FIELDS_AT_ONCE` fields each, added. (CPython builds a longer f-string through a
    list and ``str.join``, a third slower.)"""
    return " + ".join('f"' + ("," if start else "") + ",".join(fields[start:start + FIELDS_AT_ONCE])
                      + '"' for start in range(0, len(fields), FIELDS_AT_ONCE))


def _kind(value_type: str, choices: tuple[str, ...] = ()) -> str:
    """How a column is written: by its value type, except that a choice none of whose
    values needs quotes is written as it is (:data:`PLAIN`)."""
    if choices and not any(NEEDS_QUOTES.search(choice) for choice in choices):
        return PLAIN
    return value_type


def _fields(prefix: str, kinds: list[str], start: int = 0) -> list[str]:
    """The f-string field writing each column's value, held in the local ``prefix`` + its
    index from ``start``: a number through :class:`NumberTexts`, a boolean as true/false, a
    plain choice as it is, any other text as CSV needs."""
    written = {NUMBER: "{{_numbers[{0}]}}", BOOL: "{{'true' if {0} else 'false'}}",
               PLAIN: "{{{0}}}", TEXT: "{{_text({0})}}"}
    return [written[kind].format(f"{prefix}{index}")
            for index, kind in enumerate(kinds, start=start)]


class NumberTexts(dict):
    """The text of each number written so far: an int as it is, a whole float as the whole
    number a person would write (100, not 100.0), any other float in Python's shortest form
    that reads back exactly. A sweep's figures repeat (a cost per connect takes a few values
    across a million scenarios), so each text is worked out once, and a look-up costs less
    than writing even an int; past :data:`MOST_REMEMBERED` they are worked out each time.
    An int and a float of the same value are one key, so only numbers written the same
    either way are kept: none of :data:`EXACT_WHOLE` or more."""

    def __missing__(self, value: float) -> str:
        text = str(plain_number(value))
        if len(self) < MOST_REMEMBERED and -EXACT_WHOLE < value < EXACT_WHOLE:
            self[value] = text
        return text


def _text(value: str) -> str:
    """The text as a CSV field: quoted, with quotes doubled, when it holds a comma, a quote
    or a line break."""
    if NEEDS_QUOTES.search(value):
        return '"' + value.replace('"', '""') + '"'
    return value
