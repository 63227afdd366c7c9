"""An adversarial agent program for tests/protocol/test_hidden.py (point 5 of issue 18): it answers the first
option of each request and meanwhile looks for the game everywhere Python lets it look in its own process
(every object the garbage collector tracks, every frame of its stack, every closure cell). It writes what it
found, as JSON, to the file named by its first argument when its input ends."""

import gc
import inspect
import json
import sys

from tcgsim.onepiece.rules.engine import Game  # an adversary may import the engine itself


def _games_in_closures() -> int:
    return sum(isinstance(cell.cell_contents, Game) for f in gc.get_objects() if inspect.isfunction(f)
               for cell in (f.__closure__ or ()) if cell.cell_contents is not None)


found = {"requests": 0, "gc": 0, "frames": 0, "closures": 0}
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "request":
        continue
    found["requests"] += 1
    found["gc"] += sum(isinstance(o, Game) for o in gc.get_objects())
    found["frames"] += sum(isinstance(v, Game) for fi in inspect.stack() for v in fi.frame.f_locals.values())
    found["closures"] += _games_in_closures()
    print(json.dumps({"type": "answer", "decision": message["decision"], "index": 0}), flush=True)
with open(sys.argv[1], "w") as out:
    json.dump(found, out)
