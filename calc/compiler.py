"""Compile a calculator's formulas once into one Python function.

The whole calculator becomes the source of a single function, one line per output in
dependency order, and one tuple of note conditions; it is compiled once and kept. Tables and
constants are bound as globals of that function, so a call does no look-up of its own beyond
the formulas themselves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .emit_python import HELPERS, to_python
from .errors import CalculationError
from .model import Calculator


@dataclass(frozen=True)
class Compiled:
    """The compiled form of one calculator: ``run(**inputs) -> (outputs, note_flags)`` and
    ``broken(**inputs) -> index of the first check the inputs break, or -1``."""

    calculator: Calculator
    run: Callable[..., tuple[dict, tuple[bool, ...]]]
    broken: Callable[..., int]
    source: str
    line_output: dict[int, str]

    def __call__(self, values: dict) -> tuple[dict, tuple[bool, ...]]:
        try:
            return self.run(**values)
        except (ZeroDivisionError, KeyError, OverflowError, ValueError) as error:
            name = self._failing_output(error)
            raise CalculationError(f"{self.calculator.id}: {name} cannot be computed for these "
                                   f"inputs ({type(error).__name__}: {error})") from None

    def _failing_output(self, error: BaseException) -> str:
        traceback = error.__traceback__
        while traceback.tb_next is not None and traceback.tb_frame.f_code.co_filename != self.filename:
            traceback = traceback.tb_next
        return self.line_output.get(traceback.tb_lineno, "a note condition")

    @property
    def filename(self) -> str:
        return f"<calculator {self.calculator.id}>"


def compile_calculator(calculator: Calculator) -> Compiled:
    """Generate, compile and return the evaluation function for ``calculator``."""
    lines = [f"def run({', '.join(calculator.inputs)}):"]
    line_output = {}
    for name in calculator.evaluation_order:
        lines.append(f"    {name} = {to_python(calculator.outputs[name].tree)}")
        line_output[len(lines)] = name
    lines.append("    return {" + ", ".join(f"{name!r}: {name}" for name in calculator.outputs)
                 + "}, (" + "".join(to_python(note.tree) + ", " for note in calculator.notes) + ")")
    lines.append(f"def broken({', '.join(calculator.inputs)}):")
    lines += [f"    if not {to_python(check.tree)}: return {index}"
              for index, check in enumerate(calculator.checks)]
    lines.append("    return -1")
    source = "\n".join(lines) + "\n"
    namespace = dict(HELPERS)
    namespace.update({table.id: table.data for table in calculator.tables.values()})
    namespace.update({constant.id: constant.value for constant in calculator.constants.values()})
    filename = f"<calculator {calculator.id}>"
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - source built from checked trees
    return Compiled(calculator, namespace["run"], namespace["broken"], source, line_output)

