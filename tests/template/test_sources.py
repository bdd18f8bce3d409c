"""Every constant carries its source: the cited seed (or further report, in ../shared/sources)
exists and holds the figure, or the figure is written out in the derivation that the
citation carries."""
from __future__ import annotations

import re

import pytest

from tests.conftest import CALCULATORS, cited_document

FIGURES = [pytest.param({key: figure for key, figure in table.data.items()
                         if not isinstance(figure, (str, bool))}, table.citation,
                        id=f"{c.id}.{table.id}")
           for c in CALCULATORS for table in c.tables.values()]
FIGURES += [pytest.param({(): constant.value}, constant.citation, id=f"{c.id}.{constant.id}")
            for c in CALCULATORS for constant in c.constants.values()]
"""Each table's figures (by key) and each constant, one check a table: channel_compression's
four tables hold 2,400 figures, which as a test each cost the suite more than they read."""


def _figures(text: str) -> set[str]:
    """The numbers written in ``text`` (thousands separators dropped), each as written and
    as a figure is shown (``10.10`` also as ``10.1``, as YAML reads it), and each written
    with a minus sign also with its sign (a derivation may state "-30" for "dropped by
    30%")."""
    found = re.findall(r"(?<![\w.])(-?)(\d+(?:\.\d+)?)(?![\w.]*\d)", text.replace(",", ""))
    found += [(sign, f"{float(number):g}") for sign, number in found]
    return {number for _, number in found} | {sign + number for sign, number in found}


@pytest.mark.ibm_texts
@pytest.mark.parametrize(("figures", "citation"), FIGURES)
def test_figure_comes_from_the_cited_seed_or_its_derivation(figures, citation):
    seed = cited_document(citation.file)
    where = _figures(seed.read_text(encoding="utf-8")) | _figures(citation.passage)
    missing = {key: figure for key, figure in figures.items()
               if (f"{figure:g}" if isinstance(figure, float) else str(figure)) not in where}
    assert not missing, f"{missing} appear neither in {citation.file} nor in its derivation"


@pytest.mark.ibm_texts
@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_calculator_source_exists(calculator):
    assert cited_document(calculator.citation.file).is_file()
