"""mqzcalc's benchmark: ``python -m tests.bench`` (see the README's Performance section).

Each module measures one thing and returns :class:`~tests.bench.measures.Measure` rows; the
runner (``__main__``) prints them as one table and writes them to a JSON file. Nothing here
is a test and nothing here asserts a time: goals are reported beside the figures.
"""
