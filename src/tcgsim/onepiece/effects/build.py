"""Turns lark parse trees of ``grammar.lark`` into the IR of :mod:`.ir`.

The transformer works bottom-up: noun phrases become :class:`_NP` (category, zones on the field,
filters), quantities :class:`_Q`; an action combines them with its source ("from your hand") into a
:class:`~.ir.Selector`.  A sentence becomes a :class:`SentenceIR`; ``compiler.py`` assembles sentences
into effects.  Targets whose zone the sentence leaves open ("reveal up to 1 {X} type card" after "Look
at 5 cards ...") get ``zones == ()``; the compiler resolves them from the earlier actions of the effect.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lark import Transformer, v_args

from .ir import Action, Condition, Cost, Event, Filter, Selector

__all__ = ["SentenceIR", "IRBuilder", "CONTINUOUS_OPS"]

# ops whose effect lasts (they take a duration); one-shot ops have duration None
CONTINUOUS_OPS = frozenset(
    {
        "modify_power",
        "modify_cost",
        "gain_keyword",
        "cannot",
        "can_attack_active",
        "set_base_power",
        "set_power_zero",
        "treat_name",
        "negate_effects",
        "set_counter",
        "set_power",
        "no_refresh",
    }
)

_COLORS = {"red": "Red", "green": "Green", "blue": "Blue", "purple": "Purple", "black": "Black", "yellow": "Yellow"}
_TIMING_NAMES = {
    "On Play": "on_play",
    "When Attacking": "when_attacking",
    "On Block": "on_block",
    "On K.O.": "on_ko",
    "On Your Opponent's Attack": "on_opponent_attack",
    "End of Your Turn": "end_of_your_turn",
    "End of Your Opponent's Turn": "end_of_opponent_turn",
    "Activate: Main": "activate_main",
    "Main": "main",
    "Counter": "counter",
}


@dataclass(frozen=True, slots=True)
class SentenceIR:
    """One parsed sentence: its actions and how it attaches to the effect.

    ``kind``: ``actions`` (an ordinary sentence), ``then`` ("Then, ..."), ``if_you_do``, ``when``
    (an activation event written as "When ..., ..." or "... when ..."), ``when_may`` ("When ..., you may
    ... if ...": an optional effect with a condition), ``activation`` (optional, 8-1-2: "This effect can be activated
    when ..."), ``replacement`` ("If ... would ..., ... instead"), ``start_of_game``.
    ``conditions`` are conditions of the whole effect (a replacement effect's "If X and ...").
    """

    kind: str
    actions: tuple[Action, ...] = ()
    event: Event | None = None
    optional: bool = False
    conditions: tuple[Condition, ...] = ()
    once: bool = False  # the sentence makes the effect [Once Per Turn] (s_when_may_once)


@dataclass(frozen=True, slots=True)
class _NP:
    category: str | None = None  # Leader / Character / Event / Stage / DON / None (any card)
    zones: tuple[str, ...] = ()  # where such cards are when no source is named
    filters: tuple[Filter, ...] = ()
    location: tuple[str, ...] | None = None  # "in your hand" / "on your field" written after the noun
    location_owner: str | None = None
    alts: tuple["_NP", ...] = ()  # "[Sanji] or Event card": any of these
    plural: bool = False
    post: tuple[Filter, ...] = ()  # the filters written after the head (also in ``filters``)


@dataclass(frozen=True, slots=True)
class _Q:
    owner: str = "self"
    count: int | None = 1
    up_to: bool = False
    total: bool = False
    explicit_owner: bool = False
    bare: bool = False  # "your Leader": the owner alone, no number


@dataclass(frozen=True, slots=True)
class _Target:
    """A target not yet placed in a zone (the action's source decides)."""

    q: _Q
    np: _NP


@dataclass(frozen=True, slots=True)
class _Source:
    zones: tuple[str, ...]
    position: str | None = None
    owner: str | None = None


_UNPLACED = _Source(())  # a card whose zone the sentence leaves to the context (compiler._resolve_zones)
_THIS = Selector(ref="this", count=1)
_IT = Selector(ref="it", count=None)
_REVEALED = Selector(ref="revealed", count=None)
_CATEGORY_ZONE = {"Character": "character", "Leader": "leader", "Stage": "stage"}
_FIELD_ZONES = frozenset({"leader", "character", "stage", "don", "field"})


def _with_cost_area(zones: tuple[str, ...], np, filters) -> tuple[str, ...]:
    """``("field", "don")`` for bare "cards" on the field ("rest up to 1 of your opponent's cards", "rest 2 of
    your cards:", "if you have 6 or more rested cards"), else ``zones``: the field is the Leader, Character,
    Stage *and cost* areas (rule 3-1-2), so the DON!! cards of the cost area are among those cards. Only
    with no filter other than active / rested: a type or a name no DON!! card has (select.count_of counts
    the DON!! of the ``don`` zone by their state alone)."""
    if tuple(zones) == ("field",) and np.category is None and not np.zones and all(f.key == "state" for f in filters):
        return ("field", "don")
    return tuple(zones)


def _sel(t, source: _Source | None = None, default_zones: tuple[str, ...] = ()) -> Selector:
    """Finalise a target into a Selector, placing it in ``source`` (or its own / the default zones)."""
    if isinstance(t, Selector):
        return t
    if not isinstance(t, _Target):
        raise TypeError(f"not a target: {t!r}")
    q, np = t.q, t.np
    if np.alts:
        sub_q = replace(q, count=None, up_to=False, total=False)
        subs = tuple(_sel(_Target(sub_q, alt), source, default_zones) for alt in np.alts)
        owners = {x.owner for x in subs}
        return Selector(
            owner=owners.pop() if len(owners) == 1 else "any",
            zones=(),
            count=q.count,
            up_to=q.up_to,
            total=q.total,
            alternatives=subs,
        )
    filters = list(np.filters)
    position = None
    if source is not None:
        zones = source.zones
        position = source.position
        if np.category and np.category != "DON":
            filters.insert(0, Filter("category", "==", np.category))
    elif np.location is not None:
        zones = np.location if np.location != ("field",) else (np.zones or ("field",))
        if np.category and np.category != "DON" and zones[0] not in _FIELD_ZONES:
            filters.insert(0, Filter("category", "==", np.category))
    elif np.zones:
        zones = np.zones
    else:
        zones = default_zones
        if zones == ("field",) and np.category in _CATEGORY_ZONE:
            zones = (_CATEGORY_ZONE[np.category],)
        if np.category and np.category != "DON" and zones not in ((), ("character",), ("leader",), ("stage",)):
            filters.insert(0, Filter("category", "==", np.category))
        if not zones and np.category:
            filters.insert(0, Filter("category", "==", np.category))
    zones = _with_cost_area(zones, np, filters)
    if q.explicit_owner:
        owner = q.owner
    elif np.location_owner is not None:
        owner = np.location_owner
    elif source is not None:
        owner = source.owner or "self"
    elif q.owner == "any":
        owner = "any"
    elif source is None and zones and set(zones) <= _FIELD_ZONES and zones != ("don",):
        owner = "any"  # "K.O. up to 1 Character with a cost of 3 or less": either player's
    else:
        owner = "self"
    count = q.count
    if q.bare:
        count = None if np.plural else 1
    if count is None and not q.up_to and not q.total:
        # "Return all of your [San-Gorou] and [Sanji] Characters" (ST26-001): every card with either name
        filters = [Filter("name", "in", f.value) if f.key == "name" and f.op == "all" else f for f in filters]
    if any(f.key == "name" and f.op == "all" for f in filters):
        raise ValueError("a card with several names")
    return Selector(
        owner=owner,
        zones=tuple(zones),
        count=count,
        up_to=q.up_to,
        filters=tuple(filters),
        position=position,
        total=q.total,
    )


@dataclass(frozen=True, slots=True)
class _Alts:
    """Target alternatives: "your Leader or 1 of your Characters"."""

    targets: tuple


def _sels(ts, source=None, default_zones=()) -> tuple[Selector, ...]:
    if isinstance(ts, _Alts):
        alts = tuple(_sel(t, source, default_zones) for t in ts.targets)
        up_to = any(a.up_to for a in alts)
        return (Selector(owner="self", zones=(), count=1, up_to=up_to, alternatives=alts),)
    if isinstance(ts, list):
        return tuple(_sel(t, source, default_zones) for t in ts)
    return (_sel(ts, source, default_zones),)


def _each(op: str, ts, default_zones=(), own=False, **kw) -> tuple[Action, ...]:
    """One action per target of a target list ("rest this Character and up to 1 of ...").

    ``own``: the targets can only be the player's own cards (DON!! are given to your own cards), so an
    owner left open ("1 Character") is ``self``.
    """
    sels = _sels(ts, default_zones=default_zones)
    if own:
        sels = tuple(_own(s) for s in sels)
    return tuple(Action(op, s, **kw) for s in sels)


def _own(s: Selector) -> Selector:
    if s.alternatives:
        return replace(s, alternatives=tuple(_own(a) for a in s.alternatives))
    return replace(s, owner="self") if s.owner == "any" else s


def _cmp_op(c) -> str:
    return {"le": "<=", "ge": ">="}.get(c, "==")


def _params(**kw) -> tuple:
    return tuple(sorted((k, v) for k, v in kw.items() if v is not None))


def _same(first: tuple[Action, ...]) -> Selector:
    """The target of a second action on the same card(s) as ``first`` ("gains [Rush] and +1000 power")."""
    t = first[0].target if len(first) == 1 else None
    if t is not None and t.ref is not None:
        return t
    return _IT


def _then(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    return tuple(replace(a, then=True) if i == 0 else a for i, a in enumerate(actions))


def _opt(args, kind: str):
    """The optional child tagged ``kind`` (children tagged by small marker tuples ``(kind, value)``)."""
    for a in args:
        if isinstance(a, tuple) and len(a) == 2 and a[0] == kind:
            return a[1]
    return None


def _dur(args):
    return _opt(args, "dur")


@v_args(inline=True)
class IRBuilder(Transformer):
    """lark Transformer from parse trees to IR (one instance is reused; it keeps no state)."""

    # ------------------------------------------------------------ tokens
    def num(self, tok):
        return int(tok)

    # ------------------------------------------------------------ sentences
    def s_plain(self, body):
        actions, optional = body
        return SentenceIR("actions", actions, optional=optional)

    def s_then(self, body):
        actions, optional = body
        return SentenceIR("then", _then(actions), optional=optional)

    def s_if_you_do(self, body):
        actions, optional = body
        return SentenceIR("if_you_do", (Action("if_you_do", body=actions),), optional=optional)

    def s_if_you_do_not(self, body):
        actions, optional = body
        return SentenceIR("if_you_do", (Action("if_you_do_not", body=actions),), optional=optional)

    def s_when(self, event, body):
        actions, optional = body
        return SentenceIR("when", actions, event=event, optional=optional)

    def s_if_rested_by(self, t, by, body):
        """ "[Your Turn] [Once Per Turn] If a Character is rested by your effect, draw 1 card ..." (OP07-031,
        OP10-036): an automatic effect on the event "rested" (8-1-3-1), as "When ... becomes rested by ..."."""
        return self.s_when(self.ev_rested_by(t, by), body)

    def s_when_post(self, items, event):
        """ "Draw 1 card when your opponent activates an Event.": the activation event written last."""
        return SentenceIR("when", tuple(items), event=event)

    def s_when_may_if(self, event, action, cond):
        """ "When X, you may A if C": an optional effect with condition C, checked before the player is
        asked (card Q&A OP01-062: no draw offered when the hand is over 4 after the Event). OP01-062's
        "... and haven't drawn a card using this Leader's effect during this turn" (c_count_not_drawn) is
        [Once Per Turn] counted only when the player draws: the effect is used only on "yes"
        (interpreter.effect_frame marks it at stage 1), and its only action is the draw."""
        once = cond.kind == "not_drawn_this_turn"
        if once:
            cond = cond.parts[0]
        return SentenceIR("when_may", _as_tuple(action), event=event, optional=True, conditions=(cond,), once=once)

    def s_activation_only_have_d2(self, np):
        # "This effect can be activated when you only have Characters with a type including "GERMA"." (OP11-043):
        # a condition of the effect (8-3-2); "can be activated": an optional effect (8-1-2)
        return SentenceIR("activation", (), conditions=(self.c_only_have_d2("self", np),), optional=True)

    def s_activation(self, event):
        # "This effect can be activated when ...": "can" makes the effect optional (8-1-2), asked yes / no
        # before its choices; declining it does not use up [Once Per Turn] (10-2-13-1)
        return SentenceIR("activation", (), event=event, optional=True)

    def s_deck_out_win(self, n):
        # "When your deck is reduced to 0, you win the game instead of losing, according to the rules" (OP03-040):
        # a permanent effect changing the defeat condition 1-2-1-1-2 (rules/engine.rule_processing)
        if n != 0:
            raise ValueError("deck reduced to a number other than 0")
        return SentenceIR("actions", (Action("deck_out_win", _THIS),), optional=False)

    def s_deck_out_no_loss(self, n, _cw):
        """ "Under the rules of this game, you do not lose when your deck has 0 cards." (OP15-022): a permanent
        effect setting aside the defeat condition 1-2-1-1-2 (card text over the rules, 1-3-1;
        rules/engine.rule_processing), ``deck_out_end_of_turn`` part ``no_loss``."""
        if n != 0:
            raise ValueError("deck count other than 0")
        return SentenceIR("actions", (Action("deck_out_end_of_turn", _THIS, params=_params(part="no_loss")),),
                          optional=False)

    def s_deck_out_loss_end_of_turn(self, n, _cw):
        """ "You lose at the end of the turn in which your deck becomes 0 cards." (OP15-022): part ``at_end``,
        read by rules/phases.end_phase (6-6-1-3, before the turn ends)."""
        if n != 0:
            raise ValueError("deck count other than 0")
        return SentenceIR("actions", (Action("deck_out_end_of_turn", _THIS, params=_params(part="at_end")),),
                          optional=False)

    def s_face_up_life_to_deck(self):
        # "Your face-up Life cards are placed at the bottom of your deck instead of being added to your hand,
        # according to the rules" (ST13-003): a permanent effect read wherever a Life card would go to the hand
        # (continuous.face_up_life_to_deck)
        return SentenceIR("actions", (Action("face_up_life_to_deck", _THIS),), optional=False)

    def s_start_of_game(self, body):
        actions, optional = body
        return SentenceIR("start_of_game", actions, optional=optional)

    def s_battle_end(self, this, other, *rest):
        body = rest[-1]
        actions, optional = body
        event = Event(
            "battle", _ev(this, default_zones=("leader", "character")),
            _params(at="end_of_battle", opponent=_ev(other, default_zones=("leader", "character"))),
        )
        return SentenceIR("when", actions, event=event, optional=optional)

    def s_battle_end_explicit(self, this, other, body):
        return self.s_battle_end(this, other, body)

    def s_if_attacks_no_blocker(self, t, dur, kw):
        action = Action(
            "cannot", Selector(owner="opponent", zones=("character",), count=None), duration=dur[1],
            params=_params(what="activate", keyword=str(kw), attacker=_sel(t)),
        )
        return SentenceIR("actions", (action,))

    def s_then_if_attacks_no_blocker(self, t, dur, kw):
        """ "Then, if the selected card attacks during this turn, your opponent cannot activate [Blocker]."
        (OP07-057, OP12-077)"""
        s = self.s_if_attacks_no_blocker(t, dur, kw)
        return SentenceIR("then", _then(s.actions))

    def s_replacement(self, target, rep, items):
        kind, by, *during = rep
        params = _params(by=by, during=during[0] if during else None)
        return SentenceIR(
            "replacement", tuple(items), event=Event(kind, _ev(target, default_zones=("character",)), params),
            optional=True,
        )

    def s_replacement_you_have(self, target, rep, items):
        """ "If you have a green Character other than [Tashigi] that would be removed from the field by your
        opponent's effect, you may rest this Character instead." (OP10-032): the subject is one of your own
        cards, any one of them (8-1-3-4)."""
        s = self.s_replacement(target, rep, items)
        return replace(s, event=replace(s.event, subject=replace(s.event.subject, owner="self")))

    def s_instead_target(self, cond, new, old):
        """ "If you have 15 or more cards in your trash, choose up to 1 of your opponent's Characters with a cost
        of 6 or less instead of a Character with a cost of 4 or less." (OP04-094): the earlier action choosing
        the ``old`` cards chooses the ``new`` ones when ``cond`` holds (compiler._join_sentence)."""
        (new_sel,), (old_sel,) = _sels(new, default_zones=("character",)), _sels(old, default_zones=("character",))
        return SentenceIR("instead_target", (Action("instead_target", new_sel, condition=cond,
                                                    params=(("of", old_sel),)),))

    def s_instead_of_drawing(self, cond, action, n, _cw=None):
        """ "If you have a Character with a cost of 8 or more, you may add up to 1 card from the top of your deck
        to the top of your Life cards instead of drawing 1 card." (OP04-040): the earlier "draw N cards" becomes,
        when ``cond`` holds, an optional ``action`` that replaces it (compiler._join_sentence)."""
        acts = tuple(action) if isinstance(action, (list, tuple)) else (action,)
        if len(acts) != 1:
            raise ValueError("several actions instead of drawing")
        return SentenceIR("instead_action", (Action("instead_action", condition=cond, body=acts,
                                                    amount=n),))

    def s_replacement_of_ko(self, target, rep, items):
        # "... instead of that Character being K.O.'d" (OP05-001): the same replacement, its event restated
        if rep[0] != "ko":
            raise ValueError("'instead of ... being K.O.'d' after another event")
        return self.s_replacement(target, rep, items)

    def s_replacement_cond(self, cond, target, rep, items):
        s = self.s_replacement(target, rep, items)
        return replace(s, conditions=(cond,))

    def body(self, items):
        return tuple(items), any(a.op == "may" for a in items)

    def body_if(self, cond, items):
        return (Action("if", condition=cond, body=tuple(items)),), any(a.op == "may" for a in items)

    def items(self, item):
        return list(item)

    def items_more(self, items, conj, item):
        item = tuple(item)
        if conj == "then":
            item = _then(item)
        elif items and items[-1].op == "may" and items[-1].player == "self":
            # "you may A and B": B is part of the optional part
            last = items[-1]
            return items[:-1] + [replace(last, body=last.body + item)]
        elif (items and items[-1].op == "negate_effects" and items[-1].duration is None and item
              and item[0].duration is not None and item[0].target is not None and item[0].target.ref == "it"):
            # "Negate the effect of up to 1 ... and give that card -4000 power during this turn" (OP09-097):
            # the duration written once at the end is that of both actions on the same card
            return items[:-1] + [replace(items[-1], duration=item[0].duration)] + list(item)
        return items + list(item)

    def items_or(self, items, item):
        last = items[-1]
        item = tuple(item)
        if (
            len(item) == 1 and item[0].target is not None and item[0].target.ref == "it"
            and last.target is not None and last.target.ref is None
        ):
            # "K.O. up to 1 X, or return it to the owner's hand": choose X, then one of the two actions
            select = Action("select", last.target, then=last.then)
            return items[:-1] + [select, Action("choose_one", options=((replace(last, target=_IT, then=False),), item))]
        return items[:-1] + [Action("choose_one", options=((last,), item))]

    def conj_and(self):
        return "and"

    def conj_then(self):
        return "then"

    def item(self, action):
        return _as_tuple(action)

    def item_may(self, action):
        return (Action("may", body=_as_tuple(action)),)

    def items_and_if(self, items, cond, item):
        """ "rest up to 1 ... and, if you don't have [Buchi], play up to 1 [Buchi] from your hand" (OP03-027):
        the condition is checked when the second action's turn comes (after the first one)."""
        return items + [Action("if", condition=cond, body=tuple(item))]

    def item_post_if(self, action, cond):
        return (Action("if", condition=cond, body=_as_tuple(action)),)

    def item_opp_may(self, action):
        acts = tuple(replace(a, player="opponent") for a in _as_tuple(action))
        return (Action("may", player="opponent", body=acts),)

    def item_for_every(self, counted, action):
        return (Action("for_every", replace(counted, count=None), amount=counted.count or 1, body=_as_tuple(action)),)

    def item_for_every_noun(self, np, action):
        counted = _sel(_Target(_Q("self", None), np), default_zones=("field",))
        return (Action("for_every", counted, amount=1, body=_as_tuple(action)),)

    def item_for_every_it(self, action):
        acts = _as_tuple(action)
        if len(acts) == 1 and acts[0].op == "modify_power" and acts[0].param("per") is None:
            # "For every DON!! card rested this way, this Leader or up to 1 of your ... Characters gains +2000
            # power" (OP13-001): one card gains +2000 per DON!! card, as "gains +1000 power ... for every card
            # trashed" (the subject is chosen once)
            params = tuple(sorted(acts[0].params + _params(per=_IT, per_count=1), key=lambda kv: kv[0]))
            return (replace(acts[0], params=params),)
        return (Action("for_every", _IT, amount=1, body=acts),)

    # ------------------------------------------------------------ costs
    def cost_clause(self, items):
        return _flatten_costs(items)

    def cost_don_minus(self, n):
        return (Cost("don_minus", amount=n),), False

    def cost_don_minus_more(self, n, items):
        costs, _opt_ = _flatten_costs(items)
        return (Cost("don_minus", amount=n),) + costs, True

    def cost_items(self, item):
        return [item]

    def cost_items_more(self, items, item):
        return items + [item]

    def cost_items_or(self, items, item):
        last_opt, last_costs = items[-1]
        opt, costs = item
        return items[:-1] + [(last_opt or opt, (Cost("one_of", options=(last_costs, costs)),))]

    def cost_may(self, action):
        return True, _action_to_costs(action)

    def cost_plain(self, action):
        return False, _action_to_costs(action)

    # ------------------------------------------------------------ actions
    def a_ko(self, ts):
        return _each("ko", ts, ("character",))

    def a_set_cost(self, ts, n, *rest):
        # "Set the cost of up to 1 of your opponent's Characters with no base effect to 0 during this turn" (OP03-091)
        return _each("set_cost", ts, ("character",), amount=n, duration=_dur(rest))

    def a_choose_and_ko(self, ts):
        # "Choose up to 1 of your opponent's Characters with a cost of 4 or less and K.O. it" (OP04-094)
        return self.a_ko(ts)

    def a_ko_or_rest_f2(self, ts):
        """ "K.O. or rest up to 1 of your opponent's Characters with ..." (OP14-062): the Character is chosen,
        then whether it is K.O.'d or rested (as "K.O. up to 1 X, or return it to the owner's hand", items_or)."""
        sels = _sels(ts, default_zones=("character",))
        if len(sels) != 1:
            raise ValueError("K.O. or rest of several targets")
        return (Action("select", sels[0]),
                Action("choose_one", options=((Action("ko", _IT),), (Action("rest", _IT),))))

    def a_rest(self, ts):
        return _each("rest", ts, ("field",))

    def a_set_active(self, ts):
        return _each("set_active", ts, ("field",))

    def a_set_active_later(self, ts):
        return _each("set_active", ts, ("field",), params=_params(at="end_of_turn"))

    def a_draw(self, n, _cw=None):
        return Action("draw", amount=n)

    def a_draw_per(self, per):
        """ "Draw a card for each of your {Neptunian} type Characters" (EB04-011): 1 card per counted card,
        counted when it resolves (8-4-6, as op_modify_power's ``per``); ``per``: ``("per", (n, Selector))``."""
        n, counted = per[1]
        if n != 1:
            raise ValueError("draw for every N other than 1")
        return Action("draw", amount=1, params=_params(per=counted))

    def a_draw_until_hand(self, n, _cw=None):
        """ "draw cards so that you have 2 cards in your hand" (OP02-069, OP02-051): as many as the hand
        lacks, none with N or more; not optional (card Q&A OP02-051, OP02-069)."""
        return Action("draw", params=_params(until_count=n))

    def a_draw_one(self):
        return Action("draw", amount=1)

    def a_trash_deck_same_as_hand(self):
        # "Trash the same number of cards from the top of your deck as you did from your hand" (OP09-059): as
        # many as the previous action trashed ("it"); cards.py accepts it only right after a trash from hand
        return Action("trash", Selector(owner="self", zones=("deck",), count=None, position="top"),
                      params=_params(equal_to=Selector(ref="it", count=None)))

    def a_trash_hand_same_as_drawn(self):
        # "Then, trash the same number of cards from your hand" (EB04-011): as many as the draw just before
        # drew ("it", actions.op_draw with ``per``); cards.py accepts it only right after such a draw
        return Action("trash", Selector(owner="self", zones=("hand",), count=None),
                      params=_params(equal_to=Selector(ref="it", count=None)))

    def a_draw_equal_moved(self):
        # "draw cards equal to the number you returned to your deck" (OP04-048): as many as the previous
        # action moved ("it"); cards.py accepts it only right after moving the whole hand to the deck
        return Action("draw", params=_params(equal_to=Selector(ref="it", count=None)))

    def o_draws_n(self, n, _cw=None):
        return Action("draw", amount=n)

    def a_trash(self, t, source=None):
        if source is None and isinstance(t, _Target) and not t.np.zones and t.np.location is None:
            # "trash up to 2 cards" names no zone: after "Look at 5 cards ..." it is the looked-at cards
            # (OP03-083), else the hand; the compiler decides (compiler._resolve_zones, _trash_zone)
            return Action("trash", _sel(t))
        return Action("trash", _sel(t, source, default_zones=("character",)))

    def a_trash_this_and_other(self, _noun, t):
        """ "trash this Character and 1 of your Characters with a type including "Baroque Works"" (OP04-073):
        this card, then another one (it cannot be this card, which is trashed too)."""
        if not isinstance(t, _Target):
            raise ValueError("trash this and a reference")
        other = _sel(t, default_zones=("character",))
        if other.alternatives or other.ref is not None:
            raise ValueError("trash this and alternatives")
        other = replace(other, filters=other.filters + (Filter("other_than_this", "==", True),))
        return (Action("trash", _THIS), Action("trash", other))

    def a_trash_rest(self):
        return Action("trash", Selector(ref="rest", count=None))

    def a_give_power(self, ts, amount, *rest):
        return _each("modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(rest))

    def a_give_power_to(self, amount, *rest):
        """ "give -1000 power during this turn to up to 1 of your opponent's Characters ..." (OP15-015): the
        words of ``a_give_power`` with the target last."""
        return _each("modify_power", rest[-1], ("leader", "character"), amount=amount, duration=_dur(rest[:-1]))

    def a_give_power_split(self, n, first, second, *rest):
        """ "... and give 1 Character −3000 power and the other −2000 power until ..." (OP08-118): the cards
        just selected share the amounts, one each (actions.op_modify_power_split)."""
        if n != 1:
            raise ValueError("a split of power other than '1 Character ... and the other'")
        return (Action("modify_power_split", _IT, duration=_dur(rest), params=_params(amounts=(first, second))),)

    def a_gain_power(self, ts, _g, amount, *rest):
        return _each("modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(rest))

    def a_gain_power_additional(self, ts, _g, amount, *rest):
        """ "that card gains an additional +2000 power": with no duration written, it takes the duration of
        the power the card gained before in the same effect (compiler._additional_durations, OP01-029)."""
        acts = self.a_gain_power(ts, _g, amount, *rest)
        if _dur(rest) is None:
            acts = tuple(replace(a, params=a.params + (("additional", True),)) for a in acts)
        return acts

    def a_give_cost_all(self, np, amount, *rest):
        """ "Give blue Events in your hand -1 cost": every such card (OP01-067)."""
        return Action("modify_cost", _sel(_Target(_Q("self", None), np), default_zones=("character",)),
                      amount=amount, duration=_dur(rest))

    def a_give_cost(self, ts, amount, *rest):
        return _each("modify_cost", ts, ("character",), amount=amount, duration=_dur(rest))

    def a_gain_cost(self, ts, _g, amount, *rest):
        return _each("modify_cost", ts, ("character",), amount=amount, duration=_dur(rest))

    def a_keyword(self, ts, _g, kw, *rest):
        return _each(
            "gain_keyword", ts, ("leader", "character"), duration=_dur(rest), params=_params(keyword=str(kw))
        )

    def a_gain_kw_one_of(self, ts, _g, *rest):
        """ "this Character gains [Double Attack], [Banish] or [Blocker] until ..." (OP09-084): the player
        chooses one of the keywords (``choose_one``, an option per keyword in the printed order)."""
        kws = [r for r in rest if getattr(r, "type", None) == "KEYWORD"]
        durs = [r for r in rest if getattr(r, "type", None) != "KEYWORD"]
        return (Action("choose_one", options=tuple(self.a_keyword(ts, _g, kw, *durs) for kw in kws)),)

    def a_gain_kw_power(self, ts, _g, kw, amount, *rest):
        first = self.a_keyword(ts, _g, kw, *rest)
        return first + (Action("modify_power", _same(first), amount=amount, duration=_dur(rest)),)

    def a_gain_kw_cost(self, ts, _g, kw, amount, *rest):
        first = self.a_keyword(ts, _g, kw, *rest)
        return first + (Action("modify_cost", _same(first), amount=amount, duration=_dur(rest)),)

    def a_gain_power_kw(self, ts, _g, amount, kw, *rest):
        first = self.a_gain_power(ts, _g, amount, *rest)
        return first + (Action("gain_keyword", _same(first), duration=_dur(rest), params=_params(keyword=str(kw))),)

    def a_gain_kw_kw(self, ts, _g, kw1, kw2, *rest):
        first = self.a_keyword(ts, _g, kw1, *rest)
        return first + (Action("gain_keyword", _same(first), duration=_dur(rest), params=_params(keyword=str(kw2))),)

    def a_gain_power_cost(self, ts, _g, power, cost, *rest):
        first = self.a_gain_power(ts, _g, power, *rest)
        return first + (Action("modify_cost", _same(first), amount=cost, duration=_dur(rest)),)

    def a_gain_power_cannot(self, ts, _g, amount, *rest):
        restriction = next(r for r in rest if isinstance(r, tuple) and len(r) == 2 and isinstance(r[1], dict))
        first = self.a_gain_power(ts, _g, amount, *rest)
        what, extra = restriction
        return first + (
            Action("cannot", _same(first), duration=_dur(rest), params=_params(what=what, **extra)),
        )

    def a_gain_power_per_first(self, ts, _g, amount, per, dur):
        return self.a_gain_power_per(ts, _g, amount, dur, per)

    def a_gain_power_per(self, ts, _g, amount, *rest):
        n, counted = _opt(rest, "per")
        return _each(
            "modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(rest),
            params=_params(per=counted, per_count=n),
        )

    def a_gain_power_per_cost(self, ts, _g, amount, *rest):
        """ "This Character gains +1000 power during this turn per 1 cost on the revealed card" (OP15-119):
        ``amount`` for every ``per_count`` of the cost of the card(s) ``per_cost`` names, read when it resolves
        (actions.op_modify_power)."""
        *durs, n, t = rest
        return _each("modify_power", ts, ("leader", "character"), amount=amount, duration=_dur(tuple(durs)),
                     params=_params(per_cost=_sel(t), per_count=n))

    def a_gain_cost_per(self, ts, _g, amount, *rest):
        n, counted = _opt(rest, "per")
        return _each(
            "modify_cost", ts, ("character",), amount=amount, duration=_dur(rest),
            params=_params(per=counted, per_count=n),
        )

    def a_gain_kw_cost_per_d2(self, ts, _g, kw, amount, *rest):
        # "this Character gains [Blocker] and +1 cost for every 4 cards in your trash" (ST27-004): the keyword
        # once, the cost for every 4 cards
        first = self.a_keyword(ts, _g, kw, *rest)
        n, counted = _opt(rest, "per")
        return first + (Action("modify_cost", _same(first), amount=amount, duration=_dur(rest),
                               params=_params(per=counted, per_count=n)),)

    def a_gain_power_cost_per_d2(self, ts, _g, power, cost, *rest):
        # "this Character gains +1000 power and +2 cost for every 5 cards in your trash" (EB04-048): both amounts
        # for every 5 cards
        first = self.a_gain_power_per(ts, _g, power, *rest)
        n, counted = _opt(rest, "per")
        return first + (Action("modify_cost", _same(first), amount=cost, duration=_dur(rest),
                               params=_params(per=counted, per_count=n)),)

    def a_give_power_per(self, ts, amount, *rest):
        return self.a_gain_power_per(ts, None, amount, *rest)

    def per_every(self, sel):
        return ("per", (sel.count or 1, replace(sel, count=None)))

    def per_every_one(self, np):
        return ("per", (1, _sel(_Target(_Q("self", None), np), default_zones=("field",))))

    def per_it(self):
        return ("per", (1, _IT))

    def per_it_n(self, counted):
        # "for every 3 cards placed at the bottom of your deck" (OP07-091): the cards the action before placed
        if counted.filters or counted.ref is not None or counted.owner not in ("self", "any"):
            raise ValueError("for every N cards placed: a plain number of cards only")
        return ("per", (counted.count or 1, _IT))

    def per_each_of(self, owner, np):
        return ("per", (1, _sel(_Target(_Q(owner, None, explicit_owner=True), np), default_zones=("field",))))

    def a_cannot_gain_power(self, ts, restriction, _g, amount, *rest):
        first = self.a_cannot(ts, restriction, *rest)
        return first + (Action("modify_power", _same(first), amount=amount, duration=_dur(rest)),)

    def a_cannot_gain_kw(self, ts, restriction, _g, kw, *rest):
        first = self.a_cannot(ts, restriction, *rest)
        return first + (Action("gain_keyword", _same(first), duration=_dur(rest), params=_params(keyword=str(kw))),)

    def a_play(self, t, *rest):
        source = next((r for r in rest if isinstance(r, _Source)), None)
        rested = any(r == "rested" for r in rest)
        if source is None and isinstance(t, _Target):
            # "play up to 1 Character ..." after a look / reveal: the card is not on the field yet
            source = _UNPLACED
        return Action("play", _sel(t, source), params=_params(rested=True if rested else None))

    def a_play_src_post(self, t, source, post):
        """ "Play up to 1 {X} type Character card from your hand with a cost equal to or less than ..."
        (OP08-098, OP08-062): the filters written after the source belong to the played card."""
        if not isinstance(t, _Target) or t.np.alts or post.location is not None:
            raise ValueError("play: filters after the source")
        np = replace(t.np, filters=t.np.filters + post.filters, post=t.np.post + post.filters)
        return self.a_play(_Target(t.q, np), source)

    def a_play_each_of(self, n, np, source):
        # "Play up to 1 each of [Sabo], [Portgas.D.Ace], and [Monkey.D.Luffy] with a cost of 2 from your
        # hand" (ST13-006): one "play up to 1" per name, in the printed order
        names = next((f.value for f in np.filters if f.key == "name"), None)
        if names is None or isinstance(names, str):
            raise ValueError("'each of' without several names")
        names = names[1] if names[0] == "all" else names
        rest = tuple(f for f in np.filters if f.key != "name")
        return tuple(
            Action("play", _sel(_Target(_Q(count=n, up_to=True), replace(np, filters=(Filter("name", "==", x),) + rest)),
                                source))
            for x in names)

    def a_play_alts(self, t1, t2, source):
        # "Play up to 1 [Heavenly Warriors] with a cost of 1 or up to 1 {Vassals} type Character card with a
        # cost of 1 from your hand" (OP15-073): one card, either description
        return Action("play", _sels(_Alts((t1, t2)), source)[0])

    def a_trash_alts(self, t1, t2, source):
        """ "trash 1 of your {Celestial Dragons} type Characters or 1 card from your hand" (OP13-079): one card,
        either description; the source written last is the second one's only (the first is on the field)."""
        alts = (_sel(t1, default_zones=("character",)), _sel(t2, source))
        if alts[0].ref is not None or alts[0].zones == ("hand",):
            raise ValueError("trash ... or ... from your hand: the first is not a card on the field")
        count = {a.count for a in alts}
        if len(count) != 1:
            raise ValueError("trash ... or ...: different numbers")
        return Action("trash", Selector(owner="self", zones=(), count=count.pop(), up_to=any(a.up_to for a in alts),
                                        alternatives=alts))

    def a_play_two(self, t1, t2, source):
        # "play up to 1 {X} type Character card with a cost of 6 or less and up to 1 ... with a cost of 4 or
        # less from your trash" (OP14-084, EB03-049): two plays from the same place, the first one first
        return (self.a_play(t1, source), self.a_play(t2, source))

    def a_play_rested_first(self, t, _r, source):
        return self.a_play(t, _r, source)

    def rested_flag(self):
        return "rested"

    def a_add_to_hand(self, t, source, _dest=None):
        return Action("add_to_hand", _sel(t, source))

    def a_add_to_hand_nosrc(self, t, _dest=None):
        return Action("add_to_hand", _sel(t, _UNPLACED if isinstance(t, _Target) else None))

    def a_add_to_life(self, t, source, pos, owner, _cw, *rest):
        face = _opt(rest, "face")
        return Action("to_life", _sel(t, source), params=_params(position=pos, life_owner=owner, face=face))

    def a_add_to_life_nosrc(self, t, pos, owner, _cw, *rest):
        face = _opt(rest, "face")
        return Action("to_life", _sel(t), params=_params(position=pos, life_owner=owner, face=face))

    def a_add_don_state(self, t, state):
        return _add_don(t, state)

    def a_add_don_plain(self, t):
        return _add_don(t, None)

    def a_add_don_as(self, t, state):
        return _add_don(t, state)

    def don_active(self, *_):
        return "active"

    def don_rested(self, *_):
        return "rested"

    def hand_dest(self, *_):
        return "hand"

    def a_return_to_hand(self, ts, _dest=None):
        return _each("return_to_hand", ts, ("character",))

    def a_return_hand_or_bottom(self, t, _hand=None, _deck=None):
        """ "Return up to 1 Character with a cost of 2 or less to the owner's hand or the bottom of their
        deck" (OP04-043): the card is chosen, then the effect's controller picks where it goes (card Q&A
        OP04-043): option 1 the hand, option 2 the bottom of the deck; nothing is asked when no card was
        chosen (``if_you_do`` on the selection)."""
        if isinstance(t, (list, _Alts)):
            raise ValueError("hand or deck bottom: several targets")
        select = Action("select", _sel(t, default_zones=("character",)))
        where = Action("choose_one", options=(
            (Action("return_to_hand", _IT),), (Action("to_deck", _IT, params=_params(position="bottom")),)))
        return (select, Action("if_you_do", body=(where,)))

    def a_return_to_deck(self, ts, pos, *rest):
        return _each("to_deck", ts, ("character",), params=_params(position=pos))

    def a_return_src_to_deck(self, t, source, pos, *rest):
        return Action("to_deck", _sel(t, source), params=_params(position=pos))

    def a_place_deck(self, ts, pos, *rest):
        if isinstance(ts, _Target) and not ts.q.explicit_owner and ts.np == _NP():
            # "place 1 card at the top of your deck" after "look at all your Life cards" (ST13-004): a
            # plain card whose zone the effect implies (compiler._resolve_zones: the looked-at cards)
            return (Action("to_deck", _sel(ts, _UNPLACED), params=_params(position=pos)),)
        # several cards: each owner orders their own (rule 3-1-7, actions.op_to_deck)
        return _each("to_deck", ts, ("character",), params=_params(position=pos))

    def a_place_deck_owner_orders(self, ts, pos, *rest):
        # "... at the bottom of the owner's deck in any order of the owner's choosing" (OP17-041): as rule 3-1-7
        return self.a_place_deck(ts, pos)

    def a_reorganize_place(self, pos, *rest):
        # "look at 2 cards from the top of your deck, reorganize them in any order and place them at the
        # top or bottom of your deck" (OP17-050): placing several cards asks their order (op_to_deck)
        return Action("to_deck", _IT, params=_params(position=pos))

    def a_place_n_at_deck(self, n, pos, *rest):
        # "place 1 at the top of your deck" (ST13-016): that many of the cards the effect looked at
        return Action("to_deck", Selector(owner="self", zones=(), count=n), params=_params(position=pos))

    def a_place_src_deck(self, t, source, pos, *rest):
        return Action("to_deck", _sel(t, source), params=_params(position=pos))

    def a_place_src_deck_top(self, t, source, *rest):
        return Action("to_deck", _sel(t, source), params=_params(position="top"))

    def a_place_rest(self, pos, *rest):
        return Action("to_deck", Selector(ref="rest", count=None), params=_params(position=pos))

    def a_place_life(self, ts, pos, owner, _cw, *rest):
        face = _opt(rest, "face")
        return _each("to_life", ts, ("character",), params=_params(position=pos, life_owner=owner, face=face))

    def pos_bottom(self):
        return "bottom"

    def pos_top(self):
        return "top"

    def pos_top_or_bottom(self):
        return "top_or_bottom"

    def deck_dest(self, *_):
        return ("deck_dest", True)

    def any_order(self):
        return ("any_order", True)

    def a_look_deck(self, t, owner):
        return Action("look", _sel_count(t, owner, ("deck",), "top"))

    def a_look_life(self, t, owner, _cw=None):
        return Action("look", _sel_count(t, owner, ("life",), "top"))

    def a_look_all_life(self, owner, _cw=None):
        return Action("look", Selector(owner=owner, zones=("life",), count=None))

    def a_look_either_life(self, t, owner, _cw=None):
        sel = _sel_count(t, "any", ("life",), "top")
        return Action("look", sel)

    def a_reveal(self, t, source=None):
        if source is None and isinstance(t, _Target):
            source = _UNPLACED
        return Action("reveal", _sel(t, source))

    def a_give_don_to_first(self, ts, n, _cw=None, *rest):
        each = "each" in rest
        return _each(
            "give_don", ts, ("leader", "character"), own=True, amount=n,
            params=_params(state="rested", up_to=True, each=True if each else None),
        )

    def each(self):
        return "each"

    def a_give_don_to(self, n, _cw, ts):
        return _each(
            "give_don", ts, ("leader", "character"), own=True, amount=n, params=_params(state="rested", up_to=True)
        )

    def a_give_don_to_each_of(self, n, _cw, owner, np):
        """ "Give up to 1 rested DON!! card to each of your {Alabasta} type Characters" (OP04-004): every
        such Character is a recipient (``each``), offered up to N rested DON!! one at a time; with too few
        rested DON!! only some receive one (card Q&A OP04-004)."""
        t = _Target(_Q(owner, None, False, explicit_owner=True), np)
        return _each(
            "give_don", t, ("leader", "character"), own=True, amount=n,
            params=_params(state="rested", up_to=True, each=True),
        )

    def a_played_rested(self, ts):
        """ "Your Character cards are played rested" (OP09-022): permanent ``play_rested`` on the owner's
        Character cards, read when one enters the field (rules/main_phase.enter_character)."""
        if not isinstance(ts, _Target) or ts.q.count is not None or ts.np.category != "Character":
            raise ValueError("played rested: other than your Character cards")
        return Action("play_rested", _sel(ts, default_zones=("character",)))

    def a_give_given_don(self, n, _cw, ts):
        """ "Give up to 2 total of your currently given DON!! cards to 1 of your Characters" (OP07-001, EB02-009):
        DON!! given to the player's other cards move to the chosen one (``from=given``, actions.op_give_don)."""
        acts = _each("give_don", ts, ("leader", "character"), own=True, amount=n,
                     params=_params(up_to=True, **{"from": "given"}))
        if len(acts) != 1 or acts[0].target.ref is not None or acts[0].target.count != 1:
            raise ValueError("currently given DON!!: to one chosen card")
        return acts

    def a_give_don_owners(self, n, _cw, k):
        """ "Give up to 1 rested DON!! card to its owner's Leader or 1 of their Characters" (OP15-010): a rested
        DON!! of either player's cost area, to a Leader or Character of that player (``don_of=recipient``)."""
        if k != 1:
            raise ValueError("give DON!! to several of its owner's cards")
        return (Action("give_don", Selector(owner="any", zones=("leader", "character"), count=1, up_to=True),
                       amount=n, params=_params(state="rested", up_to=True, don_of="recipient")),)

    def don_area_opponent(self):
        return "opponent"

    def don_area_self(self):
        return "self"

    def a_give_don_from_area(self, n, _cw, area, ts):
        """ "give up to 1 DON!! card from your opponent's cost area to 1 of your opponent's Characters" (OP15-028,
        OP15-025): up to N DON!! of that player's cost area, active or rested (``state=any``: the giver picks
        each one's state, rule 3-9-2), given one at a time (actions.op_give_don)."""
        don = Selector(owner=area, zones=("don",), count=n, up_to=True)
        return _each("give_don", ts, ("leader", "character"), amount=n,
                     params=_params(don=don, state="any", up_to=True))

    def a_give_don_owners_area(self, n, _cw, k):
        """ "Give up to 1 DON!! card from its owner's cost area to its owner's Leader or 1 of their Characters"
        (OP15-023): as ``a_give_don_owners`` (OP15-010), the DON!! active or rested (``state=any``)."""
        if k != 1:
            raise ValueError("give DON!! to several of its owner's cards")
        return (Action("give_don", Selector(owner="any", zones=("leader", "character"), count=1, up_to=True),
                       amount=n, params=_params(state="any", up_to=True, don_of="recipient")),)

    def a_give_don_cards(self, don_t, ts):
        don = _sel(don_t, default_zones=("don",))
        if don.zones != ("don",):
            raise ValueError("give: not DON!! cards")
        return _each(
            "give_don", ts, ("leader", "character"), amount=don.count,
            params=_params(don=don, up_to=don.up_to or None),
        )

    def a_turn_face(self, t, *rest):
        source = next((r for r in rest if isinstance(r, _Source)), None)
        face = _opt(rest, "face")
        return Action("turn_" + face.replace("-", "_"), _sel(t, source))

    def a_turn_all_life(self, owner, _cw, face):
        return Action("turn_" + face[1].replace("-", "_"), Selector(owner=owner, zones=("life",), count=None))

    def face_up(self):
        return ("face", "face_up")

    def face_down(self):
        return ("face", "face_down")

    def a_activate(self, timing):
        return Action("activate_effect", _THIS, params=_params(timing=_TIMING_NAMES.get(str(timing), str(timing))))

    def a_deal(self, n):
        return Action("deal_damage", Selector(owner="opponent", zones=("leader",), count=1), amount=n)

    def a_shuffle(self):
        return Action("shuffle_deck")

    def a_select(self, ts, source=None):
        if source is not None:
            return Action("select", _sel(ts, source))
        if isinstance(ts, _Target) and ts.np.category is None and not ts.np.zones and not ts.np.alts:
            # "Select up to 1 of your [Trafalgar Law] cards" (OP12-077): a Leader or a Character
            return _each("select", ts, ("leader", "character"))
        return _each("select", ts, ("character",))

    def a_choose_cards(self, t, source):
        """ "Choose 2 cards from your opponent's hand": the chosen cards become "it" (select)."""
        return Action("select", _sel(t, source))

    def a_opp_cannot_attack_other_than(self, names):
        """ "your opponent cannot attack any card other than the Character [X]" (OP01-051): the opponent's
        Leader and Characters may attack only your Characters named [X]."""
        return Action(
            "cannot", Selector(owner="opponent", zones=("leader", "character"), count=None),
            params=_params(what="attack_other_than", only=Selector(
                owner="self", zones=("character",), count=None, filters=(_name_filter(names),))),
        )

    def a_negate(self, t, *rest):
        if isinstance(t, list):  # "up to 1 of each of your opponent's Leader and Character cards"
            return _each("negate_effects", t, ("character",), duration=_dur(rest))
        return Action("negate_effects", _sel(t, default_zones=("character",)), duration=_dur(rest))

    def a_negate_two(self, t1, t2, *rest):
        # "Negate the effects of your opponent's Leader and all of their Characters during this turn" (P-100):
        # one negation per target, the duration shared
        return _each("negate_effects", [t1, t2], ("character",), duration=_dur(rest))

    def a_negate_poss(self, p, *rest):
        # "this Character's effect is negated during this turn" (OP14-056): as "Negate the effect of this
        # Character during this turn"
        if not isinstance(p, Selector) or p.ref != "this":
            raise ValueError("negated: other than this card")
        return Action("negate_effects", p, duration=_dur(rest))

    def a_cannot(self, ts, restriction, *rest):
        what, extra = restriction
        return _each(
            "cannot", ts, ("character",), duration=_dur(rest), params=_params(what=what, **extra)
        )

    def a_cannot_attack_unless_d2(self, ts, cond):
        """ "This Character cannot attack unless your opponent has 2 or more Characters with a base power of 5000
        or more" (EB04-005): "cannot attack" under the negated condition (a permanent effect's condition once
        hoisted, compiler._hoist_permanent)."""
        return Action("if", condition=replace(cond, negate=not cond.negate), body=self.a_cannot(ts, ("attack", {})))

    def a_cannot_ko_or_rest_opp_d2(self, ts, *rest):
        # "this Character cannot be K.O.'d or rested by your opponent's effects" (OP11-046): both prohibitions
        return self.a_cannot(ts, ("be_ko", {"by": "opponent_effect"}), *rest) + self.a_cannot(
            ts, ("be_rested", {"by": "opponent_effect"}), *rest)

    def a_can_attack_active(self, ts, *rest):
        return _each("can_attack_active", ts, ("leader", "character"), duration=_dur(rest))

    def a_no_refresh_opp(self, ts):
        return _each("no_refresh", ts, ("field",), params=_params(phase="opponent_next"))

    def a_no_refresh_next(self, ts):
        # "up to 1 of your opponent's Characters with a cost of 0 will not become active in the next Refresh
        # Phase" (OP05-094): the next Refresh Phase of the card's owner (actions.op_no_refresh)
        return _each("no_refresh", ts, ("field",), params=_params(phase="owner_next"))

    def a_no_refresh_self(self, ts):
        return _each("no_refresh", ts, ("field",), params=_params(phase="your_next"))

    def a_base_power(self, target, n, *rest):
        return Action("set_base_power", target, amount=n, duration=_dur(rest))

    def a_base_power_two(self, t, poss, n, *rest):
        first = _sel(t, default_zones=("leader", "character"))
        return (
            Action("set_base_power", first, amount=n, duration=_dur(rest)),
            Action("set_base_power", poss, amount=n, duration=_dur(rest)),
        )

    def a_base_power_pl(self, q, np, n, *rest):
        # "up to 1 of your Leader or Character cards' base power becomes 7000 during this turn" (OP16-106)
        t = _sel(_Target(q, np), default_zones=("leader", "character"))
        return Action("set_base_power", t, amount=n, duration=_dur(rest))

    def a_base_power_of(self, t, n, *rest):
        # "The base power of all of your Characters with ... becomes 8000." (OP17-112), "set the base power of
        # all of your {Five Elders} type Characters to 7000" (OP13-084)
        return Action("set_base_power", _sel(t, default_zones=("leader", "character")), amount=n, duration=_dur(rest))

    def a_base_power_pl_two(self, q, np, poss, n, *rest):
        # "All of your [Shura] cards' base power and this Character's base power become 6000." (OP15-070)
        first = _sel(_Target(q, np), default_zones=("leader", "character"))
        return (
            Action("set_base_power", first, amount=n, duration=_dur(rest)),
            Action("set_base_power", poss, amount=n, duration=_dur(rest)),
        )

    def a_base_power_copy(self, target, other, *rest):
        return Action("set_base_power", target, duration=_dur(rest), params=_params(same_as_power_of=other))

    def a_base_power_swap_f2(self, *rest):
        """ "Swap the base power of the selected Characters with each other during this turn" (OP14-001,
        OP14-017): each selected card's base power becomes the other's (actions.op_set_base_power, ``swap``)."""
        return Action("set_base_power", _IT, duration=_dur(rest), params=_params(swap=True))

    def a_base_power_copy_t(self, target, other, *rest):
        other = _sel(other, default_zones=("leader", "character"))
        return Action("set_base_power", target, duration=_dur(rest), params=_params(same_as_power_of=other))

    def a_base_power_copy_attacker(self, target, *rest):
        # "This Character's base power becomes the same as the power of your opponent's attacking Leader or
        # Character during this turn" (OP04-069): the attacker's power when it resolves (select.resolve_ref)
        return Action("set_base_power", target, duration=_dur(rest),
                      params=_params(same_as_power_of=Selector(owner="opponent", ref="attacker")))

    def a_power_zero(self, ts, n, *rest):
        if n != 0:
            return _each("set_power", ts, ("leader", "character"), amount=n, duration=_dur(rest))
        return _each("set_power_zero", ts, ("leader", "character"), duration=_dur(rest))

    def a_treat_name(self, name):
        return Action("treat_name", _THIS, params=_params(name=str(name)))

    def a_treat_names(self, names):
        """ "Under the rules of this game, also treat this card's name as [A] and [B]" (EB04-038): one
        ``treat_name`` per name (rule 2-1-3; select.card_names reads them in every area)."""
        if isinstance(names, tuple) and len(names) == 2 and names[0] == "all":
            names = names[1]
        return tuple(Action("treat_name", _THIS, params=_params(name=str(n))) for n in _names(names))

    def a_return_don_self(self, n, _cw=None):
        return Action("return_don", amount=n)

    def a_return_given_don_rested(self, n, _cw=None):
        """ "return 2 total of your currently given DON!! cards to your cost area rested" (ST28-004): N DON!!
        given to any of the player's Leader and Characters, chosen one at a time, go to the cost area rested
        (``from=given``, ``to=cost_area``; actions.op_return_don). Not a return to the DON!! deck (8-3-1-6)."""
        return Action("return_don", amount=n, params=_params(**{"from": "given", "to": "cost_area"}))

    def a_return_don_active_d2(self, ts):
        # "You may return 2 of your active DON!! cards to your DON!! deck:" (EB02-061): only active cost-area DON!!
        sels = _sels(ts, default_zones=("don",))
        if len(sels) != 1:
            raise ValueError("return several kinds of DON!! cards")
        sel = sels[0]
        if sel.zones != ("don",) or sel.owner != "self" or sel.up_to or not sel.count or sel.ref is not None or (
                tuple(sel.filters) != (Filter("state", "==", "active"),)) or sel.alternatives:
            raise ValueError("return DON!! cards other than N of your active ones")
        return Action("return_don", amount=sel.count, params=_params(state="active"))

    def a_return_don_until_equal(self, *_cw):
        """ "return DON!! cards from your field to your DON!! deck until you have the same number of DON!! cards
        on your field as your opponent" (OP08-074): as many as you have more than your opponent when it
        resolves, none if you have as many or fewer (actions.op_return_don, ``until_equal``)."""
        return Action("return_don", params=_params(until_equal=True))

    def a_return_don_self_more(self, n, _cw=None):
        return Action("return_don", amount=n, params=_params(or_more=True))

    def a_cannot_play(self, t, *rest):
        sel = _sel(t, _Source(("hand",)))
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="play"))

    def a_cannot_play_noun(self, np, *rest):
        sel = _sel(_Target(_Q("self", None), np), _Source(("anywhere",)))
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="play"))

    def a_place_life_any(self, ts, pos, _cw=None):
        return _each("to_life", ts, ("character",), params=_params(position=pos, life_owner="same"))

    def a_place_back_life(self, _it, owner, *rest):
        return Action("to_life", _IT, params=_params(position="any_order", life_owner=owner))

    def a_place_rest_back_life(self, owner, *rest):
        return Action("to_life", Selector(ref="rest", count=None), params=_params(position="any_order", life_owner=owner))

    def t_this_in_hand(self):
        return Selector(ref="this", zones=("hand",), count=1)

    def a_can_attack_chars_play_turn(self, ts, _it=None):
        return _each(
            "gain_keyword", ts, ("character",), params=_params(keyword="Rush: Character")
        )

    def a_none_can(self, owner, np, restriction, *rest):
        t = _Target(_Q(owner, None, explicit_owner=True), np)
        return self.a_cannot(t, restriction, *rest)

    def a_none_selected_can(self, restriction, *rest):
        # "none of the selected Characters can attack": the cards chosen by "select" ("it")
        return self.a_cannot(_IT, restriction, *rest)

    def a_draw_upto(self, n, _cw=None):
        return Action("draw", amount=n, params=_params(up_to=True))

    def a_activate_event(self, t, source):
        return Action("activate_event", _sel(t, source))

    def a_add_more_don(self, n, _cw, state):
        return Action("add_don", amount=n, params=_params(state=state, up_to=True))

    def ob_trash(self, t, source=None):
        if source is None:
            source = _Source(("hand",), owner="opponent")
        return Action("trash", _sel(t, source))

    def ob_add_don(self, t, state):
        a = _add_don(t, state)
        return replace(a, player="opponent")

    def ob_return_don(self, t):
        sel = _sel(t, default_zones=("don",))
        if (sel.zones == ("don",) and sel.ref is None and not sel.alternatives and sel.count and not sel.up_to
                and sel.filters == (Filter("state", "==", "active"),)):
            # "Your opponent may return 1 of their active DON!! cards to their DON!! deck" (OP15-059): N of that
            # player's active DON!! of the cost area (state=active, interpreter.don_options), as EB02-061's
            return Action("return_don", amount=sel.count, params=_params(state="active"))
        return Action("return_don", sel, amount=sel.count)

    def item_opp_may_base(self, action):
        return self.item_opp_may(action)

    def item_end_of_turn(self, action):
        return (Action("delayed", params=_params(at="end_of_turn"), body=_as_tuple(action)),)

    def item_end_of_turn_first(self, action):
        return self.item_end_of_turn(action)

    def item_dur_first(self, dur, action):
        """ "Until the end of your opponent's next turn, none of the selected Characters can attack ...":
        a duration written first applies to a continuous action that names none."""
        acts = _as_tuple(action)
        if len(acts) != 1 or acts[0].duration is not None or acts[0].op not in (
                "cannot", "modify_power", "modify_cost", "gain_keyword", "can_attack_active"):
            raise ValueError("a duration written first on an action that has one or takes none")
        return (replace(acts[0], duration=dur[1]),)

    def item_end_of_battle_first(self, action):
        return (Action("delayed", params=_params(at="end_of_battle"), body=_as_tuple(action)),)

    def a_opp_cannot_activate(self, kw, *rest):
        sel = Selector(owner="opponent", zones=("character",), count=None)
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="activate", keyword=str(kw)))

    def a_opp_cannot_activate_if_attacks(self, kw, t, *rest):
        return Action(
            "cannot", Selector(owner="opponent", zones=("character",), count=None), duration=_dur(rest),
            params=_params(what="activate", keyword=str(kw), attacker=_sel(t)),
        )

    def a_opp_cannot_activate_t(self, t, *rest):
        sel = _sel(t, default_zones=("character",))
        kw = next((f.value for f in sel.filters if f.key == "has_keyword"), None)
        if kw is None:
            raise ValueError("cannot activate: no keyword")
        # "cannot activate up to 1 [Blocker] Character ..." (OP09-014): the one chosen (4-8); "cannot activate
        # a [Blocker] Character ..." (OP01-120): every such Character
        count, up_to = (sel.count, True) if sel.up_to else (None, False)
        return Action(
            "cannot", replace(sel, owner="opponent", count=count, up_to=up_to), duration=_dur(rest),
            params=_params(what="activate", keyword=kw),
        )

    def a_opp_cannot_activate_kw_of_any(self, kw, np, *rest):
        """ "your opponent cannot activate the [Blocker] of any Character with a cost of 5 or less" (OP02-061):
        the same as "cannot activate a [Blocker] Character with a cost of 5 or less"."""
        sel = _sel(_Target(_Q("opponent", None), np), default_zones=("character",))
        kwf = Filter("has_keyword", "==", str(kw))
        return Action(
            "cannot", replace(sel, owner="opponent", count=None, up_to=False, filters=(kwf, *sel.filters)),
            duration=_dur(rest), params=_params(what="activate", keyword=str(kw)),
        )

    def a_win(self):
        return Action("win_game")

    def a_choose_cost(self):
        return Action("choose_cost")

    def a_extra_turn(self):
        return Action("extra_turn")

    def a_take_damage(self, n):
        return Action("take_damage", amount=n)

    def a_return_src_to_deck_shuffle_it(self, t, source):
        # "You may return 20 cards from your trash to your deck and shuffle it:" (OP05-080): one action (a cost
        # too), the cards put into the deck with no order, then that deck shuffled (actions.op_to_deck)
        return Action("to_deck", _sel(t, source), params=_params(position="any", shuffle=True))

    def a_return_to_deck_shuffled(self, ts):
        return _each("to_deck", ts, ("character",), params=_params(position="any"))

    def o_return_deck(self, ts):
        return _each("to_deck", ts, ("character",), params=_params(position="any")) + (Action("shuffle_deck"),)

    def a_you_cannot_using(self, what, by, *rest):
        return Action("cannot", None, duration=_dur(rest), params=_params(what=what, by=by))

    def a_you_cannot_attack_leader(self, *rest):
        sel = Selector(owner="self", zones=("leader", "character"), count=None)
        return Action("cannot", sel, duration=_dur(rest), params=_params(what="attack_leader"))

    def pa_set_don_active(self):
        return "set_don_active"

    def pa_add_life_to_hand(self):
        return "add_life_to_hand"

    def pa_draw(self):
        return "draw"

    def us_own(self):
        return "own_effect"

    def us_character(self):
        return "character_effect"

    def a_trash_until_hand(self, source, n, _cw=None):
        sel = Selector(owner="self", zones=source.zones, count=None, position=source.position)
        return Action("trash", sel, params=_params(until_count=n))

    def a_trash_until_hand_both(self, n, _cw=None):
        # "you and your opponent trash cards from your hands until you each have 5 cards in your hands"
        # (OP05-058): the turn player (who plays it) first, then the opponent, each choosing from their own
        # hand (rule 1-3-10, card Q&A OP05-058)
        mine = Action("trash", Selector(owner="self", zones=("hand",), count=None), params=_params(until_count=n))
        theirs = Action("trash", Selector(owner="opponent", zones=("hand",), count=None),
                        params=_params(until_count=n), player="opponent")
        return (mine, theirs)

    def a_trash_until_life(self, source, n, _cw=None):
        return self.a_trash_until_hand(source, n)

    def a_change_target(self, t):
        return Action("change_attack_target", _sel(t, default_zones=("leader", "character")))

    def a_change_target_alts_d2(self, t1, t2):
        # "Change the target of that attack to this Leader or to one of your {X} type Character cards" (OP16-080):
        # one card, either description
        return Action("change_attack_target", _sels(_Alts((t1, t2)), default_zones=("leader", "character"))[0])

    def a_play_cost_reduced(self, np, n):
        # "[Your Turn] The cost of playing {Celestial Dragons} type Character cards with a cost of 2 or more from
        # your hand will be reduced by 1" (OP05-097): the DON!! paid to play them (rules/main_phase), not the
        # cards' cost (continuous.play_cost)
        sel = _sel(_Target(_Q("self", None), np), _Source(("hand",), owner="self"))
        if tuple(sel.zones) != ("hand",) or sel.owner != "self":
            raise ValueError("play cost: not cards in your hand")
        return Action("reduce_play_cost", sel, amount=n)

    def a_next_play_reduced(self, np, dur, n):
        # "the next time you play a {Land of Wano} type Character card with a cost of 3 or more from your hand
        # during this turn, the cost will be reduced by 1" (OP02-025): the DON!! paid for that one play, not
        # the card's cost (continuous.play_cost; card Q&A OP02-025 q3)
        sel = _sel(_Target(_Q("self", None), np), _Source(("hand",), owner="self"))
        return Action("next_play_discount", sel, amount=n, duration=_dur((dur,)))

    def a_set_counter(self, t, amount):
        sel = _sel(t, default_zones=("character",))
        return Action("set_counter", sel, amount=amount)

    def a_have_counter(self, t, amount):
        # "All Character cards in your hand without a Counter have a +1000 Counter" (OP17-063); "All of your
        # {X} type Character cards ... have a +1000 Counter, according to the rules" (EB01-001): a Counter is
        # only used from the hand (7-1-3-2-1), so cards named with no zone are those in hand
        sel = _sel(t, default_zones=("hand",))
        return Action("set_counter", sel, amount=amount)

    def a_reveal_alts(self, a, b):
        return _each("reveal", _Alts((a, b)))

    def a_opponent(self, action):
        return tuple(replace(a, player="opponent") for a in _as_tuple(action))

    def o_trash(self, t, source=None):
        if source is None:
            source = _Source(("hand",), owner="opponent")
        return Action("trash", _sel(t, source))

    def o_plays_d2(self, t, source=None):
        # "your opponent plays up to 1 Character card with a cost of 4 or less from their hand" (OP13-119): the
        # opponent chooses and plays one of their cards (a_opponent makes it theirs)
        if source is None:
            source = _Source(("hand",), owner="opponent")
        return Action("play", _sel(t, source))

    def o_return(self, ts, _dest=None):
        return _each("return_to_hand", ts, ("character",))

    def o_place(self, t, *rest):
        source = next((r for r in rest if isinstance(r, _Source)), None)
        pos = next(r for r in rest if isinstance(r, str) and r in ("top", "bottom", "top_or_bottom"))
        return Action("to_deck", _sel(t, source, default_zones=("character",)), params=_params(position=pos))

    def a_they_place(self, t, source, pos, *rest):
        # "If your opponent has 8 or more cards in their hand, they place 2 cards from their hand at the
        # bottom of their deck in any order" (OP16-047): "they" is the opponent, who chooses and orders
        if source.owner != "opponent":
            raise ValueError("'they' other than the opponent")
        return (replace(self.o_place(t, source, pos, *rest), player="opponent"),)

    def o_choose(self, t, source, _it=None):
        return Action("trash", _sel(t, source))

    def o_choose_trash(self, t, source, it):
        """ "Your opponent chooses 1 card from your hand; trash that card." (OP01-038)"""
        if not isinstance(it, Selector) or it.ref != "it":
            raise ValueError("trash: not the chosen card")
        return Action("trash", _sel(t, source))

    def o_reveal_hand(self):
        # "Your opponent trashes 1 card from their hand and reveals their hand" (OP07-090): every card of
        # it becomes known to both players (actions.op_reveal)
        return Action("reveal", Selector(owner="opponent", zones=("hand",), count=None))

    def a_opponent_two(self, first, second):
        return tuple(replace(a, player="opponent") for a in _as_tuple(first) + _as_tuple(second))

    def o_reveal(self, t):
        """ "your opponent reveals that card / those cards" (the cards chosen from their hand)."""
        return Action("reveal", _sel(t))

    def o_return_don(self, n, _cw=None):
        return Action("return_don", amount=n)

    def o_add(self, t, source, _dest=None):
        return Action("add_to_hand", _sel(t, source))

    # restrictions: (what, extra params)
    def r_attack(self):
        return "attack", {}

    def r_attack_unless_trash(self, n, _cw):
        # "cannot attack unless your opponent trashes 2 cards from their hand whenever they attack" (OP08-043):
        # the card may attack only by paying that cost as it attacks; ``unless`` is the cost, paid by the
        # attacking card's controller ("self" from their side)
        return "attack", {"unless": Cost("trash", Selector(owner="self", zones=("hand",), count=n), amount=n)}

    def r_attack_leader(self):
        return "attack_leader", {}

    def r_ko(self):
        return "be_ko", {}

    def r_ko_battle(self):
        return "be_ko", {"by": "battle"}

    def r_ko_effects(self):
        return "be_ko", {"by": "effect"}

    def r_ko_opp_effects(self):
        return "be_ko", {"by": "opponent_effect"}

    def r_ko_battle_by(self, np):
        return "be_ko", {"by": "battle", "attacker": _sel(_Target(_Q("opponent", None), np), default_zones=("leader", "character"))}

    def r_activate_kw(self, kw):
        return "activate", {"keyword": str(kw)}

    def r_attack_leader_on_play_turn(self, _it=None):
        return "attack_leader", {"when": "turn_played"}

    def r_ko_effects_of(self, np):
        src = _sel(_Target(_Q("any", None), np), default_zones=("leader", "character", "stage"))
        return "be_ko", {"by": "effect", "source": src}

    def r_ko_effects_of_owned(self, owner, np):
        src = _sel(_Target(_Q(owner, None, explicit_owner=True), np), default_zones=("leader", "character", "stage"))
        return "be_ko", {"by": "effect", "source": src}

    def r_ko_opp_effects_of(self, np):
        src = _sel(_Target(_Q("opponent", None, explicit_owner=True), np), default_zones=("leader", "character", "stage"))
        return "be_ko", {"by": "opponent_effect", "source": src}

    def it_is(self, *_):
        return None

    def r_rested(self):
        return "be_rested", {}

    def r_rested_opp_effects(self):
        return "be_rested", {"by": "opponent_effect"}

    def r_rested_opp_leader_char_effects(self):
        # "This Character cannot be rested by your opponent's Leader and Character effects" (OP15-024): not
        # by the effects of an Event or a Stage
        src = Selector(owner="opponent", zones=("leader", "character"), count=None)
        return "be_rested", {"by": "opponent_effect", "source": src}

    def r_played_by_effects(self):
        # "This card in your hand cannot be played by effects" (OP12-036; actions.op_play)
        return "be_played", {"by": "effect"}

    def r_removed_opp_effects(self):
        return "be_removed", {"by": "opponent_effect"}

    def r_removed_own_effects(self):
        # "All of your opponent's Characters cannot be removed from the field by your effects" (OP14-079):
        # the effects of this effect's controller
        return "be_removed", {"by": "your_effect"}

    def r_removed(self):
        return "be_removed", {}

    def r_returned_opp_effects(self):
        return "be_returned_to_hand", {"by": "opponent_effect"}

    def it_w(self, *_):
        return "it"

    def gains(self, *_):
        return "gains"

    def card_w(self, tok):
        return str(tok)

    def plus(self, n):
        return n

    def minus(self, n):
        return -n

    def d_this_turn(self):
        return ("dur", "this_turn")

    def d_this_battle(self):
        return ("dur", "this_battle")

    def d_opp_next_turn(self):
        return ("dur", "until_end_of_opponent_next_turn")

    def d_opp_next_end_phase(self):
        return ("dur", "until_end_of_opponent_next_end_phase")

    def d_start_next_turn(self):
        return ("dur", "until_start_of_your_next_turn")

    def d_your_next_turn(self):
        return ("dur", "until_end_of_your_next_turn")

    # ------------------------------------------------------------ targets
    def targets(self, t):
        return t

    def targets_and(self, ts, t):
        return (ts if isinstance(ts, list) else [ts]) + [t]

    def targets_common_filter(self, ts, filts):
        filts = tuple(filts)

        def add(t):
            if isinstance(t, _Target):
                return _Target(t.q, replace(t.np, filters=t.np.filters + filts))
            raise ValueError("common filter on a reference")

        if isinstance(ts, _Alts):
            return _Alts(tuple(add(t) for t in ts.targets))
        if isinstance(ts, list):
            return [add(t) for t in ts]
        return add(ts)

    def targets_or(self, ts, t):
        if isinstance(ts, list):
            raise ValueError("mixed 'and' / 'or' targets")
        first = ts if isinstance(ts, _Alts) else _Alts((ts,))
        head = first.targets[0]
        if (isinstance(t, _Target) and t.q.bare and isinstance(head, _Target) and head.q.count is not None
                and t.np.category == "Stage"):
            # "up to 1 of your opponent's Characters with a cost of 0 or your opponent's Stages with a cost of
            # 3 or less" (OP03-096): the number written first is shared
            t = _Target(replace(head.q, owner=t.q.owner), t.np)
        elif (isinstance(t, _Target) and not t.q.explicit_owner and isinstance(head, _Target)
              and head.q.explicit_owner):
            # "rest your Leader or 1 [Corrida Coliseum]" (OP04-082): the owner written first is shared
            t = _Target(replace(t.q, owner=head.q.owner, explicit_owner=True), t.np)
        return _Alts(first.targets + (t,))

    def t_quantified(self, q, np):
        return _Target(q, np)

    def t_this(self, _noun=None):
        return _THIS

    def t_each_leader_character(self, n, owner, _cw=None):
        """ "up to 1 each of your opponent's Leader and Character cards" (OP07-075), "up to 1 of each of ..."
        (OP10-098): up to N Leader and, separately, up to N Characters (two targets, as "and")."""
        q = _Q(owner, n, True, explicit_owner=True)
        return [_Target(q, _NP("Leader", ("leader",))), _Target(q, _NP("Character", ("character",)))]

    def t_this_filtered(self, _noun, filts):
        return Selector(ref="this", count=1, filters=tuple(filts))

    def t_it(self, *_):
        return _IT

    def t_revealed(self, *_):
        # "the revealed card": "it" unless an action between the reveal and here chose other cards
        # (compiler._revealed_refs)
        return _REVEALED

    def t_battled_opponent_character(self):
        # "the opponent's Character you battled with" (OP04-047): the card this Character battled
        # (select.resolve_ref ``battle_opponent``, only while it is still on the field, rule 3-1-6)
        return Selector(ref="battle_opponent", count=1, owner="opponent", zones=("character",))

    def self_noun(self, *_):
        return None

    def p_this(self):
        return _THIS

    def p_it(self):
        return _IT

    def p_revealed(self):
        return _REVEALED

    def p_owner_leader(self, q):
        return Selector(owner=q.owner, zones=("leader",), count=1)

    def p_owner_leader_f(self, q, pre):
        return Selector(owner=q.owner, zones=("leader",), count=1, filters=pre.filters)

    def p_owner_leader_n(self, q, names):
        return Selector(owner=q.owner, zones=("leader",), count=1, filters=(_name_filter(names),))

    def q_upto_of(self, n, owner):
        return _Q(owner, n, True, explicit_owner=True)

    def q_total_of(self, n, owner):
        return _Q(owner, n, True, total=True, explicit_owner=True)

    def q_upto(self, n):
        return _Q("self", n, True)

    def q_total(self, n):
        return _Q("self", n, True, total=True)

    def q_n_of(self, n, owner):
        return _Q(owner, n, False, explicit_owner=True)

    def q_n(self, n):
        return _Q("self", n, False)

    def q_all_of(self, owner):
        return _Q(owner, None, False, explicit_owner=True)

    def q_all(self):
        return _Q("any", None, False)

    def q_owner(self, owner):
        return _Q(owner, None, False, explicit_owner=True, bare=True)

    def q_owner_n(self, owner, n):
        return _Q(owner, n, False, explicit_owner=True)

    def q_any_number_of(self, owner):
        return _Q(owner, None, True, explicit_owner=True)

    def q_any_number(self):
        return _Q("self", None, True)

    def q_one_of(self, owner):
        return _Q(owner, 1, False, explicit_owner=True)

    def q_a(self):
        return _Q("self", 1, False)

    def o_self(self):
        return "self"

    def o_opp(self):
        return "opponent"

    def o_their(self):
        return "opponent"

    def o_owner(self):
        return "owner"

    def life_owner(self, o):
        return o

    def src_hand(self):
        return _Source(("hand",))

    def src_their_hand(self):
        return _Source(("hand",), owner="opponent")

    def src_opp_hand(self):
        return _Source(("hand",), owner="opponent")

    def src_opp_trash(self):
        return _Source(("trash",), owner="opponent")

    def src_trash(self):
        return _Source(("trash",))

    def src_their_trash(self):
        return _Source(("trash",), owner="opponent")

    def src_deck(self):
        return _Source(("deck",))

    def src_hand_trash(self):
        return _Source(("hand", "trash"))

    def src_deck_top(self, owner):
        return _Source(("deck",), "top", owner)

    def src_life_top(self, owner, _cw=None):
        return _Source(("life",), "top", owner)

    def src_life_top_or_bottom(self, owner, _cw=None):
        return _Source(("life",), "top_or_bottom", owner)

    def src_life_any(self, *_):
        return _Source(("life",))

    def src_opp_life_any(self, *_):
        return _Source(("life",), owner="opponent")

    # ------------------------------------------------------------ noun phrases
    def noun(self, *parts):
        head = None
        pre: list[Filter] = []
        post: list[Filter] = []
        location = None
        location_owner = None
        for p in parts:
            if isinstance(p, _NP):
                head = p
            elif isinstance(p, _Pre):
                pre.extend(p.filters)
            elif isinstance(p, _Post):
                post.extend(p.filters)
                if p.location is not None:
                    location = p.location
                    location_owner = p.location_owner
        assert head is not None
        return replace(
            head, filters=tuple(pre) + head.filters + tuple(post), location=location, location_owner=location_owner,
            post=tuple(post),
        )

    def premods(self, *ps):
        out: list[Filter] = []
        for p in ps:
            out.extend(p.filters if isinstance(p, _Pre) else [p])
        return _Pre(tuple(out))

    def m_rested(self):
        return Filter("state", "==", "rested")

    def m_active(self):
        return Filter("state", "==", "active")

    def m_color(self, color):
        return Filter("color", "==", color)

    def color(self, tok):
        return _COLORS[str(tok)]

    def m_type(self, types):
        return _type_filter(types)

    def type_list(self, *items):
        return _names(items)

    def type_list_and(self, prev, t):
        return ("all", _names([prev]) + (str(t),))

    def m_attr(self, attr):
        return Filter("attribute", "==", str(attr))

    def m_type_or_attr(self, types, attr):
        # "{Muggy Kingdom} type or <Slash> attribute Character card" (ST12-003): either holds
        return Filter("any_of", "==", (_type_filter(types), Filter("attribute", "==", str(attr))))

    def m_other(self):
        return Filter("other_than_this", "==", True)

    def m_given(self):
        return Filter("given", "==", True)

    def m_keyword(self, kw):
        if str(kw) == "Trigger":
            return Filter("has_trigger", "==", True)
        return Filter("has_keyword", "==", str(kw))

    def m_face_up(self):
        return Filter("face", "==", "up")

    def m_face_down(self):
        return Filter("face", "==", "down")

    def m_multicolored(self):
        return Filter("multicolored", "==", True)

    def m_monocolored_d2(self):
        return Filter("multicolored", "==", False)  # one color (2-3-5)

    def h_character(self):
        return _NP("Character", ("character",))

    def h_characters(self):
        return _NP("Character", ("character",), plural=True)

    def h_character_card(self, cw=None):
        return _NP("Character", (), plural=cw == "cards")

    def h_leader(self):
        return _NP("Leader", ("leader",))

    def h_leaders(self):
        return _NP("Leader", ("leader",), plural=True)

    def h_leader_or_character(self, cw=None):
        return _NP(None, ("leader", "character"), plural=cw != "card")

    def h_leader_or_stage(self, cw=None):
        return _NP(None, ("leader", "stage"), plural=cw == "cards")

    def h_character_or_don(self, cw=None):
        return _NP(None, ("character", "don"), plural=True)

    def h_card(self, cw=None):
        return _NP(None, (), plural=cw == "cards")

    def h_event(self, cw=None):
        return _NP("Event", (), plural=cw == "cards")

    def h_events(self):
        return _NP("Event", (), plural=True)

    def h_event_or_stage(self, cw=None):
        return _NP(None, (), (Filter("category", "in", ("Event", "Stage")),), plural=cw == "cards")

    def h_character_or_stage(self, cw=None):
        return _NP(None, ("character", "stage"), (Filter("category", "in", ("Character", "Stage")),), plural=cw == "cards")

    def h_characters_or_stages(self):
        # "up to 1 of your opponent's rested Characters or Stages" (OP14-021)
        return _NP(None, ("character", "stage"), (Filter("category", "in", ("Character", "Stage")),), plural=True)

    def noun_alts(self, np):
        return np

    def noun_alts_or(self, a, np):
        prev = a.alts if a.alts else (a,)
        numeric = {"cost", "base_cost", "power", "base_power"}
        if (
            any(f.key in numeric for f in np.post)
            and not any(p.post for p in prev)
            and not all(p.category == "DON" for p in prev)  # DON!! cards have no cost or power
        ):
            # "[A] cards or [B] with a cost of 5 or less": does the cost apply to [A] too?
            raise ValueError("ambiguous: a trailing condition after alternatives")
        return _NP(alts=prev + (np,))

    def h_stage(self, _cw=None):
        return _NP("Stage", ("stage",))

    def h_stages(self):
        return _NP("Stage", ("stage",), plural=True)

    def h_stage_card(self, cw=None):
        return _NP("Stage", (), plural=cw == "cards")

    def h_don(self, cw=None):
        return _NP("DON", ("don",), plural=cw == "cards")

    def h_life(self, cw=None):
        return _NP(None, ("life",), plural=cw == "cards")

    def h_keyword(self, kw):
        if str(kw) == "Trigger":
            return _NP(None, (), (Filter("has_trigger", "==", True),))
        return _NP(None, (), (Filter("has_keyword", "==", str(kw)),))

    def h_name(self, names):
        return _NP(None, (), (_name_filter(names),))

    def h_name_cards_poss(self, names):
        return _NP(None, (), (_name_filter(names),), plural=True)

    def h_character_named(self, names):
        # "your Character [Bonk Punch]" (OP09-012): as "your [Bonk Punch] Character"
        return self.h_named(names, self.h_character())

    def h_name_and_type_d2(self, names, types, base):
        # "all of your [Donquixote Rosinante] and {Heart Pirates} type Characters" (OP12-073): every such card
        # that has either the name or the type (as "all of your [A] and [B] Characters")
        either = Filter("any_of", "==", (_name_filter(names), _type_filter(types)))
        return replace(base, filters=(either,) + base.filters)

    def h_named(self, names, base):
        return replace(base, filters=(_name_filter(names),) + base.filters)

    def name_list(self, *items):
        return _names(items)

    def name_list_and(self, prev, n):
        return ("all", _names([prev]) + (str(n),))

    def postmods(self, *pms):
        filters: list[Filter] = []
        location = None
        location_owner = None
        for pm in pms:
            if isinstance(pm, _Post) and pm.filters and pm.filters[0].key == "that_is_le":
                # "that is equal to or less than ...": on the cost written just before it
                if not filters or filters[-1].key != "cost" or filters[-1].op != ">=":
                    raise ValueError("'that is equal to or less than' after no cost")
                filters.append(replace(pm.filters[0], key="cost"))
                continue
            if isinstance(pm, _Post):
                filters.extend(pm.filters)
                if pm.location is not None:
                    location, location_owner = pm.location, pm.location_owner
            else:
                filters.extend(pm)
        return _Post(tuple(filters), location, location_owner)

    def pm_with(self, filts):
        return _Post(tuple(filts))

    def pm_that_is_le_count(self, value):
        # "with a cost of 3 or more that is equal to or less than the number of DON!! cards on your
        # opponent's field" (OP08-062): a second bound on the cost just written (see postmods)
        return _Post((Filter("that_is_le", "<=", value),))

    def filters(self, *items):
        out: list[Filter] = []
        for it in items:
            out.extend(it if isinstance(it, list) else [it])
        return out

    def pm_other_than_name(self, names):
        if isinstance(names, tuple) and names and names[0] == "all":
            raise ValueError("other than [A] and [B]")
        return _Post((Filter("name", "not_in", names) if len(names) > 1 else Filter("name", "!=", names[0]),))

    def pm_other_than_this(self, _noun=None):
        return _Post((Filter("other_than_this", "==", True),))

    def pm_no_counter(self):
        return _Post((Filter("has_counter", "==", False),))

    def pm_that_is_name(self, names):
        return _Post((_name_filter(names),))

    def pm_on_any_field(self):
        # "on the field": either player's, DON!! included ("When a DON!! card on the field is returned to
        # your DON!! deck" counts the opponent's DON!! too, card Q&A OP02-071 q1)
        return _Post((), ("field",), "any")

    def pm_distinct_names(self):
        return _Post((Filter("distinct_names", "==", True),))

    def pm_name_or_attr(self, names, attr):
        return _Post((Filter("any_of", "==", (_name_filter(names), Filter("attribute", "==", str(attr)))),))

    def pm_type_includes_or_name(self, quoted, names):
        # "reveal up to 1 card with a type including "Whitebeard Pirates" or [Monkey.D.Luffy]" (OP08-053)
        return _Post((Filter("any_of", "==", (Filter("type_includes", "==", str(quoted)), _name_filter(names))),))

    def pm_with_or(self, a, b):
        a = a[0] if isinstance(a, list) and len(a) == 1 else a
        b = b[0] if isinstance(b, list) and len(b) == 1 else b
        if not isinstance(a, Filter) or not isinstance(b, Filter):
            raise ValueError("'with ... or with ...' of several filters")
        return _Post((Filter("any_of", "==", (a, b)),))

    def pm_without_timing(self, timing):
        return _Post((Filter("has_effect", "!=", _TIMING_NAMES.get(str(timing), str(timing))),))

    def pm_without_attr(self, attr):
        return _Post((Filter("attribute", "!=", str(attr)),))

    def pm_in_deck(self):
        return _Post((), ("deck",), "self")

    def pm_and_filt(self, f):
        return _Post(tuple(f) if isinstance(f, list) else (f,))

    def pm_that_has_don(self, n, *rest):
        c = rest[0] if rest and rest[0] in ("le", "ge") else None
        return _Post((Filter("don_given", _cmp_op(c), n),))

    def pm_that_has_power(self, n, c=None):
        return _Post((Filter("power", _cmp_op(c), n),))

    def pm_in_hand(self):
        return _Post((), ("hand",), "self")

    def pm_in_their_hand(self):
        return _Post((), ("hand",), "opponent")

    def pm_in_trash(self):
        return _Post((), ("trash",), "self")

    def pm_on_field(self):
        return _Post((), ("field",), "self")

    def pm_on_their_field(self):
        return _Post((), ("field",), "opponent")

    def pm_on_opp_field(self):
        return _Post((), ("field",), "opponent")

    def f_cost(self, n, c=None):
        return Filter("cost", _cmp_op(c), n)

    def f_cost_either_d2(self, a, b):
        return Filter("cost", "in", (a, b))

    def f_cost_range(self, lo, hi):
        return Filter("cost", "range", (lo, hi))

    def f_base_cost(self, n, c=None):
        return Filter("base_cost", _cmp_op(c), n)

    def f_power(self, n, c=None):
        return Filter("power", _cmp_op(c), n)

    def f_base_power(self, n, c=None):
        return Filter("base_power", _cmp_op(c), n)

    def f_power_range(self, lo, hi):
        return Filter("power", "range", (lo, hi))

    def f_base_power_range(self, lo, hi):
        return Filter("base_power", "range", (lo, hi))

    def f_type_includes(self, q):
        return Filter("type_includes", "==", str(q))

    def f_has_keyword(self, kw):
        if str(kw) == "Trigger":
            return Filter("has_trigger", "==", True)
        return Filter("has_keyword", "==", str(kw))

    def f_no_base_effect(self):
        return Filter("no_base_effect", "==", True)

    def f_type(self, types):
        return _type_filter(types)

    def f_don_given(self):
        return Filter("don_given", ">=", 1)

    def f_don_given_n(self, n, *rest):
        c = rest[0] if rest and rest[0] in ("le", "ge") else None
        return Filter("don_given", _cmp_op(c), n)

    def f_power_cmp_first(self, n, c):
        return Filter("power", _cmp_op(c), n)

    def f_base_power_cmp_first(self, n, c):
        return Filter("base_power", _cmp_op(c), n)

    def f_total_power(self, n, c=None):
        return Filter("total_power", _cmp_op(c), n)

    def f_total_cost(self, n, c=None):
        return Filter("total_cost", _cmp_op(c), n)

    def f_cost_le_count(self, value):
        return Filter("cost", "<=", value)

    def cv_total_life(self, _cw=None):
        return Selector(owner="any", zones=("life",), count=None)

    def cv_your_life(self, _cw=None):
        return Selector(owner="self", zones=("life",), count=None)

    def cv_opp_life(self, _cw=None):
        return Selector(owner="opponent", zones=("life",), count=None)

    def cv_your_don(self, _cw=None):
        return Selector(owner="self", zones=("don",), count=None)

    def cv_opp_don(self, _cw=None):
        return Selector(owner="opponent", zones=("don",), count=None)

    def f_distinct_names(self):
        return Filter("distinct_names", "==", True)

    def f_has_counter(self):
        return Filter("has_counter", "==", True)

    def le(self):
        return "le"

    def ge(self):
        return "ge"

    # ------------------------------------------------------------ conditions
    def cond(self, c):
        return c

    def cond_and(self, a, b):
        parts = a.parts if a.kind == "and" else (a,)
        return Condition("and", parts=parts + (b,))

    def cond_or(self, a, b):
        parts = a.parts if a.kind == "or" else (a,)
        return Condition("or", parts=parts + (b,))

    def cond1(self, c):
        return c

    def c_has_type(self, t, types):
        return _match(t, _type_filter(types))

    def c_is_name(self, t, names):
        return _match(t, _name_filter(names))

    def c_is_multicolored(self, t):
        return _match(t, Filter("multicolored", "==", True))

    def c_has_attr(self, t, attr):
        return _match(t, Filter("attribute", "==", str(attr)))

    @staticmethod
    def _match_both(t, f1: Filter, f2: Filter) -> Condition:
        """ "your Leader has the {X} type and is active" / "has 7000 power or more and the {X} type": one
        card meeting both."""
        c = _match(t, f1)
        return replace(c, target=replace(c.target, filters=c.target.filters + (f2,)))

    def c_has_type_and_active(self, t, types):
        return self._match_both(t, _type_filter(types), Filter("state", "==", "active"))

    def c_has_power_and_type(self, t, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        return self._match_both(t, Filter("power", _cmp_op(c), n), _type_filter(rest[-1]))

    def c_is_rested(self, t):
        return _match(t, Filter("state", "==", "rested"))

    def c_is_active(self, t):
        return _match(t, Filter("state", "==", "active"))

    def c_has_power(self, t, n, c=None):
        return _match(t, Filter("power", _cmp_op(c), n))

    def c_has_base_power(self, t, n, c=None):
        return _match(t, Filter("base_power", _cmp_op(c), n))

    def c_has_chosen_cost(self, t):
        return _match(t, Filter("cost", "==", "chosen"))

    def c_count_not_drawn(self, subj, ce):
        """ "you have N or less cards in your hand and haven't drawn a card using this Leader's effect
        during this turn": only inside s_when_may_if, which makes it [Once Per Turn]."""
        return Condition("not_drawn_this_turn", parts=(self.c_count(subj, ce),))

    def c_count_two(self, subj, a, b):
        return Condition("and", parts=(self.c_count(subj, a), self.c_count(subj, b)))

    def c_leader_colors_include_d2(self, t, color):
        # "If your Leader's colors include blue" (OP11-080): the card has that color, among others or alone (2-3-5)
        return _match(t, self.m_color(color))

    def c_count_either_d2(self, subj, a, b):
        # "If you have 0 DON!! cards on your field or 8 or more DON!! cards on your field" (ST10-002): either
        return Condition("or", parts=(self.c_count(subj, a), self.c_count(subj, b)))

    def c_has_cost(self, t, n, c=None):
        return _match(t, Filter("cost", _cmp_op(c), n))

    def c_is_a(self, t, np):
        fs = list(np.filters)
        if np.category and np.category != "DON":
            fs.insert(0, Filter("category", "==", np.category))
        sel = _sel(t, default_zones=())
        return Condition("match", target=replace(sel, filters=sel.filters + tuple(fs)))

    def c_type_includes(self, poss, q):
        return _match(poss, Filter("type_includes", "==", str(q)))

    def c_name_includes(self, poss, q):
        return _match(poss, Filter("name_includes", "==", str(q)))

    def c_count(self, subj, ce):
        op, value, np = ce
        if subj == "self_not":
            return replace(_count("self", np, op, value), negate=True)
        return _count(subj, np, op, value)

    def c_total_life_hand(self, subj, n, c):
        # "If you have a total of 4 or less cards in your Life area and hand" (OP04-040): one count over both
        if subj != "self":
            raise ValueError("a total of Life and hand cards of another player")
        return Condition("count", _cmp_op(c), n, Selector(owner="self", zones=("life", "hand"), count=None))

    def c_count_n_or(self, subj, a, b, c, np):
        """ "If you have 0 or 3 or more DON!! cards on your field" (OP05-060): exactly A, or B or more/less."""
        return Condition("or", parts=(self.c_count(subj, ("==", a, np)), self.c_count(subj, (_cmp_op(c), b, np))))

    def sh_self_not(self):
        return "self_not"

    def c_has_type_or_name(self, t, types, names):
        return Condition("or", parts=(_match(t, _type_filter(types)), _match(t, _name_filter(names))))

    def c_is_name_or_type(self, t, names, types):
        return self.c_has_type_or_name(t, types, names)

    def c_is_name_or_multi(self, t, names):
        return Condition("or", parts=(_match(t, _name_filter(names)), _match(t, Filter("multicolored", "==", True))))

    def c_has_type_or_attr(self, t, types, attr):
        return Condition("or", parts=(_match(t, _type_filter(types)), _match(t, Filter("attribute", "==", str(attr)))))

    def c_has_type_or_includes(self, t, types, q):
        return Condition("or", parts=(_match(t, _type_filter(types)), _match(t, Filter("type_includes", "==", str(q)))))

    def c_either_count(self, ce):
        op, value, np = ce
        return Condition("or", parts=(_count("self", np, op, value), _count("opponent", np, op, value)))

    def c_life_le_opp(self):
        return Condition(
            "count", "<=", Selector(owner="opponent", zones=("life",), count=None),
            Selector(owner="self", zones=("life",), count=None),
        )

    def c_has_power_cmp_first(self, t, n, c):
        return _match(t, Filter("power", _cmp_op(c), n))

    def sh_self(self):
        return "self"

    def sh_opp(self):
        return "opponent"

    def ce_number(self, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        return _cmp_op(c), n, rest[-1]

    def ce_a(self, np):
        return ">=", 1, np

    def ce_no(self, np):
        return "==", 0, np

    def ce_bare(self, np):
        return ">=", 1, np

    def ce_total_given_don(self, n, *rest):
        c = rest[0] if rest and rest[0] in ("le", "ge") else None
        return _cmp_op(c), n, _NP("DON", ("don",), (Filter("given", "==", True),))

    def ce_any_given_don(self, _cw=None):
        return ">=", 1, _NP("DON", ("don",), (Filter("given", "==", True),))

    def c_there_is(self, np):
        return _count("any", np, ">=", 1)

    def c_there_are(self, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        return _count("any", rest[-1], _cmp_op(c), n)

    def c_there_is_no(self, np):
        return _count("any", np, "==", 0)

    def c_don_le_opp(self):
        return Condition(
            "count", "<=", Selector(owner="opponent", zones=("don",), count=None),
            Selector(owner="self", zones=("don",), count=None),
        )

    @staticmethod
    def _count_gap(zone: str, n: int) -> Condition:
        """ "the number of <your X> is at least N less than the number of <your opponent's X>": yours + N
        <= theirs (``count`` with ``offset``)."""
        return Condition("count", "<=", Selector(owner="opponent", zones=(zone,), count=None),
                         Selector(owner="self", zones=(zone,), count=None), offset=n)

    def c_gap_don(self, n):
        return self._count_gap("don", n)

    def c_gap_hand(self, n):
        return self._count_gap("hand", n)

    def c_gap_characters(self, n):
        return self._count_gap("character", n)

    def c_all_don_rested(self):
        """ "all of your DON!! cards are rested": every DON!! on your field is a rested one of the cost area;
        a DON!! given to your Leader or a Character is not (card Q&A OP02-027 q2; rule 6-5-5)."""
        return Condition(
            "count", "==", Selector(owner="self", zones=("don",), count=None),
            Selector(owner="self", zones=("don",), count=None, filters=(Filter("state", "==", "rested"),)),
        )

    def c_opp_more_don(self, subj):
        if subj != "opponent":
            raise ValueError("more DON!! than you")
        return Condition(
            "count", ">", Selector(owner="self", zones=("don",), count=None),
            Selector(owner="opponent", zones=("don",), count=None),
        )

    def c_less_characters_d2(self, subj):
        # "If you have less Characters than your opponent" (EB04-059): your Characters < your opponent's
        if subj != "self":
            raise ValueError("less Characters than your opponent")
        return Condition(
            "count", "<", Selector(owner="opponent", zones=("character",), count=None),
            Selector(owner="self", zones=("character",), count=None),
        )

    def c_less_life(self, subj):
        if subj != "self":
            raise ValueError("less Life than your opponent")
        return Condition(
            "count", "<", Selector(owner="opponent", zones=("life",), count=None),
            Selector(owner="self", zones=("life",), count=None),
        )

    def c_played_this_turn(self):
        return Condition("played_this_turn", target=_THIS)

    def c_activated_event(self, subj, pm=None):
        # "If you have activated an Event with a base cost of 3 or more during this turn" (OP15-002): card
        # activation from the hand (8-5-2, 8-5-4), recorded per turn by rules/main_phase.event_activated
        if subj != "self":
            raise ValueError("activated an Event: not you")
        filters = (Filter("category", "==", "Event"),) + (tuple(pm.filters) if pm is not None else ())
        if pm is not None and (pm.location or pm.location_owner):
            raise ValueError("activated an Event ...: a place")
        return Condition("event_activated", target=Selector(owner="self", zones=(), count=None, filters=filters))

    def c_second_turn_or_later(self):
        # "If it is your second turn or later" (OP15-058): your own turns counted from your first (rules 6-1-1, 6-1-2)
        return Condition("own_turn", ">=", value=2)

    def c_deck_count(self, n, *rest):
        # "if your deck has 0 cards" (OP15-022): the number of cards in the player's deck
        return Condition("count", _cmp_op(rest[0] if len(rest) > 1 else None), n,
                         Selector(owner="self", zones=("deck",), count=None))

    def c_opponent_turn(self):
        # "if it is your opponent's turn" (OP17-119): the condition the [Opponent's Turn] tag gives (compiler)
        return Condition("opponent_turn")

    def c_cost_eq_given_d2(self, t):
        # "If the chosen Character has a cost equal to the number of DON!! cards given to it" (OP15-031)
        return _match(t, Filter("cost_eq_don_given", "==", True))

    def c_only_have_d2(self, subj, np):
        """ "If you only have {X} type Characters" (OP11-046, OP13-095): as "the only Characters on your field are
        ..." (``all_match``: not met with no Characters). Tagged ``op="you_only_have"``: with no Characters the
        wording is undecided, so cards.py accepts it only where the card is a Character on the field."""
        if subj != "self":
            raise ValueError("only have: not your Characters")
        sel = Selector(owner="self", zones=("character",), count=None, filters=np.filters)
        return Condition("all_match", "you_only_have", target=sel)

    def c_only_characters(self, np):
        sel = Selector(owner="self", zones=("character",), count=None, filters=np.filters)
        return Condition("all_match", target=sel)

    def c_total_life(self, n, *rest):
        c = rest[0] if rest and rest[0] in ("le", "ge") else None
        return Condition("count", _cmp_op(c), n, Selector(owner="any", zones=("life",), count=None))

    def count_ref(self, q, np):
        return _sel(_Target(q, np), default_zones=("field",))

    # ------------------------------------------------------------ events
    # (event subjects name a kind of card, not a chosen number: count None; see _ev)
    def ev_opp_activate_event_or_kw(self, *args):
        kw = next(a for a in args if a is not None)
        return Event("any_of", None, (("events", (self.ev_opp_activate_event(), self.ev_opp_activate_kw(kw))),))

    def ev_opp_activate_kw_or_event(self, *args):
        return self.ev_opp_activate_event_or_kw(*args)

    def ev_attacks_leader(self, t):
        return Event("attack", _ev(t, default_zones=("leader", "character")), (("target", "leader"),))

    def ev_attacks_or_attacked(self, t):
        sel = _ev(t, default_zones=("leader", "character"))
        return Event("any_of", None, (("events", (Event("attack", sel), Event("attacked", sel))),))

    def ev_kw_activates(self, kw):
        if str(kw) != "Trigger":
            raise ValueError("a keyword other than [Trigger] activates")
        return Event("trigger_activated", Selector(owner="any", zones=(), count=1))

    def ev_battles(self, this, other):
        return Event(
            "battle", _ev(this, default_zones=("leader", "character")),
            _params(opponent=_ev(other, default_zones=("leader", "character"))),
        )

    def ev_battles_ko(self, this, other):
        return Event(
            "battle_ko", _ev(this, default_zones=("leader", "character")),
            _params(opponent=_ev(other, default_zones=("leader", "character"))),
        )

    def ev_life_to_hand(self, t):
        return Event("life_to_hand", _ev(t, _Source(("life",))))

    def ev_returned_to_hand(self, t, by=None):
        return Event("returned_to_hand", _ev(t, default_zones=("character",)), _params(by=by))

    def any_or(self, *_):
        return None

    def ev_battles_noun(self, this, np):
        return self.ev_battles(this, _Target(_Q("opponent", None, explicit_owner=True), np))

    def ev_ko(self, t):
        return Event("ko", _ev(t, default_zones=("character",)))

    def ev_ko_by(self, t, by):
        return Event("ko", _ev(t, default_zones=("character",)), _params(by=by))

    def ev_rested(self, t):
        return Event("rested", _ev(t, default_zones=("character",)))

    def ev_rested_by(self, t, by):
        # "When this Character becomes rested by your opponent's Character's effect" (OP14-070)
        return Event("rested", _ev(t, default_zones=("character",)), _params(by=by))

    def ev_attacks(self, t):
        return Event("attack", _ev(t, default_zones=("leader", "character")))

    def ev_opp_attacks(self):
        return Event("attack", Selector(owner="opponent", zones=("leader", "character"), count=None))

    def ev_you_activate_event(self):
        return Event("event_activated", Selector(owner="self", zones=(), count=None, filters=(Filter("category", "==", "Event"),)))

    def ev_opp_activate_event(self):
        return Event("event_activated", Selector(owner="opponent", zones=(), count=None, filters=(Filter("category", "==", "Event"),)))

    def ev_opp_activate_kw(self, kw):
        if str(kw) == "Trigger":
            # "when your opponent activates an Event or [Trigger]" (OP11-102): the opponent's [Trigger] activated
            # (rules/damage.life_damage reports it with the Life card)
            return Event("trigger_activated", Selector(owner="opponent", zones=(), count=None))
        return Event("keyword_activated", Selector(owner="opponent", zones=("character",), count=None), _params(keyword=str(kw)))

    def ev_don_returned(self, t, by=None):
        return Event("don_returned", _ev(t, default_zones=("don",)), _params(by=by))

    def ev_don_returned_n(self, n):
        return Event("don_returned", Selector(owner="self", zones=("don",), count=n), _params(at_least=n))

    def ev_drawn_outside_draw_phase(self):
        # "When you draw a card outside of your Draw Phase" (OP05-053): rules/zones.draw, by an effect
        return Event("drawn", Selector(owner="self", count=None), _params(outside="draw_phase"))

    def ev_take_damage(self):
        return Event("damage_taken", Selector(owner="self", zones=("leader",), count=1))

    def ev_removed(self, t):
        # "when your {Impel Down} type Character card is removed from the field" (OP16-041): by an effect, a
        # K.O. in battle or rule 3-7-6 alike (no ``by``; hooks._event_matches)
        return Event("removed", _ev(t, default_zones=("character",)))

    def ev_removed_by(self, t, by):
        return Event("removed", _ev(t, default_zones=("character",)), _params(by=by))

    def ev_life_removed(self, t, owner, _cw=None):
        return Event("life_removed", Selector(owner=owner, zones=("life",), count=1))

    def ev_life_becomes(self, n):
        # "When your number of Life cards becomes 0" (OP05-098); another number has no report (cards.py)
        return Event("life_zero" if n == 0 else "life_count", Selector(owner="self", zones=("life",), count=None),
                     () if n == 0 else _params(count=n))

    def ev_any_life_removed(self, t, _cw=None):
        return Event("life_removed", Selector(owner="any", zones=("life",), count=1))

    def ev_trashed(self, t, source, by=None):
        return Event("trashed", _ev(t, source), _params(by=by))

    def ev_you_play(self, t):
        return Event("played", replace(_ev(t, default_zones=("character",)), owner="self"))

    def ev_you_play_from_hand(self, t):
        """ "When you play a Character ... from your hand": not one played by an effect from elsewhere."""
        return Event("played", replace(_ev(t, default_zones=("character",)), owner="self"), _params(source="hand"))

    def ev_you_given_don(self):
        """ "When this Leader or any of your Characters is given a DON!! card": once per DON!! card given."""
        return Event("don_given", Selector(owner="self", zones=("leader", "character"), count=None))

    def ev_opp_play(self, t):
        sel = _ev(t, default_zones=("character",))
        return Event("played", replace(sel, owner="opponent"))

    def ev_you_deal_damage(self):
        # "When you deal damage to your opponent's Life" (OP03-043): the attack of any of your Leader and
        # Characters, once per attack, not damage by an effect (card Q&A OP03-043)
        return Event("attack_damage", Selector(owner="self", zones=("leader", "character"), count=None))

    def ev_attack_deals_damage(self, poss):
        return Event("attack_damage", poss)

    def ev_played_from_trash(self, t):
        sel = _ev(t, _Source(("trash",)))
        return Event("played", replace(sel, zones=("character",)), _params(source="trash"))

    def ev_or(self, a, b):
        return Event("any_of", None, (("events", (a, b)),))

    def by_opp_effect(self):
        return "opponent_effect"

    def by_opp_character_effect(self):
        # "by your opponent's Character's effect" (PRB02-006): the effect of a Character card of the opponent
        return "opponent_character_effect"

    def by_effect(self):
        return "effect"

    def by_your_effect(self):
        return "your_effect"

    def by_battle(self):
        return "battle"

    def re_ko(self):
        return "ko", None

    def re_ko_by(self, by):
        return "ko", by

    def re_ko_by_dur(self, by, dur):
        # "If any of your Characters would be K.O.'d in battle during this turn, ..." (EB02-030): a replacement
        # effect an Event grants for the duration (compiler._granted_replacement)
        return "ko", by, dur[1]

    def re_removed_by(self, by):
        return "removed", by

    def re_rested_by(self, by):
        return "rested", by

    def re_removed(self):
        return "removed", None

    def re_left(self):
        # "If this Character would leave the field" (OP05-100): any removal, a K.O. in battle included
        return "removed", "any"

    # ------------------------------------------------------------ other starts
    def cond_sentence(self, cond):
        return cond

    def when_sentence(self, event):
        return event


@dataclass(frozen=True, slots=True)
class _Pre:
    filters: tuple[Filter, ...]


@dataclass(frozen=True, slots=True)
class _Post:
    filters: tuple[Filter, ...]
    location: tuple[str, ...] | None = None
    location_owner: str | None = None


def _as_tuple(x) -> tuple[Action, ...]:
    if isinstance(x, Action):
        return (x,)
    if isinstance(x, tuple):
        return x
    raise TypeError(f"not an action: {x!r}")


def _names(items) -> tuple[str, ...]:
    out: list[str] = []
    for it in items:
        if isinstance(it, tuple):
            if it and it[0] == "all":
                raise ValueError("nested 'and' list")
            out.extend(it)
        else:
            out.append(str(it))
    return tuple(out)


def _name_filter(names) -> Filter:
    if isinstance(names, tuple) and len(names) == 2 and names[0] == "all" and isinstance(names[1], tuple):
        return Filter("name", "all", names[1])
    return Filter("name", "in", names) if len(names) > 1 else Filter("name", "==", names[0])


def _type_filter(types) -> Filter:
    if isinstance(types, tuple) and len(types) == 2 and types[0] == "all" and isinstance(types[1], tuple):
        return Filter("type", "all", types[1])
    return Filter("type", "in", types) if len(types) > 1 else Filter("type", "==", types[0])


def _ev(t, source=None, default_zones=()) -> Selector:
    """The subject of an activation event or replacement: any card of that kind ("your Character")."""
    sel = _sel(t, source, default_zones)
    if sel.ref is None and not sel.alternatives:
        sel = replace(sel, count=None, up_to=False)
    return sel


def _match(t, f: Filter) -> Condition:
    """ "X has/is ...": a Leader condition for "your Leader", else a match on the referred card."""
    sel = _sel(t, default_zones=("character",))
    if sel.ref is None and sel.zones == ("leader",):
        return Condition("leader", target=replace(sel, filters=sel.filters + (f,), count=1))
    if sel.ref is None:
        raise ValueError("condition on an unspecified card")
    return Condition("match", target=replace(sel, filters=sel.filters + (f,)))


def _count(owner: str, np: _NP, op: str, value) -> Condition:
    if owner == "any" and np.location_owner is not None:
        owner = np.location_owner
    both = next((f for f in np.filters if f.key == "name" and f.op == "all"), None)
    if both is not None:
        # "you have [A] and [B] Characters": one of each
        if (op, value) != (">=", 1):
            raise ValueError("a count of several names")
        rest = tuple(f for f in np.filters if f is not both)
        return Condition(
            "and", parts=tuple(_count(owner, replace(np, filters=(Filter("name", "==", n),) + rest), op, value) for n in both.value)
        )
    if np.location is not None:
        zones = np.location if np.location != ("field",) else (np.zones or ("field",))
    else:
        zones = np.zones or ("field",)
    filters = np.filters
    if np.category and np.category != "DON" and not (set(zones) & {"character", "leader", "stage", "don"}):
        filters = (Filter("category", "==", np.category),) + filters
    zones = _with_cost_area(zones, np, filters)
    return Condition("count", op, value, Selector(owner=owner, zones=zones, count=None, filters=filters))


def _sel_count(t, owner: str, zones: tuple[str, ...], position: str) -> Selector:
    if not isinstance(t, _Target):
        raise ValueError("look at: not a number of cards")
    return Selector(owner=owner, zones=zones, count=t.q.count, up_to=t.q.up_to, position=position)


def _add_don(t, state) -> Action:
    if not isinstance(t, _Target) or t.np.category != "DON":
        raise ValueError("add ... from your DON!! deck: not DON!! cards")
    return Action("add_don", amount=t.q.count, params=_params(state=state, up_to=True if t.q.up_to else None))


def _flatten_costs(items) -> tuple[tuple[Cost, ...], bool]:
    flat: list[Cost] = []
    optional = False
    for opt, cs in items:
        optional = optional or opt
        flat.extend(cs)
    return tuple(flat), optional


def _action_to_costs(action) -> tuple[Cost, ...]:
    out = []
    for a in _as_tuple(action):
        t = a.target
        if a.op == "rest" and t is not None and t.zones == ("don",) and t.ref is None and not t.filters:
            out.append(Cost("rest_don", amount=t.count))
        elif a.op == "may":
            out.extend(_action_to_costs(a.body))
        else:
            if a.op == "trash" and t is not None and not t.zones and t.ref is None and not t.alternatives:
                t = replace(t, zones=("hand",), owner="self")  # a cost "trash 1 card:" is paid from the hand
            out.append(Cost(a.op, t, a.amount, a.params, duration=a.duration))
    return tuple(out)
