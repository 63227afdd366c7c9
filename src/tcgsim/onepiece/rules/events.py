"""Activating an Event card from hand: its [Main] effect in the Main Phase (main_phase.py), its [Counter]
effect in the Counter Step (battle.py)."""

from __future__ import annotations

from ...core.machine import handler_registry
from .continuous import END, EVENT_ACTIVATED, add_modifier

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""


def event_usable(g, cid: int, idx: int) -> bool:
    """Whether an Event's [Main] / [Counter] effect ``idx`` can be activated from hand: its conditions and
    [Once Per Turn] are checked, not its activation cost -- the Event can be activated even when that cost
    cannot be paid, and the effect then does nothing (rule 8-3-1-3; card Q&A OP01-055, ST04-016)."""
    eff = g.t.defs[cid].effects[idx]
    if eff.once_per_turn and (cid, idx) in g.once:
        return False
    return not eff.conditions or g.fx.conditions_hold(g, cid, eff)


def event_activated(g, cid: int) -> None:
    """An Event is being activated from hand: "when you activate an Event" effects activate after it has
    been activated and its effect resolved (card Q&A OP01-004, OP01-062), so a frame under the Event's
    effect frames reports it (interpreter.start_effect queues effects above non-effect frames). In a game
    with a card that asks, the activation is also recorded for this turn (continuous.EVENT_ACTIVATED)."""
    if g.t.event_log:
        player = g.t.owner[cid]
        add_modifier(g, -1 - player, EVENT_ACTIVATED, cid, END, g.turn, player)
    if g.t.whens:
        g.stack.append(("event_activated", cid))


def event_activated_frame(g, frame, choice) -> None:
    """Report the Event activated (its effect has resolved) to the "When you activate an Event" effects."""
    g.stack.pop()
    g.fx.fire_event(g, "event_activated", frame[1])


handler("event_activated", event_activated_frame)
