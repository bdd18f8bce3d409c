"""Whether the values in a sheet's input cells are ones the engine accepts, as spreadsheet
formulas, so that a workbook refuses what the engine refuses.

Data validation stops a value typed into an input cell outside its domain, but not a blank
(deleting a value is never validated), a pasted value, or a choice typed in another case
(Excel's list validation and ``=`` both ignore case, the engine does not). So each input
also gets a condition, true only for a value the engine would compute with unchanged:

* a whole number: a number, whole, within min and max;
* a number: a number within min and max;
* a switch: TRUE or FALSE itself (a spreadsheet boolean; the prompt says so);
* a choice: one of the choices exactly, case included.

A cell failing its condition gives a problem worded as the command line words a refusal,
``connects_per_sec expects a number from 0 to 1,000,000``; rules between inputs are judged
only once every input passes, as the engine judges them (:attr:`calc.core.model.Check.problem`).
"""
from __future__ import annotations

from calc.core.model import Input
from calc.formula.emit_excel import number_literal, quoted

STATE_FUNCTIONS = {"IF", "AND", "OR", "INT", "ISNUMBER", "ISLOGICAL", "EXACT"}
"""Every spreadsheet function the conditions here write; all must be in openpyxl's FORMULAE
(a test checks, as for :data:`calc.formula.emit_excel.EMITTED_FUNCTIONS`)."""


def accepted(spec: Input) -> str:
    """What an input cell accepts, in the words of its prompt: the engine's domain, with a
    switch as the spreadsheet's own TRUE or FALSE."""
    return "TRUE or FALSE" if spec.type == "bool" else spec.accepts()


def refusal(spec: Input) -> str:
    """The problem shown while the cell holds a value outside its domain."""
    return f"{spec.id} expects {accepted(spec)}"


def valid(spec: Input, cell: str) -> str:
    """A spreadsheet condition, true while ``cell`` holds a value of ``spec``'s domain."""
    if spec.type == "bool":
        return f"ISLOGICAL({cell})"
    if spec.type == "choice":
        return "OR(" + ",".join(f"EXACT({cell},{quoted(choice)})" for choice in spec.choices) + ")"
    bounds = [f"{cell}>={number_literal(spec.min)}"]
    if spec.max is not None:
        bounds.append(f"{cell}<={number_literal(spec.max)}")
    if spec.type == "int":
        bounds.insert(0, f"{cell}=INT({cell})")
    return f"IF(ISNUMBER({cell}),AND({','.join(bounds)}),FALSE)"
