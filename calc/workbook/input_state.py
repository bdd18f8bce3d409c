"""Whether the values in a sheet's input cells are ones the engine accepts, as spreadsheet
formulas, so that a workbook refuses what the engine refuses.

Data validation stops a value typed into an input cell outside its domain, but not a blank
(deleting a value is never validated), a pasted value, or a choice typed in another case
(Excel's list validation and ``=`` both ignore case, the engine does not). So each input
also gets a condition, true only for a value the engine would compute with unchanged:

* a whole number: a number, whole, within min and max;
* a number: a number within min and max;
* a switch: the text ``yes`` or ``no``, exactly (the prompt says so);
* a choice: one of the choices exactly, case included.

A cell failing its condition gives a problem worded as the command line words a refusal,
``connects_per_sec expects a number from 0 to 1,000,000``; rules between inputs are judged
only once every input passes, as the engine judges them (:attr:`calc.core.model.Check.problem`).

A switch's cell holds text, not a spreadsheet boolean, because a boolean is not the same in
every language: German LibreOffice and Excel write and read it as WAHR and FALSCH, French as
VRAI and FAUX, and a dropdown of TRUE and FALSE there puts the *text* TRUE in the cell. The
text ``yes`` and ``no`` is the same in every language (:func:`cell_value`), is picked from a
dropdown or typed alike, and every formula reads the cell as the boolean it stands for,
``EXACT(cell,"yes")`` (:func:`switches_read`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from calc.core.model import Input
from calc.formula.emit_excel import number_literal, quoted

STATE_FUNCTIONS = {"IF", "AND", "OR", "INT", "ISNUMBER", "EXACT"}
"""Every spreadsheet function the conditions here write; all must be in openpyxl's FORMULAE
(a test checks, as for :data:`calc.formula.emit_excel.EMITTED_FUNCTIONS`)."""


YES, NO = "yes", "no"
"""What a switch's cell holds, on and off."""


def cell_value(spec: Input, value: object) -> object:
    """What ``spec``'s input cell holds for ``value``: a switch's :data:`YES` or
    :data:`NO`; any other value as it is."""
    if spec.type == "bool":
        return YES if value else NO
    return value


def switches_read(inputs: Mapping[str, Input], refer: Callable[[str], str] = str
                  ) -> Callable[[str], str]:
    """``refer`` (the text of a name in a formula, :func:`calc.formula.emit_excel.to_excel`)
    with each switch among ``inputs`` read as the boolean its cell stands for."""
    def read(name: str) -> str:
        spec = inputs.get(name)
        if spec is not None and spec.type == "bool":
            return f"EXACT({refer(name)},{quoted(YES)})"
        return refer(name)
    return read


def accepted(spec: Input) -> str:
    """What an input cell accepts, in the words of its prompt: the engine's domain, with a
    switch as the text yes or no."""
    return f"{YES} or {NO}" if spec.type == "bool" else spec.accepts()


def refusal(spec: Input) -> str:
    """The problem shown while the cell holds a value outside its domain."""
    return f"{spec.id} expects {accepted(spec)}"


def valid(spec: Input, cell: str) -> str:
    """A spreadsheet condition, true while ``cell`` holds a value of ``spec``'s domain."""
    if spec.type in ("bool", "choice"):
        return "OR(" + ",".join(f"EXACT({cell},{quoted(cell_value(spec, choice))})"
                                for choice in spec.listed_values()) + ")"
    bounds = [f"{cell}>={number_literal(spec.min)}"]
    if spec.max is not None:
        bounds.append(f"{cell}<={number_literal(spec.max)}")
    if spec.type == "int":
        bounds.insert(0, f"{cell}=INT({cell})")
    return f"IF(ISNUMBER({cell}),AND({','.join(bounds)}),FALSE)"
