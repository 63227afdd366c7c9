"""The card-effect interpreter as the rules engine sees it: the implementation of
:class:`tcgsim.onepiece.rules.card_effects.CardEffects`.

:data:`CARD_EFFECTS` binds the operations of ``hooks.py`` (timings, activated, [Trigger] and replacement
effects), ``interpreter.py`` and ``select.py`` to that interface, with the frame handlers of
``interpreter.py`` and ``actions.py``; ``tcgsim/onepiece/__init__.py`` installs it (``Game.install``).
:data:`OPS` is every action the interpreter resolves, by IR op name.
"""

from __future__ import annotations

from ..rules.card_effects import CardEffects
from . import actions, hooks, interpreter, select

OPS = {**interpreter.OPS, **actions.OPS}
"""Every IR action op the interpreter resolves: the ``act`` frame calls ``OPS[op](g, frame, action, choice)``."""


class Interpreter(CardEffects):
    """The card-effect interpreter behind the rules' interface (see :class:`CardEffects` for each operation)."""

    handlers = {**interpreter.HANDLERS, **actions.HANDLERS}
    ops = OPS

    fire = staticmethod(hooks.fire)
    fire_event = staticmethod(hooks.fire_event)
    fire_on_ko = staticmethod(hooks.fire_on_ko)
    queue = staticmethod(hooks.queue)
    auto_effects = staticmethod(hooks.auto_effects)
    queue_index = staticmethod(interpreter.queue_index)
    run_delayed = staticmethod(interpreter.run_delayed)
    run_delayed_battle = staticmethod(interpreter.run_delayed_battle)
    run_delayed_main = staticmethod(interpreter.run_delayed_main)

    activatable = staticmethod(hooks.activatable)
    usable = staticmethod(hooks.usable)
    activate = staticmethod(hooks.activate)
    activate_event = staticmethod(hooks.activate_event)
    has_supported_trigger = staticmethod(hooks.has_supported_trigger)
    can_pay = staticmethod(interpreter.can_pay)
    conditions_hold = staticmethod(interpreter.conditions_hold)

    replacement_for = staticmethod(hooks.replacement_for)
    replaces = staticmethod(hooks.replaces)
    replace = staticmethod(hooks.replace)
    offer_replacement = staticmethod(hooks.offer_replacement)

    condition_holds = staticmethod(select.condition_holds)
    count_of = staticmethod(select.count_of)
    candidates = staticmethod(select.candidates)
    matches = staticmethod(select.matches)
    action_at = staticmethod(interpreter.action_at)

    # the effects' own: a cost of interpreter.py that resolves through actions.py (which imports it)
    rest_cards_or_don = staticmethod(actions.rest_cards_or_don)


CARD_EFFECTS = Interpreter()
"""The one instance, installed into the rules engine by ``tcgsim/onepiece/__init__.py``."""
