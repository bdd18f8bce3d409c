"""Where a run's wall time goes: calls of chosen functions timed and summed by category.

Inside ``with Attribution() as timer:``, :meth:`Attribution.functions` replaces functions
wherever a loaded module of the ``calc`` package binds them (``from ..emit_excel import
to_excel`` binds a second name for the same function; ``engine.run`` reads the engine
module's), and :meth:`Attribution.methods` a class's public methods, by wrappers that time
each call; leaving the block puts the originals back.

Only the outermost timed call is counted: a timed call made while another runs belongs to
the running one's category, so no second is counted twice (``chart_series`` calls
``validate``; XlsxWriter's ``set_column`` calls ``set_column_pixels``). A call that returns a
generator (``calc.engine.sweeps.evaluate``) does its work as the generator is read, so each step
of it is timed as well. What no timed call covers is the caller's own work, the remainder.
A timed call costs about a microsecond more than an untimed one.
"""
from __future__ import annotations

import functools
import inspect
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator


class Attribution:
    """Seconds by category (``seconds``) of the timed calls made inside the ``with`` block."""

    def __init__(self):
        self.seconds: dict[str, float] = defaultdict(float)
        self._running = False
        self._replaced: list[tuple[object, str, object]] = []

    def __enter__(self) -> Attribution:
        return self

    def __exit__(self, *_) -> None:
        for owner, name, original in reversed(self._replaced):
            setattr(owner, name, original)
        self._replaced.clear()

    def functions(self, category: str, functions: Iterable[Callable]) -> None:
        """Time ``functions`` under every name the ``calc`` package's modules give them."""
        modules = [module for name, module in list(sys.modules.items())
                   if name == "calc" or name.startswith("calc.")]
        for function in functions:
            timed = self._timed(category, function)
            for module in modules:
                for name, value in list(vars(module).items()):
                    if value is function:
                        self._replace(module, name, timed)

    def methods(self, category: str, cls: type, names: Iterable[str] | None = None) -> None:
        """Time the public methods ``cls`` defines (only ``names`` of them if given), except
        those already timed under another category."""
        chosen = set(names) if names is not None else None
        done = {(owner, name) for owner, name, _ in self._replaced}
        for name, value in list(vars(cls).items()):
            if (inspect.isfunction(value) and not name.startswith("_")
                    and (chosen is None or name in chosen) and (cls, name) not in done):
                self._replace(cls, name, self._timed(category, value))

    def _replace(self, owner: object, name: str, timed: Callable) -> None:
        self._replaced.append((owner, name, getattr(owner, name)))
        setattr(owner, name, timed)

    def _timed(self, category: str, function: Callable) -> Callable:
        @functools.wraps(function)
        def timed(*args, **kwargs):
            if self._running:
                return function(*args, **kwargs)
            self._running = True
            started = time.perf_counter()
            try:
                result = function(*args, **kwargs)
            finally:
                self.seconds[category] += time.perf_counter() - started
                self._running = False
            return self._steps(category, result) if inspect.isgenerator(result) else result
        return timed

    def _steps(self, category: str, generator: Iterator) -> Iterator:
        """``generator``'s items, the making of each timed under ``category``."""
        step = self._timed(category, next)
        while True:
            try:
                item = step(generator)
            except StopIteration:
                return
            yield item
