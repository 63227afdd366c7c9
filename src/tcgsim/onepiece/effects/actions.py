"""The actions of card effects (IR ``Action.op``), each resolving one step of an effect.

Every function is registered in :data:`OPS` under its op name and called as
``fn(game, frame, action, choice)`` by the ``act`` frame; it pops its frame when done (see
interpreter.py for the frame layout and the helpers used here).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.machine import handler_registry
from ..cards.model import CHARACTER, EVENT, KEYWORD_BITS, STAGE
from ..rules import continuous as cv
from ..rules.card_effects import ON_PLAY
from ..rules.events import event_activated, event_usable
from ..rules.frames import ReplacementCheckFrame, ReturnLookedFrame
from ..rules.main_phase import enter_character
from ..rules.turns import next_turn_of, take_extra_turn
from ..rules.zones import blur, do_ko, draw, ko, leave_secret_publicly, moved_secretly, place_stage, shuffle_deck
from . import hooks
from .interpreter import (
    DON_IT, EMPTY_CTX, action_in, cards_or_don, choose_cards, finish, don_options, duration_of, move_to_trash,
    push_actions, remove_from_zone, removable, report_don_returned, card_option, picked, set_ctx, choose_targets,
    chooser_of, start_effect, start_now, effect_of, take_don, unrestable,
)
from .select import candidates, condition_holds, count_of, matches, resolve_ref
from .ir import Selector

OPS, op = handler_registry()
"""The actions by IR op name (with the interpreter's own ``OPS``: effects/card_effects.py)."""
HANDLERS, handler = handler_registry()
"""This module's frame handlers (``remove_check``, ...), installed by ``Game.install``."""


def _one_at_a_time(g, frame, a, choice, available, step) -> None:
    """ "Up to N" done one at a time: before each one the player may stop (a ``yes-no`` decision: yes =
    one more). ``available()`` says whether one more is possible; ``step()`` does it. Rule 4-5-4."""
    who = chooser_of(g, frame.src, a)
    done = frame.state[0] if frame.state else 0
    if choice is not None:
        if choice[0] == "no":
            finish(g, frame, did=done > 0)
            return
        step()
        done += 1
    while done < (a.amount or 1) and available():
        pick = g.ask(who, "yes-no", [("yes",), ("no",)])
        if pick is None:
            g.stack[-1] = frame.with_state((done,))
            return
        if pick[0] == "no":
            break
        step()
        done += 1
    finish(g, frame, did=done > 0)


def op_draw(g, frame, a, choice) -> None:
    """Rule 4-5: draw N cards; "draw up to N": the player may stop before each draw (4-5-4)."""
    who = chooser_of(g, frame.src, a)
    if g.mods and who == g.t.owner[frame.src] and cv.draw_forbidden(g, who):
        finish(g, frame, did=False)  # "you cannot draw cards using your own effects" (OP12-099)
        return
    if a.param("up_to"):
        deck = g.players[who].deck
        _one_at_a_time(g, frame, a, choice, lambda: bool(deck), lambda: draw(g, who, 1))
        return
    amount = a.amount or 1
    if a.param("equal_to") is not None:
        # "draw cards equal to the number you returned to your deck": the cards the previous action moved
        amount = len(g.ctx.get(frame.inst, EMPTY_CTX).it)
    elif a.param("until_count") is not None:
        # "draw cards so that you have 2 cards in your hand": what the hand lacks, never negative
        amount = max(0, a.param("until_count") - len(g.players[who].hand))
    per = a.param("per")
    if per is not None:
        # "Draw a card for each of your {X} type Characters" (EB04-011): counted when it resolves (8-4-6);
        # the cards drawn are "it" for "Then, trash the same number of cards from your hand"
        amount *= count_of(g, frame.src, per, g.ctx.get(frame.inst))
        hand = g.players[who].hand
        n = draw(g, who, amount) if amount else 0
        finish(g, frame, it=tuple(hand[len(hand) - n:]) if n else (), did=n > 0)
        return
    n = draw(g, who, amount) if amount else 0
    finish(g, frame, did=n > 0)


op("draw", op_draw)


def op_modify_power(g, frame, a, choice) -> None:
    """Give or take power for a duration (rules 1-3-6-1, 8-1-4)."""
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame.src]
    kind, turn = duration_of(g, me, a.duration)
    amount = a.amount or 0
    per = a.param("per")
    if per is not None:  # "+1000 power for every N ...": counted when it resolves (8-4-6)
        ctx = g.ctx.get(frame.inst)
        n = len(resolve_ref(g, frame.src, per, ctx)) if per.ref else count_of(g, frame.src, per, ctx)
        amount *= n // (a.param("per_count") or 1)
    per_cost = a.param("per_cost")
    if per_cost is not None:  # "+1000 power ... per 1 cost on the revealed card" (OP15-119): its cost now
        total = sum(cv.cost(g, c) for c in resolve_ref(g, frame.src, per_cost, g.ctx.get(frame.inst)))
        amount *= total // (a.param("per_count") or 1)
    for c in chosen:
        if g.on_field(c):
            cv.add_modifier(g, c, cv.POWER, amount, kind, turn, me)
    finish(g, frame, it=chosen, did=bool(chosen))


op("modify_power", op_modify_power)


def op_grant_replacement(g, frame, a, choice) -> None:
    """ "If any of your Characters would be K.O.'d in battle during this turn, you may trash 1 card from your
    hand instead" as a [Counter] Event's effect (EB02-030): from now until the duration ends, the card's
    granted replacement effect (the next effect of kind ``replacement``, timing ``granted``) applies for its
    controller (rule 8-1-3-4), though the Event itself is in the trash (a player flag, 8-1-4)."""
    src, eidx = frame.src, frame.eidx
    effects = g.t.defs[src].effects
    j = next((k for k in range(eidx + 1, len(effects))
              if effects[k].kind == "replacement" and effects[k].timing == "granted"), None)
    me = g.t.owner[src]
    if j is not None:
        kind, turn = duration_of(g, me, a.duration)
        cv.add_modifier(g, -1 - me, cv.GRANTED_REPLACEMENT, (src, j), kind, turn, me)
    finish(g, frame, did=j is not None)


op("grant_replacement", op_grant_replacement)


def op_modify_power_split(g, frame, a, choice) -> None:
    """ "Select up to 2 of your opponent's Characters, and give 1 Character −3000 power and the other −2000
    power until ..." (OP08-118): of the cards selected (``it``), the effect's player chooses the one that gets
    the first amount of ``amounts``; the other gets the second (8-4-1: the player resolving the effect makes
    its choices). One card selected: it gets the first amount; none: nothing happens."""
    me = g.t.owner[frame.src]
    cards = [c for c in resolve_ref(g, frame.src, a.target, g.ctx.get(frame.inst)) if g.on_field(c)]
    amounts = a.param("amounts")
    if len(cards) > 1 and choice is None:
        choice = g.ask(me, "choose", [card_option(g, me, c) for c in cards])
        if choice is None:
            return
    if len(cards) > 1:
        first = picked(g, choice)
        cards = [first] + [c for c in cards if c != first]
    kind, turn = duration_of(g, me, a.duration)
    for c, amount in zip(cards, amounts):
        cv.add_modifier(g, c, cv.POWER, amount, kind, turn, me)
    finish(g, frame, it=cards, did=bool(cards))


op("modify_power_split", op_modify_power_split)


def op_set_power_zero(g, frame, a, choice) -> None:
    """ "Set the power of up to 1 of your opponent's Characters to 0 during this turn" (rule 4-12-1): the
    card loses as much power as it has when the effect resolves, for the duration; nothing happens to a
    card whose power is 0 or less (4-12-2). Power it gains later still adds on top."""
    _modify(g, frame, a, choice, cv.POWER, lambda c: -max(0, cv.power(g, c)))


op("set_power_zero", op_set_power_zero)


def _modify(g, frame, a, choice, stat: int, amount, field_only: bool = True) -> None:
    """Choose the targets, then give each a continuous modifier ``stat``/``amount`` for the action's
    duration (continuous.py); cards no longer on the field are skipped when ``field_only``. ``amount`` is a
    number, or a function of the card id giving its amount when the effect resolves (0: no modifier)."""
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame.src]
    kind, turn = duration_of(g, me, a.duration)
    for c in chosen:
        if not field_only or g.on_field(c):
            n = amount(c) if callable(amount) else amount
            if n or not callable(amount):
                cv.add_modifier(g, c, stat, n, kind, turn, me)
    finish(g, frame, it=chosen, did=bool(chosen))


def op_modify_cost(g, frame, a, choice) -> None:
    """Give or take cost for a duration (rule 1-3-6-2), on the field or in hand."""
    _modify(g, frame, a, choice, cv.COST, a.amount or 0, field_only=False)


op("modify_cost", op_modify_cost)


def op_set_cost(g, frame, a, choice) -> None:
    """ "Set the cost of up to 1 of your opponent's Characters ... to 0 during this turn" (OP03-091): the cost
    is that number for the duration, earlier cost changes and permanent ones included (continuous.SET_COST;
    card Q&A OP03-091 q1: it stays 0 when Kuzan's −5 ends)."""
    _modify(g, frame, a, choice, cv.SET_COST, a.amount or 0)


op("set_cost", op_set_cost)


def op_negate_effects(g, frame, a, choice) -> None:
    """ "Negate the effect of up to 1 of your opponent's Characters during this turn": the chosen cards'
    effects are invalid for the duration (rule 8-2-1-1; continuous.NEGATED), not those already activated
    (8-2-3); the chosen cards are "that Character" afterwards."""
    _modify(g, frame, a, choice, cv.NEGATED, 0)


op("negate_effects", op_negate_effects)


def op_gain_keyword(g, frame, a, choice) -> None:
    """A card gains a keyword for a duration (e.g. [Rush] during this turn)."""
    _modify(g, frame, a, choice, cv.KEYWORD, KEYWORD_BITS[a.param("keyword")])


op("gain_keyword", op_gain_keyword)


def op_gain_attribute(g, frame, a, choice) -> None:
    """A card gains an attribute for a duration ("gains the <Slash> attribute during this turn", OP15-093;
    rule 2-5-4: it has its printed attributes and that one)."""
    _modify(g, frame, a, choice, cv.ATTRIBUTE, a.param("attribute"))


op("gain_attribute", op_gain_attribute)


def op_negate_timing(g, frame, a, choice) -> None:
    """ "Your opponent's [On Play] effects are negated until the end of your opponent's next turn" (OP09-081): a
    flag on that player for the duration (continuous.NEGATED_TIMING, read by hooks.fire)."""
    me = g.t.owner[frame.src]
    who = 1 - me if a.param("owner") == "opponent" else me
    kind, turn = duration_of(g, me, a.duration)
    cv.add_modifier(g, -1 - who, cv.NEGATED_TIMING, cv.TIMING_NAMES[a.param("timing")], kind, turn, me)
    finish(g, frame, did=True)


op("negate_timing", op_negate_timing)


def op_ko(g, frame, a, choice) -> None:
    """Rule 10-2-1: K.O. the chosen Characters."""
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    g.stack.pop()
    done = [c for c in chosen if c in g.players[g.t.owner[c]].characters
            and not cv.prohibited(g, c, "be_ko", by="effect", source=frame.src, spend=True)]
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, it=done, did=bool(done))
        if frame[0] == "cost" and len(done) < len(chosen):
            # a K.O. cost whose Character cannot be K.O.'d is not paid: the effect does not resolve (rule
            # 8-3-1-3-1; card Q&A qa_op05.md OP05-087 q1: OP03-088 Fukurou chosen for Hakuba's cost)
            set_ctx(g, frame.inst, paid=False)
    if frame[0] == "cost" and done:
        g.stack.append(("cost_ko_paid", frame.inst, tuple(done)))  # checked once the K.O.s are done
    elif done and a.target.count is None and frame.inst in g.ctx:
        g.stack.append(("ko_it_done", frame.inst, tuple(done)))  # "it" = the ones K.O.'d, once the K.O.s are done
    for c in reversed(done):  # each K.O. is a frame: the first chosen is K.O.'d first
        ko(g, c, by_effect=True, source=frame.src)
    # "K.O. up to 1 of your opponent's Stages" (OP02-118): the card text extends K.O. (10-2-1-2) to a
    # Stage: it is trashed from the Stage area as a K.O.
    stages = [c for c in chosen if c == g.players[g.t.owner[c]].stage]
    if stages:
        if frame.inst in g.ctx:
            set_ctx(g, frame.inst, it=done + stages, did=True)
        for c in stages:
            do_ko(g, c, by_effect=True, source=frame.src)


op("ko", op_ko)


def cost_ko_paid(g, frame, choice) -> None:
    """A K.O. cost whose K.O. a replacement effect replaced ("If this Character would be K.O.'d, you may rest
    your Leader ... instead") is not paid: the Character is still on the field, so the effect does not resolve
    (rule 8-3-1-3-1; card Q&A qa_op05.md OP05-087 q2: Kyros chosen for Hakuba's cost). Frame:
    ``("cost_ko_paid", inst, cards)``."""
    g.stack.pop()
    _, inst, cards = frame
    if inst in g.ctx and any(g.on_field(c) for c in cards):
        set_ctx(g, inst, paid=False)


handler("cost_ko_paid", cost_ko_paid)


def ko_it_done(g, frame, choice) -> None:
    """After "you may K.O. any number of ...": "it" (read by "... for every Character K.O.'d", OP06-095) is the
    chosen Characters that were K.O.'d, not one a replacement effect kept on the field (8-1-3-4; rule 10-2-1).
    Frame: ``("ko_it_done", inst, cards)``."""
    g.stack.pop()
    _, inst, cards = frame
    if inst in g.ctx:
        gone = [c for c in cards if not g.on_field(c)]
        set_ctx(g, inst, it=gone, did=bool(gone))


handler("ko_it_done", ko_it_done)


def op_rest(g, frame, a, choice) -> None:
    """Rest the chosen cards (4-4-1); resting wins over setting active at the same time (1-3-8)."""
    # "... you may rest 2 of your cards instead": a replacement is carried out in full or not at all
    # (8-1-3-4-5), so only active cards pay it (1-3-2-1: resting a rested card is no action)
    price = effect_of(g, frame.src, frame.eidx).kind == "replacement"
    if "don" in a.target.zones:
        if len(a.target.zones) > 1:
            return rest_cards_or_don(g, frame, a, choice, price=price)
        return _rest_don(g, frame, a, choice)
    if a.target.alternatives and any("don" in alt.zones for alt in a.target.alternatives):
        # "Rest up to 1 of your opponent's DON!! cards or Characters with a cost of 6 or less" (OP09-036)
        return rest_cards_or_don(g, frame, a, choice)
    chosen = _removing(frame)
    if chosen is None:
        if price:
            chosen = choose_cards(g, frame, a.target, chooser_of(g, frame.src, a), choice, frame.inst,
                                  extra_filter=lambda x: not g.rested[x] and not unrestable(g, x, frame.src))
        else:
            chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        if not price and _check_resting(g, frame, chosen):
            return
    for c in chosen:
        if g.on_field(c) and not cv.prohibited(g, c, "be_rested", by="effect", source=frame.src):
            was = g.rested[c]
            g.rested[c] = 1
            if not was and g.t.whens:
                hooks.fire_event(g, "rested", c, by="effect", source=frame.src)
    finish(g, frame, it=chosen, did=bool(chosen))


op("rest", op_rest)




def _don_one_by_one(g, frame, choice, me: int, p, *, to_rest: bool, limit: int | None, ask: bool) -> int | None:
    """Rest active DON!! cards (``to_rest``) or set rested ones as active, one at a time, up to ``limit``
    (``None``: any number) and as far as there are. With ``ask``, ``me`` chooses each one (``choose 1 don`` /
    ``choose 1 rested don``) and may stop with ``choose none`` (4-8-1). Returns how many moved, or ``None``
    while a decision is pending (the count so far is kept in the frame)."""
    state = frame.state
    done = state[1] if state and state[0] == "don" else 0
    option = ("don", "active" if to_rest else "rested")
    step = 1 if to_rest else -1

    def move() -> None:
        p.don_active -= step
        p.don_rested += step
        if not to_rest:
            cv.unfreeze_don(g, me)  # the owner sets a kept one active first (continuous.unfreeze_don)

    if choice is not None:
        if choice[0] == "choose_none":
            return done
        move()
        done += 1
    while (limit is None or done < limit) and (p.don_active if to_rest else p.don_rested):
        if ask:
            pick = g.ask(me, "choose", [option, ("choose_none",)])
            if pick is None:
                g.stack[-1] = frame.with_state(("don", done))
                return None
            if pick[0] == "choose_none":
                break
        move()
        done += 1
    return done


def _rest_don(g, frame, a, choice) -> None:
    """Rest active DON!! cards of the cost area. "Rest any number of your DON!! cards" (no count, "up to"):
    the player rests them one at a time (``choose 1 don``) until ``choose none`` (4-8-1); otherwise as many
    as named, as far as possible."""
    me = g.t.owner[frame.src]
    who = 1 - me if a.target.owner == "opponent" else me
    p = g.players[who]
    if a.target.count is None and a.target.up_to and who == me:
        done = _don_one_by_one(g, frame, choice, me, p, to_rest=True, limit=None, ask=True)
        if done is not None:
            finish(g, frame, it=(DON_IT,) * done, did=done > 0)
        return
    n = min(a.target.count or 1, p.don_active)
    p.don_active -= n
    p.don_rested += n
    finish(g, frame, did=n > 0)


def rest_cards_or_don(g, frame, a, choice, price: bool = False) -> None:
    """ "Rest up to a total of 2 of your opponent's Characters or DON!! cards" (OP12-037), "Rest up to 1 of
    your opponent's cards" (the field with its cost area, 3-1-2): one choice at a time among the cards and
    the player's active DON!! cards (``choose opp 1 don``), up to the total (4-8-1); then all of them are
    rested (8-4-4-1: the targets are chosen first). ``frame`` is an ``act`` frame, or a ``cost`` frame
    (same layout: source at 1, instance at 4, state at 5). With ``price`` (a cost, "rest 2 of your cards:",
    or a replacement, "you may rest 1 of your cards instead") only active cards that may be rested are
    offered: resting a rested card is no action (1-3-2-1) and pays nothing."""
    src = frame.src
    me = chooser_of(g, src, a)
    sel = a.target
    who = 1 - g.t.owner[src] if sel.owner == "opponent" else g.t.owner[src]
    p = g.players[who]
    state = frame.state
    if state and state[0] == "removing":  # chosen, and the "would be rested" replacements were offered
        _rest_chosen_and_don(g, frame, src, p, tuple(state[1]), state[2])
        return
    cards = candidates(g, src, replace(sel, zones=tuple(z for z in sel.zones if z != "don"), total=False,
                                       alternatives=tuple(x for x in sel.alternatives if "don" not in x.zones)),
                       g.ctx.get(frame.inst))
    if price:
        cards = [c for c in cards if not g.rested[c] and not unrestable(g, c, src)]
    picked = cards_or_don(g, frame, choice, me, sel, cards, p.don_active, ("don", "active" if who == me else "opp_active"))
    if picked is None:
        return
    chosen, dons = picked
    if not price and _check_resting(g, frame, chosen, (dons,)):
        return
    _rest_chosen_and_don(g, frame, src, p, chosen, dons)


def _rest_chosen_and_don(g, frame, src: int, p, chosen: tuple, dons: int) -> None:
    """The end of :func:`rest_cards_or_don`: rest the chosen cards and ``dons`` active DON!! of ``p``."""
    for c in chosen:
        if g.on_field(c) and not cv.prohibited(g, c, "be_rested", by="effect", source=src):
            was = g.rested[c]
            g.rested[c] = 1
            if not was and g.t.whens:
                hooks.fire_event(g, "rested", c, by="effect", source=src)
    n = min(dons, p.don_active)
    p.don_active -= n
    p.don_rested += n
    finish(g, frame, it=chosen + (DON_IT,) * n, did=bool(chosen) or n > 0)


def op_set_active(g, frame, a, choice) -> None:
    """Set the chosen cards (or rested DON!!) as active. "Up to N" DON!!: the player sets them one at a
    time and may stop (``choose 1 rested don`` / ``choose none``; card Q&A ST02-015, ST02-016)."""
    if "don" in a.target.zones:
        me = g.t.owner[frame.src]
        p = g.players[me]
        if g.mods and g.t.defs[frame.src].category == CHARACTER and cv.set_don_active_forbidden(g, me):
            finish(g, frame, did=False)  # "you cannot set DON!! cards as active using Character effects" (OP10-030)
            return
        done = _don_one_by_one(g, frame, choice, me, p, to_rest=False, limit=a.target.count or 1,
                               ask=a.target.up_to)
        if done is not None:
            finish(g, frame, did=done > 0)
        return
    if a.target.alternatives and any("don" in alt.zones for alt in a.target.alternatives):
        return set_active_cards_or_don(g, frame, a, choice)
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    kept = _rested_at_once(g, frame, a)
    for c in chosen:
        if g.on_field(c) and c not in kept:
            g.rested[c] = 0
    finish(g, frame, it=chosen, did=bool(chosen))


op("set_active", op_set_active)


def set_active_cards_or_don(g, frame, a, choice) -> None:
    """ "Set this Character or up to 1 of your DON!! cards as active" (OP13-035; the shape ops._this_or_don
    allows): one choice among the rested cards of the non-DON!! alternatives and a rested DON!! card of the
    player's cost area (``choose 1 rested don``), or ``choose none`` ("up to", 4-8-1). An active card is not
    offered: setting it as active is no action (1-3-2-1). "You cannot set DON!! cards as active using
    Character effects" (OP10-030) leaves only the cards."""
    src = frame.src
    me = g.t.owner[src]
    p = g.players[me]
    sel = a.target
    cards = [c for c in candidates(g, src, replace(sel, alternatives=tuple(
        x for x in sel.alternatives if "don" not in x.zones)), g.ctx.get(frame.inst)) if g.on_field(c) and g.rested[c]]
    don_free = 1 if p.don_rested else 0
    if don_free and g.mods and g.t.defs[src].category == CHARACTER and cv.set_don_active_forbidden(g, me):
        don_free = 0
    picked = cards_or_don(g, frame, choice, me, replace(sel, up_to=True), cards, don_free, ("don", "rested"))
    if picked is None:
        return
    chosen, dons = picked
    for c in chosen:
        if g.on_field(c):
            g.rested[c] = 0
    if dons and p.don_rested:
        p.don_rested -= 1
        p.don_active += 1
        cv.unfreeze_don(g, me)  # the owner sets a kept one active first (continuous.unfreeze_don)
        chosen = chosen + (DON_IT,)
    finish(g, frame, it=chosen, did=bool(chosen))


def _rested_at_once(g, frame, a) -> frozenset:
    """The cards that the action just before ``a`` in the same instruction rested ("Rest this Character and
    set this Character as active"): resting and setting a card active at the same time leaves it rested
    (rule 1-3-8). Empty when ``a`` starts the effect or a "Then," step, or the action before is no rest.
    The compiled form keeps no sentence breaks, so a rest in the sentence before counts too (no card in the
    database rests and then sets active without "Then,")."""
    path = frame.path if frame[0] == "act" else ()
    if a.then or not path or not isinstance(path[-1], int) or path[-1] == 0:
        return frozenset()
    before = action_in(effect_of(g, frame.src, frame.eidx), path[:-1] + (path[-1] - 1,))
    if before.op != "rest" or before.target is None:
        return frozenset()
    if before.target.ref == "this":
        return frozenset((frame.src,))
    return frozenset(g.ctx.get(frame.inst, EMPTY_CTX).it)


def _field_zones(g, cards) -> tuple:
    """``(card, "character" / "stage")`` for each of ``cards`` on the field, before an effect (or its cost)
    moves them: what :func:`_report_removed` reports afterwards. Empty when no "When ..." effect waits."""
    if not g.t.whens:
        return ()
    players = g.players
    return tuple((c, "stage" if c == players[g.t.owner[c]].stage else "character") for c in cards
                 if c in players[g.t.owner[c]].characters or c == players[g.t.owner[c]].stage)


def _report_removed(g, frame, field) -> None:
    """ "When a Character is removed from the field by your effect" (OP07-038): each card the effect (an
    action or its activation cost, 8-3-1; card Q&A OP02-004 counts costs as one's own effects) moved off the
    field, once it has left (a K.O. by an effect is reported by rules/zones.do_ko)."""
    for c, zone in field:
        if not g.on_field(c):
            hooks.fire_event(g, "removed", c, by="effect", source=frame.src, zone=zone)


def _removing(frame):
    """The cards left to move once the replacement effects were offered (``remove_check``), or None."""
    state = frame.state
    if state and state[0] == "removing":
        return list(state[1])
    return None


def _check_resting(g, frame, chosen, extra: tuple = ()) -> bool:
    """Rule 8-1-3-4: before an effect rests ``chosen`` cards, offer the "would be rested" replacement effects
    ("If this Character would be rested by your opponent's Character's effect, you may rest 1 of your other
    Characters instead", PRB02-006), one active card at a time (resting a rested card is no action, 1-3-2-1,
    so there is nothing to replace). Returns True when a ``rest_check`` frame was pushed: the op resumes
    with the state ``("removing", cards)``, the cards left to rest."""
    if not g.t.replacements or frame[0] != "act":
        return False
    field = tuple(c for c in chosen if c in g.players[g.t.owner[c]].characters and not g.rested[c])
    if not field:
        return False
    g.stack[-1] = frame.with_state(("removing", tuple(chosen)) + extra)
    g.stack.append(ReplacementCheckFrame("rest_check", frame.src, tuple(chosen), field, 0, (), ()))
    return True


def _check_removal(g, frame, chosen) -> bool:
    """Rule 8-1-3-4: before an effect removes ``chosen`` cards from the field (to hand, deck, trash or
    Life), offer the "would be removed from the field" replacement effects, one card at a time. Returns
    True when a ``remove_check`` frame was pushed: the op resumes with the state ``("removing", cards)``.
    For a cost (``cost`` frame) only "would leave the field" replacements are offered: paying a cost with
    one's own cards is not a removal by an effect, but it is leaving the field (card Q&A qa_op05.md OP05-100
    q2: Enel kept by trashing a Life card instead of being returned by Trafalgar Law's cost; that cost is
    then not paid)."""
    if not g.t.replacements or frame[0] not in ("act", "cost"):
        return False
    players = g.players
    field = tuple(c for c in chosen
                  if c in players[g.t.owner[c]].characters or c == players[g.t.owner[c]].stage)
    if not field:
        return False
    g.stack[-1] = frame.with_state(("removing", tuple(chosen)))
    g.stack.append(ReplacementCheckFrame("remove_check", frame.src, tuple(chosen), field, 0, (), ()))
    return True


def remove_check(g, frame, choice) -> None:
    """Rule 8-1-3-4 for a removal from the field by the effect of ``source``: for each card on the field
    in turn, offer the replacement effects of event ``removed`` (order 8-1-3-4-2, once each, 8-1-3-4-3);
    an accepted one resolves at once (8-1-3-4-4) and that card is not removed. Then the removal op below
    resumes with the cards left."""
    _replacement_check(g, frame, choice, "removed", "removal")


handler("remove_check", remove_check)


def rest_check(g, frame, choice) -> None:
    """As ``remove_check``, for the cards an effect of ``source`` would rest: the replacement effects of
    event ``rested`` (8-1-3-4); a card whose resting was replaced is not rested."""
    _replacement_check(g, frame, choice, "rested", "resting")


handler("rest_check", rest_check)


def _replacement_check(g, frame, choice, kind: str, what: str) -> None:
    """The body of ``remove_check`` / ``rest_check``: offer the replacement effects of event ``kind`` for
    each card of ``field`` in turn; ``what`` names the event in the log."""
    name, source, chosen, field, i, tried, replaced = frame
    # below: the op resuming afterwards; a cost's removal is no removal "by an effect" (_check_removal)
    by = "cost" if g.stack[-2][0] == "cost" else "effect"
    if choice is not None:
        src, idx = choice[1], choice[2]
        if choice[0] == "yes":
            cid = field[i]
            g.stack[-1] = ReplacementCheckFrame(name, source, chosen, field, i + 1, (), replaced + (cid,))
            g.emit(None, f"p{g.t.owner[src] + 1} replaces the {what} of {g.t.numbers[cid]} with {g.t.numbers[src]}'s effect")
            hooks.replace(g, src, idx, (cid,))
            return
        tried = tried + ((src, idx),)
    while i < len(field):
        cid = field[i]
        found = None
        if g.on_field(cid):
            found = hooks.replacement_for(g, cid, by, source, tried, (kind,))
        if found is None:
            i, tried = i + 1, ()
            continue
        src, idx = found
        g.stack[-1] = ReplacementCheckFrame(name, source, chosen, field, i, tried, replaced)
        pick = hooks.offer_replacement(g, src, idx)
        if pick is None:
            return
        if pick[0] == "yes":
            g.stack[-1] = ReplacementCheckFrame(name, source, chosen, field, i + 1, (), replaced + (cid,))
            g.emit(None, f"p{g.t.owner[src] + 1} replaces the {what} of {g.t.numbers[cid]} with {g.t.numbers[src]}'s effect")
            hooks.replace(g, src, idx, (cid,))
            return
        tried = tried + ((src, idx),)
    g.stack.pop()
    left = tuple(c for c in chosen if c not in replaced and (c not in field or g.on_field(c)))
    below = g.stack[-1]
    g.stack[-1] = below.with_state(("removing", left) + tuple(below.state[2:]))  # the op's own state kept after it
    if below[0] == "cost" and len(left) < len(chosen) and below.inst in g.ctx:
        set_ctx(g, below.inst, paid=False)  # 8-3-1-3-1: a card the cost needed stayed: not paid in full


def op_return_to_hand(g, frame, a, choice) -> None:
    """Return the chosen cards to their owner's hand (they become new objects, 3-1-6)."""
    chosen = _removing(frame)
    if chosen is None:
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        chosen = [c for c in chosen if removable(g, c, frame.src)]
        if _check_removal(g, frame, chosen):
            return
    field = _field_zones(g, chosen)
    for c in chosen:
        remove_from_zone(g, c)
        g.players[g.t.owner[c]].hand.append(c)
    for c, _zone in field:  # "When your opponent's Character is returned to the owner's hand by your effect" (EB02-023)
        hooks.fire_event(g, "returned_to_hand", c, by="effect", source=frame.src)
    _report_removed(g, frame, field)
    finish(g, frame, it=chosen, did=bool(chosen))


op("return_to_hand", op_return_to_hand)


def op_to_deck(g, frame, a, choice) -> None:
    """Place cards at the top or bottom of their owner's deck; several cards: each owner orders their own
    cards one at a time, the turn player first, the first chosen ends highest (SCENARIOS.md ``order``).
    Rule 3-1-7: the owner of cards placed together decides their order, whoever's effect places them
    ("at the bottom of the owner's deck", "Your opponent places 3 cards ... in any order"); rule 3-1-8: the
    other player does not learn that order (``g.known`` of the other player loses those cards)."""
    src = frame.src
    state = frame.state
    me = chooser_of(g, src, a)  # who chooses the cards and "top or bottom"
    position = a.param("position", "bottom")
    if not state or not isinstance(state[0], str) or state[0] == "removing":  # choosing the cards (choose_cards)
        chosen = _removing(frame)
        if chosen is None:
            chosen = choose_targets(g, frame, a, choice)
            if chosen is None:
                return
            chosen = [c for c in chosen if removable(g, c, frame.src)]
            if a.param("with_this") and g.on_field(src):
                # "place this card and 1 card from your hand ... in any order" (EB01-030): placed together
                chosen = [src, *chosen]
            if _check_removal(g, frame, chosen):
                return
        choice = None
        state = ("ordering", tuple(chosen), (), position)
        if position == "top_or_bottom":
            state = ("where", tuple(chosen), (), position)
    if state[0] == "where":
        if choice is None:
            choice = g.ask(me, "option", [("option", 1), ("option", 2)])
            if choice is None:
                g.stack[-1] = frame.with_state(state)
                return
        state = ("ordering", state[1], (), "top" if choice[1] == 1 else "bottom")
        choice = None
    _, cards, ordered, position = state
    if position == "any":  # "Return all cards in your hand to your deck and shuffle your deck": no order
        ordered = cards
    if choice is not None:
        ordered = ordered + (choice[1],)
    while len(ordered) < len(cards):
        left = [c for c in cards if c not in ordered]
        # each owner orders their own cards, the turn player first (rules 3-1-7, 1-3-10; card Q&A OP05-058)
        owner = min((g.t.owner[c] for c in left), key=lambda o: o != g.active)
        left = [c for c in left if g.t.owner[c] == owner]
        opts = [("order", c) for c in _distinct_numbers(g, left)]
        pick = g.ask(owner, "order", opts)
        if pick is None:
            g.stack[-1] = frame.with_state(("ordering", cards, ordered, position))
            return
        # copies are interchangeable: take the first remaining copy of the chosen number
        num = g.t.numbers[pick[1]]
        ordered = ordered + (next(c for c in left if g.t.numbers[c] == num),)
    field = _field_zones(g, ordered)
    public, secret = [], []
    for c in ordered:
        up = g.face_up[c]
        where = remove_from_zone(g, c)
        if where in ("field", "trash"):
            public.append(c)  # seen by both players where it was (3-1-5): its place in the deck is known
        elif where in ("hand", "life") and not up:
            secret.append((g.t.owner[c], where, c))  # face-down: the other player does not see which
    _report_removed(g, frame, field)
    # the first in ``ordered`` ends highest of the placed pile; piles store the top card last
    if position == "top":
        for c in reversed(ordered):
            g.players[g.t.owner[c]].deck.append(c)
    else:
        for c in ordered:
            g.players[g.t.owner[c]].deck.insert(0, c)
    for c in public:
        g.known[0].add(c)
        g.known[1].add(c)
    for owner, where, c in secret:
        moved_secretly(g, owner, where, "deck", (c,))
    for owner in (0, 1):
        placed = [c for c in ordered if g.t.owner[c] == owner]
        if len(placed) > 1:  # 3-1-8: the other player cannot confirm their order: they are known to be in the deck
            blur(g, owner, "deck", placed)
    if a.param("shuffle"):  # "return 20 cards from your trash to your deck and shuffle it" (OP05-080)
        for owner in sorted({g.t.owner[c] for c in ordered}):
            shuffle_deck(g, owner)
    finish(g, frame, it=ordered, did=bool(ordered))


op("to_deck", op_to_deck)


def _distinct_numbers(g, cards):
    out, seen = [], set()
    for c in cards:
        n = g.t.numbers[c]
        if n not in seen:
            seen.add(n)
            out.append(c)
    return out


def op_trash(g, frame, a, choice) -> None:
    """Trash the chosen cards (10-2-14: from hand; also from the field, Life or deck top) -- not a K.O."""
    sel = a.target
    if sel.position == "top" and "deck" in sel.zones and sel.ref is None:
        me = g.t.owner[frame.src]
        who = 1 - me if sel.owner == "opponent" else me
        deck = g.players[who].deck
        moved = []
        n = sel.count or 1
        if a.param("equal_to") is not None:  # "the same number ... as you did from your hand" (OP09-059)
            n = len(g.ctx.get(frame.inst, EMPTY_CTX).it)
        for _ in range(min(n, len(deck))):
            c = deck.pop()
            g.players[who].trash.append(c)
            moved.append(c)
        finish(g, frame, it=moved, did=bool(moved))
        return
    # "trash 2 cards from your opponent's hand": the effect's player picks them face down, by position
    # (card Q&A OP03-078, ST10-010); "Your opponent trashes ..." is the opponent's action (a.player)
    chooser = chooser_of(g, frame.src, a)
    until = a.param("until_count")
    if until is not None:
        # "trash cards from ... until you have N": as many as are over N (none moves before all are chosen)
        over = max(0, len(candidates(g, frame.src, replace(sel, count=None), g.ctx.get(frame.inst))) - until)
        sel = replace(sel, count=over, up_to=False)
    if a.param("equal_to") is not None:
        # "Then, trash the same number of cards from your hand" (EB04-011): as many as the draw before drew
        n = len(g.ctx.get(frame.inst, EMPTY_CTX).it)
        if not n:
            finish(g, frame, did=False)
            return
        sel = replace(sel, count=n, up_to=False)
    chosen = _removing(frame)
    if chosen is None:
        chosen = choose_cards(g, frame, sel, chooser, choice, frame.inst)
        if chosen is None:
            return
        chosen = [c for c in chosen if removable(g, c, frame.src)]
        if _check_removal(g, frame, chosen):
            return
    from_hand = [c for c in chosen if c in g.players[g.t.owner[c]].hand] if (
        g.t.whens or g.t.hand_trash_log) else ()
    field = _field_zones(g, chosen)
    for c in chosen:
        move_to_trash(g, c)
    _report_removed(g, frame, field)
    if g.t.hand_trash_log:
        # "During the turn in which a card in your hand is trashed by an effect" (ST33-004)
        for owner in sorted({g.t.owner[c] for c in from_hand}):
            cv.add_modifier(g, -1 - owner, cv.HAND_TRASHED, from_hand[0], cv.END, g.turn, owner)
    for owner in sorted({g.t.owner[c] for c in from_hand} if g.t.whens else ()):
        # "When a card is trashed from your hand by an effect" (OP14-045): once per action or cost and hand
        hooks.fire_event(g, "trashed", next(c for c in from_hand if g.t.owner[c] == owner), by="effect",
                         source=frame.src, zone="hand", it=tuple(c for c in from_hand if g.t.owner[c] == owner))
    finish(g, frame, it=chosen, did=bool(chosen))


op("trash", op_trash)


def op_add_to_hand(g, frame, a, choice) -> None:
    """Add the chosen cards to their owner's hand (from trash, deck, Life or the looked-at cards)."""
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame.src]
    if g.mods and cv.life_to_hand_forbidden(g, me):
        # "you cannot add Life cards to your hand using your own effects" (OP02-004): not your Life cards
        chosen = [c for c in chosen if not (g.t.owner[c] == me and c in g.players[me].life)]
    to_deck = [c for c in chosen if c in g.players[g.t.owner[c]].life
               and cv.face_up_life_to_deck(g, c)]
    if to_deck:
        # ST13-003: a face-up Life card goes to the bottom of its owner's deck instead; as a cost, that is not
        # adding it to the hand: the cost is not paid (card Q&A qa_st-13.md ST13-003 q2, q3)
        for c in to_deck:
            remove_from_zone(g, c)
            g.players[g.t.owner[c]].deck.insert(0, c)
            g.emit(None, f"face-up {g.t.numbers[c]} is placed at the bottom of p{g.t.owner[c] + 1}'s deck instead")
        if frame[0] == "cost" and frame.inst in g.ctx:
            set_ctx(g, frame.inst, paid=False)
        chosen = [c for c in chosen if c not in to_deck]
    for c in chosen:
        where = remove_from_zone(g, c)
        owner = g.t.owner[c]
        g.players[owner].hand.append(c)
        if where in ("trash", "limbo"):
            g.known[1 - owner].add(c)  # 11-2: revealed when it moves between secret zones
        elif where in ("deck", "life") and (g.vague[1 - owner] or g.known[1 - owner]):
            moved_secretly(g, owner, where, "hand", (c,))
        if where == "life" and g.t.whens:  # "When a card is added to your hand from your Life" (OP05-107)
            hooks.fire_event(g, "life_to_hand", c)
    finish(g, frame, it=chosen, did=bool(chosen))


op("add_to_hand", op_add_to_hand)


def op_reveal(g, frame, a, choice) -> None:
    """Reveal (and so select) cards, e.g. among the looked-at cards; they become "it"."""
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        g.emit(None, f"p{g.t.owner[c] + 1} reveals {g.t.numbers[c]}")
        p = g.players[g.t.owner[c]]
        if c in p.hand or c in p.deck or (c in p.life and not g.face_up[c]):
            # a card revealed from a secret zone (a hand, a deck, face-down Life) is seen by both players
            g.known[0].add(c)
            g.known[1].add(c)
    finish(g, frame, it=chosen, did=bool(chosen))
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, revealed=chosen)


op("reveal", op_reveal)


CHOOSE_COST_RANGE = range(0, 11)  # the costs printed on cards (0 to 10)


def op_choose_cost(g, frame, a, choice) -> None:
    """ "Choose a cost and reveal 1 card from the top of your opponent's deck. If the revealed card has the
    chosen cost, X." (OP11-081; folded into one action by compiler._fold_choose_cost): the player chooses a
    number (decision ``option``, counted from 1 as SCENARIOS.md says: ``choose option N`` chooses cost N-1,
    so ``choose option 1`` is cost 0 and ``choose option 11`` cost 10), then the top card is revealed to both
    players and stays on top of the deck (11-2-2: set as unrevealed afterwards); X resolves only if that
    card's cost is N (4-10-1). The revealed card is "it"; with an empty deck nothing is revealed and X fails."""
    me = g.t.owner[frame.src]
    if choice is None:
        choice = g.ask(me, "option", [("option", n + 1) for n in CHOOSE_COST_RANGE])
        if choice is None:
            return
    chosen = choice[1] - 1
    sel = a.target
    who = 1 - me if sel.owner == "opponent" else me
    deck = g.players[who].deck
    revealed = deck[::-1][: sel.count or 1]  # the deck's top is the end of the list
    g.emit(None, f"p{me + 1} chooses cost {chosen}")
    for c in revealed:
        g.emit(None, f"p{who + 1} reveals {g.t.numbers[c]}")
        g.known[0].add(c)
        g.known[1].add(c)
    finish(g, frame, it=revealed, did=bool(revealed))
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, revealed=revealed)
    if revealed and all(g.t.defs[c].cost == chosen for c in revealed):
        push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("b",), a.body)


op("choose_cost", op_choose_cost)


def op_select(g, frame, a, choice) -> None:
    """Choose cards; they become "it". ``also`` (a later target of "Select your Leader and 1 Character",
    OP14-009, or "select your opponent's rested Leader and up to 1 Character card", OP07-059): "it" is the
    cards of the selects before it and these together ("the selected cards"), never the same card twice."""
    if not a.param("also"):
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        finish(g, frame, it=chosen, did=bool(chosen))
        return
    # "Choose up to 1 X and up to 1 Y": the second is another card than the first (OP06-086)
    before = g.ctx.get(frame.inst, EMPTY_CTX).it
    chosen = choose_cards(g, frame, a.target, chooser_of(g, frame.src, a), choice, frame.inst,
                          extra_filter=lambda c: c not in before)
    if chosen is None:
        return
    finish(g, frame, it=[*before, *chosen], did=bool(chosen) or bool(before))


op("select", op_select)


def op_look(g, frame, a, choice) -> None:
    """Look at the top N cards of a deck (11-3): they leave the deck while the effect handles them and
    go back on top, in order, if nothing else moves them (11-3-3)."""
    sel = a.target
    me = g.t.owner[frame.src]
    who = 1 - me if sel.owner == "opponent" else me
    if "life" in sel.zones:
        return _look_at_life(g, frame, a, choice)
    deck = g.players[who].deck
    n = min(sel.count or 1, len(deck))
    looked = []
    for _ in range(n):
        c = deck.pop()
        g.limbo.append(c)
        looked.append(c)
        g.known[me].add(c)
    g.emit(me, f"p{me + 1} looks at {', '.join(g.t.numbers[c] for c in looked)}")
    g.stack.pop()
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, it=looked, looked=looked, did=bool(looked))
    # anything still looked at when the effect ends returns to the top in the same order
    g.stack.insert(_end_index(g, frame.inst), ReturnLookedFrame("return_looked", who, tuple(looked)))


op("look", op_look)


def _end_index(g, inst: int) -> int:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i] == ("effect_end", inst):
            return i + 1
    return len(g.stack)


def return_looked(g, frame, choice) -> None:
    g.stack.pop()
    who, looked = frame.player, frame.looked
    deck = g.players[who].deck
    for c in reversed(looked):
        if c in g.limbo:
            g.limbo.remove(c)
            deck.append(c)


handler("return_looked", return_looked)


def op_shuffle(g, frame, a, choice) -> None:
    shuffle_deck(g, chooser_of(g, frame.src, a))  # "Your opponent ... shuffles their deck" (OP06-047)
    finish(g, frame)


op("shuffle_deck", op_shuffle)


def op_add_don(g, frame, a, choice) -> None:
    """Add DON!! from the DON!! deck to the cost area, active or rested (of the player who performs it:
    "your opponent may add 1 DON!! card from their DON!! deck")."""
    p = g.players[chooser_of(g, frame.src, a)]
    rested = a.param("state") == "rested"

    def add_one() -> None:
        p.don_deck -= 1
        if rested:
            p.don_rested += 1
        else:
            p.don_active += 1

    if a.param("up_to"):  # "add up to N": one at a time, the player may stop
        _one_at_a_time(g, frame, a, choice, lambda: p.don_deck > 0, add_one)
        return
    n = min(a.amount or 1, p.don_deck)
    for _ in range(n):
        add_one()
    finish(g, frame, did=n > 0)


op("add_don", op_add_don)


def op_give_don(g, frame, a, choice) -> None:
    """Give up to N rested (or active) DON!! from the cost area to the chosen Leader or Character. "Up to
    N", of the player's own DON!! or the opponent's: after the recipient, the DON!! are given one at a time
    and the player may stop (``choose 1 rested don``; the opponent's are ``choose opp 1 rested don``; or
    ``choose none``; rule 4-8-1, card Q&A ST01-011)."""
    state = frame.state
    if state and state[0] == "give":  # the recipients are chosen; giving DON!! one at a time
        _, chosen, ti, n, moved = state
    else:
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        chosen, ti, n, moved, choice = tuple(chosen), 0, 0, 0, None
    me = g.t.owner[frame.src]
    don = a.param("don")  # "Give up to 3 of your opponent's rested DON!! cards to ...": whose DON!!
    own = not (don is not None and don.owner == "opponent")
    p = g.players[me if own else 1 - me]
    active = a.param("state") == "active" or (
        don is not None and any(f.key == "state" and f.value == "active" for f in don.filters))
    # "up to N": the giver may stop after any number from 0 to N, whoever owns the DON!! (rule 4-8-1), e.g.
    # "Give up to 3 of your opponent's rested DON!! cards to ..." (OP15-008)
    ask = bool(a.param("up_to"))
    # "give up to 1 DON!! card from your opponent's cost area to ..." (OP15-028): active or rested, the giver
    # picks each one (rule 3-9-2)
    either = a.param("state") == "any"
    if a.param("from") == "given":
        # "Give up to 2 total of your currently given DON!! cards to 1 of your Characters" (OP07-001): DON!!
        # already given to the player's other cards move, one at a time, to the chosen card (rule 6-5-5)
        target = chosen[0] if chosen else None
        while target is not None and moved < (a.amount or 1):
            opts = [("don", c) for c in (p.leader, *p.characters) if g.given[c] and c != target]
            if not opts:
                break
            if choice is None:
                choice = g.ask(me, "choose", opts + [("choose_none",)])
                if choice is None:
                    g.stack[-1] = frame.with_state(("give", chosen, ti, n, moved))
                    return
            if choice[0] == "choose_none":
                break
            g.given[choice[1]] -= 1
            g.given[target] += 1
            hooks.fire_event(g, "don_given", target)
            moved += 1
            choice = None
        finish(g, frame, it=list(chosen), did=moved > 0)
        return
    # "... up to 1 rested DON!! card each": every chosen card receives the amount, else only one does
    targets = chosen if a.param("each") else chosen[:1]
    recipient_owner = a.param("don_of") == "recipient"  # "to its owner's Leader or 1 of their Characters"
    while ti < len(targets):
        if recipient_owner:  # a DON!! of the cost area of the chosen card's owner (OP15-010)
            p = g.players[g.t.owner[targets[ti]]]
        states = ([s for s, k in (("active", p.don_active), ("rested", p.don_rested)) if k] if either
                  else ["active" if active else "rested"] if (p.don_active if active else p.don_rested) else [])
        if n >= (a.amount or 1) or not states:
            ti, n = ti + 1, 0
            continue
        state_now = states[0]
        if ask or len(states) > 1:
            if choice is None:
                # the opponent's DON!! are named "opp 1 rested don" / "opp 1 don" (SCENARIOS.md references)
                mine = p is g.players[me]
                opts = [("don", s if mine else "opp_" + s) for s in states] + ([("choose_none",)] if ask else [])
                choice = g.ask(me, "choose", opts)
                if choice is None:
                    g.stack[-1] = frame.with_state(("give", chosen, ti, n, moved))
                    return
            if choice[0] == "choose_none":
                ti, n, choice = ti + 1, 0, None
                continue
            picked = choice[1].removeprefix("opp_")
            state_now = picked if picked in states else state_now
            choice = None
        if state_now == "active":
            p.don_active -= 1
        else:
            p.don_rested -= 1
            if p is g.players[me]:
                cv.unfreeze_don(g, me)  # the owner gives a kept one first (continuous.unfreeze_don)
        g.given[targets[ti]] += 1
        hooks.fire_event(g, "don_given", targets[ti])  # once per DON!! card (card Q&A OP02-002 q2)
        n += 1
        moved += 1
    if a.param("remember") and targets and g.on_field(frame.src):
        # "... given to that Character" in a later effect of this card (OP15-008): the Character this effect chose,
        # remembered on this card for this turn (continuous.CHOSE), whether or not a DON!! was given
        cv.add_modifier(g, frame.src, cv.CHOSE, targets[0], cv.END, g.turn, me)
    finish(g, frame, it=list(chosen), did=moved > 0)


op("give_don", op_give_don)


def op_play(g, frame, a, choice) -> None:
    """Play the chosen Character or Stage card without paying its cost (from hand, trash, deck, the
    looked-at cards, or this card from Life); [On Play] fires (10-2-6). Only Character and Stage cards
    are candidates: an Event is never played this way (card Q&A ST02-017). "Play this card from your trash"
    (target ``this`` in zone ``trash``) plays nothing once the card has left the trash (card Q&A OP15-080 q1),
    even if it is back there: a card that moved is a new card (3-1-6, card Q&A OP02-018 q1, OP02-064 q1;
    ``EffectContext.home``)."""
    t = a.target
    if t is not None and t.ref == "this" and t.zones == ("trash",) and (
            frame.src not in g.players[g.t.owner[frame.src]].trash
            or not resolve_ref(g, frame.src, t, g.ctx.get(frame.inst, EMPTY_CTX))):
        g.stack.pop()
        if frame.inst in g.ctx:
            set_ctx(g, frame.inst, it=[], did=False)
        return
    if a.param("other_rested"):
        return _play_one_other_rested(g, frame, a, choice)
    chosen = choose_cards(g, frame, a.target, chooser_of(g, frame.src, a), choice, frame.inst,
                          extra_filter=lambda c: g.t.defs[c].category in (CHARACTER, STAGE)
                          and not _not_playable_by_effects(g, c))
    if chosen is None:
        return
    g.stack.pop()
    playable = [c for c in chosen if g.t.defs[c].category in (CHARACTER, STAGE)
                and not (g.mods and cv.play_forbidden(g, g.t.owner[c], c))]
    rested = bool(a.param("rested"))
    _put_into_play(g, frame, playable, set(playable) if rested else set())


def _put_into_play(g, frame, playable: list, rested: set) -> None:
    """Play ``playable`` (ids, in order) with ``frame`` already popped; those in ``rested`` rested. Each
    Character enters through its own frame, all of them before any [On Play] resolves (8-6-3)."""
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, it=playable, did=bool(playable))
    for c in reversed(playable):
        leave_secret_publicly(g, c)  # played face-up (3-1-5)
        zone = remove_from_zone(g, c)
        if g.t.defs[c].category == STAGE:
            place_stage(g, c)
            if c in rested:
                g.rested[c] = 1
            hooks.fire(g, ON_PLAY, (c,))
        else:
            g.limbo.append(c)
            # the card of the effect playing it: "plays a Character using a Character's effect" (OP12-081)
            g.stack.append(("enter_character_rested" if c in rested else "enter_character", c, zone, frame.src))
        g.emit(None, f"p{g.t.owner[c] + 1} plays {g.t.numbers[c]}")


def _play_one_other_rested(g, frame, a, choice) -> None:
    """ "Play 1 card and play the other card rested" (OP06-086) / "Play 1 of the revealed cards and play the
    other card rested if it has a cost of 4 or less" (OP10-058), of the cards just chosen or revealed ("it"):
    the player picks the one played active (asked only with 2 to pick from); the other is played rested, if
    it meets ``other_filters``. Both are played before either's [On Play] resolves (8-6-3)."""
    src = frame.src
    me = g.t.owner[src]
    cards = [c for c in resolve_ref(g, src, a.target, g.ctx.get(frame.inst, EMPTY_CTX))
             if g.t.defs[c].category in (CHARACTER, STAGE) and not _not_playable_by_effects(g, c)
             and not (g.mods and cv.play_forbidden(g, g.t.owner[c], c))
             and (c in g.players[me].hand or c in g.players[me].trash)]
    first = cards
    if len(cards) > 1:
        zones = tuple(z for z in ("hand", "trash") if any(c in getattr(g.players[me], z) for c in cards))
        first = choose_cards(g, frame, Selector(owner="self", zones=zones, count=1), chooser_of(g, src, a), choice,
                             frame.inst, extra_filter=lambda c: c in cards)
        if first is None:
            return
    first = list(first[:1])
    others = [c for c in cards if c not in first and matches(g, src, c, a.param("other_filters") or ())]
    g.stack.pop()
    _put_into_play(g, frame, first + others[:1], set(others[:1]))


op("play", op_play)


def op_activate_event(g, frame, a, choice) -> None:
    """ "Activate up to 1 {Dressrosa} type Event with a base cost of 3 or less from your hand" (OP15-014, OP15-046,
    OP12-041): card activation (8-5-2) of a chosen Event of the hand by this effect, without paying its cost
    (as a card played by an effect is; 4-7-1 makes paying the cost part of the player's own play): it is
    trashed and its [Main] effect carried out (8-4-2), at once, before the rest of this effect, its own
    activation cost, "you may" and conditions included (as when activated from hand: stage 1 of
    interpreter.start_now). Only an Event whose [Main] effect could be used now is a candidate (its
    conditions and [Once Per Turn], events.event_usable; none during a battle, 10-2-3-1). "When you
    activate an Event" effects and "if you have activated an Event ... during this turn" see it
    (events.event_activated). With ``effect_only`` ("activate the [Main] effect of up to 1 Event card ... in
    your trash", EB03-031): effect activation (8-5-3) of an Event of the trash, which stays there and is
    not card activation (8-5-4)."""
    effect_only = bool(a.param("effect_only"))

    def usable_now(c: int) -> bool:
        idx = hooks.activatable(g, c, "main")
        zone = g.players[g.t.owner[c]].trash if effect_only else g.players[g.t.owner[c]].hand
        return (g.t.defs[c].category == EVENT and bool(idx) and g.battle is None
                and c in zone and event_usable(g, c, idx[0]))

    chosen = choose_cards(g, frame, a.target, chooser_of(g, frame.src, a), choice, frame.inst, extra_filter=usable_now)
    if chosen is None:
        return
    chosen = [c for c in chosen if usable_now(c)][:1]
    finish(g, frame, it=chosen, did=bool(chosen))
    if effect_only:
        # "activate the [Main] effect of up to 1 Event card ... in your trash" (EB03-031): effect activation
        # (8-5-3): the card stays where it is and is not an Event activated (8-5-4, event_activated)
        for c in chosen:
            g.emit(None, f"p{g.t.owner[c] + 1} activates the [Main] effect of {g.t.numbers[c]}")
            start_now(g, c, hooks.activatable(g, c, "main")[0])
        return
    for c in chosen:
        owner = g.t.owner[c]
        g.players[owner].hand.remove(c)
        g.players[owner].trash.append(c)
        g.emit(None, f"p{owner + 1} activates {g.t.numbers[c]}")
        event_activated(g, c)
        start_now(g, c, hooks.activatable(g, c, "main")[0])


op("activate_event", op_activate_event)


def _not_playable_by_effects(g, c: int) -> bool:
    """ "This card in your hand cannot be played by effects" (OP12-036): while it is in its owner's hand."""
    for e in g.t.defs[c].effects:
        if e.kind == "permanent" and any(x.op == "cannot" and x.param("what") == "be_played" for x in e.actions):
            return c in g.players[g.t.owner[c]].hand
    return False


def enter_character_rested(g, frame, choice) -> None:
    """ "Play ... rested": the Character enters the field rested (it is placed active by rule 3-7-3
    otherwise), before its [On Play] resolves. The 3-7-6 choice of a Character to trash is asked by
    ``enter_character`` itself."""
    cid = frame[1]
    g.stack[-1] = ("enter_character",) + tuple(frame[1:])
    enter_character(g, g.stack[-1], choice)
    if cid in g.limbo:  # waiting for the 3-7-6 choice: come back here once it is made
        for i in range(len(g.stack) - 1, -1, -1):
            if g.stack[i][:2] == ("enter_character", cid):
                g.stack[i] = ("enter_character_rested",) + g.stack[i][1:]
                break
        return
    g.rested[cid] = 1


handler("enter_character_rested", enter_character_rested)


def op_if(g, frame, a, choice) -> None:
    """Rule 4-10-1: the text depending on a failed "if" is not resolved."""
    g.stack.pop()
    if condition_holds(g, frame.src, a.condition, g.ctx.get(frame.inst)):
        push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("b",), a.body)
    elif frame.inst in g.ctx:
        # "If X, you may Y. If you do, Z": nothing was done, so a following "If you do" fails (8-3-3)
        set_ctx(g, frame.inst, did=False)


op("if", op_if)


def op_may(g, frame, a, choice) -> None:
    """An optional part ("you may", 8-1-2), decided by the player it names ("your opponent may ...")."""
    if choice is None:
        choice = g.ask(chooser_of(g, frame.src, a), "yes-no", [("yes",), ("no",)])
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "yes":
        push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("b",), a.body)
    elif frame.inst in g.ctx:
        # declined: a following "If you do" must not read what an earlier action did (8-1-2)
        set_ctx(g, frame.inst, did=False)
        body = a.body
        if len(body) == 1 and body[0].target is not None and body[0].target.count is None and body[0].target.up_to:
            # declined "you may K.O. any number of ...": no card was K.O.'d "this way" (OP06-095)
            set_ctx(g, frame.inst, it=())


op("may", op_may)


def op_if_you_do(g, frame, a, choice) -> None:
    g.stack.pop()
    if g.ctx.get(frame.inst, EMPTY_CTX).did:
        push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("b",), a.body)


op("if_you_do", op_if_you_do)


def op_if_you_do_not(g, frame, a, choice) -> None:
    """ "Your opponent may trash 1 card from the top of their Life cards. If they do not, give ..." (OP05-099,
    OP17-117): the text runs unless the optional action before it was chosen and done in full -- trashing
    fewer cards than written is not doing it (8-3-3). Its record in ops.py accepts it only right after a "may" of one
    action on a counted number of cards."""
    g.stack.pop()
    ctx = g.ctx.get(frame.inst, EMPTY_CTX)
    done = ctx.did
    path = frame.path
    if done and path[-1] > 0:
        prev = action_in(effect_of(g, frame.src, frame.eidx), path[:-1] + (path[-1] - 1,))
        if prev.op == "may" and prev.body and prev.body[-1].target is not None:
            done = len(ctx.it) >= (prev.body[-1].target.count or 1)
    if not done:
        push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("b",), a.body)


op("if_you_do_not", op_if_you_do_not)


def op_choose_one(g, frame, a, choice) -> None:
    """ "Choose one:" -- always a distinct decision, counted from 1 in the text's order."""
    if choice is None:
        opts = [("option", k + 1) for k in range(len(a.options))]
        choice = g.ask(chooser_of(g, frame.src, a), "option", opts)  # "Your opponent chooses one:"
        if choice is None:
            return
    g.stack.pop()
    k = choice[1] - 1
    push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("o", k), a.options[k])


op("choose_one", op_choose_one)


def op_win_game(g, frame, a, choice) -> None:
    """Rule 1-2-5: the player wins during the processing of the effect, and the game ends."""
    g.stack.pop()
    me = chooser_of(g, frame.src, a)
    g.winner = me
    g.end_reason = "effect"
    g.pending = None
    g.phase = "over"
    g.emit(None, f"game over: p{me + 1} wins (effect of {g.t.numbers[frame.src]})")


op("win_game", op_win_game)


def op_extra_turn(g, frame, a, choice) -> None:
    """ "Then, take an extra turn after this one" (OP05-119): after this turn's End Phase (6-6) the player
    takes a whole turn (6-1-1), then the turn order goes on as before; a second one taken during the extra
    turn comes after it (rules/turns.py: no rule of the Comprehensive Rules, the card's words)."""
    me = chooser_of(g, frame.src, a)
    take_extra_turn(g, me)
    g.emit(None, f"p{me + 1} takes an extra turn after this one")
    finish(g, frame, did=True)


op("extra_turn", op_extra_turn)


def op_for_every(g, frame, a, choice) -> None:
    """ "For every {X} type card on your field, give up to 1 ...": the cards are counted as it resolves
    (8-4-6), then the text after the comma is resolved once per ``amount`` of them, each time a new
    choice."""
    g.stack.pop()
    n = count_of(g, frame.src, a.target, g.ctx.get(frame.inst)) // (a.amount or 1)
    for _ in range(n):
        push_actions(g, frame.src, frame.eidx, frame.inst, frame.path + ("b",), a.body)


op("for_every", op_for_every)


def op_activate_effect(g, frame, a, choice) -> None:
    """ "Activate this card's [Main] / [Counter] effect" (10-2-3-1-1): its costs are still paid."""
    g.stack.pop()
    timing = a.param("timing")
    for idx in hooks.activatable(g, frame.src, timing):
        start_effect(g, frame.src, idx, stage=1)
        break


op("activate_effect", op_activate_effect)


_PLAYER_PROHIBITIONS = {
    "attack_leader": (cv.PROHIBIT, "attack_leader"),  # "you cannot attack a Leader during this turn" (OP06-026)
    "draw": (cv.NO_DRAW, 0),  # "you cannot draw cards using your own effects during this turn" (OP12-099)
    "set_don_active": (cv.NO_SET_DON_ACTIVE, 0),  # "... set DON!! cards as active using Character effects" (OP10-030)
    "add_life_to_hand": (cv.NO_LIFE_TO_HAND, 0),  # "you cannot add Life cards to your hand using your own effects" (OP02-004)
}
"""Prohibitions "you cannot ..." that bind the player: ``what`` → (modifier stat, amount)."""


def op_next_play_discount(g, frame, a, choice) -> None:
    """ "the next time you play <cards> from your hand during this turn, the cost will be reduced by N"
    (OP02-025): a ``NEXT_PLAY_DISCOUNT`` flag on the player, read by continuous.play_cost."""
    me = g.t.owner[frame.src]
    kind, turn = duration_of(g, me, a.duration)
    cv.add_modifier(g, -1 - me, cv.NEXT_PLAY_DISCOUNT, (frame.src, frame.eidx, frame.path), kind, turn, me)
    finish(g, frame, did=True)


op("next_play_discount", op_next_play_discount)


def op_cannot(g, frame, a, choice) -> None:
    """A prohibition for a duration (rule 1-3-3: prohibitions win). Supported form: "cannot activate
    [Blocker]": for the chosen Characters; for the whole side when no filter narrows it; or only when
    given cards attack (``attacker`` parameter, e.g. ST01-016 "if that Leader or Character attacks")."""
    me = g.t.owner[frame.src]
    kind, turn = duration_of(g, me, a.duration)
    sel = a.target
    what = a.param("what")
    player_wide = _PLAYER_PROHIBITIONS.get(what)
    if player_wide is not None:  # on the player (modifier target -1 - player): covers cards played later too
        cv.add_modifier(g, -1 - me, player_wide[0], player_wide[1], kind, turn, me)
        finish(g, frame, did=True)
        return
    if what == "play":  # "you cannot play Character cards ... during this turn"
        who = 1 - me if sel.owner == "opponent" else me
        cv.add_modifier(g, -1 - who, cv.NO_PLAY, (frame.src, frame.eidx, frame.path), kind, turn, me)
        finish(g, frame, did=True)
        return
    if what == "attack_characters":
        # "this Leader cannot attack your opponent's Characters with a base cost of 7 or less" (OP12-020): the
        # targets are read when it attacks (continuous.attack_target_forbidden)
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        for c in chosen:
            if g.on_field(c):
                cv.add_modifier(g, c, cv.NO_ATTACK_TARGET, (frame.src, frame.eidx, frame.path), kind, turn, me)
        finish(g, frame, it=chosen, did=bool(chosen))
        return
    if what in ("attack", "be_ko", "be_rested"):
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        unless = a.param("unless")
        for c in chosen:
            if g.on_field(c):
                if unless is not None:  # "cannot attack unless ... trashes 2 cards from their hand" (OP08-043)
                    cv.add_modifier(g, c, cv.ATTACK_COST, unless.amount or 1, kind, turn, me)
                else:  # "by": "cannot be K.O.'d in battle / by effects / by your opponent's effects"
                    how = a.param("by")
                    cv.add_modifier(g, c, cv.PROHIBIT, what if how is None else (what, how), kind, turn, me)
        finish(g, frame, it=chosen, did=bool(chosen))
        return
    attacker = a.param("attacker")
    if attacker is not None:
        ctx = g.ctx.get(frame.inst, EMPTY_CTX)
        # "if that Leader or Character attacks" (it) / "whenever your Leader attacks" (OP13-057: the Leader)
        cards = resolve_ref(g, frame.src, attacker, ctx) if attacker.ref is not None else (
            candidates(g, frame.src, attacker, ctx))
        for c in cards:
            cv.add_modifier(g, -1 - (1 - me), cv.NO_BLOCKER_VS, c, kind, turn, me)
        finish(g, frame, did=True)
        return
    if not sel.filters and sel.ref is None:
        for who in ((1 - me,) if sel.owner == "opponent" else (me,)):
            cv.add_modifier(g, -1 - who, cv.NO_BLOCKER, 0, kind, turn, me)
        finish(g, frame, did=True)
        return
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        cv.add_modifier(g, c, cv.CANNOT_BLOCK, 0, kind, turn, me)
    finish(g, frame, it=chosen, did=bool(chosen))


op("cannot", op_cannot)


def op_to_life(g, frame, a, choice) -> None:
    """Add cards to the top or bottom of a Life area (face-down unless stated, rules Q&A); nobody looks
    at a card added from the deck (rules Q&A). A card that was already in a Life area (looked at and
    placed back, ST07-008) keeps its face (rule 3-10-3). ``life_owner``: ``self``/``opponent``/``same`` (each
    card to its owner's Life)."""
    state = frame.state
    if a.param("position") == "any_order":
        return _reorder_life(g, frame, a, choice)
    if state and state[0] == "where":  # the cards are chosen; now top or bottom (an option decision)
        chosen = list(state[1])
        if choice is None:
            choice = g.ask(g.t.owner[frame.src], "option", [("option", 1), ("option", 2)])
            if choice is None:
                return
        position = "top" if choice[1] == 1 else "bottom"
    else:
        chosen = _removing(frame)
        if chosen is None:
            chosen = choose_targets(g, frame, a, choice)
            if chosen is None:
                return
            chosen = [c for c in chosen if removable(g, c, frame.src)]
            if _check_removal(g, frame, chosen):
                return
        position = a.param("position", "top")
        if position == "top_or_bottom" and chosen:
            g.stack[-1] = frame.with_state(("where", tuple(chosen)))
            return op_to_life(g, g.stack[-1], a, None)
    me = g.t.owner[frame.src]
    where = a.param("life_owner", "same")
    face_up = a.param("face") == "face_up"
    field = _field_zones(g, chosen)
    for c in chosen:
        # 3-10-3: a Life card placed back at the top or bottom keeps its face (card Q&A OP03-099: a face-up
        # one stays face-up); a card from elsewhere is added face-down unless the text says face-up
        keep = g.face_up[c] if c in g.players[g.t.owner[c]].life else 0
        if face_up and not keep:
            leave_secret_publicly(g, c)  # placed face-up: every player sees which card it is
        src = remove_from_zone(g, c)
        who = me if where == "self" else (1 - me if where == "opponent" else g.t.owner[c])
        if g.t.owner[c] != who:  # a card always goes to its owner's zones
            who = g.t.owner[c]
        life = g.players[who].life
        if position == "bottom":
            life.insert(0, c)
        else:
            life.append(c)
        g.face_up[c] = 1 if face_up else keep
        if src in ("hand", "deck") and not face_up:
            moved_secretly(g, who, src, "life", (c,))
    _report_removed(g, frame, field)
    finish(g, frame, it=chosen, did=bool(chosen))


op("to_life", op_to_life)


def _reorder_life(g, frame, a, choice) -> None:
    """ "Look at all of your Life cards and place them back in your Life area in any order" (OP13-105,
    ST13-012) / "... place the rest back in your Life area in any order" (ST13-016): the looked-at cards
    still in a Life area go back in the order the effect's player picks (``order``: the first picked ends
    on top). Each keeps its face (ST13-004 / ST13-012 / ST13-016 Q&A: face-up cards stay face-up) and
    none leaves the Life area (no "removed from Life" event)."""
    state = frame.state
    me = g.t.owner[frame.src]
    if not state or state[0] != "life_order":
        ctx = g.ctx.get(frame.inst, EMPTY_CTX)
        pool = ctx.looked if a.target is not None and a.target.ref == "rest" else ctx.it
        cards = tuple(c for c in pool if c in g.players[g.t.owner[c]].life)
        state = ("life_order", cards, ())
    _, cards, ordered = state

    def key(c):  # copies showing the same face are interchangeable
        return (g.t.owner[c], g.t.numbers[c], g.face_up[c])

    if choice is not None:
        ordered = ordered + (next(c for c in cards if c not in ordered and key(c) == key(choice[1])),)
    while len(ordered) < len(cards):
        left = [c for c in cards if c not in ordered]
        opts, seen = [], set()
        for c in left:
            if key(c) not in seen:
                seen.add(key(c))
                opts.append(("order", c))
        pick = g.ask(me, "order", opts)
        if pick is None:
            g.stack[-1] = frame.with_state(("life_order", cards, ordered))
            return
        ordered = ordered + (next(c for c in left if key(c) == key(pick[1])),)
    for who in {g.t.owner[c] for c in ordered}:
        life = g.players[who].life
        mine = [c for c in ordered if g.t.owner[c] == who]
        life[:] = [c for c in life if c not in mine] + mine[::-1]  # piles store the top card last
        if len(mine) > 1:  # 3-1-8: placed in secret; the other player knows only that they are in Life
            blur(g, who, "life", mine, viewer=1 - me)
    finish(g, frame, it=ordered, did=bool(ordered))


def _turn(g, frame, a, choice, up: bool) -> None:
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        if c in g.players[g.t.owner[c]].life:
            g.face_up[c] = 1 if up else 0
            if up:
                g.emit(None, f"p{g.t.owner[c] + 1} turns {g.t.numbers[c]} face-up in Life")
    finish(g, frame, it=chosen, did=bool(chosen))


def op_turn_face_up(g, frame, a, choice) -> None:
    """Turn Life cards face-up: they become open information (rule 3-10-2-1)."""
    _turn(g, frame, a, choice, True)


op("turn_face_up", op_turn_face_up)


def op_turn_face_down(g, frame, a, choice) -> None:
    """Turn Life cards face-down again."""
    _turn(g, frame, a, choice, False)


op("turn_face_down", op_turn_face_down)


def op_set_base_power(g, frame, a, choice) -> None:
    """Set base power for a duration (rule 4-9-2; several: the highest applies, 4-9-2-1), to a number or
    to the current power of another card (``same_as_power_of``)."""
    chosen = choose_targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame.src]
    kind, turn = duration_of(g, me, a.duration)
    if a.param("swap"):
        # "Swap the base power of the selected Characters with each other during this turn" (OP14-001,
        # OP14-017): both base powers are read first (4-9-2), then each card's becomes the other's; with fewer
        # than 2 selected cards on the field there is nothing to swap
        pair = [c for c in chosen if g.on_field(c)]
        if len(pair) != 2:
            finish(g, frame, did=False)
            return
        x, y = pair
        bx, by = cv.base_power(g, x), cv.base_power(g, y)
        cv.add_modifier(g, x, cv.BASE_POWER, by, kind, turn, me)
        cv.add_modifier(g, y, cv.BASE_POWER, bx, kind, turn, me)
        finish(g, frame, it=pair, did=True)
        return
    value = a.amount
    other = a.param("same_as_power_of")
    if other is not None:
        others = candidates(g, frame.src, other, g.ctx.get(frame.inst, EMPTY_CTX))
        if not others:
            finish(g, frame, did=False)
            return
        value = cv.power(g, others[0])
    for c in chosen:
        if g.on_field(c):
            cv.add_modifier(g, c, cv.BASE_POWER, value or 0, kind, turn, me)
    finish(g, frame, it=chosen, did=bool(chosen))


op("set_base_power", op_set_base_power)


def op_return_don(g, frame, a, choice) -> None:
    """Return N DON!! from the field to the DON!! deck (like DON!! −X, rule 8-3-1-6), chosen one at a
    time by the player who returns them (``player``); ``from=given`` / ``to=cost_area``: N given DON!! to
    the cost area rested (ST28-004, interpreter.take_don)."""
    who = chooser_of(g, frame.src, a)
    state = frame.state
    if a.param("until_equal") and not state:
        # "until you have the same number of DON!! cards on your field as your opponent" (OP08-074): the
        # difference, counted once as it resolves (the field's DON!!: cost area and given, 3-1-2, 6-5-5-1)
        n = count_of(g, frame.src, Selector(owner="self", zones=("don",), count=None)) - count_of(
            g, frame.src, Selector(owner="opponent", zones=("don",), count=None))
        if n <= 0:
            finish(g, frame, did=False)
            return
        state = (n,)
        g.stack[-1] = frame = frame.with_state(state)
    limit = state[0] if a.param("until_equal") else (a.amount or 1)
    if a.param("until_equal"):
        state = state[1:]
    done = len(state)
    if choice is not None:
        take_don(g, who, choice, frame.src, a.params)
        done += 1
    while done < limit:
        opts = don_options(g, who, a.params)
        if not opts:
            break
        pick = g.ask(who, "choose", opts)
        if pick is None:
            g.stack[-1] = frame.with_state(((limit,) if a.param("until_equal") else ()) + (-1,) * done)
            return
        take_don(g, who, pick, frame.src, a.params)
        done += 1
    report_don_returned(g, who, done, frame.src, a.params)
    finish(g, frame, did=done > 0)


op("return_don", op_return_don)


def op_no_refresh(g, frame, a, choice) -> None:
    """The chosen rested cards do not become active in their owner's next Refresh Phase (6-2-4). With DON!!
    cards among them ("Up to 1 of your opponent's rested Character or DON!! cards", OP07-026) the choice is
    :func:`_no_refresh_with_don`'s."""
    me = g.t.owner[frame.src]
    if "don" in a.target.zones:
        chosen = _no_refresh_with_don(g, frame, a, choice)
        if chosen is None:
            return
        chosen, dons = chosen
    else:
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
        dons = 0
    for c in chosen:
        if a.param("phase") == "opponent_next" and g.t.owner[c] == me:
            continue  # "... in your opponent's next Refresh Phase": a card of yours is not refreshed there (6-2-4)
        cv.add_modifier(g, c, cv.NO_REFRESH, 0, cv.END, _owners_next_turn(g, g.t.owner[c]), me)
    if dons:
        who = 1 - me if a.target.owner == "opponent" else me
        cv.add_modifier(g, -1 - who, cv.NO_REFRESH_DON, dons, cv.END, _owners_next_turn(g, who), me)
    finish(g, frame, it=chosen, did=bool(chosen) or dons > 0)


op("no_refresh", op_no_refresh)


def _owners_next_turn(g, owner: int) -> int:
    """The next turn number at which ``owner`` is the turn player."""
    return next_turn_of(g, owner)


def _no_refresh_with_don(g, frame, a, choice):
    """The choice of "up to N of your opponent's rested Character or DON!! cards" / "rested cards": one card
    at a time among the rested cards of the named zones and the player's rested DON!! cards in the cost area
    (``choose opp 1 rested don``), up to N (4-8-1). DON!! cards are counted, not named: a DON!! is offered
    while one is rested that no effect keeps rested yet (choosing a kept one again would do nothing, as
    choosing none does). Returns ``(cards, number of DON!!)``, or None while a decision is pending."""
    from dataclasses import replace

    src = frame.src
    me = chooser_of(g, src, a)
    sel = a.target
    who = 1 - g.t.owner[src] if sel.owner == "opponent" else g.t.owner[src]
    p = g.players[who]
    cards = candidates(g, src, replace(sel, zones=tuple(z for z in sel.zones if z != "don")), g.ctx.get(frame.inst))
    free = p.don_rested - cv.frozen_don(g, who) if g.mods else p.don_rested
    picked = cards_or_don(g, frame, choice, me, sel, cards, free, ("don", "rested" if who == me else "opp_rested"))
    return None if picked is None else (list(picked[0]), picked[1])



def op_can_attack_active(g, frame, a, choice) -> None:
    """The chosen cards can also attack the opponent's active Characters for the duration."""
    _modify(g, frame, a, choice, cv.CAN_ATTACK_ACTIVE, 0)


op("can_attack_active", op_can_attack_active)


def op_deal_damage(g, frame, a, choice) -> None:
    """Deal N damage to a Leader (rule 4-6): each point takes the top Life card (its [Trigger] may be
    used); a point dealt with no Life left meets the loss condition of rule 1-2-1-1-1. ``take_damage``
    ("you take 1 damage") is damage to the effect's owner's own Leader."""
    me = g.t.owner[frame.src]
    own = a.op == "take_damage" or a.target is not None and a.target.owner == "self"
    who = me if own else 1 - me
    g.stack.pop()
    for _ in range(a.amount or 1):
        g.stack.append(("effect_damage", who))
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, did=True)


op("take_damage", op_deal_damage)
op("deal_damage", op_deal_damage)


def effect_damage(g, frame, choice) -> None:
    p = g.players[frame[1]]
    if not p.life:
        g.stack.pop()
        p.damaged_at_zero = True
        g.emit(None, f"p{frame[1] + 1}'s leader is dealt damage with no Life left")
        return
    g.stack[-1] = ("life_damage", frame[1], False)


handler("effect_damage", effect_damage)


def _look_at_life(g, frame, a, choice) -> None:
    """Look at the top N Life cards (11-3): of one player, or -- "your or your opponent's" -- of the
    player chosen by an ``option`` decision (1 = yours, 2 = your opponent's). They stay where they are."""
    sel = a.target
    me = g.t.owner[frame.src]
    if sel.owner == "any":
        if choice is None:
            choice = g.ask(me, "option", [("option", 1), ("option", 2)])
            if choice is None:
                return
        who = me if choice[1] == 1 else 1 - me
    else:
        who = 1 - me if sel.owner == "opponent" else me
    life = g.players[who].life
    looked = life[::-1] if sel.count is None else life[::-1][: sel.count]  # "look at all of your Life cards"
    for c in looked:
        g.known[me].add(c)
    g.emit(me, f"p{me + 1} looks at {', '.join(g.t.numbers[c] for c in looked) or 'nothing'}")
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, looked=looked)  # "place 1 (card) at the top of your deck" (zone looked)
    finish(g, frame, it=looked, did=bool(looked))
