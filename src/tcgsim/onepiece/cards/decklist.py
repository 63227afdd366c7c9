"""Decklists: reading the community formats, checking deck-construction rules (rule 5-1-2), writing sim text.

Accepted inputs (see the formats notes shipped with the reference decks):

* OPTCGSim text: ``4xOP01-016`` per line; also ``4XOP01-016``, ``4x OP01-016``, ``4 OP01-016``, alternate-art
  suffixes (``OP01-013_p1``), several entries on one line separated by spaces, and comma-separated lists that
  may start with a deck name (``ST01-DefaultDeck,1xST01-001,...``).
* Egman Events text: ``4 OP01-016 Nami`` (a card name after the number, ignored).
* Limitless Play JSON: one standings entry with a ``decklist`` object, or the ``decklist`` object itself.

Blank lines and ``#`` comments are ignored. The Leader is the entry whose card is a Leader, wherever it is.
Reading never stops at the first mistake: malformed lines become :class:`DeckProblem` records kept on the
:class:`Deck`, and :func:`validate_deck` returns them together with the rule violations.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from tcgsim.core.bounded import MAX_ECHO, echo as _echo, read_bounded  # noqa: F401  (MAX_ECHO: the limit tests read here)
from tcgsim.errors import UserError
from tcgsim.onepiece.cards.database import CardDatabase, deck_restrictions, normalize_number, unknown_hint
from tcgsim.onepiece.cards.model import LEADER, CardDef

MAIN_DECK_SIZE = 50
"""Rule 5-1-2: a deck has exactly 50 cards besides the Leader."""

DEFAULT_MAX_COPIES = 4
"""Rule 5-1-2-3: at most 4 cards with the same card number."""

MAX_DECK_BYTES = 200_000
"""The largest decklist read (a real one is under 10 KB, Limitless JSON included)."""
MAX_PROBLEMS = 50
"""Problems reported per decklist at most; the rest are counted."""
MAX_COUNT = 1_000
"""The largest count one entry may give (a whole deck is 50 cards)."""

_BUNDLED_PACKAGE = "tcgsim.onepiece.cards"
_BUNDLED_DIR = "decks"


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One reason a decklist cannot be used: ``line`` is the 1-based line of the file it concerns, or None
    when it concerns the whole deck (or the input has no lines, as in JSON)."""

    line: int | None
    message: str
    fatal: bool = False
    """The file could not be read as a decklist at all (invalid JSON, too large): the deck-construction
    checks that would only repeat it ("no Leader", "0 cards") are not reported."""
    dropped: bool = False
    """A card entry of a JSON decklist could not be read (a count of ``"four"``, a number of the wrong type):
    the whole-deck counts ("no Leader", "the main deck has N cards") would be made without it and only
    obscure this problem, so they are not reported until it is fixed."""

    def format(self, source: str) -> str:
        """``"FILE:LINE: message"`` (``"FILE: message"`` without a line)."""
        where = source if self.line is None else f"{source}:{self.line}"
        return f"{where}: {self.message}"


class DeckError(UserError):
    """A deck cannot be loaded or is not legal. ``problems`` lists every problem; the message shows each
    one as ``FILE:LINE: message``, one per line."""

    def __init__(self, source: str, problems: Iterable[DeckProblem]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(p.format(source) for p in self.problems))


@dataclass(frozen=True, slots=True)
class Deck:
    """A decklist in canonical form.

    ``leader`` is the Leader's card number ("" if the list has none); ``main`` the main-deck entries as
    ``(card number, count)`` pairs in file order, one pair per number (repeated lines are added up);
    ``name`` a display name; ``source`` the file it came from (used in problem reports).
    ``lines`` maps each card number (Leader included) to the file lines that mention it, and
    ``parse_problems`` holds the lines that could not be read; neither takes part in equality.
    """

    leader: str
    main: tuple[tuple[str, int], ...]
    name: str = ""
    source: str = ""
    lines: tuple[tuple[str, tuple[int, ...]], ...] = field(default=(), compare=False, repr=False)
    parse_problems: tuple[DeckProblem, ...] = field(default=(), compare=False, repr=False)
    hidden_problems: int = field(default=0, compare=False, repr=False)
    """How many reading problems ``parse_problems`` does not list (it lists :data:`MAX_PROBLEMS`, then one
    "... and N more problems not shown")."""

    game = "onepiece"  # the game a deck plays (tcgsim.core.games); a class attribute, not a field

    @property
    def size(self) -> int:
        """Number of main-deck cards (the Leader is not counted)."""
        return sum(count for _, count in self.main)

    def lines_of(self, number: str) -> tuple[int, ...]:
        """The file lines that mention ``number`` (empty for JSON input)."""
        return dict(self.lines).get(number, ())

    def don_deck_size(self, db: CardDatabase) -> int:
        """Size of the DON!! deck this list plays with: 10, or what the Leader's text says (rule 5-1-2-4)."""
        if self.leader in db:
            return db.get(self.leader).don_deck_size
        return 10


# ----------------------------------------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------------------------------------

_ENTRY = re.compile(r"(?P<count>\d+)\s*[xX]?\s*(?P<number>[A-Za-z]+\d*-\d+)(?:_[A-Za-z]\d+)?(?![\w-])")
_COMMENT = re.compile(r"(?:^|\s)#.*$")
_EXPECTED = "expected COUNTxCARD-NUMBER, e.g. 4xOP01-016"


@dataclass(slots=True)
class _Entry:
    number: str
    count: int
    line: int | None


def _read_text(text: str) -> tuple[list[_Entry], list[DeckProblem], str | None]:
    """Entries, problems and the deck name (comma format) of a text decklist."""
    entries: list[_Entry] = []
    problems: list[DeckProblem] = []
    name: str | None = None
    first_content = True
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        pieces = line.split(",")
        in_name = False  # inside an Egman-style card name (names may contain commas)
        for index, piece in enumerate(pieces):
            piece = piece.strip()
            if not piece:
                continue
            pos = 0
            while pos < len(piece):
                m = _ENTRY.match(piece, pos)
                if m is None:
                    rest = piece[pos:].strip()
                    if in_name or (pos > 0 and rest[:1].isalpha()):
                        in_name = True  # a card name after the number: ignored
                    elif index == 0 and pos == 0 and len(pieces) > 1 and first_content and name is None:
                        name = rest  # "DeckName,1xST01-001,..."
                    else:
                        problems.append(DeckProblem(lineno, f"cannot read {_echo(rest)} ({_EXPECTED})"))
                    break
                in_name = False
                count = int(m.group("count")) if len(m.group("count")) <= 6 else MAX_COUNT + 1
                number = normalize_number(m.group("number"))
                if len(number) > 20:
                    problems.append(DeckProblem(lineno, f"cannot read {_echo(number)}: not a card number ({_EXPECTED})"))
                elif count < 1:
                    problems.append(DeckProblem(lineno, f"{number}: count must be at least 1, not {count}"))
                elif count > MAX_COUNT:
                    problems.append(DeckProblem(lineno, f"{number}: a count of at most {MAX_COUNT} (a deck has 50 cards)"))
                else:
                    entries.append(_Entry(number, count, lineno))
                pos = m.end()
                while pos < len(piece) and piece[pos].isspace():
                    pos += 1
        first_content = False
    return entries, problems, name


class _JsonCard(BaseModel):
    """One card entry of a Limitless decklist: ``count`` a whole number (default 1), ``number`` with or
    without its ``set``; other fields (``name``, ``id``, ...) are ignored."""

    model_config = ConfigDict(extra="ignore")
    count: StrictInt = Field(1, ge=1, le=MAX_COUNT)
    number: StrictStr | StrictInt = ""
    set: StrictStr | None = None
    name: StrictStr | None = None


def _json_number(card: dict) -> str:
    number = str(card.get("number", "")).strip()
    if "-" in number:
        return normalize_number(number)
    set_code = str(card.get("set", "")).strip()
    if not set_code or not number:
        raise ValueError(f"card entry without set and number: {_echo(json.dumps(card))}")
    if number.isdigit():
        number = f"{int(number):03d}"
    return normalize_number(f"{set_code}-{number}")


def _read_json(text: str) -> tuple[list[_Entry], list[DeckProblem], str | None]:
    """Entries, problems and the deck name of a Limitless-style JSON decklist (entries have no lines)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
        msg = str(getattr(exc, "msg", exc))
        where = "" if col is None else f" column {col}" if msg.endswith(" at") else f" (column {col})"
        cut = " (the file may be cut short)" if getattr(exc, "pos", -1) >= len(text.rstrip()) - 1 or "Unterminated" in msg else ""
        return [], [DeckProblem(line, f"invalid JSON: {msg}{where}{cut}", fatal=True)], None
    except RecursionError:
        return [], [DeckProblem(None, "invalid JSON: nested too deeply for a decklist", fatal=True)], None
    if isinstance(data, list) and len(data) == 1:
        data = data[0]
    if not isinstance(data, dict):
        return [], [DeckProblem(None, "expected one JSON deck object with a 'decklist'", fatal=True)], None
    name = data.get("name") if isinstance(data.get("name"), str) else None
    if isinstance(data.get("deck"), dict) and isinstance(data["deck"].get("name"), str):
        name = data["deck"]["name"]
    decklist = data.get("decklist", data)
    if not isinstance(decklist, dict) or not any(k in decklist for k in ("leader", "character", "event", "stage")):
        return [], [DeckProblem(None, "JSON deck has no 'decklist' with leader/character/event/stage")], name
    entries: list[_Entry] = []
    problems: list[DeckProblem] = []
    for section in ("leader", "character", "event", "stage"):
        cards = decklist.get(section) or []
        if isinstance(cards, dict):
            cards = [cards]
        if not isinstance(cards, list):
            problems.append(DeckProblem(None, f"decklist.{section} must be a list of cards, not {_echo(json.dumps(cards))}",
                                        dropped=True))
            continue
        for i, card in enumerate(cards, 1):
            where = f"decklist.{section}[{i}]"
            if not isinstance(card, dict):
                problems.append(DeckProblem(None, f"{where} is not a card object: {_echo(json.dumps(card))}", dropped=True))
                continue
            try:
                entry = _JsonCard.model_validate(card)
                number = _json_number({"number": entry.number, "set": entry.set or ""})
            except ValidationError as exc:
                err = exc.errors()[0]
                field_name = ".".join(str(x) for x in err["loc"]) or "card"
                label = card.get("name") if isinstance(card.get("name"), str) else card.get("number")
                problems.append(DeckProblem(None, f"{where} ({_echo(str(label))}): {field_name}: {err['msg']}, "
                                                  f"not {_echo(json.dumps(err.get('input')))}", dropped=True))
                continue
            except ValueError as exc:
                problems.append(DeckProblem(None, f"{where}: {exc}", dropped=True))
                continue
            if len(number) > 20:
                problems.append(DeckProblem(None, f"{where}: {_echo(number)} is not a card number", dropped=True))
                continue
            entries.append(_Entry(number, entry.count, None))
    return entries, problems, name


def parse_deck(text: str, db: CardDatabase, *, name: str = "", source: str = "<text>") -> Deck:
    """Read a decklist in any accepted format (JSON if it starts with "{" or "[", text otherwise).

    The Leader is the first entry whose card is a Leader in ``db``; any other entry (another Leader included)
    goes to the main deck, where :func:`validate_deck` reports it. Never raises on bad content: unreadable
    lines are kept in ``Deck.parse_problems``.
    """
    size = len(text.encode("utf-8", "replace"))
    if size > MAX_DECK_BYTES:
        return Deck(leader="", main=(), name=name, source=source, lines=(), parse_problems=(
            DeckProblem(None, f"the decklist is {size:,} bytes; a decklist is at most {MAX_DECK_BYTES:,}", fatal=True),))
    stripped = text.lstrip("\ufeff \t\r\n")
    reader = _read_json if stripped[:1] in ("{", "[") else _read_text
    entries, problems, found_name = reader(stripped if reader is _read_json else text.lstrip("\ufeff"))
    leader = ""
    main: dict[str, int] = {}
    lines: dict[str, list[int]] = {}
    for entry in entries:
        if entry.line is not None:
            lines.setdefault(entry.number, []).append(entry.line)
        if not leader and entry.number in db and db.get(entry.number).category == LEADER:
            leader = entry.number
            if entry.count != 1:
                problems.append(
                    DeckProblem(
                        entry.line,
                        f"Leader {leader} is listed {entry.count} times; a deck has exactly 1 Leader (rule 5-1-2)",
                    )
                )
            continue
        main[entry.number] = main.get(entry.number, 0) + entry.count
    hidden = max(0, len(problems) - MAX_PROBLEMS)
    if hidden:
        problems = problems[:MAX_PROBLEMS] + [_more_problems(hidden)]
    return Deck(
        leader=leader,
        main=tuple(main.items()),
        name=found_name or name,
        source=source,
        lines=tuple((number, tuple(ls)) for number, ls in lines.items()),
        parse_problems=tuple(problems),
        hidden_problems=hidden,
    )


def _more_problems(count: int) -> DeckProblem:
    return DeckProblem(None, f"... and {count:,} more problems not shown")


def bundled_decks() -> list[str]:
    """Names of the starter decks shipped with tcgsim, e.g. ``["ST01", ..., "ST07"]``."""
    folder = resources.files(_BUNDLED_PACKAGE).joinpath(_BUNDLED_DIR)
    return sorted(item.name[:-4] for item in folder.iterdir() if item.name.endswith(".txt"))


def load_deck(spec: str | Path, db: CardDatabase) -> Deck:
    """Load a deck from a file path, or a bundled starter deck by name ("ST01".."ST07", any case).

    An existing file wins over a bundled name. Raises :class:`DeckError` if neither exists or the file
    cannot be read; content problems do not raise (see :func:`validate_deck`).
    """
    path = Path(spec)
    if path.is_dir():
        raise DeckError(str(spec), [DeckProblem(None, "is a folder, not a deck file")])
    if path.is_file():
        try:
            raw = read_bounded(path, MAX_DECK_BYTES)
            if raw is None:
                raise DeckError(str(spec), [DeckProblem(None, f"the file is over {MAX_DECK_BYTES:,} bytes; a "
                                                              "decklist is at most that")])
            text = raw.decode("utf-8-sig")  # a byte-order mark is not part of the list
        except (OSError, UnicodeDecodeError) as exc:
            raise DeckError(str(spec), [DeckProblem(None, f"cannot read the deck file: {exc}")]) from exc
        return parse_deck(text, db, name=path.stem, source=str(spec))
    wanted = str(spec).strip().upper()
    for bundled in bundled_decks():
        if bundled.upper() == wanted:
            resource = resources.files(_BUNDLED_PACKAGE).joinpath(_BUNDLED_DIR, f"{bundled}.txt")
            return parse_deck(resource.read_text(encoding="utf-8"), db, name=bundled, source=f"bundled/{bundled}.txt")
    available = ", ".join(bundled_decks())
    raise DeckError(str(spec), [DeckProblem(None, f"no such deck file or bundled deck (bundled decks: {available})")])


# ----------------------------------------------------------------------------------------------------------
# Validation
# ----------------------------------------------------------------------------------------------------------

def _label(card: CardDef) -> str:
    return f"{card.number} {card.name}"


def _colors(card: CardDef) -> str:
    return "/".join(card.colors) or "colorless"


def validate_deck(deck: Deck, db: CardDatabase) -> list[DeckProblem]:
    """Every problem of ``deck`` against the deck-construction rules, reading problems included.

    Checks (rule 5-1-2): exactly 1 Leader; exactly 50 main-deck cards; only Characters, Events and Stages
    in the main deck (5-1-2-1); every color of every card on the Leader (5-1-2-2, so a multicolor card needs
    all its colors there); at most 4 cards per number (5-1-2-3) unless the card allows any number; the
    Leader's construction text (5-1-2-4, e.g. OP12-001 forbids cost 5 or more); unknown card numbers.
    Returns line-specific problems in line order, then whole-deck problems; empty if the deck is legal.
    """
    problems = list(deck.parse_problems)
    if any(p.fatal for p in problems):
        return problems
    if deck.hidden_problems:
        problems = problems[:-1]  # the "... and N more" line: counted again below with the other problems
    unknown: dict[int, str] = {}  # index in problems -> card number: its "did you mean" is found only if listed
    first_line = {number: (ls[0] if ls else None) for number, ls in deck.lines}
    complete = not any(p.dropped for p in problems)  # else the counts below would only obscure the first
    leader = db.get(deck.leader) if deck.leader in db else None
    if leader is None and complete:
        problems.append(DeckProblem(None, "no Leader card; a deck needs exactly 1 Leader (rule 5-1-2)"))
    restrictions = deck_restrictions(leader) if leader is not None else ()
    for number, count in deck.main:
        line = first_line.get(number)
        if number not in db:
            unknown[len(problems)] = number
            problems.append(DeckProblem(line, f"unknown card number {number}"))
            continue
        card = db.get(number)
        if card.category == LEADER and number == deck.leader:
            # the deck's own Leader listed again: at the repeat's line, with how many copies the main deck got
            ls = deck.lines_of(number)
            again = ls[1] if len(ls) > 1 else None
            first = f" (first on line {ls[0]})" if ls else ""
            also = f", also on line{'s' if len(ls) > 3 else ''} {', '.join(map(str, ls[2:]))}" if len(ls) > 2 else ""
            copies = f"{count} more cop{'y' if count == 1 else 'ies'}"
            problems.append(DeckProblem(again, f"the Leader {_label(card)} is listed again{first}{also}: {copies} "
                                               "counted in the main deck; a deck has exactly 1 Leader and the main "
                                               "deck holds only Characters, Events and Stages (rules 5-1-2, 5-1-2-1)"))
            continue
        if card.category == LEADER:
            problems.append(
                DeckProblem(
                    line,
                    f"{_label(card)} is a second Leader; the main deck holds only Characters, Events and Stages"
                    " (rules 5-1-2, 5-1-2-1)",
                )
            )
            continue
        limit = card.max_copies
        if limit is not None and count > limit:
            where = deck.lines_of(number)
            also = f" (lines {', '.join(map(str, where))})" if len(where) > 1 else ""
            message = f"{count} copies of {_label(card)}{also}; at most {limit} per card number (rule 5-1-2-3)"
            problems.append(DeckProblem(line, message))
        if leader is not None:
            missing = [c for c in card.colors if c not in leader.colors]
            if missing:
                problems.append(
                    DeckProblem(
                        line,
                        f"{_label(card)} is {_colors(card)} but the Leader {leader.number} is {_colors(leader)}; "
                        "every color of a card must be on the Leader (rule 5-1-2-2)",
                    )
                )
            for restriction in restrictions:
                if not restriction.allows(card):
                    problems.append(
                        DeckProblem(
                            line,
                            f"{_label(card)} is not allowed by the Leader {leader.number}: "
                            f"\"{restriction.text}\" (rule 5-1-2-4)",
                        )
                    )
    if deck.size != MAIN_DECK_SIZE and complete:
        leaders = sum(c for n, c in deck.main if n == deck.leader)
        of_them = f" ({leaders} of them {'a copy' if leaders == 1 else 'copies'} of the Leader)" if leaders else ""
        message = f"the main deck has {deck.size} cards{of_them}; it needs exactly {MAIN_DECK_SIZE} (rule 5-1-2)"
        problems.append(DeckProblem(None, message))
    order = sorted(range(len(problems)), key=lambda i: (problems[i].line is None, problems[i].line or 0))
    listed = order[:MAX_PROBLEMS]  # README: at most 50 problems listed; the rest are counted
    hidden = len(order) - len(listed) + deck.hidden_problems
    out = []
    for i in listed:
        p = problems[i]
        if i in unknown:  # a suggestion costs a search of the database: only for the problems listed
            number = unknown[i]
            p = DeckProblem(p.line, f"{p.message}{unknown_hint(number, db.suggest(number))}", p.fatal, p.dropped)
        out.append(p)
    return out + ([_more_problems(hidden)] if hidden else [])


def load_valid_deck(spec: str | Path, db: CardDatabase) -> Deck:
    """:func:`load_deck` then :func:`validate_deck`; raises :class:`DeckError` listing every problem."""
    deck = load_deck(spec, db)
    problems = validate_deck(deck, db)
    if problems:
        raise DeckError(deck.source, problems)
    return deck


# ----------------------------------------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------------------------------------

def deck_summary(deck: Deck, db: CardDatabase) -> str:
    """One line, e.g. ``ST01: Leader ST01-001 Monkey.D.Luffy (Red), 50 cards, 17 distinct, DON!! deck 10``,
    and a second line naming the cards whose effect text the engine does not play, if any.

    "distinct" counts the different card numbers of the list, Leader included.
    """
    if deck.leader in db:
        leader = db.get(deck.leader)
        who = f"Leader {_label(leader)} ({_colors(leader)})"
    else:
        who = "no Leader"
    distinct = len({number for number, _ in deck.main} | ({deck.leader} if deck.leader else set()))
    name = deck.name or deck.source
    line = f"{name}: {who}, {deck.size} cards, {distinct} distinct, DON!! deck {deck.don_deck_size(db)}"
    # a legal deck may still hold card text the engine does not play (`simulate --strict` refuses it)
    numbers = [deck.leader] + [n for n, _ in deck.main]
    unsupported = [n for n in dict.fromkeys(numbers) if n in db and db.get(n).unsupported]
    if unsupported:
        n = len(unsupported)
        line += (f"\n{n} card{'s' if n != 1 else ''} with effect text the engine does not play (see tcgsim cards show): "
                 + ", ".join(unsupported))
    return line


def export_sim_text(deck: Deck) -> str:
    """The deck as OPTCGSim text: ``1xLEADER`` then ``NxNUMBER`` per main-deck entry, newline-terminated."""
    lines = [f"1x{deck.leader}"] if deck.leader else []
    lines += [f"{count}x{number}" for number, count in deck.main]
    return "\n".join(lines) + "\n"
