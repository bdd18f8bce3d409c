"""The calculator model: what a template declares, after loading and checking.

A calculator is inputs (with domains), cited source tables and constants, outputs given by
formulas over those names, notes that apply under a condition, the sources' worked
examples, and charts (outputs swept along one input, or a source table's figures as
published). The model holds no behaviour beyond describing inputs; compiling and evaluating
live in :mod:`calc.formula.compiler`, the workbook in :mod:`calc.workbook`.
"""
from __future__ import annotations

import ast
import re
from collections.abc import Collection
from dataclasses import dataclass, field

from calc.core.formatting import places

NUMBER, BOOL, TEXT = "number", "bool", "text"
"""Value types of the expression language; int and number inputs are both NUMBER."""
ASSUMED, SCALED, EXTRAPOLATED, BEYOND_LIMIT = "assumed", "scaled", "extrapolated", "beyond_limit"
"""What a figure may rest on besides the planner's given inputs and IBM's measurement at
IBM's configuration (the evidence marks, see :class:`Note` and :class:`calc.engine.Result`):
an input nobody gave (its default), a generic scaling to another machine or configuration,
an input outside the range IBM measured, or a figure past a limit the template declares."""
MARKS = (BEYOND_LIMIT, EXTRAPOLATED, SCALED, ASSUMED)
"""Every evidence mark, in the order every face lists them: the one that changes most what
a figure means first, so a short column cuts the least."""
DECLARED_MARKS = MARKS[:-1]
"""The marks a template declares by a condition, in :data:`MARKS` order (``assumed``
follows from what was given)."""


@dataclass(frozen=True)
class Citation:
    """Where a figure comes from: a seed file and the table or passage inside it."""

    file: str
    passage: str

    def __str__(self) -> str:
        return f"{self.file}, {self.passage}"


@dataclass(frozen=True)
class Input:
    """One input: its type (int|number|bool|choice), domain, default, unit and help;
    ``decimals`` shown for a number, ``labels`` readable words for each choice id."""

    id: str
    type: str
    default: object
    title: str
    help: str
    unit: str = ""
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    decimals: int = 0
    labels: tuple[tuple[str, str], ...] = ()
    """(choice, label) pairs for the choices the template gives a label; others show the id."""
    applies_when: str = ""
    """The condition on the other inputs under which this one is used at all (empty:
    always), e.g. the adapter times typed in only when they come from your own report."""
    applies_tree: ast.expr | None = field(default=None, repr=False, compare=False)
    """``applies_when`` parsed and type-checked."""
    measured: tuple[float | None, float | None] = (None, None)
    """The lowest and highest value IBM measured (None: that side is not stated); beyond
    them a figure is extrapolated (:class:`Note` of kind ``extrapolated``)."""
    grows: bool = False
    """A volume of work (a rate, or a count in an interval) that grows with the business:
    a plan's runway (:mod:`calc.inputs.runway`) scales it by the growth rate."""

    def label(self, value: object) -> str:
        """What a person reads for ``value``: a choice's label (its id without one), Yes or
        No for a switch, a number as written."""
        if self.type == "bool":
            return "Yes" if value else "No"
        return dict(self.labels).get(value, str(value))

    @property
    def value_type(self) -> str:
        return {"bool": BOOL, "choice": TEXT}.get(self.type, NUMBER)

    def listed_values(self) -> tuple:
        """Every value a yes/no or choice input can take, in the order a chart or a sweep
        lists them (no before yes); a number input's are not listed (empty)."""
        return (False, True) if self.type == "bool" else self.choices

    def accepts(self) -> str:
        """Plain words for the domain, used in every error message and help line."""
        if self.type == "bool":
            return "yes or no (also on/off, true/false, 1/0)"
        if self.type == "choice":
            return "one of " + ", ".join(self.choices)
        kind = "a whole number" if self.type == "int" else "a number"
        if self.max is None:
            return f"{kind} of at least {_plain(self.min)}"
        return f"{kind} from {_plain(self.min)} to {_plain(self.max)}"


def _plain(number: float | None) -> str:
    return f"{number:,}" if isinstance(number, int) else f"{number:,g}"


@dataclass(frozen=True)
class Table:
    """A source table looked up by one or two keys.

    ``data`` maps a tuple of key values (one per entry of ``keys``) to the figure.
    ``row_keys`` are the first key's values in source order; ``col_keys`` the second's
    (empty for a one-key table).
    """

    id: str
    title: str
    unit: str
    keys: tuple[str, ...]
    row_keys: tuple
    col_keys: tuple
    data: dict
    value_type: str
    key_types: tuple[str, ...]
    citation: Citation

    @property
    def decimals(self) -> int:
        """Decimal places the figures are shown with: the most any of them is written with."""
        return max(map(places, self.data.values()))


@dataclass(frozen=True)
class Constant:
    """A single cited figure, or one derived from others with its derivation in the citation.

    ``spread`` is the (low, high) the sources allow the figure, where they give a range or
    disagree (the citation says which and why ``value`` is the likely figure); None where
    they give the figure alone. Every output that reads it then has a range
    (:mod:`calc.engine.ranges`)."""

    id: str
    value: float
    title: str
    unit: str
    citation: Citation
    spread: tuple[float, float] | None = None


@dataclass
class Output:
    """A figure computed by a formula; ``tree`` is the parsed, type-checked expression."""

    id: str
    formula: str
    title: str
    unit: str
    help: str
    decimals: int
    tree: ast.expr = field(repr=False, default=None)
    value_type: str = NUMBER
    depends: tuple[str, ...] = ()
    inputs_read: tuple[str, ...] = ()
    """Every input the formula reads, itself or through other outputs, in the inputs' order."""


UNKNOWN = "not given"
"""How a figure that cannot be known (a note's ``unknown``) is shown to a person."""


@dataclass
class Note:
    """Advice shown only when its condition holds for the current inputs.

    A note of a ``kind`` (one of :data:`DECLARED_MARKS`) is a warning about evidence: when
    it holds, every output in ``marks`` carries that mark (the outputs that read, directly or
    not, the names the template lists); ``subject`` is the input or output it is about and
    ``citation`` where the range or the limit comes from."""

    when: str
    text: str
    tree: ast.expr = field(repr=False, default=None)
    kind: str = ""
    marks: tuple[str, ...] = ()
    subject: str = ""
    citation: Citation | None = None
    unknown: tuple[str, ...] = ()
    """Outputs that cannot be known while the note holds (an input they need was not
    given: MSU without an MSU rating): a person is shown :data:`UNKNOWN` for them, not the
    figure the formula gives (programs still get it, with the list)."""


@dataclass
class Check:
    """A rule between inputs that every evaluation must satisfy (e.g. successes not above
    attempts); ``names`` are the inputs it reads, in the order the rule mentions them."""

    rule: str
    message: str
    names: tuple[str, ...]
    tree: ast.expr = field(repr=False, default=None)

    @property
    def problem(self) -> str:
        """The broken rule as a sentence of its own, worded as the command line words a
        refusal: the first input it reads "expects" the message. A sweep's problem column."""
        return self.problem_opening + self.message

    @property
    def problem_opening(self) -> str:
        """What :attr:`problem` puts before the message (a workbook joins the two, the
        message read from its own cell)."""
        return f"{self.names[0]} expects "


@dataclass(frozen=True)
class Example:
    """A worked example from a source: inputs, expected outputs, and what it reproduces."""

    inputs: dict
    expect: dict
    note: str
    tolerance: float = 1e-9


@dataclass(frozen=True)
class ReportLine:
    """One kind of line in a report: how to recognise it, and its full layout as a pattern
    whose named groups are the block's name (``block``) and the inputs it carries."""

    name: str
    starts: re.Pattern
    pattern: re.Pattern
    layout: str

    def gives(self, inputs: Collection[str]) -> list[str]:
        """The pattern's groups that are among ``inputs`` (a calculator's): what a line of
        this kind gives it, in the pattern's order."""
        return [group for group in self.pattern.groupindex if group in inputs]


@dataclass(frozen=True)
class ReportSum:
    """A summary of some items of a report, evaluated once: the inputs summed over its
    items and the outputs it shows. For a pool, also the pattern group its items share
    (a buffer pool number), its title, and the input given the count of its items."""

    sum: tuple[str, ...]
    show: tuple[str, ...]
    group: str = ""
    title: str = ""
    count: str = ""


@dataclass(frozen=True)
class ReportFlag:
    """A pattern group that marks an item (a page set ``Pageset is encrypted``, say): only
    marked items count in the total; when no item of an interval is marked, every one does,
    and ``none_set`` says so. ``set`` and ``unset`` name a marked and an unmarked item."""

    group: str
    set: str
    unset: str
    none_set: str


REPORT_TIMES = ("start", "end")
"""Groups an interval line's pattern may have beside inputs: when the interval starts and
ends, kept as the report writes them."""


@dataclass(frozen=True)
class Report:
    """A text report the calculator can read (e.g. an MQSMF PSET report): intervals, each
    begun by an ``interval`` line when the report has one (whose pattern may name the
    interval's ``start`` and ``end`` as the report writes them, :data:`REPORT_TIMES`), holding blocks of lines, one
    block per item (such as a page set), each evaluated; then per interval the items
    grouped by the ``pool`` group (a buffer pool) and the ``total`` of the flagged items.
    ``item`` names one item as a person would ("page set")."""

    option: str
    title: str
    item: str
    lines: tuple[ReportLine, ...]
    required: tuple[str, ...]
    total: ReportSum
    interval: ReportLine | None = None
    flag: ReportFlag | None = None
    pool: ReportSum | None = None
    table: tuple[str, ...] = ()
    """The outputs the command line's table of an interval shows for each item and for the
    total, one column each (the total's ``show`` when the template names none; ``show`` lists
    every figure ``--json`` gives)."""

    @property
    def name(self) -> str:
        """The report's short name, from its option: ``pset-report`` gives ``PSET``."""
        return self.option.removesuffix("-report").upper()


@dataclass(frozen=True)
class Chart:
    """A picture worth drawing beside the figures, of one of two kinds.

    A sweep (``table`` is None) is the calculator evaluated along the input ``x``, the other
    inputs as given: ``y`` are numeric outputs sharing one ``unit``, evaluated at each of
    ``points``, the values of ``x`` (from..to by step for a number, every choice of a choice,
    False and True for a bool).

    A table chart shows the published figures of the source table ``table`` as they are:
    ``points`` are its row keys in source order (or the rows the template picks), ``x`` is the
    table's first key name (not an input), ``y`` the columns shown for a two-key table or the
    table's own id for a one-key table (one figure per row), and ``unit`` the template's.

    ``mark`` is the input whose current value the picture marks: ``x`` for a sweep, and for a
    table chart an input the template names, or None for no mark. ``kind`` is "line" for
    numeric points, "bar" otherwise. ``reference`` is a constant a line chart draws as a
    level line (a threshold its source gives), or None. ``series`` are a table chart's own
    titles for its series, one per name in ``y``, or empty. The picture is drawn elsewhere;
    :func:`calc.engine.charts.chart_series` computes its figures."""

    id: str
    title: str
    help: str
    x: str
    points: tuple
    y: tuple[str, ...]
    unit: str
    kind: str
    mark: str | None
    table: str | None = None
    reference: str | None = None
    series: tuple[str, ...] = ()

    @property
    def decimals(self) -> int:
        """Decimal places the points are shown with: the most any of them is written with."""
        return max(map(places, self.points))


@dataclass
class Calculator:
    """One calculator, loaded from ``templates/<id>.yaml``."""

    id: str
    title: str
    summary: str
    citation: Citation
    file: str
    inputs: dict[str, Input]
    tables: dict[str, Table]
    constants: dict[str, Constant]
    outputs: dict[str, Output]
    notes: list[Note]
    examples: list[Example]
    evaluation_order: tuple[str, ...]
    """Output ids so that each comes after every output its formula reads."""
    report: Report | None = None
    checks: list[Check] = field(default_factory=list)
    """Rules between inputs, checked after each input is in its own domain."""
    charts: dict[str, Chart] = field(default_factory=dict)
    """Pictures worth drawing for the current inputs, in the template's order."""
    headline: str = ""
    """The output that answers the calculator's question best, shown on overviews."""
    measured_on: str = ""
    """The machine and configuration the source measured the figures on; empty for a
    calculator with no measured figure."""
    key_results: tuple[str, ...] = ()
    """The outputs a planner reads after the headline (see :mod:`calc.template.summary_section`)."""
    key_inputs: tuple[str, ...] = ()
    """The inputs that frame the headline and key results."""
    cpu_spent: CpuSpent | None = None
    """Where the calculator's CPU rates are paid (:mod:`calc.template.spending_section`); None when
    it has no output that is a CPU rate."""

    def defaults(self) -> dict:
        return {name: spec.default for name, spec in self.inputs.items()}

    @property
    def spreads(self) -> tuple[Constant, ...]:
        """The constants that have a spread (:attr:`Constant.spread`), in the template's order."""
        return tuple(constant for constant in self.constants.values()
                     if constant.spread is not None)

    @property
    def moved_by_spreads(self) -> tuple[str, ...]:
        """The outputs whose formula reads a spread constant, itself or through other
        outputs, in :attr:`evaluation_order`: the only ones whose figure can differ at a
        corner of the spreads (:mod:`calc.engine.ranges`)."""
        moved = {constant.id for constant in self.spreads}
        for name in self.evaluation_order:
            if moved.intersection(self.outputs[name].depends):
                moved.add(name)
        return tuple(name for name in self.evaluation_order if name in moved)


CPU_RATE_UNIT = "CPU s/s"
"""The unit of an output that is a CPU rate (CPU seconds per second): the outputs a plan adds."""
ADDRESS_SPACES = {"MSTR": "Queue manager", "CHIN": "Channel initiator", "DB2": "Db2",
                  "TCPIP": "TCP/IP", "APPL": "Applications", "CF": "Coupling facility"}
"""Where CPU is paid, in the order a plan lists them, each with the words a person reads:
MQ for z/OS's own address spaces (MSTR, CHIN) by their job name suffixes, Db2 and TCP/IP
(which the connect source measures apart), the applications, and the coupling facility."""


def space_label(space: str) -> str:
    """An address space as every face names it: ``Channel initiator (CHIN)``."""
    return f"{ADDRESS_SPACES[space]} ({space})"


@dataclass(frozen=True)
class CpuPart:
    """An output that is a CPU rate, the address space that pays it, and the source that
    says so (or the template's reasoned choice, where the source does not)."""

    output: str
    address_space: str
    citation: Citation


@dataclass(frozen=True)
class CpuSpent:
    """Where a calculator's CPU is spent: ``parts`` add up to the CPU this calculator costs
    the plan's queue manager (to ``total`` where the template names such an output);
    ``not_summed`` are the other CPU rates, each with why it is not added (a total of parts,
    another LPAR's CPU); ``overlaps`` name other calculators whose CPU may include some of
    this one's, with what to do about it."""

    parts: tuple[CpuPart, ...] = ()
    total: str | None = None
    not_summed: tuple[tuple[str, str], ...] = ()
    overlaps: tuple[tuple[str, str], ...] = ()
