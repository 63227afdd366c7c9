"""Continuous values, recomputed in one place: power, cost and keywords (rules 4-9, 6-5-5-2, 1-3-6).

A modifier is a :class:`Modifier`, a named tuple ``(target, stat, amount, expires, expire_turn, controller)``:

- ``stat``: ``POWER`` (add ``amount``), ``BASE_POWER`` (set base power, rule 4-9-2-1: highest wins),
  ``COST``, ``BASE_COST``, ``KEYWORD`` (``amount`` is a ``KW_*`` bit granted), or a player-wide flag
  with ``target_id`` = ``-1 - player``.
- ``expires``: ``BATTLE`` (end of this battle, 7-1-5-3), ``END`` (end of turn ``expire_turn``, 6-6-1-3),
  ``START`` (start of turn ``expire_turn``, 6-2-1), or ``WHILE`` (while the target stays where it is).

Modifiers on a card are dropped when it leaves its area (rule 3-1-6: it becomes a new object).
"""

from __future__ import annotations

import threading
from enum import IntEnum
from typing import NamedTuple

from ..cards.model import KEYWORD_BITS


class Modifier(NamedTuple):
    """One continuous effect in ``Game.mods`` (rule 8-1-4): ``target`` (a card id, or ``-1 - player`` for a
    player flag), ``stat`` (``POWER``, ``KEYWORD``, ``NO_PLAY`` ...), ``amount`` (a number, a ``KW_*`` bit, or
    the ``(src, eidx, path)`` of an action, by stat), ``expires`` (``BATTLE``/``END``/``START``/``WHILE``),
    ``expire_turn`` and ``controller`` (the player whose effect made it). A tuple: cloned by reference, stored
    in JSON as a list (rules/serialize.py)."""

    target: int
    stat: int
    amount: object
    expires: int
    expire_turn: int
    controller: int


POWER = 0
BASE_POWER = 1
COST = 2
BASE_COST = 3
KEYWORD = 4
NO_BLOCKER = 5  # player flag: cannot activate [Blocker] (e.g. during this battle)
CANNOT_BLOCK = 6  # this card's [Blocker] cannot be activated
NO_REFRESH = 8  # this card does not become active in its owner's next Refresh Phase
CAN_ATTACK_ACTIVE = 9  # this card can also attack the opponent's active Characters
PROHIBIT = 10  # card flag for a duration: ``amount`` names what the card cannot do (continuous.prohibited)
NO_PLAY = 11  # player flag: cannot play cards matching the filters of the action ``amount`` = (src, eidx, path)
NO_BLOCKER_VS = 7  # player flag: cannot activate [Blocker] when the card ``amount`` attacks
# a delayed effect, "... at the end of this turn" (6-6-1-2): ``amount`` = (src, eidx, path) of the delayed
# action; on a card (dropped with it if it leaves the field, 3-1-6) or a player flag; read by phases.end_phase
DELAYED = 12
# "Negate the effect of ..." (rule 8-2-1-1): the card's own effects are invalid for the duration -- its
# permanent effects do not apply, its auto effects do not activate, its activate effects cannot be used
# (their costs cannot be paid), its printed keywords ([Blocker] ...) do not work. Effects other cards give
# it still apply, and effects already activated are not undone (8-2-3, 8-2-4). Dropped when it leaves the
# field (3-1-6). Read by ``negated``.
NEGATED = 13
# "... cannot attack unless your opponent trashes 2 cards from their hand whenever they attack" (OP08-043): the
# card may attack only if its controller trashes ``amount`` cards from their hand as it attacks (read by
# ``attack_cost``; main_phase offers the attack only when they can, battle.attack_cost_frame has it paid)
ATTACK_COST = 14

# "you cannot add Life cards to your hand using your own effects during this turn" (OP02-004): player flag,
# read by ``life_to_hand_forbidden`` (effects.actions.op_add_to_hand, interpreter.can_pay / can_carry_out)
NO_LIFE_TO_HAND = 21
# "you cannot draw cards using your own effects during this turn" (OP12-099): player flag, read by
# ``draw_forbidden`` (effects.actions.op_draw)
NO_DRAW = 31
# "Then, you cannot set DON!! cards as active using Character effects during this turn" (OP10-030, EB04-016):
# player flag, read by ``set_don_active_forbidden`` (effects.actions.op_set_active)
NO_SET_DON_ACTIVE = 43
# "the next time you play {X} ... from your hand during this turn, the cost will be reduced by N" (OP02-025):
# player flag, ``amount`` = (src, eidx, path) of the action; read by ``play_cost`` and used up by the next
# play from hand of a matching card that pays its cost (``use_next_play_discounts``, rules/main_phase)
NEXT_PLAY_DISCOUNT = 44
# "Up to 1 of your opponent's rested Character or DON!! cards will not become active in your opponent's next
# Refresh Phase" (OP07-026): player flag, ``amount`` = how many of the player's rested DON!! cards in the cost
# area stay rested in their Refresh Phase of turn ``expire_turn`` (read by ``frozen_don``, rules/phases.refresh)
NO_REFRESH_DON = 45
# an Event card ``amount`` (its id) activated from the hand by the player this turn (8-5-2): player flag, kept
# only in games with a card that asks ("If you have activated an Event ... during this turn", OP15-002;
# Tables.event_log), read by effects/select.condition_holds
EVENT_ACTIVATED = 46
# "[Counter] If any of your Characters would be K.O.'d in battle during this turn, you may trash 1 card from your
# hand instead" (EB02-030): player flag, ``amount`` = (card, effect index) of the granted replacement effect,
# which applies while the flag lasts (effects.hooks.replacement_for), wherever the card is
GRANTED_REPLACEMENT = 47
# "Set the cost of ... to 0 during this turn" (OP03-091): the card's cost is that number whatever changed it
# before, including a permanent effect that ends later (card Q&A OP03-091 q1); cost modifiers given after it
# still apply (``cost``)
SET_COST = 48
# "... gains [Rush: Character] and the <Slash> attribute during this turn" (OP15-093): the card has the attribute
# ``amount`` (its name) besides its printed ones (2-5-4), read by ``attributes`` (effects/select filters)
ATTRIBUTE = 49
# "this Leader cannot attack your opponent's Characters with a base cost of 7 or less during this turn"
# (OP12-020): on the card that may not attack them, ``amount`` = (src, eidx, path) of the action, whose
# ``targets`` selector names the forbidden targets (read by ``attack_target_forbidden``)
NO_ATTACK_TARGET = 50
# the card ``amount`` battled the modifier's target this turn (rules/battle.py, once the battling cards are fixed
# after the Block Step, 7-1-2); kept only in games with a card that asks (Tables.battle_log, OP12-020), read by
# effects/select.condition_holds
BATTLED = 51
# "Your opponent's [On Play] effects are negated until the end of your opponent's next turn" (OP09-081): player
# flag, ``amount`` = the timing (``"on_play"``) whose effects of that player's cards do not activate (8-2-1-1);
# read with the permanent form ("Your [On Play] effects are negated") by ``timing_negated``
NEGATED_TIMING = 52
# a Character card ``amount`` (its id) of the player was K.O.'d this turn (10-2-1, in battle or by an effect):
# player flag, kept only in games with a card that asks ("If your opponent's Character has been K.O.'d during
# this turn", OP16-100; Tables.ko_log), read by effects/select.condition_holds
CHARACTER_KOD = 53
# a card of the player's hand was trashed by an effect (or its cost) this turn, ``amount`` = its id: player
# flag, kept only in games with a card that asks ("During the turn in which a card in your hand is trashed by
# an effect", ST33-004; Tables.hand_trash_log), set by effects/actions.op_trash, read by select.condition_holds
HAND_TRASHED = 54
# on the card whose effect chose it, ``amount`` = the id of the Character an earlier effect of this card chose this
# turn ("that Character": OP15-008's [Activate: Main] counts the DON!! given to the Character its [On Play] gave
# DON!! to); set by effects/actions.op_give_don for an action with ``remember``, read by effects/select.count_of;
# dropped when either card leaves the field (3-1-6: a card that moves is a new card)
CHOSE = 55

BATTLE = 0
END = 1
START = 2
WHILE = 3


# The codes above by name, as enums (``Stat(m.stat).name``, ``Expiry(m.expires)``): the module constants stay
# the plain ints the modifiers hold, because CPython 3.11 does not specialise ``==`` between an int and an
# IntEnum member (a modifier scan comparing with members measured ~10% slower). Same numbers, so the JSON form
# and the fingerprints are unchanged; tests/rules/test_named_state.py checks the two lists agree.
class Stat(IntEnum):
    """The ``stat`` code of a :class:`Modifier` (the module constants of the same names)."""

    POWER = POWER
    BASE_POWER = BASE_POWER
    COST = COST
    BASE_COST = BASE_COST
    KEYWORD = KEYWORD
    NO_BLOCKER = NO_BLOCKER
    NO_BLOCKER_VS = NO_BLOCKER_VS
    CANNOT_BLOCK = CANNOT_BLOCK
    NO_REFRESH = NO_REFRESH
    CAN_ATTACK_ACTIVE = CAN_ATTACK_ACTIVE
    PROHIBIT = PROHIBIT
    NO_PLAY = NO_PLAY
    DELAYED = DELAYED
    NEGATED = NEGATED
    ATTACK_COST = ATTACK_COST
    NO_LIFE_TO_HAND = NO_LIFE_TO_HAND
    NO_DRAW = NO_DRAW
    NO_SET_DON_ACTIVE = NO_SET_DON_ACTIVE
    NEXT_PLAY_DISCOUNT = NEXT_PLAY_DISCOUNT
    NO_REFRESH_DON = NO_REFRESH_DON
    EVENT_ACTIVATED = EVENT_ACTIVATED
    GRANTED_REPLACEMENT = GRANTED_REPLACEMENT
    SET_COST = SET_COST
    ATTRIBUTE = ATTRIBUTE
    NO_ATTACK_TARGET = NO_ATTACK_TARGET
    BATTLED = BATTLED
    NEGATED_TIMING = NEGATED_TIMING
    CHARACTER_KOD = CHARACTER_KOD
    HAND_TRASHED = HAND_TRASHED
    CHOSE = CHOSE


class Expiry(IntEnum):
    """The ``expires`` code of a :class:`Modifier`: when it ends (the module constants of the same names)."""

    BATTLE = BATTLE
    END = END
    START = START
    WHILE = WHILE


def base_power(g, cid: int) -> int:
    """Base power of card ``cid``: the power printed on it, or the highest value an effect setting its base
    power gives it (4-9-2-1; card Q&A ST23-002 q1: a base power raised to 8000 by an effect is 8000)."""
    best = None
    if g.mods:
        for m in g.mods:
            if m.target == cid and m.stat == BASE_POWER and (best is None or m.amount > best):
                best = m.amount
    if g.t.static_ops.get("set_base_power"):
        static_base = static_base_power(g, cid)
        if static_base is not None and (best is None or static_base > best):
            best = static_base
    return (g.t.defs[cid].power or 0) if best is None else best


def power(g, cid: int) -> int:
    """Current power of card ``cid`` (may be negative, rule 1-3-6-1): its base power, plus modifiers, plus
    1000 per given DON!! during its owner's turn (6-5-5-2)."""
    add = 0
    if g.mods:
        for m in g.mods:
            if m.target == cid and m.stat == POWER:
                add += m.amount
    base = base_power(g, cid)
    given = g.given[cid]
    if given and g.t.owner[cid] == g.active:
        add += 1000 * given
    if g.t.static:
        add += static_amount(g, cid, "modify_power")
    return base + add


# the permanent-effect values being computed now ("modify_power", "modify_cost", "gain_keyword", ...): while
# one is computed, the conditions and filters read inside see that value without permanent effects, which
# keeps the computation finite (the repeat of 8-1-3-3-5 within one value is not modelled); other values
# are computed in full, which gives the stable result 8-1-3-3-5 reaches across values (a -1000 that takes a
# 5000-power OP14-004 below its [Rush] condition takes the [Rush] too; scenarios/checklist/
# permanent-effects-repeat-until-stable.yaml), and "If this Character has a cost of 6 or more, ... +2000
# power" reads the cost another permanent effect gives (card Q&A qa_st-14.md ST14-009 q1, ST14-012 q1)
_evaluating: set[str] = set()


def static_amount(g, cid: int, op: str) -> int:
    """The sum of ``op`` amounts (``modify_power`` / ``modify_cost``) that permanent effects of cards on
    the field give ``cid`` now (rule 8-1-3-3). Filters read inside are evaluated without permanent
    effects of the same ``op`` (see ``_evaluating``), which keeps the computation finite (the repeat of
    8-1-3-3-5 within one value is not modelled).

    One effect gives a card its amount once, even when several of its joined targets name the card: "your
    [Edward.Newgate] and all your Characters with a type including "Whitebeard Pirates" gain +2000 power"
    gives a Whitebeard Pirates Character [Edward.Newgate] +2000, not +4000 (card Q&A OP02-024 q2); two cards
    with that effect (two copies) give +2000 each."""
    if op in _evaluating or not _any_present(g, g.t.static_ops.get(op)):
        return 0  # no source of such a permanent effect where it applies: nothing to evaluate
    _evaluating.add(op)
    try:
        total = 0
        counted = set()  # (source card, effect, amount) already given to cid: once per effect of each card,
        # so two copies of one card (one compiled effect) each give theirs (8-1-3-3, as 10-2-13-2)
        for src, eff, a in static_actions(g, op):
            if (src, id(eff), a.amount) not in counted and _static_targets(g, src, a, cid):
                counted.add((src, id(eff), a.amount))
                amount = a.amount or 0
                per = a.param("per")
                if per is not None:  # "+1000 power for every card in your hand" (card Q&A OP01-072)
                    amount *= g.fx.count_of(g, src, per) // (a.param("per_count") or 1)
                total += amount
        return total
    finally:
        _evaluating.discard(op)


def static_keyword(g, cid: int, bit: int) -> bool:
    """Whether a permanent effect of a card on the field gives ``cid`` the keyword ``bit`` now (rule 8-1-3-3),
    read without the permanent keyword grants themselves (see ``_evaluating``)."""
    if "gain_keyword" in _evaluating or not _any_present(g, g.t.static_ops.get("gain_keyword")):
        return False
    _evaluating.add("gain_keyword")
    try:
        for src, eidx, a in static_actions(g, "gain_keyword"):
            if KEYWORD_BITS.get(a.param("keyword"), 0) & bit and _static_targets(g, src, a, cid):
                return True
        return False
    finally:
        _evaluating.discard("gain_keyword")


# While a view is read (``reading(g)``): ``(g, {key: value})`` for this thread (a server may build views in
# several threads), so that the permanent effects that apply are found once per state instead of once per card
_LOCAL = threading.local()


class reading:
    """``with reading(g): ...``: while the block runs, ``g`` is only read (a player's view is built), so
    :func:`static_actions` finds the permanent effects that apply once per state and value, and
    :func:`_static_targets` each effect's targets once, not once per card (the same answers: conditions and
    targets are read from the state alone). Per thread; nested blocks restore the outer one."""

    def __init__(self, g) -> None:
        self.g = g

    def __enter__(self):
        self._outer = getattr(_LOCAL, "memo", None)
        _LOCAL.memo = (self.g, {})
        return self

    def __exit__(self, *exc) -> None:
        _LOCAL.memo = self._outer


def _memo(g) -> dict | None:
    r = getattr(_LOCAL, "memo", None)
    return r[1] if r is not None and r[0] is g else None


def static_actions(g, op: str):
    """``(source card, effect, action)`` for each ``op`` action of a permanent effect that applies now
    (an iterable; a list while the state is being read, :class:`reading`)."""
    entries = g.t.static_ops.get(op)
    if not entries:
        return ()
    memo = _memo(g)
    if memo is not None:
        key = (op, frozenset(_evaluating))
        got = memo.get(key)
        if got is None:
            got = memo[key] = list(_applying(g, entries))
        return got
    return _applying(g, entries)


def _any_present(g, entries) -> bool:
    """Whether the source of one of the ``static_ops`` ``entries`` (``None``: none) is where its permanent
    effect works (rule 2-8-2: on the field, or in the hand for "this card in your hand"): the test of
    :func:`_applying` before any condition is read, which alone rules out most values (the sources are
    mostly in a deck or a hand)."""
    if entries:
        players, owner = g.players, g.t.owner
        for src, _, _, in_hand in entries:
            p = players[owner[src]]
            if src in p.hand if in_hand else (src == p.leader or src == p.stage or src in p.characters):
                return True
    return False


def _applying(g, entries):
    players, owner = g.players, g.t.owner
    for src, eff, acts, in_hand in entries:
        # rule 2-8-2: on the field (Game.on_field, inlined: the hottest test of a search), or in the hand where
        # the text says so ("this card in your hand")
        p = players[owner[src]]
        where = src in p.hand if in_hand else (src == p.leader or src == p.stage or src in p.characters)
        if where and not (any_negation(g) and negated(g, src)) and all(
                g.fx.condition_holds(g, src, c) for c in eff.conditions):
            for a in acts:
                yield src, eff, a


def _static_targets(g, src: int, a, cid: int) -> bool:
    sel = a.target
    if sel.ref == "this":
        return cid == src
    memo = _memo(g)
    if memo is not None:  # the candidates once per state (``reading``)
        key = (src, id(sel), frozenset(_evaluating))
        got = memo.get(key)
        if got is None:
            got = memo[key] = set(g.fx.candidates(g, src, sel))
        return cid in got
    return cid in g.fx.candidates(g, src, sel)


def cost(g, cid: int) -> int:
    """Current cost of ``cid`` read as a value: modifiers applied in order, negatives read as 0
    (rules 1-3-6-2, 1-3-6-2-1). Cards without a cost read as 0."""
    c = g.t.defs[cid].cost or 0
    set_to = None
    if g.mods:
        best_base = None
        add = 0
        for m in g.mods:  # in the order given
            if m.target == cid:
                if m.stat == COST:
                    add += m.amount
                elif m.stat == BASE_COST and (best_base is None or m.amount > best_base):
                    best_base = m.amount
                elif m.stat == SET_COST:  # what was given before no longer counts
                    set_to, add = m.amount, 0
        if set_to is not None:
            c = set_to
        elif best_base is not None:
            c = best_base
        c += add
    if g.t.static and set_to is None:
        c += static_amount(g, cid, "modify_cost")
    return c if c > 0 else 0


def play_cost(g, cid: int) -> int:
    """The DON!! to rest to play ``cid`` from hand (2-7-3): its current cost, less what permanent effects such
    as "The cost of playing {X} type Character cards ... from your hand will be reduced by 1" (OP05-097, op
    ``reduce_play_cost``) take off the payment -- the card's cost itself is unchanged; never below 0."""
    c = cost(g, cid)
    if g.t.static_ops.get("reduce_play_cost"):
        c -= static_amount(g, cid, "reduce_play_cost")
    if g.mods:
        c -= sum(n for _, n in _next_play_discounts(g, cid))
    return c if c > 0 else 0


def _next_play_discounts(g, cid: int) -> list[tuple[tuple, int]]:
    """The ``NEXT_PLAY_DISCOUNT`` modifiers of ``cid``'s owner whose cards ``cid`` matches, with their amounts."""
    key = -1 - g.t.owner[cid]
    out = []
    for m in g.mods:
        if m.target == key and m.stat == NEXT_PLAY_DISCOUNT:
            src, eidx, path = m.amount
            a = g.fx.action_at(g, src, eidx, path)
            if g.fx.matches(g, src, cid, a.target.filters):
                out.append((m, a.amount or 0))
    return out


def use_next_play_discounts(g, cid: int) -> None:
    """``cid`` is being played from hand, paying its cost: the "next time you play" reductions it took are
    used up. A card played by an effect without paying leaves them (card Q&A OP02-025 q4)."""
    if g.mods:
        for m, _ in _next_play_discounts(g, cid):
            g.mods.remove(m)


def has_keyword(g, cid: int, bit: int) -> bool:
    """True if ``cid`` has the keyword ``bit`` printed (rule 10-1) or granted by a modifier; a printed
    keyword is a keyword effect of the card itself, invalid while its effects are negated (8-2-1-1)."""
    if g.t.defs[cid].keywords & bit and not (any_negation(g) and negated(g, cid)):
        return True
    for m in g.mods:
        if m.target == cid and m.stat == KEYWORD and m.amount & bit:
            return True
    if g.t.static:
        return static_keyword(g, cid, bit)
    return False


def attributes(g, cid: int) -> tuple[str, ...]:
    """The attributes of ``cid``: its printed ones (2-5) and those an effect gave it (``ATTRIBUTE`` modifiers,
    OP15-093); a card with several is treated as having each (2-5-4)."""
    printed = tuple(g.t.defs[cid].attributes)
    gained = tuple(m.amount for m in g.mods if m.target == cid and m.stat == ATTRIBUTE) if g.mods else ()
    return printed + gained if gained else printed


TIMING_NAMES = {"On Play": "on_play"}
"""The printed timings an effect may negate for a player (``negate_timing``'s ``timing``), by timing key."""


def timing_negated(g, player: int, timing: str) -> bool:
    """Whether the effects of ``timing`` (``"on_play"``) of ``player``'s cards are negated now (OP09-081): by a
    flag an effect gave the player (``NEGATED_TIMING``) or a permanent ``negate_timing`` effect naming them
    ("Your [On Play] effects are negated": the owner of its card)."""
    for m in g.mods:
        if m.target == -1 - player and m.stat == NEGATED_TIMING and m.amount == timing:
            return True
    if g.t.static_ops.get("negate_timing"):
        for src, _, a in static_actions(g, "negate_timing"):
            mine = g.t.owner[src] == player
            if TIMING_NAMES.get(a.param("timing")) == timing and mine == (a.param("owner") == "self"):
                return True
    return False


def negated(g, cid: int) -> bool:
    """Whether the effects of card ``cid`` are negated now (rule 8-2-1-1): a ``NEGATED`` modifier, or a permanent
    ``negate_effects`` effect of a card on the field ("Your Leader and all of your Characters that do not have a
    type including "Roger Pirates" have their effects negated.", OP13-064; rule 8-1-3-3), which stops applying
    when its source leaves the field (2-8-2)."""
    for m in g.mods:
        if m.target == cid and m.stat == NEGATED:
            return True
    return bool(g.t.static_ops.get("negate_effects")) and static_negated(g, cid)


def any_negation(g) -> bool:
    """Whether anything may negate a card's effects now: a modifier, or a card with a permanent negation in the
    game (the fast test before :func:`negated`)."""
    return bool(g.mods) or "negate_effects" in g.t.static_ops


def static_negated(g, cid: int) -> bool:
    """Whether a permanent ``negate_effects`` effect names ``cid`` now. While the sources of such effects are
    read, permanent negations are not applied to them (``_evaluating``: a source negated only by another
    permanent negation still negates; no card of the database has two that could name each other)."""
    if "negate_effects" in _evaluating or not _any_present(g, g.t.static_ops.get("negate_effects")):
        return False
    _evaluating.add("negate_effects")
    try:
        for src, _, a in static_actions(g, "negate_effects"):
            if _static_targets(g, src, a, cid):
                return True
        return False
    finally:
        _evaluating.discard("negate_effects")


def attack_target_forbidden(g, attacker: int, target: int) -> bool:
    """Whether a permanent effect such as "your opponent cannot attack any card other than the Character
    [Eustass"Captain"Kid]" (OP01-051) keeps ``attacker`` from attacking ``target`` (rule 1-3-3): it may
    attack only cards of the ``only`` selector, any of them when several match (card Q&A OP01-051); or an
    effect already resolved on ``attacker`` forbids that target (``NO_ATTACK_TARGET``, OP12-020)."""
    for m in g.mods:
        if m.target == attacker and m.stat == NO_ATTACK_TARGET:
            src, eidx, path = m.amount
            sel = g.fx.action_at(g, src, eidx, path).param("targets")
            if target in g.players[g.t.owner[target]].characters and g.t.owner[target] != g.t.owner[attacker] and (
                    g.fx.matches(g, src, target, sel.filters)):
                return True
    if not g.t.static_ops.get("cannot"):
        return False
    for src, _, a in static_actions(g, "cannot"):
        if a.param("what") == "attack_other_than" and _static_targets(g, src, a, attacker) and (
                target not in g.fx.candidates(g, src, a.param("only"))):
            return True
    return False


def kept_rested(g, cards) -> frozenset:
    """Which of ``cards`` a permanent effect keeps rested in every Refresh Phase ("all Characters with a cost
    of 5 or less do not become active in your and your opponent's Refresh Phases", OP05-040; ``no_refresh``
    with ``phase=every``), read once before any card becomes active (6-2-4)."""
    out = set()
    for src, _, a in static_actions(g, "no_refresh"):
        if a.param("phase") == "every":
            out.update(c for c in cards if _static_targets(g, src, a, c))
    return frozenset(out)


def card_flag(g, cid: int, stat: int) -> bool:
    """True if a modifier ``stat`` (e.g. ``CANNOT_BLOCK``) applies to card ``cid``."""
    for m in g.mods:
        if m.target == cid and m.stat == stat:
            return True
    return False


def blocker_forbidden(g, defender: int, attacker: int) -> bool:
    """Whether ``defender`` may not activate [Blocker] against ``attacker`` (NO_BLOCKER, NO_BLOCKER_VS)."""
    key = -1 - defender
    for m in g.mods:
        if m.target == key and (m.stat == NO_BLOCKER or (m.stat == NO_BLOCKER_VS and m.amount == attacker)):
            return True
    return False


def player_flag(g, player: int, stat: int) -> bool:
    """True if a player-wide modifier ``stat`` applies to ``player`` (e.g. ``NO_BLOCKER``)."""
    key = -1 - player
    for m in g.mods:
        if m.target == key and m.stat == stat:
            return True
    return False


def frozen_don(g, player: int) -> int:
    """How many of ``player``'s rested DON!! cards in the cost area an effect keeps rested in their next
    Refresh Phase (``NO_REFRESH_DON``, rule 6-2-4 read with 1-3-3: an effect that forbids wins over the rule)."""
    key = -1 - player
    return sum(m.amount for m in g.mods if m.target == key and m.stat == NO_REFRESH_DON)


def unfreeze_don(g, player: int, n: int = 1) -> None:
    """``n`` of ``player``'s rested DON!! cards leave the rested state (set active, given, returned) by their
    own choice: DON!! cards are counted, not named, so the ones an effect keeps rested (``NO_REFRESH_DON``) go
    first -- the choice that is never worse for their owner (card Q&A OP04-031 q1: a kept card that becomes
    active meanwhile is not rested again in the Refresh Phase)."""
    if not g.mods:
        return
    key = -1 - player
    out = []
    for m in g.mods:
        if n and m.target == key and m.stat == NO_REFRESH_DON:
            used = min(n, m.amount)
            n -= used
            if m.amount > used:
                out.append(m._replace(amount=m.amount - used))
            continue
        out.append(m)
    g.mods = out


def add_modifier(g, target: int, stat: int, amount: int, expires: int, expire_turn: int, controller: int) -> None:
    """Apply a continuous effect (rule 8-1-4). See the module docstring for the tuple's fields."""
    g.mods.append(Modifier(target, stat, amount, expires, expire_turn, controller))


def expire(g, kind: int, turn: int = -1) -> None:
    """Drop the modifiers of duration ``kind`` (``BATTLE``; ``END``/``START`` of turn ``turn``)."""
    if not g.mods:
        return
    if kind == BATTLE:
        g.mods = [m for m in g.mods if m.expires != BATTLE]
    else:
        g.mods = [m for m in g.mods if not (m.expires == kind and m.expire_turn <= turn)]


def drop_card_modifiers(g, cid: int) -> None:
    """Rule 3-1-6: a card leaving its area loses every effect applied to it."""
    if g.mods:
        g.mods = [m for m in g.mods if m.target != cid and not (m.stat == CHOSE and m.amount == cid)]


def prohibited(g, cid: int, what: str, *, by: str | None = None, source: int = -1, attacker: int = -1,
               spend: bool = False) -> bool:
    """Whether a permanent effect forbids ``cid`` to ``what`` (``attack``, ``attack_leader``, ``be_ko``,
    ``be_removed``, ``be_rested``) now -- rule 1-3-3: a prohibition wins over an instruction.

    ``by`` says how: ``"battle"`` or ``"effect"``; ``source`` is the card whose effect acts (its owner
    decides whether it is an "opponent's effect"); ``attacker`` is the card battling ``cid``. ``spend``: the
    event is really stopped now, so a "once per turn" prohibition that stops it is used up for the turn.
    """
    return prohibition(g, cid, what, by=by, source=source, attacker=attacker, spend=spend) is not None


def prohibition(g, cid: int, what: str, *, by: str | None = None, source: int = -1, attacker: int = -1,
                spend: bool = False):
    """What forbids ``cid`` to ``what`` (arguments of :func:`prohibited`): the card id whose permanent effect
    forbids it, ``-1`` for an effect already resolved that applies to it (a modifier, whose card is not
    kept), ``None`` when nothing forbids it. Rule 1-3-3. A "once per turn" one ("Once per turn, this
    Character cannot be K.O.'d by your opponent's effects", OP10-118) forbids until it has stopped one event
    this turn: with ``spend`` it is then noted in ``g.once`` as a [Once Per Turn] effect is (10-2-13-1,
    cleared each turn and when the card leaves the field, 10-2-13-4)."""
    pl = -1 - g.t.owner[cid]  # a player flag: "you cannot attack a Leader during this turn" (OP06-026)
    for m in g.mods:
        if (m.target == cid or m.target == pl) and m.stat == PROHIBIT:
            w = m.amount
            if w.__class__ is tuple:  # (what, how): "cannot be K.O.'d in battle / by (your opponent's) effects"
                w, how = w
                if (by != "battle") if how == "battle" else (by != "effect" or (
                        how == "opponent_effect" and (source < 0 or g.t.owner[source] == m.controller))):
                    continue
            if w == what or (what == "be_ko" and w == "be_removed" and by == "effect"):
                return -1
    if not g.t.static_ops.get("cannot"):
        return None
    for src, eff, a in static_actions(g, "cannot"):
        w = a.param("what")
        if w != what and not (what in ("be_ko",) and w == "be_removed" and by == "effect"):
            continue
        if not _static_targets(g, src, a, cid):
            continue
        how = a.param("by")
        if how == "battle" and by != "battle":
            continue
        if how in ("effect", "opponent_effect", "your_effect") and by != "effect":
            continue
        if how == "opponent_effect" and (source < 0 or g.t.owner[source] == g.t.owner[cid]):
            continue
        if how == "your_effect" and (source < 0 or g.t.owner[source] != g.t.owner[src]):
            continue  # "... by your effects" (OP14-079): the effects of this effect's controller
        if a.param("when") == "turn_played" and g.played[cid] != g.turn:
            continue
        sel = a.param("attacker")
        if sel is not None and (attacker < 0 or not _in_zones(g, attacker, sel.zones)
                                or not g.fx.matches(g, src, attacker, sel.filters)):
            continue
        sel = a.param("source")
        if sel is not None and (source < 0 or not _in_zones(g, source, sel.zones)
                                or not g.fx.matches(g, src, source, sel.filters)):
            continue
        if a.param("once") and not _once_left(g, src, eff, spend):
            continue
        return src
    return None


def _once_left(g, src: int, eff, spend: bool) -> bool:
    """Whether the "once per turn" prohibition ``eff`` of ``src`` has not stopped an event this turn; with
    ``spend``, it now has (its key in ``g.once`` is the one of a [Once Per Turn] effect, 10-2-13-1)."""
    key = (src, g.t.defs[src].effects.index(eff))
    if key in g.once:
        return False
    if spend:
        g.once.add(key)
    return True


def player_bound(g, player: int, stat: int) -> bool:
    """Whether a modifier ``stat`` binds ``player`` now (a player-wide "you cannot ..." effect: its target
    is ``-1 - player``, effects/actions.py ``_PLAYER_PROHIBITIONS``)."""
    who = -1 - player
    for m in g.mods:
        if m.target == who and m.stat == stat:
            return True
    return False


def draw_forbidden(g, player: int) -> bool:
    """Whether ``player`` cannot draw cards using their own effects now ("Then, you cannot draw cards using
    your own effects during this turn", OP12-099; rule 1-3-3). The Draw Phase draw is not an effect."""
    return player_bound(g, player, NO_DRAW)


def set_don_active_forbidden(g, player: int) -> bool:
    """Whether ``player`` cannot set DON!! cards as active using Character effects now (OP10-030; card Q&A
    ST24-005: a delayed "set up to 1 of your DON!! cards as active at the end of this turn" of a Character is
    stopped too). Read only for DON!! set active by a Character's effect (rule 1-3-3)."""
    return player_bound(g, player, NO_SET_DON_ACTIVE)


def life_to_hand_forbidden(g, player: int) -> bool:
    """Whether ``player`` cannot add their Life cards to their hand using their own effects now (1-3-3)."""
    return player_bound(g, player, NO_LIFE_TO_HAND)


def _in_zones(g, cid: int, zones) -> bool:
    p = g.players[g.t.owner[cid]]
    return ("leader" in zones and cid == p.leader) or ("character" in zones and cid in p.characters) or (
        "stage" in zones and cid == p.stage)


def can_attack_active(g, cid: int) -> bool:
    """Whether ``cid`` may also attack the opponent's active Characters (an effect overriding 7-1-1-2)."""
    if g.mods:
        for m in g.mods:
            if m.target == cid and m.stat == CAN_ATTACK_ACTIVE:
                return True
    if g.t.static_ops.get("can_attack_active"):
        for src, _, a in static_actions(g, "can_attack_active"):
            if _static_targets(g, src, a, cid):
                return True
    return False


def plays_rested(g, cid: int) -> bool:
    """Whether Character ``cid`` enters the field rested however it is played: a permanent "Your Character
    cards are played rested" (OP09-022, op ``play_rested``) of a card its owner has on the field."""
    owner = g.t.owner[cid]
    return any(g.t.owner[src] == owner for src, _, _a in static_actions(g, "play_rested"))


def don_phase_given(g, player: int) -> int:
    """How many of the DON!! cards ``player``'s DON!! Phase adds are given to their Leader ("If you have any
    DON!! cards on your field, 1 DON!! card placed during your DON!! Phase is given to your Leader", OP13-003,
    op ``don_phase_give``), read before they are placed (rules/phases.don_phase): the effect's condition is
    about the DON!! cards already on the field, else it would hold whenever one is placed."""
    if not g.t.static_ops.get("don_phase_give"):
        return 0
    return sum(a.amount or 0 for src, _, a in static_actions(g, "don_phase_give") if g.t.owner[src] == player)


def face_up_life_to_deck(g, cid: int) -> bool:
    """Whether Life card ``cid``, about to be added to its owner's hand (by damage, an effect or a cost), is
    placed at the bottom of their deck instead: it is face-up and its owner has a card whose permanent effect
    says so ("Your face-up Life cards are placed at the bottom of your deck instead of being added to your
    hand, according to the rules", ST13-003, op ``face_up_life_to_deck``; card Q&A qa_st-13.md ST13-003
    q1-q3)."""
    if not g.face_up[cid] or not g.t.static_ops.get("face_up_life_to_deck"):
        return False
    owner = g.t.owner[cid]
    return any(g.t.owner[src] == owner for src, _, _a in static_actions(g, "face_up_life_to_deck"))


def play_forbidden(g, player: int, cid: int) -> bool:
    """Whether ``player`` may not play card ``cid`` now ("you cannot play Character cards ... during this
    turn"): a NO_PLAY modifier whose action's filters the card matches."""
    return play_prohibitor(g, player, cid) >= 0


def play_prohibitor(g, player: int, cid: int) -> int:
    """The card id whose NO_PLAY modifier forbids ``player`` to play ``cid`` (the first in the order the
    modifiers were made), or -1 when none does (1-3-3)."""
    key = -1 - player
    for m in g.mods:
        if m.target == key and m.stat == NO_PLAY:
            src, eidx, path = m.amount
            a = g.fx.action_at(g, src, eidx, path)
            if g.fx.matches(g, src, cid, a.target.filters):
                return src
    return -1


def attack_cost(g, cid: int) -> int:
    """How many cards from hand ``cid``'s controller must trash for it to attack now (``ATTACK_COST``; 0 for
    none). Several such effects each ask their own cards."""
    n = 0
    for m in g.mods:
        if m.target == cid and m.stat == ATTACK_COST:
            n += m.amount
    return n


def counter(g, cid: int) -> int:
    """The Counter value of ``cid`` now (2-10; 0 for none): the printed one, or the value a permanent effect
    sets ("The counter of all of your Character cards with 8000 power in your hand becomes +2000",
    OP16-118; also for a card printed without one). Several such effects: the highest."""
    value = g.t.defs[cid].counter or 0
    if g.t.static_ops.get("set_counter") and "set_counter" not in _evaluating:
        _evaluating.add("set_counter")
        try:
            best = None
            for src, _, a in static_actions(g, "set_counter"):
                if a.amount is not None and _static_targets(g, src, a, cid) and (best is None or a.amount > best):
                    best = a.amount
        finally:
            _evaluating.discard("set_counter")
        if best is not None:
            value = best
    return value


def static_base_power(g, cid: int):
    """The highest base power a permanent effect sets for ``cid`` now (rule 4-9-2-1), or ``None``."""
    if "set_base_power" in _evaluating:
        return None
    _evaluating.add("set_base_power")
    try:
        best = None
        for src, _, a in static_actions(g, "set_base_power"):
            value = a.amount
            same = a.param("same_as_base_power_of")
            if same is not None and _static_targets(g, src, a, cid):
                # "... becomes the same as your Leader's base power" (OP14-053): that Leader's base power now
                # (its own permanent base-power effects are not re-read here: the guard above)
                leaders = g.fx.candidates(g, src, same)
                value = base_power(g, leaders[0]) if leaders else None
            if value is not None and _static_targets(g, src, a, cid) and (best is None or value > best):
                best = value
        return best
    finally:
        _evaluating.discard("set_base_power")
