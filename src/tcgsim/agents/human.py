"""A person playing one side at the terminal (``tcgsim play``).

:class:`HumanAgent` shows what its player may see — the board from the player's view
(:func:`tcgsim.onepiece.rules.view.player_view`) and the log events visible to that player — lists the
legal options numbered in action notation, and reads an answer: an option number, the typed notation
(``attack ST01-013 -> opp leader``, read by :func:`tcgsim.onepiece.rules.notation.parse`), ``concede``,
``help`` or ``quit``. Bad input prints a message and asks again.

:func:`play_terminal` runs a whole game of a person against an agent.
"""

from __future__ import annotations

import json
import re
import time
from typing import Callable, Sequence

from ..core.agent import BaseAgent
from ..core.decision import Decision
from ..core.session import ProtocolError, seat_name
from ..errors import TcgsimError

HELP = """Answer with the number of an option, or type it in action notation, e.g.
  play ST01-013            attack ST01-013 -> opp leader      give 2 don -> leader
  block ST01-006           counter ST01-009 -> leader         end turn / no block / end counter
Card references: ST01-013#2 (the 2nd copy), leader, stage, opp ... (the opponent's), hand 3, life 1.
Other commands: show CARD (a card you can see: its printed text and what the engine does not support),
trash (both trashes and face-up Life), board (show the board again), history (every log line of the game so far, with the rules
behind it), concede (lose the game now), quit (stop without a result), help (this text)."""


_GIVE = re.compile(r"^give (\d+) don -> (.+)$")


AGENT_PACE_MS = 400.0
"""The least time (milliseconds) from a person's answer at the terminal to their next prompt (``tcgsim
play --agent-pace-ms``): above the MCTS agent's usual thinking time at its default budget (82-229 ms
measured in issue 18), so the pause after an attack does not tell whether the opponent had a usable
Counter or [Blocker] (a decision with one option is not even asked: it takes no time at all)."""


class PacedSeat:
    """The person's seat ``agent`` (an agent with ``choose``), paced: each prompt comes at least
    ``min_ms`` milliseconds after the person's previous answer (it sleeps for the rest), whatever the
    opponent did in between -- thought about a hidden decision, had it taken at once because it had a
    single option, or had none (issue 18 point 6). A search that thinks longer than ``min_ms`` still
    shows: give it a time budget below the pace (``mcts:Nms``)."""

    def __init__(self, agent, min_ms: float = AGENT_PACE_MS) -> None:
        self.agent = agent
        self.min_ms = float(min_ms)
        self.name = getattr(agent, "name", "agent")
        self.needs_view = getattr(agent, "needs_view", True)
        self._answered: float | None = None  # perf_counter() of the previous answer

    def choose(self, view, decision, labels, **kwargs) -> int:
        """``agent.choose(...)``, asked no sooner than ``min_ms`` after the previous answer."""
        if self._answered is not None:
            left = self.min_ms / 1000.0 - (time.perf_counter() - self._answered)
            if left > 0:
                time.sleep(left)
        try:
            return self.agent.choose(view, decision, labels, **kwargs)
        finally:
            self._answered = time.perf_counter()


class Concede(Exception):
    """The person conceded (rule 1-2-3)."""


class Quit(Exception):
    """The person stopped the session (end of input included)."""


class HumanAgent(BaseAgent):
    """A person at the terminal (see the module docstring).

    ``console``: a rich ``Console`` (default: a new one on stdout); ``read``: a function like ``input``
    returning one line (``EOFError`` ends the session as ``quit``); ``db``: the card database, to show card
    names and stats next to card numbers (optional). :meth:`choose` raises :class:`Concede` or
    :class:`Quit` for those commands.
    """

    name = "human"
    needs_view = True

    def __init__(self, seed: int = 0, console=None, read: Callable[[str], str] = input, db=None,
                 board: Callable[[dict], list[str]] | None = None, help_text: str = HELP) -> None:
        super().__init__(seed)
        self.board = board
        self.help_text = help_text
        if console is None:
            from rich.console import Console

            console = Console(highlight=False)
        self.console = console
        self.read = read
        self.db = db
        self._session = None
        self._seat = 0
        self._queued: list[str] = []  # the rest of a multi-card answer typed on one line
        self.shown: list[tuple[str, tuple]] = []  # every log line shown so far and its rules, for ``history``

    def attach(self, session, seat: int) -> None:
        """Play ``seat`` of ``session`` (:class:`~tcgsim.core.session.Session`): typed notation is read by the
        session and the log lines shown before each decision are the ones that seat may see."""
        self._session, self._seat = session, seat

    # ------------------------------------------------------------------ output
    def say(self, text: str = "", style: str | None = None) -> None:
        """Print ``text`` as is (no rich markup: card text holds brackets)."""
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def _card(self, number: str) -> str:
        if self.db is None or number not in self.db:
            return number
        d = self.db.get(number)
        stats = [f"cost {d.cost}"] if d.cost is not None else []
        if d.power is not None:
            stats.append(f"{d.power}")
        if d.counter:
            stats.append(f"counter +{d.counter}")
        return f"{number}{self._name_keywords(number)}" + (f" ({', '.join(stats)})" if stats else "")

    def _field(self, c: dict) -> str:
        bits = [f"{c['power']}"]
        name = self._name_keywords(c["card"])
        if c.get("don"):
            bits.append(f"{c['don']} DON!!")
        if c.get("rested"):
            bits.append("rested")
        if c.get("played_this_turn"):
            bits.append("new")
        return f"{c['card']}{name} [{', '.join(bits)}]"

    def _name_keywords(self, number: str) -> str:
        """`` Name [Blocker]``: the card's name and printed keywords (a ONE PIECE database), else ``""``."""
        if self.db is None or number not in self.db:
            return ""
        d = self.db.get(number)
        from ..onepiece.cards.model import keyword_names

        kws = "".join(f" [{k}]" for k in keyword_names(getattr(d, "keywords", 0) or 0))
        return f" {d.name}{kws}"

    def show_board(self, view: dict) -> None:
        """Print the board as ``view`` (the player's view) shows it: with the game's ``board`` function when
        one was given, else as a ONE PIECE CARD GAME board."""
        say = self.say
        if self.board is not None:
            for line in self.board(view):
                say(line)
            return
        # before turn 1 nobody is "to play" yet: the opening hands are kept or redrawn (rule 5-2-1-6)
        when = ("setup, before turn 1" if view["turn"] < 1 else
                f"turn {view['turn']}, {view['active']} to play, phase {view['phase']}")
        say(f"--- {when}; you are {view['you']} ---",
            style="bold")
        for label, side in (("opponent", view["opponent"]), ("you", view["me"])):
            don = side["don"]
            up = ", ".join(f"{x['card']} (life {x['position']})" for x in side["life_face_up"])
            say(f"{label}: Life {side['life_count']}" + (f" (face up: {up})" if up else "")
                + f" | hand {side['hand_count']} | deck {side['deck_count']} | trash {len(side['trash'])}"
                + f" | DON!! {don['active']} active, {don['rested']} rested, {don['deck']} in DON!! deck")
            say(f"  leader: {self._field(side['leader'])}")
            chars = side["characters"]
            say("  characters: " + (", ".join(self._field(c) for c in chars) if chars else "none"))
            if side.get("stage"):
                say(f"  stage: {side['stage']['card']}" + (" [rested]" if side["stage"]["rested"] else ""))
        hand = view["me"].get("hand", [])
        say("your hand:" + (" empty" if not hand else ""))
        for number in hand:
            say(f"  {self._card(number)}")
        for k in view.get("known", []):
            say(f"you know: {k['card']} in {k['zone']}" + (f" {k['position']}" if "position" in k else ""))
        b = view.get("battle")
        if b:
            say(f"battle: {b['attacker']} ({b['attacker_power']}) attacks {b['target']} ({b['target_power']})")

    # ------------------------------------------------------------------ input
    def choose(self, view: dict | None, decision: Decision, labels: Sequence[str] | None,
               *, parse: Callable[[str], int] | None = None, events: Sequence[str] = ()) -> int:
        """Show ``events`` (every log line visible to this player since its last decision: none is dropped),
        the board and the numbered ``labels``; return
        the index the person picks. ``parse(text) -> index`` reads typed notation (raising
        :class:`~tcgsim.errors.TcgsimError` for text naming no legal option); without it only numbers
        and the exact labels are accepted. Raises :class:`Concede` or :class:`Quit`."""
        if view is None or labels is None:
            raise ValueError("HumanAgent needs the player's view and the option labels")
        if self._session is not None:
            parse = parse or self._session.parse
        pairs = [(e, ()) for e in events]
        if self._session is not None and not pairs:
            pairs = self._session.events(self._seat, rules=True)
        self.shown += pairs
        for line, _rules in pairs:
            self.say(f"  > {line}", style="dim")
        if self._queued:
            # SCENARIOS.md: a multi-card answer on one line is fed a card at a time
            part = self._queued.pop(0)
            try:
                index = parse(part) if parse is not None else list(labels).index(part)
            except (TcgsimError, ValueError):
                self._queued.clear()
            else:
                self.say(f"(your answer goes on) {part}")
                return index
        self.show_board(view)
        menu = self._list(decision, labels)
        while True:
            try:
                text = self.read(f"{view['you']} {decision.kind}> ")
            except EOFError:
                raise Quit() from None
            text = " ".join(str(text).split())
            low = text.lower()
            if not text:
                continue
            if low in ("help", "?", "h"):
                self.say(self.help_text)
                continue
            if low == "history":
                # the log expanded: each line with the rules that produced it, where the engine knows them
                self.say(f"history ({len(self.shown)} lines):", style="bold")
                for line, rules in self.shown:
                    self.say(f"  > {line}" + (f"   [rules {', '.join(rules)}]" if rules else ""), style="dim")
                continue
            if low == "board":
                self.show_board(view)
                menu = self._list(decision, labels)
                continue
            if low.startswith("show ") or low == "show":
                self._show_card(view, text[5:].strip())
                continue
            if low in ("trash", "life"):
                self._show_piles(view)
                continue
            if low == "concede":
                raise Concede()
            if low in ("quit", "exit", "q"):
                raise Quit()
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(menu):
                    entry = menu[n - 1][1]
                    if isinstance(entry, int):
                        return entry
                    picked = self._ask_count(view, decision, entry)
                    if picked is not None:
                        return picked
                    continue
                self.say(f"no option {n}: choose 1 to {len(menu)} (or type 'help')", style="red")
                continue
            if text in labels:
                return list(labels).index(text)
            if parse is not None:
                try:
                    return parse(text)
                except ProtocolError as exc:
                    from ..onepiece.rules.notation import split_multi  # the scenario runner's own split

                    parts = split_multi(text)
                    if len(parts) > 1:
                        try:
                            index = parse(parts[0])
                        except TcgsimError:
                            pass
                        else:
                            self._queued = parts[1:]
                            return index
                    self.say(str(exc), style="red")
                    continue
                except TcgsimError as exc:
                    self.say(f"not a legal option: {exc}", style="red")
                    continue
            self.say(f"not a legal option: {text!r} (type a number from 1 to {len(labels)}, or 'help')", style="red")

    def _list(self, decision: Decision, labels: Sequence[str]) -> list[tuple[str, object]]:
        """Print the numbered options and return them as ``(text, index)`` entries; the ``give n don -> X``
        options are one entry per target, ``(text, (target, {n: index}))``, whose number is asked next."""
        gives: dict[str, dict[int, int]] = {}
        for i, label in enumerate(labels):
            m = _GIVE.match(label)
            if m:
                gives.setdefault(m.group(2), {})[int(m.group(1))] = i
        menu: list[tuple[str, object]] = []
        for i, label in enumerate(labels):
            m = _GIVE.match(label)
            if m is None or len(gives[m.group(2)]) == 1:
                menu.append((label, i))
            elif int(m.group(1)) == min(gives[m.group(2)]):  # one entry per target, where its first option was
                by_n = gives[m.group(2)]
                menu.append((f"give DON!! -> {m.group(2)} (1 to {max(by_n)}: the number is asked next)",
                             (m.group(2), by_n)))
        self.say(f"your decision ({decision.kind}):", style="bold")
        if decision.kind == "order":
            self.say("  (choose one card at a time: the card you choose first ends on top of the cards placed)")
        width = len(str(len(menu)))
        for i, (text, _entry) in enumerate(menu, start=1):
            self.say(f"  {i:>{width}}. {text}")
        return menu

    def _ask_count(self, view: dict, decision: Decision, entry) -> int | None:
        """Ask how many DON!! to give to ``entry``'s target; the option index, or None to go back."""
        target, by_n = entry
        while True:
            try:
                text = self.read(f"{view['you']} how many DON!! to give to {target} (1 to {max(by_n)}, "
                                 "empty to go back)? ")
            except EOFError:
                raise Quit() from None
            text = str(text).strip()
            if not text:
                return None
            if text.isdigit() and int(text) in by_n:
                return by_n[int(text)]
            self.say(f"give 1 to {max(by_n)} DON!!, not {text!r}", style="red")

    def _visible(self, view: dict, number: str) -> bool:
        """Whether the player can see a card with ``number``: in their view or a log line shown to them."""
        key = json.dumps(number)
        return key in json.dumps(view) or any(number in line for line, _ in self.shown)

    def _show_card(self, view: dict, ref: str) -> None:
        number = ref.split("#")[0].strip().upper()
        if not number:
            self.say("show CARD: e.g. show ST01-006", style="red")
            return
        if self.db is None or number not in self.db or not self._visible(view, number):
            self.say(f"no card {number} you can see (show names a card on the board, in your hand, in a "
                     "trash, face-up Life or the log)", style="red")
            return
        card = self.db.get(number)
        from ..onepiece.cards.model import CardDef

        if isinstance(card, CardDef):
            from ..onepiece.cards.show import card_text

            text = card_text(card)
            # the engine's own test listing is for developers, not a player
            self.say(text.split("\ntests of this card:")[0])
        else:
            self.say(str(getattr(card, "text", card)))

    def _show_piles(self, view: dict) -> None:
        for label, side in (("the opponent's", view.get("opponent", {})), ("your", view.get("me", {}))):
            trash = side.get("trash")
            if trash is None:
                continue
            self.say(f"{label} trash ({len(trash)}, top first):" + ("" if trash else " empty"))
            for number in trash:
                self.say(f"  {self._card(number)}")
            up = side.get("life_face_up") or []
            if up:
                self.say(f"{label} face-up Life: " + ", ".join(f"{self._card(x['card'])} (life {x['position']})"
                                                                   for x in up))


def play_terminal(deck_a, deck_b, db, opponent, *, seed: int = 0, seat: int = 1, console=None,
                  read: Callable[[str], str] = input, pace_ms: float = AGENT_PACE_MS) -> dict:
    """Play one game with a person in seat ``seat`` (1: deck A, player p1; 2: deck B, p2) against
    ``opponent`` (an agent object) at the terminal, in the decks' game (:func:`tcgsim.core.games.module_of`;
    a game module may offer ``board_lines(view, db)`` and ``help_text`` for the terminal); return ``{"winner": "you" | "opponent" | "draw" | None,
    "end_reason", "turns", "seed"}`` (``winner`` is ``None`` when the person quit).

    ``seed`` seeds the game (who chooses to go first, shuffles); the person's concession ends the game
    (rule 1-2-3). The opponent sees only its view; a search agent gets determinized clones (sampler).
    Each prompt comes at least ``pace_ms`` milliseconds after the person's previous answer
    (:class:`PacedSeat`; 0: no pause). Raises ``ValueError`` for a seat other than 1 or 2.
    """
    from ..core.games import module_of
    from ..core.session import Session, play

    if seat not in (1, 2):
        raise ValueError(f"seat must be 1 or 2, not {seat}")
    me = seat - 1
    module = module_of(deck_a)
    board_lines = getattr(module, "board_lines", None)
    human = HumanAgent(seed, console=console, read=read, db=db,
                       board=None if board_lines is None else (lambda view: board_lines(view, db)),
                       help_text=getattr(module, "help_text", HELP))
    # a person's game: the game's options for one (Bleach: no turn limit), not a simulation's
    session = Session.start(module, deck_a, deck_b, db, seed, log=True,
                            options=getattr(module, "person_options", None))
    human.attach(session, me)
    result = {"winner": None, "end_reason": "", "turns": 0, "seed": seed}
    human.say(f"game seed {seed}: you play {_deck_name(deck_a if me == 0 else deck_b)} as p{me + 1} against "
              f"{getattr(opponent, 'name', 'the opponent')} ({_deck_name(deck_b if me == 0 else deck_a)}). "
              "Type 'help' for help.")
    seat_agent = PacedSeat(human, pace_ms) if pace_ms > 0 else human
    try:
        play(session, [seat_agent, opponent] if me == 0 else [opponent, seat_agent])
    except Concede:
        session.concede(me)
    except Quit:
        human.say("game stopped.")
        result["turns"] = session.turn
        return result
    for line in session.events(me):
        human.say(f"  > {line}", style="dim")
    winner = {seat_name(me): "you", seat_name(1 - me): "opponent", "draw": "draw"}[session.winner]
    result.update(winner=winner, end_reason=session.end_reason, turns=session.turn)
    human.say({"you": "You win!", "opponent": "You lose.", "draw": "Draw."}[winner]
              + f" ({session.end_reason}, turn {session.turn})", style="bold")
    return result


def _deck_name(deck) -> str:
    return deck.name or deck.source
