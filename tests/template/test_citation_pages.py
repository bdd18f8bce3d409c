"""Every citation that names a page of one of IBM's reports and quotes it: the quoted words
are on that page (or within the pages named), as the page is printed in the report's footer.
A passage is on the page whose footer follows it (../shared/sources/README.md); citations
made when that note called the footers headers were one page low (issue 37)."""
from __future__ import annotations

import re

import pytest

from tests.conftest import CALCULATORS, SOURCES, printed_pages

pytestmark = pytest.mark.ibm_texts

PAGES = re.compile(r"\b[Pp]ages? (\d+)(?:\s*(?:to|and|-|–)\s*(\d+))?")
QUOTED = re.compile(r'"([^"]+)"')
REPORT = "mqperf_"
"""How the files of IBM's reports (../shared/sources) are named; the seeds have no pages."""
NAMED = re.compile(rf"\b({REPORT}[\w.-]+?\.txt)\b")
"""A report named in a passage: the pages named after it are its own."""
FRAGMENT = 12
"""The shortest piece of a quotation checked: a quotation is cut at its ellipses, and a
piece shorter than this (a word or two) could be on any page."""


def _citations():
    for calculator in CALCULATORS:
        yield f"{calculator.id}", calculator.citation
        for part in [*calculator.tables.values(), *calculator.constants.values()]:
            yield f"{calculator.id}.{part.id}", part.citation
        for part in calculator.cpu_spent.parts if calculator.cpu_spent else ():
            yield f"{calculator.id}.cpu_spent.{part.output}", part.citation
        for note in calculator.notes:
            if note.citation is not None:
                yield f"{calculator.id}.{note.kind}.{note.subject}", note.citation


def quoted_pages(passage: str, file: str = "") -> list[tuple[str, int, int, str]]:
    """(report, first page, last page, words) for each piece of a quotation that follows a
    page named in ``passage``, up to the next page named: of the report ``file``, or of the
    last report the passage names before that page (a table whose rows come from two
    reports names the second where its figures begin)."""
    passage = " ".join(passage.split())
    found = []
    mentions = list(PAGES.finditer(passage))
    for mention, following in zip(mentions, [*mentions[1:], None]):
        first, last = int(mention[1]), int(mention[2] or mention[1])
        named = NAMED.findall(passage[:mention.start()])
        stretch = passage[mention.end():following.start() if following else None]
        for quotation in QUOTED.findall(stretch):
            found += [(named[-1] if named else file, first, last, piece.strip(" .,;:"))
                      for piece in re.split(r"\.\.\.|…", quotation)
                      if len(piece.strip(" .,;:")) >= FRAGMENT]
    return found


CHECKED = [pytest.param(file, first, last, words, id=f"{where}:{first}:{words[:30]}")
           for where, citation in _citations()
           for file, first, last, words in quoted_pages(citation.passage, citation.file)
           if file.startswith(REPORT)]
"""Collected from the templates alone, so a run without the texts skips each by name."""


def test_the_citations_quote_enough_pages_to_check():
    assert len(CHECKED) >= 15, "the checker found too few quoted page citations to trust"


@pytest.mark.parametrize(("file", "first", "last", "words"), CHECKED)
def test_quoted_words_are_on_the_page_cited(file, first, last, words):
    pages = {number: " ".join(text.split())
             for number, text in printed_pages(SOURCES / file).items()}
    on = [number for number, text in pages.items() if words in text]
    assert any(first <= number <= last for number in on), \
        f"{file}: cited page {first}{f'-{last}' if last != first else ''}, found on {on}: {words}"


def test_a_quotation_one_page_low_is_caught():
    """The z16 report's table of expected gains over z15 is on page 7: cited as page 6 (as
    before issue 37), the check finds it elsewhere."""
    pages = printed_pages(SOURCES / "mqperf_MQ_for_zOS_on_z16.txt")
    assert "+10%" in pages[7] and "+10%" not in pages[6]
    assert quoted_pages('page 6, "the words" and page 7: "more words here"', "r.txt") == [
        ("r.txt", 7, 7, "more words here")]


def test_a_page_after_another_report_is_named_is_that_reports():
    passage = ('page 17: "words of the first report"; from mqperf_other_v1.2.txt page 24: '
               '"words of the other report"')
    assert quoted_pages(passage, "mqperf_first.txt") == [
        ("mqperf_first.txt", 17, 17, "words of the first report"),
        ("mqperf_other_v1.2.txt", 24, 24, "words of the other report")]


def test_a_footer_padded_with_spaces_is_read():
    """The zHyperWrite and AMS reports pad some footers ("Page   7"): those pages count too,
    so a passage there can be checked (before, only pages 10 on were read)."""
    pages = printed_pages(SOURCES / "mqperf_MQ_v912_zHyperWrite_active_log_acceleration.txt")
    assert set(range(2, 19)) <= set(pages)
