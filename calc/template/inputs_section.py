"""An input's presentation keys: ``decimals`` (how a number input is shown), ``labels``
(readable words for a choice input's ids) and ``applies_when`` (when it is used at all), and
whether its choices can be a workbook's drop-down list. Mixed into the loader, which reads
the rest of an input."""
from __future__ import annotations

from dataclasses import replace

from calc.core.formatting import places
from calc.core.model import BOOL, Input
from calc.core.names import LIST_SOURCE_LIMIT
from calc.template.reader import SectionReader, template_scope

LABEL_LIMIT = 30
"""Longest choice label, in characters: it sits beside the input's cell and names a chart's
bar, where a longer text would be cut."""
DECIMALS_LIMIT = 6
"""Most decimals a number input shows."""


class InputPresentation(SectionReader):
    """Reads how an input is shown, after its type and domain are known."""

    def input_decimals(self, spec: dict, key: str, kind: str) -> int:
        """A number input's decimals: the template's ``decimals``, else the most places
        written in its min, max or default, so every bound and the default show as written
        (0.001 shows 0.001, not 0). A whole-number input shows none."""
        if "decimals" not in spec:
            if kind != "number":
                return 0
            return min(DECIMALS_LIMIT, max(places(spec.get(part)) for part in
                                           ("min", "max", "default")))
        decimals = spec["decimals"]
        if kind != "number":
            self.reader.fail(f"{key}.decimals", f"only for a number input; this one is {kind}")
        if isinstance(decimals, bool) or not isinstance(decimals, int) \
                or not 0 <= decimals <= DECIMALS_LIMIT:
            self.reader.fail(f"{key}.decimals",
                             f"must be a whole number from 0 to {DECIMALS_LIMIT}")
        return decimals

    def input_labels(self, spec: dict, key: str, kind: str) -> tuple[tuple[str, str], ...]:
        """A choice input's ``labels``: a mapping from some or all of its choices to short
        readable texts, in the choices' order."""
        if "labels" not in spec:
            return ()
        if kind != "choice":
            self.reader.fail(f"{key}.labels", f"only for a choice input; this one is {kind}")
        labels = self.reader.mapping(spec["labels"], f"{key}.labels")
        choices = spec["choices"]
        for choice, label in labels.items():
            where = f"{key}.labels.{choice}"
            if choice not in choices:
                self.reader.fail(where, f"{choice!r} is not a choice ({', '.join(choices)})")
            text = self.reader.prose(label, where)
            if len(text) > LABEL_LIMIT:
                self.reader.fail(where, f"is {len(text)} characters; keep it to {LABEL_LIMIT}")
        return tuple((choice, " ".join(labels[choice].split()))
                     for choice in choices if choice in labels)

    def applicability(self, raw: dict, inputs: dict[str, Input]) -> dict[str, Input]:
        """``inputs`` with each one's ``applies_when``: a condition on the other inputs
        (read once all are known, so it may name one declared below it), under which the
        input is used at all; a face shows it as not applying otherwise."""
        scope = template_scope(inputs, {}, {}, {})
        for name, spec in raw.items():
            if "applies_when" not in spec:
                continue
            key = f"inputs.{name}.applies_when"
            text = self.reader.text(spec["applies_when"], key)
            tree, used = self.reader.parse(text, scope, key)
            if tree.mq_type != BOOL:
                self.reader.fail(key, "must be a condition (true or false)")
            if name in used:
                self.reader.fail(key, f"names {name} itself; it may name only the other inputs")
            inputs[name] = replace(inputs[name], applies_when=" ".join(text.split()),
                                   applies_tree=tree)
        return inputs

    def listable(self, choices: list[str], key: str) -> None:
        """Check ``choices`` can be a workbook's drop-down list: Excel's list of values is
        the values joined by commas, so none may hold a comma (or a double quote, which
        would end the list's text), and the whole is at most LIST_SOURCE_LIMIT long."""
        for index, choice in enumerate(choices):
            if "," in choice or '"' in choice:
                self.reader.fail(f"{key}[{index}]", f"{choice!r} holds a comma or a double "
                                                    "quote, which a workbook's list of choices "
                                                    "cannot hold")
        listed = len(",".join(choices).encode("utf-16-le")) // 2
        if listed > LIST_SOURCE_LIMIT:
            self.reader.fail(key, f"the choices joined by commas are {listed} characters; a "
                                  f"workbook's list of choices holds at most {LIST_SOURCE_LIMIT}")
