"""A player's view of the game: everything that player may see, and nothing else (rules 3-1-5, 3-2-2,
3-4-2, 3-10-2).

Hidden from a player: the opponent's hand, both deck orders, face-down Life cards (even one's own,
rule 3-10-2), and which of the opponent's hidden decisions were asked or passed by themselves. The view
also carries what the player knows about hidden cards (``known``): cards in the opponent's hand or in a
secret zone whose identity was revealed to this player, so that search agents can sample the rest.
"""

from __future__ import annotations

from ...core.hidden import pending_view, view_header
from .continuous import power, reading
from .notation import render
from .turns import is_extra_turn


def _field_card(g, cid: int) -> dict:
    return {
        "card": g.t.numbers[cid],
        "rested": bool(g.rested[cid]),
        "don": g.given[cid],
        "power": power(g, cid),
        "played_this_turn": g.played[cid] == g.turn,
    }


def player_view(g, player: int) -> dict:
    """The JSON-ready view of ``player`` (0 or 1).

    Shape: ``{"you": "p1", "turn", "active", "first", "phase", "winner", "me": {...}, "opponent": {...},
    "battle": None | {...}, "pending": None | {"player", "kind", "options"?}, "known": [...]}``.
    In a game with extra turns (rules/turns.py) also ``"extra_turn": true`` during one and ``"next_turns"``
    (the players of the next turns while they differ from alternation). Options are listed only when the
    pending decision is this player's; at that player's [Trigger]
    decision ``pending`` also has ``"card"``: the Life card whose [Trigger] may be activated.
    Building it only reads the state: the permanent effects that apply are found once (``reading``).
    """
    with reading(g):
        return _view(g, player)


def _view(g, player: int) -> dict:
    out = {
        **view_header(g, player),
        "me": _side(g, player, own=True),
        "opponent": _side(g, 1 - player, own=False),
        "battle": None,
        # Of the other player's decision, only whose it is: the kind could reveal a hidden decision (SCENARIOS.md).
        "pending": pending_view(g, player, render),
        "known": _known(g, player),
    }
    if g.upcoming or g.extra_turns:  # extra turns (rules/turns.py), public: only in a game that has one
        if is_extra_turn(g):
            out["extra_turn"] = True
        if g.upcoming:
            out["next_turns"] = [f"p{p + 1}" for p in g.upcoming]
    d = g.pending
    if d is not None and d.kind == "trigger" and d.player == player and g.players[player].life:
        # 10-1-5-1: the player deciding whether to activate a [Trigger] has looked at that Life card
        out["pending"]["card"] = g.t.numbers[g.players[player].life[-1]]
    b = g.battle
    if b is not None:
        out["battle"] = {"attacker": g.t.numbers[b[0]], "target": g.t.numbers[b[1]],
                         "attacker_power": power(g, b[0]), "target_power": power(g, b[1])}
    return out


def _side(g, i: int, own: bool) -> dict:
    p = g.players[i]
    numbers = g.t.numbers
    side = {
        "leader": _field_card(g, p.leader),
        "characters": [_field_card(g, c) for c in p.characters],
        "stage": None if p.stage < 0 else {"card": numbers[p.stage], "rested": bool(g.rested[p.stage])},
        "hand_count": len(p.hand),
        "deck_count": len(p.deck) + g.looked_in_deck(i),  # looked-at cards stay in the deck (11-3-2)
        "life_count": len(p.life),
        "life_face_up": [{"position": len(p.life) - k, "card": numbers[c]}
                         for k, c in enumerate(p.life) if g.face_up[c]],
        "trash": [numbers[c] for c in reversed(p.trash)],
        "don": {"active": p.don_active, "rested": p.don_rested, "deck": p.don_deck},
    }
    if own:
        side["hand"] = [numbers[c] for c in p.hand]
    return side


def _known(g, player: int) -> list[dict]:
    """Cards in secret zones (or the opponent's hand) whose identity ``player`` knows: ``{"card", "zone"}``
    (``"position"`` too for a face-down Life card, 1 = the top), then the cards known only to be somewhere
    in one or more zones after a secret reorder or move (``g.vague``): ``{"card": N, "zone": "opp life"}``,
    ``{"card": N, "zone": "opp hand or deck"}``."""
    out = []
    numbers = g.t.numbers
    for cid in sorted(g.known[player]):
        owner = g.t.owner[cid]
        p = g.players[owner]
        if owner != player and cid in p.hand:
            out.append({"card": numbers[cid], "zone": "opp hand"})
        elif cid in p.deck:
            out.append({"card": numbers[cid], "zone": ("" if owner == player else "opp ") + "deck"})
        elif cid in p.life and not g.face_up[cid]:
            pos = len(p.life) - p.life.index(cid)
            out.append({"card": numbers[cid], "zone": ("" if owner == player else "opp ") + "life",
                        "position": pos})
    for owner, zones, number in g.vague[player]:
        out.append({"card": number, "zone": ("" if owner == player else "opp ") + " or ".join(zones)})
    return out
