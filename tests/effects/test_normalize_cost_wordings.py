"""Wordings the card data writes unusually, normalised to the usual wording (effects/normalize.py)."""

from tcgsim.onepiece.effects.normalize import normalize_chars


def test_missing_of_in_cost_filter():
    # OP10-079 "with a cost 5 or less": "with a cost of 5 or less"
    assert normalize_chars("K.O. up to 1 of your opponent's Characters with a cost 5 or less.") == (
        "K.O. up to 1 of your opponent's Characters with a cost of 5 or less.")


def test_number_cost_characters():
    # OP14-083 "your opponent's 0 cost Characters": "Characters with a cost of 0"
    assert normalize_chars("Give up to 1 of your opponent's 0 cost Characters -3000 power during this turn.") == (
        "Give up to 1 of your opponent's Characters with a cost of 0 -3000 power during this turn.")
    # untouched elsewhere
    assert normalize_chars("with a cost of 5 or less") == "with a cost of 5 or less"


def test_comma_and_in_one_condition():
    # OP10-086: "If your Leader has the {X} type, and this Character was played on this turn, K.O. ..."
    raw = ("[Activate: Main] [Once Per Turn] If your Leader has the {Blackbeard Pirates} type, and this Character "
           "was played on this turn, K.O. up to 1 of your opponent's Characters with a base cost of 3 or less.")
    assert "{Blackbeard Pirates} type and this Character was played on this turn, K.O." in normalize_chars(raw)
