"""Every refused action names the rule that forbids it (issue 12 §3): the parser's refusal (rules/refusals.parse, the
notation parser the game module answers with) carries the rule number and a one-line reason. Each expectation is read from the words of the cited rule of
comprehensive-rules-v1.2.0.md; the test builds a state the rule speaks of and types the forbidden action."""

from __future__ import annotations

import pytest
from checklist_helpers import game, play

from tcgsim.core.machine import IllegalAction
from tcgsim.onepiece.rules import notation, refusals

CARDS = """
- {number: TEST-C01, name: Test Swordsman, category: Character, colors: [Red], cost: 4, power: 5000, counter: 1000}
- {number: TEST-C02, name: Test Sprinter, category: Character, colors: [Red], cost: 2, power: 3000, text: "[Rush]"}
- {number: TEST-C03, name: Test Charger, category: Character, colors: [Red], cost: 2, power: 3000, text: "[Rush: Character]"}
- {number: TEST-C04, name: Test Plain, category: Character, colors: [Red], cost: 1, power: 2000}
- {number: TEST-B01, name: Test Guard, category: Character, colors: [Green], cost: 2, power: 2000, text: "[Blocker]"}
- {number: TEST-B02, name: Test Wall, category: Character, colors: [Green], cost: 2, power: 3000, text: "[Blocker]"}
- {number: TEST-U01, name: Test Ghost, category: Character, colors: [Red], cost: 3, power: 5000, text: "[Unblockable]"}
- {number: TEST-E01, name: Test Guard Up, category: Event, colors: [Green], cost: 1, text: "[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this battle."}
- {number: TEST-E02, name: Test Big Counter, category: Event, colors: [Green], cost: 3, text: "[Counter] Up to 1 of your Leader or Character cards gains +4000 power during this battle."}
- {number: TEST-A01, name: Test Scholar, category: Character, colors: [Red], cost: 1, power: 1000, text: "[Activate: Main] [Once Per Turn] Draw 1 card."}
- {number: TEST-S01, name: Test Port, category: Stage, colors: [Red], cost: 1}
- {number: TEST-E03, name: Test Night Plan, category: Event, colors: [Red], cost: 1, text: "[Main] [Opponent's Turn] Draw 1 card."}
- {number: TEST-A02, name: Test Night Scholar, category: Character, colors: [Red], cost: 1, power: 1000, text: "[Activate: Main] [Opponent's Turn] Draw 1 card."}
- {number: TEST-N01, name: Test Coward, category: Character, colors: [Red], cost: 1, power: 2000, text: "This Character cannot attack."}
- {number: TEST-K01, name: Test Striker, category: Character, colors: [Red], cost: 1, power: 2000, text: "[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less."}
- {number: TEST-K02, name: Test Hammer, category: Character, colors: [Red], cost: 1, power: 2000, text: "[On Play] K.O. 1 of your opponent's Characters with a cost of 3 or less."}
- {number: TEST-O01, name: Test Trader, category: Character, colors: [Red], cost: 1, power: 2000, text: "[On Play] You may trash 1 card from your hand: Draw 2 cards."}
- {number: TEST-T01, name: Test Trap, category: Character, colors: [Red], cost: 1, power: 2000, text: "[Trigger] Draw 1 card."}
"""


def refusal(g, text: str) -> IllegalAction:
    """The refusal of ``text`` at ``g``'s pending decision (the text must not be legal)."""
    with pytest.raises(IllegalAction) as info:
        refusals.parse(g, text)
    return info.value


def main(p1: str, p2: str = "{leader: TEST-L02, deck: 5}", turn: int = 3):
    return game(f"turn: {turn}\nactive: p1\nphase: main\np1: {p1}\np2: {p2}\n", CARDS)


def test_6_5_3_1_play_costs_active_don():
    """6-5-3-1: "You can pay the cost and play a Character card": 2 active DON!! do not pay a cost of 4."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C01], don: {active: 2}}")
    exc = refusal(g, "play TEST-C01")
    assert exc.rule == "6-5-3-1"
    assert "you have 2 active DON!!, TEST-C01 costs 4" in str(exc)


def test_6_5_3_1_cards_are_played_from_the_hand():
    """6-5-3-1: cards are played "from your hand": a card on the field is not."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}], don: {active: 5}}")
    exc = refusal(g, "play TEST-C04")
    assert exc.rule == "6-5-3-1" and "not in your hand" in str(exc)


def test_6_5_3_1_only_main_events_in_the_main_phase():
    """6-5-3-1: in the Main Phase one activates "an Event card marked with [Main]": a [Counter] Event is not."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-E01], don: {active: 5}}")
    exc = refusal(g, "play TEST-E01")
    assert exc.rule == "6-5-3-1" and "[Counter] Event" in str(exc)


def test_6_5_6_1_no_battle_on_the_first_turn():
    """6-5-6-1: "Neither player can battle on their first turn"."""
    g = main("{leader: TEST-L01, deck: 5, first_turn_done: false}", turn=1)
    exc = refusal(g, "attack leader -> opp leader")
    assert exc.rule == "6-5-6-1" and "first turn" in str(exc)


def test_3_7_4_no_attack_on_the_turn_played_without_rush():
    """3-7-4: "Played cards cannot attack on the turn in which they are played unless otherwise specified"
    (10-1-1-1 [Rush] is such a specification)."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04, played_this_turn: true}]}")
    exc = refusal(g, "attack TEST-C04 -> opp leader")
    assert exc.rule == "3-7-4" and "[Rush]" in str(exc)
    # [Rush] (10-1-1-1) allows it: the same attack by a [Rush] Character is legal
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C02, played_this_turn: true}]}")
    assert notation.parse(g, "attack TEST-C02 -> opp leader")[0] == "attack"


def test_10_1_6_1_rush_character_attacks_only_characters():
    """10-1-6-1: [Rush: Character] "allows a Character card to attack the opponent's Character cards on the
    turn [it] was played": not the Leader."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C03, played_this_turn: true}]}",
             "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04, rested: true}]}")
    exc = refusal(g, "attack TEST-C03 -> opp leader")
    assert exc.rule == "10-1-6-1"
    assert notation.parse(g, "attack TEST-C03 -> opp TEST-C04")[0] == "attack"


def test_7_1_1_1_a_rested_card_cannot_attack():
    """7-1-1-1: the attack is declared "by resting their active Leader card or 1 active Character card"."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04, rested: true}]}")
    exc = refusal(g, "attack TEST-C04 -> opp leader")
    assert exc.rule == "7-1-1-1" and "rested" in str(exc)


def test_7_1_1_2_only_rested_characters_can_be_attacked():
    """7-1-1-2: "The target can be either the opponent's Leader card or 1 of their rested Character cards"."""
    g = main("{leader: TEST-L01, deck: 5}", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}]}")
    exc = refusal(g, "attack leader -> opp TEST-C04")
    assert exc.rule == "7-1-1-2" and "active" in str(exc) and "rested" in str(exc)


def test_7_1_1_2_own_cards_are_not_targets():
    """7-1-1-2: the target is the opponent's Leader or Character, not the player's own."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04, rested: true}]}")
    exc = refusal(g, "attack leader -> TEST-C04")
    assert exc.rule == "7-1-1-2"


def test_6_5_5_1_give_only_active_don_you_have():
    """6-5-5-1: giving places "active DON!! card[s] from your cost area": 3 cannot be given from 2."""
    g = main("{leader: TEST-L01, deck: 5, don: {active: 2}}")
    exc = refusal(g, "give 3 don -> leader")
    assert exc.rule == "6-5-5-1" and "you have 2 active DON!!" in str(exc)


def test_6_5_2_main_phase_actions_only_in_the_main_phase():
    """6-5-2: playing, activating, giving DON!! and battle are "Main Phase actions": not in the Counter Step."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
             "{leader: TEST-L02, deck: 5, hand: [TEST-C01], don: {active: 3}}")
    play(g, "p1: attack TEST-C04 -> opp leader", "p2: no block")
    assert g.pending.kind == "counter"
    exc = refusal(g, "play TEST-C01")
    assert exc.rule == "6-5-2" and "Main Phase" in str(exc)


def _attacked(attacker: str, p2: str):
    g = main(f"{{leader: TEST-L01, deck: 5, characters: [{{card: {attacker}}}]}}", p2)
    play(g, f"p1: attack {attacker} -> opp leader")
    return g


def test_10_1_4_1_blocker_needs_the_keyword():
    """10-1-4-1: [Blocker] is a keyword effect: a Character without it cannot block."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}, {card: TEST-B01}]}")
    assert g.pending.kind == "block"
    exc = refusal(g, "block TEST-C04")
    assert exc.rule == "10-1-4-1" and "no [Blocker]" in str(exc)


def test_10_1_4_1_a_rested_blocker_cannot_block():
    """10-1-4-1: [Blocker] is activated "by resting this card": a rested one cannot."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-B01, rested: true}, "
                              "{card: TEST-B02}]}")
    exc = refusal(g, "block TEST-B01")
    assert exc.rule == "10-1-4-1" and "rested" in str(exc)


def test_10_1_4_1_the_attacked_card_cannot_block_for_itself():
    """10-1-4-1: [Blocker] applies "when one of your other cards is being attacked"."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
             "{leader: TEST-L02, deck: 5, characters: [{card: TEST-B01, rested: true}, {card: TEST-B02}]}")
    # the attacked card must be rested (7-1-1-2) to be attacked; a rested card cannot block anyway, so the
    # check names the card being attacked before its rested state
    play(g, "p1: attack TEST-C04 -> opp TEST-B01")
    exc = refusal(g, "block TEST-B01")
    assert exc.rule == "10-1-4-1" and "being attacked" in str(exc)


def test_10_1_7_1_unblockable():
    """10-1-7-1: [Unblockable] "prevents the opponent from activating [Blocker]" (the Block Step then offers
    no block, so the first decision is the Counter Step's)."""
    g = _attacked("TEST-U01", "{leader: TEST-L02, deck: 5, life: [TEST-C04, TEST-C04], "
                              "hand: [TEST-C01], characters: [{card: TEST-B01}]}")
    assert g.pending.kind == "counter"
    exc = refusal(g, "block TEST-B01")
    assert exc.rule == "10-1-7-1" and "[Unblockable]" in str(exc)


def test_7_1_2_1_blocker_only_once_per_battle():
    """7-1-2-1: [Blocker] is activated "only once during that battle": in the Counter Step it is too late."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-C01], "
                              "characters: [{card: TEST-B01}, {card: TEST-B02}]}")
    play(g, "p2: block TEST-B01")
    assert g.pending.kind == "counter"
    exc = refusal(g, "block TEST-B02")
    assert exc.rule == "7-1-2-1" and "once" in str(exc)


def test_7_1_3_2_counters_only_in_the_counter_step():
    """7-1-3-2: Counters are actions of "the player being attacked" in the Counter Step: not in the Main Phase."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C01], don: {active: 1}}")
    exc = refusal(g, "counter TEST-C01 -> leader")
    assert exc.rule == "7-1-3-2"


def test_7_1_3_2_1_a_counter_needs_a_counter_value():
    """7-1-3-2-1: one trashes "a Character card with [(Symbol) Counter]": TEST-C04 has none."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-C04, TEST-C01]}")
    play(g, "p2: no block")
    exc = refusal(g, "counter TEST-C04 -> leader")
    assert exc.rule == "7-1-3-2-1" and "no [Counter]" in str(exc)


def test_7_1_3_2_2_a_counter_event_costs_active_don():
    """7-1-3-2-2: the player "may pay the cost of an Event card with [Counter]": 1 active DON!! do not pay 3."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-E02, TEST-E01], don: {active: 1}}")
    play(g, "p2: no block")
    exc = refusal(g, "event TEST-E02")
    assert exc.rule == "7-1-3-2-2" and "you have 1 active DON!!, TEST-E02 costs 3" in str(exc)


def test_10_2_13_3_once_per_turn():
    """10-2-13-3: "After a [Once Per Turn] effect has been resolved once, it cannot be activated again"."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-A01}]}")
    play(g, "p1: activate TEST-A01")
    exc = refusal(g, "activate TEST-A01")
    assert exc.rule == "10-2-13-3" and "[Once Per Turn]" in str(exc)


def test_6_5_4_1_activate_needs_an_activate_main_effect():
    """6-5-4-1: the turn player activates effects "marked with [Main] or [Activate: Main]": TEST-C04 has none."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}")
    exc = refusal(g, "activate TEST-C04")
    assert exc.rule == "6-5-4-1"


def test_unknown_cases_say_so_and_list_the_options():
    """An action no known rule explains is refused honestly: no rule number, and the legal options listed."""
    g = main("{leader: TEST-L01, deck: 5}")
    exc = refusal(g, "dance the night away")
    assert exc.rule is None and "end turn" in str(exc)


# --- log entries carry the rules that produced them (issue 12 §3) ---------------------------------------

def _rules_of(g, fragment: str) -> tuple:
    i = next(i for i, (_v, text) in enumerate(g.log) if fragment in text)
    return g.log_rules.get(i, ())


def test_a_ko_by_battle_is_logged_with_7_1_4_1_2():
    """7-1-4-1-2: a Character that loses a battle "is K.O.'d" (10-2-1-1: "trashed on losing a battle")."""
    g = main("{leader: TEST-L01, deck: 5, leader_don: 1}",
             "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04, rested: true}]}")
    play(g, "p1: attack leader -> opp TEST-C04")
    assert g.players[1].characters == []
    assert _rules_of(g, "is K.O.'d") == ("7-1-4-1-2", "10-2-1-1")
    assert _rules_of(g, "attacks") == ("7-1-1-1", "7-1-1-2")


def test_damage_with_no_life_is_logged_with_the_defeat_rule():
    """7-1-4-1-1-1 / 9-2-1-1: damage to a Leader with 0 Life cards; rule processing ends the game."""
    g = main("{leader: TEST-L01, deck: 5}", "{leader: TEST-L02, deck: 5}")
    play(g, "p1: attack leader -> opp leader")
    assert g.winner == 0
    assert _rules_of(g, "no Life left") == ("7-1-4-1-1-1", "9-2-1-1")
    assert _rules_of(g, "game over") == ("9-2-1-1",)


def test_the_session_sends_each_lines_rules():
    """The ``events`` message pairs each line with its rules; a line the engine names no rule for has ``[]``."""
    from tcgsim.core.games import get_game
    from tcgsim.core.session import Session

    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C04], don: {active: 1}}")
    s = Session(get_game("onepiece"), g)
    s.answer(0, label="play TEST-C04")
    events = next(m for m in s.status(0) if m["type"] == "events")
    assert len(events["rules"]) == len(events["lines"])
    plays = events["lines"].index("p1 plays TEST-C04")
    assert events["rules"][plays] == ["6-5-3-1"]  # 6-5-3-1: "pay the cost and play a Character card"


# --- second reading (audit-r): each refusal against the words of the rule it cites ---------------------

def test_8_4_1_1_a_main_event_whose_condition_is_not_met():
    """8-4-1-1: "If there are conditions for activation, those conditions must be met. The effect cannot be
    activated if the conditions are not met." (8-3-2 only names [DON!! xX], [Your Turn], [Opponent's Turn]
    "the effect's condition": it defines, it does not forbid.)"""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-E03], don: {active: 5}}")
    exc = refusal(g, "play TEST-E03")
    assert exc.rule == "8-4-1-1" and "condition" in str(exc) and "not met" in str(exc)


def test_8_4_1_1_an_activate_main_effect_whose_condition_is_not_met():
    """8-4-1-1: "The effect cannot be activated if the conditions are not met" ([Opponent's Turn], 8-3-2-5:
    "met during your opponent's turn", is not met in one's own Main Phase)."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-A02}]}")
    exc = refusal(g, "activate TEST-A02")
    assert exc.rule == "8-4-1-1" and "not met" in str(exc)


def test_10_1_4_1_no_block_after_the_block_step_when_none_was_made():
    """10-1-4-1: [Blocker] is activated "by resting this card during the Block Step"; 7-1-2-1 ("only once
    during that battle") does not forbid a first block: after "no block" the Block Step is over."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-B01}]}")
    play(g, "p2: no block")
    assert g.pending.kind == "counter"
    exc = refusal(g, "block TEST-B01")
    assert exc.rule == "10-1-4-1" and "Block Step" in str(exc) and "once" not in str(exc)


def test_7_1_3_2_1_a_stage_is_not_a_counter_character():
    """7-1-3-2-1: the player being attacked "may trash a Character card with [(Symbol) Counter] from their
    hand": a Stage card is neither that nor an Event (7-1-3-2-2)."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-S01, TEST-C01]}")
    play(g, "p2: no block")
    exc = refusal(g, "counter TEST-S01 -> leader")
    assert exc.rule == "7-1-3-2-1" and "Event" not in str(exc) and "Character" in str(exc)


# --- effect prohibitions, [Trigger] decisions, choices and optional costs (issue 12 §3, second part) -------

def test_1_3_3_a_character_whose_text_says_it_cannot_attack():
    """1-3-3: "the prohibiting effect always takes precedence": TEST-N01's own text "This Character cannot
    attack." forbids the attack that 7-1-1-1 would allow an active Character; the refusal quotes that text."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-N01}]}")
    exc = refusal(g, "attack TEST-N01 -> opp leader")
    assert exc.rule == "1-3-3" and "This Character cannot attack." in str(exc) and "TEST-N01" in str(exc)


def test_10_1_5_1_the_trigger_decision_takes_trigger_or_no_trigger():
    """10-1-5-1: on taking damage with a [Trigger] card, one may "reveal that card and activate its
    [Trigger]"; 10-1-5-2: or choose not to. A yes/no answer is not an answer to that decision."""
    g = main("{leader: TEST-L01, deck: 5, leader_don: 1}", "{leader: TEST-L02, deck: 5, life: [TEST-T01]}")
    play(g, "p1: attack leader -> opp leader")
    assert g.pending.kind == "trigger" and g.pending.player == 1
    exc = refusal(g, "yes")
    assert exc.rule == "10-1-5-1" and "no trigger" in str(exc)


def test_10_1_5_1_trigger_outside_damage():
    """10-1-5-1: a [Trigger] is activated "on taking damage": in the Main Phase, 'trigger' names the decision
    being asked (6-5-2), not a [Trigger]."""
    g = main("{leader: TEST-L01, deck: 5}")
    exc = refusal(g, "trigger")
    assert exc.rule == "6-5-2" and "Main Phase" in str(exc)


def _choosing(ko: str, second: str = "{card: TEST-B01}"):
    """p1 plays ``ko`` (a K.O. [On Play]) against 2 Characters of cost 3 or less: its choice is pending."""
    g = main("{leader: TEST-L01, deck: 5, hand: [%s], don: {active: 5}}" % ko,
             "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}, %s]}" % second)
    play(g, f"p1: play {ko}")
    assert g.pending.kind == "choose"
    return g


def test_8_4_4_1_up_to_1_is_not_2():
    """8-4-4-1: "the player must choose as many cards ... as they can, up to the number specified": TEST-K01
    K.O.s "up to 1": naming 2 Characters is refused, citing the card's text."""
    g = _choosing("TEST-K01", "{card: TEST-C04}")
    exc = refusal(g, "choose opp TEST-C04, opp TEST-C04#2")
    assert exc.rule == "8-4-4-1" and "up to 1, not 2" in str(exc) and "K.O. up to 1" in str(exc)


def test_8_4_4_1_without_up_to_one_must_choose():
    """8-4-4-1: only "if 'up to' is specified, the player may also choose 0": TEST-K02 says "K.O. 1", so
    'choose none' is refused while a Character can be chosen."""
    g = _choosing("TEST-K02")
    exc = refusal(g, "choose none")
    assert exc.rule == "8-4-4-1" and "up to" in str(exc) and "TEST-K02" in str(exc)


def test_8_4_4_a_yes_at_a_choice_names_the_choice():
    """8-4-4: the cards "are to be chosen when required to do so during the resolution": at that choice
    'yes' is no answer; the refusal names the effect asking it."""
    g = _choosing("TEST-K02")
    exc = refusal(g, "yes")
    assert exc.rule == "8-4-4" and "TEST-K02" in str(exc)


def test_8_4_1_3_an_optional_cost_is_declined_with_no():
    """8-4-1-3: "If there are activation costs ... pay all activation costs"; TEST-O01 says "You may trash 1
    card from your hand:": the question is whether to pay; a choice of cards is not its answer, 'no'
    declines it."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-O01, TEST-C04], don: {active: 5}}")
    play(g, "p1: play TEST-O01")
    assert g.pending.kind == "yes-no"
    exc = refusal(g, "choose TEST-C04")
    assert exc.rule == "8-4-1-3" and "no to decline" in str(exc) and "You may trash 1 card" in str(exc)
    assert refusals.parse(g, "no") == ("no",)


# --- the whole line: each refusal's rule and reason exactly (issue 17 §4: a test reading only a word of a
# reason lets a changed or emptied reason pass; the user reads the whole line) ------------------------------

MORE_CARDS = """
- {number: TEST-A03, name: Test Spender, category: Character, colors: [Red], cost: 1, power: 1000, text: "[Activate: Main] You may trash 1 card from your hand: Draw 1 card."}
- {number: TEST-A04, name: Test Twin Scholar, category: Character, colors: [Red], cost: 1, power: 1000, text: "[Activate: Main] [Once Per Turn] Draw 1 card.\\n[Activate: Main] [Once Per Turn] Draw 1 card."}
"""


def full(p1: str, p2: str = "{leader: TEST-L02, deck: 5}", turn: int = 3):
    return game(f"turn: {turn}\nactive: p1\nphase: main\np1: {p1}\np2: {p2}\n", CARDS + MORE_CARDS)


def _unreadable(g, number: str, *fragments: str) -> None:
    """Make ``number`` a card whose text the engine cannot read: no compiled effect, ``fragments`` unsupported
    (no real card may stay so: the database is fully supported, and a test card's text must parse)."""
    import dataclasses

    from tcgsim.onepiece.rules.state import Tables

    defs = [dataclasses.replace(d, effects=(), unsupported=fragments) if d.number == number else d
            for d in g.t.defs]
    g.t = Tables(defs, list(g.t.owner), g.t.custom)


L1 = "{leader: TEST-L01, deck: 5"
ATTACKED_P2 = "{leader: TEST-L02, deck: 5, hand: [TEST-C01, TEST-E01, TEST-S01, TEST-C04, TEST-E02], don: {active: 1}}"
MAIN_LINES = [
    # (id, p1, p2, setup actions, typed action, rule, reason)
    ("6-5-2 play in the Counter Step", L1 + ", characters: [{card: TEST-C04}]}", ATTACKED_P2,
     ("p1: attack TEST-C04 -> opp leader", "p2: no block"), "play TEST-C01",
     "6-5-2", "play is a Main Phase action; the decision now is the Counter Step"),
    ("6-5-2 give in the Block Step", L1 + ", characters: [{card: TEST-C04}]}",
     "{leader: TEST-L02, deck: 5, characters: [{card: TEST-B01}]}",
     ("p1: attack TEST-C04 -> opp leader",), "give 1 don -> leader",
     "6-5-2", "give is a Main Phase action; the decision now is the Block Step"),
    ("10-1-4-1 block in the Main Phase", L1 + ", characters: [{card: TEST-B01}]}", None, (), "block TEST-B01",
     "10-1-4-1", "[Blocker] is activated in the Block Step, when one of your other cards is attacked"),
    ("10-1-4-1 block after no block", L1 + ", characters: [{card: TEST-C04}]}",
     "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-B01}]}",
     ("p1: attack TEST-C04 -> opp leader", "p2: no block"), "block TEST-B01",
     "10-1-4-1", "[Blocker] is activated during the Block Step, which is over"),
    ("7-1-2-1 a second block", L1 + ", characters: [{card: TEST-C04}]}",
     "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-B01}, {card: TEST-B02}]}",
     ("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01"), "block TEST-B02",
     "7-1-2-1", "[Blocker] can be activated only once in a battle, in the Block Step, which is over"),
    ("10-1-7-1 block against Unblockable in the Counter Step", L1 + ", characters: [{card: TEST-U01}]}",
     "{leader: TEST-L02, deck: 5, life: [TEST-C04], hand: [TEST-C01], characters: [{card: TEST-B01}]}",
     ("p1: attack TEST-U01 -> opp leader",), "block TEST-B01",
     "10-1-7-1", "the attacker TEST-U01 has [Unblockable]: it cannot be blocked"),
    ("7-1-3-2 counter in the Main Phase", L1 + ", hand: [TEST-C01]}", None, (), "counter TEST-C01 -> leader",
     "7-1-3-2", "Counters are used by the player being attacked, in the Counter Step"),
    ("7-1-3-2 event in the Main Phase", L1 + ", hand: [TEST-E01], don: {active: 2}}", None, (), "event TEST-E01",
     "7-1-3-2", "Counters are used by the player being attacked, in the Counter Step"),
    ("6-5-3-1 play from the field", L1 + ", characters: [{card: TEST-C04}], don: {active: 5}}", None, (),
     "play TEST-C04", "6-5-3-1", "TEST-C04 is not in your hand: cards are played from your hand"),
    ("6-5-3-1 a [Counter] Event in the Main Phase", L1 + ", hand: [TEST-E01], don: {active: 5}}", None, (),
     "play TEST-E01", "6-5-3-1",
     "TEST-E01 is a [Counter] Event: in the Main Phase only Events marked [Main] are activated"),
    ("8-4-1-1 a [Main] Event's condition", L1 + ", hand: [TEST-E03], don: {active: 5}}", None, (), "play TEST-E03",
     "8-4-1-1", "the condition of TEST-E03's [Main] effect is not met"),
    ("6-5-3-1 the cost", L1 + ", hand: [TEST-C01], don: {active: 2}}", None, (), "play TEST-C01",
     "6-5-3-1", "you have 2 active DON!!, TEST-C01 costs 4"),
    ("6-5-6-1 first turn", "{leader: TEST-L01, deck: 5, first_turn_done: false}", None, (),
     "attack leader -> opp leader", "6-5-6-1", "neither player can battle on their first turn"),
    ("7-1-1-1 attack with a card in the hand", L1 + ", hand: [TEST-C04]}", None, (),
     "attack TEST-C04 -> opp leader",
     "7-1-1-1", "attacks are carried out by your Leader or a Character in your Character area"),
    ("7-1-1-1 a rested Leader", L1 + ", leader_rested: true}", None, (), "attack leader -> opp leader",
     "7-1-1-1", "your Leader is rested: an attack is declared by resting an active card"),
    ("7-1-1-1 a rested Character", L1 + ", characters: [{card: TEST-C04, rested: true}]}", None, (),
     "attack TEST-C04 -> opp leader",
     "7-1-1-1", "TEST-C04 is rested: an attack is declared by resting an active card"),
    ("7-1-1-2 own Leader as target", L1 + ", characters: [{card: TEST-C04}]}", None, (), "attack TEST-C04 -> leader",
     "7-1-1-2", "the target of an attack is the opponent's Leader or one of their rested Characters"),
    ("3-7-4 played this turn", L1 + ", characters: [{card: TEST-C04, played_this_turn: true}]}", None, (),
     "attack TEST-C04 -> opp leader",
     "3-7-4", "TEST-C04 was played this turn and cannot attack unless it has [Rush] (10-1-1-1)"),
    ("10-1-6-1 [Rush: Character] at a Leader", L1 + ", characters: [{card: TEST-C03, played_this_turn: true}]}",
     None, (), "attack TEST-C03 -> opp leader", "10-1-6-1",
     "TEST-C03 was played this turn: [Rush: Character] lets it attack only the opponent's Characters"),
    ("7-1-1-2 an active target", L1 + "}", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}]}", (),
     "attack leader -> opp TEST-C04",
     "7-1-1-2", "TEST-C04 is active: only the opponent's rested Characters can be attacked"),
    ("1-3-3 a Character that cannot attack", L1 + ", characters: [{card: TEST-N01}]}", None, (),
     "attack TEST-N01 -> opp leader", "1-3-3",
     'the effect of TEST-N01 ("This Character cannot attack.") forbids TEST-N01 to attack: a prohibiting '
     "effect takes precedence"),
    ("6-5-5-1 give 0", L1 + ", don: {active: 2}}", None, (), "give 0 don -> leader",
     "6-5-5-1", "giving places at least 1 active DON!! card"),
    ("6-5-5-1 give more than active", L1 + ", don: {active: 2}}", None, (), "give 3 don -> leader",
     "6-5-5-1", "you have 2 active DON!! in your cost area, not 3"),
    ("6-5-5-1 give to the opponent's Leader", L1 + ", don: {active: 2}}", None, (), "give 1 don -> opp leader",
     "6-5-5-1", "DON!! cards are given to your Leader or one of your Characters"),
    ("6-5-4-1 activate a card in the hand", L1 + ", hand: [TEST-A01]}", None, (), "activate TEST-A01",
     "6-5-4-1", "TEST-A01 is not one of your cards on the field"),
    ("6-5-4-1 activate with no [Activate: Main]", L1 + ", characters: [{card: TEST-C04}]}", None, (),
     "activate TEST-C04", "6-5-4-1", "TEST-C04 has no [Activate: Main] effect this engine can activate"),
    ("10-2-13-3 both [Once Per Turn] effects used", L1 + ", characters: [{card: TEST-A04}]}", None,
     ("p1: activate TEST-A04", "p1: activate TEST-A04"), "activate TEST-A04",
     "10-2-13-3", "the [Once Per Turn] effect of TEST-A04 was already used this turn"),
    ("8-4-1-1 [Opponent's Turn] activate", L1 + ", characters: [{card: TEST-A02}]}", None, (), "activate TEST-A02",
     "8-4-1-1", "the condition of TEST-A02's effect (such as [DON!! xX] or [Your Turn]) is not met"),
    ("8-3-1-3 an unpayable activation cost", L1 + ", characters: [{card: TEST-A03}]}", None, (),
     "activate TEST-A03", "8-3-1-3", "the activation cost of TEST-A03's effect cannot be paid"),
]
COUNTER_LINES = [
    # in the Block or Counter Step of p1's attack on p2's Leader: (id, p2, block?, typed, rule, reason)
    ("10-1-4-1 block with a card in the hand", "{leader: TEST-L02, deck: 5, hand: [TEST-B01], characters: [{card: TEST-B02}]}",
     False, "block TEST-B01", "10-1-4-1", "TEST-B01 is not one of your cards on the field"),
    ("10-1-4-1 block without [Blocker]", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}, {card: TEST-B01}]}",
     False, "block TEST-C04", "10-1-4-1", "TEST-C04 has no [Blocker]"),
    ("10-1-4-1 a rested [Blocker]", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-B01, rested: true}, {card: TEST-B02}]}",
     False, "block TEST-B01", "10-1-4-1", "TEST-B01 is rested: [Blocker] is activated by resting this card"),
    ("7-1-3-2-1 counter with a card not in the hand", ATTACKED_P2, True, "counter TEST-B01 -> leader",
     "7-1-3-2-1", "TEST-B01 is not in your hand: Counter cards are trashed from your hand"),
    ("7-1-3-2-2 counter with an Event", ATTACKED_P2, True, "counter TEST-E01 -> leader",
     "7-1-3-2-2", "TEST-E01 is an Event: it is activated with 'event TEST-E01'"),
    ("7-1-3-2-1 counter with a Stage", ATTACKED_P2, True, "counter TEST-S01 -> leader", "7-1-3-2-1",
     "TEST-S01 is not a Character card: only Character cards with a [Counter] value are trashed for their Counter"),
    ("7-1-3-2-1 counter without a value", ATTACKED_P2, True, "counter TEST-C04 -> leader",
     "7-1-3-2-1", "TEST-C04 has no [Counter] value"),
    ("7-1-3-2-1 counter onto the opponent's Leader", ATTACKED_P2, True, "counter TEST-C01 -> opp leader",
     "7-1-3-2-1", "a Counter raises the power of your Leader or one of your Characters"),
    ("7-1-3-2-2 event not in the hand", ATTACKED_P2, True, "event TEST-E03",
     "7-1-3-2-2", "TEST-E03 is not in your hand"),
    ("7-1-3-2-2 event with a Character", ATTACKED_P2, True, "event TEST-C01",
     "7-1-3-2-2", "TEST-C01 is not an Event with a [Counter] effect this engine can activate"),
    ("7-1-3-2-2 event cost", ATTACKED_P2, True, "event TEST-E02",
     "7-1-3-2-2", "you have 1 active DON!!, TEST-E02 costs 3"),
]


@pytest.mark.parametrize("case", MAIN_LINES, ids=[c[0] for c in MAIN_LINES])
def test_each_main_phase_refusal_line_in_full(case):
    """Each refusal of rules/refusals.py in full, against the words of the rule it cites (the ids name the
    rule; the reason says what that rule requires and what the state lacks)."""
    _id, p1, p2, setup, typed, rule, reason = case
    g = full(p1, p2 or "{leader: TEST-L02, deck: 5}")
    play(g, *setup)
    assert tuple(refusals.explain(g, typed)) == (rule, reason)


@pytest.mark.parametrize("case", COUNTER_LINES, ids=[c[0] for c in COUNTER_LINES])
def test_each_battle_refusal_line_in_full(case):
    """The Block Step's and Counter Step's refusals in full: p1's TEST-C04 attacks p2's Leader; ``block?``
    says whether p2 has answered the Block Step with 'no block' (then it is the Counter Step)."""
    _id, p2, counter_step, typed, rule, reason = case
    g = full("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}", p2)
    play(g, "p1: attack TEST-C04 -> opp leader")
    if counter_step:
        play(g, "p2: no block")
    assert g.pending.kind == ("counter" if counter_step else "block")
    assert tuple(refusals.explain(g, typed)) == (rule, reason)


K02 = 'TEST-K02 ("[On Play] K.O. 1 of your opponent\'s Characters with a cost of 3 or less.")'
O01 = 'TEST-O01 ("[On Play] You may trash 1 card from your hand: Draw 2 cards.")'
MAIN_ASKED = "the decision now is your Main Phase: play, activate, give DON!!, attack or end turn"
TRIGGER_ASKED = ("the decision now is the [Trigger] of the Life card your damage revealed: trigger, or no trigger "
                 "(10-1-5-2)")


def _at(decision: str):
    """A game whose pending decision is ``decision`` (each reached by the rule named in its comment)."""
    if decision == "main":
        return main("{leader: TEST-L01, deck: 5}")
    if decision == "block":  # 7-1-2: the Block Step of an attack on p2, who has a [Blocker]
        return _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, characters: [{card: TEST-B01}]}")
    if decision == "counter":  # 7-1-3: after 'no block', the Counter Step
        g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-B01}]}")
        play(g, "p2: no block")
        return g
    if decision == "trigger":  # 10-1-5-1: damage reveals a Life card with [Trigger]
        g = main("{leader: TEST-L01, deck: 5, leader_don: 1}", "{leader: TEST-L02, deck: 5, life: [TEST-T01]}")
        play(g, "p1: attack leader -> opp leader")
        return g
    if decision == "trash":  # 3-7-6-1: a 6th Character is played with 5 in the Character area
        five = ", ".join(["{card: TEST-C04}"] * 5)
        g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C04], don: {active: 5}, characters: [%s]}" % five)
        play(g, "p1: play TEST-C04")
        return g
    if decision == "choose":  # 8-4-4: TEST-K02's "K.O. 1 of ..." with 2 candidates
        return _choosing("TEST-K02")
    if decision == "yes-no":  # 8-4-1-3 / 8-3-1-4: "You may trash 1 card from your hand:"
        g = main("{leader: TEST-L01, deck: 5, hand: [TEST-O01, TEST-C04], don: {active: 5}}")
        play(g, "p1: play TEST-O01")
        return g
    raise AssertionError(decision)


ASKED_LINES = [
    # (decision, typed answer of another decision, rule, reason): the refusal names the decision being asked
    ("main", "no block", "6-5-2", MAIN_ASKED),
    ("main", "trigger", "6-5-2", MAIN_ASKED),
    ("main", "choose TEST-C04", "6-5-2", MAIN_ASKED),
    ("main", "order TEST-C04, TEST-C01", "6-5-2", MAIN_ASKED),
    ("main", "trash TEST-C04", "6-5-2", MAIN_ASKED),
    ("main", "keep", "6-5-2", MAIN_ASKED),
    ("main", "second", "6-5-2", MAIN_ASKED),
    ("main", "choose effect 1", "6-5-2", MAIN_ASKED),
    ("main", "choose option 1", "6-5-2", MAIN_ASKED),
    ("block", "end counter", "10-1-4-1", "the decision now is the Block Step: block with a [Blocker], or no block"),
    ("counter", "no block", "7-1-3-2", "the decision now is the Counter Step: counter, event, or end counter"),
    ("trigger", "yes", "10-1-5-1", TRIGGER_ASKED),
    ("trigger", "no block", "10-1-5-1", TRIGGER_ASKED),
    ("trash", "end turn", "3-7-6-1", "the decision now is which of your 5 Characters to trash to play the new one"),
    ("choose", "yes", "8-4-4", "the decision now is a choice of " + K02),
    ("yes-no", "choose TEST-C04", "8-4-1-3",
     f"the decision now is whether to pay the activation cost of {O01}: yes, or no to decline"),
    # a Main Phase, Block Step or Counter Step action typed at another decision (6-5-2, 10-1-4-1, 7-1-3-2)
    ("choose", "play TEST-C04", "6-5-2", "play is a Main Phase action; the decision now is a choice of cards for an effect"),
    ("yes-no", "attack leader -> opp leader", "6-5-2",
     "attack is a Main Phase action; the decision now is a yes-or-no question of an effect"),
    ("trigger", "activate TEST-C04", "6-5-2", "activate is a Main Phase action; the decision now is the [Trigger] of a Life card"),
    ("trash", "give 1 don -> leader", "6-5-2", "give is a Main Phase action; the decision now is which Character to trash (3-7-6-1)"),
    ("main", "block TEST-C04", "10-1-4-1", "[Blocker] is activated in the Block Step, when one of your other cards is attacked"),
    ("trigger", "event TEST-E01", "7-1-3-2", "Counters are used by the player being attacked, in the Counter Step"),
    # 8-4-4 / 8-4-4-1: a choice refused by its cards or their number
    ("choose", "choose opp TEST-C04, opp TEST-B01", "8-4-4-1", f"the effect of {K02} chooses up to 1, not 2"),
    ("choose", "choose TEST-L01", "8-4-4", f"the effect of {K02} does not let you choose that: its choices are "
                                          "choose opp TEST-C04; choose opp TEST-B01"),
    ("choose", "choose none", "8-4-4-1", f'the effect of {K02} does not say "up to": you must choose as many as you '
                                         "can, up to the number specified (1)"),
]


@pytest.mark.parametrize("case", ASKED_LINES, ids=[f"{c[0]}: {c[1]}" for c in ASKED_LINES])
def test_an_answer_to_another_decision_names_the_decision_asked_in_full(case):
    """The refusal of an answer that belongs to another decision names, in full, the decision being asked
    and the rule that asks it (6-5-2 Main Phase, 10-1-4-1 Block Step, 7-1-3-2 Counter Step, 10-1-5-1
    [Trigger], 3-7-6-1 a sixth Character, 8-4-4 a choice, 8-4-1-3 an optional activation cost)."""
    decision, typed, rule, reason = case
    g = _at(decision)
    assert g.pending.kind == decision
    assert tuple(refusals.explain(g, typed)) == (rule, reason)


def test_a_yes_no_question_without_a_cost_names_the_effect_asking():
    """8-4-1: a yes/no question of an effect with no activation cost ("You may ..." in the effect itself, here
    the [Trigger] decision's neighbour: an [On Play] "up to" effect asked first is not one) is named as whether
    to go on with the effect."""
    cards = CARDS + """
- {number: TEST-Y01, name: Test Asker, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] You may draw 1 card."}
"""
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, hand: [TEST-Y01], "
             "don: {active: 5}}\np2: {leader: TEST-L02, deck: 5}\n", cards)
    play(g, "p1: play TEST-Y01")
    assert g.pending.kind == "yes-no"
    assert tuple(refusals.explain(g, "choose TEST-L01")) == (
        "8-4-1", 'the decision now is whether to go on with TEST-Y01 ("[On Play] You may draw 1 card."): yes or no')


def test_the_refusal_message_of_parse_in_full():
    """What the player reads: a refusal whose rule is known quotes the text typed, the rule and the reason;
    one no rule explains lists the legal options instead."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C01], don: {active: 2}}")
    with pytest.raises(IllegalAction) as info:
        refusals.parse(g, "play  TEST-C01")
    assert str(info.value) == "'play  TEST-C01' is not legal: 6-5-3-1: you have 2 active DON!!, TEST-C01 costs 4"
    assert (info.value.rule, info.value.reason) == ("6-5-3-1", "6-5-3-1: you have 2 active DON!!, TEST-C01 costs 4")
    with pytest.raises(IllegalAction) as info:
        refusals.parse(g, "dance")
    assert str(info.value) == ("'dance' is not legal at p1 main (not an action of the notation that is legal now): "
                               "give 1 don -> leader; give 2 don -> leader; attack leader -> opp leader; end turn")
    assert refusals.parse(g, "end turn") == ("end",)


@pytest.mark.parametrize("where, number, typed, fragment", [
    ("hand", "TEST-E03", "play TEST-E03", "[Main] [Opponent's Turn] Draw 1 card."),
    ("characters", "TEST-A01", "activate TEST-A01", "[Activate: Main] [Once Per Turn] Draw 1 card."),
])
def test_an_unreadable_text_is_reported_as_the_engine_s_lack_not_a_rule(where, number, typed, fragment):
    """A card whose [Main] / [Activate: Main] text the engine cannot read: no rule forbids the action, so the
    refusal names none (it must not claim 6-5-3-1 or 6-5-4-1) and quotes what is unsupported."""
    card = number if where == "hand" else f"{{card: {number}}}"
    g = main(f"{{leader: TEST-L01, deck: 5, {where}: [{card}], don: {{active: 5}}}}")
    _unreadable(g, number, fragment)
    assert tuple(refusals.explain(g, typed)) == (
        None, f"the text of {number} is not supported by this engine yet ({fragment}): no rule forbids this, "
              "the engine cannot do it")


def test_an_unreadable_counter_event_is_reported_as_the_engine_s_lack():
    """The same in the Counter Step for an Event whose [Counter] text the engine cannot read (7-1-3-2-2 is not
    claimed)."""
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-E01], don: {active: 3}}")
    play(g, "p2: no block")
    fragment = "[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this battle."
    _unreadable(g, "TEST-E01", fragment)
    assert tuple(refusals.explain(g, "event TEST-E01")) == (
        None, f"the text of TEST-E01 is not supported by this engine yet ({fragment}): no rule forbids this, "
              "the engine cannot do it")


def test_10_2_13_2_once_per_turn_is_once_for_each_card():
    """10-2-13-2: "Where there are multiple cards with the same effect, [Once Per Turn] effects can be activated
    and resolved once for each card": a second copy of a [Once Per Turn] [Main] Event is still played."""
    cards = CARDS + """
- {number: TEST-E04, name: Test Daily Plan, category: Event, colors: [Red], cost: 1, text: "[Main] [Once Per Turn] Draw 1 card."}
"""
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, hand: [TEST-E04, TEST-E04], "
             "don: {active: 5}}\np2: {leader: TEST-L02, deck: 5}\n", cards)
    play(g, "p1: play TEST-E04")
    assert len(g.players[0].hand) == 2  # the first copy drew 1 card
    play(g, "p1: play TEST-E04")
    assert len(g.players[0].hand) == 2 and len(g.players[0].trash) == 2


PROHIBITING = CARDS + """
- {number: TEST-N02, name: Test Skirmisher, category: Character, colors: [Red], cost: 1, power: 2000, text: "This Character cannot attack a Leader."}
- {number: TEST-N03, name: Test Statue, category: Character, colors: [Red], cost: 1, power: 2000, text: "This Character cannot be rested."}
- {number: TEST-N04, name: Test Statue Guard, category: Character, colors: [Green], cost: 1, power: 2000, text: "[Blocker]\\nThis Character cannot be rested."}
- {number: TEST-P01, name: Test Warden, category: Character, colors: [Red], cost: 1, power: 2000, text: "[On Play] Draw 1 card. Then, you cannot play Character cards with a base cost of 4 or more during this turn."}
- {number: TEST-D01, name: Test Decoy, category: Character, colors: [Green], cost: 3, power: 1000, text: "[Opponent's Turn] If this Character is rested, your opponent cannot attack any card other than the Character [Test Decoy]."}
"""


def _prohibited(p1: str, p2: str = "{leader: TEST-L02, deck: 5}"):
    return game(f"turn: 3\nactive: p1\nphase: main\np1: {p1}\np2: {p2}\n", PROHIBITING)


def _says(card: str, text: str) -> str:
    return f'the effect of {card} ("{text}")'


def test_1_3_3_each_prohibition_names_its_card_and_what_it_forbids():
    """1-3-3: "the prohibiting effect always takes precedence": the refusal quotes the card whose text forbids
    the action and names the action: attacking a Leader ("cannot attack a Leader"), being rested by the attack
    (7-1-1-1: an attack is declared by resting the card) or by [Blocker] (10-1-4-1: activated by resting it),
    playing a card the effect names, attacking a card other than the one an effect allows."""
    g = _prohibited("{leader: TEST-L01, deck: 5, characters: [{card: TEST-N02}, {card: TEST-N03}]}")
    assert tuple(refusals.explain(g, "attack TEST-N02 -> opp leader")) == (
        "1-3-3", _says("TEST-N02", "This Character cannot attack a Leader.") + " forbids TEST-N02 to attack a "
                 "Leader: a prohibiting effect takes precedence")
    assert tuple(refusals.explain(g, "attack TEST-N03 -> opp leader")) == (
        "1-3-3", _says("TEST-N03", "This Character cannot be rested.") + " forbids TEST-N03 to be rested (an "
                 "attack rests it, 7-1-1-1): a prohibiting effect takes precedence")

    g = _prohibited("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
                    "{leader: TEST-L02, deck: 5, characters: [{card: TEST-N04}, {card: TEST-B01}]}")
    play(g, "p1: attack TEST-C04 -> opp leader")
    assert g.pending.kind == "block"
    assert tuple(refusals.explain(g, "block TEST-N04")) == (
        "1-3-3", _says("TEST-N04", "[Blocker] This Character cannot be rested.") + " forbids TEST-N04 to be "
                 "rested ([Blocker] rests it): a prohibiting effect takes precedence")

    text = "[On Play] Draw 1 card. Then, you cannot play Character cards with a base cost of 4 or more during this turn."
    g = _prohibited("{leader: TEST-L01, deck: 5, hand: [TEST-P01, TEST-C01, TEST-C04], don: {active: 9}}")
    play(g, "p1: play TEST-P01")
    assert tuple(refusals.explain(g, "play TEST-C01")) == (
        "1-3-3", _says("TEST-P01", text) + " forbids playing TEST-C01: a prohibiting effect takes precedence")
    assert refusals.parse(g, "play TEST-C04")[0] == "play"  # base cost 1: not forbidden

    g = _prohibited("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
                    "{leader: TEST-L02, deck: 5, characters: [{card: TEST-D01, rested: true}, "
                    "{card: TEST-C01, rested: true}]}")
    assert tuple(refusals.explain(g, "attack TEST-C04 -> opp TEST-C01")) == (
        "1-3-3", "an effect on the field forbids TEST-C04 to attack TEST-C01: a prohibiting effect takes precedence")


# --- no rule is claimed against a legal action; the same refusals for the second player ---------------------

LEGAL_STATES = [
    # (id, state, actions that lead to the decision)
    ("main with modifiers", "turn: 3\nactive: p1\nphase: main\n"
     "p1: {leader: TEST-L01, deck: 5, hand: [TEST-P01, TEST-C01, TEST-C04, TEST-E03, TEST-S01, TEST-C02], "
     "characters: [{card: TEST-A01}, {card: TEST-C04}, {card: TEST-N02}], don: {active: 9}}\n"
     "p2: {leader: TEST-L02, deck: 5, characters: [{card: TEST-C04, rested: true}]}\n", ("p1: play TEST-P01",)),
    ("block", "turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
     "p2: {leader: TEST-L02, deck: 5, hand: [TEST-C01, TEST-E01], don: {active: 3}, "
     "characters: [{card: TEST-B01}, {card: TEST-B02}]}\n", ("p1: attack TEST-C04 -> opp leader",)),
    ("counter", "turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
     "p2: {leader: TEST-L02, deck: 5, hand: [TEST-C01, TEST-E01, TEST-E02], don: {active: 3}, "
     "characters: [{card: TEST-B01}]}\n", ("p1: attack TEST-C04 -> opp leader", "p2: no block")),
    ("p2's main", "turn: 4\nactive: p2\nphase: main\np1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04, rested: true}]}\n"
     "p2: {leader: TEST-L02, deck: 5, hand: [TEST-C01, TEST-C04], characters: [{card: TEST-A01}, {card: TEST-B01}], "
     "don: {active: 4}}\n", ()),
]


@pytest.mark.parametrize("state, actions", [s[1:] for s in LEGAL_STATES], ids=[s[0] for s in LEGAL_STATES])
def test_no_rule_is_claimed_against_a_legal_action(state, actions):
    """A refusal cites the rule that forbids an action (issue 12 §3): for every legal option of a Main Phase,
    Block Step or Counter Step decision (6-5, 7-1-2, 7-1-3) the explanation names no rule; with a play
    prohibition in force (1-3-3, TEST-P01: base cost 4 or more), the cards it does not name are not refused."""
    g = game(state, PROHIBITING)
    play(g, *actions)
    options = notation.labels(g)
    assert len(options) > 2
    claimed = {label: tuple(refusals.explain(g, label)) for label in options
               if refusals.explain(g, label).rule is not None}
    assert claimed == {}


P2_TURN = "turn: 4\nactive: p2\nphase: main\n"


def _p2(p1: str, p2: str):
    return game(P2_TURN + f"p1: {p1}\np2: {p2}\n", PROHIBITING)


def test_the_second_player_s_refusals_read_their_own_cards():
    """The refusals of p2's turn read p2's cards and DON!! (the rules speak of "your" cards: 6-5-3-1,
    6-5-5-1, 7-1-1-1, 7-1-1-2, 10-1-4-1, 7-1-3-2-1), not p1's."""
    g = _p2("{leader: TEST-L01, deck: 5, hand: [TEST-C01], characters: [{card: TEST-C04}], don: {active: 9}}",
            "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-C04, rested: true}], "
            "don: {active: 2}}")
    assert tuple(refusals.explain(g, "play TEST-C01")) == ("6-5-3-1", "you have 2 active DON!!, TEST-C01 costs 4")
    assert tuple(refusals.explain(g, "give 3 don -> leader")) == (
        "6-5-5-1", "you have 2 active DON!! in your cost area, not 3")
    assert tuple(refusals.explain(g, "give 1 don -> opp leader")) == (
        "6-5-5-1", "DON!! cards are given to your Leader or one of your Characters")
    assert tuple(refusals.explain(g, "attack TEST-C04 -> opp leader")) == (
        "7-1-1-1", "TEST-C04 is rested: an attack is declared by resting an active card")
    assert tuple(refusals.explain(g, "attack leader -> opp TEST-C04")) == (
        "7-1-1-2", "TEST-C04 is active: only the opponent's rested Characters can be attacked")
    assert tuple(refusals.explain(g, "attack leader -> leader")) == (
        "7-1-1-2", "the target of an attack is the opponent's Leader or one of their rested Characters")
    assert tuple(refusals.explain(g, "activate TEST-C04")) == (
        "6-5-4-1", "TEST-C04 has no [Activate: Main] effect this engine can activate")
    assert refusals.parse(g, "give 2 don -> leader")[0] == "give"  # all 2 active DON!!: legal (6-5-5-1)

    g = _p2("{leader: TEST-L01, deck: 5, hand: [TEST-C01, TEST-E01], don: {active: 1}, "
            "characters: [{card: TEST-B01}, {card: TEST-B02, rested: true}]}",
            "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}]}")
    play(g, "p2: attack TEST-C04 -> opp leader")
    assert g.pending.kind == "block" and g.pending.player == 0
    assert tuple(refusals.explain(g, "block TEST-B02")) == (
        "10-1-4-1", "TEST-B02 is rested: [Blocker] is activated by resting this card")
    assert tuple(refusals.explain(g, "block TEST-C04")) == ("10-1-4-1", "TEST-C04 is not one of your cards on the field")
    play(g, "p1: no block")
    assert tuple(refusals.explain(g, "counter TEST-C01 -> opp leader")) == (
        "7-1-3-2-1", "a Counter raises the power of your Leader or one of your Characters")
    assert refusals.parse(g, "counter TEST-C01 -> leader")[0] == "counter"


def test_6_5_3_1_an_event_with_no_main_or_counter_effect():
    """6-5-3-1: in the Main Phase one activates "an Event card marked with [Main]": an Event whose only effect
    is a [Trigger] (10-1-5) has none."""
    cards = PROHIBITING + """
- {number: TEST-E05, name: Test Trap Plan, category: Event, colors: [Red], cost: 1, text: "[Trigger] Draw 1 card."}
"""
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, hand: [TEST-E05], "
             "don: {active: 5}}\np2: {leader: TEST-L02, deck: 5}\n", cards)
    assert tuple(refusals.explain(g, "play TEST-E05")) == (
        "6-5-3-1", "TEST-E05 has no [Main] effect this engine can activate")


def test_6_5_3_1_a_cost_equal_to_the_active_don_is_paid():
    """6-5-3-1: the cost is paid by resting that many active DON!!: 4 active DON!! pay a cost of 4; 3 do not."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C01], don: {active: 4}}")
    assert refusals.parse(g, "play TEST-C01")[0] == "play"
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C01], don: {active: 3}}")
    assert tuple(refusals.explain(g, "play TEST-C01")) == ("6-5-3-1", "you have 3 active DON!!, TEST-C01 costs 4")


MORE_PROHIBITING = PROHIBITING + """
- {number: TEST-N05, name: Test Jailer, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Up to 1 of your opponent's Characters cannot attack until the end of your opponent's next turn."}
- {number: TEST-R01, name: Test Raider, category: Character, colors: [Red], cost: 1, power: 1000, text: "This Character can attack active Characters."}
- {number: TEST-D02, name: Test Drilled, category: Character, colors: [Red], cost: 1, power: 1000, text: "[DON!! x1] [Activate: Main] [Once Per Turn] Draw 1 card."}
- {number: TEST-A03, name: Test Spender, category: Character, colors: [Red], cost: 1, power: 1000, text: "[Activate: Main] You may trash 1 card from your hand: Draw 1 card."}
"""


def _more(state: str, *actions: str):
    g = game(state, MORE_PROHIBITING)
    play(g, *actions)
    return g


MORE_LEGAL = [
    # (id, state, actions): every legal option of the decision reached is explained by no rule
    ("activation conditions and costs met", "turn: 3\nactive: p1\nphase: main\n"
     "p1: {leader: TEST-L01, deck: 5, hand: [TEST-C04], characters: [{card: TEST-D02, don: 1}, {card: TEST-A03}, "
     "{card: TEST-R01}]}\np2: {leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}]}\n", ()),
    ("the one card a \"cannot attack any card other than\" leaves", "turn: 3\nactive: p1\nphase: main\n"
     "p1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
     "p2: {leader: TEST-L02, deck: 5, characters: [{card: TEST-D01, rested: true}, {card: TEST-C01, rested: true}]}\n", ()),
    ("block for an [Unblockable]-less attack on a rested [Unblockable] Character", "turn: 3\nactive: p1\nphase: main\n"
     "p1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
     "p2: {leader: TEST-L02, deck: 5, characters: [{card: TEST-U01, rested: true}, {card: TEST-B01}]}\n",
     ("p1: attack TEST-C04 -> opp TEST-U01",)),
    ("counter with exactly the DON!! an Event costs", "turn: 3\nactive: p1\nphase: main\n"
     "p1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
     "p2: {leader: TEST-L02, deck: 5, hand: [TEST-E01, TEST-C01], don: {active: 1}}\n",
     ("p1: attack TEST-C04 -> opp leader",)),
]


@pytest.mark.parametrize("state, actions", [s[1:] for s in MORE_LEGAL], ids=[s[0] for s in MORE_LEGAL])
def test_no_rule_is_claimed_against_a_legal_action_more(state, actions):
    """As above (6-5-4-1 with its [DON!! x1] condition met, 8-4-1-1, and its optional cost payable, 8-3-1-3;
    an attack on the active Character a card's own text allows, 7-1-1-2 "unless otherwise specified"; the one
    card a "cannot attack any card other than" effect leaves, 1-3-3; a block while the attacked Character has
    [Unblockable], which stops only its own attacks being blocked, 10-1-7-1; an Event paid with all one's
    active DON!!, 7-1-3-2-2)."""
    g = _more(state, *actions)
    options = notation.labels(g)
    assert len(options) >= 2
    assert {label: tuple(refusals.explain(g, label)) for label in options
            if refusals.explain(g, label).rule is not None} == {}


def test_the_cards_of_a_counter_or_event_must_be_in_the_hand():
    """7-1-3-2-1 / 7-1-3-2-2: Counter cards are trashed, and [Counter] Events activated, "from their hand": a
    [Blocker] Character on the field is neither; a [Main] Event in the hand has no [Counter] to activate."""
    g = _more("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
              "p2: {leader: TEST-L02, deck: 5, hand: [TEST-E03, TEST-C01], don: {active: 3}, "
              "characters: [{card: TEST-B01}]}\n", "p1: attack TEST-C04 -> opp leader", "p2: no block")
    assert tuple(refusals.explain(g, "counter TEST-B01 -> leader")) == (
        "7-1-3-2-1", "TEST-B01 is not in your hand: Counter cards are trashed from your hand")
    assert tuple(refusals.explain(g, "event TEST-B01")) == ("7-1-3-2-2", "TEST-B01 is not in your hand")
    assert tuple(refusals.explain(g, "event TEST-E03")) == (
        "7-1-3-2-2", "TEST-E03 is not an Event with a [Counter] effect this engine can activate")


def test_7_1_1_1_an_attacker_that_names_no_card():
    """7-1-1-1: attacks are declared by one's Leader or a Character: a name that is no card of the game is
    neither."""
    g = main("{leader: TEST-L01, deck: 5}")
    assert tuple(refusals.explain(g, "attack TEST-ZZZ -> opp leader")) == (
        "7-1-1-1", "attacks are carried out by your Leader or a Character in your Character area")


def test_1_3_3_a_prohibition_left_by_an_effect_resolved_earlier():
    """1-3-3: a prohibition that an effect resolved earlier left on a card ("Up to 1 of your opponent's
    Characters cannot attack until the end of your opponent's next turn", 8-1-3-2) forbids the attack in the
    opponent's turn; the refusal says it was an effect resolved earlier."""
    g = _more("turn: 3\nactive: p1\nphase: main\n"
              "p1: {leader: TEST-L01, deck: 5, hand: [TEST-N05], don: {active: 1}}\n"
              "p2: {leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}, {card: TEST-C01}]}\n",
              "p1: play TEST-N05", "p1: choose opp TEST-C04", "p1: end turn")
    assert g.pending.kind == "main" and g.pending.player == 1
    assert tuple(refusals.explain(g, "attack TEST-C04 -> opp leader")) == (
        "1-3-3", "an effect resolved earlier forbids TEST-C04 to attack: a prohibiting effect takes precedence")
    assert refusals.parse(g, "attack TEST-C01 -> opp leader")[0] == "attack"  # the other Character may


def test_an_unreadable_card_lists_each_unsupported_fragment():
    """The refusal of an unreadable card quotes every fragment the engine cannot read, separated by '|'."""
    g = main("{leader: TEST-L01, deck: 5, characters: [{card: TEST-A01}]}")
    _unreadable(g, "TEST-A01", "one", "two")
    assert tuple(refusals.explain(g, "activate TEST-A01")) == (
        None, "the text of TEST-A01 is not supported by this engine yet (one | two): no rule forbids this, "
              "the engine cannot do it")


def test_the_lines_that_name_no_rule_in_full():
    """When no rule forbids what was typed, the line says so and names no rule: a legal Main Phase action
    (an effect may still forbid it), a legal answer of the decision's own kind, a game with no decision
    pending; and such a refusal reads as its reason alone."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C01], don: {active: 5}}")
    assert tuple(refusals.explain(g, "play TEST-C01")) == (
        None, "no rule known to this engine explains it (an effect may forbid it)")
    assert str(refusals.explain(g, "dance")) == "not an action of the notation that is legal now"
    g = _at("yes-no")
    assert tuple(refusals.explain(g, "yes")) == (None, "no rule known to this engine explains it")
    g = _at("trash")  # 3-7-6-1: an answer of the trash decision that names no card of it
    assert tuple(refusals.explain(g, "trash TEST-ZZZ")) == (None, "no rule known to this engine explains it")
    g = main("{leader: TEST-L01, deck: 5}", "{leader: TEST-L02, deck: 5}")
    play(g, "p1: attack leader -> opp leader")  # 9-2-1-1: damage with no Life left ends the game
    assert g.pending is None and g.winner == 0
    assert tuple(refusals.explain(g, "end turn")) == (None, "no decision is pending")


def test_6_5_5_1_and_7_1_3_2_1_a_card_in_the_hand_receives_no_don_and_no_counter():
    """6-5-5-1: DON!! are given to one's Leader or Characters; 7-1-3-2-1: a Counter raises the power of one's
    Leader or a Character: a card in the hand is neither."""
    g = main("{leader: TEST-L01, deck: 5, hand: [TEST-C04], don: {active: 2}}")
    assert tuple(refusals.explain(g, "give 1 don -> TEST-C04")) == (
        "6-5-5-1", "DON!! cards are given to your Leader or one of your Characters")
    g = _attacked("TEST-C04", "{leader: TEST-L02, deck: 5, hand: [TEST-C01, TEST-C04]}")
    play(g, "p2: no block")
    assert tuple(refusals.explain(g, "counter TEST-C01 -> TEST-C04")) == (
        "7-1-3-2-1", "a Counter raises the power of your Leader or one of your Characters")


def test_8_4_4_a_choice_quotes_the_effect_asking_not_the_whole_card():
    """8-4-4: the refusal at a choice names the effect being resolved: of a card with two effects, the
    paragraph of the one asking."""
    cards = CARDS + """
- {number: TEST-K03, name: Test Twin Striker, category: Character, colors: [Red], cost: 1, power: 2000, text: "[On Play] K.O. 1 of your opponent's Characters with a cost of 3 or less.\\n[Activate: Main] [Once Per Turn] Draw 1 card."}
"""
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, hand: [TEST-K03], "
             "don: {active: 5}}\np2: {leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}, {card: TEST-B01}]}\n",
             cards)
    play(g, "p1: play TEST-K03")
    assert g.pending.kind == "choose"
    assert tuple(refusals.explain(g, "yes")) == (
        "8-4-4", 'the decision now is a choice of TEST-K03 ("[On Play] K.O. 1 of your opponent\'s Characters with '
                 'a cost of 3 or less.")')


# --- mutation review 2026-12-04b (branch mutB): the option, effect-order and card-order decisions, a choice
# asked by no effect frame (an attack's cost), a choice by position, prohibitions from card 0 and beside
# other modifiers, the second player's play prohibition ------------------------------------------------------

DECIDING = MORE_PROHIBITING + """
- {number: TEST-W01, name: Test Emperor, category: Character, colors: [Blue], cost: 1, power: 1000, text: "[On Play] Select all of your opponent's Characters on their field. Until the end of your opponent's next turn, none of the selected Characters can attack unless your opponent trashes 2 cards from their hand whenever they attack."}
- {number: TEST-W02, name: Test Chooser, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Choose one:\\n• Draw 1 card.\\n• Your Leader gains +1000 power during this turn."}
- {number: TEST-W03, name: Test Sorter, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Look at 3 cards from the top of your deck and place them at the bottom of your deck in any order."}
- {number: TEST-W04, name: Test Lookout, category: Character, colors: [Green], cost: 1, power: 1000, text: "[On Your Opponent's Attack] Your Leader gains +1000 power during this battle."}
- {number: TEST-W05, name: Test Watch, category: Character, colors: [Green], cost: 1, power: 1000, text: "[On Your Opponent's Attack] Your Leader gains +2000 power during this battle."}
- {number: TEST-H01, name: Test Thief, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Trash 1 card from your opponent's hand."}
- {number: TEST-G03, name: Test Fuse, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] At the end of this turn, trash this Character."}
- {number: TEST-G01, name: Test Cheer, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Your Leader gains +1000 power during this turn."}
- {number: TEST-L03, name: Test Leader Warden, category: Leader, colors: [Red], power: 5000, life: 5, text: "[Activate: Main] [Once Per Turn] Draw 1 card. Then, you cannot play Character cards with a base cost of 4 or more during this turn."}
"""
W02 = 'TEST-W02 ("[On Play] Choose one: • Draw 1 card. • Your Leader gains +1000 power during this turn.")'
P01 = 'TEST-P01 ("[On Play] Draw 1 card. Then, you cannot play Character cards with a base cost of 4 or more during this turn.")'
NO_RULE = (None, "no rule known to this engine explains it")


def _deciding(p1: str, p2: str = "{leader: TEST-L02, deck: 5}", *actions: str, turn: int = 3, active: str = "p1"):
    g = game(f"turn: {turn}\nactive: {active}\nphase: main\np1: {p1}\np2: {p2}\n", DECIDING)
    play(g, *actions)
    return g


def test_8_4_4_an_option_decision_takes_choose_option_answers_only():
    """8-4-4 ("Choose one:" asks which option to use): at that decision a 'choose option N' naming no option is an
    answer of the decision's own kind, refused by no rule; 'order ...' and 'choose effect ...' answer other
    decisions, and the refusal names the option decision and quotes the effect asking it."""
    g = _deciding("{leader: TEST-L01, deck: 5, hand: [TEST-W02], don: {active: 5}}", "{leader: TEST-L02, deck: 5}",
                  "p1: play TEST-W02")
    assert g.pending.kind == "option"
    assert tuple(refusals.explain(g, "choose option 9")) == NO_RULE
    asked = ("8-4-4", f"the decision now is which option of {W02} to use: choose option N")
    assert tuple(refusals.explain(g, "choose effect TEST-C04")) == asked
    assert tuple(refusals.explain(g, "order TEST-C04")) == asked


def test_8_6_1_an_effect_order_decision_takes_choose_effect_answers_only():
    """8-6-1: the player whose effects activate together chooses which to resolve first (two [On Your
    Opponent's Attack] effects of p2): 'choose effect' naming none of them is the decision's own kind of answer,
    refused by no rule; 'choose option 1' and 'order ...' name the effect-order decision."""
    g = _deciding("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
                  "{leader: TEST-L02, deck: 5, characters: [{card: TEST-W04}, {card: TEST-W05}]}",
                  "p1: attack TEST-C04 -> opp leader")
    assert g.pending.kind == "effect" and g.pending.player == 1
    assert tuple(refusals.explain(g, "choose effect TEST-C04")) == NO_RULE
    asked = ("8-6-1", "the decision now is which of your effects to resolve first: choose effect ...")
    assert tuple(refusals.explain(g, "choose option 1")) == asked
    assert tuple(refusals.explain(g, "order TEST-C04")) == asked


def test_3_1_7_a_card_order_decision_takes_order_answers_only():
    """3-1-7: the owner decides the order of cards placed together ("place them at the bottom of your deck in
    any order"): 'order' naming a card not being placed is the decision's own kind of answer, refused by no
    rule; 'choose option 1' and 'choose effect ...' name the order decision."""
    g = _deciding("{leader: TEST-L01, deck: [TEST-C04, TEST-C01, TEST-S01, TEST-B01], hand: [TEST-W03], "
                  "don: {active: 5}}", "{leader: TEST-L02, deck: 5}", "p1: play TEST-W03")
    assert g.pending.kind == "order"
    assert tuple(refusals.explain(g, "order TEST-B01")) == NO_RULE
    asked = ("3-1-7", "the decision now is the order in which the cards are placed: order ...")
    assert tuple(refusals.explain(g, "choose option 1")) == asked
    assert tuple(refusals.explain(g, "choose effect TEST-C04")) == asked


def test_8_4_4_a_choice_of_cards_is_not_answered_by_choose_option_or_choose_effect():
    """8-4-4: at a choice of cards, 'choose option N' and 'choose effect ...' answer other decisions (an option,
    8-4-4; an effect order, 8-6-1): the refusal names the choice being asked, not the cards."""
    g = _at("choose")
    asked = ("8-4-4", "the decision now is a choice of " + K02)
    assert tuple(refusals.explain(g, "choose option 1")) == asked
    assert tuple(refusals.explain(g, "choose effect TEST-C04")) == asked


def _attack_cost_choice():
    """p1's TEST-W01 ("none of the selected Characters can attack unless your opponent trashes 2 cards from
    their hand whenever they attack") resolved; in p2's turn p2's TEST-C02 attacks: p2 chooses the cards."""
    g = _deciding("{leader: TEST-L01, deck: 5, hand: [TEST-W01], don: {active: 5}}",
                  "{leader: TEST-L02, deck: 5, hand: [TEST-C01, TEST-C04, TEST-S01], characters: [{card: TEST-C02}]}",
                  "p1: play TEST-W01", "p1: end turn", "p2: attack TEST-C02 -> opp leader")
    assert g.pending.kind == "choose" and g.pending.player == 1
    return g


def test_8_4_4_1_an_attack_cost_choice_asked_by_no_effect_being_resolved():
    """8-4-4-1: "trashes 2 cards" does not say "up to": 'choose none' is refused; 8-4-4: 'yes' is no answer of
    that choice. The choice is asked by the attack (7-1-1), not by an effect being resolved, so the lines name
    "the effect" and "the effect being resolved" rather than quoting a card."""
    g = _attack_cost_choice()
    assert tuple(refusals.explain(g, "choose none")) == (
        "8-4-4-1", 'the effect does not say "up to": you must choose as many as you can, up to the number '
                   "specified (1)")
    assert tuple(refusals.explain(g, "yes")) == ("8-4-4", "the decision now is a choice of the effect being resolved")


def test_8_4_4_1_a_choice_of_hidden_cards_by_position_takes_one_at_a_time():
    """8-4-4-1: "Trash 1 card from your opponent's hand": p1 chooses among p2's face-down hand by position
    (hand 1, hand 2), 1 card: naming 2 is refused, and so is 'choose none' (no "up to")."""
    g = _deciding("{leader: TEST-L01, deck: 5, hand: [TEST-H01], don: {active: 5}}",
                  "{leader: TEST-L02, deck: 5, hand: [TEST-C04, TEST-C01]}", "p1: play TEST-H01")
    assert notation.labels(g) == ["choose opp hand 1", "choose opp hand 2"]
    h01 = 'the effect of TEST-H01 ("[On Play] Trash 1 card from your opponent\'s hand.")'
    assert tuple(refusals.explain(g, "choose opp hand 1, opp hand 2")) == ("8-4-4-1", f"{h01} chooses up to 1, not 2")
    assert tuple(refusals.explain(g, "choose none")) == (
        "8-4-4-1", f'{h01} does not say "up to": you must choose as many as you can, up to the number specified (1)')


def test_1_3_3_a_play_prohibition_from_the_first_players_leader_quotes_it():
    """1-3-3: the refusal cites the card whose text forbids: here p1's Leader (the first card of the game),
    "[Activate: Main] ... you cannot play Character cards with a base cost of 4 or more during this turn"."""
    g = _deciding("{leader: TEST-L03, deck: 5, hand: [TEST-C01], don: {active: 5}}", "{leader: TEST-L02, deck: 5}",
                  "p1: activate leader")
    l03 = ('TEST-L03 ("[Activate: Main] [Once Per Turn] Draw 1 card. Then, you cannot play Character cards with a '
           'base cost of 4 or more during this turn.")')
    assert tuple(refusals.explain(g, "play TEST-C01")) == (
        "1-3-3", f"the effect of {l03} forbids playing TEST-C01: a prohibiting effect takes precedence")


def test_1_3_3_a_play_prohibition_beside_other_continuous_effects_quotes_its_own_card():
    """1-3-3: with other effects in force before it (a power gain, 8-1-3-2; an end-of-turn delayed effect,
    6-6-1-2), the play refusal still quotes the card whose text forbids the play, for either player."""
    for other in ("TEST-G01", "TEST-G03"):
        g = _deciding("{leader: TEST-L01, deck: 5, hand: [%s, TEST-P01, TEST-C01], don: {active: 9}}" % other,
                      "{leader: TEST-L02, deck: 5}", f"p1: play {other}", "p1: play TEST-P01")
        assert tuple(refusals.explain(g, "play TEST-C01")) == (
            "1-3-3", f"the effect of {P01} forbids playing TEST-C01: a prohibiting effect takes precedence"), other
    # the second player (their own prohibition, in their turn)
    g = _deciding("{leader: TEST-L01, deck: 5}", "{leader: TEST-L02, deck: 5, hand: [TEST-P01, TEST-C01], "
                  "don: {active: 9}}", "p2: play TEST-P01", turn=4, active="p2")
    assert tuple(refusals.explain(g, "play TEST-C01")) == (
        "1-3-3", f"the effect of {P01} forbids playing TEST-C01: a prohibiting effect takes precedence")


def test_1_3_3_a_play_prohibition_after_a_cost_reduction_quotes_the_prohibiting_card():
    """1-3-3: the refusal cites the card whose text forbids: TEST-P01 ("you cannot play Character cards with a
    base cost of 4 or more"), not TEST-G05, whose "the cost will be reduced by 1" (resolved first, still waiting
    for a Character of cost 5 or more) forbids nothing."""
    cards = DECIDING + """
- {number: TEST-G05, name: Test Broker, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] The next time you play a Character card with a cost of 5 or more from your hand during this turn, the cost will be reduced by 1."}
"""
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, hand: [TEST-G05, TEST-P01, TEST-C01], "
             "don: {active: 9}}\np2: {leader: TEST-L02, deck: 5}\n", cards)
    play(g, "p1: play TEST-G05", "p1: play TEST-P01")
    assert tuple(refusals.explain(g, "play TEST-C01")) == (
        "1-3-3", f"the effect of {P01} forbids playing TEST-C01: a prohibiting effect takes precedence")


REVIEWED = DECIDING + """
- {number: TEST-E06, name: Test Daily Plan, category: Event, colors: [Red], cost: 1, text: "[Main] [Once Per Turn] Draw 1 card."}
- {number: TEST-R02, name: Test Salvager, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Add up to 1 Event card from your trash to your hand."}
- {number: TEST-L04, name: Test Leader Striker, category: Leader, colors: [Red], power: 5000, life: 5, text: "[Activate: Main] [Once Per Turn] K.O. 1 of your opponent's Characters with a cost of 3 or less."}
- {number: TEST-Y01, name: Test Decoy Guard, category: Character, colors: [Green], cost: 2, power: 2000, text: "[Blocker]\\n[On Your Opponent's Attack] Select your Leader or 1 of your Characters. Change the attack target to the selected card."}
"""


def _reviewed(p1: str, p2: str, *actions: str):
    g = game(f"turn: 3\nactive: p1\nphase: main\np1: {p1}\np2: {p2}\n", REVIEWED)
    play(g, *actions)
    return g


def test_10_2_13_3_a_once_per_turn_event_back_in_the_hand_the_same_turn():
    """10-2-13-1 / 10-2-13-3: a [Once Per Turn] [Main] Event not yet resolved this turn is played (no rule
    refuses it); once resolved, "it cannot be activated again" that turn, even back in the hand from the trash
    (10-2-13-4 and 3-1-6 make a new card only of one that leaves the Character or Stage area and "once again
    appears on the field": an Event does neither)."""
    g = _reviewed("{leader: TEST-L01, deck: 5, hand: [TEST-E06, TEST-R02], don: {active: 9}}",
                  "{leader: TEST-L02, deck: 5}")
    assert refusals.explain(g, "play TEST-E06").rule is None
    play(g, "p1: play TEST-E06", "p1: play TEST-R02", "p1: choose trash TEST-E06")
    assert g.pending.kind == "main" and "TEST-E06" in [g.t.numbers[c] for c in g.players[0].hand]
    assert tuple(refusals.explain(g, "play TEST-E06")) == (
        "10-2-13-3", "the [Once Per Turn] effect of TEST-E06 was already resolved this turn")


def test_8_4_4_a_choice_asked_by_the_first_players_leader_quotes_it():
    """8-4-4: the refusal at a choice names the effect being resolved, here one of p1's Leader (the first card
    of the game): "[Activate: Main] [Once Per Turn] K.O. 1 of your opponent's Characters ..."."""
    g = _reviewed("{leader: TEST-L04, deck: 5}",
                  "{leader: TEST-L02, deck: 5, characters: [{card: TEST-C04}, {card: TEST-B01}]}", "p1: activate leader")
    assert g.pending.kind == "choose"
    assert tuple(refusals.explain(g, "yes")) == (
        "8-4-4", 'the decision now is a choice of TEST-L04 ("[Activate: Main] [Once Per Turn] K.O. 1 of your '
                 'opponent\'s Characters with a cost of 3 or less.")')


def _redirected():
    """p1's TEST-C04 attacks p2's Leader; p2's TEST-Y01 "[On Your Opponent's Attack] Select your Leader or 1 of
    your Characters. Change the attack target to the selected card." selects itself: the Block Step follows."""
    g = _reviewed("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
                  "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-Y01}, {card: TEST-B01}]}",
                  "p1: attack TEST-C04 -> opp leader", "p2: choose TEST-Y01")
    assert g.pending.kind == "block"
    return g


def test_10_1_4_1_the_card_an_effect_made_the_target_cannot_block_for_itself():
    """10-1-4-1: [Blocker] applies "when one of your other cards is being attacked": after an effect changed
    the attack target to TEST-Y01, TEST-Y01 is the card being attacked (it cannot block), and the Leader first
    attacked is one of the other cards (TEST-B01 may block for it)."""
    g = _redirected()
    assert tuple(refusals.explain(g, "block TEST-Y01")) == (
        "10-1-4-1", "TEST-Y01 is the card being attacked: [Blocker] protects your other cards")
    assert refusals.parse(g, "block TEST-B01")[0] == "block"


def test_10_1_4_1_after_an_effect_changed_the_target_the_block_step_is_simply_over():
    """10-1-4-1: [Blocker] is activated during the Block Step; 7-1-2-1 ("only once during that battle") speaks
    of a [Blocker] activated: after 'no block' in a battle whose target an effect changed, no [Blocker] was
    activated, so the refusal in the Counter Step is that the Block Step is over."""
    g = _redirected()
    play(g, "p2: no block")
    assert g.pending.kind == "counter"
    assert tuple(refusals.explain(g, "block TEST-B01")) == (
        "10-1-4-1", "[Blocker] is activated during the Block Step, which is over")


HALF_READ = REVIEWED + """
- {number: TEST-U02, name: Test Half Read, category: Character, colors: [Red], cost: 1, power: 1000, text: "[Activate: Main] [Once Per Turn] Draw 1 card.\\n[On Your Opponent's Attack] Change the attack target to this Character."}
- {number: TEST-U03, name: Test Half Guard, category: Event, colors: [Green], cost: 1, text: "[Counter] Your Leader gains +2000 power during this battle.\\n[Trigger] Change the attack target to this Character."}
"""


def test_a_card_with_one_unsupported_paragraph_is_refused_by_the_rules_of_its_other_effects():
    """A scenario's test card may keep a paragraph the engine cannot resolve (SCENARIOS.md: unsupported text
    loads, listed in ``unsupported``; here "Change the attack target to this Character"). Its other effects
    are used and refused by their rules, not by the "not supported" line: its [Activate: Main] is activated
    (6-5-4-1, no rule refuses it); in the Main Phase the [Counter] Event is not played (6-5-3-1: only Events
    marked [Main]); in the Counter Step it is activated (7-1-3-2-2), and a Character is no such Event."""
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, hand: [TEST-U03], "
             "characters: [{card: TEST-U02}], don: {active: 3}}\np2: {leader: TEST-L02, deck: 5}\n", HALF_READ)
    assert all(d.unsupported for d in g.t.defs if d.number in ("TEST-U02", "TEST-U03"))
    assert tuple(refusals.explain(g, "activate TEST-U02")) == (
        None, "no rule known to this engine explains it (an effect may forbid it)")
    assert tuple(refusals.explain(g, "play TEST-U03")) == (
        "6-5-3-1", "TEST-U03 is a [Counter] Event: in the Main Phase only Events marked [Main] are activated")
    g = game("turn: 3\nactive: p1\nphase: main\np1: {leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}\n"
             "p2: {leader: TEST-L02, deck: 5, hand: [TEST-U03, TEST-U02], don: {active: 3}}\n", HALF_READ)
    play(g, "p1: attack TEST-C04 -> opp leader")
    assert g.pending.kind == "counter"
    assert tuple(refusals.explain(g, "event TEST-U03")) == (
        None, "no rule known to this engine explains it (an effect may forbid it)")
    assert tuple(refusals.explain(g, "event TEST-U02")) == (
        "7-1-3-2-2", "TEST-U02 is not an Event with a [Counter] effect this engine can activate")


# --- second reader of the refusals fix (9157f1b): the block read from the log, the prohibiting card named -------
#
# refusals._blocked reads the log lines of the current battle (after its 7-1-1-1 attack declaration) for a block
# (7-1-2-1 / 10-1-4-1); without a log it takes a changed attack target for a block. Each expectation below is
# read from the rules: 7-1-2-1 "The player being attacked can activate the [Blocker] effect of their card only
# once during that battle" forbids a block once a [Blocker] was activated in this battle; otherwise 10-1-4-1
# ("by resting this card during the Block Step") is why a block in the Counter Step is refused.

SECOND_READ = REVIEWED + """
- {number: TEST-E07, name: Test Swap, category: Event, colors: [Green], cost: 0, text: "[Counter] Select your Leader or 1 of your Characters. Change the attack target to the selected card."}
- {number: TEST-P02, name: Test Jailer, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] Draw 1 card. Then, you cannot play Character cards with a base cost of 2 or more during this turn."}
- {number: TEST-C05, name: Test Giant, category: Character, colors: [Red], cost: 5, power: 6000}
- {number: TEST-G05, name: Test Broker, category: Character, colors: [Red], cost: 1, power: 1000, text: "[On Play] The next time you play a Character card with a cost of 5 or more from your hand during this turn, the cost will be reduced by 1."}
"""
P02 = 'TEST-P02 ("[On Play] Draw 1 card. Then, you cannot play Character cards with a base cost of 2 or more during this turn.")'
ONCE = ("7-1-2-1", "[Blocker] can be activated only once in a battle, in the Block Step, which is over")
OVER = ("10-1-4-1", "[Blocker] is activated during the Block Step, which is over")


def _second(p1: str, p2: str, *actions: str, log: bool = True):
    g = game(f"turn: 3\nactive: p1\nphase: main\np1: {p1}\np2: {p2}\n", SECOND_READ, log=log)
    play(g, *actions)
    return g


def _two_attackers(*actions: str, log: bool = True):
    """p1's TEST-C04 and TEST-C02 may attack; p2 has two [Blocker]s, Life and Counters in hand."""
    return _second("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}, {card: TEST-C02}]}",
                   "{leader: TEST-L02, deck: 5, life: [TEST-C04, TEST-C04, TEST-C04], hand: [TEST-C01, TEST-C01], "
                   "characters: [{card: TEST-B01}, {card: TEST-B02}]}", *actions, log=log)


def _swapped_back(log: bool = True):
    """p2 blocks with TEST-B01 (10-1-4-1: it "takes the place of the card being attacked"), then the [Counter]
    Event TEST-E07 changes the attack target back to p2's Leader, the card first attacked."""
    g = _second("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
                "{leader: TEST-L02, deck: 5, life: [TEST-C04], hand: [TEST-C01, TEST-E07], "
                "characters: [{card: TEST-B01}, {card: TEST-B02}]}",
                "p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01", "p2: event TEST-E07", "p2: choose leader",
                log=log)
    assert g.pending.kind == "counter" and g.battle[1] == g.players[1].leader
    return g


def _reloaded(g):
    """``g`` saved with ``to_dict`` (through JSON) and loaded again (test_serialize.py): the log is not saved."""
    import json

    from tcgsim.onepiece.cards.database import default_database
    from tcgsim.onepiece.rules.engine import Game

    h = Game.from_dict(json.loads(json.dumps(g.to_dict())), default_database())
    assert h.pending == g.pending and h.battle == g.battle
    return h


def test_7_1_2_1_a_block_in_the_first_attack_of_the_turn_is_not_read_in_the_second():
    """7-1-2-1 limits [Blocker] to once "during that battle": a block in the turn's first battle does not make
    the second battle's refusal say it was activated; the second battle had no block, so 10-1-4-1."""
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01")
    assert tuple(refusals.explain(g, "block TEST-B02")) == ONCE  # in the first battle a block was made
    play(g, "p2: end counter")
    assert g.pending.kind == "main" and g.battle is None
    play(g, "p1: attack TEST-C02 -> opp leader", "p2: no block")
    assert g.pending.kind == "counter"
    assert tuple(refusals.explain(g, "block TEST-B02")) == OVER


def test_7_1_2_1_no_block_in_the_first_attack_and_a_block_in_the_second():
    """7-1-2-1: the reverse order: no block in the first battle, a block in the second: in the second battle's
    Counter Step the [Blocker] was activated "during that battle", so 7-1-2-1 refuses another."""
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: no block")
    assert tuple(refusals.explain(g, "block TEST-B02")) == OVER
    play(g, "p2: end counter", "p1: attack TEST-C02 -> opp leader", "p2: block TEST-B02")
    assert g.pending.kind == "counter"
    assert tuple(refusals.explain(g, "block TEST-B01")) == ONCE


def test_7_1_2_1_an_effect_changed_the_target_then_a_blocker_was_activated():
    """10-1-4-1 / 7-1-2-1: an effect changed the attack target to TEST-Y01 (no [Blocker] activated), then p2
    blocked with TEST-B01: a [Blocker] was activated in this battle, so 7-1-2-1 refuses a second one."""
    g = _redirected()
    play(g, "p2: block TEST-B01")
    assert g.pending.kind == "counter"
    assert tuple(refusals.explain(g, "block TEST-Y01")) == ONCE


def test_7_1_2_1_a_blocker_was_activated_then_an_effect_changed_the_target_back():
    """7-1-2-1: p2 blocked (10-1-4-1), then a [Counter] Event changed the attack target back to the Leader first
    attacked: the [Blocker] was still activated "during that battle", so 7-1-2-1 refuses another, although the
    target is again the declared one."""
    g = _swapped_back()
    assert tuple(refusals.explain(g, "block TEST-B02")) == ONCE


# --- without the log: a game played with no log, a save/load between the block and the refusal ---------------

def test_7_1_2_1_10_1_4_1_a_game_without_a_log_answers_a_block_and_no_block():
    """7-1-2-1 / 10-1-4-1 in a game that keeps no log (``g.log is None``): no crash; after a block 7-1-2-1,
    after "no block" (target unchanged) 10-1-4-1."""
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01", log=False)
    assert g.log is None
    assert tuple(refusals.explain(g, "block TEST-B02")) == ONCE
    play(g, "p2: end counter", "p1: attack TEST-C02 -> opp leader", "p2: no block")
    assert tuple(refusals.explain(g, "block TEST-B02")) == OVER


def test_7_1_2_1_a_save_and_load_after_a_block_still_refuses_by_7_1_2_1():
    """7-1-2-1: the game saved after the block and loaded again (``to_dict``/``from_dict``) is the same game:
    the refusal in its Counter Step is still 7-1-2-1, as before the save."""
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01")
    h = _reloaded(g)
    assert h.log is None  # the log is not part of the saved state
    assert tuple(refusals.explain(h, "block TEST-B02")) == tuple(refusals.explain(g, "block TEST-B02")) == ONCE


def test_7_1_2_1_a_save_and_load_after_no_block_in_the_second_battle():
    """10-1-4-1: saved and loaded in the second battle's Counter Step (no block in it, one in the first): still
    10-1-4-1."""
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01", "p2: end counter",
                       "p1: attack TEST-C02 -> opp leader", "p2: no block")
    assert tuple(refusals.explain(_reloaded(g), "block TEST-B02")) == OVER


def test_10_1_4_1_a_save_and_load_after_an_effect_changed_the_target_and_no_block():
    """10-1-4-1: an effect changed the target, p2 did not block; the game saved and loaded in the Counter Step
    is the same game, where no [Blocker] was activated: the refusal is 10-1-4-1, as before the save."""
    g = _redirected()
    play(g, "p2: no block")
    assert tuple(refusals.explain(g, "block TEST-B01")) == OVER
    assert tuple(refusals.explain(_reloaded(g), "block TEST-B01")) == OVER


def test_7_1_2_1_a_save_and_load_after_a_block_and_a_change_back_to_the_declared_target():
    """7-1-2-1: blocked, then the target changed back to the Leader; saved and loaded, the [Blocker] was still
    activated during that battle: 7-1-2-1, as before the save."""
    g = _swapped_back()
    assert tuple(refusals.explain(_reloaded(g), "block TEST-B02")) == ONCE


def test_10_1_4_1_a_game_without_a_log_after_an_effect_changed_the_target_and_no_block():
    """10-1-4-1 in a game that keeps no log: an effect changed the target, no [Blocker] was activated: the
    refusal in the Counter Step is 10-1-4-1, not 7-1-2-1."""
    g = _second("{leader: TEST-L01, deck: 5, characters: [{card: TEST-C04}]}",
                "{leader: TEST-L02, deck: 5, hand: [TEST-C01], characters: [{card: TEST-Y01}, {card: TEST-B01}]}",
                "p1: attack TEST-C04 -> opp leader", "p2: choose TEST-Y01", "p2: no block", log=False)
    assert g.log is None and g.pending.kind == "counter"
    assert tuple(refusals.explain(g, "block TEST-B01")) == OVER


def test_7_1_2_1_a_log_started_empty_before_the_attack_reads_the_battle():
    """7-1-2-1 / 10-1-4-1: a log switched on (empty) in the Main Phase, before the attack, holds the battle's
    declaration and block lines: the same answers as a log kept from the start."""
    g = _two_attackers(log=False)
    g.log = []
    play(g, "p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01")
    assert tuple(refusals.explain(g, "block TEST-B02")) == ONCE
    play(g, "p2: end counter", "p1: attack TEST-C02 -> opp leader", "p2: no block")
    assert tuple(refusals.explain(g, "block TEST-B02")) == OVER


def test_7_1_2_1_a_log_started_empty_after_the_block():
    """7-1-2-1: a [Blocker] was activated in this battle; a log switched on (empty) only afterwards holds no
    line of it, but the block was made: 7-1-2-1."""
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01", log=False)
    g.log = []
    assert tuple(refusals.explain(g, "block TEST-B02")) == ONCE


# --- 1-3-3: the card named is one whose effect forbids that card -------------------------------------------------

def test_1_3_3_a_prohibition_and_a_cost_reduction_of_the_card_itself_in_either_order():
    """1-3-3: "the prohibiting effect always takes precedence": TEST-G05's cost reduction applies to TEST-C05
    (cost 5 or more), TEST-P01 forbids Characters "with a base cost of 4 or more" (the base cost is 5 whatever
    the reduction); in either order of resolution the refusal quotes TEST-P01, the card that forbids."""
    expected = ("1-3-3", f"the effect of {P01} forbids playing TEST-C05: a prohibiting effect takes precedence")
    for first, second in (("TEST-G05", "TEST-P01"), ("TEST-P01", "TEST-G05")):
        g = _second("{leader: TEST-L01, deck: 5, hand: [TEST-G05, TEST-P01, TEST-C05], don: {active: 9}}",
                    "{leader: TEST-L02, deck: 5}", f"p1: play {first}", f"p1: play {second}")
        assert tuple(refusals.explain(g, "play TEST-C05")) == expected, first


def test_1_3_3_of_two_prohibitions_the_one_that_forbids_the_card_is_named():
    """1-3-3: TEST-P02 forbids base cost 2 or more, TEST-P01 base cost 4 or more. TEST-B01 (base cost 2) is
    forbidden by TEST-P02 alone: it is named whichever was resolved first; TEST-C01 (base cost 4) is forbidden
    by both: one of the two is named; TEST-C04 (base cost 1) by neither: no rule refuses it."""
    for order in (("TEST-P01", "TEST-P02"), ("TEST-P02", "TEST-P01")):
        g = _second("{leader: TEST-L01, deck: 5, hand: [TEST-P01, TEST-P02, TEST-B01, TEST-C01, TEST-C04], "
                    "don: {active: 9}}", "{leader: TEST-L02, deck: 5}", *(f"p1: play {c}" for c in order))
        assert tuple(refusals.explain(g, "play TEST-B01")) == (
            "1-3-3", f"the effect of {P02} forbids playing TEST-B01: a prohibiting effect takes precedence"), order
        both = tuple(refusals.explain(g, "play TEST-C01"))
        assert both in {("1-3-3", f"the effect of {p} forbids playing TEST-C01: a prohibiting effect takes "
                                  "precedence") for p in (P01, P02)}, order
        assert refusals.parse(g, "play TEST-C04")[0] == "play"


def test_7_1_2_1_the_saved_battle_record_holds_the_block_only_when_one_was_made():
    """The saved battle record has four fields (attacker, target, declared target, left) when no [Blocker]
    was activated in the battle, as games were saved before the block was recorded, and a fifth, true, after
    a block; loaded, each gives its own answer: 10-1-4-1 without a block, 7-1-2-1 after one."""
    import json

    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: no block")
    assert len(json.loads(json.dumps(g.to_dict()))["battle"]) == 4
    assert tuple(refusals.explain(_reloaded(g), "block TEST-B02")) == OVER
    g = _two_attackers("p1: attack TEST-C04 -> opp leader", "p2: block TEST-B01")
    assert json.loads(json.dumps(g.to_dict()))["battle"][4] is True
    assert tuple(refusals.explain(_reloaded(g), "block TEST-B02")) == ONCE
