"""The summary keys of a template: what a planner reads first.

``headline`` is the one output that answers the calculator's question (shown on overviews);
``key_results`` the few outputs read next (3 to 5, the headline not among them), and
``key_inputs`` the inputs that frame them (1 to 6). The workbook's summary block and the
terminal's pinned results show this choice, so it is made once, here. Both lists may be
left out (a small template of one's own), and the summary shows the headline alone; every
template shipped makes the choice (a test checks).
"""
from __future__ import annotations

from calc.core.model import Input, Output
from calc.template.reader import SectionReader

KEY_RESULTS = (3, 5)
"""Fewest and most key results besides the headline."""
KEY_INPUTS = (1, 6)
"""Fewest and most key inputs."""


class SummarySection(SectionReader):
    """Reads ``headline``, ``key_results`` and ``key_inputs``."""

    def summary_choice(self, doc: dict, inputs: dict[str, Input],
                       outputs: dict[str, Output]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        headline = doc.get("headline", next(iter(outputs)))
        if headline not in outputs:
            self.reader.fail("headline", f"{headline!r} must be one of the outputs: "
                                         + ", ".join(outputs))
        results = self.chosen(doc, "key_results", outputs, KEY_RESULTS, "outputs")
        if headline in results:
            self.reader.fail("key_results", f"{headline!r} is the headline, shown already")
        return headline, results, self.chosen(doc, "key_inputs", inputs, KEY_INPUTS, "inputs")

    def chosen(self, doc: dict, key: str, known: dict, limits: tuple[int, int],
               kind: str) -> tuple[str, ...]:
        """The names listed under ``key``: distinct, each one of ``known``, as many as
        ``limits`` allow; none when the key is left out."""
        if key not in doc:
            return ()
        names = doc[key]
        fewest, most = limits
        if (not isinstance(names, list) or not fewest <= len(names) <= most
                or not all(isinstance(name, str) for name in names)):
            self.reader.fail(key, f"must list {fewest} to {most} {kind} a planner reads first")
        for name in names:
            if name not in known:
                self.reader.fail(key, f"{name!r} is not one of the {kind}: " + ", ".join(known))
        if len(set(names)) != len(names):
            self.reader.fail(key, "lists a name twice")
        return tuple(names)
