"""Why an action typed in the action notation is not among the legal options: the rule that forbids it.

:func:`explain` reads the attempted text (``play ST01-013``, ``attack ST01-013 -> opp leader``, ``give 3 don
-> leader``, ``block ...``, ``counter ... -> ...``, ``event ...``, ``activate ...``) against the state of the
game and returns a :class:`Refusal`: the rule number of the comprehensive rules (v1.2.0) and one line in
the player's terms, e.g. ``6-5-3-1: you have 2 active DON!!, ST01-012 costs 4``. When no known rule
explains the refusal (an effect's prohibition, an unreadable reference), ``rule`` is ``None`` and the
line says so honestly. The checks follow the order in which the rules apply: the decision being asked
(phase/step), then the card's zone, then the costs and keywords.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..cards.model import CHARACTER, EVENT, KW_BLOCKER, KW_RUSH, KW_RUSH_CHARACTER, KW_UNBLOCKABLE, STAGE
from .engine import IllegalAction
from .events import event_usable
from .notation import _normalize, _zone_of, labels, parse as parse_notation, resolve
from .continuous import can_attack_active, cost as current_cost, counter as counter_value, has_keyword, play_cost


class Refusal(NamedTuple):
    """``rule``: a rule number such as ``"6-5-3-1"`` (``None`` when unknown); ``reason``: one line."""

    rule: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


_ALL = ("leader", "characters", "stage", "hand", "trash", "life", "deck")
_MAIN_ACTIONS = ("play", "activate", "attack", "give")
_KIND_NAMES = {"main": "your Main Phase", "block": "the Block Step", "counter": "the Counter Step"}


def _card(g, text: str, player: int, zones=_ALL) -> int | None:
    found = resolve(g, player, text, zones)
    return found[0] if found else None


def _zone(g, cid: int) -> str:
    return _zone_of(g, cid)[0]


def _split(t: str) -> tuple[str, list[str]] | None:
    """``(kind, args)`` of an action text, or None for text of no known form."""
    for kind, pat in (("attack", r"^attack (.+?) -> (.+)$"), ("give", r"^give (\d+) don -> (.+)$"),
                      ("counter", r"^counter (.+?) -> (.+)$"), ("play", r"^play (.+)$"),
                      ("activate", r"^activate (.+)$"), ("block", r"^block (.+)$"), ("event", r"^event (.+)$")):
        m = re.match(pat, t)
        if m:
            return kind, list(m.groups())
    return None


def explain(g, text: str) -> Refusal:
    """The rule that keeps ``text`` (action notation) from being a legal option of ``g.pending``.

    ``g``: a ONE PIECE CARD GAME game with a pending decision; the text is read for the deciding player.
    Returns a :class:`Refusal` (``rule`` ``None`` when no known rule explains it). Never raises.
    """
    d = g.pending
    if d is None:
        return Refusal(None, "no decision is pending")
    t = " ".join(str(text).split())
    form = _split(t)
    if form is None:
        return Refusal(None, "not an action of the notation that is legal now")
    kind, args = form
    try:
        return _explain(g, d, kind, args) or Refusal(None, "no rule known to this engine explains it "
                                                           "(an effect may forbid it)")
    except (IndexError, ValueError, KeyError, TypeError, AttributeError):  # a reference the state cannot resolve: not an explanation
        return Refusal(None, "the card references name no card that can take this action")


def _explain(g, d, kind: str, args: list[str]) -> Refusal | None:
    me = d.player
    # --- the decision asked: which step or phase allows this kind of action
    if kind in _MAIN_ACTIONS and d.kind != "main":
        return Refusal("6-5-2", f"{kind} is a Main Phase action; the decision now is {_step(d.kind)}")
    if kind == "block" and d.kind != "block":
        if d.kind == "counter":
            if g.battle is not None and _unblockable(g, g.battle[0]):
                return _UNBLOCKABLE(g, g.battle[0])
            if g.battle is not None and g.battle[1] != g.battle[2]:  # a [Blocker] became the target
                return Refusal("7-1-2-1", "[Blocker] can be activated only once in a battle, in the Block Step, "
                                          "which is over")
            return Refusal("10-1-4-1", "[Blocker] is activated during the Block Step, which is over")
        return Refusal("10-1-4-1", "[Blocker] is activated in the Block Step, when one of your other cards "
                                   "is attacked")
    if kind in ("counter", "event") and d.kind != "counter":
        return Refusal("7-1-3-2", "Counters are used by the player being attacked, in the Counter Step")
    if kind == "play":
        return _play(g, me, args[0])
    if kind == "attack":
        return _attack(g, me, args[0], args[1])
    if kind == "give":
        return _give(g, me, int(args[0]), args[1])
    if kind == "activate":
        return _activate(g, me, args[0])
    if kind == "block":
        return _block(g, me, args[0])
    if kind == "counter":
        return _counter(g, me, args[0], args[1])
    if kind == "event":
        return _counter_event(g, me, args[0])
    return None


def _step(kind: str) -> str:
    return _KIND_NAMES.get(kind, f"a {kind} choice")


def _play(g, me: int, ref: str) -> Refusal | None:
    cid = _card(g, ref, me, ("hand",))
    if cid is None:
        return Refusal("6-5-3-1", f"{ref} is not in your hand: cards are played from your hand")
    d = g.t.defs[cid]
    if d.category == EVENT:
        if not g.fx.activatable(g, cid, "main"):
            if g.fx.activatable(g, cid, "counter"):
                return Refusal("6-5-3-1", f"{d.number} is a [Counter] Event: in the Main Phase only Events "
                                          "marked [Main] are activated")
            return Refusal("6-5-3-1", f"{d.number} has no [Main] effect this engine can activate")
        idx = g.fx.activatable(g, cid, "main")[0]
        eff = d.effects[idx]
        if eff.once_per_turn and (cid, idx) in g.once:
            return Refusal("10-2-13-3", f"the [Once Per Turn] effect of {d.number} was already resolved this turn")
        if not event_usable(g, cid, idx):
            return Refusal("8-4-1-1", f"the condition of {d.number}'s [Main] effect is not met")
    elif d.category not in (CHARACTER, STAGE):
        return Refusal("6-5-3-1", f"{d.number} is not a Character, Stage or Event card")
    cost = play_cost(g, cid)
    have = g.players[me].don_active
    if cost > have:
        return Refusal("6-5-3-1", f"you have {have} active DON!!, {d.number} costs {cost}")
    return None


def _attack(g, me: int, a_ref: str, t_ref: str) -> Refusal | None:
    p, opp = g.players[me], g.players[1 - me]
    if not p.first_turn_done:
        return Refusal("6-5-6-1", "neither player can battle on their first turn")
    a = _card(g, a_ref, me)
    if a is None or g.t.owner[a] != me or _zone(g, a) not in ("leader", "characters"):
        return Refusal("7-1-1-1", "attacks are carried out by your Leader or a Character in your Character area")
    if g.rested[a]:
        return Refusal("7-1-1-1", f"{_name(g, me, a)} is rested: an attack is declared by resting an active card")
    t = _card(g, t_ref, me)
    if t is None or g.t.owner[t] == me or _zone(g, t) not in ("leader", "characters"):
        return Refusal("7-1-1-2", "the target of an attack is the opponent's Leader or one of their rested "
                                  "Characters")
    new = a != p.leader and g.played[a] == g.turn
    if new and not has_keyword(g, a, KW_RUSH):
        if not has_keyword(g, a, KW_RUSH_CHARACTER):
            return Refusal("3-7-4", f"{g.t.numbers[a]} was played this turn and cannot attack unless it has "
                                    "[Rush] (10-1-1-1)")
        if t == opp.leader:
            return Refusal("10-1-6-1", f"{g.t.numbers[a]} was played this turn: [Rush: Character] lets it "
                                       "attack only the opponent's Characters")
    if t != opp.leader and not g.rested[t] and not can_attack_active(g, a):
        return Refusal("7-1-1-2", f"{g.t.numbers[t]} is active: only the opponent's rested Characters can be "
                                  "attacked")
    return None


def _give(g, me: int, n: int, t_ref: str) -> Refusal | None:
    p = g.players[me]
    have = p.don_active
    if n < 1:
        return Refusal("6-5-5-1", "giving places at least 1 active DON!! card")
    if n > have:
        return Refusal("6-5-5-1", f"you have {have} active DON!! in your cost area, not {n}")
    t = _card(g, t_ref, me)
    if t is None or g.t.owner[t] != me or _zone(g, t) not in ("leader", "characters"):
        return Refusal("6-5-5-1", "DON!! cards are given to your Leader or one of your Characters")
    return None


def _activate(g, me: int, ref: str) -> Refusal | None:
    cid = _card(g, ref, me, ("leader", "characters", "stage"))
    if cid is None or g.t.owner[cid] != me:
        return Refusal("6-5-4-1", f"{ref} is not one of your cards on the field")
    idxs = g.t.timed[cid].get("activate_main") or ()
    if not idxs:
        return Refusal("6-5-4-1", f"{g.t.numbers[cid]} has no [Activate: Main] effect this engine can activate")
    effs = g.t.defs[cid].effects
    if all(effs[i].once_per_turn and (cid, i) in g.once for i in idxs):
        return Refusal("10-2-13-3", f"the [Once Per Turn] effect of {g.t.numbers[cid]} was already used this "
                                    "turn")
    if all(effs[i].conditions and not g.fx.conditions_hold(g, cid, effs[i]) for i in idxs):
        return Refusal("8-4-1-1", f"the condition of {g.t.numbers[cid]}'s effect (such as [DON!! xX] or "
                                "[Your Turn]) is not met")
    if all(effs[i].costs and not g.fx.can_pay(g, cid, effs[i]) for i in idxs):
        return Refusal("8-3-1-3", f"the activation cost of {g.t.numbers[cid]}'s effect cannot be paid")
    return None


def _block(g, me: int, ref: str) -> Refusal | None:
    cid = _card(g, ref, me, ("leader", "characters"))
    if cid is None or g.t.owner[cid] != me:
        return Refusal("10-1-4-1", f"{ref} is not one of your cards on the field")
    number = g.t.numbers[cid]
    if not has_keyword(g, cid, KW_BLOCKER):
        return Refusal("10-1-4-1", f"{number} has no [Blocker]")
    attacker, target = g.battle[0], g.battle[1]
    if _unblockable(g, attacker):
        return _UNBLOCKABLE(g, attacker)
    if cid == target:
        return Refusal("10-1-4-1", f"{number} is the card being attacked: [Blocker] protects your other cards")
    if g.rested[cid]:
        return Refusal("10-1-4-1", f"{number} is rested: [Blocker] is activated by resting this card")
    return None


def _unblockable(g, attacker: int) -> bool:
    return has_keyword(g, attacker, KW_UNBLOCKABLE)


def _UNBLOCKABLE(g, attacker: int) -> Refusal:
    return Refusal("10-1-7-1", f"the attacker {g.t.numbers[attacker]} has [Unblockable]: it cannot be blocked")


def _counter(g, me: int, ref: str, t_ref: str) -> Refusal | None:
    cid = _card(g, ref, me, ("hand",))
    if cid is None:
        return Refusal("7-1-3-2-1", f"{ref} is not in your hand: Counter cards are trashed from your hand")
    d = g.t.defs[cid]
    if d.category == EVENT:
        return Refusal("7-1-3-2-2", f"{d.number} is an Event: it is activated with 'event {d.number}'")
    if d.category != CHARACTER:
        return Refusal("7-1-3-2-1", f"{d.number} is not a Character card: only Character cards with a "
                                    "[Counter] value are trashed for their Counter")
    if not counter_value(g, cid):
        return Refusal("7-1-3-2-1", f"{d.number} has no [Counter] value")
    t = _card(g, t_ref, me)
    if t is None or g.t.owner[t] != me or _zone(g, t) not in ("leader", "characters"):
        return Refusal("7-1-3-2-1", "a Counter raises the power of your Leader or one of your Characters")
    return None


def _counter_event(g, me: int, ref: str) -> Refusal | None:
    cid = _card(g, ref, me, ("hand",))
    if cid is None:
        return Refusal("7-1-3-2-2", f"{ref} is not in your hand")
    d = g.t.defs[cid]
    if d.category != EVENT or not g.fx.activatable(g, cid, "counter"):
        return Refusal("7-1-3-2-2", f"{d.number} is not an Event with a [Counter] effect this engine can "
                                    "activate")
    cost, have = current_cost(g, cid), g.players[me].don_active
    if cost > have:
        return Refusal("7-1-3-2-2", f"you have {have} active DON!!, {d.number} costs {cost}")
    return None


def _name(g, me: int, cid: int) -> str:
    return "your Leader" if cid == g.players[me].leader else g.t.numbers[cid]


def parse(g, text: str) -> tuple:
    """:func:`tcgsim.onepiece.rules.notation.parse`, whose refusal names the rule that forbids the action.

    Raises :class:`IllegalAction`: with ``rule`` and ``reason`` set (":func:`explain`") when the rule is known,
    else naming the pending decision, why in general, and its legal options.
    """
    try:
        return parse_notation(g, text)
    except IllegalAction:
        d = g.pending
        if d is None:
            raise
        why = explain(g, _normalize(text))
        if why.rule is not None:
            raise IllegalAction(f"'{text}' is not legal: {why}", rule=why.rule, reason=str(why)) from None
        raise IllegalAction(f"'{text}' is not legal at p{d.player + 1} {d.kind} ({why.reason}): "
                            + "; ".join(labels(g))) from None
