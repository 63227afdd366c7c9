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


@pytest.mark.parametrize("number, text", [
    # EB01-020 (an Event, "play") was the example of an unsupported [Main] until branch readings-k supported it on a
    # stated reading; no Event is left unsupported (tcgsim cards coverage: OP05-119, OP13-064, OP15-008 only)
    ("OP15-008", "activate OP15-008"),           # Character: "[Activate: Main] [Once Per Turn] If this Character was played on this turn, ..." (a known defect)
])
def test_a_card_text_the_engine_cannot_read_invents_no_rule(number, text):
    """When the engine cannot compile a card's text, no rule forbids the action: the refusal names no rule
    and says the card's text is unsupported (it must not claim 6-5-3-1 or 6-5-4-1)."""
    where = "hand" if text.startswith("play") else "characters"
    card = number if where == "hand" else f"{{card: {number}}}"
    g = main(f"{{leader: TEST-L01, deck: 5, {where}: [{card}], don: {{active: 8}}}}")
    exc = refusal(g, text)
    assert exc.rule is None and "not supported" in str(exc) and number in str(exc)
