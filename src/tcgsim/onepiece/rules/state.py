"""The game state of the ONE PIECE CARD GAME: zones (rule 3), per-card status and the effect stack.

Design for speed and for search: every physical card has an integer id for the whole game; zones are
lists of ids; per-card status (rested, DON!! given, turn played, face-up Life) lives in flat arrays
indexed by id; card definitions are shared and never copied. The work still to do (phases, battle steps,
effects being resolved) is a stack of small immutable tuples, so a game paused at any decision, even
inside an effect, is cloned by copying a few lists and serialized as plain JSON.

Pile order: for ``deck``, ``life`` and ``trash`` the *top* card is the *last* element of the list.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards.model import CardDef


class EffectContext(NamedTuple):
    """``Game.ctx[inst]``: the scratch data of effect instance ``inst`` while it resolves
    (effects/interpreter.py). ``it``: the card ids chosen or moved by the last action ("it", "that card");
    ``looked``: the cards looked at; ``did``: whether the last action did something ("if you do", rule
    8-3-3); ``paid``: whether every cost was paid; ``revealed``: the cards of the effect's last reveal ("the
    revealed card" after an action that made "it" name other cards, EB01-029); ``wave``: for a queued auto
    effect, the ``inst`` of the effect whose resolution triggered it (-1: a game event), ``None`` once its
    player has ordered it (interpreter.order_waiting, rule 8-6); ``home``: ``(card, zone)`` when the effect's
    own card was in ``zone`` (``"trash"``) as the effect was activated, ``(card, "")`` once the card has left
    that zone since: it is then a new card (rule 3-1-6) and "this card" names nothing
    (interpreter.left_zone, select.resolve_ref); ``()`` when not watched. A tuple (cloned by reference,
    stored in JSON as a list)."""

    it: tuple
    looked: tuple
    did: bool
    paid: bool
    revealed: tuple
    wave: int | None
    home: tuple = ()


class PlayerState:
    """One player's zones (rule 3-1-1) and counters.

    ``deck``/``life``/``trash``: card ids, top card last. ``hand``: ids in hand order. ``characters``:
    ids in field order (rule 3-7). ``stage``/``leader``: an id or -1. DON!!: counts for the DON!! deck and the
    cost area (active / rested); DON!! given to a card is counted in ``GameState.given``.
    """

    __slots__ = (
        "leader", "deck", "hand", "trash", "life", "characters", "stage",
        "don_deck", "don_active", "don_rested", "don_total",
        "first_turn_done", "damaged_at_zero", "conceded", "deck_out_turn",
    )

    def __init__(self) -> None:
        self.leader = -1
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.trash: list[int] = []
        self.life: list[int] = []
        self.characters: list[int] = []
        self.stage = -1
        self.don_deck = 10
        self.don_active = 0
        self.don_rested = 0
        self.don_total = 10
        self.first_turn_done = False
        self.damaged_at_zero = False
        self.conceded = False
        # the turn in which the deck became 0 cards while a "you do not lose when your deck has 0 cards"
        # effect applied (OP15-022; rules/engine.rule_processing), else -1
        self.deck_out_turn = -1

    def field_cards(self) -> tuple[int, ...]:
        """The player's Leader, Characters (field order) and Stage: the cards of the field whose text is valid
        there (rules 3-1-2, 2-8-2); the cost area's DON!! cards are counts, not ids."""
        return (self.leader, *self.characters, self.stage) if self.stage >= 0 else (self.leader, *self.characters)

    def clone(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.leader = self.leader
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.trash = self.trash[:]
        p.life = self.life[:]
        p.characters = self.characters[:]
        p.stage = self.stage
        p.don_deck = self.don_deck
        p.don_active = self.don_active
        p.don_rested = self.don_rested
        p.don_total = self.don_total
        p.first_turn_done = self.first_turn_done
        p.damaged_at_zero = self.damaged_at_zero
        p.conceded = self.conceded
        p.deck_out_turn = self.deck_out_turn
        return p

    def to_dict(self) -> dict:
        """Every slot by name, in slot order, the zones' lists copied; ``deck_out_turn`` only when set
        (OP15-022): a game without it keeps the state fingerprint it had."""
        d = {"leader": self.leader, "deck": self.deck[:], "hand": self.hand[:], "trash": self.trash[:],
             "life": self.life[:], "characters": self.characters[:], "stage": self.stage,
             "don_deck": self.don_deck, "don_active": self.don_active, "don_rested": self.don_rested,
             "don_total": self.don_total, "first_turn_done": self.first_turn_done,
             "damaged_at_zero": self.damaged_at_zero, "conceded": self.conceded}
        if self.deck_out_turn != -1:
            d["deck_out_turn"] = self.deck_out_turn
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerState":
        """The player of :meth:`to_dict` data (every slot's key, ``deck_out_turn`` optional: -1 for a state saved
        before OP15-022 was supported; the zones' lists copied). Raises ``KeyError`` for a missing key."""
        p = cls.__new__(cls)
        p.leader = d["leader"]
        p.deck = list(d["deck"])
        p.hand = list(d["hand"])
        p.trash = list(d["trash"])
        p.life = list(d["life"])
        p.characters = list(d["characters"])
        p.stage = d["stage"]
        p.don_deck = d["don_deck"]
        p.don_active = d["don_active"]
        p.don_rested = d["don_rested"]
        p.don_total = d["don_total"]
        p.first_turn_done = d["first_turn_done"]
        p.damaged_at_zero = d["damaged_at_zero"]
        p.conceded = d["conceded"]
        p.deck_out_turn = d.get("deck_out_turn", -1)
        return p


class Tables:
    """Per-game static data shared by every clone: card definitions and owners, indexed by card id."""

    __slots__ = ("defs", "owner", "numbers", "custom", "static", "timed", "static_ops", "whens", "replacements",
                 "event_log", "whens_by_kind", "battle_log",
                 "ko_log", "hand_trash_log")

    def __init__(self, defs: list[CardDef], owner: list[int], custom: dict[str, CardDef] | None = None):
        self.defs = tuple(defs)
        self.owner = tuple(owner)
        self.numbers = tuple(d.number for d in defs)
        self.custom = dict(custom or {})
        # cards with permanent effects (rule 8-1-3-3), read by continuous.py while they are on the field
        self.static = tuple(i for i, d in enumerate(self.defs) if any(e.kind == "permanent" for e in d.effects))
        # per card: timing -> indices of its effects with that timing (auto effects only for auto timings)
        self.timed: tuple[dict, ...] = tuple(_timed(d) for d in self.defs)
        # cards with "When ..." effects written out in their text (effects/hooks.fire_event)
        self.whens = tuple(i for i, t in enumerate(self.timed) if "when" in t)
        # event kind -> (sources of cards of player 0 first, of player 1 first): the cards of ``whens``
        # with a "When ..." effect waiting for that kind (an ``any_of`` for each of its parts), in the
        # order effects/hooks.fire_event queues them (the turn player's first, rule 8-6-1); a card that
        # waits for nothing of that kind would be skipped there anyway
        self.whens_by_kind: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = _whens_by_kind(self)
        # cards with replacement effects (rule 8-1-3-4), read by zones.ko_check
        self.replacements = tuple(i for i, d in enumerate(self.defs) if any(e.kind == "replacement" for e in d.effects))
        # whether a card asks which Events were activated this turn (continuous.EVENT_ACTIVATED)
        self.event_log = any(_asks_events(e) for d in self.defs for e in d.effects)
        # whether a card asks which cards battled this turn (continuous.BATTLED, OP12-020)
        self.battle_log = any(_asks_events(e, "battled") for d in self.defs for e in d.effects)
        # whether a card asks which Characters were K.O.'d this turn (continuous.CHARACTER_KOD)
        self.ko_log = any(_asks_events(e, "kod_this_turn") for d in self.defs for e in d.effects)
        # whether a card asks if a card of a hand was trashed by an effect this turn (continuous.HAND_TRASHED)
        self.hand_trash_log = any(_asks_events(e, "hand_trashed_this_turn") for d in self.defs for e in d.effects)
        # action op -> [(source id, effect, actions of that op, effect.in_hand)] over the permanent effects
        # (in_hand computed once here: continuous.py reads it for every power and cost)
        self.static_ops: dict[str, list] = {}
        for i in self.static:
            for eff in self.defs[i].effects:
                if eff.kind == "permanent":
                    for op in {a.op for a in eff.actions}:
                        acts = tuple(a for a in eff.actions if a.op == op)
                        self.static_ops.setdefault(op, []).append((i, eff, acts, eff.in_hand))


_NO_TIMINGS: dict = {}


def _whens_by_kind(t: "Tables") -> dict:
    """See ``Tables.whens_by_kind``."""
    kinds: dict[str, list[int]] = {}
    for src in t.whens:
        for idx in t.timed[src]["when"]:
            ev = t.defs[src].effects[idx].event
            if ev is None:
                continue
            subs = [sub.kind for sub in dict(ev.params)["events"]] if ev.kind == "any_of" else [ev.kind]
            for k in subs:
                got = kinds.setdefault(k, [])
                if src not in got:
                    got.append(src)
    out = {}
    for k, srcs in kinds.items():
        srcs.sort()  # the order of ``whens``
        out[k] = tuple(tuple(sorted(srcs, key=lambda s: t.owner[s] != active)) for active in (0, 1))
    return out


def _asks_events(eff, kind: str = "event_activated") -> bool:
    """Whether effect ``eff`` has a condition of ``kind`` (``event_activated``, ``battled``,
    ``kod_this_turn``), on the effect or
    on one of its actions."""
    def cond(c) -> bool:
        return c.kind == kind or any(cond(p) for p in c.parts)

    def acts(actions) -> bool:
        return any((a.condition is not None and cond(a.condition)) or acts(a.body) or any(acts(o) for o in a.options)
                   for a in actions)

    return any(cond(c) for c in eff.conditions) or acts(eff.actions)


def _timed(d: CardDef) -> dict:
    if not d.effects:
        return _NO_TIMINGS
    out: dict[str, tuple] = {}
    for idx, e in enumerate(d.effects):
        if e.timing is not None and (e.kind != "auto" or True):
            out[e.timing] = out.get(e.timing, ()) + (idx,)
    return out
