"""Loading Bleach card files (YAML) into a :class:`CardDatabase`.

File shape::

    set: BLX
    cards:
      - number: BLX-001
        name: Kaito Rensa
        type: main_soul
        entry_cost: 0
        pc_offensive: 300
        pc_exhausted: 200
        effects:
          - kind: effect        # or ability
            cost: 1
            actions: [{op: pc_plus, n: 100, target: user, until: turn}]

Errors raise :class:`~tcgsim.errors.UserError` naming the file, the card (number, or position when the
number is missing) and the field, e.g. ``sample_set.yaml: card BLX-004 (#4): effects.0.actions.0.n: ...``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import yaml
from pydantic import ValidationError

from ...errors import UserError
from .model import CardDef

SAMPLE_SET = "sample_set.yaml"


class CardDatabase:
    """Cards by number. ``get(number)`` raises :class:`UserError` for an unknown number."""

    def __init__(self, cards: dict[str, CardDef], sources: tuple[str, ...] = ()) -> None:
        self.cards = cards
        self.sources = sources

    def get(self, number: str) -> CardDef:
        try:
            return self.cards[number]
        except KeyError:
            raise UserError(f"unknown Bleach card number {number!r}") from None

    def __contains__(self, number: str) -> bool:
        return number in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def all(self) -> list[CardDef]:
        return [self.cards[n] for n in sorted(self.cards)]


def _where(source: str, i: int, raw) -> str:
    number = raw.get("number") if isinstance(raw, dict) else None
    return f"{source}: card {number or '?'} (#{i + 1})"


def parse_cards(text: str, source: str) -> dict[str, CardDef]:
    """Cards of one YAML text; ``source`` names the file in errors. Raises :class:`UserError`."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise UserError(f"{source}: not valid YAML: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise UserError(f"{source}: expected a mapping with a 'cards' list")
    out: dict[str, CardDef] = {}
    for i, raw in enumerate(data["cards"]):
        where = _where(source, i, raw)
        if not isinstance(raw, dict):
            raise UserError(f"{where}: expected a mapping of fields")
        try:
            card = CardDef.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            field = ".".join(str(x) for x in err["loc"]) or "(card)"
            raise UserError(f"{where}: {field}: {err['msg']}") from None
        if card.number in out:
            raise UserError(f"{where}: number: duplicate card number {card.number}")
        out[card.number] = card
    _check_links(out, source)
    return out


def _check_links(cards: dict[str, CardDef], source: str) -> None:
    """Ame Déchaînée pieces: ``base`` is an Ame Principale of the file; the pieces of a form agree."""
    forms: dict[str, list[CardDef]] = {}
    for c in cards.values():
        if c.type != "unleashed":
            continue
        base = cards.get(c.base)
        if base is None or base.type != "main_soul":
            raise UserError(f"{source}: card {c.number}: base: {c.base!r} is not an Ame Principale (main_soul) of the set")
        forms.setdefault(c.form, []).append(c)
    for form, pieces in forms.items():
        first = pieces[0]
        for c in pieces:
            if (c.base, c.pieces, c.pc_offensive, c.pc_exhausted) != (first.base, first.pieces, first.pc_offensive, first.pc_exhausted):
                raise UserError(f"{source}: card {c.number}: form {form!r}: base/pieces/PC differ from {first.number}")
        if sorted(c.piece for c in pieces) != list(range(1, first.pieces + 1)):
            raise UserError(f"{source}: card {first.number}: form {form!r}: pieces must be numbered 1..{first.pieces} once each")


def load_cards(*paths: str | Path) -> CardDatabase:
    """A database of the card files ``paths`` (the sample set when none). Raises :class:`UserError`."""
    cards: dict[str, CardDef] = {}
    sources = []
    if not paths:
        text = resources.files("tcgsim.bleach.cards").joinpath(SAMPLE_SET).read_text(encoding="utf-8")
        cards.update(parse_cards(text, SAMPLE_SET))
        sources.append(SAMPLE_SET)
    for path in paths:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise UserError(f"{p}: cannot read card file: {e.strerror}") from None
        for n, c in parse_cards(text, str(p)).items():
            if n in cards:
                raise UserError(f"{p}: card {n}: number: already defined in another file")
            cards[n] = c
        sources.append(str(p))
    return CardDatabase(cards, tuple(sources))


_DEFAULT: CardDatabase | None = None


def default_database() -> CardDatabase:
    """The bundled sample set (set code BLX), loaded once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_cards()
    return _DEFAULT
