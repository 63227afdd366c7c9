"""A simple rule-of-thumb player: develops its board, attacks what it can beat, defends only when it matters.

The agent sees what any player sees: its own view (:func:`tcgsim.onepiece.rules.view.player_view`), the
pending :class:`~tcgsim.core.decision.Decision` (the kind of each option) and the options rendered in action
notation. Card ids inside option tuples are opaque to it; it reads the cards named by the notation labels
(``attack ST01-013#2 -> opp leader``) against its view, and printed card stats (cost, power, Counter) from
the card database, which is public information.

Policy:

* ``first``: go first. ``keep``: keep a hand holding at least :data:`KEEP_MIN_CHEAP` Characters of cost
  :data:`CHEAP_COST` or less, mulligan otherwise.
* ``main``: play the most expensive affordable Character (while there is room on the field), then a Stage;
  give DON!! to an attacker that then beats its target (fewest DON!! first); give the DON!! left over to an
  attacker of the opponent's Leader; attack a rested valuable Character it can beat, else the Leader when
  the attacker's power is at least the Leader's, else any rested Character it can beat; then end the turn.
* ``block``: only when the attack would otherwise take its last Life (or deal the final damage) or K.O. a
  valuable Character (cost :data:`VALUABLE_COST` or more); with a Blocker that survives if possible.
* ``counter``: only in those same cases, with the smallest single Counter card that suffices, or the largest
  one when several are needed and the hand holds enough.
* ``trigger``: always use it. Effect choices: "yes", else the first option that chooses something.
"""

from __future__ import annotations

import re

from ..core.agent import BaseAgent
from ..core.decision import Decision
from ..onepiece.cards.model import CHARACTER, FILLER, STAGE, CardDef

CHEAP_COST = 3
"""Highest cost counted as a cheap, early-game card by the keep/mulligan rule."""

KEEP_MIN_CHEAP = 2
"""A hand with at least this many cheap Characters is kept."""

VALUABLE_COST = 4
"""A Character of this cost or more is worth blocking and countering for, and attacking first."""

MAX_CHARACTERS = 5

_NTH = re.compile(r"^(.+?)(?:#(\d+))?$")


class HeuristicAgent(BaseAgent):
    """Sensible but shallow play from the player's own view (see the module docstring).

    ``seed`` seeds the agent's private stream (used only to break no ties today, kept for the interface);
    ``db`` is the :class:`~tcgsim.onepiece.cards.database.CardDatabase` used to read printed card stats,
    the default database when ``None`` (loaded on first use).
    """

    name = "heuristic"
    needs_view = True

    def __init__(self, seed: int = 0, db=None) -> None:
        super().__init__(seed)
        self._db = db
        self._defs: dict[str, CardDef | None] = {}

    # ------------------------------------------------------------------ entry point
    def choose(self, view: dict | None, decision: Decision, labels) -> int:
        """The index of the chosen option of ``decision``; ``view`` and ``labels`` must be given."""
        if view is None or labels is None:
            raise ValueError("HeuristicAgent needs the player's view and the option labels")
        options = decision.options
        kind = decision.kind
        if kind == "main":
            return self._main(view, options, labels)
        if kind == "block":
            return self._block(view, options, labels)
        if kind == "counter":
            return self._counter(view, options, labels)
        if kind == "keep":
            return self._keep(view, options)
        if kind == "first":
            return _index(options, ("first",), 0)
        if kind == "trigger":
            return _index(options, ("trigger",), 0)
        if kind == "trash":
            return self._trash(view, options, labels)
        if kind == "yes-no":
            return _index(options, ("yes",), 0)
        for i, o in enumerate(options):
            if o[0] != "choose_none":
                return i
        return 0

    # ------------------------------------------------------------------ card data
    def card(self, number: str) -> CardDef | None:
        """The printed card with this number, or ``None`` if the database does not know it."""
        if number in self._defs:
            return self._defs[number]
        if number == FILLER.number:
            found: CardDef | None = FILLER
        else:
            if self._db is None:
                from ..onepiece.cards.database import default_database

                self._db = default_database()
            found = self._db.get(number) if number in self._db else None
        self._defs[number] = found
        return found

    def _cost(self, number: str) -> int:
        d = self.card(number)
        return (d.cost or 0) if d is not None else 0

    # ------------------------------------------------------------------ decisions
    def _keep(self, view: dict, options: tuple) -> int:
        cheap = 0
        for number in view["me"].get("hand", ()):
            d = self.card(number)
            if d is not None and d.category == CHARACTER and (d.cost or 0) <= CHEAP_COST:
                cheap += 1
        return _index(options, ("keep",) if cheap >= KEEP_MIN_CHEAP else ("mulligan",), 0)

    def _main(self, view: dict, options: tuple, labels) -> int:
        me = view["me"]
        plays: list[tuple[int, CardDef]] = []
        gives: dict[tuple[int, str], int] = {}
        attacks: list[tuple[int, str, dict, str, dict]] = []
        end = len(options) - 1
        for i, (o, label) in enumerate(zip(options, labels)):
            k = o[0]
            if k == "play":
                d = self.card(_number(label[len("play "):]))
                if d is not None:
                    plays.append((i, d))
            elif k == "give":
                gives[(o[1], label.split(" -> ", 1)[1])] = i
            elif k == "attack":
                a_ref, t_ref = label[len("attack "):].split(" -> ", 1)
                a, t = _find(view, a_ref), _find(view, t_ref)
                if a is not None and t is not None:
                    attacks.append((i, a_ref, a, t_ref, t))
            elif k == "end":
                end = i

        # 1. Develop: the most expensive affordable Character, then a Stage.
        if len(me["characters"]) < MAX_CHARACTERS:
            chars = [(d.cost or 0, d.power or 0, -i, i) for i, d in plays if d.category == CHARACTER]
            if chars:
                return max(chars)[3]
        if me.get("stage") is None:
            for i, d in plays:
                if d.category == STAGE:
                    return i
        if not attacks:
            return end

        # 2. DON!!: make attackers beat their targets, fewest DON!! first.
        avail = me["don"]["active"]
        if avail:
            beats: dict[str, bool] = {}
            for _, a_ref, a, _, t in attacks:
                beats[a_ref] = beats.get(a_ref, False) or a["power"] >= t["power"]
            best = None
            for _, a_ref, a, t_ref, t in attacks:
                if beats[a_ref]:
                    continue
                n = -(-(t["power"] - a["power"]) // 1000)
                key = (n, 0 if t_ref == "opp leader" else 1)
                if n <= avail and (n, a_ref) in gives and (best is None or key < best[0]):
                    best = (key, gives[(n, a_ref)])
            if best is not None:
                return best[1]
            # Left-over DON!! returns at the next Refresh Phase: put it on an attacker of the Leader.
            on_leader = [a_ref for _, a_ref, a, t_ref, t in attacks if t_ref == "opp leader" and a["power"] >= t["power"]]
            if on_leader:
                target = "leader" if "leader" in on_leader else on_leader[0]
                if (avail, target) in gives:
                    return gives[(avail, target)]

        # 3. Attack: valuable rested Characters, then the Leader, then any rested Character it beats.
        best = None
        for i, _, a, t_ref, t in attacks:
            if a["power"] < t["power"]:
                continue
            if t_ref == "opp leader":
                score = 2
            else:
                score = 3 if self._cost(t["card"]) >= VALUABLE_COST else 1
            if best is None or score > best[0]:
                best = (score, i)
        if best is not None:
            return best[1]
        return end

    def _threat(self, view: dict) -> tuple[bool, bool, int]:
        """(the attack must be stopped, the target is the Leader, the target's cost)."""
        me = view["me"]
        battle = view.get("battle")
        if not battle or battle["attacker_power"] < battle["target_power"]:
            return False, False, 0
        if battle["target"] == me["leader"]["card"]:
            return me["life_count"] <= 1, True, 0
        cost = self._cost(battle["target"])
        return cost >= VALUABLE_COST, False, cost

    def _block(self, view: dict, options: tuple, labels) -> int:
        no = _index(options, ("noblock",), len(options) - 1)
        stop, at_leader, target_cost = self._threat(view)
        if not stop:
            return no
        attack = view["battle"]["attacker_power"]
        survivors, others = [], []
        for i, (o, label) in enumerate(zip(options, labels)):
            if o[0] != "block":
                continue
            card = _find(view, label[len("block "):])
            if card is None:
                continue
            cost = self._cost(card["card"])
            (survivors if card["power"] > attack else others).append((cost, i))
        if survivors:
            return min(survivors)[1]
        sacrifice = [c for c in others if at_leader or c[0] < target_cost]
        return min(sacrifice)[1] if sacrifice else no

    def _counter(self, view: dict, options: tuple, labels) -> int:
        done = _index(options, ("endcounter",), len(options) - 1)
        stop, at_leader, _ = self._threat(view)
        if not stop:
            return done
        battle = view["battle"]
        need = battle["attacker_power"] - battle["target_power"] + 1
        cands = []
        for i, (o, label) in enumerate(zip(options, labels)):
            if o[0] != "counter":
                continue
            c_ref, t_ref = label[len("counter "):].split(" -> ", 1)
            if at_leader:
                if t_ref != "leader":
                    continue
            else:
                t = _find(view, t_ref)
                if t is None or t_ref == "leader" or t["card"] != battle["target"] or t["power"] != battle["target_power"]:
                    continue
            d = self.card(_number(c_ref))
            if d is not None and d.counter:
                cands.append((d.counter, i))
        if not cands:
            return done
        enough = [c for c in cands if c[0] >= need]
        if enough:
            return min(enough)[1]
        total = 0
        for number in view["me"].get("hand", ()):
            d = self.card(number)
            if d is not None and d.category == CHARACTER and d.counter:
                total += d.counter
        return max(cands)[1] if total >= need else done

    def _trash(self, view: dict, options: tuple, labels) -> int:
        best = None
        for i, (o, label) in enumerate(zip(options, labels)):
            card = _find(view, label[len("trash "):]) if label.startswith("trash ") else None
            key = self._cost(card["card"]) if card is not None else 99
            if best is None or key < best[0]:
                best = (key, i)
        return best[1] if best is not None else 0


# ---------------------------------------------------------------------- helpers
def _index(options: tuple, option: tuple, default: int) -> int:
    try:
        return options.index(option)
    except ValueError:
        return default


def _number(ref: str) -> str:
    """``"ST01-013#2"`` / ``"hand ST01-013"`` → ``"ST01-013"``."""
    ref = ref.split(" ")[-1]
    return ref.split("#", 1)[0]


def _find(view: dict, ref: str) -> dict | None:
    """The field card (view dict with ``card``/``power``/``rested``) named by a notation reference."""
    side = view["me"]
    if ref.startswith("opp "):
        side, ref = view["opponent"], ref[4:]
    if ref == "leader":
        return side["leader"]
    if ref == "stage":
        return side.get("stage")
    m = _NTH.match(ref)
    if m is None:
        return None
    number, k = m.group(1), int(m.group(2) or 1)
    same = [c for c in side["characters"] if c["card"] == number]
    return same[k - 1] if 1 <= k <= len(same) else None
