"""Checklist lines that a scenario file cannot express: the player count (1-1-1), deck-dependent setup
(5-1-2-4 DON!! deck size, 5-2-1-2 shuffling, 3-2-4 seeded randomness, 5-2-1-5-1 the order of start-of-game
effects), the end of the game (1-2-1), and
engine-level properties of the Counter Step (7-1-3-2-1: Counters only from hand) and of the action notation
(SCENARIOS.md: ``choose a, b`` names a set)."""

from __future__ import annotations

import pytest
from checklist_helpers import LEADERS, game, numbers, play

from tcgsim.core.decision import Decision
from tcgsim.onepiece.cards.decklist import load_deck, parse_deck
from tcgsim.onepiece.rules import notation
from tcgsim.onepiece.rules.battle import counter_options
from tcgsim.onepiece.rules.engine import IllegalAction
from tcgsim.onepiece.rules.frames import HANDLERS, handler
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.scenario import ScenarioFormatError, load_scenario_text


# --- 1-1-1: two players ---------------------------------------------------------------------------------

def test_1_1_1_a_game_has_exactly_two_players(db):
    g = new_game(load_deck("ST01", db), load_deck("ST02", db), db, seed=1)
    assert len(g.players) == 2
    with pytest.raises(TypeError):
        new_game(load_deck("ST01", db), load_deck("ST02", db), load_deck("ST03", db), db, seed=1)


def test_1_1_1_a_scenario_with_a_third_player_is_malformed():
    text = ("name: three\n" + LEADERS + "state:\n  turn: 3\n  active: p1\n  phase: main\n"
            "  p1: {leader: TEST-L01}\n  p2: {leader: TEST-L02}\n  p3: {leader: TEST-L01}\n")
    with pytest.raises(ScenarioFormatError, match="p3"):
        load_scenario_text(text, "three.yaml")


# --- 1-2-1: the game ends when a player loses -----------------------------------------------------------

def test_1_2_1_after_a_loss_no_decision_is_pending_and_no_action_is_accepted():
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-023}]}
        p2: {leader: TEST-L02, life: [], deck: 5, characters: [{card: OP01-012}]}
    """)
    play(g, "p1: attack OP01-023 -> opp leader")
    assert (g.winner, g.end_reason, g.pending) == (0, "life", None)
    with pytest.raises(IllegalAction):
        g.apply_index(0)


# --- 5-1-2-4 / 1-3-1: construction text replaces the rules (OP15-058: a 6-card DON!! deck) ---------------

def test_5_1_2_4_a_leader_with_a_six_card_don_deck_plays_with_six(db):
    enel = parse_deck("1xOP15-058\n" + "\n".join(f"4x{n}" for n in
                      ["OP12-071", "OP15-061", "OP15-064", "OP15-070", "OP15-072", "OP15-073"]) + "\n", db)
    g = new_game(enel, load_deck("ST01", db), db, seed=2, first=0)
    while g.pending.kind == "keep":
        play(g, f"p{g.pending.player + 1}: keep")
    p = g.players[0]
    assert (p.don_total, p.don_active, p.don_deck) == (6, 1, 5)  # first turn: 1 of 6 added
    assert g.players[1].don_total == 10
    for _ in range(3):  # turns 2, 3, 4: the Enel player adds 2 on turn 3
        g.apply(("end",))
    assert g.turn == 4 and p.don_active + p.don_deck == 6 and p.don_deck == 3


# --- 5-2-1-2 / 3-2-4: shuffling is random but seeded ------------------------------------------------------

def _opening(db, seed: int):
    g = new_game(load_deck("ST01", db), load_deck("ST02", db), db, seed=seed, first=0)
    return [numbers(g, p.hand) + numbers(g, p.deck) for p in g.players]


def test_5_2_1_2_decks_are_shuffled_before_the_game(db):
    unshuffled = [n for n, c in load_deck("ST01", db).main for _ in range(c)]
    orders = {tuple(_opening(db, seed)[0]) for seed in range(6)}
    assert len(orders) == 6  # six seeds, six different orders
    assert tuple(unshuffled) not in orders and tuple(reversed(unshuffled)) not in orders
    assert all(sorted(o) == sorted(unshuffled) for o in orders)


def test_3_2_4_the_shuffle_is_reproducible_from_the_seed(db):
    assert _opening(db, 41) == _opening(db, 41)
    assert _opening(db, 41) != _opening(db, 42)


# --- 7-1-3-2-1: Counters are used from hand only (rules Q&A) ---------------------------------------------

def test_7_1_3_2_1_counter_options_name_only_character_cards_in_hand():
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-065}]}
        p2:
          leader: TEST-L02
          life: [OP01-010]
          hand: [OP01-036, ST01-006]
          deck: 5
          characters: [{card: OP01-043}, {card: OP01-012, rested: true}]
    """)
    play(g, "p1: attack OP01-065 -> opp leader")
    assert g.pending.kind == "counter"
    p2 = g.players[1]
    used = {o[1] for o in g.pending.options if o[0] == "counter"}
    assert numbers(g, used) == ["OP01-036"]  # not the field Characters, not the card without a Counter
    targets = {o[2] for o in g.pending.options if o[0] == "counter"}
    assert targets == {p2.leader, *p2.characters}  # any of the defender's cards, rested ones too
    assert set(g.pending.options) == set(counter_options(g, 1))


def test_7_1_3_2_1_each_counter_card_in_hand_is_offered_once_per_target_copies_included():
    """7-1-3-2-1: any Character card in hand with a Counter may be used; two copies of one card are the same
    choice (one option per target), and the cards after them are still offered."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-065}]}
        p2: {leader: TEST-L02, life: [OP01-010], hand: [OP01-036, OP01-036, ST01-006, OP01-012], deck: 5}
    """)
    play(g, "p1: attack OP01-065 -> opp leader")
    used = [o[1] for o in g.pending.options if o[0] == "counter"]
    assert sorted(numbers(g, used)) == ["OP01-012", "OP01-036"]


def test_7_1_3_2_2_a_counter_event_the_defender_cannot_pay_for_is_not_offered():
    """7-1-3-2-2: a [Counter] Event is activated by paying its cost; with no active DON!! a cost-1 Event
    (ST01-014) is not an option, with one it is."""
    state = """
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-065}]}
        p2: {leader: TEST-L02, life: [OP01-010], hand: [ST01-014], deck: 5, don: {active: %d, rested: 1}}
    """
    for active, offered in ((0, []), (1, ["ST01-014"])):
        g = game(state % active)
        play(g, "p1: attack OP01-065 -> opp leader")
        assert numbers(g, [o[1] for o in g.pending.options if o[0] == "event"]) == offered


# --- SCENARIOS.md: `choose a, b` answers compare as sets; `order` in order --------------------------------

def test_choose_answers_compare_as_sets_and_order_answers_in_order():
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], hand: [OP01-010, OP01-012, OP01-023], deck: 5}
        p2: {leader: TEST-L02, life: [OP01-010], deck: 5}
    """)
    a, b, c = g.players[0].hand
    g.pending = Decision(0, "choose", (("choose", a, b), ("choose", b, c)))
    assert notation.parse(g, "choose OP01-012, OP01-010") == ("choose", a, b)
    assert notation.parse(g, "choose OP01-010, OP01-012") == ("choose", a, b)
    assert notation.parse(g, "choose OP01-023, OP01-012") == ("choose", b, c)
    with pytest.raises(IllegalAction):
        notation.parse(g, "choose OP01-010, OP01-023")
    with pytest.raises(IllegalAction):
        notation.parse(g, "choose OP01-010, OP01-010")  # one reference per card
    g.pending = Decision(0, "order", (("order", a, b), ("order", b, a)))
    assert notation.parse(g, "order OP01-012, OP01-010") == ("order", b, a)
    assert notation.parse(g, "order OP01-010, OP01-012") == ("order", a, b)


# --- 5-2-1-5-1: start-of-game effects, the chooser's first -----------------------------------------------

RESOLVED: list[int] = []

if "test_start_of_game_effect" not in HANDLERS:
    @handler("test_start_of_game_effect")
    def _start_of_game_effect(g, frame, choice):
        """Stands for a Leader's "at the start of the game" effect: records whose effect resolved."""
        g.stack.pop()
        RESOLVED.append(g.t.owner[frame[1]])


@pytest.mark.parametrize("answer", ["first", "second"])
def test_5_2_1_5_1_the_choosers_start_of_game_effects_resolve_first(db, monkeypatch, answer):
    """5-2-1-5-1: the player who chose to go first or second resolves their "at the start of the game"
    effects first, then the other player: the chooser, not necessarily the first player."""
    from tcgsim.onepiece.rules.card_effects import START_OF_GAME
    from tcgsim.onepiece.rules.engine import Game

    real = Game.fx

    def fire(g, timing, cards):
        if timing == START_OF_GAME:
            for cid in cards:  # queued like interpreter.start_effect: resolved in the order queued
                i = len(g.stack)
                while i and g.stack[i - 1][0] == "test_start_of_game_effect":
                    i -= 1
                g.stack.insert(i, ("test_start_of_game_effect", cid))
        else:
            real.fire(g, timing, cards)

    # the rules reach card effects only through Game.fx (rules/card_effects.py): a stand-in for one timing
    monkeypatch.setattr(Game, "fx", type("StartOfGameEffects", (type(real),), {"fire": staticmethod(fire)})())
    RESOLVED.clear()
    g = new_game(load_deck("ST01", db), load_deck("ST02", db), db, seed=5)
    chooser = g.pending.player
    play(g, f"p{chooser + 1}: {answer}")
    assert g.first == (chooser if answer == "first" else 1 - chooser)
    assert RESOLVED == [chooser, 1 - chooser]
    assert g.pending.kind == "keep" and g.pending.player == g.first  # then 5-2-1-6: hands, mulligans


# --- 1-2-1-1 / 1-2-3 / 9-2-1: who lost, and why -----------------------------------------------------------
# The result names the defeat condition met (the game-over message and ``end_reason``): Life damage at 0
# (1-2-1-1-1), an empty deck (1-2-1-1-2), a concession (1-2-3); both players at once is a draw (9-2-1).

def _decks(p1: int, p2: int, p2_leader: str = "TEST-L02"):
    """A Main Phase game whose players have ``p1`` / ``p2`` deck cards, run to its first decision."""
    return game(f"""
        turn: 3
        active: p1
        phase: main
        p1: {{leader: TEST-L01, life: [OP01-010], deck: {p1}}}
        p2: {{leader: {p2_leader}, life: [OP01-010], deck: {p2}}}
    """)


@pytest.mark.parametrize("p1, winner, reason, message", [
    (5, 0, "deck", "game over: p1 wins (deck)"),             # 1-2-1-1-2: p2's deck is empty
    (0, -1, "deck+deck", "game over: draw (deck+deck)"),     # 9-2-1: both at once, a draw
])
def test_1_2_1_1_2_9_2_1_an_empty_deck_loses_and_both_at_once_draw_with_the_reason_named(p1, winner, reason,
                                                                                          message):
    g = _decks(p1, 0)
    winner = g.DRAW if winner == -1 else winner
    assert (g.winner, g.end_reason, g.pending, g.phase) == (winner, reason, None, "over")
    assert message in [text for _vis, text in g.log]


def test_1_2_3_a_concession_is_recorded_as_the_reason_and_in_the_answer_history():
    g = _decks(5, 5)
    before = list(g.history)
    g.concede(1)
    assert (g.winner, g.end_reason, g.pending) == (0, "concede", None)
    # the history replays the game: a concession by player i is recorded as -1 - i (engine.py ``history``)
    assert g.history == before + [-2]
    g.concede(0)  # 1-2-1: the game is over, a later concession changes nothing
    assert (g.winner, g.history) == (0, before + [-2])


def test_1_2_5_1_3_1_op03_040_wins_instead_of_losing_when_both_decks_are_empty():
    # OP03-040 (Nami): "When your deck is reduced to 0, you win the game instead of losing, according to
    # the rules". Both decks are empty at one rule processing (9-2-1): the Nami player's loss becomes a win.
    g = _decks(0, 0, p2_leader="OP03-040")
    assert (g.winner, g.end_reason, g.pending, g.phase) == (1, "deck_win", None, "over")
    assert "game over: p2 wins (deck_win)" in [text for _vis, text in g.log]


@pytest.mark.parametrize("how, message, rules", [
    ("life", "game over: p1 wins (life)", ("9-2-1-1",)),          # damage with no Life left
    ("deck", "game over: p1 wins (deck)", ("9-2-1-2",)),          # an empty deck
    ("both decks", "game over: draw (deck+deck)", ("9-2-1-2",)),  # both at once: a draw, the rule named once
    ("concede", "game over: p1 wins (concede)", ("1-2-3",)),
])
def test_9_2_1_1_9_2_1_2_1_2_3_the_game_over_line_cites_the_defeat_condition_met(how, message, rules):
    """The game-over line is public and cites the rule whose defeat condition was met: 9-2-1-1 (the Leader
    was dealt damage with no Life left), 9-2-1-2 (no cards in the deck), 1-2-3 (a concession)."""
    if how == "life":
        g = game("""
            turn: 3
            active: p1
            phase: main
            p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-023}]}
            p2: {leader: TEST-L02, life: [], deck: 5}
        """)
        play(g, "p1: attack OP01-023 -> opp leader")
    else:
        g = _decks({"deck": 5, "both decks": 0, "concede": 5}[how], 0 if how != "concede" else 5)
        if how == "concede":
            g.concede(1)
    assert _entry(g, message) == (None, rules)


@pytest.mark.parametrize("block", [False, True])
def test_7_1_1_7_1_2_1_the_attack_and_the_block_are_announced_to_both_players_with_their_rules(block):
    """The attack declaration (7-1-1-1 rest the attacker, 7-1-1-2 name the target), the Block Step (7-1-2-1,
    [Blocker] 10-1-4-1: the block, or none) and the end of the defender's Counter Step (7-1-3) are public,
    each line naming the players and cards."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-023}]}
        p2: {leader: TEST-L02, life: [FILLER], deck: 5, characters: [{card: ST01-006}]}
    """)
    play(g, "p1: attack OP01-023 -> opp leader", "p2: block ST01-006" if block else "p2: no block")
    assert _entry(g, "p1 attacks p2's leader with p1's OP01-023") == (None, ("7-1-1-1", "7-1-1-2"))
    if block:
        assert _entry(g, "p2 blocks with ST01-006") == (None, ("7-1-2-1", "10-1-4-1"))
    else:
        assert _entry(g, "p2 does not block") == (None, ())
    assert _entry(g, "p2 ends the Counter Step") == (None, ())


def test_7_1_3_2_1_7_1_3_2_2_each_counter_used_is_announced_to_both_players_with_its_rule():
    """The defender's Counters are public: a Character card's Counter (7-1-3-2-1: trashed from the hand, its
    power added to a Leader or Character) names the card, the value and the card it raises; a [Counter]
    Event (7-1-3-2-2) names the Event."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [OP01-010], deck: 5, characters: [{card: OP01-023}]}
        p2: {leader: TEST-L02, life: [FILLER], deck: 5, hand: [TEST-C1K, TEST-DR1]}
    """, """
        - {number: TEST-DR1, name: Test Counter Draw, category: Event, colors: [Green], cost: 0,
           text: "[Counter] Draw 1 card."}
        - {number: TEST-C1K, name: Test Counter, category: Character, colors: [Green], cost: 1, power: 1000,
           counter: 1000}
    """)
    play(g, "p1: attack OP01-023 -> opp leader", "p2: no block", "p2: counter TEST-C1K -> leader",
         "p2: event TEST-DR1")
    assert _entry(g, "p2 uses counter TEST-C1K (+1000) on p2's leader") == (None, ("7-1-3-2-1",))
    assert _entry(g, "p2 activates the [Counter] Event TEST-DR1") == (None, ("7-1-3-2-2",))


# --- 1-3-1: OP15-022 (Brook) "Under the rules of this game, you do not lose when your deck has 0 cards. You
# lose at the end of the turn in which your deck becomes 0 cards." (its card text over 1-2-1-1-2) ---------

def _brooks(p1_leader: str, p2_leader: str, p1_deck, p2_deck, active: str = "p1", cards: str = ""):
    """A Main Phase game (``active``'s turn: 3 for p1, 4 for p2) with those Leaders and decks, p2 holding
    TEST-DR1 ("[Counter] Draw 1 card."), p1 a 6000-power TEST-VN6 that can attack."""
    return game(f"""
        turn: {3 if active == "p1" else 4}
        active: {active}
        phase: main
        p1: {{leader: {p1_leader}, life: [FILLER, FILLER], deck: {p1_deck}, characters: [{{card: TEST-VN6}}]}}
        p2: {{leader: {p2_leader}, life: [FILLER, FILLER], deck: {p2_deck}, hand: [TEST-DR1]}}
    """, """
        - {number: TEST-DR1, name: Test Counter Draw, category: Event, colors: [Green], cost: 0,
           text: "[Counter] Draw 1 card."}
        - {number: TEST-VN6, name: Test Vanilla, category: Character, colors: [Red], cost: 3, power: 6000}
    """ + cards)


def test_1_2_1_1_2_op15_022_protects_only_its_owner_the_other_empty_deck_loses_at_once():
    # p1's Brook keeps p1 in the game with 0 cards in the deck; p2 has no such card: p2's empty deck is
    # 1-2-1-1-2 at the same rule processing (9-2-1), so p1 wins at once
    g = _brooks("OP15-022", "TEST-L02", 0, 0)
    assert (g.winner, g.end_reason, g.phase, g.pending) == (0, "deck", "over", None)
    assert _entry(g, "game over: p1 wins (deck)") == (None, ("9-2-1-2",))


def test_6_6_1_3_op15_022_a_deck_that_never_becomes_0_cards_loses_nothing_at_the_end_of_the_turn():
    g = _brooks("OP15-022", "TEST-L02", 5, 5)
    play(g, "p1: end turn")
    assert g.winner is None and g.turn == 4 and g.pending.player == 1


def test_6_6_1_3_op15_022_its_owner_loses_at_the_end_of_the_turn_in_which_the_deck_became_0_cards():
    # p2's Brook: [Activate: Main] trash 4 from the top of the deck (4 cards: the deck becomes 0 cards, no
    # defeat yet); at the end of that turn p2 loses and p1 wins, by the card's text (1-3-1)
    g = _brooks("TEST-L01", "OP15-022", 5, 4, active="p2")
    play(g, "p2: activate OP15-022")
    assert (len(g.players[1].deck), g.winner, g.pending.player) == (0, None, 1)
    play(g, "p2: end turn")
    assert (g.winner, g.end_reason, g.phase, g.pending) == (0, "deck", "over", None)
    assert _entry(g, "game over: p1 wins (deck at the end of the turn)") == (None, ("1-3-1",))


def test_6_6_1_3_9_2_1_two_op15_022_decks_become_0_cards_in_one_turn_a_draw_at_its_end():
    # both Leaders are Brook: p1 trashes its last 4 cards, p2 draws its last card with a [Counter]; at the
    # end of the turn both lose at once (9-2-1): a draw
    g = _brooks("OP15-022", "OP15-022", 4, 1)
    play(g, "p1: activate OP15-022", "p1: choose none", "p1: attack TEST-VN6 -> opp leader", "p2: no block", "p2: event TEST-DR1",
         "p2: end counter")
    assert ([len(p.deck) for p in g.players], g.winner, g.pending.player) == ([0, 0], None, 0)
    play(g, "p1: end turn")
    assert (g.winner, g.end_reason, g.phase) == (g.DRAW, "deck", "over")
    assert _entry(g, "game over: draw (deck at the end of the turn)") == (None, ("1-3-1",))


def test_1_3_1_a_card_with_only_do_not_lose_at_0_cards_never_loses_for_its_empty_deck():
    # a Leader with only the first sentence of OP15-022: no defeat for the empty deck, at once or at the end
    # of the turn (no "You lose at the end of the turn ..." on it)
    g = _brooks("TEST-NL1", "TEST-L02", 0, 5, cards="""
        - {number: TEST-NL1, name: Test Never Lose, category: Leader, colors: [Red], power: 5000, life: 5,
           text: "Under the rules of this game, you do not lose when your deck has 0 cards."}
    """)
    assert g.winner is None
    play(g, "p1: end turn")
    assert g.winner is None and g.turn == 4


# --- 4-6-2 / 10-1-3-1: where a point of damage puts the Life card, and what the log says ------------------

WATCHERS = """
        - {number: TEST-T01, name: Test Trap, category: Character, colors: [Green], cost: 1, power: 1000,
           text: "[Trigger] Draw 1 card."}
        - {number: TEST-W01, name: Test Wince, category: Character, colors: [Green], cost: 4, power: 1000,
           text: "[Opponent's Turn] When you take damage, draw 1 card."}
        - {number: TEST-W02, name: Test Watch, category: Character, colors: [Green], cost: 4, power: 1000,
           text: "[Opponent's Turn] When a card is removed from your Life cards, draw 1 card."}
"""  # indented as the cards of _attack_leader, which are dedented together


def _attack_leader(life: str, attacker_text: str, p2_leader: str = "TEST-L02", deck: str = "5",
                   watchers: bool = False):
    """p1's 6000-power TEST-X01 (text ``attacker_text``) attacks p2's Leader (Life ``life``, no hand, no
    blocker; with ``watchers`` p2 has TEST-W01 "When you take damage, draw 1 card" and TEST-W02 "When a card
    is removed from your Life cards, draw 1 card", resolved in the order offered): run to p1's next Main
    Phase decision."""
    chars = "[{card: TEST-W01}, {card: TEST-W02}]" if watchers else "[]"
    g = game(f"""
        turn: 3
        active: p1
        phase: main
        p1: {{leader: TEST-L01, deck: 5, characters: [{{card: TEST-X01}}]}}
        p2: {{leader: {p2_leader}, life: {life}, deck: {deck}, characters: {chars}}}
    """, f"""
        - {{number: TEST-X01, name: Test Striker, category: Character, colors: [Red], cost: 4, power: 6000,
           text: "{attacker_text}"}}
    """ + WATCHERS)
    play(g, "p1: attack TEST-X01 -> opp leader")
    while g.pending.player == 1:  # the blocker step, the order of p2's two effects
        g.apply_index(len(g.pending.options) - 1 if g.pending.kind == "block" else 0)
    assert g.pending.kind == "main" and g.pending.player == 0
    return g


def _entry(g, text):
    """The log entry ``text``: (who may see it, the rules it cites)."""
    i = next(i for i, (_vis, t) in enumerate(g.log) if t == text)
    return g.log[i][0], g.log_rules.get(i, ())


def test_10_1_3_1_banish_trashes_the_life_card_and_the_log_says_so_to_both_players():
    """10-1-3-1: [Banish]: the Life card that the damage would add to the hand is trashed instead (no
    [Trigger]); a move to the open trash that both players see."""
    g = _attack_leader("[OP01-013, OP01-016]", "[Banish]")
    p2 = g.players[1]
    assert numbers(g, p2.trash) == ["OP01-013"] and numbers(g, p2.life) == ["OP01-016"] and p2.hand == []
    assert _entry(g, "p2 takes 1 damage; OP01-013 is trashed ([Banish])") == (None, ("10-1-3-1",))


def test_4_6_2_1_st13_003_a_face_up_life_card_dealt_as_damage_goes_to_the_deck_bottom():
    """Card Q&A qa_st-13.md ST13-003 q1 and its text ("Your face-up Life cards are placed at the bottom of
    your deck instead of being added to your hand, according to the rules"): the damage point (4-6-2-1) puts
    the face-up top Life card at the bottom of the deck, not at the top nor in the hand, face down there."""
    g = _attack_leader("[{card: OP01-013, face_up: true}, OP01-016]", "", p2_leader="ST13-003",
                       deck="[OP01-010, OP01-012]")
    p2 = g.players[1]
    assert numbers(g, p2.deck)[0] == "OP01-013"  # the deck's bottom card is its first element
    assert len(p2.deck) == 3 and p2.hand == [] and numbers(g, p2.life) == ["OP01-016"]
    assert not g.face_up[p2.deck[0]]
    text = "p2 takes 1 damage; face-up OP01-013 is placed at the bottom of the deck"
    assert _entry(g, text) == (None, ("4-6-2-1",))


@pytest.mark.parametrize("life, text, leader", [
    ("[OP01-013, OP01-016]", "[Banish]", "TEST-L02"),                                     # 10-1-3-1: trashed
    ("[{card: OP01-013, face_up: true}, OP01-016]", "", "ST13-003"),                      # to the deck bottom
])
def test_4_6_2_8_6_2_a_damage_point_whose_life_card_is_not_added_to_hand_still_is_damage_taken(life, text,
                                                                                                leader):
    """A point of damage (4-6-2) whose Life card goes to the trash ([Banish], 10-1-3-1) or to the bottom of
    the deck (ST13-003) is still damage taken and a card removed from the Life cards: p2's "When you take
    damage" and "When a card is removed from your Life cards" effects both activate, after the damage
    processing (8-6-2), and each draws 1."""
    g = _attack_leader(life, text, p2_leader=leader, watchers=True)
    p2 = g.players[1]
    assert len(p2.hand) == 2 and numbers(g, p2.life) == ["OP01-016"]
    assert numbers(g, p2.hand) and "OP01-013" not in numbers(g, p2.hand)


@pytest.mark.parametrize("life, lines", [
    # 4-6-2-1: the top Life card to the hand: the count is public, the card is shown to its owner only
    ("[OP01-013, OP01-016]", [(None, "p2 takes 1 damage", ("4-6-2-1",)),
                              (1, "p2 adds OP01-013 from Life to hand", ())]),
    # a face-up Life card is seen by both as it goes to the hand (and is face down in the hand)
    ("[{card: OP01-013, face_up: true}, OP01-016]", [(None, "p2 takes 1 damage; face-up OP01-013 goes to hand",
                                                      ("4-6-2-1",))]),
    # 4-6-3, 10-1-5-1: a [Trigger] card is revealed instead of being added to the hand
    ("[TEST-T01, OP01-016]", [(None, "p2 takes 1 damage and reveals TEST-T01 for its [Trigger]",
                               ("4-6-3", "10-1-5-1"))]),
])
def test_4_6_2_1_4_6_3_a_damage_point_is_logged_with_who_may_see_the_card(life, lines):
    g = _attack_leader(life, "")
    for vis, text, rules in lines:
        assert _entry(g, text) == (vis, rules)
    p2 = g.players[1]
    assert not any(g.face_up[c] for c in p2.hand)  # the hand is a secret area: no card in it is face up


# --- 7-1: what a battle's steps announce to the card effects (mutation testing, issue 17 §4) -------------
# Each expectation is read from the card text and the rule of the step: the effects only notice the step if
# the engine reports it for the right card.

def _hands(g) -> list[int]:
    return [len(p.hand) for p in g.players]


def test_7_1_1_1_7_1_2_1_10_1_4_1_resting_to_attack_or_to_block_is_becoming_rested_and_a_blocker_activates():
    """7-1-1-1: the attacker is rested; 7-1-2-1 / 10-1-4-1: a [Blocker] is activated by resting it. So
    "When this Character becomes rested" activates for the attacker and for the blocker, "When your
    opponent's Character attacks" at the attack declaration (7-1-1), and "When your opponent activates
    [Blocker]" at the block (for the attacking player's card only); each draws for its own player."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [FILLER], deck: 5, characters: [{card: TEST-R01}, {card: TEST-K01}]}
        p2: {leader: TEST-L02, life: [FILLER, FILLER], deck: 5,
             characters: [{card: TEST-B01}, {card: TEST-W01}, {card: TEST-K01}]}
    """, """
        - {number: TEST-R01, name: Test Sleeper, category: Character, colors: [Red], cost: 2, power: 6000,
           text: "When this Character becomes rested, draw 1 card."}
        - {number: TEST-K01, name: Test Spotter, category: Character, colors: [Red], cost: 2, power: 1000,
           text: "When your opponent activates [Blocker], draw 1 card."}
        - {number: TEST-B01, name: Test Watcher, category: Character, colors: [Green], cost: 2, power: 7000,
           text: "[Blocker]<br>When this Character becomes rested, draw 1 card."}
        - {number: TEST-W01, name: Test Lookout, category: Character, colors: [Green], cost: 2, power: 1000,
           text: "When your opponent's Character attacks, draw 1 card."}
    """)
    play(g, "p1: attack TEST-R01 -> opp leader")
    assert _hands(g) == [1, 1]  # p1: TEST-R01 rested by attacking; p2: TEST-W01, an opponent's Character attacks
    play(g, "p2: block TEST-B01")
    # p1: TEST-K01, the opponent activated [Blocker]; p2: TEST-B01 rested by blocking, and nothing for p2's
    # own TEST-K01 (the [Blocker] was p2's, not p2's opponent's)
    assert _hands(g) == [2, 2]


BATTLERS = """
        - {number: TEST-LA1, name: Test Leader Alert, category: Leader, colors: [Red], power: 5000, life: 5,
           text: "When this Leader attacks or is attacked, draw 1 card."}
        - {number: TEST-STR, name: Test Striker, category: Character, colors: [Red], cost: 3, power: 1000,
           attributes: [Strike]}
        - {number: TEST-HB1, name: Test Battler, category: Character, colors: [Red], cost: 3, power: 9000,
           text: "If this Character battles your opponent's Character, draw 1 card."}
        - {number: TEST-HB2, name: Test Tough Battler, category: Character, colors: [Red], cost: 3, power: 10000,
           text: "If this Character battles your opponent's Character, draw 1 card."}
        - {number: TEST-GB1, name: Test Guard, category: Character, colors: [Red], cost: 2, power: 1000,
           text: "[Blocker]"}
        - {number: TEST-C1K, name: Test Counter, category: Character, colors: [Green], cost: 1, power: 1000,
           counter: 1000}
"""


def _battlers():
    """p1 (to attack) and p2 (rested, with a Counter in hand so that the Counter Step is asked) each have
    ST05-010 ("When this Character battles <Strike> attribute Characters, this Character gains +3000 power
    during this turn"), a <Strike> Character, and Leaders "When this Leader attacks or is attacked, draw 1
    card"; p1 has a 9000 and p2 a 10000 "If this Character battles your opponent's Character, draw 1 card"."""
    return game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-LA1, life: [FILLER], deck: 5, hand: [TEST-C1K],
             characters: [{card: ST05-010}, {card: TEST-STR}, {card: TEST-HB1}]}
        p2: {leader: TEST-LA1, life: [FILLER, FILLER], deck: 5, hand: [TEST-C1K],
             characters: [{card: ST05-010, rested: true}, {card: TEST-STR, rested: true},
                          {card: TEST-HB2, rested: true}, {card: TEST-GB1}]}
    """, BATTLERS)


def test_7_1_3_st05_010_battles_a_strike_character_once_the_battle_reaches_the_counter_step_attacker_or_attacked():
    """7-1-3 / card Q&A ST05-010: "When this Character battles <Strike> attribute Characters" activates once
    the battling cards are fixed, before the Counters: for the attacking ST05-010 (the attacked card is
    <Strike>) and for the attacked ST05-010 (the attacker is <Strike>)."""
    from tcgsim.onepiece.rules.continuous import power
    g = _battlers()
    zephyr1, zephyr2 = g.players[0].characters[0], g.players[1].characters[0]
    play(g, "p1: attack ST05-010 -> opp TEST-STR", "p2: no block")
    assert (g.pending.player, g.pending.kind) == (1, "counter")
    assert (power(g, zephyr1), power(g, zephyr2)) == (11000, 8000)
    play(g, "p2: end counter")
    assert power(g, zephyr1) == 11000  # "during this turn": after the battle too, and not activated again
    play(g, "p1: attack TEST-STR -> opp ST05-010", "p2: no block")
    assert (g.pending.player, g.pending.kind) == (1, "counter")
    assert (power(g, zephyr1), power(g, zephyr2)) == (11000, 11000)


def test_10_1_4_1_st05_010_battles_the_blocker_that_became_the_target_not_the_card_first_attacked():
    """10-1-4-1: a [Blocker] becomes the new target, so the card that battles is the blocker (card Q&A
    ST05-010): an attack on a <Strike> Character taken by a non-<Strike> [Blocker] gives the attacking
    ST05-010 nothing, and an attacked ST05-010 whose attack a [Blocker] took does not battle at all."""
    from tcgsim.onepiece.rules.continuous import power
    g = _battlers()
    zephyr1, zephyr2 = g.players[0].characters[0], g.players[1].characters[0]
    play(g, "p1: attack ST05-010 -> opp TEST-STR", "p2: block TEST-GB1")
    assert (g.pending.player, g.pending.kind, power(g, zephyr1)) == (1, "counter", 8000)
    g = _battlers()
    play(g, "p1: attack TEST-STR -> opp ST05-010", "p2: block TEST-GB1")
    assert (g.pending.player, g.pending.kind, power(g, zephyr2)) == (1, "counter", 8000)


def test_7_1_3_1_op03_001_a_leader_is_attacked_once_the_block_step_is_over_not_when_a_blocker_took_the_attack():
    """7-1-3-1, card Q&A OP03-001: "When this Leader attacks or is attacked" activates for the attacking
    Leader at the declaration and for the attacked Leader before the Counters; once a [Blocker] became the
    target (10-1-4-1), the Leader is no longer attacked."""
    g = _battlers()
    play(g, "p1: attack leader -> opp leader")
    assert _hands(g) == [2, 1]  # p1's Leader attacks
    play(g, "p2: no block")
    assert (g.pending.player, g.pending.kind, _hands(g)) == (1, "counter", [2, 2])  # p2's Leader is attacked
    g2 = _battlers()
    play(g2, "p1: attack leader -> opp leader", "p2: block TEST-GB1")
    assert (g2.pending.player, g2.pending.kind, _hands(g2)) == (1, "counter", [2, 1])


def test_7_1_4_7_1_5_if_this_character_battles_activates_at_the_end_of_the_battle_for_both_battling_cards():
    """7-1-5 / card Q&A ST02-010: "If this Character battles your opponent's Character" activates once the
    Damage Step compared the powers (7-1-4), for the attacker and for the attacked Character still on the
    field; a battle with a Leader is none."""
    g = _battlers()
    play(g, "p1: attack TEST-HB1 -> opp TEST-HB2", "p2: no block")
    assert _hands(g) == [1, 1]  # the Counter Step: not yet
    play(g, "p2: end counter")
    assert (g.pending.player, g.pending.kind, _hands(g)) == (0, "main", [2, 2])
    g2 = _battlers()
    play(g2, "p1: attack TEST-HB1 -> opp leader", "p2: no block", "p2: end counter")
    # p2: +1 its Leader is attacked (TEST-LA1), +1 the Life card of the damage (4-6-2); TEST-HB1 battled a
    # Leader, not a Character: no draw for p1
    assert _hands(g2) == [1, 3]


def test_7_1_3_3_7_1_5_if_this_character_battles_not_when_the_attacker_left_the_field_before_the_damage_step():
    """7-1-3-3: the attacker K.O.'d by a [Counter] Event ends the battle before the Damage Step (7-1-4);
    card Q&A ST02-010 (q5): the battle card left the field, so "If this Character battles your opponent's
    Character" does not activate, not even for the attacked Character still on the field."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [FILLER], deck: 5, characters: [{card: TEST-HB1}]}
        p2: {leader: TEST-L02, life: [FILLER, FILLER], deck: 5, hand: [TEST-KOE],
             characters: [{card: TEST-HB2, rested: true}]}
    """, BATTLERS + """
        - {number: TEST-KOE, name: Test Counter KO, category: Event, colors: [Green], cost: 0,
           text: "[Counter] K.O. up to 1 of your opponent's Characters with a cost of 3 or less."}
    """)
    play(g, "p1: attack TEST-HB1 -> opp TEST-HB2", "p2: event TEST-KOE", "p2: choose opp TEST-HB1")
    assert (g.pending.player, g.pending.kind, g.players[0].characters, _hands(g)) == (0, "main", [], [0, 0])


def test_10_1_4_1_7_1_5_if_this_character_battles_counts_the_blocker_not_the_card_first_attacked():
    """10-1-4-1: a [Blocker] becomes the new target; the attacker battles it, so "If this Character battles
    your opponent's Character" activates for an attacker aimed at the Leader and blocked by a Character, and
    not for the attacked Character whose attack the [Blocker] took (7-1-5)."""
    g = _battlers()
    play(g, "p1: attack TEST-HB1 -> opp leader", "p2: block TEST-GB1", "p2: end counter")
    assert (g.pending.player, g.pending.kind, _hands(g)) == (0, "main", [2, 1])  # TEST-GB1 was K.O.'d
    g = _battlers()
    play(g, "p1: attack TEST-HB1 -> opp TEST-HB2", "p2: block TEST-GB1", "p2: end counter")
    assert (g.pending.player, g.pending.kind, _hands(g)) == (0, "main", [2, 1])  # TEST-HB2 did not battle


def test_7_1_2_10_1_4_1_1_3_3_a_blocker_that_cannot_be_activated_or_cannot_be_rested_is_not_offered():
    """10-1-4-1: [Blocker] is activated by resting the card; 1-3-3: a prohibition wins. So no block is
    offered with a [Blocker] that "cannot be rested" (rules Q&A: it cannot activate [Blocker] either), with a
    [Blocker] Character of 2000 or less power once "Your opponent cannot activate a [Blocker] Character that
    has 2000 or less power during this battle" resolved, nor against the card chosen by ST01-016 ("Your
    opponent cannot activate [Blocker] if that Leader or Character attacks during this turn")."""
    cards = """
        - {number: TEST-C01, name: Test Breaker, category: Character, colors: [Red], cost: 2, power: 6000,
           text: "[When Attacking] Your opponent cannot activate a [Blocker] Character that has 2000 or less power during this battle."}
        - {number: TEST-S01, name: Test Kicker, category: Character, colors: [Red], cost: 2, power: 6000,
           types: [Straw Hat Crew]}
        - {number: TEST-B02, name: Test Small Wall, category: Character, colors: [Green], cost: 1, power: 2000,
           text: "[Blocker]"}
        - {number: TEST-B03, name: Test Big Wall, category: Character, colors: [Green], cost: 2, power: 3000,
           text: "[Blocker]"}
        - {number: TEST-BNR, name: Test Stiff Wall, category: Character, colors: [Green], cost: 1, power: 2000,
           text: "[Blocker]<br>This Character cannot be rested."}
    """
    state = """
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [FILLER], deck: 5, hand: [ST01-016], don: {active: 1},
             characters: [{card: TEST-S01}, {card: TEST-S01}, {card: TEST-C01}]}
        p2: {leader: TEST-L02, life: [FILLER, FILLER, FILLER], deck: 5, characters: [CHARS]}
    """
    g = game(state.replace("CHARS", "{card: TEST-B02}, {card: TEST-BNR}"), cards)
    b02, _bnr = g.players[1].characters
    play(g, "p1: attack TEST-S01 -> opp leader")
    assert (g.pending.player, g.pending.kind, g.pending.options) == (1, "block", (("block", b02), ("noblock",)))
    g = game(state.replace("CHARS", "{card: TEST-B02}, {card: TEST-B03}"), cards)
    _b02, b03 = g.players[1].characters
    play(g, "p1: attack TEST-C01 -> opp leader")
    assert (g.pending.player, g.pending.kind, g.pending.options) == (1, "block", (("block", b03), ("noblock",)))
    g = game(state.replace("CHARS", "{card: TEST-B02}"), cards)
    play(g, "p1: play ST01-016", "p1: choose TEST-S01#2", "p1: attack TEST-S01#2 -> opp leader")
    assert (g.pending.player, g.pending.kind, len(g.players[1].life)) == (0, "main", 2)  # no Block Step
    play(g, "p1: attack TEST-S01 -> opp leader")
    assert (g.pending.player, g.pending.kind) == (1, "block")


def _op12_020(target: str):
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: OP12-020, leader_don: 3, deck: 5}
        p2: {leader: TEST-L02, life: [FILLER, FILLER], deck: 5, characters: [{card: TEST-BIG, rested: true}]}
    """, """
        - {number: TEST-BIG, name: Test Big, category: Character, colors: [Green], cost: 8, power: 10000}
    """)
    play(g, f"p1: attack leader -> {target}", "p1: activate leader")
    return g


def test_7_1_op12_020_battles_your_opponents_character_during_this_turn_only_after_a_battle_with_a_character():
    """OP12-020 "[DON!! x3] [Activate: Main] [Once Per Turn] If this Leader battles your opponent's
    Character during this turn, set this Leader as active": after its attack on a Character (a battle, 7-1)
    it is set active; after its attack on the opponent's Leader it stays rested. What battled "during this
    turn" is kept to the end of the turn (6-6-1-1: the game goes on through both End Phases)."""
    g = _op12_020("opp TEST-BIG")
    leader = g.players[0].leader
    assert g.rested[leader] == 0 and g.pending.kind == "main"
    # turn 5: the battle was in turn 3; an attack on the Leader only, then the [Activate: Main] again
    play(g, "p1: end turn", "p2: end turn", "p1: attack leader -> opp leader", "p1: give 3 don -> leader",
         "p1: activate leader")
    assert (g.turn, g.pending.player, g.rested[leader]) == (5, 0, 1)
    g = _op12_020("opp leader")
    assert g.rested[g.players[0].leader] == 1


def test_7_1_op12_020_a_battle_in_which_it_was_attacked_is_not_a_battle_of_its_owners_next_turn():
    """OP12-020 (as above) on the defending side: attacked by a Character in the opponent's turn 3, it
    battled then; in its owner's turn 4 it has battled no Character "during this turn", so its
    [Activate: Main] after an attack on the opponent's Leader leaves it rested."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, life: [FILLER, FILLER], deck: 5, characters: [{card: TEST-BIG}]}
        p2: {leader: OP12-020, life: [FILLER, FILLER], deck: 5, don: {active: 1}}
    """, """
        - {number: TEST-BIG, name: Test Big, category: Character, colors: [Green], cost: 8, power: 10000}
    """)
    leader = g.players[1].leader
    play(g, "p1: attack TEST-BIG -> opp leader", "p1: end turn", "p2: attack leader -> opp leader",
         "p2: give 3 don -> leader", "p2: activate leader")
    assert (g.turn, g.pending.player, g.rested[leader]) == (4, 1, 1)


def _op08_043_opp_turn(hand: str, deck: str):
    """p1 played OP08-043 in turn 3 (p2's only Character, TEST-A01, selected); p2's Main Phase of turn 4
    with ``hand`` and, on top of its deck, ``deck`` (p2 draws its first card)."""
    g = game(f"""
        turn: 3
        active: p1
        phase: main
        p1: {{leader: TEST-LW1, life: [FILLER, FILLER], hand: [OP08-043], don: {{active: 10}}, deck: 20}}
        p2: {{leader: TEST-L02, life: [FILLER, FILLER], hand: {hand}, deck: {deck},
             characters: [{{card: TEST-A01}}], don: {{active: 0}}}}
    """, """
        - {number: TEST-LW1, name: Test Leader Whitebeard, category: Leader, colors: [Blue], power: 5000,
           life: 5, types: [Whitebeard Pirates]}
        - {number: TEST-A01, name: Test Attacker, category: Character, colors: [Green], cost: 2, power: 6000}
        - {number: TEST-H01, name: Test Card One, category: Character, colors: [Green], cost: 1, power: 1000}
        - {number: TEST-H02, name: Test Card Two, category: Character, colors: [Green], cost: 1, power: 1000}
        - {number: TEST-H03, name: Test Card Three, category: Character, colors: [Green], cost: 1, power: 1000}
        - {number: TEST-H04, name: Test Card Four, category: Character, colors: [Green], cost: 1, power: 1000}
    """)
    play(g, "p1: play OP08-043", "p1: end turn")
    assert (g.turn, g.pending.player, g.pending.kind) == (4, 1, "main")
    return g


def test_7_1_1_op08_043_each_attack_of_a_selected_character_first_trashes_2_cards_from_its_players_hand():
    """OP08-043 "... none of the selected Characters can attack unless your opponent trashes 2 cards from
    their hand whenever they attack": the attacking player picks the 2 cards (one at a time, a card number
    once), they go to the trash, then the attack is declared (7-1-1-1: the attacker is rested) and goes on;
    with exactly 2 cards in hand, or 2 copies of one card, there is nothing to pick."""
    g = _op08_043_opp_turn("[TEST-H02, TEST-H03, TEST-H04]", "[TEST-H01, FILLER, FILLER]")  # draws TEST-H01: 4 cards
    a01 = g.players[1].characters[0]
    play(g, "p2: attack TEST-A01 -> opp leader")
    assert (g.pending.player, g.pending.kind, len(g.pending.options), g.rested[a01]) == (1, "choose", 4, 0)
    play(g, "p2: choose TEST-H03")
    assert (g.pending.player, g.pending.kind, len(g.pending.options), g.rested[a01]) == (1, "choose", 3, 0)
    play(g, "p2: choose TEST-H01")
    assert numbers(g, g.players[1].hand) == ["TEST-H02", "TEST-H04"]
    assert numbers(g, g.players[1].trash) == ["TEST-H03", "TEST-H01"]
    assert _entry(g, "p2 trashes TEST-H03, TEST-H01 to attack with p2's TEST-A01")[0] is None
    assert _entry(g, "p2 attacks p1's leader with p2's TEST-A01") is not None
    assert (g.rested[a01], len(g.players[0].life), g.battle, g.pending.player) == (1, 1, None, 1)  # 1 damage
    for hand, deck, trashed in (("[TEST-H02]", "[TEST-H01, FILLER]", ["TEST-H02", "TEST-H01"]),
                                ("[TEST-H01, TEST-H01]", "[TEST-H01, FILLER]", ["TEST-H01", "TEST-H01"])):
        g = _op08_043_opp_turn(hand, deck)
        play(g, "p2: attack TEST-A01 -> opp leader")
        assert numbers(g, g.players[1].trash) == trashed and g.rested[g.players[1].characters[0]] == 1
        assert len(g.players[0].life) == 1 and g.pending.player == 1
    # one card picked, then only copies of one card are left: 1 of them, not more
    g = _op08_043_opp_turn("[TEST-H02, TEST-H01, TEST-H01]", "[TEST-H01, FILLER]")
    play(g, "p2: attack TEST-A01 -> opp leader", "p2: choose TEST-H02")
    assert numbers(g, g.players[1].trash) == ["TEST-H02", "TEST-H01"] and len(g.players[1].hand) == 2


def test_7_1_1_1_3_3_op08_043_with_fewer_than_2_cards_in_hand_a_selected_character_cannot_attack_and_the_refusal_says_why():
    """OP08-043 "none of the selected Characters can attack unless your opponent trashes 2 cards from their
    hand whenever they attack": with 1 card in hand the cost cannot be paid, so the attack is no legal option
    (7-1-1: an attack is declared in the Main Phase by a card that can attack) and its refusal cites the
    prohibition (1-3-3) with the number of cards asked and held; with 2 cards in hand the attack is legal and
    no rule is claimed against it (the 2 cards are trashed, the attack declared)."""
    from tcgsim.onepiece.rules import refusals
    attack = "attack TEST-A01 -> opp leader"
    g = _op08_043_opp_turn("[]", "[TEST-H01, FILLER]")  # p2 draws TEST-H01: 1 card in hand
    assert len(g.players[1].hand) == 1 and attack not in notation.labels(g)
    line = ("1-3-3", "an effect lets TEST-A01 attack only if you trash 2 cards from your hand; you have 1")
    assert tuple(refusals.explain(g, attack)) == line
    with pytest.raises(IllegalAction) as info:
        refusals.parse(g, attack)
    assert info.value.rule == "1-3-3" and line[1] in str(info.value)
    g = _op08_043_opp_turn("[TEST-H02]", "[TEST-H01, FILLER]")  # 2 cards in hand
    assert attack in notation.labels(g) and refusals.explain(g, attack).rule is None
    play(g, f"p2: {attack}")
    assert numbers(g, g.players[1].trash) == ["TEST-H02", "TEST-H01"] and g.rested[g.players[1].characters[0]] == 1
