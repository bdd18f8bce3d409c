"""A plan being edited in the terminal calculator: each variant's calculator inputs held as
the calculator's fields hold them (a :class:`~tui.session.Session` per variant, so the usual
calculator panes, undo and redo edit them), and the plan made again from them. No Textual
here, so it is tested alone.

A variant's machine inputs (machine, RNI, processors, MSU per CP) are the variant's, the
same for all its calculators, yet every calculator's pane shows them: a change to one in
any of the variant's calculators is taken for the whole variant (the calculator shown last
first, where two disagree), and the other calculators' fields are then set to match.
"""
from __future__ import annotations

from calc.model import Calculator
from calc.plan import Plan, machine_inputs, remake_plan
from calc.scenario import Scenario

from .session import Session, field_value


class PlanEdit:
    """The fields of every variant of ``plan``, and the plan they make."""

    def __init__(self, calculators: list[Calculator], plan: Plan):
        self.plan = plan
        """The plan as last made from the fields (or as opened)."""
        self.sessions = {variant.name: Session.from_scenario(calculators, Scenario(
            variant.calculators, next(iter(variant.calculators)))) for variant in plan.variants}

    def pairs(self) -> list[tuple[str, str]]:
        """Each variant with each calculator it uses, in the plan's order."""
        return [(variant.name, calculator_id) for variant in self.plan.variants
                for calculator_id in variant.calculators]

    def state(self) -> dict[str, dict]:
        """Every variant's fields now, to tell later what changed since (a save, an open)."""
        return {name: session.state() for name, session in self.sessions.items()}

    def changed_since(self, state: dict[str, dict]) -> list[str]:
        """``variant: calculator`` for each of the plan's calculators whose fields differ
        from ``state`` (a :meth:`state`)."""
        return [f"{name}: {calculator_id}" for name, calculator_id in self.pairs()
                if self.sessions[name].fields(calculator_id)
                != state.get(name, {}).get(calculator_id)]

    def remake(self) -> Plan:
        """The plan the fields make now (an input not valid raises the engine's error, and
        the last plan stays); each variant's machine fields are then set to its machine."""
        variants = []
        for variant in self.plan.variants:
            session = self.sessions[variant.name]
            variants.append((variant.name, variant.like, self.machine(variant, session),
                             {calculator_id: session.fields(calculator_id)
                              for calculator_id in variant.calculators}))
        self.plan = remake_plan(variants)
        for variant in self.plan.variants:
            self.match_machine(variant, self.sessions[variant.name])
        return self.plan

    @staticmethod
    def machine(variant, session: Session) -> dict:
        """``variant``'s machine with the changes its calculators' fields make."""
        machine = {name: field_value(spec, variant.machine[name])
                   for name, spec in machine_inputs().items()}
        changed = {}
        order = sorted(variant.calculators, key=lambda c: c != session.current, reverse=True)
        for calculator_id in order:  # the shown calculator last, so its change wins
            fields = session.fields(calculator_id)
            changed.update({name: fields[name] for name in machine
                            if name in fields and fields[name] != machine[name]})
        return {**machine, **changed}

    @staticmethod
    def match_machine(variant, session: Session) -> None:
        """Set the machine fields of ``variant``'s calculators to its machine (a step each
        calculator's undo takes back) where they differ."""
        for calculator_id in variant.calculators:
            fields = session.fields(calculator_id)
            wanted = {name: field_value(spec, variant.machine[name])
                      for name, spec in machine_inputs().items() if name in fields}
            if any(fields[name] != value for name, value in wanted.items()):
                session.histories[calculator_id].seal()
                session.histories[calculator_id].record({**fields, **wanted})
