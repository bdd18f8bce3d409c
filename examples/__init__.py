"""Example plan files, installed as the package ``calc.examples`` (pyproject.toml maps this
folder there, as it maps ``templates``), so an installed mqcalc evaluates them and copies
one out for a planner to edit: ``mqcalc plan --example NAME [--out FILE]``
(:mod:`calc.inputs.plan_examples`). Nothing here is Python but this documentation.
"""
