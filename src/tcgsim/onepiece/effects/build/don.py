"""Actions on DON!! cards (grammar.lark, section "actions": a_give_don, a_add_don, a_return_don, rule 6-5-5,
10-2-9).

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from lark import Transformer, v_args

from ..ir import Action, Filter, Selector
from .common import _Q, _Target, _add_don, _each, _params, _sel, _sels


@v_args(inline=True)
class DonActionRules(Transformer):
    """The rules of grammar.lark's section "actions" handled here (see the module docstring)."""

    def a_add_don_state(self, t, state):
        return _add_don(t, state)

    def a_add_don_plain(self, t):
        return _add_don(t, None)

    def a_add_don_as(self, t, state):
        return _add_don(t, state)

    def don_active(self, *_):
        return "active"

    def don_rested(self, *_):
        return "rested"

    def a_give_don_to_first(self, ts, n, _cw=None, *rest):
        each = "each" in rest
        return _each(
            "give_don", ts, ("leader", "character"), own=True, amount=n,
            params=_params(state="rested", up_to=True, each=True if each else None),
        )

    def each(self):
        return "each"

    def a_give_don_to(self, n, _cw, ts):
        return _each(
            "give_don", ts, ("leader", "character"), own=True, amount=n, params=_params(state="rested", up_to=True)
        )

    def a_give_don_to_each_of(self, n, _cw, owner, np):
        """ "Give up to 1 rested DON!! card to each of your {Alabasta} type Characters" (OP04-004): every
        such Character is a recipient (``each``), offered up to N rested DON!! one at a time; with too few
        rested DON!! only some receive one (card Q&A OP04-004)."""
        t = _Target(_Q(owner, None, False, explicit_owner=True), np)
        return _each(
            "give_don", t, ("leader", "character"), own=True, amount=n,
            params=_params(state="rested", up_to=True, each=True),
        )

    def a_played_rested(self, ts):
        """ "Your Character cards are played rested" (OP09-022): permanent ``play_rested`` on the owner's
        Character cards, read when one enters the field (rules/main_phase.enter_character)."""
        if not isinstance(ts, _Target) or ts.q.count is not None or ts.np.category != "Character":
            raise ValueError("played rested: other than your Character cards")
        return Action("play_rested", _sel(ts, default_zones=("character",)))

    def a_give_given_don(self, n, _cw, ts):
        """ "Give up to 2 total of your currently given DON!! cards to 1 of your Characters" (OP07-001, EB02-009):
        DON!! given to the player's other cards move to the chosen one (``from=given``, actions.op_give_don)."""
        acts = _each("give_don", ts, ("leader", "character"), own=True, amount=n,
                     params=_params(up_to=True, **{"from": "given"}))
        if len(acts) != 1 or acts[0].target.ref is not None or acts[0].target.count != 1:
            raise ValueError("currently given DON!!: to one chosen card")
        return acts

    def a_give_don_owners(self, n, _cw, k):
        """ "Give up to 1 rested DON!! card to its owner's Leader or 1 of their Characters" (OP15-010): a rested
        DON!! of either player's cost area, to a Leader or Character of that player (``don_of=recipient``)."""
        if k != 1:
            raise ValueError("give DON!! to several of its owner's cards")
        return (Action("give_don", Selector(owner="any", zones=("leader", "character"), count=1, up_to=True),
                       amount=n, params=_params(state="rested", up_to=True, don_of="recipient")),)

    def don_area_opponent(self):
        return "opponent"

    def don_area_self(self):
        return "self"

    def a_give_don_from_area(self, n, _cw, area, ts):
        """ "give up to 1 DON!! card from your opponent's cost area to 1 of your opponent's Characters" (OP15-028,
        OP15-025): up to N DON!! of that player's cost area, active or rested (``state=any``: the giver picks
        each one's state, rule 3-9-2), given one at a time (actions.op_give_don)."""
        don = Selector(owner=area, zones=("don",), count=n, up_to=True)
        return _each("give_don", ts, ("leader", "character"), amount=n,
                     params=_params(don=don, state="any", up_to=True))

    def a_give_don_owners_area(self, n, _cw, k):
        """ "Give up to 1 DON!! card from its owner's cost area to its owner's Leader or 1 of their Characters"
        (OP15-023): as ``a_give_don_owners`` (OP15-010), the DON!! active or rested (``state=any``)."""
        if k != 1:
            raise ValueError("give DON!! to several of its owner's cards")
        return (Action("give_don", Selector(owner="any", zones=("leader", "character"), count=1, up_to=True),
                       amount=n, params=_params(state="any", up_to=True, don_of="recipient")),)

    def a_don_phase_given_h(self, n, _cw, t):
        """ "1 DON!! card placed during your DON!! Phase is given to your Leader" (OP13-003): a permanent effect
        read by rules/phases.don_phase (continuous.don_phase_given)."""
        return Action("don_phase_give", _sel(t, default_zones=("leader",)), amount=n)

    def a_give_don_cards(self, don_t, ts):
        don = _sel(don_t, default_zones=("don",))
        if don.zones != ("don",):
            raise ValueError("give: not DON!! cards")
        return _each(
            "give_don", ts, ("leader", "character"), amount=don.count,
            params=_params(don=don, up_to=don.up_to or None),
        )

    def a_return_don_self(self, n, _cw=None):
        return Action("return_don", amount=n)

    def a_return_given_don_rested(self, n, _cw=None):
        """ "return 2 total of your currently given DON!! cards to your cost area rested" (ST28-004): N DON!!
        given to any of the player's Leader and Characters, chosen one at a time, go to the cost area rested
        (``from=given``, ``to=cost_area``; actions.op_return_don). Not a return to the DON!! deck (8-3-1-6)."""
        return Action("return_don", amount=n, params=_params(**{"from": "given", "to": "cost_area"}))

    def a_return_don_active_d2(self, ts):
        # "You may return 2 of your active DON!! cards to your DON!! deck:" (EB02-061): only active cost-area DON!!
        sels = _sels(ts, default_zones=("don",))
        if len(sels) != 1:
            raise ValueError("return several kinds of DON!! cards")
        sel = sels[0]
        if sel.zones != ("don",) or sel.owner != "self" or sel.up_to or not sel.count or sel.ref is not None or (
                tuple(sel.filters) != (Filter("state", "==", "active"),)) or sel.alternatives:
            raise ValueError("return DON!! cards other than N of your active ones")
        return Action("return_don", amount=sel.count, params=_params(state="active"))

    def a_return_don_until_equal(self, *_cw):
        """ "return DON!! cards from your field to your DON!! deck until you have the same number of DON!! cards
        on your field as your opponent" (OP08-074): as many as you have more than your opponent when it
        resolves, none if you have as many or fewer (actions.op_return_don, ``until_equal``)."""
        return Action("return_don", params=_params(until_equal=True))

    def a_return_don_self_more(self, n, _cw=None):
        return Action("return_don", amount=n, params=_params(or_more=True))

    def a_add_more_don(self, n, _cw, state):
        return Action("add_don", amount=n, params=_params(state=state, up_to=True))
