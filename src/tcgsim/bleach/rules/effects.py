"""Effect actions (seed §Action d'Effet): which Effets, Capacités and Evénements a player may use, paying
their cost, and the resolution of the effect vocabulary (cards/model.py :data:`OPS`).

Options: ``("event", card, user)`` plays an Evénement from the hand with the Ame Principale ``user``;
``("effect", source, index, user)`` uses effect ``index`` of ``source`` (an Ame Principale, one of its
Ame Déchaînée pieces, an Ame de Soutien or the borne Zanpakutô) with ``user``.
Resolution frame: ``("resolve", player, source, index, user, op index)``; target decisions are of kind
``choose`` with options ``("target", soul)`` or ``("card", card)``.
"""

from __future__ import annotations

from .frames import handler_table

HANDLERS, handler = handler_table()
"""This module's frame handlers (installed into the game's table by ``frames.install``)."""


def _usable(g, player: int, src: int, i: int, e, user: int, abilities_only: bool) -> bool:
    if e.passive or (abilities_only and e.kind != "ability"):
        return False  # a passive Capacité is never used: it lasts (Game.passive_pc)
    if e.once_per_turn and (src, i) in g.once:
        return False
    if e.zanpakuto and g.players[player].bearer != user:
        return False
    return len(g.reserve(user)) >= e.cost


def effect_options(g, player: int, abilities_only: bool) -> list[tuple]:
    """The effect actions ``player`` may take now: Capacités only when ``abilities_only`` (the opponent's
    Action d'Effet, seed: « La 'Capacité' d'une Ame peut être utilisée même durant l'Action d'Effet du
    joueur adverse »); Effets, Capacités and Evénements otherwise."""
    p = g.players[player]
    defs = g.t.defs
    out = []
    for s in p.souls:
        # an Ame Déchaînée's Effets are its pieces' (seed: « l'Ame Principale réapparaît » when it reverts,
        # so the original card is not in play meanwhile; docs/bleach.md "Ames Déchaînées")
        for src in p.pieces.get(s) or (s,):
            for i, e in enumerate(defs[src].effects):
                if _usable(g, player, src, i, e, s, abilities_only):
                    out.append(("effect", src, i, s))
    for sup in p.supports:
        for i, e in enumerate(defs[sup].effects):
            for s in p.souls:
                if _usable(g, player, sup, i, e, s, abilities_only):
                    out.append(("effect", sup, i, s))
    if p.bearer >= 0:
        # seed: « L'effet d'un Zanpakutô ne peut être utilisé que par l'Ame Principale qui le porte. »
        z = p.zanpakuto
        for i, e in enumerate(defs[z].effects):
            if _usable(g, player, z, i, e, p.bearer, abilities_only):
                out.append(("effect", z, i, p.bearer))
    if not abilities_only:
        seen = set()
        for c in p.hand:
            d = defs[c]
            if d.type != "event" or d.number in seen:
                continue
            seen.add(d.number)
            for s in p.souls:
                if len(g.reserve(s)) < d.cost:
                    continue
                if "zanpakuto" in d.conditions and p.bearer != s:
                    continue
                out.append(("event", c, s))
    return out


def start_use(g, player: int, option: tuple) -> None:
    """Pay and start an effect action: seed « défausse ensuite autant de cartes de la réserve de Force
    Spirituelle de cette Ame Principale que le Coût de la carte Evénement »; an Effet's cost is paid the
    same way. Pushes the resolution frames."""
    p = g.players[player]
    n = g.t.numbers
    if option[0] == "event":
        _, card, user = option
        d = g.t.defs[card]
        p.hand.remove(card)
        p.limbo.append(card)
        g.emit(None, f"p{player + 1} plays event {n[card]} with {g.name(user)}")
        g.stack.append(("event_done", player, card))
        for i in reversed(range(len(d.effects))):
            g.stack.append(("resolve", player, card, i, user, 0))
        g.discard_reserve(user, d.cost)  # paid first: its frame, if any, is on top
    else:
        _, src, i, user = option
        e = g.t.defs[src].effects[i]
        g.emit(None, f"p{player + 1} uses {'ability' if e.kind == 'ability' else 'effect'} of {g.name(src)} "
                     f"with {g.name(user)}")
        if e.once_per_turn:
            g.once.add((src, i))
        g.stack.append(("resolve", player, src, i, user, 0))
        g.discard_reserve(user, e.cost)  # paid first: its frame, if any, is on top


@handler("event_done")
def event_done(g, frame, choice) -> None:
    """The Evénement goes to the discard once resolved."""
    g.stack.pop()
    _, player, card = frame
    p = g.players[player]
    p.limbo.remove(card)
    p.discard.append(card)


def _target(g, frame, choice, options, kind="choose"):
    """The chosen option (asking ``frame[1]``) or ``None`` while waiting; ``False`` if no options."""
    if choice is not None:
        return choice
    if not options:
        return False
    return g.ask(frame[1], kind, options)


@handler("resolve")
def resolve(g, frame, choice) -> None:
    """Resolve operation ``frame[5]`` of the effect; ``g.cause`` names the player whose effect resolves
    (seed §Conditions de victoire: « le joueur dont l'effet en est à l'origine perd la partie »). Victory is
    not checked meanwhile (``Game.check``); once the whole effect action has resolved (no ``resolve`` frame
    left below: every Effet of an Evénement), it is judged with that player as the cause."""
    _, player, src, i, user, k = frame
    actions = g.t.defs[src].effects[i].actions
    if k >= len(actions):
        g.stack.pop()
        if not (g.stack and g.stack[-1][0] == "resolve"):
            # the whole effect action has resolved: victory is judged now, its player as the cause
            g.cause = -1
            g.judge(player)
        return
    g.cause = player
    op = actions[k]
    me, opp = g.players[player], g.players[1 - player]
    n = g.t.numbers
    kind = op.op
    if kind == "draw":
        g.draw(player, op.n)
    elif kind in ("pc_plus", "ready"):
        if op.target == "user":
            t = user if user in me.souls else None
        else:
            cands = me.souls if kind == "pc_plus" else [s for s in me.souls if g.exhausted[s]]
            c = _target(g, frame, choice, [("target", s) for s in cands])
            if c is None:
                return
            t = c[1] if c else None
        if t is not None:
            if kind == "pc_plus":
                g.mods.append((t, op.n, op.until))
                g.emit(None, f"{g.name(t)} +{op.n} PC until end of {op.until}")
            else:
                g.exhausted[t] = 0
                g.emit(None, f"{g.name(t)} becomes offensive")
    elif kind == "burn":
        c = _target(g, frame, choice, [("target", s) for s in opp.souls if g.reserve(s)])
        if c is None:
            return
        g.stack[-1] = ("resolve", player, src, i, user, k + 1)
        if c:
            g.discard_reserve(c[1], op.n)  # its owner chooses the cards: a frame on top
        return
    elif kind == "exhaust":
        c = _target(g, frame, choice, [("target", s) for s in opp.souls if not g.exhausted[s]])
        if c is None:
            return
        if c:
            g.exhausted[c[1]] = 1
            g.emit(None, f"{g.name(c[1])} becomes exhausted")
    elif kind == "revert":
        cands = [s for q in (me, opp) for s in q.souls if q.pieces.get(s)]
        c = _target(g, frame, choice, [("target", s) for s in cands])
        if c is None:
            return
        if c:
            g.revert(c[1])
    elif kind == "recover":
        seen, opts = set(), []
        for card in reversed(me.discard):
            d = g.t.defs[card]
            # the Zanpakutô too: seed §Etape Zanpakutô lists « Dans sa main » among its positions
            if d.number in seen or op.card_type not in ("any", d.type):
                continue
            seen.add(d.number)
            opts.append(("card", card))
        c = _target(g, frame, choice, opts)
        if c is None:
            return
        if c:
            me.discard.remove(c[1])
            me.hand.append(c[1])
            g.emit(None, f"p{player + 1} takes {n[c[1]]} from the discard")
    elif kind == "soul_discard":
        who = {"both": (player, 1 - player), "self": (player,), "opponent": (1 - player,)}[op.who]
        for w in who:
            g.discard_soul_points(w, op.n)
    g.stack[-1] = ("resolve", player, src, i, user, k + 1)
