"""Win-rate reports from a game database (``tcgsim report FILE --out DIR``).

:func:`collect` reads every stored game of a database (:mod:`tcgsim.batch.store`) into a
:class:`ReportData` with one :class:`Section` per game; :func:`write_report` writes ``DIR/index.html`` and,
per game ``G`` (``onepiece``, ``bleach``), the PNG plots it shows (relative paths, so the page opens from
disk without a server):

* ``G-matrix.png``: the win-rate matrix, row player against column player, each cell with its Wilson 95%
  interval and number of games;
* ``G-first_second.png``: each player's win rate going first and going second (Wilson 95% error bars);
* ``G-decks.png``: each player's overall win rate (Wilson 95% error bars);
* ``G-turns.png``: the histogram of game lengths in turns.

What is added up and what is not (issue 15, "Reports never pool unlike things"): the unit of the report is
(game, decks, agents). Games of different games are never pooled (each game has its own section and
first-player headline). A *player* is a deck (its card list, not its file name) played by one agent, so the
games of ST01 against ST02 played random-random and heuristic-random are two matchups; runs that differ only
by their seed or seats (simulate X Y, simulate Y X, a gauntlet pair) are the same matchup and are added up,
and ``tcgsim gauntlet`` prints its matrix from the same numbers. The page names each deck by its file and its
Leader (name, colours), lists it, warns about cards whose effect text the engine does not play, shows going
first and going second per matchup, and records the tcgsim and card database versions and the date.

A draw counts as a game not won. Mirror games (a player against itself) count only in the first-player rate
and the game lengths. Rates are fractions in [0, 1]; intervals are ``(low, high)`` fractions.
"""

from __future__ import annotations

import html
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UserError

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval for ``wins`` successes in ``games`` trials, as ``(low, high)`` fractions
    (``None`` when ``games`` is 0). ``z``: the normal quantile (1.96 for 95%). Raises ``ValueError`` unless
    ``0 <= wins <= games``. The bounds are exact at the ends: 0 for 0 wins, 1 for ``games`` wins."""
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and games, not {wins} of {games}")
    if games == 0:
        return None
    n = games
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)  # exact at the ends, not a rounding error away
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


@dataclass
class Tally:
    """Games and wins (draws counted as games not won). ``rate``/``interval`` are ``None`` without games."""

    games: int = 0
    wins: int = 0
    draws: int = 0

    def add(self, won: bool, draw: bool = False) -> None:
        self.games += 1
        self.wins += won
        self.draws += draw

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson_interval(self.wins, self.games)


@dataclass
class DeckStats:
    """One player's (a deck played by one agent) games against the other players of its game: ``overall``,
    ``first`` (going first), ``second``; the sum of their turns; end reasons counted."""

    name: str
    overall: Tally = field(default_factory=Tally)
    first: Tally = field(default_factory=Tally)
    second: Tally = field(default_factory=Tally)
    turns: int = 0
    end_reasons: Counter = field(default_factory=Counter)

    @property
    def mean_turns(self) -> float | None:
        return self.turns / self.overall.games if self.overall.games else None


@dataclass
class DeckInfo:
    """A stored deck as the report names and lists it: ``id`` (SHA-256 of its list), ``name`` (the file name
    it was first stored under), ``game``, ``leader`` (card number), ``leader_name``, ``colours`` (the
    Leader's colours, ``()`` for a game without colours), ``cards``: ``[(number, name, count)]`` in list
    order, Leader first; ``unsupported``: ``[(number, name, [fragment, ...])]``, the cards whose effect text
    the engine does not play."""

    id: str
    name: str
    game: str
    leader: str
    leader_name: str = ""
    colours: tuple[str, ...] = ()
    cards: list = field(default_factory=list)
    unsupported: list = field(default_factory=list)

    @property
    def title(self) -> str:
        """``"ST01 (Leader ST01-001 Monkey.D.Luffy, Red)"``."""
        colours = f", {'/'.join(self.colours)}" if self.colours else ""
        who = f"{self.leader} {self.leader_name}".strip()
        return f"{self.name} (Leader {who}{colours})"


@dataclass
class Section:
    """The games of one game (ONE PIECE CARD GAME, Bleach): never pooled with another game's.

    A *player* is a deck played by one agent, ``(deck id, agent name)``: the unit of the report is (game,
    decks, agents), so the games of one pair of decks played by other agents count apart; runs that differ
    only by their seed (or by seats) are the same matchup and are added up. ``labels[i]``: player ``i``'s
    display name (the deck's name, followed by its agent when the section has more than one agent);
    ``cells[i][j]``, ``first[i][j]``, ``second[i][j]``: :class:`Tally` of player ``i``'s games against player
    ``j`` (all, going first, going second; the diagonal stays empty); ``deck_stats[i]``: :class:`DeckStats`;
    ``first_player``: every game of this game from the first player's side (mirrors included); ``turns``:
    each game's length; ``mirrors``: games of a player against itself; ``runs``: the dicts of
    :attr:`ReportData.runs` of this game."""

    game: str
    title: str
    players: list[tuple[str, str]]
    labels: list[str]
    cells: list[list[Tally]]
    first: list[list[Tally]]
    second: list[list[Tally]]
    deck_stats: list[DeckStats]
    first_player: Tally
    turns: list[int]
    mirrors: int
    runs: list[dict]

    @property
    def decks(self) -> list[str]:
        """The players' display names (rows and columns of the matrix)."""
        return self.labels

    @property
    def games(self) -> int:
        return len(self.turns)

    def index(self, deck_id: str, agent: str) -> int:
        """The player index of ``deck_id`` played by ``agent``; ``ValueError`` if it has no games here."""
        return self.players.index((deck_id, agent))

    def matrix(self) -> list[list[tuple[float, float, float, int] | None]]:
        """``[i][j]`` = ``(win rate, low, high, games)`` of player ``i`` against player ``j`` (Wilson 95%), or
        ``None`` on the diagonal and for pairs without games."""
        out = []
        for row in self.cells:
            line = []
            for t in row:
                if t.games:
                    lo, hi = t.interval
                    line.append((t.rate, lo, hi, t.games))
                else:
                    line.append(None)
            out.append(line)
        return out

    def matchups(self) -> list[tuple[int, int]]:
        """The pairs ``(i, j)``, ``i < j``, of players that met, in index order."""
        n = len(self.players)
        return [(i, j) for i in range(n) for j in range(i + 1, n) if self.cells[i][j].games]


@dataclass
class ReportData:
    """Everything the report shows: one :class:`Section` per game, the decks (:class:`DeckInfo` by id),
    every run (``decks``, ``agents``, ``seed``, ``games`` planned, ``stored``, ``created``, ``version``,
    ``cards``, ``game``), and ``versions``: ``{"tcgsim": this tcgsim's version, "date": the report's date
    (ISO 8601 UTC), "stored_by": the tcgsim versions that created the runs, "cards": {game: card database
    versions of the runs}}``."""

    sections: list[Section]
    decks: dict[str, DeckInfo]
    runs: list[dict]
    versions: dict

    @property
    def games(self) -> int:
        """Number of stored games."""
        return sum(s.games for s in self.sections)

    def section(self, game: str) -> Section:
        """The section of ``game`` (its registered name). Raises ``KeyError`` if the database has none."""
        for s in self.sections:
            if s.game == game:
                return s
        raise KeyError(game)


def _deck_info(did: str, row: dict) -> DeckInfo:
    """A stored deck read with its game's card database: the Leader's name and colours, the list, the
    unsupported cards. ``row["game"]`` is "" in a store written before it was kept: then the first game
    that reads the list as a legal deck."""
    from ..core.games import default_game, game_names, get_game

    candidates = [row["game"]] if row["game"] else [*game_names()]
    module = deck = db = None
    for name in candidates:
        try:
            module = get_game(name)
            db = module.default_database()
            deck = module.parse_deck(row["list"], db, row["name"])
            if row["game"] or not module.deck_problems(deck, db):
                break
        except Exception:  # not this game's list (or its card database is missing)
            deck = None
    if deck is None:
        return DeckInfo(did, row["name"], row["game"] or default_game().name, row["leader"])
    info = DeckInfo(did, row["name"], module.name, deck.leader)
    name = lambda number: getattr(db.get(number), "name", "") if number in db else "?"  # noqa: E731
    if deck.leader in db:
        card = db.get(deck.leader)
        info.leader_name = getattr(card, "name", "")
        info.colours = tuple(getattr(card, "colors", None) or ())
    info.cards = [(deck.leader, name(deck.leader), 1)] + [(n, name(n), c) for n, c in deck.main]
    try:
        info.unsupported = [(u["number"], u["name"], list(u["fragments"]))
                            for u in module.unsupported_cards(deck, deck, db)]
    except Exception:  # an unknown card in an old list: the report still shows the games
        info.unsupported = []
    return info


def collect(path: str | Path) -> ReportData:
    """Read every stored game of the database at ``path`` into one :class:`Section` per game (see there for
    what is added up and what is kept apart). Raises :class:`~tcgsim.batch.store.StoreError` (exit 2) for
    a missing, foreign or damaged file."""
    from .store import StoreError

    try:
        return _collect(path)
    except (KeyError, ValueError, TypeError) as exc:  # rows that do not fit together: a damaged file
        raise StoreError(f"{path}: the game database is damaged ({type(exc).__name__}: {exc})") from None


def _collect(path: str | Path) -> ReportData:
    import datetime as _dt

    from .. import __version__
    from .store import GameStore

    with GameStore(path, readonly=True) as store:
        runs = store.runs()
        rows = store.decks()
        decks = {did: _deck_info(did, rows[did]) for did in dict.fromkeys(d for r in runs for d in (r.deck_a, r.deck_b))}
        by_game: dict[str, list] = {}
        for r in runs:
            by_game.setdefault(decks[r.deck_a].game, []).append((r, store.games(r)))
    sections, run_info = [], []
    for game, items in by_game.items():
        players: list[tuple[str, str]] = []
        for r, games in items:
            for p in ((r.deck_a, r.agents[0]), (r.deck_b, r.agents[1])):
                if games and p not in players:
                    players.append(p)
        several = len({a for _, a in players}) > 1
        ids_by_name: dict[str, set] = {}
        for d, _ in players:
            ids_by_name.setdefault(decks[d].name, set()).add(d)
        labels = [f"{decks[d].name} #{d[:6]}" if len(ids_by_name[decks[d].name]) > 1 else decks[d].name
                  for d, _ in players]
        labels = [f"{label} · {a}" if several else label for label, (_, a) in zip(labels, players)]
        index = {p: i for i, p in enumerate(players)}
        n = len(players)
        grid = lambda: [[Tally() for _ in range(n)] for _ in range(n)]  # noqa: E731
        cells, first, second = grid(), grid(), grid()
        stats = [DeckStats(label) for label in labels]
        first_player, turns, mirrors, section_runs = Tally(), [], 0, []
        from ..core.games import get_game

        try:
            title = get_game(game).title
        except Exception:
            title = game
        for r, games in items:
            info = {"decks": (decks[r.deck_a].name, decks[r.deck_b].name), "ids": (r.deck_a, r.deck_b),
                    "agents": r.agents, "seed": r.seed,
                    "games": r.games, "stored": len(games), "created": r.created, "version": r.version,
                    "cards": r.cards, "game": game}
            run_info.append(info)
            section_runs.append(info)
            if not games:
                continue
            a, b = index[(r.deck_a, r.agents[0])], index[(r.deck_b, r.agents[1])]
            for g in games:
                turns.append(g.turns)
                draw = g.winner == "draw"
                first_player.add(g.winner == g.first, draw)
                if a == b:
                    mirrors += 1
                    continue
                for seat, me, them in (("A", a, b), ("B", b, a)):
                    won = g.winner == seat
                    cells[me][them].add(won, draw)
                    (first if g.first == seat else second)[me][them].add(won, draw)
                    s = stats[me]
                    s.overall.add(won, draw)
                    (s.first if g.first == seat else s.second).add(won, draw)
                    s.turns += g.turns
                    s.end_reasons[g.end_reason] += 1
        sections.append(Section(game, title, players, labels, cells, first, second, stats, first_player, turns,
                                mirrors, section_runs))
    cards: dict[str, list[str]] = {}
    for r in run_info:
        if r["cards"] and r["cards"] not in cards.setdefault(r["game"], []):
            cards[r["game"]].append(r["cards"])
    versions = {"tcgsim": __version__,
                "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                "stored_by": sorted({r["version"] for r in run_info if r["version"]}),
                "cards": cards}
    return ReportData(sections, decks, run_info, versions)


# ----------------------------------------------------------------------------------------------------------
# Plots (matplotlib's object API with the Agg canvas: no display, no global pyplot state)
# ----------------------------------------------------------------------------------------------------------

def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def plot_matrix(data: Section, path: Path) -> None:
    """The win-rate heat map (row deck against column deck) with Wilson 95% intervals and games per cell."""
    import numpy as np

    n = len(data.decks)
    m = data.matrix()
    values = np.full((n, n), np.nan)
    for i in range(n):
        for j in range(n):
            if m[i][j] is not None:
                values[i, j] = m[i][j][0]
    size = max(4.5, 1.35 * n + 2.5)
    fig = _figure(size, size * 0.85)
    ax = fig.add_subplot()
    import matplotlib

    cmap = matplotlib.colormaps["RdBu"].with_extremes(bad="#dddddd")
    im = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, vmin=0, vmax=1)
    font = 9 if n <= 5 else 7 if n <= 9 else 5
    for i in range(n):
        for j in range(n):
            cell = m[i][j]
            if cell is None:
                ax.text(j, i, "–", ha="center", va="center", fontsize=font, color="#666666")
                continue
            rate, lo, hi, games = cell
            colour = "white" if abs(rate - 0.5) > 0.3 else "black"
            ax.text(j, i, f"{_pct(rate)}\n[{_pct(lo, 0)}–{_pct(hi, 0)}]\nn={games}", ha="center", va="center",
                    fontsize=font, color=colour)
    ax.set_xticks(range(n), data.decks, rotation=45, ha="right")
    ax.set_yticks(range(n), data.decks)
    ax.set_xlabel("opponent (column)")
    ax.set_ylabel("deck (row)")
    ax.set_title("win rate of the row deck, Wilson 95% interval")
    fig.colorbar(im, ax=ax, shrink=0.8, label="win rate")
    fig.savefig(path)


def _bar_errors(tallies: list[Tally]):
    rates, lows, highs = [], [], []
    for t in tallies:
        r = t.rate
        rates.append(0.0 if r is None else r)
        lo, hi = t.interval or (0.0, 0.0)
        lows.append(0.0 if r is None else max(0.0, r - lo))  # 0 wins: lo may round a hair above 0
        highs.append(0.0 if r is None else max(0.0, hi - r))
    return rates, [lows, highs]


def plot_first_second(data: Section, path: Path) -> None:
    """Each deck's win rate going first and going second, with Wilson 95% error bars."""
    n = len(data.decks)
    fig = _figure(max(5.0, 1.1 * n + 2), 4.2)
    ax = fig.add_subplot()
    width = 0.38
    for k, (label, attr, colour) in enumerate((("going first", "first", "#4477aa"), ("going second", "second", "#ee7733"))):
        tallies = [getattr(s, attr) for s in data.deck_stats]
        rates, err = _bar_errors(tallies)
        xs = [i + (k - 0.5) * width for i in range(n)]
        ax.bar(xs, rates, width, yerr=err, capsize=3, label=label, color=colour)
    ax.axhline(0.5, color="#999999", linewidth=0.8, linestyle="--")
    fp = data.first_player
    if fp.games:
        ax.axhline(fp.rate, color="#4477aa", linewidth=0.8, linestyle=":",
                   label=f"first player, all games ({_pct(fp.rate)})")
    ax.set_xticks(range(n), data.decks, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (Wilson 95%)")
    fig.legend(fontsize=8, loc="outside upper center", ncols=3)
    fig.savefig(path)


def plot_decks(data: Section, path: Path) -> None:
    """Each deck's overall win rate against the other lists, with Wilson 95% error bars."""
    n = len(data.decks)
    fig = _figure(max(5.0, 0.9 * n + 2), 3.8)
    ax = fig.add_subplot()
    rates, err = _bar_errors([s.overall for s in data.deck_stats])
    ax.bar(range(n), rates, 0.6, yerr=err, capsize=3, color="#228833")
    ax.axhline(0.5, color="#999999", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(n), data.decks, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("overall win rate (Wilson 95%)")
    fig.savefig(path)


def plot_turns(data: Section, path: Path) -> None:
    """The histogram of game lengths (turns, one bin per turn)."""
    fig = _figure(6.0, 3.6)
    ax = fig.add_subplot()
    if data.turns:
        lo, hi = min(data.turns), max(data.turns)
        ax.hist(data.turns, bins=[t - 0.5 for t in range(lo, hi + 2)], color="#66ccee", edgecolor="#336677")
        mean = sum(data.turns) / len(data.turns)
        ax.axvline(mean, color="#aa3377", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
        ax.legend(fontsize=8)
    ax.set_xlabel("turns (both players')")
    ax.set_ylabel("games")
    ax.set_title(f"{data.title}: game length, {len(data.turns)} games")
    fig.savefig(path)


# ----------------------------------------------------------------------------------------------------------
# The page
# ----------------------------------------------------------------------------------------------------------

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 1200px; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 0.5em 0 1.5em; }
.muted { color: #777; }
"""


def _ci(t: Tally) -> str:
    if not t.games:
        return "–"
    lo, hi = t.interval
    return f"{_pct(t.rate)} <span class=muted>[{_pct(lo)}–{_pct(hi)}]</span>"


def _plot_name(section: Section, name: str) -> str:
    """The file name of one plot of one section: ``onepiece-matrix.png``."""
    return f"{section.game}-{name}"


def render_html(data: ReportData, source: str) -> str:
    """The report page (images referenced by relative path, :func:`_plot_name`): per game, its headline,
    win-rate matrix, matchups (each with going first and going second), players and runs; then the decks
    (Leader, file, list, unsupported cards) and the versions and date."""
    e = html.escape
    v = data.versions
    parts = [
        "<!doctype html>", "<html><head><meta charset='utf-8'>",
        f"<title>tcgsim report: {e(source)}</title><style>{_CSS}</style></head><body>",
        f"<h1>tcgsim report</h1><p>{e(source)}: {data.games} games of "
        f"{', '.join(e(sec.title) for sec in data.sections)}, {len(data.decks)} decks, {len(data.runs)} runs. Intervals are "
        "Wilson 95%; a draw counts as a game not won. A player is a deck played by one agent: the games of the "
        "same decks played by other agents are counted apart; runs that differ only by their seed are added up.</p>",
    ]
    for sec in data.sections:
        parts.append(f"<h2>{e(sec.title)}</h2>")
        fp = sec.first_player
        if fp.games:
            parts.append(f"<p>{e(sec.title)}: the player going first won {fp.wins} of {fp.games} games: {_ci(fp)}.</p>")
        if sec.mirrors:
            parts.append(f"<p class=muted>{sec.mirrors} mirror games (a player against itself) count only in the "
                         "first-player rate and the game lengths.</p>")
        parts.append(f"<h3>Win-rate matrix</h3><img src='{_plot_name(sec, 'matrix.png')}' alt='win-rate matrix'>")
        parts.append("<table><tr><th>row \\ column</th>" + "".join(f"<th>{e(d)}</th>" for d in sec.labels) + "</tr>")
        for i, d in enumerate(sec.labels):
            cells = []
            for j in range(len(sec.labels)):
                t = sec.cells[i][j]
                cells.append(f"<td>{_ci(t)}<br><span class=muted>{t.wins}/{t.games}</span></td>" if t.games else "<td>–</td>")
            parts.append(f"<tr><td>{e(d)}</td>{''.join(cells)}</tr>")
        parts.append("</table>")
        parts.append("<h3>Matchups</h3><table><tr><th>player</th><th>opponent</th><th>games</th><th>wins</th>"
                     "<th>draws</th><th>win rate</th><th>first: games</th><th>win rate first</th>"
                     "<th>second: games</th><th>win rate second</th><th>runs (seeds)</th></tr>")
        for i, j in sec.matchups():
            t, f, sd = sec.cells[i][j], sec.first[i][j], sec.second[i][j]
            pair = {sec.players[i], sec.players[j]}
            seeds = sorted({r["seed"] for r in sec.runs if r["stored"] and _run_players(r, data) == pair})
            parts.append(f"<tr><td>{e(sec.labels[i])}</td><td>{e(sec.labels[j])}</td><td>{t.games}</td><td>{t.wins}</td>"
                         f"<td>{t.draws}</td><td>{_ci(t)}</td><td>{f.games}</td><td>{_ci(f)}</td><td>{sd.games}</td>"
                         f"<td>{_ci(sd)}</td><td>{len(seeds)} ({e(', '.join(map(str, seeds)))})</td></tr>")
        parts.append("</table>")
        parts.append(f"<h3>Going first and going second</h3><img src='{_plot_name(sec, 'first_second.png')}' "
                     "alt='first and second'>")
        parts.append(f"<h3>Players</h3><img src='{_plot_name(sec, 'decks.png')}' alt='player win rates'>")
        parts.append("<table><tr><th>player</th><th>deck</th><th>agent</th><th>games</th><th>wins</th><th>draws</th>"
                     "<th>win rate</th><th>first: games</th><th>win rate first</th><th>second: games</th>"
                     "<th>win rate second</th><th>mean turns</th><th>end reasons</th></tr>")
        for st, (did, agent) in zip(sec.deck_stats, sec.players):
            reasons = ", ".join(f"{k} {v}" for k, v in sorted(st.end_reasons.items()))
            mean = "–" if st.mean_turns is None else f"{st.mean_turns:.1f}"
            parts.append(f"<tr><td>{e(st.name)}</td><td>{e(data.decks[did].title)}</td><td>{e(agent)}</td>"
                         f"<td>{st.overall.games}</td><td>{st.overall.wins}</td><td>{st.overall.draws}</td>"
                         f"<td>{_ci(st.overall)}</td><td>{st.first.games}</td><td>{_ci(st.first)}</td>"
                         f"<td>{st.second.games}</td><td>{_ci(st.second)}</td><td>{mean}</td><td>{e(reasons)}</td></tr>")
        parts.append("</table>")
        parts.append(f"<h3>Game length</h3><img src='{_plot_name(sec, 'turns.png')}' alt='game length histogram'>")
        parts.append("<h3>Runs</h3><table><tr><th>deck A</th><th>deck B</th><th>agents</th><th>seed</th>"
                     "<th>stored / planned</th><th>created</th><th>tcgsim</th><th>card database</th></tr>")
        for r in sec.runs:
            parts.append(f"<tr><td>{e(r['decks'][0])}</td><td>{e(r['decks'][1])}</td><td>{e(','.join(r['agents']))}</td>"
                         f"<td>{r['seed']}</td><td>{r['stored']} / {r['games']}</td><td>{e(r['created'])}</td>"
                         f"<td>{e(r['version'])}</td><td>{e(r['cards'] or 'not recorded')}</td></tr>")
        parts.append("</table>")
    parts.append("<h2>Decks</h2>")
    for info in data.decks.values():
        parts.append(f"<h3 id='deck-{info.id[:12]}'>{e(info.title)}</h3><p class=muted>file {e(info.name)}, "
                     f"list id {info.id[:12]}</p>")
        if info.unsupported:
            parts.append(f"<p class='warn'><b>Warning:</b> {len(info.unsupported)} card"
                         f"{'s' if len(info.unsupported) != 1 else ''} of this deck {'has' if len(info.unsupported) == 1 else 'have'} effect text the engine does "
                         "not play (the text had no effect in these games):</p><ul>")
            for number, name, fragments in info.unsupported:
                parts.append(f"<li>{e(number)} {e(name)}: {e(' | '.join(fragments))}</li>")
            parts.append("</ul>")
        if info.cards:
            parts.append("<details><summary>decklist</summary><table><tr><th>card</th><th>name</th><th>count</th></tr>")
            for number, name, count in info.cards:
                parts.append(f"<tr><td>{e(number)}</td><td>{e(name)}</td><td>{count}</td></tr>")
            parts.append("</table></details>")
    stored = ", ".join(v["stored_by"]) or "not recorded"
    cards = "; ".join(f"{g}: {', '.join(vs)}" for g, vs in v["cards"].items()) or "not recorded"
    parts.append(f"<h2>Versions</h2><p>Report written {e(v['date'])} by tcgsim {e(v['tcgsim'])}. Runs stored by "
                 f"tcgsim {e(stored)}; card databases: {e(cards)}.</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _run_players(run: dict, data: ReportData) -> set:
    """The two players ``(deck id, agent)`` of a run dict of :attr:`ReportData.runs`."""
    return {(run["ids"][0], run["agents"][0]), (run["ids"][1], run["agents"][1])}


PLOTS = {"matrix.png": plot_matrix, "first_second.png": plot_first_second, "decks.png": plot_decks,
         "turns.png": plot_turns}
"""The PNG plots of each game's section (files ``GAME-NAME``, e.g. ``onepiece-matrix.png``) and the
functions drawing them (each takes a :class:`Section` and a path)."""


def write_report(db_path: str | Path, out_dir: str | Path) -> Path:
    """Write ``out_dir/index.html`` and, per game, the PNGs of :data:`PLOTS` for the database at ``db_path``
    and return the page's path. ``out_dir`` is created if needed; existing report files are overwritten.

    Raises :class:`~tcgsim.errors.UserError` (exit 2) for a missing or foreign database, one without games,
    or an output directory that cannot be written; and if matplotlib is missing.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UserError("tcgsim report needs matplotlib: pip install matplotlib") from None
    data = collect(db_path)
    if not data.games:
        raise UserError(f"{db_path}: the database holds no games yet")
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for sec in data.sections:
            if not sec.games:
                continue
            for name, plot in PLOTS.items():
                plot(sec, out / _plot_name(sec, name))
        page = out / "index.html"
        page.write_text(render_html(data, Path(db_path).name), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write the report to {out_dir}: {exc}") from None
    return page
