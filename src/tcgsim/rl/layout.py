"""The fixed-size encodings of the RL environment: card vocabulary, observation vector and action indices.

Everything here reads only what the protocol gives a seat (:meth:`Session.view` and the option labels in
the view's ``pending``), never the game, so an observation cannot hold a hidden card.

* :class:`Vocabulary`: every card number of the game's database, sorted, indexed from 1 (0 = none/hidden).
* :class:`ObsLayout`: a list of named slots (:class:`Slot`: name, size, range, meaning) and the function
  that fills them from a view; ``docs/rl.md`` prints the tables of :data:`LAYOUTS`.
* :class:`ActionLayout`: families of action indices (:class:`Family`: an action kind over fixed slots, e.g.
  "attack with my field slot i into opponent field slot j"); :meth:`ActionLayout.indices` maps a decision's
  labels to one index each and raises :class:`ActionSpaceError` when two options would share an index or an
  option does not fit.

One layout per game (:data:`LAYOUTS`, keyed by the game's name); the environment code is the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import TcgsimError


class ActionSpaceError(TcgsimError):
    """An option the fixed action space cannot hold, or two options mapped to one index (a layout bug)."""


# ------------------------------------------------------------------------------------------ vocabulary
class Vocabulary:
    """Card numbers ↔ indices: the database's numbers sorted, ``1..len``; ``0`` is none or hidden.

    Stable for a given card database (the pinned data package): a new set adds numbers and so shifts the
    indices after them; ``numbers`` is saved with a trained policy to check it."""

    def __init__(self, numbers) -> None:
        self.numbers: tuple[str, ...] = tuple(sorted(set(numbers)))
        self._index = {n: i + 1 for i, n in enumerate(self.numbers)}
        self.get = self._index.get
        """``get(number, 0)``: :meth:`__call__` as a bound ``dict.get`` (the encoders' fast path; ``None`` and
        unknown numbers give the default)."""

    def __len__(self) -> int:
        return len(self.numbers) + 1  # with 0

    def __call__(self, number: str | None) -> int:
        """The index of ``number`` (``0`` for ``None``); an unknown number (a test's custom card) is 0."""
        return 0 if number is None else self._index.get(number, 0)

    @classmethod
    def of(cls, db) -> "Vocabulary":
        """The vocabulary of a card database (One Piece: iterable of cards; Bleach: ``db.cards``)."""
        cards = db.cards.values() if hasattr(db, "cards") else db
        return cls([c.number for c in cards] + ["FILLER"])


# ------------------------------------------------------------------------------------------ observation
@dataclass(frozen=True)
class Slot:
    """``size`` numbers named ``name`` with values in ``[low, high]`` (``"V"`` high = vocabulary size - 1)."""

    name: str
    size: int
    low: float
    high: float | str
    meaning: str


PHASES = ("setup", "refresh", "draw", "don", "main", "end", "over", "actions", "combat", "depart", "finale")
"""Phase names of both games: the ``phase`` slot holds 1 + the position here (0: another phase)."""
KINDS = ("first", "keep", "main", "block", "counter", "trigger", "choose", "option", "effect", "yes-no", "order",
         "trash", "action", "combat", "defend", "entry", "exchange", "respond", "sacrifice", "spirit", "unleash",
         "zanpakuto")
"""Decision kinds of both games: the ``kind`` slot holds 1 + the position here (0: not this seat's decision)."""

_PHASE = {p: i + 1 for i, p in enumerate(PHASES)}
_KIND = {k: i + 1 for i, k in enumerate(KINDS)}


def _header(view: dict, out: list) -> None:
    me = view["you"]
    pend = view["pending"]
    mine = pend is not None and pend["player"] == me
    out += (min(view["turn"], 100), float(view["active"] == me), float(view["first"] == me),
            float(view["first"] is None), _PHASE.get(view["phase"], 0),
            _KIND.get(pend["kind"], 0) if mine else 0, min(len(pend["options"]), 255) if mine else 0)


HEADER = [
    Slot("turn", 1, 0, 100, "game turn number (both players' turns count), capped at 100"),
    Slot("my_turn", 1, 0, 1, "1 if it is this seat's turn"),
    Slot("i_went_first", 1, 0, 1, "1 if this seat plays first"),
    Slot("first_unknown", 1, 0, 1, "1 before the first player is chosen"),
    Slot("phase", 1, 0, len(PHASES), "1 + index in PHASES (layout.PHASES), 0 other"),
    Slot("kind", 1, 0, len(KINDS), "1 + index in KINDS of this seat's pending decision, 0 if not its decision"),
    Slot("options", 1, 0, 255, "number of legal options now (0 if not this seat's decision)"),
]


def _cards(cards: list, n: int, voc: Vocabulary, out: list) -> None:
    """``n`` card indices from ``cards`` (numbers), padded with 0."""
    k = min(len(cards), n)
    get = voc.get
    out += [get(c, 0) for c in cards[:k]]
    if k < n:
        out += [0] * (n - k)


# One Piece ------------------------------------------------------------------------------------------------
OP_CHARS, OP_HAND, OP_TRASH, OP_LIFE = 6, 20, 10, 6


def _op_side(side: dict, own: bool, voc: Vocabulary, out: list) -> None:
    get = voc.get
    lead = side["leader"]
    out += (get(lead["card"], 0), float(lead["rested"]), lead["don"], lead["power"] / 1000)
    chars = side["characters"]
    for c in chars[:OP_CHARS]:
        out += (get(c["card"], 0), float(c["rested"]), c["don"], c["power"] / 1000, float(c["played_this_turn"]))
    if len(chars) < OP_CHARS:
        out += [0] * (5 * (OP_CHARS - len(chars)))
    st = side["stage"]
    out += (0, 0) if st is None else (get(st["card"], 0), float(st["rested"]))
    don = side["don"]
    out += (side["hand_count"], side["deck_count"], side["life_count"], len(side["trash"]),
            don["active"], don["rested"], don["deck"])
    life = [0] * OP_LIFE
    for f in side["life_face_up"]:
        if 1 <= f["position"] <= OP_LIFE:
            life[f["position"] - 1] = voc(f["card"])
    out += life
    _cards(side["trash"], OP_TRASH, voc, out)
    if own:
        _cards(side["hand"], OP_HAND, voc, out)


def _op_side_slots(who: str, own: bool) -> list[Slot]:
    s = [
        Slot(f"{who}.leader", 4, 0, "V", "Leader: card, rested (0/1), DON!! given (0-10), power / 1000"),
        Slot(f"{who}.characters", 5 * OP_CHARS, 0, "V",
             f"{OP_CHARS} Characters in field order, 5 each: card, rested, DON!! given, power / 1000, "
             "played this turn; zeros for an empty slot"),
        Slot(f"{who}.stage", 2, 0, "V", "Stage: card, rested (zeros if none)"),
        Slot(f"{who}.counts", 7, 0, 100, "hand size, deck size, Life count, trash size, active DON!!, rested DON!!, "
                                       "DON!! deck"),
        Slot(f"{who}.life_face_up", OP_LIFE, 0, "V", "face-up Life cards by position from the top (1st = top), 0 "
                                                    "face-down or none"),
        Slot(f"{who}.trash", OP_TRASH, 0, "V", f"the top {OP_TRASH} trash cards, top first"),
    ]
    if own:
        s.append(Slot(f"{who}.hand", OP_HAND, 0, "V", f"the first {OP_HAND} hand cards in hand order (this seat only)"))
    return s


def _op_encode(view: dict, voc: Vocabulary, out: list) -> None:
    _header(view, out)
    _op_side(view["me"], True, voc, out)
    _op_side(view["opponent"], False, voc, out)
    b = view["battle"]
    out += (0, 0, 0, 0) if b is None else (voc(b["attacker"]), voc(b["target"]), b["attacker_power"] / 1000,
                                           b["target_power"] / 1000)


OP_SLOTS = HEADER + _op_side_slots("me", True) + _op_side_slots("opp", False) + [
    Slot("battle", 4, 0, "V", "the battle in progress: attacker card, target card, their powers / 1000 (zeros "
                              "outside a battle)"),
]


# Bleach --------------------------------------------------------------------------------------------------
BL_SOULS, BL_SUPPORTS, BL_HAND, BL_DISCARD = 6, 6, 20, 10
_WHERE = {"borne": 1, "aside": 2, "hand": 3, "discard": 4, "combat": 5}


def _bl_side(side: dict, own: bool, voc: Vocabulary, out: list) -> None:
    souls = side["souls"]
    for k in range(BL_SOULS):
        if k < len(souls):
            s = souls[k]
            out += (voc(s["card"]), float(s["face_up"]), float(s["exhausted"]), (s["pc"] or 0) / 100,
                    float(s["zanpakuto"]), len(s["unleashed"]), s["reserve_count"])
        else:
            out += (0,) * 7
    _cards([s["card"] for s in side["supports"]], BL_SUPPORTS, voc, out)
    z = side["zanpakuto"]
    out += (side["hand_count"], side["deck_count"], side["soul_points"], len(side["discard"]),
            len(side["exclusion"]), side["turns"], voc(z["card"]), _WHERE.get(z["where"], 0))
    _cards(side["discard"][::-1], BL_DISCARD, voc, out)
    if own:
        _cards(side["hand"], BL_HAND, voc, out)


def _bl_side_slots(who: str, own: bool) -> list[Slot]:
    s = [
        Slot(f"{who}.souls", 7 * BL_SOULS, 0, "V",
             f"{BL_SOULS} souls in order of entry, 7 each: card (0 if face down and not yours), face up, exhausted, "
             "PC / 100, bears the zanpakuto, unleashed pieces, reserve size"),
        Slot(f"{who}.supports", BL_SUPPORTS, 0, "V", "support cards in order"),
        Slot(f"{who}.counts", 8, 0, "V", "hand size, deck size, soul points, discard size, exclusion size, turns "
                                       "played, zanpakuto card (V), where it is (1 borne 2 aside 3 hand 4 discard "
                                       "5 combat)"),
        Slot(f"{who}.discard", BL_DISCARD, 0, "V", f"the last {BL_DISCARD} discarded cards, latest first"),
    ]
    if own:
        s.append(Slot(f"{who}.hand", BL_HAND, 0, "V", f"the first {BL_HAND} hand cards (this seat only)"))
    return s


def _bl_encode(view: dict, voc: Vocabulary, out: list) -> None:
    _header(view, out)
    _bl_side(view["me"], True, voc, out)
    _bl_side(view["opponent"], False, voc, out)
    c = view["combat"]
    me = view["you"]
    out += (0, 0, 0, 0, 0) if c is None else (
        1 if (view["active"] == me) else 2, (c["attacker_pc"] or 0) / 100, (c["defender_pc"] or 0) / 100,
        len(c["attacker_cards"]), len(c["defender_cards"]))


BL_SLOTS = HEADER + _bl_side_slots("me", True) + _bl_side_slots("opp", False) + [
    Slot("combat", 5, 0, 100, "the combat in progress: 0 none / 1 this seat attacks / 2 it defends, attacker "
                              "PC / 100, defender PC / 100, attacker's combat cards, defender's combat cards"),
]


class ObsLayout:
    """The observation vector of one game: ``slots`` (documented) filled by ``encode(view, voc, out)``."""

    def __init__(self, slots: list[Slot], encode: Callable) -> None:
        self.slots = slots
        self.size = sum(s.size for s in slots)
        self._encode = encode

    def encode(self, view: dict, voc: Vocabulary) -> np.ndarray:
        """The float32 vector of ``view`` (shape ``(size,)``)."""
        out: list = []
        self._encode(view, voc, out)
        assert len(out) == self.size, (len(out), self.size)
        return np.asarray(out, dtype=np.float32)

    def bounds(self, vocab_size: int) -> tuple[np.ndarray, np.ndarray]:
        """Per-element low and high bounds for a Box space (card slots reach ``vocab_size - 1``).

        The encoding clips the turn and the option count only; tests/rl checks that random games stay inside."""
        low, high = [], []
        for s in self.slots:
            hi = float(vocab_size - 1) if s.high == "V" else float(s.high)
            low += [float(s.low)] * s.size
            high += [hi] * s.size
        return np.asarray(low, np.float32), np.asarray(high, np.float32)


# ------------------------------------------------------------------------------------------ actions
@dataclass(frozen=True)
class Family:
    """``pattern`` (a regex over labels; its groups are the arguments) and one resolver per group, each a
    name of :data:`RESOLVERS` with its number of slots: the family takes ``prod(slots)`` indices."""

    name: str
    pattern: str
    args: tuple[tuple[str, int], ...]
    meaning: str

    @property
    def size(self) -> int:
        n = 1
        for _, k in self.args:
            n *= k
        return n


def _nth_copy(ref: str, cards: list) -> int | None:
    """The position in ``cards`` (numbers) of ``NUMBER`` / ``NUMBER#k`` (the k-th copy in order)."""
    number, _, k = ref.partition("#")
    want = int(k) if k.isdigit() else 1
    for pos, c in enumerate(cards):
        if c == number:
            want -= 1
            if want == 0:
                return pos
    return None


def _op_field(view: dict, ref: str, side: str) -> int | None:
    """One Piece field slot: 0 Leader, 1..6 Characters in field order, 7 Stage."""
    if ref == "leader":
        return 0
    if ref == "stage":
        return 7
    pos = _nth_copy(ref, [c["card"] for c in view[side]["characters"]])
    return None if pos is None else pos + 1


def _bl_souls(view: dict, ref: str, side: str) -> int | None:
    """Bleach soul slot: position in order of entry, found by its label."""
    souls = view[side]["souls"]
    for pos, s in enumerate(souls):
        if s["label"] == ref:
            return pos
    return None


def _hand(view: dict, ref: str, _side: str) -> int | None:
    ref = ref[5:] if ref.startswith("hand ") else ref
    return _nth_copy(ref, view["me"]["hand"])


def _number(_view: dict, ref: str, _side: str) -> int | None:
    return int(ref) - 1 if ref.isdigit() else None


def _copies(cards: list, first: int = 0) -> dict[str, int]:
    """``{NUMBER: slot of its first copy, NUMBER#k: slot of its k-th copy}`` for ``cards`` (numbers) in order,
    slots counted from ``first``: what :func:`_nth_copy` finds, read once per view."""
    out: dict[str, int] = {}
    seen: dict[str, int] = {}
    for pos, c in enumerate(cards, first):
        k = seen.get(c, 0) + 1
        seen[c] = k
        out[f"{c}#{k}"] = pos
        if k == 1:
            out[c] = pos
    return out


def _field_table(view: dict, side: str) -> dict[str, int]:
    return {"leader": 0, "stage": 7, **_copies([c["card"] for c in view[side]["characters"]], 1)}


def _soul_table(view: dict, side: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for pos, s in enumerate(view[side]["souls"]):
        out.setdefault(s["label"], pos)
    return out


# per resolver: (prefix stripped from its reference, whether the prefix is required, table of the view side:
# {reference: slot}); a reference not in the table is resolved by the resolver itself (same answers, slower)
_TABLES = {
    "hand": ("hand ", False, lambda v, s: _copies(v["me"]["hand"])),
    "op_field": ("", False, _field_table),
    "op_opp_field": ("opp ", True, _field_table),
    "bl_soul": ("", False, _soul_table),
    "bl_opp_soul": ("", False, _soul_table),
}

RESOLVERS = {
    "hand": (_hand, "me"),
    "op_field": (_op_field, "me"),
    "op_opp_field": (lambda v, r, s: _op_field(v, r[4:], s) if r.startswith("opp ") else None, "opponent"),
    "bl_soul": (_bl_souls, "me"),
    "bl_opp_soul": (_bl_souls, "opponent"),
    "n": (_number, ""),
}
"""Argument resolvers: ``(function(view, ref, side) -> slot or None, side)``."""


class ActionLayout:
    """The Discrete action space of one game: ``simple`` labels (one index each), ``families`` and last
    ``candidates`` indices "choose candidate k": the k-th, in the engine's order, of this decision's options
    that no simple label or family holds (multi-card choices, orders, effect choices)."""

    def __init__(self, simple: tuple[str, ...], families: list[Family], candidates: int) -> None:
        self.simple = simple
        self.families = families
        self.candidates = candidates
        self._simple = {s: i for i, s in enumerate(simple)}
        self._compiled = []
        self._by_word: dict[str, list] = {}  # a label's first word -> the families it may belong to
        self._parses: dict[str, tuple] = {}  # label -> what _parse found
        base = len(simple)
        for f in families:
            entry = (re.compile(f.pattern + "$"), f, base)
            self._compiled.append(entry)
            self._by_word.setdefault(f.pattern.split(" ", 1)[0], []).append(entry)
            base += f.size
        self.candidate_base = base
        self.size = base + candidates

    def index(self, view: dict, label: str, rank: int, tables: dict | None = None) -> int | None:
        """The index of ``label`` by simple label or family (``None``: a candidate); ``rank``: how many
        earlier options of this decision had the same label (the copies of one card in a Bleach hand);
        ``tables``: a dict kept by the caller across the labels of one view (slots looked up once)."""
        i = self._simple.get(label)
        if i is not None:
            return i
        parses = self._parses.get(label)
        if parses is None:
            parses = self._parse(label)
        if tables is None:
            tables = {}
        for base, args in parses:
            offset = 0
            for res, k, fn, side, ref, key, const in args:
                if const is not None:  # a number in the label itself
                    slot = const
                else:
                    if res == "hand" and rank:  # the (rank+1)-th copy of an unnumbered hand card
                        ref = f"{ref}#{rank + 1}"
                        key = ref[5:] if ref.startswith("hand ") else ref
                    slot = None
                    if key is not None:
                        table = tables.get(res)
                        if table is None:
                            table = tables[res] = _TABLES[res][2](view, side)
                        slot = table.get(key)
                    if slot is None:
                        slot = fn(view, ref, side)
                if slot is None or not 0 <= slot < k:
                    break
                offset = offset * k + slot
            else:
                return base + offset
        return None

    def _parse(self, label: str) -> tuple:
        """The families whose pattern reads ``label``, with its arguments: ``((base, ((resolver name, slots,
        function, side, reference, table key or None, constant slot or None), ...)), ...)``; remembered
        (labels repeat from step to step)."""
        out = []
        for rx, f, base in self._by_word.get(label.split(" ", 1)[0], ()):
            m = rx.match(label)
            if m is not None:
                args = []
                for (res, k), ref in zip(f.args, m.groups()):
                    fn, side = RESOLVERS[res]
                    key = const = None
                    if res == "n":
                        const = fn(None, ref, side)
                        const = -1 if const is None else const
                    elif res in _TABLES:
                        prefix, required, _ = _TABLES[res]
                        if prefix and ref.startswith(prefix):
                            key = ref[len(prefix):]
                        elif not required:
                            key = ref
                    args.append((res, k, fn, side, ref, key, const))
                out.append((base, tuple(args)))
        if len(self._parses) > 100_000:  # a bound, never reached by the bundled decks
            self._parses.clear()
        parses = self._parses[label] = tuple(out)
        return parses

    def indices(self, view: dict, labels: list[str]) -> list[int]:
        """One distinct index per option label (in option order). Raises :class:`ActionSpaceError` when an
        option does not fit (more than ``candidates`` candidates) or two options share an index."""
        out: list[int] = []
        seen: dict[str, int] = {}
        tables: dict = {}
        cand = 0
        for lab in labels:
            rank = seen.get(lab, 0)
            seen[lab] = rank + 1
            i = self.index(view, lab, rank, tables)
            if i is None:
                if cand >= self.candidates:
                    raise ActionSpaceError(f"{lab!r}: more than {self.candidates} candidate options")
                i = self.candidate_base + cand
                cand += 1
            out.append(i)
        if len(set(out)) != len(out):
            dup = next(lab for lab, i in zip(labels, out) if out.count(i) > 1)
            raise ActionSpaceError(f"two options share one action index: {dup!r} among {labels}")
        return out

    def describe(self, index: int) -> str:
        """What ``index`` means, in words (for error messages and docs)."""
        if index < len(self.simple):
            return repr(self.simple[index])
        for _, f, base in self._compiled:
            if base <= index < base + f.size:
                rest, parts = index - base, []
                for res, k in reversed(f.args):
                    parts.append(f"{res}={rest % k}")
                    rest //= k
                return f"{f.name}({', '.join(reversed(parts))})"
        if self.candidate_base <= index < self.size:
            return f"candidate {index - self.candidate_base}"
        return f"out of range (0..{self.size - 1})"


F, H = 8, OP_HAND * 2  # One Piece field slots (Leader, 6 Characters, Stage); hand slots
OP_ACTIONS = ActionLayout(
    simple=("first", "second", "keep", "mulligan", "end turn", "no block", "end counter", "trigger", "no trigger",
            "yes", "no", "choose none", "choose 1 don", "choose 1 rested don", "choose opp 1 don"),
    families=[
        Family("play", r"play (.+)", (("hand", H),), "play the hand card in hand slot k"),
        Family("event", r"event (.+)", (("hand", H),), "activate the [Counter] Event in hand slot k"),
        Family("counter", r"counter (.+?) -> (.+)", (("hand", H), ("op_field", F)),
               "use the hand card in slot k as a counter on own field slot i"),
        Family("give", r"give (\d+) don -> (.+)", (("n", 10), ("op_field", F)),
               "give n+1 DON!! to own field slot i"),
        Family("attack", r"attack (.+?) -> (.+)", (("op_field", F), ("op_opp_field", F)),
               "attack with own field slot i into opponent field slot j"),
        Family("activate", r"activate (.+)", (("op_field", F),), "activate the [Activate: Main] of field slot i"),
        Family("block", r"block (.+)", (("op_field", F),), "block with field slot i"),
        Family("trash", r"trash (.+)", (("op_field", F),), "trash own Character in field slot i"),
        Family("don_on", r"choose 1 don on (.+)", (("op_field", F),), "choose a DON!! given to own field slot i"),
        Family("option", r"choose option (\d+)", (("n", 8),), "choose option n+1 of an effect"),
        Family("choose_mine", r"choose (leader|stage|[A-Z0-9]+-[A-Z0-9]+(?:#\d+)?)", (("op_field", F),),
               "choose own field slot i (a target)"),
        Family("choose_opp", r"choose (opp (?:leader|stage|[A-Z0-9]+-[A-Z0-9]+(?:#\d+)?))", (("op_opp_field", F),),
               "choose opponent field slot j (a target)"),
    ],
    candidates=128,
)

S = BL_SOULS
BL_ACTIONS = ActionLayout(
    simple=("first", "second", "keep", "mulligan", "pass", "end", "sacrifice", "suffer"),
    families=[
        Family("enter", r"enter (.+)", (("hand", H),), "enter the hand card in slot k"),
        Family("combat", r"combat (.+)", (("hand", H),), "play the hand card in slot k in combat"),
        Family("attack", r"attack (.+)", (("bl_soul", S),), "attack with own soul slot i"),
        Family("defend", r"defend (.+)", (("bl_soul", S),), "defend with own soul slot i"),
        Family("zanpakuto", r"zanpakuto -> (.+)", (("bl_soul", S),), "give the zanpakuto to own soul slot i"),
        Family("spirit", r"spirit (.+?) -> (.+)", (("hand", H), ("bl_soul", S)),
               "put the hand card in slot k as spirit force on own soul slot i"),
        Family("target_mine", r"target ([A-Z]+-\d+(?:#\d+)?)", (("bl_soul", S),), "target own soul slot i"),
        Family("target_opp", r"target (opp .+)", (("bl_opp_soul", S),), "target opponent soul slot j"),
    ],
    candidates=128,
)


@dataclass(frozen=True)
class GameLayout:
    """A game's observation and action layouts."""

    obs: ObsLayout
    actions: ActionLayout


LAYOUTS = {
    "onepiece": GameLayout(ObsLayout(OP_SLOTS, _op_encode), OP_ACTIONS),
    "bleach": GameLayout(ObsLayout(BL_SLOTS, _bl_encode), BL_ACTIONS),
}
"""The layouts by game name (:attr:`GameModule.name`)."""


def markdown_tables(game: str) -> str:
    """The observation and action tables of ``game`` in Markdown, as ``docs/rl.md`` prints them (a test
    checks that the document holds them, so the document and the code cannot drift apart)."""
    g = LAYOUTS[game]
    lines = [f"#### {game}: observation ({g.obs.size} numbers)", "",
             "| offset | name | size | range | meaning |", "| --- | --- | --- | --- | --- |"]
    offset = 0
    for s in g.obs.slots:
        lines.append(f"| {offset} | `{s.name}` | {s.size} | {s.low}–{s.high} | {s.meaning} |")
        offset += s.size
    a = g.actions
    lines += ["", f"#### {game}: actions ({a.size} indices)", "",
              "| indices | action | meaning |", "| --- | --- | --- |"]
    lines += [f"| {i} | `{label}` | the option with that label |" for i, label in enumerate(a.simple)]
    base = len(a.simple)
    for f in a.families:
        args = " × ".join(f"{r} ({k})" for r, k in f.args)
        lines.append(f"| {base}–{base + f.size - 1} | `{f.name}`: {args} | {f.meaning} |")
        base += f.size
    lines.append(f"| {a.candidate_base}–{a.size - 1} | `candidate k` | the k-th, in the engine's order, of the "
                 "options no row above holds |")
    return "\n".join(lines)
