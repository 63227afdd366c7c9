"""Write ``saved_states.json`` (tests/rules/test_serialize.py) with the code on PYTHONPATH: run it with an OLDER
checkout's ``src`` to test that what that code saved still loads::

    PYTHONPATH=/path/to/old/src python tests/rules/data/make_saved_states.py \
        /path/to/old/tests/scenarios/effects/activation-when-removed-from-field-any.yaml "main <commit>" \
        > tests/rules/data/saved_states.json
"""
import json, sys
from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.cards.decklist import load_valid_deck
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.scenario import load_scenario, build_game
from tcgsim.batch.runner import game_seed, play_game
db = default_database()
out = []
wanted = {"battle": None, "ctx": None, "once": None, "mods": None, "known": None, "deep_stack": None, "half": None}
def feats(g):
    f = []
    if g.battle is not None: f.append("battle")
    if g.ctx: f.append("ctx")
    if g.once: f.append("once")
    if g.mods: f.append("mods")
    if any(g.known): f.append("known")
    if len(g.stack) >= 6: f.append("deep_stack")
    return f
for (a, b, agents) in [(("ST01", "ST02"), None, ("random", "random")), (("ST03", "ST04"), None, ("heuristic", "random")), (("ST05", "ST06"), None, ("heuristic", "heuristic"))]:
    da, dbk = (load_valid_deck(n, db) for n in a)
    for i in range(6):
        r = play_game(da, dbk, db, game_seed(14, i), agents, i % 2 == 0)
        first = 0 if r.first == "A" else 1
        g = new_game(da, dbk, db, r.seed, first=first)
        for k, x in enumerate(r.indices):
            if g.pending is None: break
            fs = feats(g)
            take = [w for w in fs if wanted[w] is None]
            if k == len(r.indices) // 2 and wanted["half"] is None: take.append("half")
            if take and g.pending is not None:
                for w in take: wanted[w] = True
                h = g.clone(); rest = r.indices[k:]
                for y in rest: h.apply_index(y)
                out.append({"what": take, "decks": list(a), "seed": r.seed, "first": first, "at": k,
                            "data": json.loads(json.dumps(g.to_dict())), "fingerprint": g.fingerprint(), "rest": rest,
                            "final_fingerprint": h.fingerprint(), "winner": h.winner})
            g.apply_index(x)
        if all(wanted.values()): break
    wanted["half"] = None
# a scenario game with test cards (custom)
sc = load_scenario(sys.argv[1], db)
g = build_game(sc)
out.append({"what": ["custom"], "scenario": sys.argv[1].split("/tests/")[-1], "data": g.to_dict(),
            "fingerprint": g.fingerprint(), "rest": [], "final_fingerprint": g.fingerprint(), "winner": g.winner})
print(json.dumps({"written_by": sys.argv[2], "states": out}, separators=(",", ":")))
print([s["what"] for s in out], file=sys.stderr)
