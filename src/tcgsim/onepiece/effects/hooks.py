"""Where the rules engine hands over to card effects: auto effects at each timing, activate effects,
[Counter] and [Trigger] effects, and replacement effects.

The rules engine calls these functions at every timing of rules 6 to 10, through its one interface to card
effects (``rules/card_effects.py``; ``effects/card_effects.py`` binds these functions to it). Each looks at the
compiled effects (``CardDef.effects``) of the cards concerned and pushes effect frames onto the game's
stack (effects/interpreter.py resolves them); a card without compiled effects costs one tuple test. Effect text
the engine does not support is listed in ``CardDef.unsupported`` and never offered or applied; printed
keywords (rule 10-1) are handled by the rules engine itself.
"""

from __future__ import annotations

from ..cards.model import CHARACTER
from ..rules.card_effects import ON_KO
from ..rules.continuous import GRANTED_REPLACEMENT, any_negation, negated, timing_negated
from .interpreter import can_carry_out, can_pay, conditions_hold, start_effect, start_now
from .select import condition_holds, matches


def fire(g, timing: str, cards) -> None:
    """Queue the auto effects of ``cards`` (ids) that trigger at ``timing`` (rule 8-1-3-1).

    Effects resolve in the order they are queued (see interpreter.start_effect): callers queue the
    turn player's first (rule 8-6-1).
    """
    timed = g.t.timed
    for cid in cards:
        idxs = timed[cid].get(timing)
        if idxs:
            if timing == "on_play" and (g.mods or g.t.static_ops.get("negate_timing")) and timing_negated(
                    g, g.t.owner[cid], timing):
                continue  # "Your [On Play] effects are negated" (OP09-081): they do not activate (8-2-1-1)
            _queue(g, cid, idxs)


def auto_effects(g, timing: str, cards) -> tuple[tuple[int, int], ...]:
    """``(card, effect index)`` of each auto effect of ``cards`` (ids) that triggers at ``timing``."""
    effects = g.t.defs
    return tuple((cid, idx) for cid in cards for idx in g.t.timed[cid].get(timing, ())
                 if effects[cid].effects[idx].kind == "auto")


def queue(g, cid: int, idx: int) -> None:
    """Queue auto effect ``idx`` of ``cid`` (not when the card's effects are negated, 8-2-1-1)."""
    _queue(g, cid, (idx,))


def _queue(g, cid: int, idxs: tuple, home: str = "") -> None:
    if any_negation(g) and negated(g, cid):  # 8-2-1-1: a negated card's auto effects do not activate
        return
    effects = g.t.defs[cid].effects
    for idx in idxs:
        if effects[idx].kind == "auto":
            start_effect(g, cid, idx, home=home)


def fire_on_ko(g, cid: int) -> None:
    """Rule 10-2-17: [On K.O.] conditions are checked on the field; the effect resolves from the trash, where
    "this card" is the card K.O.'d only while it has not left the trash (3-1-6, interpreter.left_zone)."""
    idxs = g.t.timed[cid].get(ON_KO)
    if idxs:
        _queue(g, cid, idxs, "trash")


def activatable(g, cid: int, timing: str) -> list[int]:
    """Indices of ``cid``'s compiled effects with ``timing`` (``activate_main``, ``main``, ``counter``,
    ``trigger``); empty when the card has none or they are unsupported."""
    return g.t.timed[cid].get(timing, ())


def usable(g, cid: int, idx: int) -> bool:
    """Whether an activated effect can be used now: its conditions hold (8-3-2), [Once Per Turn] is
    unused (10-2-13) and its activation cost can be paid (8-3-1-3)."""
    eff = g.t.defs[cid].effects[idx]
    if eff.once_per_turn and (cid, idx) in g.once:
        return False
    if any_negation(g) and negated(g, cid):  # 8-2-1-1: its activation cost cannot be paid
        return False
    return (not eff.conditions or conditions_hold(g, cid, eff)) and (not eff.costs or can_pay(g, cid, eff))


def activate(g, cid: int, idx: int) -> None:
    """Resolve an activated effect the player chose to use (its costs are then paid, no yes/no)."""
    start_effect(g, cid, idx, stage=1)


def activate_event(g, cid: int, idx: int) -> None:
    """Resolve the [Main] / [Counter] effect ``idx`` of the Event ``cid`` just activated from hand.

    An Event may be activated without paying its activation cost, and its effect then does nothing (card
    Q&A qa_st-01-st-04.md ST04-016: "You can activate the card, but nothing will happen"): every Event
    activation cost is a "You may ...:" one or a symbol (①, DON!! −X) whose reminder reads "You may",
    which the player can choose not to pay (rule 8-3-1-4). So when the cost can be paid, the player is
    asked yes/no before paying it (``yes`` pays; ``no`` leaves the effect unresolved, its [Once Per
    Turn] unused); a cost that cannot be paid is not asked: the effect does nothing (8-3-1-3)."""
    eff = g.t.defs[cid].effects[idx]
    if eff.costs and can_pay(g, cid, eff):
        start_effect(g, cid, idx, stage=-1)  # conditions were checked when it was offered (event_usable)
    else:
        start_effect(g, cid, idx, stage=1)


def declinable_event_cost(g) -> bool:
    """Whether the pending decision is the yes/no of :func:`activate_event` (paying an Event's cost)."""
    d = g.pending
    if d is None or d.kind != "yes-no" or not g.stack:
        return False
    f = g.stack[-1]
    return (f[0] == "effect" and f.stage == -1 and g.t.defs[f.src].category == "Event"
            and bool(g.t.defs[f.src].effects[f.eidx].costs))


def has_supported_trigger(g, cid: int) -> bool:
    """True if the card's [Trigger] (rule 10-1-5) is compiled and can be activated now (8-3-1-3: its
    activation cost, e.g. "DON!! −1: Play this card", can be paid), so that using it is a real choice."""
    d = g.t.defs[cid]
    idx = activatable(g, cid, "trigger")
    return d.trigger_text is not None and bool(idx) and usable(g, cid, idx[0])


# "When ..." auto effects (rule 8-1-3-1-2) written out in the text: the event kinds the engine reports.
WHEN_EVENTS = {"ko", "attack", "don_returned", "battle", "rested", "keyword_activated", "played", "life_removed", "battle_ko",
               "damage_taken", "any_of", "event_activated", "attack_damage",
               "trigger_activated",  # rules/damage.life_damage: a [Trigger] of either player is activated
               "trashed",  # actions.op_trash: cards trashed from a hand by an effect (or its cost), once per action
               "returned_to_hand",  # actions.op_return_to_hand: a card on the field returned by an effect, per card
               "removed",  # actions._report_removed, rules/zones.do_ko: a card moved off the field by an effect, per card
               "life_to_hand",  # rules/damage.life_damage, actions.op_add_to_hand: a Life card added to its owner's hand
               "drawn",  # rules/zones.draw: a player drew outside their Draw Phase, once per draw action
               "attacked",  # rules/battle.counter_step: the attack target once the Block Step is over
               "don_given",  # rules/main_phase.give_don, actions.op_give_don: a Leader or Character was given 1 DON!!
               "life_zero"}  # fire_event itself: a ``life_removed`` report that left its owner no Life card


_NONE = ((), ())


def fire_event(g, kind: str, subject: int = -1, *, player: int = -1, by: str | None = None,
               source: int = -1, other: int = -1, zone: str | None = None, at: str | None = None,
               count: int | None = None, side: int = -1, it: tuple | None = None) -> None:
    """Queue the "When ..." effects waiting for event ``kind`` (``ko``: ``subject`` was K.O.'d;
    ``attack``: ``subject`` declared an attack; ``don_returned``: a DON!! of ``player`` went back to the
    DON!! deck; ``rested``: ``subject`` went from active to rested; ``keyword_activated``: ``subject``
    activated [Blocker], the only keyword reported; ``played``: Character ``subject`` was played from
    ``zone``, and is "that Character" (``it``) of the effect; ``life_removed``: ``subject`` left its owner's
    Life cards, by damage or by an effect; ``damage_taken``: the Leader ``subject`` took 1 damage; a
    ``any_of`` effect waits for any of its events; ``attack_damage``: the attack of ``subject`` dealt damage
    to the opponent's Life (rules/damage.life_damage, once per attack, before a [Trigger]); ``event_activated``: the Event ``subject`` was activated
    from hand ([Main] or [Counter]) and its effect has resolved, card Q&A OP01-004 / OP01-062 -- never for a
    [Trigger], which is not activating an Event). ``by`` is ``"battle"`` or ``"effect"``, ``source`` the card whose effect caused it.
    ``battle`` is reported twice per battle (rules/battle.py): ``at="start"`` once the two battling cards are
    fixed (the Block Step is over: "When this Character battles ...") and ``at="end_of_battle"`` after the
    Damage Step ("If this Character battles ..." / "At the end of a battle in which ...", 7-1-5-2).
    ``don_returned`` is also reported once more with ``count`` after a cost or an action that returned DON!!
    (interpreter.report_don_returned): only "When 2 or more DON!! cards on your field are returned to your
    DON!! deck" (``at_least``) waits for that report, the per-card reports never satisfy it.
    ``side`` (0 or 1) queues only the effects of that player's cards, for a caller that must put other
    effects of the same event between the two players' (rules/zones.do_ko, rule 8-6-1). ``it``: the cards
    of the event (``trashed``: the cards that action or cost trashed from that hand), "it" of each effect."""
    if not g.t.whens:
        return
    defs = g.t.defs
    subject_owner = g.t.owner[subject] if subject >= 0 else player
    # the turn player's effects are queued first (rule 8-6-1): only the cards waiting for this kind
    srcs = g.t.whens_by_kind.get(kind, _NONE)[g.active]
    for src in srcs:
        if side >= 0 and g.t.owner[src] != side:
            continue
        if not g.on_field(src) and not (src == subject and kind in ("ko", "removed") and _in_open_area(g, src)):
            # rule 8-4-5: the card's own effect on leaving the field ("When this Character is K.O.'d / removed
            # from the field") activates only if the card went to an open area; not to a hand or a deck
            # (secret areas, 3-1-5)
            continue
        if any_negation(g) and negated(g, src):
            continue
        me = g.t.owner[src]
        for idx in g.t.timed[src].get("when", ()):
            ev = defs[src].effects[idx].event
            if ev is None:
                continue
            if ev.kind == "any_of":  # "When X or Y": either event
                if not any(sub.kind == kind and event_matches(g, sub, src, me, subject, subject_owner, by, source, other, zone, at, count)
                           for sub in dict(ev.params)["events"]):
                    continue
            elif ev.kind != kind or not event_matches(g, ev, src, me, subject, subject_owner, by, source, other, zone, at, count):
                continue
            if kind == "played" or it is not None:
                # "that Character" of "When ... is played" (``subject``); the cards of the event (``it``) for
                # "draw cards equal to the number of cards trashed" (OP12-040)
                inst = g.next_inst
                start_effect(g, src, idx)
                if inst in g.ctx:
                    g.ctx[inst] = g.ctx[inst]._replace(it=(subject,) if it is None else it)
                continue
            # "When this Character is K.O.'d": reported as it is K.O.'d, before it is trashed (zones.do_ko); it
            # resolves from the trash (as an [On K.O.], 10-2-17), its own card "this card" while it stays there
            start_effect(g, src, idx, home="trash" if kind == "ko" and src == subject else "")
    if kind == "life_removed" and subject >= 0 and not g.players[subject_owner].life:
        # "When your number of Life cards becomes 0" (OP05-098): reported with the removal of the last one, so
        # it waits, like it, for the damage processing and a [Trigger] (card Q&A OP05-098 q1, q4)
        fire_event(g, "life_zero", player=subject_owner, side=side)



def _in_open_area(g, cid: int) -> bool:
    """Whether card ``cid`` (off the field) is in an open area: its owner's trash (3-5-2), or its owner's Life
    face up ("treated as a card in an open area", 3-10-2-1). For rule 8-4-5."""
    p = g.players[g.t.owner[cid]]
    return cid in p.trash or bool(g.face_up[cid]) and cid in p.life

def event_matches(g, ev, src: int, me: int, subject: int, subject_owner: int, by, source: int, other: int,
                   zone, at=None, count=None) -> bool:
    """Whether event ``ev`` of a "When ..." effect of ``src`` (owned by ``me``) matches what happened."""
    kind = ev.kind
    sel = ev.subject
    if sel is not None:
        if sel.ref == "this" and subject != src:
            return False
        if sel.ref is None:
            if sel.owner == "self" and subject_owner != me or sel.owner == "opponent" and subject_owner == me:
                return False
            if subject >= 0 and sel.filters and not matches(g, src, subject, sel.filters):
                return False
    params = dict(ev.params)
    if kind == "battle_ko":  # ``subject`` (attacking) K.O.'d ``other`` in battle (rules/zones.do_ko)
        opp = params.get("opponent")
        return other >= 0 and g.t.owner[other] != me and (opp is None or not opp.filters or matches(g, src, other, opp.filters))
    if kind == "don_returned" and (params.get("at_least") is None) != (count is None):
        return False  # per-card reports vs the one report of how many a cost or an action returned
    if count is not None and count < params.get("at_least", 0):
        return False
    if kind == "battle":
        # "When this Character battles ..." (no ``at``) waits for the start of the battle, "If this Character
        # battles ..." for its end
        if params.get("at", "start") != (at or "end_of_battle"):
            return False
        # "battles your opponent's Character": ``other`` is the card it battled, which may have been
        # K.O.'d by that battle (ST02-010 Q&A)
        opp = params.get("opponent")
        is_leader = other >= 0 and other == g.players[g.t.owner[other]].leader
        if opp is not None and (other < 0 or g.t.owner[other] == me
                                or is_leader and "leader" not in opp.zones
                                or not is_leader and "character" not in opp.zones
                                or opp.filters and not matches(g, src, other, opp.filters)):
            return False
    want = params.get("by")
    if want == "battle" and by != "battle":
        return False
    if want in ("effect", "opponent_effect", "your_effect", "opponent_character_effect") and by != "effect":
        return False
    if want in ("opponent_effect", "opponent_character_effect") and (source < 0 or g.t.owner[source] == me):
        return False
    if want == "character_effect" and (by != "effect" or source < 0 or g.t.defs[source].category != CHARACTER):
        return False  # "plays a Character using a Character's effect" (OP12-081): not the player's own play
    if want == "opponent_character_effect" and g.t.defs[source].category != CHARACTER:
        return False  # "by your opponent's Character's effect" (OP14-070): not a Leader's, Event's or Stage's
    if want == "your_effect" and (source < 0 or g.t.owner[source] != me):
        return False
    by_source = params.get("by_source")
    if by_source is not None and not matches(g, src, source, by_source.filters):
        return False  # "by your {Navy} type card's effect" (OP12-040): the type of the card of that effect
    if kind == "attack" and params.get("target") == "leader" and (
            g.battle is None or g.battle[1] != g.players[1 - me].leader):
        return False  # "When this Leader attacks your opponent's Leader" (OP12-081): the declared target
    if kind == "played" and params.get("source", zone) != zone:
        return False
    if kind == "removed" and sel is not None and sel.ref is None and sel.zones and zone not in sel.zones:
        return False  # "a Character is removed": not a Stage
    if (kind == "rested" and sel is not None and sel.ref is None and sel.zones == ("character",) and subject >= 0
            and g.t.defs[subject].category != CHARACTER):
        return False  # "a Character is rested": not a Leader nor a Stage (2-2-3-1, 2-2-4-1; OP07-031, OP10-036)
    return True


def replacement_for(g, cid: int, by: str, source: int, tried: tuple, kinds: tuple = ("ko",)):
    """The next replacement effect (``(card, effect index)``) that may replace the event of ``cid`` now,
    in the order of rule 8-1-3-4-2, skipping those in ``tried``; ``None`` if there is none. ``kinds``:
    the replaced events, ``ko`` and/or ``removed`` (removal from the field by an effect, 8-1-3-4: a K.O.
    by an effect is also a removal; a battle K.O. is not, except for "would leave the field", ``by="any"``)."""
    if not g.t.replacements:
        return None
    active = g.active
    order = sorted(g.t.replacements, key=lambda s: (s != cid, g.t.owner[s] != active))
    for src in order:
        on_field = g.on_field(src) and not (any_negation(g) and negated(g, src))
        for idx, eff in enumerate(g.t.defs[src].effects):
            if eff.kind != "replacement" or (src, idx) in tried:
                continue
            # a granted one (EB02-030) applies while its grant lasts, wherever the card is; the others while
            # their card is on the field, not negated
            if (granted(g, src, idx) if eff.timing == "granted" else on_field) and replaces(
                    g, src, idx, cid, by, source, kinds):
                return src, idx
    return None


def granted(g, src: int, idx: int) -> bool:
    """Whether the granted replacement effect ``idx`` of ``src`` lasts now (actions.op_grant_replacement)."""
    me = g.t.owner[src]
    return any(m.stat == GRANTED_REPLACEMENT and m.target == -1 - me and tuple(m.amount) == (src, idx) for m in g.mods)


def replaces(g, src: int, idx: int, cid: int, by: str, source: int, kinds: tuple) -> bool:
    """Whether replacement effect ``idx`` of ``src`` (on the field, not negated) may replace the event of
    ``cid`` now (arguments as in ``replacement_for``)."""
    eff = g.t.defs[src].effects[idx]
    me = g.t.owner[src]
    ev = eff.event
    if ev is None:
        return False
    if ev.kind == "any_of":
        # "would be K.O.'d or would be removed from the field by your opponent's effect" (OP13-046): either
        if not any(_replaced_event(g, src, me, sub, cid, by, source, kinds) for sub in dict(ev.params)["events"]):
            return False
    elif not _replaced_event(g, src, me, ev, cid, by, source, kinds):
        return False
    if eff.once_per_turn and (src, idx) in g.once:
        return False
    if not all(condition_holds(g, src, c) for c in eff.conditions):
        return False
    if eff.costs and not can_pay(g, src, eff):
        return False
    return can_carry_out(g, src, eff.actions)  # 8-1-3-4-5


def _replaced_event(g, src: int, me: int, ev, cid: int, by: str, source: int, kinds: tuple) -> bool:
    """Whether event ``ev`` of a replacement effect of ``src`` (owned by ``me``) is the event of ``cid`` now
    (arguments as in ``replacement_for``)."""
    if ev.kind not in kinds:
        return False
    sel = ev.subject
    want = dict(ev.params).get("by")
    if ev.kind == "removed" and by != "effect" and want not in ("any", "opponent"):
        return False  # "be removed from the field": by an effect; "leave the field": also in battle
    if want == "opponent" and by not in ("battle", "effect"):
        return False  # "by your opponent" (OP15-098): not a cost (paid by the card's owner)
    if sel.ref == "this":
        if cid != src:
            return False
    elif sel.zones and ("stage" if cid == g.players[g.t.owner[cid]].stage else "character") not in sel.zones:
        return False
    elif g.t.owner[cid] != me if sel.owner == "self" else g.t.owner[cid] == me:
        return False
    elif sel.filters and not matches(g, src, cid, sel.filters):
        return False
    if want == "battle" and by != "battle" or want in ("effect", "opponent_effect", "opponent_character_effect") and (
            by != "effect"):
        return False
    if want in ("opponent_effect", "opponent_character_effect") and (source < 0 or g.t.owner[source] == me):
        return False
    if want == "opponent" and by == "effect" and (source < 0 or g.t.owner[source] == me):
        return False  # "by your opponent" (OP15-098): an effect of theirs; in battle, the K.O. of one's own
        # Character is always the opponent's doing (only the attacked card is K.O.'d, 7-1, 7-1-4-1-2)
    if want == "character_effect" and (by != "effect" or source < 0 or g.t.defs[source].category != CHARACTER):
        return False  # "plays a Character using a Character's effect" (OP12-081): not the player's own play
    if want == "opponent_character_effect" and g.t.defs[source].category != CHARACTER:
        return False  # "by your opponent's Character's effect" (PRB02-006): not a Leader's, Event's or Stage's
    return True


def offer_replacement(g, src: int, idx: int):
    """The answer to "apply replacement effect ``idx`` of ``src``?": asked of its player (``("yes"|"no", src,
    idx)``, ``None`` while waiting) for an optional one (8-1-3-4-1, "you may ... instead"); ``("yes", src,
    idx)`` at once for one without "you may" (OP08-045), which applies whenever it can (8-1-3-4)."""
    if not g.t.defs[src].effects[idx].optional:
        return "yes", src, idx
    return g.ask(g.t.owner[src], "yes-no", [("yes", src, idx), ("no", src, idx)])


def replace(g, src: int, idx: int, replaced: tuple = ()) -> None:
    """Resolve replacement effect ``idx`` of ``src`` at once, in place of the replaced event (8-1-3-4-4).
    ``replaced``: the cards whose event it replaces, "that Character" (``it``) of its actions ("you may give
    that Character -1000 power during this turn instead of that Character being K.O.'d", OP05-001)."""
    eff = g.t.defs[src].effects[idx]
    if eff.once_per_turn:
        g.once.add((src, idx))
    start_now(g, src, idx, replaced)
