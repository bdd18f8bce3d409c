"""Where a value lies among the points a report measured (message sizes, distances,
compressibilities), as the templates interpolate between them."""
from __future__ import annotations


def bracket(value: float, points: tuple) -> tuple:
    """The measured point at or below ``value`` (already within the points) and the next one,
    the last two at the top, and how far ``value`` lies from the first to the second:
    (lower, upper, fraction)."""
    lower = next(point for point in reversed(points[:-1]) if value >= point)
    upper = points[points.index(lower) + 1]
    return lower, upper, (value - lower) / (upper - lower)
