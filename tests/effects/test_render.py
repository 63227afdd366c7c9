"""The renderer of compiled effects (effects/render.py): one renderer per op, and scope made explicit.

Expectations are the printed wording of the cards named (the card data in node_modules) and the rules
the wording stands for: "If X, A. Then, B." does not resolve B when X fails (rules 4-10-1, 8-3-3; card Q&A
qa_op04.md OP04-033 q1), so a compiled "Then" outside the "if" must read differently from the printed text.
"""

from __future__ import annotations

import pytest

from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.effects.ops import RECORDS
from tcgsim.onepiece.effects import render
from tcgsim.onepiece.effects.compiler import compile_card_text
from tcgsim.onepiece.effects.hooks import WHEN_EVENTS
from tcgsim.onepiece.effects.interpreter import OPS
from tcgsim.onepiece.effects.ir import ACTION_OPS, CONDITION_KINDS, Action, Condition, Effect, Selector
from tcgsim.onepiece.effects.render_diff import VARIANTS, normalize


def test_every_op_the_interpreter_runs_has_a_renderer():
    # so that a later refactor can hold resolve / support / render of an op in one record (issue 10, part 2)
    assert set(OPS) - set(render.ACTIONS) == set()
    assert {n for n, r in RECORDS.items() if r.permanent} - set(render.ACTIONS) == set()
    assert ACTION_OPS - set(render.ACTIONS) == set()


def test_every_cost_condition_and_event_has_a_renderer():
    assert {n for n, r in RECORDS.items() if r.cost} - set(render.COSTS) - set(render.ACTIONS) == set()
    assert CONDITION_KINDS - set(render.CONDITIONS) == set()
    assert set(WHEN_EVENTS) - set(render.EVENTS) == set()


def _rendered(number: str) -> list[tuple[str, str]]:
    return render.card_renderings(default_database().get(number))


@pytest.mark.parametrize("number", ["OP01-016", "ST01-012", "OP04-033", "OP05-084", "EB03-062"])
def test_printed_cards_read_back_as_printed(number):
    for printed, rendering in _rendered(number):
        assert normalize(printed) == normalize(rendering), (printed, rendering)


def test_a_then_inside_the_if_reads_as_printed():
    # OP04-033: "If your Leader has the {Donquixote Pirates} type, rest up to 1 ... Then, set up to 1 of your
    # DON!! cards as active at the end of this turn." -- the "Then" is governed by the "if" (4-10-1)
    text = ("[On Play] If your Leader has the {Donquixote Pirates} type, rest up to 1 of your opponent's Characters "
            "with a cost of 5 or less. Then, draw 1 card.")
    eff = compile_card_text(text).effects[0]
    out = render.render_effect(eff, "Character")
    assert out == text
    assert render.THEN_NOT_GOVERNED not in out


def test_a_then_outside_the_if_says_so():
    cond = Condition("count", ">=", 1, Selector(owner="self", zones=("hand",), count=None))
    eff = Effect("auto", "on_play", actions=(
        Action("if", condition=cond, body=(Action("draw", amount=1),)),
        Action("draw", amount=2, then=True)))
    out = render.render_effect(eff, "Character")
    assert out == ("[On Play] If you have 1 or more cards in your hand, draw 1 card. "
                   "Then, even if that condition was not met, draw 2 cards.")
    # ... which the printed "If X, A. Then, B." does not match: the reading shows as a difference
    assert normalize(out) != normalize("[On Play] If you have 1 or more cards in your hand, draw 1 card. "
                                       "Then, draw 2 cards.")


def test_owner_duration_and_up_to_are_written_out():
    eff = compile_card_text("[Main] Give up to 1 of your opponent's Characters -3000 power during this turn.").effects[0]
    assert render.render_effect(eff, "Event") == (
        "[Main] Give up to 1 of your opponent's Characters -3000 power during this turn.")
    mine = Effect("main", "main", actions=(Action("modify_power", Selector(owner="self", zones=("character",), count=1),
                                                  amount=-3000, duration="this_battle"),))
    assert render.render_effect(mine, "Event") == "[Main] Give 1 of your Characters -3000 power during this battle."


def test_normalization_keeps_numbers_and_signs():
    assert normalize("K.O. up to 1 of your opponent's Characters with a cost of 4 or less.") == normalize(
        "KO up to one of your opponent's Character with a cost of 4 or less")
    assert normalize("-2000 power") != normalize("+2000 power")
    assert normalize("up to 2 cards") != normalize("up to 3 cards")
    assert normalize("your Leader") != normalize("your opponent's Leader")


def test_every_variant_says_why():
    assert all(len(v) == 3 and v[2].strip() for v in VARIANTS)


# The value an op takes when the parameter is absent (actions.py: op_to_deck "bottom", op_to_life "top",
# interpreter.op_delayed end of turn, op_modify_power per_count 1): leaving it out cannot change the rendering.
_DEFAULTS = {("to_deck", "position"): "bottom", ("to_life", "position"): "top", ("delayed", "at"): "end_of_turn",
             ("modify_power", "per_count"): 1, ("to_life", "life_owner"): "self"}


def _walk(a):
    yield a
    for b in a.body:
        yield from _walk(b)
    for opt in a.options:
        for b in opt:
            yield from _walk(b)


def test_every_parameter_of_every_compiled_action_is_rendered():
    # A parameter the renderer did not read could be wrong without showing in the reading-back test: so every
    # parameter (and who acts, and a duration) of every compiled action and cost must change the rendering when
    # left out, unless it holds the value the op takes by default.
    from dataclasses import replace

    from tcgsim.onepiece.effects.render import Ctx, render_cost

    db = default_database()
    silent = set()
    for printed in db:
        card = db.get(printed.number)
        for eff in card.effects:
            for item, show in [(x, render.render_action) for a in eff.actions for x in _walk(a)] + [
                    (c, render_cost) for c in eff.costs]:
                base = show(item, Ctx())
                op = item.op
                for i, (key, value) in enumerate(item.params):
                    if _DEFAULTS.get((op, key)) == value or (op == "give_don" and key == "up_to" and item.param("don")):
                        continue  # the default; "up to" of given DON!! is the DON!! selector's
                    if op == "return_don" and key == "from":
                        continue  # "from given" goes with "to cost_area": one wording for both
                    if op == "give_don" and key == "remember":
                        continue  # bookkeeping for a later effect's "that Character" (OP15-008), rendered there
                    if show(replace(item, params=item.params[:i] + item.params[i + 1:]), Ctx()) == base:
                        silent.add((card.number, op, key))
                if isinstance(item, Action) and item.player != "self":
                    if show(replace(item, player="self"), Ctx()) == base:
                        silent.add((card.number, op, "player"))
                if item.duration not in (None, "permanent") and show(replace(item, duration=None), Ctx()) == base:
                    silent.add((card.number, op, "duration"))
    assert not silent, sorted(silent)[:20]
