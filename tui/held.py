"""Which values results held at their last good values were computed with.

The calculator recomputes as each key is typed, so on the way to a value the engine refuses
(2.5 for a whole number, 5000 past a rule) it may have computed with a value nobody meant:
the 2 typed before the point. When a refusal holds the results, the problem line names
each input whose held value the field no longer holds, so the held figures are never
mistaken for the figures of what was typed. No Textual here: tested without the app.
"""
from __future__ import annotations

from calc import InputError
from calc.core.formatting import as_written
from calc.core.model import Calculator
from calc.core.values import likely_value


def held_with(calculator: Calculator, held: dict, fields: dict) -> str:
    """``name = value`` for each input whose value in ``held`` (the inputs of the result
    shown) differs from what its field holds in ``fields``, joined with commas; empty when
    the fields hold the held values."""
    return ", ".join(f"{name} = {as_written(held[name])}"
                     for name, spec in calculator.inputs.items()
                     if _judged(spec, fields[name], calculator.id) != held[name])


def _judged(spec, raw: object, calculator_id: str) -> object:
    """What the engine takes ``raw`` as (2.50 as 2.5, 800..1200 as 1000), or ``raw`` itself
    when it refuses it."""
    try:
        return likely_value(spec, raw, calculator_id)
    except InputError:
        return raw
