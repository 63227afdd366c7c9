"""What the MCTS agent knows of Bleach (:class:`tcgsim.agents.mcts.GameKnowledge`).

* option keys: a card id that is on the field (an Ame Principale, an Ame de Soutien, assembled Ame
  Déchaînée pieces, all public) stays an id; any other card id (a hand card, a reserve card, whose id
  depends on the determinization) becomes its card number, so the same action has the same key in every
  sample;
* candidates: every option (Bleach decisions are small);
* rollout policy: the heuristic agent (:class:`~tcgsim.agents.bleach_heuristic.BleachHeuristicAgent`)
  reading the clone's view of the deciding player, exactly as it would in a game;
* evaluation: a logistic function of the material difference: soul points (both loss conditions count
  most), Ames Principales on the field and their PC, Force Spirituelle reserves, cards in hand.
"""

from __future__ import annotations

from ..core.decision import Decision
from ..core.rng import Rng
from .mcts import win_chance

# Evaluation weights (one unit ~ one soul point); see evaluate().
SOUL_POINT = 1.0
LAST_SOUL_POINTS = 2
"""Soul points below this many count double: the game is lost at 0 (seed §Conditions de victoire)."""
MAIN_SOUL = 1.5
LAST_MAIN_SOUL = 2.0
"""Extra value of the only Ame Principale left (losing it loses the game)."""
PC_PER_100 = 0.08
RESERVE_CARD = 0.35
HAND_CARD = 0.2
SCALE = 1.5

_policy_agent: list = [None, None]
"""``[tables, agent]``: the rollout policy's heuristic agent, built for the card tables of the game it
last played (a strong reference, so that a new game's tables are never mistaken for it)."""


def _public(g) -> set:
    out = set()
    for p in g.players:
        out.update(p.souls)
        out.update(p.supports)
        for pieces in p.pieces.values():
            out.update(pieces)
    return out


def key(g, o: tuple):
    """See the module docstring: card ids off the field become card numbers (nested tuples too)."""
    public = _public(g)
    numbers = g.t.numbers
    n = len(numbers)

    def k(x):
        if type(x) is int:
            return x if x in public or not 0 <= x < n else numbers[x]
        if type(x) is tuple:
            return tuple(k(y) for y in x)
        return x

    # ("effect", source, index, user): the effect index is not a card id
    if o and o[0] == "effect" and len(o) == 4:
        return ("effect", k(o[1]), o[2], k(o[3]))
    return tuple(k(x) for x in o)


def candidates(g, d: Decision) -> list[int]:
    """Every option index of ``d``."""
    return list(range(len(d.options)))


def policy(g, d: Decision, rng: Rng | None = None) -> int:
    """The heuristic agent's choice for ``d`` on the clone ``g`` (from the deciding player's view)."""
    from ..bleach.rules.view import player_view
    from .bleach_heuristic import BleachHeuristicAgent

    tables, agent = _policy_agent
    if tables is not g.t:
        agent = BleachHeuristicAgent(0, db=_Cards(g.t))
        _policy_agent[:] = [g.t, agent]
    if rng is not None:
        agent.rng = rng
    view = player_view(g, d.player)
    return agent.choose(view, d, view["pending"]["options"])


class _Cards:
    """The card lookup the heuristic agent needs (``db.cards[number]``), from a game's own tables."""

    def __init__(self, tables) -> None:
        self.cards = {d.number: d for d in tables.defs}


def material(g, i: int) -> float:
    """Player ``i``'s material in soul-point units (see the module docstring)."""
    p = g.players[i]
    soul = len(p.soul)
    s = SOUL_POINT * soul + SOUL_POINT * min(soul, LAST_SOUL_POINTS)
    souls = p.souls
    s += MAIN_SOUL * len(souls) + (LAST_MAIN_SOUL if len(souls) >= 2 else 0.0)
    for c in souls:
        s += PC_PER_100 * g.pc(c) / 100 + RESERVE_CARD * len(p.reserve.get(c, ()))
    s += HAND_CARD * len(p.hand)
    return s


def evaluate(g) -> float:
    """Player 0's winning chances in [0, 1] (:func:`~tcgsim.agents.mcts.win_chance` of :func:`material`)."""
    return win_chance(g, material, SCALE)
