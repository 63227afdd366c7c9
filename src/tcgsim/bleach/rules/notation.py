"""The Bleach action notation: every option tuple rendered as short text, and text parsed back.

Cards are named by number; a card on the field gets ``#k`` when its owner has several with that number
(``BLX-001#2``: the second in order of entry); cards of the opponent are prefixed ``opp``.

=================================  =======================================
option                             text
=================================  =======================================
``("keep",)`` ``("mulligan",)``    ``keep`` ``mulligan``
``("first",)`` ``("second",)``     ``first`` ``second``
``("enter", c)``                   ``enter BLX-003``
``("event", c, user)``             ``event BLX-020 by BLX-001``
``("effect", src, i, user)``       ``effect BLX-013 by BLX-001`` (``ability`` for a Capacité; ``:2`` = 2nd effect)
``("attack", s)``                  ``attack BLX-001``
``("combat", c)``                  ``combat BLX-026``
``("defend", s)``                  ``defend BLX-005``
``("sacrifice",)`` ``("suffer",)``  ``sacrifice`` ``suffer``
``("spirit", c, s)``               ``spirit BLX-012 -> BLX-001``
``("unleash", s, pieces)``         ``unleash BLX-001 with BLX-030+BLX-031``
``("zanpakuto", s)``               ``zanpakuto -> BLX-001``
``("target", s)``                  ``target opp BLX-009``
``("card", c)``                    ``take BLX-026``
``("discard", c)``                 ``discard BLX-026`` (a card of one's reserve)
``("pass",)`` ``("end",)``         ``pass`` ``end``
=================================  =======================================
"""

from __future__ import annotations

from ...core.machine import IllegalAction
from ...errors import UserError


class NotationError(IllegalAction, UserError):
    """Action text that names no legal option: both an :class:`IllegalAction` (the GameModule contract) and a
    :class:`UserError` (the CLI prints it without a traceback)."""


def label(g, player: int, cid: int) -> str:
    """A card's name as ``player`` reads it (``#k`` for duplicates on the field, ``opp`` for the opponent's)."""
    owner = g.t.owner[cid]
    text = g.name(cid)
    return text if owner == player else "opp " + text


def render(g, player: int, option: tuple) -> str:
    """``option`` in action notation as ``player`` reads it."""
    k = option[0]
    L = lambda c: label(g, player, c)  # noqa: E731
    if k in ("enter", "attack", "combat", "defend"):
        return f"{k} {L(option[1])}"
    if k == "event":
        return f"event {L(option[1])} by {L(option[2])}"
    if k == "effect":
        _, src, i, user = option
        effs = g.t.defs[src].effects
        word = "ability" if effs[i].kind == "ability" else "effect"
        return f"{word} {L(src)}{':%d' % (i + 1) if len(effs) > 1 else ''} by {L(user)}"
    if k == "spirit":
        return f"spirit {L(option[1])} -> {L(option[2])}"
    if k == "unleash":
        return f"unleash {L(option[1])} with {'+'.join(L(c) for c in option[2])}"
    if k == "zanpakuto":
        return f"zanpakuto -> {L(option[1])}"
    if k == "target":
        return f"target {L(option[1])}"
    if k == "card":
        return f"take {L(option[1])}"
    if k == "discard":
        return f"discard {L(option[1])}"
    return k


def _norm(text: str) -> str:
    return " ".join(text.replace("->", " -> ").lower().split())


def parse(g, text: str) -> tuple:
    """The pending option written ``text`` (case and spaces ignored). Raises
    :class:`NotationError` (an IllegalAction and a UserError): with the section of the rules that forbids it
    (``rule``, :func:`tcgsim.bleach.rules.refusals.explain`) when known, else naming the decision and the
    legal options."""
    d = g.pending
    if d is None:
        raise NotationError(f"no decision is pending; cannot play {text!r}")
    want = _norm(text)
    labels = [render(g, d.player, o) for o in d.options]
    for o, lab in zip(d.options, labels):
        if _norm(lab) == want:
            return o
    from .refusals import explain

    why = explain(g, text)
    if why.rule is not None:
        raise NotationError(f"{text!r} is not a legal {d.kind} option for p{d.player + 1}; legal: "
                            f"{', '.join(labels)} (refused by {why})", rule=why.rule, reason=str(why))
    raise NotationError(f"{text!r} is not a legal {d.kind} option for p{d.player + 1}; legal: {', '.join(labels)}")
