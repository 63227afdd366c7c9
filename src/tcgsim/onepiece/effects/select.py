"""Reading the effect representation against a game: which cards a selector names, whether a filter
or a condition holds (rules 2-1-2, 2-4-3, 8-3-2, 8-4-4).

``src`` is always the card whose effect is being read; its owner is the effect's controller.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ..cards.model import KEYWORD_BITS
from ..rules import continuous as cv
from ..rules import turns
from .ir import Filter

# Zone readers: a zone name of the IR -> the card ids of that zone for one player, in zone order
# (piles top first).


def zone_cards(g, player: int, zone: str, ctx=None) -> list[int]:
    """Card ids of ``player``'s ``zone`` (IR zone names), piles listed top first."""
    p = g.players[player]
    if zone == "character":
        return list(p.characters)
    if zone == "leader":
        return [p.leader]
    if zone == "stage":
        return [p.stage] if p.stage >= 0 else []
    if zone == "field":
        return list(p.field_cards())
    if zone == "hand":
        return list(p.hand)
    if zone == "trash":
        return p.trash[::-1]
    if zone == "deck":
        return p.deck[::-1]
    if zone == "life":
        return p.life[::-1]
    if zone == "looked":
        looked = ctx.looked if ctx else ()
        return [c for c in looked if g.t.owner[c] == player]
    return []


def owners(sel_owner: str, controller: int) -> tuple[int, ...]:
    if sel_owner == "self":
        return (controller,)
    if sel_owner == "opponent":
        return (1 - controller,)
    return (controller, 1 - controller)


def _compare(op: str, actual, value) -> bool:
    if op == "==":
        return actual == value
    if op == "!=":
        return actual != value
    if op == "<=":
        return actual is not None and actual <= value
    if op == ">=":
        return actual is not None and actual >= value
    if op == "<":
        return actual is not None and actual < value
    if op == ">":
        return actual is not None and actual > value
    if op == "in":
        return actual in value
    if op == "not_in":
        return actual not in value
    if op == "range":
        return actual is not None and value[0] <= actual <= value[1]
    raise ValueError(f"unknown comparison {op!r}")


def _any_compare(op: str, actual_values, value) -> bool:
    """For multi-valued properties (colors, types, attributes): the card has the value (2-3-5, 2-4-2)."""
    if op in ("==", "in"):
        wanted = value if isinstance(value, tuple) else (value,)
        return any(v in actual_values for v in wanted)
    if op in ("!=", "not_in"):
        wanted = value if isinstance(value, tuple) else (value,)
        return not any(v in actual_values for v in wanted)
    raise ValueError(f"comparison {op!r} on a list property")


# "counter" is read by matches() but no card text compiles to it yet (no behaviour test): unsupported.
FILTER_KEYS = {
    "cost", "base_cost", "power", "base_power", "color", "type", "type_includes", "name",
    "name_includes", "attribute", "state", "category", "other_than_this", "has_trigger", "has_keyword",
    "multicolored", "any_of", "don_given", "face", "has_counter", "no_base_effect",
    "has_effect",  # "without an [On Play] effect" (printed_timings)
    "name_as",  # "the same card name as the trashed card" (EB02-039): resolved by candidates, ``_names_of_it``
    "cost_eq_don_given",  # "has a cost equal to the number of DON!! cards given to it" (OP15-031)
    "color_differs",  # "a different color than the returned Character" (OP01-002, EB01-020): resolved by
    # candidates, ``_colors_of_it``, into ``color_outside``
}
# filters on a set of cards rather than on one card, accepted only where cards are counted
# (count conditions, "for each of ..."): "with different card names", DON!! "given"
COUNT_FILTER_KEYS = {"distinct_names", "given"}


_TAG_RUN = re.compile(r"^(?:\s*\[[^\]]+\]\s*/?)+")
_TAG = re.compile(r"\[([^\]]+)\]")


@lru_cache(maxsize=None)
def printed_timings(text: str) -> frozenset:
    """The timings ("on_play", "when_attacking" ...) that head a paragraph of a card's printed text: the
    run of bracketed tags a paragraph starts with ("[DON!! x1] [When Attacking]", "[When Attacking]/[On
    Your Opponent's Attack]"), not a tag named inside a sentence ("Your [On Play] effects are negated").
    Card information: it holds whether or not the effect is supported or negated (filter ``has_effect``)."""
    from .build import _TIMING_NAMES

    out = set()
    for para in text.replace("<br>", "\n").split("\n"):
        m = _TAG_RUN.match(para)
        if m:
            out.update(_TIMING_NAMES[t] for t in _TAG.findall(m.group(0)) if t in _TIMING_NAMES)
    return frozenset(out)


def card_names(d) -> tuple[str, ...]:
    """The card names of card definition ``d``: its printed name and, by rule 2-1-3, any name its text gives
    it ("Also treat this card's name as [X] according to the rules", IR ``treat_name``) -- in every area,
    secret ones included, and whether or not its effects are negated (it is card information, not an effect
    that applies on the field)."""
    extra = tuple(a.param("name") for e in d.effects if e.kind == "permanent"
                  for a in e.actions if a.op == "treat_name")
    return (d.name, *extra) if extra else (d.name,)


def distinct_names(names_per_card) -> int:
    """How many of the cards can be given pairwise different card names, each one of its own names (2-1-3:
    a card with a second name is a card of either name): a maximum matching of cards to names."""
    match: dict[str, int] = {}

    def assign(i, seen):
        for n in names_per_card[i]:
            if n in seen:
                continue
            seen.add(n)
            if n not in match or assign(match[n], seen):
                match[n] = i
                return True
        return False

    return sum(1 for i in range(len(names_per_card)) if assign(i, set()))


def matches(g, src: int, cid: int, filters) -> bool:
    """True if card ``cid`` satisfies every filter (IR ``Filter``)."""
    d = g.t.defs[cid]
    for f in filters:
        k, op, v = f.key, f.op, f.value
        if k in ("name_as", "color_differs"):
            return False  # the name / colors of "it", known only where the effect's context is (candidates)
        if hasattr(v, "zones"):
            # "a cost equal to or less than the number of your opponent's Life cards": that count, now (8-4-6)
            v = count_of(g, src, v)
        if k == "cost":
            if not _compare(op, cv.cost(g, cid) if d.cost is not None else None, v):
                return False
        elif k == "base_cost":
            if not _compare(op, d.cost, v):
                return False
        elif k == "power":
            if not _compare(op, cv.power(g, cid) if d.power is not None else None, v):
                return False
        elif k == "base_power":
            if not _compare(op, cv.base_power(g, cid) if d.power is not None else None, v):
                return False
        elif k == "counter":
            if not _compare(op, d.counter or 0, v):
                return False
        elif k == "color":
            if not _any_compare(op, d.colors, v):
                return False
        elif k == "type":  # {X}: exactly that type (2-4-3)
            if not _any_compare(op, d.types, v):
                return False
        elif k == "type_includes":  # "X": a type containing X (2-4-3, rules Q&A)
            wanted = v if isinstance(v, tuple) else (v,)
            hit = any(w in t for w in wanted for t in d.types)
            if hit != (op in ("==", "in")):
                return False
        elif k == "name":  # [X]: exactly that name (2-1-2); a card with a second name has both (2-1-3)
            names = card_names(d)
            if op in ("!=", "not_in"):
                if not all(_compare(op, n, v) for n in names):
                    return False
            elif not any(_compare(op, n, v) for n in names):
                return False
        elif k == "name_includes":  # "X": a name containing X (2-1-2-1)
            wanted = v if isinstance(v, tuple) else (v,)
            if any(w in n for w in wanted for n in card_names(d)) != (op in ("==", "in")):
                return False
        elif k == "attribute":
            if not _any_compare(op, cv.attributes(g, cid) if g.mods else d.attributes, v):
                return False
        elif k == "state":
            rested = bool(g.rested[cid])
            if (v == "rested") != rested:
                return False
        elif k == "category":
            if not _compare(op, d.category, v):
                return False
        elif k == "other_than_this":
            if cid == src:
                return False
        elif k == "has_trigger":
            if (d.trigger_text is not None) != bool(v if v is not None else True):
                return False
        elif k == "has_keyword":
            bit = KEYWORD_BITS.get(v, 0)
            if cv.has_keyword(g, cid, bit) != (op == "=="):
                return False
        elif k == "color_outside":
            # "a different color than the returned Character" (a reading, docs/effects.md open readings): at
            # least one of the card's colors is not among ``v``, the returned card's colors (2-3-5: a
            # multicolor card is a card of each of its colors); ``None``: no card was returned, none differs
            if v is None or not any(col not in v for col in d.colors):
                return False
        elif k == "multicolored":
            if (len(d.colors) > 1) != bool(v if v is not None else True):
                return False
        elif k == "no_base_effect":  # no card text (2-8-5), [Trigger] included (2-11-2); negated is not (8-2-2)
            if (not d.text and not d.trigger_text) != bool(v):
                return False
        elif k == "has_effect":  # "without an [On Play] effect": a paragraph of the printed text with that timing
            if (v in printed_timings(d.text or "")) != (op == "=="):
                return False
        elif k == "has_counter":  # "with / without a Counter": the printed Counter (2-10; "-" is none)
            if bool(d.counter) != bool(v):
                return False
        elif k == "face":  # "face-up Life cards" (rule 4-6-2; Life cards are face-down unless turned)
            if bool(g.face_up[cid]) != (v == "up"):
                return False
        elif k == "any_of":  # "that is either [X] or has the <Y> attribute": one of the filters holds
            if not any(matches(g, src, cid, (alt,)) for alt in v):
                return False
        elif k == "don_given":  # "with a DON!! card given" / "that has 2 or more DON!! cards given" (6-5-5)
            if not _compare(op, int(g.given[cid]), v):
                return False
        elif k == "cost_eq_don_given":  # "has a cost equal to the number of DON!! cards given to it" (OP15-031)
            if (cv.cost(g, cid) == g.given[cid]) != bool(v):
                return False
        elif k == "distinct_names":
            continue  # a property of the whole set of cards, applied by count_of
        elif k in ("total_power", "total_cost"):
            continue  # a property of the whole set of chosen cards, applied by interpreter.choose_cards
        else:
            raise ValueError(f"unsupported filter {k!r}")
    return True


def candidates(g, src: int, sel, ctx=None) -> list[int]:
    """Cards that selector ``sel`` may choose (its ``ref`` ignored), in zone order."""
    controller = g.t.owner[src]
    out: list[int] = []
    for alt in (sel, *sel.alternatives):
        if alt.ref is not None:
            out.extend(c for c in resolve_ref(g, src, alt, ctx) if c not in out)
            continue
        if any(f.key == "name_as" for f in alt.filters):
            alt = _names_of_it(g, src, alt, ctx)
        if any(f.key == "color_differs" for f in alt.filters):
            alt = _colors_of_it(g, src, alt, ctx)
        for who in owners(alt.owner, controller):
            for zone in alt.zones:
                cards = zone_cards(g, who, zone, ctx)
                if (zone == "life" and not (alt.position is None and any(f.key == "face" for f in alt.filters))) or (
                        zone == "deck" and alt.position is not None):
                    # 3-10-2: a Life card is taken from the top unless stated; "the top N cards". "1 of your
                    # face-up Life cards": any of them, wherever it is (ST13-009 Q&A)
                    n = len(cards) if alt.count is None else alt.count
                    cards = cards[len(cards) - n:] if alt.position == "bottom" else cards[:n]
                for c in cards:
                    if c not in out and matches(g, src, c, alt.filters):
                        out.append(c)
    return out


def _names_of_it(g, src: int, sel, ctx):
    """``sel`` with its filter "the same card name as the trashed card" (``name_as``: the card(s) of a
    reference, "it") made a name filter: any name of those cards (2-1-2, 2-1-3); no card, no name."""
    filters = []
    for f in sel.filters:
        if f.key == "name_as":
            names = tuple(n for c in resolve_ref(g, src, f.value, ctx) for n in card_names(g.t.defs[c]))
            f = Filter("name", "in", names)
        filters.append(f)
    return replace(sel, filters=tuple(filters))


def _colors_of_it(g, src: int, sel, ctx):
    """``sel`` with its filter "a different color than the returned Character" (``color_differs``: the
    card(s) of a reference, "it", that the effect returned to the hand) made ``color_outside``: the colors
    the returned card had (printed: no effect changes a color, so its last known colors on the field are
    those); a card still on the field was not returned (a replacement kept it), no returned card, no color
    differs (card Q&A EB01-020: with no Character returned, nothing is played)."""
    filters = []
    for f in sel.filters:
        if f.key == "color_differs":
            gone = [c for c in resolve_ref(g, src, f.value, ctx) if not g.on_field(c)]
            colors = tuple(dict.fromkeys(col for c in gone for col in g.t.defs[c].colors)) if gone else None
            f = Filter("color_outside", "==", colors)
        filters.append(f)
    return replace(sel, filters=tuple(filters))


def resolve_ref(g, src: int, sel, ctx=None) -> list[int]:
    """The cards a referencing selector names: ``this``, ``it``, ``rest``, ``attacker`` ..."""
    ref = sel.ref
    if ref == "this":
        # 3-1-6: the effect's card left the zone it was in when the effect was activated: a new card
        # (EffectContext.home, interpreter.left_zone)
        return [] if ctx and ctx.home and not ctx.home[1] else [src]
    if ref == "it":
        return list(ctx.it) if ctx else []
    if ref == "revealed":  # "the revealed card" once "it" names other cards (compiler._revealed_refs)
        return list(ctx.revealed) if ctx else []
    if ref == "rest":
        if not ctx:
            return []
        return [c for c in ctx.looked if c not in ctx.it and c in g.limbo]
    b = g.battle
    if ref == "attacker":
        return [b[0]] if b else []
    if ref == "attack_target":
        return [b[1]] if b else []
    if ref == "battle_opponent":
        # "the opponent's Character you battled with" (OP04-047): not once it has left the field, e.g. K.O.'d
        # in that battle (rule 3-1-6; card Q&A OP04-047: it stays in the trash)
        if not b:
            return []
        other = b[1] if b[0] == src else b[0]
        return [other] if g.on_field(other) else []
    raise ValueError(f"unsupported reference {ref!r}")


def count_of(g, src: int, sel, ctx=None) -> int:
    """How many cards ``sel`` names. DON!! cards (zone ``don``) are counted, not listed: the DON!! on a
    player's field are the cost area's active and rested ones and those given to the Leader and
    Characters (rules 3-1-2, 3-9, 6-5-5-1); "active" / "rested" DON!! are the cost area's."""
    cards = candidates(g, src, sel, ctx)
    if any(f.key == "distinct_names" for f in sel.filters):
        # "Characters with different card names": how many different names among them (2-1-2)
        defs = g.t.defs
        names = [card_names(defs[c]) for c in cards]
        n = len({ns[0] for ns in names}) if all(len(ns) == 1 for ns in names) else distinct_names(names)
    else:
        n = len(cards)
    if "don" in sel.zones and any(f.key == "given" and f.value == "chosen" for f in sel.filters):
        # "for every DON!! card given to that Character" (OP15-008): the DON!! given now to the Character an earlier
        # effect of this card chose this turn (continuous.CHOSE; 0 once it or this card left the field, 3-1-6)
        return n + sum(g.given[m.amount] for m in g.mods
                       if m.target == src and m.stat == cv.CHOSE and g.on_field(m.amount))
    if "don" in sel.zones:
        state = next((f.value for f in sel.filters if f.key == "state"), None)
        given_only = any(f.key == "given" for f in sel.filters)
        for who in owners(sel.owner, g.t.owner[src]):
            p = g.players[who]
            if any(f.key == "given" and f.value == "this" for f in sel.filters):
                n += g.given[src] if g.on_field(src) and g.t.owner[src] == who else 0  # "given to this Character" (OP15-008)
                continue
            if given_only:  # "given DON!! cards": those given to the Leader and Characters (6-5-5)
                n += sum(g.given[c] for c in (p.leader, *p.characters))
                continue
            if state != "rested":
                n += p.don_active
            if state != "active":
                n += p.don_rested
            if state is None:
                n += sum(g.given[c] for c in (p.leader, *p.characters))
    return n


CONDITION_KINDS = {"don_x", "your_turn", "opponent_turn", "leader", "match", "count", "and", "or",
                   "played_this_turn", "all_match", "own_turn", "event_activated", "total_cost", "battled",
                   "kod_this_turn", "hand_trashed_this_turn"}


def _battled_matches(g, src: int, other: int, sel) -> bool:
    """Whether ``other``, a card ``src`` battled, is one of ``sel`` (owner and Leader / Character; no filters)."""
    owner = g.t.owner[other]
    if sel.owner == "opponent" and owner == g.t.owner[src] or sel.owner == "self" and owner != g.t.owner[src]:
        return False
    return ("leader" if other == g.players[owner].leader else "character") in sel.zones


def own_turn_number(g, player: int) -> int:
    """How many turns ``player`` (0/1) has begun, the current one included: 1 in their first turn (extra
    turns counted, rules/turns.py)."""
    return turns.own_turn_number(g, player)


def condition_holds(g, src: int, cond, ctx=None) -> bool:
    """Rule 8-3-2: whether ``cond`` (IR ``Condition``) holds now for the effect of ``src``."""
    k = cond.kind
    controller = g.t.owner[src]
    if k == "don_x":  # 8-3-2-3, 10-2-9-1: X or more DON!! given
        ok = g.given[src] >= (cond.value or 0)
    elif k == "your_turn":
        ok = g.active == controller
    elif k == "opponent_turn":
        ok = g.active != controller
    elif k == "leader":
        sel = cond.target
        who = owners(sel.owner if sel is not None else "self", controller)
        ok = any(matches(g, src, g.players[w].leader, sel.filters if sel else ()) for w in who)
    elif k == "match":
        sel = cond.target
        cards = resolve_ref(g, src, sel, ctx) if sel.ref else candidates(g, src, sel, ctx)
        ok = bool(cards) and all(matches(g, src, c, sel.filters) for c in cards)
    elif k == "count":
        n = count_of(g, src, cond.target, ctx)
        value = cond.value
        if hasattr(value, "zones"):
            value = count_of(g, src, value, ctx)
        ok = _compare(cond.op or ">=", n + cond.offset, value)
    elif k == "all_match":
        # "If the only Characters on your field are {X} type Characters": there is at least one, and every
        # one of them is {X} (no Characters at all does not satisfy it)
        sel = cond.target
        cards = candidates(g, src, replace(sel, filters=()), ctx)
        ok = bool(cards) and all(matches(g, src, c, sel.filters) for c in cards)
    elif k == "played_this_turn":
        sel = cond.target
        cards = resolve_ref(g, src, sel, ctx) if sel is not None and sel.ref else [src]
        ok = bool(cards) and all(g.played[c] == g.turn for c in cards)
    elif k == "own_turn":
        # "If it is your second turn or later" (OP15-058): the controller's own turns, counted from their first
        # (game turn 1 is the first player's first turn, turn 2 the second player's, rules 6-1-1, 6-1-2)
        ok = g.active == controller and _compare(cond.op or ">=", own_turn_number(g, controller), cond.value)
    elif k == "event_activated":
        # the Events activated from the hand this turn (rules/main_phase.event_activated, 8-5-2); a base cost is
        # the printed one wherever the card is now
        key = -1 - controller
        ok = any(m.target == key and m.stat == cv.EVENT_ACTIVATED and matches(g, src, m.amount, cond.target.filters)
                 for m in g.mods)
    elif k == "battled":
        # "If this Leader battles your opponent's Character during this turn" (OP12-020): the battles of this
        # turn (continuous.BATTLED, kept only in games with a card that asks, Tables.battle_log)
        ok = any(m.target == src and m.stat == cv.BATTLED and _battled_matches(g, src, m.amount, cond.value)
                 for m in g.mods)
    elif k == "kod_this_turn":
        # "If your opponent's Character has been K.O.'d during this turn" (OP16-100): a Character of that player
        # K.O.'d this turn, in battle or by an effect (rules/zones.do_ko, continuous.CHARACTER_KOD)
        whose = 1 - controller if cond.target.owner == "opponent" else controller
        ok = any(m.target == -1 - whose and m.stat == cv.CHARACTER_KOD for m in g.mods)
    elif k == "hand_trashed_this_turn":
        # "During the turn in which a card in your hand is trashed by an effect" (ST33-004): a card of the
        # controller's hand trashed this turn by an effect or its cost (actions.op_trash, continuous.HAND_TRASHED)
        ok = any(m.target == -1 - controller and m.stat == cv.HAND_TRASHED for m in g.mods)
    elif k == "total_cost":
        # "If the total cost of your Characters is 5 or more" (OP10-022): their current costs (2-7-6), summed
        ok = _compare(cond.op or ">=", sum(cv.cost(g, c) for c in candidates(g, src, cond.target, ctx)), cond.value)
    elif k == "and":
        ok = all(condition_holds(g, src, c, ctx) for c in cond.parts)
    elif k == "or":
        ok = any(condition_holds(g, src, c, ctx) for c in cond.parts)
    else:
        raise ValueError(f"unsupported condition {k!r}")
    return ok != cond.negate
