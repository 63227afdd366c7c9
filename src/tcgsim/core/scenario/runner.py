"""Running a loaded scenario, for every game: the matching rules of SCENARIOS.md "actions" (a legal answer,
a step the engine took by itself, ``auto: pass``, strict failure) and the checks of "expect".

The runner plays through a :class:`~tcgsim.core.session.Session`, as every other way of playing does:
each scripted answer, decline and concession is an answer or concession of the session's seat (the
decision log is the session's). What it reads to check expectations is the referee's whole state (a
scenario checks hidden zones too). A game gives its part as a :class:`ScenarioGame`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import permutations
from typing import Any, Callable

from ..decision import Decision
from ..games import get_game
from ..machine import DRAW, EngineError, IllegalAction
from ..session import Session
from .results import Failure, ScenarioFormatError, ScenarioResult
from .script import Action, Checkpoint, Expect


@dataclass(frozen=True)
class ScenarioGame:
    """What the shared runner needs from a game.

    * ``game``: the game's registered name (:func:`~tcgsim.core.games.get_game`), whose module the
      :class:`~tcgsim.core.session.Session` of a run answers with.
    * ``build(scenario, run=False, trace=True)``: the game of a loaded scenario, not yet run, with
      ``game.trace`` a :class:`Trace` (``scenario`` has ``file``, ``actions`` (:class:`Action`),
      ``checkpoints`` (:class:`Checkpoint`) and ``auto_pass``).
    * ``parse(game, text)``: the option of ``game.pending`` that ``text`` names; raises ``IllegalAction``.
    * ``labels(game)``: the labels of the pending decision's options, in order.
    * ``read(game, expect)``: the value found for an expectation of the game's own paths (the same shape as
      ``expect.value``); ``winner`` and ``pending`` are read here.
    * ``declines``: the options ``auto: pass`` answers with.
    * ``ordered``: the kinds of list expectations compared in order (the others compare as multisets).
    * ``split``: for games with multi-card answers, ``split(text)`` gives the one-card answers of ``text``
      (a list of one for any other text); such an answer may be fed a card at a time and may name several
      skipped steps.
    * ``end_choice(before, after)``: for such games, once a multi-card answer was fed a card at a time from
      game ``before`` to game ``after``: the answer that ends the choice (``"choose none"``) when ``after``
      still asks for more cards of that same choice, else ``None``. SCENARIOS.md: the line is the whole
      answer, and a line naming fewer than an "up to N" choice allows ends it.
    * ``unanswered(game)``: for a decision that SCENARIOS.md does not let a script answer, ``(default,
      texts)``: the answer the runner plays after an entry unless the next entry is one of ``texts`` (an
      extension of the format, answered by ``parse``); ``None`` for any other decision. For the ONE PIECE
      CARD GAME: paying an Event's activation cost, ``("yes", ("decline cost",))`` (SCENARIOS.md: `play` /
      `event` of an Event pays it with no yes/no; docs/scenarios.md).
    """

    build: Callable[..., Any]
    parse: Callable[[Any, str], tuple]
    labels: Callable[[Any], list[str]]
    read: Callable[[Any, Expect], Any]
    declines: tuple[tuple, ...]
    game: str
    ordered: tuple[str, ...] = ()
    split: Callable[[str], list[str]] | None = None
    end_choice: Callable[[Any, Any], str | None] | None = None
    unanswered: Callable[[Any], tuple[str, tuple[str, ...]] | None] | None = None


class Trace(list):
    """``game.trace``: the steps the engine took by itself (a single option), as ``(player, kind, option)``;
    ``snapshots[i]`` is a copy of the game when step ``i`` was taken (to resolve card references as they were
    then), ``used[i]`` whether a scripted action already matched it. :meth:`reset` starts a new window (an
    asked decision)."""

    def __init__(self, game, rules: ScenarioGame) -> None:
        super().__init__()
        self.game = game
        self.rules = rules
        self.snapshots: list = []
        self.used: list[bool] = []

    def append(self, step) -> None:  # called by Machine.ask
        super().append(step)
        snap = self.game.clone()
        snap.trace = None
        self.snapshots.append(snap)
        self.used.append(False)

    def reset(self) -> None:
        self.clear()
        self.snapshots.clear()
        self.used.clear()

    def _names(self, i: int, player: int, text: str) -> bool:
        step_player, kind, option = self[i]
        if self.used[i] or step_player != player:
            return False
        snap = self.snapshots[i]
        snap.pending = Decision(step_player, kind, (option,))
        try:
            return self.rules.parse(snap, text) == option
        except IllegalAction:
            return False
        finally:
            snap.pending = None

    def match(self, player: int, text: str) -> bool:
        """Mark and return True if ``text`` names an unused step of ``player`` in this window (each used at
        most once); a multi-card answer (``rules.split``) may name several one-card steps."""
        for i in range(len(self)):
            if self._names(i, player, text):
                self.used[i] = True
                return True
        parts = self.rules.split(text) if self.rules.split is not None else []
        if len(parts) > 1:
            taken: list[int] = []
            for part in parts:
                for i in range(len(self)):
                    if i not in taken and self._names(i, player, part):
                        taken.append(i)
                        break
                else:
                    return False
            for i in taken:
                self.used[i] = True
            return True
        return False


def pending_text(g, rules: ScenarioGame) -> str:
    """The pending decision as a failure shows it: ``"pN KIND: OPTION; OPTION"``, or ``"none"``, or
    ``"none (game over: pN wins)"`` / ``"none (game over: draw)"``."""
    d = g.pending
    if d is None:
        if g.winner is None:
            return "none"
        who = "draw" if g.winner == DRAW else f"p{g.winner + 1} wins"
        return f"none (game over: {who})"
    return f"p{d.player + 1} {d.kind}: " + "; ".join(rules.labels(g))


def parse_any_order(parse: Callable[[Any, str], tuple]) -> Callable[[Any, str], tuple]:
    """``parse`` where a ``choose`` of several cards names a set: any order of the listed cards matches
    (``choose a, b`` = ``choose b, a``; up to 6 cards; not ``choose option``/``choose effect``)."""

    def parse_set(g, text: str) -> tuple:
        try:
            return parse(g, text)
        except IllegalAction:
            refs = [r.strip() for r in text[len("choose "):].split(",")] if text.startswith("choose ") else []
            if 1 < len(refs) <= 6 and not text.startswith(("choose option", "choose effect")):
                for perm in permutations(refs):
                    try:
                        return parse(g, "choose " + ", ".join(perm))
                    except IllegalAction:
                        continue
            raise

    return parse_set


def answers(g, player: int, text: str, rules: ScenarioGame) -> list[str] | None:
    """The answers (one, or one per card of a multi-card answer fed a card at a time, then the answer that
    ends the choice when the line named fewer cards than it allows: ``rules.end_choice``) that play ``text``
    for ``player`` from the current decision, or None if it is not legal."""
    d = g.pending
    if d is None or d.player != player:
        return None
    try:
        rules.parse(g, text)
        return [text]
    except IllegalAction:
        pass
    parts = rules.split(text) if rules.split is not None else []
    if len(parts) < 2:
        return None
    trial = g.clone()
    trial.trace = []
    seat = session_for(trial, rules)
    kind = trial.pending.kind if trial.pending is not None else None
    for k, part in enumerate(parts):
        if trial.pending is None or trial.pending.player != player or trial.pending.kind != kind:
            # the rest may have been taken by the engine itself (a single option left): accepted and
            # skipped, as SCENARIOS.md says for steps that passed by themselves
            auto = [step for step in trial.trace if step[0] == player and step[1] == kind]
            return parts[:k] if k and len(auto) >= len(parts) - k else None
        try:
            answer(seat, trial, rules.parse(trial, part))
        except IllegalAction:
            return None
    if rules.end_choice is not None and trial.pending is not None and trial.pending.player == player:
        # the line is the whole answer (SCENARIOS.md): fewer cards than "up to N" allows end the choice
        end = rules.end_choice(g, trial)
        if end is not None:
            return parts + [end]
    return parts


def session_for(g, rules: ScenarioGame) -> Session:
    """The :class:`~tcgsim.core.session.Session` through which a run answers the decisions of ``g`` (a game of
    ``rules.game``)."""
    return Session(get_game(rules.game), g)


def answer(session: Session, g, option: tuple) -> None:
    """Answer the pending decision of ``g`` with ``option`` (one of its options), as the seat that decides,
    through ``session`` (the session of ``g``). Raises ``ValueError`` for an option not offered."""
    d = g.pending
    session.answer(d.player, d.options.index(option))


def refusal(g, act: Action, rules: ScenarioGame) -> str | None:
    """Why the pending decision refuses ``act``, when it is its player's to answer and the game names the
    rule that forbids it (``IllegalAction.rule``): ``"RULE: reason"``; else ``None``."""
    d = g.pending
    if d is None or d.player != act.player:
        return None
    try:
        rules.parse(g, act.text)
    except IllegalAction as exc:
        if exc.rule is not None:
            return exc.reason or f"{exc.rule}: {exc}"
    return None


def play(g, session: Session, trace: Trace, act: Action, auto_pass: bool, rules: ScenarioGame) -> bool:
    """Play one scripted entry on ``g`` through its ``session`` by the matching rules of SCENARIOS.md
    "actions": a legal answer of the pending decision of its player, else a step the engine took by itself
    since the last asked decision, else (``auto_pass``) decline the pending decision (an option of
    ``rules.declines``) and try again. ``concede`` is accepted at any decision. False when it cannot be
    played (strict failure)."""
    while True:
        if act.text == "concede":  # at any decision, by either player
            if g.winner is not None:
                return False
            trace.reset()
            session.concede(act.player)
            return True
        found = answers(g, act.player, act.text, rules)
        if found is not None:
            for part in found:
                trace.reset()
                answer(session, g, rules.parse(g, part))
            return True
        if trace.match(act.player, act.text):
            return True
        if auto_pass and g.pending is not None:
            decline = next((o for o in g.pending.options if o in rules.declines), None)
            if decline is not None:
                trace.reset()
                answer(session, g, decline)
                continue
        return False


def is_legal(g, text: str, rules: ScenarioGame) -> bool:
    """Whether ``text`` can be played now (``concede``: while the game goes on)."""
    if text == "concede":
        return g.winner is None
    return g.pending is not None and answers(g, g.pending.player, text, rules) is not None


def read_value(g, e: Expect, rules: ScenarioGame):
    """The value found for expectation ``e``: ``winner`` (``p1``/``p2``/``draw``/``none``), ``pending``
    (``pN KIND`` or ``none``), or the game's ``rules.read``."""
    if e.kind == "winner":
        return {None: "none", 0: "p1", 1: "p2", DRAW: "draw"}[g.winner]
    if e.kind == "pending":
        return "none" if g.pending is None else f"p{g.pending.player + 1} {g.pending.kind}"
    return rules.read(g, e)


def check(g, cp: Checkpoint, rules: ScenarioGame) -> list[Failure]:
    """The failures of checkpoint ``cp`` on ``g``: ``legal``/``illegal`` lists, then every path (a list is
    compared as a multiset unless its kind is in ``rules.ordered``; other values by value and type)."""
    out = []
    for e in cp.expects:
        if e.kind in ("legal", "illegal"):
            want = e.kind == "legal"
            for text in e.value:
                if is_legal(g, text, rules) != want:
                    out.append(Failure(cp.after, e.kind, text, pending_text(g, rules)))
            continue
        found = read_value(g, e, rules)
        if isinstance(e.value, list) and e.kind not in rules.ordered:
            ok = isinstance(found, list) and Counter(found) == Counter(e.value)
        else:
            ok = found == e.value and type(found) is type(e.value)
        if not ok:
            out.append(Failure(cp.after, e.path, e.value, found))
    return out


def run_loaded(scenario, rules: ScenarioGame) -> ScenarioResult:
    """Play a loaded scenario and check its expectations.

    Builds the game (``rules.build``), checks ``after: 0``, then plays each action and checks the
    expectations after it. An engine error while starting is the failure
    ``{"after": 0, "path": "state", ...}``; a scripted action that cannot be played (or raises an engine
    error) is ``{"after": K-1, "path": "action K", ...}`` and ends the run.
    """
    g = rules.build(scenario, run=False, trace=True)
    trace: Trace = g.trace
    failures: list[Failure] = []
    by_after: dict[int, list[Checkpoint]] = {}
    for cp in scenario.checkpoints:
        by_after.setdefault(cp.after, []).append(cp)

    def check_after(k: int) -> None:
        for cp in by_after.get(k, ()):
            failures.extend(check(g, cp, rules))

    try:
        g.run()
    except (EngineError, IllegalAction) as exc:
        failures.append(Failure(0, "state", "a game that runs", f"engine error: {exc}"))
        return ScenarioResult(scenario.file, False, failures, game=g)
    check_after(0)
    session = session_for(g, rules)
    actions = list(scenario.actions)
    for i, act in enumerate(actions):
        try:
            ok = play(g, session, trace, act, scenario.auto_pass, rules)
            if ok:
                _play_unanswered(g, session, trace, actions[i + 1] if i + 1 < len(actions) else None, rules)
        except (EngineError, IllegalAction) as exc:
            failures.append(Failure(act.index - 1, f"action {act.index}", act.text, f"engine error: {exc}", act.actor))
            break
        if not ok:
            failures.append(Failure(act.index - 1, f"action {act.index}", act.text, pending_text(g, rules), act.actor,
                                    refusal(g, act, rules)))
            break
        check_after(act.index)
    return ScenarioResult(scenario.file, not failures, failures, game=g)


def _play_unanswered(g, session: Session, trace: Trace, following: Action | None, rules: ScenarioGame) -> None:
    """Answer the pending decision with ``rules.unanswered`` unless the ``following`` entry answers it."""
    while rules.unanswered is not None and g.pending is not None:
        found = rules.unanswered(g)
        if found is None:
            return
        default, texts = found
        if following is not None and following.player == g.pending.player and following.text in texts:
            return  # the script answers it itself
        trace.reset()
        answer(session, g, rules.parse(g, default))


def load_and_run(file: str, load: Callable[[], Any], rules: ScenarioGame) -> ScenarioResult:
    """``run_loaded(load(), rules)``, where a :class:`ScenarioFormatError` from ``load`` becomes the result
    of a malformed ``file`` (``error`` set): never raises for a bad file."""
    try:
        scenario = load()
    except ScenarioFormatError as exc:
        return ScenarioResult(file, False, error=str(exc))
    return run_loaded(scenario, rules)
