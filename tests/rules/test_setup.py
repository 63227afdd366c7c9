"""Game setup and the first turns (rules 5-2, 2-9-2, 6-3-1, 6-4-1, 6-5-6-1), with real starter decks."""

from __future__ import annotations

import pytest

from tcgsim.onepiece.cards.decklist import load_deck
from tcgsim.onepiece.rules.engine import Game, IllegalAction
from tcgsim.onepiece.rules.notation import labels
from tcgsim.onepiece.rules.setup import new_game


@pytest.fixture(scope="module")
def decks(db):
    return load_deck("ST01", db), load_deck("ST02", db)


def _answer(g: Game, text: str) -> None:
    g.apply_index(labels(g).index(text))


def test_5_2_1_5_random_player_chooses_first_or_second(db, decks):
    """5-2-1-4 / 5-2-1-5: a random player is asked; "second" makes the other player go first."""
    choosers = set()
    for seed in range(12):
        g = new_game(*decks, db, seed=seed)
        assert g.pending.kind == "first" and labels(g) == ["first", "second"]
        chooser = g.pending.player
        choosers.add(chooser)
        _answer(g, "second")
        assert g.first == 1 - chooser
    assert choosers == {0, 1}


def test_5_2_1_6_opening_hands_and_mulligan_order(db, decks):
    """5-2-1-6 / 5-2-1-6-1: both draw 5; the first player decides keep/mulligan first."""
    g = new_game(*decks, db, seed=4, first=1)
    assert [len(p.hand) for p in g.players] == [5, 5]
    assert g.pending.kind == "keep" and g.pending.player == 1
    before = list(g.players[1].hand)
    deck_size = len(g.players[1].deck)
    _answer(g, "mulligan")
    assert len(g.players[1].hand) == 5 and len(g.players[1].deck) == deck_size
    assert g.players[1].hand != before  # a fresh 5 (seeded: this seed draws a different hand)
    assert g.pending.kind == "keep" and g.pending.player == 0
    with pytest.raises(IllegalAction):
        g.apply(("mulligan", 1))


def test_2_9_2_1_life_is_dealt_from_the_deck_top_which_ends_at_the_bottom(db, decks):
    """5-2-1-7 / 2-9-2-1: Life = the Leader's Life value from the deck top; the top card ends at the bottom."""
    g = new_game(*decks, db, seed=5, first=0)
    _answer(g, "keep")
    top_five = [g.players[0].deck[-k] for k in range(1, 6)]  # deck top first
    _answer(g, "keep")
    life = g.players[0].life  # top last
    assert len(life) == g.t.defs[g.players[0].leader].life == 5
    assert life[0] == top_five[0]  # the old deck top is the bottom Life card
    assert life == top_five  # and each next card goes on top of it


def test_6_3_1_6_4_1_first_turns(db, decks):
    """6-3-1: the first player does not draw on turn 1; 6-4-1: they add 1 DON!!, the second player 2."""
    g = new_game(*decks, db, seed=6, first=0)
    _answer(g, "keep")
    _answer(g, "keep")
    p0, p1 = g.players
    assert (g.turn, g.active, g.pending.kind) == (1, 0, "main")
    assert len(p0.hand) == 5 and p0.don_active == 1 and p0.don_deck == 9
    _answer(g, "end turn")
    assert (g.turn, g.active) == (2, 1)
    assert len(p1.hand) == 6 and p1.don_active == 2 and p1.don_deck == 8


def test_6_5_6_1_no_battle_in_either_players_first_turn(db, decks):
    g = new_game(*decks, db, seed=7, first=0)
    _answer(g, "keep")
    _answer(g, "keep")
    for turn in (1, 2):
        assert not any(o[0] == "attack" for o in g.pending.options), turn
        _answer(g, "end turn")
    assert g.turn == 3 and any(o[0] == "attack" for o in g.pending.options)


def test_1_2_3_concede_at_any_decision(db, decks):
    g = new_game(*decks, db, seed=8)
    g.concede(g.pending.player if g.pending.player == 1 else 0)
    assert g.winner == 1 and g.end_reason == "concede" and g.pending is None


def test_same_seed_same_game(db, decks):
    """Determinism: the same seed and the same choices give the same game, byte for byte."""
    def play(seed):
        g = new_game(*decks, db, seed=seed)
        k = 0
        while g.winner is None:
            g.apply_index(k % len(g.pending.options))
            k += 7
        return g.fingerprint()

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_5_2_1_5_2_a_deck_changed_at_the_start_of_the_game_is_shuffled(db, decks):
    """5-2-1-5-1 / 5-2-1-5-2: Imu (OP13-079) plays a {Mary Geoise} Stage (OP05-097) from the deck before the
    opening hands; the deck it changed is then shuffled by its owner, the other deck is not."""
    from tcgsim.onepiece.cards.decklist import parse_deck

    imu = parse_deck("1xOP13-079\n4xOP05-097\n45xOP01-016\n", db, name="imu")
    g = new_game(imu, decks[1], db, seed=3, first=0)
    assert g.pending.kind == "choose" and g.pending.player == 0 and not g.players[0].hand
    before = [list(p.deck) for p in g.players]
    stage = next(o for o in labels(g) if o != "choose none")
    _answer(g, stage)
    p1, p2 = g.players
    assert g.t.defs[p1.stage].number == "OP05-097"
    unshuffled = [c for c in before[0] if c != p1.stage]
    assert len(p1.deck) + len(p1.hand) == len(unshuffled)
    assert p1.deck + list(reversed(p1.hand)) != unshuffled  # shuffled (the deck's top card is last)
    assert p2.deck + list(reversed(p2.hand)) == before[1]  # unchanged, not shuffled


def test_a_clone_is_an_independent_copy_that_plays_on_identically(db):
    """Game.clone (engine.py): an independent copy; the same answers on the copy and the original give the
    same games (search agents rely on it), and answering on the copy leaves the original untouched."""
    from tcgsim.onepiece.cards.decklist import load_deck
    from tcgsim.onepiece.rules.setup import new_game

    g = new_game(load_deck("ST01", db), load_deck("ST02", db), db, seed=5, first=1)
    for _ in range(40):  # into the game: a battle may be in progress, cards known, instances created
        g.apply_index(len(g.pending.options) - 1)
    c = g.clone()
    assert c.fingerprint() == g.fingerprint()
    original = g.fingerprint()
    for _ in range(60):
        if c.winner is not None:
            break
        c.apply_index(0)
    assert g.fingerprint() == original
    for _ in range(60):
        if g.winner is not None:
            break
        g.apply_index(0)
    assert g.fingerprint() == c.fingerprint()


def test_install_registers_each_frame_handler_once_and_refuses_a_second_handler_for_a_frame(monkeypatch):
    """Game.install (engine.py), the wiring of the rules' step modules and the card-effect interpreter: each
    frame name gets its handler, the interpreter's own frames too, and ``Game.fx`` is the interpreter;
    installing the same parts again changes nothing; a second, different handler for one frame name is an
    EngineError naming the frame. The engine's contract, not a game rule."""
    from tcgsim.core.machine import EngineError
    from tcgsim.onepiece.rules.card_effects import CardEffects

    # on copies: the game's own table and interpreter are given back after the test
    monkeypatch.setattr(Game, "HANDLERS", dict(Game.HANDLERS))
    monkeypatch.setattr(Game, "fx", Game.fx)

    def step(g, frame, choice):
        """A stand-in step handler."""

    def other(g, frame, choice):
        """Another handler, for the same frame name."""

    fx = type("TestEffects", (CardEffects,), {"handlers": {"test_effect_frame": other}})()
    Game.install(({"test_step_frame": step},), fx)
    assert (Game.HANDLERS["test_step_frame"], Game.HANDLERS["test_effect_frame"], Game.fx) == (step, other, fx)
    Game.install(({"test_step_frame": step},), fx)  # the same parts again
    assert (Game.HANDLERS["test_step_frame"], Game.HANDLERS["test_effect_frame"], Game.fx) == (step, other, fx)
    with pytest.raises(EngineError, match="two handlers for frame 'test_step_frame'"):
        Game.install(({"test_step_frame": other},), fx)


def test_5_2_1_5_the_choice_of_first_or_second_is_logged_for_both_players_and_the_log_is_kept_only_on_request(db, decks):
    """5-2-1-5: the chosen player's decision is public: with ``log=True`` the game's log is a list and it
    records "pN chooses to go first/second" for everyone to see; without it the game keeps no log."""
    assert new_game(*decks, db, seed=2).log is None
    g = new_game(*decks, db, seed=2, log=True)
    assert isinstance(g.log, list)
    chooser = g.pending.player
    _answer(g, "second")
    assert (None, f"p{chooser + 1} chooses to go second") in g.log


def test_new_game_seed_defaults_to_0(db, decks):
    """The API default of ``new_game``'s seed is 0 (documented signature; not a game rule)."""
    assert new_game(*decks, db).fingerprint() == new_game(*decks, db, seed=0).fingerprint()


def test_5_1_2_each_card_is_owned_by_the_player_whose_deck_it_came_from(db):
    """Each card of a game is owned by the player whose deck (Leader and main deck, 5-1-2) brought it: the
    owner table has one entry per card, the first deck's 51 cards p1's, the second deck's p2's."""
    from tcgsim.onepiece.cards.decklist import parse_deck

    a = parse_deck("1xST01-001\n50xOP01-016\n", db, name="a")
    b = parse_deck("1xST02-001\n25xOP01-016\n25xOP01-013\n", db, name="b")
    g = new_game(a, b, db, seed=1, first=0)
    assert len(g.t.owner) == len(g.t.defs) == 102
    assert g.t.owner == (0,) * 51 + (1,) * 51


def test_5_2_the_game_setup_is_shown_as_the_setup_phase(db, decks):
    """Rule 5-2 (game setup, before the first turn, 5-2-1-8): at the first-or-second decision (5-2-1-5) and
    at the mulligan decision (5-2-1-6-1) each player's view shows the setup, not a phase of a turn."""
    from tcgsim.onepiece.rules.view import player_view

    g = new_game(*decks, db, seed=3)
    assert g.pending.kind == "first"
    assert [player_view(g, p)["phase"] for p in (0, 1)] == ["setup", "setup"]
    g = new_game(*decks, db, seed=3, first=1)
    assert g.pending.kind == "keep"
    assert [player_view(g, p)["phase"] for p in (0, 1)] == ["setup", "setup"]


def test_5_2_1_5_2_the_second_decks_start_of_game_change_shuffles_that_deck_only(db, decks):
    """5-2-1-5-1 / 5-2-1-5-2 from the other seat: p2's Imu (OP13-079) plays a {Mary Geoise} Stage from p2's
    deck at the start of the game; p2's deck is then shuffled, p1's (unchanged) is not."""
    from tcgsim.onepiece.cards.decklist import parse_deck

    imu = parse_deck("1xOP13-079\n4xOP05-097\n45xOP01-016\n", db, name="imu")
    g = new_game(decks[0], imu, db, seed=3, first=0)
    assert g.pending.kind == "choose" and g.pending.player == 1
    before = [list(p.deck) for p in g.players]
    stage = next(o for o in labels(g) if o != "choose none")
    _answer(g, stage)
    p1, p2 = g.players
    assert g.t.defs[p2.stage].number == "OP05-097"
    unshuffled = [c for c in before[1] if c != p2.stage]
    assert p2.deck + list(reversed(p2.hand)) != unshuffled  # shuffled (the deck's top card is last)
    assert p1.deck + list(reversed(p1.hand)) == before[0]  # unchanged, not shuffled


def test_a_rules_engine_without_its_card_effect_interpreter_says_how_to_install_it():
    """The rules layer calls card effects through ``rules.card_effects`` (the interpreter is installed by
    importing ``tcgsim.onepiece``); until then every entry point raises an EngineError that names the fix
    instead of failing somewhere inside an effect. An engine contract, no game rule."""
    from tcgsim.core.machine import EngineError
    from tcgsim.onepiece.rules import card_effects
    with pytest.raises(EngineError) as info:
        card_effects._missing()
    assert str(info.value) == ("no card-effect interpreter is installed: import tcgsim.onepiece "
                               "(its __init__ installs it)")
