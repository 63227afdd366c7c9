"""'for every DON!! card given to that Character' (OP15-008): 'that Character' is the Character an earlier effect of
the same card chose (compiler._remember_chosen). Without such an earlier effect the count is unsupported."""

from tcgsim.onepiece.effects.compiler import compile_card_text
from tcgsim.onepiece.effects.support import why_unsupported

ACTIVATE = ("[Activate: Main] [Once Per Turn] Give all of your opponent's Characters −1000 power during this turn "
            "for every DON!! card given to that Character.")
GIVE = "[On Play] Give up to 2 of your opponent's rested DON!! cards to 1 of your opponent's Characters."


def test_that_character_without_an_earlier_choice_is_unsupported():
    (eff,) = compile_card_text(ACTIVATE, None, "TEST-X").effects
    assert "that Character" in why_unsupported(eff)


def test_that_character_after_a_give_is_remembered():
    give, act = compile_card_text(GIVE + "\n" + ACTIVATE, None, "TEST-X").effects
    assert give.actions[0].param("remember") is True
    assert why_unsupported(give) is None and why_unsupported(act) is None
    per = act.actions[0].param("per")
    assert [(f.key, f.value) for f in per.filters] == [("given", "chosen")]


def test_that_character_before_the_give_is_not_remembered():
    # "that Character" names an earlier effect's choice: a give printed after it is not one
    act, give = compile_card_text(ACTIVATE + "\n" + GIVE, None, "TEST-X").effects
    assert give.actions[0].param("remember") is None
    assert why_unsupported(act) is not None
