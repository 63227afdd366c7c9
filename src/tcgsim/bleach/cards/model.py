"""The Bleach card model: one pydantic class validates every card of a YAML card file.

Card types (seed §Préparation de la partie, §Déroulement du jeu):

* ``main_soul`` — Ame Principale: ``entry_cost``, ``pc_offensive`` (PC offensif), ``pc_exhausted`` (PC épuisé).
* ``support_soul`` — Ame de Soutien: ``entry_cost``.
* ``event`` — Événement: ``cost`` (cards discarded from the user's Force Spirituelle reserve) and
  ``conditions`` (``[zanpakuto]``: only an Ame Principale bearing the Zanpakutô may use it).
* ``combat`` — carte Combat: ``bonus`` (PC added to the fighting Ame Principale for this combat).
* ``zanpakuto`` — Zanpakutô: ``pc_bonus`` (PC added to its bearer) and ``bonus`` (PC when used as a carte
  Combat, see docs/bleach.md "Choix de règles").
* ``unleashed`` — Ame Déchaînée: a piece ``piece`` of ``pieces`` of the form ``form``, assembled on the Ame
  Principale ``base``; every piece repeats the form's ``pc_offensive``/``pc_exhausted``.

Effects (``effects``) are typed data: ``kind`` is ``effect`` (Effet: only in its owner's own Action d'Effet)
or ``ability`` (Capacité: also in the opponent's Action d'Effet; ``passive``: a lasting modifier, see
:class:`Effect`); ``cost`` (discard N from the user's
reserve), ``zanpakuto`` (the user must bear the Zanpakutô), ``once_per_turn``; ``actions`` is a list of
operations (see :data:`OPS`).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

CARD_TYPES = ("main_soul", "support_soul", "event", "combat", "zanpakuto", "unleashed")
SOULS = ("main_soul", "support_soul")


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Draw(_Op):
    """Draw ``n`` cards (reshuffling the discard if the deck runs short, seed §Pioche)."""
    op: Literal["draw"]
    n: int = Field(ge=1, le=6)


class PcPlus(_Op):
    """+``n`` PC to an Ame Principale (``target``: ``user`` or a chosen ``own`` one) ``until``
    ``turn`` (end of turn) or ``combat`` (end of the current or next combat of this turn)."""
    op: Literal["pc_plus"]
    n: int = Field(ge=50, le=1000)
    target: Literal["user", "own"] = "user"
    until: Literal["turn", "combat"] = "turn"


class Burn(_Op):
    """Discard ``n`` cards from the Force Spirituelle reserve of a chosen opposing Ame Principale."""
    op: Literal["burn"]
    n: int = Field(ge=1, le=6)


class Exhaust(_Op):
    """A chosen opposing Ame Principale becomes épuisée (exhausted)."""
    op: Literal["exhaust"]


class Ready(_Op):
    """An Ame Principale (``user`` or a chosen ``own`` one) becomes offensive."""
    op: Literal["ready"]
    target: Literal["user", "own"] = "user"


class Revert(_Op):
    """A chosen Ame Déchaînée (either side) returns to Ame Principale, keeping its state (seed §Phase
    Finale: its Ame Déchaînée cards are discarded)."""
    op: Literal["revert"]


class Recover(_Op):
    """Take a chosen card from one's discard into one's hand (``card_type`` restricts the choice)."""
    op: Literal["recover"]
    card_type: Literal["main_soul", "support_soul", "event", "combat", "unleashed", "any"] = "any"


class SoulDiscard(_Op):
    """Discard ``n`` cards from the Zone de points d'Ame of ``who`` (``both``, ``opponent``, ``self``)."""
    op: Literal["soul_discard"]
    n: int = Field(ge=1, le=6)
    who: Literal["both", "opponent", "self"] = "both"


Op = Annotated[Union[Draw, PcPlus, Burn, Exhaust, Ready, Revert, Recover, SoulDiscard], Field(discriminator="op")]
OPS = ("draw", "pc_plus", "burn", "exhaust", "ready", "revert", "recover", "soul_discard")
"""Every operation of the effect vocabulary (each has a behaviour test in tests/bleach/test_effects.py)."""


class Effect(BaseModel):
    """One Effet or Capacité: ``kind``, ``cost``, ``zanpakuto``, ``once_per_turn``, ``passive``, ``actions``.

    ``passive: true`` (a Capacité only; seed: « Les capacités sont généralement des effets durables et
    passifs, qui ne dépendent pas de l'action d'un joueur pour être activées »): never used as an action; its
    ``pc_plus`` actions are lasting modifiers while the card is on the field (``target: user``: the Ame
    Principale it belongs to, or the Zanpakutô's bearer; ``own``: every Ame Principale of its player), under
    the ``zanpakuto`` condition (that Ame Principale bears the Zanpakutô). No cost, no ``until``, not once
    per turn."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["effect", "ability"] = "effect"
    cost: int = Field(default=0, ge=0, le=6)
    zanpakuto: bool = False
    once_per_turn: bool = False
    passive: bool = False
    actions: tuple[Op, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _passive(self):
        if not self.passive:
            return self
        if self.kind != "ability":
            raise ValueError("only a Capacité (kind: ability) can be passive")
        if self.cost or self.once_per_turn:
            raise ValueError("a passive Capacité has no cost and is not once per turn")
        for a in self.actions:
            if a.op != "pc_plus" or "until" in a.model_fields_set:
                raise ValueError("a passive Capacité's actions are pc_plus without 'until' (it lasts while on the field)")
        return self


class CardDef(BaseModel):
    """A validated card. Fields not meaningful for the card's ``type`` must be left out (errors say so)."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    number: str = Field(pattern=r"^[A-Z]{2,5}-\d{3}$")
    name: str = Field(min_length=1)
    type: Literal["main_soul", "support_soul", "event", "combat", "zanpakuto", "unleashed"]
    text: str = ""
    entry_cost: int | None = Field(default=None, ge=0, le=10)
    pc_offensive: int | None = Field(default=None, ge=0, le=5000)
    pc_exhausted: int | None = Field(default=None, ge=0, le=5000)
    cost: int | None = Field(default=None, ge=0, le=6)
    conditions: tuple[Literal["zanpakuto"], ...] = ()
    bonus: int | None = Field(default=None, ge=0, le=2000)
    pc_bonus: int | None = Field(default=None, ge=0, le=2000)
    form: str | None = None
    base: str | None = None
    piece: int | None = Field(default=None, ge=1, le=4)
    pieces: int | None = Field(default=None, ge=2, le=4)
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _by_type(self):
        need = {
            "main_soul": ("entry_cost", "pc_offensive", "pc_exhausted"),
            "support_soul": ("entry_cost",),
            "event": ("cost",),
            "combat": ("bonus",),
            "zanpakuto": ("bonus", "pc_bonus"),
            "unleashed": ("form", "base", "piece", "pieces", "pc_offensive", "pc_exhausted"),
        }[self.type]
        optional = ("entry_cost", "pc_offensive", "pc_exhausted", "cost", "bonus", "pc_bonus", "form", "base",
                    "piece", "pieces")
        for f in need:
            if getattr(self, f) is None:
                raise ValueError(f"field {f!r} is required for a {self.type} card")
        for f in optional:
            if f not in need and getattr(self, f) is not None:
                raise ValueError(f"field {f!r} is not allowed on a {self.type} card")
        if self.conditions and self.type != "event":
            raise ValueError("field 'conditions' is only allowed on an event card")
        if self.type in ("event",) and not self.effects:
            raise ValueError("an event card needs effects")
        if self.type == "event" and any(e.cost or e.zanpakuto for e in self.effects):
            raise ValueError("an event's cost and conditions go on the card ('cost', 'conditions')")
        if self.type == "support_soul" and any(e.passive and e.zanpakuto for e in self.effects):
            raise ValueError("the « Zanpakutô » condition of a passive Capacité needs an Ame Principale")
        if self.type == "event" and any(e.passive for e in self.effects):
            raise ValueError("an event has no passive Capacité")
        if self.type == "combat" and self.effects:
            raise ValueError("a combat card has no effects")
        if self.piece is not None and self.piece > self.pieces:
            raise ValueError(f"piece {self.piece} of {self.pieces}")
        return self

    @property
    def is_soul(self) -> bool:
        return self.type in SOULS
