"""Conditions (grammar.lark, section "conditions"): [DON!! xX], [Your Turn], "If your Leader ...", counts
(rule 8-3-2), as :class:`~tcgsim.onepiece.effects.ir.Condition`.

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Condition, Filter, Selector
from .common import _NP, _THIS, _Target, _cmp_op, _count, _match, _name_filter, _sel, _type_filter


@v_args(inline=True)
class ConditionRules(Transformer):
    """The rules of grammar.lark's section "conditions" handled here (see the module docstring)."""

    def cond(self, c):
        return c

    def cond_and(self, a, b):
        parts = a.parts if a.kind == "and" else (a,)
        return Condition("and", parts=parts + (b,))

    def cond_or(self, a, b):
        parts = a.parts if a.kind == "or" else (a,)
        return Condition("or", parts=parts + (b,))

    def cond1(self, c):
        return c

    def c_has_type(self, t, types):
        return _match(t, _type_filter(types))

    def c_is_name(self, t, names):
        return _match(t, _name_filter(names))

    def c_is_multicolored(self, t):
        return _match(t, Filter("multicolored", "==", True))

    def c_has_attr(self, t, attr):
        return _match(t, Filter("attribute", "==", str(attr)))

    @staticmethod
    def _match_both(t, f1: Filter, f2: Filter) -> Condition:
        """ "your Leader has the {X} type and is active" / "has 7000 power or more and the {X} type": one
        card meeting both."""
        c = _match(t, f1)
        return replace(c, target=replace(c.target, filters=c.target.filters + (f2,)))

    def c_has_type_and_active(self, t, types):
        return self._match_both(t, _type_filter(types), Filter("state", "==", "active"))

    def c_has_power_and_type(self, t, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        return self._match_both(t, Filter("power", _cmp_op(c), n), _type_filter(rest[-1]))

    def c_is_rested(self, t):
        return _match(t, Filter("state", "==", "rested"))

    def c_is_active(self, t):
        return _match(t, Filter("state", "==", "active"))

    def c_has_power(self, t, n, c=None):
        return _match(t, Filter("power", _cmp_op(c), n))

    def c_has_base_power(self, t, n, c=None):
        return _match(t, Filter("base_power", _cmp_op(c), n))

    def c_has_chosen_cost(self, t):
        return _match(t, Filter("cost", "==", "chosen"))

    def c_count_not_drawn(self, subj, ce):
        """ "you have N or less cards in your hand and haven't drawn a card using this Leader's effect
        during this turn": only inside s_when_may_if, which makes it [Once Per Turn]."""
        return Condition("not_drawn_this_turn", parts=(self.c_count(subj, ce),))

    def c_count_two(self, subj, a, b):
        return Condition("and", parts=(self.c_count(subj, a), self.c_count(subj, b)))

    def c_leader_colors_include_d2(self, t, color):
        # "If your Leader's colors include blue" (OP11-080): the card has that color, among others or alone (2-3-5)
        return _match(t, self.m_color(color))

    def c_count_either_d2(self, subj, a, b):
        # "If you have 0 DON!! cards on your field or 8 or more DON!! cards on your field" (ST10-002): either
        return Condition("or", parts=(self.c_count(subj, a), self.c_count(subj, b)))

    def c_has_cost(self, t, n, c=None):
        return _match(t, Filter("cost", _cmp_op(c), n))

    def c_is_a(self, t, np):
        fs = list(np.filters)
        if np.category and np.category != "DON":
            fs.insert(0, Filter("category", "==", np.category))
        sel = _sel(t, default_zones=())
        return Condition("match", target=replace(sel, filters=sel.filters + tuple(fs)))

    def c_type_includes(self, poss, q):
        return _match(poss, Filter("type_includes", "==", str(q)))

    def c_name_includes(self, poss, q):
        return _match(poss, Filter("name_includes", "==", str(q)))

    def c_count(self, subj, ce):
        op, value, np = ce
        if subj == "self_not":
            return replace(_count("self", np, op, value), negate=True)
        return _count(subj, np, op, value)

    def c_count_and_none_there_d2(self, subj, ce, np):
        """ "If you have [Gecko Moria] with 10000 power or more on your field and there are no other [Oars]
        cards" (OP15-080): both counts in the place of the first, here the player's field (Leader area
        included, 3-1-2). The Japanese text puts that place first over both clauses: 「自分の場に、パワー10000
        以上の「ゲッコー・モリア」がいて、他の「オーズ」がいない場合」. Returns an ``and`` of the two counts;
        ValueError when the first is no count of one player's cards."""
        first = self.c_count(subj, ce)
        if first.kind != "count" or first.negate or not isinstance(first.target, Selector):
            raise ValueError("'and there are no' after no count of cards")
        place = first.target
        if np.location is not None or np.alts:
            raise ValueError("'there are no' with a place of its own")
        none = Condition("count", "==", 0, replace(place, filters=np.filters))
        return Condition("and", parts=(first, none))

    def c_total_life_hand(self, subj, n, c):
        # "If you have a total of 4 or less cards in your Life area and hand" (OP04-040): one count over both
        if subj != "self":
            raise ValueError("a total of Life and hand cards of another player")
        return Condition("count", _cmp_op(c), n, Selector(owner="self", zones=("life", "hand"), count=None))

    def c_count_n_or(self, subj, a, b, c, np):
        """ "If you have 0 or 3 or more DON!! cards on your field" (OP05-060): exactly A, or B or more/less."""
        return Condition("or", parts=(self.c_count(subj, ("==", a, np)), self.c_count(subj, (_cmp_op(c), b, np))))

    def sh_self_not(self):
        return "self_not"

    def c_has_type_or_name(self, t, types, names):
        return Condition("or", parts=(_match(t, _type_filter(types)), _match(t, _name_filter(names))))

    def c_is_name_or_type(self, t, names, types):
        return self.c_has_type_or_name(t, types, names)

    def c_is_name_or_multi(self, t, names):
        return Condition("or", parts=(_match(t, _name_filter(names)), _match(t, Filter("multicolored", "==", True))))

    def c_has_type_or_attr(self, t, types, attr):
        return Condition("or", parts=(_match(t, _type_filter(types)), _match(t, Filter("attribute", "==", str(attr)))))

    def c_has_type_or_includes(self, t, types, q):
        return Condition("or", parts=(_match(t, _type_filter(types)), _match(t, Filter("type_includes", "==", str(q)))))

    def c_either_count(self, ce):
        op, value, np = ce
        return Condition("or", parts=(_count("self", np, op, value), _count("opponent", np, op, value)))

    def c_life_le_opp(self):
        return Condition(
            "count", "<=", Selector(owner="opponent", zones=("life",), count=None),
            Selector(owner="self", zones=("life",), count=None),
        )

    def c_has_power_cmp_first(self, t, n, c):
        return _match(t, Filter("power", _cmp_op(c), n))

    def sh_self(self):
        return "self"

    def sh_opp(self):
        return "opponent"

    def ce_number(self, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        return _cmp_op(c), n, rest[-1]

    def ce_a(self, np):
        return ">=", 1, np

    def ce_no(self, np):
        return "==", 0, np

    def ce_bare(self, np):
        return ">=", 1, np

    def ce_total_given_don(self, n, *rest):
        c = rest[0] if rest and rest[0] in ("le", "ge") else None
        return _cmp_op(c), n, _NP("DON", ("don",), (Filter("given", "==", True),))

    def ce_any_given_don(self, _cw=None):
        return ">=", 1, _NP("DON", ("don",), (Filter("given", "==", True),))

    def c_there_is(self, np):
        return _count("any", np, ">=", 1)

    def c_there_are(self, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        return _count("any", rest[-1], _cmp_op(c), n)

    def c_there_is_no(self, np):
        return _count("any", np, "==", 0)

    def c_don_le_opp(self):
        return Condition(
            "count", "<=", Selector(owner="opponent", zones=("don",), count=None),
            Selector(owner="self", zones=("don",), count=None),
        )

    @staticmethod
    def _count_gap(zone: str, n: int) -> Condition:
        """ "the number of <your X> is at least N less than the number of <your opponent's X>": yours + N
        <= theirs (``count`` with ``offset``)."""
        return Condition("count", "<=", Selector(owner="opponent", zones=(zone,), count=None),
                         Selector(owner="self", zones=(zone,), count=None), offset=n)

    def c_gap_don(self, n):
        return self._count_gap("don", n)

    def c_gap_hand(self, n):
        return self._count_gap("hand", n)

    def c_gap_characters(self, n):
        return self._count_gap("character", n)

    def c_all_don_rested(self):
        """ "all of your DON!! cards are rested": every DON!! on your field is a rested one of the cost area;
        a DON!! given to your Leader or a Character is not (card Q&A OP02-027 q2; rule 6-5-5)."""
        return Condition(
            "count", "==", Selector(owner="self", zones=("don",), count=None),
            Selector(owner="self", zones=("don",), count=None, filters=(Filter("state", "==", "rested"),)),
        )

    def c_opp_more_don(self, subj):
        if subj != "opponent":
            raise ValueError("more DON!! than you")
        return Condition(
            "count", ">", Selector(owner="self", zones=("don",), count=None),
            Selector(owner="opponent", zones=("don",), count=None),
        )

    def c_less_characters_d2(self, subj):
        # "If you have less Characters than your opponent" (EB04-059): your Characters < your opponent's
        if subj != "self":
            raise ValueError("less Characters than your opponent")
        return Condition(
            "count", "<", Selector(owner="opponent", zones=("character",), count=None),
            Selector(owner="self", zones=("character",), count=None),
        )

    def c_less_life(self, subj):
        if subj != "self":
            raise ValueError("less Life than your opponent")
        return Condition(
            "count", "<", Selector(owner="opponent", zones=("life",), count=None),
            Selector(owner="self", zones=("life",), count=None),
        )

    def c_played_this_turn(self):
        return Condition("played_this_turn", target=_THIS)

    def c_activated_event(self, subj, pm=None):
        # "If you have activated an Event with a base cost of 3 or more during this turn" (OP15-002): card
        # activation from the hand (8-5-2, 8-5-4), recorded per turn by rules/main_phase.event_activated
        if subj != "self":
            raise ValueError("activated an Event: not you")
        filters = (Filter("category", "==", "Event"),) + (tuple(pm.filters) if pm is not None else ())
        if pm is not None and (pm.location or pm.location_owner):
            raise ValueError("activated an Event ...: a place")
        return Condition("event_activated", target=Selector(owner="self", zones=(), count=None, filters=filters))

    def c_opp_kod_this_turn(self):
        # "If your opponent's Character has been K.O.'d during this turn" (OP16-100): recorded per turn by
        # rules/zones.do_ko (continuous.CHARACTER_KOD)
        return Condition("kod_this_turn", target=Selector(owner="opponent", zones=("character",), count=None))

    def te_hand_trashed_h(self):
        # "During the turn in which a card in your hand is trashed by an effect" (ST33-004): recorded per turn
        # by actions.op_trash (continuous.HAND_TRASHED), an activation cost's trash included (as OP14-045's
        # "When a card is trashed from your hand by an effect" reads it)
        return Condition("hand_trashed_this_turn")

    def c_second_turn_or_later(self):
        # "If it is your second turn or later" (OP15-058): your own turns counted from your first (rules 6-1-1, 6-1-2)
        return Condition("own_turn", ">=", value=2)

    def c_deck_count(self, n, *rest):
        # "if your deck has 0 cards" (OP15-022): the number of cards in the player's deck
        return Condition("count", _cmp_op(rest[0] if len(rest) > 1 else None), n,
                         Selector(owner="self", zones=("deck",), count=None))

    def c_opponent_turn(self):
        # "if it is your opponent's turn" (OP17-119): the condition the [Opponent's Turn] tag gives (compiler)
        return Condition("opponent_turn")

    def c_cost_eq_given_d2(self, t):
        # "If the chosen Character has a cost equal to the number of DON!! cards given to it" (OP15-031)
        return _match(t, Filter("cost_eq_don_given", "==", True))

    def c_only_have_d2(self, subj, np):
        """ "If you only have {X} type Characters" (OP11-046, OP13-095): as "the only Characters on your field are
        ..." (``all_match``: not met with no Characters, card Q&A OP17-118 q1). Tagged ``op="you_only_have"`` (its
        read-back)."""
        if subj != "self":
            raise ValueError("only have: not your Characters")
        sel = Selector(owner="self", zones=("character",), count=None, filters=np.filters)
        return Condition("all_match", "you_only_have", target=sel)

    def c_only_characters(self, np):
        sel = Selector(owner="self", zones=("character",), count=None, filters=np.filters)
        return Condition("all_match", target=sel)

    def c_total_cost(self, owner, np, n, c=None):
        """ "If the total cost of your Characters is 5 or more" (OP10-022): condition ``total_cost``, the sum of
        the current costs (rule 2-7-6) of the cards ``target`` names compared with ``value``."""
        if np.alts or tuple(np.zones) != ("character",) or np.location is not None:
            raise ValueError("a total cost of cards other than Characters")
        return replace(_count(owner, np, _cmp_op(c), n), kind="total_cost")

    def c_total_life(self, n, *rest):
        c = rest[0] if rest and rest[0] in ("le", "ge") else None
        return Condition("count", _cmp_op(c), n, Selector(owner="any", zones=("life",), count=None))

    def count_ref(self, q, np):
        return _sel(_Target(q, np), default_zones=("field",))
