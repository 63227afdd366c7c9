"""Prohibitions ("cannot ..." effects) read by rules/continuous.py: rule 1-3-3 (a prohibiting effect takes
precedence), 8-1-3-3 (permanent effects), 8-1-4-2 (continuous effects resolved earlier), 10-2-1 (K.O.), and
the card Q&A of OP02-027 ("cannot be removed from the field by your opponent's effects": "It will not be
K.O.'d by effects"). Each test states who is protected, from what, and by whose effect, and expects what the
words of the effect say. Last, ST13-003's "Your face-up Life cards are placed at the bottom of your deck"
(face_up_life_to_deck)."""

from __future__ import annotations

from checklist_helpers import game

from tcgsim.onepiece.rules import continuous as cv

# permanent prohibitions printed on test Characters (8-1-3-3), compiled from their text
GUARDS = """
- {number: TEST-G01, name: Test Two Guards, category: Character, colors: [Red], cost: 1, power: 1000,
   text: "This Character cannot be K.O.'d by effects.\\nThis Character cannot be K.O.'d in battle."}
- {number: TEST-G02, name: Test Opponent Guard, category: Character, colors: [Red], cost: 1, power: 1000,
   text: "This Character cannot be K.O.'d by your opponent's effects."}
- {number: TEST-G03, name: Test Effect Guard, category: Character, colors: [Red], cost: 1, power: 1000,
   text: "This Character cannot be K.O.'d by effects."}
- {number: TEST-G04, name: Test Opponent Then Effect Guard, category: Character, colors: [Red], cost: 1,
   power: 1000,
   text: "This Character cannot be K.O.'d by your opponent's effects.\\nThis Character cannot be K.O.'d by effects."}
- {number: TEST-G05, name: Test No Attack, category: Character, colors: [Red], cost: 1, power: 1000,
   text: "This Character cannot attack."}
- {number: TEST-G08, name: Test Battle Then Effect Guard, category: Character, colors: [Green], cost: 1,
   power: 1000, text: "This Character cannot be K.O.'d in battle.\\nThis Character cannot be K.O.'d by effects."}
- {number: TEST-G06, name: Test Far Opponent Guard, category: Character, colors: [Green], cost: 1, power: 1000,
   text: "This Character cannot be K.O.'d by your opponent's effects."}
- {number: TEST-G07, name: Test Own Removal Guard, category: Character, colors: [Green], cost: 1, power: 1000,
   text: "This Character cannot be removed from the field by your effects."}
"""

VANILLA = """
- {number: TEST-V01, name: Test Plain One, category: Character, colors: [Red], cost: 1, power: 1000}
- {number: TEST-V02, name: Test Plain Two, category: Character, colors: [Red], cost: 1, power: 1000}
- {number: TEST-V03, name: Test Plain Three, category: Character, colors: [Green], cost: 1, power: 1000}
"""


def _guards():
    """p1's Leader, G01..G05 (p1), p2's Leader, G06, G07, G08 (p2), in p1's Main Phase."""
    return game("""
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      deck: 2
      characters: [{card: TEST-G01}, {card: TEST-G02}, {card: TEST-G03}, {card: TEST-G04}, {card: TEST-G05}]
    p2:
      leader: TEST-L02
      deck: 2
      characters: [{card: TEST-G06}, {card: TEST-G07}, {card: TEST-G08}]
    """, GUARDS)


def _plain():
    """p1's Leader with V01, V02; p2's Leader with V03; no card prohibits anything; p1's Main Phase."""
    return game("""
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      deck: 2
      characters: [{card: TEST-V01}, {card: TEST-V02}]
    p2:
      leader: TEST-L02
      deck: 2
      characters: [{card: TEST-V03}]
    """, VANILLA)


def _id(g, number: str) -> int:
    return g.t.numbers.index(number)


def _leaders(g):
    return g.players[0].leader, g.players[1].leader


# ----------------------------------------------------------------------------- permanent effects (8-1-3-3)


def test_1_3_3_cannot_be_kod_by_effects_does_not_stop_a_battle_ko():
    """1-3-3, 10-2-1-1: "This Character cannot be K.O.'d by effects" forbids a K.O. by an effect, from either
    player; a K.O. on losing a battle is not one by an effect, so it still happens."""
    g = _guards()
    g03 = _id(g, "TEST-G03")
    mine, theirs = _leaders(g)
    assert cv.prohibited(g, g03, "be_ko", by="effect", source=theirs)
    assert cv.prohibited(g, g03, "be_ko", by="effect", source=mine)
    assert not cv.prohibited(g, g03, "be_ko", by="battle", attacker=theirs)


def test_1_3_3_the_second_of_two_prohibitions_on_one_card_also_applies():
    """1-3-3, 8-1-3-3: a card with "cannot be K.O.'d by effects" and "cannot be K.O.'d in battle" is
    protected from both: the first does not stop a battle K.O., the second does; and each protects it from
    an effect K.O. or a battle K.O. as its words say."""
    g = _guards()
    g01 = _id(g, "TEST-G01")
    assert cv.prohibition(g, g01, "be_ko", by="battle", attacker=_leaders(g)[1]) == g01
    assert cv.prohibition(g, g01, "be_ko", by="effect", source=_leaders(g)[1]) == g01


def test_1_3_3_cannot_be_kod_by_your_opponents_effects_reads_whose_effect_it_is():
    """1-3-3 with the card's words: "This Character cannot be K.O.'d by your opponent's effects" forbids the
    K.O. by an effect of its controller's opponent (also that opponent's Leader's), not by its controller's
    own effects, and not a battle K.O."""
    g = _guards()
    g02, g06 = _id(g, "TEST-G02"), _id(g, "TEST-G06")
    p1_leader, p2_leader = _leaders(g)
    # p1's G02: p2's effect is the opponent's, p1's own Leader's effect is not
    assert cv.prohibition(g, g02, "be_ko", by="effect", source=p2_leader) == g02
    assert not cv.prohibited(g, g02, "be_ko", by="effect", source=p1_leader)
    assert not cv.prohibited(g, g02, "be_ko", by="battle", attacker=p2_leader)
    # p2's G06: p1's Leader's effect is the opponent's (whatever the card's place in the game)
    assert cv.prohibition(g, g06, "be_ko", by="effect", source=p1_leader) == g06
    assert not cv.prohibited(g, g06, "be_ko", by="effect", source=p2_leader)


def test_1_3_3_cannot_be_kod_by_effects_applies_after_an_opponent_only_one_does_not():
    """1-3-3: G04 reads "cannot be K.O.'d by your opponent's effects" and "cannot be K.O.'d by effects": an
    effect of its own controller does not meet the first, but the second forbids that K.O. too."""
    g = _guards()
    g04 = _id(g, "TEST-G04")
    assert cv.prohibition(g, g04, "be_ko", by="effect", source=_leaders(g)[0]) == g04


def test_1_3_3_cannot_be_kod_by_effects_applies_after_an_in_battle_one():
    """1-3-3: G08 reads "cannot be K.O.'d in battle" and "cannot be K.O.'d by effects": an effect's K.O. does
    not meet the first, but the second forbids it."""
    g = _guards()
    g08 = _id(g, "TEST-G08")
    assert cv.prohibition(g, g08, "be_ko", by="effect", source=_leaders(g)[0]) == g08


def test_1_3_3_cannot_attack_does_not_forbid_a_ko():
    """1-3-3: a prohibition forbids what it names. "This Character cannot attack" forbids its attack, not its
    K.O. in battle or by an effect."""
    g = _guards()
    g05 = _id(g, "TEST-G05")
    assert cv.prohibition(g, g05, "attack") == g05
    assert not cv.prohibited(g, g05, "be_ko", by="battle", attacker=_leaders(g)[1])
    assert not cv.prohibited(g, g05, "be_ko", by="effect", source=_leaders(g)[1])


def test_qa_op02_027_cannot_be_removed_by_your_effects_reads_whose_effect_it_is():
    """Card Q&A OP02-027 ("cannot be removed from the field by ... effects" also means "It will not be K.O.'d
    by effects"), with the words "by your effects" (OP14-079 wording): p2's G07 cannot be removed nor K.O.'d
    by p2's own effects; an effect of p1 (p2's opponent) may remove or K.O. it."""
    g = _guards()
    g07 = _id(g, "TEST-G07")
    p1_leader, p2_leader = _leaders(g)
    assert cv.prohibition(g, g07, "be_removed", by="effect", source=p2_leader) == g07
    assert cv.prohibition(g, g07, "be_ko", by="effect", source=p2_leader) == g07
    assert not cv.prohibited(g, g07, "be_removed", by="effect", source=p1_leader)
    assert not cv.prohibited(g, g07, "be_ko", by="effect", source=p1_leader)


# ------------------------------------------------------------ effects resolved earlier (modifiers, 8-1-4-2)
# The modifiers are the ones effects/actions.op_cannot makes for "... during this turn": PROHIBIT on the chosen
# card, ``what`` or ``(what, how)``, its controller the player whose effect it is.


def _prohibit(g, cid: int, amount, controller: int) -> None:
    cv.add_modifier(g, cid, cv.PROHIBIT, amount, cv.END, g.turn, controller)


def test_8_1_4_2_cannot_be_kod_by_effects_this_turn_does_not_stop_a_battle_ko():
    """1-3-3, 10-2-1-1: "up to 1 of your Characters cannot be K.O.'d by effects during this turn" forbids a
    K.O. by any effect, also its controller's own, but not the K.O. of losing a battle."""
    g = _plain()
    v01 = _id(g, "TEST-V01")
    p1_leader, p2_leader = _leaders(g)
    _prohibit(g, v01, ("be_ko", "effect"), 0)
    assert cv.prohibition(g, v01, "be_ko", by="effect", source=p2_leader) == -1
    assert cv.prohibition(g, v01, "be_ko", by="effect", source=p1_leader) == -1
    assert not cv.prohibited(g, v01, "be_ko", by="battle", attacker=p2_leader)


def test_8_1_4_2_cannot_be_kod_by_your_opponents_effects_this_turn_reads_its_controller():
    """1-3-3 with the words: "cannot be K.O.'d by your opponent's effects during this turn" -- "your" is the
    player whose effect made it. p1's effect on V01: p2's effects cannot K.O. it, p1's own can. p2's effect
    on V03: p1's Leader's effect cannot K.O. it."""
    g = _plain()
    v01, v03 = _id(g, "TEST-V01"), _id(g, "TEST-V03")
    p1_leader, p2_leader = _leaders(g)
    _prohibit(g, v01, ("be_ko", "opponent_effect"), 0)
    _prohibit(g, v03, ("be_ko", "opponent_effect"), 1)
    assert cv.prohibited(g, v01, "be_ko", by="effect", source=p2_leader)
    assert not cv.prohibited(g, v01, "be_ko", by="effect", source=p1_leader)
    assert not cv.prohibited(g, v01, "be_ko", by="battle", attacker=p2_leader)
    assert cv.prohibited(g, v03, "be_ko", by="effect", source=p1_leader)
    assert not cv.prohibited(g, v03, "be_ko", by="effect", source=p2_leader)


def test_8_1_4_2_a_second_resolved_prohibition_applies_after_one_that_does_not():
    """1-3-3: V02 got "cannot be K.O.'d in battle" and then "cannot be K.O.'d by effects" this turn; an
    effect's K.O. is not stopped by the first, but is by the second."""
    g = _plain()
    v02 = _id(g, "TEST-V02")
    _prohibit(g, v02, ("be_ko", "battle"), 0)
    _prohibit(g, v02, ("be_ko", "effect"), 0)
    assert cv.prohibited(g, v02, "be_ko", by="effect", source=_leaders(g)[1])
    assert cv.prohibited(g, v02, "be_ko", by="battle", attacker=_leaders(g)[1])


def test_8_1_4_2_cannot_attack_this_turn_does_not_forbid_a_ko():
    """1-3-3: "cannot attack during this turn" forbids the attack only: the card may still be K.O.'d in
    battle or by an effect."""
    g = _plain()
    v01 = _id(g, "TEST-V01")
    _prohibit(g, v01, "attack", 1)
    assert cv.prohibited(g, v01, "attack")
    assert not cv.prohibited(g, v01, "be_ko", by="effect", source=_leaders(g)[1])
    assert not cv.prohibited(g, v01, "be_ko", by="battle", attacker=_leaders(g)[1])


def test_8_1_4_2_you_cannot_attack_a_leader_binds_the_player_who_used_it():
    """1-3-3, OP06-026 ("Then, you cannot attack a Leader during this turn"): a flag on the player. Used by
    p2, it forbids p2's Leader and Characters to attack a Leader, not p1's; used by p1, p1's only."""
    g = _plain()
    v01, v03 = _id(g, "TEST-V01"), _id(g, "TEST-V03")
    p1_leader, p2_leader = _leaders(g)
    cv.add_modifier(g, -1 - 1, cv.PROHIBIT, "attack_leader", cv.END, g.turn, 1)
    assert cv.prohibited(g, v03, "attack_leader") and cv.prohibited(g, p2_leader, "attack_leader")
    assert not cv.prohibited(g, v01, "attack_leader") and not cv.prohibited(g, p1_leader, "attack_leader")
    g.mods = []
    cv.add_modifier(g, -1 - 0, cv.PROHIBIT, "attack_leader", cv.END, g.turn, 0)
    assert cv.prohibited(g, v01, "attack_leader")
    assert not cv.prohibited(g, v03, "attack_leader")


def test_3_1_6_a_card_leaving_the_field_drops_only_the_memories_of_that_card():
    """3-1-6: a card that moves becomes a new card, so an effect's memory of "that Character" (CHOSE) is
    dropped when that Character leaves the field; another card leaving does not drop it."""
    g = _plain()
    v01, v02, v03 = _id(g, "TEST-V01"), _id(g, "TEST-V02"), _id(g, "TEST-V03")
    cv.add_modifier(g, v01, cv.CHOSE, v02, cv.END, g.turn, 0)
    cv.drop_card_modifiers(g, v03)
    assert [m for m in g.mods if m.stat == cv.CHOSE] == [cv.Modifier(v01, cv.CHOSE, v02, cv.END, g.turn, 0)]
    cv.drop_card_modifiers(g, v02)
    assert not [m for m in g.mods if m.stat == cv.CHOSE]


def test_8_1_3_3_st13_003_sends_only_face_up_life_cards_to_the_deck():
    """8-1-3-3, ST13-003 ("Your face-up Life cards are placed at the bottom of your deck instead of being added
    to your hand"; card Q&A qa_st-13.md ST13-003 q1): of its owner's Life cards, the face-up one goes to the
    bottom of the deck instead of the hand, the face-down one does not; the opponent's face-up Life card is
    not "your" Life card."""
    g = game("""
    turn: 4
    active: p2
    phase: main
    p1:
      leader: ST13-003
      deck: 2
      life: [FILLER, {card: ST01-006, face_up: true}]
    p2:
      leader: TEST-L02
      deck: 2
      life: [{card: ST01-006, face_up: true}]
    """)
    life = g.players[0].life
    assert sorted(g.t.numbers[c] for c in life) == ["FILLER", "ST01-006"]
    up = next(c for c in life if g.t.numbers[c] == "ST01-006")
    down = next(c for c in life if g.t.numbers[c] == "FILLER")
    assert g.face_up[up] and not g.face_up[down]  # the state as built
    assert cv.face_up_life_to_deck(g, up)
    assert not cv.face_up_life_to_deck(g, down)
    assert not cv.face_up_life_to_deck(g, g.players[1].life[0])
