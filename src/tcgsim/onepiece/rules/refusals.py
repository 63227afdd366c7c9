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
from .continuous import (
    attack_cost, attack_target_forbidden, blocker_forbidden, can_attack_active, cost as current_cost,
    counter as counter_value, has_keyword, play_cost, play_prohibitor, prohibition)


class Refusal(NamedTuple):
    """``rule``: a rule number such as ``"6-5-3-1"`` (``None`` when unknown); ``reason``: one line."""

    rule: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


_ALL = ("leader", "characters", "stage", "hand", "trash", "life", "deck")
_MAIN_ACTIONS = ("play", "activate", "attack", "give")
_KIND_NAMES = {"main": "your Main Phase", "block": "the Block Step", "counter": "the Counter Step",
               "trigger": "the [Trigger] of a Life card", "choose": "a choice of cards for an effect",
               "yes-no": "a yes-or-no question of an effect", "trash": "which Character to trash (3-7-6-1)",
               "first": "whether to go first or second", "keep": "whether to keep your opening hand",
               "option": "which option of an effect to use", "effect": "which of your effects to resolve first",
               "order": "the order of cards being placed"}


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
    answered = _answers(t)
    if answered is not None:
        try:
            return _answer(g, d, t, answered) or Refusal(None, "no rule known to this engine explains it")
        except (IndexError, ValueError, KeyError, TypeError, AttributeError):
            return Refusal(None, "the card references name no card that can take this action")
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
            if g.battle is not None and _blocked(g):
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


# --- answers that are not Main Phase, block or counter actions: which decision each one answers -------------
_SIMPLE_ANSWERS = {"trigger": "trigger", "no trigger": "trigger", "no block": "block", "end counter": "counter",
                   "end turn": "main", "first": "first", "second": "first", "keep": "keep", "mulligan": "keep",
                   "yes": "yes-no", "no": "yes-no"}

# the rule that says what the pending decision asks, and the answers it takes ({src}: the effect's card text)
_ASKED = {
    "main": ("6-5-2", "the decision now is your Main Phase: play, activate, give DON!!, attack or end turn"),
    "block": ("10-1-4-1", "the decision now is the Block Step: block with a [Blocker], or no block"),
    "counter": ("7-1-3-2", "the decision now is the Counter Step: counter, event, or end counter"),
    "trigger": ("10-1-5-1", "the decision now is the [Trigger] of the Life card your damage revealed: trigger, "
                            "or no trigger (10-1-5-2)"),
    "first": ("5-2-1-5", "the decision now is whether to go first or second"),
    "keep": ("5-2-1-6", "the decision now is whether to keep your opening hand or redraw it once (mulligan)"),
    "trash": ("3-7-6-1", "the decision now is which of your 5 Characters to trash to play the new one"),
    "choose": ("8-4-4", "the decision now is a choice of {src}"),
    "option": ("8-4-4", "the decision now is which option of {src} to use: choose option N"),
    "yes-no": ("8-4-1", "the decision now is whether to go on with {src}: yes or no"),
    "effect": ("8-6-1", "the decision now is which of your effects to resolve first: choose effect ..."),
    "order": ("3-1-7", "the decision now is the order in which the cards are placed: order ..."),
}


def _answers(t: str) -> str | None:
    """The decision kind that an answer ``t`` which is not a Main Phase/block/counter action answers."""
    if t in _SIMPLE_ANSWERS:
        return _SIMPLE_ANSWERS[t]
    if t.startswith("choose option "):
        return "option"
    if t.startswith("choose effect "):
        return "effect"
    if t.startswith("choose "):
        return "choose"
    if t.startswith("order "):
        return "order"
    if t.startswith("trash "):
        return "trash"
    return None


def _source(g) -> tuple[int, int] | None:
    """``(card, effect index)`` of the effect whose resolution asks the pending decision, or ``None``."""
    for frame in reversed(g.stack):
        if (len(frame) > 2 and frame[0] in ("effect", "act") and type(frame[1]) is int and frame[1] >= 0
                and type(frame[2]) is int and frame[2] < len(g.t.defs[frame[1]].effects)):
            return frame[1], frame[2]
    return None


def _quote(g, cid: int, eidx: int | None = None) -> str:
    """``NUMBER ("printed text")``: the card and the text of its effect ``eidx`` (the card's text if ``None``)."""
    d = g.t.defs[cid]
    text = (d.effects[eidx].text if eidx is not None else "") or d.text or ""
    text = " ".join(text.split())
    return f'{d.number} ("{text}")' if text else d.number


def _asked(g, d) -> Refusal:
    rule, what = _ASKED.get(d.kind, (None, f"the decision now is a {d.kind} decision"))
    src = _source(g)
    if d.kind == "yes-no" and src and g.t.defs[src[0]].effects[src[1]].costs:  # "You may [cost]: [effect]"
        rule, what = "8-4-1-3", "the decision now is whether to pay the activation cost of {src}: yes, or no to decline"
    return Refusal(rule, what.format(src=_quote(g, *src) if src else "the effect being resolved"))


def _answer(g, d, t: str, answered: str) -> Refusal | None:
    if answered != d.kind:
        return _asked(g, d)
    if d.kind == "choose":
        return _choose(g, d, t)
    return None


def _choose(g, d, t: str) -> Refusal | None:
    """A choice of an effect refused by its number of cards (8-4-4-1) or its cards (8-4-4)."""
    src = _source(g)
    whose = f"the effect of {_quote(g, *src)}" if src else "the effect"
    picks = [o for o in d.options if o[0] != "choose_none"]
    sizes = [len(o) - 1 if o[0] == "choose" else 1 for o in picks]
    if t == "choose none":
        return Refusal("8-4-4-1", f"{whose} does not say \"up to\": you must choose as many as you can, "
                                  f"up to the number specified ({min(sizes)})")
    n = len(t.split(" ", 1)[1].split(","))
    if n > max(sizes):
        return Refusal("8-4-4-1", f"{whose} chooses up to {max(sizes)}, not {n}")
    if n < min(sizes) and ("choose_none",) not in d.options:
        return Refusal("8-4-4-1", f"you must choose as many as you can, up to the number specified: {whose} "
                                  f"chooses {min(sizes)}, not {n}")
    return Refusal("8-4-4", f"{whose} does not let you choose that: its choices are " + "; ".join(labels(g)))


def _unsupported(g, cid: int) -> Refusal | None:
    """When the engine cannot read the text of ``cid``: no rule forbids the action, the engine lacks it."""
    d = g.t.defs[cid]
    if getattr(d, "unsupported", None):
        return Refusal(None, f"the text of {d.number} is not supported by this engine yet "
                             f"({' | '.join(d.unsupported)}): no rule forbids this, the engine cannot do it")
    return None


def _forbidden(g, src: int | None, what: str) -> Refusal | None:
    """Rule 1-3-3 (a prohibiting effect takes precedence), citing the card whose text forbids ``what``."""
    if src is None:
        return None
    by = f"the effect of {_quote(g, src)}" if src >= 0 else "an effect resolved earlier"
    return Refusal("1-3-3", f"{by} forbids {what}: a prohibiting effect takes precedence")


def _play(g, me: int, ref: str) -> Refusal | None:
    cid = _card(g, ref, me, ("hand",))
    if cid is None:
        return Refusal("6-5-3-1", f"{ref} is not in your hand: cards are played from your hand")
    d = g.t.defs[cid]
    if d.category == EVENT:
        if not g.fx.activatable(g, cid, "main"):
            if "[Main]" in (d.text or "") and _unsupported(g, cid):
                return _unsupported(g, cid)
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
    if g.mods and (src := play_prohibitor(g, me, cid)) >= 0:
        return _forbidden(g, src, f"playing {d.number}")
    return None


def _blocked(g) -> bool:
    """Whether a [Blocker] was activated in the current battle (7-1-2-1), from the battle record's own field
    (not from the target: an effect may change it too, 10-1-4-1)."""
    return g.battle[4]


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
    who = _name(g, me, a)
    for what, doing in (("attack", f"{who} to attack"), ("be_rested", f"{who} to be rested (an attack rests it, "
                                                                       "7-1-1-1)")):
        found = _forbidden(g, prohibition(g, a, what), doing)
        if found:
            return found
    if t == opp.leader:
        found = _forbidden(g, prohibition(g, a, "attack_leader"), f"{who} to attack a Leader")
        if found:
            return found
    if attack_target_forbidden(g, a, t):
        return Refusal("1-3-3", f"an effect on the field forbids {who} to attack {g.t.numbers[t]}: a "
                                "prohibiting effect takes precedence")
    if g.mods and attack_cost(g, a) > len(p.hand):
        return Refusal("1-3-3", f"an effect lets {who} attack only if you trash {attack_cost(g, a)} cards from "
                                f"your hand; you have {len(p.hand)}")
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
    if not idxs and "[Activate: Main]" in (g.t.defs[cid].text or "") and _unsupported(g, cid):
        return _unsupported(g, cid)
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
    if blocker_forbidden(g, me, attacker):
        return Refusal("1-3-3", f"an effect resolved this battle or turn forbids you to activate [Blocker] "
                                f"against {g.t.numbers[attacker]}: a prohibiting effect takes precedence")
    return _forbidden(g, prohibition(g, cid, "be_rested"), f"{number} to be rested ([Blocker] rests it)")


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
    if d.category == EVENT and "[Counter]" in (d.text or "") and not g.fx.activatable(g, cid, "counter"):
        found = _unsupported(g, cid)
        if found:
            return found
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
