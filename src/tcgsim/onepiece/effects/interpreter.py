"""The effect interpreter: resolves compiled effects (ir.py) step by step on the game's frame stack.

An effect being resolved is a set of frames, never Python state, so a game paused at a choice inside an
effect clones and serializes like any other:

- ``("effect", src, eidx, stage, inst)``: effect ``eidx`` of card ``src``: conditions (8-3-2), the
  optional "you may" (8-1-2, 8-3-1-4), costs (8-3-1), then its actions (8-4-1);
- ``("cost", src, eidx, ci, inst, state)``: paying cost ``ci``;
- ``("act", src, eidx, path, inst, state)``: one action; ``path`` addresses it in the action tree
  (``(i,)``, then ``"b", j`` into a body and ``"o", k, j`` into option ``k``); ``state`` holds the
  cards chosen so far, one at a time;
- ``("effect_end", inst)``: drops the effect's scratch data.

``Game.ctx[inst]`` is that scratch data: ``(it, looked, did, paid)`` -- the cards chosen or moved by the
last action ("it"), the cards looked at, whether the last action did something (for "if you do"),
and whether every cost was paid.
"""

from __future__ import annotations

from ..cards.model import CHARACTER, KEYWORD_BITS, STAGE
from ..rules import continuous as cv
from ..rules.frames import handler
from ..rules.zones import draw, ko, leave_field, place_stage, trash_from_field
from . import hooks
from .select import candidates, condition_holds, resolve_ref

IT, LOOKED, DID, PAID = 0, 1, 2, 3
EMPTY_CTX = ((), (), False, True)


def effect_of(g, src: int, eidx: int):
    return g.t.defs[src].effects[eidx]


def start_effect(g, src: int, eidx: int, stage: int = 0) -> None:
    """Push the resolution of effect ``eidx`` of ``src`` (stage 0 checks conditions and asks "you
    may"; stage 1 starts at the costs, for effects whose activation was the player's decision)."""
    inst = g.next_inst
    g.next_inst += 1
    g.ctx[inst] = EMPTY_CTX
    g.stack.append(("effect_end", inst))
    g.stack.append(("effect", src, eidx, stage, inst))


def _set_ctx(g, inst: int, **kw) -> None:
    it, looked, did, paid = g.ctx[inst]
    g.ctx[inst] = (
        tuple(kw.get("it", it)), tuple(kw.get("looked", looked)), kw.get("did", did), kw.get("paid", paid))


def _action_at(eff, path: tuple):
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


def _push_actions(g, src: int, eidx: int, inst: int, prefix: tuple, actions) -> None:
    for j in range(len(actions) - 1, -1, -1):
        g.stack.append(("act", src, eidx, prefix + (j,), inst, ()))


# --------------------------------------------------------------------------- costs
def can_pay(g, src: int, eff) -> bool:
    """Rule 8-3-1-3: every part of the activation cost can be paid now."""
    me = g.t.owner[src]
    p = g.players[me]
    need_rest = 0
    for c in eff.costs:
        op = c.op
        if op == "rest_don":
            need_rest += c.amount or 0
            if p.don_active < need_rest:
                return False
        elif op == "don_minus":
            field = p.don_active + p.don_rested + sum(g.given[x] for x in (p.leader, *p.characters))
            if field < (c.amount or 0):
                return False
        elif op == "rest":
            cards = resolve_ref(g, src, c.target) if c.target.ref else candidates(g, src, c.target)
            if c.target.ref == "this":
                if g.rested[src] or not g.on_field(src):
                    return False
            elif len([x for x in cards if not g.rested[x]]) < (c.target.count or 1):
                return False
        elif op == "trash":
            if len(candidates(g, src, c.target)) < (c.target.count or 1):
                return False
        else:
            return False
    return True


def conditions_hold(g, src: int, eff) -> bool:
    return all(condition_holds(g, src, c) for c in eff.conditions)


@handler("effect")
def effect_frame(g, frame, choice) -> None:
    """Rule 8-4-1: check conditions, ask "you may", pay costs, then resolve the actions in order."""
    _, src, eidx, stage, inst = frame
    eff = effect_of(g, src, eidx)
    me = g.t.owner[src]
    if stage == 0:
        if not conditions_hold(g, src, eff) or (eff.once_per_turn and (src, eidx) in g.once):
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
        g.stack[-1] = ("effect", src, eidx, 1, inst)
        return
    if stage == 1:
        if eff.once_per_turn:
            g.once.add((src, eidx))  # 10-2-13-5: used even if the payment fails
        g.stack[-1] = ("effect", src, eidx, 2, inst)
        for ci in range(len(eff.costs) - 1, -1, -1):
            g.stack.append(("cost", src, eidx, ci, inst, ()))
        return
    g.stack.pop()
    if not g.ctx[inst][PAID]:
        return  # 8-3-1-3-1: a cost that could not be paid in full: the effect does not resolve
    g.emit(None, f"p{me + 1} resolves {g.t.numbers[src]}: {eff.text}")
    _push_actions(g, src, eidx, inst, (), eff.actions)


@handler("effect_end")
def effect_end(g, frame, choice) -> None:
    g.stack.pop()
    g.ctx.pop(frame[1], None)


@handler("cost")
def cost_frame(g, frame, choice) -> None:
    """Rule 8-3-1-1: pay the cost parts in printed order (8-3-1-5 rest DON!!, 8-3-1-6 DON!! −X)."""
    _, src, eidx, ci, inst, state = frame
    c = effect_of(g, src, eidx).costs[ci]
    me = g.t.owner[src]
    p = g.players[me]
    if c.op == "rest_don":
        if p.don_active < (c.amount or 0):
            _set_ctx(g, inst, paid=False)
        else:
            p.don_active -= c.amount
            p.don_rested += c.amount
        g.stack.pop()
    elif c.op == "don_minus":
        left = (c.amount or 0) - len(state)
        if choice is not None:
            state = state + (_take_don(g, me, choice),)
            left -= 1
        while left > 0:
            opts = _don_options(g, me)
            if not opts:
                _set_ctx(g, inst, paid=False)
                break
            pick = g.ask(me, "choose", opts)
            if pick is None:
                g.stack[-1] = ("cost", src, eidx, ci, inst, state)
                return
            state = state + (_take_don(g, me, pick),)
            left -= 1
        g.stack.pop()
    elif c.op == "rest":
        if c.target.ref == "this":
            if g.rested[src]:
                _set_ctx(g, inst, paid=False)
            g.rested[src] = 1
            g.stack.pop()
        else:
            chosen = _choose(g, frame, c.target, me, choice, inst, state_index=5, exact=True,
                             extra_filter=lambda x: not g.rested[x])
            if chosen is None:
                return
            for x in chosen:
                g.rested[x] = 1
            g.stack.pop()
    elif c.op == "trash":
        chosen = _choose(g, frame, c.target, me, choice, inst, state_index=5, exact=True)
        if chosen is None:
            return
        if len(chosen) < (c.target.count or 1):
            _set_ctx(g, inst, paid=False)
        for x in chosen:
            _move_to_trash(g, x)
        g.stack.pop()
    else:  # pragma: no cover - compile-time support check keeps these out
        raise ValueError(f"unsupported cost {c.op}")


def _don_options(g, me: int) -> list[tuple]:
    """DON!! −X (8-3-1-6): which DON!! to return: rested or active in the cost area, or given to a card."""
    p = g.players[me]
    opts = []
    if p.don_rested:
        opts.append(("don", "rested"))
    if p.don_active:
        opts.append(("don", "active"))
    for c in (p.leader, *p.characters):
        if g.given[c]:
            opts.append(("don", c))
    return opts


def _take_don(g, me: int, opt: tuple) -> int:
    p = g.players[me]
    where = opt[1]
    if where == "rested":
        p.don_rested -= 1
    elif where == "active":
        p.don_active -= 1
    else:
        g.given[where] -= 1
    p.don_deck += 1
    return -1


# --------------------------------------------------------------------------- choosing cards
def _choose(g, frame, sel, chooser: int, choice, inst: int, state_index: int = 5, exact: bool = False,
            extra_filter=None):
    """Choose cards for ``sel`` one at a time (8-4-4-1: as many as possible up to the number; "up to"
    allows stopping, 4-8-1). Returns the chosen ids, or ``None`` while a decision is pending (the frame is
    updated with the cards chosen so far)."""
    ctx = g.ctx.get(inst, EMPTY_CTX)
    src = frame[1]
    if sel.ref is not None and not sel.alternatives:
        return resolve_ref(g, src, sel, ctx)
    cands = candidates(g, src, sel, ctx)
    if extra_filter is not None:
        cands = [c for c in cands if extra_filter(c)]
    if sel.count is None:
        return cands
    chosen = tuple(frame[state_index])
    need = sel.count
    if "deck" in sel.zones and sel.position is None:
        # 8-4-4-4: choosing from the deck is done face-up: the chooser sees the deck's cards
        for who in {g.t.owner[c] for c in cands}:
            g.known[chooser].update(g.players[who].deck)
    if choice is not None:
        if choice[0] == "choose_none":
            return list(chosen)
        chosen = chosen + (_picked(g, choice),)
    while True:
        left = [c for c in cands if c not in chosen]
        if len(chosen) >= need or not left:
            return list(chosen)
        if not sel.up_to and len(left) <= need - len(chosen):
            return list(chosen) + left[: need - len(chosen)]
        opts = [_option(g, chooser, c) for c in _dedupe(g, left)]
        if sel.up_to:
            opts.append(("choose_none",))
        pick = g.ask(chooser, "choose", opts)
        if pick is None:
            g.stack[-1] = frame[:state_index] + (chosen,) + frame[state_index + 1:]
            return None
        if pick[0] == "choose_none":
            return list(chosen)
        chosen = chosen + (_picked(g, pick),)


_PILES = ("hand", "deck", "life")


def _option(g, chooser: int, c: int) -> tuple:
    """The option naming card ``c`` for ``chooser``: by identity when the chooser can see it, else by
    position (``("choose_at", owner, zone, index)``), so that no option depends on a hidden card."""
    owner = g.t.owner[c]
    p = g.players[owner]
    if c in g.known[chooser] or g.face_up[c]:
        return ("choose", c)
    if owner != chooser and c in p.hand:
        return ("choose_at", owner, "hand", p.hand.index(c))
    if c in p.deck:
        return ("choose_at", owner, "deck", p.deck.index(c))
    if c in p.life:
        return ("choose_at", owner, "life", p.life.index(c))
    return ("choose", c)


def _picked(g, option: tuple) -> int:
    if option[0] == "choose_at":
        return getattr(g.players[option[1]], option[2])[option[3]]
    return option[1]


def _dedupe(g, cards: list[int]) -> list[int]:
    """Copies of one card in hand are one option; field cards stay distinct (their states may differ)."""
    out, seen = [], set()
    for c in cards:
        p = g.players[g.t.owner[c]]
        if c in p.hand or c in p.trash:
            key = (g.t.owner[c], g.t.numbers[c], c in p.hand)
            if key in seen:
                continue
            seen.add(key)
        out.append(c)
    return out


# --------------------------------------------------------------------------- moving cards
def _remove_from_zone(g, cid: int) -> str:
    """Take ``cid`` out of whatever zone holds it; returns the zone name."""
    p = g.players[g.t.owner[cid]]
    if cid == p.stage or cid in p.characters:
        leave_field(g, cid)
        return "field"
    for name in ("hand", "trash", "deck", "life"):
        zone = getattr(p, name)
        if cid in zone:
            zone.remove(cid)
            if name == "life":
                g.face_up[cid] = 0
            return name
    if cid in g.limbo:
        g.limbo.remove(cid)
        return "limbo"
    return ""


def _move_to_trash(g, cid: int) -> None:
    p = g.players[g.t.owner[cid]]
    if cid == p.stage or cid in p.characters:
        trash_from_field(g, cid)
    else:
        _remove_from_zone(g, cid)
        p.trash.append(cid)


def _duration(g, controller: int, duration: str | None) -> tuple[int, int]:
    """IR duration -> (expires kind, turn) of continuous.py."""
    t = g.turn
    mine = g.active == controller
    if duration == "this_battle":
        return cv.BATTLE, t
    if duration in ("until_end_of_opponent_next_turn", "until_end_of_opponent_next_end_phase"):
        return cv.END, t + 1 if mine else t + 2
    if duration == "until_start_of_your_next_turn":
        return cv.START, t + 2 if mine else t + 1
    return cv.END, t  # "during this turn" and unspecified one-shot durations


# --------------------------------------------------------------------------- actions
OPS = {}


def op(name):
    def register(fn):
        OPS[name] = fn
        return fn

    return register


@handler("act")
def act_frame(g, frame, choice) -> None:
    _, src, eidx, path, inst, state = frame
    a = _action_at(effect_of(g, src, eidx), path)
    OPS[a.op](g, frame, a, choice)


def _chooser(g, src: int, a) -> int:
    me = g.t.owner[src]
    return me if a.player == "self" else 1 - me


def _targets(g, frame, a, choice):
    return _choose(g, frame, a.target, _chooser(g, frame[1], a), choice, frame[4])


def _done(g, frame, it=None, did=None) -> None:
    g.stack.pop()
    kw = {}
    if it is not None:
        kw["it"] = it
    if did is not None:
        kw["did"] = did
    if kw and frame[4] in g.ctx:
        _set_ctx(g, frame[4], **kw)


@op("draw")
def op_draw(g, frame, a, choice) -> None:
    """Rule 4-5: draw N cards."""
    n = draw(g, _chooser(g, frame[1], a), a.amount or 1)
    _done(g, frame, did=n > 0)


@op("modify_power")
def op_modify_power(g, frame, a, choice) -> None:
    """Give or take power for a duration (rules 1-3-6-1, 8-1-4)."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame[1]]
    kind, turn = _duration(g, me, a.duration)
    for c in chosen:
        if g.on_field(c):
            cv.add_modifier(g, c, cv.POWER, a.amount or 0, kind, turn, me)
    _done(g, frame, it=chosen, did=bool(chosen))


@op("modify_cost")
def op_modify_cost(g, frame, a, choice) -> None:
    """Give or take cost for a duration (rule 1-3-6-2)."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame[1]]
    kind, turn = _duration(g, me, a.duration)
    for c in chosen:
        cv.add_modifier(g, c, cv.COST, a.amount or 0, kind, turn, me)
    _done(g, frame, it=chosen, did=bool(chosen))


@op("gain_keyword")
def op_gain_keyword(g, frame, a, choice) -> None:
    """A card gains a keyword for a duration (e.g. [Rush] during this turn)."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame[1]]
    kind, turn = _duration(g, me, a.duration)
    bit = KEYWORD_BITS[a.param("keyword")]
    for c in chosen:
        if g.on_field(c):
            cv.add_modifier(g, c, cv.KEYWORD, bit, kind, turn, me)
    _done(g, frame, it=chosen, did=bool(chosen))


@op("ko")
def op_ko(g, frame, a, choice) -> None:
    """Rule 10-2-1: K.O. the chosen Characters."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    g.stack.pop()
    done = [c for c in chosen if c in g.players[g.t.owner[c]].characters]
    if frame[4] in g.ctx:
        _set_ctx(g, frame[4], it=done, did=bool(done))
    for c in done:
        ko(g, c, by_effect=True)


@op("rest")
def op_rest(g, frame, a, choice) -> None:
    """Rest the chosen cards (4-4-1); resting wins over setting active at the same time (1-3-8)."""
    if "don" in a.target.zones:
        return _rest_don(g, frame, a)
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        if g.on_field(c):
            g.rested[c] = 1
    _done(g, frame, it=chosen, did=bool(chosen))


def _rest_don(g, frame, a) -> None:
    me = g.t.owner[frame[1]]
    who = 1 - me if a.target.owner == "opponent" else me
    p = g.players[who]
    n = min(a.target.count or 1, p.don_active)
    p.don_active -= n
    p.don_rested += n
    _done(g, frame, did=n > 0)


@op("set_active")
def op_set_active(g, frame, a, choice) -> None:
    """Set the chosen cards (or rested DON!!) as active."""
    if "don" in a.target.zones:
        me = g.t.owner[frame[1]]
        p = g.players[me]
        n = min(a.target.count or 1, p.don_rested)
        p.don_rested -= n
        p.don_active += n
        _done(g, frame, did=n > 0)
        return
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        if g.on_field(c):
            g.rested[c] = 0
    _done(g, frame, it=chosen, did=bool(chosen))


@op("return_to_hand")
def op_return_to_hand(g, frame, a, choice) -> None:
    """Return the chosen cards to their owner's hand (they become new objects, 3-1-6)."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        _remove_from_zone(g, c)
        g.players[g.t.owner[c]].hand.append(c)
    _done(g, frame, it=chosen, did=bool(chosen))


@op("to_deck")
def op_to_deck(g, frame, a, choice) -> None:
    """Place cards at the top or bottom of their owner's deck; several cards: the player orders them
    one at a time, the first chosen ends highest (SCENARIOS.md ``order``)."""
    src, inst = frame[1], frame[4]
    state = frame[5]
    me = g.t.owner[src]
    position = a.param("position", "bottom")
    if not state or not isinstance(state[0], str):  # still choosing the cards (see _choose)
        chosen = _targets(g, frame, a, choice)
        if chosen is None:
            return
        choice = None
        state = ("ordering", tuple(chosen), (), position)
        if position == "top_or_bottom":
            state = ("where", tuple(chosen), (), position)
    if state[0] == "where":
        if choice is None:
            choice = g.ask(me, "option", [("option", 1), ("option", 2)])
            if choice is None:
                g.stack[-1] = frame[:5] + (state,)
                return
        state = ("ordering", state[1], (), "top" if choice[1] == 1 else "bottom")
        choice = None
    _, cards, ordered, position = state
    if choice is not None:
        ordered = ordered + (choice[1],)
    while len(ordered) < len(cards):
        left = [c for c in cards if c not in ordered]
        opts = [("order", c) for c in _distinct_numbers(g, left)]
        pick = g.ask(me, "order", opts)
        if pick is None:
            g.stack[-1] = frame[:5] + (("ordering", cards, ordered, position),)
            return
        # copies are interchangeable: take the first remaining copy of the chosen number
        num = g.t.numbers[pick[1]]
        ordered = ordered + (next(c for c in left if g.t.numbers[c] == num),)
    for c in ordered:
        _remove_from_zone(g, c)
    # the first in ``ordered`` ends highest of the placed pile; piles store the top card last
    if position == "top":
        for c in reversed(ordered):
            g.players[g.t.owner[c]].deck.append(c)
    else:
        for c in ordered:
            g.players[g.t.owner[c]].deck.insert(0, c)
    _done(g, frame, it=ordered, did=bool(ordered))


def _distinct_numbers(g, cards):
    out, seen = [], set()
    for c in cards:
        n = g.t.numbers[c]
        if n not in seen:
            seen.add(n)
            out.append(c)
    return out


@op("trash")
def op_trash(g, frame, a, choice) -> None:
    """Trash the chosen cards (10-2-14: from hand; also from the field, Life or deck top) -- not a K.O."""
    sel = a.target
    if sel.position == "top" and "deck" in sel.zones and sel.ref is None:
        me = g.t.owner[frame[1]]
        who = 1 - me if sel.owner == "opponent" else me
        deck = g.players[who].deck
        moved = []
        for _ in range(min(sel.count or 1, len(deck))):
            c = deck.pop()
            g.players[who].trash.append(c)
            moved.append(c)
        _done(g, frame, it=moved, did=bool(moved))
        return
    chooser = _chooser(g, frame[1], a)
    if "hand" in sel.zones and sel.owner == "opponent" and a.player == "self":
        chooser = 1 - g.t.owner[frame[1]]  # hidden cards: their owner picks (8-4-4-2)
    chosen = _choose(g, frame, sel, chooser, choice, frame[4])
    if chosen is None:
        return
    for c in chosen:
        _move_to_trash(g, c)
    _done(g, frame, it=chosen, did=bool(chosen))


@op("add_to_hand")
def op_add_to_hand(g, frame, a, choice) -> None:
    """Add the chosen cards to their owner's hand (from trash, deck, Life or the looked-at cards)."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        where = _remove_from_zone(g, c)
        owner = g.t.owner[c]
        g.players[owner].hand.append(c)
        if where in ("trash", "limbo"):
            g.known[1 - owner].add(c)  # 11-2: revealed when it moves between secret zones
    _done(g, frame, it=chosen, did=bool(chosen))


@op("reveal")
def op_reveal(g, frame, a, choice) -> None:
    """Reveal (and so select) cards, e.g. among the looked-at cards; they become "it"."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        g.emit(None, f"p{g.t.owner[c] + 1} reveals {g.t.numbers[c]}")
    _done(g, frame, it=chosen, did=bool(chosen))


@op("select")
def op_select(g, frame, a, choice) -> None:
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    _done(g, frame, it=chosen, did=bool(chosen))


@op("look")
def op_look(g, frame, a, choice) -> None:
    """Look at the top N cards of a deck (11-3): they leave the deck while the effect handles them and
    go back on top, in order, if nothing else moves them (11-3-3)."""
    sel = a.target
    me = g.t.owner[frame[1]]
    who = 1 - me if sel.owner == "opponent" else me
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
    if frame[4] in g.ctx:
        _set_ctx(g, frame[4], it=looked, looked=looked, did=bool(looked))
    # anything still looked at when the effect ends returns to the top in the same order
    g.stack.insert(_end_index(g, frame[4]), ("return_looked", who, tuple(looked)))


def _end_index(g, inst: int) -> int:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i] == ("effect_end", inst):
            return i + 1
    return len(g.stack)


@handler("return_looked")
def return_looked(g, frame, choice) -> None:
    g.stack.pop()
    who, looked = frame[1], frame[2]
    deck = g.players[who].deck
    for c in reversed(looked):
        if c in g.limbo:
            g.limbo.remove(c)
            deck.append(c)


@op("shuffle_deck")
def op_shuffle(g, frame, a, choice) -> None:
    from ..rules.zones import shuffle_deck

    shuffle_deck(g, g.t.owner[frame[1]])
    _done(g, frame)


@op("add_don")
def op_add_don(g, frame, a, choice) -> None:
    """Add DON!! from the DON!! deck to the cost area, active or rested."""
    me = g.t.owner[frame[1]]
    p = g.players[me]
    n = min(a.amount or 1, p.don_deck)
    p.don_deck -= n
    if a.param("state") == "rested":
        p.don_rested += n
    else:
        p.don_active += n
    _done(g, frame, did=n > 0)


@op("give_don")
def op_give_don(g, frame, a, choice) -> None:
    """Give up to N rested (or active) DON!! from the cost area to the chosen Leader or Character."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    me = g.t.owner[frame[1]]
    p = g.players[me]
    moved = 0
    if chosen:
        t = chosen[0]
        if a.param("state") == "active":
            moved = min(a.amount or 1, p.don_active)
            p.don_active -= moved
        else:
            moved = min(a.amount or 1, p.don_rested)
            p.don_rested -= moved
        g.given[t] += moved
    _done(g, frame, it=chosen, did=moved > 0)


@op("play")
def op_play(g, frame, a, choice) -> None:
    """Play the chosen Character or Stage card without paying its cost (from hand, trash, deck, the
    looked-at cards, or this card from Life); [On Play] fires (10-2-6)."""
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    g.stack.pop()
    playable = [c for c in chosen if g.t.defs[c].category in (CHARACTER, STAGE)]
    if frame[4] in g.ctx:
        _set_ctx(g, frame[4], it=playable, did=bool(playable))
    for c in reversed(playable):
        _remove_from_zone(g, c)
        if g.t.defs[c].category == STAGE:
            place_stage(g, c)
            hooks.fire(g, hooks.ON_PLAY, (c,))
        else:
            g.limbo.append(c)
            g.stack.append(("enter_character", c))
        g.emit(None, f"p{g.t.owner[c] + 1} plays {g.t.numbers[c]}")


@op("if")
def op_if(g, frame, a, choice) -> None:
    """Rule 4-10-1: the text depending on a failed "if" is not resolved."""
    g.stack.pop()
    if condition_holds(g, frame[1], a.condition, g.ctx.get(frame[4])):
        _push_actions(g, frame[1], frame[2], frame[4], frame[3] + ("b",), a.body)


@op("may")
def op_may(g, frame, a, choice) -> None:
    """An optional part ("you may", 8-1-2)."""
    if choice is None:
        choice = g.ask(g.t.owner[frame[1]], "yes-no", [("yes",), ("no",)])
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "yes":
        _push_actions(g, frame[1], frame[2], frame[4], frame[3] + ("b",), a.body)


@op("if_you_do")
def op_if_you_do(g, frame, a, choice) -> None:
    g.stack.pop()
    if g.ctx.get(frame[4], EMPTY_CTX)[DID]:
        _push_actions(g, frame[1], frame[2], frame[4], frame[3] + ("b",), a.body)


@op("choose_one")
def op_choose_one(g, frame, a, choice) -> None:
    """ "Choose one:" -- always a distinct decision, counted from 1 in the text's order."""
    if choice is None:
        opts = [("option", k + 1) for k in range(len(a.options))]
        choice = g.ask(g.t.owner[frame[1]], "option", opts)
        if choice is None:
            return
    g.stack.pop()
    k = choice[1] - 1
    _push_actions(g, frame[1], frame[2], frame[4], frame[3] + ("o", k), a.options[k])


@op("activate_effect")
def op_activate_effect(g, frame, a, choice) -> None:
    """ "Activate this card's [Main] / [Counter] effect" (10-2-3-1-1): its costs are still paid."""
    g.stack.pop()
    timing = a.param("timing")
    for idx in hooks.activatable(g, frame[1], timing):
        start_effect(g, frame[1], idx, stage=1)
        break


@op("cannot")
def op_cannot(g, frame, a, choice) -> None:
    """A prohibition for a duration (rule 1-3-3: prohibitions win). Supported form: "cannot activate
    [Blocker]" -- for the chosen Characters, or for the whole side when no filter narrows it."""
    me = g.t.owner[frame[1]]
    kind, turn = _duration(g, me, a.duration)
    sel = a.target
    if not sel.filters and sel.ref is None:
        for who in ((1 - me,) if sel.owner == "opponent" else (me,)):
            cv.add_modifier(g, -1 - who, cv.NO_BLOCKER, 0, kind, turn, me)
        _done(g, frame, did=True)
        return
    chosen = _targets(g, frame, a, choice)
    if chosen is None:
        return
    for c in chosen:
        cv.add_modifier(g, c, cv.CANNOT_BLOCK, 0, kind, turn, me)
    _done(g, frame, it=chosen, did=bool(chosen))
