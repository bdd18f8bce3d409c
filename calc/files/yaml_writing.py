"""YAML as mqcalc writes a scenario or a plan file: the keys in the order given, every
character as itself (``µs``, accents), mappings and lists in block style. PyYAML is imported
when a file is written: importing it was some 7 ms of the terminal calculator's start, which
writes no file."""
from __future__ import annotations


def yaml_text(document: dict) -> str:
    """``document`` as YAML text."""
    import yaml

    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True,
                          default_flow_style=False)
