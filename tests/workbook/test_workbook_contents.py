"""The combined workbook's overview and Sources sheets: every calculator and every cited
figure is there, linked to where it lives, and the overview's headline values are live."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.core.formatting import plain_number
from calc.core.names import STATUS, sweep_sheet
from calc.template.documents import registry
from calc.workbook import sources
from calc.workbook.input_state import accepted
from calc.workbook.overview import SHEET as OVERVIEW
from calc.workbook.overview import STATE_LABEL, headline_name
from calc.workbook.sources import SHEET as SOURCES
from calc.workbook.summary_block import ALL_CLEAR
from tests.compare import agrees, named_cell
from tests.conftest import CALCULATORS, cited_document
from tests.input_cells import cell_values
from tests.strategies import calculator_inputs
from tests.xlsx_oracle import WorkbookOracle


@pytest.fixture(scope="module")
def combined(opened):
    return opened("mqzcalc.xlsx")


@pytest.fixture(scope="module")
def oracle(opened):
    return WorkbookOracle.of(opened("mqzcalc.xlsx"))


def _link(cell) -> str:
    return cell.hyperlink.location or cell.hyperlink.target


def test_overview_comes_first_and_sources_last(combined):
    assert combined.sheetnames[0] == OVERVIEW
    assert combined.sheetnames[-1] == SOURCES


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_overview_line_links_the_sheet_and_stores_the_headline(opened, combined, calculator):
    sheet = combined[OVERVIEW]
    value_cell = named_cell(sheet, headline_name(calculator.id))
    row = value_cell.row
    title_cell = sheet.cell(row, 1)
    assert title_cell.value == calculator.title
    assert _link(title_cell) == f"'{calculator.id}'!A1"
    assert sheet.cell(row, 2).value == calculator.summary
    headline = calculator.outputs[calculator.headline]
    assert sheet.cell(row, 3).value == headline.title
    assert (sheet.cell(row, 5).value or "") == headline.unit
    assert _link(sheet.cell(row, 6)) == f"'{sweep_sheet(calculator.id)}'!A1"
    target = named_cell(combined[calculator.id], headline.id).coordinate
    assert value_cell.value.replace("$", "") == f"={calculator.id}!{target}"
    stored = opened("mqzcalc.xlsx", data_only=True)[OVERVIEW]
    expected = calc.evaluate(calculator.id, {})[headline.id]
    assert agrees(expected, stored[value_cell.coordinate].value, rel=1e-15)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_overview_headline_follows_the_calculator_sheet(oracle, calculator, data):
    inputs = data.draw(calculator_inputs(calculator))
    oracle.set_all(calculator.id, cell_values(calculator, inputs))
    expected = calc.evaluate(calculator.id, inputs)[calculator.headline]
    assert agrees(expected, oracle.value(OVERVIEW, headline_name(calculator.id)), rel=1e-12)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_overview_shows_each_calculators_input_state(combined, oracle, calculator):
    """The line under each calculator's on the overview follows the calculator sheet's status
    line: all clear as written, the first problem once an input is blanked there."""
    sheet = combined[OVERVIEW]
    row = named_cell(sheet, headline_name(calculator.id)).row
    assert sheet.cell(row + 1, 1).value == STATE_LABEL
    state = sheet.cell(row + 1, 2)
    assert state.value.replace("$", "") == \
        f"={calculator.id}!{named_cell(combined[calculator.id], STATUS).coordinate}"
    first = next(iter(calculator.inputs))
    defaults = cell_values(calculator, calculator.defaults())
    oracle.set_all(calculator.id, {**defaults, first: None})
    try:
        assert oracle.cell(OVERVIEW, state.coordinate) == \
            f"{first} expects {accepted(calculator.inputs[first])}"
    finally:
        oracle.set_all(calculator.id, defaults)
    assert oracle.cell(OVERVIEW, state.coordinate) == ALL_CLEAR


def test_sources_list_every_table_and_constant_with_its_citation(combined):
    """Each figure's line (calculator, kind, linked name, figure, unit, title), and under
    it the file and passage it comes from."""
    sheet = combined[SOURCES]
    lines = list(sheet.iter_rows())
    rows = {(row[sources.CALCULATOR].value, row[sources.NAME].value): (row, lines[index + 1])
            for index, row in enumerate(lines) if row[sources.KIND].value in ("table", "constant")}
    expected = {(c.id, name) for c in CALCULATORS for name in [*c.tables, *c.constants]}
    assert set(rows) == expected
    for calculator in CALCULATORS:
        figures = {**calculator.tables, **calculator.constants}
        for name, figure in figures.items():
            row, under = rows[(calculator.id, name)]
            assert row[sources.TITLE].value == figure.title
            assert row[sources.UNIT].value == figure.unit
            assert under[sources.CALCULATOR].value == \
                f"{figure.citation.file}: {figure.citation.passage}"
            if name in calculator.constants:
                assert row[sources.FIGURE].value == plain_number(figure.value)
            range_name = combined[calculator.id].defined_names[name].attr_text
            first = range_name.split("!")[1].split(":")[0].replace("$", "")
            assert _link(row[sources.NAME]) == f"'{calculator.id}'!{first}"


def test_every_cited_document_has_a_title():
    cited = {c.citation.file for c in CALCULATORS}
    cited |= {figure.citation.file for c in CALCULATORS
              for figure in [*c.tables.values(), *c.constants.values()]}
    cited |= {note.citation.file for c in CALCULATORS for note in c.notes if note.citation}
    assert cited <= set(registry())


def test_sources_sheet_names_each_document(combined):
    texts = {cell.value for row in combined[SOURCES].iter_rows() for cell in row}
    for file, document in registry().items():
        assert file in texts and document.reference() in texts


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.id)
def test_each_calculators_workbook_ends_with_its_own_sources(opened, calculator):
    """Its figures, and the documents it cites and no others, each with title, publisher
    and date."""
    book = opened(f"{calculator.id}.xlsx")
    assert book.sheetnames[-1] == SOURCES
    sheet = book[SOURCES]
    names = {row[2].value for row in sheet.iter_rows() if row[1].value in ("table", "constant")}
    assert names == {*calculator.tables, *calculator.constants}
    cited = {calculator.citation.file} | {figure.citation.file for figure in
                                          [*calculator.tables.values(),
                                           *calculator.constants.values()]} | {
        note.citation.file for note in calculator.notes if note.citation is not None}
    listed = {row[0].value for row in sheet.iter_rows() if row[0].value in registry()}
    assert listed == cited
    texts = {cell.value for row in sheet.iter_rows() for cell in row}
    assert {registry()[file].reference() for file in cited} <= texts


STATED = {
    "002_d8ea5ad91b1ebf9b.txt": "[tonySharkey](#) Published on 26/03/2019",
    "003_a65b9f47387b24ec.txt": "By Anthony Sharkey posted Mon January 13, 2020",
    "004_8d506b0c1db2e806.txt": "Version 1.0 – July 2019 Tony Sharkey",
    "mqperf_MQ_for_zOS_on_z14_v1.2.txt": "Version 1.2 – September 2018 Tony Sharkey",
    "mqperf_MQ_for_zOS_on_z15.txt": "Version 1.0 – January 2020 Tony Sharkey",
    "mqperf_MQ_for_zOS_on_z16.txt": "Version 1.0 – September 2022 Tony Sharkey",
    "mqperf_MQ_v912_zHyperWrite_active_log_acceleration.txt":
        "Version 1.0 – March 2019 Tony Sharkey",
    "mqperf_V913_AMS_Interception_on_server-server_message_channels.txt":
        "Version 1.0 – July 2019 Tony Sharkey",
    "mqperf_QREP_Performance_MQ_zOS_to_Linux.txt": "Version 1.0 – February 2018 Tony Sharkey",
    "mqperf_MQforZOS_ChannelCompression_v1.1.txt": "Version 1.1 – February 2023 Tony Sharkey",
}
"""How each dated document states its date and author, word for word from its opening
(Markdown heading marks left out)."""


@pytest.mark.ibm_texts
@pytest.mark.parametrize("file", registry())
def test_each_documents_title_and_date_are_the_ones_it_states(file):
    document = registry()[file]
    opening = " ".join(word for word in cited_document(file).read_text().split()[:60]
                       if word not in ("#", "##"))
    if file not in STATED and document.date is not None:  # one added since: title and year
        assert document.title in opening and document.date.split()[-1] in opening
        return
    if document.date is None:  # the two blog texts open with their first paragraph
        assert file not in STATED and document.title.endswith("(no title in the text)")
        assert not any(year in opening for year in map(str, range(2010, 2030)))
        return
    assert STATED[file] in opening
    assert document.title.split(", version")[0] in opening
    day_month_year = document.date.split()
    assert day_month_year[-1] in STATED[file]
    assert document.author.split()[-1] in STATED[file]  # the blog's byline: tonySharkey
    assert document.reference().endswith(f"({document.author}, IBM, {document.date})")
