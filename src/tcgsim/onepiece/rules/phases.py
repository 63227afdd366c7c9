"""The turn and its phases (rule 6): Refresh, Draw, DON!!, Main (main_phase.py) and End."""

from __future__ import annotations

from ...core.machine import handler_registry
from .continuous import END, NO_REFRESH, START, card_flag, don_phase_given, expire, frozen_don, kept_rested
from .card_effects import END_OF_OPPONENT_TURN, END_OF_YOUR_TURN, START_OF_YOUR_TURN
from .main_phase import give_don
from .turns import is_extra_turn, pass_turn
from .zones import draw

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""


def turn_start(g, frame, choice) -> None:
    """Rule 6-1-1: a turn is Refresh, Draw, DON!!, Main and End, in that order."""
    g.stack.pop()
    g.once.clear()
    g.emit(None, f"turn {g.turn}: p{g.active + 1}" + (" (extra turn)" if is_extra_turn(g) else ""), ("6-1-1",))
    g.stack.extend((("end_phase",), ("main", 0), ("don_phase",), ("draw_phase",), ("refresh",)))


handler("turn", turn_start)


def refresh(g, frame, choice) -> None:
    """Rule 6-2: effects lasting until the start of this turn end (6-2-1); given DON!! return rested to
    the cost area (6-2-3); the turn player's rested cards and DON!! become active (6-2-4)."""
    if len(frame) == 1:
        g.phase = "refresh"
        expire(g, START, g.turn)
        if _start_of_turn_effects(g):
            return
    g.stack.pop()
    p = g.players[g.active]
    given = g.given
    rested = g.rested
    returned = 0
    for cid in (p.leader, *p.characters):
        if given[cid]:
            returned += given[cid]
            given[cid] = 0
    # DON!! cards are counted, not named: the ones an effect keeps rested are among those rested in the cost
    # area before the given ones return (6-2-3); those their owner moved meanwhile were the kept ones first
    # (continuous.unfreeze_don), and never more are kept than are rested
    kept = 0
    p.don_rested += returned
    # "all Characters with a cost of 5 or less do not become active in your and your opponent's Refresh
    # Phases" (OP05-040): the Characters it names now, before any becomes active (6-2-4)
    held = kept_rested(g, p.characters) if g.t.static_ops.get("no_refresh") else ()
    if held:
        for cid in p.field_cards():
            if cid not in held and not (g.mods and card_flag(g, cid, NO_REFRESH)):
                rested[cid] = 0
        if g.mods:
            kept = min(frozen_don(g, g.active), p.don_rested - returned)
    elif g.mods:
        kept = min(frozen_don(g, g.active), p.don_rested - returned)
        for cid in p.field_cards():
            if not card_flag(g, cid, NO_REFRESH):
                rested[cid] = 0
    else:
        rested[p.leader] = 0
        for cid in p.characters:
            rested[cid] = 0
        if p.stage >= 0:
            rested[p.stage] = 0
    p.don_active += p.don_rested - kept
    p.don_rested = kept


handler("refresh", refresh)


def _start_of_turn_effects(g) -> bool:
    """Rule 6-2-2: the turn player's "at the start of your turn" effects activate, after 6-2-1 and before the
    given DON!! return (6-2-3); the Refresh Phase goes on once they have resolved (frame ``("refresh", 1)``).
    False, and the phase goes on at once, when no card on the turn player's field has one."""
    cards = g.players[g.active].field_cards()
    if not any(g.t.timed[c].get(START_OF_YOUR_TURN) for c in cards):
        return False
    g.stack[-1] = ("refresh", 1)
    g.fx.fire(g, START_OF_YOUR_TURN, cards)
    return True


def draw_phase(g, frame, choice) -> None:
    """Rule 6-3-1: the turn player draws 1, except the first player on their first turn."""
    g.stack.pop()
    g.phase = "draw"
    if g.turn == 1 and g.active == g.first:
        return
    draw(g, g.active, 1)


handler("draw_phase", draw_phase)


def don_phase(g, frame, choice) -> None:
    """Rule 6-4: add 2 DON!! (1 on the first player's first turn) from the DON!! deck, as many as remain."""
    g.stack.pop()
    g.phase = "don"
    p = g.players[g.active]
    n = 1 if (g.turn == 1 and g.active == g.first) else 2
    n = min(n, p.don_deck)
    given = don_phase_given(g, g.active)  # 0 at once in a game with no such card
    p.don_deck -= n
    p.don_active += n
    if n:
        g.emit(None, f"p{g.active + 1} adds {n} DON!!", ("6-4-1",))
    if given and n:
        # "1 DON!! card placed during your DON!! Phase is given to your Leader" (OP13-003)
        give_don(g, g.active, min(given, n), p.leader)


handler("don_phase", don_phase)


def _run_delayed(g) -> bool:
    return g.fx.run_delayed(g)


def end_order(g, frame, choice) -> None:
    """Rules 6-6-1-1-3 / 6-6-1-1-4: a player with several [End of Your Turn] (turn player) or [End of Your
    Opponent's Turn] (non-turn player) effects resolves them one at a time in the order they choose
    (``choose effect CARD``). Frame: ``("end_order", player, ((card, effect index), ...))``, the effects
    not yet started; the chosen one is queued above this frame, so it resolves before the next choice."""
    player, todo = frame[1], frame[2]
    pick = 0
    cards = tuple(dict.fromkeys(c for c, _ in todo))
    if len(cards) > 1:
        if choice is None:
            choice = g.ask(player, "effect", [("effect", c) for c in cards])
            if choice is None:
                return
        pick = next(i for i, (c, _) in enumerate(todo) if c == choice[1])
    rest = todo[:pick] + todo[pick + 1:]
    me = len(g.stack) - 1
    g.stack[me] = ("end_order", player, rest)
    g.fx.queue(g, *todo[pick])  # above this frame
    if not rest:
        # removed only now: an effect that the earlier ones triggered waits below this frame and resolves
        # after the last of them (8-6-1-1)
        del g.stack[me]


handler("end_order", end_order)


def end_phase(g, frame, choice) -> None:
    """Rule 6-6: [End of Your Turn] then [End of Your Opponent's Turn] effects (6-6-1-1), then effects
    lasting until the end of the turn end (6-6-1-2, 6-6-1-3), then the turn passes (6-6-1-4). Delayed
    "at the end of this turn" effects (effects/interpreter.run_delayed) resolve after the first."""
    stage = frame[1] if len(frame) > 1 else 0
    g.phase = "end"
    if stage == 0:
        g.stack[-1] = ("end_phase", 1)
        me, opp = g.players[g.active], g.players[1 - g.active]
        # The turn player's effects first (6-6-1-1-2): their frame goes on top; each player orders their own
        # (6-6-1-1-3, 6-6-1-1-4)
        for who, p, timing in ((1 - g.active, opp, END_OF_OPPONENT_TURN), (g.active, me, END_OF_YOUR_TURN)):
            todo = g.fx.auto_effects(g, timing, p.field_cards())
            if todo:
                g.stack.append(("end_order", who, todo))
        return
    if g.mods and _run_delayed(g):
        return  # delayed "at the end of this turn" effects resolve first (6-6-1-2); then back here
    g.stack.pop()
    expire(g, END, g.turn)
    if g.t.static_ops.get("deck_out_end_of_turn"):
        g.deck_out_at_end_of_turn()  # OP15-022: "You lose at the end of the turn in which your deck becomes 0 cards"
        if g.winner is not None:
            return
    g.players[g.active].first_turn_done = True
    pass_turn(g)  # 6-6-1-4: to the opponent, or to the player of an extra turn (rules/turns.py)
    g.stack.append(("turn",))


handler("end_phase", end_phase)
