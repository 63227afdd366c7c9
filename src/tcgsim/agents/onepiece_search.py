"""What the MCTS agent knows of the ONE PIECE CARD GAME (:class:`tcgsim.agents.mcts.GameKnowledge`).

Option keys that name the same action in every determinization, the options worth searching (wasted
Counters and DON!! gifts left out), the rollout policy (the heuristic agent's rules of thumb read from the
clone's state) and the evaluation of a position by material (Life, hand, board, DON!!). The weights are
hand-set; ``benchmarks/strength.py`` measures the result.
"""

from __future__ import annotations

from ..core.decision import Decision
from ..core.rng import Rng
from .mcts import win_chance
from ..onepiece.cards.model import CHARACTER, EVENT, KW_BLOCKER, STAGE
from ..onepiece.rules.continuous import counter, power, reading

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



# ---------------------------------------------------------------------- option keys
_HAND_CARD_KINDS = frozenset({"play", "event"})


def key(g, o: tuple):
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
    with reading(g):  # powers of a state only read: its permanent effects found once
        return _main_candidates(g, opts)


def _main_candidates(g, opts) -> list[int]:
    """:func:`candidates` of a ``main`` decision with options ``opts``."""
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


# ---------------------------------------------------------------------- evaluation
def evaluate(g) -> float:
    """Player 0's winning chances in [0, 1] (:func:`~tcgsim.agents.mcts.win_chance` of :func:`material`)."""
    return win_chance(g, material, SCALE)


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
        counters += counter(g, c)  # the current value: an effect may set it (e.g. OP16-118)
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
    # the choices that compare powers only read the clone: its permanent effects are found once (``reading``)
    if kind == "main":
        with reading(g):
            return _main(g, opts, rng)
    if kind == "counter":
        with reading(g):
            return _counter(g, opts)
    if kind == "block":
        with reading(g):
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
                    rank = (dd.cost or 0, dd.power or 0)
                    if best_play_key is None or rank > best_play_key:
                        best_play, best_play_key = i, rank
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
                cands.append((counter(g, o[1]), i))
        elif o[0] == "event" and event < 0:
            event = i
    enough = [c for c in cands if c[0] >= need]
    if enough:
        return min(enough)[1]
    if event >= 0:
        return event
    if not cands:
        return done
    total = sum(counter(g, c) for c in g.players[d].hand if defs[c].category == CHARACTER)
    return max(cands)[1] if total >= need else done
