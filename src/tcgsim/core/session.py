"""One game and the only way into it: seats, views, requests, answers and the decision log.

Every way of playing a game goes through a :class:`Session`: the batch runner, the terminal player,
replays, the bench, and the interfaces built on them (the web server, the RL environment). A session holds
the :class:`~tcgsim.core.machine.Machine` of one game and never hands it to a seat: a seat gets its view
(built by the game for that player, without the opponent's hand, deck order or face-down Life), the pending
decision's options as stable labels in the action notation and as indices, and the log lines it may see.

Two faces of the same object:

* Python: :meth:`Session.view`, :meth:`Session.request`, :meth:`Session.answer` (by index or by label),
  :meth:`Session.concede`, and :func:`play`, the one loop that drives agents
  (:class:`~tcgsim.core.agent.Agent`) through a session.
* JSON messages (``docs/protocol.md``): :meth:`Session.handle` takes one message from a seat (a dict or a
  JSON string) and returns the messages for that seat; every message is validated by a pydantic model and
  every refusal is an ``error`` message naming the problem that changes nothing.

The decision log (:attr:`Session.decisions` labels and :attr:`Session.indices`) is what game logs store
and replays check; the same seed and the same answers give the same game, byte for byte.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Callable, Literal, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..errors import TcgsimError, UserError
from .machine import DRAW, IllegalAction

MAX_MESSAGE_BYTES = 4096
"""The longest message a seat may send (a label in the action notation is well under 200 characters)."""

MAX_DECISIONS = 50_000
"""A guard against an agent/engine loop in :func:`play`: no legal game comes near it."""


class ProtocolError(UserError):
    """A message or answer a session refuses: ``code`` names the kind (``malformed``, ``too-large``,
    ``not-your-decision``, ``stale``, ``illegal``, ``game-over``, ``unknown-seat``); ``rule``: for ``illegal``,
    the number of the rule that forbids the action when the game knows it (else ``None``); nothing changed."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule


class SessionError(TcgsimError):
    """An agent answered with an illegal index, or a game exceeded :data:`MAX_DECISIONS` (a bug)."""


def seat_name(seat: int) -> str:
    """``0`` → ``"p1"``, ``1`` → ``"p2"``."""
    return f"p{seat + 1}"


def _seat_index(seat) -> int:
    """``0``/``1`` or ``"p1"``/``"p2"`` → 0 or 1; anything else (``True``, ``1.0``, ``"p3"``) is refused."""
    if type(seat) is int and seat in (0, 1):
        return seat
    if seat in ("p1", "p2") and type(seat) is str:
        return int(seat[1]) - 1
    raise ProtocolError("unknown-seat", f"unknown seat {seat!r}: a seat is p1 or p2")


# ---------------------------------------------------------------------------------------------- messages
class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)  # 1.0, "1" and true are not 1


class AnswerMessage(_Message):
    """``{"type": "answer", "decision": N, "index": I}`` or ``{... "option": "LABEL"}``: the seat's answer to
    request number ``decision`` (refused as ``stale`` if another decision is pending now)."""

    type: Literal["answer"]
    decision: int = Field(ge=0)
    index: int | None = Field(default=None, ge=0)
    option: str | None = Field(default=None, max_length=500)


class ViewMessage(_Message):
    """``{"type": "view"}``: ask for the seat's current view (and its request, if it is to decide)."""

    type: Literal["view"]


class ConcedeMessage(_Message):
    """``{"type": "concede"}``: the seat concedes and loses at once (rule 1-2-3)."""

    type: Literal["concede"]


_INCOMING = TypeAdapter(Annotated[Union[AnswerMessage, ViewMessage, ConcedeMessage], Field(discriminator="type")])


# ---------------------------------------------------------------------------------------------- session
class Session:
    """One game in progress (see the module docstring).

    ``module``: the game's :class:`~tcgsim.core.games.GameModule`; ``game``: a new or resumed game of that
    module (a :class:`~tcgsim.core.machine.Machine`). Attributes: ``decisions`` (the label of every
    answered decision, in order), ``indices`` (the same as option indices). Build one with
    :meth:`start` for a new game.
    """

    __slots__ = ("module", "_game", "decisions", "indices", "_shown", "_render")

    def __init__(self, module, game) -> None:
        self.module = module
        self._game = game
        self.decisions: list[str] = []
        self.indices: list[int] = []
        self._shown = [0, 0]  # log events already sent to each seat
        self._render = module.render

    @classmethod
    def start(cls, module, deck_a, deck_b, db, seed: int, *, first: int | None = None, log: bool = False,
              options: dict | None = None) -> "Session":
        """A new game of ``module`` between ``deck_a`` (seat p1) and ``deck_b`` (p2) with the game seed
        ``seed``; ``first``: 0 or 1 to answer the first-or-second choice, ``None`` to ask it; ``log``: keep
        the referee's log (needed for :meth:`events`); ``options``: keyword options of the game's
        ``new_game`` (a game module's ``person_options`` for a person's game). Raises :class:`UserError` for
        decks the game refuses."""
        return cls(module, module.new_game(deck_a, deck_b, db, seed, first=first, log=log, **(options or {})))

    # ------------------------------------------------------------------ state
    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._game.winner is not None

    @property
    def winner(self) -> str | None:
        """``"p1"``, ``"p2"``, ``"draw"``, or ``None`` while the game goes on."""
        w = self._game.winner
        return None if w is None else "draw" if w == DRAW else seat_name(w)

    @property
    def end_reason(self) -> str:
        """The engine's word for how the game ended (``"life"``, ``"deck"``, ``"concede"``, ...); ``""``."""
        return self._game.end_reason

    @property
    def turn(self) -> int:
        """The game turn number (both players' turns count)."""
        return self._game.turn

    @property
    def to_act(self) -> int | None:
        """The seat (0 or 1) whose decision is pending, or ``None`` when the game is over."""
        d = self._game.pending
        return None if d is None else d.player

    def fingerprint(self) -> str:
        """The canonical JSON of the whole state (for logs and replays; holds hidden cards: never sent to a seat)."""
        return self._game.fingerprint()

    def referee_log(self) -> list[tuple[int | None, str]]:
        """Every log event as ``(visible_to, text)`` (``visible_to`` ``None`` for public events): the referee's
        record for game logs, never sent to a seat as it is; ``[]`` when the game keeps no log."""
        return list(self._game.log or ())

    def sampler(self, seat: int) -> Callable | None:
        """For a search agent in ``seat``: ``sample(rng) -> game``, clones of the game in which every card
        hidden from that seat is redealt (:meth:`GameModule.make_sampler`). The sampler holds a copy with
        only what the seat may know, never the live game."""
        return self.module.make_sampler(self._game, seat)

    # ------------------------------------------------------------------ what a seat sees
    def view(self, seat: int) -> dict:
        """``seat``'s view (JSON-ready; the options of the pending decision are listed only for the seat
        that decides)."""
        return self.module.player_view(self._game, seat)

    def request(self, seat: int) -> dict | None:
        """The request for ``seat`` if its decision is pending, else ``None``:
        ``{"type": "request", "seat": "p1", "decision": N, "kind": KIND, "options": [LABEL, ...]}``, where
        ``decision`` is the number of decisions answered so far (an answer must name it)."""
        d = self._game.pending
        if d is None or d.player != seat:
            return None
        return {"type": "request", "seat": seat_name(seat), "decision": len(self.indices), "kind": d.kind,
                "options": self.labels()}

    def labels(self) -> list[str]:
        """The pending decision's options in action notation (for the deciding seat); ``[]`` when over."""
        g = self._game
        d = g.pending
        if d is None:
            return []
        return [self._render(g, d.player, o) for o in d.options]

    def events(self, seat: int, *, rules: bool = False) -> list:
        """The log lines ``seat`` may see that it has not been given yet (public events and its own private
        ones); ``[]`` when the game keeps no log. ``rules``: give ``(text, (RULE, ...))`` pairs instead, with
        the numbers of the rules that produced each event where the game knows them (K.O. by battle 7-1-4-1-2,
        a [Trigger] revealed 10-1-5-1, rule processing 9-2-1-1, ...)."""
        g = self._game
        log = g.log
        if log is None:
            return []
        start = self._shown[seat]
        self._shown[seat] = len(log)
        if not rules:
            return [text for who, text in log[start:] if who is None or who == seat]
        known = g.log_rules
        return [(text, known.get(i, ())) for i, (who, text) in enumerate(log[start:], start) if who is None or who == seat]

    def rewind_events(self, seat: int) -> None:
        """Make the next :meth:`events` (and :meth:`status`) give ``seat`` every log line it may see from the
        start of the game: for a client that (re)connects and must rebuild its log."""
        self._shown[seat] = 0

    # ------------------------------------------------------------------ answering
    def answer(self, seat: int, index: int | None = None, *, label: str | None = None,
               labels: Sequence[str] | None = None) -> None:
        """``seat`` answers the pending decision with option ``index`` (0-based) or with ``label`` (the
        action notation, parsed by the game: a label of :meth:`labels` or typed notation such as
        ``attack ST01-013 -> opp leader``). ``labels``: the labels the seat was shown, when the caller already
        rendered them (saves rendering the answer again). Records the answer in :attr:`decisions` /
        :attr:`indices` and runs the game to its next decision.

        Raises :class:`ProtocolError`: ``game-over``, ``not-your-decision`` (another seat decides),
        ``illegal`` (index out of range, or a label naming no legal option, with the engine's reason).
        """
        g = self._game
        d = g.pending
        if (index is None) == (label is None):
            raise ProtocolError("malformed", "an answer gives exactly one of index and label")
        if d is None:
            raise ProtocolError("game-over", "the game is over: no decision is pending")
        if d.player != seat:
            raise ProtocolError("not-your-decision", f"{seat_name(d.player)} decides now, not {seat_name(seat)}")
        if label is not None:
            try:
                option = self.module.parse(g, label)
                index = d.options.index(option)
            except (IllegalAction, ValueError) as exc:
                raise _illegal(label, exc) from None
        if type(index) is not int or not 0 <= index < len(d.options):
            raise ProtocolError("illegal", f"option {index!r} out of range: {len(d.options)} options")
        self.decisions.append(labels[index] if labels is not None else self._render(g, seat, d.options[index]))
        self.indices.append(index)
        g.apply_index(index)

    def concede(self, seat: int) -> None:
        """``seat`` concedes and loses at once (rule 1-2-3); nothing can prevent it. No effect once over."""
        self._game.concede(seat)

    def parse(self, text: str) -> int:
        """The index of the pending option that ``text`` (action notation) names; raises :class:`ProtocolError`."""
        d = self._game.pending
        if d is None:
            raise ProtocolError("game-over", "the game is over: no decision is pending")
        try:
            return d.options.index(self.module.parse(self._game, text))
        except (IllegalAction, ValueError) as exc:
            raise _illegal(text, exc) from None

    # ------------------------------------------------------------------ JSON protocol
    def status(self, seat: int) -> list[dict]:
        """The messages that bring ``seat`` up to date: ``events`` (new visible log lines, if any, with
        ``rules``: for each line the numbers of the rules that produced it, ``[]`` when unknown), ``view``,
        and the seat's ``request`` or, when the game has ended, ``over``."""
        out: list[dict] = []
        lines = self.events(seat, rules=True)
        if lines:
            out.append({"type": "events", "seat": seat_name(seat), "lines": [text for text, _ in lines],
                        "rules": [list(r) for _, r in lines]})
        out.append({"type": "view", "seat": seat_name(seat), "view": self.view(seat)})
        if self.over:
            out.append({"type": "over", "winner": self.winner, "reason": self.end_reason, "turn": self.turn})
        else:
            req = self.request(seat)
            if req is not None:
                out.append(req)
        return out

    def handle(self, seat: int | str, message: dict | str | bytes) -> list[dict]:
        """Take one message from ``seat`` (0/1 or ``"p1"``/``"p2"``) and return the messages for that seat.

        ``message``: ``{"type": "answer", "decision": N, "index": I | "option": LABEL}``,
        ``{"type": "view"}`` or ``{"type": "concede"}`` (docs/protocol.md). A refused message returns
        ``[{"type": "error", "code": CODE, "message": TEXT}]`` (plus ``"rule": NUMBER`` for an ``illegal``
        action whose forbidding rule the game knows) and changes nothing: malformed JSON or fields,
        a message over :data:`MAX_MESSAGE_BYTES`, an answer out of turn, to an older decision (``stale``,
        so a replayed message is refused), or naming no legal option.
        """
        try:
            seat = _seat_index(seat)
            msg = _read(message)
            if isinstance(msg, ConcedeMessage):
                self.concede(seat)
            elif isinstance(msg, AnswerMessage):
                self._answer_message(seat, msg)
        except ProtocolError as exc:
            error = {"type": "error", "code": exc.code, "message": str(exc)}
            if exc.rule is not None:
                error["rule"] = exc.rule
            return [error]
        return self.status(seat)

    def _answer_message(self, seat: int, msg: AnswerMessage) -> None:
        if (msg.index is None) == (msg.option is None):
            raise ProtocolError("malformed", "an answer gives exactly one of index and option")
        if self.over:
            raise ProtocolError("game-over", "the game is over: no decision is pending")
        if msg.decision != len(self.indices):
            raise ProtocolError("stale", f"the answer is to decision {msg.decision}, but decision "
                                         f"{len(self.indices)} is pending")
        self.answer(seat, msg.index, label=msg.option)


def _illegal(text: str, exc: Exception) -> ProtocolError:
    """The ``illegal`` refusal of ``text``: the game's reason, with the rule that forbids it when known."""
    rule = getattr(exc, "rule", None)
    if rule is not None:  # the game's message already names the text and the rule
        return ProtocolError("illegal", str(exc), rule)
    return ProtocolError("illegal", f"{text!r} is not a legal option: {exc}")


def _read(message: dict | str | bytes):
    if isinstance(message, (str, bytes)):
        try:
            size = len(message.encode() if isinstance(message, str) else message)
        except UnicodeEncodeError:
            raise ProtocolError("malformed", "not valid Unicode text") from None
        if size > MAX_MESSAGE_BYTES:
            raise ProtocolError("too-large", f"a message is at most {MAX_MESSAGE_BYTES} bytes, not {size}")
        try:
            message = json.loads(message, object_pairs_hook=_no_duplicate_keys)
        except (ValueError, RecursionError) as exc:
            raise ProtocolError("malformed", f"not JSON: {exc}") from None
    else:
        try:
            size = len(json.dumps(message, default=str))
        except (ValueError, TypeError, RecursionError):
            raise ProtocolError("malformed", "not a JSON value") from None
        if size > MAX_MESSAGE_BYTES:
            raise ProtocolError("too-large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return _INCOMING.validate_python(message)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ProtocolError("malformed", f"{where}: {first['msg']}") from None


def _no_duplicate_keys(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise ValueError(f"the key {dup!r} is given twice")
    return dict(pairs)


# ---------------------------------------------------------------------------------------------- the loop
def play(session: Session, agents: Sequence[Any], *, max_decisions: int = MAX_DECISIONS,
         stop: Callable[[], bool] | None = None) -> None:
    """Drive ``session`` to its end with ``agents[seat]`` answering each pending decision.

    Each agent sees only what the protocol gives its seat: ``choose(view, decision, labels)`` with its view
    and the option labels (``None`` and ``None`` for an agent whose ``needs_view`` is false), plus
    ``sampler=`` for one with ``needs_sampler`` (:meth:`Session.sampler`, built from what the seat may
    know); an agent with ``needs_messages`` gets only the protocol's messages instead
    (``respond(messages) -> answer message``, :class:`tcgsim.agents.remote.ProcessAgent`). ``stop()``, when given, is asked
    before each decision and ends the loop early when true (a person quitting).

    Raises :class:`SessionError` if an agent answers an index out of range or the game passes
    ``max_decisions``; an agent's own exceptions propagate.
    """
    g = session._game
    while g.winner is None:
        if stop is not None and stop():
            return
        if len(session.indices) >= max_decisions:
            raise SessionError(f"the game exceeded {max_decisions} decisions")
        act(session, agents[g.pending.player])


def act(session: Session, agent: Any) -> int:
    """Let ``agent`` answer the pending decision of ``session`` once, as :func:`play` does for each
    decision (its view, labels and sampler for the seat that decides); returns the index it chose.

    For a client that drives one seat itself and leaves the other to an agent (the RL environment).
    Raises :class:`SessionError` if the agent answers an index out of range, :class:`ProtocolError`
    (``game-over``) when no decision is pending.
    """
    d = session._game.pending
    if d is None:
        raise ProtocolError("game-over", "the game is over: no decision is pending")
    seat = d.player
    if getattr(agent, "needs_messages", False):
        # an agent that gets only the protocol's messages (e.g. in another process: agents/remote.py)
        reply = session.handle(seat, agent.respond(session.status(seat)))
        if reply[0]["type"] == "error":
            raise SessionError(f"agent {getattr(agent, 'name', agent)!r}: {reply[0]['code']}: {reply[0]['message']}")
        return session.indices[-1]
    if agent.needs_view:
        view = session.view(seat)
        labels = view["pending"]["options"]
        if getattr(agent, "needs_sampler", False):
            i = agent.choose(view, d, labels, sampler=session.sampler(seat))
        else:
            i = agent.choose(view, d, labels)
    else:
        labels = None
        i = agent.choose(None, d, None)
    if type(i) is not int or not 0 <= i < len(d.options):
        raise SessionError(f"agent {getattr(agent, 'name', agent)!r} chose option {i!r} of {len(d.options)}")
    session.answer(seat, i, labels=labels)
    return i
