"""The expression language of templates: parsed once and type-checked, then emitted as Python
(compiled into one function per calculator) and as spreadsheet formulas, and each output's
range over every input's domain."""
