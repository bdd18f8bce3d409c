"""A plan being edited in the terminal calculator: each variant's calculator inputs held as
the calculator's fields hold them (a :class:`~tui.session.Session` per variant, so the usual
calculator panes, undo and redo edit them), and the plan made again from them. No Textual
here, so it is tested alone.

A variant's machine inputs (machine, RNI, processors, MSU per CP) are the variant's, the
same for all its calculators, yet every calculator's pane shows them: a change to one in
any of the variant's calculators is taken for the whole variant (the calculator shown last
first, where two disagree), and the other calculators' fields are then set to match.

A calculator can be added to a variant (its defaults, or another variant's fields to start
from) and removed from it, except one the variant has through ``like:`` (the file cannot say
"like today, without connect") and a variant's last (a variant with none has nothing to edit).
A variant can be added like another (its calculators and fields to start from). Each of
these changes of the plan's shape is undone and redone as a step (:meth:`PlanEdit.undo`);
the fields' own changes are undone in the calculator panes, as the user's own are.
"""
from __future__ import annotations

from dataclasses import replace

from calc.core.model import Calculator
from calc.inputs.plan import Plan, Variant, machine_inputs, remake_plan
from calc.inputs.scenario import Scenario

from .session import History, Session, field_value, field_values


def given_fields(session: Session, calculator_id: str) -> dict:
    """The fields of a calculator a person or the plan gave: the plan made of them leaves
    the others to their defaults, marked assumed as in the file."""
    given = session.given(calculator_id)
    return {name: value for name, value in session.fields(calculator_id).items()
            if name in given}


def variant_session(calculators: list[Calculator], variant: Variant) -> Session:
    """The fields of ``variant``'s calculators, as given by the plan (each one's undo
    starts there)."""
    if not variant.calculators:
        return Session(calculators)
    return Session.from_scenario(calculators, Scenario(
        variant.calculators, next(iter(variant.calculators)),
        {calculator_id: variant.given_names(calculator_id)
         for calculator_id in variant.calculators}, variant.ranges))


class PlanEdit:
    """The fields of every variant of ``plan``, and the plan they make."""

    def __init__(self, calculators: list[Calculator], plan: Plan):
        self.plan = plan
        """The plan as last made from the fields (or as opened)."""
        self.calculators = calculators
        self.sessions = {variant.name: variant_session(calculators, variant)
                         for variant in plan.variants}
        self.members = {variant.name: list(variant.calculators) for variant in plan.variants}
        """Each variant's calculators now, in catalogue order: what :meth:`remake` makes the
        plan of, changed by :meth:`add` and :meth:`remove` even while a field is not valid."""
        self.steps: list[tuple] = []
        """The plan's shape before each change of it (:meth:`shape`), the last last."""
        self.undone: list[tuple] = []
        """The shapes undo went back from, for redo."""

    def shape(self) -> tuple:
        """The plan, its variants' calculators and their fields' sessions, as they are."""
        return self.plan, {name: list(members) for name, members in self.members.items()}, \
            dict(self.sessions)

    def changing(self) -> None:
        """Note the shape before a change of it, for undo (what was undone is gone)."""
        self.steps.append(self.shape())
        self.undone.clear()

    def undo(self) -> bool:
        """Put the plan's shape back as it was before its last change (False: none)."""
        return self.step(self.steps, self.undone)

    def redo(self) -> bool:
        """Make again the change undo took back last (False: none)."""
        return self.step(self.undone, self.steps)

    def step(self, source: list[tuple], target: list[tuple]) -> bool:
        if not source:
            return False
        target.append(self.shape())
        self.plan, self.members, self.sessions = source.pop()
        return True

    def add_variant(self, name: str, like: str) -> None:
        """A new variant ``name`` like variant ``like``: its calculators and fields to start
        from, its machine and its measurement (through ``like``)."""
        self.changing()
        source = next(v for v in self.plan.variants if v.name == like)
        variant = replace(source, name=name, like=like)
        self.plan = Plan((*self.plan.variants, variant))
        self.sessions[name] = Session(self.calculators)
        for calculator_id in self.members[like]:
            self.sessions[name].histories[calculator_id] = History(
                [self.sessions[like].fields(calculator_id)])
            self.sessions[name].touched[calculator_id] = set(
                self.sessions[like].given(calculator_id))
        self.sessions[name].current = self.sessions[like].current
        self.members[name] = list(self.members[like])

    def pairs(self) -> list[tuple[str, str]]:
        """Each variant with each calculator it uses, in the plan's order."""
        return [(name, calculator_id) for name, members in self.members.items()
                for calculator_id in members]

    def state(self) -> dict[str, dict]:
        """Every variant's calculators and their fields now, to tell later what changed
        since (a save, an open)."""
        return {name: {calculator_id: self.sessions[name].fields(calculator_id)
                       for calculator_id in members}
                for name, members in self.members.items()}

    def changed_since(self, state: dict[str, dict]) -> list[str]:
        """``variant: calculator`` for each of the plan's calculators added or whose fields
        differ since ``state`` (a :meth:`state`), then each removed since, so marked."""
        return [*(f"{name}: {calculator_id}" for name, calculator_id in self.pairs()
                  if self.unsaved(name, calculator_id, state)),
                *(f"{name}: {calculator_id} (removed)" for name, members in state.items()
                  for calculator_id in members
                  if calculator_id not in self.members.get(name, ()))]

    def unsaved(self, name: str, calculator_id: str, state: dict[str, dict]) -> bool:
        """Whether ``name``'s ``calculator_id`` was added or its fields changed since
        ``state``."""
        return self.sessions[name].fields(calculator_id) != state.get(name, {}).get(
            calculator_id)

    def edited(self, name: str, calculator_id: str, state: dict[str, dict]) -> bool:
        """Whether removing ``name``'s ``calculator_id`` loses typing not saved: its fields
        changed since ``state``, or since it was added if it was added after."""
        saved = state.get(name, {}).get(calculator_id)
        if saved is None:
            return self.sessions[name].histories[calculator_id].at > 0
        return self.sessions[name].fields(calculator_id) != saved

    def addable(self) -> list[tuple[str, str, str | None]]:
        """What may be added: ``(variant, calculator id, start)`` for each calculator each
        variant lacks, ``start`` None for the defaults, else another variant using it whose
        fields it starts from (the variant it is ``like`` first)."""
        choices = []
        for variant in self.plan.variants:
            others = sorted((name for name in self.members if name != variant.name),
                            key=lambda name: name != variant.like)
            for calculator in self.calculators:
                if calculator.id not in self.members[variant.name]:
                    choices += [(variant.name, calculator.id, None), *(
                        (variant.name, calculator.id, other) for other in others
                        if calculator.id in self.members[other])]
        return choices

    def add(self, name: str, calculator_id: str, start: str | None) -> None:
        """Give variant ``name`` the calculator ``calculator_id``, its fields the defaults
        (``start`` None) or variant ``start``'s, the machine inputs the variant's."""
        self.changing()
        calculator = next(c for c in self.calculators if c.id == calculator_id)
        fields = (self.sessions[start].fields(calculator_id) if start
                  else field_values(calculator, {}))
        variant = next(v for v in self.plan.variants if v.name == name)
        self.start(name, calculator_id, {**fields, **{
            key: field_value(spec, variant.machine[key])
            for key, spec in machine_inputs().items() if key in fields}})
        order = [c.id for c in self.calculators]
        self.members[name] = sorted({*self.members[name], calculator_id}, key=order.index)

    def start(self, name: str, calculator_id: str, fields: dict) -> None:
        """Start ``name``'s ``calculator_id`` afresh at ``fields`` (its undo starts there)."""
        self.sessions[name].histories[calculator_id] = History([dict(fields)])

    def why_not_remove(self, name: str, calculator_id: str) -> str:
        """Why ``name``'s ``calculator_id`` cannot be removed, or "" when it can."""
        likes = {variant.name: variant.like for variant in self.plan.variants}
        like = likes[name]
        while like is not None:
            if calculator_id in self.members[like]:
                return (f"{name} is like {like}, which uses {calculator_id}: a variant has "
                        f"every calculator of the one it is like (remove it from {like})")
            like = likes[like]
        if self.members[name] == [calculator_id]:
            return f"{calculator_id} is {name}'s only calculator: a variant keeps one"
        return ""

    def remove(self, name: str, calculator_id: str) -> None:
        """Take ``calculator_id`` out of variant ``name`` (see :meth:`why_not_remove`)."""
        self.changing()
        self.members[name].remove(calculator_id)

    def remake(self) -> Plan:
        """The plan the fields make now (an input not valid raises the engine's error, and
        the last plan stays); each variant's machine fields are then set to its machine."""
        variants = []
        for variant in self.plan.variants:
            session = self.sessions[variant.name]
            members = self.members[variant.name]
            variants.append((variant.name, variant.like,
                             self.machine(variant, session, members),
                             {calculator_id: given_fields(session, calculator_id)
                              for calculator_id in members}, variant.own_measured))
        self.plan = remake_plan(variants)
        for variant in self.plan.variants:
            for calculator_id, inputs in variant.calculators.items():
                if calculator_id not in self.members[variant.name]:  # come by like:
                    self.start(variant.name, calculator_id, {**field_values(
                        next(c for c in self.calculators if c.id == calculator_id), inputs),
                        **variant.ranges.get(calculator_id, {})})
            self.members[variant.name] = list(variant.calculators)
            self.match_machine(variant, self.sessions[variant.name])
        return self.plan

    @staticmethod
    def machine(variant, session: Session, members: list[str]) -> dict:
        """``variant``'s machine with the changes the fields of its calculators
        (``members``) make."""
        machine = {name: field_value(spec, variant.machine[name])
                   for name, spec in machine_inputs().items()}
        changed = {}
        order = sorted(members, key=lambda c: c != session.current, reverse=True)
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
