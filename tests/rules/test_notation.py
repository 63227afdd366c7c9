"""The action notation (``tcgsim.onepiece.rules.notation``), a public contract of SCENARIOS.md "actions":
scenario files written by judges and other engines must run as they are.

Expectations come from SCENARIOS.md (the card-reference table, the actions table, "a multi-card answer written
on one line", "copies of one card in the same zone and state are one option", "compared with the options after
their references are resolved, not as strings") and from the docstrings of ``ref``, ``render``, ``labels``,
``resolve``, ``parse`` and ``split_multi``; never from what the engine prints. Decisions are set by hand
(``Decision(player, kind, options)``, the shapes documented in core/decision.py, rules/main_phase.py and
effects/interpreter.py) on a board built from scenario text, so that every option kind is rendered and parsed.
"""

from __future__ import annotations

import pytest
from checklist_helpers import game

from tcgsim.core.decision import Decision
from tcgsim.onepiece.rules import notation as N
from tcgsim.onepiece.rules.engine import IllegalAction

CARDS = """
- {number: TEST-C01, name: Test One, category: Character, colors: [Red], cost: 1, power: 1000}
- {number: TEST-C02, name: Test Two, category: Character, colors: [Red], cost: 1, power: 2000}
- {number: TEST-S01, name: Test Stage, category: Stage, colors: [Red], cost: 1}
"""

# p1: two TEST-C01 in hand, Characters and trash; Life top first: a face-down TEST-C02, a face-down TEST-C01;
# deck top first: TEST-C01, TEST-C02, TEST-S01. p2: no Stage, one Character, two hidden hand cards.
BOARD = """
turn: 3
active: p1
phase: main
p1:
  leader: TEST-L01
  hand: [TEST-C01, TEST-C02, TEST-C01]
  trash: [TEST-C01]
  life: [TEST-C02, TEST-C01]
  deck: [TEST-C01, TEST-C02, TEST-S01]
  characters: [{card: TEST-C01}, {card: TEST-C02}, {card: TEST-C01}]
  stage: TEST-S01
p2:
  leader: TEST-L02
  hand: [TEST-C02, TEST-C01]
  trash: [TEST-C02]
  life: [TEST-C02]
  characters: [{card: TEST-C01}]
"""


class Board:
    """The card ids of BOARD, found by number and zone (not by how the engine numbers or stores cards)."""

    def __init__(self, state: str = BOARD):
        self.g = g = game(state, CARDS)
        self.p1, self.p2 = g.players
        num = g.t.numbers
        assert [num[c] for c in self.p1.hand] == ["TEST-C01", "TEST-C02", "TEST-C01"]  # hand order = list order
        assert [num[c] for c in self.p1.characters] == ["TEST-C01", "TEST-C02", "TEST-C01"]
        self.hand = list(self.p1.hand)
        self.chars = list(self.p1.characters)
        self.opp_hand = list(self.p2.hand)
        self.opp_char = self.p2.characters[0]
        self.trash = self.p1.trash[0]
        self.opp_trash = self.p2.trash[0]
        # Life top first [TEST-C02, TEST-C01], deck top first [TEST-C01, TEST-C02, TEST-S01]: unique numbers
        self.life = {num[c]: c for c in self.p1.life}
        self.deck = {num[c]: c for c in self.p1.deck}

    def ask(self, player: int, kind: str, *options: tuple) -> None:
        """Make ``options`` the pending decision of ``player`` (0/1)."""
        self.g.pending = Decision(player, kind, tuple(options))


@pytest.fixture
def b():
    return Board()


# ------------------------------------------------------------------------------------------------ render


SIMPLE = [
    (("first",), "first"), (("second",), "second"), (("keep",), "keep"), (("mulligan",), "mulligan"),
    (("end",), "end turn"), (("noblock",), "no block"), (("endcounter",), "end counter"),
    (("trigger",), "trigger"), (("notrigger",), "no trigger"), (("yes",), "yes"), (("no",), "no"),
    (("choose_none",), "choose none"),
]


@pytest.mark.parametrize("option,text", SIMPLE, ids=[t for _, t in SIMPLE])
def test_scenarios_actions_table_words_render_and_parse_back(b, option, text):
    """SCENARIOS.md actions table: `first`, `second`, `keep`, `mulligan`, `end turn`, `no block`, `end counter`,
    `trigger`, `no trigger`, `yes`, `no`, `choose none` are the whole action; each names its option."""
    assert N.render(b.g, 0, option) == text
    b.ask(0, "main", ("end",) if option != ("end",) else ("first",), option)
    assert N.parse(b.g, text) == option


def test_yes_no_of_an_optional_effect_render_as_the_bare_word(b):
    """SCENARIOS.md: `yes`, `no` answer a yes-no decision; which effect is asked is in the decision, so an
    option naming the card and effect renders as the bare word and the bare word names it."""
    yes, no = ("yes", b.chars[0], 0), ("no", b.chars[0], 0)
    assert N.render(b.g, 0, yes) == "yes" and N.render(b.g, 0, no) == "no"
    b.ask(0, "yes-no", yes, no)
    assert N.parse(b.g, "yes") == yes
    assert N.parse(b.g, "no") == no
    assert N.labels(b.g) == ["yes", "no"]


def test_card_options_render_in_the_scenarios_notation(b):
    """SCENARIOS.md actions table: `play CARD`, `give N don -> TARGET`, `activate CARD`, `attack CARD -> TARGET`,
    `event CARD`, `trash CARD`, `choose effect CARD`, `choose option N`, `order REF, REF`, `choose REF, REF`;
    card references from the acting player's side (`leader`, `stage`, `opp ...`, `#2` for the second copy
    in zone order, `trash ST01-014` for a trash card)."""
    g, c = b.g, b.chars
    cases = [
        (("play", b.hand[0]), "play TEST-C01"),
        (("play", b.hand[1]), "play TEST-C02"),
        (("give", 2, b.p1.leader), "give 2 don -> leader"),
        (("give", 1, c[2]), "give 1 don -> TEST-C01#2"),
        (("attack", c[1], b.p2.leader), "attack TEST-C02 -> opp leader"),
        (("attack", b.p1.leader, b.opp_char), "attack leader -> opp TEST-C01"),
        (("activate", b.p1.stage, 0), "activate stage"),
        (("activate", c[2], 1), "activate TEST-C01#2"),
        (("event", b.hand[1]), "event TEST-C02"),
        (("trash", c[2]), "trash TEST-C01#2"),
        (("option", 2), "choose option 2"),
        (("effect", c[1]), "choose effect TEST-C02"),
        (("effect", b.p1.leader), "choose effect leader"),
        (("order", c[1], c[0], c[2]), "order TEST-C02, TEST-C01, TEST-C01#2"),
        (("choose", c[0], b.opp_char, b.trash), "choose TEST-C01, opp TEST-C01, trash TEST-C01"),
        (("choose", b.opp_trash), "choose opp trash TEST-C02"),
        (("choose", b.p2.leader), "choose opp leader"),
    ]
    assert [N.render(g, 0, o) for o, _ in cases] == [t for _, t in cases]


def test_defender_options_render_from_the_defenders_side(b):
    """SCENARIOS.md: `block CARD`, `counter CARD -> TARGET` are the defender's; references are from the acting
    player's side, so the defender's own cards have no `opp` and the attacker's have it."""
    g = b.g
    assert N.render(g, 1, ("block", b.opp_char)) == "block TEST-C01"
    assert N.render(g, 1, ("counter", b.opp_hand[1], b.p2.leader)) == "counter TEST-C01 -> leader"
    assert N.render(g, 1, ("counter", b.opp_hand[0], b.opp_char)) == "counter TEST-C02 -> TEST-C01"
    assert N.render(g, 1, ("choose", b.chars[1])) == "choose opp TEST-C02"
    assert N.render(g, 1, ("choose", b.p1.stage)) == "choose opp stage"


def test_don_options_render_as_don_references(b):
    """SCENARIOS.md: `N don` (active), `N rested don`, `N don on CARD`; prefix `opp` for the opponent's
    (`opp 1 rested don`); a DON!! choice answers one card at a time as `choose 1 ...`."""
    g = b.g
    assert N.render(g, 0, ("don", "active")) == "choose 1 don"
    assert N.render(g, 0, ("don", "rested")) == "choose 1 rested don"
    assert N.render(g, 0, ("don", "opp_active")) == "choose opp 1 don"
    assert N.render(g, 0, ("don", "opp_rested")) == "choose opp 1 rested don"
    assert N.render(g, 0, ("don", b.p1.leader)) == "choose 1 don on leader"
    assert N.render(g, 0, ("don", b.chars[2])) == "choose 1 don on TEST-C01#2"


def test_hidden_cards_render_by_position(b):
    """SCENARIOS.md: `hand 3`, `life 1`, `deck 1` name a card by position (1 = first in hand, top of Life or
    deck), only for cards the chooser cannot see; `opp hand 2` for the opponent's. ``choose_at`` options
    (effects/interpreter.card_option: owner, zone, index in the zone's list) render so."""
    g = b.g
    assert N.render(g, 0, ("choose_at", 1, "hand", b.p2.hand.index(b.opp_hand[1]))) == "choose opp hand 2"
    assert N.render(g, 0, ("choose_at", 1, "hand", b.p2.hand.index(b.opp_hand[0]))) == "choose opp hand 1"
    assert N.render(g, 1, ("choose_at", 1, "hand", b.p2.hand.index(b.opp_hand[1]))) == "choose hand 2"
    assert N.render(g, 0, ("choose_at", 0, "life", b.p1.life.index(b.life["TEST-C02"]))) == "choose life 1"
    assert N.render(g, 0, ("choose_at", 0, "life", b.p1.life.index(b.life["TEST-C01"]))) == "choose life 2"
    assert N.render(g, 0, ("choose_at", 0, "deck", b.p1.deck.index(b.deck["TEST-C01"]))) == "choose deck 1"
    assert N.render(g, 0, ("choose_at", 0, "deck", b.p1.deck.index(b.deck["TEST-S01"]))) == "choose deck 3"
    assert N.render(g, 1, ("choose_at", 0, "deck", b.p1.deck.index(b.deck["TEST-C02"]))) == "choose opp deck 2"


def test_ref_names_each_zone_as_the_reference_table_says(b):
    """SCENARIOS.md reference table / ``ref`` docstring: the opponent's hand by position (its order and cards
    are secret), face-down Life and unknown deck cards by position from the top, open cards by number with
    `#N` for the Nth copy in zone order, trash cards as `trash NUMBER`, the opponent's with `opp`."""
    g = b.g
    assert [N.ref(g, 0, c) for c in b.hand] == ["TEST-C01", "TEST-C02", "TEST-C01#2"]
    assert [N.ref(g, 1, c) for c in b.hand] == ["opp hand 1", "opp hand 2", "opp hand 3"]
    assert [N.ref(g, 0, c) for c in b.opp_hand] == ["opp hand 1", "opp hand 2"]
    assert [N.ref(g, 1, c) for c in b.opp_hand] == ["TEST-C02", "TEST-C01"]
    assert [N.ref(g, 1, c) for c in b.chars] == ["opp TEST-C01", "opp TEST-C02", "opp TEST-C01#2"]
    assert N.ref(g, 0, b.life["TEST-C02"]) == "life 1" and N.ref(g, 0, b.life["TEST-C01"]) == "life 2"
    assert N.ref(g, 1, b.life["TEST-C01"]) == "opp life 2"
    assert N.ref(g, 0, b.deck["TEST-S01"]) == "deck 3"
    assert N.ref(g, 1, b.deck["TEST-C01"]) == "opp deck 1"
    assert N.ref(g, 0, b.trash) == "trash TEST-C01"
    assert N.ref(g, 1, b.trash) == "opp trash TEST-C01"
    assert N.ref(g, 0, b.p1.leader) == "leader" and N.ref(g, 1, b.p1.leader) == "opp leader"
    assert N.ref(g, 0, b.p1.stage) == "stage" and N.ref(g, 1, b.p1.stage) == "opp stage"


def test_3_1_5_a_known_or_face_up_secret_card_is_named_by_its_number(b):
    """SCENARIOS.md: positions are "used only for cards the chooser cannot see": a deck card whose identity the
    player knows (``Game.known``) and a face-up Life card are named by number, the rest stay by position."""
    g = b.g
    g.known[0].add(b.deck["TEST-C02"])
    assert N.ref(g, 0, b.deck["TEST-C02"]) == "TEST-C02"
    assert N.ref(g, 1, b.deck["TEST-C02"]) == "opp deck 2"  # p2 does not know it
    assert N.ref(g, 0, b.deck["TEST-C01"]) == "deck 1"
    g.face_up[b.life["TEST-C01"]] = 1
    assert N.ref(g, 0, b.life["TEST-C01"]) == "TEST-C01"
    assert N.ref(g, 1, b.life["TEST-C01"]) == "opp TEST-C01"
    assert N.ref(g, 0, b.life["TEST-C02"]) == "life 1"


def test_known_deck_copies_are_counted_from_the_top():
    """Reference table: `#2` is the second copy in zone order; a deck's order runs from the top ("deck 1" = the
    top). Two known TEST-C02 in the deck: the higher one is `TEST-C02`, the lower `TEST-C02#2`, and each
    reference resolves back to its card."""
    bb = Board(BOARD.replace("deck: [TEST-C01, TEST-C02, TEST-S01]", "deck: [TEST-C02, TEST-C01, TEST-C02]"))
    g = bb.g
    top, third = N.resolve(g, 0, "deck 1", ()), N.resolve(g, 0, "deck 3", ())
    assert [g.t.numbers[c] for c in top + third] == ["TEST-C02", "TEST-C02"]
    g.known[0].update(top + third)
    assert N.ref(g, 0, top[0]) == "TEST-C02" and N.ref(g, 0, third[0]) == "TEST-C02#2"
    assert N.resolve(g, 0, "TEST-C02", ("deck",)) == top + third
    bb.ask(0, "choose", ("choose", top[0]), ("choose", third[0]))
    assert N.labels(g) == ["choose TEST-C02", "choose TEST-C02#2"]
    assert [N.parse(g, label) for label in N.labels(g)] == [("choose", top[0]), ("choose", third[0])]


def test_a_bare_number_in_choose_is_the_first_copy_in_zone_order(b):
    """Reference table: `ST01-013` is "the acting player's first card with that number, in zone order, that the
    decision allows"; the label of the second copy is `#2`. Options listed second copy first."""
    c = b.chars
    b.ask(0, "choose", ("choose", c[2]), ("choose", c[0]))
    assert N.labels(b.g) == ["choose TEST-C01#2", "choose TEST-C01"]
    assert N.parse(b.g, "choose TEST-C01") == ("choose", c[0])


def test_3_1_5_a_face_up_life_cards_reference_does_not_depend_on_a_hidden_card():
    """SCENARIOS.md: positions are used for unseen cards "so that no option names a hidden card". A face-up
    TEST-C01 under a face-down card must be named the same whether that face-down card is a TEST-C01 or not,
    else the label tells either player what the hidden card is."""
    names = []
    for top in ("TEST-C01", "TEST-C02"):
        bb = Board(BOARD.replace("life: [TEST-C02, TEST-C01]", f"life: [{top}, {{card: TEST-C01, face_up: true}}]"))
        up = next(c for c in bb.p1.life if bb.g.face_up[c])
        names.append((N.ref(bb.g, 0, up), N.ref(bb.g, 1, up)))
    assert names[0] == names[1]


def test_an_option_kind_without_notation_renders_its_parts(b):
    """``render`` has a notation for every documented kind; any other option is shown as its parts joined by
    spaces, so that a listing never fails."""
    assert N.render(b.g, 0, ("concede",)) == "concede"
    assert N.render(b.g, 0, ("mystery", 3, "x")) == "mystery 3 x"


def test_labels_are_the_pending_options_in_order_and_empty_without_a_decision(b):
    """``labels``: the pending decision's options in notation (empty when nothing is pending)."""
    b.ask(0, "main", ("end",), ("attack", b.chars[2], b.p2.leader), ("play", b.hand[1]))
    assert N.labels(b.g) == ["end turn", "attack TEST-C01#2 -> opp leader", "play TEST-C02"]
    b.g.pending = None
    assert N.labels(b.g) == []


def test_labels_of_the_defenders_decision_are_from_the_defenders_side(b):
    """``labels`` renders for the pending decision's player, not the turn player."""
    b.ask(1, "block", ("block", b.opp_char), ("noblock",))
    assert N.labels(b.g) == ["block TEST-C01", "no block"]


# ------------------------------------------------------------------------------------------------ resolve


def test_resolve_leader_stage_and_opp(b):
    """Reference table: `leader`, `stage` are the acting player's, `opp leader`, `opp stage` the opponent's;
    a player without a Stage has none to name."""
    g = b.g
    assert N.resolve(g, 0, "leader", ()) == [b.p1.leader]
    assert N.resolve(g, 0, "opp leader", ()) == [b.p2.leader]
    assert N.resolve(g, 1, "opp leader", ()) == [b.p1.leader]
    assert N.resolve(g, 0, "stage", ()) == [b.p1.stage]
    assert N.resolve(g, 1, "opp stage", ()) == [b.p1.stage]
    assert N.resolve(g, 0, "opp stage", ("stage",)) == []
    assert N.resolve(g, 1, "stage", ("stage",)) == []
    # nor does a card number searched in the Stage area of a player without one
    assert all(N.resolve(g, 1, num, ("stage",)) == [] for num in set(g.t.numbers))


def test_resolve_a_card_number_in_the_zones_the_action_implies(b):
    """Reference table: `ST01-013` is a card of that number in the zone the action implies, in zone order;
    `#2` the second copy; an explicit zone (`hand ...`, `trash ...`) overrides the implied one."""
    g, c, h = b.g, b.chars, b.hand
    assert N.resolve(g, 0, "TEST-C01", ("characters",)) == [c[0], c[2]]
    assert N.resolve(g, 0, "TEST-C01#1", ("characters",)) == [c[0]]
    assert N.resolve(g, 0, "TEST-C01#2", ("characters",)) == [c[2]]
    assert N.resolve(g, 0, "TEST-C01#3", ("characters",)) == []
    assert N.resolve(g, 0, "TEST-C01#0", ("characters",)) == []
    assert N.resolve(g, 0, "TEST-C01", ("hand", "characters")) == [h[0], h[2], c[0], c[2]]
    assert N.resolve(g, 0, "TEST-C01#2", ("hand", "characters")) == [h[2], c[2]]
    assert N.resolve(g, 0, "hand TEST-C01", ("characters",)) == [h[0], h[2]]
    assert N.resolve(g, 0, "trash TEST-C01", ("characters",)) == [b.trash]
    assert N.resolve(g, 0, "TEST-C02", ("leader", "stage")) == []
    assert N.resolve(g, 0, "TEST-L01", ("leader", "stage")) == [b.p1.leader]
    assert N.resolve(g, 0, "TEST-S01", ("leader", "stage")) == [b.p1.stage]
    assert N.resolve(g, 0, "opp TEST-C01", ("characters",)) == [b.opp_char]
    assert N.resolve(g, 1, "opp TEST-C02", ("characters",)) == [c[1]]
    assert N.resolve(g, 0, "opp trash TEST-C02", ("characters",)) == [b.opp_trash]


def test_resolve_life_and_deck_by_number_count_from_the_top(b):
    """Zone order of Life and deck is from the top (state lists are "top first"), so `#1` is the highest
    copy; `life TEST-C01` looks in Life whatever the implied zones."""
    g = b.g
    g.face_up[b.life["TEST-C01"]] = 1
    assert N.resolve(g, 0, "life TEST-C01", ("hand",)) == [b.life["TEST-C01"]]
    assert N.resolve(g, 0, "deck TEST-S01", ("hand",)) == [b.deck["TEST-S01"]]
    assert N.resolve(g, 1, "FILLER", ("deck",)) == list(reversed(b.p2.deck))  # 20 FILLER cards, top first
    assert len(N.resolve(g, 1, "FILLER#20", ("deck",))) == 1
    assert N.resolve(g, 1, "FILLER#21", ("deck",)) == []
    bb = Board(BOARD.replace("life: [TEST-C02, TEST-C01]", "life: [{card: TEST-C01, face_up: true}, {card: TEST-C01, face_up: true}]"))
    top, second = N.resolve(bb.g, 0, "life 1", ()), N.resolve(bb.g, 0, "life 2", ())
    assert N.resolve(bb.g, 0, "life TEST-C01", ("hand",)) == top + second
    assert N.resolve(bb.g, 0, "TEST-C01#2", ("life",)) == second
    assert N.ref(bb.g, 0, top[0]) == "TEST-C01" and N.ref(bb.g, 0, second[0]) == "TEST-C01#2"


def test_resolve_a_position_in_hand_life_or_deck(b):
    """Reference table: `hand 3`, `life 1`, `deck 1`: by position, 1 = first in hand, top of Life or deck;
    `opp hand 2` the opponent's; a position out of range, without a zone, or with `#N` names no card."""
    g = b.g
    assert N.resolve(g, 0, "hand 3", ()) == [b.hand[2]]
    assert N.resolve(g, 0, "hand 1", ()) == [b.hand[0]]
    assert N.resolve(g, 0, "opp hand 2", ()) == [b.opp_hand[1]]
    assert N.resolve(g, 1, "opp hand 3", ()) == [b.hand[2]]
    assert N.resolve(g, 0, "life 1", ()) == [b.life["TEST-C02"]]
    assert N.resolve(g, 0, "life 2", ()) == [b.life["TEST-C01"]]
    assert N.resolve(g, 0, "deck 1", ()) == [b.deck["TEST-C01"]]
    assert N.resolve(g, 0, "deck 3", ()) == [b.deck["TEST-S01"]]
    assert N.resolve(g, 1, "opp deck 2", ()) == [b.deck["TEST-C02"]]
    for bad in ("hand 0", "hand 4", "life 3", "deck 4", "3", "opp 1", "hand 1#1", "opp hand 3"):
        assert N.resolve(g, 0, bad, ("hand", "characters")) == [], bad


def test_resolve_reads_runs_of_whitespace_as_one_space(b):
    """The scenario runner reads an action line with runs of whitespace as one space (scenario.play_action);
    ``resolve`` reads a reference the same way, so `opp  hand 2` is `opp hand 2`."""
    g = b.g
    assert N.resolve(g, 0, "  opp   hand  2 ", ()) == [b.opp_hand[1]]
    assert N.resolve(g, 0, " opp  leader", ()) == [b.p2.leader]
    assert N.resolve(g, 0, "stage  ", ()) == [b.p1.stage]


def test_an_unreadable_reference_resolves_to_no_card(b):
    """``resolve``: an unreadable reference resolves to no card."""
    g = b.g
    for bad in ("", "opp", "the red one", "TEST-C01 TEST-C02", "TEST-C01#", "TEST-C01#x", "hand", "NOPE-999"):
        assert N.resolve(g, 0, bad, ("hand", "characters")) == [], bad


# ------------------------------------------------------------------------------------------------ parse


def test_parse_without_a_pending_decision_is_refused(b):
    """``parse`` raises IllegalAction when nothing is pending, saying so."""
    b.g.pending = None
    with pytest.raises(IllegalAction, match="no decision is pending"):
        N.parse(b.g, "end turn")


def test_parse_refusal_names_the_text_the_decision_and_its_legal_options(b):
    """``parse``: text that names no legal option raises IllegalAction naming the pending decision (player and
    kind, as SCENARIOS.md's "pN KIND: OPTIONS") and its legal options."""
    b.ask(0, "main", ("attack", b.chars[0], b.p2.leader), ("end",))
    for text in ("attack TEST-C09 -> opp leader", "no block", "fly away", "attack TEST-C01#2 -> opp leader",
                 "yes", "no", "choose none"):
        with pytest.raises(IllegalAction) as e:
            N.parse(b.g, text)
        msg = str(e.value)
        assert f"'{text}'" in msg
        assert "p1 main" in msg
        assert "attack TEST-C01 -> opp leader" in msg and "end turn" in msg
    b.ask(1, "block", ("block", b.opp_char), ("noblock",))
    with pytest.raises(IllegalAction, match=r"p2 block.*block TEST-C01.*no block"):
        N.parse(b.g, "block TEST-C02")


def test_every_label_parses_back_to_its_option(b):
    """SCENARIOS.md: the notation's strings are the legal-option listings; a script copies a listed label, so
    each label names the option it lists (the first card of a number is also `#1`)."""
    c, g = b.chars, b.g
    main = [("play", b.hand[0]), ("play", b.hand[1]), ("give", 1, b.p1.leader), ("give", 2, b.p1.leader),
            ("give", 1, c[2]), ("activate", b.p1.stage, 0), ("activate", c[1], 0),
            ("attack", c[0], b.p2.leader), ("attack", c[2], b.p2.leader), ("attack", c[0], b.opp_char),
            ("attack", b.p1.leader, b.opp_char), ("end",)]
    choose = [("choose", c[0]), ("choose", c[2]), ("choose", b.opp_char), ("choose", b.trash),
              ("choose", b.opp_trash), ("choose", b.p2.leader), ("choose_none",),
              ("choose_at", 1, "hand", 0), ("choose_at", 1, "hand", 1), ("choose_at", 0, "life", 0),
              ("choose_at", 0, "deck", 2), ("don", "rested"), ("don", "active"), ("don", b.p1.leader),
              ("don", c[1]), ("don", "opp_active"), ("don", "opp_rested")]
    for kind, opts in (("main", main), ("choose", choose),
                       ("option", [("option", 1), ("option", 2), ("option", 3)]),
                       ("effect", [("effect", c[0]), ("effect", c[2]), ("effect", b.p1.leader)]),
                       ("order", [("order", c[0], c[1]), ("order", c[1], c[0])]),
                       ("trash", [("trash", c[0]), ("trash", c[1]), ("trash", c[2])])):
        b.ask(0, kind, *opts)
        for o, label in zip(opts, N.labels(g)):
            assert N.parse(g, label) == o, label
    b.ask(1, "counter", ("counter", b.opp_hand[0], b.p2.leader), ("counter", b.opp_hand[1], b.opp_char),
          ("event", b.opp_hand[1]), ("endcounter",))
    for o, label in zip(b.g.pending.options, N.labels(g)):
        assert N.parse(g, label) == o, label


def test_parse_compares_resolved_references_not_strings(b):
    """Module docstring / SCENARIOS.md: `attack ST01-013 -> opp leader` and `attack ST01-013#1 -> opp leader`
    name the same option; a bare number is the first card of that number, in zone order, that the decision
    allows; `#2` the second copy."""
    c = b.chars
    b.ask(0, "main", ("end",), ("attack", c[2], b.p2.leader), ("attack", c[0], b.p2.leader))
    assert N.parse(b.g, "attack TEST-C01 -> opp leader") == ("attack", c[0], b.p2.leader)
    assert N.parse(b.g, "attack TEST-C01#1 -> opp leader") == ("attack", c[0], b.p2.leader)
    assert N.parse(b.g, "attack TEST-C01#2 -> opp leader") == ("attack", c[2], b.p2.leader)
    # the first copy cannot attack (rested): the bare number is the first copy the decision allows
    b.ask(0, "main", ("end",), ("attack", c[2], b.p2.leader))
    assert N.parse(b.g, "attack TEST-C01 -> opp leader") == ("attack", c[2], b.p2.leader)
    with pytest.raises(IllegalAction):
        N.parse(b.g, "attack TEST-C01#1 -> opp leader")


def test_parse_ranks_the_attacker_before_the_target(b):
    """Several options match a bare number on both sides: the first attacker in zone order is taken, and the
    target decides only between the same attacker's options."""
    c = b.chars
    b2 = Board(BOARD.replace("characters: [{card: TEST-C01}]\n", "characters: [{card: TEST-C02}, {card: TEST-C02}]\n"))
    g, o1, o2 = b2.g, b2.p2.characters[0], b2.p2.characters[1]
    c = b2.chars
    opts = [("attack", c[2], o1), ("attack", c[0], o2), ("attack", c[2], o2), ("attack", c[0], o1)]
    b2.ask(0, "main", *opts)
    assert N.parse(g, "attack TEST-C01 -> opp TEST-C02") == ("attack", c[0], o1)
    assert N.parse(g, "attack TEST-C01 -> opp TEST-C02#2") == ("attack", c[0], o2)
    assert N.parse(g, "attack TEST-C01#2 -> opp TEST-C02") == ("attack", c[2], o1)
    # read left to right: the first TEST-C01 that may attack, then its first allowed TEST-C02 target
    b2.ask(0, "main", ("attack", c[2], o1), ("attack", c[0], o2))
    assert N.parse(g, "attack TEST-C01 -> opp TEST-C02") == ("attack", c[0], o2)


def test_copies_in_hand_are_one_option(b):
    """SCENARIOS.md: copies of one card in the same zone and state are one option: `play OP01-016` plays "a
    copy", so `play TEST-C01`, `play TEST-C01#2` and `play hand TEST-C01` all name the one play option."""
    b.ask(0, "main", ("end",), ("play", b.hand[1]), ("play", b.hand[0]))
    for text in ("play TEST-C01", "play TEST-C01#2", "play hand TEST-C01", "play TEST-C01#1"):
        assert N.parse(b.g, text) == ("play", b.hand[0]), text
    assert N.parse(b.g, "play TEST-C02") == ("play", b.hand[1])
    for text in ("play TEST-C01#3", "play TEST-S01", "play trash TEST-C01", "play leader"):
        with pytest.raises(IllegalAction):
            N.parse(b.g, text)
    # a Character on the field is no hand copy
    b.ask(0, "main", ("end",), ("activate", b.chars[0], 0))
    with pytest.raises(IllegalAction):
        N.parse(b.g, "activate TEST-C01#2")


@pytest.mark.xfail(strict=True, reason="defect: `play opp TEST-C01` plays the acting player's own TEST-C01 when the "
                   "opponent's hidden hand holds one (the hand-copy match ignores the owner), so the answer "
                   "also tells whether the opponent has that card")
def test_an_opp_reference_never_names_the_acting_players_own_hand_copy(b):
    """Reference table: `opp ST01-006` is the opponent's card; `play CARD` plays from the acting player's hand.
    `play opp TEST-C01` names no card of p1's hand, so it is no legal play, whatever p2 holds."""
    b.ask(0, "main", ("end",), ("play", b.hand[0]))
    assert N.resolve(b.g, 0, "opp TEST-C01", ("hand",)) == [b.opp_hand[1]]  # p2 does hold one
    with pytest.raises(IllegalAction):
        N.parse(b.g, "play opp TEST-C01")


def test_parse_give_activate_event_trash_block_counter(b):
    """SCENARIOS.md actions table: `give N don -> TARGET` (N must be the option's count), `activate CARD`
    (the Leader, a Character or the Stage), `event CARD` (from hand), `trash CARD` (rule 3-7-6: a Character),
    `block CARD` and `counter CARD -> TARGET` (the defender's own cards)."""
    g, c = b.g, b.chars
    b.ask(0, "main", ("give", 1, b.p1.leader), ("give", 2, b.p1.leader), ("give", 1, c[2]),
          ("activate", b.p1.leader, 0), ("activate", c[1], 0), ("activate", b.p1.stage, 0), ("end",))
    assert N.parse(g, "give 2 don -> leader") == ("give", 2, b.p1.leader)
    assert N.parse(g, "give 1 don -> TEST-C01#2") == ("give", 1, c[2])
    assert N.parse(g, "activate TEST-C02") == ("activate", c[1], 0)
    assert N.parse(g, "activate stage") == ("activate", b.p1.stage, 0)
    assert N.parse(g, "activate leader") == ("activate", b.p1.leader, 0)
    assert N.parse(g, "activate TEST-C02#1") == ("activate", c[1], 0)  # `#1` is the first copy
    # the first TEST-C01 that the decision allows: only the second copy can be given 1 DON!! here
    assert N.parse(g, "give 1 don -> TEST-C01") == ("give", 1, c[2])
    for text in ("give 3 don -> leader", "give 1 don -> TEST-C01#1", "give 1 don -> stage", "activate TEST-C01"):
        with pytest.raises(IllegalAction):
            N.parse(g, text)
    b.ask(0, "trash", ("trash", c[0]), ("trash", c[1]), ("trash", c[2]))
    assert N.parse(g, "trash TEST-C01#2") == ("trash", c[2])
    assert N.parse(g, "trash TEST-C02") == ("trash", c[1])
    b.ask(1, "counter", ("counter", b.opp_hand[1], b.p2.leader), ("counter", b.opp_hand[1], b.opp_char),
          ("event", b.opp_hand[0]), ("endcounter",))
    assert N.parse(g, "counter TEST-C01 -> TEST-C01") == ("counter", b.opp_hand[1], b.opp_char)
    assert N.parse(g, "counter TEST-C01 -> leader") == ("counter", b.opp_hand[1], b.p2.leader)
    assert N.parse(g, "event TEST-C02") == ("event", b.opp_hand[0])
    assert N.parse(g, "end counter") == ("endcounter",)
    with pytest.raises(IllegalAction):
        N.parse(g, "counter TEST-C02 -> leader")
    b.ask(1, "block", ("block", b.opp_char), ("noblock",))
    assert N.parse(g, "block TEST-C01") == ("block", b.opp_char)
    assert N.parse(g, "no block") == ("noblock",)


def test_parse_choose_option_and_choose_effect(b):
    """SCENARIOS.md: `choose option N` counted from 1 in the text's order; `choose effect CARD` (rule 8-6)
    names a waiting effect's card on the field, in hand, in the trash or being resolved (no area)."""
    g, c = b.g, b.chars
    b.ask(0, "option", ("option", 1), ("option", 2))
    assert N.parse(g, "choose option 2") == ("option", 2)
    assert N.parse(g, "choose option 1") == ("option", 1)
    with pytest.raises(IllegalAction):
        N.parse(g, "choose option 3")
    limbo = b.hand[1]
    b.p1.hand.remove(limbo)
    g.limbo.append(limbo)  # a card being played or a [Trigger] resolving is in no area (10-1-5-3)
    b.ask(0, "effect", ("effect", c[0]), ("effect", c[2]), ("effect", b.trash), ("effect", b.hand[2]),
          ("effect", limbo), ("effect", b.p1.leader))
    assert N.parse(g, "choose effect TEST-C01#2") == ("effect", c[2])
    assert N.parse(g, "choose effect trash TEST-C01") == ("effect", b.trash)
    assert N.parse(g, "choose effect hand TEST-C01") == ("effect", b.hand[2])
    assert N.parse(g, "choose effect TEST-C02") == ("effect", limbo)
    assert N.parse(g, "choose effect leader") == ("effect", b.p1.leader)
    assert N.render(g, 0, ("effect", limbo)) == "choose effect TEST-C02"
    # the opponent's card being resolved is not the acting player's
    assert N.resolve(g, 1, "TEST-C02", ("limbo",)) == []
    assert N.resolve(g, 1, "opp TEST-C02", ("limbo",)) == [limbo]


def test_parse_choose_references_name_any_card_the_chooser_can_see(b):
    """Reference table: in `choose` a card number is any candidate the chooser can see, wherever it is; an
    explicit zone or `#N` narrows it; hidden cards by position (``choose_at``)."""
    g, c = b.g, b.chars
    b.ask(0, "choose", ("choose", b.trash), ("choose", c[2]), ("choose", b.opp_char),
          ("choose_at", 1, "hand", 1), ("choose_at", 0, "life", b.p1.life.index(b.life["TEST-C01"])),
          ("choose_none",))
    assert N.parse(g, "choose TEST-C01") == ("choose", b.trash)
    assert N.parse(g, "choose TEST-C01#2") == ("choose", c[2])
    assert N.parse(g, "choose opp TEST-C01") == ("choose", b.opp_char)
    assert N.parse(g, "choose opp hand 2") == ("choose_at", 1, "hand", 1)
    assert N.parse(g, "choose  opp  hand 2 ") == ("choose_at", 1, "hand", 1)
    assert N.parse(g, "choose life 2") == ("choose_at", 0, "life", b.p1.life.index(b.life["TEST-C01"]))
    assert N.parse(g, "choose none") == ("choose_none",)
    for text in ("choose opp hand 1", "choose life 1", "choose TEST-C02", "choose TEST-C01#3", "choose"):
        with pytest.raises(IllegalAction):
            N.parse(g, text)


def test_choose_several_cards_names_a_set_in_any_order(b):
    """SCENARIOS.md: `choose a, b` names a set of cards, in any order; each reference names a different card
    of the set, so `TEST-C01` and `TEST-C01#2` can share the two copies whichever is written first."""
    g, c = b.g, b.chars
    b.ask(0, "choose", ("choose", c[0], c[1]), ("choose", c[2], c[0]), ("choose", c[1], b.opp_char),
          ("choose", c[0]))
    assert N.parse(g, "choose TEST-C02, TEST-C01") == ("choose", c[0], c[1])
    assert N.parse(g, "choose TEST-C01, TEST-C02") == ("choose", c[0], c[1])
    assert N.parse(g, "choose TEST-C01, TEST-C01#2") == ("choose", c[2], c[0])
    assert N.parse(g, "choose TEST-C01#2, TEST-C01") == ("choose", c[2], c[0])
    assert N.parse(g, "choose opp TEST-C01,TEST-C02") == ("choose", c[1], b.opp_char)
    assert N.parse(g, "choose TEST-C01") == ("choose", c[0])
    assert N.parse(g, "choose TEST-C01#1") == ("choose", c[0])  # past the two-card options
    for text in ("choose TEST-C02, TEST-C02", "choose TEST-C01#2, TEST-C01#2", "choose TEST-C02, opp TEST-C02",
                 "choose TEST-C01, TEST-C02, opp TEST-C01"):
        with pytest.raises(IllegalAction):
            N.parse(g, text)


def test_a_multi_card_line_is_no_single_card_answer(b):
    """SCENARIOS.md: a multi-card line is "the whole answer"; where the engine asks one card at a time the
    runner feeds it card by card (``split_multi``), so ``parse`` of the whole line at a one-card decision is
    refused rather than read as its first card."""
    c = b.chars
    b.ask(0, "choose", ("choose", c[0]), ("choose", c[1]), ("choose_none",))
    with pytest.raises(IllegalAction):
        N.parse(b.g, "choose TEST-C01, TEST-C02")
    assert [N.parse(b.g, part) for part in N.split_multi("choose TEST-C01, TEST-C02")] == [("choose", c[0]), ("choose", c[1])]


def test_order_is_a_sequence(b):
    """SCENARIOS.md: `order REF, REF, ...`: the first listed ends highest; the order of the references is the
    answer, so `order b, a` is not `order a, b`."""
    g, c = b.g, b.chars
    b.ask(0, "order", ("order", c[0], c[1], c[2]), ("order", c[1], c[0], c[2]), ("order", c[2], c[1], c[0]))
    assert N.parse(g, "order TEST-C02, TEST-C01, TEST-C01#2") == ("order", c[1], c[0], c[2])
    assert N.parse(g, "order TEST-C01#2, TEST-C02, TEST-C01") == ("order", c[2], c[1], c[0])
    assert N.parse(g, "order TEST-C01, TEST-C02, TEST-C01#2") == ("order", c[0], c[1], c[2])
    # compared after resolving, not as strings: `#1` and spacing around the commas
    assert N.parse(g, "order TEST-C01#1,TEST-C02 ,  TEST-C01#2") == ("order", c[0], c[1], c[2])
    for text in ("order TEST-C02, TEST-C01#2, TEST-C01", "order TEST-C01, TEST-C02"):
        with pytest.raises(IllegalAction):
            N.parse(g, text)


def test_parse_don_references(b):
    """SCENARIOS.md: DON!! by DON!! reference: `choose 1 rested don`, `choose 1 don` (always active),
    `choose 1 don on CARD`, `choose opp 1 rested don`."""
    g = b.g
    opts = [("don", "rested"), ("don", "active"), ("don", b.p1.leader), ("don", b.chars[2]), ("don", "opp_rested")]
    b.ask(0, "choose", *opts)
    assert N.parse(g, "choose 1 rested don") == ("don", "rested")
    assert N.parse(g, "choose 1 don") == ("don", "active")
    assert N.parse(g, "choose 1 don on leader") == ("don", b.p1.leader)
    assert N.parse(g, "choose 1 don on TEST-C01#2") == ("don", b.chars[2])
    assert N.parse(g, "choose opp 1 rested don") == ("don", "opp_rested")
    with pytest.raises(IllegalAction):
        N.parse(g, "choose opp 1 don")


def test_parse_reads_runs_of_whitespace_as_one_space(b):
    """As the scenario runner (scenario.play_action), ``parse`` reads runs of whitespace as one space and
    ignores it at the ends."""
    c = b.chars
    b.ask(0, "main", ("attack", c[2], b.p2.leader), ("end",), ("give", 2, b.p1.leader))
    assert N.parse(b.g, "  end   turn ") == ("end",)
    assert N.parse(b.g, "attack  TEST-C01#2   ->  opp leader") == ("attack", c[2], b.p2.leader)
    assert N.parse(b.g, "give 2  don -> leader\n") == ("give", 2, b.p1.leader)


def test_3_5_2_trash_copies_labels_parse_back_to_their_own_cards():
    """Rule 3-5-2: the trash is a stack, its order open to both players; SCENARIOS.md: `#2` is the second copy
    in zone order. With two TEST-C02 in the trash, each listed label must name its own card."""
    bb = Board(BOARD.replace("trash: [TEST-C01]", "trash: [TEST-C02, TEST-C01, TEST-C02]"))
    twos = [c for c in bb.p1.trash if bb.g.t.numbers[c] == "TEST-C02"]
    opts = [("choose", c) for c in twos]
    bb.ask(0, "choose", *opts)
    assert sorted(N.labels(bb.g)) == ["choose trash TEST-C02", "choose trash TEST-C02#2"]
    assert [N.parse(bb.g, label) for label in N.labels(bb.g)] == opts


# ------------------------------------------------------------------------------------------------ split_multi


@pytest.mark.parametrize("text,parts", [
    ("choose TEST-C01, opp TEST-C02", ["choose TEST-C01", "choose opp TEST-C02"]),
    ("choose  a ,b,   c ", ["choose a", "choose b", "choose c"]),
    ("order TEST-C01, TEST-C02, TEST-C01#2", ["order TEST-C01", "order TEST-C02", "order TEST-C01#2"]),
    ("choose 2 rested don", ["choose 1 rested don"] * 2),
    ("choose 3 don", ["choose 1 don"] * 3),
    ("choose 2 don on leader", ["choose 1 don on leader"] * 2),
    ("choose 2 don on TEST-C01#2", ["choose 1 don on TEST-C01#2"] * 2),
    ("choose opp 2 rested don", ["choose opp 1 rested don"] * 2),
    ("choose opp 2 don", ["choose opp 1 don"] * 2),
    ("choose  2   rested don", ["choose 1 rested don"] * 2),
    ("choose 1 rested don", ["choose 1 rested don"]),
    ("choose opp 1 don", ["choose opp 1 don"]),
    ("choose TEST-C01", ["choose TEST-C01"]),
    ("choose none", ["choose none"]),
    ("  end   turn ", ["end turn"]),
    ("attack TEST-C01 -> opp leader", ["attack TEST-C01 -> opp leader"]),
    ("choose option 2", ["choose option 2"]),
    ("choose option 1, 2", ["choose option 1, 2"]),
    ("choose effect TEST-C01, TEST-C02", ["choose effect TEST-C01, TEST-C02"]),
    ("choose 2 blue don", ["choose 2 blue don"]),
])
def test_split_multi_feeds_a_multi_card_answer_one_card_at_a_time(text, parts):
    """``split_multi`` / SCENARIOS.md: `choose a, b` -> `choose a`, `choose b`; `order a, b, c` likewise;
    `choose 2 rested don` -> two `choose 1 rested don` (`opp`, `don on CARD` kept); a single answer is kept
    whole, whitespace normalised. `choose option N` and `choose effect CARD` are one answer each (one
    alternative, one effect), never a list of cards, so a comma there is not split into card choices."""
    assert N.split_multi(text) == parts


@pytest.mark.xfail(strict=True, reason="defect (notation gap): two [Activate: Main] effects of one card are both "
                   "`activate CARD`, so the second cannot be named")
def test_two_activate_main_effects_of_one_card_have_distinct_labels(b):
    """SCENARIOS.md: the option listings are in the notation and a script names an option by it; two
    [Activate: Main] effects of one card (``("activate", card, effect_index)``, rules/main_phase.py) are two
    options, so each needs a label that names it."""
    opts = (("activate", b.chars[1], 0), ("activate", b.chars[1], 1))
    b.ask(0, "main", *opts, ("end",))
    assert [N.parse(b.g, label) for label in N.labels(b.g)[:2]] == list(opts)
