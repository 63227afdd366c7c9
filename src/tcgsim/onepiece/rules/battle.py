"""Battle (rule 7-1): Attack Step, Block Step, Counter Step, Damage Step (damage.py) and End of Battle.

``Game.battle`` is ``(attacker, target, original_target, left_field)``; ``left_field`` turns true when the
attacker or the target leaves its area during the battle, and the checks at the end of the Attack, Block
and Counter Steps (rules 7-1-1-4, 7-1-2-3, 7-1-3-3) then jump to the End of Battle.
"""

from __future__ import annotations

from ...core.machine import handler_registry
from ..cards.model import CHARACTER, KW_BLOCKER, KW_UNBLOCKABLE
from .continuous import (
    BATTLE, BATTLED, CANNOT_BLOCK, END, POWER, add_modifier, blocker_forbidden, card_flag, expire, has_keyword, prohibited,
)
from .continuous import counter as counter_value
from .events import event_activated, event_usable
from .zones import leave_secret_publicly, pay_don
from .continuous import cost as current_cost
from .card_effects import END_OF_BATTLE, ON_BLOCK, ON_OPPONENT_ATTACK, WHEN_ATTACKED, WHEN_ATTACKING

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""


def declare_attack(g, attacker: int, target: int) -> None:
    """Rule 7-1-1: rest the attacker and declare the target; then the Attack Step's auto effects:
    the attacker's [When Attacking] before the defender's [On Your Opponent's Attack] (rules Q&A)."""
    g.rested[attacker] = 1
    # the battle record: (attacker, target, declared target, a battler left the field, a [Blocker] was used);
    # the last is its own field because an effect may change the target too (10-1-4-1 against 7-1-2-1)
    g.battle = (attacker, target, target, False, False)
    me = g.active
    if g.log is not None:  # the card reference is looked up only for a log
        g.emit(None, f"p{me + 1} attacks {_ref(g, target)} with {_ref(g, attacker)}", ("7-1-1-1", "7-1-1-2"))
    g.stack.extend((
        ("battle_end",),
        ("damage_step",),
        ("battle_check",),
        ("counter_step", 0),
        ("battle_check",),
        ("block_step",),
        ("battle_check",),
    ))
    opp = g.players[1 - me]
    # queued in resolution order: the attacker's side first (rules Q&A)
    g.fx.fire(g, WHEN_ATTACKING, (attacker,))
    if g.t.whens:
        g.fx.fire_event(g, "attack", attacker)
        g.fx.fire_event(g, "rested", attacker)  # "When this Character becomes rested": by attacking
    g.fx.fire(g, ON_OPPONENT_ATTACK, opp.field_cards())  # a Stage's too (2-8-2)


def attack_cost_frame(g, frame, choice) -> None:
    """ "None of the selected Characters can attack unless your opponent trashes 2 cards from their hand
    whenever they attack" (OP08-043, continuous.ATTACK_COST): the attacking player trashes that many cards
    from their hand, one at a time, then the attack is declared (7-1-1). main_phase offers the attack only
    when the hand holds enough cards."""
    _, attacker, target, n, chosen = frame
    me = g.t.owner[attacker]
    hand = g.players[me].hand
    if choice is not None:
        chosen = chosen + (choice[1],)
    while len(chosen) < n:
        left = [c for c in hand if c not in chosen]
        if not left:
            break
        opts, seen = [], set()
        for c in left:  # copies in hand are one option
            if g.t.numbers[c] not in seen:
                seen.add(g.t.numbers[c])
                opts.append(("choose", c))
        if len(opts) == 1 or len(left) <= n - len(chosen):
            chosen = chosen + tuple(left[: n - len(chosen)])
            break
        pick = g.ask(me, "choose", opts)
        if pick is None:
            g.stack[-1] = ("attack_cost", attacker, target, n, chosen)
            return
        chosen = chosen + (pick[1],)
    g.stack.pop()
    p = g.players[me]
    for c in chosen:
        leave_secret_publicly(g, c)
        p.hand.remove(c)
        p.trash.append(c)
    g.emit(None, f"p{me + 1} trashes {', '.join(g.t.numbers[c] for c in chosen)} to attack with {_ref(g, attacker)}")
    declare_attack(g, attacker, target)


handler("attack_cost", attack_cost_frame)


def battle_check(g, frame, choice) -> None:
    """Rules 7-1-1-4, 7-1-2-3, 7-1-3-3: if the attacker or target left its area, go to End of Battle."""
    g.stack.pop()
    if g.battle is not None and g.battle[3]:
        stack = g.stack
        while stack[-1][0] != "battle_end":
            stack.pop()


handler("battle_check", battle_check)


def block_step(g, frame, choice) -> None:
    """Rule 7-1-2: the defender may rest one active [Blocker] card, a Character or a Leader with [Blocker]
    (not the attacked card), to make it the new target (10-1-4-1; OP05-022 q1: a Leader with [Blocker]);
    not against [Unblockable] (10-1-7-1). [On Block] then fires (10-2-15)."""
    attacker, target, orig, left, _ = g.battle
    d = 1 - g.active
    if choice is None:
        opts = []
        if not has_keyword(g, attacker, KW_UNBLOCKABLE) and not (g.mods and blocker_forbidden(g, d, attacker)):
            rested = g.rested
            for c in (g.players[d].leader, *g.players[d].characters):
                if c != target and not rested[c] and has_keyword(g, c, KW_BLOCKER) and not (
                        g.mods and card_flag(g, c, CANNOT_BLOCK)) and not (
                        # [Blocker] rests it: not for a card that "cannot be rested" (rules Q&A)
                        (g.mods or g.t.static_ops.get("cannot")) and prohibited(g, c, "be_rested")):
                    opts.append(("block", c))
        opts.append(("noblock",))
        choice = g.ask(d, "block", opts)
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "block":
        blocker = choice[1]
        g.rested[blocker] = 1
        g.battle = (attacker, blocker, orig, left, True)
        g.emit(None, f"p{d + 1} blocks with {g.t.numbers[blocker]}", ("7-1-2-1", "10-1-4-1"))
        if g.t.whens:  # the attacking (turn) player's "When your opponent activates [Blocker]" first (8-6-1)
            g.fx.fire_event(g, "keyword_activated", blocker)
        g.fx.fire(g, ON_BLOCK, (blocker,))
        if g.t.whens:
            g.fx.fire_event(g, "rested", blocker)
    else:
        g.emit(None, f"p{d + 1} does not block")


handler("block_step", block_step)


def counter_options(g, d: int) -> list[tuple]:
    """Rule 7-1-3-2: Counter values of Character cards in hand (7-1-3-2-1), onto the Leader or any of the
    defender's Characters (rules Q&A), and [Counter] Events the defender can pay for (7-1-3-2-2)."""
    p = g.players[d]
    defs = g.t.defs
    opts = []
    seen = set()
    targets = (p.leader, *p.characters)
    for cid in p.hand:
        dd = defs[cid]
        if dd.number in seen:
            continue
        seen.add(dd.number)
        if dd.category == CHARACTER:
            if dd.counter or g.t.static_ops.get("set_counter") and counter_value(g, cid):
                for t in targets:
                    opts.append(("counter", cid, t))
        elif dd.effects and current_cost(g, cid) <= p.don_active:
            idx = g.fx.activatable(g, cid, "counter")
            if idx and event_usable(g, cid, idx[0]):
                opts.append(("event", cid))
    opts.append(("endcounter",))
    return opts


def counter_step(g, frame, choice) -> None:
    """Rule 7-1-3: "when attacked" effects first (7-1-3-1), then any number of Counters (7-1-3-2)."""
    d = 1 - g.active
    if frame[1] == 0:
        g.stack[-1] = ("counter_step", 1)
        p = g.players[d]
        if g.t.battle_log:  # "If this Leader battles your opponent's Character during this turn" (OP12-020)
            b = g.battle
            add_modifier(g, b[0], BATTLED, b[1], END, g.turn, g.t.owner[b[0]])
            add_modifier(g, b[1], BATTLED, b[0], END, g.turn, g.t.owner[b[1]])
        if g.t.whens:
            # "When this Character battles ...": the two battling cards are fixed once the Block Step is
            # over (a [Blocker] becomes the target, 10-1-4-1) and the battle goes on (7-1-2-3); once per
            # battle, before the Counter Step (card Q&A ST05-010: two battles, twice)
            b = g.battle
            g.fx.fire_event(g, "battle", b[0], other=b[1], at="start")
            g.fx.fire_event(g, "battle", b[1], other=b[0], at="start")
            # "When this Leader ... is attacked" (OP03-001): the target once the Block Step is over, before
            # the Counters; a [Blocker] that took the attack made the Leader no longer attacked (card Q&A)
            g.fx.fire_event(g, "attacked", b[1])
        g.fx.fire(g, WHEN_ATTACKED, p.field_cards())
        return
    if choice is None:
        choice = g.ask(d, "counter", counter_options(g, d))
        if choice is None:
            return
    kind = choice[0]
    p = g.players[d]
    if kind == "endcounter":
        g.stack.pop()
        g.emit(None, f"p{d + 1} ends the Counter Step")
    elif kind == "counter":
        cid, target = choice[1], choice[2]
        value = counter_value(g, cid)  # read in hand, before it is trashed
        leave_secret_publicly(g, cid)
        p.hand.remove(cid)
        p.trash.append(cid)
        add_modifier(g, target, POWER, value, BATTLE, g.turn, d)
        if g.log is not None:  # the card reference is looked up only for a log
            g.emit(None, f"p{d + 1} uses counter {g.t.numbers[cid]} (+{value}) on {_ref(g, target)}", ("7-1-3-2-1",))
    elif kind == "event":
        cid = choice[1]
        cost = current_cost(g, cid)  # read in hand, where "... in your hand -1 cost" applies
        leave_secret_publicly(g, cid)
        p.hand.remove(cid)
        pay_don(g, d, cost)
        p.trash.append(cid)
        g.emit(None, f"p{d + 1} activates the [Counter] Event {g.t.numbers[cid]}", ("7-1-3-2-2",))
        event_activated(g, cid)
        g.fx.activate_event(g, cid, g.fx.activatable(g, cid, "counter")[0])


handler("counter_step", counter_step)


def battle_end(g, frame, choice) -> None:
    """Rule 7-1-5: "at the end of this battle" effects (7-1-5-1, 7-1-5-2), then "during this battle"
    effects end (7-1-5-3, 7-1-5-4) and the Main Phase resumes (7-1-5-5)."""
    if len(frame) == 1 or frame[1] == "fought":
        g.stack[-1] = ("battle_end", 1)
        b = g.battle
        g.fx.fire(g, END_OF_BATTLE, tuple(c for c in (b[0], b[1]) if g.on_field(c)))
        if g.mods:  # "Then, at the end of this battle, place this Character ..." (OP02-064)
            g.fx.run_delayed_battle(g)
        if g.t.whens and len(frame) == 2:
            # "If this Character battles ...": only once the Damage Step compared powers, even if that
            # K.O.'d the other card; not when a battle card left before it (card Q&A ST02-010)
            g.fx.fire_event(g, "battle", b[0], other=b[1], at="end_of_battle")
            g.fx.fire_event(g, "battle", b[1], other=b[0], at="end_of_battle")
        return
    g.stack.pop()
    expire(g, BATTLE)
    g.battle = None


handler("battle_end", battle_end)


def _ref(g, cid: int) -> str:
    owner = g.t.owner[cid]
    if g.players[owner].leader == cid:
        return f"p{owner + 1}'s leader"
    return f"p{owner + 1}'s {g.t.numbers[cid]}"
