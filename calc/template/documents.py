"""The published documents figures come from, by the file name citations use.

The registry is data, beside the templates: ``documents.yaml`` in the installed templates
(IBM's documents), joined by the one in a team's own templates folder
(``MQZCALC_TEMPLATES``), so that a team's templates can cite their own documents. Each
record gives a document a title a reader can look up, so that a workbook or a report
handed to someone without the files still says where a figure was published. The files
themselves stay outside the project (``../shared/seeds`` and ``../shared/sources`` beside a
checkout). The engine checks, as it loads a template, that every file it cites is here
(:func:`missing`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from calc.core.model import Calculator, Citation
from calc.template.folders import document_registries
from calc.template.reader import TemplateReader

NO_DATE = "date not stated"
"""What a reference shows for a document that gives no date."""
KEYS, REQUIRED = {"title", "date", "author", "publisher"}, {"title", "date"}


@dataclass(frozen=True)
class Document:
    """One source document: its title, author, publisher and date as the text gives them."""

    title: str
    date: str | None
    """As the document states it (e.g. "26 March 2019"); None when it states none."""
    author: str | None = None
    publisher: str = "IBM"

    def reference(self) -> str:
        """Title, author, publisher and date in one line, as a reader would look it up."""
        by = f"{self.author}, " if self.author else ""
        return f"{self.title} ({by}{self.publisher}, {self.date or NO_DATE})"


class _Registry(TemplateReader):
    """One ``documents.yaml``, read and checked as strictly as a template."""

    def documents(self) -> dict[str, Document]:
        top = self.mapping(self.document, "(top level)", {"documents"}, {"documents"})
        listed = self.mapping(top["documents"], "documents")
        found = {}
        for file, record in listed.items():
            key = f"documents.{file}"
            spec = self.mapping(record, key, KEYS, REQUIRED)
            found[self.text(file, key)] = Document(
                self.prose(spec["title"], f"{key}.title"),
                None if spec["date"] is None else self.text(spec["date"], f"{key}.date"),
                self.text(spec["author"], f"{key}.author") if spec.get("author") else None,
                self.text(spec["publisher"], f"{key}.publisher")
                if "publisher" in spec else "IBM")
        return found


@cache
def registry() -> dict[str, Document]:
    """Every document the templates may cite: the installed registry's, then the team's
    folder's where it has one (its entries win)."""
    found: dict[str, Document] = {}
    for path in document_registries():
        found.update(_Registry(path).documents())
    return found


def missing(calculator: Calculator) -> list[str]:
    """The files ``calculator`` cites that the registry does not list."""
    known = registry()
    return sorted(file for file in cited_files([calculator]) if file not in known)


def cited_files(calculators: list[Calculator]) -> set[str]:
    """The documents ``calculators`` cite: their own sources, their figures' and their
    warnings' (the measured ranges and limits behind the evidence marks)."""
    return {citation.file for calculator in calculators
            for citation in (calculator.citation,
                             *(figure.citation for figure in (*calculator.tables.values(),
                                                              *calculator.constants.values())),
                             *(note.citation for note in calculator.notes if note.citation))}


def cite(citation: Citation) -> str:
    """A citation a reader can follow without the files: the document's reference, its file
    name, then the table or passage inside it."""
    return f"{registry()[citation.file].reference()}, file {citation.file}: {citation.passage}"
