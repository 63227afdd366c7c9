"""Attaching compiled effects to card records, keeping only what the interpreter really supports.

:func:`with_effects` compiles a :class:`CardDef`'s printed text (compiler.py) and keeps each effect whose
every construct -- effect kind and timing, condition, cost, action, filter, selector zone, duration -- the
interpreter implements and has a behaviour test for. Everything else is listed in
``CardDef.unsupported``: never offered, never applied, always reported. Printed keywords (rule 10-1)
are read by the rules engine from ``CardDef.keywords``, so their compiled form is dropped here.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..cards.model import KEYWORD_BITS, CardDef
from ..cards.checks import specific_tests
from ..cards.database import is_construction_text
from .compiler import card_set, compile_card_text
from .card_effects import OPS
from .hooks import WHEN_EVENTS
from .ir import Filter
from .select import CONDITION_KINDS, COUNT_FILTER_KEYS, FILTER_KEYS

AUTO_TIMINGS = {"on_play", "when_attacking", "on_opponent_attack", "on_block", "on_ko",
                "end_of_your_turn", "end_of_opponent_turn",
                "start_of_game"}  # a Leader's "At the start of the game" (rules/setup.start_of_game, 5-2-1-5-1)
KIND_TIMINGS = {"activate": {"activate_main"}, "main": {"main", "counter"}, "counter": {"counter", "main"},
                "trigger": {"trigger"}}
COST_OPS = {"rest_don", "don_minus", "rest", "trash", "add_to_hand", "to_deck", "return_to_hand", "reveal",
            "turn_face_up", "turn_face_down", "modify_power", "ko", "give_don", "to_life",
            "play"}  # "You may play 1 [Kotori] from your hand:" (OP05-111): interpreter.cost_frame, op_play
ZONES = {"character", "leader", "stage", "field", "hand", "trash", "deck", "life", "looked", "don"}
DURATIONS = {None, "this_battle", "this_turn", "until_end_of_opponent_next_turn",
             "until_end_of_opponent_next_end_phase", "until_start_of_your_next_turn",
             "until_end_of_your_next_turn"}
PERMANENT_OPS = {"modify_power", "modify_cost", "gain_keyword", "cannot", "can_attack_active", "set_base_power",
                 "set_counter",
                 "reduce_play_cost",  # continuous.play_cost, read by rules/main_phase when playing from hand
                 "deck_out_win",  # rules/engine.rule_processing (OP03-040)
                 "deck_out_end_of_turn",  # rules/engine.rule_processing, rules/phases.end_phase (OP15-022)
                 "play_rested",  # continuous.plays_rested, read by rules/main_phase.enter_character (OP09-022)
                 "face_up_life_to_deck",  # continuous.face_up_life_to_deck: rules/damage, actions.op_add_to_hand (ST13-003)
                 "treat_name"}  # rule 2-1-3, read from the card definition by select.card_names
PROHIBITIONS = {"attack", "attack_leader", "be_ko", "be_removed", "be_rested",  # continuous.prohibited
                "attack_other_than"}  # continuous.attack_target_forbidden
# "attacker", "attack_target" and "battle_opponent" are read by select.resolve_ref, but no card text
# compiles to them yet, so they have no behaviour test: unsupported until one does.
REFS = {None, "this", "it", "rest", "revealed"}
# "the opponent's Character you battled with" (OP04-047): only in the effect of "At the end of a battle in
# which this Character battles ..." (why_unsupported), read while the battle is still on (rules/battle.battle_end)
BATTLE_REFS = {"battle_opponent"}
# "... at the end of this turn" (op delayed, interpreter.run_delayed): the actions tested so far
DELAYED_OPS = {"to_deck", "set_active", "to_life",
               "trash",  # "Then, trash 1 of your {FILM} type Characters at the end of this turn" (OP06-006)
               "no_refresh"}  # "Then, at the end of this turn, up to 1 rested Character ... will not become active" (OP15-025)
# ("trash this Character at the end of this turn", OP03-005) ... and those tested on "this" card only
# ("Return this Character to the owner's hand at the end of this turn", OP04-009)
DELAYED_THIS_OPS = {"return_to_hand"}


_battle_refs_ok = [False]  # set by why_unsupported while it checks an effect allowed to use BATTLE_REFS
# set while it checks a [When Attacking] effect: "at the end of this battle" (op delayed, interpreter.run_delayed_battle)
_end_of_battle_ok = [False]
# set while it checks OP04-069's "[On Your Opponent's Attack] ... the power of your opponent's attacking Leader or
# Character" (why_unsupported): "attacker" (select.resolve_ref) of the battle that just began
_attacker_ref_ok = [False]


def why_unsupported(eff) -> str | None:
    """``None`` if the interpreter supports every construct of ``eff``, else the first missing one."""
    if eff.event is not None and eff.event.kind == "drawn" and not eff.once_per_turn:
        return "timing when drawn without [Once Per Turn]"  # one event per card drawn or per draw: undecided
    if eff.kind == "auto" and eff.timing == "on_opponent_attack" and len(eff.actions) == 1 and (
            eff.actions[0].op == "set_base_power" and eff.actions[0].target is not None
            and eff.actions[0].target.ref == "this" and getattr(eff.actions[0].param("same_as_power_of"), "ref", None) == "attacker"):
        # "[On Your Opponent's Attack] ... This Character's base power becomes the same as the power of your
        # opponent's attacking Leader or Character" (OP04-069): the attacker of the battle that just began
        _attacker_ref_ok[0] = True
        try:
            return _why_unsupported(eff)
        finally:
            _attacker_ref_ok[0] = False
    if eff.kind == "auto" and eff.timing == "when_attacking" and any(
            a.op == "delayed" and a.param("at") == "end_of_battle" for a in eff.actions):
        _end_of_battle_ok[0] = True
        try:
            return _why_unsupported(eff)
        finally:
            _end_of_battle_ok[0] = False
    acts = eff.actions
    # "you may K.O. the opponent's Character you battled with. If you do, K.O. this Character." (ST08-013)
    may_ko = (len(acts) == 2 and acts[0].op == "may" and len(acts[0].body) == 1 and acts[0].body[0].op == "ko"
              and acts[1].op == "if_you_do" and len(acts[1].body) == 1 and acts[1].body[0].op == "ko"
              and acts[1].body[0].target is not None and acts[1].body[0].target.ref == "this")
    if may_ko:
        acts = (acts[0].body[0],)
    if not any(a.target is not None and a.target.ref in BATTLE_REFS for a in acts):
        return _why_unsupported(eff)
    ev = eff.event
    if not (eff.kind == "auto" and ev is not None and ev.kind == "battle" and dict(ev.params).get("at") == "end_of_battle"
            and ev.subject is not None and ev.subject.ref == "this"
            and all(a.op in (("ko",) if may_ko else ("to_deck",)) and a.target is not None
                    and a.target.ref in BATTLE_REFS and not a.target.filters for a in acts)):
        return "reference battle_opponent"  # tested: OP04-047, placing it at the bottom of the deck; ST08-013, K.O.
    _battle_refs_ok[0] = True
    try:
        return _why_unsupported(eff)
    finally:
        _battle_refs_ok[0] = False


def _why_unsupported(eff) -> str | None:
    if (eff.kind in ("main", "counter", "trigger") or eff.in_hand) and _you_only_have(eff):
        # "If you only have {X} type Characters" (build.c_only_have_d2): with no Characters at all the wording is
        # undecided; a Character's own effect is read with the Character on the field, an Event's need not be
        return "condition you only have (no Characters undecided)"
    if eff.kind == "permanent":
        for a in eff.actions:
            if a.op not in PERMANENT_OPS:
                return f"permanent {a.op}"
            if a.op == "cannot" and a.param("what") == "be_played":
                # "This card in your hand cannot be played by effects" (OP12-036): read by actions.op_play
                t = a.target
                if dict(a.params) != {"what": "be_played", "by": "effect"} or t is None or t.ref != "this" or (
                        tuple(t.zones) != ("hand",) or eff.conditions or len(eff.actions) != 1):
                    return "prohibition be_played"
                continue
            if a.op == "gain_keyword" and a.param("keyword") not in KEYWORD_BITS:
                return f"keyword {a.param('keyword')}"
            if a.op == "play_rested" and (a.target is None or a.target.ref is not None or a.params or a.target.filters
                                          or a.target.owner != "self" or tuple(a.target.zones) != ("character",)):
                return "permanent play_rested"  # only "Your Character cards are played rested" (OP09-022)
            if a.op == "reduce_play_cost" and (a.target is None or a.target.ref is not None or tuple(a.target.zones) != ("hand",)
                                               or not any(f.key == "category" and f.op == "==" and f.value in ("Character", "Stage")
                                                          for f in a.target.filters)):
                return "reduce_play_cost other than of Character or Stage cards in hand"  # rules/main_phase only
            if a.param("per") is not None and a.param("per").ref is not None:
                return "permanent power for every N referenced cards"
            if a.op == "set_counter" and (a.target is None or a.target.ref not in (None, "this") or tuple(a.target.zones) != ("hand",)):
                # continuous.counter: read for Character cards in hand (the Counter Step, 7-1-3-2-1); "this card
                # in your hand has a +2000 Counter" (OP17-118) is valid in the hand only (Effect.in_hand, 2-8-2)
                return "permanent set_counter outside the hand"
            r = _selector(a.param("per"), counted=True)
            if r:
                return r
            if a.op == "cannot":
                keys = {k for k, _ in a.params}
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
                    r = _selector(a.param(k))
                    if r:
                        return r
            r = _selector(a.target)
            if r:
                return r
        return _conditions(eff.conditions)
    if eff.kind == "auto":
        if eff.timing == "when":
            r = _when(eff.event)
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
        if ev is None or ev.kind not in ("ko", "removed", "rested") or ev.subject is None:
            return f"replacement of {ev.kind if ev else '?'}"
        params = dict(ev.params)
        bys = {"ko": (None, "battle", "effect", "opponent_effect"), "removed": (None, "effect", "opponent_effect", "any"),
               # "would be rested by your opponent's Character's effect" (PRB02-006): actions.op_rest /
               # rest_cards_or_don offer it (rest_check); other wordings have no behaviour test yet
               "rested": ("opponent_character_effect",)}[ev.kind]
        if set(params) - {"by"} or params.get("by") not in bys:
            return f"replacement of {ev.kind} {sorted(params)}"
        if ev.kind == "rested" and ev.subject.ref != "this":
            return "replacement subject"  # only "If this Character would be rested ..." is tested (PRB02-006)
        if ev.kind == "removed" and ev.subject.ref is None and not set(ev.subject.zones) <= {"character", "stage"}:
            return "replacement subject"
        if ev.kind == "removed" and any(a.target is not None and a.target.ref == "it" for a in eff.actions):
            return "replacement of removed acting on it"  # "add it to ... instead": the replaced card is not "it"
        if ev.subject.ref not in (None, "this") or ev.subject.alternatives:
            return "replacement subject"
        r = _selector(ev.subject)
        if r:
            return r
    else:
        return f"{eff.kind} effect"
    r = _conditions(eff.conditions)
    if r:
        return r
    for c in eff.costs:
        if c.op == "return_don" and c.target is None and not c.options and set(dict(c.params)) <= {"or_more"}:
            continue  # "return N (or more) DON!! cards from your field to your DON!! deck": DON!! -X (interpreter)
        if c.op == "return_don" and c.target is None and not c.options and dict(c.params) == {"state": "active"}:
            continue  # "return N of your active DON!! cards to your DON!! deck" (EB02-061): active ones only (interpreter)
        if c.op == "return_don" and c.target is None and not c.options and (
                dict(c.params) == {"from": "given", "to": "cost_area"}):
            continue  # "return N total of your currently given DON!! cards to your cost area rested" (ST28-004)
        if c.op not in COST_OPS or c.options:
            return f"cost {c.op}"
        if c.op not in ("rest_don", "don_minus"):
            if c.target is None:
                return f"cost {c.op}"
            r = _selector(c.target)
            if r:
                return r
            if c.op == "rest" and c.target.alternatives and not c.target.zones and c.target.ref is None and all(
                    alt.ref is None and alt.count == 1 and not alt.alternatives and alt.owner == "self"
                    and tuple(alt.zones) in (("leader",), ("character",), ("don",), ("stage",))  # Stage: OP10-057
                    and not (alt.zones == ("don",) and alt.filters) for alt in c.target.alternatives):
                continue  # "rest your <X> attribute Leader or 1 of your DON!! cards" (interpreter._rest_options)
            if c.op == "trash" and _trash_either(c.target):
                continue
            if (c.target.position == "top_or_bottom" and (c.target.count or 1) != 1) or c.target.alternatives:
                return f"cost {c.op} with a choice of position"
    return _actions(eff.actions)


def _trash_either(t) -> bool:
    """ "You may trash 1 of your {X} type Characters or 1 card from your hand:" (OP13-079): one of the
    player's own cards, a Character or a card in hand, chosen among both (select.candidates joins the
    alternatives; interpreter.can_pay counts them together)."""
    return (t.ref is None and not t.zones and t.count == 1 and not t.up_to and not t.filters and len(t.alternatives) == 2
            and all(a.ref is None and a.count == 1 and not a.up_to and not a.alternatives and a.owner == "self"
                    for a in t.alternatives)
            and {tuple(a.zones) for a in t.alternatives} == {("character",), ("hand",)})


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


def _you_only_have(eff) -> bool:
    conds = list(eff.conditions)
    todo = list(eff.actions)
    while todo:
        a = todo.pop()
        if a.condition is not None:
            conds.append(a.condition)
        todo.extend(a.body)
        for o in a.options:
            todo.extend(o)
    while conds:
        c = conds.pop()
        if c.kind == "all_match" and c.op == "you_only_have":
            return True
        conds.extend(c.parts)
    return False


def _when(ev) -> str | None:
    """The "When ..." events hooks.fire_event reports, with the parameters it checks."""
    if ev is None or ev.kind not in WHEN_EVENTS:
        return f"timing when {ev.kind if ev else '?'}"
    params = dict(ev.params)
    if ev.kind == "any_of":  # "When X or Y" (hooks.fire_event): each event on its own terms
        subs = params.get("events") or ()
        if ev.subject is not None or set(params) != {"events"} or any(sub.kind == "any_of" for sub in subs):
            return "timing when any_of"
        for sub in subs:
            r = _when(sub)
            if r:
                return r
        return None
    if ev.kind == "battle_ko":
        # "When this Character battles and K.O.'s your opponent's Character" (rules/zones.do_ko, in battle)
        sel, opp = ev.subject, params.get("opponent")
        if set(params) - {"opponent"} or sel is None or sel.ref != "this" or opp is None or (
                opp.owner != "opponent" or tuple(opp.zones) != ("character",) or opp.ref or opp.alternatives):
            return "timing when battle_ko"
        return _selector(opp)
    if ev.kind == "attack_damage":
        # "When this Character's / this Leader's attack deals damage to your opponent's Life" (rules/damage.py)
        sel = ev.subject
        if sel is not None and sel.ref is None and sel.owner == "self" and set(sel.zones) == {"leader", "character"} and (
                not params and not sel.filters and not sel.alternatives):
            return None  # "When you deal damage to your opponent's Life" (OP03-043): any of your attackers
        if params or sel is None or sel.ref != "this" or sel.filters or sel.alternatives:
            return "timing when attack_damage subject"
        return None
    if ev.kind == "trigger_activated":
        # "When a [Trigger] activates": either player's, reported by rules/damage.life_damage once the
        # [Trigger] is activated (its effect resolves first)
        sel = ev.subject
        if params or sel is None or sel.owner not in ("any", "opponent") or sel.zones or sel.filters or sel.ref:
            return "timing when trigger_activated subject"  # "your opponent activates [Trigger]": theirs only
        return None
    if ev.kind == "damage_taken":
        # "When you take damage": reported by rules/damage.py for each point dealt to your Leader
        sel = ev.subject
        if params or sel is None or sel.owner != "self" or tuple(sel.zones) != ("leader",) or sel.filters or sel.ref:
            return "timing when damage_taken subject"
        return None
    if ev.kind == "battle":
        # "If this Character battles ..." (at the end of the battle) and "When this Character battles ..."
        # (no ``at``: once the battling cards are fixed, after the Block Step; rules/battle.counter_step)
        if params.get("at") not in (None, "end_of_battle") or set(params) - {"at", "opponent"}:
            return "timing when battle (not at the end of the battle)"
        if "at" not in params and (ev.subject is None or ev.subject.ref != "this"):
            return "timing when battle (start) of other cards"
        return _selector(params.get("opponent"))
    if ev.kind == "keyword_activated":
        # reported for [Blocker] only (rules/battle.py), whoever's Character it is
        if params != {"keyword": "Blocker"}:
            return f"timing when keyword_activated {sorted(params.items())}"
        params = {}
    if ev.kind == "played":
        # reported by main_phase.enter_character with the zone the Character came from; "When you play a
        # Character" / "When your opponent plays a Character ...": any play, from hand or by an effect;
        # "... from your hand" (OP02-026): the zone is "hand"
        sel = ev.subject
        if params != {"source": "trash"} and not (
                params in ({}, {"source": "hand"}) and sel is not None and sel.owner in ("self", "opponent") and tuple(sel.zones) == ("character",)
                and sel.ref is None and not sel.alternatives):
            return f"timing when played {sorted(params.items())}"
        params = {}
    if ev.kind == "don_returned" and "at_least" in params:
        # "When 2 or more DON!! cards on your field are returned to your DON!! deck": one cost or action
        # returning that many (interpreter.report_don_returned)
        n = params.pop("at_least")
        if not isinstance(n, int) or n < 2 or params:
            return "timing when don_returned at_least"
    if ev.kind == "trashed":
        # "When a card is trashed from your hand by an effect" (OP14-045): reported by actions.op_trash, once
        # per action or cost that trashed cards from that hand (an activation cost is part of the effect)
        sel = ev.subject
        if params != {"by": "effect"} or sel is None or sel.owner != "self" or tuple(sel.zones) != ("hand",) or (
                sel.filters or sel.ref or sel.alternatives):
            return "timing when trashed"
        return None
    if ev.kind == "returned_to_hand" and (ev.subject is None or ev.subject.owner != "opponent" or params.get("by") != "your_effect"):
        # "When your opponent's Character is returned to the owner's hand by your effect" (EB02-023): reported
        # by actions.op_return_to_hand for each card it returns from the field (an action or a cost); only the
        # opponent's Characters, which no cost of yours returns
        return "timing when returned_to_hand"
    if ev.kind == "attacked":
        # "When this Leader attacks or is attacked" (OP03-001): reported by rules/battle.counter_step for the
        # attack target after the Block Step (not once a [Blocker] took the attack), before the Counters
        # (card Q&A OP03-001); "this" card only
        sel = ev.subject
        if sel is not None and sel.ref is None and sel.owner == "self" and tuple(sel.zones) == ("leader",) and (
                not sel.alternatives and not params):
            # "When your Leader with a type including "Rocks Pirates" attacks or is attacked" (OP17-040): your
            # Leader as the attack target, its filters read by hooks._event_matches
            return _selector(sel)
        if sel is None or sel.ref != "this" or params:
            return "timing when attacked"
        return None
    if ev.kind == "drawn":
        # "When you draw a card outside of your Draw Phase" (OP05-053): reported by rules/zones.draw once per
        # draw action outside the Draw Phase; only [Once Per Turn] (why_unsupported): a draw of 2 cards
        # would be one event or two
        sel = ev.subject
        if sel is None or sel.owner != "self" or sel.zones or sel.filters or sel.ref or params != {"outside": "draw_phase"}:
            return "timing when drawn"
        return None
    if ev.kind == "rested" and params in ({"by": "opponent_character_effect"}, {"by": "your_effect"},
                                          {"by": "opponent_effect"}):
        # "When this Character becomes rested by your opponent's Character's effect" (OP14-070), "If a
        # Character is rested by your effect" (OP07-031), "when this Character is rested by your opponent's
        # effect" (PRB02-009): reported with the card whose effect rested it by actions.op_rest /
        # rest_cards_or_don and, for a rest paid as an activation cost, interpreter.cost_frame
        params = {}
    if ev.kind in ("rested", "keyword_activated") and params:
        return f"timing when {ev.kind} {sorted(params)}"
    if set(params) - {"by"} or params.get("by") not in (None, "battle", "effect", "opponent_effect", "your_effect"):
        return f"timing when {ev.kind} {sorted(params)}"
    sel = ev.subject
    zones_ok = {"character", "leader"} | ({"don"} if ev.kind == "don_returned" else set())
    if ev.kind == "life_removed":
        # reported by rules/damage.py and interpreter.remove_from_zone for any Life card, either player's;
        # "from your opponent's Life cards" (OP08-105): hooks.event_matches compares the Life card's owner
        if sel is None or sel.owner not in ("any", "self", "opponent") or tuple(sel.zones) != ("life",) or (
                sel.filters or sel.ref or params):
            return "timing when life_removed subject"
        return None
    if ev.kind == "life_zero":
        # hooks.fire_event: reported after a Life card of the player left their Life cards, leaving none
        if sel is None or sel.owner != "self" or tuple(sel.zones) != ("life",) or sel.filters or sel.ref or params:
            return "timing when life_zero subject"
        return None
    if ev.kind == "life_to_hand":
        # "When a card is added to your hand from your Life" (OP05-107): reported by rules/damage.life_damage
        # (damage without [Trigger]) and actions.op_add_to_hand (an effect or a cost); not a [Trigger] card
        # added to hand after its [Trigger] (card Q&A OP05-107)
        if sel is None or sel.owner != "self" or tuple(sel.zones) != ("life",) or sel.filters or sel.ref or (
                sel.alternatives or params):
            return "timing when life_to_hand subject"
        return None
    if sel is not None and (sel.ref not in (None, "this") or sel.alternatives or sel.zones and
                            set(sel.zones) - zones_ok):
        return f"timing when {ev.kind} subject"
    if ev.kind == "don_returned" and sel is not None and sel.filters:
        return "timing when don_returned filtered"
    return _selector(sel)


def _conditions(conds) -> str | None:
    for c in conds:
        if c.kind not in CONDITION_KINDS:
            return f"condition {c.kind}"
        if c.target is not None:
            r = _selector(c.target, counted=c.kind == "count")
            if r:
                return r
        if hasattr(c.value, "zones"):
            r = _selector(c.value, counted=c.kind == "count")
            if r:
                return r
        r = _conditions(c.parts)
        if r:
            return r
    return None


def _selector(sel, counted: bool = False) -> str | None:
    """``counted``: the selector only counts cards (a count condition, "for each of ..."), where the
    filters on a set of cards (``COUNT_FILTER_KEYS``) are read by select.count_of."""
    if sel is None:
        return None
    if sel.ref not in REFS and not (sel.ref in BATTLE_REFS and _battle_refs_ok[0]) and not (
            sel.ref == "attacker" and _attacker_ref_ok[0]):
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
        r = _selector(alt)
        if r:
            return r
    return None


def _filter(f, sel, counted: bool) -> str | None:
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
    if f.key not in FILTER_KEYS:
        return f"filter {f.key}"
    if f.key == "any_of":
        for sub in f.value:
            if sub.key not in FILTER_KEYS or sub.key == "any_of" or hasattr(sub.value, "zones"):
                return f"filter {sub.key} in any_of"
    return None


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


def _actions(actions, prev=()) -> str | None:
    """``prev``: for the body of an "If you do", the actions before it."""
    for i, a in enumerate(actions):
        if a.op not in OPS:
            return f"action {a.op}"
        if a.op == "trash" and a.param("equal_to") is not None:
            # "Trash the same number of cards from the top of your deck as you did from your hand" (OP09-059):
            # the cards "it" of the action just before, a trash of your own hand
            before = tuple(prev) + tuple(actions[:i])
            t = before[-1].target if before else None
            drawn = (before and before[-1].op == "draw" and before[-1].param("per") is not None
                     and before[-1].player == "self" and tuple(a.target.zones) == ("hand",))
            if not (a.player == "self" and before and before[-1].op == "trash" and before[-1].player == "self"
                    and t is not None and t.ref is None and tuple(t.zones) == ("hand",) and t.owner == "self"
                    and a.target.position == "top" or drawn):
                return "trash equal to the cards of an earlier action"
        if a.op == "draw" and a.param("equal_to") is not None and not (
                a.player == "self" and _whole_hand_to_deck(tuple(prev) + tuple(actions[:i]))):
            return "draw equal to the cards of an earlier action"
        if a.duration not in DURATIONS:
            return f"duration {a.duration}"
        if a.op == "if_you_do_not":
            # "Your opponent may trash 1 card ... If they do not, ..." (actions.op_if_you_do_not): right after
            # a "may" of one action on a counted number of cards, so that "did it in full" can be read; "up to N"
            # only as the "instead" of a draw (compiler._join_sentence, OP04-040): choosing fewer is not doing it
            prev = actions[i - 1] if i > 0 else None
            b = prev.body[0] if prev is not None and prev.op == "may" and len(prev.body) == 1 else None
            if b is not None and b.op == "return_don" and b.target is None and (b.amount or 1) == 1 and (
                    dict(b.params) == {"state": "active"}):
                pass  # "Your opponent may return 1 of their active DON!! cards ... If they do not," (OP15-059): did = 1 returned
            elif b is None or b.target is None or b.target.ref is not None or not b.target.count or b.target.up_to and (
                    len(a.body) != 1 or a.body[0].op != "draw"):
                return "action if_you_do_not"
        if a.op == "choose_cost":
            # "Choose a cost and reveal 1 card from the top of your opponent's deck. If the revealed card has the
            # chosen cost, ..." folded by compiler._fold_choose_cost (actions.op_choose_cost)
            t = a.target
            if t is None or a.condition is None or not a.body or t.ref is not None or t.zones != ("deck",) or (
                    t.position != "top" or t.count != 1 or t.filters or t.owner not in ("self", "opponent")):
                return "action choose_cost"
        if a.op == "change_attack_target" and (a.target is None or a.target.ref != "it") and not (
                a.target is not None and _attack_target_choice(a.target)):
            return "change_attack_target other than to the selected card"
        if a.op == "delayed" and a.param("at") == "end_of_battle" and _end_of_battle_ok[0] and all(
                b.op == "to_deck" and b.target is not None and b.target.ref == "this" for b in a.body):
            pass  # "Then, at the end of this battle, place this Character at the bottom of the owner's deck" (OP02-064)
        elif a.op == "delayed" and (a.param("at") != "end_of_turn" or any(
                not (b.target is None and b.op == "return_don" and dict(b.params) == {"until_equal": True})
                and (b.target is None or not (b.op in DELAYED_OPS and b.target.ref in (None, "it", "this")
                                              or b.op in DELAYED_THIS_OPS and b.target.ref == "this"))
                for b in a.body)):
            # "at the end of this turn, return DON!! cards ... until you have the same number ... as your
            # opponent" (OP08-074): the player's own, counted then (actions.op_return_don)
            return "action delayed"
        if a.op == "gain_keyword" and a.param("keyword") not in KEYWORD_BITS:
            return f"keyword {a.param('keyword')}"
        if a.op in ("modify_power", "modify_cost") and a.duration is None:
            # no duration written and none carried over (compiler._additional_durations gives "that card
            # gains an additional +2000 power" the earlier power's, OP01-029): none would last the whole turn
            return f"{a.op} without a duration"
        if a.op == "set_base_power" and a.param("swap") and not (
                a.target is not None and a.target.ref == "it" and a.duration in ("this_turn", "this_battle") and i > 0
                and actions[i - 1].op == "select" and actions[i - 1].target is not None
                and actions[i - 1].target.count == 2 and not actions[i - 1].target.up_to
                and not actions[i - 1].target.alternatives and actions[i - 1].target.ref is None):
            return "swap of base power other than of 2 selected cards"  # actions.op_set_base_power (OP14-001)
        if a.op == "negate_effects" and a.duration is None:
            # no duration written ("Negate ... and give that card -4000 power during this turn" takes the
            # next action's, build.items_more, OP09-097 / OP09-093)
            return "negate_effects without a duration"
        if a.param("per") is not None and a.param("per").ref is not None and not (
                a.op == "modify_power" and a.param("per").ref == "it" and (
                    _this_way(actions[:i]) or _placed_any_number(actions[:i]))):
            # "for every card trashed" / "for every DON!! card rested this way": only right after "you may
            # trash / rest any number of ..." (op-modify-power-per-card-trashed.yaml, OP13-001)
            return f"{a.op} for every card of an earlier action"
        if a.param("per_cost") is not None and not (
                a.op == "modify_power" and a.param("per_cost").ref == "it" and i > 0 and actions[i - 1].op == "reveal"):
            return "power per cost other than of the card just revealed"  # op_modify_power (OP15-119)
        if a.param("per") is not None:
            r = _selector(a.param("per"))
            if r:
                return r
        if a.op == "cannot":
            what, keys = a.param("what"), {k for k, _ in a.params}
            if what == "activate":
                if a.param("keyword") != "Blocker" or keys - {"what", "keyword", "attacker"}:
                    return "prohibition other than [Blocker]"
            elif what in ("attack", "be_ko", "be_rested"):
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
            elif what == "attack_leader":
                # "you cannot attack a Leader during this turn" (OP06-026): a player flag (actions.op_cannot)
                t = a.target
                if keys != {"what"} or t is None or t.ref is not None or t.count is not None or t.filters or (
                        t.owner != "self" or set(t.zones) != {"leader", "character"} or t.alternatives):
                    return "prohibition attack_leader"
                continue
            elif what == "draw":
                # "you cannot draw cards using your own effects during this turn" (OP12-099): a player flag
                if keys != {"what", "by"} or a.param("by") != "own_effect" or a.target is not None or a.duration is None:
                    return "prohibition draw"
                continue
            elif what == "set_don_active":
                # "you cannot set DON!! cards as active using Character effects during this turn" (OP10-030): a
                # player flag read by actions.op_set_active for a Character's effect
                if keys != {"what", "by"} or a.param("by") != "character_effect" or a.target is not None or (
                        a.duration != "this_turn"):
                    return "prohibition set_don_active"
                continue
            elif what == "add_life_to_hand":
                # "you cannot add Life cards to your hand using your own effects during this turn" (OP02-004)
                if keys != {"what", "by"} or a.param("by") != "own_effect" or a.target is not None:
                    return "prohibition add_life_to_hand"
                continue
            elif what == "play":
                if keys != {"what"} or a.target is None or a.target.ref is not None or a.target.owner not in ("self", "opponent"):
                    return "prohibition play"
                for f in a.target.filters:
                    if f.key not in FILTER_KEYS:
                        return f"filter {f.key}"
                continue  # its "anywhere" selector only carries the filters of the cards that cannot be played
            else:
                return f"prohibition {what}"
        if a.target is not None and a.op == "rest" and any("don" in alt.zones for alt in a.target.alternatives) and (
                a.target.count is None or a.target.ref is not None or any(
                    alt.ref is not None or alt.owner != a.target.owner or alt.alternatives or (
                        "don" in alt.zones and (alt.zones != ("don",) or alt.filters)) for alt in a.target.alternatives)):
            # "Rest up to 1 of your opponent's DON!! cards or Characters with a cost of 6 or less" (OP09-036):
            # actions.rest_cards_or_don, one owner, unfiltered DON!! cards
            return "rest of DON!! cards among alternatives"
        if a.target is not None and a.op != "rest" and any("don" in alt.zones for alt in a.target.alternatives):
            # "Set this Character or up to 1 of your DON!! cards as active" (OP13-035): only "rest" offers the
            # DON!! alternative (actions.rest_cards_or_don); elsewhere it would be silently dropped
            return f"{a.op} of DON!! cards among alternatives"
        if a.op == "no_refresh" and "don" in (a.target.zones if a.target else ()):
            # "Up to 1 of your opponent's rested Character or DON!! cards will not become active in your
            # opponent's next Refresh Phase" (OP07-026, OP10-033, OP15-023): actions._no_refresh_with_don
            t = a.target
            if (t.ref is not None or t.alternatives or t.count is None or not t.up_to or t.owner != "opponent"
                    or t.total or t.filters != (Filter("state", "==", "rested"),)
                    or a.param("phase") != "opponent_next" or set(t.zones) - {"character", "field", "don"}):
                return "no_refresh on DON!!"
            continue
        if "don" in (a.target.zones if a.target else ()) and a.op not in ("rest", "set_active"):
            return f"{a.op} on DON!!"
        if a.op == "rest" and "don" in a.target.zones and len(a.target.zones) > 1:
            # "Rest up to a total of 2 of your opponent's Characters or DON!! cards" (actions.rest_cards_or_don)
            t = a.target
            # ... or "Rest up to 1 of your opponent's cards" (the field with its cost area, rule 3-1-2)
            if set(t.zones) not in ({"character", "don"}, {"field", "don"}) or t.ref or t.alternatives or (
                    t.count is None or t.filters or t.owner not in ("self", "opponent")):
                return "rest of cards or DON!!"
            continue
        if a.op == "rest" and a.target.zones == ("don",) and a.target.count is None and (
                a.target.owner != "self" or not a.target.up_to or a.target.filters):
            # "rest any number of your DON!! cards" only (actions._rest_don)
            return "rest of all DON!!"
        if a.op == "to_life" and a.param("position") == "any_order" and a.target is not None and (
                a.target.ref in ("it", "rest") and any(
                    b.op == "look" and b.target is not None and b.target.zones == ("life",) and b.target.count is None
                    for b in actions[:i])):
            pass  # "Look at all of your Life cards and place them (the rest) back ... in any order" (_reorder_life)
        elif a.op == "to_life" and a.param("position") not in ("top", "bottom", "top_or_bottom", None):
            return f"to_life position {a.param('position')}"
        if a.op == "return_don" and (a.target is not None or a.param("or_more")):
            return "return_don with a choice"
        if a.target is not None and a.target.position == "top_or_bottom" and (a.target.count or 1) != 1:
            return f"{a.op} of several cards from the top or bottom"
        if a.op == "look" and a.target is not None and a.target.owner not in ("self", "opponent") and (
                a.target.zones != ("life",)):
            return "look at either player's cards"
        if a.op == "for_every" and (a.target is None or a.target.ref is not None):
            # OP13-001 "For every DON!! card rested this way": counts what an earlier action did
            return "for_every card of an earlier action"
        r = _selector(a.target, counted=a.op == "for_every")
        if r:
            return r
        if a.condition is not None:
            r = _conditions((a.condition,))
            if r:
                return r
        r = _actions(a.body, actions[:i] if a.op == "if_you_do" else ())
        if r:
            return r
        for opt in a.options:
            r = _actions(opt)
            if r:
                return r
    return None


def _is_printed_keyword(eff) -> bool:
    return (eff.kind == "permanent" and not eff.conditions and len(eff.actions) == 1
            and eff.actions[0].op == "gain_keyword" and eff.actions[0].target is not None
            and eff.actions[0].target.ref == "this" and eff.actions[0].duration == "permanent")


def with_effects(card: CardDef) -> CardDef:
    """``card`` with its supported compiled effects in ``effects`` and every other fragment of its text
    in ``unsupported`` (compiler rejections and constructs the interpreter lacks)."""
    if not card.text and not card.trigger_text:
        return card
    compiled = compile_card_text(card.text, card.trigger_text)
    effects = []
    unsupported = [u.fragment for u in compiled.unsupported if not _construction_text(u.fragment)]
    for eff in compiled.effects:
        if _is_printed_keyword(eff):
            continue
        if eff.kind == "permanent" and all(a.op == "deck_rule" for a in eff.actions) and not any(
                eff.text in f for f in card.unsupported):
            continue  # construction text the deck validator applies (rule 5-1-2-4)
        reason = known_defect(card.number, eff.text) or why_unsupported(eff)
        if reason is None:
            effects.append(eff)
        else:
            unsupported.append(f"{eff.text} [{reason}]")
    return replace(card, effects=tuple(effects), unsupported=tuple(unsupported))


KNOWN_DEFECTS_FILE = Path(__file__).with_name("known_defects.toml")


@lru_cache(maxsize=1)
def known_defects() -> tuple[dict, ...]:
    """The entries of ``known_defects.toml``: dicts with ``card``, ``text``, ``reason`` and ``scenario``.
    Raises ``ValueError`` naming the file for a malformed entry (a packaging error, not user input)."""
    data = tomllib.loads(KNOWN_DEFECTS_FILE.read_text(encoding="utf-8"))
    entries = tuple(data.get("defect", ()))
    for i, e in enumerate(entries, 1):
        if set(e) != {"card", "text", "reason", "scenario"}:
            raise ValueError(f"{KNOWN_DEFECTS_FILE}: defect {i} needs exactly card, text, reason, scenario")
    return entries


def known_defect(number: str, text: str) -> str | None:
    """``"known defect: REASON"`` when the effect of card ``number`` whose printed text is ``text`` is listed
    in ``known_defects.toml`` (it plays against its text, a rule or a ruling), else ``None``."""
    for e in known_defects():
        if e["card"] == number and e["text"] in text:
            return f"known defect: {e['reason']}"
    return None


def _construction_text(fragment: str) -> bool:
    """Only a whole deck-construction sentence the deck validator enforces (rule 5-1-2-4) is left out of the
    unsupported list; "Under the rules of this game, ... and when your deck is reduced to 0, you win"
    (P-117) is game text and is reported when not compiled."""
    return is_construction_text(fragment.strip())


def engine_coverage(db, set_prefix: str | None = None) -> dict:
    """How many unique cards the engine plays fully: every fragment of their text is compiled *and*
    supported by the interpreter (an effect counts only when all its constructs are implemented and
    behaviour-tested). Alternate arts are folded into their base card; a set is the number's prefix.

    *Checked* cards are compiled cards with at least one card-specific test
    (:func:`~tcgsim.onepiece.cards.checks.specific_tests`): compiled is not checked.

    Shape: ``{"total": N, "compiled": M, "checked": K, "by_set": {"OP01": {"total", "compiled", "checked"},
    ...}, "unsupported": [{"number", "fragment"}, ...], "cards": {"OP01-016": {"compiled": bool, "tests": n},
    ...}}``. ``set_prefix`` (e.g. ``"OP01"``) restricts it to
    one set; an unknown set gives ``total`` 0.
    """
    total = compiled = checked = 0
    by_set: dict[str, dict[str, int]] = {}
    unsupported: list[dict[str, str]] = []
    cards: dict[str, dict] = {}
    for printed in db:
        s = card_set(printed.number)
        if set_prefix is not None and s.upper() != set_prefix.upper():
            continue
        card = db.get(printed.number)
        entry = by_set.setdefault(s, {"total": 0, "compiled": 0, "checked": 0})
        total += 1
        entry["total"] += 1
        n_tests = len(specific_tests(card.number))
        cards[card.number] = {"compiled": not card.unsupported, "tests": n_tests}
        if card.unsupported:
            unsupported.extend({"number": card.number, "fragment": f} for f in card.unsupported)
        else:
            compiled += 1
            entry["compiled"] += 1
            if n_tests:
                checked += 1
                entry["checked"] += 1
    return {"total": total, "compiled": compiled, "checked": checked, "by_set": dict(sorted(by_set.items())),
            "unsupported": unsupported, "cards": cards}
