"""Moving cards between zones (rule 3) and the bookkeeping each move implies.

Every move out of the Character or Stage area goes through :func:`leave_field`, which applies rule 3-1-6
(the card becomes a new object: effects on it end), rule 6-5-5-4 (its given DON!! go to the cost area
rested) and marks a battle the card was part of (rules 7-1-1-4, 7-1-2-3, 7-1-3-3).
"""

from __future__ import annotations

from ...core.machine import handler_registry
from ..cards.model import CHARACTER, STAGE
from .continuous import CHARACTER_KOD, END, add_modifier, drop_card_modifiers
from .frames import KoCheckFrame

HANDLERS, handler = handler_registry()
"""This module's frame handlers (installed into the game's table by ``Game.install``)."""


def draw(g, player: int, n: int = 1) -> int:
    """Rule 4-5: move the top ``n`` deck cards to hand, one at a time; returns how many were drawn.

    Drawing from an empty deck draws nothing (the empty deck itself is a loss, rule 9-2-1-2).
    """
    p = g.players[player]
    drawn = 0
    for _ in range(n):
        if not p.deck:
            break
        p.hand.append(p.deck.pop())
        drawn += 1
    if drawn and (g.vague[1 - player] or g.known[1 - player]):
        moved_secretly(g, player, "deck", "hand", p.hand[-drawn:])
    if drawn:
        rules = ("6-3-1",) if g.phase == "draw" and g.active == player else ()
        g.emit(None, f"p{player + 1} draws {drawn} card{'s' if drawn > 1 else ''}", rules)
        if g.log is not None:  # the drawer sees which cards (their own hand); the opponent only the count
            g.emit(player, f"p{player + 1} drew {', '.join(g.t.numbers[c] for c in p.hand[-drawn:])}")
        if g.t.whens and not (g.phase == "draw" and g.active == player):
            g.fx.fire_event(g, "drawn", player=player)  # "When you draw a card outside of your Draw Phase" (OP05-053)
    return drawn


def shuffle_deck(g, player: int) -> None:
    """Rule 3-2-4: shuffle ``player``'s deck with the game's seeded stream; nobody knows where any of its
    cards are any more. The other player still knows which of them are in that deck (:func:`blur`)."""
    deck = g.players[player].deck
    g.rng.shuffle(deck)
    blur(g, player, "deck", deck)
    if g.known[player]:
        g.known[player].difference_update(deck)


SECRET_ZONES = ("hand", "deck", "life")
"""The zones of a player that can hold cards the other player does not see (3-1-5, 3-2-2, 3-10-2)."""


def zone_name(p, cid: int) -> str:
    """``"hand"``, ``"deck"`` or ``"life"``: the secret zone of player state ``p`` holding ``cid``, else ``""``."""
    for name in SECRET_ZONES:
        if cid in getattr(p, name):
            return name
    return ""


def _add_vague(g, player: int, owner: int, zones: tuple, number: str) -> None:
    entry = (owner, tuple(z for z in SECRET_ZONES if z in zones), number)
    g.vague[player].append(entry)
    g.vague[player].sort()


def blur(g, owner: int, zone: str, cards, viewer: int = -1) -> None:
    """``cards`` of ``owner`` were put in an order ``viewer`` (by default the other player) does not see (a
    secret reorder of Life, cards placed on a deck in any order, a shuffle; rule 3-1-8): what ``viewer``
    knew of their places (``g.known``) becomes "a card of that number is somewhere in ``zone``"
    (``g.vague``, issue 18); of their own cards (EB01-052: the opponent reorders your Life) it is dropped."""
    other = 1 - owner if viewer < 0 else viewer
    known = g.known[other]
    if not known:
        return
    hit = [c for c in cards if c in known]
    if hit:
        known.difference_update(hit)
        if other != owner:
            for c in hit:
                _add_vague(g, other, owner, (zone,), g.t.numbers[c])


def moved_secretly(g, owner: int, src: str, dst: str, cards=()) -> None:
    """``cards`` of ``owner`` moved from secret zone ``src`` to secret zone ``dst`` without the other player
    seeing which (a draw, damage taken into the hand, a card placed from the hand on the deck or in Life).
    Call it after the move. What the other player knows becomes vaguer, never wrong (issue 18): "N is in
    ``src``" becomes "N is in ``src`` or ``dst``"; a card the other player knew in the hand (the hand has
    no places, card Q&A OP01-105 q2) is, with every other known card of that hand, "in the hand or
    ``dst``", whether or not it was the one that moved. A known card leaving the deck or Life keeps its
    identity: its place was public."""
    other = 1 - owner
    vague = g.vague[other]
    if vague:
        wide = [e for e in vague if e[0] == owner and src in e[1] and dst not in e[1]]
        for e in wide:
            vague.remove(e)
            _add_vague(g, other, owner, e[1] + (dst,), e[2])
    known = g.known[other]
    if src == "hand" and known:
        hit = [c for c in (*g.players[owner].hand, *cards) if c in known]
        known.difference_update(hit)
        for c in hit:
            _add_vague(g, other, owner, ("hand", dst), g.t.numbers[c])


def leave_secret_publicly(g, cid: int, zone: str = "") -> None:
    """Card ``cid`` leaves its owner's hand, deck or Life and every player sees its card number (played,
    used as a Counter, trashed, revealed). What each player knows is of card numbers in a zone, not of
    physical copies: one known card of that number in that zone leaves with it (``cid`` itself if known,
    else another known copy, else the most precise "somewhere in" entry of ``g.vague`` naming that zone), so
    what is known never tells whether a second copy was there (issue 18). Call it before the card leaves
    the zone; ``zone`` names the zone it left when it is no longer in one (a looked-at deck card)."""
    p = g.players[g.t.owner[cid]]
    number = g.t.numbers[cid]
    where = zone or zone_name(p, cid)
    for player, known in enumerate(g.known):
        if cid in known:
            known.discard(cid)
            continue
        if where and known:
            twin = next((c for c in getattr(p, where) if c in known and g.t.numbers[c] == number), -1)
            if twin >= 0:
                known.discard(twin)
                continue
        vague = g.vague[player]
        if vague:
            match = [e for e in vague if e[0] == g.t.owner[cid] and e[2] == number and where in e[1]]
            if match:
                vague.remove(min(match, key=lambda e: len(e[1])))


def leave_field(g, cid: int) -> None:
    """Remove ``cid`` from the Character or Stage area (not the Leader, rule 3-6-3) without placing it."""
    owner = g.t.owner[cid]
    p = g.players[owner]
    if p.stage == cid:
        p.stage = -1
    else:
        p.characters.remove(cid)
    given = g.given[cid]
    if given:
        p.don_rested += given
        g.given[cid] = 0
    g.rested[cid] = 0
    g.played[cid] = -1
    drop_card_modifiers(g, cid)
    if g.once:  # 10-2-13-4: a card that leaves the field is a new card
        g.once = {k for k in g.once if k[0] != cid}
    b = g.battle
    if b is not None and (cid == b[0] or cid == b[1]):
        g.battle = (b[0], b[1], b[2], True, b[4])


def trash_from_field(g, cid: int) -> None:
    """Put a Character or Stage into its owner's trash (not a K.O., rule 10-2-1-3)."""
    leave_field(g, cid)
    g.players[g.t.owner[cid]].trash.append(cid)


def ko(g, cid: int, by_effect: bool = False, source: int = -1) -> None:
    """Rule 10-2-1: K.O. a Character. The K.O. is a frame (``ko_check``) so that replacement effects
    ("If ... would be K.O.'d, you may ... instead", rule 8-1-3-4) can ask their player first; then
    :func:`do_ko` trashes it. ``source``: the card whose effect K.O.s it (``by_effect``), else -1."""
    g.stack.append(KoCheckFrame("ko_check", cid, by_effect, source, ()))


def do_ko(g, cid: int, by_effect: bool = False, source: int = -1) -> None:
    """Trash a Character as a K.O. now; [On K.O.] and "when ... is K.O.'d" effects fire (10-2-17), the turn
    player's first (8-6-1)."""
    owner = g.t.owner[cid]
    # K.O. on losing a battle or by an effect (10-2-1-1); the battle's is 7-1-4-1-2
    in_battle = not by_effect and g.battle is not None and g.battle[1] == cid
    g.emit(None, f"p{owner + 1}'s {g.t.numbers[cid]} is K.O.'d", ("7-1-4-1-2", "10-2-1-1") if in_battle else ("10-2-1-1",))
    fire_event, fire_on_ko = g.fx.fire_event, g.fx.fire_on_ko
    if not by_effect and g.t.whens and g.battle is not None and g.battle[1] == cid:
        # "When this Character battles and K.O.'s your opponent's Character": the attacker's effect, queued
        # first (the turn player's, rule 8-6-1)
        fire_event(g, "battle_ko", g.battle[0], other=cid)
    # 8-6-1: the card's [On K.O.] and every "when ... is K.O.'d" effect trigger at once; the turn player's
    # resolve first, so a non-turn player's [On K.O.] waits for the turn player's "when" effects
    by = "effect" if by_effect else "battle"
    for side in (g.active, 1 - g.active):
        if side == owner:
            fire_on_ko(g, cid)
        if g.t.whens:
            fire_event(g, "ko", cid, by=by, source=source, side=side)
    zone = "stage" if cid == g.players[owner].stage else "character"
    if g.t.ko_log and zone == "character":
        add_modifier(g, -1 - owner, CHARACTER_KOD, cid, END, g.turn, owner)
    trash_from_field(g, cid)
    if g.t.whens:  # "When a Character is removed from the field by your effect" (OP07-038); "... is removed
        # from the field" (OP16-041) also by a K.O. in battle
        fire_event(g, "removed", cid, by=by, source=source, zone=zone)


def place_character(g, cid: int) -> None:
    """Rule 3-7-3/3-7-5: the card enters the Character area active, last in field order."""
    p = g.players[g.t.owner[cid]]
    p.characters.append(cid)
    g.rested[cid] = 0
    g.played[cid] = g.turn


def place_stage(g, cid: int) -> None:
    """Rule 3-8: the card enters the Stage area active; the previous Stage is trashed (3-8-5)."""
    p = g.players[g.t.owner[cid]]
    if p.stage >= 0:
        trash_from_field(g, p.stage)
    p.stage = cid
    g.rested[cid] = 0
    g.played[cid] = g.turn


def pay_don(g, player: int, n: int) -> None:
    """Rule 2-7-3: rest ``n`` active DON!! of the cost area (the caller checked there are enough)."""
    p = g.players[player]
    p.don_active -= n
    p.don_rested += n


def is_character(g, cid: int) -> bool:
    return g.t.defs[cid].category == CHARACTER


def is_stage(g, cid: int) -> bool:
    return g.t.defs[cid].category == STAGE


def _replace_ko(g, src: int, idx: int, by_effect: bool, source: int, cid: int) -> None:
    """Replace a K.O. (its ``ko_check`` frame already popped) with replacement effect ``idx`` of ``src``
    (8-1-3-4-4). The Characters K.O.'d by the same effect at the same time, whose ``ko_check`` frames wait
    just below, are one event with it: those the replacement also covers are not K.O.'d either (card Q&A
    ST25-003 q1: one card trashed saves Crocodile & Mihawk and the other {Cross Guild} Character)."""
    stack = g.stack
    i = len(stack)
    while by_effect and i and stack[i - 1][0] == "ko_check" and stack[i - 1].by_effect and stack[i - 1].source == source \
            and not stack[i - 1].tried:
        i -= 1
    covered = [f for f in stack[i:] if g.on_field(f.cid)
               and g.fx.replaces(g, src, idx, f.cid, "effect", source, ("ko", "removed"))]
    for f in covered:
        stack.remove(f)
        g.emit(None, f"p{g.t.owner[src] + 1} replaces the K.O. of {g.t.numbers[f.cid]} with {g.t.numbers[src]}'s effect")
    g.fx.replace(g, src, idx, (cid,) + tuple(f.cid for f in covered))


def ko_check(g, frame, choice) -> None:
    """Rule 8-1-3-4: before a K.O. happens, each replacement effect that could replace it is offered to
    its player (8-1-3-4-1: optional ones may be declined; 8-1-3-4-3: none applies twice to one event).
    Order (8-1-3-4-2): the K.O.'d card's own, then the turn player's, then the other player's."""
    _, cid, by_effect, source, tried = frame
    if not g.on_field(cid) or cid not in g.players[g.t.owner[cid]].characters:
        g.stack.pop()  # it already left the field: nothing to K.O.
        return
    if choice is not None:
        src, idx = choice[1], choice[2]
        if choice[0] == "yes":
            g.stack.pop()
            g.emit(None, f"p{g.t.owner[src] + 1} replaces the K.O. of {g.t.numbers[cid]} with {g.t.numbers[src]}'s effect")
            _replace_ko(g, src, idx, by_effect, source, cid)
            return
        tried = tried + ((src, idx),)
        g.stack[-1] = frame = KoCheckFrame("ko_check", cid, by_effect, source, tried)
    while True:
        # a K.O. is also a removal from the field: by an effect for "would be removed from the field"
        # (8-1-3-4), by either for "would leave the field" (CardEffects.replacement_for reads which)
        found = g.fx.replacement_for(g, cid, "battle" if not by_effect else "effect", source, tried,
                                      ("ko", "removed"))
        if found is None:
            break
        src, idx = found
        pick = g.fx.offer_replacement(g, src, idx)
        if pick is None:
            return
        if pick[0] == "yes":
            g.stack.pop()
            _replace_ko(g, src, idx, by_effect, source, cid)
            return
        tried = tried + ((src, idx),)
        g.stack[-1] = KoCheckFrame("ko_check", cid, by_effect, source, tried)
    g.stack.pop()
    if _DEFERRED not in tried and _defer_for_group(g, frame, cid, by_effect, source, tried):
        return
    do_ko(g, cid, by_effect, source)


handler("ko_check", ko_check)


_DEFERRED = ("deferred",)  # in a ``ko_check``'s ``tried``: moved below its group once (``_defer_for_group``)


def _defer_for_group(g, frame, cid: int, by_effect: bool, source: int, tried: tuple) -> bool:
    """Rule 8-1-3-4 (card Q&A OP05-030 q2): the Characters one effect K.O.s at the same time ("K.O. all ...")
    are one event, whose replacement effects are looked at before any of them is K.O.'d. ``cid`` (its
    ``ko_check`` frame just popped) has none, but one of the group waiting below may: then ``cid``'s K.O. waits
    below the group, so that Rosinante, K.O.'d with 2 rested Characters, can still be trashed instead of their
    K.O. (and then is not K.O.'d either: it has left the field). True if deferred."""
    stack = g.stack
    i = len(stack)
    while by_effect and i and stack[i - 1][0] == "ko_check" and stack[i - 1].by_effect and stack[i - 1].source == source:
        i -= 1
    if i == len(stack) or not any(
            g.on_field(f.cid) and g.fx.replacement_for(g, f.cid, "effect", source, f.tried, ("ko", "removed"))
            for f in stack[i:]):
        return False
    stack.insert(i, KoCheckFrame("ko_check", cid, by_effect, source, tried + (_DEFERRED,)))
    return True
