"""Activation events, replacements and durations (grammar.lark, section "activation events and
replacements", and the durations of section "actions"): "When ...", "If ... would ...", "during this turn".

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Action, Event, Filter, Selector
from .common import _Q, _Source, _Target, _as_tuple, _ev, _params, _type_filter


@v_args(inline=True)
class TimingRules(Transformer):
    """The rules of grammar.lark's section "activation events and replacements" handled here (see the module docstring)."""

    def item_end_of_turn(self, action):
        return (Action("delayed", params=_params(at="end_of_turn"), body=_as_tuple(action)),)

    def item_end_of_turn_first(self, action):
        return self.item_end_of_turn(action)

    def item_dur_first(self, dur, action):
        """ "Until the end of your opponent's next turn, none of the selected Characters can attack ...":
        a duration written first applies to a continuous action that names none."""
        acts = _as_tuple(action)
        if len(acts) != 1 or acts[0].duration is not None or acts[0].op not in (
                "cannot", "modify_power", "modify_cost", "gain_keyword", "can_attack_active"):
            raise ValueError("a duration written first on an action that has one or takes none")
        return (replace(acts[0], duration=dur[1]),)

    def item_start_of_opp_main_h(self, action):
        """ "your opponent rests 1 of their active DON!! cards at the start of their next Main Phase" (PRB02-005):
        delayed to the start of the opponent's next Main Phase (6-5-1; interpreter.run_delayed_main)."""
        return (Action("delayed", params=_params(at="start_of_opponent_main"), body=_as_tuple(action)),)

    def item_end_of_battle_first(self, action):
        return (Action("delayed", params=_params(at="end_of_battle"), body=_as_tuple(action)),)

    def d_this_turn(self):
        return ("dur", "this_turn")

    def d_this_battle(self):
        return ("dur", "this_battle")

    def d_opp_next_turn(self):
        return ("dur", "until_end_of_opponent_next_turn")

    def d_opp_next_end_phase(self):
        return ("dur", "until_end_of_opponent_next_end_phase")

    def d_start_next_turn(self):
        return ("dur", "until_start_of_your_next_turn")

    def d_your_next_turn(self):
        return ("dur", "until_end_of_your_next_turn")

    # (event subjects name a kind of card, not a chosen number: count None; see _ev)
    def ev_opp_activate_event_or_kw(self, *args):
        kw = next(a for a in args if a is not None)
        return Event("any_of", None, (("events", (self.ev_opp_activate_event(), self.ev_opp_activate_kw(kw))),))

    def ev_opp_activate_kw_or_event(self, *args):
        return self.ev_opp_activate_event_or_kw(*args)

    def ev_attacks_leader(self, t):
        return Event("attack", _ev(t, default_zones=("leader", "character")), (("target", "leader"),))

    def ev_attacks_or_attacked(self, t):
        sel = _ev(t, default_zones=("leader", "character"))
        return Event("any_of", None, (("events", (Event("attack", sel), Event("attacked", sel))),))

    def ev_kw_activates(self, kw):
        if str(kw) != "Trigger":
            raise ValueError("a keyword other than [Trigger] activates")
        return Event("trigger_activated", Selector(owner="any", zones=(), count=1))

    def ev_battles(self, this, other):
        return Event(
            "battle", _ev(this, default_zones=("leader", "character")),
            _params(opponent=_ev(other, default_zones=("leader", "character"))),
        )

    def ev_battles_ko(self, this, other):
        return Event(
            "battle_ko", _ev(this, default_zones=("leader", "character")),
            _params(opponent=_ev(other, default_zones=("leader", "character"))),
        )

    def ev_life_to_hand(self, t):
        return Event("life_to_hand", _ev(t, _Source(("life",))))

    def ev_returned_to_hand(self, t, by=None):
        return Event("returned_to_hand", _ev(t, default_zones=("character",)), _params(by=by))

    def any_or(self, *_):
        return None

    def ev_battles_noun(self, this, np):
        return self.ev_battles(this, _Target(_Q("opponent", None, explicit_owner=True), np))

    def ev_ko(self, t):
        return Event("ko", _ev(t, default_zones=("character",)))

    def ev_ko_by(self, t, by):
        return Event("ko", _ev(t, default_zones=("character",)), _params(by=by))

    def ev_rested(self, t):
        return Event("rested", _ev(t, default_zones=("character",)))

    def ev_rested_by(self, t, by):
        # "When this Character becomes rested by your opponent's Character's effect" (OP14-070)
        return Event("rested", _ev(t, default_zones=("character",)), _params(by=by))

    def ev_attacks(self, t):
        return Event("attack", _ev(t, default_zones=("leader", "character")))

    def ev_opp_attacks(self):
        return Event("attack", Selector(owner="opponent", zones=("leader", "character"), count=None))

    def ev_you_activate_event(self):
        return Event("event_activated", Selector(owner="self", zones=(), count=None, filters=(Filter("category", "==", "Event"),)))

    def ev_opp_activate_event(self):
        return Event("event_activated", Selector(owner="opponent", zones=(), count=None, filters=(Filter("category", "==", "Event"),)))

    def ev_opp_activate_kw(self, kw):
        if str(kw) == "Trigger":
            # "when your opponent activates an Event or [Trigger]" (OP11-102): the opponent's [Trigger] activated
            # (rules/damage.life_damage reports it with the Life card)
            return Event("trigger_activated", Selector(owner="opponent", zones=(), count=None))
        return Event("keyword_activated", Selector(owner="opponent", zones=("character",), count=None), _params(keyword=str(kw)))

    def ev_don_returned(self, t, by=None):
        return Event("don_returned", _ev(t, default_zones=("don",)), _params(by=by))

    def ev_don_returned_n(self, n):
        return Event("don_returned", Selector(owner="self", zones=("don",), count=n), _params(at_least=n))

    def ev_drawn_outside_draw_phase(self):
        # "When you draw a card outside of your Draw Phase" (OP05-053): rules/zones.draw, by an effect
        return Event("drawn", Selector(owner="self", count=None), _params(outside="draw_phase"))

    def ev_take_damage(self):
        return Event("damage_taken", Selector(owner="self", zones=("leader",), count=1))

    def ev_removed(self, t):
        # "when your {Impel Down} type Character card is removed from the field" (OP16-041): by an effect, a
        # K.O. in battle or rule 3-7-6 alike (no ``by``; hooks._event_matches)
        return Event("removed", _ev(t, default_zones=("character",)))

    def ev_removed_by(self, t, by):
        return Event("removed", _ev(t, default_zones=("character",)), _params(by=by))

    def ev_removed_by_or_ko(self, t, by):
        # "when your {Dressrosa} type Character is removed from the field by your opponent's effect or K.O.'d"
        # (OP10-042): either event, on the same Character (a K.O. in battle included)
        return self.ev_or(self.ev_removed_by(t, by), self.ev_ko(t))

    def ev_life_removed(self, t, owner, _cw=None):
        return Event("life_removed", Selector(owner=owner, zones=("life",), count=1))

    def ev_life_becomes(self, n):
        # "When your number of Life cards becomes 0" (OP05-098); another number has no report (support.py)
        return Event("life_zero" if n == 0 else "life_count", Selector(owner="self", zones=("life",), count=None),
                     () if n == 0 else _params(count=n))

    def ev_any_life_removed(self, t, _cw=None):
        return Event("life_removed", Selector(owner="any", zones=("life",), count=1))

    def ev_trashed(self, t, source, by=None):
        return Event("trashed", _ev(t, source), _params(by=by))

    def ev_trashed_by_typed(self, t, source, types):
        # "When a card is trashed from your hand by your {Navy} type card's effect" (OP12-040): your effect
        # whose card (``by_source``: its filters) has the type
        return Event("trashed", _ev(t, source),
                     _params(by="your_effect", by_source=Selector(count=None, filters=(_type_filter(types),))))

    def ev_you_play(self, t):
        return Event("played", replace(_ev(t, default_zones=("character",)), owner="self"))

    def ev_you_play_from_hand(self, t):
        """ "When you play a Character ... from your hand": not one played by an effect from elsewhere."""
        return Event("played", replace(_ev(t, default_zones=("character",)), owner="self"), _params(source="hand"))

    def ev_you_given_don(self):
        """ "When this Leader or any of your Characters is given a DON!! card": once per DON!! card given."""
        return Event("don_given", Selector(owner="self", zones=("leader", "character"), count=None))

    def ev_opp_play(self, t):
        sel = _ev(t, default_zones=("character",))
        return Event("played", replace(sel, owner="opponent"))

    def ev_opp_play_by_character(self, t):
        # "when your opponent plays a Character using a Character's effect" (OP12-081): played by the effect
        # of a Character card (main_phase.enter_character reports the effect's card as ``source``)
        return replace(self.ev_opp_play(t), params=(("by", "character_effect"),))

    def ev_you_deal_damage(self):
        # "When you deal damage to your opponent's Life" (OP03-043): the attack of any of your Leader and
        # Characters, once per attack, not damage by an effect (card Q&A OP03-043)
        return Event("attack_damage", Selector(owner="self", zones=("leader", "character"), count=None))

    def ev_attack_deals_damage(self, poss):
        return Event("attack_damage", poss)

    def ev_played_from_trash(self, t):
        sel = _ev(t, _Source(("trash",)))
        return Event("played", replace(sel, zones=("character",)), _params(source="trash"))

    def ev_or(self, a, b):
        return Event("any_of", None, (("events", (a, b)),))

    def by_opp_effect(self):
        return "opponent_effect"

    def by_opp_character_effect(self):
        # "by your opponent's Character's effect" (PRB02-006): the effect of a Character card of the opponent
        return "opponent_character_effect"

    def by_effect(self):
        return "effect"

    def by_your_effect(self):
        return "your_effect"

    def by_battle(self):
        return "battle"

    def by_opponent(self):
        # "would be removed from the field by your opponent" (OP15-098): by an effect of a card of the
        # opponent's, or K.O.'d in battle (official card Q&A OP15-098, SC copy seq 957; hooks._replaced_event)
        return "opponent"

    def re_ko(self):
        return "ko", None

    def re_ko_by(self, by):
        return "ko", by

    def re_ko_by_dur(self, by, dur):
        # "If any of your Characters would be K.O.'d in battle during this turn, ..." (EB02-030): a replacement
        # effect an Event grants for the duration (compiler._granted_replacement)
        return "ko", by, dur[1]

    def re_removed_by(self, by):
        return "removed", by

    def re_rested_by(self, by):
        return "rested", by

    def re_removed(self):
        return "removed", None

    def re_ko_or_removed_by(self, by):
        # "would be K.O.'d or would be removed from the field by your opponent's effect" (OP13-046, OP08-045):
        # either event, a K.O. of any kind or another removal by that effect (hooks.replaces, ``any_of``)
        return "any_of", (("ko", None), ("removed", by))

    def re_removed_by_or_ko(self, by):
        # "would be removed from the field by your opponent's effect or K.O.'d" (OP08-045): as above, in printed order
        return "any_of", (("removed", by), ("ko", None))

    def re_left(self):
        # "If this Character would leave the field" (OP05-100): any removal, a K.O. in battle included
        return "removed", "any"
