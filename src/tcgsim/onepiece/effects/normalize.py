"""Normalisation of printed effect text: the one place that irons out the card data's inconsistencies.

The card data writes the same thing in several ways; the parser only ever sees the canonical form produced here:

* HTML entities (``&lt;Slash&gt;``) are decoded, full-width brackets ``＜ ＞`` become ``< >``, curly quotes
  become ``'``.
* ``<br>`` and newlines separate paragraphs; a paragraph that the data glued onto the previous one
  (``...attack.)[DON!! x2] [When Attacking] ...``) is split off again.
* Minus signs (``−`` U+2212, ``–`` U+2013, ``－`` U+FF0D, ``-``) before a number all become ``-``.
* DON!! rest costs written with a circled digit (rule 8-3-1-5) from any of the Unicode blocks
  (``①`` U+2460.., ``➀`` U+2780.., ``❶`` U+2776.., ``➊`` U+278A..) become the wording
  ``You may rest N of your DON!! cards``; a following ``You may X:`` cost is joined with ``and X``.
  ``DON!! −X`` (rule 8-3-1-6) becomes ``DON!! -X``.
* Explanatory notes (rule 2-8-4-1) -- parentheses right after a keyword (``[Blocker] (After your ...)``),
  after a cost symbol, or standing alone as a paragraph -- are dropped.  Other parenthesised text is
  kept (rule 2-8-4-2); brackets such as ``[Mr.3(Galdino)]`` are never touched.
* The ``[Trigger]`` section (rule 10-1-5) appended to the effect text is split off.
* ``Choose one:`` options become lines starting with ``• `` inside the paragraph that chooses; a
  ``Then, ...`` paragraph after the options is kept as a further line of that paragraph.
* A lone ``-`` (the data's "no effect") becomes the empty text.
* "Under the rules of this game, <construction rule> in your deck and at the start of the game, <effect>" (or
  "and when your deck is reduced to 0, ...") becomes two paragraphs: the construction rule and the effect.

The result of :func:`normalize_card_text` is a :class:`NormalizedText`: a tuple of paragraphs for the main
text and one for the trigger.  A paragraph is one string; it contains ``\\n`` only to separate the
``• `` option lines of a ``Choose one:`` and the lines that follow them.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

__all__ = [
    "NormalizedText",
    "normalize_card_text",
    "normalize_chars",
    "split_paragraphs",
    "split_trigger",
    "HEADER_TAGS",
    "KEYWORD_TAGS",
]

# Tags that open a paragraph: timings (rule 10-2), conditions (8-3-2) and keyword effects (10-1).
TIMING_TAGS = (
    "On Play",
    "When Attacking",
    "On Block",
    "On K.O.",
    "On Your Opponent's Attack",
    "End of Your Turn",
    "End of Your Opponent's Turn",
    "Activate: Main",
    "Main",
    "Counter",
)
CONDITION_TAGS = ("Your Turn", "Opponent's Turn", "Once Per Turn")
KEYWORD_TAGS = ("Rush", "Double Attack", "Banish", "Blocker", "Unblockable", "Rush: Character")
HEADER_TAGS = TIMING_TAGS + CONDITION_TAGS + KEYWORD_TAGS

_CIRCLED_BLOCKS = (
    (0x2460, 20),  # ① .. ⑳
    (0x2776, 10),  # ❶ .. ❿
    (0x2780, 10),  # ➀ .. ➉
    (0x278A, 10),  # ➊ .. ➓
)
_CIRCLED = {chr(start + i): i + 1 for start, n in _CIRCLED_BLOCKS for i in range(n)}
_CIRCLED_CLASS = "[" + "".join(_CIRCLED) + "]"

_MINUS = "\u2212\u2013\u2014\uff0d\u2010\u2011"

_TAG_ALT = "|".join(re.escape(t) for t in HEADER_TAGS) + r"|DON!! x\d+"
_HEADER_TAG_RE = re.compile(r"\[(?:" + _TAG_ALT + r")\]")
_KEYWORD_TAG_RE = re.compile(r"\[(?:" + "|".join(re.escape(t) for t in KEYWORD_TAGS) + r")\]")


@dataclass(frozen=True, slots=True)
class NormalizedText:
    """Canonical paragraphs of a card's effect text and of its [Trigger] text."""

    paragraphs: tuple[str, ...]
    trigger: tuple[str, ...] = ()


def normalize_chars(text: str) -> str:
    """Character-level fixes: entities, brackets, quotes, minus signs, circled digits, whitespace."""
    text = html.unescape(text or "")
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("＜", "<").replace("＞", ">").replace("’", "'").replace("‘", "'")
    text = text.replace("“", '"').replace("”", '"').replace("\u00a0", " ")
    # minus signs before a number (power/cost changes, DON!! -X)
    text = re.sub("[" + _MINUS + r"]\s*(?=\d)", "-", text)
    text = re.sub("[" + _MINUS + "]", "-", text)
    # a missing space after a sentence end, outside brackets: "effects.If" -> "effects. If"
    text = _outside_brackets(text, lambda s: re.sub(r"(?<![A-Z]\.[A-Z])(?<=[a-z!)])\.(?=[A-Z])", ". ", s))
    text = re.sub(r"[ \t]+", " ", text)
    # misprints in the data
    text = re.sub(r"\bCharactes\b", "Characters", text)
    text = re.sub(r"\bwith a cost (\d+) or\b", r"with a cost of \1 or", text)  # OP10-079 "with a cost 5 or less"
    # "your opponent's 0 cost Characters" (OP14-083): the usual wording "Characters with a cost of 0"
    text = re.sub(r"\b(\d+) cost Characters\b", r"Characters with a cost of \1", text)
    # OP10-086 "If your Leader has the {X} type, and this Character was played on this turn, ...": one condition
    text = re.sub(r"\} type, and (?=this Character was played on this turn,)", "} type and ", text)
    # OP16-105 "play up to 1 [A], up to 1 [B], and up to 1 [C], with a cost of 4 or less from your trash": the
    # usual wording of one play per name, the filter shared ("play up to 1 each of [A], [B], and [C] with ...")
    text = re.sub(r"\bplay up to 1 (\[[^\]]+\]), up to 1 (\[[^\]]+\]),? and up to 1 (\[[^\]]+\]), with ",
                  r"play up to 1 each of \1, \2, and \3 with ", text)
    # OP11-102 "trash 1 card from the top of each of your and your opponent's Life cards": yours, then theirs
    # (rule 1-3-10: the turn player first; the card is [Your Turn])
    text = re.sub(r"\btrash (\d+) cards? from the top of each of your and your opponent's Life cards\b",
                  r"trash \1 card from the top of your Life cards and trash \1 card from the top of your opponent's Life cards",
                  text)
    return text


def _outside_brackets(text: str, fn) -> str:
    """Apply ``fn`` to the parts of ``text`` outside ``[...]``, ``{...}``, ``<...>`` and ``"..."``."""
    out = []
    for part in re.split(r'(\[[^\]]*\]|\{[^}]*\}|<[^>\n]*>|"[^"\n]*")', text):
        if part and part[0] in '[{<"':
            out.append(part)
        else:
            out.append(fn(part))
    return "".join(out)


def _drop_reminders(text: str) -> str:
    """Drop explanatory notes (rule 2-8-4-1) and turn DON!! cost symbols into their canonical wording."""
    reminder = r"\s*\((?![^()]*\)\])[^()]*\)"
    # after a keyword tag: "[Blocker] (After your opponent ...)"
    text = re.sub(r"(" + _KEYWORD_TAG_RE.pattern + r")" + reminder, r"\1", text)
    # after DON!! -X: "DON!! -1 (You may return ...)"
    text = re.sub(r"(DON!! -\d+)" + reminder, r"\1", text)
    # after a circled digit: "➁ (You may rest ...)"
    text = re.sub("(" + _CIRCLED_CLASS + ")" + reminder, r"\1", text)
    # a circled digit cost, possibly followed by another "You may ..." cost
    def circled(m: re.Match) -> str:
        n = _CIRCLED[m.group(1)]
        rest = m.group(2)
        cost = f"You may rest {n} of your DON!! cards"
        if rest.startswith(":"):
            return cost + ":"
        if rest.lower().startswith("you may "):
            return cost + " and " + rest[len("you may "):]
        return cost + ": " + rest.lstrip()
    text = re.sub("(" + _CIRCLED_CLASS + r")\s*(:|[Yy]ou may |)", circled, text)
    # after the sentence that gave a keyword: "... gains [Rush] during this turn. (This card can ...)"
    def after_sentence(m: re.Match) -> str:
        sentence = text[: m.start()].rsplit("\n", 1)[-1]
        return "" if _KEYWORD_TAG_RE.search(sentence) else m.group(0)
    text = re.sub(r"(?<=\.)" + reminder, after_sentence, text)
    # a paragraph that is only an explanatory note
    lines = [ln for ln in text.split("\n") if not re.fullmatch(r"\s*\([^()]*\)\s*", ln)]
    return "\n".join(lines)


def _split_glued(text: str) -> str:
    """Put a paragraph break before a header tag glued to the previous sentence or keyword."""
    tag = r"(?=\[(?:" + _TAG_ALT + r")\])"
    # "...characters.[On Your Opponent's Attack]" / "...attack.)[DON!! x2]" / ". [When Attacking]"
    text = re.sub(r"(?<=[.)])\s*" + tag, "\n", text)
    # "[Blocker][On Play]": a keyword tag directly followed by another header tag
    text = re.sub("(" + _KEYWORD_TAG_RE.pattern + r")\s*" + tag, r"\1\n", text)
    return text


_AFTER_KEYWORD = "|".join("(?<=" + re.escape(f"[{t}]") + ")" for t in KEYWORD_TAGS)
_TRIGGER_SPLIT_RE = re.compile(
    r"(?:^|(?<=[.)\n])|(?<=^-)|(?<=\s-)|" + _AFTER_KEYWORD + r")\s*\[Trigger\]\s*"
)


def split_trigger(text: str) -> tuple[str, str | None]:
    """Split ``text`` into the effect text and the [Trigger] text appended to it (rule 10-1-5).

    A ``[Trigger]`` counts as the start of the trigger section when it opens the text or a paragraph,
    or follows a sentence end or the "-" of a card without other text; a ``[Trigger]`` inside a sentence
    ("a Character with a [Trigger]") is left alone.
    """
    for m in _TRIGGER_SPLIT_RE.finditer(text):
        before = text[: m.start()].rstrip()
        after = text[m.end():].strip()
        if not after:
            continue
        return before, after
    return text, None


def split_paragraphs(text: str) -> tuple[str, ...]:
    """Canonical paragraphs of an already character-normalised text (see the module docstring)."""
    text = _drop_reminders(text)
    text = _split_glued(text)
    raw = [re.sub(r"\s+", " ", ln).strip() for ln in text.split("\n")]
    raw = [ln for ln in raw if ln and ln != "-"]
    paras: list[str] = []
    for ln in raw:
        if ln.startswith("•") or (ln.startswith("- ") and not re.match(r"- \d", ln)):
            item = "• " + ln[1:].strip()
            if paras:
                paras[-1] += "\n" + item
            else:
                paras.append(item)
        elif paras and "\n•" in paras[-1] and re.match(r"Then,", ln):
            paras[-1] += "\n" + ln
        else:
            paras.append(ln)
    # bullets glued inline: "Choose one: • A. • B."
    out = []
    for p in paras:
        if "\n" not in p and " • " in p:
            p = p.replace(" • ", "\n• ")
        out.extend(_split_construction_and_start(p))
    return tuple(out)


# "Under the rules of this game, you cannot include ... in your deck and at the start of the game, play ..."
# (OP13-079): a deck-construction rule (5-1-2-4, read by the deck validator) and a start-of-game effect
# (5-2-1-5-1) in one sentence; they are two paragraphs, so that the effect is compiled on its own.
# P-117 "... in your deck and when your deck is reduced to 0, you win the game instead of losing": the same with a
# permanent effect (rule 9-2-1 replaced, as OP03-040's)
_CONSTRUCTION_AND_START = re.compile(
    r"(?P<rule>Under the rules of this game, [^.]*? in your deck) and "
    r"(?P<effect>(?:at the start of the game|when your deck is reduced to 0), .+)")


def _split_construction_and_start(paragraph: str) -> tuple[str, ...]:
    m = _CONSTRUCTION_AND_START.fullmatch(paragraph)
    if m is None:
        return (paragraph,)
    effect = m.group("effect")
    return (m.group("rule") + ".", effect[0].upper() + effect[1:])


def normalize_card_text(text: str | None, trigger_text: str | None = None) -> NormalizedText:
    """Normalise a card's effect text (and its separately given [Trigger] text, if any)."""
    main = normalize_chars(text or "").strip()
    main, trig = split_trigger(main)
    if trigger_text and trigger_text.strip() and trigger_text.strip() != "-":
        extra = normalize_chars(trigger_text).strip()
        extra = re.sub(r"^\[Trigger\]\s*", "", extra)
        trig = extra if trig is None else trig + "\n" + extra
    if main.strip() == "-":
        main = ""
    paragraphs = split_paragraphs(main)
    trigger = split_paragraphs(trig) if trig else ()
    return NormalizedText(paragraphs=paragraphs, trigger=trigger)
