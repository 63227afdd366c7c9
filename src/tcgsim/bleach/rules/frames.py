"""The Bleach game's frame handlers by name and the ``@handler("name")`` decorator (core/machine.py)."""

from __future__ import annotations

from ...core.machine import EngineError, handler_registry

HANDLERS, handler = handler_registry()
"""The game's table of frame handlers (``Game.HANDLERS``); ``@handler`` registers the engine's own frames."""


def handler_table():
    """A step module's own table of frame handlers and its ``@handler("name")`` decorator (see :func:`install`)."""
    return handler_registry()


def install(*tables: dict) -> None:
    """Add the step modules' handler ``tables`` to the game's table, at the one place where the game is
    wired (``tcgsim/bleach/__init__.py``). Installing a table again changes nothing; raises
    :class:`~tcgsim.core.machine.EngineError` if two different handlers claim one frame name."""
    for table in tables:
        for name, fn in table.items():
            if HANDLERS.get(name, fn) is not fn:
                raise EngineError(f"two handlers for frame {name!r}")
            HANDLERS[name] = fn
