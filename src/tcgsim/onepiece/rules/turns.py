"""The sequence of turn players, with extra turns ("Then, take an extra turn after this one", OP05-119).

The Comprehensive Rules have no extra-turn rule: players alternate (6-6-1-4: the turn passes to the opponent).
An extra turn is built from the card's words: after this turn ends (its End Phase, 6-6), the player takes a
whole turn (Refresh, Draw, DON!!, Main, End: 6-1-1), and then the turn order goes on as it would have without
it (the player who would have taken the next turn takes it).

State (``Game``): ``upcoming``, the players of the next turns while they differ from plain alternation --
``()`` (the opponent is next), or ``(extra..., resume)``: the players of the extra turns still to come, in
order, then the player of the turn after them (the one who would have been next); after ``resume`` players
alternate again. ``extra_turns``: ``((turn number, player), ...)`` of the extra turns begun so far (the
history the per-player turn count is read from). Both are empty in a game without extra turns, which then
keeps its state fingerprint (rules/serialize.py stores them only when set).

Durations are turn numbers (continuous.py ``expire_turn``): :func:`next_turn_of` gives the number of a
player's next turn, and :func:`take_extra_turn` renumbers the durations already running for turns after
this one, so that each still ends with the same player's turn it named ("until the end of your opponent's
next turn" set before the extra turn is scheduled runs through the extra turn and the opponent's turn).
"""

from __future__ import annotations

from .continuous import END, START


def upcoming_players(g, n: int) -> list[int]:
    """The players of the next ``n`` turns after the current one, as the game stands now."""
    out = list(g.upcoming[:n])
    last = out[-1] if out else g.active
    while len(out) < n:
        last = 1 - last
        out.append(last)
    return out


def next_turn_of(g, player: int) -> int:
    """The number of the next turn after the current one whose turn player is ``player`` (in a game without
    extra turns: ``turn + 1`` for the opponent of the turn player, ``turn + 2`` for the turn player)."""
    seq = upcoming_players(g, len(g.upcoming) + 2)
    return g.turn + 1 + seq.index(player)


def take_extra_turn(g, player: int) -> None:
    """``player`` takes an extra turn after this one (after the extra turns already to come), then the turn
    order goes on as before. Durations already running for later turns are renumbered so that each ends with
    the same turn of the same player it named (the k-th next turn of that player)."""
    horizon = max([m.expire_turn - g.turn for m in g.mods if m.expires in (END, START)] + [0])
    before = upcoming_players(g, horizon + len(g.upcoming) + 2)
    if g.upcoming:
        g.upcoming = g.upcoming[:-1] + (player,) + g.upcoming[-1:]
    else:
        g.upcoming = (player, 1 - g.active)
    after = upcoming_players(g, len(before) + 1)
    if horizon <= 0:
        return
    renumber = {}
    for k, p in enumerate(before):
        nth = before[:k + 1].count(p)
        at = [i for i, q in enumerate(after) if q == p][nth - 1]
        renumber[g.turn + 1 + k] = g.turn + 1 + at
    g.mods = [m._replace(expire_turn=renumber[m.expire_turn])
              if m.expires in (END, START) and m.expire_turn in renumber else m for m in g.mods]


def pass_turn(g) -> None:
    """Rule 6-6-1-4, with extra turns: the next turn begins with its turn player -- the next of ``upcoming``
    when set (an extra turn, or the turn that resumes the order after them), else the opponent."""
    g.turn += 1
    if g.upcoming:
        nxt, g.upcoming = g.upcoming[0], g.upcoming[1:]
        if g.upcoming:  # not the last one, which resumes the order: an extra turn
            g.extra_turns = g.extra_turns + ((g.turn, nxt),)
        g.active = nxt
    else:
        g.active = 1 - g.active


def is_extra_turn(g) -> bool:
    """Whether the current turn is an extra turn."""
    return bool(g.extra_turns) and g.extra_turns[-1][0] == g.turn


def turn_players(g) -> list[int]:
    """The turn player of each turn so far, turn 1 first (the first player's; after an extra turn, the
    player who would have taken the turn after the last turn that was not an extra one)."""
    extra = dict(g.extra_turns)
    out: list[int] = []
    last_normal = 1 - g.first
    for n in range(1, g.turn + 1):
        if n in extra:
            out.append(extra[n])
        else:
            last_normal = 1 - last_normal
            out.append(last_normal)
    return out


def own_turn_number(g, player: int) -> int:
    """How many turns ``player`` (0/1) has begun, the current one included: 1 in their first turn."""
    if not g.extra_turns:
        return (g.turn + 1) // 2 if player == g.first else g.turn // 2
    return turn_players(g).count(player)
