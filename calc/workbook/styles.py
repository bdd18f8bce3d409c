"""The cell formats the workbook's sheets share, made once per workbook."""
from __future__ import annotations

from calc.core.formatting import number_format
from calc.core.model import BOOL, TEXT, Input, Output
from calc.workbook.layout import FORMULA_POINTS, SMALL_POINTS

BOOLEAN = '"TRUE";"TRUE";"FALSE"'
"""Booleans shown as TRUE/FALSE: LibreOffice applies number formats to them (and, without
recalculating, shows a General boolean as 0 or 1); Excel shows them so anyway."""

KEY = {"bold": True, "bg_color": "#F2F2F2", "border": 1}
"""A source table's keys: bold on grey."""
PASSAGE_INDENT = 2
"""Characters a source's passage stands in from the page's left edge, under its figure."""
UNIT_INDENT = 1
"""Characters a unit (or a choice's label) stands off from the value left of it, so a
right-aligned value never runs into it ("z14IBM z14")."""


class Styles:
    """The few cell formats the sheets use, made once per workbook."""

    def __init__(self, book):
        add = book.add_format
        self.title = add({"bold": True, "font_size": 15, "font_color": "#1F3864"})
        self.subtitle = add({"italic": True, "font_color": "#404040"})
        self.subtitle_wrap = add({"italic": True, "font_color": "#404040", "text_wrap": True,
                                  "valign": "top"})
        self.section = add({"bold": True, "font_size": 12, "font_color": "#FFFFFF",
                            "bg_color": "#1F3864"})
        self.header = add({"bold": True, "bottom": 1, "bg_color": "#D9E1F2"})
        self.label = add({"valign": "top"})
        self.label_wrap = add({"valign": "top", "text_wrap": True})
        self.wrap = add({"text_wrap": True, "valign": "top", "font_color": "#404040"})
        self.about = add({"text_wrap": True, "valign": "top", "font_color": "#404040",
                          "font_size": SMALL_POINTS})
        self.passage = add({"text_wrap": True, "valign": "top", "font_color": "#404040",
                            "font_size": SMALL_POINTS, "indent": PASSAGE_INDENT})
        """A source's passage, under its figure's line on the Sources sheet."""
        self.unit = add({"text_wrap": True, "valign": "top", "indent": UNIT_INDENT})
        self.formula = add({"valign": "top", "font_color": "#595959",
                            "font_size": FORMULA_POINTS})
        self.name = add({"font_name": "Consolas", "font_color": "#595959", "valign": "top"})
        self.note_line = add({"font_size": 10, "font_color": "#833C0B"})
        self.problem = add({"text_wrap": True, "valign": "top", "bold": True,
                            "font_color": "#C00000"})
        self._book, self._outputs, self._inputs, self._figures = book, {}, {}, {}
        self._echoes = {}
        self.headline = add({"bold": True, "font_size": 12, "valign": "top"})
        self.status = add({"bold": True, "text_wrap": True, "valign": "top",
                           "font_color": "#375623", "bg_color": "#E2EFDA"})
        self.state_label = add({"italic": True, "align": "right", "valign": "top",
                                "font_color": "#404040"})
        self.refused = add({"bold": True, "font_color": "#9C0006", "bg_color": "#FFC7CE"})
        """Conditional format of an input outside its domain or breaking a rule, and of the
        status line while there is such a problem."""
        self.marks = add({"bold": True, "align": "center", "valign": "top",
                          "font_color": "#7F6000"})
        """The letters of what a figure rests on (:mod:`.evidence_cells`)."""
        self.link = add({"font_color": "#0563C1", "underline": 1, "valign": "top",
                         "text_wrap": True})
        self.key = add(KEY)
        self.cell = add({"border": 1, "border_color": "#BFBFBF", "valign": "top"})
        self.column_title = add({"bold": True, "text_wrap": True, "valign": "bottom",
                                 "bg_color": "#D9E1F2"})
        self.column_unit = add({"italic": True, "font_color": "#404040", "bg_color": "#D9E1F2"})
        self.column_name = add({"font_name": "Consolas", "font_size": 8, "font_color": "#595959",
                                "bg_color": "#D9E1F2", "bottom": 1})

    def input(self, spec: Input):
        """Input cells: yellow and unlocked, in :func:`input_format`."""
        fmt = input_format(spec)
        if fmt not in self._inputs:
            self._inputs[fmt] = self._book.add_format(
                {"bg_color": "#FFF2CC", "font_color": "#0000CC", "border": 1,
                 "border_color": "#BF9000", "locked": False, "align": "right", "valign": "top",
                 "num_format": fmt})
        return self._inputs[fmt]

    def echo(self, spec: Input):
        """An input's value repeated elsewhere (the summary): its format, not editable."""
        fmt = input_format(spec)
        if fmt not in self._echoes:
            self._echoes[fmt] = self._book.add_format(
                {"border": 1, "border_color": "#BFBFBF", "align": "right", "valign": "top",
                 "num_format": fmt})
        return self._echoes[fmt]

    def figure(self, decimals: int, key: bool = False):
        """A source's figure (a constant or a table cell) with the places it is written with;
        a ``key`` (a table's row or column key) bold on grey."""
        if (decimals, key) not in self._figures:
            look = KEY if key else \
                {"border": 1, "border_color": "#BFBFBF", "valign": "top"}
            self._figures[decimals, key] = self._book.add_format(
                {**look, "num_format": number_format(decimals)})
        return self._figures[decimals, key]

    def output(self, output: Output):
        """Result cells: numbers with the output's decimals, booleans shown as TRUE/FALSE
        (LibreOffice applies number formats to them), texts wrapped and left-aligned."""
        key = (output.value_type, output.decimals)
        if key not in self._outputs:
            look = {"bg_color": "#E2EFDA", "bold": True, "border": 1, "border_color": "#548235",
                    "align": "right", "valign": "top",
                    "num_format": number_format(output.decimals)}
            if output.value_type == BOOL:
                look["num_format"] = BOOLEAN
            elif output.value_type == TEXT:
                look.update(num_format="@", align="left", text_wrap=True)
            self._outputs[key] = self._book.add_format(look)
        return self._outputs[key]


def input_format(spec: Input) -> str:
    """An input value's number format: a number with its input's decimals (never General,
    which turns a long number into 1.2E+15), a switch (yes or no) and a choice as text."""
    return "@" if spec.type in ("bool", "choice") else number_format(spec.decimals)
