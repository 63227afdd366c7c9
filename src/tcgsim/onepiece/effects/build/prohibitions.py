"""What an effect forbids or allows (grammar.lark, section "actions", the ``restriction`` rules and
a_cannot / a_you_cannot / a_can / a_no_refresh).

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Action, Cost, Filter, Selector
from .common import _IT, _Q, _Source, _Target, _dur, _each, _name_filter, _params, _sel


@v_args(inline=True)
class ProhibitionRules(Transformer):
    """The rules of grammar.lark's section "actions" handled here (see the module docstring)."""

    def a_opp_cannot_attack_other_than(self, names):
        """ "your opponent cannot attack any card other than the Character [X]" (OP01-051): the opponent's
        Leader and Characters may attack only your Characters named [X]."""
        return Action(
            "cannot", Selector(owner="opponent", zones=("leader", "character"), count=None),
            params=_params(what="attack_other_than", only=Selector(
                owner="self", zones=("character",), count=None, filters=(_name_filter(names),))),
        )

    def a_cannot(self, ts, restriction, *rest):
        what, extra = restriction
        return _each(
            "cannot", ts, ("character",), duration=_dur(rest), params=_params(what=what, **extra)
        )

    def a_cannot_attack_unless_d2(self, ts, cond):
        """ "This Character cannot attack unless your opponent has 2 or more Characters with a base power of 5000
        or more" (EB04-005): "cannot attack" under the negated condition (a permanent effect's condition once
        hoisted, compiler._hoist_permanent)."""
        return Action("if", condition=replace(cond, negate=not cond.negate), body=self.a_cannot(ts, ("attack", {})))

    def a_cannot_ko_or_rest_opp_d2(self, ts, *rest):
        # "this Character cannot be K.O.'d or rested by your opponent's effects" (OP11-046): both prohibitions
        return self.a_cannot(ts, ("be_ko", {"by": "opponent_effect"}), *rest) + self.a_cannot(
            ts, ("be_rested", {"by": "opponent_effect"}), *rest)

    def a_cannot_once_h(self, ts, restriction):
        """ "Once per turn, this Character cannot be K.O.'d by your opponent's effects" (OP10-118): the
        prohibition stops one K.O. a turn, then no other that turn (``once``, continuous.prohibition; the
        use kept with the [Once Per Turn] ones, 10-2-13)."""
        what, extra = restriction
        return _each("cannot", ts, ("character",), params=_params(what=what, once=True, **extra))

    def a_can_attack_active(self, ts, *rest):
        return _each("can_attack_active", ts, ("leader", "character"), duration=_dur(rest))

    def a_no_refresh_opp(self, ts):
        return _each("no_refresh", ts, ("field",), params=_params(phase="opponent_next"))

    def a_no_refresh_next(self, ts):
        # "up to 1 of your opponent's Characters with a cost of 0 will not become active in the next Refresh
        # Phase" (OP05-094): the next Refresh Phase of the card's owner (actions.op_no_refresh)
        return _each("no_refresh", ts, ("field",), params=_params(phase="owner_next"))

    def a_no_refresh_every(self, ts):
        # "all Characters with a cost of 5 or less do not become active in your and your opponent's Refresh
        # Phases" (OP05-040): a permanent effect, read in every Refresh Phase (continuous.kept_rested)
        return _each("no_refresh", ts, ("field",), params=_params(phase="every"))

    def a_no_refresh_self(self, ts):
        return _each("no_refresh", ts, ("field",), params=_params(phase="your_next"))

    def a_cannot_play(self, t, *rest):
        sel = _sel(t, _Source(("hand",)))
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="play"))

    def a_cannot_play_noun(self, np, *rest):
        sel = _sel(_Target(_Q("self", None), np), _Source(("anywhere",)))
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="play"))

    def a_can_attack_chars_play_turn(self, ts, _it=None):
        return _each(
            "gain_keyword", ts, ("character",), params=_params(keyword="Rush: Character")
        )

    def a_none_can(self, owner, np, restriction, *rest):
        t = _Target(_Q(owner, None, explicit_owner=True), np)
        return self.a_cannot(t, restriction, *rest)

    def a_none_selected_can(self, restriction, *rest):
        # "none of the selected Characters can attack": the cards chosen by "select" ("it")
        return self.a_cannot(_IT, restriction, *rest)

    def a_opp_cannot_activate(self, kw, *rest):
        sel = Selector(owner="opponent", zones=("character",), count=None)
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="activate", keyword=str(kw)))

    def a_opp_cannot_activate_if_attacks(self, kw, t, *rest):
        return Action(
            "cannot", Selector(owner="opponent", zones=("character",), count=None), duration=_dur(rest),
            params=_params(what="activate", keyword=str(kw), attacker=_sel(t)),
        )

    def a_opp_cannot_activate_t(self, t, *rest):
        sel = _sel(t, default_zones=("character",))
        kw = next((f.value for f in sel.filters if f.key == "has_keyword"), None)
        if kw is None:
            raise ValueError("cannot activate: no keyword")
        # "cannot activate up to 1 [Blocker] Character ..." (OP09-014): the one chosen (4-8); "cannot activate
        # a [Blocker] Character ..." (OP01-120): every such Character
        count, up_to = (sel.count, True) if sel.up_to else (None, False)
        return Action(
            "cannot", replace(sel, owner="opponent", count=count, up_to=up_to), duration=_dur(rest),
            params=_params(what="activate", keyword=kw),
        )

    def a_opp_cannot_activate_kw_of_any(self, kw, np, *rest):
        """ "your opponent cannot activate the [Blocker] of any Character with a cost of 5 or less" (OP02-061):
        the same as "cannot activate a [Blocker] Character with a cost of 5 or less"."""
        sel = _sel(_Target(_Q("opponent", None), np), default_zones=("character",))
        kwf = Filter("has_keyword", "==", str(kw))
        return Action(
            "cannot", replace(sel, owner="opponent", count=None, up_to=False, filters=(kwf, *sel.filters)),
            duration=_dur(rest), params=_params(what="activate", keyword=str(kw)),
        )

    def a_you_cannot_using(self, what, by, *rest):
        return Action("cannot", None, duration=_dur(rest), params=_params(what=what, by=by))

    def a_you_cannot_attack_leader(self, *rest):
        sel = Selector(owner="self", zones=("leader", "character"), count=None)
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="attack_leader"))

    def pa_set_don_active(self):
        return "set_don_active"

    def pa_add_life_to_hand(self):
        return "add_life_to_hand"

    def pa_draw(self):
        return "draw"

    def us_own(self):
        return "own_effect"

    def us_character(self):
        return "character_effect"

    # restrictions: (what, extra params)
    def r_attack(self):
        return "attack", {}

    def r_attack_unless_trash(self, n, _cw):
        # "cannot attack unless your opponent trashes 2 cards from their hand whenever they attack" (OP08-043):
        # the card may attack only by paying that cost as it attacks; ``unless`` is the cost, paid by the
        # attacking card's controller ("self" from their side)
        return "attack", {"unless": Cost("trash", Selector(owner="self", zones=("hand",), count=n), amount=n)}

    def r_attack_leader(self):
        return "attack_leader", {}

    def r_attack_opp_characters(self, post):
        # "this Leader cannot attack your opponent's Characters with a base cost of 7 or less during this turn"
        # (OP12-020): the attack targets it may not choose (continuous.attack_target_forbidden)
        return "attack_characters", {"targets": Selector(owner="opponent", zones=("character",), count=None,
                                                         filters=tuple(post.filters))}

    def r_ko(self):
        return "be_ko", {}

    def r_ko_battle(self):
        return "be_ko", {"by": "battle"}

    def r_ko_effects(self):
        return "be_ko", {"by": "effect"}

    def r_ko_opp_effects(self):
        return "be_ko", {"by": "opponent_effect"}

    def r_ko_battle_by(self, np):
        return "be_ko", {"by": "battle", "attacker": _sel(_Target(_Q("opponent", None), np), default_zones=("leader", "character"))}

    def r_activate_kw(self, kw):
        return "activate", {"keyword": str(kw)}

    def r_attack_leader_on_play_turn(self, _it=None):
        return "attack_leader", {"when": "turn_played"}

    def r_ko_effects_of(self, np):
        src = _sel(_Target(_Q("any", None), np), default_zones=("leader", "character", "stage"))
        return "be_ko", {"by": "effect", "source": src}

    def r_ko_effects_of_owned(self, owner, np):
        src = _sel(_Target(_Q(owner, None, explicit_owner=True), np), default_zones=("leader", "character", "stage"))
        return "be_ko", {"by": "effect", "source": src}

    def r_ko_opp_effects_of(self, np):
        src = _sel(_Target(_Q("opponent", None, explicit_owner=True), np), default_zones=("leader", "character", "stage"))
        return "be_ko", {"by": "opponent_effect", "source": src}

    def it_is(self, *_):
        return None

    def r_rested(self):
        return "be_rested", {}

    def r_rested_opp_effects(self):
        return "be_rested", {"by": "opponent_effect"}

    def r_rested_opp_leader_char_effects(self):
        # "This Character cannot be rested by your opponent's Leader and Character effects" (OP15-024): not
        # by the effects of an Event or a Stage
        src = Selector(owner="opponent", zones=("leader", "character"), count=None)
        return "be_rested", {"by": "opponent_effect", "source": src}

    def r_played_by_effects(self):
        # "This card in your hand cannot be played by effects" (OP12-036; actions.op_play)
        return "be_played", {"by": "effect"}

    def r_removed_opp_effects(self):
        return "be_removed", {"by": "opponent_effect"}

    def r_removed_own_effects(self):
        # "All of your opponent's Characters cannot be removed from the field by your effects" (OP14-079):
        # the effects of this effect's controller
        return "be_removed", {"by": "your_effect"}

    def r_removed(self):
        return "be_removed", {}

    def r_returned_opp_effects(self):
        return "be_returned_to_hand", {"by": "opponent_effect"}
