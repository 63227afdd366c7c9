"""The support gate: whether the interpreter plays every construct of a compiled effect.

:func:`why_unsupported` walks an :class:`~.ir.Effect` -- its kind and timing, activation event, conditions,
costs, actions, selectors, filters and durations -- and returns ``None`` or the first construct it does not
play. Which forms of an *op* are supported is not written here: each op's record in :mod:`.ops`
(:data:`.ops.RECORDS`) says it (its ``action`` / ``cost`` / ``permanent`` / ``delayed`` checks and its
``don`` flags), and this walker only applies those records and the checks every op shares. What the walk
needs to know about the effect is passed explicitly as a :class:`Support` context.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .hooks import WHEN_EVENTS
from .ops import DONE, RECORDS, Site, optional_battle_ref, per_param, plays_end_of_battle
from .select import CONDITION_KINDS, COUNT_FILTER_KEYS, FILTER_KEYS

__all__ = ["Support", "WhenRecord", "WHEN", "ReplacedRecord", "REPLACED", "why_unsupported", "AUTO_TIMINGS", "KIND_TIMINGS", "ZONES", "DURATIONS", "REFS",
           "BATTLE_REFS"]

AUTO_TIMINGS = {"on_play", "when_attacking", "on_opponent_attack", "on_block", "on_ko",
                "end_of_your_turn", "end_of_opponent_turn",
                "start_of_your_turn",  # rules/phases.refresh (6-2-2)
                "start_of_game"}  # a Leader's "At the start of the game" (rules/setup.start_of_game, 5-2-1-5-1)
KIND_TIMINGS = {"activate": {"activate_main"}, "main": {"main", "counter"}, "counter": {"counter", "main"},
                "trigger": {"trigger"}}
ZONES = {"character", "leader", "stage", "field", "hand", "trash", "deck", "life", "looked", "don"}
DURATIONS = {None, "this_battle", "this_turn", "until_end_of_opponent_next_turn",
             "until_end_of_opponent_next_end_phase", "until_start_of_your_next_turn",
             "until_end_of_your_next_turn"}
# "attacker", "attack_target" and "battle_opponent" are read by select.resolve_ref, but no card text
# compiles to them yet, so they have no behaviour test: unsupported until one does.
REFS = {None, "this", "it", "rest", "revealed"}
# "the opponent's Character you battled with" (OP04-047): only in the effect of "At the end of a battle in
# which this Character battles ..." (why_unsupported), read while the battle is still on (rules/battle.battle_end)
BATTLE_REFS = {"battle_opponent"}


@dataclass(frozen=True, slots=True)
class Support:
    """The context of one support check, passed explicitly to every check (the form checks of ops.py get it
    as ``site.ctx``).

    ``effect``: the :class:`~.ir.Effect` checked; ``battle_refs``: it may name the card battled with
    (:data:`BATTLE_REFS`, "At the end of a battle in which this Character battles ..."); ``end_of_battle``: a
    [When Attacking] effect, where "at the end of this battle" is played (interpreter.run_delayed_battle);
    ``extra_refs``: references beyond :data:`REFS` an op of the effect allows (``OpRecord.effect_refs``)."""

    effect: object = None
    battle_refs: bool = False
    end_of_battle: bool = False
    extra_refs: frozenset = frozenset()

    def selector(self, sel, counted: bool = False) -> str | None:
        """``None`` or the reason ``sel`` (a :class:`~.ir.Selector` or ``None``) is not supported."""
        return _selector(self, sel, counted)

    def conditions(self, conds) -> str | None:
        """``None`` or the reason one of ``conds`` (:class:`~.ir.Condition`) is not supported."""
        return _conditions(self, conds)

    def costs(self, costs) -> str | None:
        """``None`` or the reason one of ``costs`` (:class:`~.ir.Cost`) is not supported."""
        return _costs(self, costs)


def why_unsupported(eff) -> str | None:
    """``None`` if the interpreter supports every construct of ``eff`` (an :class:`~.ir.Effect`), else the
    first missing one, as a short reason (``"action extra_turn"``, ``"timing when drawn"`` ...)."""
    if eff.event is not None and eff.event.kind == "drawn" and not eff.once_per_turn:
        return "timing when drawn without [Once Per Turn]"  # one event per card drawn or per draw: undecided
    refs = frozenset().union(*(RECORDS[a.op].effect_refs(eff) for a in eff.actions
                               if a.op in RECORDS and RECORDS[a.op].effect_refs is not None))
    if refs:
        return _why_unsupported(Support(eff, extra_refs=refs), eff)
    # "at the end of this battle" (interpreter.run_delayed_battle): in a [When Attacking] effect that says it
    end_of_battle = plays_end_of_battle(eff)
    if end_of_battle:
        return _why_unsupported(Support(eff, end_of_battle=True), eff)
    acts = optional_battle_ref(eff.actions)
    kind = "optional" if acts is not None else "always"
    acts = acts if acts is not None else tuple(eff.actions)
    if not any(a.target is not None and a.target.ref in BATTLE_REFS for a in acts):
        return _why_unsupported(Support(eff), eff)
    ev = eff.event
    if not (eff.kind == "auto" and ev is not None and ev.kind == "battle" and dict(ev.params).get("at") == "end_of_battle"
            and ev.subject is not None and ev.subject.ref == "this"
            and all(RECORDS.get(a.op) is not None and RECORDS[a.op].battle_ref == kind and a.target is not None
                    and a.target.ref in BATTLE_REFS and not a.target.filters for a in acts)):
        # "At the end of a battle in which this Character battles ..., place the opponent's Character you
        # battled with at the bottom of the owner's deck" (OP04-047) / "you may K.O. ..." (ST08-013): read
        # while the battle is still on
        return "reference battle_opponent"
    return _why_unsupported(Support(eff, battle_refs=True), eff)


def _why_unsupported(ctx: Support, eff) -> str | None:
    # "If you only have {X} Characters" (build.c_only_have_d2) is not met with no Characters at all (card Q&A
    # OP17-118 q1: with 0 Characters Rocks.D.Xebec has no Counter +2000), wherever the effect is read
    if eff.kind == "permanent":
        return _permanent(ctx, eff)
    if eff.kind == "auto":
        if eff.timing == "when":
            r = _when(ctx, eff.event)
            if r:
                return r
        elif eff.timing not in AUTO_TIMINGS:
            return f"timing {eff.timing}"
    elif eff.kind in KIND_TIMINGS:
        if eff.timing not in KIND_TIMINGS[eff.kind]:
            return f"timing {eff.timing}"
    elif eff.kind == "replacement":
        ev = eff.event
        if eff.timing == "granted" and not (
                ev is not None and ev.kind == "ko" and dict(ev.params) == {"by": "battle"} and ev.subject is not None
                and ev.subject.ref is None and ev.subject.owner == "self" and tuple(ev.subject.zones) == ("character",)
                and not ev.subject.alternatives):
            # tested: "If any of your Characters would be K.O.'d in battle during this turn" (EB02-030)
            return "granted replacement other than of a K.O. in battle of your Characters"
        # "would be K.O.'d or would be removed from the field by ..." (OP13-046): each event checked
        subs = dict(ev.params).get("events", ()) if ev is not None and ev.kind == "any_of" else (ev,)
        for sub in subs:
            r = _replaced(ctx, eff, sub)
            if r:
                return r
        if ev.subject.ref not in (None, "this") or ev.subject.alternatives:
            return "replacement subject"
        r = _selector(ctx, ev.subject)
        if r:
            return r
    else:
        return f"{eff.kind} effect"
    r = _conditions(ctx, eff.conditions)
    if r:
        return r
    r = _costs(ctx, eff.costs)
    if r:
        return r
    return _actions(ctx, eff.actions)


def _replaced(ctx, eff, ev) -> str | None:
    """An event of replacement effect ``eff``: a reason it is not supported (REPLACED), or ``None``."""
    rec = REPLACED.get(ev.kind) if ev is not None and ev.subject is not None else None
    if rec is None:
        return f"replacement of {ev.kind if ev else '?'}"
    params = dict(ev.params)
    if set(params) - {"by"} or params.get("by") not in rec.bys:
        return f"replacement of {ev.kind} {sorted(params)}"
    if rec.check is not None:
        return rec.check(ctx, eff, ev)
    return None


@dataclass(frozen=True, slots=True)
class ReplacedRecord:
    """An event a replacement effect may replace ("If ... would be K.O.'d, ... instead", 8-1-3-4): the
    ``by`` parameters it is tested with, and ``check(ctx, eff, ev)`` (a reason or ``None``), its own check."""

    bys: tuple
    check: Callable | None = None


def _replaced_removed(ctx, eff, ev) -> str | None:
    if ev.subject.ref is None and not set(ev.subject.zones) <= {"character", "stage"}:
        return "replacement subject"
    return None


def _replaced_rested(ctx, eff, ev) -> str | None:
    if ev.subject.ref != "this":
        return "replacement subject"  # only "If this Character would be rested ..." is tested (PRB02-006)
    return None


REPLACED: dict[str, ReplacedRecord] = {
    "ko": ReplacedRecord((None, "battle", "effect", "opponent_effect")),
    "removed": ReplacedRecord((None, "effect", "opponent_effect", "any", "opponent"), _replaced_removed),
    # "would be rested by your opponent's Character's effect" (PRB02-006): actions.op_rest /
    # rest_cards_or_don offer it (rest_check); other wordings have no behaviour test yet
    "rested": ReplacedRecord(("opponent_character_effect",), _replaced_rested),
}
"""The events a replacement effect may replace, by ``Event.kind``."""


def _permanent(ctx: Support, eff) -> str | None:
    """A permanent effect (8-1-3-3): each action's op needs a ``permanent`` form (ops.RECORDS)."""
    actions = tuple(eff.actions)
    for i, a in enumerate(actions):
        rec = RECORDS.get(a.op)
        if rec is None or rec.permanent is None:
            return f"permanent {a.op}"
        if a.param("per") is not None and a.param("per").ref is not None:
            return "permanent power for every N referenced cards"
        r = _selector(ctx, a.param("per"), counted=True)
        if r:
            return r
        r = rec.permanent(a, Site(ctx, actions[:i], (), actions))
        if r == DONE:
            continue
        if r:
            return r
        r = _selector(ctx, a.target)
        if r:
            return r
    return _conditions(ctx, eff.conditions)


def _costs(ctx: Support, costs) -> str | None:
    """The activation costs (8-3-1): each op needs a ``cost`` form (ops.RECORDS)."""
    for c in costs:
        rec = RECORDS.get(c.op)
        if rec is None or rec.cost is None:
            return f"cost {c.op}"
        site = Site(ctx)
        if rec.cost_amount:
            r = rec.cost(c, site)
            if r == DONE:
                continue
            if r or c.options:
                return r or f"cost {c.op}"
            continue
        if c.options or c.target is None:
            return f"cost {c.op}"
        r = _selector(ctx, c.target)
        if r:
            return r
        r = rec.cost(c, site)
        if r == DONE:
            continue
        if r:
            return r
        if (c.target.position == "top_or_bottom" and (c.target.count or 1) != 1) or c.target.alternatives:
            return f"cost {c.op} with a choice of position"
    return None


@dataclass(frozen=True, slots=True)
class WhenRecord:
    """Which forms of one "When ..." event (``Event.kind``, reported by hooks.fire_event) are supported.

    ``check(ctx, ev, params)``: the event's own check, first; it returns a reason, ``None`` (supported, no
    more checks) or a dict (the parameters left for the shared checks). ``subject(ctx, ev, sel, params)``:
    after the shared check of ``by``, a final check of the subject in place of the shared one.
    ``zones``: the zones the shared subject check accepts; ``after(ctx, ev, sel)``: a check after it."""

    check: Callable | None = None
    subject: Callable | None = None
    zones: frozenset = frozenset({"character", "leader"})
    after: Callable | None = None


def _when_any_of(ctx, ev, params):
    # "When X or Y" (hooks.fire_event): each event on its own terms
    subs = params.get("events") or ()
    if ev.subject is not None or set(params) != {"events"} or any(sub.kind == "any_of" for sub in subs):
        return "timing when any_of"
    for sub in subs:
        r = _when(ctx, sub)
        if r:
            return r
    return None


def _when_battle_ko(ctx, ev, params):
    # "When this Character battles and K.O.'s your opponent's Character" (rules/zones.do_ko, in battle)
    sel, opp = ev.subject, params.get("opponent")
    if set(params) - {"opponent"} or sel is None or sel.ref != "this" or opp is None or (
            opp.owner != "opponent" or tuple(opp.zones) != ("character",) or opp.ref or opp.alternatives):
        return "timing when battle_ko"
    return _selector(ctx, opp)


def _when_attack_damage(ctx, ev, params):
    # "When this Character's / this Leader's attack deals damage to your opponent's Life" (rules/damage.py)
    sel = ev.subject
    if sel is not None and sel.ref is None and sel.owner == "self" and set(sel.zones) == {"leader", "character"} and (
            not params and not sel.filters and not sel.alternatives):
        return None  # "When you deal damage to your opponent's Life" (OP03-043): any of your attackers
    if params or sel is None or sel.ref != "this" or sel.filters or sel.alternatives:
        return "timing when attack_damage subject"
    return None


def _when_trigger_activated(ctx, ev, params):
    # "When a [Trigger] activates": either player's, reported by rules/damage.life_damage once the
    # [Trigger] is activated (its effect resolves first)
    sel = ev.subject
    if params or sel is None or sel.owner not in ("any", "opponent") or sel.zones or sel.filters or sel.ref:
        return "timing when trigger_activated subject"  # "your opponent activates [Trigger]": theirs only
    return None


def _when_damage_taken(ctx, ev, params):
    # "When you take damage": reported by rules/damage.py for each point dealt to your Leader
    sel = ev.subject
    if params or sel is None or sel.owner != "self" or tuple(sel.zones) != ("leader",) or sel.filters or sel.ref:
        return "timing when damage_taken subject"
    return None


def _when_battle(ctx, ev, params):
    # "If this Character battles ..." (at the end of the battle) and "When this Character battles ..."
    # (no ``at``: once the battling cards are fixed, after the Block Step; rules/battle.counter_step)
    if params.get("at") not in (None, "end_of_battle") or set(params) - {"at", "opponent"}:
        return "timing when battle (not at the end of the battle)"
    if "at" not in params and (ev.subject is None or ev.subject.ref != "this"):
        return "timing when battle (start) of other cards"
    return _selector(ctx, params.get("opponent"))


def _when_keyword_activated(ctx, ev, params):
    # reported for [Blocker] only (rules/battle.py), whoever's Character it is
    if params != {"keyword": "Blocker"}:
        return f"timing when keyword_activated {sorted(params.items())}"
    return {}


def _when_played(ctx, ev, params):
    # reported by main_phase.enter_character with the zone the Character came from; "When you play a
    # Character" / "When your opponent plays a Character ...": any play, from hand or by an effect;
    # "... from your hand" (OP02-026): the zone is "hand"
    sel = ev.subject
    if params != {"source": "trash"} and not (
            # "by": "character_effect": "plays a Character using a Character's effect" (OP12-081; hooks.event_matches)
            params in ({}, {"source": "hand"}, {"by": "character_effect"}) and sel is not None and sel.owner in ("self", "opponent") and tuple(sel.zones) == ("character",)
            and sel.ref is None and not sel.alternatives):
        return f"timing when played {sorted(params.items())}"
    return {}


def _when_don_returned(ctx, ev, params):
    if "at_least" in params:
        # "When 2 or more DON!! cards on your field are returned to your DON!! deck": one cost or action
        # returning that many (interpreter.report_don_returned)
        n = params.pop("at_least")
        if not isinstance(n, int) or n < 2 or params:
            return "timing when don_returned at_least"
    return params


def _when_don_returned_after(ctx, ev, sel):
    if sel is not None and sel.filters:
        return "timing when don_returned filtered"
    return None


def _when_trashed(ctx, ev, params):
    # "When a card is trashed from your hand by an effect" (OP14-045): reported by actions.op_trash, once
    # per action or cost that trashed cards from that hand (an activation cost is part of the effect)
    sel = ev.subject
    if params != {"by": "effect"} and not _trashed_by_typed(params) or sel is None or sel.owner != "self" or (
            tuple(sel.zones) != ("hand",) or sel.filters or sel.ref or sel.alternatives):
        return "timing when trashed"
    return None


def _trashed_by_typed(params) -> bool:
    # "... by your {Navy} type card's effect" (OP12-040): hooks.event_matches checks the source card's type
    src = params.get("by_source")
    return (set(params) == {"by", "by_source"} and params["by"] == "your_effect" and src is not None
            and len(src.filters) == 1 and src.filters[0].key == "type" and src.filters[0].op == "==")


def _when_returned_to_hand(ctx, ev, params):
    if ev.subject is None or ev.subject.owner != "opponent" or params.get("by") != "your_effect":
        # "When your opponent's Character is returned to the owner's hand by your effect" (EB02-023): reported
        # by actions.op_return_to_hand for each card it returns from the field (an action or a cost); only the
        # opponent's Characters, which no cost of yours returns
        return "timing when returned_to_hand"
    return params


def _when_attacked(ctx, ev, params):
    # "When this Leader attacks or is attacked" (OP03-001): reported by rules/battle.counter_step for the
    # attack target after the Block Step (not once a [Blocker] took the attack), before the Counters
    # (card Q&A OP03-001); "this" card only
    sel = ev.subject
    if sel is not None and sel.ref is None and sel.owner == "self" and tuple(sel.zones) == ("leader",) and (
            not sel.alternatives and not params):
        # "When your Leader with a type including "Rocks Pirates" attacks or is attacked" (OP17-040): your
        # Leader as the attack target, its filters read by hooks._event_matches
        return _selector(ctx, sel)
    if sel is None or sel.ref != "this" or params:
        return "timing when attacked"
    return None


def _when_drawn(ctx, ev, params):
    # "When you draw a card outside of your Draw Phase" (OP05-053): reported by rules/zones.draw once per
    # draw action outside the Draw Phase; only [Once Per Turn] (why_unsupported): a draw of 2 cards
    # would be one event or two
    sel = ev.subject
    if sel is None or sel.owner != "self" or sel.zones or sel.filters or sel.ref or params != {"outside": "draw_phase"}:
        return "timing when drawn"
    return None


def _when_rested(ctx, ev, params):
    if params in ({"by": "opponent_character_effect"}, {"by": "your_effect"}, {"by": "opponent_effect"}):
        # "When this Character becomes rested by your opponent's Character's effect" (OP14-070), "If a
        # Character is rested by your effect" (OP07-031), "when this Character is rested by your opponent's
        # effect" (PRB02-009): reported with the card whose effect rested it by actions.op_rest /
        # rest_cards_or_don and, for a rest paid as an activation cost, interpreter.cost_frame
        return {}
    if params:
        return f"timing when rested {sorted(params)}"
    return params


def _when_life_removed(ctx, ev, sel, params):
    # reported by rules/damage.py and interpreter.remove_from_zone for any Life card, either player's;
    # "from your opponent's Life cards" (OP08-105): hooks.event_matches compares the Life card's owner
    if sel is None or sel.owner not in ("any", "self", "opponent") or tuple(sel.zones) != ("life",) or (
            sel.filters or sel.ref or params):
        return "timing when life_removed subject"
    return None


def _when_life_zero(ctx, ev, sel, params):
    # hooks.fire_event: reported after a Life card of the player left their Life cards, leaving none
    if sel is None or sel.owner != "self" or tuple(sel.zones) != ("life",) or sel.filters or sel.ref or params:
        return "timing when life_zero subject"
    return None


def _when_life_to_hand(ctx, ev, sel, params):
    # "When a card is added to your hand from your Life" (OP05-107): reported by rules/damage.life_damage
    # (damage without [Trigger]) and actions.op_add_to_hand (an effect or a cost); not a [Trigger] card
    # added to hand after its [Trigger] (card Q&A OP05-107)
    if sel is None or sel.owner != "self" or tuple(sel.zones) != ("life",) or sel.filters or sel.ref or (
            sel.alternatives or params):
        return "timing when life_to_hand subject"
    return None


def _when_attack(ctx, ev, params):
    # "When this Leader attacks your opponent's Leader" (OP12-081): reported by rules/battle.declare_attack;
    # hooks.event_matches reads ``target`` (the attack target declared is the opponent's Leader)
    if params.get("target", "leader") != "leader":
        return "timing when attack target"
    return {k: v for k, v in params.items() if k != "target"}


WHEN: dict[str, WhenRecord] = {
    "attack": WhenRecord(_when_attack),
    "any_of": WhenRecord(_when_any_of),
    "battle_ko": WhenRecord(_when_battle_ko),
    "attack_damage": WhenRecord(_when_attack_damage),
    "trigger_activated": WhenRecord(_when_trigger_activated),
    "damage_taken": WhenRecord(_when_damage_taken),
    "battle": WhenRecord(_when_battle),
    "keyword_activated": WhenRecord(_when_keyword_activated),
    "played": WhenRecord(_when_played),
    "don_returned": WhenRecord(_when_don_returned, zones=frozenset({"character", "leader", "don"}),
                               after=_when_don_returned_after),
    "trashed": WhenRecord(_when_trashed),
    "returned_to_hand": WhenRecord(_when_returned_to_hand),
    "attacked": WhenRecord(_when_attacked),
    "drawn": WhenRecord(_when_drawn),
    "rested": WhenRecord(_when_rested),
    "life_removed": WhenRecord(subject=_when_life_removed),
    "life_zero": WhenRecord(subject=_when_life_zero),
    "life_to_hand": WhenRecord(subject=_when_life_to_hand),
}
"""The "When ..." events with a form of their own, by ``Event.kind``; any other kind of
``hooks.WHEN_EVENTS`` takes the shared checks only (``WhenRecord()``)."""

_SHARED = WhenRecord()


def _when(ctx, ev) -> str | None:
    """The "When ..." events hooks.fire_event reports, with the parameters it checks (:data:`WHEN`)."""
    if ev is None or ev.kind not in WHEN_EVENTS:
        return f"timing when {ev.kind if ev else '?'}"
    rec = WHEN.get(ev.kind, _SHARED)
    params = dict(ev.params)
    if rec.check is not None:
        r = rec.check(ctx, ev, params)
        if not isinstance(r, dict):
            return r
        params = r
    if set(params) - {"by"} or params.get("by") not in (None, "battle", "effect", "opponent_effect", "your_effect"):
        return f"timing when {ev.kind} {sorted(params)}"
    sel = ev.subject
    if rec.subject is not None:
        return rec.subject(ctx, ev, sel, params)
    if sel is not None and (sel.ref not in (None, "this") or sel.alternatives or sel.zones and
                            set(sel.zones) - rec.zones):
        return f"timing when {ev.kind} subject"
    if rec.after is not None:
        r = rec.after(ctx, ev, sel)
        if r:
            return r
    return _selector(ctx, sel)


def _conditions(ctx, conds) -> str | None:
    for c in conds:
        if c.kind not in CONDITION_KINDS:
            return f"condition {c.kind}"
        if c.target is not None:
            r = _selector(ctx, c.target, counted=c.kind == "count")
            if r:
                return r
        if hasattr(c.value, "zones"):
            r = _selector(ctx, c.value, counted=c.kind == "count")
            if r:
                return r
        r = _conditions(ctx, c.parts)
        if r:
            return r
    return None


def _selector(ctx, sel, counted: bool = False) -> str | None:
    """``counted``: the selector only counts cards (a count condition, "for each of ..."), where the
    filters on a set of cards (``COUNT_FILTER_KEYS``) are read by select.count_of."""
    if sel is None:
        return None
    if sel.ref not in REFS and not (sel.ref in BATTLE_REFS and ctx.battle_refs) and sel.ref not in ctx.extra_refs:
        return f"reference {sel.ref}"
    if sel.total and "don" in sel.zones:
        # "up to a total of N" over cards: one choice of up to N among all the named cards (select.candidates
        # joins zones and alternatives); with DON!! cards only for rest (actions.rest_cards_or_don)
        return "a total across choices"
    if set(sel.zones) - ZONES:
        return f"zone {sorted(set(sel.zones) - ZONES)}"
    for f in sel.filters:
        r = _filter(f, sel, counted)
        if r:
            return r
    for alt in sel.alternatives:
        r = _selector(ctx, alt)
        if r:
            return r
    return None


def _filter(f, sel, counted: bool) -> str | None:
    if f.key == "given" and f.value == "this" and tuple(sel.zones) == ("don",) and len(sel.filters) == 1:
        return None  # "for every DON!! card given to this Character": select.count_of
    if f.key == "given" and f.value == "chosen" and tuple(sel.zones) == ("don",) and len(sel.filters) == 1:
        return None  # "... given to that Character", chosen by an earlier effect (OP15-008): select.count_of
    if f.key == "given" and f.value == "that":
        return "DON!! given to 'that Character' with no earlier effect of this card choosing a Character"
    if f.key in COUNT_FILTER_KEYS and counted and sel.ref is None and not sel.alternatives:
        # "given" DON!! cards: counted over the DON!! zone alone; "different card names": over cards listed
        if f.key == "given" and tuple(sel.zones) == ("don",) and len(sel.filters) == 1:
            return None
        if f.key == "distinct_names" and "don" not in sel.zones:
            return None
        return f"filter {f.key}"
    if f.key == "distinct_names" and not counted and sel.count and sel.up_to and sel.ref is None and (
            not sel.alternatives and not sel.total and "don" not in sel.zones):
        return None  # "play up to 3 ... with different card names" (interpreter._distinct_name_choices, OP16-060)
    if f.key in ("total_power", "total_cost") and not counted and f.op == "<=" and sel.count and sel.up_to and (
            sel.ref is None and not sel.alternatives and not sel.total):
        return None  # "K.O. up to 2 ... with a total power of 4000 or less" (interpreter.choose_cards, OP05-007)
    if f.key in ("total_power", "total_cost") and not counted and f.op == "<=" and sel.count is None and (
            sel.up_to and sel.ref is None and not sel.alternatives and not sel.total):
        return None  # any number within the total (OP17-119 Q&A; interpreter.choose_cards, count None)
    if f.key not in FILTER_KEYS:
        return f"filter {f.key}"
    if f.key == "any_of":
        for sub in f.value:
            if sub.key not in FILTER_KEYS or sub.key == "any_of" or hasattr(sub.value, "zones"):
                return f"filter {sub.key} in any_of"
    return None


def _actions(ctx: Support, actions, prev=()) -> str | None:
    """Each action's op needs an ``action`` form with a resolver (ops.RECORDS); then the checks every op
    shares. ``prev``: for the body of an "If you do", the actions before it."""
    actions = tuple(actions)
    for i, a in enumerate(actions):
        rec = RECORDS.get(a.op)
        if rec is None or rec.action is None or rec.resolve is None:
            return f"action {a.op}"
        site = Site(ctx, actions[:i], tuple(prev), actions)
        if a.duration not in DURATIONS:
            return f"duration {a.duration}"
        r = per_param(a, site)
        if r:
            return r
        if a.param("per") is not None:
            r = _selector(ctx, a.param("per"))
            if r:
                return r
        t = a.target
        if t is not None and any(f.key == "color_differs" for f in t.filters) and (
                a.op != "play" or not any(p.op == "return_to_hand" for p in actions[:i])):
            # "a different color than the returned Character" (OP01-002, EB01-020): "it" is the card the
            # return before it returned (select._colors_of_it)
            return "a different color than the returned Character without a return before it"
        r = None if rec.don_checks_first else rec.action(a, site)
        if r == DONE:
            continue
        if r:
            return r
        if t is not None and not rec.don_alternatives and any("don" in alt.zones for alt in t.alternatives):
            # "Set this Character or up to 1 of your DON!! cards as active" (OP13-035): only "rest" offers the
            # DON!! alternative (actions.rest_cards_or_don); elsewhere it would be silently dropped
            return f"{a.op} of DON!! cards among alternatives"
        if not rec.don and "don" in (t.zones if t else ()):
            return f"{a.op} on DON!!"
        r = rec.action(a, site) if rec.don_checks_first else None
        if r == DONE:
            continue
        if r:
            return r
        if t is not None and t.position == "top_or_bottom" and (t.count or 1) != 1:
            return f"{a.op} of several cards from the top or bottom"
        r = _selector(ctx, t, counted=rec.counts_target)
        if r:
            return r
        if a.condition is not None:
            r = _conditions(ctx, (a.condition,))
            if r:
                return r
        r = _actions(ctx, a.body, actions[:i] if rec.body_follows else ())
        if r:
            return r
        for opt in a.options:
            r = _actions(ctx, opt)
            if r:
                return r
    return None
