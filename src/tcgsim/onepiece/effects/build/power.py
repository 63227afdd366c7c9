"""Actions that change a card's power, cost, keywords, Counter or name, or negate its effects (grammar.lark,
section "actions": a_power, a_cost, a_keyword, a_gain_combo, a_base_power, a_negate, a_treat_name ...).

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Action, Filter, Selector
from .common import _IT, _Q, _Source, _THIS, _Target, _dur, _each, _names, _opt, _params, _same, _sel


@v_args(inline=True)
class PowerActionRules(Transformer):
    """The rules of grammar.lark's section "actions" handled here (see the module docstring)."""

    def a_set_cost(self, ts, n, *rest):
        # "Set the cost of up to 1 of your opponent's Characters with no base effect to 0 during this turn" (OP03-091)
        return _each("set_cost", ts, ("character",), amount=n, duration=_dur(rest))

    def a_give_power(self, ts, amount, *rest):
        return _each("modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(rest))

    def a_give_power_to(self, amount, *rest):
        """ "give -1000 power during this turn to up to 1 of your opponent's Characters ..." (OP15-015): the
        words of ``a_give_power`` with the target last."""
        return _each("modify_power", rest[-1], ("leader", "character"), amount=amount, duration=_dur(rest[:-1]))

    def a_give_power_split(self, n, first, second, *rest):
        """ "... and give 1 Character −3000 power and the other −2000 power until ..." (OP08-118): the cards
        just selected share the amounts, one each (actions.op_modify_power_split)."""
        if n != 1:
            raise ValueError("a split of power other than '1 Character ... and the other'")
        return (Action("modify_power_split", _IT, duration=_dur(rest), params=_params(amounts=(first, second))),)

    def a_gain_power(self, ts, _g, amount, *rest):
        return _each("modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(rest))

    def a_gain_power_additional(self, ts, _g, amount, *rest):
        """ "that card gains an additional +2000 power": with no duration written, it takes the duration of
        the power the card gained before in the same effect (compiler._additional_durations, OP01-029)."""
        acts = self.a_gain_power(ts, _g, amount, *rest)
        if _dur(rest) is None:
            acts = tuple(replace(a, params=a.params + (("additional", True),)) for a in acts)
        return acts

    def a_give_cost_all(self, np, amount, *rest):
        """ "Give blue Events in your hand -1 cost": every such card (OP01-067)."""
        return Action("modify_cost", _sel(_Target(_Q("self", None), np), default_zones=("character",)),
                      amount=amount, duration=_dur(rest))

    def a_give_cost(self, ts, amount, *rest):
        return _each("modify_cost", ts, ("character",), amount=amount, duration=_dur(rest))

    def a_gain_cost(self, ts, _g, amount, *rest):
        return _each("modify_cost", ts, ("character",), amount=amount, duration=_dur(rest))

    def a_keyword(self, ts, _g, kw, *rest):
        return _each(
            "gain_keyword", ts, ("leader", "character"), duration=_dur(rest), params=_params(keyword=str(kw))
        )

    def a_gain_kw_one_of(self, ts, _g, *rest):
        """ "this Character gains [Double Attack], [Banish] or [Blocker] until ..." (OP09-084): the player
        chooses one of the keywords (``choose_one``, an option per keyword in the printed order)."""
        kws = [r for r in rest if getattr(r, "type", None) == "KEYWORD"]
        durs = [r for r in rest if getattr(r, "type", None) != "KEYWORD"]
        return (Action("choose_one", options=tuple(self.a_keyword(ts, _g, kw, *durs) for kw in kws)),)

    def a_gain_kw_power(self, ts, _g, kw, amount, *rest):
        first = self.a_keyword(ts, _g, kw, *rest)
        return first + (Action("modify_power", _same(first), amount=amount, duration=_dur(rest)),)

    def a_gain_kw_cost(self, ts, _g, kw, amount, *rest):
        first = self.a_keyword(ts, _g, kw, *rest)
        return first + (Action("modify_cost", _same(first), amount=amount, duration=_dur(rest)),)

    def a_gain_power_kw(self, ts, _g, amount, kw, *rest):
        first = self.a_gain_power(ts, _g, amount, *rest)
        return first + (Action("gain_keyword", _same(first), duration=_dur(rest), params=_params(keyword=str(kw))),)

    def a_gain_kw_kw(self, ts, _g, kw1, kw2, *rest):
        first = self.a_keyword(ts, _g, kw1, *rest)
        return first + (Action("gain_keyword", _same(first), duration=_dur(rest), params=_params(keyword=str(kw2))),)

    def a_timing_negated(self, owner, timing, *rest):
        # "Your [On Play] effects are negated" / "Your opponent's [On Play] effects are negated until the end of
        # your opponent's next turn" (OP09-081): the effects of that timing of that player's cards do not
        # activate (8-2-1-1; hooks.fire, continuous.timing_negated)
        return Action("negate_timing", duration=_dur(rest), params=_params(owner=owner, timing=str(timing)))

    def a_gain_kw_attr(self, ts, _g, kw, attr, *rest):
        # "gains [Rush: Character] and the <Slash> attribute during this turn" (OP15-093)
        first = self.a_keyword(ts, _g, kw, *rest)
        return first + (Action("gain_attribute", _same(first), duration=_dur(rest), params=_params(attribute=str(attr))),)

    def a_gain_power_cost(self, ts, _g, power, cost, *rest):
        first = self.a_gain_power(ts, _g, power, *rest)
        return first + (Action("modify_cost", _same(first), amount=cost, duration=_dur(rest)),)

    def a_gain_power_cannot(self, ts, _g, amount, *rest):
        restriction = next(r for r in rest if isinstance(r, tuple) and len(r) == 2 and isinstance(r[1], dict))
        first = self.a_gain_power(ts, _g, amount, *rest)
        what, extra = restriction
        return first + (
            Action("cannot", _same(first), duration=_dur(rest), params=_params(what=what, **extra)),
        )

    def a_gain_power_per_first(self, ts, _g, amount, per, dur):
        return self.a_gain_power_per(ts, _g, amount, dur, per)

    def a_gain_power_per(self, ts, _g, amount, *rest):
        n, counted = _opt(rest, "per")
        return _each(
            "modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(rest),
            params=_params(per=counted, per_count=n),
        )

    def a_gain_power_per_cost(self, ts, _g, amount, *rest):
        """ "This Character gains +1000 power during this turn per 1 cost on the revealed card" (OP15-119):
        ``amount`` for every ``per_count`` of the cost of the card(s) ``per_cost`` names, read when it resolves
        (actions.op_modify_power)."""
        *durs, n, t = rest
        return _each("modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(tuple(durs)),
                     params=_params(per_cost=_sel(t), per_count=n))

    def a_gain_cost_per(self, ts, _g, amount, *rest):
        n, counted = _opt(rest, "per")
        return _each(
            "modify_cost", ts, ("character",), amount=amount, duration=_dur(rest),
            params=_params(per=counted, per_count=n),
        )

    def a_gain_kw_cost_per_d2(self, ts, _g, kw, amount, *rest):
        # "this Character gains [Blocker] and +1 cost for every 4 cards in your trash" (ST27-004): the keyword
        # once, the cost for every 4 cards
        first = self.a_keyword(ts, _g, kw, *rest)
        n, counted = _opt(rest, "per")
        return first + (Action("modify_cost", _same(first), amount=amount, duration=_dur(rest),
                               params=_params(per=counted, per_count=n)),)

    def a_gain_power_cost_per_d2(self, ts, _g, power, cost, *rest):
        # "this Character gains +1000 power and +2 cost for every 5 cards in your trash" (EB04-048): both amounts
        # for every 5 cards
        first = self.a_gain_power_per(ts, _g, power, *rest)
        n, counted = _opt(rest, "per")
        return first + (Action("modify_cost", _same(first), amount=cost, duration=_dur(rest),
                               params=_params(per=counted, per_count=n)),)

    def a_give_power_per(self, ts, amount, *rest):
        return self.a_gain_power_per(ts, None, amount, *rest)

    def per_every(self, sel):
        return ("per", (sel.count or 1, replace(sel, count=None)))

    def per_every_one(self, np):
        return ("per", (1, _sel(_Target(_Q("self", None), np), default_zones=("field",))))

    def per_don_given_this(self, _noun=None):
        # "for every DON!! card given to this Character": the DON!! given to this card (select.count_of)
        return ("per", (1, Selector(owner="self", zones=("don",), count=None, filters=(Filter("given", "==", "this"),))))

    def per_don_given_that(self, _noun=None):
        # "for every DON!! card given to that Character" (OP15-008): the DON!! given to the Character an earlier
        # effect of this card chose, whoever owns them (compiler._remember_chosen sets the value ``chosen``)
        return ("per", (1, Selector(owner="any", zones=("don",), count=None, filters=(Filter("given", "==", "that"),))))

    def per_it(self):
        return ("per", (1, _IT))

    def per_it_n(self, counted):
        # "for every 3 cards placed at the bottom of your deck" (OP07-091): the cards the action before placed
        if counted.filters or counted.ref is not None or counted.owner not in ("self", "any"):
            raise ValueError("for every N cards placed: a plain number of cards only")
        return ("per", (counted.count or 1, _IT))

    def per_each_of(self, owner, np):
        return ("per", (1, _sel(_Target(_Q(owner, None, explicit_owner=True), np), default_zones=("field",))))

    def a_cannot_gain_power(self, ts, restriction, _g, amount, *rest):
        first = self.a_cannot(ts, restriction, *rest)
        return first + (Action("modify_power", _same(first), amount=amount, duration=_dur(rest)),)

    def a_cannot_gain_kw(self, ts, restriction, _g, kw, *rest):
        first = self.a_cannot(ts, restriction, *rest)
        return first + (Action("gain_keyword", _same(first), duration=_dur(rest), params=_params(keyword=str(kw))),)

    def a_negate(self, t, *rest):
        if isinstance(t, list):  # "up to 1 of each of your opponent's Leader and Character cards"
            return _each("negate_effects", t, ("character",), duration=_dur(rest))
        return Action("negate_effects", _sel(t, default_zones=("character",)), duration=_dur(rest))

    def a_negate_two(self, t1, t2, *rest):
        # "Negate the effects of your opponent's Leader and all of their Characters during this turn" (P-100):
        # one negation per target, the duration shared
        return _each("negate_effects", [t1, t2], ("character",), duration=_dur(rest))

    def a_negate_have(self, ts):
        # "Your Leader and all of your Characters that do not have ... have their effects negated." (OP13-064): a
        # permanent negation of each named card while its source is on the field (continuous.negated)
        if isinstance(ts, list):
            return _each("negate_effects", ts, ("character",), duration=None)
        return Action("negate_effects", _sel(ts, default_zones=("character",)))

    def a_negate_poss(self, p, *rest):
        # "this Character's effect is negated during this turn" (OP14-056): as "Negate the effect of this
        # Character during this turn"
        if not isinstance(p, Selector) or p.ref != "this":
            raise ValueError("negated: other than this card")
        return Action("negate_effects", p, duration=_dur(rest))

    def a_base_power(self, target, n, *rest):
        return Action("set_base_power", target, amount=n, duration=_dur(rest))

    def a_base_power_two(self, t, poss, n, *rest):
        first = _sel(t, default_zones=("leader", "character"))
        return (
            Action("set_base_power", first, amount=n, duration=_dur(rest)),
            Action("set_base_power", poss, amount=n, duration=_dur(rest)),
        )

    def a_base_power_pl(self, q, np, n, *rest):
        # "up to 1 of your Leader or Character cards' base power becomes 7000 during this turn" (OP16-106)
        t = _sel(_Target(q, np), default_zones=("leader", "character"))
        return Action("set_base_power", t, amount=n, duration=_dur(rest))

    def a_base_power_of(self, t, n, *rest):
        # "The base power of all of your Characters with ... becomes 8000." (OP17-112), "set the base power of
        # all of your {Five Elders} type Characters to 7000" (OP13-084)
        return Action("set_base_power", _sel(t, default_zones=("leader", "character")), amount=n, duration=_dur(rest))

    def a_base_power_pl_two(self, q, np, poss, n, *rest):
        # "All of your [Shura] cards' base power and this Character's base power become 6000." (OP15-070)
        first = _sel(_Target(q, np), default_zones=("leader", "character"))
        return (
            Action("set_base_power", first, amount=n, duration=_dur(rest)),
            Action("set_base_power", poss, amount=n, duration=_dur(rest)),
        )

    def a_base_power_copy(self, target, other, *rest):
        return Action("set_base_power", target, duration=_dur(rest), params=_params(same_as_power_of=other))

    def a_base_power_copy_base(self, target, other, *rest):
        # "this Character's base power becomes the same as your Leader's base power" (OP14-053)
        return Action("set_base_power", target, duration=_dur(rest), params=_params(same_as_base_power_of=other))

    def a_base_power_swap_f2(self, *rest):
        """ "Swap the base power of the selected Characters with each other during this turn" (OP14-001,
        OP14-017): each selected card's base power becomes the other's (actions.op_set_base_power, ``swap``)."""
        return Action("set_base_power", _IT, duration=_dur(rest), params=_params(swap=True))

    def a_base_power_copy_t(self, target, other, *rest):
        other = _sel(other, default_zones=("leader", "character"))
        return Action("set_base_power", target, duration=_dur(rest), params=_params(same_as_power_of=other))

    def a_base_power_copy_attacker(self, target, *rest):
        # "This Character's base power becomes the same as the power of your opponent's attacking Leader or
        # Character during this turn" (OP04-069): the attacker's power when it resolves (select.resolve_ref)
        return Action("set_base_power", target, duration=_dur(rest),
                      params=_params(same_as_power_of=Selector(owner="opponent", ref="attacker")))

    def a_power_zero(self, ts, n, *rest):
        if n != 0:
            return _each("set_power", ts, ("leader", "character"), amount=n, duration=_dur(rest))
        return _each("set_power_zero", ts, ("leader", "character"), duration=_dur(rest))

    def a_treat_name(self, name):
        return Action("treat_name", _THIS, params=_params(name=str(name)))

    def a_treat_names(self, names):
        """ "Under the rules of this game, also treat this card's name as [A] and [B]" (EB04-038): one
        ``treat_name`` per name (rule 2-1-3; select.card_names reads them in every area)."""
        if isinstance(names, tuple) and len(names) == 2 and names[0] == "all":
            names = names[1]
        return tuple(Action("treat_name", _THIS, params=_params(name=str(n))) for n in _names(names))

    def a_play_cost_reduced(self, np, n):
        # "[Your Turn] The cost of playing {Celestial Dragons} type Character cards with a cost of 2 or more from
        # your hand will be reduced by 1" (OP05-097): the DON!! paid to play them (rules/main_phase), not the
        # cards' cost (continuous.play_cost)
        sel = _sel(_Target(_Q("self", None), np), _Source(("hand",), owner="self"))
        if tuple(sel.zones) != ("hand",) or sel.owner != "self":
            raise ValueError("play cost: not cards in your hand")
        return Action("reduce_play_cost", sel, amount=n)

    def a_next_play_reduced(self, np, dur, n):
        # "the next time you play a {Land of Wano} type Character card with a cost of 3 or more from your hand
        # during this turn, the cost will be reduced by 1" (OP02-025): the DON!! paid for that one play, not
        # the card's cost (continuous.play_cost; card Q&A OP02-025 q3)
        sel = _sel(_Target(_Q("self", None), np), _Source(("hand",), owner="self"))
        return Action("next_play_discount", sel, amount=n, duration=_dur((dur,)))

    def a_set_counter(self, t, amount):
        sel = _sel(t, default_zones=("character",))
        return Action("set_counter", sel, amount=amount)

    def a_have_counter(self, t, amount):
        # "All Character cards in your hand without a Counter have a +1000 Counter" (OP17-063); "All of your
        # {X} type Character cards ... have a +1000 Counter, according to the rules" (EB01-001): a Counter is
        # only used from the hand (7-1-3-2-1), so cards named with no zone are those in hand
        sel = _sel(t, default_zones=("hand",))
        return Action("set_counter", sel, amount=amount)

    def gains(self, *_):
        return "gains"

    def plus(self, n):
        return n

    def minus(self, n):
        return -n
