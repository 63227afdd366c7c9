"""Bleach decks: the text format, its parser and the deck-construction rules.

Format (one item per line; blank lines and ``#`` comments ignored)::

    name: compagnons        # optional
    start: BLX-001          # the Ame Principale of Coût d'Entrée 0 that starts face down (in the deck)
    zanpakuto: BLX-034      # the Zanpakutô set aside (not in the deck)
    3xBLX-001               # NxNUMBER, like the OPTCGSim format ("3 BLX-001" also accepted)

Rules (seed §Choix des cartes): at least :data:`MIN_DECK` cards (the starting Ame Principale included:
"Chaque joueur mélange ensuite le reste de son deck"), at most :data:`MAX_COPIES` per card number, one
Zanpakutô besides the deck, and a starting Ame Principale of Coût d'Entrée 0 listed in the deck.
Errors raise :class:`~tcgsim.errors.UserError` as ``FILE:LINE: problem`` (``FILE: problem`` for a
problem of the whole deck).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..core.bounded import cut, echo, read_bounded
from ..errors import UserError

MAX_DECK_BYTES = 200_000
"""Largest deck file read (bytes); a larger one is refused before it is parsed (as a One Piece decklist is)."""

MIN_DECK = 32
"""seed §Choix des cartes: « un deck contenant au moins 32 cartes »."""
MAX_COPIES = 3
"""seed §Choix des cartes: « pas plus de 3 exemplaires d'une même carte dans un deck »."""
BUNDLED = ("compagnons", "rivaux")

_LINE = re.compile(r"^(\d+)\s*[xX]?\s*([A-Za-z]{2,5}-\d{3})$")
_HEADER = re.compile(r"^(name|start|zanpakuto)\s*:\s*(.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class Deck:
    """A legal deck. ``leader`` is the starting Ame Principale's number; ``main`` is a sorted tuple of
    ``(number, count)`` (the starting card included); ``zanpakuto`` the Zanpakutô's number."""

    name: str
    source: str
    leader: str
    main: tuple[tuple[str, int], ...]
    zanpakuto: str

    game = "bleach"  # the game a deck plays (tcgsim.core.games.module_of); a class attribute, not a field

    @property
    def size(self) -> int:
        return sum(n for _, n in self.main)


def parse_deck(text: str, db, source: str = "<deck>") -> Deck:
    """Parse and validate deck ``text``; ``source`` names it in errors. Raises :class:`UserError`."""
    counts: dict[str, int] = {}
    first_line: dict[str, int] = {}
    header: dict[str, tuple[str, int]] = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _HEADER.match(line)
        if m:
            key, value = m.group(1).lower(), m.group(2).strip()
            if key in header:
                raise UserError(f"{source}:{lineno}: '{key}:' given twice (first on line {header[key][1]})")
            if not value:
                raise UserError(f"{source}:{lineno}: '{key}:' needs a value")
            if key != "name":
                value = value.upper()
                _known(db, value, source, lineno)
            header[key] = (value, lineno)
            continue
        m = _LINE.match(line)
        if not m:
            raise UserError(f"{source}:{lineno}: cannot read {echo(line)}: expected 'NxNUMBER' (e.g. 3xBLX-001), "
                            "'start: NUMBER', 'zanpakuto: NUMBER' or 'name: NAME'")
        if len(m.group(1)) > 3:  # no deck holds 1,000 copies; int() of a huge digit string would be slow
            raise UserError(f"{source}:{lineno}: count {echo(m.group(1), 10)} is too large (at most {MAX_COPIES})")
        n, number = int(m.group(1)), m.group(2).upper()
        if n < 1:
            raise UserError(f"{source}:{lineno}: count must be at least 1")
        card = _known(db, number, source, lineno)
        if card.type == "zanpakuto":
            raise UserError(f"{source}:{lineno}: {number} is a Zanpakutô: give it on a 'zanpakuto:' line, not in the deck")
        counts[number] = counts.get(number, 0) + n
        first_line.setdefault(number, lineno)
        if counts[number] > MAX_COPIES:
            raise UserError(f"{source}:{lineno}: {counts[number]} copies of {number} (at most {MAX_COPIES})")
    for key in ("start", "zanpakuto"):
        if key not in header:
            raise UserError(f"{source}: missing '{key}: NUMBER' line")
    start, sl = header["start"]
    sc = db.get(start)
    if sc.type != "main_soul" or sc.entry_cost != 0:
        raise UserError(f"{source}:{sl}: start card {start} must be an Ame Principale (main_soul) of entry cost 0")
    if start not in counts:
        raise UserError(f"{source}:{sl}: start card {start} is not in the deck (add a line '1x{start}')")
    z, zl = header["zanpakuto"]
    if db.get(z).type != "zanpakuto":
        raise UserError(f"{source}:{zl}: {z} is not a Zanpakutô")
    total = sum(counts.values())
    if total < MIN_DECK:
        raise UserError(f"{source}: {total} cards in the deck (at least {MIN_DECK})")
    name = header.get("name", (Path(source).stem, 0))[0]
    return Deck(name, source, start, tuple(sorted(counts.items())), z)


def _known(db, number: str, source: str, lineno: int):
    if number not in db:
        raise UserError(f"{source}:{lineno}: unknown card number {cut(number)}")
    return db.get(number)


def deck_text(deck: Deck) -> str:
    """The deck in the text format (read back by :func:`parse_deck`)."""
    lines = [f"name: {deck.name}", f"start: {deck.leader}", f"zanpakuto: {deck.zanpakuto}"]
    lines += [f"{n}x{num}" for num, n in deck.main]
    return "\n".join(lines) + "\n"


def load_deck(spec: str, db) -> Deck:
    """A bundled deck by name (``compagnons``, ``rivaux``) or a deck file path. Raises :class:`UserError`."""
    key = str(spec).strip()
    if key.lower() in BUNDLED:
        text = resources.files("tcgsim.bleach").joinpath("decks", key.lower() + ".txt").read_text(encoding="utf-8")
        return parse_deck(text, db, f"{key.lower()}.txt")
    p = Path(key)
    if not p.is_file():
        raise UserError(f"{key}: no such deck file and no bundled Bleach deck of that name "
                        f"(bundled: {', '.join(BUNDLED)})")
    try:
        raw = read_bounded(p, MAX_DECK_BYTES)
        if raw is None:
            raise UserError(f"{p}: the file is over {MAX_DECK_BYTES:,} bytes; a deck file is at most that")
        text = raw.decode("utf-8-sig")  # a byte-order mark is not part of the list
    except OSError as e:
        raise UserError(f"{p}: cannot read the deck file: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise UserError(f"{p}: cannot read the deck file: not UTF-8 text ({e.reason} at byte {e.start})") from None
    return parse_deck(text, db, str(p))
