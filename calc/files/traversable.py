"""The one name the code uses only in annotations and would pay for importing:
:class:`importlib.resources.abc.Traversable`, the type of a file inside an installed
package (templates in a wheel or a zip). Importing it loads the whole of
importlib.resources, so here alone a type checker sees the real class while the running
program, whose annotations are never evaluated (``from __future__ import annotations``),
gets a stand-in."""
from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
else:
    Traversable = object
    """A stand-in: never evaluated at run time, where only type checkers read it."""

__all__ = ["Traversable"]
