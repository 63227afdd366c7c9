"""Tokenizer and lark parser for normalised effect text (see ``grammar.lark``).

The text is split into word tokens by :func:`tokenize` rather than by lark's own lexer: every word of
the effect vocabulary is a literal of the grammar, so a word the grammar does not know is reported as
such (and a prefix of an unknown word is never mistaken for a known one).  Bracketed parts become
single tokens: ``[Name]`` -> ``NAME``, ``{Type}`` -> ``TYPE``, ``"text"`` -> ``QUOTED``,
``<Attribute>`` -> ``ATTR``, ``[Blocker]`` and other keyword effects -> ``KEYWORD``, ``[On Play]`` and
other timings -> ``TIMING``, ``[Once Per Turn]`` and turn conditions -> ``CONDTAG``, ``[DON!! x2]`` ->
``DONX``, numbers -> ``NUM``.  :func:`classify` then rewrites some conjunctions by looking further ahead
than LALR(1) can (see the header of ``grammar.lark``).

The grammar is LALR(1) (Earley was measured at ~18 ms per sentence, LALR at well under 1 ms); the IR
builder (:class:`.build.IRBuilder`) runs inside the parser, so no parse tree is built.  The analysed
grammar is cached on disk by lark (``cache=True``, keyed by the grammar's hash).
:func:`parse_tokens` parses a token list with one of the grammar's start symbols and memoises the result
per token sequence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedInput
from lark.lexer import Lexer

from .normalize import CONDITION_TAGS, KEYWORD_TAGS, TIMING_TAGS

__all__ = ["Tok", "tokenize", "parse_tokens", "ParseFailure", "GRAMMAR_PATH", "grammar_text"]

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

_TOKEN_RE = re.compile(
    r"""
    (?P<BRACKET>\[[^\]]*\])
  | (?P<TYPE>\{[^}]*\})
  | (?P<QUOTED>"[^"]*")
  | (?P<ATTR><[^<>]*>)
  | (?P<NUMBER>\d+)
  | (?P<WORD>K\.O\.(?:'d|'s)?|DON!!|[A-Za-z]+(?:-[A-Za-z]+)*(?:'[a-z]*)?)
  | (?P<PUNCT>[,:;.•/+\-()])
  | (?P<SPACE>\s+)
  | (?P<OTHER>.)
    """,
    re.X,
)


@dataclass(frozen=True, slots=True)
class Tok:
    """A token of effect text: terminal ``type``, ``value`` (the text, or the bracket's content), ``pos``."""

    type: str
    value: str
    pos: int
    text: str


class ParseFailure(Exception):
    """The grammar does not accept a token sequence; ``pos`` is the offset in the source text."""

    def __init__(self, message: str, pos: int | None, token: str | None = None):
        super().__init__(message)
        self.pos = pos
        self.token = token


def _bracket_type(inner: str) -> str:
    if inner in KEYWORD_TAGS or inner == "Trigger":
        return "KEYWORD"
    if inner in TIMING_TAGS:
        return "TIMING"
    if inner in CONDITION_TAGS:
        return "CONDTAG"
    if re.fullmatch(r"DON!! x\d+", inner):
        return "DONX"
    return "NAME"


def tokenize(text: str) -> list[Tok]:
    """Split normalised text into tokens; words are lower-cased (their terminal is looked up later)."""
    out: list[Tok] = []
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        raw = m.group()
        if kind == "SPACE":
            continue
        if kind == "BRACKET":
            inner = raw[1:-1].strip()
            ttype = _bracket_type(inner)
            value = inner[len("DON!! x"):] if ttype == "DONX" else inner
            out.append(Tok(ttype, value, m.start(), raw))
        elif kind in ("TYPE", "QUOTED", "ATTR"):
            out.append(Tok(kind, raw[1:-1].strip(), m.start(), raw))
        elif kind == "NUMBER":
            out.append(Tok("NUM", raw, m.start(), raw))
        elif kind in ("WORD", "PUNCT"):
            out.append(Tok("WORD", raw.lower(), m.start(), raw))
        else:
            out.append(Tok("OTHER", raw, m.start(), raw))
    return classify(out)


_HEAD_WORDS = frozenset({"leader", "leaders", "character", "characters", "event", "events", "stage", "stages"})
_HEAD_NEXT = frozenset({"leader", "character", "characters", "event", "events", "stage", "stages", "don!!"})
_FILTER_AFTER_A = frozenset({"cost", "base", "type", "counter", "power", "total", "don!!"})
_NUMBER_FILTER_NEXT = frozenset({"power", "base", "to"})
_SUBJECT_VERBS = frozenset(
    {"gains", "gain", "cannot", "can", "will", "becomes", "become", "is", "are", "has", "have", "was", "would"}
)
_ACTION_VERBS = frozenset(
    {
        "k.o.", "rest", "set", "draw", "trash", "give", "play", "add", "return", "place", "look", "reveal",
        "turn", "activate", "deal", "shuffle", "select", "negate", "trashes", "returns", "places", "chooses",
    }
)
_BOUNDARY = frozenset({",", ".", ";", ":", "and", "then"})
_COND_STARTS = frozenset({"you", "your", "there", "the", "this", "it", "that"})
_SELF_NOUNS = frozenset({"character", "leader", "card", "stage"})
_COUNT_NOUNS = frozenset({"character", "characters", "card", "cards"})
_NOUN_STARTS = frozenset(
    {
        "red", "green", "blue", "purple", "black", "yellow", "event", "events", "card", "cards", "character",
        "characters", "stage", "stages", "don!!", "rested", "active", "<TYPE>", "<NAME>", "<ATTR>",
    }
)
_NOUN_ENDS = frozenset({"card", "cards", "event", "events", "character", "characters", "stage", "stages", "<NAME>"})


def _w(toks: list[Tok], i: int) -> str | None:
    """The word at ``i`` (None out of range); bracketed tokens give ``<TYPE>``-style placeholders."""
    if 0 <= i < len(toks):
        t = toks[i]
        return t.value if t.type == "WORD" else "<" + t.type + ">"
    return None


def _starts_filter(toks: list[Tok], i: int) -> bool:
    a, b = _w(toks, i), _w(toks, i + 1)
    if a in ("a", "an") and (b in _FILTER_AFTER_A or b == "<KEYWORD>"):
        return True
    if a == "no" and b == "base":
        return True
    if a == "<NUM>" and b in _NUMBER_FILTER_NEXT:
        return True
    if a == "the" and b == "<TYPE>":
        return True
    if a == "different" and b == "card":  # "with 5000 power and different card names" (OP13-082)
        return True
    if a == "the" and b == "same" and _w(toks, i + 2) == "card" and _w(toks, i + 3) == "name":
        return True  # "with 5000 to 7000 power and the same card name as the trashed card" (EB02-039)
    return False


def _starts_target(toks: list[Tok], i: int) -> bool:
    a, b = _w(toks, i), _w(toks, i + 1)
    if a == "up" and b == "to":
        return True
    if a == "all" and b in ("of", "your"):
        return True
    if a == "<NUM>" and (b == "of" or b in _COUNT_NOUNS or b == "<NAME>"):
        return True  # "1 of your ...", "2 Characters", "1 [Corrida Coliseum]" (OP04-082)
    if a == "this" and b in _SELF_NOUNS:
        return True
    if a == "your" and b == "leader":
        return True
    if a == "your" and b == "<NAME>" and _w(toks, i + 2) == "leader":
        return True  # "1 of your [Fish-Man Island] or your [Shirahoshi] Leader" (OP11-110)
    return False


def _verb_follows(toks: list[Tok], i: int) -> bool:
    """A subject verb ("gains", "cannot" ...) before the end of the clause starting at ``i``."""
    for j in range(i, len(toks)):
        w = _w(toks, j)
        if w in _BOUNDARY:
            return False
        if w in _SUBJECT_VERBS:
            return True
    return False


def _verb_before(toks: list[Tok], i: int) -> bool:
    """An action verb between the start of the clause and ``i`` ("Draw 1 card and ...")."""
    start = i - 1
    if _w(toks, start) == ",":
        start -= 1
    for j in range(start, -1, -1):
        w = _w(toks, j)
        if w in (",", ".", ";", ":", "then"):
            return False
        if w in _ACTION_VERBS or w in _SUBJECT_VERBS:
            return True
    return False


def _before_sentence_end(toks: list[Tok], i: int, *words: str) -> bool:
    """Whether ``words`` follow one another after position ``i`` before the next "," or "."."""
    j = i + 1
    while j < len(toks) and _w(toks, j) not in (",", "."):
        if all(_w(toks, j + k) == w for k, w in enumerate(words)):
            return True
        j += 1
    return False


def classify(toks: list[Tok]) -> list[Tok]:
    """Rewrite "and" / "or" / "," into the grammar's specialised conjunctions (see grammar.lark).

    LALR(1) sees one token ahead; these conjunctions need two or a whole clause: whether "and" continues
    a list of filters, of targets, of conditions or of actions depends on the words around it.
    A serial comma before the last item of a name or type list ("[A], [B], or [C]") is dropped.
    """
    toks = [
        t
        for i, t in enumerate(toks)
        if not (
            _w(toks, i) == ","
            and _w(toks, i + 1) in ("or", "and")
            and _w(toks, i - 1) in ("<NAME>", "<TYPE>")
            and _w(toks, i + 2) == _w(toks, i - 1)
            and _w(toks, i - 2) == ","
        )
    ]
    out = list(toks)
    in_cond = False
    for i, t in enumerate(toks):
        w = _w(toks, i)
        if w == "," and in_cond and _cond_list_comma(toks, i):
            out[i] = Tok("WORD", ",@c", t.pos, t.text)  # "If A, B and C, ..." (OP11-023): the condition goes on
            continue
        if w in ("if", "when"):
            in_cond = True
        elif w in (",", ".", ";", ":"):
            in_list = _w(toks, i - 1) in ("<NAME>", "<TYPE>") and _w(toks, i + 1) == _w(toks, i - 1)
            if not in_list:
                in_cond = False
        if w == "to" and _w(toks, i - 1) == "<NUM>" and _w(toks, i + 1) == "<NUM>":
            out[i] = Tok("WORD", "to@r", t.pos, t.text)
            continue
        if w == "or" and _w(toks, i - 1) == "hand" and _w(toks, i + 1) == "the" and _w(toks, i + 2) == "bottom":
            out[i] = Tok("WORD", "or@d", t.pos, t.text)  # "to the owner's hand or the bottom of their deck" (OP04-043)
            continue
        if w == "or" and _w(toks, i - 1) in ("hand", "trash") and _w(toks, i + 1) in ("hand", "trash"):
            out[i] = Tok("WORD", "or@s", t.pos, t.text)  # "from your hand or trash"
            continue
        if w == "and" and _w(toks, i + 1) == "play" and _w(toks, i + 2) == "the" and _w(toks, i + 3) == "other":
            out[i] = Tok("WORD", "and@o", t.pos, t.text)  # "Play 1 card and play the other card rested" (OP06-086)
            continue
        if w == "or" and _w(toks, i - 1) == "hand" and _w(toks, i + 1) == "field":
            out[i] = Tok("WORD", "or@s", t.pos, t.text)  # "from your hand or field" (OP06-033)
            continue
        if w == "that" and _w(toks, i + 1) == "would":
            out[i] = Tok("WORD", "that@w", t.pos, t.text)  # "If you have a X that would be ..." (OP10-032)
            continue
        if w == "give" and _w(toks, i + 1) == "<NUM>" and _w(toks, i + 2) == "character" and _before_sentence_end(
                toks, i, "and", "the", "other"):
            out[i] = Tok("WORD", "give@s", t.pos, t.text)  # "give 1 Character -3000 power and the other ..." (OP08-118)
            continue
        if w == "have" and _w(toks, i - 1) == "you" and _w(toks, i - 2) == "if" and _before_sentence_end(toks, i, "that", "would"):
            # "If you have a X that would be removed ..., you may ... instead": the subject of a replacement,
            # not a condition "If you have 2 or more ..." (which LALR(1) could not tell apart)
            out[i] = Tok("WORD", "have@w", t.pos, t.text)
            continue
        if w not in ("and", "or", ","):
            continue
        prev, nxt = _w(toks, i - 1), _w(toks, i + 1)
        new = None
        if w in (",", "or") and prev == "<KEYWORD>" and nxt == "<KEYWORD>":
            out[i] = Tok("WORD", w + "@k", t.pos, t.text)  # "gains [Double Attack], [Banish] or [Blocker]" (OP09-084)
            continue
        if w == ",":
            if nxt == "with" and prev not in (None, "<NAME>"):
                new = ",@w"
            elif prev == "<NAME>" and nxt == "<NAME>":
                new = ",@n"
            elif prev == "<TYPE>" and nxt == "<TYPE>":
                new = ",@y"
        elif prev == "<TYPE>" and nxt == "<TYPE>":
            new = w + "@y"
        elif prev == "<NAME>" and nxt == "<NAME>":
            new = w + "@n"
        elif w == "and" and prev == "<NAME>" and nxt == "<TYPE>" and _w(toks, i + 2) == "type":
            new = "and@nt"  # "all of your [Donquixote Rosinante] and {Heart Pirates} type Characters" (OP12-073)
        elif w == "or" and prev == "characters" and nxt == "characters" and _w(toks, i + 2) == "with":
            new = "or@a"  # "{Revolutionary Army} type Characters or Characters with a [Trigger]" (OP05-002)
        elif prev in _HEAD_WORDS and nxt in _HEAD_NEXT:
            new = w + "@h"
        elif w == "and" and nxt == "this" and _w(toks, i + 2) in ("character's", "leader's", "card's"):
            new = "and@p"
        elif w == "and" and _starts_filter(toks, i + 1):
            new = "and@f"
        elif w == "and" and nxt == "with" and _starts_filter(toks, i + 2):
            new = "and@f"  # "without an [On Play] effect and with a cost of 8 or less" (PRB01-001)
        elif w == "and" and (nxt == "<KEYWORD>" or nxt in ("+", "-")):
            new = "and@k"
        elif w == "and" and prev == "<KEYWORD>" and nxt == "the" and _w(toks, i + 2) == "<ATTR>":
            new = "and@k"  # "gains [Rush: Character] and the <Slash> attribute" (OP15-093)
        elif w == "and" and (nxt in ("gains", "gain") or (nxt == "cannot" and _verb_before(toks, i))):
            new = "and@g"
        elif prev in ("you", "your") and nxt == "your":
            new = None  # "you and your opponent", "your or your opponent's Life cards"
        elif w == "or" and prev == "type" and nxt == "the" and _w(toks, i + 2) == "<ATTR>":
            new = None  # "If your Leader has the {FILM} type or the <Strike> attribute" (OP13-025): one condition
        elif w == "and" and nxt == "there" and _w(toks, i + 2) == "are" and _w(toks, i + 3) == "no":
            new = None  # "If you have [A] on your field and there are no other [B] cards" (OP15-080): one place
        elif in_cond and nxt in _COND_STARTS:
            new = w + "@c"
        elif _starts_target(toks, i + 1) and (not _verb_before(toks, i) or not _verb_follows(toks, i + 1)):
            new = w + "@t"
        elif (w == "or" and nxt == "your" and _w(toks, i + 2) == "opponent's" and _w(toks, i + 3) == "stages"
              and _w(toks, i + 4) == "with"):
            new = "or@t"  # "... Characters with a cost of 0 or your opponent's Stages with a cost of 3 or less" (OP03-096)
        elif w == "or" and prev in _NOUN_ENDS and nxt in _NOUN_STARTS:
            new = "or@a"
        elif w == "or" and nxt == "with":
            new = "or@w"
        if new is not None:
            out[i] = Tok("WORD", new, t.pos, t.text)
    return out


def _cond_list_comma(toks, i: int) -> bool:
    """Whether the comma at ``i`` of an "If ..." joins a list of conditions, "If A, you have B and your opponent
    has C, ..." (OP11-023): the words after it are a "you have" / "your opponent has" condition, and before the
    next comma an "and" starts another condition; a comma after the last one ends the conditions."""
    if _w(toks, i + 1) not in ("you", "your") or not any(_w(toks, k) in ("have", "has") for k in range(i + 2, i + 4)):
        return False
    k = i + 1
    joined = False
    while k < len(toks) and _w(toks, k) not in (",", ".", ";", ":"):
        if _w(toks, k) == "and" and _w(toks, k + 1) in _COND_STARTS and any(
                _w(toks, m) in ("have", "has") for m in range(k + 2, k + 4)):
            joined = True
        k += 1
    return joined and _w(toks, k) == ","


def grammar_text() -> str:
    return GRAMMAR_PATH.read_text(encoding="utf-8")


class _ListLexer(Lexer):
    """Feeds lark the already-typed tokens (``parse`` is called with a list of lark Tokens)."""

    def __init__(self, lexer_conf):  # noqa: D401 - lark's interface
        pass

    def lex(self, data):  # type: ignore[override]
        yield from data


_PARSER: Lark | None = None
_LITERALS: dict[str, str] = {}
START_SYMBOLS = ("sentence", "cost_clause", "cond_sentence", "when_sentence")


def _parser() -> Lark:
    """The LALR parser; the IR builder runs inside it (no intermediate parse tree)."""
    global _PARSER
    if _PARSER is None:
        from .build import IRBuilder

        parser = Lark(
            grammar_text(),
            parser="lalr",
            lexer=_ListLexer,
            start=list(START_SYMBOLS),
            propagate_positions=False,
            maybe_placeholders=False,
            transformer=IRBuilder(),
            cache=True,
        )
        for term in parser.terminals:
            if term.pattern.type == "str":
                _LITERALS[term.pattern.value] = term.name
        _PARSER = parser
    return _PARSER


def literal_words() -> frozenset[str]:
    """Every word and punctuation mark the grammar knows."""
    _parser()
    return frozenset(_LITERALS)


def to_lark_tokens(toks: list[Tok]) -> list[Token]:
    """Map our tokens to lark terminals; raises :class:`ParseFailure` on a word the grammar lacks."""
    _parser()
    out = []
    for t in toks:
        if t.type == "WORD":
            name = _LITERALS.get(t.value)
            if name is None:
                raise ParseFailure(f"unknown word {t.text!r}", t.pos, t.text)
            out.append(Token(name, t.value, start_pos=t.pos))
        elif t.type == "OTHER":
            raise ParseFailure(f"unexpected character {t.text!r}", t.pos, t.text)
        else:
            out.append(Token(t.type, t.value, start_pos=t.pos))
    return out


def parse_tokens(toks: list[Tok], start: str):
    """Parse ``toks`` from the grammar rule ``start`` and build its IR; raises :class:`ParseFailure`.

    Results (and failures) are memoised per token sequence: the same sentence on many cards is parsed
    once (the IR is immutable, so sharing it is safe).  The failure's ``pos`` is the offset, in the text
    ``toks`` came from, of the token the grammar rejected (``None``: the text ended too early).
    """
    result = _parse_cached(tuple((t.type, t.value) for t in toks), start)
    if isinstance(result, _Failed):
        idx = result.index
        if idx is None or idx >= len(toks):
            raise ParseFailure(result.message, None, result.token)
        raise ParseFailure(result.message, toks[idx].pos, toks[idx].text)
    return result


@dataclass(frozen=True, slots=True)
class _Failed:
    message: str
    index: int | None
    token: str | None


@lru_cache(maxsize=None)
def _parse_cached(key: tuple, start: str):
    toks = [Tok(k[0], k[1], i, k[1]) for i, k in enumerate(key)]
    try:
        lark_toks = to_lark_tokens(toks)
    except ParseFailure as exc:
        return _Failed(str(exc), exc.pos, exc.token)
    try:
        return _parser().parse(lark_toks, start=start)
    except UnexpectedInput as exc:
        tok = getattr(exc, "token", None)
        if tok is None or getattr(tok, "type", None) == "$END":
            return _Failed("unexpected end of text", None, "<end>")
        return _Failed(f"unexpected {str(tok)!r}", tok.start_pos, str(tok))
    except (ValueError, TypeError) as exc:
        # the builder rejects a construct the grammar accepts ("a card with several names")
        return _Failed(f"not understood: {exc}", 0, None)
    except LarkError as exc:
        return _Failed(str(exc).splitlines()[0], None, None)
