"""The ``measured_on`` section of a template, and the parts it can bring in.

``measured_on.text`` says on which machine and configuration the source measured its figures.
When it also names the ``machine`` (and the LPAR's ``processors`` where the source gives
them), the template includes the
part ``parts/machine.yaml``: the planner's machine as inputs, IBM's tables of the expected
improvement between generations, and the outputs that scale the published CPU figures
(``cpu_scale``) and put CPU in the planner's units (``lpar_busy_pct``, ``msu``). A part's
entries join the template's sections after the template's own, except the outputs its
``beside`` map places right after an output of the template; an entry the template already
has (such as its own ``processors`` input) is the template's.
"""
from __future__ import annotations

from pathlib import Path

from calc.core.yaml_document import Document
from calc.files.traversable import Traversable
from calc.template.reader import SectionReader, read_yaml

MEASURED_ON_KEYS = {"text", "machine", "processors"}
NAMED_SECTIONS = ("inputs", "tables", "constants", "outputs")
"""The sections of a part whose entries are named; its notes are a list."""
MACHINE_PART = "machine.yaml"
MEASURED_GENERATION = "measured_generation"
"""The name the machine part reads for the measured machine's generation: a constant the
loader adds, or an output of a template whose figures were measured on more than one
machine."""


class Parts:
    """The folder of parts the templates include, each part read once however many
    templates include it (the loader only reads a part's document, never changes it)."""

    def __init__(self, folder: Path | Traversable):
        self.folder = folder
        self.documents: dict[str, Document] = {}

    def document(self, name: str) -> Document:
        """The part ``name`` (a file name in the folder), or a TemplateError naming it."""
        if name not in self.documents:
            self.documents[name] = read_yaml(self.folder / name)
        return self.documents[name]


class PartsSection(SectionReader):
    """Reads ``measured_on`` and merges the parts it names."""

    def measured_on(self, doc: dict, parts: Parts | None) -> tuple[dict, str]:
        """The document with any part merged in, and the measured-on text ("" if none)."""
        if "measured_on" not in doc:
            return doc, ""
        spec = self.reader.mapping(doc["measured_on"], "measured_on", MEASURED_ON_KEYS, {"text"})
        text = self.reader.prose(spec["text"], "measured_on.text")
        if "machine" not in spec:
            if "processors" in spec:
                self.reader.fail("measured_on.processors", "only with machine (the LPAR measured)")
            return doc, text
        processors = spec.get("processors")
        if processors is not None and (isinstance(processors, bool)
                                       or not isinstance(processors, int) or processors < 1):
            self.reader.fail("measured_on.processors",
                             f"{processors!r} must be a whole number of at "
                             "least 1")
        if parts is None:
            self.reader.fail("measured_on.machine", "names a machine, but no folder of parts was "
                                                    "given to include the machine part from")
        part = parts.document(MACHINE_PART)
        return self.merged(doc, MACHINE_PART, part, spec["machine"], processors, text), text

    def merged(self, doc: dict, part_file: str, part, machine, processors: int | None,
               text: str) -> dict:
        """``doc`` with the machine part's entries added, its defaults set to the machine
        and the LPAR measured (the part's own processors default where the source does not
        give the LPAR's), and the ``measured_generation`` constant unless the template has
        it."""
        data = self.reader.mapping(part.data, "(top level)", {"part", "notes", "beside",
                                   *NAMED_SECTIONS})
        machines = data.get("inputs", {}).get("machine", {}).get("choices", [])
        generations = data.get("tables", {}).get("machine_generation", {}).get("rows", {})
        if machine not in machines or machine not in generations:
            self.reader.fail("measured_on.machine",
                             f"{machine!r} must be one of {', '.join(map(str, machines))}")
        merged = dict(doc)
        for section in NAMED_SECTIONS:
            own = self.reader.mapping(doc.get(section, {}), section)
            added = {name: spec for name, spec in data.get(section, {}).items()
                     if name not in own}
            for name in added:
                self.reader.borrowed[f"{section}.{name}"] = (part_file, part)
            merged[section] = {**own, **added}
        own_notes, part_notes = doc.get("notes", []), data.get("notes", [])
        for index in range(len(own_notes), len(own_notes) + len(part_notes)):
            self.reader.borrowed[f"notes[{index}]"] = (part_file, part)
        merged["notes"] = [*own_notes, *part_notes]
        merged["outputs"] = self.placed_beside(merged["outputs"], data.get("beside", {}))
        inputs = merged["inputs"]
        inputs["machine"] = {**inputs["machine"], "default": machine}
        if processors is not None and "processors" not in doc["inputs"]:
            inputs["processors"] = {**inputs["processors"], "default": processors}
        if MEASURED_GENERATION not in doc.get("outputs", {}):
            merged["constants"] = {**merged["constants"], MEASURED_GENERATION: {
                "value": generations[machine], "title": "Generation of the measured machine",
                "unit": "generation", "source": self.measured_citation(doc, machine,
                                                                       generations, text)}}
        return merged

    def placed_beside(self, outputs: dict, beside) -> dict:
        """``outputs`` reordered so each output a part's ``beside`` map lists for an anchor
        output comes right after the anchor, in the order listed."""
        followers = self.reader.mapping(beside, "beside")
        for anchor, names in followers.items():
            if not isinstance(names, list) or anchor not in outputs \
                    or not all(isinstance(name, str) and name in outputs for name in names):
                self.reader.fail(f"beside.{anchor}", "must list outputs to show after that output")
        moved = {name for names in followers.values() for name in names}
        placed = {}
        for name, spec in outputs.items():
            if name not in moved:
                placed[name] = spec
                placed.update((follower, outputs[follower])
                              for follower in followers.get(name, ()))
        return placed

    def measured_citation(self, doc: dict, machine: str, generations: dict, text: str) -> dict:
        """The measured machine's generation is the template's own claim, so its citation is
        the template's source, with the measured-on text as the passage."""
        source = self.reader.citation(doc.get("source"), "source")
        return {"file": source.file, "passage": f"measured on {text} ({machine}: generation "
                                                f"{generations[machine]})"}
