"""The state machine every game runs on: a stack of frames, one pending decision at a time.

A game (ONE PIECE CARD GAME, Bleach) subclasses :class:`Machine` and registers one handler per kind of
frame. Each frame is an immutable tuple whose first element names its handler; the handler
``h(game, frame, choice)`` is called with ``choice=None`` when the frame is first run. If it needs a
player's decision it calls :meth:`Machine.ask` and returns, leaving its frame on the stack; it is called
again with the chosen option once the decision is answered. A handler pops itself when its step is done
(``game.stack.pop()``), replaces itself to record progress (``game.stack[-1] = new_frame``) or pushes the
frames of sub-steps.

Because the whole progress of a game is data (the stack of tuples), a game can be cloned or serialized at
any pending decision, in the middle of an effect or a combat, and resumed from the copy. A machine never
calls a player: the caller reads :attr:`Machine.pending` and answers with :meth:`Machine.apply_index`.
"""

from __future__ import annotations

from typing import Callable

from ..errors import TcgsimError
from .decision import Decision

MAX_STEPS = 200_000
"""A guard against an engine bug looping forever; no legal game comes near it."""

DRAW = 2
"""The value of :attr:`Machine.winner` for a drawn game (0 and 1 are the players)."""


class IllegalAction(TcgsimError):
    """An answer that is not one of the pending decision's legal options.

    ``rule``: the number of the rule that forbids it (``"6-5-3-1"``) when the game knows it, else ``None``;
    the message then holds the rule's one-line reason, also in ``reason`` (a game's notation parser explains
    its refusals)."""

    def __init__(self, message: str, rule: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.reason = reason  # "RULE: one line", when the rule is known


class EngineError(TcgsimError):
    """An internal inconsistency of an engine (a bug, never a user mistake)."""


def handler_registry() -> tuple[dict[str, Callable], Callable]:
    """A new, empty handler table and its registration function, for one game's frames.

    ``handler("name", fn)`` registers ``fn`` for frames named ``"name"`` and returns it; ``handler("name")``
    alone is the same as a decorator (``@handler("name")``). The rules modules register with a call after
    the definition, not a decorator, so that a mutation tool (mutmut skips decorated functions) can mutate
    the handlers' bodies (benchmarks/mutation.py). Raises :class:`EngineError` for a second handler of one
    name."""
    table: dict[str, Callable] = {}

    def handler(name: str, fn: Callable | None = None):
        def register(fn):
            if name in table:
                raise EngineError(f"two handlers for frame {name!r}")
            table[name] = fn
            return fn

        return register if fn is None else register(fn)

    return table, handler


class Machine:
    """The game-independent part of a game in progress.

    Attributes: ``stack`` (list of frame tuples; the top one runs), ``pending`` (the :class:`Decision`
    waited for, or ``None``), ``winner`` (``None`` while playing, 0 or 1, or :data:`DRAW`), ``end_reason``
    (a short word: ``"life"``, ``"deck"``, ``"soul"``, ...), ``history`` (the index of every answered
    option; ``-1 - player`` for a concession), ``log`` (``None``, or a list of ``(visible_to, text)``
    events where ``visible_to`` is ``None`` for public events or the one player allowed to see it),
    ``trace`` (``None``, or the decisions that had a single option and were taken without asking, for the
    scenario runners), ``steps`` (frames run, checked against :data:`MAX_STEPS`).

    Subclasses set :attr:`HANDLERS` (from :func:`handler_registry`) and may override :meth:`check`
    (called after every step, e.g. rule processing) and :meth:`settle` (called after every answer).
    """

    __slots__ = ("stack", "pending", "winner", "end_reason", "history", "log", "log_rules", "trace", "steps")

    HANDLERS: dict[str, Callable] = {}
    ALWAYS_ASK: frozenset = frozenset()
    """Decision kinds asked even with a single option (a player's main decision, so a log shows it)."""
    DRAW = DRAW

    def _init_machine(self) -> None:
        self.stack: list[tuple] = []
        self.pending: Decision | None = None
        self.winner: int | None = None
        self.end_reason = ""
        self.history: list[int] = []
        self.log: list | None = None
        self.log_rules: dict[int, tuple[str, ...]] = {}  # log index -> the rules that produced that event
        self.trace: list | None = None
        self.steps = 0

    def _copy_machine(self, g: "Machine") -> None:
        """Copy the machine's fields into the new instance ``g`` (for a subclass's ``clone``)."""
        g.stack = self.stack[:]
        g.pending = self.pending
        g.winner = self.winner
        g.end_reason = self.end_reason
        g.history = self.history[:]
        g.log = None if self.log is None else self.log[:]
        g.log_rules = dict(self.log_rules) if self.log_rules else {}
        g.trace = None if self.trace is None else self.trace[:]
        g.steps = self.steps

    # ------------------------------------------------------------------ running
    def check(self) -> None:
        """Called after every step; the games put their rule processing / loss checks here."""

    def settle(self) -> None:
        """Called after every answered decision, before the game runs on."""
        self.check()

    def run(self) -> None:
        """Execute frames until a decision is pending or the game is over.

        Raises :class:`EngineError` if the stack runs empty or :data:`MAX_STEPS` is exceeded (engine bugs).
        """
        stack = self.stack
        handlers = self.HANDLERS
        check = self.check
        while self.pending is None and self.winner is None:
            if not stack:
                raise EngineError("the frame stack ran empty")
            frame = stack[-1]
            handlers[frame[0]](self, frame, None)
            check()
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise EngineError("step limit exceeded")

    def apply_index(self, index: int) -> None:
        """Answer the pending decision with its option number ``index`` (0-based) and run on.

        Raises :class:`IllegalAction` if no decision is pending or ``index`` is out of range.
        """
        d = self.pending
        if d is None:
            raise IllegalAction("no decision is pending" + (" (the game is over)" if self.winner is not None else ""))
        if type(index) is not int or not 0 <= index < len(d.options):
            raise IllegalAction(f"option {index!r} out of range: {len(d.options)} options")
        choice = d.options[index]
        self.pending = None
        self.history.append(index)
        self.HANDLERS[self.stack[-1][0]](self, self.stack[-1], choice)
        self.settle()
        self.run()

    def apply(self, option: tuple) -> None:
        """Answer the pending decision with ``option`` (one of ``pending.options``); raises IllegalAction."""
        d = self.pending
        if d is None or option not in d.options:
            raise IllegalAction(f"{option!r} is not a legal option")
        self.apply_index(d.options.index(option))

    def concede(self, player: int) -> None:
        """``player`` concedes and loses at once (``end_reason`` ``"concede"``); nothing can prevent it."""
        if self.winner is not None:
            return
        self.pending = None
        self.history.append(-1 - player)
        self.winner = 1 - player
        self.end_reason = "concede"
        self.emit(None, f"p{player + 1} concedes: p{2 - player} wins")

    def ask(self, player: int, kind: str, options: list | tuple):
        """Request a decision of ``kind`` from ``player`` among ``options`` (option tuples).

        A decision with a single option is taken at once and that option is returned (recorded in
        ``trace`` when tracing), unless ``kind`` is in :attr:`ALWAYS_ASK`; otherwise the decision becomes
        pending and ``None`` is returned. Raises :class:`EngineError` for an empty option list.
        """
        if len(options) == 1 and kind not in self.ALWAYS_ASK:
            if self.trace is not None:
                self.trace.append((player, kind, options[0]))
            return options[0]
        if not options:
            raise EngineError(f"a {kind} decision with no options")
        self.pending = Decision(player, kind, tuple(options))
        return None

    def emit(self, visible_to: int | None, text: str, rules: tuple[str, ...] = ()) -> None:
        """Record a log event; ``visible_to`` is ``None`` for public events or the player who may see it;
        ``rules``: the numbers of the rules that produced it, when the engine knows them (kept in
        :attr:`log_rules` under the event's index, for a log entry a reader expands)."""
        if self.log is not None:
            self.log.append((visible_to, text))
            if rules:
                self.log_rules[len(self.log) - 1] = tuple(rules)
