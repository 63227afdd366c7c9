"""What the setups of every game share: the once-per-game keep-or-mulligan decision of the opening hand."""

from __future__ import annotations

from typing import Callable


def keep_or_mulligan(g, player: int, choice, shuffle: Callable[[object, int], None],
                     draw: Callable[[object, int], object]) -> None:
    """The body of a frame handler asking ``player`` (0 or 1) ``keep`` among ``("keep",)`` and
    ``("mulligan",)``.

    With ``choice`` None (first run) the decision is asked and the frame stays on the stack. Once answered
    the frame is popped: ``("mulligan",)`` puts the hand back into the deck, calls ``shuffle(g, player)``,
    logs ``pN mulligans`` and calls ``draw(g, player)`` (a new hand); ``("keep",)`` logs ``pN keeps``.
    ``g`` has ``players[player].hand``/``.deck`` (lists), ``ask``, ``stack`` and ``emit``.
    """
    if choice is None:
        choice = g.ask(player, "keep", [("keep",), ("mulligan",)])
        if choice is None:
            return
    g.stack.pop()
    if choice[0] == "mulligan":
        p = g.players[player]
        p.deck.extend(p.hand)
        p.hand.clear()
        shuffle(g, player)
        g.emit(None, f"p{player + 1} mulligans")
        draw(g, player)
    else:
        g.emit(None, f"p{player + 1} keeps")
