"""The turn (seed §Déroulement du jeu): Phase de Départ (Récupération, Pioche, Entrée), Phase d'Actions
(effect actions and the combat action), Phase Finale (Force Spirituelle, Ames Déchaînées, Zanpakutô).

Frames: ``("turn_start",)``, ``("entry",)``, ``("actions", combat_done)``, ``("respond", player)``,
``("spirit", fed souls)``, ``("unleash",)``, ``("zstep",)``, ``("turn_end",)``.
"""

from __future__ import annotations

from .engine import HAND_SIZE
from .combat import declare
from .effects import effect_options, start_use
from .frames import handler_table

HANDLERS, handler = handler_table()
"""This module's frame handlers (installed into the game's table by ``frames.install``)."""


@handler("turn_start")
def turn_start(g, frame, choice) -> None:
    """seed §Phase de Départ: Récupération (« toutes les Ames Principales de l'attaquant passent en état
    offensif »), Pioche (up to 6 cards in hand); then Entrée, the Phase d'Actions and the Phase Finale."""
    g.stack.pop()
    g.turn += 1
    a = g.active
    p = g.players[a]
    g.phase = "depart"
    g.emit(None, f"turn {g.turn}: p{a + 1} attacks")
    for s in p.souls:
        g.exhausted[s] = 0
    if len(p.hand) < HAND_SIZE:
        g.draw(a, HAND_SIZE - len(p.hand))
    g.stack.extend(turn_frames(g, "entry"))


STEPS = ("depart", "entry", "actions", "spirit", "unleash", "zanpakuto")
"""The steps a turn can be entered at (:func:`start_at`): Phase de Départ (Récupération and Pioche), Entrée,
Phase d'Actions, then the Phase Finale's Etape Force Spirituelle, Ames Déchaînées and Etape Zanpakutô."""

_CUT = {"entry": 6, "actions": 5, "spirit": 4, "unleash": 3, "zanpakuto": 2}


def turn_frames(g, step: str, combat_done: bool = False) -> list[tuple]:
    """The frames of the rest of the attacker's turn from ``step`` (``entry`` ... ``zanpakuto``), bottom
    first. The combat is skipped when ``combat_done`` or in the attacker's first turn (« Action de Combat
    (ignorée durant le premier tour de chaque joueur) »)."""
    skip = 1 if combat_done or g.players[g.active].turns == 0 else 0
    frames = [("turn_end",), ("zstep",), ("unleash",), ("spirit", ()), ("actions", skip), ("entry",)]
    return frames[:_CUT[step]]


def start_at(g, step: str, combat_done: bool = False) -> None:
    """Position ``g`` (with ``turn``, ``active``, ``first`` and the zones already set) at the beginning of
    ``step`` of turn ``g.turn`` (one of :data:`STEPS`); the caller then runs it. ``depart`` runs the whole
    turn, Récupération and Pioche included; the others start at that step with nothing before it done.
    ``combat_done`` (``actions`` only): the Action de Combat of this turn is already made."""
    if step not in STEPS:
        raise ValueError(f"unknown step {step!r}; steps: {', '.join(STEPS)}")
    if step == "depart":
        g.turn -= 1  # turn_start counts the turn
        g.phase = "depart"
        g.stack.append(("turn_start",))
        return
    g.phase = {"entry": "depart", "actions": "actions"}.get(step, "finale")
    g.stack.extend(turn_frames(g, step, combat_done))


@handler("entry")
def entry(g, frame, choice) -> None:
    """seed §Entrée: « l'attaquant peut jouer 1 seule carte Ame Principale ou Ame de Soutien de sa main »
    whose Coût d'Entrée is at most the number of Ames on his field. Options ``("enter", card)``, ``("pass",)``."""
    a = g.active
    p = g.players[a]
    if choice is None:
        limit = g.fielded(a)
        seen, opts = set(), []
        for c in p.hand:
            d = g.t.defs[c]
            if d.is_soul and d.entry_cost <= limit and d.number not in seen:
                seen.add(d.number)
                opts.append(("enter", c))
        opts.append(("pass",))
        choice = g.ask(a, "entry", opts)
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "enter":
        c = choice[1]
        p.hand.remove(c)
        if g.t.defs[c].type == "main_soul":
            p.souls.append(c)
            g.exhausted[c] = 0  # choices.ENTER_STATE
        else:
            p.supports.append(c)
        g.face_up[c] = 1
        g.emit(None, f"p{a + 1} enters {g.name(c)}")


@handler("actions")
def actions(g, frame, choice) -> None:
    """seed §Phase d'Actions: « plusieurs Actions d'Effet et 1 seule Action de Combat et ceci dans l'ordre
    qu'il souhaite ». The combat is mandatory (« La déclaration d'attaque est obligatoire »): ``("end",)`` is
    offered only once it is done, skipped, or impossible (no offensive Ame Principale)."""
    a = g.active
    p = g.players[a]
    done = frame[1]
    if choice is None:
        g.phase = "actions"
        opts = effect_options(g, a, False)
        attackers = [] if done else [("attack", s) for s in p.souls if not g.exhausted[s]]
        opts += attackers
        if not attackers:
            opts.append(("end",))
        choice = g.ask(a, "action", opts)
        if choice is None:
            return
    kind = choice[0]
    if kind == "end":
        g.stack.pop()
    elif kind == "attack":
        g.stack[-1] = ("actions", 1)
        declare(g, choice[1])
    else:
        g.stack.append(("respond", 1 - a))
        start_use(g, a, choice)


@handler("respond")
def respond(g, frame, choice) -> None:
    """choices.ABILITY_WINDOW: after the attacker's effect action the defender may use Capacités
    (options ``("effect", ...)`` and ``("pass",)``, kind ``respond``)."""
    player = frame[1]
    if choice is None:
        choice = g.ask(player, "respond", effect_options(g, player, True) + [("pass",)])
        if choice is None:
            return
    if choice[0] == "pass":
        g.stack.pop()
    else:
        start_use(g, player, choice)


@handler("spirit")
def spirit(g, frame, choice) -> None:
    """seed §Etape Force Spirituelle (« ignorée durant le premier tour du premier joueur »): « L'attaquant
    peut placer une carte de sa main dans la réserve de Force Spirituelle de chacune de ses Ames
    Principales. » Options ``("spirit", card, soul)`` and ``("pass",)`` (ends the step)."""
    a = g.active
    p = g.players[a]
    if choice is None:
        g.phase = "finale"
        if g.turn == 1:
            g.stack.pop()
            return
        fed = frame[1]
        souls = [s for s in p.souls if s not in fed]
        seen, cards = set(), []
        for c in p.hand:
            # the Zanpakutô is never a reserve card: it is attached in the Zanpakutô step (seed §Etape Zanpakutô)
            if c != p.zanpakuto and g.t.numbers[c] not in seen:
                seen.add(g.t.numbers[c])
                cards.append(c)
        opts = [("spirit", c, s) for s in souls for c in cards]
        if not opts:
            g.stack.pop()
            return
        choice = g.ask(a, "spirit", opts + [("pass",)])
        if choice is None:
            return
    if choice[0] == "pass":
        g.stack.pop()
        return
    _, c, s = choice
    p.hand.remove(c)
    p.reserve[s] = p.reserve.get(s, ()) + (c,)
    g.emit(a, f"p{a + 1} places {g.t.numbers[c]} in the reserve of {g.name(s)}")
    g.emit(None, f"p{a + 1} places a card in the reserve of {g.name(s)}")
    g.stack[-1] = ("spirit", frame[1] + (s,))


def unleash_options(g, player: int) -> list[tuple]:
    """``("unleash", soul, pieces)`` for every Ame Principale (not already unleashed) whose reserve holds
    every piece of a form whose ``base`` is that Ame Principale."""
    p = g.players[player]
    defs = g.t.defs
    out = []
    for s in p.souls:
        if p.pieces.get(s):
            continue
        forms: dict[str, dict[int, int]] = {}
        for c in p.reserve.get(s, ()):
            d = defs[c]
            if d.type == "unleashed" and d.base == g.t.numbers[s]:
                forms.setdefault(d.form, {}).setdefault(d.piece, c)
        for form, got in sorted(forms.items()):
            need = defs[next(iter(got.values()))].pieces
            if len(got) == need:
                out.append(("unleash", s, tuple(got[k] for k in sorted(got))))
    return out


@handler("unleash")
def unleash(g, frame, choice) -> None:
    """seed §Phase Finale: « une Ame Principale peut devenir une Ame Déchaînée en utilisant les cartes
    nécessaires dans sa réserve de Force Spirituelle », assembled « comme un puzzle ». The Ame keeps its
    state; its PC become the form's. « A ce moment » is the Force Spirituelle step, « ignorée durant le
    premier tour du premier joueur »: no assembly in turn 1."""
    a = g.active
    if choice is None:
        # part of the Force Spirituelle step (« A ce moment, ... »), so skipped with it in turn 1
        opts = unleash_options(g, a) if g.turn != 1 else []
        if not opts:
            g.stack.pop()
            return
        choice = g.ask(a, "unleash", opts + [("pass",)])
        if choice is None:
            return
    if choice[0] == "pass":
        g.stack.pop()
        return
    _, s, pieces = choice
    p = g.players[a]
    p.reserve[s] = tuple(c for c in p.reserve[s] if c not in pieces)
    p.pieces[s] = tuple(pieces)
    g.emit(None, f"p{a + 1} unleashes {g.name(s)} with {' + '.join(g.t.numbers[c] for c in pieces)}")


@handler("zstep")
def zstep(g, frame, choice) -> None:
    """seed §Etape Zanpakutô: the attacker's Zanpakutô « peut être attaché à une Ame Principale, quelle que
    soit la position actuelle » (borne, in the hand, set aside, in the discard). Options
    ``("zanpakuto", soul)`` and ``("pass",)``."""
    a = g.active
    p = g.players[a]
    if choice is None:
        opts = [("zanpakuto", s) for s in p.souls if s != p.bearer]
        if not opts:
            g.stack.pop()
            return
        choice = g.ask(a, "zanpakuto", opts + [("pass",)])
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "zanpakuto":
        z = p.zanpakuto
        for zone in (p.aside, p.hand, p.discard):
            if z in zone:
                zone.remove(z)
        p.bearer = choice[1]
        g.emit(None, f"p{a + 1} attaches the Zanpakutô {g.t.numbers[z]} to {g.name(choice[1])}")


@handler("turn_end")
def turn_end(g, frame, choice) -> None:
    """End of turn: « until end of turn » modifiers and once-per-turn marks expire; « l'attaquant devient
    défenseur, et vice-versa »."""
    g.stack.pop()
    g.mods = [m for m in g.mods if m[2] != "turn" and m[2] != "combat"]
    g.once.clear()
    g.players[g.active].turns += 1
    g.active = 1 - g.active
    g.stack.append(("turn_start",))
