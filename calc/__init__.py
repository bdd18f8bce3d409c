"""mqzcalc's engine: calculator templates loaded, checked and compiled; no user interface.

Public API: :func:`evaluate`, :func:`run`, :func:`catalogue`, :func:`calculator`, and the
errors every door reports as one line.
"""
from .engine import Result, calculator, catalogue, evaluate, run, validate
from .errors import CalculationError, InputError, MqcalcError, TemplateError

__all__ = ["CalculationError", "InputError", "MqcalcError", "Result", "TemplateError",
           "calculator", "catalogue", "evaluate", "run", "validate"]
