"""A cost or power written after the last of "A or B" alternatives holds for every alternative
(build/nouns.py ``noun_alts_or``; docs/effects.md, "Open readings").

The English "play up to 1 {Cross Guild} type Character card or Character card with a type including
"Baroque Works" with a cost of 5 or less" renders Japanese text that writes the bound first, before a comma,
over both alternatives (OP09-046 「コスト5以下の、特徴《クロスギルド》か『B・W』を含む特徴を持つキャラカード」,
OP11-022 「自分の場のドン‼の枚数以下のコストを持つ、特徴《海王類》を持つキャラカードか「メガロ」」); card Q&A
EB02-059 reads its cost on both alternatives too.  A leading modifier other than a type on an earlier
alternative may reach the later ones as well: left unread.
"""

from tcgsim.onepiece.effects.compiler import compile_card_text
from tcgsim.onepiece.effects.ir import Filter as F


def _play_alternatives(text):
    result = compile_card_text(text)
    assert result.unsupported == (), result.unsupported
    (effect,) = result.effects
    (action,) = effect.actions
    assert action.op == "play"
    assert action.target.count == 1 and action.target.up_to
    return action.target.alternatives


def test_cost_after_the_last_alternative_holds_for_the_first_op09_046():
    a, b = _play_alternatives(
        '[On Play] Play up to 1 {Cross Guild} type Character card or Character card with a type including '
        '"Baroque Works" with a cost of 5 or less from your hand.'
    )
    assert F("type", "==", "Cross Guild") in a.filters and F("cost", "<=", 5) in a.filters
    assert F("type_includes", "==", "Baroque Works") in b.filters and F("cost", "<=", 5) in b.filters
    # the second alternative's own type stays its own
    assert F("type_includes", "==", "Baroque Works") not in a.filters
    assert a.zones == b.zones == ("hand",)


def test_power_after_the_last_alternative_holds_for_the_first_op17_007():
    a, b = _play_alternatives(
        '[On Play] Play up to 1 {Land of Wano} type Character card or Character card with a type including '
        '"Whitebeard Pirates" with 6000 power or less from your hand.'
    )
    assert F("power", "<=", 6000) in a.filters and F("power", "<=", 6000) in b.filters


def test_name_alternative_gets_the_bound_too_op11_022():
    a, b = _play_alternatives(
        "[Activate: Main] Play up to 1 {Neptunian} type Character card or [Megalo] with a cost of 3 or less "
        "from your hand."
    )
    assert F("type", "==", "Neptunian") in a.filters and F("cost", "<=", 3) in a.filters
    assert F("cost", "<=", 3) in b.filters and F("type", "==", "Neptunian") not in b.filters


def test_a_leading_color_or_name_before_alternatives_stays_unread():
    # EB02-059: does "yellow" reach [Sanji]? Its ruling answers yes for that card only (overrides.yaml)
    for text in (
        "[Main] Play up to 1 of your yellow {Straw Hat Crew} type Character cards or [Sanji] with a cost of 5 "
        "or less from your hand.",
        "[Main] Play up to 1 [Nami] or {Navy} type Character card with a cost of 5 or less from your hand.",
    ):
        result = compile_card_text(text)
        assert result.effects == ()
        assert "ambiguous" in result.unsupported[0].reason
