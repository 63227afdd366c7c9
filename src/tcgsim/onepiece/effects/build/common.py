"""Shared pieces of the IR builder: the intermediate phrases (:class:`_NP` a noun phrase, :class:`_Q` a
quantity, :class:`_Target`, :class:`_Source`), :class:`SentenceIR` and the helpers every grammar section uses
(``_sel`` finalises a target into a :class:`~tcgsim.onepiece.effects.ir.Selector`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..ir import Action, Condition, Cost, Event, Filter, Selector


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
    up_to = q.up_to
    if q.bare:
        count = None if np.plural else 1
        up_to = up_to or _any_number_within_total(count, filters)
    if count is None and not q.up_to and not q.total:
        # "Return all of your [San-Gorou] and [Sanji] Characters" (ST26-001): every card with either name
        filters = [Filter("name", "in", f.value) if f.key == "name" and f.op == "all" else f for f in filters]
    if any(f.key == "name" and f.op == "all" for f in filters):
        raise ValueError("a card with several names")
    return Selector(
        owner=owner,
        zones=tuple(zones),
        count=count,
        up_to=up_to,
        filters=tuple(filters),
        position=position,
        total=q.total,
    )


def _any_number_within_total(count, filters) -> bool:
    """Whether a number-less plural ("K.O. your opponent's Characters with a total cost of 4 or less",
    OP17-119) chooses any number of cards within the total: official card Q&A OP17-119 ("choose any number
    of your opponent's Characters whose total cost is 4 or less"), so ``up_to`` with no count (0 allowed,
    4-8-1) rather than "all"."""
    return count is None and any(f.key in ("total_cost", "total_power") and f.op == "<=" for f in filters)


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
