"""The cell formats the workbook's sheets share, made once per workbook."""
from __future__ import annotations

from ..formatting import number_format
from ..model import BOOL, TEXT, Output

BOOLEAN = '"TRUE";"TRUE";"FALSE"'
"""Booleans shown as TRUE/FALSE: LibreOffice applies number formats to them (and, without
recalculating, shows a General boolean as 0 or 1); Excel shows them so anyway."""


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
        self.name = add({"font_name": "Consolas", "font_color": "#595959", "valign": "top"})
        self.note = add({"text_wrap": True, "valign": "top", "font_color": "#833C0B"})
        self.problem = add({"text_wrap": True, "valign": "top", "bold": True,
                            "font_color": "#C00000"})
        self.input = {kind: add({"bg_color": "#FFF2CC", "font_color": "#0000CC", "border": 1,
                                 "border_color": "#BF9000", "locked": False, "align": "right", "valign": "top",
                                 "num_format": fmt})
                      for kind, fmt in (("int", "#,##0"), ("number", "General"),
                                        ("bool", BOOLEAN), ("choice", "@"))}
        self._book, self._outputs = book, {}
        self.link = add({"font_color": "#0563C1", "underline": 1, "valign": "top"})
        self.key = add({"bold": True, "bg_color": "#F2F2F2", "border": 1})
        self.cell = add({"border": 1, "border_color": "#BFBFBF", "valign": "top"})
        self.column_title = add({"bold": True, "text_wrap": True, "valign": "bottom",
                                 "bg_color": "#D9E1F2"})
        self.column_unit = add({"italic": True, "font_color": "#404040", "bg_color": "#D9E1F2"})
        self.column_name = add({"font_name": "Consolas", "font_size": 8, "font_color": "#595959",
                                "bg_color": "#D9E1F2", "bottom": 1})

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
