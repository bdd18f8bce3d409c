"""The expression language (calc/formula): the compiled judge and evaluation."""
