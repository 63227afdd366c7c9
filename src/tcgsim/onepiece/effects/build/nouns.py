"""Noun phrases (grammar.lark, section "noun phrases"): card kinds, names, types and the filters written
before and after the noun (:class:`~.common._NP`).

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Filter, Selector
from .common import _COLORS, _NP, _Post, _Pre, _TIMING_NAMES, _cmp_op, _name_filter, _names, _type_filter


@v_args(inline=True)
class NounRules(Transformer):
    """The rules of grammar.lark's section "noun phrases" handled here (see the module docstring)."""

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
        """``A or B``: any of the alternatives; a cost or power written after the last one holds for all.

        "play up to 1 {Cross Guild} type Character card or Character card with a type including "Baroque
        Works" with a cost of 5 or less" is the English of Japanese text that writes the cost first, before a
        comma, over both alternatives ("コスト5以下の、特徴《クロスギルド》か『B・W』を含む特徴を持つキャラ
        カード", OP09-046; OP11-022 and OP17-007 alike; card Q&A EB02-059 reads its cost on both as well).
        A leading modifier of an earlier alternative other than its type ("yellow {Straw Hat Crew} type ...
        or [Sanji]") may reach the later ones too: that stays unread (ValueError), as EB02-059's color, which
        its own ruling answers (``overrides.yaml``)."""
        prev = a.alts if a.alts else (a,)
        numeric = {"cost", "base_cost", "power", "base_power"}
        shared = tuple(f for f in np.post if f.key in numeric)
        if (
            shared
            and not any(p.post for p in prev)
            and not all(p.category == "DON" for p in prev)  # DON!! cards have no cost or power
        ):
            if any(f.key != "type" for p in prev for f in p.filters) or shared != np.post[-len(shared):]:
                raise ValueError("ambiguous: a leading condition before alternatives with a trailing one")
            prev = tuple(replace(p, filters=p.filters + shared, post=shared) for p in prev)
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

    def h_leader_named(self, names):
        # "set your Leader [Yamato] as active" (OP16-100): as "your [Yamato] Leader"
        return self.h_named(names, self.h_leader())

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

    def pm_color_differs_returned(self):
        # "that is a different color than the returned Character" (OP01-002, EB01-020): a stated reading, no
        # ruling (docs/effects.md, open readings): at least one of its colors is not one of the returned
        # Character's ("it", the card the effect returned to hand), each color of a multicolor card counting
        # (2-3-5); select.candidates resolves it
        return _Post((Filter("color_differs", "==", Selector(ref="it", count=None)),))

    def pm_on_any_field(self):
        # "on the field": either player's, DON!! included ("When a DON!! card on the field is returned to
        # your DON!! deck" counts the opponent's DON!! too, card Q&A OP02-071 q1)
        return _Post((), ("field",), "any")

    def pm_distinct_names(self):
        return _Post((Filter("distinct_names", "==", True),))

    def pm_name_or_attr(self, names, attr):
        return _Post((Filter("any_of", "==", (_name_filter(names), Filter("attribute", "==", str(attr)))),))

    def pm_not_type_includes(self, quoted):
        # "all of your Characters that do not have a type including "Roger Pirates"" (OP13-064)
        return _Post((Filter("type_includes", "!=", str(quoted)),))

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

    def f_name_as_it(self):
        # "the same card name as the trashed card" (EB02-039): a name of the card the effect trashed ("it"),
        # read by select.candidates when the choice is made
        return Filter("name_as", "==", Selector(ref="it", count=None))

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
