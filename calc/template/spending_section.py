"""The ``cpu_spent`` section of a template: where each output that is a CPU rate is paid.

A plan (:mod:`calc.inputs.plan_run`) adds up the CPU of many calculators by address space, so each
template says, for every output in CPU seconds per second, either which address space pays
it (a part, with its source) or why it is not added (``not_summed``: a total of parts, or
another LPAR's CPU). The parts are what a plan sums; ``total``, when named, is the output
they add up to (a test checks that they do). An output read by another part is counted
inside that part, so a part may not read another (the overlap the loader can see).
``overlaps`` name other calculators whose CPU may include some of this one's.
"""
from __future__ import annotations

from calc.core.model import ADDRESS_SPACES, CPU_RATE_UNIT, CpuPart, CpuSpent, Output
from calc.template.reader import SectionReader

SPENT_KEYS = {"parts", "total", "not_summed", "overlaps"}
PART_KEYS = {"address_space", "source"}


class SpendingSection(SectionReader):
    """Reads ``cpu_spent``."""

    def cpu_spent(self, doc: dict, outputs: dict[str, Output]) -> CpuSpent | None:
        rates = [name for name, output in outputs.items() if output.unit == CPU_RATE_UNIT]
        if "cpu_spent" not in doc:
            if rates:
                self.reader.fail(f"outputs.{rates[0]}.unit", f"{CPU_RATE_UNIT} is a CPU rate: say "
                                 "under cpu_spent which address space pays it, or why it is not "
                                 "added")
            return None
        spec = self.reader.mapping(doc["cpu_spent"], "cpu_spent", SPENT_KEYS, {"parts"})
        parts = tuple(self.cpu_part(name, part, outputs) for name, part
                      in self.reader.mapping(spec["parts"], "cpu_spent.parts").items())
        if not parts:
            self.reader.fail("cpu_spent.parts", "must name at least one output")
        summed = {part.output for part in parts}
        total = spec.get("total")
        if total is not None:
            self.rate(total, outputs, "cpu_spent.total")
            if total in summed:
                self.reader.fail("cpu_spent.total", f"{total!r} is a part; the total is the output "
                                                    "the parts add up to")
        not_summed = tuple((self.rate(name, outputs, f"cpu_spent.not_summed.{name}"),
                            self.reader.prose(reason, f"cpu_spent.not_summed.{name}"))
                           for name, reason in self.reader.mapping(spec.get("not_summed", {}),
                                                                   "cpu_spent.not_summed").items())
        for name, _ in not_summed:
            if name in summed or name == total:
                self.reader.fail(f"cpu_spent.not_summed.{name}", "is named already")
        accounted = summed | {total} | {name for name, _ in not_summed}
        for name in rates:
            if name not in accounted:
                self.reader.fail("cpu_spent", f"{name} is a CPU rate ({CPU_RATE_UNIT}): name it a "
                                              "part, the total or not summed")
        self.distinct_parts(parts, outputs)
        overlaps = tuple((self.reader.text(other, "cpu_spent.overlaps"),
                          self.reader.prose(advice, f"cpu_spent.overlaps.{other}"))
                         for other, advice in self.reader.mapping(spec.get("overlaps", {}),
                                                                  "cpu_spent.overlaps").items())
        return CpuSpent(parts, total, not_summed, overlaps)

    def cpu_part(self, name, spec, outputs: dict[str, Output]) -> CpuPart:
        key = f"cpu_spent.parts.{name}"
        self.rate(name, outputs, key)
        spec = self.reader.mapping(spec, key, PART_KEYS, PART_KEYS)
        space = spec["address_space"]
        if space not in ADDRESS_SPACES:
            self.reader.fail(f"{key}.address_space", f"{space!r} must be one of "
                                                     + ", ".join(ADDRESS_SPACES))
        return CpuPart(name, space, self.reader.citation(spec["source"], f"{key}.source"))

    def rate(self, name, outputs: dict[str, Output], key: str) -> str:
        """``name``, when it is an output in CPU seconds per second."""
        if not isinstance(name, str) or name not in outputs:
            self.reader.fail(key, f"{name!r} is not an output")
        if outputs[name].unit != CPU_RATE_UNIT:
            self.reader.fail(key, f"{name} is in {outputs[name].unit or 'no unit'}, not a CPU rate "
                                  f"({CPU_RATE_UNIT})")
        return name

    def distinct_parts(self, parts: tuple[CpuPart, ...], outputs: dict[str, Output]) -> None:
        """Refuse a part whose formula reads another part, directly or through other
        outputs: the other part's CPU would be added twice."""
        names = {part.output for part in parts}
        for part in parts:
            seen, waiting = set(), list(outputs[part.output].depends)
            while waiting:
                name = waiting.pop()
                if name in names:
                    self.reader.fail(f"cpu_spent.parts.{part.output}", f"reads the part {name}, so "
                                     "the sum would count it twice")
                if name in outputs and name not in seen:
                    seen.add(name)
                    waiting.extend(outputs[name].depends)
