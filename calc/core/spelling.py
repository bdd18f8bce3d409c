"""Names as people type them: calculator ids, input ids and choices in any case, and a
suggestion for a misspelt one.

MQSC is blind to case (``SHARECNV(0)``, ``sharecnv(0)``), and so are the people who type
it, so the command line and scenario files take ``SHARECNV=0``, ``listener=Shared`` or
``Connect`` for the template's ``sharecnv``, ``shared`` and ``connect``. A name is mapped to
the template's spelling before the engine's gate judges it, and only when exactly one known
name equals it apart from case: a template with two names that differ only by case gets a
refusal saying so, never a guess. The engine itself keeps exact names (a workbook's
drop-down refuses a choice in another case, and the engine agrees with the workbook).
"""
from __future__ import annotations

from collections.abc import Iterable

from calc.core.errors import InputError, MqcalcError, shown
from calc.core.model import Calculator, Input

CLOSE_ENOUGH = 0.6
"""How alike a typed name and a known one must be (difflib's ratio) to suggest it."""


def suggestion(typed: object, known: Iterable[str]) -> str:
    """``did you mean NAME?`` for the known name closest to ``typed`` (ignoring case), or
    empty when none is close."""
    import difflib  # here, not at the top: only a refusal needs it, and it costs start-up time

    folded = {name.casefold(): name for name in known}
    close = difflib.get_close_matches(str(typed).casefold(), folded, n=1, cutoff=CLOSE_ENOUGH)
    return f"did you mean {folded[close[0]]}?" if close else ""


def listing(what: str, typed: object, known: Iterable[str]) -> str:
    """What a refusal of an unknown name says it expects: ``what`` followed by every known
    name, then the suggestion if there is one."""
    known = list(known)
    hint = suggestion(typed, known)
    return f"{what} {', '.join(known)}" + (f" ({hint})" if hint else "")


def spelt(typed: str, known: Iterable[str]) -> list[str]:
    """The known names ``typed`` stands for: itself when known, else every known name equal
    to it apart from case (none, one, or several when the known names differ only by case)."""
    known = list(known)
    if typed in known:
        return [typed]
    return [name for name in known if name.casefold() == typed.casefold()]


def calculator_id(typed: str, known: Iterable[str]) -> str:
    """The calculator id ``typed`` stands for, or ``typed`` itself when it stands for none
    (the engine refuses it, suggesting the closest)."""
    found = spelt(typed, known)
    if len(found) > 1:
        raise MqcalcError(f"calculator {shown(typed)}: expects {_exactly(found)}")
    return found[0] if found else typed


def inputs(calculator: Calculator, given: dict) -> dict:
    """``given`` (input id to value) with each input id, and each choice given as text, in
    the template's spelling; a name for no input stays as typed, for the engine to refuse.
    Two names for one input (``SHARECNV=0 sharecnv=1``) are refused."""
    spelled: dict = {}
    for name, value in given.items():
        found = spelt(str(name), calculator.inputs)
        if len(found) > 1:
            raise InputError(calculator.id, name, value, _exactly(found))
        name = found[0] if found else name
        if name in spelled:
            raise InputError(calculator.id, name, value, "one value (it was given twice)")
        spelled[name] = choice(calculator.id, calculator.inputs.get(name), value)
    return spelled


def varied(calculator: Calculator, text: str) -> str:
    """A sweep's ``--vary ID=SPEC`` with the id, and each choice of a list ``V1,V2,...``, in
    the template's spelling; text without ``=`` as it is (the sweep refuses it)."""
    name, equals, values = text.partition("=")
    if not equals:
        return text
    spelled = [next(iter(inputs(calculator, {name: part}).items()))
               for part in values.split(",")]
    return f"{spelled[0][0]}=" + ",".join(str(value) for _, value in spelled)


def choice(owner: str, spec: Input | None, value: object) -> object:
    """``value`` as the choice it stands for, when ``spec`` (an input of ``owner``, a
    calculator id or ``machine``) is a choice input and exactly one of its choices equals
    it apart from case; else ``value`` as given (for the gate to judge), except a text
    close to a choice, refused with that choice suggested."""
    if spec is None or spec.type != "choice" or not isinstance(value, str):
        return value
    found = spelt(value.strip(), spec.choices)
    if len(found) > 1:
        raise InputError(owner, spec.id, value, _exactly(found))
    hint = suggestion(value.strip(), spec.choices) if not found else ""
    if hint:
        raise InputError(owner, spec.id, value, f"{spec.accepts()} ({hint})")
    return found[0] if found else value


def _exactly(found: list[str]) -> str:
    """What a name standing for several known ones apart from case is refused with."""
    return f"one of {', '.join(found)} typed exactly (they differ only by case)"
