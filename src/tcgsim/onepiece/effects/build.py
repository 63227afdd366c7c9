"""Turns lark parse trees of ``grammar.lark`` into the IR of :mod:`.ir`.

The transformer works bottom-up: noun phrases become :class:`_NP` (category, zones on the field,
filters), quantities :class:`_Q`; an action combines them with its source ("from your hand") into a
:class:`~.ir.Selector`.  A sentence becomes a :class:`SentenceIR`; ``compiler.py`` assembles sentences
into effects.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from lark import Token, Transformer, v_args

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
        "no_refresh",
    }
)


@dataclass(frozen=True, slots=True)
class SentenceIR:
    """One parsed sentence: its actions and how it attaches to the effect.

    ``kind``: ``actions`` (an ordinary sentence), ``then`` ("Then, ..."), ``if_you_do``, ``when``
    (an activation event written as "When ..., ..."), ``activation`` ("This effect can be activated
    when ..."), ``replacement`` ("If ... would ..., ... instead"), ``start_of_game``.
    """

    kind: str
    actions: tuple[Action, ...] = ()
    event: Event | None = None
    optional: bool = False


@dataclass(frozen=True, slots=True)
class _NP:
    category: str | None = None  # Leader / Character / Event / Stage / DON / None (any card)
    zones: tuple[str, ...] = ()  # where such cards are when no source is named
    filters: tuple[Filter, ...] = ()


@dataclass(frozen=True, slots=True)
class _Q:
    owner: str = "self"
    count: int | None = 1
    up_to: bool = False
    total: bool = False
    explicit_owner: bool = False


@dataclass(frozen=True, slots=True)
class _Target:
    """A target not yet placed in a zone (the action's source decides)."""

    q: _Q
    np: _NP


@dataclass(frozen=True, slots=True)
class _Source:
    zones: tuple[str, ...]
    position: str | None = None


_THIS = Selector(ref="this", count=1)
_IT = Selector(ref="it", count=None)


def _sel(t, source: _Source | None = None, default_zones: tuple[str, ...] = ()) -> Selector:
    """Finalise a target into a Selector, placing it in ``source`` (or its own / the default zones)."""
    if isinstance(t, Selector):
        return t
    if not isinstance(t, _Target):
        raise TypeError(t)
    q, np = t.q, t.np
    filters = list(np.filters)
    if source is not None:
        zones = source.zones
        if np.category and np.category != "DON":
            filters.insert(0, Filter("category", "==", np.category))
    elif np.zones:
        zones = np.zones
    else:
        zones = default_zones
        if np.category and np.category != "DON" and zones not in ((), ("character",), ("leader",)):
            filters.insert(0, Filter("category", "==", np.category))
    return Selector(
        owner=q.owner,
        zones=zones,
        count=q.count,
        up_to=q.up_to,
        filters=tuple(filters),
        position=source.position if source else None,
        total=q.total,
    )


def _cmp_op(c) -> str:
    return {"le": "<=", "ge": ">="}.get(c, "==")


def _params(**kw) -> tuple:
    return tuple(sorted((k, v) for k, v in kw.items() if v is not None))


@v_args(inline=True)
class IRBuilder(Transformer):
    """lark Transformer from parse trees to IR (one instance is reused; it keeps no state)."""

    # ------------------------------------------------------------ tokens
    def NUMBER(self, tok):
        return int(tok)

    def NAME(self, tok):
        return Token("NAME", str(tok))

    # ------------------------------------------------------------ sentences
    def sentence(self, *children):
        lead = None
        if len(children) == 2:
            lead, body = children
        else:
            (body,) = children
        actions, optional = body
        if lead == "then":
            actions = tuple(replace(a, then=True) if i == 0 else a for i, a in enumerate(actions))
            return SentenceIR("then", actions, optional=optional)
        if lead == "if_you_do":
            return SentenceIR("if_you_do", (Action("if_you_do", body=actions),), optional=optional)
        return SentenceIR("actions", actions, optional=optional)

    def lead_then(self):
        return "then"

    def lead_if_you_do(self):
        return "if_you_do"

    def body(self, *children):
        if len(children) == 2:
            cond, (actions, optional) = children
            return (Action("if", condition=cond, body=actions),), optional
        return children[0]

    def if_prefix(self, cond):
        return cond

    def core(self, plain):
        return plain, False

    def core_plain_may(self, plain, conj, may):
        may_actions = may
        if conj == "then":
            may_actions = tuple(replace(a, then=True) if i == 0 else a for i, a in enumerate(may_actions))
        return plain + may_actions, True

    def core_post_if(self, plain, cond):
        return (Action("if", condition=cond, body=plain),), False

    def may(self, plain):
        return (Action("may", body=plain),)

    def plain(self, *items):
        out: list[Action] = []
        then_next = False
        for it in items:
            if it in ("and", "then"):
                then_next = it == "then"
                continue
            acts = it if isinstance(it, tuple) else (it,)
            for i, a in enumerate(acts):
                if i == 0 and then_next:
                    a = replace(a, then=True)
                out.append(a)
            then_next = False
        return tuple(out)

    def conj_and(self):
        return "and"

    def conj_then(self):
        return "then"

    # ------------------------------------------------------------ costs
    def cost_clause(self, *items):
        costs = [c for c in items if isinstance(c, tuple)]
        flat: list[Cost] = []
        optional = False
        for opt, cs in costs:
            optional = optional or opt
            flat.extend(cs)
        return tuple(flat), optional

    def conj_cost(self):
        return None

    def cost_may(self, action):
        return True, _action_to_costs(action)

    def cost_plain(self, action):
        return False, _action_to_costs(action)

    def cost_don_minus(self, n):
        return False, (Cost("don_minus", amount=n),)

    # ------------------------------------------------------------ actions
    def a_ko(self, t):
        return Action("ko", _sel(t, default_zones=("character",)))

    def a_rest(self, t):
        return Action("rest", _sel(t, default_zones=("field",)))

    def a_set_active(self, t):
        return Action("set_active", _sel(t, default_zones=("field",)))

    def a_draw(self, n, _cw=None):
        return Action("draw", amount=n)

    def a_trash(self, t, source=None):
        if source is None and isinstance(t, _Target) and not t.np.zones:
            source = _Source(("hand",))
        return Action("trash", _sel(t, source, default_zones=("character",)))

    def a_mill(self, n, _cw=None):
        return Action("trash", Selector(owner="self", zones=("deck",), count=n, position="top"))

    def a_give_power(self, t, amount, dur=None):
        return Action("modify_power", _sel(t, default_zones=("leader", "character")), amount=amount, duration=dur)

    def a_gain_power(self, t, _g, amount, dur=None):
        return Action("modify_power", _sel(t, default_zones=("leader", "character")), amount=amount, duration=dur)

    def a_give_cost(self, t, amount, dur=None):
        return Action("modify_cost", _sel(t, default_zones=("character",)), amount=amount, duration=dur)

    def a_gain_cost(self, t, _g, amount, dur=None):
        return Action("modify_cost", _sel(t, default_zones=("character",)), amount=amount, duration=dur)

    def a_keyword(self, t, _g, kw, dur=None):
        return Action(
            "gain_keyword", _sel(t, default_zones=("leader", "character")), duration=dur,
            params=_params(keyword=str(kw)),
        )

    def a_play(self, t, *rest):
        source = next((r for r in rest if isinstance(r, _Source)), None)
        rested = any(r == "rested" for r in rest)
        if source is None and isinstance(t, _Target):
            source = _Source(("hand",))
        return Action("play", _sel(t, source), params=_params(rested=True if rested else None))

    def rested_flag(self):
        return "rested"

    def a_add_to_hand(self, t, source, _dest=None):
        return Action("add_to_hand", _sel(t, source))

    def hand_dest(self):
        return "hand"

    def a_return_to_hand(self, t, _dest=None):
        return Action("return_to_hand", _sel(t, default_zones=("character",)))

    def a_to_deck(self, t, pos, _dest=None, *rest):
        return Action("to_deck", _sel(t, default_zones=("character",)), params=_params(position=pos))

    def pos_bottom(self):
        return "bottom"

    def pos_top(self):
        return "top"

    def pos_top_or_bottom(self):
        return "top_or_bottom"

    def deck_dest(self):
        return "deck"

    def any_order(self):
        return "any_order"

    def a_look(self, n, _cw=None):
        return Action("look", Selector(owner="self", zones=("deck",), count=n, position="top"))

    def a_reveal_add(self, t, _it=None):
        sel = _sel(t, _Source(("looked",)))
        return Action("add_to_hand", sel, params=_params(reveal=True))

    def a_rest_place(self, pos, *rest):
        return Action("to_deck", Selector(ref="rest", count=None), params=_params(position=pos))

    def a_rest_trash(self):
        return Action("trash", Selector(ref="rest", count=None))

    def a_add_don(self, n, _cw, state):
        return Action("add_don", amount=n, params=_params(state=state, up_to=True))

    def don_active(self, _it=None):
        return "active"

    def don_rested(self, _it=None):
        return "rested"

    def a_give_don(self, t, n, _cw=None, each=None):
        return Action(
            "give_don", _sel(t, default_zones=("leader", "character")), amount=n,
            params=_params(state="rested", up_to=True, each=True if each else None),
        )

    def each(self):
        return "each"

    def a_give_don_to(self, n, _cw, t):
        return Action(
            "give_don", _sel(t, default_zones=("leader", "character")), amount=n,
            params=_params(state="rested", up_to=True),
        )

    def a_life_from_deck(self, t, _cw=None, face=None):
        sel = _sel(t, _Source(("deck",), "top"))
        return Action("to_life", sel, params=_params(position="top", face_up=True if face else None))

    def face_up(self):
        return "face_up"

    def it_w(self):
        return "it"

    def gains(self):
        return "gains"

    def card_w(self):
        return "card"

    def plus(self, n):
        return n

    def minus(self, n):
        return -n

    def d_this_turn(self):
        return "this_turn"

    def d_this_battle(self):
        return "this_battle"

    def d_opp_next_turn(self):
        return "until_end_of_opponent_next_turn"

    def d_opp_next_end_phase(self):
        return "until_end_of_opponent_next_end_phase"

    def d_start_next_turn(self):
        return "until_start_of_your_next_turn"

    # ------------------------------------------------------------ targets
    def t_quantified(self, q, np):
        if not q.explicit_owner and q.owner == "self" and np.zones and q.count is not None and q.up_to:
            # "up to 1 Character with a cost of 3 or less": either player's
            q = replace(q, owner="any")
        return _Target(q, np)

    def t_this(self, _noun=None):
        return _THIS

    def t_it(self, *_):
        return _IT

    def self_noun(self):
        return None

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
        return _Q(owner, None, False, explicit_owner=True)

    def q_a(self):
        return _Q("self", 1, False)

    def o_self(self):
        return "self"

    def o_opp(self):
        return "opponent"

    def o_their(self):
        return "opponent"

    def src_hand(self):
        return _Source(("hand",))

    def src_trash(self):
        return _Source(("trash",))

    def src_deck(self):
        return _Source(("deck",))

    def src_hand_trash(self):
        return _Source(("hand", "trash"))

    def src_life_top(self):
        return _Source(("life",), "top")

    def src_life_top_or_bottom(self):
        return _Source(("life",), "top_or_bottom")

    # ------------------------------------------------------------ noun phrases
    def noun(self, *parts):
        head = None
        pre: list[Filter] = []
        post: list[Filter] = []
        for p in parts:
            if isinstance(p, _NP):
                head = p
            elif isinstance(p, list):
                post.extend(p)
            elif isinstance(p, Filter):
                (post if head is not None else pre).append(p)
        assert head is not None
        return replace(head, filters=tuple(pre) + head.filters + tuple(post))

    def m_rested(self):
        return Filter("state", "==", "rested")

    def m_active(self):
        return Filter("state", "==", "active")

    def m_color(self, color):
        return Filter("color", "==", color)

    def color(self, tok):
        return _COLORS[str(tok)]

    def m_type(self, types):
        return Filter("type", "in", types) if len(types) > 1 else Filter("type", "==", types[0])

    def type_list(self, *types):
        return tuple(str(t) for t in types)

    def m_attr(self, attr):
        return Filter("attribute", "==", str(attr))

    def m_name(self, name):
        return Filter("name", "==", str(name))

    def h_character(self):
        return _NP("Character", ("character",))

    def h_character_card(self, _cw=None):
        return _NP("Character", ())

    def h_leader(self):
        return _NP("Leader", ("leader",))

    def h_leader_or_character(self, _cw=None):
        return _NP(None, ("leader", "character"))

    def h_card(self, _cw=None):
        return _NP(None, ())

    def h_event(self, _cw=None):
        return _NP("Event", ())

    def h_stage(self, _cw=None):
        return _NP("Stage", ("stage",))

    def h_don(self, _cw=None):
        return _NP("DON", ("don",))

    def h_life(self, _cw=None):
        return _NP(None, ("life",))

    def h_name(self, name):
        return _NP(None, (), (Filter("name", "==", str(name)),))

    def postmods(self, *pms):
        out: list[Filter] = []
        for pm in pms:
            out.extend(pm)
        return out

    def pm_with(self, *filts):
        return list(filts)

    def pm_other_than_name(self, name):
        return [Filter("name", "!=", str(name))]

    def pm_other_than_this(self, _noun=None):
        return [Filter("other_than_this", "==", True)]

    def f_cost(self, n, c=None):
        return Filter("cost", _cmp_op(c), n)

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

    def f_type_includes(self, q):
        return Filter("type_includes", "==", str(q))

    def f_has_keyword(self, kw):
        if str(kw) == "Trigger":
            return Filter("has_trigger", "==", True)
        return Filter("has_keyword", "==", str(kw))

    def f_no_base_effect(self):
        return Filter("no_base_effect", "==", True)

    def le(self):
        return "le"

    def ge(self):
        return "ge"

    # ------------------------------------------------------------ conditions
    def cond(self, *parts):
        if len(parts) == 1:
            return parts[0]
        return Condition("and", parts=tuple(parts))

    def c_leader_type(self, types):
        f = Filter("type", "in", types) if len(types) > 1 else Filter("type", "==", types[0])
        return _leader_cond(f)

    def c_leader_name(self, names):
        f = Filter("name", "in", names) if len(names) > 1 else Filter("name", "==", names[0])
        return _leader_cond(f)

    def c_leader_type_includes(self, q):
        return _leader_cond(Filter("type_includes", "==", str(q)))

    def c_leader_multicolored(self):
        return _leader_cond(Filter("multicolored", "==", True))

    def c_leader_attr(self, attr):
        return _leader_cond(Filter("attribute", "==", str(attr)))

    def c_count(self, owner, n, *rest):
        c = rest[0] if len(rest) == 2 else None
        np = rest[-1]
        return Condition("count", _cmp_op(c), n, _count_sel(owner, np))

    def c_exists(self, owner, np):
        return Condition("count", ">=", 1, _count_sel(owner, np))

    def c_none(self, owner, np):
        return Condition("count", "==", 0, _count_sel(owner, np))

    def c_this_rested(self, _noun=None):
        return Condition("match", target=Selector(ref="this", filters=(Filter("state", "==", "rested"),)))

    def sh_self(self):
        return "self"

    def sh_opp(self):
        return "opponent"

    def name_list(self, *names):
        return tuple(str(n) for n in names)

    def count_noun(self, np, loc=None):
        if loc is not None:
            zones = loc
            filters = np.filters
            if np.category and np.category not in ("DON",) and loc != ("field",):
                filters = (Filter("category", "==", np.category),) + filters
            if loc == ("field",):
                zones = np.zones or ("field",)
            return _NP(np.category, zones, filters)
        return np

    def loc_hand(self):
        return ("hand",)

    def loc_trash(self):
        return ("trash",)

    def loc_field(self):
        return ("field",)

    # ------------------------------------------------------------ other starts
    def cond_sentence(self, cond):
        return cond

    def event_clause(self, cond):
        return cond


_COLORS = {"red": "Red", "green": "Green", "blue": "Blue", "purple": "Purple", "black": "Black", "yellow": "Yellow"}


def _leader_cond(f: Filter, owner: str = "self") -> Condition:
    return Condition("leader", target=Selector(owner=owner, zones=("leader",), filters=(f,)))


def _count_sel(owner: str, np: _NP) -> Selector:
    zones = np.zones or ("field",)
    filters = np.filters
    if np.category and not np.zones:
        filters = (Filter("category", "==", np.category),) + filters
    return Selector(owner=owner, zones=zones, count=None, filters=filters)


_COST_OPS = {"rest": "rest", "trash": "trash"}


def _action_to_costs(action) -> tuple[Cost, ...]:
    acts = action if isinstance(action, tuple) else (action,)
    out = []
    for a in acts:
        t = a.target
        if a.op == "rest" and t is not None and t.zones == ("don",) and t.ref is None:
            out.append(Cost("rest_don", amount=t.count))
        else:
            out.append(Cost(a.op, t, a.amount, a.params))
    return tuple(out)
