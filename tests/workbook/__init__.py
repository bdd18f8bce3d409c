"""The workbooks (calc/workbook): their contents, charts, printing, Excel's limits, and their formulas recalculated by an independent evaluator and LibreOffice."""
