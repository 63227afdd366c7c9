"""A decklist corpus: every deck of a folder or of a JSON-lines file, checked for play in ``--strict`` mode.

``tcgsim deck check FOLDER`` / ``tcgsim deck check decks.jsonl`` report, per deck, whether it is legal
(rule 5-1-2) and which of its cards have effect text the engine does not play (``simulate --strict``
refuses such a deck); ``tests/batch/test_corpus.py`` reads ``../shared/decks`` with it and plays every fully
supported deck in ``--strict`` mode.

A folder holds one deck per file (``*.txt``, ``*.deck``, ``*.json``; other files, such as ``README.md``, are
not decks). A JSON-lines file (``*.jsonl``) holds one decklist per line: a JSON deck object (Limitless-style,
see decks/FORMATS.md) or a JSON string holding a decklist in text form; empty lines are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tcgsim.errors import UserError

DECK_SUFFIXES = (".txt", ".deck", ".json")
"""The files of a folder that are read as decks."""

@dataclass(frozen=True, slots=True)
class CorpusDeck:
    """One deck of a corpus.

    ``source``: ``FILE`` or ``FILE:LINE``; ``name``: the deck's name (its file name without suffix, or the
    name a JSON entry gives, else its source); ``deck``: the game's deck object, or ``None`` when it could
    not be read; ``problems``: why it is not legal (``SOURCE:LINE: message`` texts, rule 5-1-2), empty when
    legal; ``unsupported``: its cards (Leader included) with effect text the engine does not play, as
    ``(number, name)`` pairs in card-number order.
    """

    source: str
    name: str
    deck: object | None
    problems: tuple[str, ...] = ()
    unsupported: tuple[tuple[str, str], ...] = field(default=())

    @property
    def strict_playable(self) -> bool:
        """Legal and every card's text played: ``simulate --strict`` accepts it."""
        return self.deck is not None and not self.problems and not self.unsupported


def read_corpus(path: str | Path, module, db) -> list[CorpusDeck]:
    """Every deck of the folder or JSON-lines file ``path``, checked with the game ``module`` and card
    database ``db``, in file-name (then line) order.

    Raises :class:`UserError` if ``path`` is neither a folder nor a ``.jsonl`` file, is a folder with no
    decklist file, or cannot be read; a deck
    that cannot be read or is not legal is reported in its :class:`CorpusDeck`, never raised.
    """
    path = Path(path)
    if path.is_dir():
        files = [f for f in sorted(path.iterdir()) if f.is_file() and f.suffix.lower() in DECK_SUFFIXES]
        if not files:
            raise UserError(f"{path}: a folder with no decklist file (names ending in "
                            f"{', '.join(sorted(DECK_SUFFIXES))})")
        return [_check_file(f, module, db) for f in files]
    if path.is_file() and path.suffix.lower() == ".jsonl":
        return [_check_text(text, source, name, module, db) for text, source, name in _jsonl_entries(path)]
    raise UserError(f"{path}: not a folder of decklists nor a .jsonl file of decklists")


def is_corpus(spec: str) -> bool:
    """Whether ``spec`` names a corpus (a folder or a ``.jsonl`` file) rather than one deck."""
    path = Path(spec)
    return path.is_dir() or (path.is_file() and path.suffix.lower() == ".jsonl")


def _check_file(path: Path, module, db) -> CorpusDeck:
    try:
        deck = module.load_deck(str(path), db)  # read and validated; raises listing every problem
    except UserError as exc:
        return CorpusDeck(str(path), path.stem, None, tuple(str(exc).splitlines()))
    return _checked(deck, str(path), path.stem, (), module, db)


def _check_text(text: str, source: str, name: str, module, db) -> CorpusDeck:
    try:
        deck = module.parse_deck(text, db, source)
    except UserError as exc:
        return CorpusDeck(source, name, None, tuple(str(exc).splitlines()))
    name = getattr(deck, "name", "") or name
    return _checked(deck, source, name, tuple(module.deck_problems(deck, db)), module, db)


def _checked(deck, source: str, name: str, problems: tuple[str, ...], module, db) -> CorpusDeck:
    unsupported = tuple((u["number"], u["name"]) for u in module.unsupported_cards(deck, deck, db))
    return CorpusDeck(source, name, deck, problems, unsupported)


def _jsonl_entries(path: Path) -> Iterator[tuple[str, str, str]]:
    """``(decklist text, FILE:LINE, default name)`` per non-empty line; a line that is not JSON is handed over
    as it is, so that the deck reader reports it (or its size) against its line."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc}") from exc
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        source = f"{path}:{lineno}"
        text = raw.decode("utf-8-sig", errors="replace").strip()
        if not text:
            continue
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = None
        if isinstance(value, str):
            text = value  # a decklist in text form, as a JSON string
        yield text, source, source


def corpus_report(decks: list[CorpusDeck]) -> str:
    """The text ``tcgsim deck check`` prints for a corpus: one line per deck, then the totals and the
    unsupported cards by the number of decks holding them."""
    lines = []
    by_card: dict[tuple[str, str], int] = {}
    for d in decks:
        if d.deck is None or d.problems:
            lines.append(f"{d.name}: not legal: " + "; ".join(d.problems))
        if d.unsupported:
            lines.append(f"{d.name}: {len(d.unsupported)} unsupported: " + ", ".join(f"{n} {m}" for n, m in d.unsupported))
        elif d.deck is not None and not d.problems:
            lines.append(f"{d.name}: every card supported")
        for card in d.unsupported:
            by_card[card] = by_card.get(card, 0) + 1
    ok = sum(d.strict_playable for d in decks)
    illegal = sum(d.deck is None or bool(d.problems) for d in decks)
    lines.append(f"{len(decks)} decks: {ok} fully supported (legal, every card's text played: simulate --strict "
                 f"accepts them), {sum(bool(d.unsupported) for d in decks)} with unsupported cards, {illegal} not legal")
    if by_card:
        ranked = sorted(by_card.items(), key=lambda kv: (-kv[1], kv[0][0]))
        lines.append("unsupported cards by decks: " + ", ".join(f"{n} {m} ({k})" for (n, m), k in ranked))
    return "\n".join(lines)


def corpus_json(decks: list[CorpusDeck]) -> dict:
    """The same report as JSON-ready data: ``{"decks": [{"source", "name", "legal", "problems",
    "unsupported": [{"number", "name"}], "strict_playable"}], "total", "fully_supported", "not_legal"}``."""
    return {
        "decks": [{"source": d.source, "name": d.name, "legal": d.deck is not None and not d.problems,
                   "problems": list(d.problems), "unsupported": [{"number": n, "name": m} for n, m in d.unsupported],
                   "strict_playable": d.strict_playable} for d in decks],
        "total": len(decks),
        "fully_supported": sum(d.strict_playable for d in decks),
        "not_legal": sum(d.deck is None or bool(d.problems) for d in decks),
    }
