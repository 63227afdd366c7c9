"""Turns lark parse trees of ``grammar.lark`` into the IR of :mod:`.ir`.

The transformer works bottom-up: noun phrases become :class:`_NP` (category, zones on the field,
filters), quantities :class:`_Q`; an action combines them with its source ("from your hand") into a
:class:`~.ir.Selector`.  A sentence becomes a :class:`SentenceIR`; ``compiler.py`` assembles sentences
into effects.  Targets whose zone the sentence leaves open ("reveal up to 1 {X} type card" after "Look
at 5 cards ...") get ``zones == ()``; the compiler resolves them from the earlier actions of the effect.
"""

from __future__ import annotations

from lark import Transformer

from .common import _TIMING_NAMES, CONTINUOUS_OPS, SentenceIR
from .sentences import SentenceRules
from .costs import CostRules
from .zones import ZoneActionRules
from .power import PowerActionRules
from .don import DonActionRules
from .prohibitions import ProhibitionRules
from .opponent import OpponentActionRules
from .targets import TargetRules
from .nouns import NounRules
from .conditions import ConditionRules
from .timing import TimingRules

__all__ = ["SentenceIR", "IRBuilder", "CONTINUOUS_OPS", "_TIMING_NAMES"]


class IRBuilder(
    SentenceRules, CostRules, ZoneActionRules, PowerActionRules, DonActionRules, ProhibitionRules,
    OpponentActionRules, TargetRules, NounRules, ConditionRules, TimingRules, Transformer
):
    """lark Transformer from parse trees to IR (one instance is reused; it keeps no state).

    Each base class holds the rules of one grammar section (its module names the section); lark finds a
    rule's method by name on this class. A new grammar rule gets its method in the module of its section."""
