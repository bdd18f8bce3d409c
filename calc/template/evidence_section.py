"""What a template declares about the evidence under its figures.

- ``measured`` on a numeric input: the range IBM measured it over, with the source that says
  so: ``measured: {min: 2, max: 1048576, source: {file: ..., passage: ...}}`` (either side
  may be left out when the source bounds only one). A value outside it makes every output
  that reads the input, directly or through other outputs, *extrapolated*: the loader writes
  that warning as a note of kind ``extrapolated`` (its condition, text and citation from the
  declaration), so every face shows it as it shows any note.
- A note with a ``kind`` (``scaled`` or ``beyond_limit``, or ``extrapolated`` for a
  condition no single range says) is a warning: ``marks`` lists inputs or outputs, and while
  the note's condition holds every output that is one of them or reads one of them carries
  the mark; ``source`` is where the limit or the scaling comes from (a limit the calculator
  states itself, such as all of the LPAR or the planner's own target, has none).

The meaning of the marks is :data:`calc.core.model.MARKS`'s; ``assumed`` is not declared: it
follows from which inputs were given (:mod:`calc.engine.evidence`).
"""
from __future__ import annotations

from calc.core.formatting import as_written
from calc.core.model import (BEYOND_LIMIT, DECLARED_MARKS, EXTRAPOLATED, Citation, Input, Note,
                             Output)
from calc.template.reader import SectionReader

MEASURED_KEYS = {"min", "max", "source"}


class EvidenceSection(SectionReader):
    """Reads ``measured`` ranges and the warnings' ``kind``, ``marks`` and ``source``."""

    def measured_range(self, spec: dict, key: str, kind: str, low, high):
        """The range under ``key`` (an input's ``measured``) as (min, max, citation), each
        side inside the input's own domain; (None, None, None) when there is none."""
        if "measured" not in spec:
            return None, None, None
        key = f"{key}.measured"
        if kind not in ("int", "number"):
            self.reader.fail(key, "is for a numeric input; a choice's measured values are a note "
                                  "of kind extrapolated")
        measured = self.reader.mapping(spec["measured"], key, MEASURED_KEYS, {"source"})
        sides = [self.reader.bound(measured.get(side), kind, f"{key}.{side}")
                 for side in ("min", "max")]
        if sides == [None, None]:
            self.reader.fail(key, "needs min, max or both")
        for side, value in zip(("min", "max"), sides):
            if value is not None and (value < low or (high is not None and value > high)):
                self.reader.fail(f"{key}.{side}", f"{value!r} is outside the input's own domain")
        if None not in sides and sides[1] < sides[0]:
            self.reader.fail(f"{key}.max", "is below min")
        return sides[0], sides[1], self.reader.citation(measured["source"], f"{key}.source")

    def extrapolation(self, spec: Input, citation: Citation, scope) -> Note:
        """The warning that ``spec``'s value lies outside the range IBM measured."""
        low, high = spec.measured
        parts = ([] if low is None else [f"{spec.id} < {low!r}"]) \
            + ([] if high is None else [f"{spec.id} > {high!r}"])
        when = " or ".join(parts)
        unit = f" {spec.unit}" if spec.unit else ""
        if low is None:
            span = f"up to {as_written(high)}{unit}"
        elif high is None:
            span = f"from {as_written(low)}{unit} up"
        else:
            span = f"{as_written(low)} to {as_written(high)}{unit}"
        text = (f"{spec.title} is outside what IBM measured ({span}): the figures that read "
                "it are extrapolated.")
        tree, _ = self.reader.parse(when, scope, f"inputs.{spec.id}.measured")
        return Note(when, text, tree, EXTRAPOLATED, (), spec.id, citation)

    def evidence_kind(self, spec: dict, key: str, known) -> dict:
        """A note's ``kind``, ``marks`` and ``source`` as :class:`Note` fields (the marked
        outputs resolved later by :meth:`marked`); empty for a note of advice. ``known``:
        the names of the inputs and outputs."""
        if "kind" not in spec:
            for other in ("marks", "source"):
                if other in spec:
                    self.reader.fail(f"{key}.{other}", "is for a warning: give the note a kind")
            return {}
        kind = spec["kind"]
        if kind not in DECLARED_MARKS:
            self.reader.fail(f"{key}.kind", f"{kind!r} must be one of {', '.join(DECLARED_MARKS)}")
        for required in ("marks", "source")[:1 if kind == BEYOND_LIMIT else 2]:
            if required not in spec:
                self.reader.fail(f"{key}.{required}", f"is required for a note of kind {kind}")
        names = spec["marks"]
        if not isinstance(names, list) or not names or not all(
                isinstance(name, str) for name in names):
            self.reader.fail(f"{key}.marks",
                             "must list the inputs or outputs whose figures it marks")
        for name in names:
            if name not in known:
                self.reader.fail(f"{key}.marks", f"{name!r} is not an input or output")
        return dict(kind=kind, marks=tuple(names), subject=names[0],
                    citation=self.reader.citation(spec["source"], f"{key}.source")
                    if "source" in spec else None)

    def marked(self, note: Note, reading: dict[str, set[str]]) -> Note:
        """``note`` with ``marks`` the outputs it marks: those it names and every output that
        reads one of them (a beyond-limit note, the outputs it names only: a figure past a
        limit does not put the figures computed from it past one). ``reading``: each output
        and every name it reads (:meth:`reading`)."""
        names = set(note.marks) if note.marks else {note.subject}
        if note.kind == BEYOND_LIMIT:
            marked = tuple(name for name in reading if name in names)
        else:
            marked = tuple(name for name, read in reading.items()
                           if name in names or names & read)
        note.marks = marked
        return note

    def reading(self, outputs: dict[str, Output]) -> dict[str, set[str]]:
        """Each output, in order, and every name its formula reads, itself or through the
        outputs it reads: worked out once for all the notes to mark."""
        return {name: self.reads_all(output, outputs) for name, output in outputs.items()}

    def reads_all(self, output: Output, outputs: dict[str, Output]) -> set[str]:
        """Every name ``output``'s formula reads, itself or through the outputs it reads."""
        seen, waiting = set(), list(output.depends)
        while waiting:
            name = waiting.pop()
            if name not in seen:
                seen.add(name)
                if name in outputs:
                    waiting.extend(outputs[name].depends)
        return seen
