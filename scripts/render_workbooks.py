"""Render workbooks to PNG pictures through LibreOffice, to look at them as a reader would.

    .venv/bin/python scripts/render_workbooks.py [WORKBOOK.xlsx ...] [--out DIR] [--dpi N]

Without workbooks it renders every ``generated/*.xlsx``. Each workbook is printed to PDF by
LibreOffice headless (every sheet, in order, each one page wide and as many pages long as
it needs), kept as ``DIR/<workbook>.pdf``; then each page becomes ``DIR/<workbook>-<page>.png``
with poppler's pdftoppm.
LibreOffice shows the results stored in the file, as it does by default for .xlsx files.
Prints, for each workbook, its sheets and the pictures made. Needs soffice and pdftoppm
(the README's test command installs both).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import openpyxl

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.libreoffice import convert  # noqa: E402  (the repository's LibreOffice driver)


def render(workbooks: list[Path], out: Path, dpi: int) -> dict[Path, list[Path]]:
    """Each workbook as a PDF in ``out`` and each of its pages as a PNG there:
    {workbook: [pictures]}."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mqzcalc-render-") as work:
        pdfs = convert(workbooks, out, Path(work), recalculate=False, target="pdf")
    pictures = {}
    for workbook, pdf in zip(workbooks, pdfs):
        for old in out.glob(f"{workbook.stem}-*.png"):
            old.unlink()
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(out / workbook.stem)],
                       check=True)
        pictures[workbook] = sorted(out.glob(f"{workbook.stem}-*.png"))
    return pictures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workbooks", nargs="*", type=Path,
                        help="workbooks to render (default: every generated/*.xlsx)")
    parser.add_argument("--out", type=Path, default=REPO / "renders",
                        help="folder for the pictures (default: renders/)")
    parser.add_argument("--dpi", type=int, default=70,
                        help="picture resolution in dots per inch (default: 70)")
    arguments = parser.parse_args(argv)
    workbooks = arguments.workbooks or sorted((REPO / "generated").glob("*.xlsx"))
    missing = [str(path) for path in workbooks if not path.is_file()]
    if missing:
        print(f"render_workbooks: no such workbook: {', '.join(missing)}", file=sys.stderr)
        return 2
    for workbook, pictures in render(workbooks, arguments.out, arguments.dpi).items():
        sheets = openpyxl.load_workbook(workbook, read_only=True).sheetnames
        pages = f"{len(pictures)} page{'s' if len(pictures) != 1 else ''}"
        print(f"{workbook.name}: sheets {', '.join(sheets)}; {pages}")
        for picture in pictures:
            print(f"  {picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
