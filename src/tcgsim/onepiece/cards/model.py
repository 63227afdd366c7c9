"""Typed card records of the ONE PIECE CARD GAME (rules section 2: card information).

A :class:`CardDef` is immutable, shared by every game and every clone of a game; the mutable state of a
physical card (rested, DON!! given, ...) lives in the game state, indexed by a per-game card id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEADER = "Leader"
CHARACTER = "Character"
EVENT = "Event"
STAGE = "Stage"
CATEGORIES = (LEADER, CHARACTER, EVENT, STAGE)
COLORS = ("Red", "Green", "Blue", "Purple", "Black", "Yellow")

# Keyword bits (rule 10-1), read from the printed text: a keyword that opens a paragraph.
KW_RUSH = 1            # 10-1-1
KW_DOUBLE_ATTACK = 2   # 10-1-2
KW_BANISH = 4          # 10-1-3
KW_BLOCKER = 8         # 10-1-4
KW_RUSH_CHARACTER = 16  # 10-1-6
KW_UNBLOCKABLE = 32    # 10-1-7
KEYWORD_BITS = {
    "Rush": KW_RUSH,
    "Double Attack": KW_DOUBLE_ATTACK,
    "Banish": KW_BANISH,
    "Blocker": KW_BLOCKER,
    "Rush: Character": KW_RUSH_CHARACTER,
    "Unblockable": KW_UNBLOCKABLE,
}


def keyword_names(bits: int) -> list[str]:
    """Names of the keywords set in ``bits`` (e.g. ``["Rush", "Blocker"]``), in rule order."""
    return [name for name, bit in KEYWORD_BITS.items() if bits & bit]


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as printed (rule 2): the base card of its number, alternate arts folded in.

    Numbers are ints or ``None`` where the card has none (the database's "-"): ``cost`` for Leaders,
    ``power`` for Events and Stages, ``counter`` for cards without a Counter value, ``life`` for
    non-Leaders. ``text`` is the effect text without the [Trigger] part, paragraphs joined by "\\n";
    ``trigger_text`` is the text after "[Trigger]" (rule 10-1-5), or ``None``.
    ``keywords`` is a bit set of ``KW_*`` read from the printed text (rule 10-1), never from the data's tags.
    ``don_deck_size`` and ``max_copies`` carry construction-changing text (rule 5-1-2-4); ``max_copies`` is
    ``None`` for "any number of this card".
    ``effects`` holds the compiled effects (effect compiler); ``unsupported`` lists the text fragments the
    engine does not understand, which it reports and never silently ignores.
    """

    number: str
    name: str
    category: str
    colors: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    counter: int | None = None
    life: int | None = None
    attributes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    text: str = ""
    trigger_text: str | None = None
    block: str | None = None
    keywords: int = 0
    don_deck_size: int = 10
    max_copies: int | None = 4
    effects: tuple = field(default=(), compare=False)
    unsupported: tuple[str, ...] = ()

    def has(self, keyword_bit: int) -> bool:
        """True if the printed text gives this card the keyword ``keyword_bit`` (a ``KW_*`` constant)."""
        return bool(self.keywords & keyword_bit)


FILLER = CardDef(
    number="FILLER", name="Filler", category=CHARACTER, colors=(), cost=1, power=1000, counter=None
)
"""The scenarios' built-in vanilla Character: no color, cost 1, power 1000, no Counter, no text."""
