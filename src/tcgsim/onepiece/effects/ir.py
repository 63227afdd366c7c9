"""Typed representation of card effects, compiled from the printed text (rules section 8 and 10).

Everything here is immutable plain data (frozen dataclasses with slots, tuples, str/int/bool/None), so a
game paused in the middle of an effect can be cloned and serialised.  :func:`to_dict` / :func:`from_dict`
(and the ``to_json`` / ``from_json`` helpers) round-trip every object exactly; each dataclass is written
as a dict with a ``"_t"`` key naming its class.

Shape
-----
``Effect(kind, timing, conditions, once_per_turn, costs, optional, actions, event, text)``
    One paragraph of card text (or of the [Trigger] text).

    * ``kind``: ``"auto"`` (rule 8-1-3-1: [On Play], [When Attacking], "When ..."), ``"activate"``
      ([Activate: Main], 8-1-3-2), ``"main"`` / ``"counter"`` (an Event's [Main] / [Counter], 10-2-3,
      10-2-4), ``"trigger"`` (10-1-5), ``"permanent"`` (8-1-3-3; keywords such as [Blocker] are
      permanent effects whose action is ``gain_keyword`` on the card itself), ``"replacement"`` (8-1-3-4,
      "... would ..., ... instead").
    * ``timing``: ``on_play``, ``when_attacking``, ``on_block``, ``on_ko``, ``on_opponent_attack``,
      ``end_of_your_turn``, ``end_of_opponent_turn``, ``activate_main``, ``main``, ``counter``,
      ``trigger``, ``start_of_game``, ``when`` (an activation event written out, see ``event``) or
      ``None`` (permanent and replacement effects).
    * ``conditions``: :class:`Condition` s that must all hold (8-3-2): [DON!! xX], [Your Turn],
      [Opponent's Turn], and for permanent effects the leading "If ...,".
    * ``once_per_turn``: [Once Per Turn] (10-2-13).
    * ``costs``: :class:`Cost` s before the colon (8-3-1), paid in order.
    * ``optional``: the player may decline (costs written "You may ...", 8-3-1-4; replacement effects
      written "you may ... instead", 8-1-3-4-1).
    * ``actions``: the :class:`Action` s after the colon, resolved in order.
    * ``event``: for ``timing == "when"`` and replacement effects, the :class:`Event` that activates or
      is replaced.

``Event(kind, subject, params)``
    ``kind`` (``EVENT_KINDS``) such as ``ko``, ``removed``, ``attack``, ``played``, ``rested``,
    ``damage_taken``, ``life_removed``, ``trigger_activated``, ``event_activated``,
    ``keyword_activated``, ``don_returned``, ``don_given``, ``returned_to_hand``, ``trashed``, ``attack_damage``,
    ``battle`` (``opponent``: the card battled; ``at`` end_of_battle: "If this Character battles ...", or
    none: "When this Character battles ...", once the battling cards are fixed), ``any_of`` (``events``);
    ``subject`` the :class:`Selector` of the cards the event happens to; ``params`` extra (key, value)
    pairs, e.g. ``("by", "opponent_effect")``, ``("by", "effect")``, ``("by", "battle")``,
    ``("by", "opponent_character_effect")`` (a replacement of ``rested``, PRB02-006); ``removed`` with no
    ``by``: any removal from the field (an effect, a K.O. in battle, rule 3-7-6; OP16-041).

``Condition(kind, op, value, target, negate, parts)``
    ``kind``: ``don_x`` (value N: DON!! given to this card >= N), ``your_turn``, ``opponent_turn``,
    ``leader`` (the Leader of ``target.owner`` matches ``target.filters``: type, name, color,
    multicolored, attribute ...), ``match`` (the card ``target`` refers to, e.g. this Character, matches
    ``target.filters``), ``count`` (number of cards chosen by ``target`` compared with ``op`` to
    ``value``; ``value`` may be a :class:`Selector`, meaning "the number of those cards"),
    ``all_match`` (every card of ``target.zones`` matches ``target.filters``: "the only Characters on
    your field are ..."), ``played_this_turn``, ``own_turn`` (it is the controller's turn and the number of
    turns they have begun, this one included, compares with ``op`` to ``value``: "If it is your second turn
    or later"), ``event_activated`` (the controller has activated from their hand, this turn, an Event card
    matching ``target.filters``: "If you have activated an Event with a base cost of 3 or more during this
    turn"), ``total_cost`` (the current costs of the cards ``target`` names, summed, compare with ``op`` to
    ``value``: "If the total cost of your Characters is 5 or more"), ``and`` / ``or`` over ``parts``
    (``CONDITION_KINDS``).
    ``negate`` inverts.

``Cost(op, target, amount, params, options, duration)``
    One activation cost (8-3-1).  ``op`` is ``rest_don`` (rest N active DON!!, 8-3-1-5),
    ``don_minus`` (return N DON!! to the DON!! deck, 8-3-1-6) or an action op (``trash``, ``rest``,
    ``return_to_hand``, ``to_deck``, ``ko``, ``add_to_hand``, ``turn_face_up``, ``reveal``,
    ``modify_power``, ``give_don`` ...) applied to ``target``.  ``options`` holds alternatives
    ("... or ...:"): pay one of them (``op == "one_of"``).  ``duration`` for a cost that is itself a
    continuous effect ("You may give your Leader -5000 power during this turn:").

``Action(op, target, amount, duration, player, params, condition, body, options, then)``
    ``op`` names the operation (see ``ACTION_OPS``); ``target`` the :class:`Selector` it applies to;
    ``amount`` a number (power/cost change, cards drawn, DON!! added ...); ``duration`` for continuous
    effects (``DURATIONS``); ``player`` who performs the action and makes its choices (``"self"`` or
    ``"opponent"``: "your opponent trashes 1 card from their hand"); ``params`` extra (key, value) pairs
    (destination ``position``, ``rested``, ``keyword``, ``face_up`` ...); ``condition`` for
    ``op == "if"``; ``body`` the sub-actions of ``if`` / ``may`` / ``if_you_do`` / ``for_each``;
    ``options`` the alternatives of ``choose_one``; ``then`` is True when the action was introduced by
    "Then," (rule 4-10-2: it is resolved even when the previous part could not be; after an "if" clause
    it is in that ``if`` 's body, since it is not resolved when the "if" fails, 4-10-1).

``Selector(owner, zones, count, up_to, filters, ref, position, total, alternatives)``
    Which cards an action or condition is about.  ``owner``: ``self`` / ``opponent`` / ``any``;
    ``zones`` (``ZONES``): ``leader``, ``character``, ``stage``, ``hand``, ``trash``, ``deck``, ``life``,
    ``don`` (DON!! cards on the field: cost area and given), ``field`` (any card on the field),
    ``looked`` (the cards being looked at or revealed by this effect), ``anywhere`` (cards wherever they
    are: "you cannot play Character cards"); ``count``: how many (``None`` = all);
    ``up_to``: "up to" (rule 4-8); ``filters``: :class:`Filter` s all of which must hold; ``ref``: a
    card named by reference rather than chosen -- ``this`` (the card with the effect), ``it`` (the
    card(s) chosen or moved earlier in the same effect), ``rest`` (the remaining looked-at cards),
    ``attacker``, ``attack_target``, ``battle_opponent``; ``position``: ``top`` / ``bottom`` /
    ``top_or_bottom`` for deck and Life; ``total``: "up to a total of N"; ``alternatives``: other
    selectors the choice may come from ("[A] or up to 1 B").

``Filter(key, op, value)``
    ``key`` (``FILTER_KEYS``): ``cost``, ``base_cost``, ``power``, ``base_power``, ``counter``, ``color``, ``type``
    ({X}: has exactly that type), ``type_includes`` ("X": a type containing X), ``name`` ([X]),
    ``name_includes``, ``attribute`` (<X>), ``state`` (``active`` / ``rested``), ``category``
    (``Leader``/``Character``/``Event``/``Stage``/``DON``), ``other_than_this``, ``has_trigger``,
    ``no_base_effect``, ``multicolored``, ``has_keyword``, ``has_counter``, ``given`` (a given DON!!),
    ``don_given`` (number of DON!! given to the card), ``cost_eq_don_given`` (its cost equals the number of
    DON!! given to it), ``face`` (up / down Life), ``distinct_names``
    (count distinct card names), ``color_differs`` (value: a :class:`Selector` ``it``, the returned card: at
    least one of the card's colors is not one of its colors; a stated reading), ``total_cost`` / ``total_power`` (over all chosen cards), ``any_of``
    (value: a tuple of Filters, one of which holds); ``op``: ``==``, ``!=``, ``<=``, ``>=``, ``in``
    (value is a tuple: any of), ``not_in``, ``all`` (every one of the tuple), ``range`` (value
    ``(lo, hi)``).  A value may be a :class:`Selector` ("a cost equal to or less than the number of your
    opponent's Life cards": the number of those cards) or ``"chosen"`` (the number of ``choose_cost``).

``Durations``: ``this_battle``, ``this_turn``, ``until_end_of_opponent_next_turn``,
``until_end_of_opponent_next_end_phase``, ``until_start_of_your_next_turn``,
``until_end_of_your_next_turn``, ``permanent`` (a continuous effect of a permanent effect: as long as
it is valid).  ``None`` on a one-shot action; on a continuous action outside a permanent effect it
means the text names no duration ("[On Play] This Character gains [Rush].").

Action ops (``ACTION_OPS``; "t" = the target selector, "n" = amount)
---------------------------------------------------------------------
one-shot: ``ko`` t (10-2-1) | ``rest`` t | ``set_active`` t | ``draw`` n (``up_to``) | ``trash`` t
(from hand / field / deck top / Life; ``until_count``: trash until that many remain) |
``return_to_hand`` t (field -> owner's hand) | ``add_to_hand`` t (from trash / deck / Life / looked) |
``to_deck`` t (``position`` top / bottom / top_or_bottom; each owner orders their cards, rule 3-1-7) | ``to_life`` t (``position``, ``face``,
``life_owner`` self / opponent / owner / same) | ``play`` t (``rested``) | ``look`` t (deck or Life top
n; later targets in zone ``looked``) | ``reveal`` t | ``select`` t (sets "it") | ``add_don`` n
(from the DON!! deck, ``state`` active / rested) | ``give_don`` t n (``state`` rested: from the cost
area; ``don``: a selector of the DON!! given; ``each``) | ``return_don`` n (to the DON!! deck; ``from``
given, ``to`` cost_area: given DON!! to the cost area rested) |
``turn_face_up`` / ``turn_face_down`` t (Life) | ``deal_damage`` n | ``shuffle_deck`` |
``activate_effect`` (``timing``: this card's [Main] / [Counter] / ... effect) | ``activate_event`` t |
``change_attack_target`` t | ``choose_cost`` (a number; filters compare with "chosen") | ``win_game`` |
``extra_turn`` | ``take_damage`` n (the player's own Leader).
continuous (take a duration): ``modify_power`` t n (``per`` selector and ``per_count``: n for every
``per_count`` such cards) | ``modify_power_split`` t (``amounts``: one each, the player choosing who gets
the first) | ``modify_cost`` t n | ``set_base_power`` t n (or ``same_as_power_of``) |
``set_power_zero`` t (4-12) | ``gain_keyword`` t (``keyword``; "can attack Characters on the turn
in which it is played" is ``Rush: Character``) | ``cannot`` t (``what``: attack / attack_leader /
be_ko / be_rested / be_removed / be_returned_to_hand / activate (``keyword``) / play; with no target
the player: set_don_active / add_life_to_hand / draw; ``by``: battle / effect / opponent_effect /
own_effect / character_effect; ``unless``: a :class:`Cost` that lifts "cannot attack" each time it is paid
by the attacking card's controller, "unless your opponent trashes 2 cards ..."; ``source`` / ``attacker``:
who it is protected from; ``attacker`` on
"activate" names the attacking card the prohibition is tied to) | ``can_attack_active`` t |
``no_refresh`` t (``phase``) | ``negate_effects`` t | ``treat_name`` (``name``) | ``set_counter`` t n |
``next_play_discount`` t n d (the next play from hand of a matching card, paying its cost, pays n less).
permanent only: ``reduce_play_cost`` t n (the DON!! paid to play the matching cards from hand, not their cost);
``play_rested`` t (the matching cards enter the field rested however they are played, rules/main_phase);
``deck_out_win`` (its controller wins instead of losing when their deck is reduced to 0, rules/engine);
``deck_out_end_of_turn`` (``part`` no_loss: a deck of 0 cards is no defeat, rules/engine; ``part`` at_end: its
controller loses at the end of a turn in which their deck became 0, rules/phases.end_phase).
structure: ``if`` (``condition``, ``body``) | ``may`` (``body``; ``player``) | ``if_you_do`` /
``if_you_do_not`` (``body``: after the last ``may``) | ``choose_one`` (``options``; ``player`` chooses) |
``delayed`` (``at`` end_of_turn / end_of_battle, ``body``) | ``for_every`` (t counted, n per, ``body``
repeated).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

__all__ = [
    "ACTION_OPS",
    "CONDITION_KINDS",
    "EVENT_KINDS",
    "FILTER_KEYS",
    "ZONES",
    "Filter",
    "Selector",
    "Condition",
    "Event",
    "Cost",
    "Action",
    "Effect",
    "Unsupported",
    "CompiledText",
    "to_dict",
    "from_dict",
    "to_json",
    "from_json",
    "DURATIONS",
    "EFFECT_KINDS",
    "TIMINGS",
]

EFFECT_KINDS = ("auto", "activate", "permanent", "replacement", "trigger", "counter", "main")
TIMINGS = (
    "on_play",
    "when_attacking",
    "on_block",
    "on_ko",
    "on_opponent_attack",
    "end_of_your_turn",
    "end_of_opponent_turn",
    "activate_main",
    "main",
    "counter",
    "trigger",
    "start_of_game",
    "start_of_your_turn",  # "This effect can be activated at the start of your turn." (6-2-2, OP11-040)
    "when",
    "granted",  # a replacement effect another effect of the card grants for a duration (EB02-030)
)
DURATIONS = (
    "this_battle",
    "this_turn",
    "until_end_of_opponent_next_turn",
    "until_end_of_opponent_next_end_phase",
    "until_start_of_your_next_turn",
    "until_end_of_your_next_turn",
    "permanent",
)

ACTION_OPS = frozenset(
    {
        "ko", "rest", "set_active", "draw", "trash", "return_to_hand", "add_to_hand", "to_deck", "to_life",
        "play", "look", "reveal", "select", "add_don", "give_don", "return_don", "turn_face_up",
        "turn_face_down", "deal_damage", "shuffle_deck", "activate_effect", "activate_event",
        "change_attack_target", "choose_cost", "win_game", "extra_turn", "take_damage",
        "modify_power", "modify_power_split", "modify_cost", "set_cost", "set_base_power", "set_power_zero", "set_power", "gain_keyword", "gain_attribute", "negate_timing", "cannot",
        "can_attack_active", "no_refresh", "negate_effects", "treat_name", "set_counter",
        "next_play_discount",  # "the next time you play ... from your hand during this turn, the cost will be reduced by 1" (OP02-025)
        "reduce_play_cost",  # permanent: "The cost of playing ... from your hand will be reduced by 1" (OP05-097)
        "deck_out_win",  # permanent: "When your deck is reduced to 0, you win the game instead of losing" (OP03-040)
        "deck_out_end_of_turn",  # permanent: "you do not lose when your deck has 0 cards. You lose at the end of the turn ..." (OP15-022)
        "play_rested",  # permanent: "Your Character cards are played rested" (OP09-022)
        "don_phase_give",  # permanent: "1 DON!! card placed during your DON!! Phase is given to your Leader" (OP13-003)
        "face_up_life_to_deck",  # permanent: "Your face-up Life cards are placed at the bottom of your deck instead ..." (ST13-003)
        "if", "may", "if_you_do", "if_you_do_not", "choose_one", "delayed", "for_every",
        "grant_replacement",  # EB02-030: starts the card's next "granted" replacement effect for the duration
    }
)
CONDITION_KINDS = frozenset(
    {"don_x", "your_turn", "opponent_turn", "leader", "match", "count", "all_match", "played_this_turn", "own_turn",
     "event_activated", "total_cost", "kod_this_turn", "and", "or",
     "battled",  # "If this Leader battles your opponent's Character during this turn" (OP12-020)
     "hand_trashed_this_turn"}  # "During the turn in which a card in your hand is trashed by an effect" (ST33-004)
)
EVENT_KINDS = frozenset(
    {
        "ko", "removed", "rested", "attack", "attacked", "played", "don_returned", "damage_taken",
        "attack_damage", "event_activated", "keyword_activated", "trigger_activated", "life_removed",
        "trashed", "returned_to_hand", "battle", "battle_ko", "life_to_hand", "any_of",
        "drawn",  # "When you draw a card outside of your Draw Phase" (OP05-053)
        "don_given",  # "When this Leader or any of your Characters is given a DON!! card" (OP02-002), per card
        "life_zero",  # "When your number of Life cards becomes 0" (OP05-098): the last Life card left
    }
)
FILTER_KEYS = frozenset(
    {
        "cost", "base_cost", "power", "base_power", "counter", "color", "type", "type_includes", "name",
        "name_includes", "attribute", "state", "category", "other_than_this", "has_trigger", "has_keyword",
        "has_counter", "no_base_effect", "multicolored", "given", "don_given", "face", "distinct_names",
        "total_cost", "total_power", "any_of", "has_effect", "cost_eq_don_given",
        "name_as",  # "the same card name as the trashed card" (EB02-039): a name of the card(s) referenced, "it"
        "color_differs",  # "a different color than the returned Character" (OP01-002, EB01-020; a stated reading)
    }
)
ZONES = frozenset(
    {"leader", "character", "stage", "hand", "trash", "deck", "life", "don", "field", "looked", "anywhere"}
)

Value = Any  # int | str | bool | None | tuple[Value, ...] | one of the dataclasses below


@dataclass(frozen=True, slots=True)
class Filter:
    key: str
    op: str = "=="
    value: Value = None


@dataclass(frozen=True, slots=True)
class Selector:
    owner: str = "self"
    zones: tuple[str, ...] = ()
    count: int | None = 1
    up_to: bool = False
    filters: tuple[Filter, ...] = ()
    ref: str | None = None
    position: str | None = None
    total: bool = False
    alternatives: tuple["Selector", ...] = ()


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    op: str | None = None
    value: Value = None
    target: Selector | None = None
    negate: bool = False
    parts: tuple["Condition", ...] = ()
    # ``count`` against another count: compare (counted + offset) with it ("... is at least 2 less than
    # the number on your opponent's field": mine + 2 <= theirs)
    offset: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    subject: Selector | None = None
    params: tuple[tuple[str, Value], ...] = ()


@dataclass(frozen=True, slots=True)
class Cost:
    op: str
    target: Selector | None = None
    amount: int | None = None
    params: tuple[tuple[str, Value], ...] = ()
    duration: str | None = None
    options: tuple[tuple["Cost", ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Action:
    op: str
    target: Selector | None = None
    amount: int | None = None
    duration: str | None = None
    player: str = "self"
    params: tuple[tuple[str, Value], ...] = ()
    condition: Condition | None = None
    body: tuple["Action", ...] = ()
    options: tuple[tuple["Action", ...], ...] = ()
    then: bool = False

    def param(self, key: str, default: Value = None) -> Value:
        for k, v in self.params:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    timing: str | None = None
    conditions: tuple[Condition, ...] = ()
    once_per_turn: bool = False
    costs: tuple[Cost, ...] = ()
    optional: bool = False
    actions: tuple[Action, ...] = ()
    event: Event | None = None
    text: str = ""

    @property
    def in_hand(self) -> bool:
        """Whether this permanent effect is valid in its card's owner's hand rather than on the field: every
        action is on "this card in your hand" (e.g. "... give this card in your hand −3 cost", PRB02-014).
        Rule 2-8-2: a card's text is valid only in its area "unless otherwise specified"; this specifies the
        hand, so the effect applies there and not once the card is on the field."""
        return self.kind == "permanent" and bool(self.actions) and all(
            a.target is not None and a.target.ref == "this" and tuple(a.target.zones) == ("hand",)
            for a in self.actions)


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A piece of text the compiler could not turn into effects: the fragment and why.

    ``fragment`` is the whole paragraph (prefixed "[Trigger] " for the trigger text): a paragraph with any
    part not understood yields no effect.  ``position`` is the offset in ``fragment`` of the word the
    grammar rejected (``None`` when there is no single such word), ``sentence`` the sentence or clause
    that was rejected, ``reason`` what went wrong ("unknown word 'swap'").
    """

    fragment: str
    reason: str = ""
    position: int | None = None
    sentence: str = ""


@dataclass(frozen=True, slots=True)
class CompiledText:
    """The compiled text of one card: its effects and what could not be compiled."""

    effects: tuple[Effect, ...] = ()
    unsupported: tuple[Unsupported, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.unsupported


_CLASSES = {
    c.__name__: c
    for c in (Filter, Selector, Condition, Event, Cost, Action, Effect, Unsupported, CompiledText)
}


def to_dict(obj: Value) -> Any:
    """Plain JSON-able form of an IR object (dataclasses become dicts tagged with ``"_t"``)."""
    if obj is None or isinstance(obj, (bool, int, str, float)):
        return obj
    if isinstance(obj, tuple):
        return [to_dict(x) for x in obj]
    name = type(obj).__name__
    if name in _CLASSES and isinstance(obj, _CLASSES[name]):
        out: dict[str, Any] = {"_t": name}
        for f in fields(obj):
            v = getattr(obj, f.name)
            if v != f.default:
                out[f.name] = to_dict(v)
        return out
    raise TypeError(f"not IR data: {obj!r}")


def from_dict(data: Any) -> Value:
    """Inverse of :func:`to_dict`: lists become tuples, tagged dicts become the dataclasses."""
    if isinstance(data, list):
        return tuple(from_dict(x) for x in data)
    if isinstance(data, dict):
        cls = _CLASSES[data["_t"]]
        return cls(**{k: from_dict(v) for k, v in data.items() if k != "_t"})
    return data


def to_json(obj: Value) -> str:
    return json.dumps(to_dict(obj), sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> Value:
    return from_dict(json.loads(text))
