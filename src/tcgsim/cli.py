"""The ``tcgsim`` command line.

Each group of commands is a module-level ``typer.Typer`` registered on ``app``; add a command with
``@app.command()`` or a new group with ``app.add_typer``. Commands report user mistakes by raising
:class:`tcgsim.errors.UserError`; :func:`main` prints its message to stderr and exits with status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from tcgsim.core.games import game_titles, games_help
from tcgsim.core.rng import MAX_SEED
from tcgsim.errors import UserError

app = typer.Typer(
    name="tcgsim",
    help=f"Rules engine and simulator for card games: {game_titles()} (--game).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

cards_app = typer.Typer(help="Look up cards in the card database.", no_args_is_help=True)
deck_app = typer.Typer(help="Read and check decklists.", no_args_is_help=True)
app.add_typer(cards_app, name="cards")
app.add_typer(deck_app, name="deck")


# ----------------------------------------------------------------------------------------------------------
# tcgsim cards ...
# ----------------------------------------------------------------------------------------------------------


def _card_tool(game: str | None, tool: str):
    """The game's card tool ``coverage``, ``audit`` or ``render_diff`` (see the game module); a UserError for a
    game that compiles no card text."""
    from tcgsim.core.games import get_game

    module = get_game(game)
    fn = getattr(module, tool, None)
    if fn is None:
        raise UserError(f"tcgsim cards {tool.replace('_', '-')} is not available for {module.title}: its cards are data, not compiled text")
    return fn


@cards_app.command("coverage")
def cards_coverage(
    set_: str = typer.Option(None, "--set", help="Only this set (card-number prefix, e.g. OP01, ST01, EB04, P)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
) -> None:
    """How many unique cards the engine plays fully, per set and overall, and the fragments it does not."""
    import json

    report = _card_tool(game, "coverage")(set_)
    if set_ and not report["total"]:
        raise UserError(f"--set {set_}: no card number starts with {set_}-")
    if as_json:
        print(json.dumps(report))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="cards the engine plays fully (every effect compiled and supported)")
    for col in ("set", "cards", "compiled", "%", "checked"):
        table.add_column(col, justify="right" if col != "set" else "left")
    for name, entry in report["by_set"].items():
        table.add_row(name, str(entry["total"]), str(entry["compiled"]),
                      f"{100 * entry['compiled'] / entry['total']:.1f}", str(entry["checked"]))
    table.add_row("all", str(report["total"]), str(report["compiled"]),
                  f"{100 * report['compiled'] / max(report['total'], 1):.1f}", str(report["checked"]), style="bold")
    console = Console()
    console.print(table)
    console.print("checked: compiled cards with a test of their own (a scenario naming the card in its file "
                  "name or source); compiled alone is not checked", markup=False, highlight=False)
    console.print(f"{len(report['unsupported'])} unsupported fragments:")
    for u in report["unsupported"]:
        console.print(f"  {u['number']}: {u['fragment']}", markup=False, highlight=False)


@cards_app.command("audit")
def cards_audit(
    seed: int = typer.Option(..., "--seed", min=0, max=MAX_SEED, help="Seed of the sample (record it with the audit's findings)."),
    size: int = typer.Option(100, "--size", "-n", min=1, max=5000, help="How many compiled cards."),
    set_: str = typer.Option(None, "--set", help="Only this set (card-number prefix, e.g. OP05)."),
    out: Path = typer.Option(None, "--out", "-o", help="Write the sheet to this file instead of printing it."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
) -> None:
    """A seeded sample of compiled cards, printed text beside compiled form, for a second reader (docs/effects.md, Audits)."""
    count, sheet = _card_tool(game, "audit")(seed, size, set_)
    if not count:
        raise UserError(f"--set {set_}: no compiled card number starts with {set_}")
    if out is None:
        typer.echo(sheet)
        return
    try:
        out.write_text(sheet + "\n", encoding="utf-8")
    except OSError as exc:
        raise UserError(f"--out {out}: cannot write: {exc.strerror or exc}") from exc
    _note(f"{count} cards (seed {seed}) written to {out}")


@cards_app.command("render-diff")
def cards_render_diff(
    set_: str = typer.Option(None, "--set", help="Only this set (card-number prefix, e.g. OP01, ST01, EB04, P)."),
    new_only: bool = typer.Option(False, "--new", help="Only the differences not yet reviewed."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
) -> None:
    """Compiled effects read back as English beside their printed text: the differences that remain after
    normalization, each with its review (docs/effects.md, "Reading the compiled form back"). Exit 1 if a
    difference is not reviewed or a reviewed one no longer occurs."""
    import json

    report = _card_tool(game, "render_diff")(set_)
    if set_ and not report["pieces"]:
        raise UserError(f"--set {set_}: no compiled card number starts with {set_}-")
    rows = [r for r in report["diffs"] if r["class"] == "new"] if new_only else report["diffs"]
    if as_json:
        print(json.dumps({**report, "diffs": rows}))
    else:
        for r in rows:
            typer.echo(f"{r['card']} [{r['class']}]{' ' + r['reason'] if r['reason'] else ''}")
            typer.echo(f"  printed:  {r['text']}".replace("\n", "\n            "))
            typer.echo(f"  rendered: {r['rendering']}".replace("\n", "\n            "))
            typer.echo(f"  - {r['printed_normalized']}")
            typer.echo(f"  + {r['rendering_normalized']}")
        for e in report["stale"]:
            typer.echo(f"{e['card']} [stale] reviewed but no longer rendered so: {e['rendering']}")
        classes = ", ".join(f"{k} {v}" for k, v in report["by_class"].items()) or "none"
        _note(f"{report['pieces']} printed pieces rendered, {report['identical']} identical after normalization; "
              f"differences: {classes}; stale reviews: {len(report['stale'])}")
    if report["by_class"].get("new") or report["stale"]:
        raise typer.Exit(1)


@cards_app.command("show")
def cards_show(
    number: str = typer.Argument(..., help="Card number, e.g. OP01-016 (alt-art suffixes such as _p1 allowed)."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
) -> None:
    """Print one card: stats, keywords, text, [Trigger] text and the text the engine does not support."""
    from tcgsim.core.games import get_game

    module = get_game(game)
    typer.echo(module.card_text(number, module.default_database()))


# ----------------------------------------------------------------------------------------------------------
# tcgsim deck ...
# ----------------------------------------------------------------------------------------------------------

@deck_app.command("check")
def deck_check(
    deck: str = typer.Argument(..., help="Decklist file, a bundled deck name of the game, a folder of decklist "
                               "files or a .jsonl file of decklists (one a line)."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
    json_output: bool = typer.Option(False, "--json", help="For a folder or .jsonl file: one JSON object."),
) -> None:
    """Check a decklist against the game's deck-construction rules; print a summary or every problem. For a
    folder or a .jsonl file: per deck, whether it is legal and its cards with unsupported effect text, then
    the totals (exit 2 if any deck is not legal)."""
    import json

    from tcgsim.batch.corpus import corpus_json, corpus_report, is_corpus, read_corpus
    from tcgsim.core.games import get_game, load_deck

    module = get_game(game)
    db = module.default_database()
    if not is_corpus(deck):
        typer.echo(module.deck_summary(load_deck(module, deck, db), db))
        return
    decks = read_corpus(deck, module, db)
    typer.echo(json.dumps(corpus_json(decks)) if json_output else corpus_report(decks))
    if any(d.deck is None or d.problems for d in decks):
        raise typer.Exit(2)


# ----------------------------------------------------------------------------------------------------------
# tcgsim scenario ...
# ----------------------------------------------------------------------------------------------------------

scenario_app = typer.Typer(help="Run scenario files (the format of SCENARIOS.md).", no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")


@scenario_app.command("run")
def scenario_run(
    files: list[str] = typer.Argument(..., help="Scenario files (YAML)."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object per file."),
) -> None:
    """Run scenario files. Exit status 0: all pass; 1: a failure; 2: a malformed file."""
    from tcgsim.core.scenario.command import run_command

    raise typer.Exit(run_command(files, json_output=json_output))


# ----------------------------------------------------------------------------------------------------------
# tcgsim rules ...
# ----------------------------------------------------------------------------------------------------------

rules_app = typer.Typer(help="The rules checklist and the tests that cite it.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")


@rules_app.command("map")
def rules_map_command(
    check: bool = typer.Option(False, "--check", help="Write nothing; exit 1 if a page is stale."),
) -> None:
    """Write docs/checklist.md (every ONE PIECE checklist line with the tests that cite its rule numbers) and
    docs/bleach-rules.md (every Bleach rules section with the tests that cite it)."""
    from tcgsim import rules_map

    stale = False
    for path, make in ((rules_map.PAGE, rules_map.generate), (rules_map.BLEACH_PAGE, rules_map.generate_bleach)):
        try:
            page, lines, cites = make()
        except FileNotFoundError as error:
            raise UserError(f"rules map: {error}") from error
        if check:
            old = path.read_text(encoding="utf-8") if path.exists() else None
            stale = stale or old != page
            print(f"{path}: {'up to date' if old == page else 'stale'}")
            continue
        path.write_text(page, encoding="utf-8")
        cited = len(lines) - len(rules_map.uncited(lines, cites))
        print(f"wrote {path}: {cited} of {len(lines)} with a citing test")
    if check:
        raise typer.Exit(1 if stale else 0)


# ----------------------------------------------------------------------------------------------------------
# tcgsim simulate / replay / bench
# ----------------------------------------------------------------------------------------------------------

@app.command("simulate")
def simulate_command(
    deck_a: str = typer.Argument(None, help="Deck A (player 1): a decklist file or a bundled deck name "
                                 "(default: ST01, or the first demo deck of --game)."),
    deck_b: str = typer.Argument(None, help="Deck B (player 2): a decklist file or a bundled deck name "
                                 "(default: ST02, or the second demo deck of --game)."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games; deck A goes first in even games."),
    seed: int = typer.Option(0, "--seed", min=0, max=MAX_SEED, help="Master seed: the same seed gives the same games."),
    agents: str = typer.Option("random", "--agents", help="Agents for A,B (e.g. random,heuristic); one name plays both."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object (no progress bar)."),
    log: str = typer.Option(None, "--log", help="Write every game to this JSON Lines file (see `tcgsim replay`)."),
    strict: bool = typer.Option(False, "--strict", help="Refuse decks holding cards with unsupported effect text."),
    workers: int = typer.Option(None, "--workers", "-j", min=1, help="Parallel workers (default: every core, "
                                "never more than games; 1 = in this process). Results do not depend on it."),
    db_file: str = typer.Option(None, "--db", help="Store every finished game in this SQLite file; rerunning the "
                                "same command continues an interrupted run."),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray."),
    address: str = typer.Option(None, "--address", help="With --backend ray: an existing Ray cluster (e.g. auto)."),
) -> None:
    """Play many games between two decks and print win rates (a rich progress bar runs on stderr)."""
    import json

    from tcgsim.batch.parallel import run_simulation
    from tcgsim.batch.runner import load_decks, parse_agents, print_summary, unsupported_cards
    from tcgsim.core.games import get_game

    module = get_game(game)
    names = parse_agents(agents, module.name)
    db = module.default_database()
    a, b = load_decks(deck_a or module.default_decks[0], deck_b or module.default_decks[1], db, module.name)
    if strict:
        unsupported = unsupported_cards(a, b, db)
        if unsupported:
            lines = [f"  {u['number']} {u['name']} (deck {'+'.join(u['decks'])}): " + " | ".join(u["fragments"]) for u in unsupported]
            raise UserError(f"--strict: {len(unsupported)} cards have effect text the engine does not support:\n" + "\n".join(lines))
    from tcgsim.batch.jobs import BatchInterrupted

    try:
        summary = _batch(lambda: run_simulation(
            a, b, games, seed, names, db=db, workers=workers, backend=backend, address=address, db_path=db_file,
            log_path=log, progress=not json_output and sys.stderr.isatty(), notify=_note))
    except BatchInterrupted as stop:  # Ctrl-C or SIGTERM without --db: the finished games' result, then exit
        partial = getattr(stop, "summary", None)
        if partial is not None:
            typer.echo(json.dumps(partial)) if json_output else print_summary(partial)
        raise
    if json_output:
        typer.echo(json.dumps(summary))
    else:
        print_summary(summary)
        if db_file:
            typer.echo(f"games stored in {db_file}")


def _note(message: str) -> None:
    print(message, file=sys.stderr)


def _batch(run):
    """Run a batch; a failed worker prints its error and exits with status 1 (finished games stay stored)."""
    from tcgsim.batch.jobs import BatchError, terminate_on_sigterm

    try:
        with terminate_on_sigterm():
            return run()
    except BatchError as error:
        print(f"error: {error}", file=sys.stderr)
        raise typer.Exit(1) from None


@app.command("gauntlet")
def gauntlet_command(
    decks: list[str] = typer.Argument(..., help="Two or more decks (files or bundled names); every pair plays."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Games per pair; the earlier deck is A, "
                              "A goes first in even games."),
    db_file: str = typer.Option(..., "--db", help="SQLite file for the games (resumable; read by `tcgsim report`)."),
    seed: int = typer.Option(0, "--seed", min=0, max=MAX_SEED, help="Master seed: pair X,Y plays the games of `simulate X Y --seed S`."),
    agents: str = typer.Option("random", "--agents", help="Agents for A,B (e.g. random,heuristic); one name plays both."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
    workers: int = typer.Option(None, "--workers", "-j", min=1, help="Parallel workers (default: every core)."),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray."),
    address: str = typer.Option(None, "--address", help="With --backend ray: an existing Ray cluster (e.g. auto)."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object (no progress bar)."),
) -> None:
    """Play every pair of decks and print the win-rate matrix; games are stored in --db."""
    import json

    from tcgsim.batch.gauntlet import load_deck_list, print_gauntlet, run_gauntlet
    from tcgsim.core.games import get_game

    db = get_game(game).default_database()
    loaded = load_deck_list(decks, db, game)
    result = _batch(lambda: run_gauntlet(
        loaded, games, seed, agents, db_path=db_file, db=db, workers=workers, backend=backend, address=address,
        progress=not json_output and sys.stderr.isatty(), notify=_note))
    if json_output:
        typer.echo(json.dumps(result))
    else:
        print_gauntlet(result)


@app.command("report")
def report_command(
    file: str = typer.Argument(..., help="A game database written by `simulate --db` or `gauntlet`."),
    out: str = typer.Option(..., "--out", "-o", help="Directory for index.html and its PNG plots (created)."),
) -> None:
    """Write an HTML report (win-rate matrix with 95% intervals, first/second rates, game lengths, decks)."""
    from tcgsim.batch.report import write_report

    path = write_report(file, out)
    typer.echo(f"report: {path}")


@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., help="A game log written by `tcgsim simulate --log`."),
    game: int = typer.Option(None, "--game", help="Replay only the game with this number (0-based, as logged)."),
) -> None:
    """Rebuild logged games from their seed, decks and decisions and check their final states.
    Exit status 0: every game matches; 1: a game diverges; 2: a bad log file."""
    from tcgsim.batch.gamelog import replay_file

    results = replay_file(file, None, game)
    bad = 0
    for r in results:
        if r.ok:
            typer.echo(f"game {r.game}: OK ({r.message})")
        else:
            bad += 1
            typer.echo(f"game {r.game}: DIVERGED: {r.message}")
    typer.echo(f"{len(results) - bad}/{len(results)} games OK")
    raise typer.Exit(1 if bad else 0)


@app.command("bench")
def bench_command(
    games: int = typer.Option(200, "--games", "-n", min=1, help="Number of random-vs-random games to time."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object."),
    search_games: int = typer.Option(1, "--search-games", min=0,
                                     help="Games of the MCTS agent against the heuristic agent whose searched "
                                          "decisions are timed (0: none)."),
    mcts: str = typer.Option("mcts", "--mcts", help="The search agent timed: mcts (default budget), mcts:N, mcts:Nms."),
) -> None:
    """Time random-vs-random games of ST01 vs ST02 on one core, Game.clone(), serialization, the player's
    view and the MCTS agent's searched decisions (benchmarks/README.md)."""
    import json

    from tcgsim.batch.bench import print_bench, run_bench

    result = run_bench(games, search_games=search_games, mcts=mcts)
    if json_output:
        typer.echo(json.dumps(result))
    else:
        print_bench(result)


# ----------------------------------------------------------------------------------------------------------
# tcgsim play
# ----------------------------------------------------------------------------------------------------------

@app.command("play")
def play_command(
    deck_a: str = typer.Argument(None, help="Deck A (player p1): a decklist file or a bundled deck name "
                                 "(default: the game's first demo deck)."),
    deck_b: str = typer.Argument(None, help="Deck B (player p2): a decklist file or a bundled deck name "
                                 "(default: the game's second demo deck)."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
    agent: str = typer.Option("mcts", "--agent", help="Your opponent: mcts, heuristic, random (or mcts:N)."),
    seed: int = typer.Option(None, "--seed", min=0, max=MAX_SEED, help="Game seed (default: a random one, printed)."),
    seat: int = typer.Option(1, "--seat", min=1, max=2, help="Your seat: 1 = deck A (p1), 2 = deck B (p2)."),
    mcts_iterations: int = typer.Option(None, "--mcts-iterations", min=1,
                                        help="MCTS iterations per decision (default 200; reproducible)."),
    mcts_ms: float = typer.Option(None, "--mcts-ms", min=1, help="MCTS time per decision in milliseconds "
                                  "instead of iterations (wall clock: NOT reproducible)."),
    agent_pace_ms: float = typer.Option(None, "--agent-pace-ms", min=0, help="The least time in milliseconds "
                                        "the opponent takes for any answer, so its pauses tell nothing of its "
                                        "hidden cards (default 400; 0: none)."),
) -> None:
    """Play one side of a game at the terminal against an agent: the board, the legal actions numbered;
    answer with a number or the action notation, `concede`, `help` or `quit`."""
    import os

    from tcgsim.agents.human import play_terminal
    from tcgsim.agents.mcts import MCTSAgent
    from tcgsim.batch.runner import load_decks
    from tcgsim.core.games import get_game
    from tcgsim.core.rng import derive_seed

    module = get_game(game)
    db = module.default_database()
    a, b = load_decks(deck_a or module.default_decks[0], deck_b or module.default_decks[1], db, module.name)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    agent_seed = derive_seed(seed, "agent", 2 - seat)
    opponent = module.make_agent(agent, agent_seed, db)
    if (mcts_iterations is not None or mcts_ms is not None) and (":" in agent or (mcts_iterations and mcts_ms)):
        raise UserError(f"--agent {agent!r} with --mcts-iterations/--mcts-ms: give the MCTS budget once")
    if isinstance(opponent, MCTSAgent) and (mcts_iterations is not None or mcts_ms is not None):
        opponent = MCTSAgent(agent_seed, iterations=mcts_iterations, ms=mcts_ms, db=db, knowledge=opponent.knowledge)
    elif mcts_iterations is not None or mcts_ms is not None:
        raise UserError(f"--mcts-iterations/--mcts-ms apply to the mcts agent, not {agent!r}")
    from tcgsim.agents.human import AGENT_PACE_MS

    play_terminal(a, b, db, opponent, seed=seed, seat=seat,
                  pace_ms=AGENT_PACE_MS if agent_pace_ms is None else agent_pace_ms)


# ----------------------------------------------------------------------------------------------------------
# tcgsim serve
# ----------------------------------------------------------------------------------------------------------

def default_server_db() -> Path:
    """Where ``tcgsim serve`` keeps its games without ``--db``: ``tcgsim-server.db`` in the user data folder
    (``platformdirs``: ``~/.local/share/tcgsim`` on Linux)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("tcgsim", appauthor=False)) / "tcgsim-server.db"


@app.command("serve")
def serve_command(
    port: int = typer.Option(8765, "--port", "-p", min=1, max=65535, help="TCP port on 127.0.0.1."),
    db_file: Path = typer.Option(None, "--db", help="SQLite file keeping every game (default: "
                                 "tcgsim-server.db in the user data folder, ~/.local/share/tcgsim on Linux)."),
    agent_pace_ms: float = typer.Option(None, "--agent-pace-ms", min=0, help="The least time in milliseconds "
                                        "from a player's answer to what it brings them in a game against an "
                                        "agent, so the agent's pauses tell nothing of its hidden cards "
                                        "(default 400; 0: none)."),
    game: str = typer.Option(None, "--game", "-g", help=games_help()),
) -> None:
    """Play in the browser: start the web server on 127.0.0.1 and print the address to open. Games are kept
    in --db at every decision, so a restarted server resumes them."""
    try:
        from tcgsim.web.server import create_app, server
    except ImportError as exc:
        raise UserError(f"tcgsim serve needs the web packages ({exc.name}): run `make install` "
                        "(or pip install -e '.[web]')") from None
    from tcgsim.agents.human import AGENT_PACE_MS

    path = db_file or default_server_db()
    from tcgsim.core.games import get_game

    sock = _bound_socket(port)  # first: a port in use is one line, exit 2, and the --db file is not touched
    try:
        app_ = create_app(path, get_game(game), pace_ms=AGENT_PACE_MS if agent_pace_ms is None else agent_pace_ms)
    except BaseException:
        sock.close()
        raise
    url = f"http://127.0.0.1:{port}/"
    _note(f"tcgsim: open {url} in your browser (games kept in {path}); Ctrl+C stops the server")
    server(app_, "127.0.0.1", port).run(sockets=[sock])


def _bound_socket(port: int):
    """A TCP socket bound to 127.0.0.1:``port`` (SO_REUSEADDR, as uvicorn binds), for uvicorn to listen on;
    a UserError naming ``--port`` when the port cannot be bound (in use, or not allowed)."""
    import socket

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as exc:
        sock.close()
        raise UserError(f"--port {port}: cannot listen on 127.0.0.1:{port}: "
                        f"{'the port is in use by another program' if exc.errno == 98 else exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


# ----------------------------------------------------------------------------------------------------------
# Entry point
# ----------------------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> None:
    """Run the CLI (``argv`` defaults to ``sys.argv[1:]``). A :class:`UserError` prints its message to stderr
    and exits with status 2; usage errors behave as usual in typer/click (status 2)."""
    try:
        app(args=argv, prog_name="tcgsim")
    except UserError as error:
        print(error, file=sys.stderr)
        sys.exit(error.exit_code)


if __name__ == "__main__":
    main()
