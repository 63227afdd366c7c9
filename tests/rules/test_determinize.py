"""Determinization (rules/determinize.py): a sample for one player keeps everything that player can see and
redeals only what is hidden from them.

Rules: the number of cards in each area is open (3-1-4); open areas are revealed to both players, secret
areas are not (3-1-5); the deck is secret, neither player knows its contents or order (3-2-2; a shuffle,
3-2-4 / 5-2-1-2, gives an order nobody knows); a player sees their own hand, not the opponent's (3-4-2,
3-4-3), and the order of the opponent's hand is not known either (card Q&A qa_op01.md OP01-105 q2); Life is
secret and face-down to both players (3-10-2), a face-up Life card is open (3-10-2-1); a player looking at
their Life card for a [Trigger] sees it (10-1-5); a card revealed from a secret area is set as unrevealed
afterwards (11-2-2) but both players remember it (``known``). The module's own contracts (its docstrings)
are tested directly: canonical order of the hidden multiset, the agent's stream only, the places the other
player knows, ``vague`` entries, ``public_copy`` and ``make_sampler``."""

from __future__ import annotations

from collections import Counter

import pytest
from checklist_helpers import game, numbers, play

from tcgsim.core.rng import Rng
from tcgsim.onepiece.cards.decklist import load_valid_deck
from tcgsim.onepiece.rules import determinize as D
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.rules.view import player_view

ZONES = ("hand", "deck", "life", "trash", "characters")

# Unique card numbers in each secret zone, so every card's place can be told by its number.
BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      life: [OP01-092, OP01-107]        # face-down (top first)
      hand: [OP01-110, OP02-020]
      deck: [OP01-065, OP02-007, OP02-055, OP02-053]
      characters:
        - {card: OP01-023}
      trash: [OP01-006]
      don: {active: 2, rested: 1}
    p2:
      leader: TEST-L02
      life: [{card: OP02-039, face_up: true}, OP01-045]   # a face-up Life card on top, then a face-down one
      hand: [OP02-043, OP02-054]
      deck: [OP02-109, OP02-116, OP01-078]
      trash: [OP02-097, OP02-107]
      characters:
        - {card: OP01-012, rested: true}
      don: {active: 0, rested: 3}
"""

TRIGGER_BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      life: [OP01-010]
      deck: [OP01-065, OP02-007, OP02-055]
      characters:
        - {card: OP01-023}
    p2:
      leader: TEST-L02
      life: [TEST-T01, OP01-010, OP02-053]
      deck: [OP02-109, OP02-116, OP01-078]
"""
TRIGGER_CARD = """
- {number: TEST-T01, name: Test Ambusher, category: Character, colors: [Green], cost: 2, power: 3000,
   text: "[Trigger] Play this card."}
"""


def _board():
    return game(BOARD, log=False)


def _ids(g, owner, zone, number):
    return [c for c in getattr(g.players[owner], zone) if g.t.numbers[c] == number]


def _all_cards(g, owner) -> Counter:
    """Every card id of ``owner`` in any zone (field, hand, deck, Life, trash, limbo)."""
    p = g.players[owner]
    ids = [*p.hand, *p.deck, *p.life, *p.trash, *p.characters, p.leader, p.stage]
    ids += [c for c in g.limbo if g.t.owner[c] == owner]
    return Counter(c for c in ids if c >= 0)


def _sizes(g):
    return [tuple(len(getattr(p, z)) for z in ZONES) for p in g.players]


def _hidden_cards(g, player):
    """The ids in ``player``'s hidden slots, per owner (as sets)."""
    return [{zone[k] for zone, k in slots} for slots in D.hidden_slots(g, player)]


def _names(g, owner, slots):
    """Slots as ``(zone name, index)`` pairs, for comparing with a rule-derived list."""
    p = g.players[owner]
    by_id = {id(getattr(p, z)): z for z in ("hand", "deck", "life")}
    return [(by_id[id(zone)], k) for zone, k in slots]


def _public(g, player):
    """What ``player`` sees beyond the view: the open areas card for card, per-card status, and where each
    known card sits."""
    out = []
    for p in g.players:
        out.append((p.leader, p.stage, tuple(p.characters), tuple(p.trash), p.don_deck, p.don_active,
                    p.don_rested, tuple((k, c) for k, c in enumerate(p.life) if g.face_up[c])))
    mine = g.players[player]
    out.append(tuple(mine.hand))  # 3-4-2: the player sees their own hand, in its order
    out.append((bytes(g.rested), tuple(g.given), bytes(g.face_up), tuple(g.limbo), g.turn, g.active, g.phase))
    return out


def _ref_shuffle(rng: Rng, items: list) -> None:
    """The documented shuffle of ``_shuffle``: Fisher-Yates from the top index down, each index in
    ``[0, i + 1)`` taken as ``(x * (i + 1)) >> 64`` of the stream's next 64-bit value ``x``."""
    for i in range(len(items) - 1, 0, -1):
        j = (rng.next64() * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]


@pytest.fixture(scope="module")
def decks(db):
    """Three starter decks for the seeded random games."""
    return {name: load_valid_deck(name, db) for name in ("ST01", "ST02", "ST03")}


def _mid_games(db, decks):
    """A few mid-game states of seeded random games, each at a decision of at least 2 options in turn 3 or
    later (the player deciding is the one to determinize for)."""
    out = []
    for seed, (a, b) in ((1, ("ST01", "ST02")), (2, ("ST02", "ST03")), (5, ("ST03", "ST01"))):
        g = new_game(decks[a], decks[b], db, seed, first=seed % 2)
        rng = Rng(seed + 50)
        while g.winner is None and (g.turn < 3 + seed % 3 or len(g.pending.options) < 2):
            g.apply_index(rng.below(len(g.pending.options)))
        assert g.winner is None
        out.append(g)
    return out


# ---------------------------------------------------------------------------------------- _shuffle, _ranks

@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 40])
def test_5_2_1_2_shuffle_is_the_documented_fisher_yates_on_the_agents_stream(n):
    """Rule 5-2-1-2 / 3-2-4 (a shuffle gives a random order): ``_shuffle`` is a permutation drawn from the
    given stream exactly as documented, one 64-bit step per swap (n - 1 steps), and leaves the stream
    where those steps end."""
    for seed in (0, 1, 12345, 2**64 - 1):
        items, ref = list(range(100, 100 + n)), list(range(100, 100 + n))
        a, b = Rng(seed), Rng(seed)
        D._shuffle(a, items)
        _ref_shuffle(b, ref)
        assert items == ref
        assert sorted(items) == list(range(100, 100 + n))
        assert a.state == b.state
        assert a.state == (seed + max(n - 1, 0) * 0x9E3779B97F4A7C15) % 2**64


_GOLDEN, _M1, _M2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _unxorshift(y: int, k: int) -> int:
    """The ``z`` with ``z ^ (z >> k) == y`` (64-bit)."""
    z = y
    for _ in range(64 // k + 1):
        z = y ^ (z >> k)
    return z


def _state_before(x: int) -> int:
    """The stream state whose next 64-bit value (``Rng.next64``, SplitMix64) is ``x``: each SplitMix64 step
    (xor-shift, multiply by an odd constant) is undone in turn."""
    z = _unxorshift(x, 31)
    z = _unxorshift((z * pow(_M2, -1, 2**64)) % 2**64, 27)
    s = _unxorshift((z * pow(_M1, -1, 2**64)) % 2**64, 30)
    assert Rng(s - _GOLDEN).next64() == x
    return (s - _GOLDEN) % 2**64


@pytest.mark.parametrize("n", [3, 5, 7])
def test_5_2_1_2_shuffle_takes_each_index_from_the_whole_next_value_of_the_stream(n):
    """``_shuffle`` docstring: the index in ``[0, n)`` is ``(x * n) >> 64`` of the stream's next value ``x``
    (SplitMix64, ``Rng.next64``). Streams whose first value lies just above or below a boundary ``k * 2**64 / n``
    between two indexes (where a value differing in its low bits would give the neighbouring index) give
    exactly the documented order."""
    for k in range(1, n):
        edge = -(-(k << 64) // n)  # the smallest x with (x * n) >> 64 == k
        for x in (edge, edge + 1, edge + (1 << 31), edge + (1 << 32) - 1, edge - 1, edge - (1 << 31)):
            state = _state_before(x)
            items, ref = list(range(n)), list(range(n))
            a, b = Rng(state), Rng(state)
            D._shuffle(a, items)
            _ref_shuffle(b, ref)
            assert items == ref and a.state == b.state, (k, x)
            assert ref[n - 1] == (k if x >= edge else k - 1)  # the first swap took the index of x


def test_5_2_1_2_shuffle_reaches_every_order_of_three_cards():
    """A random order (3-2-4): over many seeds all 6 orders of 3 cards come out, none far more than others."""
    seen = Counter()
    for seed in range(600):
        items = ["a", "b", "c"]
        D._shuffle(Rng(seed), items)
        seen[tuple(items)] += 1
    assert len(seen) == 6 and min(seen.values()) > 60


class _Tables:
    def __init__(self, numbers):
        self.numbers = numbers


def test_ranks_order_every_card_by_number_then_id():
    """The canonical order of the module docstring: by card number, then by id."""
    t = _Tables(["OP02-001", "OP01-005", "OP02-001", "OP01-005", "ST01-001", "OP01-004"])
    # sorted: 5 (OP01-004), 1, 3 (OP01-005), 0, 2 (OP02-001), 4 (ST01-001)
    assert D._ranks(t) == [3, 1, 4, 2, 5, 0]


def test_ranks_are_cached_per_tables_and_not_taken_from_another_tables():
    """Cached per card tables: the same tables give the same list; a cache entry of another tables object
    (a stale entry under the same key) is not used."""
    t = _Tables(["B", "A"])
    first = D._ranks(t)
    assert D._ranks(t) is first and first == [1, 0]
    u = _Tables(["A", "B", "C"])
    D._RANKS[id(u)] = (t, [9, 9, 9])
    assert D._ranks(u) == [0, 1, 2]
    keep = [_Tables(["X"] * k) for k in range(40)]
    sizes = []
    for x in keep:
        D._ranks(x)
        sizes.append(len(D._RANKS))
    assert max(sizes) <= 17  # the cache stays small (cleared past 16 tables)
    assert D._ranks(keep[-1]) == list(range(39))


# ------------------------------------------------------------------------------------------- hidden_slots

def _rule_slots(g, player, owner):
    """The hidden slots of ``owner``'s zones for ``player`` by the rules, as ``(zone, index)`` in the order
    hand, deck, Life: the opponent's hand (3-4-3; the own hand is seen, 3-4-2), the whole deck (3-2-2),
    face-down Life (3-10-2; face-up Life is open, 3-10-2-1), minus cards ``player`` knows."""
    p, known = g.players[owner], g.known[player]
    hand = [("hand", k) for k, c in enumerate(p.hand) if c not in known] if owner != player else []
    return (hand + [("deck", k) for k, c in enumerate(p.deck) if c not in known]
            + [("life", k) for k, c in enumerate(p.life) if not g.face_up[c] and c not in known])


def test_3_1_5_hidden_slots_are_the_opponents_hand_both_decks_and_face_down_life(db, decks):
    """3-4-2 / 3-4-3: the own hand is seen, the opponent's is not; 3-2-2: both decks are hidden; 3-10-2 /
    3-10-2-1: face-down Life is hidden from both players, face-up Life is not. Slots come in the order hand,
    deck, Life, each zone from index 0 up."""
    g = _board()
    for h in [g, *_mid_games(db, decks)]:
        for player in (0, 1):
            every = D.hidden_slots(h, player)
            assert len(every) == 2
            for owner in (0, 1):
                assert _names(h, owner, every[owner]) == _rule_slots(h, player, owner), (player, owner)
    # p2's face-up OP02-039 (3-10-2-1) is at the top of p2's Life and never hidden
    up = _ids(g, 1, "life", "OP02-039")[0]
    assert g.face_up[up] and up not in set().union(*_hidden_cards(g, 0), *_hidden_cards(g, 1))
    assert [len(s) for s in D.hidden_slots(g, 0)] == [6, 6]
    assert [len(s) for s in D.hidden_slots(g, 1)] == [8, 4]


def test_3_10_2_a_face_down_life_card_of_any_id_is_hidden():
    """Every face-down Life card is hidden, whatever its id (here the low ids 0 and 1, moved into Life)."""
    g = _board()
    p = g.players[0]
    for cid in (0, 1):
        where = next(z for z in ("hand", "deck", "life", "trash", "characters") if cid in getattr(p, z)) \
            if cid != p.leader else "leader"
        if where == "leader":
            p.leader, p.life[0] = p.life[0], cid
        else:
            zone = getattr(p, where)
            zone[zone.index(cid)], p.life[0] = p.life[0], cid
        assert g.t.owner[cid] == 0 and not g.face_up[cid]
        assert cid in _hidden_cards(g, 0)[0] and cid in _hidden_cards(g, 1)[0]


def test_known_cards_are_not_hidden_slots():
    """A card whose identity a player knows (revealed, 11-2-2; or looked at) is not hidden from that player,
    in the opponent's hand, a deck or Life; it stays hidden from the other player."""
    g = _board()
    in_hand, in_deck, in_life = g.players[1].hand[0], g.players[1].deck[1], g.players[0].life[0]
    g.known[0].update((in_hand, in_deck, in_life))
    opp = _hidden_cards(g, 0)
    assert in_hand not in opp[1] and in_deck not in opp[1] and in_life not in opp[0]
    assert len(opp[1]) == 4 and len(opp[0]) == 5
    other = _hidden_cards(g, 1)  # p2 does not know them
    assert in_deck in other[1] and in_life in other[0]


def test_10_1_5_the_life_card_looked_at_for_a_trigger_is_not_hidden_from_its_owner():
    """While p2 decides whether to use the [Trigger] of the Life card taken as damage, p2 is looking at it:
    it is not a hidden slot for p2, the rest of p2's Life is; for p1 (who does not see it) it still is."""
    g = game(TRIGGER_BOARD, TRIGGER_CARD, log=False)
    play(g, "p1: attack OP01-023 -> opp leader", "p2: end counter")
    assert g.pending.kind == "trigger" and g.pending.player == 1
    top = g.players[1].life[-1]
    assert g.t.numbers[top] == "TEST-T01"
    mine = D.hidden_slots(g, 1)[1]
    assert _names(g, 1, mine) == [("deck", 0), ("deck", 1), ("deck", 2), ("life", 0), ("life", 1)]
    assert _names(g, 1, D.hidden_slots(g, 0)[1])[-3:] == [("life", 0), ("life", 1), ("life", 2)]
    # the player's own Life pin applies to their own Life only (p1's Life stays hidden from p2)
    assert _names(g, 0, D.hidden_slots(g, 1)[0])[-1:] == [("life", 0)]
    for seed in range(8):
        s = D.determinize(g, 1, Rng(seed))
        assert s.players[1].life[-1] == top
    h = g.clone()
    h.players[1].life.clear()  # no Life card left to look at: nothing to pin, and no error
    assert _names(h, 1, D.hidden_slots(h, 1)[1]) == [("deck", 0), ("deck", 1), ("deck", 2)]


def test_a_non_trigger_decision_pins_no_life_card():
    """Only the [Trigger] decision shows the Life card: at a Main Phase decision every face-down Life
    card of the decider is hidden from them (3-10-2)."""
    g = _board()
    assert g.pending.kind == "main" and g.pending.player == 0
    assert _names(g, 0, D.hidden_slots(g, 0)[0])[-2:] == [("life", 0), ("life", 1)]


# ------------------------------------------------------------------------------------------- determinize

def test_3_1_4_determinize_keeps_every_zone_size_and_each_players_cards(db, decks):
    """3-1-4: every area's card count is open, so a sample has the same counts; no card is created or
    lost, and no card changes owner (each player's cards stay among that player's zones)."""
    games = [_board(), *_mid_games(db, decks)]
    for g in games:
        player = g.pending.player
        for seed in range(6):
            s = D.determinize(g, player, Rng(seed))
            assert _sizes(s) == _sizes(g)
            for owner in (0, 1):
                assert _all_cards(s, owner) == _all_cards(g, owner)
                assert all(s.t.owner[c] == owner for c in _all_cards(s, owner))


def test_3_1_5_determinize_keeps_every_open_card_in_place(db, decks):
    """3-1-5 / 3-5 / 3-10-2-1: open areas (field, trash, cost area, DON!!, face-up Life) and the player's
    own hand (3-4-2) are the same card for card; the player's view is equal; known cards keep their place."""
    for g in [_board(), *_mid_games(db, decks)]:
        player = g.pending.player
        for seed in range(6):
            s = D.determinize(g, player, Rng(seed))
            assert _public(s, player) == _public(g, player)
            assert player_view(s, player) == player_view(g, player)
            assert s.stack == g.stack and s.battle == g.battle


def test_3_2_2_3_4_3_hidden_cards_are_dealt_only_among_their_owners_hidden_slots():
    """The opponent's hand is drawn from the opponent's unseen cards (3-4-3: hand, deck, face-down Life),
    the player's own deck and face-down Life from their own unseen cards; every card that was in a hidden
    slot is in a hidden slot of the same owner."""
    g = _board()
    before = _hidden_cards(g, 0)
    for seed in range(20):
        s = D.determinize(g, 0, Rng(seed))
        after = _hidden_cards(s, 0)
        assert after == before
        assert set(s.players[1].hand) <= before[1]
        assert set(s.players[0].deck) | {c for c in s.players[0].life} == before[0]


def test_3_2_2_3_4_3_hidden_cards_really_are_redealt_over_seeds():
    """The hidden part is resampled: over seeds the opponent's hand takes deck and Life cards, the
    opponent's face-down Life card varies, the player's own deck order and own Life vary (3-2-2, 3-10-2)."""
    g = _board()
    opp_hand, opp_life, own_deck, own_life = set(), set(), set(), set()
    for seed in range(40):
        s = D.determinize(g, 0, Rng(seed))
        opp_hand.add(tuple(sorted(numbers(s, s.players[1].hand))))
        opp_life.add(s.t.numbers[s.players[1].life[0]])
        own_deck.add(tuple(numbers(s, s.players[0].deck)))
        own_life.add(tuple(numbers(s, s.players[0].life)))
    assert {n for hand in opp_hand for n in hand} == {"OP02-043", "OP02-054", "OP02-109", "OP02-116",
                                                      "OP01-078", "OP01-045"}
    assert len(opp_life) == 6
    assert len(own_deck) > 15
    assert {n for life in own_life for n in life} == {"OP01-092", "OP01-107", "OP01-065", "OP02-007",
                                                      "OP02-055", "OP02-053"}


def test_3_4_3_two_hidden_cards_are_redealt_too():
    """The smallest group that can move: an opponent with exactly 2 hidden cards (1 in hand, 1 in deck)
    shows each of them in hand over seeds."""
    g = game(BOARD.replace("hand: [OP02-043, OP02-054]", "hand: [OP02-043]")
             .replace("deck: [OP02-109, OP02-116, OP01-078]", "deck: [OP02-109]")
             .replace("life: [{card: OP02-039, face_up: true}, OP01-045]", "life: [{card: OP02-039, face_up: true}]"),
             log=False)
    assert len(D.hidden_slots(g, 0)[1]) == 2
    seen = {g.t.numbers[D.determinize(g, 0, Rng(seed)).players[1].hand[0]] for seed in range(20)}
    assert seen == {"OP02-043", "OP02-109"}


def test_a_sample_follows_the_documented_deal():
    """Module docstring: each owner's hidden cards are put in canonical order (card number, then id) and
    shuffled with the agent's stream, owner p1 then p2, dealt into the slots in order; the clone's own game
    stream is reseeded from the agent's stream's first value; the agent's stream is advanced past it all."""
    g = _board()
    g.pending = None  # either player may determinize with no decision pending
    for player in (0, 1):
        for seed in (0, 3, 77):
            rng = Rng(seed)
            s = D.determinize(g, player, rng)
            ref = Rng(seed)
            stream = ref.next64()
            expect = g.clone()
            for slots in D.hidden_slots(expect, player):
                cards = sorted((zone[k] for zone, k in slots), key=lambda c: (g.t.numbers[c], c))
                _ref_shuffle(ref, cards)
                for (zone, k), c in zip(slots, cards):
                    zone[k] = c
            for owner in (0, 1):
                for z in ("hand", "deck", "life"):
                    assert getattr(s.players[owner], z) == getattr(expect.players[owner], z), (player, seed, owner, z)
            assert s.rng.state == stream and rng.state == ref.state


@pytest.mark.parametrize("me", [0, 1])
def test_a_sample_follows_the_documented_deal_with_a_known_card_in_the_opponents_hand(me):
    """Module docstring (card Q&A OP01-105 q2, a hand's order is secret): a hand of the opponent holding a
    known card is put in a random order too, in the same way as the hidden cards: after the deal the
    opponent's hand is put in canonical order (card number, then id) and shuffled with the agent's stream."""
    g = _board()
    g.pending = None
    opp = g.players[1 - me]
    opp.hand.append(opp.deck.pop(0))  # 3 cards, so that orders by id and by number differ
    g.known[me].add(opp.hand[0])
    key = lambda c: (g.t.numbers[c], c)  # noqa: E731
    orders = set()
    for seed in range(12):
        rng = Rng(seed)
        s = D.determinize(g, me, rng)
        ref = Rng(seed)
        ref.next64()
        expect = g.clone()
        for slots in D.hidden_slots(expect, me):
            cards = sorted((zone[k] for zone, k in slots), key=key)
            _ref_shuffle(ref, cards)
            for (zone, k), c in zip(slots, cards):
                zone[k] = c
        hand = sorted(expect.players[1 - me].hand, key=key)
        _ref_shuffle(ref, hand)
        assert s.players[1 - me].hand == hand, seed
        assert s.players[1 - me].deck == expect.players[1 - me].deck and rng.state == ref.state
        orders.add(tuple(hand))
    assert len(orders) > 3


def test_determinize_depends_only_on_what_the_player_sees():
    """Module docstring: two games that look the same to the player (hidden cards placed differently)
    give the same sample for the same agent seed; different seeds give different samples, the same seed
    the same sample."""
    g = _board()
    twin = g.clone()
    opp = twin.players[1]
    opp.hand[0], opp.deck[2] = opp.deck[2], opp.hand[0]
    opp.deck.reverse()
    own = twin.players[0]
    own.deck[0], own.life[1] = own.life[1], own.deck[0]
    assert player_view(twin, 0) == player_view(g, 0) and twin.fingerprint() != g.fingerprint()
    prints = set()
    for seed in range(10):
        a, b = D.determinize(g, 0, Rng(seed)), D.determinize(twin, 0, Rng(seed))
        assert a.fingerprint() == b.fingerprint()
        assert D.determinize(g, 0, Rng(seed)).fingerprint() == a.fingerprint()
        prints.add(a.fingerprint())
    assert len(prints) == 10


def test_determinize_does_not_touch_the_game_and_drops_log_history_and_stream(db, decks):
    """``g`` is not modified (its state, stream, knowledge); the clone carries no log, trace or answer
    history, and its game stream is not the real game's (it tells nothing of the real future shuffles);
    the agent's stream is advanced."""
    for g in [game(BOARD), *_mid_games(db, decks)]:
        g.known[0].add(g.players[1].deck[0])
        player = g.pending.player
        before = (g.fingerprint(), g.rng.state, [set(k) for k in g.known], [list(v) for v in g.vague],
                  list(g.history), len(g.log or []))
        rng = Rng(4)
        s = D.determinize(g, player, rng)
        assert (g.fingerprint(), g.rng.state, [set(k) for k in g.known], [list(v) for v in g.vague],
                list(g.history), len(g.log or [])) == before
        assert s.log is None and s.trace is None and s.history == []
        assert s.rng.state != g.rng.state and rng.state != Rng(4).state
        assert s is not g and s.players[0] is not g.players[0]


def test_determinize_refuses_the_other_players_pending_decision():
    """Raises ``ValueError`` while the other player's decision is pending (its options can name that
    player's hidden cards); the deciding player, or no pending decision, is fine."""
    g = _board()
    assert g.pending.player == 0
    with pytest.raises(ValueError, match=r"^p1's decision is pending"):  # players are p1 and p2 (SCENARIOS.md)
        D.determinize(g, 1, Rng(0))
    D.determinize(g, 0, Rng(0))
    h = g.clone()
    h.pending = None
    for player in (0, 1):
        assert _sizes(D.determinize(h, player, Rng(0))) == _sizes(h)


@pytest.mark.parametrize("me", [0, 1])
def test_a_known_deck_card_keeps_its_place_and_a_known_hand_card_stays_in_hand(me):
    """11-2-2 and ``known``: a card the player saw on top of the opponent's deck stays there; a card the
    player knows in the opponent's hand stays in that hand, at a random place of it (its order is secret,
    card Q&A OP01-105 q2), and the hand's other card is still redealt; the player's own hand is kept."""
    g = _board()
    g.pending = None  # no decision pending: either player may determinize
    opp = g.players[1 - me]
    top, known_hand = opp.deck[-1], opp.hand[1]
    g.known[me].update((top, known_hand))
    hidden = len(D.hidden_slots(g, me)[1 - me])
    places, others = set(), set()
    for seed in range(30):
        s = D.determinize(g, me, Rng(seed))
        hand = s.players[1 - me].hand
        assert s.players[1 - me].deck[-1] == top and known_hand in hand
        assert s.players[me].hand == g.players[me].hand
        places.add(hand.index(known_hand))
        others.add(s.t.numbers[next(c for c in hand if c != known_hand)])
        assert player_view(s, me) == player_view(g, me)
    assert places == {0, 1}
    assert len(others) == hidden  # any of the opponent's cards hidden from the player


def test_an_owner_with_one_hidden_card_does_not_stop_the_other_owners_deal():
    """p1 has a single hidden card (a 1-card deck, no Life): nothing of p1 to redeal, p2's hidden cards
    are still redealt (3-4-3)."""
    g = game(BOARD.replace("deck: [OP01-065, OP02-007, OP02-055, OP02-053]", "deck: [OP01-065]")
             .replace("life: [OP01-092, OP01-107]", "life: []"), log=False)
    assert [len(s) for s in D.hidden_slots(g, 0)] == [1, 6]
    hands = {tuple(sorted(numbers(s, s.players[1].hand)))
             for s in (D.determinize(g, 0, Rng(seed)) for seed in range(20))}
    assert len(hands) > 3


def test_determinize_draws_the_vague_card_place_from_the_agents_stream():
    """A card known only to be in the opponent's hand (``vague``) is dealt into a random hidden slot of
    that hand: over seeds it is at either place about equally often, not always at the first one."""
    g = _board()
    g.vague[0] = [(1, ("hand",), "OP02-109")]
    first = 0
    for seed in range(200):
        s = D.determinize(g, 0, Rng(seed))
        hand = numbers(s, s.players[1].hand)
        assert "OP02-109" in hand
        first += hand[0] == "OP02-109" and hand[1] != "OP02-109"
    assert 70 < first < 130


def test_a_hand_of_one_known_card_keeps_it():
    """A hand holding only the known card: nothing to reorder (the card stays, the sample is still valid)."""
    g = game(BOARD.replace("hand: [OP02-043, OP02-054]", "hand: [OP02-043]"), log=False)
    card = g.players[1].hand[0]
    g.known[0].add(card)
    for seed in range(5):
        assert D.determinize(g, 0, Rng(seed)).players[1].hand == [card]


def test_what_the_other_player_knows_follows_the_places():
    """Determinize docstring: what the other player knows stays attached to the same places -- p2 looked
    at the top card of p1's deck (the place is public, not which id is there): in each sample p2 knows the
    card now on top of p1's deck; p2's knowledge of p2's own hand is dropped; p2's vague entries are
    dropped (they named cards dealt anew)."""
    g = _board()
    g.known[1].update((g.players[0].deck[-1], g.players[1].hand[0]))
    g.vague[1] = [(0, ("deck",), "OP01-065")]
    tops = set()
    for seed in range(12):
        s = D.determinize(g, 0, Rng(seed))
        assert s.known[1] == {s.players[0].deck[-1]}
        assert s.vague[1] == []
        tops.add(s.players[0].deck[-1])
    assert len(tops) > 2


# ------------------------------------------------------------------------------------------- place_vague

def _vague_board():
    g = _board()
    g.known = [set(), set()]
    return g


def test_place_vague_puts_a_card_of_the_number_in_the_named_zone():
    """An entry "a card OP02-109 of p2 is somewhere in p2's hand" (after a secret move, rules/zones.py): in
    the sample one hidden hand slot holds an OP02-109, swapped in from another hidden slot; with no rng it
    goes to the first free slot; every other card stays."""
    h = _vague_board()
    h.vague[0] = [(1, ("hand",), "OP02-109")]
    before = {z: list(getattr(h.players[1], z)) for z in ("hand", "deck", "life")}
    card, first = _ids(h, 1, "deck", "OP02-109")[0], h.players[1].hand[0]
    D.place_vague(h, 0, None)
    assert h.players[1].hand == [card, before["hand"][1]]
    assert h.players[1].deck == [first if c == card else c for c in before["deck"]]
    assert h.players[1].life == before["life"]


def test_place_vague_with_a_stream_picks_any_free_slot_of_the_zones():
    """place_vague docstring (3-1-8: after a secret move the card is somewhere in the zone, no place): with a
    stream, the slot that takes the card is drawn from it; over seeds either hand slot; no card gained or lost."""
    h0 = _vague_board()
    h0.vague[0] = [(1, ("hand",), "OP02-109")]
    card = _ids(h0, 1, "deck", "OP02-109")[0]
    places = set()
    for seed in range(20):
        h = h0.clone()
        rng = Rng(seed)
        D.place_vague(h, 0, rng)
        assert card in h.players[1].hand and rng.state != seed  # drawn from the stream
        places.add(h.players[1].hand.index(card))
        assert Counter(h.players[1].hand + h.players[1].deck) == Counter(h0.players[1].hand + h0.players[1].deck)
    assert places == {0, 1}


def test_place_vague_leaves_an_entry_already_met_and_draws_nothing():
    """place_vague docstring: an entry a hidden slot of its zones already meets moves nothing and draws
    nothing from the stream (the result depends only on the deal, the entries and the stream)."""
    h = _vague_board()
    h.vague[0] = [(1, ("hand", "deck"), "OP02-109")]
    before = h.fingerprint()
    rng = Rng(5)
    D.place_vague(h, 0, rng)
    assert h.fingerprint() == before and rng.state == 5


def test_place_vague_gives_each_entry_its_own_card():
    """Two entries "an OP02-109 is in p2's hand": two hand slots hold one each (two copies in the deck)."""
    g = game(BOARD.replace("deck: [OP02-109, OP02-116, OP01-078]", "deck: [OP02-109, OP02-116, OP02-109]"),
             log=False)
    g.vague[0] = [(1, ("hand",), "OP02-109"), (1, ("hand",), "OP02-109")]
    D.place_vague(g, 0, None)
    assert numbers(g, g.players[1].hand) == ["OP02-109", "OP02-109"]
    assert sorted(numbers(g, g.players[1].deck)) == ["OP02-043", "OP02-054", "OP02-116"]


def test_place_vague_does_not_take_a_card_that_meets_another_entry():
    """The OP02-109 in p2's deck meets "in hand or deck"; a second entry "in hand" finds no other copy:
    it is left unmet rather than taking the first entry's card."""
    h = _vague_board()
    h.vague[0] = [(1, ("deck", "hand"), "OP02-109"), (1, ("hand",), "OP02-109")]
    before = h.fingerprint()
    D.place_vague(h, 0, None)
    assert h.fingerprint() == before


def test_place_vague_leaves_an_entry_no_card_can_meet():
    """No hidden card of that number (it is on the field): the entry is left unmet, nothing moves."""
    h = _vague_board()
    h.vague[0] = [(1, ("hand",), "OP01-012"), (1, ("hand",), "NO-SUCH")]
    before = h.fingerprint()
    D.place_vague(h, 0, Rng(1))
    assert h.fingerprint() == before


def test_place_vague_uses_only_hidden_slots_and_the_entrys_owner():
    """An entry about p1's own Life (owner p1) moves a card of p1's own deck into p1's face-down Life, never
    into a face-up Life slot or the other player's zones; a card known to the player is not a source."""
    h = _vague_board()
    h.vague[0] = [(0, ("life",), "OP02-055")]
    card = _ids(h, 0, "deck", "OP02-055")[0]
    opp = h.players[1].hand[:], h.players[1].deck[:], h.players[1].life[:]
    D.place_vague(h, 0, None)
    assert h.players[0].life[0] == card
    assert (h.players[1].hand, h.players[1].deck, h.players[1].life) == opp
    # p2's Life: the face-up OP02-039 is not a slot; the one face-down slot takes the card
    h = _vague_board()
    h.vague[0] = [(1, ("life",), "OP02-116")]
    up = h.players[1].life[1]
    D.place_vague(h, 0, None)
    assert h.players[1].life[1] == up and h.t.numbers[h.players[1].life[0]] == "OP02-116"
    # a known card is not hidden: it is not moved to meet an entry
    h = _vague_board()
    known = _ids(h, 1, "deck", "OP02-109")[0]
    h.known[0].add(known)
    h.vague[0] = [(1, ("hand",), "OP02-109")]
    before = h.fingerprint()
    D.place_vague(h, 0, None)
    assert h.fingerprint() == before


def test_place_vague_an_entry_met_by_the_first_slot_claims_it():
    """The first entry is met by the card in p2's first hand slot (it claims that card); the second entry
    of the same number takes the other copy, from the deck, into the second hand slot."""
    g = game(BOARD.replace("deck: [OP02-109, OP02-116, OP01-078]", "deck: [OP02-109, OP02-043, OP01-078]"),
             log=False)
    g.vague[0] = [(1, ("hand",), "OP02-043"), (1, ("hand",), "OP02-043")]
    first, copy = g.players[1].hand[0], _ids(g, 1, "deck", "OP02-043")[0]
    D.place_vague(g, 0, None)
    assert g.players[1].hand == [first, copy]


def test_place_vague_takes_a_card_from_the_first_hidden_slot():
    """"An OP02-043 is in p2's deck": the OP02-043 in p2's first hand slot (the first hidden slot) goes to
    the first deck slot."""
    h = _vague_board()
    card, bottom = h.players[1].hand[0], h.players[1].deck[0]
    h.vague[0] = [(1, ("deck",), "OP02-043")]
    D.place_vague(h, 0, None)
    assert h.players[1].deck[0] == card and h.players[1].hand[0] == bottom


def test_place_vague_with_every_slot_of_the_zones_claimed_leaves_the_entry():
    """Both hand slots meet entries of their own; a third entry "an OP02-109 is in the hand" has no slot
    left and is left unmet (the deck's OP02-109 stays)."""
    h = _vague_board()
    h.vague[0] = [(1, ("hand",), "OP02-043"), (1, ("hand",), "OP02-054"), (1, ("hand",), "OP02-109")]
    before = h.fingerprint()
    D.place_vague(h, 0, Rng(2))
    assert h.fingerprint() == before


def test_place_vague_goes_on_after_an_unmet_entry():
    """place_vague docstring: an entry no hidden card can meet is left unmet; the entries after it are met."""
    h = _vague_board()
    h.vague[0] = [(1, ("hand",), "AAA-000"), (1, ("hand",), "OP02-109")]
    D.place_vague(h, 0, None)
    assert "OP02-109" in numbers(h, h.players[1].hand)


def test_place_vague_reads_the_players_own_entries_only():
    """What the other player knows only vaguely is not the player's knowledge: ``vague[1]`` does not move
    cards in a deal for p1."""
    h = _vague_board()
    h.vague[1] = [(1, ("hand",), "OP02-109")]
    before = h.fingerprint()
    D.place_vague(h, 0, None)
    assert h.fingerprint() == before


def test_determinize_meets_every_vague_entry():
    """A card known only to be in some zones (3-1-8: a secret reorder) is in one of them in every sample."""
    g = _board()
    g.vague[0] = [(1, ("life",), "OP02-116"), (0, ("life",), "OP02-007")]
    for seed in range(12):
        s = D.determinize(g, 0, Rng(seed))
        assert s.t.numbers[s.players[1].life[0]] == "OP02-116"
        assert "OP02-007" in numbers(s, s.players[0].life)
        assert _sizes(s) == _sizes(g)


# ---------------------------------------------------------------------------- places_moved, follow_places

def test_places_moved_maps_the_card_that_was_at_each_place_to_the_card_there_now():
    """places_moved docstring: ``{card that was at a hidden place: card there now}``, over both owners."""
    a, b = [10, 11, 12], [20, 21]
    every = [[(a, 0), (a, 2)], [(b, 0), (b, 1)]]
    before = [[10, 12], [20, 21]]
    a[0], a[2] = 12, 10
    b[0], b[1] = 21, 20
    assert D.places_moved(every, before) == {10: 12, 12: 10, 20: 21, 21: 20}
    assert D.places_moved([[], []], [[], []]) == {}


def test_follow_places_moves_the_other_players_knowledge_with_the_places():
    """follow_places: the other player's known ids become the ids now at those places; what they know of
    their own hand is dropped; ids not redealt stay; their vague entries are dropped; the player's own
    knowledge is untouched."""
    h = _board()
    deck0, hand1 = h.players[0].deck, h.players[1].hand
    h.known[1] = {deck0[0], deck0[1], hand1[0]}
    h.known[0] = {deck0[2]}
    h.vague[1] = [(0, ("deck",), "OP01-065")]
    h.vague[0] = [(1, ("hand",), "OP02-043")]
    D.follow_places(h, 0, {deck0[0]: deck0[3]})
    assert h.known[1] == {deck0[3], deck0[1]}
    assert h.vague[1] == [] and h.known[0] == {deck0[2]} and h.vague[0] == [(1, ("hand",), "OP02-043")]
    h = _board()
    h.known[0] = {h.players[1].deck[0], h.players[0].hand[0]}
    D.follow_places(h, 1, {h.players[1].deck[0]: h.players[1].deck[1]})
    assert h.known[0] == {h.players[1].deck[1]}
    h = _board()
    D.follow_places(h, 0, {1: 2})
    assert h.known == [set(), set()]


# ---------------------------------------------------------------------------------- public_copy, samplers

def test_public_copy_holds_hidden_cards_in_canonical_order():
    """public_copy: every card hidden from the player sits in canonical order (card number, then id) in its
    owner's hidden slots, the opponent's hand too (even with a known card: its order is secret, OP01-105
    q2); the player's own hand and everything open are unchanged; no log, history or game stream."""
    g = game(BOARD)
    g.known[0].add(g.players[1].hand[1])
    for player in (0, 1):
        c = D.public_copy(g, player)
        key = lambda x: (c.t.numbers[x], x)  # noqa: E731
        for slots in D.hidden_slots(c, player):
            ids = [zone[k] for zone, k in slots]
            assert ids == sorted(ids, key=key)
        opp = c.players[1 - player].hand
        assert opp == sorted(opp, key=key)
        assert _public(c, player) == _public(g, player) and player_view(c, player) == player_view(g, player)
        assert c.log is None and c.trace is None and c.history == [] and c.rng.state == 0
        assert _sizes(c) == _sizes(g) and [_all_cards(c, o) for o in (0, 1)] == [_all_cards(g, o) for o in (0, 1)]
    assert g.players[1].hand == [_ids(g, 1, "hand", "OP02-043")[0], _ids(g, 1, "hand", "OP02-054")[0]]
    # p2's own hand, unsorted in the scenario order, stays as it is in p2's copy
    g2 = game(BOARD.replace("hand: [OP02-043, OP02-054]", "hand: [OP02-054, OP02-043]"), log=False)
    assert numbers(g2, D.public_copy(g2, 1).players[1].hand) == ["OP02-054", "OP02-043"]
    # for p1 the hand is hidden: it holds the first two of p2's hidden cards in canonical order
    assert numbers(g2, D.public_copy(g2, 0).players[1].hand) == ["OP01-045", "OP01-078"]


def test_public_copy_of_twin_games_is_equal_and_determinize_of_it_is_the_same():
    """Twin games that differ only in cards hidden from the player give equal copies, and determinize of
    the copy equals determinize of the game for the same stream (issue 18)."""
    g = _board()
    g.known[1].add(g.players[0].deck[-1])  # p2 knows the top place of p1's deck
    g.vague[0] = [(1, ("life",), "OP02-116")]
    twin = g.clone()
    opp = twin.players[1]
    opp.hand[1], opp.deck[0] = opp.deck[0], opp.hand[1]
    own = twin.players[0]
    own.deck[-1], own.deck[0] = own.deck[0], own.deck[-1]
    twin.known[1] = {own.deck[-1]}
    assert player_view(twin, 0) == player_view(g, 0) and twin.fingerprint() != g.fingerprint()
    a, b = D.public_copy(g, 0), D.public_copy(twin, 0)
    assert a.fingerprint() == b.fingerprint()
    assert a.known[1] == {a.players[0].deck[-1]} and a.vague[1] == []
    assert a.t.numbers[a.players[1].life[0]] == "OP02-116"  # the vague entry is met in the copy
    for seed in range(5):
        assert D.determinize(a, 0, Rng(seed)).fingerprint() == D.determinize(g, 0, Rng(seed)).fingerprint()


def test_make_sampler_gives_determinize_samples_of_the_game_at_this_decision(db, decks):
    """make_sampler: ``sample(rng)`` is a determinize clone for the player (same as determinize of the game
    for the same stream), built from the public copy only: later changes to the live game do not reach it,
    and nothing the sampler holds is the live game."""
    for g in [_board(), *_mid_games(db, decks)[:1]]:
        player = g.pending.player
        sample = D.make_sampler(g, player)
        want = [D.determinize(g, player, Rng(seed)).fingerprint() for seed in range(4)]
        inside = [c.cell_contents for c in (sample.__closure__ or ())]
        assert all(x is not g for x in inside)
        g.players[1 - player].hand.reverse()
        g.players[player].trash.append(g.players[player].deck.pop())
        got = [sample(Rng(seed)) for seed in range(4)]
        assert [s.fingerprint() for s in got] == want
        assert all(s.log is None and s.history == [] for s in got)
        assert got[0] is not got[1]
