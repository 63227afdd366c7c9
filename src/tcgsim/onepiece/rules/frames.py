"""The registry of frame handlers: the steps of the game as an explicit, resumable stack.

Each frame on ``GameState.stack`` is an immutable tuple whose first element names its handler. A handler
``h(game, frame, choice)`` is called with ``choice=None`` when the frame is first run; if it needs a
player's decision it calls ``game.ask(...)`` and returns, leaving itself on the stack; it is called again
with the chosen option when the decision is answered. A handler pops itself (``game.stack.pop()``) when
its step is complete, or replaces itself (``game.stack[-1] = new_frame``) to record progress.

Each step module (phases.py, main_phase.py, battle.py, damage.py, setup.py, zones.py, events.py) has its
own table and registers each handler right after its definition with ``handler("name", function)``: a
call, not a decorator, so that mutmut (which skips decorated functions) mutates the handlers' bodies too
(benchmarks/mutation.py, issue 17 §4).
"""

from __future__ import annotations

from ...core.machine import handler_registry

HANDLERS, handler = handler_registry()
"""The game's table of frame handlers by name (``Game.HANDLERS``), filled by ``Game.install`` from each step
module's and the card effects' own tables; ``handler("name", fn)`` (or ``@handler("name")``) adds a frame directly (tests)."""
