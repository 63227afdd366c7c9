"""The Main Phase (rule 6-5): play cards, activate effects, give DON!!, battle, or end the phase.

Options of the ``main`` decision:
``("play", card)``, ``("give", n, target)``, ``("activate", card, effect_index)``,
``("attack", attacker, target)``, ``("end",)``. Copies of one card in hand are one ``play`` option.
"""

from __future__ import annotations

from ...core.machine import handler_registry
from ..cards.model import CHARACTER, EVENT, KW_RUSH, KW_RUSH_CHARACTER, STAGE
from .continuous import (
    attack_target_forbidden, can_attack_active, has_keyword, play_forbidden, prohibited,
)
from .continuous import attack_cost, play_cost, plays_rested, use_next_play_discounts
from .battle import declare_attack
from .events import event_activated, event_usable
from .zones import leave_secret_publicly, pay_don, place_character, place_stage, trash_from_field
from .card_effects import ON_PLAY, START_OF_MAIN

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""

MAX_CHARACTERS = 5  # rule 3-7-6


def main_options(g) -> list[tuple]:
    """The legal Main Phase actions of the turn player (rules 6-5-2 to 6-5-6)."""
    me = g.active
    p = g.players[me]
    defs = g.t.defs
    avail = p.don_active
    opts: list[tuple] = []
    seen = set()
    mods = bool(g.mods)
    static_ops = g.t.static_ops
    # whether a cost can differ from the printed one (option generation changes nothing: read once)
    costs_change = mods or bool(static_ops.get("modify_cost") or static_ops.get("reduce_play_cost"))
    # 6-5-3-1: play Characters and Stages, use [Main] Events (2-7-3: rest DON!! equal to the cost).
    for cid in p.hand:
        d = defs[cid]
        if d.number in seen:
            continue
        seen.add(d.number)
        if d.category == EVENT:
            idx = g.fx.activatable(g, cid, "main")
            if not idx or not event_usable(g, cid, idx[0]):
                continue
        if (play_cost(g, cid) if costs_change else (d.cost or 0)) <= avail and not (mods and play_forbidden(g, me, cid)):
            opts.append(("play", cid))
    # 6-5-4-1: [Activate: Main] effects of the Leader, Characters and Stage.
    timed = g.t.timed
    for cid in p.field_cards():
        idxs = timed[cid].get("activate_main")
        if idxs:
            for idx in idxs:
                if g.fx.usable(g, cid, idx):
                    opts.append(("activate", cid, idx))
    # 6-5-5: give active DON!! to the Leader or a Character, any number at a time.
    if avail:
        targets = (p.leader, *p.characters)
        opts += [("give", n, t) for n in range(1, avail + 1) for t in targets]
    # 6-5-6: battle, never in a player's own first turn (6-5-6-1).
    if p.first_turn_done:
        opp = g.players[1 - me]
        rested = g.rested
        targets_rested = [c for c in opp.characters if rested[c]]
        attackers = []
        if not rested[p.leader]:
            attackers.append(p.leader)
        turn = g.turn
        for c in p.characters:
            if rested[c]:
                continue
            attackers.append(c)
        cannot = bool(g.mods) or bool(g.t.static_ops.get("cannot"))
        for a in attackers:
            # a card that "cannot be rested" cannot attack either: declaring rests it (7-1-1-1; rules Q&A)
            if cannot and (prohibited(g, a, "attack") or prohibited(g, a, "be_rested")):
                continue
            if g.mods and attack_cost(g, a) > len(p.hand):
                continue  # "cannot attack unless ... trashes 2 cards from their hand": not payable (OP08-043)
            leader_ok = not (cannot and prohibited(g, a, "attack_leader"))
            if a != p.leader and g.played[a] == turn:
                # 3-7-4: no attack on the turn played, unless [Rush] (10-1-1) or [Rush: Character] (10-1-6).
                if has_keyword(g, a, KW_RUSH):
                    pass
                elif has_keyword(g, a, KW_RUSH_CHARACTER):
                    leader_ok = False
                else:
                    continue
            if leader_ok and not (cannot and attack_target_forbidden(g, a, opp.leader)):
                opts.append(("attack", a, opp.leader))
            for t in (opp.characters if can_attack_active(g, a) else targets_rested):
                if not (cannot and attack_target_forbidden(g, a, t)):
                    opts.append(("attack", a, t))
    opts.append(("end",))
    return opts


def main_phase(g, frame, choice) -> None:
    """Rule 6-5: the Main Phase decision, asked again after every action until the turn player ends it."""
    if choice is None:
        if frame[1] == 0:
            # 6-5-1: "at the start of the Main Phase" effects.
            g.phase = "main"
            g.stack[-1] = ("main", 1)
            me, opp = g.players[g.active], g.players[1 - g.active]
            g.fx.fire(g, START_OF_MAIN, me.field_cards())
            g.fx.fire(g, START_OF_MAIN, opp.field_cards())
            if g.mods:
                g.fx.run_delayed_main(g)  # "... at the start of their next Main Phase" (PRB02-005)
            return
        g.phase = "main"
        g.ask(g.active, "main", main_options(g))
        return
    kind = choice[0]
    if kind == "end":
        g.stack.pop()
        g.emit(None, f"p{g.active + 1} ends the Main Phase", ("6-5-2-1",))
    elif kind == "play":
        play_from_hand(g, g.active, choice[1])
    elif kind == "give":
        give_don(g, g.active, choice[1], choice[2])
    elif kind == "attack":
        if g.mods and attack_cost(g, choice[1]):
            # "... unless your opponent trashes 2 cards from their hand whenever they attack": paid first
            g.stack.append(("attack_cost", choice[1], choice[2], attack_cost(g, choice[1]), ()))
            return
        declare_attack(g, choice[1], choice[2])
    elif kind == "activate":
        g.emit(None, f"p{g.active + 1} activates {g.t.numbers[choice[1]]}")
        g.fx.activate(g, choice[1], choice[2])


handler("main", main_phase)


def give_don(g, player: int, n: int, target: int) -> None:
    """Rule 6-5-5-1: move ``n`` active DON!! from the cost area under ``target`` (Leader or Character)."""
    p = g.players[player]
    p.don_active -= n
    g.given[target] += n
    if g.log is not None:  # the card reference is looked up only for a log
        g.emit(None, f"p{player + 1} gives {n} DON!! to {_name(g, target)}", ("6-5-5-1",))
    for _ in range(n):  # "When ... is given a DON!! card" (OP02-002): once per DON!! card
        g.fx.fire_event(g, "don_given", target)


def play_from_hand(g, player: int, cid: int) -> None:
    """Rules 2-7-3/2-7-4, 6-5-3-1: pay the cost, then place a Character or Stage, or trash an Event and
    resolve its [Main] effect (rule 2-2-5)."""
    p = g.players[player]
    d = g.t.defs[cid]
    cost = play_cost(g, cid)  # read in hand: "Give ... in your hand -1 cost" (OP01-067) applies there
    use_next_play_discounts(g, cid)
    leave_secret_publicly(g, cid)
    p.hand.remove(cid)
    pay_don(g, player, cost)
    g.emit(None, f"p{player + 1} plays {d.number}", ("6-5-3-1",))
    if d.category == CHARACTER:
        g.limbo.append(cid)
        g.stack.append(("enter_character", cid))
    elif d.category == STAGE:
        place_stage(g, cid)
        g.fx.fire(g, ON_PLAY, (cid,))
    else:
        p.trash.append(cid)
        event_activated(g, cid)
        idx = g.fx.activatable(g, cid, "main")
        if idx:
            g.fx.activate_event(g, cid, idx[0])


def enter_character(g, frame, choice) -> None:
    """Rule 3-7-6: with 5 Characters already, the player trashes one of them (rule processing, not a
    K.O., 3-7-6-1-1), then the new Character is played and its [On Play] fires (10-2-6)."""
    cid = frame[1]
    owner = g.t.owner[cid]
    p = g.players[owner]
    trashed = -1
    if len(p.characters) >= MAX_CHARACTERS:
        if choice is None:
            choice = g.ask(owner, "trash", [("trash", c) for c in p.characters])
            if choice is None:
                return
        g.emit(None, f"p{owner + 1} trashes {g.t.numbers[choice[1]]} to make room (rule 3-7-6)", ("3-7-6-1", "3-7-6-1-1"))
        trash_from_field(g, choice[1])
        trashed = choice[1]
    g.stack.pop()
    if trashed >= 0 and g.t.whens:
        # "When your ... Character card is removed from the field" (OP16-041): by the rules too; queued once
        # this frame is off the stack
        g.fx.fire_event(g, "removed", trashed, by="rule", zone="character")
    g.limbo.remove(cid)
    place_character(g, cid)
    if g.t.static_ops.get("play_rested"):
        if plays_rested(g, cid):  # "Your Character cards are played rested" (OP09-022): before its [On Play]
            g.rested[cid] = 1
    g.fx.fire(g, ON_PLAY, (cid,))
    if g.t.whens:  # "When a Character is played from ...": the zone it came from ("hand" unless an effect said)
        # an effect's play names the effect's card (actions.op_play): "using a Character's effect" (OP12-081)
        by, source = ("effect", frame[3]) if len(frame) > 3 else (None, -1)
        g.fx.fire_event(g, "played", cid, zone=frame[2] if len(frame) > 2 else "hand", by=by, source=source)


handler("enter_character", enter_character)


def _name(g, cid: int) -> str:
    owner = g.t.owner[cid]
    if g.players[owner].leader == cid:
        return f"p{owner + 1}'s leader"
    return f"p{owner + 1}'s {g.t.numbers[cid]}"
