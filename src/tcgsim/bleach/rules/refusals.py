"""Why a Bleach action typed in the notation is not legal: the section of the rules that forbids it.

The Bleach rules text has no rule numbers; a refusal names its section as the tests cite it
(``§Entrée``, ``§Action de Combat``, ``§Déclaration d'Attaque``: docs/bleach-rules.md) with one line.
:func:`explain` covers the common cases (entering an Ame, declaring the attack, ending the Phase d'Actions
before the mandatory combat); for any other text ``rule`` is ``None`` and the reason says so.
"""

from __future__ import annotations

from typing import NamedTuple


class Refusal(NamedTuple):
    """``rule``: a section such as ``"§Entrée"`` (``None`` when unknown); ``reason``: one line."""

    rule: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


def _hand_card(g, player: int, number: str) -> int | None:
    number = number.upper()
    return next((c for c in g.players[player].hand if g.t.numbers[c] == number), None)


def explain(g, text: str) -> Refusal:
    """The section of the rules that keeps ``text`` from being a legal option of ``g.pending`` (a Bleach
    game with a pending decision), read for the deciding player. Never raises."""
    d = g.pending
    if d is None:
        return Refusal(None, "no decision is pending")
    words = " ".join(str(text).replace("->", " -> ").split()).split(" ")
    verb, rest = words[0].lower(), " ".join(words[1:])
    me, p = d.player, g.players[d.player]
    if verb == "enter":
        if d.kind != "entry":
            return Refusal("§Entrée", "an Ame is entered only in the Entrée step of the Phase de Départ, "
                                      "1 card per turn")
        c = _hand_card(g, me, rest)
        if c is None:
            return Refusal("§Entrée", f"{rest} is not in your hand")
        card = g.t.defs[c]
        if not card.is_soul:
            return Refusal("§Entrée", f"{card.number} is not an Ame Principale or Ame de Soutien")
        have = g.fielded(me)
        if card.entry_cost > have:
            return Refusal("§Entrée", f"the Coût d'Entrée of {card.number} is {card.entry_cost}; you have "
                                      f"{have} Ames on the field")
    elif verb == "attack":
        if d.kind != "action":
            return Refusal("§Phase d'Actions", "the attack is declared in your Phase d'Actions")
        done = next((f[1] for f in reversed(g.stack) if f[0] == "actions"), 0)
        if done:
            if p.turns == 0:
                return Refusal("§Action de Combat", "there is no Action de Combat in each player's first turn")
            return Refusal("§Action de Combat", "only 1 Action de Combat per turn, and it is made")
        soul = next((s for s in p.souls if g.name(s).lower() == rest.lower()), None)
        if soul is None:
            return Refusal("§Déclaration d'Attaque", f"{rest} is not one of your Ames Principales in play")
        if g.exhausted[soul]:
            return Refusal("§Déclaration d'Attaque", f"{g.name(soul)} is épuisé: the attacker is an Ame "
                                                     "Principale in the offensive state")
    elif verb == "end" and d.kind == "action":
        if any(o[0] == "attack" for o in d.options):
            return Refusal("§Action de Combat", "the attack declaration is mandatory: declare it before "
                                                "ending the Phase d'Actions")
    return Refusal(None, "no rule known to this engine explains it")
