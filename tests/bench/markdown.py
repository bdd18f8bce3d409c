"""``python -m tests.bench.markdown [--whole] [FILE]``: a benchmark run's figures
(``out/bench.json`` unless told) as the Markdown table the README's performance section
shows, on stdout, so the README's table is made from one run, not typed; ``--whole``: every
figure, each calculator's and size's too."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .measures import markdown


def main(argv: list[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    whole = "--whole" in arguments
    files = [argument for argument in arguments if argument != "--whole"]
    path = Path(files[0] if files else "out/bench.json")
    print(markdown(json.loads(path.read_text(encoding="utf-8")), whole), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
