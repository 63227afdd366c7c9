"""Effect texts compiled into the IR for "When this Character battles ...", "The counter of ... becomes",
"up to a total of" / "a total of up to", "any number of", "for every DON!! card rested this way" and
"cannot attack unless ... trashes" (OP08-043). Behaviour: the scenario files named in docs/effects.md."""

from tcgsim.onepiece.effects.cards import why_unsupported
from tcgsim.onepiece.effects.compiler import compile_card_text
from tcgsim.onepiece.effects.ir import Cost, Filter as F, Selector as S


def _only(text):
    result = compile_card_text(text, None)
    assert result.unsupported == (), result.unsupported
    return result.effects


def test_total_wordings_are_the_same_op04_046_op15_101():
    a = _only("[Main] Look at 5 cards from the top of your deck; reveal a total of up to 2 [A] or [B] cards and add them "
              "to your hand. Then, place the rest at the bottom of your deck in any order.")
    b = _only("[Main] Look at 5 cards from the top of your deck; reveal up to a total of 2 [A] or [B] cards and add them "
              "to your hand. Then, place the rest at the bottom of your deck in any order.")
    assert a[0].actions == b[0].actions
    reveal = a[0].actions[1]
    assert reveal.op == "reveal" and reveal.target.total and reveal.target.count == 2 and reveal.target.up_to


def test_rest_total_characters_or_don_op12_037():
    eff = _only("[Main] Rest up to a total of 2 of your opponent's Characters or DON!! cards.")[0]
    t = eff.actions[0].target
    assert eff.actions[0].op == "rest" and set(t.zones) == {"character", "don"} and t.total and t.count == 2
    assert why_unsupported(eff) is None


def test_any_number_and_per_don_rested_op13_001():
    eff = _only("[DON!! x1] [On Your Opponent's Attack] If you have 5 or less active DON!! cards, you may rest any "
                "number of your DON!! cards. For every DON!! card rested this way, this Leader or up to 1 of your "
                "{Straw Hat Crew} type Characters gains +2000 power during this battle.")[0]
    rest = eff.actions[0].body[0].body[0]
    assert rest.op == "rest" and rest.target == S(zones=("don",), count=None, up_to=True)
    power = eff.actions[1]
    assert power.op == "modify_power" and power.amount == 2000 and power.duration == "this_battle"
    assert power.param("per") == S(ref="it", count=None) and power.param("per_count") == 1
    assert why_unsupported(eff) is None


def test_when_battles_at_the_start_st05_010():
    eff = _only("When this Character battles <Strike> attribute Characters, this Character gains +3000 power during "
                "this turn.")[0]
    assert eff.timing == "when" and eff.event.kind == "battle" and "at" not in dict(eff.event.params)
    assert dict(eff.event.params)["opponent"].filters == (F("attribute", "==", "Strike"),)
    assert why_unsupported(eff) is None


def test_set_counter_in_hand_op16_118():
    eff = _only("The counter of all of your Character cards with 8000 power in your hand becomes +2000.")[0]
    a = eff.actions[0]
    assert eff.kind == "permanent" and a.op == "set_counter" and a.amount == 2000 and a.target.zones == ("hand",)
    assert why_unsupported(eff) is None


def test_cannot_attack_unless_trash_op08_043():
    eff = _only("[On Play] Select all of your opponent's Characters on their field. Until the end of your opponent's "
                "next turn, none of the selected Characters can attack unless your opponent trashes 2 cards from "
                "their hand whenever they attack.")[0]
    select, cannot = eff.actions
    assert select.op == "select" and select.target.count is None
    assert cannot.op == "cannot" and cannot.target.ref == "it" and cannot.duration == "until_end_of_opponent_next_turn"
    assert cannot.param("what") == "attack"
    assert cannot.param("unless") == Cost("trash", S(zones=("hand",), count=2), amount=2)
    assert why_unsupported(eff) is None


def test_don_alternative_only_for_rest_op13_035():
    """Only "rest" (actions.rest_cards_or_don) and "Set this Character or up to 1 of your DON!! cards as
    active" (OP13-035, actions.set_active_cards_or_don) offer a DON!! card among alternatives; any other
    such shape would lose its DON!! choice, so it is reported, not compiled."""
    result = compile_card_text("[End of Your Turn] Set this Character or up to 1 of your DON!! cards as active.", None)
    assert [why_unsupported(e) for e in result.effects] == [None]
    for text, why in (
            ("[End of Your Turn] Set this Character or up to 2 of your DON!! cards as active.",
             "set_active of DON!! cards among alternatives"),
            ("[End of Your Turn] Set this Character or up to 1 of your opponent's DON!! cards as active.",
             "set_active of DON!! cards among alternatives"),
            ("[On Play] K.O. this Character or up to 1 of your DON!! cards.", "ko of DON!! cards among alternatives")):
        assert [why_unsupported(e) for e in compile_card_text(text, None).effects] == [why]
    rest = compile_card_text("[On Play] Rest up to 1 of your opponent's DON!! cards or Characters with a cost of 6 "
                             "or less.", None)
    assert rest.unsupported == () and why_unsupported(rest.effects[0]) is None
