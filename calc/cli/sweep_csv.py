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

Each calculator's line is a generated function, compiled once: one f-string with a field
per column, the formatting of each field chosen from the column's value type. This loop runs
millions of times, so a line costs a few dictionary look-ups and one string build.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from io import TextIOBase

from calc.core.formatting import plain_number
from calc.core.model import ASSUMED, BOOL, DECLARED_MARKS, NUMBER, TEXT, Calculator
from calc.core.names import RANGE_ENDS, range_name

BATCH = 4096
"""Lines joined into one write."""
PLAIN = "plain"
"""A text column whose every value is written as it is."""
MOST_REMEMBERED = 100_000
"""Float texts :class:`_NumberTexts` keeps: a few MB at most."""
NEEDS_QUOTES = re.compile(r'[,"\n\r]')


def write_csv(calculator: Calculator, rows: Iterable[tuple[dict, tuple | None, str]],
              stream: TextIOBase, assumed: tuple[str, ...] = (),
              ranges: tuple[tuple[str, ...], Callable] | None = None) -> int:
    """Write the header and one line per scenario to ``stream``; return the scenario count.
    ``rows`` are ``(inputs, outputs, problem)`` as :func:`calc.engine.rows` gives them;
    ``assumed`` the inputs the sweep leaves to their defaults that its figures read;
    ``ranges`` (:func:`calc.engine.sweep_ranges`) adds a ``low.ID`` and a ``high.ID``
    column for each output it names, last."""
    names, ends = ranges or ((), None)
    line, refused = _line_functions(calculator, " ".join(assumed), 2 * len(names))
    stream.write(",".join([*calculator.inputs, *calculator.outputs, "problem", *DECLARED_MARKS,
                           ASSUMED, *(range_name(end, name) for end in RANGE_ENDS
                                      for name in names)]) + "\n")
    lines, count = [], 0
    for values, results, problem in rows:
        if results is None:
            lines.append(refused(values, problem))
        else:
            lines.append(line(values, results, ends(values, results)) if ends
                         else line(values, results))
        if len(lines) == BATCH:
            stream.write("\n".join(lines) + "\n")
            count += BATCH
            lines.clear()
    if lines:
        stream.write("\n".join(lines) + "\n")
    return count + len(lines)


def _line_functions(calculator: Calculator, assumed: str, ends: int = 0) -> tuple[
        Callable[..., str], Callable[[dict, str], str]]:
    """``line(inputs, outputs)`` for a computed scenario (its problem empty) and
    ``refused(inputs, problem)`` for a refused one (its outputs and marks empty), generated
    for this calculator's columns; ``assumed`` the text of the column after the marks. With
    ``ends`` range columns after it, ``line`` takes a third argument, their values (None
    where unknown: an empty field), and ``refused`` leaves them empty."""
    inputs = _fields("_i", [_kind(spec.value_type, spec.choices)
                            for spec in calculator.inputs.values()])
    outputs = _fields("_o", [_kind(output.value_type) for output in calculator.outputs.values()]
                      + [BOOL] * len(DECLARED_MARKS))
    read_inputs = ("    " + "".join(f"_i{index}, " for index in range(len(inputs))) + "= "
                   + "".join(f"_inputs[{name!r}], " for name in calculator.inputs))
    computed = outputs[:len(calculator.outputs)]
    marks = outputs[len(calculator.outputs):]
    spread = [f"{{'' if _e{index} is None else _numbers[_e{index}]}}" for index in range(ends)]
    source = [
        f"def line(_inputs, _outputs{', _ends' if ends else ''}):", read_inputs,
        "    " + "".join(f"_o{index}, " for index in range(len(outputs))) + "= _outputs",
        *(["    " + "".join(f"_e{index}, " for index in range(ends)) + "= _ends"] if ends
          else []),
        '    return f"' + ",".join(inputs + computed) + ",," + ",".join(marks)
        + ',{_assumed}' + "".join("," + field for field in spread) + '"',
        "def refused(_inputs, _problem):", read_inputs,
        '    return f"' + ",".join(inputs) + "," * len(computed) + ',{_text(_problem)}'
        + "," * len(DECLARED_MARKS) + ',{_assumed}' + "," * ends + '"']
    namespace = {"_numbers": _NumberTexts(), "_text": _text, "_assumed": _text(assumed)}
    exec(compile("\n".join(source) + "\n", f"<csv line of {calculator.id}>", "exec"),  # noqa: S102
         namespace)  # the source is built from the calculator's own names
    return namespace["line"], namespace["refused"]


def _kind(value_type: str, choices: tuple[str, ...] = ()) -> str:
    """How a column is written: by its value type, except that a choice none of whose
    values needs quotes is written as it is (:data:`PLAIN`)."""
    if choices and not any(NEEDS_QUOTES.search(choice) for choice in choices):
        return PLAIN
    return value_type


def _fields(prefix: str, kinds: list[str]) -> list[str]:
    """The f-string field writing each column's value, held in the local ``prefix`` + its
    index: an int as it is, any other number through :class:`_NumberTexts`, a boolean as
    true/false, a plain choice as it is, any other text as CSV needs."""
    written = {NUMBER: "{{{0} if type({0}) is int else _numbers[{0}]}}",
               BOOL: "{{'true' if {0} else 'false'}}", PLAIN: "{{{0}}}", TEXT: "{{_text({0})}}"}
    return [written[kind].format(f"{prefix}{index}") for index, kind in enumerate(kinds)]


class _NumberTexts(dict):
    """The text of each float written so far: a whole float as the whole number a person
    would write (100, not 100.0), any other in Python's shortest form that reads back
    exactly. Finding that shortest form is most of the cost of a line, and a sweep's
    outputs repeat (a cost per connect takes a few values across a million scenarios), so
    each is worked out once; past :data:`MOST_REMEMBERED` they are worked out each time."""

    def __missing__(self, value: float) -> str:
        text = str(plain_number(value))
        if len(self) < MOST_REMEMBERED:
            self[value] = text
        return text


def _text(value: str) -> str:
    """The text as a CSV field: quoted, with quotes doubled, when it holds a comma, a quote
    or a line break."""
    if NEEDS_QUOTES.search(value):
        return '"' + value.replace('"', '""') + '"'
    return value
