"""Creating a game and the game setup (rule 5-2): shuffle, choose first or second, start-of-game
effects, opening hands and mulligan, Life."""

from __future__ import annotations

from ...core.machine import handler_registry
from ...core.rng import derive_seed
from ...core.setup import keep_or_mulligan
from ..cards.model import CardDef
from .engine import Game
from .serialize import tables_for
from .state import Tables
from .zones import draw, shuffle_deck
from .card_effects import START_OF_GAME

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""

OPENING_HAND = 5  # rule 5-2-1-6


def build_tables(cards: list[tuple[CardDef, int]], custom: dict[str, CardDef] | None = None) -> Tables:
    """Card tables for a game: ``cards`` is a list of ``(definition, owner)``; a card's id is its index."""
    return Tables([c for c, _ in cards], [o for _, o in cards], custom)


def new_game(deck_a, deck_b, db, seed: int = 0, *, first: int | None = None, log: bool = False) -> Game:
    """A new game between two validated decks (:class:`~tcgsim.onepiece.cards.decklist.Deck`), run up
    to its first decision.

    ``seed`` feeds the game's own random stream (shuffles, the first-player pick). With ``first`` given
    (0 or 1) that player goes first and the first-or-second decision is not asked (a runner that
    alternates seats uses it); otherwise a random player is asked ``first``/``second`` (rule 5-2-1-4).
    ``db`` resolves card numbers (CardDatabase); raises ``UnknownCardError`` for an unknown number.
    """
    numbers: list[str] = []
    owners: list[int] = []
    starts = []
    for owner, deck in enumerate((deck_a, deck_b)):
        starts.append(len(numbers))
        numbers.append(deck.leader)
        for number, count in deck.main:
            numbers.extend([number] * count)
        owners.extend([owner] * (len(numbers) - starts[-1]))
    starts.append(len(numbers))
    # the card tables of these two decks are built once per database (serialize.tables_for)
    g = Game(tables_for(numbers, owners, {}, db), seed=derive_seed(seed, "game"))
    if log:
        g.log = []
    for owner in (0, 1):
        p = g.players[owner]
        lo, hi = starts[owner], starts[owner + 1]
        p.leader = lo
        p.deck = list(range(hi - 1, lo, -1))  # top card last
        p.don_total = p.don_deck = g.t.defs[lo].don_deck_size
    g.stack.append(("setup", -1 if first is None else first))
    g.run()
    return g


def setup(g, frame, choice) -> None:
    """Rules 5-2-1-2 to 5-2-1-4: shuffle both decks; a random player chooses to go first or second."""
    g.phase = "setup"
    for p in g.players:
        g.rng.shuffle(p.deck)
    g.stack.pop()
    if frame[1] in (0, 1):
        _start(g, frame[1])
    else:
        g.stack.append(("choose_first", g.rng.below(2)))


handler("setup", setup)


def choose_first(g, frame, choice) -> None:
    """Rule 5-2-1-5: the chosen player decides to go first or second."""
    chooser = frame[1]
    if choice is None:
        g.phase = "setup"
        choice = g.ask(chooser, "first", [("first",), ("second",)])
        if choice is None:
            return
    g.stack.pop()
    g.emit(None, f"p{chooser + 1} chooses to go {choice[0]}")
    _start(g, chooser if choice[0] == "first" else 1 - chooser, chooser)


handler("choose_first", choose_first)


def _start(g, first: int, chooser: int | None = None) -> None:
    """Start the game with ``first`` going first; ``chooser`` is the player who chose first or second
    (rule 5-2-1-5), ``first`` when nobody was asked."""
    g.first = first
    g.active = first
    second = 1 - first
    g.stack.extend((
        ("turn",),
        ("place_life",),
        ("mulligan", second),
        ("mulligan", first),
        ("opening_draw",),
        ("start_of_game", first if chooser is None else chooser),
    ))


def start_of_game(g, frame, choice) -> None:
    """Rule 5-2-1-5-1: Leader effects "at the start of the game": those of the player who chose to go first
    or second resolve first (whether they chose first or second), then the other player's."""
    g.stack.pop()
    chooser = frame[1] if len(frame) > 1 else g.first
    if any(g.fx.auto_effects(g, START_OF_GAME, (p.leader,)) for p in g.players):
        # 5-2-1-5-2: below the effects, so it runs once they have resolved
        g.stack.append(("start_of_game_shuffle", *(len(p.deck) for p in g.players)))
    # Queued in resolution order (interpreter.start_effect).
    g.fx.fire(g, START_OF_GAME, (g.players[chooser].leader,))
    g.fx.fire(g, START_OF_GAME, (g.players[1 - chooser].leader,))


handler("start_of_game", start_of_game)


def start_of_game_shuffle(g, frame, choice) -> None:
    """Rule 5-2-1-5-2: a deck that an "At the start of the game" effect changed is shuffled by its owner.
    ``frame``: the name, then each player's deck size before the effects (an effect that plays from or adds
    to a deck changes its size)."""
    g.stack.pop()
    for player, size in enumerate(frame[1:]):
        if len(g.players[player].deck) != size:
            shuffle_deck(g, player)


handler("start_of_game_shuffle", start_of_game_shuffle)


def opening_draw(g, frame, choice) -> None:
    """Rule 5-2-1-6: each player draws 5 cards."""
    g.stack.pop()
    for i in (g.first, 1 - g.first):
        draw(g, i, OPENING_HAND)


handler("opening_draw", opening_draw)


def mulligan(g, frame, choice) -> None:
    """Rule 5-2-1-6-1: starting with the first player, each may once return the whole hand, shuffle and
    draw 5 new cards."""
    keep_or_mulligan(g, frame[1], choice, shuffle_deck, _draw_opening_hand)


handler("mulligan", mulligan)


def _draw_opening_hand(g, player: int) -> None:
    draw(g, player, OPENING_HAND)


def place_life(g, frame, choice) -> None:
    """Rules 5-2-1-7, 2-9-2-1: each player places cards equal to the Leader's Life face down from the
    deck top, one at a time, so the deck's top card ends at the bottom of Life; turn 1 begins (5-2-1-8)."""
    g.stack.pop()
    for i in (g.first, 1 - g.first):
        p = g.players[i]
        for _ in range(g.t.defs[p.leader].life or 0):
            if p.deck:
                p.life.append(p.deck.pop())
    g.turn = 1
    g.active = g.first


handler("place_life", place_life)
