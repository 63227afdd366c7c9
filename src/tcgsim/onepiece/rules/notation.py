"""The action notation of SCENARIOS.md: rendering options as text and reading text back into options.

The same strings are used everywhere: legal-option listings, logs, the terminal player and scenario
files. Card references (from the acting player's side):

- ``ST01-013`` / ``ST01-013#2``: the first / second card with that number in zone order;
- ``leader``, ``stage``; ``opp ...`` for the opponent's; ``hand ST01-014``, ``trash ST01-014``;
- ``hand 3``, ``life 1``, ``deck 1``: a card by position, for cards the chooser cannot see.

:func:`parse` compares references after resolving them, not strings, so ``attack ST01-013 -> opp leader``
and ``attack ST01-013#1 -> opp leader`` name the same option.
"""

from __future__ import annotations

import re

from .engine import IllegalAction

_SIMPLE = {
    ("first",): "first",
    ("second",): "second",
    ("keep",): "keep",
    ("mulligan",): "mulligan",
    ("end",): "end turn",
    ("noblock",): "no block",
    ("endcounter",): "end counter",
    ("trigger",): "trigger",
    ("notrigger",): "no trigger",
    ("yes",): "yes",
    ("no",): "no",
    ("choose_none",): "choose none",
}
_SIMPLE_BY_TEXT = {v: k for k, v in _SIMPLE.items()}


def _zone_of(g, cid: int) -> tuple[str, list[int] | None]:
    p = g.players[g.t.owner[cid]]
    if cid == p.leader:
        return "leader", None
    if cid == p.stage:
        return "stage", None
    for name in ("characters", "hand", "trash", "life", "deck"):
        zone = getattr(p, name)
        if cid in zone:
            return name, zone
    return "limbo", g.limbo


def ref(g, player: int, cid: int) -> str:
    """The reference to card ``cid`` as seen by ``player`` (see the module docstring)."""
    owner = g.t.owner[cid]
    prefix = "" if owner == player else "opp "
    zone, cards = _zone_of(g, cid)
    if zone in ("leader", "stage"):
        return prefix + zone
    number = g.t.numbers[cid]
    if zone in ("life", "deck") and not (g.face_up[cid] or cid in g.known[player]):
        # secret piles are named by position from the top (1 = top); the top is the last element
        return f"{prefix}{zone} {len(cards) - cards.index(cid)}"
    if zone in ("life", "deck"):
        # top first, as references count them; only the copies ``player`` can see count for ``#N``, so that a
        # label tells nothing of a hidden card (SCENARIOS.md; 3-1-5)
        cards = [c for c in cards[::-1] if g.face_up[c] or c in g.known[player]]
    elif zone == "trash":
        cards = cards[::-1]  # top first, the order resolve() counts copies in (3-5-2: new cards go on top)
    if zone == "hand" and owner != player:
        return f"{prefix}hand {cards.index(cid) + 1}"
    same = [c for c in cards if g.t.numbers[c] == number]
    k = same.index(cid) + 1
    core = number if k == 1 else f"{number}#{k}"
    if zone == "trash":
        core = "trash " + core
    return prefix + core


def render(g, player: int, option: tuple) -> str:
    """The notation of ``option`` for the acting ``player``."""
    simple = _SIMPLE.get(option)
    if simple is not None:
        return simple
    kind = option[0]
    if kind in ("yes", "no"):  # ("yes", card, effect): which effect is asked is in the pending decision
        return kind
    if kind == "play":
        return "play " + ref(g, player, option[1])
    if kind == "give":
        return f"give {option[1]} don -> {ref(g, player, option[2])}"
    if kind == "attack":
        return f"attack {ref(g, player, option[1])} -> {ref(g, player, option[2])}"
    if kind == "activate":
        return "activate " + ref(g, player, option[1])
    if kind == "block":
        return "block " + ref(g, player, option[1])
    if kind == "counter":
        return f"counter {ref(g, player, option[1])} -> {ref(g, player, option[2])}"
    if kind == "event":
        return "event " + ref(g, player, option[1])
    if kind == "trash":
        return "trash " + ref(g, player, option[1])
    if kind == "choose":
        return "choose " + ", ".join(ref(g, player, c) for c in option[1:])
    if kind == "choose_at":
        owner, zone, index = option[1], option[2], option[3]
        cards = getattr(g.players[owner], zone)
        pos = index + 1 if zone == "hand" else len(cards) - index
        return f"choose {'' if owner == player else 'opp '}{zone} {pos}"
    if kind == "don":
        where = option[1]
        if where == "rested":
            return "choose 1 rested don"
        if where == "active":
            return "choose 1 don"
        if where == "opp_active":  # one of the opponent's active DON!! cards (an effect's choice)
            return "choose opp 1 don"
        if where == "opp_rested":  # one of the opponent's rested DON!! cards in the cost area (an effect's choice)
            return "choose opp 1 rested don"
        return f"choose 1 don on {ref(g, player, where)}"
    if kind == "option":
        return f"choose option {option[1]}"
    if kind == "effect":
        return "choose effect " + ref(g, player, option[1])
    if kind == "order":
        return "order " + ", ".join(ref(g, player, c) for c in option[1:])
    return " ".join(str(x) for x in option)


def labels(g) -> list[str]:
    """The pending decision's options in notation (empty when nothing is pending)."""
    d = g.pending
    if d is None:
        return []
    return [render(g, d.player, o) for o in d.options]


# --------------------------------------------------------------------------- parsing
_REF_RE = re.compile(r"^(opp )?(?:(hand|trash|life|deck) )?([A-Za-z0-9]+-[A-Za-z0-9]+|FILLER|\d+)(?:#(\d+))?$")


def _normalize(text: str) -> str:
    return " ".join(str(text).strip().split())


def resolve(g, player: int, text: str, default_zones: tuple[str, ...]) -> list[int]:
    """Card ids that the reference ``text`` may name for ``player``, in zone order.

    ``default_zones`` are the zones searched for a bare card number (e.g. ``("hand",)`` for ``play``).
    An unreadable reference resolves to no card.
    """
    t = _normalize(text)
    opp = t.startswith("opp ")
    owner = 1 - player if opp else player
    p = g.players[owner]
    body = t[4:] if opp else t
    if body == "leader":
        return [p.leader]
    if body == "stage":
        return [p.stage] if p.stage >= 0 else []
    m = _REF_RE.match(t)
    if not m:
        return []
    zone, ident, nth = m.group(2), m.group(3), m.group(4)
    if ident.isdigit():
        if zone is None or nth:
            return []
        cards = getattr(p, zone)
        pos = int(ident)
        if not 1 <= pos <= len(cards):
            return []
        return [cards[pos - 1]] if zone in ("hand", "trash") else [cards[len(cards) - pos]]
    ident = ident.upper() if ident != "FILLER" else ident
    zones = (zone,) if zone else default_zones
    out: list[int] = []
    for z in zones:
        if z == "leader":
            cards = [p.leader]
        elif z == "stage":
            cards = [p.stage] if p.stage >= 0 else []
        elif z == "limbo":
            cards = [c for c in g.limbo if g.t.owner[c] == owner]
        else:
            cards = getattr(p, z)
            if z in ("trash", "life", "deck"):
                cards = cards[::-1]  # top first
        same = [c for c in cards if g.t.numbers[c] == ident]
        if nth:
            k = int(nth)
            if 1 <= k <= len(same):
                out.append(same[k - 1])
        else:
            out.extend(same)
    return out


_FIELD = ("leader", "characters", "stage")
_PATTERNS: list[tuple[re.Pattern, str, tuple]] = [
    (re.compile(r"^play (.+)$"), "play", (("hand",),)),
    (re.compile(r"^activate (.+)$"), "activate", (_FIELD,)),
    (re.compile(r"^attack (.+?) -> (.+)$"), "attack", (_FIELD, _FIELD)),
    (re.compile(r"^give (\d+) don -> (.+)$"), "give", (None, ("leader", "characters"))),
    (re.compile(r"^block (.+)$"), "block", (("characters",),)),
    (re.compile(r"^counter (.+?) -> (.+)$"), "counter", (("hand",), ("leader", "characters"))),
    (re.compile(r"^event (.+)$"), "event", (("hand",),)),
    (re.compile(r"^trash (.+)$"), "trash", (("characters",),)),
    (re.compile(r"^choose option (\d+)$"), "option", (None,)),
    (re.compile(r"^choose effect (.+)$"), "effect", (_FIELD + ("hand", "trash", "limbo"),)),
]
_ANY = ("hand", "characters", "leader", "stage", "trash", "limbo", "life", "deck")


def _matches(g, player: int, option: tuple, args: list, zones: tuple) -> int | None:
    """Rank of ``option`` against parsed ``args`` (lower = earlier in zone order), or None if it does
    not match. Copies in hand are one option, so hand cards match by card number."""
    rank = 0
    for slot, (arg, zs) in enumerate(zip(args, zones), start=1):
        value = option[slot]
        if zs is None:
            if str(value) != arg:
                return None
            continue
        cands = resolve(g, player, arg, zs)
        if value in cands:
            rank = rank * 64 + cands.index(value)
            continue
        # hand copies: the option's representative stands for every copy with its number
        num = g.t.numbers[value]
        hits = [i for i, c in enumerate(cands) if g.t.numbers[c] == num and _zone_of(g, c)[0] == "hand" == _zone_of(g, value)[0]]
        if not hits:
            return None
        rank = rank * 64 + hits[0]
    return rank


def parse(g, text: str) -> tuple:
    """The pending decision's option named by ``text`` (notation above).

    Raises :class:`IllegalAction` when the text names no legal option, naming the pending decision and its
    legal options (:func:`tcgsim.onepiece.rules.refusals.parse` adds the rule that forbids it).
    """
    d = g.pending
    if d is None:
        raise IllegalAction(f"'{text}': no decision is pending")
    found = _find(g, d, _normalize(text))
    if found is None:
        raise IllegalAction(f"'{text}' is not legal at p{d.player + 1} {d.kind}: " + "; ".join(labels(g)))
    return found


def _find(g, d, t: str):
    options = d.options
    simple = _SIMPLE_BY_TEXT.get(t.lower())
    if simple is not None:
        if simple in options:
            return simple
        if simple[0] in ("yes", "no"):
            return next((o for o in options if o[0] == simple[0]), None)
        return None
    player = d.player
    for pat, kind, zones in _PATTERNS:
        m = pat.match(t)
        if not m:
            continue
        args = list(m.groups())
        best = None
        for o in options:
            if o[0] != kind or len(o) != len(args) + (1 if kind == "activate" else 1) + (1 if kind == "activate" else 0):
                continue
            r = _matches(g, player, o, args, zones)
            if r is not None and (best is None or r < best[0]):
                best = (r, o)
        if best is not None:
            return best[1]
        # "trash X" and "choose" can also be the multi-card choice of an effect: fall through
    if t.startswith("choose ") or t.startswith("order "):
        kind = "choose" if t.startswith("choose ") else "order"
        refs = [r.strip() for r in t.split(" ", 1)[1].split(",")]
        if kind == "choose" and len(refs) == 1:
            # one card: the zone of the first option it names, and there the first copy in zone order
            # (SCENARIOS.md), not the first listed (a trash is listed bottom first, its copies counted from the top)
            named = [o for o in options if o[0] == "choose" and len(o) == 2 and _ref_names(g, player, refs[0], o[1])]
            if named:
                zone = _zone_of(g, named[0][1])[0]
                order = resolve(g, player, refs[0], _ANY)
                same = [o for o in named if _zone_of(g, o[1])[0] == zone]
                return min(same, key=lambda o: order.index(o[1]) if o[1] in order else len(order))
        for o in options:
            if o[0] != kind or len(o) != len(refs) + 1:
                continue
            if kind == "order":
                # `order a, b, c` is a sequence: compared in order
                if all(_ref_names(g, player, r, c) for r, c in zip(refs, o[1:])):
                    return o
            elif _names_as_set(g, player, refs, o[1:]):
                # SCENARIOS.md: `choose a, b` names a set of cards, in any order
                return o
        # one card at a time: the first reference alone
        if kind == "choose" and len(refs) > 1:
            return None
    # last resort: the rendered strings themselves
    for o in options:
        if render(g, player, o) == t:
            return o
    return None


def _names_as_set(g, player: int, refs: list[str], cards: tuple) -> bool:
    """True if each reference of ``refs`` names a different card of ``cards`` (a perfect matching, so that
    the order of the references does not matter: ``choose a, b`` = ``choose b, a``)."""
    n = len(refs)
    if n != len(cards):
        return False
    can = [[_ref_names(g, player, r, c) for c in cards] for r in refs]
    match = [-1] * n  # card index -> reference index

    def assign(i: int, seen: list[bool]) -> bool:
        for j in range(n):
            if can[i][j] and not seen[j]:
                seen[j] = True
                if match[j] < 0 or assign(match[j], seen):
                    match[j] = i
                    return True
        return False

    return all(assign(i, [False] * n) for i in range(n))


def _ref_names(g, player: int, text: str, cid: int) -> bool:
    """True if reference ``text`` can name card ``cid`` (any zone the chooser can see, or by position)."""
    cands = resolve(g, player, text, _ANY)
    if cid in cands:
        return True
    t = _normalize(text)
    if "#" not in t and (re.match(r"^(opp )?[\w-]+$", t) or t.count(" ") == 0):
        # bare number: copies in the same hidden-to-nobody zone are interchangeable (an explicit
        # ``#N`` names that copy only)
        num = g.t.numbers[cid]
        owner = g.t.owner[cid]
        return any(g.t.numbers[c] == num and g.t.owner[c] == owner and _zone_of(g, c)[0] == _zone_of(g, cid)[0]
                   for c in cands)
    return False


def split_multi(text: str) -> list[str]:
    """``choose a, b`` → ``["choose a", "choose b"]`` and ``choose 2 rested don`` → two
    ``choose 1 rested don`` (``choose opp 2 rested don``: two ``choose opp 1 rested don``; multi-card answers
    fed one card at a time)."""
    t = _normalize(text)
    m = re.match(r"^choose (opp )?(\d+) ((?:rested )?don(?: on .+)?)$", t)  # "opp": the opponent's (SCENARIOS.md)
    if m and int(m.group(2)) > 1:
        return [f"choose {m.group(1) or ''}1 {m.group(3)}"] * int(m.group(2))
    for head in ("choose ", "order "):
        if t.startswith(head) and "," in t and not t.startswith("choose option") and not t.startswith("choose effect"):
            return [head + part.strip() for part in t[len(head):].split(",")]
    return [t]
