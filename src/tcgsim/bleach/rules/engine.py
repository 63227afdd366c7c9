"""The Bleach state machine (a :class:`~tcgsim.core.machine.Machine`): state, queries and the win check.

Zones of a player (:class:`PlayerState`; card ids are indices into the game's card table, top of a pile
last): ``deck``, ``hand``, ``discard`` (défausse), ``soul`` (Zone de points d'Ame, face down),
``souls`` (Ames Principales on the field), ``supports`` (Ames de Soutien), ``exclusion`` (Zone d'Exclusion),
``aside`` (the Zanpakutô set aside), ``reserve`` (per Ame Principale: its Force Spirituelle reserve, a
tuple), ``pieces`` (per Ame Principale: the Ame Déchaînée cards assembled on it), ``bearer`` (the Ame
Principale bearing the Zanpakutô, or -1). Cards played in a combat are in ``Game.combat``.
"""

from __future__ import annotations

from ...core.machine import DRAW, EngineError, IllegalAction, Machine
from ...core.rng import Rng
from .choices import MAX_TURNS
from .frames import HANDLERS, handler
from .serialize import fingerprint, game_from_dict, game_to_dict

__all__ = ["EngineError", "Game", "IllegalAction", "PlayerState", "Tables"]

HAND_SIZE = 6
"""seed §Pioche: « il pioche ... jusqu'à en avoir de nouveau 6 »."""


class Tables:
    """Static card data of one game: ``defs`` (CardDef per id), ``numbers``, ``owner`` (0/1 per id)."""

    __slots__ = ("defs", "numbers", "owner")

    def __init__(self, defs, owner) -> None:
        self.defs = list(defs)
        self.numbers = [d.number for d in self.defs]
        self.owner = list(owner)


class PlayerState:
    """One player's zones (see the module docstring) and ``turns`` (turns played as attacker)."""

    __slots__ = ("deck", "hand", "discard", "soul", "souls", "supports", "exclusion", "aside", "reserve",
                 "pieces", "bearer", "zanpakuto", "start", "turns", "limbo")

    LISTS = ("deck", "hand", "discard", "soul", "souls", "supports", "exclusion", "aside", "limbo")

    def __init__(self) -> None:
        for name in self.LISTS:
            setattr(self, name, [])
        self.reserve: dict[int, tuple] = {}
        self.pieces: dict[int, tuple] = {}
        self.bearer = -1
        self.zanpakuto = -1
        self.start = -1
        self.turns = 0

    def clone(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        for name in self.LISTS:
            setattr(p, name, getattr(self, name)[:])
        p.reserve = dict(self.reserve)
        p.pieces = dict(self.pieces)
        p.bearer, p.zanpakuto, p.start, p.turns = self.bearer, self.zanpakuto, self.start, self.turns
        return p

    def to_dict(self) -> dict:
        d = {name: list(getattr(self, name)) for name in self.LISTS}
        d["reserve"] = sorted([k, list(v)] for k, v in self.reserve.items())
        d["pieces"] = sorted([k, list(v)] for k, v in self.pieces.items())
        d.update(bearer=self.bearer, zanpakuto=self.zanpakuto, start=self.start, turns=self.turns)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerState":
        p = cls.__new__(cls)
        for name in cls.LISTS:
            setattr(p, name, list(d[name]))
        p.reserve = {k: tuple(v) for k, v in d["reserve"]}
        p.pieces = {k: tuple(v) for k, v in d["pieces"]}
        p.bearer, p.zanpakuto, p.start, p.turns = d["bearer"], d["zanpakuto"], d["start"], d["turns"]
        return p


class Game(Machine):
    """A Bleach game in progress.

    Attributes besides the :class:`Machine` ones: ``t`` (:class:`Tables`), ``players`` (two
    :class:`PlayerState`), ``turn`` (1 = the first player's first turn, 0 during setup), ``active`` (the
    Attaquant), ``first`` (-1 until chosen), ``phase`` (``setup``, ``depart``, ``actions``, ``combat``,
    ``finale``, ``over``), ``exhausted`` (bytearray per card id: 1 = état épuisé), ``face_up`` (bytearray:
    the starting Ames Principales are face down during setup), ``mods`` (list of ``(card id, +PC, until)``,
    ``until`` ``"turn"``/``"combat"``), ``combat`` (``None`` or ``(attacker, defender or -1, attacker's
    Combat cards, defender's Combat cards)``), ``once`` (``(card id, effect index)`` used this turn),
    ``cause`` (the player whose effect is resolving, or -1), ``rng`` (the game's stream), ``max_turns`` (the
    turn after which the game is a draw, :data:`~.choices.MAX_TURNS`; ``None``: no limit, a person's game).
    """

    __slots__ = ("t", "players", "turn", "active", "first", "phase", "exhausted", "face_up", "mods", "combat",
                 "once", "cause", "rng", "max_turns")

    HANDLERS = HANDLERS
    ALWAYS_ASK = frozenset(("action",))

    def __init__(self, tables: Tables, seed: int = 0) -> None:
        n = len(tables.defs)
        self._init_machine()
        self.t = tables
        self.players = [PlayerState(), PlayerState()]
        self.turn = 0
        self.active = 0
        self.first = -1
        self.phase = "setup"
        self.exhausted = bytearray(n)
        self.face_up = bytearray(n)
        self.mods: list[tuple] = []
        self.combat: tuple | None = None
        self.once: set = set()
        self.cause = -1
        self.rng = Rng(seed)
        self.max_turns: int | None = MAX_TURNS

    # ------------------------------------------------------------------ winning (seed §Conditions de victoire)
    def check(self) -> None:
        """seed §Conditions de victoire, checked after every step except while an effect action resolves
        (``cause`` set): :meth:`judge` is then called once the whole action has resolved, so that two
        clauses emptying both players' soul points are simultaneous whatever their order."""
        if self.cause < 0:
            self.judge(-1)

    def judge(self, cause: int) -> None:
        """seed §Conditions de victoire: a player with no soul points, or no Ame Principale on the field,
        loses. Both at once: the player whose effect caused it (``cause``, 0/1, or -1) loses, a draw when no
        effect did (:data:`~.choices.SIMULTANEOUS_LOSS`). Also the draw after ``max_turns`` turns."""
        if self.winner is not None or self.turn == 0:
            return
        lost = [i for i, p in enumerate(self.players) if not p.soul or not p.souls]
        if not lost:
            if self.max_turns is not None and self.turn > self.max_turns:
                self._end(DRAW, "turns")
            return
        reason = lambda i: "soul" if not self.players[i].soul else "field"  # noqa: E731
        if len(lost) == 2:
            if cause in (0, 1):
                self._end(1 - cause, f"{reason(cause)}+effect")
            else:
                self._end(DRAW, f"{reason(0)}+{reason(1)}")
        else:
            self._end(1 - lost[0], reason(lost[0]))

    def _end(self, winner: int, reason: str) -> None:
        self.pending = None
        self.winner = winner
        self.end_reason = reason
        self.phase = "over"
        self.emit(None, f"game over: {'draw' if winner == DRAW else 'p%d wins' % (winner + 1)} ({reason})")

    def concede(self, player: int) -> None:
        """``player`` concedes and loses at once."""
        if self.winner is None:
            self.history.append(-1 - player)
            self._end(1 - player, "concede")

    # ------------------------------------------------------------------ copies
    def clone(self) -> "Game":
        """An independent copy (shares only the immutable card tables); no deep copies."""
        g = Game.__new__(Game)
        self._copy_machine(g)
        g.t = self.t
        g.players = [self.players[0].clone(), self.players[1].clone()]
        g.turn, g.active, g.first, g.phase = self.turn, self.active, self.first, self.phase
        g.exhausted = self.exhausted[:]
        g.face_up = self.face_up[:]
        g.mods = self.mods[:]
        g.combat = self.combat
        g.once = set(self.once)
        g.cause = self.cause
        g.rng = self.rng.clone()
        g.max_turns = self.max_turns
        return g

    def to_dict(self) -> dict:
        """The whole state as JSON-ready data; ``Game.from_dict(g.to_dict(), db)`` equals ``g``."""
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict, db) -> "Game":
        """Rebuild a game from :meth:`to_dict` output; ``db`` (CardDatabase) resolves card numbers."""
        return game_from_dict(data, db, cls, PlayerState, Tables)

    def fingerprint(self) -> str:
        """Canonical JSON of the state (log excluded)."""
        return fingerprint(self)

    # ------------------------------------------------------------------ queries
    def d(self, cid: int):
        return self.t.defs[cid]

    def number(self, cid: int) -> str:
        return self.t.numbers[cid]

    def owner(self, cid: int) -> int:
        return self.t.owner[cid]

    def name(self, cid: int) -> str:
        """A card's number, with ``#k`` when its owner has several of that number among his Ames Principales
        (or among his Ames de Soutien): the k-th in order of entry, as on the board and in the notation."""
        num = self.t.numbers[cid]
        p = self.players[self.t.owner[cid]]
        for zone in (p.souls, p.supports):
            if cid in zone:
                same = [c for c in zone if self.t.numbers[c] == num]
                if len(same) > 1:
                    return f"{num}#{same.index(cid) + 1}"
        return num

    def stats(self, soul: int):
        """The card whose PC apply: the first assembled Ame Déchaînée piece, or the Ame Principale."""
        pieces = self.players[self.t.owner[soul]].pieces.get(soul)
        return self.t.defs[pieces[0]] if pieces else self.t.defs[soul]

    def pc(self, soul: int) -> int:
        """The current PC of an Ame Principale (seed §Récupération: offensive PC or exhausted PC by its
        state), plus a borne Zanpakutô's ``pc_bonus``, the ``+PC`` modifiers and the Combat cards played
        for it in the current combat."""
        s = self.stats(soul)
        v = s.pc_exhausted if self.exhausted[soul] else s.pc_offensive
        p = self.players[self.t.owner[soul]]
        if p.bearer == soul:
            v += self.t.defs[p.zanpakuto].pc_bonus
        for cid, n, _ in self.mods:
            if cid == soul:
                v += n
        v += self.passive_pc(soul)
        c = self.combat
        if c is not None:
            if soul == c[0]:
                v += sum(self.t.defs[x].bonus for x in c[2])
            elif soul == c[1]:
                v += sum(self.t.defs[x].bonus for x in c[3])
        return v

    def passive_pc(self, soul: int) -> int:
        """The PC the passive Capacités of its player's cards on the field give ``soul`` (seed: « Les
        capacités sont généralement des effets durables et passifs »): those of each Ame Principale (of its
        pieces when unleashed), of the borne Zanpakutô (for its bearer) and of the Ames de Soutien.
        ``target: user`` is the card's own Ame Principale (the bearer), ``own`` every Ame Principale; the
        « Zanpakutô » condition needs that Ame Principale to bear the Zanpakutô."""
        p = self.players[self.t.owner[soul]]
        defs = self.t.defs
        sources = [(src, s) for s in p.souls for src in p.pieces.get(s) or (s,)]
        if p.bearer >= 0:
            sources.append((p.zanpakuto, p.bearer))
        sources += [(sup, -1) for sup in p.supports]
        v = 0
        for src, user in sources:
            for e in defs[src].effects:
                if not e.passive or (e.zanpakuto and p.bearer != user):
                    continue
                v += sum(a.n for a in e.actions if a.target == "own" or user == soul)
        return v

    def reserve(self, soul: int) -> tuple:
        return self.players[self.t.owner[soul]].reserve.get(soul, ())

    def fielded(self, player: int) -> int:
        """seed §Entrée: « nombre d'Ames présentes sur le terrain » (Ames Principales and de Soutien)."""
        p = self.players[player]
        return len(p.souls) + len(p.supports)

    # ------------------------------------------------------------------ zone moves
    def draw(self, player: int, n: int) -> int:
        """Draw ``n`` cards; seed §Pioche: when the deck runs short, the discard is shuffled into a new deck
        (the Zanpakutô stays in the discard). Returns how many were drawn."""
        p = self.players[player]
        drawn = 0
        for _ in range(n):
            if not p.deck:
                cards = [c for c in p.discard if c != p.zanpakuto]
                if not cards:
                    break
                p.discard = [c for c in p.discard if c == p.zanpakuto]
                self.rng.shuffle(cards)
                p.deck = cards
                self.emit(None, f"p{player + 1} shuffles {len(cards)} discarded cards into a new deck")
            c = p.deck.pop()
            p.hand.append(c)
            self.emit(player, f"p{player + 1} draws {self.t.numbers[c]}")
            drawn += 1
        if drawn:
            self.emit(None, f"p{player + 1} draws {drawn} card(s)")
        return drawn

    def discard_reserve(self, soul: int, n: int) -> None:
        """The owner of ``soul`` discards ``n`` cards of its reserve (seed: « L'Ame Principale vaincue doit
        défausser 1 carte de sa réserve », « défausse ensuite autant de cartes de la réserve »: the player
        discards, so he chooses). The whole reserve goes at once when ``n`` covers it; otherwise a
        ``("reserve_discard", soul, n)`` frame is pushed, asking one card at a time (decision ``discard``).
        Callers call this last, their own frame already set to what follows."""
        res = self.reserve(soul)
        if n >= len(res):
            self._discard_from_reserve(soul, res)
        elif n > 0:
            self.stack.append(("reserve_discard", soul, n))

    def _discard_from_reserve(self, soul: int, cards) -> None:
        if not cards:
            return
        p = self.players[self.t.owner[soul]]
        p.reserve[soul] = tuple(c for c in p.reserve[soul] if c not in cards)
        p.discard.extend(cards)
        self.emit(None, f"p{self.t.owner[soul] + 1} discards {len(cards)} card(s) from the reserve of "
                        f"{self.name(soul)}: {' '.join(self.t.numbers[c] for c in cards)}")

    def discard_soul_points(self, player: int, n: int) -> int:
        """Discard up to ``n`` cards from the Zone de points d'Ame (face up to the discard)."""
        p = self.players[player]
        k = min(n, len(p.soul))
        for _ in range(k):
            c = p.soul.pop()
            p.discard.append(c)
            self.emit(None, f"p{player + 1} discards soul point {self.t.numbers[c]} ({len(p.soul)} left)")
        return k

    def revert(self, soul: int) -> None:
        """seed §Phase Finale: an Ame Déchaînée returns to Ame Principale; its pieces are discarded, the
        Ame Principale keeps the state (offensive/épuisé)."""
        p = self.players[self.t.owner[soul]]
        pieces = p.pieces.pop(soul, ())
        p.discard.extend(pieces)
        self.emit(None, f"{self.name(soul)} returns to Ame Principale")

    def leave_field(self, soul: int) -> None:
        """The Ame Principale ``soul`` goes to the Zone d'Exclusion (seed §Action de Sacrifice): its reserve
        is discarded, its Zanpakutô too, its Ame Déchaînée pieces go to the exclusion zone with it."""
        p = self.players[self.t.owner[soul]]
        p.discard.extend(p.reserve.pop(soul, ()))
        if p.bearer == soul:
            p.bearer = -1
            p.discard.append(p.zanpakuto)
        p.exclusion.extend(p.pieces.pop(soul, ()))
        p.souls.remove(soul)
        p.exclusion.append(soul)
        self.exhausted[soul] = 0


@handler("reserve_discard")
def reserve_discard(g, frame, choice) -> None:
    """One card of the reserve of ``frame[1]`` chosen by its owner (options ``("discard", card)``, one per
    number: choices.EFFECT_ONLY_ONE_PER_NUMBER), then the rest of the ``frame[2]`` cards."""
    _, soul, n = frame
    if choice is None:
        seen, opts = set(), []
        for c in g.reserve(soul):
            if g.t.numbers[c] not in seen:
                seen.add(g.t.numbers[c])
                opts.append(("discard", c))
        choice = g.ask(g.t.owner[soul], "discard", opts)
        if choice is None:
            return
    g.stack.pop()
    g._discard_from_reserve(soul, (choice[1],))
    g.discard_reserve(soul, n - 1)

