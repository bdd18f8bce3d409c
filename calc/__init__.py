"""mqzcalc's engine: calculator templates loaded, checked and compiled; no user interface.

Public API: :func:`evaluate`, :func:`run`, :func:`catalogue`, :func:`calculator`,
:func:`chart_series` (a declared chart's figures), and the errors every door reports as one
line.
"""
from .engine import Result, calculator, catalogue, evaluate, run, validate
from .errors import CalculationError, InputError, MqcalcError, TemplateError

__all__ = ["CalculationError", "InputError", "MqcalcError", "Result", "Series", "TemplateError",
           "calculator", "catalogue", "chart_series", "evaluate", "run", "validate"]


def __getattr__(name: str):
    """``Series`` and ``chart_series`` from :mod:`calc.charts`, imported when first asked for:
    a command that draws no chart (``mqcalc eval``, say) does not pay for that module."""
    if name in ("Series", "chart_series"):
        from . import charts

        return getattr(charts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
