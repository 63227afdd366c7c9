"""Creating a game and the setup (seed §Préparation de la partie)."""

from __future__ import annotations

from ...core.rng import derive_seed
from ...core.setup import keep_or_mulligan
from .choices import MAX_TURNS
from .engine import HAND_SIZE, Game, Tables
from .frames import handler_table

HANDLERS, handler = handler_table()
"""This module's frame handlers (installed into the game's table by ``frames.install``)."""

SOUL_POINTS = 6
"""seed §Préparation: « Les 6 premières cartes du deck sont placées face cachée dans la Zone de points d'Ame »."""


def new_game(deck_a, deck_b, db, seed: int = 0, first: int | None = None, log: bool = False,
             max_turns: int | None = MAX_TURNS) -> Game:
    """A new game of ``deck_a`` (p1) against ``deck_b`` (p2) (:class:`~tcgsim.bleach.deck.Deck`), run to its
    first decision. ``first`` (0/1) forces who starts (no ``first`` decision); ``log`` keeps the referee log;
    ``max_turns``: the game is a draw after that many turns (``None``: no limit, for a person's game).
    Card ids per player: the starting Ame Principale, then the Zanpakutô, then the rest of the deck.
    Raises :class:`~tcgsim.errors.UserError` for an unknown card number."""
    defs, owners, starts = [], [], []
    for owner, deck in enumerate((deck_a, deck_b)):
        starts.append(len(defs))
        cards = [deck.leader, deck.zanpakuto]
        removed = False
        for number, count in deck.main:
            for _ in range(count):
                if number == deck.leader and not removed:
                    removed = True
                    continue
                cards.append(number)
        defs.extend(db.get(n) for n in cards)
        owners.extend(owner for _ in cards)
    starts.append(len(defs))
    g = Game(Tables(defs, owners), seed=derive_seed(seed, "bleach-game"))
    g.max_turns = max_turns
    if log:
        g.log = []
    for owner in (0, 1):
        lo, hi = starts[owner], starts[owner + 1]
        p = g.players[owner]
        p.start = lo
        p.zanpakuto = lo + 1
        p.deck = list(range(hi - 1, lo + 1, -1))
    g.stack.append(("setup", -1 if first is None else first))
    g.run()
    return g


@handler("setup")
def setup(g: Game, frame, choice) -> None:
    """seed §Préparation: the chosen starting Ame Principale is placed face down, the Zanpakutô set aside;
    each deck is shuffled; 6 cards face down to the Zone de points d'Ame; 6-card hands; then each player
    (p1 then p2) keeps or mulligans once, and a random player chooses who starts.

    Frame ``("setup", first)`` or ``("setup", first, shuffle)``: ``shuffle`` false keeps the decks in their
    given order (scenario files, :func:`tcgsim.bleach.scenario.build_game`); a mulligan still shuffles."""
    g.stack.pop()
    shuffle = frame[2] if len(frame) > 2 else True
    for i, p in enumerate(g.players):
        p.souls.append(p.start)
        g.face_up[p.start] = 0
        p.aside.append(p.zanpakuto)
        if shuffle:
            g.rng.shuffle(p.deck)
        for _ in range(SOUL_POINTS):
            p.soul.append(p.deck.pop())
        g.draw(i, HAND_SIZE)
    g.stack.extend((("begin", frame[1]), ("keep", 1), ("keep", 0)))


@handler("keep")
def keep(g: Game, frame, choice) -> None:
    """seed §Préparation: « une et une seule fois, ... les remettre dans son deck, le mélanger puis piocher 6
    nouvelles cartes » — the soul points are not taken back."""
    keep_or_mulligan(g, frame[1], choice, _shuffle_deck, _draw_hand)


def _shuffle_deck(g: Game, player: int) -> None:
    g.rng.shuffle(g.players[player].deck)


def _draw_hand(g: Game, player: int) -> None:
    g.draw(player, HAND_SIZE)


@handler("begin")
def begin(g: Game, frame, choice) -> None:
    """seed §Préparation: « On détermine aléatoirement un joueur qui décidera s'il souhaite commencer ».

    Frame ``("begin", x)``: ``x`` is 0/1 when ``new_game(first=...)`` forced the first player, -1 before the
    random pick, ``10 + chooser`` once the chooser is drawn (so the pick survives a clone/serialization)."""
    forced = frame[1]
    if forced in (0, 1):
        g.stack.pop()
        _start(g, forced)
        return
    chooser = forced if forced >= 10 else None
    if chooser is None:
        chooser = 10 + g.rng.below(2)
        g.stack[-1] = ("begin", chooser)
    if choice is None:
        choice = g.ask(chooser - 10, "first", [("first",), ("second",)])
        if choice is None:
            return
    g.stack.pop()
    g.emit(None, f"p{chooser - 9} chooses to go {choice[0]}")
    _start(g, chooser - 10 if choice[0] == "first" else 11 - chooser)


def _start(g: Game, first: int) -> None:
    """seed §Préparation: « les deux cartes Ame Principale déjà posées sur le terrain sont retournées face
    visible »; the first player is the Attaquant of turn 1."""
    g.first = first
    g.active = first
    for p in g.players:
        g.face_up[p.start] = 1
        g.emit(None, f"p{g.t.owner[p.start] + 1} reveals the starting Ame Principale {g.t.numbers[p.start]}")
    g.stack.append(("turn_start",))
