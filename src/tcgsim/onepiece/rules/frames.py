"""The registry of frame handlers: the steps of the game as an explicit, resumable stack.

Each frame on ``GameState.stack`` is an immutable tuple whose first element names its handler. A handler
``h(game, frame, choice)`` is called with ``choice=None`` when the frame is first run; if it needs a
player's decision it calls ``game.ask(...)`` and returns, leaving itself on the stack; it is called again
with the chosen option when the decision is answered. A handler pops itself (``game.stack.pop()``) when
its step is complete, or replaces itself (``game.stack[-1] = new_frame``) to record progress.

Each step module (phases.py, main_phase.py, battle.py, damage.py, setup.py, zones.py, events.py) has its
own table and registers each handler right after its definition with ``handler("name", function)``: a
call, not a decorator, so that mutmut (which skips decorated functions) mutates the handlers' bodies too
(benchmarks/mutation.py, issue 17 §4).
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.machine import handler_registry

HANDLERS, handler = handler_registry()
"""The game's table of frame handlers by name (``Game.HANDLERS``), filled by ``Game.install`` from each step
module's and the card effects' own tables; ``handler("name", fn)`` (or ``@handler("name")``) adds a frame directly (tests)."""


# The named records of the effect frames (effects/interpreter.py). Each is a ``typing.NamedTuple``: a tuple,
# so equality, hashing, pickling, ``Game.clone`` (the stack list copied, the frames shared) and the JSON form
# (a list, rules/serialize.py) are those of the plain tuple it replaces, and a read by index still works.
# ``name`` is the handler's name (``frame[0]``). A slice of a record is a plain tuple: a frame replaced with
# new progress is built with the record (``ActFrame.with_state``), never by slicing.

class EffectFrame(NamedTuple):
    """``("effect", src, eidx, stage, inst)``: effect ``eidx`` of card ``src`` resolving as instance ``inst``;
    ``stage`` 0: conditions (8-3-2) and "you may" to check, -1: conditions checked, 1: costs to pay (8-3-1),
    2: actions to resolve (8-4-1)."""

    name: str
    src: int
    eidx: int
    stage: int
    inst: int


class EffectEndFrame(NamedTuple):
    """``("effect_end", inst)``: below an effect's frames; drops its scratch data ``Game.ctx[inst]``."""

    name: str
    inst: int


class CostFrame(NamedTuple):
    """``("cost", src, eidx, ci, inst, state)``: paying cost ``ci`` of effect ``eidx`` of ``src`` (8-3-1);
    ``state``: the op's progress (cards chosen so far, DON!! returned ...), ``()`` at first."""

    name: str
    src: int
    eidx: int
    ci: int
    inst: int
    state: tuple

    def with_state(self, state) -> "CostFrame":
        """This frame with progress ``state``."""
        return CostFrame(self[0], self[1], self[2], self[3], self[4], state)


class ActFrame(NamedTuple):
    """``("act", src, eidx, path, inst, state)``: one action of effect ``eidx`` of ``src``; ``path`` addresses
    it in the action tree (``(i,)``, then ``"b", j`` into a body, ``"o", k, j`` into option ``k``);
    ``state``: the op's progress, ``()`` at first."""

    name: str
    src: int
    eidx: int
    path: tuple
    inst: int
    state: tuple

    def with_state(self, state) -> "ActFrame":
        """This frame with progress ``state``."""
        return ActFrame(self[0], self[1], self[2], self[3], self[4], state)


class KoCheckFrame(NamedTuple):
    """``("ko_check", cid, by_effect, source, tried)``: the K.O. of Character ``cid`` about to happen, its
    replacement effects offered first (rules/zones.ko_check, 8-1-3-4); ``by_effect``: K.O.'d by an effect (of
    card ``source``, else -1); ``tried``: the ``(card, effect index)`` replacements already declined."""

    name: str
    cid: int
    by_effect: bool
    source: int
    tried: tuple


class ReplacementCheckFrame(NamedTuple):
    """``("rest_check" | "remove_check", source, chosen, field, i, tried, replaced)``: before the effect of
    ``source`` rests or removes the ``chosen`` cards, the "would be rested / removed" replacement effects of
    each card of ``field`` (those on the field) offered in turn (effects/actions.py, 8-1-3-4); ``i``: the card
    of ``field`` now asked about, ``tried``: its replacements declined, ``replaced``: the cards saved so far."""

    name: str
    source: int
    chosen: tuple
    field: tuple
    i: int
    tried: tuple
    replaced: tuple


class ReturnLookedFrame(NamedTuple):
    """``("return_looked", player, looked)``: at the end of a "look at" effect, the ``looked`` cards still in
    ``Game.limbo`` go back on top of ``player``'s deck (effects/actions.op_look)."""

    name: str
    player: int
    looked: tuple


RECORDS: dict[str, type] = {"effect": EffectFrame, "effect_end": EffectEndFrame, "cost": CostFrame, "act": ActFrame,
                            "ko_check": KoCheckFrame, "rest_check": ReplacementCheckFrame,
                            "remove_check": ReplacementCheckFrame, "return_looked": ReturnLookedFrame}
"""Frame name -> its record class, for rebuilding frames from JSON lists (rules/serialize.game_from_dict)."""


def as_record(frame: tuple) -> tuple:
    """``frame`` (a tuple) as its named record when its kind has one (with that record's length), else as it is."""
    cls = RECORDS.get(frame[0]) if frame else None
    return cls._make(frame) if cls is not None and len(frame) == len(cls._fields) else frame
