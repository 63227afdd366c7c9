"""OP01-002 / EB01-020 "play up to 1 Character ... that is a different color than the returned Character", a
stated reading (no ruling; docs/effects.md, "Supported on a stated reading"): the filter ``color_differs`` on
"it", the returned card, read as "has at least one color the returned Character lacks" (rule 2-3-5). The
scenarios are tests/scenarios/effects/reading-OP01-002-*.yaml and reading-EB01-020-*.yaml."""

from tcgsim.onepiece.effects.compiler import compile_card_text
from tcgsim.onepiece.effects.support import why_unsupported


def test_the_play_after_a_return_reads_the_returned_card():
    result = compile_card_text(
        "[Main] If your Leader has the {Supernovas} type, return 1 of your Characters to the owner's hand, and "
        "play up to 1 Character card with a cost of 2 or less from your hand that is a different color than "
        "the returned Character."
    )
    (effect,) = result.effects
    assert why_unsupported(effect) is None
    (cond,) = effect.actions
    ret, play = cond.body
    assert ret.op == "return_to_hand" and play.op == "play"
    (f,) = [f for f in play.target.filters if f.key == "color_differs"]
    assert f.value.ref == "it"


def test_without_a_return_before_it_is_unsupported():
    result = compile_card_text(
        "[Main] Play up to 1 Character card with a cost of 2 or less from your hand that is a different color "
        "than the returned Character."
    )
    (effect,) = result.effects
    assert why_unsupported(effect) == "a different color than the returned Character without a return before it"
