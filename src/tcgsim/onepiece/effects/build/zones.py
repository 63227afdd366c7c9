"""Actions that move or choose cards (grammar.lark, section "actions"): K.O., rest, draw, trash, play, add
to hand / Life, return, place at the deck, look, reveal, select, damage.

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Action, Filter, Selector
from .common import _Alts, _IT, _NP, _Q, _Source, _THIS, _TIMING_NAMES, _Target, _UNPLACED, _each, _opt, _params, _sel, _sel_count, _sels


@v_args(inline=True)
class ZoneActionRules(Transformer):
    """The rules of grammar.lark's section "actions" handled here (see the module docstring)."""

    def a_ko(self, ts):
        return _each("ko", ts, ("character",))

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

    def a_trash_hand_same_as_drawn(self):
        # "Then, trash the same number of cards from your hand" (EB04-011): as many as the draw just before
        # drew ("it", actions.op_draw with ``per``); its op record (ops.py) accepts it only right after such a draw
        return Action("trash", Selector(owner="self", zones=("hand",), count=None),
                      params=_params(equal_to=Selector(ref="it", count=None)))

    def a_draw_equal_moved(self):
        # "draw cards equal to the number you returned to your deck" (OP04-048): as many as the previous
        # action moved ("it"); its op record (ops.py) accepts it only right after moving the whole hand to the deck
        return Action("draw", params=_params(equal_to=Selector(ref="it", count=None)))

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

    def a_play(self, t, *rest):
        source = next((r for r in rest if isinstance(r, _Source)), None)
        rested = any(r == "rested" for r in rest)
        if source is None and isinstance(t, _Target):
            # "play up to 1 Character ..." after a look / reveal: the card is not on the field yet
            source = _UNPLACED
        if isinstance(t, Selector) and t.ref == "this" and source is not None and source.zones == ("trash",):
            # "Play this Character card from your trash" (OP15-080): only while it is there; placed at the
            # bottom of the deck by the effect's own cost, it is not played (card Q&A OP15-080 q1)
            t = replace(t, zones=source.zones)
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

    def a_trash_alts_sources(self, t1, s1, t2, s2):
        """ "trash 1 {Fish-Man} type card from your hand or 1 [The Ark Noah] from your hand or field" (OP06-033):
        one card, either description, each from its own source."""
        alts = (_sel(t1, s1), _sel(t2, s2))
        if any(a.ref is not None for a in alts) or len({a.count for a in alts}) != 1:
            raise ValueError("trash ... or ...: a reference or different numbers")
        return Action("trash", Selector(owner="self", zones=(), count=alts[0].count, up_to=any(a.up_to for a in alts),
                                        alternatives=alts))

    def a_play_two(self, t1, t2, source):
        # "play up to 1 {X} type Character card with a cost of 6 or less and up to 1 ... with a cost of 4 or
        # less from your trash" (OP14-084, EB03-049): two plays from the same place, the first one first
        return (self.a_play(t1, source), self.a_play(t2, source))

    def a_play_one_other_rested(self, t):
        """ "Play 1 card and play the other card rested" (OP06-086, after "Choose up to 1 X and up to 1 Y"):
        the player picks 1 of the chosen cards ("it") to play, the other one is played rested
        (actions.op_play, ``other_rested``)."""
        if not isinstance(t, _Target) or t.q.count != 1 or t.q.up_to or t.np.filters or t.q.explicit_owner or t.np.category:
            raise ValueError("play 1 card and the other rested: not '1 card'")
        return Action("play", Selector(owner="self", zones=(), count=1, ref="it"), params=_params(other_rested=True))

    def a_play_one_other_rested_if(self, n, f):
        """ "Play 1 of the revealed cards and play the other card rested if it has a cost of 4 or less"
        (OP10-058): as :meth:`a_play_one_other_rested`, the other one only if it meets the filter."""
        if n != 1:
            raise ValueError("play N of the revealed cards: N is not 1")
        return Action("play", Selector(owner="self", zones=(), count=1, ref="revealed"),
                      params=_params(other_rested=True, other_filters=(f,)))

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

    def a_reorganize_place(self, pos, *rest):
        # "look at 2 cards from the top of your deck, reorganize them in any order and place them at the
        # top or bottom of your deck" (OP17-050): placing several cards asks their order (op_to_deck)
        return Action("to_deck", _IT, params=_params(position=pos))

    def a_place_n_at_deck(self, n, pos, *rest):
        # "place 1 at the top of your deck" (ST13-016): that many of the cards the effect looked at
        return Action("to_deck", Selector(owner="self", zones=(), count=n), params=_params(position=pos))

    def a_place_src_deck(self, t, source, pos, *rest):
        return Action("to_deck", _sel(t, source), params=_params(position=pos))

    def a_place_this_and_src_deck(self, ts, source, pos, *rest):
        # "place this card and 1 card from your hand at the bottom of your deck in any order" (EB01-030):
        # one placement of both, ordered together by their owner (rule 3-1-7, actions.op_to_deck)
        if not (isinstance(ts, list) and len(ts) == 2 and ts[0] is _THIS and isinstance(ts[1], _Target)):
            raise ValueError("only \"this card and N cards from ...\" is placed from a source together")
        t = ts[1]
        return Action("to_deck", _sel(t, source), params=_params(position=pos, with_this=True))

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
        if isinstance(ts, list):
            return _select_each(ts)
        return _each("select", ts, ("character",))

    def a_choose_cards(self, t, source):
        """ "Choose 2 cards from your opponent's hand": the chosen cards become "it" (select)."""
        return Action("select", _sel(t, source))

    def a_choose_two_cards(self, t1, t2, source):
        """ "Choose up to 1 X and up to 1 Y from your trash" (OP06-086): two selects from the same place, the
        second ``also`` (actions.op_select: another card than the first; "it" is both)."""
        return _selected_together((Action("select", _sel(t1, source)), Action("select", _sel(t2, source))))

    def a_place_life_any(self, ts, pos, _cw=None):
        return _each("to_life", ts, ("character",), params=_params(position=pos, life_owner="same"))

    def a_place_back_life(self, _it, owner, *rest):
        return Action("to_life", _IT, params=_params(position="any_order", life_owner=owner))

    def a_place_rest_back_life(self, owner, *rest):
        return Action("to_life", Selector(ref="rest", count=None), params=_params(position="any_order", life_owner=owner))

    def t_this_in_hand(self):
        return Selector(ref="this", zones=("hand",), count=1)

    def a_draw_upto(self, n, _cw=None):
        return Action("draw", amount=n, params=_params(up_to=True))

    def a_activate_event(self, t, source):
        return Action("activate_event", _sel(t, source))

    def a_activate_event_effect(self, timing, t):
        # "activate the [Main] effect of up to 1 Event card ... in your trash" (EB03-031): effect activation
        # of a card where it is (rule 8-5-3), not card activation from the hand (8-5-2)
        if _TIMING_NAMES.get(str(timing), str(timing)) != "main":
            raise ValueError(f"activating the {timing} effect of a card")
        sel = _sel(t)
        if sel.zones != ("trash",):
            raise ValueError("activating the [Main] effect of an Event elsewhere than the trash")
        return Action("activate_event", sel, params=_params(effect_only=True))

    def a_win(self):
        return Action("win_game")

    def a_choose_cost(self):
        return Action("choose_cost")

    def a_extra_turn(self):
        return Action("extra_turn")

    def a_take_damage(self, n):
        return Action("take_damage", amount=n)

    def a_return_to_deck_shuffled(self, ts):
        return _each("to_deck", ts, ("character",), params=_params(position="any"))

    def a_trash_until_hand(self, source, n, _cw=None):
        sel = Selector(owner="self", zones=source.zones, count=None, position=source.position)
        return Action("trash", sel, params=_params(until_count=n))

    def a_trash_until_life(self, source, n, _cw=None):
        return self.a_trash_until_hand(source, n)

    def a_change_target(self, t):
        return Action("change_attack_target", _sel(t, default_zones=("leader", "character")))

    def a_change_target_alts_d2(self, t1, t2):
        # "Change the target of that attack to this Leader or to one of your {X} type Character cards" (OP16-080):
        # one card, either description
        return Action("change_attack_target", _sels(_Alts((t1, t2)), default_zones=("leader", "character"))[0])

    def a_reveal_alts(self, a, b):
        return _each("reveal", _Alts((a, b)))

    def it_w(self, *_):
        return "it"

    def card_w(self, tok):
        return str(tok)


def _selected_together(acts: tuple[Action, ...]) -> tuple[Action, ...]:
    """ "Select your Leader and 1 Character. ... the selected cards" (OP14-009, OP07-059 via
    :func:`_select_each`, OP06-086): one select per target, each
    after the first with ``also`` (actions.op_select: "it" is then the cards of all of them, not the last)."""
    return acts[:1] + tuple(replace(a, params=tuple(sorted(a.params + (("also", True),)))) for a in acts[1:])


def _select_each(ts: list) -> tuple[Action, ...]:
    """ "select your opponent's rested Leader and up to 1 Character card. The selected cards ..." (OP07-059):
    one ``select`` per target, each after the first marked ``also`` (its cards join "it", actions.op_select),
    so "the selected cards" are all of them. After a first target "your opponent's rested X", a target written
    with neither owner nor state takes both, as the card's reprint (EB02) words it: "up to 1 each of your
    opponent's rested Leader and Character cards". Raises ValueError on a reference among the targets."""
    head = ts[0]
    if not all(isinstance(t, _Target) for t in ts):
        raise ValueError("select of a reference and other targets")
    state = tuple(f for f in head.np.filters if f.key == "state")
    shared = [head]
    for t in ts[1:]:
        if state and head.q.explicit_owner and not t.q.explicit_owner and not any(
                f.key == "state" for f in t.np.filters):
            t = _Target(replace(t.q, owner=head.q.owner, explicit_owner=True),
                        replace(t.np, filters=state + t.np.filters))
        shared.append(t)
    return _selected_together(_each("select", shared, ("character",)))
