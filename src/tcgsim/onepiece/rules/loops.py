"""Infinite loops (rule 11-1): found by a repeated game state, ended as rules 11-1-1-1..11-1-1-3 say.

Rule 11-1-1: an action that can be or must be carried out infinitely is an **infinite loop**; one cycle
of it is a **loop action**. The engine recognizes a loop when the game comes back to exactly the same
state (:func:`state_key`: all cards in all areas, their status, the continuous effects, the frame stack,
the seeded stream and the pending decision; not the log, the answer history or the step counter). The
game is deterministic, so the same state with the same answers repeats forever.

- **Nobody can stop it** (11-1-1-1): the state repeats with no decision answered in between (every
  decision of the cycle had a single option, taken without asking). Checked only once the engine has run
  :data:`QUIET_STEPS` steps without a player's answer (no legal processing comes near it), so that normal
  play pays nothing for it. The game ends in a draw, ``end_reason`` ``"loop"``. So it does when every
  decision of the cycle is no choice to stop it: each option offered leads straight (no other answer) back
  to a decision point of the cycle (tried on clones when the cycle is found). An option leading anywhere
  else is taken as a way to stop the loop.
- **One player can stop it** (11-1-1-2): a decision point (a pending decision and the state) comes back
  and only one player answered a decision of the cycle that is a choice to stop it (at least two options,
  not all of them straight back into the cycle). That player is asked a ``loop_count`` decision, options
  ``("loop_count", n)`` for n in 1..\\ :data:`MAX_LOOP_COUNT`: how many times the loop action is carried
  out, the one just carried out included. The engine carries out the remaining n - 1 by replaying that
  player's answers, and stops at the decision where the player can stop the loop, the one that started
  it; there the answer that restarted the loop is no longer offered (removed from the options unless it
  is the only one: "unless they are forced to do so").
- **Both players can stop it** (11-1-1-3): the turn player names a count first, then the non-turn
  player; the loop action is carried out the fewer of the two times, and stops at the first decision of
  the cycle where the player who named the fewer (the turn player on a tie) can stop it, with that
  answer removed as above.
- **Not a loop**: a cycle through the turn player's Main Phase decision. Main Phase actions may be carried
  out "in any order and as many times as you wish" (6-5-2) and the turn player ends the phase when they
  choose (6-5-2-1): activating an effect that changes nothing, again and again, is allowed. Loops of rule
  11-1 are those within the processing between two Main Phase decisions (an effect, a battle, a phase).

A ``loop_count`` decision is answered like any other (``apply_index``); its log line and the game-over
line cite the rule. The watch is not serialized (``Game.to_dict``): a game rebuilt from its dict starts a
new watch. Loops whose state grows each cycle (a power that rises by 1000 every time) or is shuffled never
repeat a state; a mandatory one is ended in a draw after half the step guard (core/machine.py ``MAX_STEPS``)
of steps with no answer, one with choices is not recognized. The
frames of an effect in progress carry its instance number, given as it starts: a decision inside an effect
that each cycle starts anew never repeats exactly, so such a loop is recognized at its decisions outside
any effect in progress, or not at all.
"""

from __future__ import annotations

from ...core.decision import Decision
from ...core import machine
from ...core.machine import IllegalAction

QUIET_STEPS = 5_000
"""Steps run without a player's answer after which the engine looks for a repeated state (11-1-1-1)."""

MAX_LOOP_COUNT = 20
"""The largest number of loop actions a player may name (11-1-1-2, 11-1-1-3); the options are 1..20."""

MAIN = "main"
"""The kind of the turn player's Main Phase decision: a cycle through it is not a loop (6-5-2)."""

LOOP_COUNT = "loop_count"
"""The kind of the decision naming how many times a loop action is carried out."""


def state_key(g) -> int:
    """A hash of everything that decides how the game goes on from here: the areas of both players (ordered
    card ids, DON!! counts), each card's status (rested, given DON!!, turn played, face-up), continuous
    modifiers, the battle, the frame stack, cards in no zone, effects used this turn, effects' scratch data,
    the seeded stream and the pending decision. Not the log, the answer history, the step counter, the
    next effect-instance number or the keys of the effects' scratch data (which only count up)."""
    players = tuple(
        (p.leader, tuple(p.deck), tuple(p.hand), tuple(p.trash), tuple(p.life), tuple(p.characters), p.stage,
         p.don_deck, p.don_active, p.don_rested, p.don_total, p.first_turn_done, p.damaged_at_zero,
         p.deck_out_turn)
        for p in g.players)
    pending = None if g.pending is None else (g.pending.player, g.pending.kind, g.pending.options)
    ctx = tuple(sorted(repr(v) for v in g.ctx.values())) if g.ctx else ()
    rest = (tuple(g.mods), g.battle, tuple(g.stack), g.upcoming)
    try:
        rest = hash(rest)
    except TypeError:  # a frame or modifier holding a list
        rest = repr(rest)
    return hash((players, g.turn, g.active, g.phase, bytes(g.rested), tuple(g.given), tuple(g.played),
                 bytes(g.face_up), rest, tuple(g.limbo), tuple(sorted(g.once)), ctx, g.rng.state, pending))


def _key(g) -> int:
    """:func:`state_key` of the pending decision point, computed once per decision (kept in the watch)."""
    w = g.loops
    if w.shown is not None and w.shown[0] is g.pending:
        return w.shown[2]  # a decision with a restarting answer removed: the point is the full decision's
    token = (g.steps, len(g.history), id(g.pending))
    if w.cached[0] != token:
        w.cached = (token, state_key(g))
    return w.cached[1]


class LoopWatch:
    """One game's record for loop detection (rule 11-1).

    ``quiet``: the step count at the last answer; ``seen``: state key → step, filled only after
    :data:`QUIET_STEPS` quiet steps; ``points``: decision-point key → index in ``trail``; ``trail``: the
    answered decisions of this turn as ``(key, player, kind, index, option count)``; ``replay``: answers still
    to give for the loop actions a player named; ``counts``: the counts named so far for the loop found;
    ``cycle``: that loop's part of ``trail``; ``stoppers``: who can stop it (turn player first);
    ``forbidden``: ``(key, index)`` answers that would restart a finished loop; ``saved``: the decision
    waiting while players name their counts (the full one, as the machine asked it); ``stop``: the answer
    forbidden once the replay is done; ``cached``: the key of the current decision point and when it was
    computed; ``shown``: ``(offered, full, key, kept)`` when the pending decision ``offered`` is ``full``
    with the restarting answers removed (``key``: ``full``'s point; ``kept``: the index in ``full`` of each
    option offered), or None. Keys and indices in ``trail``, ``points`` and ``forbidden`` are always those
    of the full decision, so a point is the same point whether or not answers were removed."""

    __slots__ = ("quiet", "seen", "points", "trail", "turn", "replay", "counts", "cycle", "stoppers",
                 "forbidden", "saved", "stop", "cached", "shown")

    def __init__(self) -> None:
        self.quiet = 0
        self.seen: dict[int, int] = {}
        self.points: dict[int, int] = {}
        self.trail: list[tuple[int, int, str, int, int]] = []
        self.turn = -1
        self.replay: list[int] = []
        self.counts: list[int] = []
        self.cycle: list[tuple[int, int, str, int, int]] = []
        self.stoppers: list[int] = []
        self.forbidden: set[tuple[int, int]] = set()
        self.saved: Decision | None = None
        self.stop: tuple[int, int] | None = None
        self.cached: tuple = (None, 0)
        self.shown: tuple | None = None

    def clone(self) -> "LoopWatch":
        w = LoopWatch.__new__(LoopWatch)
        w.quiet = self.quiet
        w.seen = dict(self.seen)
        w.points = dict(self.points)
        w.trail = self.trail[:]
        w.turn = self.turn
        w.replay = self.replay[:]
        w.counts = self.counts[:]
        w.cycle = self.cycle[:]
        w.stoppers = self.stoppers[:]
        w.forbidden = set(self.forbidden)
        w.saved = self.saved
        w.stop = self.stop
        w.cached = (None, 0)
        w.shown = self.shown
        return w


def check_quiet(g) -> None:
    """After every step (``Game.check``): once :data:`QUIET_STEPS` steps ran without an answer, a state
    seen before in that stretch is a loop neither player can stop, and the game is a draw (11-1-1-1); so is
    a stretch of half the step guard (``core.machine.MAX_STEPS // 2``) with no answer, whose state grows or is
    shuffled and so never repeats (11-1-1: an action that "must be carried out infinitely")."""
    w = g.loops
    quiet = g.steps - w.quiet
    if quiet <= QUIET_STEPS:
        return
    if quiet > machine.MAX_STEPS // 2:
        # a mandatory processing this long with no decision is carried out "infinitely" (11-1-1) though its
        # state never repeats exactly (it grows, or shuffles): nobody can stop it, a draw, not the step guard
        _draw(g)
        return
    key = state_key(g)
    if key in w.seen:
        _draw(g)
        return
    w.seen[key] = g.steps


def _draw(g) -> None:
    """Rule 11-1-1-1: the game ends in a draw (``end_reason`` ``"loop"``)."""
    g.pending = None
    g.winner = g.DRAW
    g.end_reason = "loop"
    g.phase = "over"
    g.emit(None, "game over: draw (loop): an infinite loop neither player can stop (11-1-1-1)", ("11-1-1-1",))


def before_answer(g, index: int) -> None:
    """Before ``index`` answers the pending decision: record the decision point and the answer (this turn
    only; a new turn changes the state anyway). Raises :class:`IllegalAction` (rule 11-1-1-2) for an
    answer that restarts a loop already carried out, when another answer exists. An index out of range is
    not recorded (``Machine.apply_index`` refuses it)."""
    w = g.loops
    d = g.pending
    if d is None or type(index) is not int or not 0 <= index < len(d.options):
        return
    w.quiet = g.steps
    if w.seen:
        w.seen.clear()
    if d.kind == MAIN or w.turn != g.turn:
        # a cycle through a Main Phase decision is not a loop (6-5-2): the record starts again after it
        w.turn = g.turn
        if w.trail:
            w.points.clear()
            w.trail.clear()
        if d.kind == MAIN:
            return
    key = _key(g)
    if w.shown is not None and w.shown[0] is d:
        index = w.shown[3][index]  # the answer's index in the full decision
    if (key, index) in w.forbidden and len(d.options) > 1:
        raise IllegalAction("11-1-1-2: the loop was carried out the number of times declared and cannot be "
                            "restarted by choice", "11-1-1-2",
                            "11-1-1-2: a player cannot choose to restart an infinite loop already carried out")
    w.points.setdefault(key, len(w.trail))
    w.trail.append((key, d.player, d.kind, index, len(d.options)))


def after_answer(g) -> None:
    """After an answer was applied and the game ran to its next decision: give the loop actions still owed
    (11-1-1-2, 11-1-1-3), or, if this decision point was reached before in this turn, treat the answers
    in between as a loop action; remove an answer that would restart a finished loop."""
    w = g.loops
    if w.replay:
        while w.replay and g.pending is not None and g.winner is None:
            index = w.replay.pop(0)
            before_answer(g, index)
            g.machine_apply(index)
        w.replay.clear()
        w.forbidden.add(w.stop)
        w.points.clear()  # the replayed loop actions are not a new loop
        w.trail.clear()
        if g.pending is not None and g.winner is None:
            _drop_forbidden(g, state_key(g))
        return
    if g.pending is None or g.winner is not None or g.pending.kind == MAIN or not (w.points or w.forbidden):
        return  # nothing to compare with (the record starts after the last Main Phase decision)
    key = _key(g)
    if w.forbidden:
        _drop_forbidden(g, key)
    start = w.points.get(key)
    if start is None:
        return
    cycle = _no_choice_to_stop(g, w.trail[start:])
    w.points.clear()
    w.trail.clear()
    chose = {player for _k, player, _kind, _i, n in cycle if n > 1}
    if not chose:  # every answer was forced: nobody can stop it
        _draw(g)
        return
    w.cycle = cycle
    w.stoppers = [p for p in (g.active, 1 - g.active) if p in chose]
    w.counts = []
    rule = "11-1-1-2" if len(w.stoppers) == 1 else "11-1-1-3"
    g.emit(None, f"infinite loop: p{w.stoppers[0] + 1} names how many times the loop action is carried out ({rule})",
           (rule,))
    w.saved = w.shown[1] if w.shown is not None and w.shown[0] is g.pending else g.pending  # the cycle's indices
    g.pending = Decision(w.stoppers[0], LOOP_COUNT, tuple((LOOP_COUNT, n) for n in range(1, MAX_LOOP_COUNT + 1)))


def _full(g) -> Decision:
    """The pending decision as the machine asked it (before restarting answers were removed)."""
    shown = g.loops.shown
    return shown[1] if shown is not None and shown[0] is g.pending else g.pending


def _continues(g, index: int, points: set) -> bool:
    """Whether answering ``index`` (of the offered decision) runs, with no other answer, to a decision point
    whose key is in ``points`` (a clone is answered; ``g`` is unchanged). The Main Phase, the game's end or
    any other decision point counts as leaving the loop."""
    t = g.clone()
    try:
        t.machine_apply(index)
    except (IllegalAction, machine.EngineError):
        return False
    return (t.winner is None and t.pending is not None and t.pending.kind != MAIN
            and state_key(t) in points)


def _no_choice_to_stop(g, cycle: list) -> list:
    """``cycle`` (trail entries ``(key, player, kind, index, option count)``, ``g`` at its first decision
    point) with each decision whose every offered option continues the loop marked forced (count 1): it is
    no choice to stop the loop (11-1-1-1, 11-1-1-2 "has the choice to stop"). An option continues it when it
    leads straight (no other answer) to a decision point of the cycle; an option leading anywhere else is
    taken as a way to stop it, so a player is never denied a choice the rules give. Replays the cycle on a
    clone; returns ``cycle`` unchanged if the replay does not follow it."""
    if all(n == 1 for *_e, n in cycle):
        return cycle
    points = {entry[0] for entry in cycle}
    c = g.clone()
    out = []
    for key, player, kind, index, n in cycle:
        if c.pending is None or c.winner is not None or _key(c) != key:
            return cycle
        full = _full(c)
        if n > 1 and all(_continues(c, i, points) for i, o in enumerate(c.pending.options)
                         if o != full.options[index]):
            n = 1
        out.append((key, player, kind, index, n))
        c.pending = full
        try:
            c.machine_apply(index)
        except (IllegalAction, machine.EngineError):
            return cycle
    return out


def answer_count(g, index: int) -> None:
    """Answer a ``loop_count`` decision with option ``index``. After the last stopper named theirs, the
    fewer count is carried out (11-1-1-3; the turn player's on a tie) and the game goes on to the decision
    where the player who named it can stop the loop. Raises :class:`IllegalAction` for an index out of
    range."""
    w = g.loops
    d = g.pending
    if type(index) is not int or not 0 <= index < len(d.options):
        raise IllegalAction(f"option {index!r} out of range: {len(d.options)} options")
    g.history.append(index)
    w.quiet = g.steps
    n = d.options[index][1]
    w.counts.append(n)
    rule = "11-1-1-2" if len(w.stoppers) == 1 else "11-1-1-3"
    g.emit(None, f"p{d.player + 1} names {n} loop action(s) ({rule})", (rule,))
    if len(w.counts) < len(w.stoppers):
        g.pending = Decision(w.stoppers[len(w.counts)], LOOP_COUNT, d.options)
        return
    fewer = min(w.counts)
    chooser = w.stoppers[w.counts.index(fewer)]
    g.pending, w.saved = w.saved, None
    # the loop action was carried out once already; then the rest, and the cycle up to the chooser's stop
    answers = [i for _k, _p, _kind, i, _n in w.cycle] * (fewer - 1)
    for key, player, _kind, i, n in w.cycle:
        if player == chooser and n > 1:
            w.stop = (key, i)  # forbidden once the owed loop actions are carried out
            break
        answers.append(i)
    w.replay = answers
    g.emit(None, f"the loop action is carried out {fewer} time(s) in all ({rule})", (rule,))
    if w.replay:
        after_answer(g)
    else:
        w.forbidden.add(w.stop)
        _drop_forbidden(g, state_key(g))


def _drop_forbidden(g, key: int) -> None:
    """At a decision point where an answer would restart a finished loop (11-1-1-2): offer the other
    answers only, unless that answer is the only one (the player is forced)."""
    d = g.pending
    kept = tuple(i for i in range(len(d.options)) if (key, i) not in g.loops.forbidden)
    if kept and len(kept) < len(d.options):
        g.pending = Decision(d.player, d.kind, tuple(d.options[i] for i in kept))
        g.loops.shown = (g.pending, d, key, kept)  # the point stays the full decision's (before_answer, _key)
