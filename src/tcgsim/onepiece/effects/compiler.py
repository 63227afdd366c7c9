"""Compiles a card's printed effect text into :class:`~.ir.Effect` s (public entry: :func:`compile_card_text`).

Pipeline: :func:`.normalize.normalize_card_text` gives canonical paragraphs; each paragraph is tokenized,
its header tags ([On Play], [DON!! x1], [Once Per Turn] ... rule 10-2) are read here, the activation cost
before the colon (rule 8-3-1) is parsed from the ``cost_clause`` rule, the rest is cut into sentences
(and ``Choose one:`` options) which are parsed from the ``sentence`` rule and assembled into one Effect.

Effect kinds: a timing tag decides (``[Activate: Main]`` -> activate, ``[Main]`` -> main, ``[Counter]`` ->
counter, trigger text -> trigger, other timings -> auto); without one, "When ..." / "This effect can be
activated when ..." / "If this Character battles ..." give an auto effect with timing ``when`` and an
:class:`~.ir.Event`, "If ... would ..., ... instead" a replacement effect, anything else a permanent
effect (whose leading "If ...," becomes an effect condition).  "[On Play]/[When Attacking]" gives one
effect per timing.

Text the grammar does not accept never raises: the paragraph yields no effect and an
:class:`~.ir.Unsupported` entry naming the paragraph, the rejected sentence and the position of the
rejected word.  Results are memoised per text (and per sentence in the parser).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, Iterable

from .build import _TIMING_NAMES, CONTINUOUS_OPS, SentenceIR
from .ir import Action, CompiledText, Condition, Effect, Filter, Selector, Unsupported
from .normalize import normalize_card_text
from .overrides import override_for
from .parser import ParseFailure, Tok, parse_tokens, tokenize

__all__ = ["compile_card_text", "coverage", "card_set"]

_TIMINGS = _TIMING_NAMES
_KIND_OF_TIMING = {
    "activate_main": "activate",
    "main": "main",
    "counter": "counter",
    "trigger": "trigger",
}

class _Unsupported(Exception):
    def __init__(self, fragment: str, reason: str, position: int | None):
        super().__init__(reason)
        self.fragment = fragment
        self.reason = reason
        self.position = position


def compile_card_text(text: str | None, trigger_text: str | None = None, number: str | None = None) -> CompiledText:
    """Compile a card's effect text (and its [Trigger] text) into effects.

    ``text`` may still contain an appended ``[Trigger]`` section; it is split off (rule 10-1-5).
    ``number``: the card's number, whose paragraphs listed in ``overrides.yaml`` take their effects from
    there (:mod:`.overrides`) instead of the grammar. Never raises on unparseable text: such paragraphs are
    listed in ``unsupported``.
    """
    return _compile_cached(text or "", trigger_text or None, number)


@lru_cache(maxsize=None)
def _compile_cached(text: str, trigger_text: str | None, number: str | None = None) -> CompiledText:
    norm = normalize_card_text(text, trigger_text)
    effects: list[Effect] = []
    unsupported: list[Unsupported] = []
    for paras, is_trigger in ((norm.paragraphs, False), (norm.trigger, True)):
        for para in paras:
            given = override_for(number, para, is_trigger)
            if given is not None:
                effects.extend(given)
                continue
            effs, uns = _compile_paragraph(para, is_trigger)
            effects.extend(effs)
            unsupported.extend(uns)
    return CompiledText(tuple(_remember_chosen(effects)), tuple(unsupported))


def _counts_chosen(acts) -> bool:
    """Whether an action of ``acts`` (or of their bodies) counts "DON!! card given to that Character"."""
    for a in acts:
        per = a.param("per")
        if per is not None and hasattr(per, "filters") and any(f.key == "given" and f.value == "that" for f in per.filters):
            return True
        if _counts_chosen(a.body) or any(_counts_chosen(o) for o in a.options):
            return True
    return False


def _chosen_that(acts, value):
    return tuple(replace(a, params=tuple((k, replace(v, filters=tuple(
        replace(f, value=value) if f.key == "given" and f.value == "that" else f for f in v.filters)))
        if k == "per" and hasattr(v, "filters") else (k, v) for k, v in a.params),
        body=_chosen_that(a.body, value), options=tuple(_chosen_that(o, value) for o in a.options)) for a in acts)


def _remember_chosen(effects: list[Effect]) -> list[Effect]:
    """"... for every DON!! card given to that Character" (OP15-008): "that Character" is the Character an earlier
    effect of this card chose ("Give ... DON!! cards to 1 of your opponent's Characters"). That effect's give_don
    gets ``remember`` (actions.op_give_don keeps its Character on this card, continuous.CHOSE) and the count its
    filter value ``chosen`` (select.count_of); with no such earlier effect the value stays ``that``, unsupported."""
    if not any(_counts_chosen(e.actions) for e in effects):
        return effects
    out = list(effects)
    for i, e in enumerate(out):
        if not _counts_chosen(e.actions):
            continue
        giver = next(((j, k) for j in range(i) for k, a in enumerate(out[j].actions)
                      if a.op == "give_don" and a.target is not None and a.target.zones == ("character",)
                      and a.target.count == 1 and a.target.ref is None and not a.target.alternatives), None)
        if giver is None:
            continue
        j, k = giver
        acts = list(out[j].actions)
        if acts[k].param("remember") is None:
            acts[k] = replace(acts[k], params=acts[k].params + (("remember", True),))
            out[j] = replace(out[j], actions=tuple(acts))
        out[i] = replace(e, actions=_chosen_that(e.actions, "chosen"))
    return out


@lru_cache(maxsize=None)
def _compile_paragraph(para: str, is_trigger: bool) -> tuple[tuple[Effect, ...], tuple[Unsupported, ...]]:
    """Effects of one paragraph, or (when any part of it is not understood) none and one Unsupported.

    The Unsupported names the whole paragraph (it yields no effect at all), the position in it of the
    word the grammar rejected, and the rejected sentence.
    """
    shown = "[Trigger] " + para if is_trigger else para
    try:
        return tuple(_paragraph_effects(para, is_trigger)), ()
    except _Unsupported as exc:
        position = None
        start = shown.find(exc.fragment) if exc.fragment else -1
        if start >= 0 and exc.position is not None:
            position = start + exc.position
        return (), (Unsupported(shown, exc.reason, position, exc.fragment),)
    except Exception as exc:  # a bug in the builder must not break card loading
        return (), (Unsupported(shown, f"internal error: {type(exc).__name__}: {exc}", None, para),)


def _fragment(text: str, toks: list[Tok]) -> str:
    if not toks:
        return ""
    last = toks[-1]
    return text[toks[0].pos : last.pos + len(last.text)]


def _parse(text: str, toks: list[Tok], start: str):
    """Parse ``toks`` and build its IR; raises :class:`_Unsupported` naming the fragment."""
    try:
        return parse_tokens(toks, start)
    except ParseFailure as exc:
        fragment = _fragment(text, toks)
        # position: offset of the rejected token in the fragment (its length when the text ended too early)
        pos = exc.pos - toks[0].pos if exc.pos is not None and toks else len(fragment)
        raise _Unsupported(fragment, str(exc), pos) from None


def _is_word(tok: Tok, *words: str) -> bool:
    return tok.type == "WORD" and tok.value in words


def _paragraph_effects(para: str, is_trigger: bool) -> list[Effect]:
    lines = para.split("\n")
    head_text = lines[0]
    option_lines = [ln[1:].strip() for ln in lines[1:] if ln.startswith("•")]
    after_lines = [ln for ln in lines[1:] if not ln.startswith("•")]
    if head_text.startswith("•"):  # options without a "Choose one:" line
        raise _Unsupported(para, "options without a choice", 0)
    by_count = _APPLY_EACH.match(head_text)
    if by_count and option_lines and not after_lines:
        return _apply_each(para, by_count.group(1), option_lines, is_trigger)

    toks = tokenize(head_text)
    timings: list[str] = []
    conditions: list[Condition] = []
    once = False
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "TIMING":
            timings.append(_TIMINGS[t.value])
        elif t.type == "DONX":
            conditions.append(Condition("don_x", ">=", int(t.value)))
        elif t.type == "CONDTAG":
            if t.value == "Once Per Turn":
                once = True
            elif t.value == "Your Turn":
                conditions.append(Condition("your_turn"))
            elif t.value == "Opponent's Turn":
                conditions.append(Condition("opponent_turn"))
        elif _is_word(t, "/"):
            pass
        else:
            break
        i += 1
    rest = toks[i:]
    if is_trigger:
        timings = ["trigger"] + timings

    # keyword effects opening the paragraph (rule 10-1): "[Blocker]", "[Rush] [Blocker]"
    if rest and all(t.type == "KEYWORD" and t.value != "Trigger" for t in rest) and not timings:
        return [
            Effect(
                "permanent",
                None,
                conditions=tuple(conditions),
                once_per_turn=once,
                actions=(
                    Action(
                        "gain_keyword", Selector(ref="this"), duration="permanent", params=(("keyword", t.value),)
                    ),
                ),
                text=para,
            )
            for t in rest
        ]
    if not rest:
        raise _Unsupported(para, "no effect text after the header", None)

    # "Choose one:" (the options are the following lines)
    player = None
    if option_lines:
        rest, player = _cut_choose_one(head_text, rest)
    elif after_lines:
        raise _Unsupported(para, "continuation lines without options", None)

    # activation cost (rule 8-3-1): everything before the first colon
    costs: tuple = ()
    optional = False
    colon = next((k for k, t in enumerate(rest) if _is_word(t, ":")), None)
    if colon is not None:
        cost_toks, rest = rest[:colon], rest[colon + 1 :]
        if not cost_toks:
            raise _Unsupported(head_text, "empty cost", None)
        costs, optional, cost_conds = _parse_costs(head_text, cost_toks)
        conditions.extend(cost_conds)

    sentences = _sentences(rest)
    choice_if = None
    choice_then = False
    if player is not None and sentences:
        last = sentences[-1]
        if _is_word(last[-1], "then"):
            # "Draw 1 card, then choose one:"
            choice_then = True
            last = last[:-1]
            if last and _is_word(last[-1], ","):
                last = last[:-1]
            sentences[-1] = last
        elif _is_word(last[-1], ",") and _is_word(last[0], "if"):
            # "If X, choose one:"
            choice_if = _parse(head_text, last[1:-1], "cond_sentence")
            sentences.pop()
        elif _is_word(last[-1], ","):
            raise _Unsupported(_fragment(head_text, last), "text before 'choose one:'", last[0].pos)

    actions: list[Action] = []
    event = None
    sentence_kinds: list[str] = []
    any_optional = False
    for sent in sentences:
        if not sent:
            continue
        negated_if = _negated_if(head_text, sent)
        if negated_if is not None:
            conditions.append(negated_if)
            continue
        when_cost = _when_cost_sentence(head_text, sent)
        if when_cost is not None:
            if costs or event is not None:
                raise _Unsupported(_fragment(head_text, sent), "a second cost or activation event", sent[0].pos)
            event, costs, optional, cost_conds = when_cost
            conditions.extend(cost_conds)
            sentence_kinds.append("when")
            continue
        s = _parse(head_text, sent, "sentence")
        assert isinstance(s, SentenceIR)
        sentence_kinds.append(s.kind)
        if s.kind in ("replacement", "activation", "start_of_your_turn") and s.optional:
            any_optional = True
        if s.kind == "when_may":  # "When X, you may A if C" (build.s_when_may_if): the effect is optional
            any_optional = True
            once = once or s.once
        conditions.extend(s.conditions)
        if s.event is not None:
            if event is not None:
                raise _Unsupported(_fragment(head_text, sent), "two activation events", sent[0].pos)
            event = s.event
        _join_sentence(actions, s)
    if player is not None:
        choose = Action("choose_one", player=player, options=_options(option_lines), then=choice_then)
        if choice_if is not None:
            choose = Action("if", condition=choice_if, body=(choose,))
        actions.append(choose)
        for line in after_lines:
            for sent in _sentences(tokenize(line)):
                s = _parse(line, sent, "sentence")
                actions.extend(s.actions)

    if ("activation" in sentence_kinds and any_optional and len(actions) == 1 and actions[0].op == "may"
            and actions[0].player == "self" and actions[0].condition is None):
        # "This effect can be activated when X. You may A and B." (PRB02-009): "can" already makes the effect
        # optional (8-1-2); its one "you may" is the same choice, asked once
        actions = list(actions[0].body)
    actions = list(_resolve_zones(tuple(actions), head_text))
    actions = list(_additional_durations(tuple(actions)))
    actions = list(_revealed_refs(tuple(actions), [False]))
    actions = list(_fold_choose_cost(tuple(actions)))
    kind, timing_list = _effect_kind(timings, sentence_kinds)
    if event is not None and "replacement" in sentence_kinds and dict(event.params).get("during"):
        return _granted_replacement(para, kind, timing_list, conditions, once, costs, optional, event, actions)
    effs = []
    for timing in timing_list:
        parts = _hoist_permanent(tuple(actions)) if kind == "permanent" else [(tuple(actions), ())]
        for acts, extra in parts:
            effs.append(
                Effect(
                    kind,
                    timing,
                    conditions=tuple(conditions) + extra,
                    once_per_turn=once,
                    costs=costs,
                    optional=optional or any_optional,
                    actions=acts,
                    event=event,
                    text=para,
                )
            )
    return effs


# "Apply each of the following effects based on the number of cards in your trash:" followed by bullets
# "• If there are 10 or more cards, ..." (OP15-092)
_APPLY_EACH = re.compile(r"^Apply each of the following effects based on the number of cards in your (trash|hand)\s*:$")
_APPLY_EACH_LINE = re.compile(r"^If (?:there are|you have) (\d+) or more cards, (?:during (your|your opponent's) turn, )?(.+)$")


def _apply_each(para: str, zone: str, lines: list[str], is_trigger: bool) -> list[Effect]:
    """ "Apply each of the following effects based on the number of cards in your trash:" with bullet lines
    "If there are N or more cards, [during your opponent's turn,] X" (OP15-092): each line is its own
    permanent effect "[Opponent's Turn] If you have N or more cards in your trash, X", all of them applying
    together (rule 8-1-3-3); every line must have that form, else the paragraph is unsupported."""
    effects: list[Effect] = []
    for line in lines:
        m = _APPLY_EACH_LINE.match(line)
        if m is None:
            raise _Unsupported(para, "a line of 'Apply each of the following effects' without 'If ... N or more cards,'", None)
        n, turn, rest = m.groups()
        header = {None: "", "your": "[Your Turn] ", "your opponent's": "[Opponent's Turn] "}[turn]
        for eff in _paragraph_effects(f"{header}If you have {n} or more cards in your {zone}, {rest}", is_trigger):
            if eff.kind != "permanent":
                raise _Unsupported(para, f"a line of 'Apply each of the following effects' that is {eff.kind}", None)
            effects.append(replace(eff, text=para))
    return effects


def _granted_replacement(para, kind, timing_list, conditions, once, costs, optional, event, actions) -> list[Effect]:
    """ "[Counter] If any of your Characters would be K.O.'d in battle during this turn, you may trash 1 card
    from your hand instead." (EB02-030): the Event's effect creates a replacement effect (8-1-3-4) that lasts
    the duration, whatever becomes of the card. Two effects: the Event's own, whose action
    ``grant_replacement`` starts the duration, and the granted one (kind ``replacement``, timing ``granted``),
    applied by hooks.replacement_for while that lasts (rules/continuous ``GRANTED_REPLACEMENT``)."""
    params = dict(event.params)
    during = params.pop("during")
    if kind not in ("counter", "main") or len(timing_list) != 1:
        raise _Unsupported(para, f"a replacement for a duration granted by a {kind} effect", None)
    grant = Effect(kind, timing_list[0], conditions=tuple(conditions), once_per_turn=once, costs=costs,
                   optional=bool(costs) and optional, actions=(Action("grant_replacement", duration=during),), text=para)
    granted = Effect("replacement", "granted", optional=True, actions=tuple(actions),
                     event=replace(event, params=tuple(sorted(params.items()))), text=para)
    return [grant, granted]


_ACTIVATE_TAIL = ("to", "activate", "this", "effect")


def _when_cost_sentence(text: str, sent: list[Tok]):
    """ "When X, you may trash 1 card from your hand to activate this effect." (OP17-040): the activation
    event X and an activation cost (rule 8-3-1), written as one sentence before the effect's actions; the
    same as "[When X] You may trash 1 card from your hand: ...". Returns ``(event, costs, optional,
    conditions)`` or None for any other sentence."""
    n = len(_ACTIVATE_TAIL)
    if len(sent) <= n + 3 or not _is_word(sent[0], "when") or tuple(t.value for t in sent[-n:]) != _ACTIVATE_TAIL:
        return None
    comma = next((k for k in range(1, len(sent) - n - 2) if _is_word(sent[k], ",")
                  and _is_word(sent[k + 1], "you") and _is_word(sent[k + 2], "may")), None)
    if comma is None:
        return None
    event = _parse(text, sent[:comma], "when_sentence")
    costs, optional, conds = _parse_costs(text, sent[comma + 1 : -n])
    return event, costs, optional, conds


_NEGATED_TAIL = ("this", "effect", "is", "negated")


def _negated_if(text: str, sent: list[Tok]) -> Condition | None:
    """ "If there is a [Monkey.D.Luffy] Character, this effect is negated." (OP05-100): the effect is invalid
    while the condition holds (rule 8-2-1-1), so it is a condition of the effect, negated; ``None`` for
    any other sentence."""
    n = len(_NEGATED_TAIL)
    if len(sent) < n + 3 or not _is_word(sent[0], "if") or not _is_word(sent[-n - 1], ","):
        return None
    if not all(_is_word(t, w) for t, w in zip(sent[-n:], _NEGATED_TAIL)):
        return None
    cond = _parse(text, sent[1:-n - 1], "cond_sentence")
    return replace(cond, negate=not cond.negate)


def _join_sentence(actions: list[Action], s: SentenceIR) -> None:
    """Append the actions of sentence ``s`` to ``actions`` (the effect's so far), in place.

    Rules 4-10-1 and 8-3-3: in "If X, A. Then, B." (or "A if X. Then, B.") the "Then," clause follows the
    "if" clause, so when X is not fulfilled B is not resolved either (card Q&A OP04-033, OP05-047): a
    "Then," sentence right after a sentence ending in an ``if`` joins that ``if`` 's body, and so does every
    further "Then," sentence. After any other sentence "Then," stays a sibling: it is resolved even when
    the part before it did nothing (4-10-2)."""
    last = actions[-1] if actions else None
    if s.kind == "then" and last is not None and last.op == "if" and last.condition is not None:
        actions[-1] = replace(last, body=last.body + tuple(s.actions))
        return
    actions.extend(s.actions)


def _fold_choose_cost(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """ "Choose a cost and reveal 1 card from the top of your opponent's deck. If the revealed card has the
    chosen cost, X." (OP11-081 ...): one ``choose_cost`` action whose target is the revealed card, whose
    condition is the "If" and whose body is X, so that the chosen number lives in that action's frame
    (actions.op_choose_cost). Any other shape keeps its separate actions (unsupported, support.py)."""
    out: list[Action] = []
    i = 0
    while i < len(actions):
        a = actions[i]
        if a.op == "choose_cost" and a.target is None and i + 2 < len(actions):
            rev, cond = actions[i + 1], actions[i + 2]
            c = cond.condition
            if rev.op == "reveal" and cond.op == "if" and c is not None and c.kind == "match" and (
                    c.target is not None and c.target.ref == "it" and not c.negate
                    and tuple(c.target.filters) == (Filter("cost", "==", "chosen"),)):
                out.append(replace(a, target=rev.target, condition=c, body=cond.body))
                i += 3
                continue
        out.append(a)
        i += 1
    return tuple(out)


_LOOKING_OPS = frozenset({"look", "reveal"})


def _additional_durations(actions: tuple[Action, ...], last: list | None = None) -> tuple[Action, ...]:
    """ "Up to 1 of your Leader or Character cards gains +2000 power during this battle. Then, if ..., that
    card gains an additional +2000 power." (OP01-029): the additional power (build marks it ``additional``
    when no duration is written) lasts as long as the power that card gained before in the effect; with
    no such earlier power it keeps no duration (unsupported)."""
    last = [None] if last is None else last
    out = []
    for a in actions:
        if a.op == "modify_power" and a.param("additional"):
            params = tuple(p for p in a.params if p[0] != "additional")
            if a.duration is None and last[0] is not None and a.target is not None and a.target.ref == "it":
                a = replace(a, duration=last[0], params=params)
            else:
                a = replace(a, params=params)
        if a.body:
            a = replace(a, body=_additional_durations(a.body, last))
        if a.op == "modify_power" and a.duration is not None:
            last[0] = a.duration
        out.append(a)
    return tuple(out)


def _resolve_selector(t: Selector, looked: bool, text: str, op: str) -> Selector:
    if t.alternatives:
        return replace(t, alternatives=tuple(_resolve_selector(x, looked, text, op) for x in t.alternatives))
    if t.ref is None and not t.zones:
        if looked:
            return replace(t, zones=("looked",), owner="self")
        if op == "trash":
            # "trash 1 card" with no zone and nothing looked at: a card from the hand (a_trash)
            return replace(t, zones=("hand",), owner="self")
        raise _Unsupported(text, f"no zone for the target of {op}", None)
    return t


def _resolve_zones(actions: tuple[Action, ...], text: str, looked: bool = False) -> tuple[Action, ...]:
    """Give targets left without a zone the zone the effect implies.

    After "Look at N cards ..." (or a reveal from the deck) such a target is among the looked-at cards
    (zone ``looked``); otherwise the effect does not say where the card is, and it is unsupported.
    """
    out = []
    for a in actions:
        t = a.target
        if t is not None:
            a = replace(a, target=_resolve_selector(t, looked, text, a.op))
        if a.body:
            a = replace(a, body=_resolve_zones(a.body, text, looked))
        if a.options:
            a = replace(a, options=tuple(_resolve_zones(o, text, looked) for o in a.options))
        out.append(a)
        if a.op in _LOOKING_OPS and a.target is not None and a.target.zones in (("deck",), ("life",)):
            looked = True
    return _reveal_as_look(tuple(out))


def _revealed_refs(actions: tuple[Action, ...], renamed: list) -> tuple[Action, ...]:
    """ "the revealed card" (ref ``revealed``) is "it" (the last action's cards) unless an action after the
    reveal chose or moved other cards, which "it" then names: "If the revealed card has a cost of 4 or more,
    return up to 1 of your Characters to the owner's hand. Then, place the revealed card at the bottom of your
    deck" (EB01-029) places the revealed card, not the returned Character (interpreter ctx ``revealed``).
    ``renamed`` (a one-item list, shared across nested bodies, in printed order) is whether that happened."""
    out = []
    for a in actions:
        if not renamed[0]:
            a = _revealed_as_it(a)
        if a.body:
            a = replace(a, body=_revealed_refs(a.body, renamed))
        if a.options:
            a = replace(a, options=tuple(_revealed_refs(o, [renamed[0]]) for o in a.options))
        t = a.target
        if a.op in ("reveal", "choose_cost"):
            renamed[0] = False
        elif t is not None and t.ref is None:  # a fresh choice: "it" now names its cards
            renamed[0] = True
        out.append(a)
    return tuple(out)


def _revealed_as_it(a: Action) -> Action:
    """``a`` with its own ``revealed`` references (target, condition, selector parameters) read as "it"."""
    def sel(s):
        if isinstance(s, Selector):
            if s.ref == "revealed":
                return replace(s, ref="it")
            if s.alternatives:
                return replace(s, alternatives=tuple(sel(x) for x in s.alternatives))
        return s

    def cond(c):
        if c is None:
            return None
        return replace(c, target=sel(c.target), value=sel(c.value), parts=tuple(cond(p) for p in c.parts))

    return replace(a, target=sel(a.target), condition=cond(a.condition),
                   params=tuple((k, sel(v)) for k, v in a.params))


def _names_looked(actions: tuple[Action, ...]) -> bool:
    """Whether an action (or one nested in it) targets the looked-at cards or "the rest" of them."""
    for a in actions:
        t = a.target
        if t is not None and any("looked" in x.zones or x.ref == "rest" for x in (t, *t.alternatives)):
            return True
        if _names_looked(a.body) or any(_names_looked(o) for o in a.options):
            return True
    return False


def _reveal_as_look(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """ "Reveal 1 card from the top of your deck and play up to 1 Character card with a cost of 2. Then, place
    the rest at the top or bottom of your deck." (ST12-010, ST11-001): a card revealed from the deck that a
    later action takes from the looked-at cards is handled as one (11-3): ``look`` moves it out of the deck
    while the effect handles it, then ``reveal`` shows it; a reveal read only as "it" ("If the revealed card
    is ...") keeps the card on the deck (card Q&A qa_st-11.md ST11-001 q1, qa_st-12.md ST12-010 q2)."""
    out: list[Action] = []
    for i, a in enumerate(actions):
        t = a.target
        if (a.op == "reveal" and t is not None and t.zones == ("deck",) and t.position == "top"
                and t.ref is None and _names_looked(actions[i + 1:])):
            out.append(replace(a, op="look"))
            a = Action("reveal", Selector(owner=t.owner, zones=("looked",), count=None))
        out.append(a)
    return tuple(out)


def _effect_kind(timings: list[str], sentence_kinds: list[str]) -> tuple[str, list]:
    if timings:
        first = timings[0]
        kind = _KIND_OF_TIMING.get(first, "auto")
        return kind, timings
    if sentence_kinds and sentence_kinds[0] in ("when", "activation", "when_may"):
        return "auto", ["when"]
    if sentence_kinds and sentence_kinds[0] in ("start_of_game", "start_of_your_turn"):
        return "auto", [sentence_kinds[0]]
    if "replacement" in sentence_kinds:
        return "replacement", [None]
    return "permanent", [None]


def _hoist_permanent(acts: tuple[Action, ...]) -> list[tuple[tuple[Action, ...], tuple[Condition, ...]]]:
    """A permanent effect's "If ..., X" is a condition of the effect (rule 8-1-3-3-2): the paragraph's
    permanent effects as ``(actions, extra conditions)``, one for its unconditional sentences and one for each
    "If" sentence ("[DON!! x1] All of your Characters gain +1 cost. If you have a Character with a cost of 8
    or more, this Leader gains +1000 power.", ST14-001: the +1 cost holds without the "If")."""
    def hoisted(a: Action) -> bool:
        return a.op == "if" and a.condition is not None and not a.options

    plain = tuple(a for a in acts if not hoisted(a))
    parts = [(plain, ())] if plain else []
    parts += [(a.body, (a.condition,)) for a in acts if hoisted(a)]
    return [(_permanent_it(tuple(_with_permanent_duration(a) for a in body)), extra) for body, extra in parts] or [((), ())]


def _permanent_it(acts: tuple[Action, ...]) -> tuple[Action, ...]:
    """In a permanent effect nothing was chosen, so "it" names the cards of the action before it: "this
    Character's base power becomes 9000 and it gains +10 cost" (OP15-092), "Your Leader gains [Double Attack]
    and +2000 power" (OP16-003). Rule 8-1-3-3: the effect applies to those cards continuously."""
    out: list[Action] = []
    for a in acts:
        if a.target is not None and a.target.ref == "it" and out and out[-1].target is not None and (
                out[-1].target.ref != "it"):
            a = replace(a, target=out[-1].target)
        out.append(a)
    return tuple(out)


def _with_permanent_duration(a: Action) -> Action:
    if a.op in CONTINUOUS_OPS and a.duration is None:
        a = replace(a, duration="permanent")
    if a.body:
        a = replace(a, body=tuple(_with_permanent_duration(b) for b in a.body))
    return a


def _sentences(toks: list[Tok]) -> list[list[Tok]]:
    out: list[list[Tok]] = []
    cur: list[Tok] = []
    for t in toks:
        if _is_word(t, "."):
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        out.append(cur)
    return out


def _parse_costs(text: str, toks: list[Tok]):
    """Parse the activation cost; a leading "If ..., " is a condition of the effect."""
    conds: list[Condition] = []
    if toks and _is_word(toks[0], "if"):
        comma = next((k for k, t in enumerate(toks) if _is_word(t, ",")), None)
        if comma is None:
            raise _Unsupported(_fragment(text, toks), "condition without a comma", toks[0].pos)
        conds.append(_parse(text, toks[1:comma], "cond_sentence"))
        toks = toks[comma + 1 :]
    costs, optional = _parse(text, toks, "cost_clause")
    return costs, optional, conds


def _cut_choose_one(text: str, toks: list[Tok]) -> tuple[list[Tok], str]:
    """Remove the trailing "choose one:" / "Your opponent chooses one:"; return the rest and the chooser."""
    words = [t.value if t.type == "WORD" else None for t in toks]
    if words[-3:] == ["choose", "one", ":"]:
        return toks[:-3], "self"
    if words[-5:] == ["your", "opponent", "chooses", "one", ":"]:
        return toks[:-5], "opponent"
    raise _Unsupported(text, "option lines without 'choose one:'", None)


def _options(option_lines: list[str]) -> tuple[tuple[Action, ...], ...]:
    options = []
    for line in option_lines:
        opt_actions: list[Action] = []
        for sent in _sentences(tokenize(line)):
            s = _parse(line, sent, "sentence")
            if s.kind not in ("actions", "then", "if_you_do"):
                raise _Unsupported(line, f"unexpected {s.kind} sentence in an option", None)
            _join_sentence(opt_actions, s)
        options.append(tuple(opt_actions))
    return tuple(options)


def card_set(number: str) -> str:
    """The set of a card number: its prefix before the dash (``OP01``, ``ST01``, ``EB04``, ``P``, ``PRB02``)."""
    return number.split("-", 1)[0]


def _card_fields(card: Any) -> tuple[str, str, str | None]:
    if isinstance(card, dict):
        number = card.get("number") or card.get("card_number") or ""
        text = card.get("text")
        if text is None:
            text = card.get("effects") or ""
        return number, text, card.get("trigger_text")
    return card.number, card.text or "", getattr(card, "trigger_text", None)


def coverage(cards: Iterable[Any]) -> dict:
    """Compile every card and report how many compile without unsupported text, overall and per set.

    ``cards``: :class:`CardDef`-like objects (``number``, ``text``, ``trigger_text``) or dicts from the card
    data (``card_number``, ``effects``).  Cards without text count as compiled.
    """
    total = compiled = with_text = compiled_with_text = 0
    by_set: dict[str, dict[str, int]] = {}
    unsupported: list[dict[str, str]] = []
    for card in cards:
        number, text, trig = _card_fields(card)
        result = compile_card_text(text, trig)
        has_text = bool(result.effects or result.unsupported)
        s = by_set.setdefault(card_set(number), {"total": 0, "compiled": 0})
        total += 1
        s["total"] += 1
        with_text += has_text
        if result.ok:
            compiled += 1
            compiled_with_text += has_text
            s["compiled"] += 1
        for u in result.unsupported:
            unsupported.append(
                {"number": number, "fragment": u.fragment, "sentence": u.sentence, "reason": u.reason}
            )
    return {
        "total": total,
        "compiled": compiled,
        "with_text": with_text,
        "compiled_with_text": compiled_with_text,
        "by_set": dict(sorted(by_set.items())),
        "unsupported": unsupported,
    }
