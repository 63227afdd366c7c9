"""A player's view (seed §Préparation: the soul points « ne peuvent être regardées par aucun des deux
joueurs »; choices.RESERVE_HIDDEN).

Hidden: the opponent's hand, both deck orders, every face-down soul point (counts only), the opponent's
Force Spirituelle reserves (counts only), the opponent's face-down starting Ame Principale during setup.
"""

from __future__ import annotations

from ...core.hidden import pending_view, view_header
from .notation import label, render


def _soul(g, viewer: int, s: int, own: bool) -> dict:
    p = g.players[g.t.owner[s]]
    visible = bool(g.face_up[s]) or own
    out = {
        "card": g.t.numbers[s] if visible else None,
        "label": label(g, viewer, s) if visible else None,
        "face_up": bool(g.face_up[s]),
        "exhausted": bool(g.exhausted[s]),
        "pc": g.pc(s) if g.face_up[s] else None,
        "zanpakuto": p.bearer == s,
        "unleashed": [g.t.numbers[c] for c in p.pieces.get(s, ())],
        "reserve_count": len(p.reserve.get(s, ())),
    }
    if own:
        out["reserve"] = [g.t.numbers[c] for c in p.reserve.get(s, ())]
    return out


def _side(g, viewer: int, i: int) -> dict:
    own = viewer == i
    p = g.players[i]
    n = g.t.numbers
    z = p.zanpakuto
    where = ("borne" if p.bearer >= 0 else "aside" if z in p.aside else "hand" if z in p.hand
             else "discard" if z in p.discard else "combat")
    side = {
        "souls": [_soul(g, viewer, s, own) for s in p.souls],
        "supports": [{"card": n[s], "label": label(g, viewer, s)} for s in p.supports],
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "soul_points": len(p.soul),
        "discard": [n[c] for c in p.discard],
        "exclusion": [n[c] for c in p.exclusion],
        "zanpakuto": {"card": n[z], "where": where},
        "turns": p.turns,
    }
    if own:
        side["hand"] = [n[c] for c in p.hand]
    return side


def player_view(g, player: int) -> dict:
    """JSON-ready view of ``player``: ``{"you", "turn", "active", "first", "phase", "winner", "me",
    "opponent", "combat", "pending"}``; ``pending["options"]`` (labels) only when ``player`` decides."""
    out = {
        **view_header(g, player),
        "me": _side(g, player, player),
        "opponent": _side(g, player, 1 - player),
        "combat": None,
        # Of the other player's decision, only whose it is: the kind could reveal a hidden reserve (``unleash``).
        "pending": pending_view(g, player, render),
    }
    c = g.combat
    if c is not None:
        n = g.t.numbers
        out["combat"] = {
            "attacker": label(g, player, c[0]), "attacker_pc": g.pc(c[0]),
            "defender": None if c[1] < 0 else label(g, player, c[1]),
            "defender_pc": None if c[1] < 0 else g.pc(c[1]),
            "attacker_cards": [n[x] for x in c[2]], "defender_cards": [n[x] for x in c[3]],
        }
    return out
