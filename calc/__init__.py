"""mqzcalc's engine: calculator templates loaded, checked and compiled; no user interface.

Public API: :func:`evaluate`, :func:`run`, :func:`catalogue`, :func:`calculator`,
:func:`chart_series` (a declared chart's figures), and the errors every door reports as one
line.
"""
from .charts import Series, chart_series
from .engine import Result, calculator, catalogue, evaluate, run, validate
from .errors import CalculationError, InputError, MqcalcError, TemplateError

__all__ = ["CalculationError", "InputError", "MqcalcError", "Result", "Series", "TemplateError",
           "calculator", "catalogue", "chart_series", "evaluate", "run", "validate"]
