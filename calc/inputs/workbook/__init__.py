"""A workbook mqcalc wrote, read back into inputs: the typed inputs evaluated and the stored
results checked against the engine; its parts streamed within bounds, the few cells needed
decoded as openpyxl's ``data_only`` reading would give them."""
