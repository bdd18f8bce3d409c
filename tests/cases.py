"""Seeded input sets across each calculator's domain, for checks that cannot take
hypothesis's many small examples (LibreOffice, the benchmark's peers): the defaults, each
input at each edge of its domain, then random inputs from a generator seeded by name."""
from __future__ import annotations

import random

from calc.core.model import Calculator, Input
from tests.strategies import edges, upper_bound

RANDOM_CASES = 25


def random_value(spec: Input, rng: random.Random):
    """A value anywhere in the input's domain."""
    if spec.type == "bool":
        return rng.random() < 0.5
    if spec.type == "choice":
        return rng.choice(spec.choices)
    high = upper_bound(spec)
    if spec.type == "int":
        return rng.randint(spec.min, high)
    return rng.uniform(spec.min, high)


def spread_cases(calculator: Calculator, seed: str, count: int = RANDOM_CASES) -> list[dict]:
    """Defaults, each input at each edge of its domain, then ``count`` random full sets of
    inputs from a generator seeded by ``seed`` and the calculator's id."""
    cases = [{}]
    for spec in calculator.inputs.values():
        cases += [{spec.id: edge} for edge in edges(spec)]
    rng = random.Random(f"{seed}-{calculator.id}")
    cases += [{name: random_value(spec, rng) for name, spec in calculator.inputs.items()}
              for _ in range(count)]
    return cases
