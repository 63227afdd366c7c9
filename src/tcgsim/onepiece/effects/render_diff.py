"""The rendering of every compiled card laid beside its printed text (issue "Every card right", part 4).

:func:`database_diffs` renders each compiled effect of the database (:mod:`.render`), normalizes the
rendering and the printed text piece (:func:`normalize`: case, punctuation, brackets, whitespace, number words
and the trivial wording variants of :data:`VARIANTS`) and returns those that still differ. Each such
difference must stand in ``render_reviewed.toml`` with a reason; :func:`review` compares the two lists both
ways (a new difference, and a listed one that no longer occurs), as XMage's ``VerifyCardDataTest`` does.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .render import card_renderings

__all__ = ["VARIANTS", "normalize", "Diff", "card_diffs", "database_diffs", "reviewed", "review",
           "REVIEWED_FILE", "REASON_CLASSES", "rendered_pieces"]

REVIEWED_FILE = Path(__file__).with_name("render_reviewed.toml")

REASON_CLASSES = ("wording", "order", "data", "structure")
"""The classes of a reviewed difference (``class`` in ``render_reviewed.toml``):

* ``wording``: the printed text says the same thing in words the renderer does not produce (one canonical
  text per representation, so two printed phrasings of one construct cannot both be reached);
* ``order``: the same clauses in another order ("Draw 1 card if ..." is rendered "If ..., draw 1 card");
* ``data``: the card data's text is wrong or garbled (a typo, a missing word), the compiled form is right;
* ``structure``: the representation holds the meaning in another shape (one effect written as two, an
  implicit "it" made explicit), read and found to play as printed.

A difference that shows the compiler got the card wrong is not reviewed here: it is a defect, listed in
``known_defects.toml`` with its scenario, which makes the effect unsupported (so it is not rendered here).
"""

NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                "seven": "7", "eight": "8", "nine": "9", "ten": "10"}

VARIANTS: tuple[tuple[str, str, str], ...] = (
    # (regular expression on the normalized text, replacement, why the two say the same thing)
    (r"\blife area\b", "life cards", "the Life area holds the Life cards (rule 3-6)"),
    (r"\b(?:the selected|the chosen|the revealed|the played|the trashed|that) (?:card|character|leader)s?\b", "it",
     "'that card' / 'the selected Character' name the card chosen before: the renderer's 'it'"),
    (r"\bk\.?o\.?'?d\b", "ko'd", "K.O.'d is printed with and without its dots"),
    (r"\bk\.?o\.?\b", "ko", "K.O. is printed with and without its dots"),
    (r"\bthe owners\b", "the owner's", "the data drops the apostrophe"),
    (r"\bcharacter cards\b", "characters", "a Character on the field is a Character card (rule 2-2)"),
    (r"\bcharacter card\b", "character", "the same, singular"),
    (r"\bleader or character cards\b", "leader or characters", "the same, after Leader"),
    (r"\bgain\b", "gains", "number agreement of 'gains' follows the subject; the meaning does not"),
    (r"\bcards\b", "card", "number agreement: '1 card' / '2 cards' (the number is compared)"),
    (r"\bcharacters\b", "character", "number agreement of Character"),
    (r"\bleaders\b", "leader", "number agreement of Leader"),
    (r"\bstages\b", "stage", "number agreement of Stage"),
    (r"\bevents\b", "event", "number agreement of Event"),
    (r"\bface up\b", "faceup", "face-up is printed with and without the hyphen"),
    (r"\bface down\b", "facedown", "face-down, likewise"),
    (r"\bdon!! card\b", "don", "'DON!! card' and 'DON!!' name the same card"),
    (r"\bdon!!\b", "don", "the same, without 'card'"),
    (r"\bthis (?:character|stage|leader|event)\b", "this card",
     "'this' always names the card with the effect, whatever noun follows"),
    (r"\b1 of (your|your opponent's) ([^,.]*? type )?leader\b(?! or)", r"\1 \2leader",
     "a player has one Leader: '1 of your Leader' is it"),
    (r"\bevent cards?\b", "event", "'Event' and 'Event card' name the same cards"),
    (r"\b(rest \d+ of your don!!(?: cards?)?) and rest\b", r"\1 and",
     "a DON!! rest cost joined with another rest: 'and rest this Character' / 'and this Character'"),
    (r"\byour 1 (active )?leader\b", r"your \1leader", "'your 1 Leader' (circled-digit residue): the one Leader"),
    (r"\b(you have|has|have) (?:a|an|1 or more) ", r"\1 ", "'if you have a [X]' / 'if you have [X]'"),
    (r"\b(an?|1 or more|\d+ or (?:more|less)) ((?:active |rested )?don!!(?: cards?)?) on your field\b", r"\1 \2",
     "a player's DON!! cards counted in 'you have N DON!! cards' are those of their field (rule 3-1-2)"),
    (r"\bon your field\b", "", "a player's Characters and DON!! cards counted are those on their field (3-1-2)"),
    (r"\bin any order(?: of the owner's choosing)?\b", "",
     "cards placed together are ordered by their owner whether or not it is printed (rules 3-1-7, 3-1-8)"),
    (r"\bat the (top|bottom)\b", r"to the \1", "'place at the bottom' / 'return to the bottom' of a deck"),
    (r"\]\s+cards?\b", "]", "'[X] card' / '[X]': a card named X"),
    (r"\b(?:an )?additional\b", "", "'gains an additional +2000 power' is 'gains +2000 power' again"),
    (r"\bno\b", "0", "'no Life cards' / '0 Life cards'"),
    (r"\bany\b(?! number)", "a", "'if you have any DON!! cards given' / 'a DON!! card given'"),
    (r"\bdon't\b", "do not", "contraction"),
    (r"\bhaven't\b", "have not", "contraction"),
    (r"\bcannot play (?:a |any )", "cannot play ", "'you cannot play a Character' / 'Character cards'"),
    (r"\bof the deck\b", "of your deck", "'the deck' of an effect that looked at your deck is yours"),
    (r"[,;]? and (it|they|this card|your leader) (gains?|cannot|can)\b", r" \1 \2",
     "'... and it gains' / '... . It gains': a new clause about the same card"),
    (r"\b1 or more\b", "a", "'if you have a X' is 'if you have 1 or more X'"),
    (r"\bselect(?:s|ed)?\b", "choose", "'select' and 'choose' name the same act (rule 8-4-4)"),
    (r"\bthem\b", "it", "'them' / 'it': the cards named before, one or several"),
    (r"\b(from the top of (?:your|your opponent's) (?:deck|life cards?))[;,]? and ", r"\1 ",
     "'Look at N cards ...; reveal' and '... and reveal' are one sequence"),
    (r"[,;]? and if\b", " if", "'..., and if X, Y' is a new 'if' sentence"),
)
"""Trivial wording variants: each rewrites both texts the same way before comparing. Keep each one a
variant that cannot change what a card does."""

_VARIANTS = tuple((re.compile(p), r) for p, r, _why in VARIANTS)
_PUNCT = re.compile(r"[\[\]{}<>\"“”()•:;,.!?/]")
_MINUS = re.compile(r"[\u2212\u2013\u2014\uff0d\u2010\u2011]")


def normalize(text: str) -> str:
    """The form both texts are compared in: lower case, number words as digits, the :data:`VARIANTS`
    applied, brackets and punctuation removed (the "!!" of DON!! and the dots of K.O. are read by the
    variants first), whitespace collapsed. A minus sign is kept as "-", a plus as "+"."""
    t = _MINUS.sub("-", text.lower()).replace("’", "'").replace("‘", "'")
    t = re.sub(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", lambda m: NUMBER_WORDS[m.group(1)], t)
    t = re.sub(r"\s+", " ", t)
    for pat, rep in _VARIANTS:
        t = pat.sub(rep, t)
    t = _PUNCT.sub(" ", t)
    t = t.replace("'s ", " ").replace("' ", " ")
    return re.sub(r"\s+", " ", t).strip()


@dataclass(frozen=True, slots=True)
class Diff:
    """One printed text piece whose rendering differs after normalization."""

    card: str
    text: str
    rendering: str


rendered_pieces = card_renderings


def card_diffs(card) -> list[Diff]:
    """The pieces of ``card`` whose rendering differs from the printed text after :func:`normalize`."""
    return [Diff(card.number, text, rendering) for text, rendering in rendered_pieces(card)
            if normalize(text) != normalize(rendering)]


def database_diffs(db, set_prefix: str | None = None) -> tuple[int, list[Diff]]:
    """``(number of rendered pieces, differences)`` over every unique card of ``db`` (alternate arts are
    the same card), in card-number order; ``set_prefix`` (e.g. ``"OP05"``) keeps only that set's cards."""
    from .compiler import card_set

    n = 0
    out: list[Diff] = []
    for printed in sorted(db, key=lambda c: c.number):
        if set_prefix is not None and card_set(printed.number).upper() != set_prefix.upper():
            continue
        card = db.get(printed.number)
        if not card.effects:
            continue
        pieces = rendered_pieces(card)
        n += len(pieces)
        out.extend(Diff(card.number, t, r) for t, r in pieces if normalize(t) != normalize(r))
    return n, out


@lru_cache(maxsize=1)
def reviewed() -> tuple[dict, ...]:
    """The entries of ``render_reviewed.toml`` (card, text, rendering, class, reason). Raises ``ValueError``
    naming the file and entry for a malformed one."""
    data = tomllib.loads(REVIEWED_FILE.read_text(encoding="utf-8"))
    entries = tuple(data.get("diff", ()))
    for i, e in enumerate(entries, 1):
        if set(e) != {"card", "text", "rendering", "class", "reason"}:
            raise ValueError(f"{REVIEWED_FILE}: diff {i} needs exactly card, text, rendering, class, reason")
        if e["class"] not in REASON_CLASSES:
            raise ValueError(f"{REVIEWED_FILE}: diff {i} ({e['card']}): class {e['class']!r} is not one of "
                             f"{', '.join(REASON_CLASSES)}")
        if not e["reason"].strip():
            raise ValueError(f"{REVIEWED_FILE}: diff {i} ({e['card']}): empty reason")
    return entries


def review(diffs: list[Diff], entries=None) -> tuple[list[Diff], list[dict]]:
    """``(new, stale)``: differences not in the reviewed file (matched on card, text and rendering), and
    reviewed entries that no longer occur (fixed, or rendered differently now: review them again)."""
    entries = reviewed() if entries is None else entries
    keys = {(e["card"], e["text"], e["rendering"]) for e in entries}
    seen = {(d.card, d.text, d.rendering) for d in diffs}
    new = [d for d in diffs if (d.card, d.text, d.rendering) not in keys]
    stale = [e for e in entries if (e["card"], e["text"], e["rendering"]) not in seen]
    return new, stale


def render_report(db, set_prefix: str | None = None) -> dict:
    """What ``tcgsim cards render-diff`` prints. Shape: ``{"pieces": N, "identical": M, "diffs": [{"card",
    "text", "rendering", "printed_normalized", "rendering_normalized", "class", "reason"}, ...], "by_class":
    {"wording": n, ..., "new": n}, "stale": [entry, ...]}``; an unreviewed difference has class ``"new"`` and
    an empty reason. ``stale`` (reviewed entries that no longer occur) is only reported for the whole database."""
    n, diffs = database_diffs(db, set_prefix)
    entries = {(e["card"], e["text"], e["rendering"]): e for e in reviewed()}
    rows, by_class = [], {}
    for d in diffs:
        e = entries.get((d.card, d.text, d.rendering))
        cls = e["class"] if e else "new"
        by_class[cls] = by_class.get(cls, 0) + 1
        rows.append({"card": d.card, "text": d.text, "rendering": d.rendering, "printed_normalized": normalize(d.text),
                     "rendering_normalized": normalize(d.rendering), "class": cls, "reason": e["reason"] if e else ""})
    stale = review(diffs)[1] if set_prefix is None else []
    return {"pieces": n, "identical": n - len(diffs), "diffs": rows, "by_class": dict(sorted(by_class.items())),
            "stale": stale}
