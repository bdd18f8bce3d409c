"""What each figure of one evaluation rests on: the evidence marks and the warnings that
explain them.

An output with no mark rests on IBM's measurement at IBM's configuration, or on the
planner's own data given as inputs. Otherwise it carries one or more of
:data:`calc.core.model.MARKS`:

- ``assumed``: it reads (directly or through other outputs) an input that was not given and
  that applies to these inputs, so the template's default stands in for the planner's value;
- ``scaled``, ``extrapolated``, ``beyond_limit``: a warning note of that kind holds and marks
  it (see :mod:`calc.template.evidence_section`: measured ranges, generic scalings,
  declared limits).

Both follow from the template and the inputs; nothing is typed per output.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from calc.core.formatting import as_written, format_value
from calc.core.model import ASSUMED, BEYOND_LIMIT, EXTRAPOLATED, MARKS, SCALED, Calculator, Citation

LETTERS = {ASSUMED: "A", SCALED: "S", EXTRAPOLATED: "X", BEYOND_LIMIT: "!"}
"""The letter every face shows beside a figure for each mark."""
WORDS = {ASSUMED: "assumed", SCALED: "scaled", EXTRAPOLATED: "extrapolated",
         BEYOND_LIMIT: "beyond a limit"}
"""How every face names each mark in words."""
UNMARKED = "IBM's measurement at its configuration, or your own data"
"""What a figure with no mark rests on."""


def letters(kinds) -> str:
    """The letters of ``kinds`` (marks), in :data:`MARKS` order: ``"AS!"``."""
    return "".join(LETTERS[kind] for kind in MARKS if kind in kinds)


def legend() -> str:
    """Every letter with its word, as a line under marked figures."""
    return ", ".join(f"{LETTERS[kind]} {WORDS[kind]}" for kind in MARKS)

PAGES = re.compile(r"\b[Pp]ages? \d+(?:\s*(?:to|and|-|–)\s*\d+)?")
"""Where a citation's passage names the pages of its document."""


@dataclass(frozen=True)
class Caveat:
    """One warning about the evidence of an evaluation: its ``kind`` (a mark), the inputs or
    outputs it is ``about``, the ``outputs`` it marks, a sentence and where the range,
    scaling or limit comes from (None for ``assumed``, which is about what was not given,
    and for a limit the calculator states itself, such as all of the LPAR)."""

    kind: str
    about: tuple[str, ...]
    outputs: tuple[str, ...]
    text: str
    citation: Citation | None = None

    def as_json(self) -> dict:
        """The caveat as the ``warnings`` list of ``--json`` holds it (README, JSON)."""
        source = None if self.citation is None else {"file": self.citation.file,
                                                     "passage": self.citation.passage}
        return {"kind": self.kind, "about": list(self.about), "outputs": list(self.outputs),
                "text": self.text, "source": source}

    @property
    def where(self) -> str:
        """The citation in a few words: its file and the pages its passage names."""
        if self.citation is None:
            return ""
        return ", ".join([self.citation.file, *cited_pages(self.citation.passage)])


def cited_pages(passage: str) -> list[str]:
    """The pages a citation's passage names, each once, as written (``page 7``)."""
    return list(dict.fromkeys(page.lower() for page in PAGES.findall(passage)))


def caveats(calculator: Calculator, flags: tuple, values: dict, given,
            not_applying: tuple[str, ...]) -> tuple[Caveat, ...]:
    """The caveats of one evaluation: each warning note whose flag is set, in the
    template's order, then the inputs assumed (of the inputs not in ``given``, those that
    apply and some output reads)."""
    found = [Caveat(note.kind, (note.subject,), note.marks, note.text, note.citation)
             for note, holds in zip(calculator.notes, flags) if holds and note.kind]
    assumed = assumed_inputs(calculator, {*given, *not_applying})
    if assumed:
        marked = tuple(name for name, output in calculator.outputs.items()
                       if not set(assumed).isdisjoint(output.inputs_read))
        defaults = ", ".join(f"{name}={as_written(values[name])}" for name in assumed)
        found.append(Caveat(ASSUMED, assumed, marked,
                            f"not given, so the template's defaults stand: {defaults}"))
    return tuple(found)


def assumed_inputs(calculator: Calculator, given) -> tuple[str, ...]:
    """The inputs not in ``given`` that some output reads, in the inputs' order (whether
    each applies depends on the other inputs: a sweep's row by row)."""
    read = set().union(*(output.inputs_read for output in calculator.outputs.values()))
    return tuple(name for name in calculator.inputs if name not in given and name in read)


def subject(calculator: Calculator, caveat: Caveat, inputs: dict, outputs: dict) -> str:
    """The figure a warning is about, as a face leads the warning with it (``Share of the
    LPAR 126.67 % of LPAR:``); empty for ``assumed``, whose text names its inputs."""
    if caveat.kind == ASSUMED:
        return ""
    name = caveat.about[0]
    if name in calculator.inputs:
        spec = calculator.inputs[name]
        value, unit, title = spec.label(inputs[name]), spec.unit, spec.title
    else:
        output = calculator.outputs[name]
        value = format_value(outputs[name], output.decimals)
        unit, title = output.unit, output.title
    return f"{title} {value} {unit}".rstrip() + ":"


def marks(calculator: Calculator, found: tuple[Caveat, ...]) -> dict[str, list[str]]:
    """Each output's marks (in :data:`MARKS` order; empty where none applies)."""
    kinds = {name: set() for name in calculator.outputs}
    for caveat in found:
        for name in caveat.outputs:
            kinds[name].add(caveat.kind)
    return {name: [kind for kind in MARKS if kind in held] for name, held in kinds.items()}
