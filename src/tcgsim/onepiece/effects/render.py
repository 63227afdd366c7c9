"""Compiled effects read back as English: one canonical text per effect, built from its IR (ir.py) alone.

The rendering is the card as the engine will play it, written in the printed text's own wording wherever the
representation allows, so that a reader (or :mod:`tests.effects.test_render_database`) can lay it beside
the printed text and see a dropped clause, a wrong number, owner or duration, or a wrong scope at once
(issue "Every card right", part 4; XMage's ``VerifyCardDataTest`` is the model).

Scope is written out wherever it differs from the plain reading of the printed text: an action introduced
by "Then," that is *not* governed by the "if" before it is rendered "Then, even if that condition was not
met, ...", since the printed "If X, A. Then, B." does not resolve B when X fails (rules 4-10-1, 8-3-3;
card Q&A OP04-033).

Each action op, cost op, condition kind and event kind renders itself through one function in a table keyed
by the op (:data:`ACTIONS`, :data:`COSTS`, :data:`CONDITIONS`, :data:`EVENTS`), so that a later refactor can
put how an op resolves, which of its forms are supported and how it reads in one record (issue "Every card
of the database", part 2). A test checks that every op the interpreter can run has a renderer.

Entry points: :func:`render_effect` (one effect), :func:`render_card` (a card's effects, one text per
printed paragraph: "[On Play]/[When Attacking] ..." compiles to two effects and reads back as one).
Errors: ``KeyError`` naming the op when an op has no renderer (a programming error the test catches).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from .ir import Action, Condition, Cost, Effect, Event, Filter, Selector

__all__ = ["ACTIONS", "COSTS", "CONDITIONS", "EVENTS", "render_effect", "render_card", "render_selector",
           "render_condition", "render_action", "render_cost", "card_renderings", "this_noun", "THEN_NOT_GOVERNED"]

THEN_NOT_GOVERNED = "even if that condition was not met, "
"""Written after "Then, " for an action outside the "if" before it (see the module docstring)."""

TIMING_TAGS = {
    "on_play": "[On Play]", "when_attacking": "[When Attacking]", "on_block": "[On Block]", "on_ko": "[On K.O.]",
    "on_opponent_attack": "[On Your Opponent's Attack]", "end_of_your_turn": "[End of Your Turn]",
    "end_of_opponent_turn": "[End of Your Opponent's Turn]", "activate_main": "[Activate: Main]", "main": "[Main]",
    "counter": "[Counter]", "trigger": "[Trigger]", "start_of_game": "[Start of Game]",
    "start_of_your_turn": "[Start of Your Turn]",
}
DURATION_TEXT = {
    None: "", "permanent": "", "this_battle": "during this battle", "this_turn": "during this turn",
    "until_end_of_opponent_next_turn": "until the end of your opponent's next turn",
    "until_end_of_opponent_next_end_phase": "until the end of your opponent's next End Phase",
    "until_start_of_your_next_turn": "until the start of your next turn",
    "until_end_of_your_next_turn": "until the end of your next turn",
}
_ZONE_NOUN = {"leader": "Leader", "character": "Character", "stage": "Stage", "don": "DON!! card",
              "field": "card", "hand": "card", "trash": "card", "deck": "card", "life": "card", "looked": "card",
              "anywhere": "card"}
_PILES = {"hand", "trash", "deck", "life", "looked", "anywhere"}
_OWNER = {"self": "your", "opponent": "your opponent's", "any": ""}


class Ctx:
    """What a rendering needs besides the IR: ``this``, the card noun of "this Character" / "this Leader" /
    "this Stage" / "this Event" / "this card"."""

    __slots__ = ("this", "own_look", "timing", "permanent")

    def __init__(self, this: str = "card", own_look: bool = False, timing: str | None = None) -> None:
        self.this = this
        self.timing = timing
        self.permanent = False  # a permanent effect applies to every matching card (continuous._static_targets)
        self.own_look = own_look  # the effect looks at or reveals its player's own deck or Life


# --------------------------------------------------------------------------------------------- helpers
def _plural(noun: str, n: int | None) -> str:
    return noun if n == 1 else noun + "s"


def _join(parts: Iterable[str], word: str = "and") -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _uncapitalized(text: str) -> str:
    """``text`` with its first letter in lower case, to run on after "if ..., " or "you may ": a bracketed
    name and the game terms written in capitals ("K.O.", "DON!!") keep their case. ``str`` -> ``str``."""
    if not text or text.startswith(("[", "K.O.", "DON!!")):
        return text
    return text[:1].lower() + text[1:]


def _sentences(parts: list[str]) -> str:
    """Sentences joined: each capitalised and ended by a full stop."""
    out = []
    for p in parts:
        p = p.strip()
        if not p:
            continue
        if p[-1] not in ".:!?" and not p.endswith("]"):
            p += "."
        elif p.endswith("]") and not p.startswith("•"):
            p += "."
        out.append(_cap(p))
    return " ".join(out)


# --------------------------------------------------------------------------------------------- filters
def _filter_value(v, ctx: Ctx) -> str:
    if isinstance(v, Selector):
        return "the number of " + render_selector(v, ctx, counted=True)
    if v == "chosen":
        return "the chosen cost"
    return str(v)


def _compare(v, op: str, ctx: Ctx, unit: str = "") -> str:
    """``"4 or less"``, ``"5000 or more"``, ``"equal to or less than the number of ..."``."""
    if isinstance(v, Selector) or v == "chosen":
        val = _filter_value(v, ctx)
        return {"<=": f"equal to or less than {val}", ">=": f"equal to or more than {val}",
                "==": f"equal to {val}", "<": f"less than {val}", ">": f"more than {val}"}.get(op, f"{op} {val}")
    if op == "range":
        return f"{v[0]} to {v[1]}{unit}"
    if op == "in":
        return " or ".join(str(x) for x in v) + unit
    return {"<=": f"{v}{unit} or less", ">=": f"{v}{unit} or more", "==": f"{v}{unit}", "!=": f"other than {v}{unit}"
            }.get(op, f"{op} {v}{unit}")


def _with(f: Filter, ctx: Ctx) -> str | None:
    """The "with ..." phrase of a filter after the noun, or None for a filter written elsewhere."""
    k, op, v = f.key, f.op, f.value
    if k == "cost" and v == "chosen":
        return "the chosen cost"
    if k == "cost":
        if isinstance(v, Selector) or v == "chosen" or op not in ("<=", ">="):
            return f"a cost of {_compare(v, op, ctx)}" if not (isinstance(v, Selector) or v == "chosen") else (
                f"a cost {_compare(v, op, ctx)}")
        return f"a cost of {_compare(v, op, ctx)}"
    if k == "base_cost":
        return f"a base cost of {_compare(v, op, ctx)}"
    if k in ("power", "base_power"):
        word = "power" if k == "power" else "base power"
        if op in ("<=", ">=", "==") and not isinstance(v, Selector):
            return f"{v} {word}" + {"<=": " or less", ">=": " or more", "==": ""}[op]
        return f"a {word} of {_compare(v, op, ctx)}"
    if k == "counter":
        return f"a Counter of {_compare(v, op, ctx)}"
    if k == "has_counter":
        return "a Counter" if v else "no Counter"
    if k == "has_trigger":
        return "a [Trigger]" if v else "no [Trigger]"
    if k == "no_base_effect":
        return "no base effect"
    if k == "has_keyword":
        return f"[{v}]"
    if k == "type_includes":
        return f'a type including "{v}"'
    if k == "total_power":
        return f"a total power of {_compare(v, op, ctx)}"
    if k == "total_cost":
        return f"a total cost of {_compare(v, op, ctx)}"
    if k == "distinct_names":
        return "different card names"
    if k == "don_given":
        return f"{_compare(v, op, ctx)} DON!! cards given"
    if k == "cost_eq_don_given":
        return "a cost equal to the number of DON!! cards given to it"
    if k == "has_effect":
        return f"{'no ' if op == '!=' else ''}{v} effect"
    if k == "name_as" and getattr(v, "ref", None) == "it":  # EB02-039
        return "the same card name as the trashed card"
    if k == "color_differs" and getattr(v, "ref", None) == "it":  # OP01-002, EB01-020
        return "a different color than the returned Character"
    return None


def _pre(f: Filter) -> str | None:
    """A filter written before the noun ("rested", "red", "{Straw Hat Crew} type", "multicolored")."""
    k, op, v = f.key, f.op, f.value
    if op in ("!=", "not_in") and k in ("color", "type", "attribute", "state"):
        p = _pre(Filter(k, "==" if op == "!=" else "in", v))
        return f"non-{p}" if p else None  # "Characters without the <Special> attribute"
    if k == "state":
        return v
    if k == "color":
        return " or ".join(v) if op == "in" else str(v).lower()
    if k == "multicolored":
        return "multicolored" if v else "monocolored"
    if k == "type":
        if op == "in":
            return " or ".join(f"{{{x}}}" for x in v) + " type"
        if op == "all":
            return " and ".join(f"{{{x}}}" for x in v) + " type"
        return f"{{{v}}} type" if op == "==" else None
    if k == "attribute":
        return f"<{v}> attribute"
    if k == "face":
        return "face-" + v.replace("face_", "")
    if k == "given":
        return None
    return None


def _noun(sel: Selector, n: int | None, ctx: Ctx) -> str:
    """The noun of the selected cards: "Character", "Leader or Character cards", "[Nami]", "Event"."""
    cats = [f for f in sel.filters if f.key == "category"]
    names = [f for f in sel.filters if f.key == "name" and f.op in ("==", "in")]
    zones = [z for z in sel.zones if z != "anywhere"]
    if names:
        f = names[0]
        name = " or ".join(f"[{x}]" for x in f.value) if f.op == "in" else f"[{f.value}]"
        if zones in (["character"], ["stage"], ["leader"]) and not cats:
            return f"{name} {_plural(_ZONE_NOUN[zones[0]], n)}"  # "up to 1 of your [Spandam] Characters"
        if set(zones) == {"leader", "character"} and not cats:
            return f"{name} {_plural('card', n)}"  # "up to 1 of your [Boa Hancock] cards"
        return name
    piles = bool(set(zones) & _PILES) or not zones
    if cats:
        f = cats[0]
        vals = f.value if f.op == "in" else (f.value,)
        vals = ["DON!!" if x == "DON" else x for x in vals]
        base = " or ".join(vals)
        if piles:
            return _plural(base + " card", n)
        return _plural(base, n) if len(vals) == 1 else base + " cards"
    field = [z for z in zones if z not in _PILES]
    if not field or piles or "field" in field:
        return _plural("card", n)
    if len(field) == 1:
        return _plural(_ZONE_NOUN[field[0]], n)
    nouns = [_ZONE_NOUN[z] for z in field]
    if "don" in field:
        return " or ".join(_plural(x, 2) if x != "DON!! card" else "DON!! cards" for x in nouns)
    if n is None or sel.total:
        return " and ".join(nouns) + " cards"  # "all of your Leader and Character cards", "up to a total of 3 ..."
    return " or ".join(nouns) + " cards"


def _filters_text(sel: Selector, ctx: Ctx) -> tuple[str, str]:
    """(words before the noun, words after it) for ``sel.filters``."""
    pre, post, other = [], [], []
    for f in sel.filters:
        if f.key in ("category",) or (f.key == "name" and f.op in ("==", "in")):
            continue
        if f.key == "name" and f.op in ("!=", "not_in"):
            vals = f.value if isinstance(f.value, tuple) else (f.value,)
            other.append("other than " + " or ".join(f"[{x}]" for x in vals))
            continue
        if f.key == "name_includes":
            post.append(f'with "{f.value}" in its name')
            continue
        if f.key == "given":
            other.append("given" if f.value else "not given")  # "DON!! cards given"
            continue
        if f.key == "other_than_this":
            other.append(f"other than this {ctx.this}")
            continue
        if f.key == "type_includes" and f.op == "!=":
            other.append(f'that do not have a type including "{f.value}"')  # OP13-064
            continue
        if f.key == "any_of":
            alone = [_filter_alone(x, ctx) for x in f.value]
            if all(x.startswith("with ") for x in alone):
                post.append(" or with ".join(x[5:] for x in alone))  # "with a cost of 0 or with a cost of 8 or more"
            else:
                pre.append(" or ".join(alone))
            continue
        p = _pre(f)
        if p is not None:
            pre.append(p)
            continue
        w = _with(f, ctx)
        post.append(w if w is not None else f"[{f.key} {f.op} {f.value}]")
    after = []
    if post:
        after.append("with " + _join(post))
    after += other
    return " ".join(pre), " ".join(after)


def _filter_alone(f: Filter, ctx: Ctx) -> str:
    if f.key == "name":
        return f"[{f.value}]"
    p = _pre(f)
    if p is not None:
        return p
    return "with " + (_with(f, ctx) or f.key)


_PLACES = {"hand": "hand", "trash": "trash", "deck": "deck", "life": "Life cards", "looked": "", "don": ""}


def _place(sel: Selector, ctx: Ctx, owner_word: str | None = None) -> str:
    """ "from your hand", "from the top of your deck", "from your hand or trash"."""
    zones = [z for z in sel.zones if z in _PLACES and z not in ("looked", "don")]
    if not zones:
        return ""
    who = owner_word if owner_word is not None else _owner_word(sel.owner)
    names = [_PLACES[z] for z in zones]
    if "field" in sel.zones:
        names.append("field")  # "from your hand or field" (OP06-033); the field alone is not a place "from"
    pos = {"top": "the top of ", "bottom": "the bottom of ", "top_or_bottom": "the top or bottom of "}.get(
        sel.position or "", "")
    return f"{pos}{who} " + " or ".join(names)


def _owner_word(owner: str, counted: bool = False) -> str:
    if owner == "any":
        return "your and your opponent's" if counted else "your or your opponent's"
    return _OWNER.get(owner, owner)


def _head(sel: Selector) -> str:
    n = sel.count
    if n is None:
        return "any number of" if sel.up_to else "all of"
    return ("up to " if sel.up_to else "") + ("a total of " if sel.total else "") + str(n)


def _body_words(sel: Selector, n: int | None, ctx: Ctx) -> str:
    pre, post = _filters_text(sel, ctx)
    return " ".join(w for w in (pre, _noun(sel, n, ctx), post) if w)


def _is_pile(sel: Selector) -> bool:
    zones = set(sel.zones)
    return bool(zones & _PILES) or not zones


def _singular_leader(sel: Selector) -> bool:
    """ "your Leader": the one Leader of a player is named, not counted."""
    return tuple(sel.zones) == ("leader",) and sel.count == 1 and not sel.up_to and sel.ref is None and (
        not sel.alternatives)


def render_selector(sel: Selector | None, ctx: Ctx | None = None, counted: bool = False, place: bool = True,
                    subject: bool = False) -> str:
    """The noun phrase of the cards ``sel`` names, e.g. ``"up to 1 of your opponent's rested Characters with a
    cost of 4 or less"``, ``"1 card from your hand"``, ``"this Character"``, ``"the rest"``. ``counted``: the
    phrase of "the number of ..." (no count word: "DON!! cards on your field", "cards in your hand").
    ``place``: say where pile cards come from ("from your hand"). ``subject``: the subject of an event
    ("a Character", "your Character": a count of "all" names each one)."""
    ctx = ctx or Ctx()
    if sel is None:
        return ""
    if sel.ref is not None:
        out = _ref(sel, ctx)
        if sel.filters and sel.ref in ("this", "it"):
            pre, post = _filters_text(sel, ctx)  # "trash this Character with a cost of 20 or more" (OP16-084)
            out = " ".join(w for w in (out, pre and f"({pre})", post) if w)
        if sel.alternatives:
            out += " or " + " or ".join(render_selector(a, ctx, counted, place) for a in sel.alternatives)
        return out
    if sel.alternatives and not sel.zones:
        alts = sel.alternatives
        if any(a.count is not None or a.ref is not None for a in alts):
            if place and all(_is_pile(a) and a.zones and set(a.zones) == set(alts[0].zones) for a in alts):
                # "play up to 1 X or up to 1 [Y] from your hand or trash": the place once, at the end
                where = _place(alts[0], ctx)
                return " or ".join(render_selector(a, ctx, counted, place=False) for a in alts) + (
                    f" from {where}" if where else "")
            return " or ".join(render_selector(a, ctx, counted, place) for a in alts)
        # "up to 1 of your opponent's DON!! cards or {Animal} type Characters": one count for all of them
        words, last_owner = [], None
        for a in alts:
            w = _body_words(a, 2, ctx)
            if _is_pile(a) and place:
                where = _place(a, ctx)
                w += f" from {where}" if where else ""
            if a.owner != last_owner and a.owner != "any" and not _is_pile(a):
                w = f"{_owner_word(a.owner)} {w}"
            last_owner = a.owner
            words.append(w)
        if all(_is_pile(a) for a in alts):
            return f"{_head(sel)} {' or '.join(words)}"
        return f"{_head(sel)} of {' or '.join(words)}"
    tail = ""
    if sel.alternatives:
        same_place = all(set(a.zones) == set(sel.zones) for a in sel.alternatives) and _is_pile(sel)
        alt_text = " or ".join(render_selector(a, ctx, counted, place=place and not same_place) for a in sel.alternatives)
        if same_place and place:
            where = _place(sel, ctx)
            return f"{render_selector(replace_alts(sel), ctx, counted, place=False)} or {alt_text}" + (
                f" from {where}" if where else "")
        tail = " or " + alt_text
    n = sel.count
    zones = set(sel.zones)
    if counted:
        return _counted(sel, ctx) + tail
    if subject and n is None:
        words = _body_words(sel, 1, ctx)
        who = {"self": "your", "opponent": "your opponent's"}.get(sel.owner, "a")
        return f"{who} {words}" + tail
    if _singular_leader(sel):
        pre, post = _filters_text(sel, ctx)
        names = [f"[{f.value}]" for f in sel.filters if f.key == "name" and f.op == "=="]
        return " ".join(w for w in (_owner_word(sel.owner) if sel.owner != "any" else "a", pre, *names, "Leader", post)
                        if w) + tail
    head = _head(sel)
    if ctx.permanent and n == 1 and not sel.up_to and sel.owner in ("self", "opponent") and not _is_pile(sel):
        # a permanent effect's "your [Blugori] gains [Blocker]": every matching card, not one chosen
        return f"{_owner_word(sel.owner)} {_body_words(sel, 1, ctx)}" + tail
    if _is_pile(sel) and "don" not in zones:
        where = _place(sel, ctx) if place else ""
        if n is None and not sel.up_to and not sel.filters and where and sel.position is None:
            return f"all of {where}" + tail  # "turn all of your Life cards face-down"
        body = _body_words(sel, n, ctx)
        return " ".join(w for w in (head, body, f"from {where}" if where else "") if w) + tail
    owner = _owner_word(sel.owner) if sel.owner != "any" else ""
    if owner:
        body = _body_words(sel, 2, ctx)
        return f"{head}{'' if head.endswith(' of') else ' of'} {owner} {body}" + tail
    if n is None and not sel.up_to:
        head = "all"
    return " ".join(w for w in (head, _body_words(sel, n, ctx)) if w) + tail


def replace_alts(sel: Selector) -> Selector:
    return replace(sel, alternatives=())


def _counted(sel: Selector, ctx: Ctx) -> str:
    """ "DON!! cards on your field", "cards in your hand", "your opponent's Life cards", "your Characters"."""
    zones = set(sel.zones)
    words = _body_words(sel, 2, ctx)
    if zones == {"don"} or "field" in zones:
        field = {"self": "your field", "opponent": "your opponent's field"}.get(sel.owner, "the field")
        return f"{words} on {field}"
    if zones == {"life"}:
        pre, post = _filters_text(sel, ctx)
        return " ".join(w for w in (_owner_word(sel.owner, counted=True), pre, "Life cards", post) if w)
    if _is_pile(sel):
        where = _place(sel, ctx, owner_word=_owner_word(sel.owner, counted=True) if sel.owner != "self" else None)
        return f"{words} in {where}" if where else words
    owner = _owner_word(sel.owner, counted=True)
    return f"{owner} {words}" if owner else words


def _ref(sel: Selector, ctx: Ctx) -> str:
    r = sel.ref
    if r == "this":
        if "hand" in sel.zones:
            return "this card in your hand"
        return f"this {ctx.this}"
    if r == "it":
        return "it"
    if r == "rest":
        return "the rest"
    if r == "revealed":  # "the revealed card" once "it" names other cards (compiler._revealed_refs)
        return "the revealed card"
    return {"attacker": "the attacking card", "attack_target": "the attack target",
            "battle_opponent": "the opponent's Character you battled with"}.get(r, r)


# --------------------------------------------------------------------------------------------- conditions
CONDITIONS: dict[str, Callable[[Condition, Ctx], str]] = {}


def _registrar(table: dict):
    """A decorator ``@reg("op", ...)`` putting the function in ``table`` under each op name."""
    def reg(*names: str):
        def register(fn):
            for name in names:
                table[name] = fn
            return fn
        return register
    return reg


_cond = _registrar(CONDITIONS)


def render_condition(c: Condition, ctx: Ctx | None = None) -> str:
    """The clause of an "If ..." (without the "If"), e.g. ``"your Leader has the {Navy} type"``."""
    ctx = ctx or Ctx()
    text = CONDITIONS[c.kind](c, ctx)
    return f"it is not true that {text}" if c.negate and c.kind not in ("count", "leader", "match") else text


@_cond("don_x")
def _c_don_x(c, ctx):
    return f"[DON!! x{c.value}]"


@_cond("your_turn")
def _c_your_turn(c, ctx):
    return "[Your Turn]"


@_cond("opponent_turn")
def _c_opponent_turn(c, ctx):
    return "[Opponent's Turn]"


@_cond("battled")
def _c_battled(c, ctx):
    # "If this Leader battles your opponent's Character during this turn" (OP12-020)
    return f"{_ref(c.target, ctx)} battles {_owner_word(c.value.owner)} {_body_words(c.value, 1, ctx)} during this turn"


@_cond("played_this_turn")
def _c_played(c, ctx):
    what = _ref(c.target, ctx) if c.target is not None and c.target.ref else f"this {ctx.this}"
    return f"{what} was played on this turn"


@_cond("own_turn")
def _c_own_turn(c, ctx):
    ordinal = {2: "second", 3: "third"}.get(c.value, f"{c.value}th")
    return f"it is your {ordinal} turn or later" if (c.op or ">=") == ">=" else f"it is your {ordinal} turn"


@_cond("kod_this_turn")
def _c_kod_this_turn(c, ctx):
    # "your opponent's Character has been K.O.'d during this turn" (OP16-100)
    return ("your opponent's" if c.target.owner == "opponent" else "your") + " Character has been K.O.'d during this turn"


@_cond("hand_trashed_this_turn")
def _c_hand_trashed_this_turn(c, ctx):
    # ST33-004 "During the turn in which a card in your hand is trashed by an effect"
    return "a card in your hand has been trashed by an effect during this turn"


@_cond("event_activated")
def _c_event_activated(c, ctx):
    # "you have activated an Event with a base cost of 3 or more during this turn" (OP15-002)
    with_ = render_selector(replace(c.target, count=1), ctx, place=False)
    return f"you have activated {with_.replace('1 Event card', 'an Event', 1)} during this turn"


def _is_phrases(sel: Selector, ctx: Ctx) -> list[str]:
    """What a card must be to match ``sel.filters``: "has the {X} type", "is [Nami]", "is rested"."""
    out = []
    for f in sel.filters:
        k, op, v = f.key, f.op, f.value
        if k == "type":
            if op == "in":
                out.append("has the " + " or ".join(f"{{{x}}}" for x in v) + " type")
            elif op == "all":
                out.append("has the " + " and ".join(f"{{{x}}}" for x in v) + " types")
            else:
                out.append(f"has the {{{v}}} type")
        elif k == "type_includes":
            out.append(f"'s type includes \"{v}\"")
        elif k == "name":
            vals = v if isinstance(v, tuple) else (v,)
            out.append(("is not " if op in ("!=", "not_in") else "is ") + " or ".join(f"[{x}]" for x in vals))
        elif k == "color":
            # a card's colors include it (select._any_compare): "your Leader's colors include blue"
            out.append("'s colors include " + (" or ".join(v) if op == "in" else str(v).lower()))
        elif k == "multicolored":
            out.append("is multicolored" if v else "is monocolored")
        elif k == "name_includes":
            out.append(f"'s card name includes \"{v}\"")
        elif k == "state":
            out.append(f"is {v}")
        elif k == "attribute":
            out.append(f"has the <{v}> attribute")
        elif k == "any_of":
            out.append(" or ".join(_filter_alone(x, ctx) for x in v))
        elif k == "other_than_this":
            out.append(f"is not this {ctx.this}")
        elif k == "category":
            out.append(f"is a {v}")
        elif k == "face":
            out.append(f"is {v.replace('_', '-')}")
        else:
            w = _with(f, ctx)
            out.append(f"has {w}" if w else f"[{k} {op} {v}]")
    return out


@_cond("leader")
def _c_leader(c, ctx):
    sel = c.target
    who = "your opponent's Leader" if sel is not None and sel.owner == "opponent" else "your Leader"
    parts = _is_phrases(sel, ctx) if sel is not None else []
    neg = c.negate
    text = " and ".join(parts)
    if neg:
        text = text.replace("has the", "does not have the").replace("is ", "is not ", 1) if text else "not"
    return f"{who}{'' if text.startswith(chr(39)) else ' '}{text}"


@_cond("match")
def _c_match(c, ctx):
    sel = c.target
    if sel is not None and sel.ref is not None and not c.negate and any(f.key == "category" for f in sel.filters):
        # "if it is a {The Seven Warlords of the Sea} type Character with a cost of 4 or less"
        words = _body_words(replace(sel, ref=None, zones=("looked",)), 1, ctx)
        return f"{_ref(sel, ctx)} is {'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"
    who = render_selector(replace_filters(sel, ()), ctx) if sel is not None else "it"
    parts = _is_phrases(sel, ctx) if sel is not None else []
    text = " and ".join(parts)
    if c.negate:
        text = text.replace("has ", "does not have ", 1).replace("is ", "is not ", 1)
    return f"{who}{'' if text.startswith(chr(39)) else ' '}{text}"


def replace_filters(sel: Selector, filters) -> Selector:
    return replace(sel, filters=tuple(filters))


def _subject(owner: str) -> tuple[str, str]:
    return ("you", "have") if owner != "opponent" else ("your opponent", "has")


@_cond("total_cost")
def _c_total_cost(c, ctx):
    sel = c.target
    pre, post = _filters_text(sel, ctx)
    noun = " ".join(x for x in (_owner_word(sel.owner), pre, _noun(sel, 2, ctx), post) if x)
    amount = {">=": f"{c.value} or more", "<=": f"{c.value} or less"}.get(c.op, f"{c.value}")
    return f"the total cost of {noun} is {amount}"


@_cond("count")
def _c_count(c, ctx):
    sel = c.target
    op, v = c.op, c.value
    if isinstance(v, Selector):
        mine = render_selector(sel, ctx, counted=True)
        theirs = render_selector(v, ctx, counted=True)
        if sel is not None and replace_owner(sel, v.owner) == v and sel.owner != v.owner and op in ("<", ">") and (
                not c.offset and not c.negate):
            # "if you have less Life cards than your opponent", "if your opponent has more DON!! cards on their
            # field than you"
            noun = _body_words(sel, 2, ctx) if set(sel.zones) != {"life"} else "Life cards"
            more = "more" if op == ">" else "less"
            if sel.owner == "self":
                return f"you have {more} {noun} than your opponent"
            where = " on their field" if set(sel.zones) & {"don", "field"} else ""
            return f"your opponent has {more} {noun}{where} than you"
        if sel is not None and replace_owner(sel, v.owner) == v and mine.endswith(" on your field"):
            # "the number of DON!! cards on your field is ... the number on your opponent's field"
            theirs = "the number on your opponent's field" if v.owner == "opponent" else theirs
        else:
            theirs = f"the number of {theirs}"
        off = f" plus {c.offset}" if c.offset else ""
        word = {"<=": "equal to or less than", ">=": "equal to or more than", "<": "less than", ">": "more than",
                "==": "equal to"}.get(op, op)
        text = f"the number of {mine}{off} is {word} {theirs}"
        return f"it is not true that {text}" if c.negate else text
    owner = sel.owner if sel is not None else "self"
    who, have = _subject(owner)
    zones = set(sel.zones) if sel is not None else set()
    pre, post = _filters_text(sel, ctx) if sel is not None else ("", "")
    amount = {">=": f"{v} or more", "<=": f"{v} or less", "==": f"{v}", "<": f"less than {v}",
              ">": f"more than {v}"}.get(op, f"{op} {v}")
    if op == "==" and v == 0:
        amount = "no"
    n = 1 if v == 1 and op == "==" else 2
    if c.negate:
        have = "do not have" if who == "you" else "does not have"
    if zones == {"life", "hand"} and not pre and not post:
        # one count over two zones (OP04-040 "a total of 4 or less cards in your Life area and hand")
        return f"{who} {have} a total of {amount} cards in {_owner_word(owner)} Life area and hand"
    if zones == {"life"}:
        noun = " ".join(x for x in (pre, _plural("Life card", n)) if x)
        if owner == "any":
            return f"you and your opponent have a total of {amount} {noun}" + (f" {post}" if post else "")
        return f"{who} {have} {amount} {noun}" + (f" {post}" if post else "")
    noun = " ".join(x for x in (pre, _noun(sel, n, ctx), post) if x)
    where = ""
    if zones & {"hand", "trash", "deck"}:
        where = " in your " + " or ".join(z for z in sel.zones if z in ("hand", "trash", "deck"))
        if owner == "opponent":
            where = where.replace("your", "their")
    elif zones & {"don", "field"} and owner == "opponent":
        where = " on their field"  # "your opponent has 3 or more DON!! cards on their field"
    if owner == "any":
        be = "is" if v == 1 or op == "==" and v == 0 else "are"
        if c.negate:
            be += " not"
        return f"there {be} {amount} {noun}{where}"
    return f"{who} {have} {amount} {noun}{where}"


def replace_owner(sel: Selector, owner: str) -> Selector:
    return replace(sel, owner=owner)


@_cond("all_match")
def _c_all_match(c, ctx):
    sel = c.target
    pre, post = _filters_text(sel, ctx)
    noun = " ".join(x for x in (pre, _noun(sel, 2, ctx), post) if x)
    if c.op == "you_only_have":
        return f"you only have {noun}"
    base = _noun(replace_filters(sel, [f for f in sel.filters if f.key == "category"]), 2, ctx)
    return f"the only {base} on your field are {noun}"


@_cond("and")
def _c_and(c, ctx):
    return " and ".join(render_condition(p, ctx) for p in c.parts)


@_cond("or")
def _c_or(c, ctx):
    parts = [render_condition(p, ctx) for p in c.parts]
    if all(p.kind == "leader" and not p.negate for p in c.parts) and all(x.startswith("your Leader ") for x in parts):
        # "your Leader has the {X} type or is [Y]"
        return "your Leader " + " or ".join(x[len("your Leader "):] for x in parts)
    return " or ".join(parts)


# --------------------------------------------------------------------------------------------- actions
ACTIONS: dict[str, Callable[[Action, Ctx], str]] = {}
"""One renderer per action op: ``fn(action, ctx) -> str``, the action as an imperative clause."""


renders = _registrar(ACTIONS)


def render_action(a: Action, ctx: Ctx | None = None) -> str:
    """One action as a clause (no full stop). Raises ``KeyError`` for an op without a renderer."""
    return ACTIONS[a.op](a, ctx or Ctx())


def _dur(a) -> str:
    d = DURATION_TEXT.get(a.duration, a.duration or "")
    return f" {d}" if d else ""


def _actor(a: Action, verb: str, verb_s: str) -> str:
    """ "trash" for you, "your opponent trashes" for the opponent."""
    return verb if a.player == "self" else f"your opponent {verb_s}"


def _sel(a: Action, ctx: Ctx, **kw) -> str:
    return render_selector(a.target, ctx, **kw)


def _their_sel(a: Action, ctx: Ctx, **kw) -> str:
    """The target as the opponent names their own cards ("their hand") when the opponent acts."""
    text = render_selector(a.target, ctx, **kw)
    if a.player == "opponent":
        text = text.replace("your opponent's ", "their ")
    return text


@renders("ko")
def _ko(a, ctx):
    return _actor(a, "K.O.", "K.O.s") + " " + _sel(a, ctx)


@renders("rest")
def _rest(a, ctx):
    if a.player == "opponent":  # "your opponent rests 1 of their active DON!! cards" (PRB02-005)
        return "your opponent rests " + _their_sel(a, ctx)
    return _actor(a, "rest", "rests") + " " + _sel(a, ctx)


@renders("set_active")
def _set_active(a, ctx):
    return f"set {_sel(a, ctx)} as active"


@renders("draw")
def _draw(a, ctx):
    verb = _actor(a, "draw", "draws")
    if a.param("until_count") is not None:
        return f"{verb} cards until you have {a.param('until_count')} cards in your hand"
    eq = a.param("equal_to")
    if eq is not None:
        return f"{verb} cards equal to the number of {render_selector(eq, ctx, counted=True)}"
    per = a.param("per")
    if per is not None and per.ref is None:  # "Draw a card for each of your {X} type Characters" (EB04-011)
        n = "a" if (a.amount or 1) == 1 else a.amount
        return f"{verb} {n} card for each of {_owner_word(per.owner)} {_body_words(per, 2, ctx)}"
    n = a.amount or 1
    return f"{verb} {'up to ' if a.param('up_to') else ''}{n} {_plural('card', n)}"


@renders("trash")
def _trash(a, ctx):
    verb = _actor(a, "trash", "trashes")
    if a.param("equal_to") is not None and a.target is not None and tuple(a.target.zones) == ("hand",):
        # "Then, trash the same number of cards from your hand" (EB04-011): as many as the draw before drew
        return f"{verb} the same number of cards from {_owner_word(a.target.owner)} hand"
    if a.param("equal_to") is not None:
        where = render_selector(a.target, ctx).split(" from ", 1)[-1]
        return f"{verb} the same number of cards from {where} as {render_selector(a.param('equal_to'), ctx)}"
    if a.param("until_count") is not None:
        where = render_selector(a.target, ctx).split(" from ", 1)[-1]
        have = "Life cards" if a.target is not None and "life" in a.target.zones else "cards in your hand"
        if a.player == "opponent":
            pile, n = where.split(" ")[-1], a.param("until_count")
            return f"{verb} cards from their {pile} until they have {n} {have.replace('your', 'their')}"
        return f"{verb} cards from {where} until you have {a.param('until_count')} {have}"
    return f"{verb} {_their_sel(a, ctx)}"


@renders("return_to_hand")
def _return_to_hand(a, ctx):
    t = a.target
    dest = "the owner's hand"
    if t is not None and t.ref == "this":
        dest = "the owner's hand"
    return f"{_actor(a, 'return', 'returns')} {_their_sel(a, ctx)} to {dest}"


@renders("add_to_hand")
def _add_to_hand(a, ctx):
    who = "your" if a.player == "self" else "their"
    t = a.target
    if t is not None and t.ref is None and t.owner != "self":
        who = "the owner's"  # each card goes to its owner's hand (actions.op_add_to_hand)
    return f"{_actor(a, 'add', 'adds')} {_their_sel(a, ctx)} to {who} hand"


def _order(a, ctx: Ctx) -> str:
    """ "in any order" for several cards from a pile or the looked-at cards (their owner orders them, 3-1-7)."""
    t = a.target
    if t is not None and t.ref == "it" and ctx.own_look and a.param("position") == "top_or_bottom":
        return " in any order"
    if t is None or t.ref in ("it", "revealed") or (t.ref is None and not _is_pile(t)):
        return ""
    many = t.count is None or (t.count or 1) > 1 or t.ref == "rest"
    return " in any order" if many else ""


@renders("to_deck")
def _to_deck(a, ctx):
    t = a.target
    pos = a.param("position") or "bottom"
    where = {"bottom": "at the bottom of", "top": "at the top of", "top_or_bottom": "at the top or bottom of",
             "any": "in"}.get(pos, pos)
    owner = "your" if t is not None and t.owner == "self" and t.ref is None and t.zones != ("character",) else (
        "the owner's")  # a card chosen before ("it") goes to its owner's deck (actions.op_to_deck)
    if t is not None and (set(t.zones) & _PILES and t.ref is None or t.ref in ("it", "rest", "revealed") and ctx.own_look) and (
            t.owner == "self"):
        owner = "your"  # cards of your own hand, trash or deck (the ones you looked at)
    if a.player == "opponent":
        owner = "their"
    if t is not None and t.ref in ("it", "rest") and ctx.own_look and pos == "top_or_bottom":
        owner = "the"  # "place them at the top or bottom of the deck in any order"
    shuffle = " and shuffle it" if a.param("shuffle") else ""
    order = _order(a, ctx) if pos != "any" else ""
    what = _their_sel(a, ctx)
    if a.param("with_this"):  # "place this card and 1 card from your hand ..." (EB01-030): placed together
        what, order = f"this {ctx.this} and {what}", " in any order"
    return f"{_actor(a, 'place', 'places')} {what} {where} {owner} deck{order}{shuffle}"


@renders("to_life")
def _to_life(a, ctx):
    pos = a.param("position")
    life = {"self": "your", "opponent": "your opponent's", "owner": "the owner's", "same": "the",
            None: "your"}.get(a.param("life_owner"), "your")
    where = {"top": "to the top of", "bottom": "to the bottom of", "top_or_bottom": "to the top or bottom of",
             "any_order": "to", None: "to the top of"}.get(pos, f"to {pos} of")
    face = {"face_up": " face-up", "face_down": " face-down"}.get(a.param("face"), "")
    order = " in any order" if pos == "any_order" else ""
    t = a.target
    if pos == "any_order":
        return f"place {_sel(a, ctx)} back in {life} Life area in any order"  # "Look at all of your Life cards ..."
    if t is not None and a.param("life_owner") == "same":
        # a card from the field is placed into a Life area (EB01-053)
        where = where.replace("to the", "at the", 1)
        return f"place {_sel(a, ctx)} {where} {life} Life cards{face}{order}"
    return f"add {_sel(a, ctx)} {where} {life} Life cards{face}{order}"


@renders("play")
def _play(a, ctx):
    if a.param("other_rested"):
        # "Play 1 card and play the other card rested [if it has a cost of 4 or less]" (OP06-086, OP10-058)
        cond = " and ".join(_with(f, ctx) or f.key for f in a.param("other_filters") or ())
        return f"play 1 of them and play the other card rested{' if it has ' + cond if cond else ''}"
    rested = " rested" if a.param("rested") else ""
    what = "this card" if a.target is not None and a.target.ref == "this" else _sel(a, ctx)
    if what == "this card" and ctx.timing == "on_ko":
        what += " from your trash"  # [On K.O.]: the card is in the trash when it resolves (10-2-17)
    return f"{_actor(a, 'play', 'plays')} {what}{rested}"


@renders("look")
def _look(a, ctx):
    t = a.target
    if t is not None and t.count is None:
        return f"look at all of {_OWNER.get(t.owner) or 'your'} {'Life cards' if 'life' in t.zones else 'deck'}"
    return f"look at {_sel(a, ctx)}"


@renders("reveal")
def _reveal(a, ctx):
    return f"{_actor(a, 'reveal', 'reveals')} {_their_sel(a, ctx)}"


@renders("select")
def _select(a, ctx):
    # ``also``: the second target of "Select your Leader and 1 Character" (render_actions joins it to the first)
    return f"{'and' if a.param('also') else 'choose'} {_sel(a, ctx)}"


@renders("add_don")
def _add_don(a, ctx):
    n = a.amount or 1
    state = {"active": "set it as active" if n == 1 else "set them as active",
             "rested": "rest it" if n == 1 else "rest them"}.get(a.param("state"), "")
    who = "your" if a.player == "self" else "their"
    text = (f"{_actor(a, 'add', 'adds')} {'up to ' if a.param('up_to') else ''}{n} DON!! {_plural('card', n)} "
            f"from {who} DON!! deck")
    return f"{text} and {state}" if state else text


@renders("give_don")
def _give_don(a, ctx):
    n = a.amount or 1
    don = a.param("don")
    if a.param("state") == "any":
        # "up to 1 DON!! card from your opponent's cost area" (actions.op_give_don: active or rested, OP15-028)
        area = {"opponent": "your opponent's", "self": "your"}.get(don.owner if don is not None else None,
                                                                    "its owner's")
        what = f"{'up to ' if a.param('up_to') else ''}{n} DON!! {_plural('card', n)} from {area} cost area"
    elif don is not None:
        what = render_selector(replace_owner(don, "any") if don.owner == "self" else don, ctx).replace(
            "all DON", "all of your DON")
    else:
        state = {"rested": "rested ", "active": "active "}.get(a.param("state"), "")
        what = f"{'up to ' if a.param('up_to') else ''}{n} {state}DON!! {_plural('card', n)}"
        if a.param("from") == "given":
            what += " given to your Leader or Characters"
    to = _sel(a, ctx)
    if a.param("don_of") == "recipient":
        # a DON!! card of the cost area of the chosen card's owner (actions.op_give_don, OP15-010)
        to = "its owner's Leader or 1 of their Characters"
    if a.param("each"):
        to = "each of " + to.replace("all of ", "", 1)
    return f"give {what} to {to}"


@renders("return_don")
def _return_don(a, ctx):
    if a.param("until_equal"):  # OP08-074
        return ("return DON!! cards from your field to your DON!! deck until you have the same number of DON!! "
                "cards on your field as your opponent")
    n = a.amount or 1
    if a.param("state") == "active" and a.player == "opponent":
        # "Your opponent may return 1 of their active DON!! cards to their DON!! deck" (OP15-059)
        return f"your opponent returns {n} of their active DON!! cards to their DON!! deck"
    if a.player == "opponent":
        return f"your opponent returns {n} DON!! {_plural('card', n)} from their field to their DON!! deck"
    return f"return {n} DON!! {_plural('card', n)} from your field to your DON!! deck"


@renders("turn_face_up")
def _face_up(a, ctx):
    return f"turn {_sel(a, ctx)} face-up"


@renders("turn_face_down")
def _face_down(a, ctx):
    return f"turn {_sel(a, ctx)} face-down"


@renders("deal_damage")
def _deal_damage(a, ctx):
    return f"deal {a.amount or 1} damage to your opponent"


@renders("take_damage")
def _take_damage(a, ctx):
    return f"you take {a.amount or 1} damage"


@renders("shuffle_deck")
def _shuffle(a, ctx):
    return "shuffle your deck" if a.player == "self" else "your opponent shuffles their deck"


@renders("activate_effect")
def _activate_effect(a, ctx):
    tag = TIMING_TAGS.get(a.param("timing"), a.param("timing"))
    return f"activate this card's {tag} effect"


@renders("activate_event")
def _activate_event(a, ctx):
    if a.param("effect_only"):  # EB03-031: the effect of a card in the trash (8-5-3)
        return f"activate the [Main] effect of {_sel(a, ctx)}".replace(" from your trash", " in your trash")
    return f"activate {_sel(a, ctx)}"


@renders("change_attack_target")
def _change_target(a, ctx):
    return f"change the attack target to {_sel(a, ctx)}"


@renders("choose_cost")
def _choose_cost(a, ctx):
    # "Choose a cost and reveal 1 card from the top of your opponent's deck. If the revealed card has the chosen
    # cost, ..." (actions.op_choose_cost: the reveal, the condition and its body are this one action)
    text = "choose a cost"
    if a.target is not None:
        text += f" and reveal {_sel(a, ctx)}"
    if a.condition is not None:
        text += f". If {render_condition(a.condition, ctx)}, {_body(a.body, ctx)}".rstrip(".")
    elif a.body:
        text += ". " + _body(a.body, ctx).rstrip(".")
    return text


@renders("win_game")
def _win(a, ctx):
    return "you win the game"


@renders("extra_turn")
def _extra_turn(a, ctx):
    return "take an extra turn after this one"


def _gains(a: Action, ctx: Ctx, what: str) -> str:
    """ "{target} gains {what}" (a singular subject for "up to 1", "this", 1 card)."""
    t = a.target
    subj = _sel(a, ctx)
    plural = t is not None and t.ref is None and (t.count is None or (t.count or 1) > 1) and not t.up_to
    plural = plural or (t is not None and t.ref is None and t.count is None)
    return f"{subj} {'gain' if plural else 'gains'} {what}"


def _per(a: Action, ctx: Ctx) -> str:
    per = a.param("per")
    if per is None:
        return ""
    if per.ref == "it":
        # the cards the action before moved ("for every card trashed", "for every 3 cards placed ...")
        n = a.param("per_count") or 1
        return " for every one of them" if n == 1 else f" for every {n} of them"
    n = a.param("per_count") or 1
    if any(f.key == "given" and f.value == "this" for f in per.filters):
        return f" for every DON!! card given to this {ctx.this}"
    if any(f.key == "given" and f.value in ("chosen", "that") for f in per.filters):
        # OP15-008: the Character an earlier effect of this card chose (compiler._remember_chosen)
        return " for every DON!! card given to that Character"
    if per.ref is None and per.owner in ("self", "opponent") and not _is_pile(per) or set(per.zones) == {"don"}:
        # "for every 3 of your rested DON!! cards", "for every 2 of your opponent's Characters"
        return f" for every {n} of {_owner_word(per.owner)} {_body_words(per, 2, ctx)}"
    counted = render_selector(per, ctx, counted=True)
    return f" for every {n} {counted}" if n != 1 else f" for every {counted}"


@renders("modify_power")
def _modify_power(a, ctx):
    n = a.amount or 0
    per_cost = a.param("per_cost")
    if per_cost is not None:  # OP15-119
        per = f" per {a.param('per_count') or 1} cost on {render_selector(per_cost, ctx).replace('it', 'the revealed card', 1)}"
        return _gains(a, ctx, f"+{n} power") + _dur(a) + per
    if n < 0:
        return f"give {_sel(a, ctx)} {n} power{_dur(a)}{_per(a, ctx)}"
    return _gains(a, ctx, f"+{n} power") + _dur(a) + _per(a, ctx)


@renders("modify_power_split")
def _modify_power_split(a, ctx):
    first, second = a.param("amounts") or ("?", "?")
    return f"give 1 Character {first} power and the other {second} power{_dur(a)}"  # OP08-118


@renders("grant_replacement")
def _grant_replacement(a, ctx):
    # EB02-030: the granted replacement effect is rendered after it (render_card joins the two); this names
    # its duration
    return f"the following replacement effect applies{_dur(a)}"


@renders("modify_cost")
def _modify_cost(a, ctx):
    n = a.amount or 0
    if n > 0:
        return _gains(a, ctx, f"+{n} cost") + _dur(a) + _per(a, ctx)
    return f"give {_sel(a, ctx)} {n} cost{_dur(a)}{_per(a, ctx)}"


@renders("set_cost")
def _set_cost(a, ctx):
    return f"set the cost of {_sel(a, ctx)} to {a.amount or 0}{_dur(a)}"


@renders("set_base_power")
def _set_base_power(a, ctx):
    same = a.param("same_as_power_of")
    subj = _sel(a, ctx)
    subj = "its" if subj == "it" else f"{subj}'s"
    if a.param("swap"):
        return f"swap the base power of {_sel(a, ctx)} with each other{_dur(a)}"
    if a.param("same_as_base_power_of") is not None:  # OP14-053
        return f"{subj} base power becomes the same as {render_selector(a.param('same_as_base_power_of'), ctx)}'s base power{_dur(a)}"
    if same is not None and same.ref == "attacker":  # OP04-069
        return f"{subj} base power becomes the same as the power of your opponent's attacking Leader or Character{_dur(a)}"
    if same is not None:
        other = render_selector(same, ctx)
        if tuple(same.zones) == ("leader",):
            return f"{subj} base power becomes the same as {other}{_dur(a)}"  # "... as your opponent's Leader"
        return f"{subj} base power becomes the same as {'its' if other == 'it' else other + chr(39) + 's'} power{_dur(a)}"
    return f"{subj} base power becomes {a.amount}{_dur(a)}"


@renders("set_power_zero")
def _set_power_zero(a, ctx):
    return f"set the power of {_sel(a, ctx)} to 0{_dur(a)}"


@renders("set_power")
def _set_power(a, ctx):
    return f"set the power of {_sel(a, ctx)} to {a.amount}{_dur(a)}"


@renders("gain_keyword")
def _gain_keyword(a, ctx):
    k = a.param("keyword")
    if k == "Rush: Character":
        return f"{_sel(a, ctx)} can attack Characters on the turn in which it is played{_dur(a)}"
    return _gains(a, ctx, f"[{k}]") + _dur(a)


@renders("negate_timing")
def _negate_timing(a, ctx):
    whose = {"self": "Your", "opponent": "Your opponent's"}.get(a.param("owner"), "Someone's")
    return f"{whose} [{a.param('timing')}] effects are negated{_dur(a)}"


@renders("gain_attribute")
def _gain_attribute(a, ctx):
    return _gains(a, ctx, f"the <{a.param('attribute')}> attribute") + _dur(a)


_CANNOT = {
    "attack": "cannot attack", "attack_leader": "cannot attack a Leader", "be_ko": "cannot be K.O.'d",
    "be_rested": "cannot be rested", "be_removed": "cannot be removed from the field",
    "be_returned_to_hand": "cannot be returned to the owner's hand", "be_played": "cannot be played",
}
_BY = {"battle": "in battle", "effect": "by effects", "opponent_effect": "by your opponent's effects",
       "own_effect": "using your own effects", "your_effect": "by your effects",
       "character_effect": "using Character effects"}


@renders("cannot")
def _cannot(a, ctx):
    what = a.param("what")
    by = _BY.get(a.param("by"), "")
    by = f" {by}" if by else ""
    t = a.target
    if what == "activate":
        kw = a.param("keyword")
        att = a.param("attacker")
        if t is None or t.ref is None and t.count is None:
            # the whole side, or its cards that match (actions.op_cannot): "your opponent cannot activate [Blocker]"
            who = "you" if t is not None and t.owner == "self" else "your opponent"
            text = f"{who} cannot activate [{kw}]"
            if t is not None and t.filters:
                text += f" of any {_body_words(replace_filters(t, [f for f in t.filters if f.key != 'has_keyword']), 1, ctx)}"
        else:
            text = f"{_sel(a, ctx)} cannot activate [{kw}]"
        if att is not None:
            text += f" when {render_selector(att, ctx)} attacks"
        return text + _dur(a)
    if what == "play":
        who = "your opponent cannot" if t is not None and t.owner == "opponent" else "you cannot"
        noun = _body_words(replace(t, owner="any", count=None, zones=("hand",)), 2, ctx)
        return f"{who} play {noun}{by}{_dur(a)}"
    if what == "add_life_to_hand":
        return f"you cannot add Life cards to your hand{by}{_dur(a)}"
    if what == "draw":
        return f"you cannot draw cards{by}{_dur(a)}"
    if what == "set_don_active":
        return f"you cannot set DON!! cards as active{by}{_dur(a)}"
    if what == "attack_leader" and (t is None or t.ref is None):
        return f"you cannot attack a Leader{_dur(a)}"
    if what == "attack_other_than":
        return f"{_sel(a, ctx)} cannot attack other than {render_selector(a.param('only'), ctx)}{_dur(a)}"
    if what == "attack_characters" and a.param("targets") is not None:  # OP12-020
        return f"{_sel(a, ctx)} cannot attack {_whose(a.param('targets'), ctx)}{_dur(a)}"
    subj = _sel(a, ctx)
    if t is not None and t.ref is None and t.count is None and not t.up_to and t.owner != "any":
        subj = subj.replace("all of ", "", 1)  # "your Characters with a cost of 3 or less cannot be K.O.'d"
    text = f"{subj} {_CANNOT.get(what, 'cannot ' + str(what))}{by}"
    src = a.param("source")
    if src is not None:
        if text.endswith(" by effects") or text.endswith(" by your opponent's effects"):
            text = text.rsplit(" by ", 1)[0] + f" by effects of {_whose(src, ctx)}"
        else:
            text += f" by {_whose(src, ctx)}"
    att = a.param("attacker")
    if att is not None:
        text += f" by {_whose(att, ctx)}"
    if a.param("when") == "turn_played":
        text += " on the turn in which it is played"
    text += _dur(a)
    unless = a.param("unless")
    if unless is not None:
        text += " unless your opponent " + render_cost(unless, ctx).replace("trash", "trashes", 1).replace(
            "your hand", "their hand")
    if a.param("once"):
        text = "once per turn, " + text  # OP10-118: one K.O. a turn stopped
    return text


def _whose(sel: Selector, ctx: Ctx) -> str:
    """ "<Slash> attribute cards", "your opponent's Characters with 5000 base power or less"."""
    words = _body_words(sel, 2, ctx)
    return words if sel.owner == "any" else f"{_owner_word(sel.owner)} {words}"


@renders("can_attack_active")
def _can_attack_active(a, ctx):
    return f"{_sel(a, ctx)} can also attack active Characters{_dur(a)}"


@renders("no_refresh")
def _no_refresh(a, ctx):
    phase = {"opponent_next": "your opponent's next Refresh Phase", "your_next": "your next Refresh Phase",
             "owner_next": "its owner's next Refresh Phase"}.get(a.param("phase"), "the next Refresh Phase")
    if a.param("phase") == "every":  # OP05-040, a permanent effect
        return f"{_sel(a, ctx)} do not become active in your and your opponent's Refresh Phases"
    return f"{_sel(a, ctx)} will not become active in {phase}"


@renders("negate_effects")
def _negate(a, ctx):
    if a.duration == "permanent":  # "... have their effects negated." (OP13-064)
        t = a.target
        return f"{_sel(a, ctx)} {'has its effects' if t is not None and t.count == 1 else 'have their effects'} negated"
    return f"negate the effect of {_sel(a, ctx)}{_dur(a)}"


@renders("treat_name")
def _treat_name(a, ctx):
    return f"also treat this card's name as [{a.param('name')}] according to the rules"


@renders("set_counter")
def _set_counter(a, ctx):
    return f"{_sel(a, ctx)} gains +{a.amount} Counter{_dur(a)}" if (a.amount or 0) >= 0 else (
        f"give {_sel(a, ctx)} {a.amount} Counter{_dur(a)}")


@renders("next_play_discount")
def _next_play_discount(a, ctx):
    words = _body_words(a.target, 1, ctx)
    # "the next time you play a {X} type Character card ..." (OP02-025), "... play [Trafalgar Law] ..." (OP12-061)
    article = "" if words.startswith("[") else ("an " if words[:1].lower() in "aeiou" else "a ")
    return (f"the next time you play {article}{words} from your hand{_dur(a)}, "
            f"the cost will be reduced by {a.amount}")


@renders("reduce_play_cost")
def _reduce_play_cost(a, ctx):
    return f"the cost of playing {_body_words(a.target, 2, ctx)} from your hand will be reduced by {a.amount}"


@renders("deck_out_win")
def _deck_out_win(a, ctx):
    return "when your deck is reduced to 0, you win the game instead of losing"


@renders("deck_out_end_of_turn")
def _deck_out_end_of_turn(a, ctx):
    if a.param("part") == "no_loss":
        return "under the rules of this game, you do not lose when your deck has 0 cards"
    if a.param("part") == "at_end":
        return "you lose at the end of the turn in which your deck becomes 0 cards"
    return f"deck out at the end of the turn ({a.param('part')})"


@renders("don_phase_give")
def _don_phase_give(a, ctx):
    n = a.amount or 1
    return f"{n} DON!! {_plural('card', n)} placed during your DON!! Phase {'is' if n == 1 else 'are'} given to {_sel(a, ctx)}"


@renders("face_up_life_to_deck")
def _face_up_life_to_deck(a, ctx):
    return ("your face-up Life cards are placed at the bottom of your deck instead of being added to your hand, "
            "according to the rules")


@renders("play_rested")
def _play_rested(a, ctx):
    return f"{render_selector(a.target, ctx, counted=True)} are played rested"


@renders("deck_rule")
def _deck_rule(a, ctx):
    return "(a deck-construction rule)"


# ---- structure
def _subject_of(a: Action, ctx: Ctx) -> str | None:
    """The subject an action's clause starts with ("this Character" of "this Character gains ..."), or None."""
    if a.op in ("modify_power", "modify_cost") and (a.amount or 0) < 0:
        return None
    if a.op in ("gain_keyword", "modify_power", "modify_cost", "cannot", "set_counter") and a.target is not None and (
            a.op != "cannot" or a.param("what") not in ("activate", "play", "draw", "add_life_to_hand",
                                                        "set_don_active", "attack_leader")):
        return render_selector(a.target, ctx)
    return None


def _merge(prev_text: str, prev: Action, text: str, a: Action, ctx: Ctx) -> str | None:
    """ "this Character gains [Blocker] and +1000 power": two clauses about the same subject in one
    (the subject and a shared duration written once), or None."""
    subj = _subject_of(prev, ctx)
    if subj is None or subj != _subject_of(a, ctx) or not text.startswith(subj + " "):
        return None
    rest = text[len(subj) + 1:]
    if a.op != "cannot" and prev.op != "cannot" and rest.startswith("gains "):
        rest = rest[len("gains "):]
    dur = _dur(a)
    if dur and prev.duration == a.duration and prev_text.endswith(dur) and not a.param("per"):
        prev_text = prev_text[: -len(dur)]
    return f"{prev_text} and {rest}"


_ANCHORS = {"to", "at", "from", "as", "gains", "gain", "during", "until", "base", "cannot", "will"}
_MERGE_OPS = {"ko", "return_to_hand", "to_deck", "play", "rest", "set_active", "modify_power", "modify_cost",
              "gain_keyword", "set_base_power", "negate_effects", "add_to_hand", "trash", "cannot"}


def _merge_same_op(prev_text: str, prev: Action, text: str, a: Action) -> str | None:
    """ "K.O. up to 1 X and up to 1 Y", "your Leader and all of your Characters gain +1000 power during this
    turn": one op on two targets, its verb and its common ending written once; None when they share neither."""
    if prev.op != a.op or a.op not in _MERGE_OPS or prev.amount != a.amount or prev.duration != a.duration or (
            prev.params != a.params):
        return None
    p, t = prev_text.split(" "), text.split(" ")
    head = 1 if p[0] == t[0] and p[0].lower() in ("k.o.", "return", "place", "play", "rest", "set", "give", "add",
                                                   "trash", "negate") else 0
    tail = 0
    best = 0
    while tail < min(len(p), len(t)) - head - 1 and p[-1 - tail] == t[-1 - tail]:
        tail += 1
        if p[-tail] in _ANCHORS and not p[-tail - 1][:1].isdigit():  # not inside "with 4000 base power or less"
            best = tail
    if not head and not best:
        return None
    x = " ".join(p[head:len(p) - best])
    y = " ".join(t[head:len(t) - best])
    return " ".join(w for w in (" ".join(p[:head]), f"{x} and {y}", " ".join(p[len(p) - best:]) if best else "") if w)


def render_actions(actions: Iterable[Action], ctx: Ctx) -> list[str]:
    """Sentences of a sequence of actions: "A and B" joined within a sentence unless one starts with
    "Then," or is a structure that needs its own sentence."""
    out: list[str] = []
    prev = None
    actions = list(actions)
    skip = set()
    merged_last = False
    for i, a in enumerate(actions):
        if i in skip:
            continue
        nxt = actions[i + 1] if i + 1 < len(actions) else None
        if a.op == "look" and nxt is not None and nxt.op == "reveal" and not nxt.then and nxt.target is not None and (
                nxt.target.zones == ("looked",) and nxt.target.count is None and not nxt.target.up_to
                and not nxt.target.filters):
            # "reveal 1 card from the top of your deck": looked at and revealed, all of them
            text = f"reveal {render_selector(a.target, ctx)}"
            skip.add(i + 1)
        else:
            text = render_action(a, ctx)
        if a.op in ("if_you_do", "if_you_do_not") and prev is not None and prev.op == "may" and prev.player == "opponent":
            text = text.replace("if you do", "if they do", 1)  # the opponent's "you may": "If they do not, ..."
        if a.then or not (out and prev is not None):
            merged_last = False
        if a.op == "select" and a.param("also") and prev is not None and prev.op == "select" and out:
            # "Select your Leader and 1 Character" (OP14-009): one sentence, as printed; the place once, at the
            # end, when both are from the same one ("... and up to 1 Y from your trash", OP06-086)
            place = _place(prev.target, ctx)
            same = place and tuple(prev.target.zones) == tuple(a.target.zones) and out[-1].endswith(" from " + place)
            out[-1] = f"{out[-1][:-len(' from ' + place)] if same else out[-1]} {text}"
            prev = a
            continue
        if a.then:
            lead = "then, "
            if prev is not None and prev.op == "if":
                lead += THEN_NOT_GOVERNED  # scope: this "Then" is not governed by the "if" before it
            out.append(lead + text)
        elif out and prev is not None and prev.op not in _OWN_SENTENCE and a.op not in _OWN_SENTENCE and not (
                out[-1].endswith(":") or "\n" in out[-1]) and not (prev.op == "select" and not text.startswith("it ")):
            merged = _merge(out[-1], prev, text, a, ctx)
            if merged is None and not merged_last:
                merged = _merge_same_op(out[-1], prev, text, a)
            merged_last = merged is not None
            out[-1] = merged if merged is not None else f"{out[-1]} and {text}"
        else:
            out.append(text)
        prev = a
    return out


_OWN_SENTENCE = {"if", "if_you_do", "if_you_do_not", "choose_one", "may", "for_every"}


def _body(actions, ctx: Ctx) -> str:
    """A body rendered as running text (sentences joined, the first not capitalised)."""
    parts = render_actions(actions, ctx)
    text = _sentences(parts)
    return _uncapitalized(text)


@renders("if")
def _if(a, ctx):
    return f"if {render_condition(a.condition, ctx)}, {_body(a.body, ctx)}".rstrip(".")


@renders("may")
def _may(a, ctx):
    who = "you may" if a.player == "self" else "your opponent may"
    body = _body(a.body, ctx)
    if a.player == "opponent" and body.startswith("your opponent "):
        body = body[len("your opponent "):]  # "your opponent may trash ...": the verb without its subject
        body = {"trashes": "trash", "places": "place", "returns": "return", "adds": "add", "plays": "play",
                "draws": "draw", "reveals": "reveal", "rests": "rest"}.get(body.split(" ", 1)[0], body.split(" ", 1)[0]) + (
            " " + body.split(" ", 1)[1] if " " in body else "")
    return f"{who} {body}".rstrip(".")


@renders("if_you_do")
def _if_you_do(a, ctx):
    return f"if you do, {_body(a.body, ctx)}".rstrip(".")


@renders("if_you_do_not")
def _if_you_do_not(a, ctx):
    who = "they" if a.player == "opponent" else "you"
    return f"if {who} do not, {_body(a.body, ctx)}".rstrip(".")


@renders("choose_one")
def _choose_one(a, ctx):
    head = "choose one:" if a.player == "self" else "your opponent chooses one:"
    return head + "".join(f"\n• {_sentences(render_actions(opt, ctx))}" for opt in a.options)


@renders("delayed")
def _delayed(a, ctx):
    if a.param("at") == "end_of_battle":
        return f"at the end of this battle, {_body(a.body, ctx)}".rstrip(".")
    if a.param("at") == "start_of_opponent_main":  # PRB02-005
        return f"{_body(a.body, ctx).rstrip('.')} at the start of their next Main Phase"
    return f"{_body(a.body, ctx).rstrip('.')} at the end of this turn"  # "set ... as active at the end of this turn"


@renders("for_every")
def _for_every(a, ctx):
    n = a.amount or 1
    return f"for every {n} {render_selector(a.target, ctx, counted=True)}, {_body(a.body, ctx)}".rstrip(".")


# --------------------------------------------------------------------------------------------- costs
COSTS: dict[str, Callable[[Cost, Ctx], str]] = {}
"""One renderer per cost op that is not an action op; a cost whose op is an action op renders as that action."""


_cost = _registrar(COSTS)


@_cost("rest_don")
def _c_rest_don(c, ctx):
    n = c.amount or 1
    return f"rest {n} of your DON!! cards"


@_cost("don_minus")
def _c_don_minus(c, ctx):
    return f"DON!! -{c.amount or 1}"


@_cost("return_don")
def _c_return_don(c, ctx):
    p = dict(c.params)
    n = c.amount or 1
    if p.get("to") == "cost_area":
        return f"return {n} total of your currently given DON!! cards to your cost area rested"
    state = "active " if p.get("state") == "active" else ""
    more = " or more" if p.get("or_more") else ""
    if state:
        return f"return {n} of your active DON!! cards to your DON!! deck"
    return f"return {n}{more} DON!! {_plural('card', n)} from your field to your DON!! deck"


@_cost("one_of")
def _c_one_of(c, ctx):
    return " or ".join(_join([render_cost(x, ctx) for x in opt]) for opt in c.options)


def render_cost(c: Cost, ctx: Ctx | None = None) -> str:
    """One activation cost as a clause ("trash 1 card from your hand", "DON!! -1", "rest this Character")."""
    ctx = ctx or Ctx()
    if c.options and c.op not in COSTS:
        return _c_one_of(c, ctx)
    if c.op in COSTS:
        return COSTS[c.op](c, ctx)
    return render_action(Action(c.op, target=c.target, amount=c.amount, duration=c.duration, params=c.params), ctx)


# --------------------------------------------------------------------------------------------- events
EVENTS: dict[str, Callable[[Event, Ctx], str]] = {}
"""One renderer per event kind: the clause after "When" / "If ... would"."""


_event = _registrar(EVENTS)


def _by(ev: Event) -> str:
    by = dict(ev.params).get("by")
    return {"opponent_effect": " by your opponent's effect", "effect": " by an effect", "battle": " in battle",
            "your_effect": " by your effect", "any": "", "opponent": " by your opponent",
            "opponent_character_effect": " by your opponent's Character's effect"}.get(by, "")


def _subj(ev: Event, ctx: Ctx) -> str:
    return render_selector(ev.subject, ctx, subject=True) if ev.subject is not None else "a card"


@_event("ko")
def _e_ko(ev, ctx):
    return f"{_subj(ev, ctx)} is K.O.'d{_by(ev)}"


@_event("removed")
def _e_removed(ev, ctx):
    return f"{_subj(ev, ctx)} is removed from the field{_by(ev)}"


@_event("rested")
def _e_rested(ev, ctx):
    return f"{_subj(ev, ctx)} becomes rested{_by(ev)}"


@_event("attack")
def _e_attack(ev, ctx):
    target = " your opponent's Leader" if dict(ev.params).get("target") == "leader" else ""  # OP12-081
    return f"{_subj(ev, ctx)} attacks{target}"


@_event("attacked")
def _e_attacked(ev, ctx):
    return f"{_subj(ev, ctx)} is attacked"


@_event("played")
def _e_played(ev, ctx):
    src = dict(ev.params).get("source")
    by = " using a Character's effect" if dict(ev.params).get("by") == "character_effect" else ""  # OP12-081
    return f"{_subj(ev, ctx)} is played" + (f" from your {src}" if src else "") + by


@_event("don_returned")
def _e_don_returned(ev, ctx):
    n = dict(ev.params).get("at_least")
    what = f"{n} or more DON!! cards on your field are" if n else "a DON!! card on your field is"
    return f"{what} returned to your DON!! deck{_by(ev)}"


@_event("damage_taken")
def _e_damage_taken(ev, ctx):
    return "you take damage"


@_event("attack_damage")
def _e_attack_damage(ev, ctx):
    s = ev.subject
    if s is not None and s.ref is None:
        return "you deal damage to your opponent's Life"
    return f"{_subj(ev, ctx)}'s attack deals damage to your opponent's Life"


@_event("event_activated")
def _e_event(ev, ctx):
    return "your opponent activates an Event" if ev.subject is not None and ev.subject.owner == "opponent" else (
        "you activate an Event")


@_event("keyword_activated")
def _e_keyword(ev, ctx):
    who = "your opponent activates" if ev.subject is not None and ev.subject.owner == "opponent" else "you activate"
    return f"{who} [{dict(ev.params).get('keyword')}]"


@_event("trigger_activated")
def _e_trigger(ev, ctx):
    owner = ev.subject.owner if ev.subject is not None else "any"
    return {"opponent": "your opponent activates a [Trigger]", "self": "you activate a [Trigger]"}.get(
        owner, "a [Trigger] activates")


@_event("life_removed")
def _e_life_removed(ev, ctx):
    owner = ev.subject.owner if ev.subject is not None else "self"
    return f"a card is removed from {_owner_word(owner)} Life cards"


@_event("life_zero")
def _e_life_zero(ev, ctx):
    return "your number of Life cards becomes 0"


@_event("life_to_hand")
def _e_life_to_hand(ev, ctx):
    return "a card is added to your hand from your Life"


@_event("trashed")
def _e_trashed(ev, ctx):
    s = ev.subject
    by = _by(ev)
    src = dict(ev.params).get("by_source")
    if src is not None:  # "by your {Navy} type card's effect" (OP12-040)
        by = " by your " + " ".join(filter(None, (_pre(f) for f in src.filters))) + " card's effect"
    if s is not None and s.ref is None and tuple(s.zones) == ("hand",):
        return f"a card is trashed from {_owner_word(s.owner)} hand{by}"
    return f"{_subj(ev, ctx)} is trashed{by}"


@_event("returned_to_hand")
def _e_returned(ev, ctx):
    return f"{_subj(ev, ctx)} is returned to the owner's hand{_by(ev)}"


@_event("battle")
def _e_battle(ev, ctx):
    opp = dict(ev.params).get("opponent")
    return f"{_subj(ev, ctx)} battles" + (f" {render_selector(opp, ctx, subject=True)}" if opp is not None else "")


@_event("battle_ko")
def _e_battle_ko(ev, ctx):
    opp = dict(ev.params).get("opponent")
    return f"{_subj(ev, ctx)} battles and K.O.'s {render_selector(opp, ctx, subject=True) if opp is not None else 'a Character'}"


@_event("any_of")
def _e_any_of(ev, ctx):
    return " or ".join(EVENTS[e.kind](e, ctx) for e in dict(ev.params).get("events", ()))


@_event("drawn")
def _e_drawn(ev, ctx):
    return "you draw a card outside of your Draw Phase"


@_event("don_given")
def _e_don_given(ev, ctx):
    return f"{_subj(ev, ctx)} is given a DON!! card"


def _replacement_event(ev: Event, ctx: Ctx) -> str:
    s = _subj(ev, ctx)
    if ev.kind == "any_of":  # "would be K.O.'d or would be removed from the field by ..." (OP13-046)
        # as printed: "would be K.O.'d or would be removed ..." (OP13-046), "would be removed ... or K.O.'d" (OP08-045)
        events = dict(ev.params)["events"]
        parts = [_replacement_event(e, ctx).removeprefix(s + " would ") for e in events]
        return f"{s} would {parts[0]}" + "".join(
            f" or {p.removeprefix('be ')}" if e.kind == "ko" else f" or would {p}" for e, p in zip(events[1:], parts[1:]))
    if ev.kind == "ko":
        return f"{s} would be K.O.'d{_by(ev)}"
    if ev.kind == "removed":
        if dict(ev.params).get("by") == "any":  # "would leave the field": in battle too (hooks.replaces)
            return f"{s} would leave the field"
        return f"{s} would be removed from the field{_by(ev)}"
    if ev.kind == "rested":  # PRB02-006
        return f"{s} would be rested{_by(ev)}"
    return f"{s} would be {EVENTS[ev.kind](ev, ctx).split(' is ', 1)[-1]}"


# --------------------------------------------------------------------------------------------- effects
def _header(eff: Effect, timings: Iterable[str | None] = ()) -> tuple[list[str], list[Condition]]:
    tags: list[str] = []
    rest: list[Condition] = []
    for c in eff.conditions:
        if c.kind == "don_x" and not c.negate:
            tags.append(f"[DON!! x{c.value}]")
    for c in eff.conditions:
        if c.kind in ("your_turn", "opponent_turn") and not c.negate:
            tags.append(CONDITIONS[c.kind](c, Ctx()))
    timing_tags = [TIMING_TAGS[t] for t in (list(timings) or [eff.timing]) if t in TIMING_TAGS]
    if eff.kind == "main" and eff.timing == "counter":
        timing_tags = ["[Counter]"]
    if timing_tags:
        tags.append("/".join(timing_tags))
    if eff.once_per_turn:
        tags.append("[Once Per Turn]")
    rest = [c for c in eff.conditions if not (c.kind in ("don_x", "your_turn", "opponent_turn") and not c.negate)]
    return tags, rest


def render_effect(eff: Effect, this: str = "card", timings: Iterable[str | None] = ()) -> str:
    """The canonical English text of one compiled effect, e.g. ``"[On Play] K.O. up to 1 of your opponent's
    Characters with a cost of 4 or less."``. ``this``: the card's category noun ("Character", "Leader",
    "Stage", "Event") for "this Character"; ``timings``: the timings of effects compiled from one printed
    paragraph ("[On Play]/[When Attacking]"), default the effect's own."""
    ctx = Ctx(this, own_look=_looks_at_own(eff.actions), timing=eff.timing)
    ctx.permanent = eff.kind == "permanent"
    tags, conds = _header(eff, timings)
    lead = ""
    if eff.timing == "start_of_game":  # printed as a sentence, "At the start of the game, ..." (OP13-079)
        tags = [t for t in tags if t != TIMING_TAGS["start_of_game"]]
        lead = "at the start of the game, "
    if eff.timing == "start_of_your_turn":  # printed as a sentence before the effect (OP11-040)
        tags = [t for t in tags if t != TIMING_TAGS["start_of_your_turn"]] + [
            "This effect can be activated at the start of your turn."]
    head = " ".join(tags)
    if eff.kind == "auto" and eff.timing == "when" and eff.event is not None:
        if eff.event.kind == "battle" and dict(eff.event.params).get("at") == "end_of_battle":
            lead = f"at the end of a battle in which {EVENTS['battle'](eff.event, ctx).replace(' battles', ' battles', 1)}, "
        else:
            lead = f"when {EVENTS[eff.event.kind](eff.event, ctx)}, "
    if conds:
        lead += "if " + " and ".join(render_condition(c, ctx) for c in conds) + ", "
    if eff.kind == "replacement" and eff.event is not None:
        lead = f"if {_replacement_event(eff.event, ctx)}, " + ("if " + " and ".join(
            render_condition(c, ctx) for c in conds) + ", " if conds else "")
    body = _sentences(render_actions(eff.actions, ctx))
    may = eff.optional and not eff.costs and eff.timing != "start_of_your_turn"  # "can be activated" says it
    if lead or may:
        body = _uncapitalized(body)
    if may:
        body = "you may " + body
    if eff.kind == "replacement":
        body = body.rstrip(".") + " instead."
    costs = ""
    if eff.costs:
        parts = [render_cost(c, ctx) for c in eff.costs]
        for i in range(1, len(parts)):
            if eff.costs[i].op == "rest" and eff.costs[i - 1].op in ("rest", "rest_don") and parts[i].startswith("rest "):
                parts[i] = parts[i][5:]  # "rest this Character and 1 of your DON!! cards": one verb

        don = [p for p, c in zip(parts, eff.costs) if c.op == "don_minus"]
        other = [p for p, c in zip(parts, eff.costs) if c.op != "don_minus"]
        costs = ", ".join(don)
        if other:
            mine = ("you may " if eff.optional else "") + _join(other)
            costs = f"{costs} {_cap(mine)}" if costs and not eff.optional else (f"{costs}, {mine}" if costs else mine)
        # the "When ..." and the conditions are checked before the costs are paid (8-3-2, interpreter.effect_frame)
        costs = _cap(lead + costs) + ":"
        body = _cap(body)
    else:
        body = _cap(lead + body)
    text = " ".join(x for x in (head, costs, body) if x)
    return text


def _looks_at_own(actions) -> bool:
    for a in actions:
        if a.op in ("look", "reveal") and a.target is not None and a.target.ref is None and a.target.owner == "self" and (
                set(a.target.zones) & {"deck", "life"}):
            return True
        if _looks_at_own(a.body) or any(_looks_at_own(o) for o in a.options):
            return True
    return False


def render_card(effects: Iterable[Effect], this: str = "card") -> list[tuple[str, str]]:
    """``[(printed text piece, rendering), ...]`` for a card's effects, one per printed paragraph: effects
    compiled from one paragraph (the same ``text``: "[On Play]/[When Attacking] ...") read back as one
    rendering when they differ only by timing, else their renderings joined by a space. A [Trigger]
    effect's piece is prefixed "[Trigger] " as printed."""
    groups: dict[str, list[Effect]] = {}
    for e in effects:
        groups.setdefault(e.text, []).append(e)
    out = []
    for text, effs in groups.items():
        first = effs[0]
        same = all(replace(e, timing=first.timing) == first for e in effs[1:])
        if same and len(effs) > 1:
            rendering = render_effect(first, this, [e.timing for e in effs])
        else:
            rendering = " ".join(render_effect(e, this) for e in effs)
        piece = ("[Trigger] " + text) if first.kind == "trigger" and not text.startswith("[Trigger]") else text
        out.append((piece, rendering))
    return out


def this_noun(card) -> str:
    """The noun of "this ..." on ``card`` (a :class:`~tcgsim.onepiece.cards.model.CardDef`): its category."""
    return card.category if card.category in ("Leader", "Character", "Stage", "Event") else "card"


def card_renderings(card) -> list[tuple[str, str]]:
    """``[(printed text piece, rendering)]`` of ``card``'s supported compiled effects (:func:`render_card`)."""
    return render_card(card.effects, this_noun(card))
