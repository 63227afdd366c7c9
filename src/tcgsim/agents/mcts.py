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
   :func:`candidates` (wasted options left out: Counters on a card not in the battle, attacks that do not
   win now, DON!! giving other than what some attack needs, +1, +2 or all). Each is scored with UCB1
   whose exploration term counts how often the option was *available* (ISMCTS, Cowling et al. 2012).
   Progressive widening lets a node try a new option only every so often, the rollout policy's
   favourite first;
3. expands one new option, then plays a fast rule-of-thumb :func:`policy` (the heuristic agent's rules,
   read from the clone's state) until the next turn starts (``horizon`` = 1 turn) or the game ends;
4. scores the result: 1/0 for a won/lost game, otherwise a logistic evaluation of Life, hand (Counter
   values), board and DON!! (:func:`evaluate`), and backs it up along the path.

The answer is the most visited option of the root. Budgets: ``iterations`` (reproducible: the same seed
and game give the same answer on every machine) or ``ms`` per decision (wall clock: NOT reproducible).
Decisions with one option are answered at once; set-up choices (go first, keep) by the policy alone.
Strength and speed are measured by ``benchmarks/strength.py``.
"""

from __future__ import annotations

import math
import time

from ..core.agent import BaseAgent
from ..core.decision import Decision
from ..core.rng import Rng
from ..errors import UserError
from ..onepiece.cards.model import CHARACTER, EVENT, KW_BLOCKER, STAGE
from ..onepiece.rules.continuous import power

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

VALUABLE_COST = 4
CHEAP_COST = 3
MAX_CHARACTERS = 5

# Evaluation weights (one unit ~ one Life card at mid game); see evaluate().
LIFE_VALUE = (0.0, 2.2, 3.9, 5.2, 6.2, 7.0, 7.6, 8.1)
HAND_CARD = 0.35
COUNTER_PER_1000 = 0.25
BOARD_PER_1000 = 0.22
BOARD_CARD = 0.3
BLOCKER_BONUS = 0.3
DON_CARD = 0.05
RESTED_FACTOR = 0.65
SCALE = 1.2


class _Node:
    """A tree node: the statistics of the option that leads to it, for the player who chose it."""

    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict = {}


class MCTSAgent(BaseAgent):
    """Information-set MCTS over determinized clones (see the module docstring).

    ``seed``: the agent's private stream (every random draw of the search comes from it);
    ``iterations``: iterations per decision (default :data:`DEFAULT_ITERATIONS`), used when ``ms`` is
    ``None``; ``ms``: a wall-clock budget in milliseconds per decision instead (not reproducible);
    ``db``: accepted for the registry's interface, unused (the clones carry their card data).
    Raises ``ValueError`` for a budget below 1.
    """

    name = "mcts"
    needs_view = True
    needs_sampler = True

    def __init__(self, seed: int = 0, iterations: int | None = None, ms: float | None = None, db=None,
                 *, horizon: int = HORIZON, exploration: float = EXPLORATION) -> None:
        super().__init__(seed)
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
    def from_spec(cls, arg: str, seed: int = 0, db=None) -> "MCTSAgent":
        """Build from the part after ``mcts:`` in an agent name: ``"500"`` (iterations) or ``"80ms"``.

        Raises :class:`~tcgsim.errors.UserError` for anything else.
        """
        text = arg.strip().lower()
        try:
            if text.endswith("ms"):
                value = float(text[:-2])
                if value > 0:
                    return cls(seed, ms=value, db=db)
            else:
                value = int(text)
                if value >= 1:
                    return cls(seed, iterations=value, db=db)
        except ValueError:
            pass
        raise UserError(f"bad MCTS budget {arg!r}: use mcts:N (iterations, e.g. mcts:500) or mcts:Nms (e.g. mcts:80ms)")

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
            return policy(sampler(self.rng), decision)
        self.searched += 1
        return self._search(sampler, decision)

    # ------------------------------------------------------------------ search
    def _search(self, sampler, decision: Decision) -> int:
        rng = self.rng
        root = _Node(decision.player)
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        budget = self.iterations if deadline is None else 1 << 30
        first = sampler(rng)
        root_keys = [_key(first, o) for o in decision.options]
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
            keys = {i: _key(g, opts[i]) for i in cand}
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
        value = rollout(g, limit, rng)
        root.n += 1
        for nd in path:
            nd.n += 1
            nd.w += value if nd.player == 0 else 1.0 - value


# ---------------------------------------------------------------------- option keys
_HAND_CARD_KINDS = frozenset({"play", "event"})


def _key(g, o: tuple):
    """A key naming option ``o`` the same way in every determinization: cards from a hand (whose ids
    depend on the sample) by card number, field cards (visible, fixed ids) by id."""
    k = o[0]
    if k in _HAND_CARD_KINDS:
        return (k, g.t.numbers[o[1]])
    if k == "counter":
        return (k, g.t.numbers[o[1]], o[2])
    if k in ("choose", "order", "trash", "effect"):
        numbers = g.t.numbers
        return (k,) + tuple(x if g.on_field(x) else numbers[x] for x in o[1:2 if k == "effect" else None]) + \
            (o[2:] if k == "effect" else ())
    return o


# ---------------------------------------------------------------------- candidates
def candidates(g, d: Decision) -> list[int]:
    """The option indices of ``d`` the tree searches (never empty). All options, except that wasted or
    redundant ones are left out: Counters on a card that is not in the battle; attacks that do not win
    now (DON!! is given first, as a separate option); and DON!! giving other than, for each attacker,
    the DON!! it needs to beat one of its targets, one or two more (against Counters), or all of them."""
    opts = d.options
    kind = d.kind
    if kind == "counter" and g.battle is not None:
        target = g.battle[1]
        keep = [i for i, o in enumerate(opts) if o[0] != "counter" or o[2] == target]
        return keep or list(range(len(opts)))
    if kind != "main":
        return list(range(len(opts)))
    avail = g.players[g.active].don_active
    pw: dict = {}
    keep = []
    gives = []
    wanted = set()
    for i, o in enumerate(opts):
        k = o[0]
        if k == "attack":
            a, t = o[1], o[2]
            if a not in pw:
                pw[a] = power(g, a)
                wanted.add((avail, a))
            if t not in pw:
                pw[t] = power(g, t)
            gap = pw[t] - pw[a]
            if gap <= 0:
                keep.append(i)
            n0 = max(0, -(-gap // 1000))
            wanted.update(((n0, a), (n0 + 1, a), (n0 + 2, a)))
        elif k == "give":
            gives.append(i)
        else:
            keep.append(i)
    keep += [i for i in gives if (opts[i][1], opts[i][2]) in wanted]
    keep.sort()
    return keep or list(range(len(opts)))


# ---------------------------------------------------------------------- rollouts
def rollout(g, limit: int, rng: Rng | None = None) -> float:
    """Play ``g`` (a determinized clone, modified in place) with :func:`policy` until the game ends or
    turn ``limit`` starts; return player 0's winning chances in [0, 1] (:func:`evaluate`). ``rng`` (the
    agent's stream) makes the few random choices of the policy."""
    while g.winner is None and g.turn < limit:
        d = g.pending
        g.apply_index(policy(g, d, rng) if len(d.options) > 1 else 0)
    return evaluate(g)


def evaluate(g) -> float:
    """Player 0's winning chances in [0, 1]: 1/0/0.5 for a finished game (won/lost/draw), otherwise a
    logistic function of the difference of the two sides' material (:func:`material`)."""
    w = g.winner
    if w is not None:
        return 1.0 if w == 0 else 0.0 if w == 1 else 0.5
    x = (material(g, 0) - material(g, 1)) / SCALE
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def material(g, i: int) -> float:
    """Player ``i``'s material in Life units: Life (concave: the last cards count most), cards and
    Counter values in hand, Characters on the field (power, [Blocker]; a rested one of the player about
    to be attacked counts less), DON!! in play, minus a penalty for a deck about to run out."""
    p = g.players[i]
    defs = g.t.defs
    life = len(p.life)
    s = LIFE_VALUE[life] if life < len(LIFE_VALUE) else LIFE_VALUE[-1] + 0.4 * (life - len(LIFE_VALUE) + 1)
    counters = 0
    for c in p.hand:
        counters += defs[c].counter or 0
    s += HAND_CARD * len(p.hand) + COUNTER_PER_1000 * counters / 1000
    exposed = i != g.active
    rested = g.rested
    for c in p.characters:
        d = defs[c]
        v = BOARD_CARD + BOARD_PER_1000 * (d.power or 0) / 1000
        if d.keywords & KW_BLOCKER:
            v += BLOCKER_BONUS
        if exposed and rested[c]:
            v *= RESTED_FACTOR
        s += v
    s += DON_CARD * (p.don_total - p.don_deck)
    if len(p.deck) < 5:
        s -= (5 - len(p.deck)) * 0.8
    return s


# ---------------------------------------------------------------------- the rollout policy
def policy(g, d: Decision, rng: Rng | None = None) -> int:
    """A fast rule-of-thumb answer to ``d`` from the state of ``g`` (a clone: its hidden cards are a
    sample), in the spirit of :class:`~tcgsim.agents.heuristic.HeuristicAgent` but without views. With
    ``rng``, a [Main] Event is played only half of the time (its effect is not judged)."""
    kind = d.kind
    opts = d.options
    if kind == "main":
        return _main(g, opts, rng)
    if kind == "counter":
        return _counter(g, opts)
    if kind == "block":
        return _block(g, opts)
    if kind == "keep":
        return _keep(g, d.player, opts)
    if kind == "trash":
        best, bi = 99, 0
        for i, o in enumerate(opts):
            c = (g.t.defs[o[1]].cost or 0) if len(o) > 1 and isinstance(o[1], int) else 99
            if c < best:
                best, bi = c, i
        return bi
    for want in (("first",), ("trigger",), ("yes",)):
        if want in opts:
            return opts.index(want)
    for i, o in enumerate(opts):
        if o[0] != "choose_none":
            return i
    return 0


def _keep(g, player: int, opts) -> int:
    defs = g.t.defs
    cheap = sum(1 for c in g.players[player].hand if defs[c].category == CHARACTER and (defs[c].cost or 0) <= CHEAP_COST)
    want = ("keep",) if cheap >= 2 else ("mulligan",)
    return opts.index(want) if want in opts else 0


def _main(g, opts, rng: Rng | None) -> int:
    me = g.active
    p = g.players[me]
    defs = g.t.defs
    end = len(opts) - 1
    best_play, best_play_key, stage, event, activate = -1, None, -1, -1, -1
    gives: dict = {}
    attacks = []
    room = len(p.characters) < MAX_CHARACTERS
    for i, o in enumerate(opts):
        k = o[0]
        if k == "attack":
            attacks.append((i, o[1], o[2]))
        elif k == "give":
            gives[(o[1], o[2])] = i
        elif k == "play":
            dd = defs[o[1]]
            cat = dd.category
            if cat == CHARACTER:
                if room:
                    key = (dd.cost or 0, dd.power or 0)
                    if best_play_key is None or key > best_play_key:
                        best_play, best_play_key = i, key
            elif cat == STAGE:
                if stage < 0:
                    stage = i
            elif cat == EVENT and event < 0:
                event = i
        elif k == "activate":
            if activate < 0:
                effects = defs[o[1]].effects
                eff = effects[o[2]] if 0 <= o[2] < len(effects) else None
                if eff is not None and not eff.costs:
                    activate = i
        elif k == "end":
            end = i
    if best_play >= 0:
        return best_play
    if stage >= 0 and p.stage < 0:
        return stage
    if activate >= 0:
        return activate
    if event >= 0 and g.players[1 - me].characters and (rng is None or rng.below(2)):
        return event
    if not attacks:
        return end
    pw: dict = {}
    for _, a, t in attacks:
        if a not in pw:
            pw[a] = power(g, a)
        if t not in pw:
            pw[t] = power(g, t)
    opp_leader = g.players[1 - me].leader
    avail = p.don_active
    if avail:
        beats = {}
        for _, a, t in attacks:
            beats[a] = beats.get(a, False) or pw[a] >= pw[t]
        best = None
        for _, a, t in attacks:
            if beats[a]:
                continue
            n = -(-(pw[t] - pw[a]) // 1000)
            key = (n, 0 if t == opp_leader else 1)
            if n <= avail and (n, a) in gives and (best is None or key < best[0]):
                best = (key, gives[(n, a)])
        if best is not None:
            return best[1]
        on_leader = [a for _, a, t in attacks if t == opp_leader and pw[a] >= pw[t]]
        if on_leader:
            target = p.leader if p.leader in on_leader else on_leader[0]
            if (avail, target) in gives:
                return gives[(avail, target)]
    best = None
    for i, a, t in attacks:
        if pw[a] < pw[t]:
            continue
        if t == opp_leader:
            score = 2
        else:
            score = 3 if (defs[t].cost or 0) >= VALUABLE_COST else 1
        if best is None or score > best[0]:
            best = (score, i)
    return best[1] if best is not None else end


def _threat(g, d: int) -> tuple[bool, bool, int, int]:
    """For defender ``d``: (the attack must be stopped, the target is the Leader, the target's cost, the
    power missing to stop it)."""
    b = g.battle
    if b is None:
        return False, False, 0, 0
    ap, tp = power(g, b[0]), power(g, b[1])
    if ap < tp:
        return False, False, 0, 0
    target = b[1]
    p = g.players[d]
    if target == p.leader:
        return len(p.life) <= 1, True, 0, ap - tp + 1
    cost = g.t.defs[target].cost or 0
    return cost >= VALUABLE_COST, False, cost, ap - tp + 1


def _block(g, opts) -> int:
    no = opts.index(("noblock",)) if ("noblock",) in opts else len(opts) - 1
    stop, at_leader, target_cost, _ = _threat(g, 1 - g.active)
    if not stop:
        return no
    attack = power(g, g.battle[0])
    survivors, others = [], []
    defs = g.t.defs
    for i, o in enumerate(opts):
        if o[0] != "block":
            continue
        cost = defs[o[1]].cost or 0
        (survivors if power(g, o[1]) > attack else others).append((cost, i))
    if survivors:
        return min(survivors)[1]
    sacrifice = [c for c in others if at_leader or c[0] < target_cost]
    return min(sacrifice)[1] if sacrifice else no


def _counter(g, opts) -> int:
    done = opts.index(("endcounter",)) if ("endcounter",) in opts else len(opts) - 1
    d = 1 - g.active
    stop, _, _, need = _threat(g, d)
    if not stop:
        return done
    target = g.battle[1]
    defs = g.t.defs
    cands = []
    event = -1
    for i, o in enumerate(opts):
        if o[0] == "counter":
            if o[2] == target:
                cands.append((defs[o[1]].counter or 0, i))
        elif o[0] == "event" and event < 0:
            event = i
    enough = [c for c in cands if c[0] >= need]
    if enough:
        return min(enough)[1]
    if event >= 0:
        return event
    if not cands:
        return done
    total = sum(defs[c].counter or 0 for c in g.players[d].hand if defs[c].category == CHARACTER)
    return max(cands)[1] if total >= need else done
