"""The Bleach game's frame handlers by name and the ``@handler("name")`` decorator (core/machine.py)."""

from __future__ import annotations

from ...core.machine import handler_registry

HANDLERS, handler = handler_registry()
