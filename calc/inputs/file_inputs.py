"""What scenario and plan files share: the calculators and inputs they name, spelt as the
templates spell them, and the words for where a refused value is (its line) and what it is.
:mod:`calc.inputs.scenario` and :mod:`calc.inputs.plan` read their files with these."""
from __future__ import annotations

from pathlib import Path

from calc import engine
from calc.core import spelling
from calc.core.errors import MqcalcError, shown
from calc.core.spelling import listing
from calc.core.yaml_document import Document


class ScenarioError(MqcalcError):
    """A scenario or plan file cannot be read or used; the message starts with the file
    (``scenario FILE:``, ``plan FILE:``)."""

    def __init__(self, where: str, problem: str):
        self.where, self.problem = where, problem
        super().__init__(f"{where}: {problem}")


def read_document(where: str, path: Path) -> Document:
    """The file of inputs ``path`` read strictly, decimals as written
    (:func:`calc.files.yaml_reading.read`); what cannot be read is one line starting
    ``where`` (``scenario PATH``, ``plan PATH``, ``lpars PATH``) and naming the line.
    (The reader is imported here: PyYAML is slow to import, and a command or the terminal
    calculator reading no file needs none.)"""
    from calc.files import yaml_reading

    try:
        return yaml_reading.read(Path(path), as_written=True)
    except yaml_reading.YamlProblem as error:
        raise ScenarioError(at_line(where, error.line), error.problem) from None


def at_line(where: str, line: int | None) -> str:
    """``where`` with the line, when there is one."""
    return f"{where}: line {line}" if line else where


def calculator_ids(calculators: dict, at) -> dict:
    """Each calculator id of the file in the template's spelling, mapped to the key as the
    file types it (``Connect`` for connect), in catalogue order; a key for no calculator, or
    a second key for one, is refused at its line (``at`` gives it)."""
    known = engine.ids()
    typed = {}
    for key in calculators:
        calculator_id = spelling.calculator_id(key, known) if isinstance(key, str) else key
        if calculator_id not in known:
            raise ScenarioError(at(f"calculators.{key}"), f"calculators: {shown(key)} is not a "
                                f"calculator ({listing('known:', key, known)})")
        if calculator_id in typed:
            raise ScenarioError(at(f"calculators.{key}"), f"calculators: {shown(key)} names "
                                f"{calculator_id} again (after {shown(typed[calculator_id])})")
        typed[calculator_id] = key
    return {known_id: typed[known_id] for known_id in known if known_id in typed}


def typed_names(calculator_id: str, given: dict) -> dict:
    """Each input id of ``given`` in the template's spelling, mapped to the key as typed,
    so a refusal finds the line of the key the file holds."""
    inputs = engine.calculator(calculator_id).inputs
    names = {}
    for key in given:
        found = spelling.spelt(str(key), inputs)
        names[found[0] if len(found) == 1 else key] = key
    return names


def bits_as_text(calculator_id: str, given: dict) -> dict:
    """``given`` with a YAML 1 or 0 for a boolean input as the text the command line takes
    (the engine refuses the number itself), so a file accepts what the refusal offers."""
    specs = engine.calculator(calculator_id).inputs
    return {name: str(value) if name in specs and specs[name].type == "bool"
            and type(value) is int and value in (0, 1) else value
            for name, value in given.items()}


def kind(value: object) -> str:
    """What a YAML value is, in the words a user would use."""
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"the value {shown(value)}"
