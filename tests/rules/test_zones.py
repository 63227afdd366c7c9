"""Rules of zones.py (rule 3 moves, 4-5 draw, 10-2-1 K.O., 8-1-3-4 replacement of a K.O.) and the
secret-information bookkeeping its docstrings document (``g.known``: the cards whose place a player knows;
``g.vague``: ``(owner, zones, number)`` "a card of that number is somewhere in those zones", issue 18)."""

from __future__ import annotations

from checklist_helpers import game, play

from tcgsim.onepiece.rules import zones
from tcgsim.onepiece.rules.continuous import power

BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      hand: [OP01-013, OP01-013, ST01-006]
      deck: [OP01-065, OP02-055, OP02-053, ST01-006]
      life: [ST01-012, OP01-013]
      don: {active: 2}
    p2:
      leader: TEST-L02
"""


def _ids(g, player, zone, number):
    return [c for c in getattr(g.players[player], zone) if g.t.numbers[c] == number]


def _log_after(g, start):
    return g.log[start:], {i - start: r for i, r in g.log_rules.items() if i >= start}


# --- 4-5: drawing -------------------------------------------------------------------------------------------

def test_4_5_draw_moves_top_cards_one_at_a_time_and_logs_them():
    """Rule 4-5: "draw N cards" moves the top N deck cards to the hand; the draw is public as a count, the
    cards only to the drawer (3-1-5: the hand is secret). Outside the Draw Phase the draw does not cite 6-3-1."""
    g = game(BOARD)
    hand = list(g.players[0].hand)
    start = len(g.log)
    assert zones.draw(g, 0, 1) == 1
    assert g.players[0].hand[:len(hand)] == hand
    assert [g.t.numbers[c] for c in g.players[0].hand[len(hand):]] == ["OP01-065"]
    assert zones.draw(g, 0, 2) == 2
    assert [g.t.numbers[c] for c in g.players[0].hand[len(hand):]] == ["OP01-065", "OP02-055", "OP02-053"]
    log, rules = _log_after(g, start)
    assert log == [(None, "p1 draws 1 card"), (0, "p1 drew OP01-065"),
                   (None, "p1 draws 2 cards"), (0, "p1 drew OP02-055, OP02-053")]
    assert "6-3-1" not in str(rules)


def test_6_3_1_draw_phase_draw_cites_6_3_1_only_for_the_turn_player():
    """Rule 6-3-1: the turn player draws 1 card in their Draw Phase; a draw then by the other player (an
    effect) is not that rule's draw."""
    g = game(BOARD)
    g.phase = "draw"
    start = len(g.log)
    zones.draw(g, 0, 1)
    zones.draw(g, 1, 1)
    log, rules = _log_after(g, start)
    assert log[0] == (None, "p1 draws 1 card") and rules.get(0) == ("6-3-1",)
    assert (None, "p2 draws 1 card") in log
    assert rules.get(log.index((None, "p2 draws 1 card"))) is None


def test_9_2_1_2_drawing_from_an_empty_deck_draws_nothing_and_changes_no_knowledge():
    """Rule 4-5 / 9-2-1-2: with no deck card nothing is drawn, so what p2 knows of p1's cards stays."""
    g = game(BOARD.replace("deck: [OP01-065, OP02-055, OP02-053, ST01-006]", "deck: []"))
    g.vague[1] = [(0, ("deck",), "OP01-065")]
    start = len(g.log)
    assert zones.draw(g, 0, 1) == 0
    assert g.vague[1] == [(0, ("deck",), "OP01-065")]
    assert g.log[start:] == []


def test_3_1_5_draw_widens_what_the_opponent_knows_of_the_deck_to_the_hand():
    """moved_secretly (a draw is a secret move deck -> hand, 3-1-5): p2's "OP02-055 is in p1's deck"
    becomes "in p1's hand or deck"; p2's entries about Life stay."""
    g = game(BOARD)
    g.vague[1] = [(0, ("deck",), "OP02-055"), (0, ("life",), "OP01-013")]
    zones.draw(g, 0, 1)
    assert sorted(g.vague[1]) == [(0, ("hand", "deck"), "OP02-055"), (0, ("life",), "OP01-013")]


DRAWER = """
    turn: 3
    active: p1
    phase: PHASE
    p1:
      leader: TEST-L01
      characters: [{card: OP05-053}]
      hand: [TEST-D01]
      deck: [OP01-065, OP02-055, OP02-053, ST01-006]
      don: {active: 2}
    p2:
      leader: TEST-L02
"""
DRAW_EVENT = """
- {number: TEST-D01, name: Test Draw, category: Event, colors: [Red], cost: 0, text: "[Main] Draw 1 card."}
"""


def test_op05_053_a_draw_outside_the_draw_phase_is_the_event():
    """OP05-053 "[Your Turn] [Once Per Turn] When you draw a card outside of your Draw Phase, this Character
    gains +2000 power": a Main Phase draw by an effect triggers it."""
    g = game(DRAWER.replace("PHASE", "main"), DRAW_EVENT)
    cid = g.players[0].characters[0]
    assert power(g, cid) == 2000
    play(g, "p1: play TEST-D01")
    assert power(g, cid) == 4000


def test_op05_053_the_draw_phase_draw_is_not_the_event():
    """OP05-053: the turn player's Draw Phase draw (6-3-1) does not trigger it."""
    g = game(DRAWER.replace("PHASE", "draw"), DRAW_EVENT)
    assert g.phase == "main" and len(g.players[0].hand) == 2
    assert power(g, g.players[0].characters[0]) == 2000


# --- secret knowledge: shuffle, blur, moved_secretly, leave_secret_publicly ---------------------------------

def test_3_2_4_shuffle_turns_known_deck_places_into_somewhere_in_the_deck():
    """Rule 3-2-4 / shuffle_deck docstring: after a shuffle nobody knows where a deck card is; p2, who knew
    OP02-055's place, knows only that one OP02-055 is in p1's deck."""
    g = game(BOARD)
    (c,) = _ids(g, 0, "deck", "OP02-055")
    g.known[1] = {c}
    zones.shuffle_deck(g, 0)
    assert g.known[1] == set()
    assert g.vague[1] == [(0, ("deck",), "OP02-055")]


def test_3_1_8_blur_by_default_blurs_the_other_players_knowledge():
    """blur docstring (3-1-8): cards of p1 put in an order p2 does not see: p2's known place of ST01-012 in
    p1's Life becomes "a ST01-012 is in p1's Life"."""
    g = game(BOARD)
    life = list(g.players[0].life)
    g.known[1] = set(life)
    zones.blur(g, 0, "life", life)
    assert g.known[1] == set()
    assert g.vague[1] == sorted([(0, ("life",), "ST01-012"), (0, ("life",), "OP01-013")])


def test_eb01_052_blur_of_the_viewers_own_cards_drops_what_they_knew():
    """blur docstring (EB01-052: the opponent reorders your Life): with ``viewer`` = p1, the owner, p1's
    known places of their own Life cards are dropped, with no vague entry; p2's knowledge is untouched."""
    g = game(BOARD)
    life = list(g.players[0].life)
    g.known[0] = set(life)
    g.known[1] = {life[0]}
    zones.blur(g, 0, "life", life, viewer=0)
    assert g.known[0] == set() and g.vague[0] == []
    assert g.known[1] == {life[0]} and g.vague[1] == []


def test_3_1_5_moved_secretly_widens_only_the_owners_entries_of_the_source_zone():
    """moved_secretly docstring: "N is in src" becomes "N is in src or dst"; entries of other zones or of
    the other player's cards stay as they were."""
    g = game(BOARD)
    g.vague[1] = sorted([(0, ("deck",), "OP02-055"), (0, ("life",), "OP01-013"), (1, ("deck",), "ST01-006")])
    zones.moved_secretly(g, 0, "deck", "life")
    assert sorted(g.vague[1]) == sorted([(0, ("deck", "life"), "OP02-055"), (0, ("life",), "OP01-013"),
                                         (1, ("deck",), "ST01-006")])


def test_op01_105_q2_a_card_leaving_the_hand_secretly_blurs_every_known_hand_card():
    """moved_secretly docstring (card Q&A OP01-105 q2: the hand has no places): p2 knew ST01-006 in p1's
    hand; p1 places some hand card on the deck unseen: p2 now knows "a ST01-006 is in p1's hand or deck"."""
    g = game(BOARD)
    (known,) = _ids(g, 0, "hand", "ST01-006")
    moved = g.players[0].hand[0]
    g.known[1] = {known}
    g.players[0].hand.remove(moved)
    g.players[0].deck.append(moved)
    zones.moved_secretly(g, 0, "hand", "deck", [moved])
    assert g.known[1] == set()
    assert g.vague[1] == [(0, ("hand", "deck"), "ST01-006")]


def test_3_1_5_leave_secret_publicly_a_known_copy_leaves_for_every_player():
    """leave_secret_publicly docstring: a card of number N leaves the hand publicly: for each player who knew
    another copy of N in that hand, that known copy leaves (knowledge is of numbers, not copies)."""
    g = game(BOARD)
    first, second = _ids(g, 0, "hand", "OP01-013")
    g.known[0] = {second}
    g.known[1] = {second}
    zones.leave_secret_publicly(g, first)
    assert g.known == [set(), set()]


def test_3_1_5_leave_secret_publicly_removes_the_most_precise_vague_entry():
    """leave_secret_publicly docstring: with no known copy, the most precise "somewhere in" entry naming the
    zone leaves: "OP01-013 in Life" before "OP01-013 in hand or Life"."""
    g = game(BOARD)
    (cid,) = _ids(g, 0, "life", "OP01-013")
    (deck_card,) = _ids(g, 0, "deck", "OP02-055")
    g.known[1] = {deck_card}  # p2 knows a deck card of another number: no copy of OP01-013 known in Life
    g.vague[1] = sorted([(0, ("hand", "life"), "OP01-013"), (0, ("life",), "OP01-013")])
    zones.leave_secret_publicly(g, cid)
    assert g.vague[1] == [(0, ("hand", "life"), "OP01-013")]
    assert g.known[1] == {deck_card}


def test_3_1_5_leave_secret_publicly_keeps_entries_of_other_numbers_zones_and_owners():
    """leave_secret_publicly docstring: only an entry of the card's owner, number and zone leaves."""
    g = game(BOARD)
    (cid,) = _ids(g, 0, "life", "OP01-013")
    entries = sorted([(0, ("deck",), "ST01-012"), (0, ("life",), "ST01-012"), (1, ("life",), "OP01-013")])
    g.vague[1] = list(entries)
    zones.leave_secret_publicly(g, cid)
    assert g.vague[1] == entries


# --- 10-2-1: K.O. ----------------------------------------------------------------------------------------------

KO_CARDS = """
- {number: TEST-K01, name: Test Brawler, category: Character, colors: [Red], cost: 3, power: 6000,
   text: "When this Character battles and K.O.'s your opponent's Character, draw 1 card."}
- {number: TEST-K02, name: Test Strike, category: Event, colors: [Red], cost: 0,
   text: "[Main] K.O. up to 1 of your opponent's Characters with a cost of 3 or less."}
- {number: TEST-K03, name: Test Demolish, category: Event, colors: [Red], cost: 0,
   text: "[Main] K.O. up to 1 of your opponent's Stages with a cost of 3 or less."}
- {number: TEST-K04, name: Test Tally, category: Event, colors: [Red], cost: 0,
   text: "[Main] If your opponent's Character has been K.O.'d during this turn, draw 1 card."}
- {number: TEST-V01, name: Test Victim, category: Character, colors: [Green], cost: 2, power: 3000}
- {number: TEST-T01, name: Test Town, category: Stage, colors: [Green], cost: 1}
"""
KO_BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: OP07-038
      characters: [{card: TEST-K01}]
      hand: [TEST-K02, TEST-K03, TEST-K04]
      deck: 10
      don: {active: 5}
    p2:
      leader: TEST-L02
      characters: [{card: TEST-V01, rested: true}]
      stage: TEST-T01
      hand: []
"""


def _finish_battle(g):
    """Answer the defender's blocker / counter decisions with their declining option until p1 may act again."""
    while g.pending is not None and g.pending.player == 1:
        g.apply(g.pending.options[-1])


def _ko_entry(g, text):
    i = next(i for i, (vis, t) in enumerate(g.log) if t == text)
    return g.log[i][0], g.log_rules.get(i)


def test_7_1_4_1_2_battle_ko_cites_the_battle_rule_and_is_the_attackers_battle_ko():
    """Rules 7-1-4-1-2 / 10-2-1-1: the attacked Character with less power is K.O.'d (a public log entry citing
    both rules); the attacker's "When this Character battles and K.O.'s your opponent's Character" triggers;
    OP07-038's "when a Character is removed from the field by your effect" does not (a battle, not an effect)."""
    g = game(KO_BOARD, KO_CARDS)
    hand = len(g.players[0].hand)
    (victim,) = g.players[1].characters
    play(g, "p1: attack TEST-K01 -> opp TEST-V01")
    _finish_battle(g)
    assert victim in g.players[1].trash
    assert _ko_entry(g, "p2's TEST-V01 is K.O.'d") == (None, ("7-1-4-1-2", "10-2-1-1"))
    assert g.pending.kind == "main"  # OP07-038 is not offered
    assert len(g.players[0].hand) == hand + 1  # TEST-K01's draw


def test_10_2_1_1_effect_ko_is_not_a_battle_ko_and_is_a_removal_by_effect():
    """Rule 10-2-1-1: a K.O. by an effect cites 10-2-1-1 only; TEST-K01 did not battle, so it does not
    trigger; OP07-038 (Leader: "when a Character is removed from the field by your effect", 5 or fewer cards
    in hand: draw 1) triggers; the K.O. is remembered for the turn (OP16-100 wording, TEST-K04) and only
    until the end of the turn (6-6-1-3)."""
    from tcgsim.onepiece.rules.continuous import CHARACTER_KOD, END, expire

    g = game(KO_BOARD, KO_CARDS)
    (victim,) = g.players[1].characters
    play(g, "p1: play TEST-K02", "p1: choose opp TEST-V01")
    assert victim in g.players[1].trash
    assert _ko_entry(g, "p2's TEST-V01 is K.O.'d") == (None, ("10-2-1-1",))
    assert g.pending.kind == "yes-no" and g.pending.player == 0  # OP07-038: "can be activated"
    g.apply(("yes",))
    assert len(g.players[0].hand) == 2 + 1  # K02 left; OP07-038 drew 1, TEST-K01 did not
    play(g, "p1: play TEST-K04")
    assert len(g.players[0].hand) == 2 + 1 - 1 + 1  # TEST-K04: the opponent's Character was K.O.'d this turn
    assert any(m.stat == CHARACTER_KOD for m in g.mods)
    expire(g, END, g.turn)  # the end of this turn (6-6-1-3)
    assert not any(m.stat == CHARACTER_KOD for m in g.mods)


def test_op02_118_ko_of_a_stage_is_not_a_characters_ko_or_removal():
    """OP02-118 wording ("K.O. up to 1 of your opponent's Stages"): the Stage is trashed as a K.O.; it is no
    Character, so OP07-038 ("a Character is removed from the field") does not trigger and TEST-K04 ("your
    opponent's Character has been K.O.'d") finds no such K.O."""
    g = game(KO_BOARD, KO_CARDS)
    stage = g.players[1].stage
    play(g, "p1: play TEST-K03", "p1: choose opp stage")
    assert g.players[1].stage == -1 and stage in g.players[1].trash
    assert _ko_entry(g, "p2's TEST-T01 is K.O.'d")[0] is None
    assert g.pending.kind == "main"  # OP07-038 is not offered
    assert len(g.players[0].hand) == 2
    play(g, "p1: play TEST-K04")
    assert len(g.players[0].hand) == 1


# --- 8-1-3-4: replacement of a K.O. ----------------------------------------------------------------------------

def _texts(g):
    return [t for _, t in g.log]


def test_st25_003_q1_one_optional_replacement_saves_both_characters_of_one_ko():
    """Card Q&A ST25-003 q1 / rule 8-1-3-4: two {Cross Guild} Characters K.O.'d at the same time by the
    opponent's effect are one event: p1 accepts Crocodile & Mihawk's replacement once (trash 1 card) and
    neither is K.O.'d; the log tells, for each, that p1 replaced its K.O. with ST25-003's effect."""
    g = game("""
        turn: 4
        active: p2
        phase: main
        p1:
          leader: OP01-001
          hand: [OP01-036, OP01-023]
          characters: [{card: ST25-003}, {card: TEST-G01}]
        p2:
          leader: ST02-001
          hand: [TEST-E01]
    """, """
        - {number: TEST-E01, name: Test Sweep, category: Event, colors: [Black], cost: 0,
           text: "[Main] K.O. up to 2 of your opponent's Characters."}
        - {number: TEST-G01, name: Test Guildsman, category: Character, colors: [Blue], cost: 3, power: 5000,
           types: [Cross Guild]}
    """)
    play(g, "p2: play TEST-E01", "p2: choose opp ST25-003, opp TEST-G01", "p1: yes", "p1: choose OP01-036")
    assert [g.t.numbers[c] for c in g.players[0].characters] == ["ST25-003", "TEST-G01"]
    assert [g.t.numbers[c] for c in g.players[0].trash] == ["OP01-036"]
    texts = _texts(g)
    assert "p1 replaces the K.O. of ST25-003 with ST25-003's effect" in texts
    assert "p1 replaces the K.O. of TEST-G01 with ST25-003's effect" in texts
    assert not any("is K.O.'d" in t for t in texts)


def test_8_1_3_4_a_mandatory_once_per_turn_replacement_covers_the_whole_event():
    """Rule 8-1-3-4 (a replacement without "you may" applies whenever it can, OP08-045) with card Q&A
    ST25-003 q1 (Characters K.O.'d at the same time by one effect are one event): the [Once Per Turn]
    replacement applies once, to both: each gets -2000 power, neither is K.O.'d."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1:
          leader: TEST-L01
          hand: [TEST-E02]
        p2:
          leader: TEST-L02
          characters: [{card: TEST-R01}, {card: TEST-V01}]
    """, """
        - {number: TEST-E02, name: Test Sweep, category: Event, colors: [Red], cost: 0,
           text: "[Main] K.O. up to 2 of your opponent's Characters."}
        - {number: TEST-R01, name: Test Warden, category: Character, colors: [Green], cost: 3, power: 5000,
           text: "[Once Per Turn] If your Character would be K.O.'d by your opponent's effect, give that Character −2000 power during this turn instead."}
        - {number: TEST-V01, name: Test Victim, category: Character, colors: [Green], cost: 2, power: 3000}
    """)
    warden, victim = g.players[1].characters
    play(g, "p1: play TEST-E02", "p1: choose opp TEST-R01, opp TEST-V01")
    assert g.players[1].characters == [warden, victim]
    assert (power(g, warden), power(g, victim)) == (3000, 1000)
    assert "p2 replaces the K.O. of TEST-V01 with TEST-R01's effect" in _texts(g)


MONSTER = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: OP01-061
      hand: [OP01-094]
      don: {active: 10}
    p2:
      leader: ST01-001
      characters: [{card: OP09-012}, {card: OP09-010}, {card: FILLER}]
"""


def test_op05_030_q2_a_protector_ko_d_with_the_group_still_replaces_their_ko():
    """Rule 8-1-3-4 / card Q&A OP05-030 q2 (the Characters one effect K.O.s at the same time are one event):
    Kaido K.O.s all other Characters; Monster ("If your Character [Bonk Punch] would be K.O.'d by an effect,
    you may trash this Character instead") is trashed instead of Bonk Punch's K.O.; the other one is K.O.'d."""
    g = game(MONSTER)
    monster, bonk, filler = g.players[1].characters
    play(g, "p1: play OP01-094", "p1: yes", "p1: choose 6 rested don")
    assert g.pending.kind == "yes-no" and g.pending.player == 1
    play(g, "p2: yes")
    assert g.players[1].characters == [bonk]
    assert sorted(g.players[1].trash) == sorted([monster, filler])
    texts = _texts(g)
    assert "p2 replaces the K.O. of OP09-010 with OP09-012's effect" in texts
    assert "p2's OP09-012 is K.O.'d" not in texts and "p2's FILLER is K.O.'d" in texts


def test_7_1_1_4_target_ko_d_by_a_when_attacking_effect_is_no_battle_ko():
    """Rules 10-2-1-1 / 7-1-1-4: the attacker's [When Attacking] effect K.O.s the attacked Character: a K.O.
    by an effect (citing 10-2-1-1 only, not the Damage Step's 7-1-4-1-2); the target has moved areas, so
    the battle ends without a Damage Step and the attacker did not "battle and K.O." it (no draw)."""
    g = game(KO_BOARD.replace("TEST-K01", "TEST-K05"), KO_CARDS + """
- {number: TEST-K05, name: Test Ambusher, category: Character, colors: [Red], cost: 3, power: 6000,
   text: "[When Attacking] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.<br>When this Character battles and K.O.'s your opponent's Character, draw 1 card."}
""")
    hand = len(g.players[0].hand)
    (victim,) = g.players[1].characters
    play(g, "p1: attack TEST-K05 -> opp TEST-V01", "p1: choose opp TEST-V01")
    if g.pending is not None and g.pending.kind == "yes-no" and g.pending.player == 0:
        g.apply(("no",))  # OP07-038 (a removal by p1's effect) may be declined
    _finish_battle(g)
    assert victim in g.players[1].trash
    assert _ko_entry(g, "p2's TEST-V01 is K.O.'d") == (None, ("10-2-1-1",))
    assert g.pending.kind == "main" and len(g.players[0].hand) == hand


TWO_REPLACEMENTS = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      characters: [{card: TEST-C01}]
      hand: [TEST-E02]
    p2:
      leader: TEST-L02
      hand: [ST01-006]
      characters: [{card: TEST-W01}, {card: TEST-W02}]
"""
TWO_REPLACEMENT_CARDS = """
    - {number: TEST-E02, name: Test Strike, category: Event, colors: [Red], cost: 0,
       text: "[Main] K.O. up to 1 of your opponent's Characters."}
    - {number: TEST-W01, name: Test Stubborn, category: Character, colors: [Green], cost: 3, power: 5000,
       text: "If this Character would be K.O.'d, you may trash 1 card from your hand instead."}
    - {number: TEST-W02, name: Test Medic, category: Character, colors: [Green], cost: 3, power: 5000,
       text: "If your Character would be K.O.'d by your opponent's effect, you may give that Character −2000 power during this turn instead of that Character being K.O.'d."}
    - {number: TEST-C01, name: Test Collector, category: Character, colors: [Red], cost: 2, power: 3000,
       text: "When your opponent's Character is K.O.'d by your effect, draw 1 card."}
"""


def test_8_1_3_4_1_a_declined_replacement_lets_the_next_one_be_offered():
    """Rules 8-1-3-4-1 (an optional replacement may be declined) and 8-1-3-4-2 (the K.O.'d card's own
    first): p2 declines TEST-W01's own replacement, is then offered TEST-W02's and accepts it: W01 is not
    K.O.'d, gets -2000 power, and p2 keeps the hand card."""
    g = game(TWO_REPLACEMENTS, TWO_REPLACEMENT_CARDS)
    w01, _ = g.players[1].characters
    play(g, "p1: play TEST-E02", "p1: choose opp TEST-W01")
    assert g.pending.kind == "yes-no" and g.pending.player == 1
    play(g, "p2: no")
    assert g.pending.kind == "yes-no" and g.pending.player == 1
    play(g, "p2: yes")
    assert w01 in g.players[1].characters and power(g, w01) == 3000
    assert len(g.players[1].hand) == 1


def test_8_1_3_4_1_every_replacement_declined_the_ko_happens():
    """Rule 8-1-3-4-1: p2 declines both replacement effects; then the K.O. happens, a K.O. by p1's effect
    (10-2-1-1), so p1's "When your opponent's Character is K.O.'d by your effect" draws 1 card."""
    g = game(TWO_REPLACEMENTS, TWO_REPLACEMENT_CARDS)
    w01, w02 = g.players[1].characters
    play(g, "p1: play TEST-E02", "p1: choose opp TEST-W01", "p2: no", "p2: no")
    assert g.players[1].characters == [w02] and w01 in g.players[1].trash
    assert len(g.players[1].hand) == 1 and g.pending.kind == "main"
    assert len(g.players[0].hand) == 1


def test_7_1_2_a_blocker_ko_d_in_battle_is_the_battle_ko():
    """Rules 7-1-2 (a [Blocker] becomes the attack's target) and 7-1-4-1-2: the blocker with less power is
    K.O.'d in the Damage Step (citing 7-1-4-1-2 and 10-2-1-1), and the attacker battled and K.O.'d it, so
    its "When this Character battles and K.O.'s your opponent's Character" draws 1 card."""
    g = game(KO_BOARD.replace("TEST-V01, rested: true", "TEST-B01"), KO_CARDS + """
- {number: TEST-B01, name: Test Guard, category: Character, colors: [Green], cost: 2, power: 3000, text: "[Blocker]"}
""")
    hand = len(g.players[0].hand)
    (guard,) = g.players[1].characters
    play(g, "p1: attack TEST-K01 -> opp leader", "p2: block TEST-B01")
    _finish_battle(g)
    assert guard in g.players[1].trash
    assert _ko_entry(g, "p2's TEST-B01 is K.O.'d") == (None, ("7-1-4-1-2", "10-2-1-1"))
    assert g.pending.kind == "main" and len(g.players[0].hand) == hand + 1


def test_op05_030_q2_a_deferred_ko_is_still_a_ko_by_the_effect():
    """Rule 8-1-3-4 / card Q&A OP05-030 q2: TEST-W03 (its own replacement declined) waits while the other
    Character K.O.'d with it may still be saved by TEST-W02; p2 declines every replacement: both are K.O.'d
    by p1's effect, so p1's "When your opponent's Character is K.O.'d by your effect" draws once per K.O."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1:
          leader: TEST-L01
          characters: [{card: TEST-C01}]
          hand: [TEST-E03]
        p2:
          leader: TEST-L02
          hand: [ST01-006]
          characters: [{card: TEST-W03}, {card: TEST-V01}, {card: TEST-W02}]
    """, TWO_REPLACEMENT_CARDS + """
    - {number: TEST-E03, name: Test Sweep, category: Event, colors: [Red], cost: 0,
       text: "[Main] K.O. up to 2 of your opponent's Characters with a cost of 2 or less."}
    - {number: TEST-W03, name: Test Stubborn, category: Character, colors: [Green], cost: 2, power: 5000,
       text: "If this Character would be K.O.'d, you may trash 1 card from your hand instead."}
    - {number: TEST-V01, name: Test Victim, category: Character, colors: [Green], cost: 2, power: 3000}
    """)
    w03, v01, w02 = g.players[1].characters
    play(g, "p1: play TEST-E03", "p1: choose opp TEST-W03, opp TEST-V01")
    while g.pending is not None and g.pending.kind == "yes-no" and g.pending.player == 1:
        play(g, "p2: no")
    assert g.players[1].characters == [w02] and {w03, v01} <= set(g.players[1].trash)
    assert len(g.players[1].hand) == 1
    assert len(g.players[0].hand) == 2


def test_10_2_1_1_a_battle_ko_is_not_a_ko_by_an_effect():
    """Rule 10-2-1-1 (a K.O. on losing a battle or by an effect): TEST-V01 K.O.'d in battle is not "K.O.'d by
    your effect" (p1's TEST-C01 does not draw; TEST-K01's battle K.O. draw does), and it is "K.O.'d in
    battle" for p2's TEST-V02's own "When this Character is K.O.'d in battle, draw 1 card"."""
    g = game(KO_BOARD.replace("characters: [{card: TEST-K01}]", "characters: [{card: TEST-K01}, {card: TEST-C01}]")
             .replace("TEST-V01, rested: true", "TEST-V02, rested: true"), KO_CARDS + """
- {number: TEST-C01, name: Test Collector, category: Character, colors: [Red], cost: 2, power: 3000,
   text: "When your opponent's Character is K.O.'d by your effect, draw 1 card."}
- {number: TEST-V02, name: Test Martyr, category: Character, colors: [Green], cost: 2, power: 3000,
   text: "When this Character is K.O.'d in battle, draw 1 card."}
""")
    hand0, hand1 = len(g.players[0].hand), len(g.players[1].hand)
    play(g, "p1: attack TEST-K01 -> opp TEST-V02")
    _finish_battle(g)
    assert len(g.players[1].characters) == 0
    assert len(g.players[0].hand) == hand0 + 1
    assert len(g.players[1].hand) == hand1 + 1
