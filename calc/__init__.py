"""mqzcalc's engine: calculator templates loaded, checked and compiled (the terminal
calculator, ``tui``, is apart and only asks the engine for figures).

Public API: :func:`evaluate`, :func:`run`, :func:`catalogue`, :func:`calculator`,
:func:`chart_series` (a declared chart's figures), and the errors every door reports as one
line. The package also holds two faces that need no terminal: the command line
(:mod:`calc.cli`) and the workbook writer (:mod:`calc.workbook`).

Start-up: a command loads only what it needs. :func:`calc.cli.main` imports the module of
the command run; a module imports at its top only what every use of it needs, and where
used what only some do (the workbook writer, a report's reader, PyYAML when a cached
template needs none); the one name used only in annotations that would load a package to
import (``Traversable``) comes from :mod:`calc.files.traversable`. tests/cli/test_startup.py
holds which modules and templates each command loads; the benchmark (``python -m
tests.bench --only startup``) times it.
"""
from calc.core.errors import CalculationError, InputError, MqcalcError, TemplateError
from calc.engine import Result, calculator, catalogue, evaluate, ranged, run, validate

__all__ = ["CalculationError", "InputError", "MqcalcError", "Result", "Series", "TemplateError",
           "calculator", "catalogue", "chart_series", "evaluate", "ranged", "run", "validate"]


def __getattr__(name: str):
    """``Series`` and ``chart_series`` from :mod:`calc.engine.charts`, imported when first
    asked for: a command that draws no chart (``mqcalc eval``, say) does not pay for that
    module."""
    if name in ("Series", "chart_series"):
        from calc.engine import charts

        return getattr(charts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
