"""A search player for a game of hidden information: single-observer information-set MCTS (ISMCTS).

The agent never sees the game. At each decision the runner hands it a *sampler* (``needs_sampler``):
``sample(rng)`` returns a clone of the game in which every card hidden from the agent (the opponent's hand,
both decks, face-down Life) has been redealt at random among the hidden slots of its owner
(:func:`tcgsim.onepiece.rules.determinize.determinize`); the samples depend only on what the agent can
see. Each iteration of the search:

1. draws one such *determinization* from the agent's own stream;
2. walks down one shared tree whose edges are the options of both players' decisions, keyed so that the
   same action gets the same key in every determinization (cards on the field by id, cards from a hand by
   card number). Only the options legal in this determinization count, and of those only the
   :func:`~tcgsim.agents.onepiece_search.candidates` (wasted options left out: Counters on a card not in the battle, attacks that do not
   win now, DON!! giving other than what some attack needs, +1, +2 or all). Each is scored with UCB1
   whose exploration term counts how often the option was *available* (ISMCTS, Cowling et al. 2012).
   Progressive widening lets a node try a new option only every so often, the rollout policy's
   favourite first;
3. expands one new option, then plays a fast rule-of-thumb :func:`~tcgsim.agents.onepiece_search.policy` (the heuristic agent's rules,
   read from the clone's state) until the next turn starts (``horizon`` = 1 turn) or the game ends;
4. scores the result: 1/0 for a won/lost game, otherwise a logistic evaluation of Life, hand (Counter
   values), board and DON!! (:func:`~tcgsim.agents.onepiece_search.evaluate`), and backs it up along the path.

The search itself knows no game: keys, candidates, policy and evaluation come from a
:class:`GameKnowledge` (the ONE PIECE CARD GAME's in :mod:`tcgsim.agents.onepiece_search`;
Bleach's in :mod:`tcgsim.agents.bleach_search`). The answer is the most visited option of the root. Budgets: ``iterations`` (reproducible: the same seed
and game give the same answer on every machine) or ``ms`` per decision (wall clock: NOT reproducible).
Decisions with one option are answered at once; set-up choices (go first, keep) by the policy alone.
Strength and speed are measured by ``benchmarks/strength.py``.
"""

from __future__ import annotations

import math
import time
from typing import Protocol

from ..core.agent import BaseAgent
from ..core.decision import Decision
from ..core.rng import Rng
from ..errors import UserError

DEFAULT_ITERATIONS = 200
"""Iterations per decision when no budget is given."""

EXPLORATION = 0.35
"""UCB1 exploration constant (rewards are win probabilities in [0, 1])."""

HORIZON = 1
"""A rollout stops at the first decision of turn ``decision turn + HORIZON`` (1: when the next turn
starts, after its Refresh, Draw and DON!! Phases)."""

NO_SEARCH = frozenset({"first", "keep"})
"""Decision kinds answered by the rollout policy without search (set-up choices)."""

WIDEN_BASE = 2.0
WIDEN_EXPONENT = 0.5
"""Progressive widening: a node visited ``n`` times may have ``WIDEN_BASE * n ** WIDEN_EXPONENT``
tried options (at least one)."""

class _Node:
    """A tree node: the statistics of the option that leads to it, for the player who chose it."""

    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict = {}


MAX_SPEC_ITERATIONS = 100_000
MAX_SPEC_MS = 600_000
"""The largest budgets an agent name may give (``mcts:N``, ``mcts:Nms``): at about 0.7 ms an iteration,
100,000 iterations or 10 minutes are already a minute or more per decision; a larger number is a typing
mistake that would never finish (the browser's caps are lower, web/hub.py)."""


class MCTSAgent(BaseAgent):
    """Information-set MCTS over determinized clones (see the module docstring).

    ``seed``: the agent's private stream (every random draw of the search comes from it);
    ``iterations``: iterations per decision (default :data:`DEFAULT_ITERATIONS`), used when ``ms`` is
    ``None``; ``ms``: a wall-clock budget in milliseconds per decision instead (not reproducible);
    ``db``: accepted for the registry's interface, unused (the clones carry their card data);
    ``knowledge``: what the search knows of the game (:class:`GameKnowledge`, required: each game module's
    ``make_agent`` passes its own). Raises ``ValueError`` for a budget below 1 or no knowledge.
    """

    name = "mcts"
    needs_view = True
    needs_sampler = True

    def __init__(self, seed: int = 0, iterations: int | None = None, ms: float | None = None, db=None,
                 *, horizon: int = HORIZON, exploration: float = EXPLORATION, knowledge=None) -> None:
        super().__init__(seed)
        if knowledge is None:
            raise ValueError("MCTSAgent needs the game's knowledge (e.g. tcgsim.agents.onepiece_search): "
                             "build it through the game module's make_agent")
        self.knowledge = knowledge
        if iterations is None:
            iterations = DEFAULT_ITERATIONS
        if iterations < 1 or (ms is not None and ms <= 0):
            raise ValueError(f"MCTS budget must be positive (iterations={iterations}, ms={ms})")
        self.iterations = int(iterations)
        self.ms = ms
        self.horizon = horizon
        self.exploration = exploration
        self.name = f"mcts:{ms:g}ms" if ms is not None else ("mcts" if iterations == DEFAULT_ITERATIONS else f"mcts:{iterations}")
        self.searched = 0
        """Decisions answered by a search (not counting the ones with a single option)."""
        self.total_iterations = 0

    @classmethod
    def from_spec(cls, arg: str, seed: int = 0, db=None, knowledge=None) -> "MCTSAgent":
        """Build from the part after ``mcts:`` in an agent name: ``"500"`` (iterations) or ``"80ms"``.

        Raises :class:`~tcgsim.errors.UserError` for anything else.
        """
        text = arg.strip().lower()
        try:
            if text.endswith("ms"):
                value = float(text[:-2])
                if 0 < value <= MAX_SPEC_MS:
                    return cls(seed, ms=value, db=db, knowledge=knowledge)
            else:
                value = int(text)
                if 1 <= value <= MAX_SPEC_ITERATIONS:
                    return cls(seed, iterations=value, db=db, knowledge=knowledge)
        except ValueError:
            pass
        raise UserError(f"bad MCTS budget {arg[:40]!r}: use mcts:N (iterations, 1 to {MAX_SPEC_ITERATIONS:,}, e.g. "
                        f"mcts:500) or mcts:Nms (milliseconds per decision, at most {MAX_SPEC_MS:,}, e.g. mcts:80ms)")

    # ------------------------------------------------------------------ entry point
    def choose(self, view: dict | None, decision: Decision, labels=None, sampler=None) -> int:
        """The index of the chosen option of ``decision``.

        ``sampler``: ``sample(rng) -> Game``, determinized clones of the game at this decision (given by
        the runner because ``needs_sampler`` is true); ``view`` and ``labels`` are not needed. Raises
        ``ValueError`` when a decision with several options comes without a sampler.
        """
        n = len(decision.options)
        if n == 1:
            return 0
        if sampler is None:
            raise ValueError("MCTSAgent needs sampler= (determinized clones of the game); play it through the runner")
        if decision.kind in NO_SEARCH:
            # set-up choices: a rollout horizon says little about them; the rule of thumb answers
            return self.knowledge.policy(sampler(self.rng), decision)
        self.searched += 1
        return self._search(sampler, decision)

    # ------------------------------------------------------------------ search
    def _search(self, sampler, decision: Decision) -> int:
        rng = self.rng
        root = _Node(decision.player)
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        budget = self.iterations if deadline is None else 1 << 30
        first = sampler(rng)
        key = self.knowledge.key
        root_keys = [key(first, o) for o in decision.options]
        limit = first.turn + self.horizon
        g = first
        it = 0
        while it < budget:
            if it:
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                g = sampler(rng)
            self._iterate(root, g, limit)
            it += 1
        self.total_iterations += it
        best, best_key = 0, None
        for i, k in enumerate(root_keys):
            ch = root.children.get(k)
            if ch is None or ch.n == 0:
                continue
            score = (ch.n, ch.w / ch.n)
            if best_key is None or score > best_key:
                best, best_key = i, score
        return best

    def _iterate(self, root: _Node, g, limit: int) -> None:
        rng = self.rng
        c = self.exploration
        know = self.knowledge
        candidates, key, policy = know.candidates, know.key, know.policy
        node = root
        path = []
        while g.winner is None and g.turn < limit:
            d = g.pending
            opts = d.options
            if len(opts) == 1:
                g.apply_index(0)
                continue
            children = node.children
            cand = candidates(g, d)
            keys = {i: key(g, opts[i]) for i in cand}
            tried = [i for i in cand if keys[i] in children]
            allowed = max(1, int(WIDEN_BASE * (node.n + 1) ** WIDEN_EXPONENT))
            if len(tried) < len(cand) and (len(tried) < allowed or not tried):
                i = policy(g, d)
                if i not in keys or keys[i] in children:
                    untried = [j for j in cand if keys[j] not in children]
                    i = untried[rng.below(len(untried))]
                child = _Node(d.player)
                children[keys[i]] = child
                for j in tried:
                    children[keys[j]].avail += 1
                child.avail = 1
                g.apply_index(i)
                path.append(child)
                break
            best_i, best_s = -1, -1.0
            for j in tried:
                ch = children[keys[j]]
                ch.avail += 1
                s = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n) if ch.n else 1e9
                if s > best_s:
                    best_i, best_s = j, s
            child = children[keys[best_i]]
            g.apply_index(best_i)
            path.append(child)
            node = child
        value = rollout(know, g, limit, rng)
        root.n += 1
        for nd in path:
            nd.n += 1
            nd.w += value if nd.player == 0 else 1.0 - value




class GameKnowledge(Protocol):
    """What the search needs to know of a game (a module or an object with these functions).

    ``key(g, option)``: a hashable name of ``option`` that is the same in every determinization (cards
    in hidden zones by card number, visible cards by id); ``candidates(g, decision)``: the option indices
    worth searching (never empty); ``policy(g, decision, rng=None)``: the rollout's quick choice (an
    index); ``evaluate(g)``: player 0's winning chances in [0, 1] (1/0/0.5 for a finished game). Games
    have ``turn``, ``winner``, ``pending`` and ``apply_index``.
    """

    def key(self, g, option: tuple): ...

    def candidates(self, g, decision: Decision) -> list[int]: ...

    def policy(self, g, decision: Decision, rng: Rng | None = None) -> int: ...

    def evaluate(self, g) -> float: ...


def win_chance(g, material, scale: float) -> float:
    """Player 0's winning chances in [0, 1] for the game ``g``: 1, 0 or 0.5 once the game is won, lost or
    drawn; otherwise ``1 / (1 + exp(-(material(g, 0) - material(g, 1)) / scale))``, where
    ``material(g, player)`` is a game's measure of a side's assets (in the same units as ``scale``)."""
    w = g.winner
    if w is not None:
        return 1.0 if w == 0 else 0.0 if w == 1 else 0.5
    x = (material(g, 0) - material(g, 1)) / scale
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def rollout(knowledge, g, limit: int, rng: Rng | None = None) -> float:
    """Play ``g`` (a determinized clone, modified in place) with ``knowledge.policy`` until the game ends or
    turn ``limit`` starts; return player 0's winning chances in [0, 1] (``knowledge.evaluate``). ``rng``
    (the agent's stream) makes the few random choices of the policy."""
    policy = knowledge.policy
    while g.winner is None and g.turn < limit:
        d = g.pending
        g.apply_index(policy(g, d, rng) if len(d.options) > 1 else 0)
    return knowledge.evaluate(g)
