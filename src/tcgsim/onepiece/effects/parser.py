"""Tokenizer and lark parser for normalised effect text (see ``grammar.lark``).

The text is split into word tokens by :func:`tokenize` rather than by lark's own lexer: every word of
the effect vocabulary is a literal of the grammar, so a word the grammar does not know is reported as
such (and a prefix of an unknown word is never mistaken for a known one).  Bracketed parts become
single tokens: ``[Name]`` -> ``NAME``, ``{Type}`` -> ``TYPE``, ``"text"`` -> ``QUOTED``,
``<Attribute>`` -> ``ATTR``, ``[Blocker]`` and other keyword effects -> ``KEYWORD``, ``[On Play]`` and
other timings -> ``TIMING``, ``[DON!! x2]`` -> ``DONX``.

:func:`parse_tokens` parses a token list with one of the grammar's start symbols and memoises the result
per (start, text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
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
            out.append(Tok("NUMBER", raw, m.start(), raw))
        elif kind in ("WORD", "PUNCT"):
            out.append(Tok("WORD", raw.lower(), m.start(), raw))
        else:
            out.append(Tok("OTHER", raw, m.start(), raw))
    return out


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
START_SYMBOLS = ("sentence", "cost_clause", "event_clause", "cond_sentence")


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        parser = Lark(
            grammar_text(),
            parser="earley",
            lexer=_ListLexer,
            start=list(START_SYMBOLS),
            ambiguity="resolve",
            propagate_positions=False,
            maybe_placeholders=False,
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


def _key(toks: list[Tok]) -> tuple:
    return tuple((t.type, t.value) for t in toks)


def parse_tokens(toks: list[Tok], start: str) -> Tree:
    """Parse ``toks`` from the grammar rule ``start``; raises :class:`ParseFailure`.

    Results (and failures) are memoised per token sequence: the same sentence on many cards is parsed once.
    The failure's ``pos`` is the offset, in the text ``toks`` came from, of the token the grammar rejected.
    """
    result = _parse_cached(_key(toks), start)
    if isinstance(result, _Failed):
        idx = result.index
        if idx is None or idx >= len(toks):
            raise ParseFailure(result.message, None, result.token)
        return_pos = toks[idx].pos
        raise ParseFailure(result.message, return_pos, toks[idx].text)
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
    except LarkError as exc:
        return _Failed(str(exc).splitlines()[0], None, None)
