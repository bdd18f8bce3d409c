"""``python -m tests.bench.markdown [FILE]``: a benchmark run's figures (``out/bench.json``
unless told) as the Markdown table the README's performance section shows, on stdout, so
the README's table is made from one run, not typed."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .measures import markdown


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    path = Path(arguments[0] if arguments else "out/bench.json")
    print(markdown(json.loads(path.read_text(encoding="utf-8"))), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
