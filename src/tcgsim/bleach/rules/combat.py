"""The combat action (seed §Action de Combat): declaration, defence, exchange of cartes Combat, final
result, Action de Sacrifice.

``Game.combat`` is ``(attacker, defender, attacker's cards, defender's cards)`` during a combat. Frames:
``("combat_card", side)`` (0 attacker, 1 defender; kind ``combat``), ``("defend",)`` (kind ``defend``),
``("exchange",)`` (kind ``exchange``), ``("result",)`` (kind ``sacrifice``), ``("combat_end",)`` (after the
vanquished player's choice of reserve cards, kind ``discard``).
"""

from __future__ import annotations

from .choices import DAMAGE_STEP
from .frames import handler_table

HANDLERS, handler = handler_table()
"""This module's frame handlers (installed into the game's table by ``frames.install``)."""


def declare(g, soul: int) -> None:
    """seed §Déclaration d'Attaque: « L'attaquant désigne une de ses Ames Principales en jeu en état
    offensif » and may play 1 carte Combat; then the defence, the exchange, the result."""
    g.phase = "combat"
    g.combat = (soul, -1, (), ())
    g.emit(None, f"p{g.active + 1} attacks with {g.name(soul)}")
    g.stack.extend((("result",), ("exchange",), ("combat_card", 1), ("defend",), ("combat_card", 0)))


def combat_options(g, player: int, soul: int) -> list[tuple]:
    """``("combat", card)``: cartes Combat of the hand (one per number) and the Zanpakutô when in the hand or
    borne by ``soul`` (choices.ZANPAKUTO_AS_COMBAT)."""
    p = g.players[player]
    seen, out = set(), []
    for c in p.hand:
        d = g.t.defs[c]
        if (d.type == "combat" or d.type == "zanpakuto") and d.number not in seen:
            seen.add(d.number)
            out.append(("combat", c))
    if p.bearer == soul and soul >= 0:
        out.append(("combat", p.zanpakuto))
    return out


def _play(g, side: int, card: int) -> None:
    att, dfd, ca, cd = g.combat
    soul = att if side == 0 else dfd
    p = g.players[g.t.owner[soul]]
    if card in p.hand:
        p.hand.remove(card)
    elif p.bearer == soul and card == p.zanpakuto:
        p.bearer = -1
    if side == 0:
        g.combat = (att, dfd, ca + (card,), cd)
    else:
        g.combat = (att, dfd, ca, cd + (card,))
    g.emit(None, f"p{g.t.owner[soul] + 1} plays {g.t.numbers[card]} for {g.name(soul)} "
                 f"({g.pc(att)} vs {g.pc(dfd) if dfd >= 0 else '-'})")


@handler("combat_card")
def combat_card(g, frame, choice) -> None:
    """seed: « L'attaquant peut jouer 1 carte Combat pour renforcer immédiatement l'Ame Principale
    attaquante » / « Le défenseur peut également jouer 1 carte Combat »."""
    side = frame[1]
    player = g.active if side == 0 else 1 - g.active
    soul = g.combat[side]
    if choice is None:
        choice = g.ask(player, "combat", combat_options(g, player, soul) + [("pass",)])
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "combat":
        _play(g, side, choice[1])


@handler("defend")
def defend(g, frame, choice) -> None:
    """seed §Déclaration de Défense: « le défenseur désigne une de ses Ames Principales en jeu, quel que
    soit son état (offensif ou épuisé) »."""
    d = 1 - g.active
    if choice is None:
        choice = g.ask(d, "defend", [("defend", s) for s in g.players[d].souls])
        if choice is None:
            return
    g.stack.pop()
    att, _, ca, cd = g.combat
    g.combat = (att, choice[1], ca, cd)
    g.emit(None, f"p{d + 1} defends with {g.name(choice[1])} ({g.pc(att)} vs {g.pc(choice[1])})")


@handler("exchange")
def exchange(g, frame, choice) -> None:
    """seed §Enchaînement d'attaques: the player whose provisional result is unfavourable (the attacker on a
    tie, choices.TIE_PRIORITY) may play a carte Combat; the exchange ends when he passes."""
    att, dfd = g.combat[0], g.combat[1]
    side = 0 if g.pc(att) <= g.pc(dfd) else 1
    player = g.active if side == 0 else 1 - g.active
    if choice is None:
        choice = g.ask(player, "exchange", combat_options(g, player, g.combat[side]) + [("pass",)])
        if choice is None:
            return
    if choice[0] == "pass":
        g.stack.pop()
    else:
        _play(g, side, choice[1])


@handler("result")
def result(g, frame, choice) -> None:
    """seed §Résultat de Combat Final: damage = the PC difference (none on a tie), 1 card of the loser's
    reserve per 100 (choices.DAMAGE_STEP), then 1 soul point per 100 remaining — or the Action de
    Sacrifice (``("sacrifice",)`` / ``("suffer",)``); both fighters are exhausted, cartes Combat discarded."""
    att, dfd, ca, cd = g.combat
    pa, pd = g.pc(att), g.pc(dfd)
    if pa != pd:
        loser = dfd if pa > pd else att
        lp = g.t.owner[loser]
        k = abs(pa - pd) // DAMAGE_STEP
        absorbed = min(k, len(g.reserve(loser)))
        rest = k - absorbed
        if choice is None:
            g.emit(None, f"combat result: {pa} vs {pd}, {g.name(loser)} loses, {k} card(s) of damage")
            if rest > 0:
                choice = g.ask(lp, "sacrifice", [("sacrifice",), ("suffer",)])
                if choice is None:
                    return
        g.stack[-1] = ("combat_end",)
        if choice is not None and choice[0] == "sacrifice":
            g.emit(None, f"p{lp + 1} sacrifices {g.name(loser)}")
            g.leave_field(loser)
            g.discard_soul_points(lp, 1)
        else:
            g.discard_reserve(loser, absorbed)  # the vanquished player chooses the cards: maybe a frame on top
            if rest:
                g.discard_soul_points(lp, rest)
    else:
        g.emit(None, f"combat result: tie at {pa}, no damage")
        g.stack[-1] = ("combat_end",)
    if g.stack[-1][0] == "combat_end":  # nothing left to choose: clean up at once
        combat_end(g, g.stack[-1], None)


@handler("combat_end")
def combat_end(g, frame, choice) -> None:
    """seed §Résultat de Combat Final: « Les Ames Principales ayant combattu sont placées en état épuisé. Les
    Cartes Combat ou les cartes utilisées comme telles sont défaussées. »"""
    att, dfd, ca, cd = g.combat
    g.stack.pop()
    for s in (att, dfd):
        if s in g.players[g.t.owner[s]].souls:
            g.exhausted[s] = 1
    for s, cards in ((att, ca), (dfd, cd)):
        g.players[g.t.owner[s]].discard.extend(cards)
    g.combat = None
    g.mods = [m for m in g.mods if m[2] != "combat"]
    g.phase = "actions"
