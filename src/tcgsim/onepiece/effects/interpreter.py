"""The effect interpreter: resolves compiled effects (ir.py) step by step on the game's frame stack.

An effect being resolved is a set of frames, never Python state, so a game paused at a choice inside an
effect clones and serializes like any other (each frame a named tuple of rules/frames.py: ``EffectFrame``,
``CostFrame``, ``ActFrame``, ``EffectEndFrame``; read by field name, ``frame.inst``):

- ``("effect", src, eidx, stage, inst)``: effect ``eidx`` of card ``src``: conditions (8-3-2), the
  optional "you may" (8-1-2, 8-3-1-4), costs (8-3-1), then its actions (8-4-1);
- ``("cost", src, eidx, ci, inst, state)``: paying cost ``ci``;
- ``("act", src, eidx, path, inst, state)``: one action; ``path`` addresses it in the action tree
  (``(i,)``, then ``"b", j`` into a body and ``"o", k, j`` into option ``k``); ``state`` holds the
  cards chosen so far, one at a time;
- ``("effect_end", inst)``: drops the effect's scratch data.

``Game.ctx[inst]`` is that scratch data, an ``EffectContext(it, looked, did, paid, revealed, wave, home)``
(rules/state.py) -- the cards chosen or moved by the last action ("it"), the cards looked at, whether the last
action did something (for "if you do"), whether every cost was paid, the cards of the effect's last reveal
("the revealed card" after an action that made "it" name other cards, EB01-029), and the wave of a queued auto
effect: the ``inst`` of the effect whose resolution triggered it (-1: a game event), ``None`` once its player
has ordered it (``order_waiting``), and the ``home`` of the effect's own card: the zone it was in when the effect
was activated, while it has not left it (rule 3-1-6: a card that moved is a new card, :func:`left_zone`).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.machine import handler_registry
from ..rules import continuous as cv
from ..rules.frames import ActFrame, CostFrame, EffectEndFrame, EffectFrame
from ..rules.state import EffectContext
from ..rules.turns import next_turn_of
from ..rules.zones import leave_field, leave_secret_publicly, trash_from_field
from .ir import Action
from .select import candidates, card_names, condition_holds, count_of, distinct_names, matches, resolve_ref

HANDLERS, handler = handler_registry()
"""The interpreter's frame handlers (``effect``, ``cost``, ``act``, ...), installed by ``Game.install``."""

EMPTY_CTX = EffectContext((), (), False, True, (), None)

# DON!! cards are counted, not card objects: after DON!! are rested, "it" ("for every DON!! card rested this
# way") holds one DON_IT per DON!! card, read only as a count
DON_IT = -1


def effect_of(g, src: int, eidx: int):
    return g.t.defs[src].effects[eidx]


_EFFECT_FRAMES = {"effect", "act", "cost", "effect_end", "return_looked", "ko_check", "cost_ko_paid", "ko_it_done",
                  "enter_character", "enter_character_rested"}
"""Frames of the effect now resolving, under which a newly triggered effect waits (rule 8-6-3). A
``ko_check`` is one of the K.O.s an effect still has to carry out: "K.O. up to 2" and "K.O. all" K.O. every
card before any one's [On K.O.] or "when K.O.'d" effect resolves (card Q&A OP03-090: it can play the card
K.O.'d with it; ST08-001 q1). An ``enter_character`` is one of the cards an effect still has to play: "play
up to 2" plays both before the first one's [On Play] resolves (8-6-3; audit 2026-12-03, OP17-118)."""


def start_effect(g, src: int, eidx: int, stage: int = 0, home: str = "") -> None:
    """Queue the resolution of effect ``eidx`` of ``src`` (stage 0 checks conditions and asks "you
    may"; stage 1 starts at the costs, for effects whose activation was the player's decision; stage
    -1 is stage 0 with the conditions already checked).

    Queued effects resolve in the order queued, and after the effects already resolving or queued
    (rule 8-6-3: an effect triggered during another's resolution waits until that one has resolved).

    ``home``: the zone the card is about to enter as the effect activates (``"trash"``: it is being K.O.'d,
    10-2-17); a card already in its owner's trash has that home too. "This card" then names it only while it
    has not left that zone (rule 3-1-6, ``EffectContext.home``).
    """
    if stage == 0:
        eff = effect_of(g, src, eidx)
        if eff.timing == "on_ko" and eff.conditions:
            # 10-2-17-1: [On K.O.] conditions ([DON!! xX] ...) are checked on the field, as it is K.O.'d
            if not conditions_hold(g, src, eff):
                return
            stage = -1  # checked: not again when it resolves from the trash
    inst = g.next_inst
    g.next_inst += 1
    i = queue_index(g)
    if not home and src in g.players[g.t.owner[src]].trash:
        home = "trash"
    g.ctx[inst] = EMPTY_CTX._replace(wave=_resolving(g, i), home=(src, home) if home else ())
    g.stack[i:i] = [EffectEndFrame("effect_end", inst), EffectFrame("effect", src, eidx, stage, inst)]


def _resolving(g, i: int) -> int:
    """The ``inst`` of the effect resolving above stack index ``i`` (its action, cost or resolution frame, or
    its ``effect_end`` once its last action is done; the topmost, past effects still waiting to start), or -1
    when none is: the wave of an effect queued at ``i`` (``order_waiting``)."""
    stack = g.stack
    j = len(stack) - 1
    while j >= i:
        f = stack[j]
        if f[0] == "effect" and f.stage <= 0:
            j -= 2  # waiting, with its effect_end below
            continue
        if f[0] in ("act", "cost", "effect", "effect_end"):
            return f.inst
        j -= 1
    return -1


def order_waiting(g, frame, choice) -> bool:
    """Rule 8-6 (card Q&A OP04-058 q1, ST24-002 q1; as 6-6-1-1-3 says of the End Phase): a player whose
    several auto effects wait to be activated together, triggered by one event or during the resolution of
    one effect (one wave), chooses which to activate first (decision ``effect``: ``choose effect CARD``).
    ``frame`` is the topmost of them, not started; the others lie right below it. Effects of a later wave
    (8-6-1-1) and the other player's are not among them. Moves the chosen effect's frames to the top and
    marks it ordered; returns False while the decision is pending."""
    _, src, eidx, stage, inst = frame
    ctx = g.ctx.get(inst)
    if ctx is None or ctx.wave is None:
        return True
    wave, me, stack = ctx.wave, g.t.owner[src], g.stack
    group = [len(stack) - 1]  # indices of the waiting ("effect", ...) frames, each right above its effect_end
    j = len(stack) - 3
    while j >= 1 and stack[j][0] == "effect" and stack[j].stage <= 0 and stack[j - 1] == ("effect_end", stack[j].inst) \
            and g.t.owner[stack[j].src] == me and g.ctx.get(stack[j].inst, EMPTY_CTX).wave == wave:
        group.append(j)
        j -= 2
    cards = tuple(dict.fromkeys(stack[k].src for k in group if _may_activate(g, stack[k])))
    pick = group[0]
    if len(cards) > 1:
        if choice is None:
            choice = g.ask(me, "effect", [("effect", c) for c in cards])
            if choice is None:
                return False
        pick = next(k for k in group if stack[k].src == choice[1])
    chosen = stack[pick]
    set_ctx(g, chosen.inst, wave=None)
    if pick != group[0]:
        del stack[pick - 1:pick + 1]
        stack.extend((EffectEndFrame("effect_end", chosen.inst), chosen))
    return True


def _may_activate(g, frame) -> bool:
    """Whether a waiting auto effect would be activated now as far as its card, [Once Per Turn] and
    conditions tell (``effect_frame`` stage 0); its cost is not looked at: another effect resolved first
    may make it payable (card Q&A ST24-002 q1)."""
    _, src, eidx, stage, _inst = frame
    eff = effect_of(g, src, eidx)
    if stage == 0 and not g.on_field(src) and not _moves_by_its_own_timing(eff) and not _about_leaving(eff.event):
        return False
    if eff.once_per_turn and (src, eidx) in g.once:
        return False
    return stage != 0 or conditions_hold(g, src, eff)


def queue_index(g) -> int:
    """Where :func:`start_effect` inserts the next queued effect: below the effect frames on top of the stack,
    and below the End Phase's ``end_order`` frame they came from: effects A and B triggered together, A
    resolved first and triggered C: C resolves after B (rule 8-6-1-1)."""
    stack = g.stack
    i = len(stack)
    while i and stack[i - 1][0] in _EFFECT_FRAMES:
        i -= 1
    if i < len(stack) and i and stack[i - 1][0] == "end_order":
        i -= 1
    return i


def set_ctx(g, inst: int, **kw) -> None:
    it, looked, did, paid, revealed, wave, home = g.ctx[inst]
    g.ctx[inst] = EffectContext(tuple(kw.get("it", it)), tuple(kw.get("looked", looked)), kw.get("did", did),
                                kw.get("paid", paid), tuple(kw.get("revealed", revealed)), kw.get("wave", wave),
                                home)


def action_at(g, src: int, eidx: int, path: tuple):
    """The action at ``path`` of effect ``eidx`` of card ``src``."""
    return action_in(effect_of(g, src, eidx), path)


def action_in(eff, path: tuple):
    a = eff.actions[path[0]]
    i = 1
    while i < len(path):
        if path[i] == "b":
            a = a.body[path[i + 1]]
            i += 2
        else:  # "o", k, j
            a = a.options[path[i + 1]][path[i + 2]]
            i += 3
    return a


def push_actions(g, src: int, eidx: int, inst: int, prefix: tuple, actions) -> None:
    for j in range(len(actions) - 1, -1, -1):
        g.stack.append(ActFrame("act", src, eidx, prefix + (j,), inst, ()))


# --------------------------------------------------------------------------- costs
def can_pay(g, src: int, eff) -> bool:
    """Rule 8-3-1-3: every part of the activation cost can be paid now."""
    return costs_payable(g, src, eff.costs)


def costs_payable(g, src: int, costs: tuple, need_rest: int = 0) -> bool:
    """Whether every cost of ``costs`` can be paid now (8-3-1-3), ``need_rest`` active DON!! being taken by
    the costs before them. A choice of costs ("A or B:", ``one_of``) can be paid when one of its options can,
    together with the costs after it."""
    me = g.t.owner[src]
    p = g.players[me]
    for i, c in enumerate(costs):
        op = c.op
        if op == "one_of":
            return any(costs_payable(g, src, tuple(o) + tuple(costs[i + 1:]), need_rest) for o in c.options)
        if op == "rest_don":
            need_rest += c.amount or 0
            if p.don_active < need_rest:
                return False
        elif op == "return_don" and c.target is None and dict(c.params).get("state") == "active":
            # "return 2 of your active DON!! cards to your DON!! deck" (EB02-061): the cost area's active ones
            need_rest += c.amount or 0
            if p.don_active < need_rest:
                return False
        elif op == "don_minus" or op == "return_don" and c.target is None:
            given = sum(g.given[x] for x in (p.leader, *p.characters))
            # "your currently given DON!! cards" (ST28-004): only the DON!! given to the Leader and Characters
            field = given if dict(c.params).get("from") == "given" else p.don_active + p.don_rested + given
            if field < (c.amount or 0):
                return False
        elif op == "rest":
            if c.target.alternatives:  # "rest your <X> attribute Leader or 1 of your DON!! cards"
                if not _rest_options(g, src, c.target):
                    return False
                continue
            if "don" in c.target.zones:  # "rest 2 of your cards:" (the cost area's DON!! too, rule 3-1-2)
                if rest_count(g, src, c.target) < (c.target.count or 1):
                    return False
                continue
            cards = resolve_ref(g, src, c.target) if c.target.ref else candidates(g, src, c.target)
            if c.target.ref == "this":
                if g.rested[src] or not g.on_field(src) or unrestable(g, src, src) or not _this_fits(g, src, c.target):
                    return False
            elif len([x for x in cards if not g.rested[x] and not unrestable(g, x, src)]) < (c.target.count or 1):
                return False
        elif c.target is not None and c.op in g.fx.ops:
            # any other action used as a cost: it must be possible in full (8-3-1-3)
            if c.op == "add_to_hand" and "life" in c.target.zones and g.mods and cv.life_to_hand_forbidden(g, me):
                return False  # OP02-004 Q&A: "you cannot add Life cards to your hand using your own effects"
            if c.target.ref == "this":
                if not g.on_field(src) and c.op != "trash":
                    return False
                if c.target.filters and not matches(g, src, src, c.target.filters):
                    return False  # "trash this Character with a cost of 20 or more:" (OP16-084): at cost 5 it cannot
            elif len(candidates(g, src, _own(c.target, c.op))) < (c.target.count or 1):
                return False
            if dict(c.params).get("with_this") and not g.on_field(src):
                return False  # "place this card and 1 card from your hand ...:" (EB01-030) needs this card too
            if c.op == "give_don":  # "give 1 active DON!! card to ...": that many DON!! to give
                don = dict(c.params).get("don")
                active = dict(c.params).get("state") == "active" or (don is not None and any(
                    f.key == "state" and f.value == "active" for f in don.filters))
                # "give 1 of your opponent's rested DON!! cards to ...:" (OP15-017): the opponent's cost area
                dp = g.players[1 - me] if don is not None and don.owner == "opponent" else p
                if (dp.don_active if active else dp.don_rested) < (c.amount or 1):
                    return False
            elif c.op in ("turn_face_up", "turn_face_down"):
                # turning a card to the face it already shows pays nothing (1-3-2-1)
                want = 0 if c.op == "turn_face_up" else 1
                cards = candidates(g, src, _own(c.target))
                if len([x for x in cards if g.face_up[x] == want]) < (c.target.count or 1):
                    return False
        else:
            return False
    return True


def can_carry_out(g, src: int, actions) -> bool:
    """Rule 8-1-3-4-5: whether a replacement effect's actions ("rest this Character", "trash 1 card from
    your hand", "return 1 DON!! card ...") can be carried out in full now; if not, it cannot be applied.
    "Up to" actions can always be carried out."""
    me = g.t.owner[src]
    p = g.players[me]
    for a in actions:
        sel = a.target
        if a.op == "add_to_hand" and sel is not None and "life" in sel.zones and not sel.up_to and (
                g.mods and cv.life_to_hand_forbidden(g, me)):
            return False  # "you cannot add Life cards to your hand using your own effects" (OP02-004)
        if a.op == "return_don":
            field = p.don_active + p.don_rested + sum(g.given[x] for x in (p.leader, *p.characters))
            if field < (a.amount or 1):
                return False
            continue
        if sel is None or sel.up_to or sel.count is None:
            continue
        if sel.ref == "this":
            if not g.on_field(src) or a.op == "rest" and (g.rested[src] or unrestable(g, src, src)):
                return False
            if not _this_fits(g, src, sel):
                return False
            continue
        if sel.ref is not None:
            continue
        sel = _own(sel)
        if "don" in sel.zones:
            # "you may rest 2 of your cards instead": only active cards and DON!! can be rested (1-3-2-1)
            if (rest_count(g, src, sel) if a.op == "rest" else count_of(g, src, sel)) < sel.count:
                return False
            continue
        cards = candidates(g, src, sel)
        if a.op == "rest":
            cards = [x for x in cards if not g.rested[x] and not unrestable(g, x, src)]
        elif a.op in ("turn_face_up", "turn_face_down"):
            cards = [x for x in cards if g.face_up[x] == (0 if a.op == "turn_face_up" else 1)]
        if len(cards) < sel.count:
            return False
    return True


def _this_fits(g, src: int, sel) -> bool:
    """Whether this card meets the filters of the ``this`` selector ``sel`` ("trash this Character with a
    cost of 20 or more:", OP16-084): a cost naming this card with a filter it does not meet cannot be paid,
    so the effect cannot be activated (8-3-1-3); a replacement of that kind cannot be applied (8-1-3-4-5)."""
    return not sel.filters or matches(g, src, src, sel.filters)


def _rest_options(g, src: int, sel) -> list[tuple]:
    """The choices for resting one of the cards ``sel`` names as a cost or a replacement ("rest your <X>
    attribute Leader or 1 of your DON!! cards", "rest 2 of your cards"): each active card that may be rested
    (``("choose", id)``) and, where DON!! cards are named, an active DON!! card of the cost area
    (``("don", "active")``). A rested card is not among them: resting it is no action (1-3-2-1), so it
    pays nothing. ``sel`` is read for its alternatives, or as a whole when it has none."""
    opts = []
    for alt in sel.alternatives or (sel,):
        if "don" in alt.zones and g.players[g.t.owner[src]].don_active:
            opts.append(("don", "active"))
        alt = replace(alt, zones=tuple(z for z in alt.zones if z != "don"))
        if alt.zones:
            opts.extend(("choose", x) for x in candidates(g, src, alt)
                        if not g.rested[x] and not unrestable(g, x, src))
    return opts


def rest_count(g, src: int, sel) -> int:
    """How many of the cards ``sel`` names can be rested now as a cost or a replacement: the options of
    ``_rest_options``, each active DON!! card counting once."""
    opts = _rest_options(g, src, sel)
    n = sum(1 for o in opts if o[0] == "choose")
    return n + g.players[g.t.owner[src]].don_active if ("don", "active") in opts else n


def unrestable(g, cid: int, src: int) -> bool:
    """A card that "cannot be rested" cannot be rested to pay a cost either (1-3-3; rules Q&A)."""
    return bool(g.mods or g.t.static_ops.get("cannot")) and cv.prohibited(g, cid, "be_rested", by="effect", source=src)


def _own(sel, op: str | None = None):
    """Costs are paid with the player's own cards: an unspecified owner means "yours" -- except a card
    placed "at the bottom of the owner's deck" (``op`` ``to_deck``), which may be either player's (card
    Q&A OP04-055 q2: Plague Rounds places an opponent's Character, or one of your own)."""
    if op == "to_deck" and sel.owner == "any":
        return replace(sel, up_to=False)
    return replace(sel, owner="self", up_to=False) if sel.owner == "any" or sel.up_to else sel


def conditions_hold(g, src: int, eff) -> bool:
    return all(condition_holds(g, src, c) for c in eff.conditions)


def start_now(g, src: int, eidx: int, it: tuple = ()) -> None:
    """Resolve effect ``eidx`` of ``src`` before anything else (a replacement effect, 8-1-3-4-4); ``it``:
    what "that Character" names at first (the cards whose event it replaces)."""
    inst = g.next_inst
    g.next_inst += 1
    g.ctx[inst] = EMPTY_CTX._replace(it=tuple(it))
    g.stack.append(EffectEndFrame("effect_end", inst))
    g.stack.append(EffectFrame("effect", src, eidx, 1, inst))




def effect_frame(g, frame, choice) -> None:
    """Rule 8-4-1: check conditions, ask "you may", pay costs, then resolve the actions in order."""
    _, src, eidx, stage, inst = frame
    eff = effect_of(g, src, eidx)
    me = g.t.owner[src]
    if stage <= 0:  # -1: conditions already checked when it activated (start_effect)
        if g.ctx.get(inst, EMPTY_CTX).wave is not None:
            if not order_waiting(g, frame, choice):
                return
            if g.stack[-1] != frame:
                return  # another waiting effect goes first
            choice = None
        if stage == 0 and not g.on_field(src) and not _moves_by_its_own_timing(eff) and not _about_leaving(eff.event):
            # 8-1-3-1-3, 3-1-6: its card left its area before the effect was activated; in its new area it is a
            # new card (card Q&A ST22-002: Izo K.O.'d by a [When Attacking] while its own attack-time effect
            # waits; OP04-024 q4: Sugar K.O.'d by the [On Play] of the Marco whose play triggered it; ST24-002
            # q2: Kid & Killer K.O.'d by the attacker's [When Attacking])
            g.stack.pop()
            return
        if (stage == 0 and not conditions_hold(g, src, eff)) or (eff.once_per_turn and (src, eidx) in g.once):
            g.stack.pop()
            return
        if eff.costs and not can_pay(g, src, eff):
            g.stack.pop()
            return
        if eff.optional or eff.costs:
            if choice is None:
                choice = g.ask(me, "yes-no", [("yes",), ("no",)])
                if choice is None:
                    return
            if choice[0] == "no":
                g.stack.pop()
                return
        g.stack[-1] = EffectFrame("effect", src, eidx, 1, inst)
        return
    if stage == 1:
        if eff.once_per_turn:
            g.once.add((src, eidx))  # 10-2-13-5: used even if the payment fails
        g.stack[-1] = EffectFrame("effect", src, eidx, 2, inst)
        if eff.costs and not can_pay(g, src, eff):
            # 8-3-1-3: a cost that cannot be paid in full is not paid at all (an Event activated without
            # the means to pay its effect's cost: card Q&A OP01-055)
            set_ctx(g, inst, paid=False)
            return
        for ci in range(len(eff.costs) - 1, -1, -1):
            g.stack.append(CostFrame("cost", src, eidx, ci, inst, ()))
        return
    g.stack.pop()
    if not g.ctx[inst].paid:
        return  # 8-3-1-3-1: a cost that could not be paid in full: the effect does not resolve
    g.emit(None, f"p{me + 1} resolves {g.t.numbers[src]}: {eff.text}")
    push_actions(g, src, eidx, inst, (), eff.actions)


handler("effect", effect_frame)


def _moves_by_its_own_timing(eff) -> bool:
    """Whether the auto effect ``eff`` triggers on its own card leaving its area ([On K.O.], "When this
    Character is K.O.'d / removed from the field ..."), so that it resolves from where the card went
    (10-2-17, the exception to 8-1-3-1-3)."""
    if eff.timing == "on_ko":
        return True
    ev = eff.event
    if ev is None:
        return False
    events = dict(ev.params)["events"] if ev.kind == "any_of" else (ev,)
    return any(e.subject is not None and e.subject.ref == "this" for e in events)


# "When ..." events that can happen to the card itself as it leaves the field ("When this Character is
# K.O.'d"): such an effect activates from the card's new area (hooks.fire_event)
_LEAVING = frozenset({"ko", "removed", "returned_to_hand"})


def _about_leaving(ev) -> bool:
    """Whether event ``ev`` of a "When ..." effect (an IR ``Event``, or ``None`` for a keyword timing) may be
    the card's own leaving of the field, so that the effect activates although the card is no longer there."""
    if ev is None:
        return False
    if ev.kind == "any_of":
        return any(sub.kind in _LEAVING for sub in dict(ev.params)["events"])
    return ev.kind in _LEAVING


def effect_end(g, frame, choice) -> None:
    g.stack.pop()
    g.ctx.pop(frame.inst, None)


handler("effect_end", effect_end)


def cost_frame(g, frame, choice) -> None:
    """Rule 8-3-1-1: pay the cost parts in printed order (8-3-1-5 rest DON!!, 8-3-1-6 DON!! −X)."""
    _, src, eidx, ci, inst, state = frame
    costs = effect_of(g, src, eidx).costs
    # ``ci``: the index of the cost, or ``(i, k, j)`` for cost j of option k of the choice ``one_of`` at i
    c = costs[ci] if isinstance(ci, int) else costs[ci[0]].options[ci[1]][ci[2]]
    me = g.t.owner[src]
    p = g.players[me]
    if c.op == "one_of":
        # "A or B:" (8-3-1): the player chooses one option that can be paid with the costs after it
        # (``choose option N``, counted from 1 in the text's order); then pays it
        if choice is None:
            rest = costs[ci + 1:]
            opts = [("option", k + 1) for k, o in enumerate(c.options) if costs_payable(g, src, tuple(o) + rest)]
            if not opts:
                set_ctx(g, inst, paid=False)
                g.stack.pop()
                return
            choice = g.ask(me, "option", opts)  # a single option is taken at once
            if choice is None:
                return
        g.stack.pop()
        k = choice[1] - 1
        for j in range(len(c.options[k]) - 1, -1, -1):
            g.stack.append(CostFrame("cost", src, eidx, (ci, k, j), inst, ()))
        return
    if c.op == "rest_don":
        if p.don_active < (c.amount or 0):
            set_ctx(g, inst, paid=False)
        else:
            p.don_active -= c.amount
            p.don_rested += c.amount
        g.stack.pop()
    elif c.op == "don_minus" or c.op == "return_don":
        # "You may return 1 or more DON!! cards from your field to your DON!! deck:" (``return_don`` with
        # ``or_more``) is DON!! -X for an X of the player's choice, at least the number printed: after that
        # many, each further DON!! is offered with ``choose none`` to stop
        more = c.op == "return_don" and bool(dict(c.params).get("or_more"))
        left = (c.amount or 0) - len(state)
        if choice is not None:
            if choice[0] == "choose_none":
                g.stack.pop()
                report_don_returned(g, me, len(state), src, c.params)
                return
            state = state + (take_don(g, me, choice, src, c.params),)
            left -= 1
        while left > 0 or more:
            opts = don_options(g, me, c.params)
            if not opts:
                if left > 0:
                    set_ctx(g, inst, paid=False)
                break
            if left <= 0:
                opts.append(("choose_none",))
            pick = g.ask(me, "choose", opts)
            if pick is None:
                g.stack[-1] = CostFrame("cost", src, eidx, ci, inst, state)
                return
            if pick[0] == "choose_none":
                break
            state = state + (take_don(g, me, pick, src, c.params),)
            left -= 1
        g.stack.pop()
        report_don_returned(g, me, len(state), src, c.params)
    elif c.op == "rest":
        if c.target.ref == "this":
            if g.rested[src]:
                set_ctx(g, inst, paid=False)
            else:
                g.rested[src] = 1
                if g.t.whens:
                    g.fx.fire_event(g, "rested", src, by="effect", source=src)  # a cost is part of the effect (8-1-1)
            g.stack.pop()
        elif c.target.alternatives:
            # one card or one DON!! out of the alternatives (ops.py, rest's cost form: each alternative is 1 card)
            if choice is None:
                opts = _rest_options(g, src, c.target)
                if not opts:
                    set_ctx(g, inst, paid=False)
                    g.stack.pop()
                    return
                choice = g.ask(me, "choose", opts)
                if choice is None:
                    return
            g.stack.pop()
            if choice[0] == "don":
                p.don_active -= 1
                p.don_rested += 1
            else:
                g.rested[choice[1]] = 1
                if g.t.whens:
                    g.fx.fire_event(g, "rested", choice[1], by="effect", source=src)
        elif "don" in c.target.zones:  # "rest 2 of your cards:", DON!! cards included (rule 3-1-2)
            g.fx.rest_cards_or_don(g, frame, _cost_action(c), choice, price=True)  # in actions.py
        else:
            chosen = choose_cards(g, frame, c.target, me, choice, inst, exact=True,
                             extra_filter=lambda x: not g.rested[x] and not unrestable(g, x, src))
            if chosen is None:
                return
            for x in chosen:
                g.rested[x] = 1
                if g.t.whens:
                    g.fx.fire_event(g, "rested", x, by="effect", source=src)
            g.stack.pop()
    elif c.op in g.fx.ops and c.target is not None:
        # any other action as a cost, with an exact count (8-3-1-3)
        if choice is None and c.target.ref is None and len(candidates(g, src, _own(c.target, c.op))) < (c.target.count or 1):
            set_ctx(g, inst, paid=False)
            g.stack.pop()
            return
        g.fx.ops[c.op](g, frame, _cost_action(c), choice)
    else:  # pragma: no cover - compile-time support check keeps these out
        raise ValueError(f"unsupported cost {c.op}")


handler("cost", cost_frame)


_COST_ACTIONS: dict = {}


def _cost_action(c):
    a = _COST_ACTIONS.get(c)
    if a is None:
        a = _COST_ACTIONS[c] = Action(op=c.op, target=_own(c.target, c.op) if c.target.ref is None else c.target,
                                      amount=c.amount, params=c.params)
    return a


def don_options(g, me: int, params: tuple = ()) -> list[tuple]:
    """DON!! −X (8-3-1-6): which DON!! to return: rested or active in the cost area, or given to a card.
    ``params`` of a ``return_don``: ``state=active`` only the cost area's active ones ("return 2 of your
    active DON!! cards", EB02-061); ``from=given`` only given ones ("your currently given DON!! cards",
    ST28-004: from any of the Leader and Characters, card Q&A qa_st-23-28.md ST28-004 q1)."""
    p = g.players[me]
    params = dict(params)
    if params.get("state") == "active":
        return [("don", "active")] if p.don_active else []
    opts = []
    if params.get("from") != "given":
        if p.don_rested:
            opts.append(("don", "rested"))
        if p.don_active:
            opts.append(("don", "active"))
    for c in (p.leader, *p.characters):
        if g.given[c]:
            opts.append(("don", c))
    return opts


def report_don_returned(g, me: int, n: int, src: int, params: tuple = ()) -> None:
    """After a cost or an action of the effect of ``src`` returned ``n`` DON!! of player ``me`` to the DON!!
    deck: "When 2 or more DON!! cards on your field are returned to your DON!! deck" (hooks.fire_event
    ``count``; each card was reported on its own by take_don). Nothing for a return to the cost area
    (``to=cost_area``), which is no return to the DON!! deck."""
    if n > 1 and g.t.whens and dict(params).get("to") != "cost_area":
        g.fx.fire_event(g, "don_returned", player=me, count=n, by="effect", source=src)


def take_don(g, me: int, opt: tuple, src: int, params: tuple = ()) -> int:
    """Return the DON!! of option ``opt`` (``don_options``) of player ``me`` to their DON!! deck, for a cost
    or an action of the effect of ``src``: a return "by your effect" even as a cost (card Q&A OP04-064 q1:
    the DON!! −2 of Ms. All Sunday's [Trigger] activates OP04-058 Crocodile). With ``to=cost_area`` in
    ``params`` (ST28-004) the given DON!! goes to the cost area rested instead: not a return to the DON!!
    deck, so nothing is reported."""
    p = g.players[me]
    where = opt[1]
    if where == "rested":
        p.don_rested -= 1
        cv.unfreeze_don(g, me)  # the owner returns a kept one first (continuous.unfreeze_don)
    elif where == "active":
        p.don_active -= 1
    else:
        g.given[where] -= 1
    if dict(params).get("to") == "cost_area":
        p.don_rested += 1
        return -1
    p.don_deck += 1
    if g.t.whens:
        g.fx.fire_event(g, "don_returned", player=me, by="effect", source=src)
    return -1


# --------------------------------------------------------------------------- choosing cards
def choose_cards(g, frame, sel, chooser: int, choice, inst: int, exact: bool = False,
            extra_filter=None):
    """Choose cards for ``sel`` one at a time (8-4-4-1: as many as possible up to the number; "up to"
    allows stopping, 4-8-1). Returns the chosen ids, or ``None`` while a decision is pending (the frame is
    updated with the cards chosen so far). ``frame``: the ``ActFrame`` or ``CostFrame`` choosing."""
    ctx = g.ctx.get(inst, EMPTY_CTX)
    src = frame.src
    if sel.ref is not None and not sel.alternatives:
        return resolve_ref(g, src, sel, ctx)
    if sel.position == "top_or_bottom":
        # "from the top or bottom": alternatives the text names are always asked (SCENARIOS.md)
        if not candidates(g, src, replace(sel, position="top"), ctx):
            return []
        if choice is None:
            choice = g.ask(chooser, "option", [("option", 1), ("option", 2)])
            if choice is None:
                return None
        side = replace(sel, position="top" if choice[1] == 1 else "bottom", up_to=False)
        return candidates(g, src, side, ctx)[: sel.count or 1]
    cands = candidates(g, src, sel, ctx)
    if extra_filter is not None:
        cands = [c for c in cands if extra_filter(c)]
    need = sel.count
    if need is None:
        if not sel.up_to:
            return cands
        need = len(cands)  # "any number of": one at a time until the player stops (4-8-1)
    marks = tuple(frame.state)  # blind picks by place (_mark)
    chosen = _marked(g, marks)
    if "deck" in sel.zones and sel.position is None:
        # 8-4-4-4: choosing from the deck is done face-up: the chooser sees the deck's cards
        for who in {g.t.owner[c] for c in cands}:
            g.known[chooser].update(g.players[who].deck)
    if choice is not None:
        if choice[0] == "choose_none":
            return list(chosen)
        marks, chosen = marks + (_mark(choice),), chosen + (picked(g, choice),)
    budget = _total_budget(sel) if sel.filters else None
    distinct = bool(sel.filters) and any(f.key == "distinct_names" for f in sel.filters)
    while True:
        left = [c for c in cands if c not in chosen]
        if distinct and chosen:  # "up to 3 ... with different card names" (2-1-2; OP16-060)
            left = _distinct_name_choices(g, chosen, left)
        if budget is not None:  # "up to 2 ... with a total power of 4000 or less"
            left, may_stop = _within_budget(g, budget, chosen, left, need)
            if not may_stop and left:
                opts = [card_option(g, chooser, c) for c in _dedupe(g, left, chooser)]
                pick = g.ask(chooser, "choose", opts)
                if pick is None:
                    g.stack[-1] = frame.with_state(marks)
                    return None
                marks, chosen = marks + (_mark(pick),), chosen + (picked(g, pick),)
                continue
        if len(chosen) >= need or not left:
            return list(chosen)
        if not sel.up_to and len(left) <= need - len(chosen):
            taken = left[: need - len(chosen)]
            if g.trace is not None:  # taken by itself, like a one-option ask (SCENARIOS.md "actions")
                for c in taken:
                    g.trace.append((chooser, "choose", card_option(g, chooser, c)))
            return list(chosen) + taken
        opts = [card_option(g, chooser, c) for c in _dedupe(g, left, chooser)]
        if sel.up_to:
            opts.append(("choose_none",))
        pick = g.ask(chooser, "choose", opts)
        if pick is None:
            g.stack[-1] = frame.with_state(marks)
            return None
        if pick[0] == "choose_none":
            return list(chosen)
        marks, chosen = marks + (_mark(pick),), chosen + (picked(g, pick),)


def _distinct_name_choices(g, chosen, left):
    """The cards of ``left`` that can join ``chosen`` so that all have pairwise different card names
    ("play up to 3 {Admiral} type Character cards with different card names", 2-1-2; a card with a second
    name, 2-1-3, is either name: a matching of cards to names)."""
    defs = g.t.defs
    names = [card_names(defs[c]) for c in chosen]
    return [c for c in left if distinct_names(names + [card_names(defs[c])]) == len(names) + 1]


def _total_budget(sel):
    """ "with a total power of 4000 or less" / "a total cost of N or less" (filter ``total_power`` /
    ``total_cost``, op ``<=``): ``(key, limit)``, or None."""
    for f in sel.filters:
        if f.key in ("total_power", "total_cost") and f.op == "<=":
            return f.key, f.value
    return None


def _within_budget(g, budget, chosen, left, need):
    """The cards that may be chosen next so that the chosen cards can still total at most the limit
    (OP05-007 Q&A: a Character with -2000 power and one with 6000 power total 4000), and whether the
    player may stop now (the cards chosen so far are within the limit)."""
    key, limit = budget
    val = cv.power if key == "total_power" else cv.cost
    total = sum(val(g, c) for c in chosen)
    vals = {c: val(g, c) for c in left}
    slots = need - len(chosen) - 1  # picks left after this one
    ok = []
    for c in left:
        others = sorted(v for x, v in vals.items() if x != c and v < 0)[:max(slots, 0)]
        if total + vals[c] + sum(others) <= limit:
            ok.append(c)
    return ok, total <= limit


_PILES = ("hand", "deck", "life")


def card_option(g, chooser: int, c: int) -> tuple:
    """The option naming card ``c`` for ``chooser``: by identity when the chooser can see it, else by
    position (``("choose_at", owner, zone, index)``), so that no option depends on a hidden card."""
    owner = g.t.owner[c]
    p = g.players[owner]
    if owner != chooser and c in p.hand:
        # even a card the chooser knows: the hand's order is secret (card Q&A OP01-105 q2), so an option
        # naming it would tell where it is (issue 18)
        return ("choose_at", owner, "hand", p.hand.index(c))
    if c in g.known[chooser] or g.face_up[c]:
        return ("choose", c)
    if c in p.deck:
        return ("choose_at", owner, "deck", p.deck.index(c))
    if c in p.life:
        return ("choose_at", owner, "life", p.life.index(c))
    return ("choose", c)


def picked(g, option: tuple) -> int:
    if option[0] == "choose_at":
        return getattr(g.players[option[1]], option[2])[option[3]]
    return option[1]


def _mark(option: tuple):
    """What a frame keeps of a pick: the card id, or for a blind pick its place (``("choose_at", owner,
    zone, index)``), so that a determinized sample holds no hidden card the chooser did not see (issue 18;
    the cards do not move while the choice goes on)."""
    return option if option[0] == "choose_at" else option[1]


def _marked(g, chosen) -> tuple:
    """The card ids of the picks kept by :func:`_mark`."""
    return tuple(picked(g, m) if type(m) is tuple else m for m in chosen)


def _dedupe(g, cards: list[int], chooser: int = -1) -> list[int]:
    """Copies of one card in hand are one option; field cards stay distinct (their states may differ), and
    so do cards of a hand the chooser cannot see (named by position: merging them would tell they are
    copies; card Q&A OP01-063, OP01-105: the opponent's hand stays face-down). A card that is still "this card"
    of a waiting effect (``EffectContext.home``: a K.O.'d card whose [On K.O.] has not resolved) is not
    interchangeable with its copies: moving it rather than a copy makes that effect name nothing (rule 3-1-6)."""
    out, seen = [], set()
    homes = {v.home[0] for v in g.ctx.values() if v.home and v.home[1]} if g.ctx else ()
    for c in cards:
        owner = g.t.owner[c]
        p = g.players[owner]
        if owner != chooser and chooser >= 0 and c in p.hand:
            out.append(c)
            continue
        if c in p.hand or c in p.trash:
            key = (g.t.owner[c], g.t.numbers[c], c in p.hand, c if c in homes else -1)
            if key in seen:
                continue
            seen.add(key)
        out.append(c)
    return out


# --------------------------------------------------------------------------- moving cards
def cards_or_don(g, frame, choice, me: int, sel, cards: list[int], don_free: int, don_opt: tuple):
    """One choice at a time by ``me`` among ``cards`` and up to ``don_free`` DON!! cards (option ``don_opt``),
    up to ``sel.count`` in all ("up to": ``choose none`` stops). The choices so far are kept in the frame's
    state (``frame.state``, ``("total", cards, number of DON!!)``). Returns ``(cards, number of DON!!)``, or None
    while a decision is pending."""
    state = frame.state
    chosen, dons = (state[1], state[2]) if state and state[0] == "total" else ((), 0)
    while True:
        if choice is None:
            left = [c for c in cards if c not in chosen]
            if len(chosen) + dons >= (sel.count or 1) or not left and dons >= don_free:
                break
            opts = [card_option(g, me, c) for c in left]
            if dons < don_free:
                opts.append(don_opt)
            if sel.up_to:
                opts.append(("choose_none",))
            choice = g.ask(me, "choose", opts)  # a single option is taken at once (and traced)
            if choice is None:
                g.stack[-1] = frame.with_state(("total", chosen, dons))
                return None
        if choice[0] == "choose_none":
            break
        if choice[0] == "don":
            dons += 1
        else:
            chosen = chosen + (picked(g, choice),)
        choice = None
    return chosen, dons


def remove_from_zone(g, cid: int) -> str:
    """Take ``cid`` out of whatever zone holds it; returns the zone name."""
    p = g.players[g.t.owner[cid]]
    if cid == p.stage or cid in p.characters:
        leave_field(g, cid)
        return "field"
    for name in ("hand", "trash", "deck", "life"):
        zone = getattr(p, name)
        if cid in zone:
            zone.remove(cid)
            if g.ctx:
                left_zone(g, cid, name)
            if name == "life":
                g.face_up[cid] = 0
                if g.t.whens:  # "when a card is removed from ... Life cards"
                    g.fx.fire_event(g, "life_removed", cid)
            return name
    if cid in g.limbo:
        g.limbo.remove(cid)
        return "limbo"
    return ""


def left_zone(g, cid: int, zone: str) -> None:
    """Rule 3-1-6 (card Q&A OP02-018 q1, OP02-064 q1: "When this card is moved to a different area, it is
    treated as a different card"; OP15-080 q1): ``cid`` left ``zone``. An effect activated while its card was
    there (``EffectContext.home``) no longer names it as "this card", even if it comes back (Marco, K.O.'d,
    taken to the hand by another [On K.O.] and trashed from it as its own [On K.O.]'s cost, is not played)."""
    ctx = g.ctx
    for inst, v in ctx.items():
        home = v.home
        if home and home[0] == cid and home[1] == zone:
            ctx[inst] = v._replace(home=(cid, ""))


def removable(g, cid: int, src: int) -> bool:
    """False when a permanent effect says ``cid`` cannot be removed from the field by the effect of
    ``src`` (e.g. "cannot be removed from the field by your opponent's effects")."""
    if not g.on_field(cid) or not g.t.static_ops.get("cannot"):
        return True
    return not cv.prohibited(g, cid, "be_removed", by="effect", source=src)


def move_to_trash(g, cid: int) -> None:
    p = g.players[g.t.owner[cid]]
    if cid == p.stage or cid in p.characters:
        trash_from_field(g, cid)
    else:
        leave_secret_publicly(g, cid)  # the trash is public (3-5-2)
        remove_from_zone(g, cid)
        p.trash.append(cid)


def duration_of(g, controller: int, duration: str | None) -> tuple[int, int]:
    """IR duration -> (expires kind, turn) of continuous.py."""
    t = g.turn
    mine = g.active == controller
    if duration == "this_battle":
        return cv.BATTLE, t
    # "next turn": the player's next turn in the actual order of turns, an extra turn included
    # (rules/turns.next_turn_of: turn + 1 / turn + 2 in a game without extra turns)
    if duration in ("until_end_of_opponent_next_turn", "until_end_of_opponent_next_end_phase"):
        # applied during the opponent's turn, "your opponent's next turn" is that same turn (card Q&A
        # OP01-085, ST-21 OP09-013)
        return cv.END, next_turn_of(g, 1 - controller) if mine else t
    if duration == "until_start_of_your_next_turn":
        return cv.START, next_turn_of(g, controller)
    if duration == "until_end_of_your_next_turn":
        # applied during the opponent's turn, it lasts until your next turn has ended (card Q&A ST10-016)
        return cv.END, next_turn_of(g, controller)
    return cv.END, t  # "during this turn" and unspecified one-shot durations


# --------------------------------------------------------------------------- actions
OPS, op = handler_registry()
"""The interpreter's own actions by IR op name (``delayed``, ...); ``actions.OPS`` holds the others. The
``act`` frame runs ``g.fx.ops[op]``, both tables together (effects/card_effects.py)."""


def act_frame(g, frame, choice) -> None:
    _, src, eidx, path, inst, state = frame
    a = action_in(effect_of(g, src, eidx), path)
    g.fx.ops[a.op](g, frame, a, choice)


handler("act", act_frame)


def _targets_this(g, frame) -> bool:
    """True if the action of ``frame`` is about the effect's own card ("this Character gains ..."): such
    an action does not change what "it" / "that card" names afterwards (OP04-011: "If the revealed card
    is ..., this Character gains +3000 power. Then, place the revealed card at the bottom of your deck")."""
    if frame[0] != "act":
        return False
    sel = action_in(effect_of(g, frame.src, frame.eidx), frame.path).target
    return sel is not None and sel.ref == "this"


def chooser_of(g, src: int, a) -> int:
    me = g.t.owner[src]
    return me if a.player == "self" else 1 - me


def choose_targets(g, frame, a, choice):
    return choose_cards(g, frame, a.target, chooser_of(g, frame.src, a), choice, frame.inst)


def finish(g, frame, it=None, did=None) -> None:
    g.stack.pop()
    kw = {}
    if it is not None and not _targets_this(g, frame):
        kw["it"] = it
    if did is not None:
        kw["did"] = did
    if kw and frame.inst in g.ctx:
        set_ctx(g, frame.inst, **kw)




def op_delayed(g, frame, a, choice) -> None:
    """ "... at the end of this turn": kept as a ``DELAYED`` modifier resolved in the End Phase (6-6-1-2).
    When the delayed text is about "it" (the Character played by this effect), the modifier is on that card
    and goes away if the card leaves the field (3-1-6): then nothing happens."""
    g.stack.pop()
    _, src, eidx, path, inst, _state = frame
    me = g.t.owner[src]
    if any(b.target is not None and b.target.ref == "it" for b in a.body):
        targets = [c for c in g.ctx.get(inst, EMPTY_CTX).it if g.on_field(c)]
    elif any(b.target is not None and b.target.ref == "this" for b in a.body):
        # "Set this Character as active at the end of this turn" (OP11-107): on this card, gone if it
        # leaves the field (3-1-6: a card that comes back is a new card)
        targets = [src] if g.on_field(src) else []
    else:
        targets = [-1 - me]
    # "Then, at the end of this battle, place this Character at the bottom of the owner's deck" (OP02-064):
    # resolved at the End of Battle (7-1-5-1, run_delayed_battle), gone if the card left the field before
    kind = cv.BATTLE if a.param("at") == "end_of_battle" else cv.END
    turn = g.turn
    if a.param("at") == "start_of_opponent_main":
        # "... at the start of their next Main Phase" (PRB02-005): due in the opponent's next turn (run_delayed_main)
        turn = next_turn_of(g, 1 - me)
    for t in targets:
        cv.add_modifier(g, t, cv.DELAYED, (src, eidx, path), kind, turn, me)


op("delayed", op_delayed)


def op_change_attack_target(g, frame, a, choice) -> None:
    """ "Change the attack target to the selected card" (as [Blocker] does, 7-1-2-1 / 10-1-4-1): the
    battle goes on with that card of the attacked player as its target. Nothing happens outside a
    battle, or if the card is not on the field, not the attacked player's, or already the target.
    "Change the target of the attack to your [X] with 5000 base power or more" / "to this Leader or to one of
    your {X} type Character cards" (ST36-005, OP16-080): the card is chosen then (a selector, not "it")."""
    if g.battle is not None and (a.target.ref is None or a.target.alternatives):
        chosen = choose_targets(g, frame, a, choice)
        if chosen is None:
            return
    else:
        chosen = resolve_ref(g, frame.src, a.target, g.ctx.get(frame.inst, EMPTY_CTX)) if g.battle is not None else []
    g.stack.pop()
    b = g.battle
    did = False
    if b is not None:
        attacker, target, orig, left, blocked = b
        for c in chosen[:1]:
            if c != target and g.on_field(c) and g.t.owner[c] == g.t.owner[target]:
                g.battle = (attacker, c, orig, left, blocked)
                g.emit(None, f"the attack target changes to {g.t.numbers[c]}")
                did = True
    if frame.inst in g.ctx:
        set_ctx(g, frame.inst, did=did)


op("change_attack_target", op_change_attack_target)


def run_delayed(g) -> bool:
    """End Phase (6-6-1-2): queue the delayed effects due now, the turn player's first (8-6-1); False if none."""
    due = [m for m in g.mods if m.stat == cv.DELAYED and m.expire_turn <= g.turn and not _at_main(g, m)]
    if not due:
        return False
    g.mods = [m for m in g.mods if not any(m is d for d in due)]
    _queue_delayed(g, due)
    return True


def _at_main(g, m) -> bool:
    """Whether the delayed modifier ``m`` waits for the start of a Main Phase (op_delayed, PRB02-005)."""
    src, eidx, path = m.amount
    return action_in(effect_of(g, src, eidx), tuple(path)).param("at") == "start_of_opponent_main"


def run_delayed_main(g) -> None:
    """Start of the Main Phase (6-5-1): queue the delayed "... at the start of their next Main Phase" effects
    due in this turn (PRB02-005), after the "at the start of the Main Phase" effects already queued (they are
    the turn player's; 8-6-1)."""
    due = [m for m in g.mods if m.stat == cv.DELAYED and m.expire_turn <= g.turn and _at_main(g, m)]
    if not due:
        return
    g.mods = [m for m in g.mods if not any(m is d for d in due)]
    i = queue_index(g)
    top = len(g.stack)
    _queue_delayed(g, due)
    new = g.stack[top:]
    del g.stack[top:]
    g.stack[i:i] = new


def run_delayed_battle(g) -> None:
    """End of Battle (7-1-5-1): queue the "at the end of this battle" delayed effects (op_delayed)."""
    due = [m for m in g.mods if m.stat == cv.DELAYED and m.expires == cv.BATTLE]
    if due:
        g.mods = [m for m in g.mods if not (m.stat == cv.DELAYED and m.expires == cv.BATTLE)]
        _queue_delayed(g, due)


def _queue_delayed(g, due) -> None:
    due.sort(key=lambda m: m.controller != g.active)
    for m in reversed(due):
        src, eidx, path = m.amount
        path = tuple(path)
        inst = g.next_inst
        g.next_inst += 1
        g.ctx[inst] = EffectContext((m.target,), (), False, True, (), None) if m.target >= 0 else EMPTY_CTX
        g.stack.append(EffectEndFrame("effect_end", inst))
        push_actions(g, src, eidx, inst, path + ("b",), action_in(effect_of(g, src, eidx), path).body)

