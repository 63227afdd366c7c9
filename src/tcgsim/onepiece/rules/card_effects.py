"""The one interface between the rules engine and card effects: what the rules ask of the effects.

The rules layer (``onepiece/rules``) never imports the effect interpreter (``onepiece/effects``): at every
timing of rules 6 to 10 it calls the :class:`CardEffects` object of its game, ``g.fx`` (a class attribute
of :class:`~tcgsim.onepiece.rules.engine.Game`). The effects package implements this interface
(``effects/card_effects.py``) and registers it, with its frame handlers, by one call at one place:
``Game.install(...)`` in ``tcgsim/onepiece/__init__.py``, which Python runs before any module of the game
is imported, so no module imported alone finds the interface missing.

The timings (rule 8-1-3-1, 10-2) are named here, where both sides read them.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core.machine import EngineError

# Timings (rule 8-1-3-1, 10-2).
ON_PLAY = "on_play"
WHEN_ATTACKING = "when_attacking"
ON_OPPONENT_ATTACK = "on_opponent_attack"
ON_BLOCK = "on_block"
ON_KO = "on_ko"
END_OF_YOUR_TURN = "end_of_your_turn"
END_OF_OPPONENT_TURN = "end_of_opponent_turn"
START_OF_GAME = "start_of_game"
START_OF_MAIN = "start_of_main"
START_OF_YOUR_TURN = "start_of_your_turn"
WHEN_ATTACKED = "when_attacked"
END_OF_BATTLE = "end_of_battle"


def _missing(*_args, **_kwargs):
    raise EngineError("no card-effect interpreter is installed: import tcgsim.onepiece (its __init__ installs it)")


class CardEffects:
    """What the rules engine asks of card effects. ``g`` is the game, ``cid``/``src`` card ids, ``idx`` an
    effect index of a card's compiled effects (``CardDef.effects``). This base class is the interface; each
    operation raises :class:`~tcgsim.core.machine.EngineError` until an implementation is installed
    (``effects/card_effects.py`` is the one implementation).

    Attributes: ``handlers`` (frame name → handler of the effects' own frames, merged into the game's
    handler table by ``Game.install``) and ``ops`` (IR action op name → ``fn(g, frame, action, choice)``,
    what the effects' ``act`` frame runs).
    """

    handlers: dict[str, Callable] = {}
    ops: dict[str, Callable] = {}

    # ------------------------------------------------------------------ auto effects (8-1-3-1)
    fire: Callable[..., None] = staticmethod(_missing)
    """``fire(g, timing, cards)``: queue the auto effects of ``cards`` that trigger at ``timing``."""
    fire_event: Callable[..., None] = staticmethod(_missing)
    """``fire_event(g, kind, subject=-1, *, player, by, source, other, zone, at, count, side)``: queue the
    "When ..." effects (8-1-3-1-2) waiting for event ``kind`` (see ``effects/hooks.fire_event``)."""
    fire_on_ko: Callable[..., None] = staticmethod(_missing)
    """``fire_on_ko(g, cid)``: queue the [On K.O.] effects of ``cid`` (10-2-17)."""
    queue: Callable[..., None] = staticmethod(_missing)
    """``queue(g, cid, idx)``: queue auto effect ``idx`` of ``cid`` (not when negated, 8-2-1-1)."""
    auto_effects: Callable[..., tuple] = staticmethod(_missing)
    """``auto_effects(g, timing, cards) -> ((card, idx), ...)``: the auto effects that trigger at ``timing``."""
    queue_index: Callable[..., int] = staticmethod(_missing)
    """``queue_index(g) -> int``: the stack position where effects queued now go (8-6-3)."""
    run_delayed: Callable[..., bool] = staticmethod(_missing)
    """``run_delayed(g) -> bool``: queue the "at the end of this turn" effects due now; whether any was."""
    run_delayed_battle: Callable[..., None] = staticmethod(_missing)
    """``run_delayed_battle(g)``: queue the "at the end of this battle" effects (7-1-5)."""
    run_delayed_main: Callable[..., None] = staticmethod(_missing)
    """``run_delayed_main(g)``: queue the "at the start of their next Main Phase" effects due now (6-5-1)."""

    # ------------------------------------------------------------------ activated effects (8-1-3-2, 10-1-5)
    activatable: Callable[..., Any] = staticmethod(_missing)
    """``activatable(g, cid, timing) -> indices``: ``cid``'s compiled effects with ``timing``
    (``activate_main``, ``main``, ``counter``, ``trigger``)."""
    usable: Callable[..., bool] = staticmethod(_missing)
    """``usable(g, cid, idx) -> bool``: conditions hold (8-3-2), [Once Per Turn] unused, cost payable."""
    activate: Callable[..., None] = staticmethod(_missing)
    """``activate(g, cid, idx)``: resolve an activated effect the player chose to use."""
    activate_event: Callable[..., None] = staticmethod(_missing)
    """``activate_event(g, cid, idx)``: resolve the [Main] / [Counter] effect ``idx`` of an Event just activated
    from hand; a payable activation cost is asked yes/no first (8-3-1-4; card Q&A ST04-016)."""
    has_supported_trigger: Callable[..., bool] = staticmethod(_missing)
    """``has_supported_trigger(g, cid) -> bool``: a compiled [Trigger] that can be activated now."""
    can_pay: Callable[..., bool] = staticmethod(_missing)
    """``can_pay(g, cid, eff) -> bool``: every cost of effect ``eff`` of ``cid`` can be paid now (8-3-1-3)."""
    conditions_hold: Callable[..., bool] = staticmethod(_missing)
    """``conditions_hold(g, cid, eff) -> bool``: the conditions of effect ``eff`` of ``cid`` hold (8-3-2)."""

    # ------------------------------------------------------------------ replacement effects (8-1-3-4)
    replacement_for: Callable[..., Any] = staticmethod(_missing)
    """``replacement_for(g, cid, by, source, tried, kinds=("ko",)) -> (card, idx) | None``: the next
    replacement effect that may replace the event of ``cid`` (8-1-3-4-2)."""
    replaces: Callable[..., bool] = staticmethod(_missing)
    """``replaces(g, src, idx, cid, by, source, kinds) -> bool``: replacement ``idx`` of ``src`` applies."""
    replace: Callable[..., None] = staticmethod(_missing)
    """``replace(g, src, idx, replaced=())``: resolve a replacement effect at once, in place of the event
    (8-1-3-4-4); ``replaced``: the cards whose event it replaces ("that Character")."""

    offer_replacement: Callable[..., Any] = staticmethod(_missing)
    """``offer_replacement(g, src, idx) -> ("yes"|"no", src, idx) | None``: whether to apply it, asked of its
    player if optional (8-1-3-4-1), ``"yes"`` at once if not; ``None`` while waiting for the answer."""

    # ------------------------------------------------------------------ reading effect text (continuous effects)
    condition_holds: Callable[..., bool] = staticmethod(_missing)
    """``condition_holds(g, src, condition) -> bool``: one IR condition of ``src``'s effect holds."""
    count_of: Callable[..., int] = staticmethod(_missing)
    """``count_of(g, src, selector) -> int``: how many cards a "for every N ..." selector counts."""
    candidates: Callable[..., list] = staticmethod(_missing)
    """``candidates(g, src, selector) -> [card ids]``: the cards an IR selector of ``src`` names now."""
    matches: Callable[..., bool] = staticmethod(_missing)
    """``matches(g, src, cid, filters) -> bool``: card ``cid`` passes the IR ``filters`` of ``src``."""
    action_at: Callable[..., Any] = staticmethod(_missing)
    """``action_at(g, src, idx, path) -> Action``: the IR action at ``path`` in effect ``idx`` of ``src``."""
