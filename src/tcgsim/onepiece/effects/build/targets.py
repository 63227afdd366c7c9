"""Targets (grammar.lark, section "targets"): quantities, owners and sources, finalised into
:class:`~tcgsim.onepiece.effects.ir.Selector`.

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Selector
from .common import _Alts, _IT, _NP, _Q, _REVEALED, _Source, _THIS, _Target, _name_filter


@v_args(inline=True)
class TargetRules(Transformer):
    """The rules of grammar.lark's section "targets" handled here (see the module docstring)."""

    def targets(self, t):
        return t

    def targets_and(self, ts, t):
        return (ts if isinstance(ts, list) else [ts]) + [t]

    def targets_common_filter(self, ts, filts):
        filts = tuple(filts)

        def add(t):
            if isinstance(t, _Target):
                return _Target(t.q, replace(t.np, filters=t.np.filters + filts))
            raise ValueError("common filter on a reference")

        if isinstance(ts, _Alts):
            return _Alts(tuple(add(t) for t in ts.targets))
        if isinstance(ts, list):
            return [add(t) for t in ts]
        return add(ts)

    def targets_or(self, ts, t):
        if isinstance(ts, list):
            raise ValueError("mixed 'and' / 'or' targets")
        first = ts if isinstance(ts, _Alts) else _Alts((ts,))
        head = first.targets[0]
        if (isinstance(t, _Target) and t.q.bare and isinstance(head, _Target) and head.q.count is not None
                and t.np.category == "Stage"):
            # "up to 1 of your opponent's Characters with a cost of 0 or your opponent's Stages with a cost of
            # 3 or less" (OP03-096): the number written first is shared
            t = _Target(replace(head.q, owner=t.q.owner), t.np)
        elif (isinstance(t, _Target) and not t.q.explicit_owner and isinstance(head, _Target)
              and head.q.explicit_owner):
            # "rest your Leader or 1 [Corrida Coliseum]" (OP04-082): the owner written first is shared
            t = _Target(replace(t.q, owner=head.q.owner, explicit_owner=True), t.np)
        return _Alts(first.targets + (t,))

    def t_quantified(self, q, np):
        return _Target(q, np)

    def t_this(self, _noun=None):
        return _THIS

    def t_each_leader_character(self, n, owner, _cw=None):
        """ "up to 1 each of your opponent's Leader and Character cards" (OP07-075), "up to 1 of each of ..."
        (OP10-098): up to N Leader and, separately, up to N Characters (two targets, as "and")."""
        q = _Q(owner, n, True, explicit_owner=True)
        return [_Target(q, _NP("Leader", ("leader",))), _Target(q, _NP("Character", ("character",)))]

    def t_this_filtered(self, _noun, filts):
        return Selector(ref="this", count=1, filters=tuple(filts))

    def t_it(self, *_):
        return _IT

    def t_revealed(self, *_):
        # "the revealed card": "it" unless an action between the reveal and here chose other cards
        # (compiler._revealed_refs)
        return _REVEALED

    def t_battled_opponent_character(self):
        # "the opponent's Character you battled with" (OP04-047): the card this Character battled
        # (select.resolve_ref ``battle_opponent``, only while it is still on the field, rule 3-1-6)
        return Selector(ref="battle_opponent", count=1, owner="opponent", zones=("character",))

    def self_noun(self, *_):
        return None

    def p_this(self):
        return _THIS

    def p_it(self):
        return _IT

    def p_revealed(self):
        return _REVEALED

    def p_owner_leader(self, q):
        return Selector(owner=q.owner, zones=("leader",), count=1)

    def p_owner_leader_f(self, q, pre):
        return Selector(owner=q.owner, zones=("leader",), count=1, filters=pre.filters)

    def p_owner_leader_n(self, q, names):
        return Selector(owner=q.owner, zones=("leader",), count=1, filters=(_name_filter(names),))

    def q_upto_of(self, n, owner):
        return _Q(owner, n, True, explicit_owner=True)

    def q_total_of(self, n, owner):
        return _Q(owner, n, True, total=True, explicit_owner=True)

    def q_upto(self, n):
        return _Q("self", n, True)

    def q_total(self, n):
        return _Q("self", n, True, total=True)

    def q_n_of(self, n, owner):
        return _Q(owner, n, False, explicit_owner=True)

    def q_n(self, n):
        return _Q("self", n, False)

    def q_all_of(self, owner):
        return _Q(owner, None, False, explicit_owner=True)

    def q_all(self):
        return _Q("any", None, False)

    def q_owner(self, owner):
        return _Q(owner, None, False, explicit_owner=True, bare=True)

    def q_owner_n(self, owner, n):
        return _Q(owner, n, False, explicit_owner=True)

    def q_any_number_of(self, owner):
        return _Q(owner, None, True, explicit_owner=True)

    def q_any_number(self):
        return _Q("self", None, True)

    def q_one_of(self, owner):
        return _Q(owner, 1, False, explicit_owner=True)

    def q_a(self):
        return _Q("self", 1, False)

    def o_self(self):
        return "self"

    def o_opp(self):
        return "opponent"

    def o_their(self):
        return "opponent"

    def o_owner(self):
        return "owner"

    def life_owner(self, o):
        return o

    def src_hand(self):
        return _Source(("hand",))

    def src_their_hand(self):
        return _Source(("hand",), owner="opponent")

    def src_opp_hand(self):
        return _Source(("hand",), owner="opponent")

    def src_opp_trash(self):
        return _Source(("trash",), owner="opponent")

    def src_trash(self):
        return _Source(("trash",))

    def src_their_trash(self):
        return _Source(("trash",), owner="opponent")

    def src_deck(self):
        return _Source(("deck",))

    def src_hand_trash(self):
        return _Source(("hand", "trash"))

    def src_hand_field(self):
        return _Source(("hand", "field"))

    def src_deck_top(self, owner):
        return _Source(("deck",), "top", owner)

    def src_life_top(self, owner, _cw=None):
        return _Source(("life",), "top", owner)

    def src_life_top_or_bottom(self, owner, _cw=None):
        return _Source(("life",), "top_or_bottom", owner)

    def src_life_any(self, *_):
        return _Source(("life",))

    def src_opp_life_any(self, *_):
        return _Source(("life",), owner="opponent")
