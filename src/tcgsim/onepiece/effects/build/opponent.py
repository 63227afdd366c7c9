"""Actions the opponent performs (grammar.lark, section "actions": a_opponent, "your opponent trashes /
places / chooses ...").

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Action, Filter, Selector
from .common import _Source, _add_don, _as_tuple, _each, _params, _sel


@v_args(inline=True)
class OpponentActionRules(Transformer):
    """The rules of grammar.lark's section "actions" handled here (see the module docstring)."""

    def o_draws_n(self, n, _cw=None):
        return Action("draw", amount=n)

    def ob_trash(self, t, source=None):
        if source is None:
            source = _Source(("hand",), owner="opponent")
        return Action("trash", _sel(t, source))

    def ob_add_don(self, t, state):
        a = _add_don(t, state)
        return replace(a, player="opponent")

    def ob_return_don(self, t):
        sel = _sel(t, default_zones=("don",))
        if (sel.zones == ("don",) and sel.ref is None and not sel.alternatives and sel.count and not sel.up_to
                and sel.filters == (Filter("state", "==", "active"),)):
            # "Your opponent may return 1 of their active DON!! cards to their DON!! deck" (OP15-059): N of that
            # player's active DON!! of the cost area (state=active, interpreter.don_options), as EB02-061's
            return Action("return_don", amount=sel.count, params=_params(state="active"))
        return Action("return_don", sel, amount=sel.count)

    def item_opp_may_base(self, action):
        return self.item_opp_may(action)

    def o_return_deck(self, ts):
        return _each("to_deck", ts, ("character",), params=_params(position="any")) + (Action("shuffle_deck"),)

    def a_opponent(self, action):
        return tuple(replace(a, player="opponent") for a in _as_tuple(action))

    def o_trash(self, t, source=None):
        if source is None:
            source = _Source(("hand",), owner="opponent")
        return Action("trash", _sel(t, source))

    def o_rests_h(self, t):
        # "your opponent rests 1 of their active DON!! cards" (PRB02-005): the opponent rests their own cards
        # (a_opponent makes the action theirs; the owner stays the one written, "their" = the opponent's)
        return _each("rest", t, ("field",))

    def o_plays_d2(self, t, source=None):
        # "your opponent plays up to 1 Character card with a cost of 4 or less from their hand" (OP13-119): the
        # opponent chooses and plays one of their cards (a_opponent makes it theirs)
        if source is None:
            source = _Source(("hand",), owner="opponent")
        return Action("play", _sel(t, source))

    def o_return(self, ts, _dest=None):
        return _each("return_to_hand", ts, ("character",))

    def o_place(self, t, *rest):
        source = next((r for r in rest if isinstance(r, _Source)), None)
        pos = next(r for r in rest if isinstance(r, str) and r in ("top", "bottom", "top_or_bottom"))
        return Action("to_deck", _sel(t, source, default_zones=("character",)), params=_params(position=pos))

    def a_they_place(self, t, source, pos, *rest):
        # "If your opponent has 8 or more cards in their hand, they place 2 cards from their hand at the
        # bottom of their deck in any order" (OP16-047): "they" is the opponent, who chooses and orders
        if source.owner != "opponent":
            raise ValueError("'they' other than the opponent")
        return (replace(self.o_place(t, source, pos, *rest), player="opponent"),)

    def o_choose(self, t, source, _it=None):
        return Action("trash", _sel(t, source))

    def o_choose_trash(self, t, source, it):
        """ "Your opponent chooses 1 card from your hand; trash that card." (OP01-038)"""
        if not isinstance(it, Selector) or it.ref != "it":
            raise ValueError("trash: not the chosen card")
        return Action("trash", _sel(t, source))

    def o_reveal_hand(self):
        # "Your opponent trashes 1 card from their hand and reveals their hand" (OP07-090): every card of
        # it becomes known to both players (actions.op_reveal)
        return Action("reveal", Selector(owner="opponent", zones=("hand",), count=None))

    def a_opponent_two(self, first, second):
        return tuple(replace(a, player="opponent") for a in _as_tuple(first) + _as_tuple(second))

    def o_reveal(self, t):
        """ "your opponent reveals that card / those cards" (the cards chosen from their hand)."""
        return Action("reveal", _sel(t))

    def o_return_don(self, n, _cw=None):
        return Action("return_don", amount=n)

    def o_add(self, t, source, _dest=None):
        return Action("add_to_hand", _sel(t, source))
