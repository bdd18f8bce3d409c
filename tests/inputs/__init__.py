"""What a planner brings (calc/inputs): scenario and plan files, PSET reports, SMF folders and workbooks read back."""
