"""Bleach at the terminal (``tcgsim play --game bleach``): the board as text lines, and the help text.

:func:`board_lines` reads only a player's view (:func:`tcgsim.bleach.rules.view.player_view`), so it can
show nothing that player may not see.
"""

from __future__ import annotations

HELP = """Answer with the number of an option, or type it in action notation, e.g.
  enter BLX-003        event BLX-020 by BLX-001      effect BLX-013 by BLX-001     attack BLX-001
  combat BLX-026       defend BLX-009                spirit BLX-012 -> BLX-001     zanpakuto -> BLX-001
  pass / end / keep / mulligan / sacrifice / suffer
Card references: BLX-001#2 (the 2nd copy on the field), opp BLX-009 (the opponent's).
Other commands: board (show the board again), history (every log line of the game so far), concede (lose
the game now), quit (stop without a result), help (this text). The rules tcgsim plays are in docs/bleach.md."""


def card_lines(card) -> list[str]:
    """A card as ``tcgsim cards show --game bleach`` prints it: number, name, type, its numbers, the
    printed text and its effects in the vocabulary of docs/bleach.md."""
    rows = [("number", card.number), ("name", card.name), ("type", card.type)]
    for field in ("entry_cost", "pc_offensive", "pc_exhausted", "cost", "bonus", "pc_bonus", "form", "base",
                  "piece", "pieces"):
        if getattr(card, field) is not None:
            rows.append((field, getattr(card, field)))
    if card.conditions:
        rows.append(("conditions", ", ".join(card.conditions)))
    rows.append(("text", card.text or "-"))
    rows += [(f"effect {i}", e.model_dump_json(exclude_defaults=True)) for i, e in enumerate(card.effects, start=1)]
    return [f"{k + ':':<14}{v}" for k, v in rows]


def deck_lines(deck, db) -> list[str]:
    """A legal deck for ``tcgsim deck check --game bleach``: its name, size, starting Ame Principale,
    Zanpakutô and the count of cards of each type."""
    by_type: dict[str, int] = {}
    for number, count in deck.main:
        t = db.get(number).type
        by_type[t] = by_type.get(t, 0) + count
    return [f"{deck.name}: legal Bleach deck ({deck.size} cards)",
            f"  starting Ame Principale: {_card(db, deck.leader)}",
            f"  Zanpakutô (set aside): {_card(db, deck.zanpakuto)}",
            "  " + ", ".join(f"{t} {n}" for t, n in sorted(by_type.items()))]


def _card(db, number: str | None) -> str:
    if number is None:
        return "face down"
    cards = getattr(db, "cards", None) or {}
    d = cards.get(number)
    if d is None:
        return number
    if d.type == "main_soul":
        stats = f"entry {d.entry_cost}, PC {d.pc_offensive}/{d.pc_exhausted}"
    elif d.type == "support_soul":
        stats = f"Ame de Soutien, entry {d.entry_cost}"
    elif d.type == "event":
        stats = f"Evénement, cost {d.cost}" + (", Zanpakutô" if d.conditions else "")
    elif d.type == "combat":
        stats = f"Combat +{d.bonus}"
    elif d.type == "zanpakuto":
        stats = f"Zanpakutô, Combat +{d.bonus}, bearer +{d.pc_bonus}"
    else:
        stats = f"Ame Déchaînée {d.form} {d.piece}/{d.pieces}"
    return f"{number} {d.name} ({stats})"


def _soul(s: dict) -> str:
    if not s.get("face_up", True):
        return f"{s['label'] or 'an Ame Principale'} [face down until the game starts]"
    bits = [f"PC {s['pc']}", "exhausted" if s["exhausted"] else "offensive",
            f"reserve {s['reserve_count']}"]
    if s.get("zanpakuto"):
        bits.append("Zanpakutô")
    if s.get("unleashed"):
        bits.append("unleashed: " + "+".join(s["unleashed"]))
    return f"{s['label'] or 'face down'} [{', '.join(bits)}]"


def board_lines(view: dict, db=None) -> list[str]:
    """The board as ``view`` shows it, one string per line: turn and roles, each side's soul points, hand,
    deck, discard, exclusion, Zanpakutô, Ames Principales (PC, state, reserve) and Ames de Soutien, one's
    own hand and reserves (with card data from ``db``, the Bleach CardDatabase, when given), and the
    combat in progress."""
    if view["phase"] == "setup":  # nobody attacks yet (seed: « Le joueur qui débute le premier tour est nommé 'Attaquant' »)
        lines = [f"--- setup (Préparation de la partie); you are {view['you']} ---"]
    else:
        lines = [f"--- turn {view['turn']}, {view['active']} attacks, phase {view['phase']}; you are {view['you']} ---"]
    for label, side in (("opponent", view["opponent"]), ("you", view["me"])):
        z = side.get("zanpakuto") or {}
        lines.append(f"{label}: soul points {side['soul_points']} | hand {side['hand_count']} | deck "
                     f"{side['deck_count']} | discard {len(side['discard'])} | exclusion {len(side['exclusion'])}"
                     + (f" | Zanpakutô {z.get('card')} ({z.get('where')})" if z else ""))
        souls = side["souls"]
        lines.append("  Ames Principales: " + (", ".join(_soul(s) for s in souls) if souls else "none"))
        if side.get("supports"):
            lines.append("  Ames de Soutien: " + ", ".join(str(x.get("card") if isinstance(x, dict) else x)
                                                           for x in side["supports"]))
    for s in view["me"]["souls"]:
        if s.get("reserve"):
            lines.append(f"reserve of {s['label']}: {', '.join(s['reserve'])}")
    hand = view["me"].get("hand", [])
    lines.append("your hand:" + (" empty" if not hand else ""))
    lines += [f"  {_card(db, n)}" for n in hand]
    c = view.get("combat")
    if c:
        lines.append(f"combat: {c['attacker']} ({c['attacker_pc']}) against "
                     f"{c['defender'] or 'no defender yet'}" + (f" ({c['defender_pc']})" if c["defender"] else ""))
    return lines
