"""The layering of the package holds (import-linter contracts in ``pyproject.toml``, drawn in docs/design.md):
the CLI above batch above the agents above the games above core; the games independent of each other;
inside the ONE PIECE CARD GAME the rules below the card effects. No module of
``src/tcgsim`` is part of an import cycle (imports inside functions count), and every module of a game,
imported alone, finds the game wired (its frame handlers and card effects installed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(capsys):
    from importlinter.cli import lint_imports

    cwd = os.getcwd()
    os.chdir(ROOT)  # the contracts are read from pyproject.toml
    try:
        code = lint_imports(no_cache=True)
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "BROKEN" not in out and "KEPT" in out


def test_a_broken_contract_is_reported(tmp_path, capsys):
    """The check itself can fail: a contract the code breaks (core above the games) is reported."""
    from importlinter.cli import lint_imports

    config = tmp_path / "contracts.toml"
    config.write_text('[tool.importlinter]\nroot_package = "tcgsim"\n\n[[tool.importlinter.contracts]]\n'
                      'name = "wrong"\ntype = "layers"\nlayers = ["tcgsim.core", "tcgsim.onepiece"]\n')
    code = lint_imports(config_filename=str(config), no_cache=True)
    assert code != 0 and "BROKEN" in capsys.readouterr().out


def import_cycles(graph) -> list[list[str]]:
    """The import cycles of a grimp ``graph``: each strongly connected component of more than one module
    (Tarjan's algorithm), as sorted module names."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return cycles


def test_no_import_cycle_inside_the_package():
    import grimp

    graph = grimp.build_graph("tcgsim", cache_dir=None)
    assert import_cycles(graph) == []


def test_a_cycle_is_found():
    """The cycle check itself can fail: a graph where a imports b and b imports a (inside a function)."""
    import grimp

    graph = grimp.ImportGraph()
    for m in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(m)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.a")
    graph.add_import(importer="pkg.c", imported="pkg.a")
    assert import_cycles(graph) == [["pkg.a", "pkg.b"]]


@pytest.mark.parametrize("module", ["tcgsim.onepiece.rules.battle", "tcgsim.onepiece.rules.zones",
                                    "tcgsim.onepiece.rules.continuous", "tcgsim.bleach.rules.engine"])
def test_a_module_imported_alone_finds_the_game_wired(module):
    """In a fresh interpreter, importing one rules module alone leaves no part of the game missing: the card
    effects the rules call (``Game.fx``) are the interpreter's, none of the interface's operations is left
    unbound, and every frame handler is installed."""
    code = f"""
import importlib, sys
importlib.import_module({module!r})
if {module!r}.startswith("tcgsim.onepiece"):
    from tcgsim.onepiece.rules.card_effects import CardEffects
    from tcgsim.onepiece.rules.engine import Game
    names = [n for n in vars(CardEffects) if not n.startswith("_")]
    unbound = [n for n in names if getattr(Game.fx, n) is None or getattr(Game.fx, n) is getattr(CardEffects, n)]
    assert not unbound, unbound
    assert {{"effect", "act", "cost", "attack_cost", "block_step", "ko_check", "event_activated"}} <= set(Game.HANDLERS)
    assert Game.fx.ops and set(Game.fx.handlers) <= set(Game.HANDLERS)
else:
    from tcgsim.bleach.rules.engine import Game
    assert {{"setup", "actions"}} <= set(Game.HANDLERS), sorted(Game.HANDLERS)
print("wired")
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "wired", r.stderr
