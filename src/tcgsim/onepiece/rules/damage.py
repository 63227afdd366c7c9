"""The Damage Step (rule 7-1-4) and damage processing (rules 4-6, 10-1-5: [Trigger])."""

from __future__ import annotations

from ...core.machine import handler_registry
from ..cards.model import KW_BANISH, KW_DOUBLE_ATTACK
from .continuous import face_up_life_to_deck, has_keyword, power, prohibited
from .zones import ko, leave_secret_publicly, moved_secretly

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""


@handler("damage_step")
def damage_step(g, frame, choice) -> None:
    """Rule 7-1-4-1: the attacker wins if its power is greater than or equal to the target's.

    Against the Leader: with no Life left the defender loses (7-1-4-1-1-1, checked by rule processing);
    otherwise 1 damage, 2 with [Double Attack] (10-1-2-1), each point processed separately (7-1-4-1-1-3).
    Against a Character: it is K.O.'d (7-1-4-1-2). A lower power does nothing (7-1-4-2).
    """
    g.stack.pop()
    if g.stack and g.stack[-1] == ("battle_end",):
        g.stack[-1] = ("battle_end", "fought")  # the cards battled (read by battle_end)
    attacker, target = g.battle[0], g.battle[1]
    ap, tp = power(g, attacker), power(g, target)
    d = g.t.owner[target]
    if ap < tp:
        g.emit(None, f"the attack fails ({ap} < {tp})", ("7-1-4-2",))
        return
    dp = g.players[d]
    if target == dp.leader:
        if not dp.life:
            dp.damaged_at_zero = True
            g.emit(None, f"p{d + 1}'s leader is dealt damage with no Life left", ("7-1-4-1-1-1", "9-2-1-1"))
            return
        n = 2 if has_keyword(g, attacker, KW_DOUBLE_ATTACK) else 1
        banish = has_keyword(g, attacker, KW_BANISH)
        for i in range(n):
            # the point processed first (pushed last) carries the attacker: "When this Character's attack
            # deals damage to your opponent's Life" is reported once per attack (life_damage)
            g.stack.append(("life_damage", d, banish, attacker if i == n - 1 else -1))
    elif not ((g.mods or g.t.static_ops.get("cannot")) and prohibited(g, target, "be_ko", by="battle", attacker=attacker)):
        ko(g, target)
    else:
        g.emit(None, f"{g.t.numbers[target]} cannot be K.O.'d in battle")


@handler("life_damage")
def life_damage(g, frame, choice) -> None:
    """Rule 4-6-2: one point of damage moves the top Life card to hand; [Banish] trashes it instead
    (10-1-3-1); a [Trigger] card may be revealed and its [Trigger] used instead (10-1-5-1, 4-6-3)."""
    d, banish = frame[1], frame[2]
    p = g.players[d]
    if not p.life:  # 7-1-4-1-1-3: a later point with no Life left does nothing
        g.stack.pop()
        return
    cid = p.life[-1]
    if choice is None and len(frame) > 3 and frame[3] >= 0:
        # card Q&A OP03-040 / OP03-041: the Life card is checked, then "When this Character's attack deals
        # damage to your opponent's Life" resolves, then the [Trigger] may be activated
        g.stack[-1] = frame[:3] + (-1,)
        if g.t.whens:
            g.fx.fire_event(g, "attack_damage", frame[3])
        return
    if choice is None and g.face_up[cid] and face_up_life_to_deck(g, cid):
        # ST13-003: the face-up Life card goes to the bottom of the deck instead of the hand, so no [Trigger]
        # (card Q&A qa_st-13.md ST13-003 q1); it is still 1 damage taken
        _set_aside(g, d, cid, p.deck, 0, f"face-up {g.t.numbers[cid]} is placed at the bottom of the deck")
        return
    if choice is None:
        if banish:
            _set_aside(g, d, cid, p.trash, len(p.trash), f"{g.t.numbers[cid]} is trashed ([Banish])", ("10-1-3-1",))
            return
        # 10-1-5-3: the card whose [Trigger] is activated is in no area, so its cost cannot use the card
        # itself (card Q&A OP03-100: Kingbaum, the only Life card, cannot trash itself from the Life cards)
        p.life.pop()
        usable = g.fx.has_supported_trigger(g, cid)
        p.life.append(cid)
        opts = [("trigger",), ("notrigger",)] if usable else [("notrigger",)]
        choice = g.ask(d, "trigger", opts)
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "trigger" and not g.face_up[cid]:
        leave_secret_publicly(g, cid)  # revealed for its [Trigger] (10-1-5-1)
    p.life.pop()
    if choice[0] == "trigger":
        g.face_up[cid] = 0
        g.limbo.append(cid)
        g.emit(None, f"p{d + 1} takes 1 damage and reveals {g.t.numbers[cid]} for its [Trigger]", ("4-6-3", "10-1-5-1"))
        g.stack.append(("trigger_done", cid))
        g.fx.activate(g, cid, g.fx.activatable(g, cid, "trigger")[0])
        if g.t.whens:  # queued after the [Trigger] (interpreter.start_effect)
            g.fx.fire_event(g, "trigger_activated", cid)  # "When a [Trigger] activates" (OP05-109 Q&A)
            _damaged(g, d, cid)
    else:
        if g.face_up[cid]:
            g.face_up[cid] = 0
            g.known[1 - d].add(cid)
            g.emit(None, f"p{d + 1} takes 1 damage; face-up {g.t.numbers[cid]} goes to hand", ("4-6-2-1",))
        else:
            g.emit(None, f"p{d + 1} takes 1 damage", ("4-6-2-1",))
            g.emit(d, f"p{d + 1} adds {g.t.numbers[cid]} from Life to hand")
        p.hand.append(cid)
        if g.vague[1 - d] or g.known[1 - d]:
            moved_secretly(g, d, "life", "hand", (cid,))
        if g.t.whens:
            mark = _mark(g)
            _damaged(g, d, cid)
            g.fx.fire_event(g, "life_to_hand", cid)  # "When a card is added to your hand from your Life" (OP05-107)
            _after_the_damage(g, mark)


def _set_aside(g, d: int, cid: int, zone: list, at: int, what: str, rules: tuple[str, ...] = ("4-6-2-1",)) -> None:
    """One point of damage whose Life card ``cid`` goes to ``zone`` (inserted at ``at``) instead of the hand:
    [Banish] (the trash, 10-1-3-1) or ST13-003 (a face-up card, the bottom of the deck); no [Trigger]."""
    p = g.players[d]
    g.stack.pop()
    if zone is p.trash and not g.face_up[cid]:
        leave_secret_publicly(g, cid)  # the trash is public (3-5-2)
    p.life.pop()
    g.face_up[cid] = 0
    zone.insert(at, cid)
    g.emit(None, f"p{d + 1} takes 1 damage; {what}", rules)
    if g.t.whens:
        mark = _mark(g)
        _damaged(g, d, cid)
        _after_the_damage(g, mark)


def _damaged(g, d: int, cid: int) -> None:
    """ "When you take damage" and "when a card is removed from ... Life cards" (hooks.fire_event)."""
    g.fx.fire_event(g, "damage_taken", g.players[d].leader)
    g.fx.fire_event(g, "life_removed", cid)


def _mark(g) -> tuple[int, int]:
    """Where effects queued now go (interpreter.queue_index), and the stack size: for :func:`_after_the_damage`."""
    return g.fx.queue_index(g), len(g.stack)


def _after_the_damage(g, mark: tuple[int, int]) -> None:
    """Rule 8-6-2: the effects that this point of damage triggered (queued since ``mark``) wait below the
    points of the same damage still to be dealt ([Double Attack]), so they resolve after all of the damage
    processing. (After a [Trigger], 8-6-2-1, they are left where they were queued.)"""
    at, size = mark
    added = len(g.stack) - size
    if not added:
        return
    new = g.stack[at:at + added]
    del g.stack[at:at + added]
    i = at
    while i and g.stack[i - 1][0] == "life_damage":
        i -= 1
    g.stack[i:i] = new


@handler("trigger_done")
def trigger_done(g, frame, choice) -> None:
    """Rule 10-1-5-3: after its [Trigger] resolves, the card is trashed unless the effect moved it."""
    g.stack.pop()
    cid = frame[1]
    if cid in g.limbo:
        g.limbo.remove(cid)
        g.players[g.t.owner[cid]].trash.append(cid)
