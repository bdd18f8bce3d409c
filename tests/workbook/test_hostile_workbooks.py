"""Crafted workbooks given to ``mqcalc eval --from-workbook``: each is refused in one line
naming the file, with exit status 2, within 500 MB of address space and 10 seconds. Each is
made here by hand from the committed connect workbook, changing one part: a small file that
stands for gigabytes (a range over a whole sheet, a sheet of millions of cells or a shared
strings part of millions of strings compressed small, entity expansion), or a part that is
missing or malformed (an index out of range, a defined name that is no cell, bad XML, a
damaged zip)."""
from __future__ import annotations

import re
import resource
import subprocess
import sys
import zipfile

import pytest

from tests.conftest import REPO

SOURCE = REPO / "generated" / "connect.xlsx"
WORKBOOK, SHEET = "xl/workbook.xml", "xl/worksheets/sheet1.xml"
STRINGS, STYLES = "xl/sharedStrings.xml", "xl/styles.xml"
MEMORY = 500 << 20
"""The address space a refusal may take (issue 21: none exceeds 500 MB)."""
SECONDS = 10
"""The time a refusal may take (issue 21: none exceeds 10 s)."""


def parts() -> dict:
    """Part name -> content of the connect workbook as mqcalc builds it."""
    with zipfile.ZipFile(SOURCE) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def cell_of(content: dict, name: str) -> str:
    """The cell of the connect sheet that the local defined name ``name`` points at."""
    match = re.search(rf'<definedName name="{name}" localSheetId="0">connect!\$([A-Z]+)'
                      rf'\$([0-9]+)<'.encode(), content[WORKBOOK])
    return (match[1] + match[2]).decode()


SHARECNV, LISTENER, TLS = (cell_of(parts(), name) for name in ("sharecnv", "listener", "tls"))
"""The cells of three inputs, which the crafted parts below break."""


def replaced(content: dict, part: str, pattern: str, replacement: str) -> dict:
    """``content`` with the first match of the regular expression ``pattern`` in ``part``
    replaced."""
    text, count = re.subn(pattern.encode(), replacement.encode(), content[part], count=1)
    assert count == 1, pattern
    return {**content, part: text}


def named(content: dict, name: str, reference: str) -> dict:
    """The sheet-local defined name ``name`` pointing at ``reference`` instead."""
    return replaced(content, WORKBOOK, rf'(<definedName name="{name}" localSheetId="0">)[^<]*',
                    rf"\g<1>{reference}")


def stored(content: dict, name: str, attributes: str, value: str) -> dict:
    """The cell named ``name`` written as ``<c r=.. ATTRIBUTES><v>VALUE</v></c>``."""
    cell = cell_of(content, name)
    return replaced(content, SHEET, rf'<c r="{cell}"[^>]*?(/>|>.*?</c>)',
                    f'<c r="{cell}" {attributes}><v>{value}</v></c>')


def more_rows(content: dict, rows: str) -> dict:
    return replaced(content, SHEET, "</sheetData>", f"{rows}</sheetData>")


LAUGHS = ('<!DOCTYPE workbook [<!ENTITY a "hahahahaha">'
          + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                    for i in range(9)) + "]>")
"""A document type declaration whose last entity (``j``) expands to ten billion bytes."""


def whole_sheet_merged(content):
    return replaced(content, SHEET, "</sheetData>",
                    '</sheetData><mergeCells count="1"><mergeCell ref="A1:XFD1048576"/>'
                    "</mergeCells>")


CRAFTED = {
    "a defined name over the whole sheet": (
        lambda c: named(c, "tls", "connect!$A$1:$XFD$1048576"),
        "sheet connect: the defined name tls (input tls) refers to connect!$A$1:$XFD$1048576, "
        "not to one cell of this sheet"),
    "millions of cells compressed small": (
        lambda c: more_rows(c, ("<row>" + "<c><v>1</v></c>" * 1000 + "</row>") * 3000),
        f"part {SHEET} decompresses to more than 16 MB"),
    "millions of empty cells within the size bound": (
        lambda c: more_rows(c, ("<row>" + "<c/>" * 1000 + "</row>") * 3000),
        "its parts hold more than 500000 XML elements"),
    "a huge shared strings part": (
        lambda c: replaced(c, STRINGS, "</sst>", "<si><t>x</t></si>" * 6_000_000 + "</sst>"),
        f"part {STRINGS} decompresses to more than 16 MB"),
    "entity expansion": (
        lambda c: named(replaced(c, WORKBOOK, "<workbook ", LAUGHS + "<workbook "), "tls",
                        "&j;"),
        f"part {WORKBOOK} has a document type declaration (DOCTYPE)"),
    "an external entity": (
        lambda c: replaced(replaced(c, STRINGS, "<sst ", '<!DOCTYPE sst [<!ENTITY e SYSTEM '
                                    '"file:///etc/passwd">]><sst '),
                           STRINGS, "<si><t>", "<si><t>&e;"),
        f"part {STRINGS} has a document type declaration (DOCTYPE)"),
    "a shared string index out of range": (
        lambda c: stored(c, "listener", 's="20" t="s"', "99999"),
        f"cell {LISTENER}: refers to shared string 99999, but the workbook holds "),
    "a style index out of range": (
        lambda c: stored(c, "sharecnv", 's="9999"', "1"),
        f"cell {SHARECNV}: has style 9999, but the workbook holds "),
    "a #REF! defined name": (
        lambda c: named(c, "tls", "connect!#REF!"),
        "the defined name tls (input tls) refers to connect!#REF!, not to one cell of this sheet"),
    "an empty defined name": (
        lambda c: named(c, "tls", ""),
        "the defined name tls (input tls) refers to nothing, not to one cell of this sheet"),
    "a missing sheet part": (
        lambda c: {name: data for name, data in c.items() if name != SHEET},
        f"part {SHEET} is missing"),
    "a missing shared strings part": (
        lambda c: {name: data for name, data in c.items() if name != STRINGS},
        f"part {STRINGS} is missing"),
    "bad XML": (
        lambda c: {**c, SHEET: c[SHEET][:len(c[SHEET]) // 2]},
        f"part {SHEET} is not well-formed XML ("),
    "a number past every float in an input": (
        lambda c: stored(c, "sharecnv", 's="19"', "1E999"),
        f"sheet connect, cell {SHARECNV}: connect: input sharecnv=inf: expects a whole number"),
    "a number of too many digits": (
        lambda c: stored(c, "sharecnv", 's="19"', "9" * 5000),
        f"cell {SHARECNV}: holds '999999"),
    "a boolean that is neither": (
        lambda c: stored(c, "tls", 's="21" t="b"', "2"),
        f"cell {TLS}: holds '2' as a boolean, which is 0 or 1"),
    "a text longer than a cell holds": (
        lambda c: replaced(c, SHEET, rf'<c r="{LISTENER}"[^>]*?(/>|>.*?</c>)',
                           f'<c r="{LISTENER}" t="inlineStr"><is><t>{"x" * 40000}</t></is></c>'),
        f"sheet connect, cell {LISTENER}: holds a text of more than 32767 characters"),
    "a sheet number of too many digits": (
        lambda c: replaced(c, WORKBOOK, '<definedName name="tls" localSheetId="0">',
                           f'<definedName name="tls" localSheetId="{"0" * 5000}">'),
        "sheet connect: has no defined name tls for input tls"),
    "a row numbered with no number": (
        lambda c: replaced(c, SHEET, '<row r="1" ', '<row r="one" '),
        f"part {SHEET} has a row numbered 'one'"),
    "a row number of too many digits": (
        lambda c: replaced(c, SHEET, '<row r="1" ', f'<row r="{"9" * 5000}" '),
        f"part {SHEET} has a row numbered '9999"),
    # issue 38: each of these was read silently as some figure
    "a number with an underscore (int() reads 1_0 as 10)": (
        lambda c: stored(c, "sharecnv", 's="19"', "1_0"),
        f"sheet connect, cell {SHARECNV}: holds '1_0' as a number, which is no number"),
    "a number in Arabic-Indic digits (int() reads it as 3)": (
        lambda c: stored(c, "sharecnv", 's="19"', "\u0663"),
        f"sheet connect, cell {SHARECNV}: holds '\u0663' as a number, which is no number"),
    "a cell written twice (the last one was read)": (
        lambda c: replaced(c, SHEET, rf'(<c r="{SHARECNV}"[^>]*?(?:/>|>.*?</c>))',
                           rf'\g<1><c r="{SHARECNV}" s="19"><v>7</v></c>'),
        f"sheet connect, cell {SHARECNV}: is written twice (part {SHEET}); a sheet holds one cell "
        "at each place"),
    "a defined name given twice for one sheet (the last one was read)": (
        lambda c: replaced(c, WORKBOOK, '(<definedName name="tls" localSheetId="0">[^<]*'
                                        '</definedName>)',
                           r'\g<1><definedName name="tls" localSheetId="0">connect!$B$25'
                           '</definedName>'),
        f"part {WORKBOOK} defines the name tls twice for one sheet"),
}
"""Each crafted workbook: how it is made from the connect workbook's parts, and what its
refusal says after ``workbook PATH: ``."""


def write(path, content: dict, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in content.items():
            archive.writestr(name, data)
    return path


def limited():
    """In the child: at most :data:`MEMORY` of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def refusal(path) -> str:
    """The one line ``mqcalc eval --from-workbook PATH`` prints as it refuses, under the
    memory and time limits."""
    completed = subprocess.run([sys.executable, "-m", "calc", "eval", "--from-workbook",
                                str(path)], cwd=REPO, capture_output=True, text=True,
                               timeout=SECONDS, preexec_fn=limited)
    assert completed.returncode == 2 and completed.stdout == "", completed.stderr[-3000:]
    [line] = completed.stderr.splitlines()
    assert line.startswith(f"mqcalc: workbook {path}: "), line
    return line


@pytest.mark.parametrize("case", CRAFTED)
def test_a_crafted_workbook_is_refused_in_one_line_within_bounds(tmp_path, case):
    craft, said = CRAFTED[case]
    path = write(tmp_path / "crafted.xlsx", craft(parts()))
    line = refusal(path)
    assert said in line, line


def test_a_merged_range_over_the_whole_sheet_costs_nothing(tmp_path):
    """Merged cells are not read at all: the workbook imports as it would without them."""
    path = write(tmp_path / "merged.xlsx", whole_sheet_merged(parts()))
    completed = subprocess.run([sys.executable, "-m", "calc", "eval", "--from-workbook",
                                str(path)], cwd=REPO, capture_output=True, text=True,
                               timeout=SECONDS, preexec_fn=limited)
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert completed.stdout.splitlines()[-1].startswith("  stored results agree")


def test_a_part_whose_header_understates_its_size_is_read_no_further(tmp_path):
    """A zip header that says a part is small gains nothing: no more than it says is read
    (and then the part's checksum fails)."""
    content = replaced(parts(), STRINGS, "</sst>", "<si><t>x</t></si>" * 3_000_000 + "</sst>")
    path = write(tmp_path / "lying.xlsx", content)
    data = bytearray(path.read_bytes())
    size = len(content[STRINGS]).to_bytes(4, "little")
    assert data.count(size) == 2  # the local header's and the directory's
    path.write_bytes(bytes(data).replace(size, (1000).to_bytes(4, "little")))
    assert f"part {STRINGS} cannot be unpacked" in refusal(path)


def test_a_damaged_part_is_refused(tmp_path):
    path = write(tmp_path / "damaged.xlsx", parts())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(SHEET)
    data = bytearray(path.read_bytes())
    start = info.header_offset + 30 + len(SHEET)  # past the local header (APPNOTE 4.3.7)
    data[start + 100:start + 200] = bytes(100)
    path.write_bytes(bytes(data))
    assert f"part {SHEET} cannot be unpacked" in refusal(path)


def test_a_zip_directory_of_too_many_entries_is_refused(tmp_path):
    content = {**parts(), **{f"x/{number}": b"" for number in range(20_000)}}
    path = write(tmp_path / "entries.xlsx", content, zipfile.ZIP_STORED)
    assert "its zip directory holds more than 10000 entries" in refusal(path)


def test_a_file_larger_than_the_bound_is_refused(tmp_path):
    path = tmp_path / "large.xlsx"
    with open(path, "wb") as file:
        file.truncate((32 << 20) + 1)  # sparse: no disk is written
    assert refusal(path).endswith(": is larger than 32 MB, the most mqcalc reads of such a file")
