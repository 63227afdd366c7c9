"""Activation costs (grammar.lark, section "costs"): ①, DON!! −X, "You may trash 1 card from your hand:"
(rule 8-3-1), as :class:`~tcgsim.onepiece.effects.ir.Cost`.

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from lark import Transformer, v_args

from ..ir import Cost
from .common import _action_to_costs, _flatten_costs


@v_args(inline=True)
class CostRules(Transformer):
    """The rules of grammar.lark's section "costs" handled here (see the module docstring)."""

    def cost_clause(self, items):
        return _flatten_costs(items)

    def cost_don_minus(self, n):
        return (Cost("don_minus", amount=n),), False

    def cost_don_minus_more(self, n, items):
        costs, _opt_ = _flatten_costs(items)
        return (Cost("don_minus", amount=n),) + costs, True

    def cost_items(self, item):
        return [item]

    def cost_items_more(self, items, item):
        return items + [item]

    def cost_items_or(self, items, item):
        last_opt, last_costs = items[-1]
        opt, costs = item
        return items[:-1] + [(last_opt or opt, (Cost("one_of", options=(last_costs, costs)),))]

    def cost_may(self, action):
        return True, _action_to_costs(action)

    def cost_plain(self, action):
        return False, _action_to_costs(action)
