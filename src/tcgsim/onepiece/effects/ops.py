"""One record per effect operation: how it resolves, which of its forms are supported, how it renders.

Every op of the IR (:data:`.ir.ACTION_OPS`, the cost-only ops ``rest_don`` / ``don_minus`` / ``one_of`` and
the construction op ``deck_rule``) has one :class:`OpRecord` in :data:`RECORDS`. A record holds

* ``resolve``: the interpreter's handler for the op as an action (``interpreter.OPS`` / ``actions.OPS``,
  called as ``resolve(g, frame, action, choice)``), or ``None`` when it is never resolved as an action;
* ``reads``: for a permanent effect (rule 8-1-3-3), the function of the rules engine that reads it
  continuously (``"module:function"``, checked to exist by ``tests/effects/test_op_records.py``);
* ``render``: the function of :mod:`.render` that writes it back as English (``render.ACTIONS`` /
  ``render.COSTS``);
* its supported forms, each a check ``(node, site) -> None | reason | DONE``: ``action`` (in an effect's
  actions), ``cost`` (an activation cost, 8-3-1), ``permanent`` (in a permanent effect), ``delayed`` ("... at
  the end of this turn"), with ``None`` meaning that form is not supported at all. A check returns ``None``
  when the generic checks of :mod:`.support` (durations, targets, conditions, nested actions) should still
  run, a reason string when the form is not supported, or :data:`DONE` when the form is fully checked.

:mod:`.support` derives the whole support gate from these records: it never names an op. Adding a construct
means its grammar rule (``grammar.lark`` + its method in ``effects/build/<section>.py``), its record here
(with ``resolve`` / ``render`` written where those tables live) and its tests; see docs/effects.md, "How to
add a construct".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..cards.model import KEYWORD_BITS
from .ir import Filter

__all__ = ["DONE", "Site", "OpRecord", "RECORDS", "record", "supported_forms", "optional_battle_ref",
           "plays_end_of_battle"]

DONE = "done"
"""A form check's answer when the node is fully checked: the generic checks of :mod:`.support` are skipped."""

Check = Callable[..., "str | None"]


@dataclass(frozen=True, slots=True)
class Site:
    """Where an action or cost stands, passed explicitly to a form check (no module-level state).

    ``ctx``: the :class:`.support.Support` context of the effect being checked (``ctx.effect``, the flags
    ``ctx.battle_refs`` / ``ctx.end_of_battle``, and ``ctx.selector(sel, counted=False)`` /
    ``ctx.conditions(conds)``, each ``None`` or a reason); ``before``: the actions before this one in its list;
    ``outer``: for the body of an "If you do", the actions before that "If you do"; ``actions``: the list."""

    ctx: object
    before: tuple = ()
    outer: tuple = ()
    actions: tuple = ()


@dataclass(frozen=True, slots=True)
class OpRecord:
    """How one op resolves, which of its forms are supported and how it renders (see the module docstring).

    ``don``: the action may name DON!! cards in its target (the op's own ``action`` check then decides which
    forms); ``don_alternatives``: also as one of the target's alternatives ("rest ... Characters or DON!!")."""

    name: str
    action: Check | None = None
    cost: Check | None = None
    permanent: Check | None = None
    delayed: Check | None = None
    cost_amount: bool = False  # a cost paid by a number of DON!! (no target): rest_don, don_minus, return_don
    don: bool = False
    don_alternatives: bool = False
    counts_target: bool = False  # the target is only counted ("for every ..."): count filters allowed
    body_follows: bool = False  # the body reads the actions before this one ("If you do, ...": "it")
    per_earlier: bool = False  # "for every card trashed this way" / "per the revealed card's cost" amounts
    battle_ref: str | None = None  # may act on the card battled with (support.BATTLE_REFS): "always" (OP04-047),
    # "optional" (only as "you may <op> ... If you do, K.O. this Character", ST08-013; see optional_battle_ref)
    effect_refs: Callable | None = None  # ``effect_refs(eff)``: the references (select.resolve_ref) the op lets the
    # whole effect name, beyond support.REFS
    don_checks_first: bool = False  # the shared DON!! checks run before the op's own ``action`` check (which
    # reason is reported first when both fail)
    delayed_this: bool = False  # "... at the end of this turn" on "this" card only (no ``delayed`` form)
    reads: str | None = None
    note: str = ""
    resolve: Callable | None = field(default=None, compare=False)
    render: Callable | None = field(default=None, compare=False)


RECORDS: dict[str, OpRecord] = {}
"""Every op by name (filled below; ``resolve`` and ``render`` are bound from the interpreter's and the
renderer's tables by :func:`_bind`)."""


def ok(node, site) -> None:
    """A form check for a form supported in every shape the shared checks of :mod:`.support` accept."""
    return None


def record(name: str, **kw) -> OpRecord:
    """Declare the record of op ``name`` (once); returns it. Raises ``ValueError`` on a second record."""
    if name in RECORDS:
        raise ValueError(f"effects/ops.py: two records for op {name!r}")
    rec = OpRecord(name, **kw)
    RECORDS[name] = rec
    return rec


def supported_forms(rec: OpRecord) -> tuple[str, ...]:
    """The forms of ``rec`` with a check: a subset of ``("action", "cost", "permanent", "delayed")``."""
    return tuple(f for f in ("action", "cost", "permanent", "delayed") if getattr(rec, f) is not None)


# --------------------------------------------------------------------------- shapes read by several checks
def _attack_target_choice(t) -> bool:
    """ "Change the target of the attack to your [X] with ..." / "to this Leader or to one of your {X} type
    Character cards" (ST36-005, OP16-080): one of your own Leader / Characters chosen when it resolves
    (interpreter.op_change_attack_target)."""
    def one(x) -> bool:
        if x.ref == "this":
            return not x.alternatives
        return (x.ref is None and x.count == 1 and not x.up_to and x.owner == "self" and not x.alternatives
                and bool(x.zones) and set(x.zones) <= {"leader", "character"} and not x.total)
    if t.alternatives:
        return t.ref is None and not t.zones and t.count == 1 and not t.up_to and all(one(x) for x in t.alternatives)
    return t.ref is None and one(t)


def _may_any_number_last(prev) -> bool:
    """ "Your Leader gains +1000 power ... Then, you may K.O. any number of ... for every Character K.O.'d"
    (OP06-095): the action just before is a "you may" of one "any number of" trash / rest / return / K.O.,
    which sets "it" when taken (the cards it moved; actions.ko_it_done) and empties it when declined
    (actions.op_may), whatever the actions before it set."""
    if not prev or prev[-1].op != "may" or len(prev[-1].body) != 1:
        return False
    a = prev[-1].body[0]
    t = a.target
    return a.op in ("trash", "rest", "return_to_hand", "ko") and t is not None and t.ref is None and (
        t.count is None and t.up_to)


def _this_way(prev) -> bool:
    """Whether the actions before a "for every card trashed / DON!! card rested this way" are one optional
    "any number of" trash or rest (through "If ..." and "you may"), so that "it" names what it did: nothing
    when the player declines or the condition fails (interpreter: "it" is empty until an action sets it)."""
    leaves = []
    todo = list(prev)
    while todo:
        a = todo.pop()
        if a.op in ("if", "may"):
            todo.extend(a.body)
        else:
            leaves.append(a)
    if len(leaves) != 1:
        return False
    t = leaves[0].target
    # "you may return any number of Characters on your field to the owner's hand. ... for every returned
    # Character" (P-059): actions.op_return_to_hand sets "it" to the returned cards
    return leaves[0].op in ("trash", "rest", "return_to_hand") and t is not None and t.ref is None and t.count is None and t.up_to


def _placed_any_number(prev) -> bool:
    """ "Then, place any number of ... from your trash at the bottom of your deck in any order. This Character
    gains +1000 power ... for every 3 cards placed at the bottom of your deck" (OP07-091): the action just
    before places "any number of" cards (actions.op_to_deck: "it" is the cards placed, none if none)."""
    if not prev:
        return False
    a = prev[-1]
    t = a.target
    return (a.op == "to_deck" and a.condition is None and t is not None and t.ref is None and t.count is None
            and t.up_to and not t.alternatives and a.param("position") == "bottom")


def _whole_hand_to_deck(prev) -> bool:
    """Whether the actions before a "draw cards equal to the number you returned to / placed at the bottom of
    your deck" move the player's whole hand to the deck (through "you may" / "If you do"), then at most
    shuffle: "it" is then the cards moved (OP04-048, P-046)."""
    leaves = []
    for a in prev:
        leaves.extend(a.body if a.op in ("may", "if_you_do") else (a,))
    leaves = [a for a in leaves if a.op != "shuffle_deck"]
    if len(leaves) != 1:
        return False
    t = leaves[0].target
    return leaves[0].op == "to_deck" and t is not None and t.ref is None and t.zones == ("hand",) and (
        t.count is None and not t.up_to and not t.filters and t.owner == "self" and leaves[0].player == "self")


def _trash_either(t) -> bool:
    """ "You may trash 1 of your {X} type Characters or 1 card from your hand:" (OP13-079): one of the
    player's own cards, a Character or a card in hand, chosen among both (select.candidates joins the
    alternatives; interpreter.can_pay counts them together)."""
    return (t.ref is None and not t.zones and t.count == 1 and not t.up_to and not t.filters and len(t.alternatives) == 2
            and all(a.ref is None and a.count == 1 and not a.up_to and not a.alternatives and a.owner == "self"
                    for a in t.alternatives)
            and ({tuple(a.zones) for a in t.alternatives} == {("character",), ("hand",)}
                 # "1 {Fish-Man} type card from your hand or 1 [The Ark Noah] from your hand or field" (OP06-033):
                 # each from its own places, the player's hand and field (candidates joins them, each card once)
                 or all(a.zones and set(a.zones) <= {"hand", "field"} for a in t.alternatives)))


def _keyword(a, site) -> str | None:
    if a.param("keyword") not in KEYWORD_BITS:
        return f"keyword {a.param('keyword')}"
    return None


ATTRIBUTES = frozenset({"Slash", "Strike", "Ranged", "Special", "Wisdom", "?"})  # rule 2-5-2


def _gain_attribute(a, site) -> str | None:
    # "... gains the <Slash> attribute during this turn" (OP15-093): a modifier for a duration (actions.op_gain_attribute)
    if a.duration is None or a.param("attribute") not in ATTRIBUTES:
        return "gain_attribute without a duration or of an unknown attribute"
    return None


def _negate_timing(a, site, timed: bool) -> str | None:
    # "Your [On Play] effects are negated" (permanent) / "Your opponent's [On Play] effects are negated until the
    # end of your opponent's next turn" (OP09-081): hooks.fire reads continuous.timing_negated
    if a.param("timing") != "On Play" or a.param("owner") not in ("self", "opponent") or (
            (a.duration is None) == timed) or a.target is not None:
        return "negate_timing"
    return DONE


def _with_duration(a, site) -> str | None:
    if a.duration is None:
        # no duration written and none carried over (compiler._additional_durations gives "that card
        # gains an additional +2000 power" the earlier power's, OP01-029): none would last the whole turn
        return f"{a.op} without a duration"
    return None


def _delayed_target(a, site) -> str | None:
    """ "... at the end of this turn" on a card named by the effect (interpreter.run_delayed)."""
    if a.target is None or a.target.ref not in (None, "it", "this"):
        return "action delayed"
    return None


# --------------------------------------------------------------------------- one-shot actions
record("ko", action=ok, cost=ok, battle_ref="optional")
def _this_or_don(t) -> bool:
    """ "Set this Character or up to 1 of your DON!! cards as active" (OP13-035): a choice of one between
    this card and up to 1 of your DON!! cards (actions.set_active_cards_or_don)."""
    if t.ref is not None or t.zones or t.count != 1 or len(t.alternatives) != 2:
        return False
    this, don = t.alternatives
    return (this.ref == "this" and not this.alternatives and not this.filters and don.ref is None
            and don.zones == ("don",) and don.owner == "self" and don.count == 1 and not don.filters
            and not don.alternatives and not don.total)


def _set_active(a, site) -> str | None:
    t = a.target
    if t is not None and any("don" in alt.zones for alt in t.alternatives):
        return DONE if _this_or_don(t) else "set_active of DON!! cards among alternatives"
    return None


def _set_active_delayed(a, site) -> str | None:
    if a.target is not None and any("don" in alt.zones for alt in a.target.alternatives):
        return "set_active of DON!! cards among alternatives, delayed"
    return _delayed_target(a, site)


record("set_active", action=_set_active, delayed=_set_active_delayed, don=True, don_alternatives=True)
record("select", action=ok)
record("reveal", action=ok, cost=ok)
record("add_to_hand", action=ok, cost=ok)
def _play(a, site) -> str | None:
    if not a.param("other_rested"):
        return None
    prev = site.before[-1] if site.before else None
    while prev is not None and prev.op == "if" and prev.body:
        # "If X, draw 1 card. Then, reveal up to 2 ... . Play 1 of the revealed cards ..." (OP10-058): with X
        # unmet nothing is revealed and "it" stays empty, so nothing is played
        prev = prev.body[-1]
    if not (a.target is not None and a.target.ref in ("it", "revealed") and a.target.count == 1 and not a.target.up_to
            and prev is not None and prev.op in ("select", "reveal")):
        # "Play 1 card and play the other card rested" (OP06-086, OP10-058): of the cards just chosen / revealed
        return "play 1 card and the other rested, not of the cards just chosen"
    return None


record("play", action=_play, cost=ok)  # cost: "You may play 1 [Kotori] from your hand:" (OP05-111): interpreter.cost_frame, op_play
def _add_don_delayed(a, site) -> str | None:
    """ "Then, add up to 1 DON!! card from your DON!! deck and set it as active at the end of this turn"
    (OP13-066): the player's own DON!! deck, resolved in the End Phase (interpreter.run_delayed, a modifier
    on the player, kept when the card leaves the field)."""
    if a.target is not None or a.player != "self":
        return "action delayed"
    return None


record("add_don", action=ok, delayed=_add_don_delayed)
record("give_don", action=ok, cost=ok)
record("turn_face_up", action=ok, cost=ok)
record("turn_face_down", action=ok, cost=ok)
record("deal_damage", action=ok)
record("shuffle_deck", action=ok)
record("activate_effect", action=ok)
record("activate_event", action=ok)
record("win_game", action=ok)
record("take_damage", action=ok)
record("return_to_hand", action=ok, cost=ok, delayed_this=True,
       note='delayed on "this" card only: "Return this Character to the owner\'s hand at the end of this turn" (OP04-009)')
def _to_deck_action(a, site) -> str | None:
    # "place this card and 1 card from your hand ..." (EB01-030) is played as a cost only (its scenarios)
    return "to_deck with this as an action" if a.param("with_this") else None


record("to_deck", action=_to_deck_action, cost=ok, delayed=_delayed_target, battle_ref="always")
record("grant_replacement", action=ok)
record("extra_turn", action=ok)  # "take an extra turn after this one" (OP05-119): rules/turns.py
record("set_power", note="compiled, no resolver: never supported")


def _trash(a, site) -> str | None:
    if a.param("equal_to") is not None:
        # "Trash the same number of cards from the top of your deck as you did from your hand" (OP09-059):
        # the cards "it" of the action just before, a trash of your own hand
        # ... or "Then, trash the same number of cards from your hand" after a draw for each counted card (EB04-011)
        before = tuple(site.outer) + tuple(site.before)
        t = before[-1].target if before else None
        drawn = (before and before[-1].op == "draw" and before[-1].param("per") is not None
                 and before[-1].player == "self" and tuple(a.target.zones) == ("hand",))
        if not (a.player == "self" and before and before[-1].op == "trash" and before[-1].player == "self"
                and t is not None and t.ref is None and tuple(t.zones) == ("hand",) and t.owner == "self"
                and a.target.position == "top" or drawn):
            return "trash equal to the cards of an earlier action"
    return None


def _trash_cost(c, site) -> str | None:
    return DONE if _trash_either(c.target) else None


record("trash", action=_trash, cost=_trash_cost, delayed=_delayed_target,
       note='delayed: "trash this Character at the end of this turn" (OP03-005), "Then, trash 1 of your {FILM} type Characters at the end of this turn" (OP06-006)')


def _draw(a, site) -> str | None:
    if a.param("equal_to") is not None and not (
            a.player == "self" and (_whole_hand_to_deck(tuple(site.outer) + tuple(site.before))
                                    or _first_of_trashed_event(site))):
        return "draw equal to the cards of an earlier action"
    return None


def _first_of_trashed_event(site) -> bool:
    # "When a card is trashed from your hand by ..., draw cards equal to the number of cards trashed"
    # (OP12-040): the first action of the effect, "it" being the cards trashed (hooks.fire_event ``it``)
    ev = site.ctx.effect.event
    return ev is not None and ev.kind == "trashed" and not site.before and not site.outer


record("draw", action=_draw)


def _rest(a, site) -> str | None:
    t = a.target
    if t is None:
        return "rest without a target"  # (the gate before the records raised AttributeError here)
    if any("don" in alt.zones for alt in t.alternatives) and (
            t.count is None or t.ref is not None or any(
                alt.ref is not None or alt.owner != t.owner or alt.alternatives or (
                    "don" in alt.zones and (alt.zones != ("don",) or alt.filters)) for alt in t.alternatives)):
        # "Rest up to 1 of your opponent's DON!! cards or Characters with a cost of 6 or less" (OP09-036):
        # actions.rest_cards_or_don, one owner, unfiltered DON!! cards
        return "rest of DON!! cards among alternatives"
    if "don" in t.zones and len(t.zones) > 1:
        # "Rest up to a total of 2 of your opponent's Characters or DON!! cards" (actions.rest_cards_or_don)
        # ... or "Rest up to 1 of your opponent's cards" (the field with its cost area, rule 3-1-2)
        if set(t.zones) not in ({"character", "don"}, {"field", "don"}) or t.ref or t.alternatives or (
                t.count is None or t.filters or t.owner not in ("self", "opponent")):
            return "rest of cards or DON!!"
        return DONE
    if t.zones == ("don",) and t.count is None and (t.owner != "self" or not t.up_to or t.filters):
        # "rest any number of your DON!! cards" only (actions._rest_don)
        return "rest of all DON!!"
    return None


def _rest_cost(c, site) -> str | None:
    t = c.target
    if t.alternatives and not t.zones and t.ref is None and all(
            alt.ref is None and alt.count == 1 and not alt.alternatives and alt.owner == "self"
            and tuple(alt.zones) in (("leader",), ("character",), ("don",), ("stage",))  # Stage: OP10-057
            and not (alt.zones == ("don",) and alt.filters) for alt in t.alternatives):
        return DONE  # "rest your <X> attribute Leader or 1 of your DON!! cards" (interpreter._rest_options)
    return None


record("rest", action=_rest, cost=_rest_cost, don=True, don_alternatives=True, don_checks_first=True)


def _to_life(a, site) -> str | None:
    if a.param("position") == "any_order" and a.target is not None and (
            a.target.ref in ("it", "rest") and any(
                b.op == "look" and b.target is not None and b.target.zones == ("life",) and b.target.count is None
                for b in site.before)):
        return None  # "Look at all of your Life cards and place them (the rest) back ... in any order" (_reorder_life)
    if a.param("position") not in ("top", "bottom", "top_or_bottom", None):
        return f"to_life position {a.param('position')}"
    return None


record("to_life", action=_to_life, don_checks_first=True, cost=ok, delayed=_delayed_target)


def _return_don(a, site) -> str | None:
    if a.target is not None or a.param("or_more"):
        return "return_don with a choice"
    return None


def _return_don_cost(c, site) -> str | None:
    params = dict(c.params)
    if c.target is None and not c.options and (
            set(params) <= {"or_more"}  # "return N (or more) DON!! cards from your field to your DON!! deck"
            or params == {"state": "active"}  # "return N of your active DON!! cards to your DON!! deck" (EB02-061)
            or params == {"from": "given", "to": "cost_area"}):  # "... currently given DON!! cards to your cost area rested" (ST28-004)
        return DONE
    return f"cost {c.op}"


def _return_don_delayed(a, site) -> str | None:
    """The player's own DON!! at the end of the turn, with no target."""
    # "at the end of this turn, return DON!! cards ... until you have the same number ... as your
    # opponent" (OP08-074): the player's own, counted then (actions.op_return_don)
    if a.target is None and dict(a.params) == {"until_equal": True}:
        return None
    return "action delayed"


record("return_don", action=_return_don, don_checks_first=True, cost=_return_don_cost, delayed=_return_don_delayed, cost_amount=True)
record("rest_don", cost=ok, cost_amount=True)
record("don_minus", cost=ok, cost_amount=True)
def _one_of_cost(c, site) -> str | None:
    """ "You may trash 1 card from your hand or rest 1 of your DON!! cards:" (OP17-020): the player pays one
    of the options, each a list of costs supported on its own (interpreter.cost_frame); no option is itself
    a choice."""
    if c.target is not None or len(c.options) < 2:
        return "cost one_of"
    for opt in c.options:
        if not opt or any(x.op == "one_of" for x in opt):
            return "cost one_of nested"
        r = site.ctx.costs(opt)
        if r:
            return r
    return DONE


record("one_of", cost=_one_of_cost, cost_amount=True)


def _look(a, site) -> str | None:
    if a.target is not None and a.target.owner not in ("self", "opponent") and a.target.zones != ("life",):
        return "look at either player's cards"
    return None


record("look", action=_look, don_checks_first=True)


def _change_attack_target(a, site) -> str | None:
    if (a.target is None or a.target.ref != "it") and not (a.target is not None and _attack_target_choice(a.target)):
        return "change_attack_target other than to the selected card"
    return None


record("change_attack_target", action=_change_attack_target)


def _choose_cost(a, site) -> str | None:
    # "Choose a cost and reveal 1 card from the top of your opponent's deck. If the revealed card has the
    # chosen cost, ..." folded by compiler._fold_choose_cost (actions.op_choose_cost)
    t = a.target
    if t is None or a.condition is None or not a.body or t.ref is not None or t.zones != ("deck",) or (
            t.position != "top" or t.count != 1 or t.filters or t.owner not in ("self", "opponent")):
        return "action choose_cost"
    return None


record("choose_cost", action=_choose_cost)


# --------------------------------------------------------------------------- continuous actions
record("modify_power", action=_with_duration, per_earlier=True, cost=ok, permanent=ok, reads="tcgsim.onepiece.rules.continuous:power")
record("modify_cost", action=_with_duration, permanent=ok, reads="tcgsim.onepiece.rules.continuous:cost")
record("modify_power_split", action=ok)
record("set_cost", action=ok)
record("gain_keyword", action=_keyword, permanent=_keyword, reads="tcgsim.onepiece.rules.continuous:has_keyword")
record("gain_attribute", action=_gain_attribute)
record("negate_timing", action=lambda a, site: _negate_timing(a, site, True), permanent=lambda a, site: _negate_timing(a, site, False),
       reads="tcgsim.onepiece.rules.continuous:timing_negated")
record("can_attack_active", action=ok, permanent=ok, reads="tcgsim.onepiece.rules.continuous:can_attack_active")
record("set_power_zero", action=ok)
record("next_play_discount", action=ok)


def _selects_one(a, n: int) -> bool:
    """Whether ``a`` selects exactly ``n`` cards described by one plain selector (no "up to")."""
    t = a.target
    return (a.op == "select" and t is not None and t.count == n and not t.up_to and not t.alternatives
            and t.ref is None)


def _two_selected_together(before) -> bool:
    """ "Select your Leader and 1 Character." (OP14-009): two selects of 1 card each, the second ``also``
    (actions.op_select), so "the selected cards" are both."""
    return (len(before) >= 2 and _selects_one(before[-2], 1) and not before[-2].param("also")
            and _selects_one(before[-1], 1) and before[-1].param("also"))


def _set_base_power(a, site) -> str | None:
    if a.param("same_as_base_power_of") is not None:
        return "base power the same as another card's base power, as an action"  # permanent only (OP14-053)
    before = site.before
    prev = before[-1] if before else None
    if a.param("swap") and not (
            a.target is not None and a.target.ref == "it" and a.duration in ("this_turn", "this_battle") and prev is not None
            and (_selects_one(prev, 2) or _two_selected_together(before))):
        return "swap of base power other than of 2 selected cards"  # actions.op_set_base_power (OP14-001)
    return None


def _set_base_power_refs(eff) -> frozenset:
    """ "[On Your Opponent's Attack] ... This Character's base power becomes the same as the power of your
    opponent's attacking Leader or Character" (OP04-069): the attacker of the battle that just began."""
    a = eff.actions[0] if len(eff.actions) == 1 else None
    if (eff.kind == "auto" and eff.timing == "on_opponent_attack" and a is not None and a.op == "set_base_power"
            and a.target is not None and a.target.ref == "this"
            and getattr(a.param("same_as_power_of"), "ref", None) == "attacker"):
        return frozenset({"attacker"})
    return frozenset()


def _set_base_power_permanent(a, site) -> str | None:
    # "this Character's base power becomes the same as your Leader's base power" (OP14-053): one Leader's,
    # read by continuous.static_base_power
    same = a.param("same_as_base_power_of")
    if same is not None and not (tuple(same.zones) == ("leader",) and same.ref is None and not same.filters):
        return "base power the same as the base power of a card other than a Leader"
    return None


record("set_base_power", action=_set_base_power, permanent=_set_base_power_permanent, effect_refs=_set_base_power_refs,
       reads="tcgsim.onepiece.rules.continuous:base_power")


def _negate(a, site) -> str | None:
    if a.duration is None:
        # no duration written ("Negate ... and give that card -4000 power during this turn" takes the
        # next action's, build.items_more, OP09-097 / OP09-093)
        return "negate_effects without a duration"
    return None


def _negate_permanent(a, site) -> str | None:
    # "Your Leader and all of your Characters that do not have a type including "Roger Pirates" have their effects
    # negated." (OP13-064): the named Leaders and Characters, read by continuous.negated while the source applies
    t = a.target
    if t is None or t.ref is not None or t.alternatives or t.total or set(t.zones) - {"leader", "character"} or (
            t.owner not in ("self", "opponent")) or site.ctx.effect.conditions:
        return "permanent negate_effects of other than a player's Leader or Characters"
    return None


record("negate_effects", action=_negate, permanent=_negate_permanent, reads="tcgsim.onepiece.rules.continuous:negated")


def _no_refresh(a, site) -> str | None:
    if "don" in (a.target.zones if a.target else ()):
        # "Up to 1 of your opponent's rested Character or DON!! cards will not become active in your
        # opponent's next Refresh Phase" (OP07-026, OP10-033, OP15-023): actions._no_refresh_with_don
        t = a.target
        if (t.ref is not None or t.alternatives or t.count is None or not t.up_to or t.owner != "opponent"
                or t.total or t.filters != (Filter("state", "==", "rested"),)
                or a.param("phase") != "opponent_next" or set(t.zones) - {"character", "field", "don"}):
            return "no_refresh on DON!!"
        return DONE
    return None


def _no_refresh_permanent(a, site) -> str | None:
    """ "All Characters with a cost of 5 or less do not become active in your and your opponent's Refresh
    Phases" (OP05-040): Characters (no DON!!), read in each Refresh Phase (continuous.kept_rested)."""
    t = a.target
    if a.param("phase") != "every" or t is None or t.ref is not None or t.alternatives or t.zones != ("character",):
        return "no_refresh as a permanent effect"
    return None


def _no_refresh_once(a, site) -> str | None:
    if a.param("phase") == "every":
        return "no_refresh in every Refresh Phase, not permanent"
    return _no_refresh(a, site)


record("no_refresh", action=_no_refresh_once, don=True, don_checks_first=True, permanent=_no_refresh_permanent,
       reads="tcgsim.onepiece.rules.continuous:kept_rested",
       delayed=_delayed_target)  # "Then, at the end of this turn, up to 1 rested Character ... will not become active" (OP15-025)


def _set_counter_permanent(a, site) -> str | None:
    if a.target is None or a.target.ref not in (None, "this") or tuple(a.target.zones) != ("hand",):
        # continuous.counter: read for Character cards in hand (the Counter Step, 7-1-3-2-1); "this card
        # in your hand has a +2000 Counter" (OP17-118) is valid in the hand only (Effect.in_hand, 2-8-2)
        return "permanent set_counter outside the hand"
    return None


record("set_counter", permanent=_set_counter_permanent, reads="tcgsim.onepiece.rules.continuous:counter")
record("treat_name", permanent=ok, reads="tcgsim.onepiece.effects.select:card_names")
record("deck_out_end_of_turn", permanent=ok,  # OP15-022: rules/engine.rule_processing, rules/phases.end_phase
       reads="tcgsim.onepiece.rules.engine:Game._deck_out_part")
record("deck_out_win", permanent=ok, reads="tcgsim.onepiece.rules.engine:Game._deck_out_wins")  # OP03-040
def _don_phase_give(a, site) -> str | None:
    """ "If you have any DON!! cards on your field, 1 DON!! card placed during your DON!! Phase is given to your
    Leader" (OP13-003): N of the DON!! cards the DON!! Phase adds, to the player's own Leader."""
    t = a.target
    if t is None or t.ref is not None or t.zones != ("leader",) or t.owner != "self" or t.filters or (
            t.alternatives or not a.amount):
        return "don_phase_give other than to your Leader"
    return None


record("don_phase_give", permanent=_don_phase_give, reads="tcgsim.onepiece.rules.continuous:don_phase_given")
record("face_up_life_to_deck", permanent=ok,  # ST13-003: rules/damage, actions.op_add_to_hand
       reads="tcgsim.onepiece.rules.continuous:face_up_life_to_deck")
record("deck_rule", note="construction text (rule 5-1-2-4): applied by the deck validator, never an effect")


def _play_rested_permanent(a, site) -> str | None:
    t = a.target
    if t is None or t.ref is not None or a.params or t.filters or t.owner != "self" or tuple(t.zones) != ("character",):
        return "permanent play_rested"  # only "Your Character cards are played rested" (OP09-022)
    return None


record("play_rested", permanent=_play_rested_permanent, reads="tcgsim.onepiece.rules.continuous:plays_rested")


def _reduce_play_cost_permanent(a, site) -> str | None:
    t = a.target
    if t is None or t.ref is not None or tuple(t.zones) != ("hand",) or not any(
            f.key == "category" and f.op == "==" and f.value in ("Character", "Stage") for f in t.filters):
        return "reduce_play_cost other than of Character or Stage cards in hand"  # rules/main_phase only
    return None


record("reduce_play_cost", permanent=_reduce_play_cost_permanent,
       reads="tcgsim.onepiece.rules.continuous:play_cost")


# --------------------------------------------------------------------------- prohibitions ("cannot")
PROHIBITIONS = {"attack", "attack_leader", "be_ko", "be_removed", "be_rested",  # continuous.prohibited
                "attack_other_than"}  # continuous.attack_target_forbidden
"""What a permanent "cannot" may forbid."""


def _cannot_permanent(a, site) -> str | None:
    ctx = site.ctx
    if a.param("what") == "be_played":
        # "This card in your hand cannot be played by effects" (OP12-036): read by actions.op_play
        t = a.target
        eff = ctx.effect
        if dict(a.params) != {"what": "be_played", "by": "effect"} or t is None or t.ref != "this" or (
                tuple(t.zones) != ("hand",) or eff.conditions or len(eff.actions) != 1):
            return "prohibition be_played"
        return DONE
    keys = {k for k, _ in a.params}
    if a.param("once") is not None:
        # "Once per turn, this Character cannot be K.O.'d by your opponent's effects" (OP10-118): spent by the
        # K.O. of an effect it stops (actions.op_ko, continuous.prohibition)
        if a.param("what") != "be_ko" or a.param("by") not in ("effect", "opponent_effect") or (
                keys != {"what", "by", "once"}):
            return "prohibition once per turn"
        keys = keys - {"once"}
    if a.param("what") not in PROHIBITIONS or keys - {"what", "by", "attacker", "source", "when", "only"}:
        return f"prohibition {a.param('what')}"
    if (a.param("what") == "attack_other_than") != (a.param("only") is not None) or (
            a.param("only") is not None and keys != {"what", "only"}):
        return "prohibition attack_other_than"
    if a.param("by") not in (None, "battle", "effect", "opponent_effect") and not (
            a.param("by") == "your_effect" and a.param("what") == "be_removed"):
        return f"prohibition by {a.param('by')}"
    if a.param("when") not in (None, "turn_played"):
        return f"prohibition when {a.param('when')}"
    for k in ("attacker", "source", "only"):
        r = ctx.selector(a.param(k))
        if r:
            return r
    return None


def _cannot(a, site) -> str | None:
    what, keys = a.param("what"), {k for k, _ in a.params}
    if what == "activate":
        if a.param("keyword") != "Blocker" or keys - {"what", "keyword", "attacker"}:
            return "prohibition other than [Blocker]"
        return None
    if what in ("attack", "be_ko", "be_rested"):
        unless = a.param("unless")
        if what == "attack" and unless is not None and keys == {"what", "unless"} and not (
                unless.op == "trash" and unless.target is not None and unless.target.zones == ("hand",)
                and not unless.target.filters and unless.amount == unless.target.count):
            return "prohibition attack unless other than trashing from hand"
        if what == "be_ko" and a.param("by") in ("battle", "effect", "opponent_effect"):
            keys = keys - {"by"}  # "cannot be K.O.'d in battle / by (your opponent's) effects" (OP04-083)
        if keys - {"unless"} != {"what"} or (unless is not None and what != "attack") or (
                a.target is None or a.target.zones and set(a.target.zones) - {"character", "leader"}):
            return f"prohibition {what} {sorted(keys)}"
        return None
    if what == "attack_characters":
        # "this Leader cannot attack your opponent's Characters with a base cost of 7 or less during this turn"
        # (OP12-020): a modifier on the named card (actions.op_cannot, continuous.attack_target_forbidden)
        t, sel = a.target, a.param("targets")
        if keys != {"what", "targets"} or t is None or t.ref != "this" or a.duration is None or sel is None or (
                sel.owner != "opponent" or sel.zones != ("character",) or sel.ref or sel.alternatives):
            return "prohibition attack_characters"
        return site.ctx.selector(sel) or DONE
    if what == "attack_leader":
        # "you cannot attack a Leader during this turn" (OP06-026): a player flag (actions.op_cannot)
        t = a.target
        if keys != {"what"} or t is None or t.ref is not None or t.count is not None or t.filters or (
                t.owner != "self" or set(t.zones) != {"leader", "character"} or t.alternatives):
            return "prohibition attack_leader"
        return DONE
    if what == "draw":
        # "you cannot draw cards using your own effects during this turn" (OP12-099): a player flag
        if keys != {"what", "by"} or a.param("by") != "own_effect" or a.target is not None or a.duration is None:
            return "prohibition draw"
        return DONE
    if what == "set_don_active":
        # "you cannot set DON!! cards as active using Character effects during this turn" (OP10-030): a
        # player flag read by actions.op_set_active for a Character's effect
        if keys != {"what", "by"} or a.param("by") != "character_effect" or a.target is not None or (
                a.duration != "this_turn"):
            return "prohibition set_don_active"
        return DONE
    if what == "add_life_to_hand":
        # "you cannot add Life cards to your hand using your own effects during this turn" (OP02-004)
        if keys != {"what", "by"} or a.param("by") != "own_effect" or a.target is not None:
            return "prohibition add_life_to_hand"
        return DONE
    if what == "play":
        if keys != {"what"} or a.target is None or a.target.ref is not None or a.target.owner not in ("self", "opponent"):
            return "prohibition play"
        from .select import FILTER_KEYS
        for f in a.target.filters:
            if f.key not in FILTER_KEYS:
                return f"filter {f.key}"
        return DONE  # its "anywhere" selector only carries the filters of the cards that cannot be played
    return f"prohibition {what}"


record("cannot", action=_cannot, permanent=_cannot_permanent, reads="tcgsim.onepiece.rules.continuous:prohibited")


# --------------------------------------------------------------------------- structure
def _if_you_do_not(a, site) -> str | None:
    # "Your opponent may trash 1 card ... If they do not, ..." (actions.op_if_you_do_not): right after
    # a "may" of one action on a counted number of cards, so that "did it in full" can be read; "up to N"
    # only as the "instead" of a draw (compiler._join_sentence, OP04-040): choosing fewer is not doing it
    prev = site.before[-1] if site.before else None
    b = prev.body[0] if prev is not None and prev.op == "may" and len(prev.body) == 1 else None
    if b is not None and b.op == "return_don" and b.target is None and (b.amount or 1) == 1 and (
            dict(b.params) == {"state": "active"}):
        return None  # "Your opponent may return 1 of their active DON!! cards ... If they do not," (OP15-059): did = 1 returned
    if b is None or b.target is None or b.target.ref is not None or not b.target.count or b.target.up_to and (
            len(a.body) != 1 or a.body[0].op != "draw"):
        return "action if_you_do_not"
    return None


def _delayed(a, site) -> str | None:
    """ "... at the end of this turn" (interpreter.run_delayed) with the ops whose record has a ``delayed``
    form, and "at the end of this battle" (interpreter.run_delayed_battle) in a [When Attacking] effect."""
    if a.param("at") == "end_of_battle" and site.ctx.end_of_battle and all(
            b.op == "to_deck" and b.target is not None and b.target.ref == "this" for b in a.body):
        return None  # "Then, at the end of this battle, place this Character at the bottom of the owner's deck" (OP02-064)
    if a.param("at") == "start_of_opponent_main":
        return _delayed_opponent_main(a)
    if a.param("at") != "end_of_turn":
        return "action delayed"
    for b in a.body:
        rec = RECORDS.get(b.op)
        if rec is not None and rec.delayed is not None:
            r = rec.delayed(b, site)
        elif rec is not None and rec.delayed_this and b.target is not None and b.target.ref == "this":
            r = None
        else:
            r = "action delayed"
        if r:
            return r
    return None


def _delayed_opponent_main(a) -> str | None:
    """ "your opponent rests 1 of their active DON!! cards at the start of their next Main Phase" (PRB02-005):
    resolved at the start of the opponent's next Main Phase (6-5-1, interpreter.run_delayed_main); only the
    opponent resting N of their own active DON!! cards is played."""
    for b in a.body:
        t = b.target
        if b.op != "rest" or b.player != "opponent" or t is None or t.ref is not None or t.alternatives or (
                t.zones != ("don",) or t.owner != "opponent" or not t.count or t.up_to or t.total
                or t.filters != (Filter("state", "==", "active"),)):
            return "action delayed to the opponent's Main Phase"
    return None if a.body else "action delayed to the opponent's Main Phase"


def plays_end_of_battle(eff) -> bool:
    """Whether ``eff`` is a [When Attacking] effect with a ``delayed`` "at the end of this battle" among its
    actions (interpreter.run_delayed_battle): its form check then accepts that timing (OP02-064)."""
    return eff.kind == "auto" and eff.timing == "when_attacking" and any(
        a.op == "delayed" and a.param("at") == "end_of_battle" for a in eff.actions)


def _for_every(a, site) -> str | None:
    if a.target is None or a.target.ref is not None:
        # OP13-001 "For every DON!! card rested this way": counts what an earlier action did
        return "for_every card of an earlier action"
    return None


record("if", action=ok)
record("may", action=ok)
record("if_you_do", action=ok, body_follows=True)
record("if_you_do_not", action=_if_you_do_not)
record("choose_one", action=ok)
record("delayed", action=_delayed)
record("for_every", action=_for_every, counts_target=True, don_checks_first=True)


def optional_battle_ref(actions) -> tuple | None:
    """ "you may K.O. the opponent's Character you battled with. If you do, K.O. this Character." (ST08-013):
    the one optional action on the card battled with, as a 1-tuple, when ``actions`` has that shape; else
    ``None``. Its op needs ``battle_ref="optional"``."""
    acts = tuple(actions)
    if (len(acts) == 2 and acts[0].op == "may" and len(acts[0].body) == 1 and acts[0].body[0].op == "ko"
            and acts[1].op == "if_you_do" and len(acts[1].body) == 1 and acts[1].body[0].op == "ko"
            and acts[1].body[0].target is not None and acts[1].body[0].target.ref == "this"):
        return (acts[0].body[0],)
    return None


# --------------------------------------------------------------------------- "for every" amounts
def per_param(a, site) -> str | None:
    """The ``per`` / ``per_cost`` parameters of an action ("+1000 power for every 2 ..."), whatever the op."""
    before = site.before
    rec = RECORDS[a.op]
    if a.param("per") is not None and a.param("per").ref is not None and not (
            rec.per_earlier and a.param("per").ref == "it" and (
                _this_way(before) or _placed_any_number(before) or _may_any_number_last(before))):
        # "for every card trashed" / "for every DON!! card rested this way": only right after "you may
        # trash / rest any number of ..." (op-modify-power-per-card-trashed.yaml, OP13-001)
        return f"{a.op} for every card of an earlier action"
    if a.param("per_cost") is not None and not (
            rec.per_earlier and a.param("per_cost").ref == "it" and before and before[-1].op == "reveal"):
        return "power per cost other than of the card just revealed"  # op_modify_power (OP15-119)
    return None


def _bind() -> None:
    """Bind each record's ``resolve`` and ``render`` from the interpreter's and the renderer's tables."""
    from . import render
    from .card_effects import OPS
    for name, rec in list(RECORDS.items()):
        resolve = OPS.get(name) if rec.action is not None else None
        draw = render.ACTIONS.get(name) or render.COSTS.get(name)
        object.__setattr__(rec, "resolve", resolve)
        object.__setattr__(rec, "render", draw)


_bind()
