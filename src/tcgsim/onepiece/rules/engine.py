"""The ONE PIECE CARD GAME state machine: run frames until a decision is needed, apply answers.

Usage::

    game = new_game(deck_a, deck_b, db, seed=7)     # see setup.py
    while game.winner is None:
        d = game.pending                              # Decision(player, kind, options)
        game.apply(d.options.index(...))              # or game.apply_index(i)

A :class:`Game` never calls a player. It can be cloned (:meth:`Game.clone`, no deep copies) and
serialized (:meth:`Game.to_dict`) at any pending decision, including in the middle of an effect, and
resumed from the copy.
"""

from __future__ import annotations

from typing import Iterable

from ...core.machine import EngineError, IllegalAction, Machine
from ...core.rng import Rng
from .card_effects import CardEffects
from .continuous import static_actions
from . import loops
from .frames import HANDLERS
from .serialize import fingerprint, game_from_dict, game_to_dict
from .state import PlayerState, Tables

__all__ = ["EngineError", "Game", "IllegalAction"]


class Game(Machine):
    """A game in progress: the state (zones, per-card status, modifiers, the frame stack) and the
    pending decision.

    Attributes: ``t`` (:class:`Tables`, shared static data), ``players`` (two :class:`PlayerState`),
    ``turn`` (1 = the first player's first turn), ``active`` (whose turn, 0/1), ``first`` (who went
    first, or -1 before it is chosen), ``phase``, ``rested``/``given``/``played``/``face_up`` (per card id),
    ``mods`` (continuous modifiers, see continuous.py), ``battle`` (``None`` or
    ``(attacker, target, original_target, left_field)``), ``stack`` (frames), ``limbo`` (cards in no
    zone: revealed while being played, or a [Trigger] card resolving, rule 10-1-5-3), ``pending``,
    ``winner`` (``None``, 0, 1 or ``DRAW``), ``end_reason``, ``rng`` (the game's seeded stream),
    ``history`` (indices of every answered option), ``known`` (per player: ids of cards in secret zones
    whose identity that player knows, at a known place of a deck or Life), ``vague`` (per player: sorted
    ``(owner, zones, number)`` entries, "a card numbered ``number`` of ``owner`` is somewhere in those
    ``zones``", after a secret reorder or a secret move: rules/zones.py), ``log`` (``None``, or a list of
    ``(visibility, text)`` events), ``loops`` (the :class:`~.loops.LoopWatch` of infinite-loop detection,
    rule 11-1; rules/loops.py).
    """

    __slots__ = (
        "t", "players", "turn", "active", "first", "phase", "rested", "given", "played", "face_up",
        "mods", "battle", "limbo", "rng", "known", "vague", "once", "ctx", "next_inst",
        "loops", "upcoming", "extra_turns",
    )

    HANDLERS = HANDLERS
    ALWAYS_ASK = frozenset(("main",))
    fx: CardEffects = CardEffects()
    """The card effects the rules call (rules/card_effects.py); set by :meth:`install`."""

    @classmethod
    def install(cls, steps: Iterable[dict], card_effects: CardEffects) -> None:
        """Register the game's parts with the rules engine, at one place (``tcgsim/onepiece/__init__.py``):
        ``steps``, the frame-handler tables (frame name → handler) of the rules' step modules, and
        ``card_effects``, the card-effect interpreter (a :class:`CardEffects` with its own frame handlers in
        ``card_effects.handlers``). Installing the same parts again changes nothing; raises
        :class:`EngineError` if two different handlers claim one frame name."""
        for table in (*steps, card_effects.handlers):
            for name, fn in table.items():
                if cls.HANDLERS.get(name, fn) is not fn:
                    raise EngineError(f"two handlers for frame {name!r}")
                cls.HANDLERS[name] = fn
        cls.fx = card_effects

    def __init__(self, tables: Tables, seed: int = 0) -> None:
        n = len(tables.defs)
        self._init_machine()
        self.t = tables
        self.players = [PlayerState(), PlayerState()]
        self.turn = 0
        self.active = 0
        self.first = -1
        self.phase = "setup"
        self.rested = bytearray(n)
        self.given = [0] * n
        self.played = [-1] * n
        self.face_up = bytearray(n)
        self.mods: list[tuple] = []
        self.battle: tuple | None = None
        self.limbo: list[int] = []
        self.rng = Rng(seed)
        self.known: list[set] = [set(), set()]
        self.vague: list[list] = [[], []]
        self.once: set = set()  # (card id, effect index) used this turn, rule 10-2-13
        self.ctx: dict[int, tuple] = {}  # effect instance -> scratch data (effects/interpreter.py)
        self.next_inst = 0
        self.loops = loops.LoopWatch()
        self.upcoming: tuple = ()  # the players of the next turns while extra turns change the order (rules/turns.py)
        self.extra_turns: tuple = ()  # ((turn, player), ...) of the extra turns begun (rules/turns.py)

    # ------------------------------------------------------------------ running
    def check(self) -> None:
        """After every step: rule processing when a loss condition may hold (rule 9-2)."""
        p0, p1 = self.players
        if not p0.deck or not p1.deck or p0.damaged_at_zero or p1.damaged_at_zero:
            self.rule_processing()
        if self.steps - self.loops.quiet > loops.QUIET_STEPS:
            loops.check_quiet(self)  # rule 11-1-1-1: a loop neither player can stop is a draw

    def apply_index(self, index: int) -> None:
        """Answer the pending decision with option ``index`` and run on (``Machine.apply_index``), watching
        for infinite loops (rule 11-1, rules/loops.py): a ``loop_count`` decision names how many times a
        loop action is carried out (11-1-1-2, 11-1-1-3). Raises :class:`IllegalAction` for an index out of
        range, or (11-1-1-2) an answer that would restart a loop already carried out."""
        d = self.pending
        if d is not None and d.kind == loops.LOOP_COUNT:
            loops.answer_count(self, index)
            return
        loops.before_answer(self, index)
        Machine.apply_index(self, index)
        loops.after_answer(self)

    def machine_apply(self, index: int) -> None:
        """``Machine.apply_index`` alone: the answers the loop watch replays (rules/loops.py)."""
        Machine.apply_index(self, index)

    def settle(self) -> None:
        """After every answer: rule processing (rule 9-2), which also acts on a concession."""
        self.rule_processing()

    def concede(self, player: int) -> None:
        """Rule 1-2-3: ``player`` concedes at any moment and loses at once (nothing can prevent it)."""
        if self.winner is not None:
            return
        self.players[player].conceded = True
        self.pending = None
        self.history.append(-1 - player)
        self.rule_processing()

    # ------------------------------------------------------------------ rule processing (rule 9)
    def rule_processing(self) -> None:
        """Rule 9-2-1: every player meeting a loss condition loses; both at once is a draw.

        Conditions (9-2-1-1, 9-2-1-2): the Leader was dealt damage with no Life left; the deck is empty.
        A concession (1-2-3) is also acted on here.
        """
        if self.winner is not None:
            return
        lost = []
        reasons = []
        deck_winners = []
        for i, p in enumerate(self.players):
            if p.conceded:
                lost.append(i)
                reasons.append("concede")
            elif p.damaged_at_zero:
                lost.append(i)
                reasons.append("life")
            elif not p.deck and self.phase != "setup-deal" and not self._looking_at_deck(i):
                if self.t.static_ops.get("deck_out_win") and self._deck_out_wins(i):
                    deck_winners.append(i)  # OP03-040: "you win the game instead of losing" (1-3-1, 1-2-5)
                    continue
                if self.t.static_ops.get("deck_out_end_of_turn") and self._deck_out_part(i, "no_loss"):
                    # OP15-022: "you do not lose when your deck has 0 cards" (card text over 1-2-1-1-2, 1-3-1);
                    # the turn is noted for "You lose at the end of the turn in which your deck becomes 0 cards"
                    if p.deck_out_turn != self.turn:
                        p.deck_out_turn = self.turn
                    continue
                lost.append(i)
                reasons.append("deck")
        if deck_winners:
            self.pending = None
            self.winner = Game.DRAW if len(deck_winners) == 2 else deck_winners[0]
            self.end_reason = "deck_win"
            self.phase = "over"
            self.emit(None, f"game over: {'draw' if self.winner == Game.DRAW else 'p%d wins' % (self.winner + 1)} ({self.end_reason})")
            return
        if not lost:
            return
        self.pending = None
        if len(lost) == 2:
            self.winner = Game.DRAW
            self.end_reason = "+".join(reasons)
        else:
            self.winner = 1 - lost[0]
            self.end_reason = reasons[0]
        self.phase = "over"
        # rule processing (9-2-1): 9-2-1-1 no Life, 9-2-1-2 no deck; a concession is 1-2-3
        rules = tuple(dict.fromkeys({"life": "9-2-1-1", "deck": "9-2-1-2", "concede": "1-2-3"}[r] for r in reasons
                                    if r in ("life", "deck", "concede")))
        self.emit(None, f"game over: {'draw' if self.winner == Game.DRAW else 'p%d wins' % (self.winner + 1)} ({self.end_reason})",
                  rules)

    def _deck_out_wins(self, player: int) -> bool:
        """Whether a permanent effect of ``player``'s card on the field ("When your deck is reduced to 0, you
        win the game instead of losing, according to the rules", OP03-040) replaces their deck-out defeat
        (1-2-1-1-2) with a win; not while its effects are negated (8-2-1-1)."""
        return any(self.t.owner[src] == player for src, _, _a in static_actions(self, "deck_out_win"))

    def _deck_out_part(self, player: int, part: str) -> bool:
        """Whether a permanent ``deck_out_end_of_turn`` effect of ``player``'s card applies now with that
        ``part`` (OP15-022: ``no_loss``, ``at_end``); not while its effects are negated (8-2-1-1)."""
        return any(self.t.owner[src] == player and a.param("part") == part
                   for src, _, a in static_actions(self, "deck_out_end_of_turn"))

    def deck_out_at_end_of_turn(self) -> None:
        """End Phase (6-6-1-3, before the turn passes): a player whose deck became 0 cards during this turn
        while "You lose at the end of the turn in which your deck becomes 0 cards" (OP15-022) applies loses
        (rule 9-2-1, as 1-2-1-1-2); both at once is a draw."""
        lost = [i for i, p in enumerate(self.players)
                if p.deck_out_turn == self.turn and self._deck_out_part(i, "at_end")]
        if not lost or self.winner is not None:
            return
        self.pending = None
        self.winner = Game.DRAW if len(lost) == 2 else 1 - lost[0]
        self.end_reason = "deck"
        self.phase = "over"
        self.emit(None, f"game over: {'draw' if self.winner == Game.DRAW else 'p%d wins' % (self.winner + 1)} (deck at the end of the turn)",
                  ("1-3-1",))

    def _looking_at_deck(self, player: int) -> bool:
        """Card Q&A (ST03-010, OP01-016, OP01-073, OP01-077, OP01-088): while cards of a deck are being
        looked at, the deck is not considered to have 0 cards. Looked-at cards wait in ``limbo`` for the
        ``return_looked`` frame of their effect (effects/actions.py ``op_look``)."""
        return self.looked_in_deck(player) > 0

    def looked_in_deck(self, player: int) -> int:
        """How many cards of ``player``'s deck are being looked at now (0 or more). Rule 11-3-2: cards remain in
        their area while looked at, so the deck's size a player sees or a scenario checks is ``len(deck)`` plus
        this (the engine keeps them in ``limbo`` until their effect's ``return_looked`` frame)."""
        limbo = self.limbo
        if not limbo:
            return 0
        return sum(1 for f in self.stack if f[0] == "return_looked" and f.player == player
                   for c in f.looked if c in limbo)

    # ------------------------------------------------------------------ copies
    def clone(self) -> "Game":
        """An independent copy of the game (shares only the immutable card tables)."""
        g = Game.__new__(Game)
        self._copy_machine(g)
        g.t = self.t
        g.players = [self.players[0].clone(), self.players[1].clone()]
        g.turn = self.turn
        g.active = self.active
        g.first = self.first
        g.phase = self.phase
        g.rested = self.rested[:]
        g.given = self.given[:]
        g.played = self.played[:]
        g.face_up = self.face_up[:]
        g.mods = self.mods[:]
        g.battle = self.battle
        g.limbo = self.limbo[:]
        g.rng = self.rng.clone()
        g.known = [set(self.known[0]), set(self.known[1])]
        g.vague = [self.vague[0][:], self.vague[1][:]]
        g.once = set(self.once)
        g.ctx = dict(self.ctx)
        g.next_inst = self.next_inst
        g.loops = self.loops.clone()
        g.upcoming = self.upcoming
        g.extra_turns = self.extra_turns
        return g

    def to_dict(self) -> dict:
        """The whole state as JSON-ready data (card numbers for the tables, custom cards included).

        ``Game.from_dict(game.to_dict(), db)`` gives a game equal to this one.
        """
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict, db) -> "Game":
        """Rebuild a game from :meth:`to_dict` output; ``db`` resolves card numbers (CardDatabase)."""
        return game_from_dict(data, db, cls)

    def fingerprint(self) -> str:
        """A canonical JSON string of the state (without the log): equal games have equal fingerprints."""
        return fingerprint(self)

    # ------------------------------------------------------------------ small queries
    def opponent(self, player: int) -> int:
        return 1 - player

    def number(self, cid: int) -> str:
        return self.t.numbers[cid]

    def on_field(self, cid: int) -> bool:
        """True if ``cid`` is a Leader, Character or Stage on the field (rule 3-1-2)."""
        p = self.players[self.t.owner[cid]]
        return cid == p.leader or cid == p.stage or cid in p.characters

