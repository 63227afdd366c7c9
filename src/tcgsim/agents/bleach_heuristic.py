"""A rule-of-thumb Bleach player. It reads only its own view (:func:`tcgsim.bleach.rules.view.player_view`),
the pending decision's kind and the option labels (action notation), plus printed card data from the card
database (public information). Its only randomness is its own :class:`~tcgsim.core.rng.Rng` (ties).

Policy (seed sections in brackets):

* ``first``: go first. ``keep``: mulligan a hand with no carte Combat or no Ame to enter.
* ``entry`` [§Entrée]: the Ame Principale with the best offensive PC, else an Ame de Soutien.
* ``action`` [§Action d'Effet]: a useful effect action whose cost leaves a card in the user's reserve
  (draw with a small hand, burn a reserve, exhaust, revert an Ame Déchaînée, recover a carte Combat, pump
  the coming attacker, the soul-point rite only when it wins); then attack with the strongest offensive
  Ame Principale; then end.
* ``combat``: keep cartes Combat for the exchange. ``exchange`` [§Enchaînement]: the smallest card that turns
  the result, else the largest one. ``defend``: the highest PC (then the fullest reserve).
* ``sacrifice`` [§Action de Sacrifice]: when another Ame Principale remains and at least 2 soul points
  would go (or all the remaining ones).
* ``spirit`` [§Etape Force Spirituelle]: a matching Ame Déchaînée piece, else a non-Combat card, keeping
  two cartes Combat. ``unleash``: always. ``zanpakuto``: on the strongest Ame Principale.
"""

from __future__ import annotations

from ..core.agent import BaseAgent


class BleachHeuristicAgent(BaseAgent):
    """See the module docstring. ``db``: the Bleach CardDatabase (default: the sample set)."""

    name = "heuristic"
    needs_view = True

    def __init__(self, seed: int = 0, db=None) -> None:
        super().__init__(seed)
        if db is None:
            from ..bleach.cards.loader import default_database

            db = default_database()
        self.db = db

    # ------------------------------------------------------------------ helpers
    def card(self, label: str):
        num = label.replace("opp ", "").split("#")[0].split(":")[0]
        return self.db.cards.get(num)

    @staticmethod
    def souls(view, who="me") -> dict:
        return {s["label"]: s for s in view[who]["souls"] if s["label"]}

    def choose(self, view, decision, labels) -> int:
        kind = decision.kind
        method = getattr(self, "_" + kind, None)
        i = method(view, decision, labels) if method else None
        if i is None:
            # default: the first option that is not pass/end, else 0
            for k, lab in enumerate(labels):
                if lab not in ("pass", "end"):
                    return k
            return 0
        return i

    # ------------------------------------------------------------------ decisions
    def _first(self, view, d, labels):
        return labels.index("first")

    def _keep(self, view, d, labels):
        hand = [self.db.cards[n] for n in view["me"]["hand"]]
        ok = any(c.type == "combat" for c in hand) and any(c.is_soul and c.entry_cost <= 1 for c in hand)
        return labels.index("keep" if ok else "mulligan")

    def _entry(self, view, d, labels):
        best, score = labels.index("pass"), -1
        for k, lab in enumerate(labels):
            if lab.startswith("enter "):
                c = self.card(lab[6:])
                s = 1000 + c.pc_offensive if c.type == "main_soul" else 500 + c.entry_cost
                if s > score:
                    best, score = k, s
        return best

    def _best_attacker(self, view, labels):
        mine = self.souls(view)
        best, pc = None, -1
        for k, lab in enumerate(labels):
            if lab.startswith("attack "):
                s = mine.get(lab[7:])
                if s and s["pc"] > pc:
                    best, pc = k, s["pc"]
        return best

    def _effect_score(self, view, lab, attacker_label, combat_pending):
        parts = lab.split(" by ")
        src = self.card(parts[0].split(" ", 1)[1])
        user = self.souls(view).get(parts[1])
        if src is None or user is None:
            return 0
        if src.type == "event":
            cost, effs = src.cost, src.effects
        else:
            idx = int(parts[0].split(":")[1]) - 1 if ":" in parts[0] else 0
            cost, effs = src.effects[idx].cost, [src.effects[idx]]
        if cost and user["reserve_count"] - cost < 1:
            return 0
        me, opp = view["me"], view["opponent"]
        score = 0
        for e in effs:
            for op in e.actions:
                k = op.op
                if k == "draw" and me["hand_count"] < 4:
                    score += 2
                elif k == "burn" and any(s["reserve_count"] for s in opp["souls"]):
                    score += 2
                elif k == "exhaust" and combat_pending is False and any(not s["exhausted"] for s in opp["souls"]):
                    score += 1
                elif k == "revert" and any(s["unleashed"] for s in opp["souls"]):
                    score += 3
                elif k == "recover" and any(self.db.cards[n].type == "combat" for n in me["discard"]):
                    score += 1
                elif k in ("pc_plus", "ready") and combat_pending and op.target == "user" and parts[1] == attacker_label:
                    score += 1 if k == "pc_plus" else 0
                elif k == "ready" and combat_pending and user["exhausted"]:
                    score += 1
                elif k == "soul_discard":
                    if op.who == "both" and opp["soul_points"] <= op.n < me["soul_points"]:
                        score += 10
                    else:
                        return 0
        return score

    def _action(self, view, d, labels):
        att = self._best_attacker(view, labels)
        attacker_label = labels[att][7:] if att is not None else None
        combat_pending = att is not None
        best, score = None, 0
        for k, lab in enumerate(labels):
            if lab.startswith(("event ", "effect ", "ability ")):
                s = self._effect_score(view, lab, attacker_label, combat_pending)
                if s > score:
                    best, score = k, s
        if best is not None:
            return best
        if att is not None:
            return att
        return labels.index("end") if "end" in labels else 0

    def _respond(self, view, d, labels):
        for k, lab in enumerate(labels):
            if lab.startswith("ability "):
                src = self.card(lab.split(" by ")[0].split(" ", 1)[1])
                if src and any(op.op == "draw" for e in src.effects for op in e.actions) and view["me"]["hand_count"] < 4:
                    user = self.souls(view).get(lab.split(" by ")[1])
                    if user and user["reserve_count"] > src.effects[0].cost:
                        return k
        return labels.index("pass")

    def _combat(self, view, d, labels):
        return labels.index("pass")

    def _exchange(self, view, d, labels):
        c = view["combat"]
        attacking = view["active"] == view["you"]
        mine, theirs = (c["attacker_pc"], c["defender_pc"]) if attacking else (c["defender_pc"], c["attacker_pc"])
        need = theirs - mine + (1 if attacking else 0)
        cards = []
        for k, lab in enumerate(labels):
            if lab.startswith("combat "):
                cards.append((self.card(lab[7:]).bonus, k))
        if not cards:
            return labels.index("pass")
        cards.sort()
        for bonus, k in cards:
            if bonus >= need:
                return k
        if need - cards[-1][0] < 100 and not attacking:
            return cards[-1][1]
        return cards[-1][1] if cards[-1][0] >= 100 else labels.index("pass")

    def _defend(self, view, d, labels):
        mine = self.souls(view)
        best, key = 0, None
        for k, lab in enumerate(labels):
            s = mine.get(lab[7:])
            if s is None:
                continue
            kk = (s["pc"], s["reserve_count"])
            if key is None or kk > key:
                best, key = k, kk
        return best

    def _sacrifice(self, view, d, labels):
        c = view["combat"]
        me = view["me"]
        attacking = view["active"] == view["you"]
        loser = c["attacker"] if attacking else c["defender"]
        s = self.souls(view).get(loser)
        diff = abs(c["attacker_pc"] - c["defender_pc"]) // 100
        rest = diff - (s["reserve_count"] if s else 0)
        if len(me["souls"]) > 1 and (rest >= 2 or rest >= me["soul_points"]):
            return labels.index("sacrifice")
        return labels.index("suffer")

    def _spirit(self, view, d, labels):
        hand = view["me"]["hand"]
        n_combat = sum(1 for n in hand if self.db.cards[n].type == "combat")
        best, score = labels.index("pass"), 0
        for k, lab in enumerate(labels):
            if not lab.startswith("spirit "):
                continue
            card_num, soul_label = lab[7:].split(" -> ")
            c = self.db.cards[card_num]
            soul = self.card(soul_label)
            if c.type == "unleashed":
                s = 5 if c.base == soul.number else 1
            elif c.type == "combat":
                s = 1 if n_combat > 2 else 0
            elif c.type == "event":
                s = 2
            else:
                s = 3
            if s > score:
                best, score = k, s
        return best

    def _unleash(self, view, d, labels):
        return 0

    def _discard(self, view, d, labels):
        # keep Ame Déchaînée pieces (they may assemble) and cartes Combat: discard anything else first
        rank = {"unleashed": 2, "combat": 1}
        return min(range(len(labels)), key=lambda k: rank.get(getattr(self.card(labels[k].split()[-1]), "type", None), 0))

    def _zanpakuto(self, view, d, labels):
        mine = self.souls(view)
        best = max(mine.values(), key=lambda s: s["pc"] - (100 if s["zanpakuto"] else 0), default=None)
        if best is None or best["zanpakuto"]:
            return labels.index("pass")
        target = "zanpakuto -> " + best["label"]
        return labels.index(target) if target in labels else labels.index("pass")

    def _choose(self, view, d, labels):
        souls = {**self.souls(view), **self.souls(view, "opponent")}
        best, key = 0, None
        for k, lab in enumerate(labels):
            if lab.startswith("target "):
                s = souls.get(lab[7:])
                kk = (s["pc"] or 0) + 50 * s["reserve_count"] if s else 0
            elif lab.startswith("take "):
                c = self.card(lab[5:])
                kk = (c.bonus or 0) if c.type == "combat" else 0
            else:
                kk = 0
            if key is None or kk > key:
                best, key = k, kk
        return best
