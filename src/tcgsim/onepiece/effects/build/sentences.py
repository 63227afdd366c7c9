"""Sentences and the other start symbols (grammar.lark, sections "sentences" and "other start symbols"): a
sentence becomes a :class:`~.common.SentenceIR` that ``compiler.py`` joins into effects.

One mixin of :class:`~tcgsim.onepiece.effects.build.IRBuilder`: a method per grammar rule or alias."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ..ir import Action, Condition, Event, Selector
from .common import SentenceIR, _IT, _Q, _THIS, _Target, _as_tuple, _ev, _params, _sel, _then


@v_args(inline=True)
class SentenceRules(Transformer):
    """The rules of grammar.lark's section "sentences" handled here (see the module docstring)."""

    def num(self, tok):
        return int(tok)

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

    def s_activation_start_of_turn(self):
        # "This effect can be activated at the start of your turn." (OP11-040): an auto effect of the Refresh
        # Phase (6-2-2, timing ``start_of_your_turn``); "can": optional (8-1-2), asked yes / no
        return SentenceIR("start_of_your_turn", (), optional=True)

    def s_activation(self, event):
        # "This effect can be activated when ...": "can" makes the effect optional (8-1-2), asked yes / no
        # before its choices; declining it does not use up [Once Per Turn] (10-2-13-1)
        return SentenceIR("activation", (), event=event, optional=True)

    def s_activation_either(self, e1, e2):
        # "This effect can be activated when X, or when Y" (OP12-081): either event, as "When X or Y"
        return self.s_activation(Event("any_of", None, (("events", (e1, e2)),)))

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

    def s_battled_during(self, this, other, dur, body):
        """ "If this Leader battles your opponent's Character during this turn, ..." (OP12-020, an [Activate: Main]
        effect): a condition on the battles already fought this turn (``battled``: the card battled such a card,
        continuous.BATTLED), not the end of a battle."""
        actions, optional = body
        if dur[1] != "this_turn":
            raise ValueError("a battle condition with a duration other than this turn")
        cond = Condition("battled", target=_sel(this, default_zones=("leader", "character")),
                         value=_ev(other, default_zones=("leader", "character")))
        return SentenceIR("actions", (Action("if", condition=cond, body=tuple(actions)),), optional=optional)

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
        subject = _ev(target, default_zones=("character",))
        if kind == "any_of":  # "would be K.O.'d or would be removed from the field by ..." (re_ko_or_removed_by)
            params = (("events", tuple(Event(k, subject, _params(by=b)) for k, b in by)),)
        else:
            params = _params(by=by, during=during[0] if during else None)
        return SentenceIR("replacement", tuple(items), event=Event(kind, subject, params), optional=True)

    def s_replacement_must(self, target, rep, *actions):
        """ "If this Character would be removed from the field by your opponent's effect or K.O.'d, trash this
        Character and draw 1 card instead." (OP08-045): a replacement without "you may", applied whenever it
        can be (8-1-3-4; 8-1-3-4-1 leaves the choice only to an optional one)."""
        items = tuple(a for action in actions for a in _as_tuple(action))
        return replace(self.s_replacement(target, rep, items), optional=False)

    def s_replacement_you_have(self, target, rep, items):
        """ "If you have a green Character other than [Tashigi] that would be removed from the field by your
        opponent's effect, you may rest this Character instead." (OP10-032): the subject is one of your own
        cards, any one of them (8-1-3-4)."""
        s = self.s_replacement(target, rep, items)
        return replace(s, event=replace(s.event, subject=replace(s.event.subject, owner="self")))

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

    def cond_sentence(self, cond):
        return cond

    def when_sentence(self, event):
        return event
