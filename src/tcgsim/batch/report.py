"""Win-rate reports from a game database (``tcgsim report FILE --out DIR``).

:func:`collect` reads every stored game of a database (:mod:`tcgsim.batch.store`) into a
:class:`ReportData`; :func:`write_report` writes ``DIR/index.html`` and the PNG plots it shows (relative
paths, so the page opens from disk without a server):

* ``matrix.png``: the win-rate matrix, row deck against column deck, each cell with its Wilson 95%
  interval and number of games;
* ``first_second.png``: each deck's win rate going first and going second (Wilson 95% error bars);
* ``decks.png``: each deck's overall win rate (Wilson 95% error bars);
* ``turns.png``: the histogram of game lengths in turns.

Decks are identified by their card list (not their file name): every game between two different lists
counts in the matrix, whichever run (simulate or gauntlet, any seed or agents) stored it. A draw counts as a
game not won. Mirror games (a list against itself) count only in the overall first-player rate and the game
lengths. Rates are fractions in [0, 1]; intervals are ``(low, high)`` fractions.
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
    ``0 <= wins <= games``. The bounds are exact at the ends: the Wilson lower bound of 0 wins is 0 and the
    upper bound of ``games`` wins is 1 (the roots of the score equation there), not a float a rounding
    error away from them."""
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
    low = 0.0 if wins == 0 else max(0.0, centre - half)
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
    """One deck's games against other lists: ``overall``, ``first`` (going first), ``second``; the sum of
    their turns; end reasons counted."""

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
class ReportData:
    """Everything the report shows.

    ``decks``: display names, in order of first appearance in the runs; ``ids``: their list ids (SHA-256);
    ``cells[i][j]``: a :class:`Tally` of deck ``i``'s games against deck ``j`` (``i != j``; the diagonal
    stays empty); ``deck_stats[i]``: :class:`DeckStats`; ``first_player``: a Tally of every game from the
    first player's side (mirrors included); ``turns``: every game's length in turns; ``runs``: one dict per
    run (``decks``, ``agents``, ``seed``, ``games`` planned, ``stored``); ``agents``: the agent pairs seen.
    """

    decks: list[str]
    ids: list[str]
    cells: list[list[Tally]]
    deck_stats: list[DeckStats]
    first_player: Tally
    turns: list[int]
    runs: list[dict]
    agents: list[tuple[str, str]]
    mirrors: int = 0

    @property
    def games(self) -> int:
        """Number of stored games."""
        return len(self.turns)

    def matrix(self) -> list[list[tuple[float, float, float, int] | None]]:
        """``[i][j]`` = ``(win rate, low, high, games)`` of deck ``i`` against deck ``j`` (Wilson 95%), or
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


def collect(path: str | Path) -> ReportData:
    """Read every stored game of the database at ``path``. Raises
    :class:`~tcgsim.batch.store.StoreError` (exit 2) for a missing or foreign file."""
    from .store import GameStore

    with GameStore(path, readonly=True) as store:
        runs = store.runs()
        names: dict[str, str] = {}
        order: list[str] = []
        for r in runs:
            for did, name in ((r.deck_a, r.name_a), (r.deck_b, r.name_b)):
                if did not in names:
                    names[did] = name
                    order.append(did)
        labels = [names[d] for d in order]
        counts = Counter(labels)
        labels = [f"{n} #{d[:6]}" if counts[n] > 1 else n for n, d in zip(labels, order)]
        index = {d: i for i, d in enumerate(order)}
        n = len(order)
        cells = [[Tally() for _ in range(n)] for _ in range(n)]
        stats = [DeckStats(name) for name in labels]
        first_player = Tally()
        turns: list[int] = []
        run_info = []
        agents: list[tuple[str, str]] = []
        mirrors = 0
        for r in runs:
            games = store.games(r)
            run_info.append({"decks": (labels[index[r.deck_a]], labels[index[r.deck_b]]), "agents": r.agents,
                             "seed": r.seed, "games": r.games, "stored": len(games)})
            if games and r.agents not in agents:
                agents.append(r.agents)
            a, b = index[r.deck_a], index[r.deck_b]
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
                    s = stats[me]
                    s.overall.add(won, draw)
                    (s.first if g.first == seat else s.second).add(won, draw)
                    s.turns += g.turns
                    s.end_reasons[g.end_reason] += 1
    return ReportData(labels, order, cells, stats, first_player, turns, run_info, agents, mirrors)


# ----------------------------------------------------------------------------------------------------------
# Plots (matplotlib's object API with the Agg canvas: no display, no global pyplot state)
# ----------------------------------------------------------------------------------------------------------

def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def plot_matrix(data: ReportData, path: Path) -> None:
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
        lows.append(0.0 if r is None else max(0.0, r - lo))  # error bars are lengths: never negative
        highs.append(0.0 if r is None else max(0.0, hi - r))
    return rates, [lows, highs]


def plot_first_second(data: ReportData, path: Path) -> None:
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


def plot_decks(data: ReportData, path: Path) -> None:
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


def plot_turns(data: ReportData, path: Path) -> None:
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
    ax.set_title(f"game length, {len(data.turns)} games")
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


def render_html(data: ReportData, source: str) -> str:
    """The report page (images referenced by relative path)."""
    e = html.escape
    agents = ", ".join(f"{a} vs {b}" if a != b else a for a, b in data.agents) or "–"
    parts = [
        "<!doctype html>", "<html><head><meta charset='utf-8'>",
        f"<title>tcgsim report: {e(source)}</title><style>{_CSS}</style></head><body>",
        f"<h1>tcgsim report</h1><p>{e(source)}: {data.games} games, {len(data.decks)} decks, "
        f"{len(data.runs)} runs; agents: {e(agents)}. Intervals are Wilson 95%; a draw counts as a game not won.</p>",
    ]
    if len(data.agents) > 1:
        parts.append(f"<p class='warn'><b>Note:</b> the games of {len(data.agents)} different agent pairings are "
                     "counted together below; to compare agents, store each pairing in its own database.</p>")
    fp = data.first_player
    if fp.games:
        parts.append(f"<p>The player going first won {fp.wins} of {fp.games} games: {_ci(fp)}.</p>")
    if data.mirrors:
        parts.append(f"<p class=muted>{data.mirrors} mirror games (a list against itself) count only in the "
                     "first-player rate and the game lengths.</p>")
    parts.append("<h2>Win-rate matrix</h2><img src='matrix.png' alt='win-rate matrix'>")
    parts.append("<table><tr><th>deck \\ opponent</th>" + "".join(f"<th>{e(d)}</th>" for d in data.decks) + "</tr>")
    for i, d in enumerate(data.decks):
        cells = []
        for j in range(len(data.decks)):
            t = data.cells[i][j]
            cells.append(f"<td>{_ci(t)}<br><span class=muted>{t.wins}/{t.games}</span></td>" if t.games else "<td>–</td>")
        parts.append(f"<tr><td>{e(d)}</td>{''.join(cells)}</tr>")
    parts.append("</table>")
    parts.append("<h2>Going first and going second</h2><img src='first_second.png' alt='first and second'>")
    parts.append("<h2>Decks</h2><img src='decks.png' alt='deck win rates'>")
    parts.append("<table><tr><th>deck</th><th>games</th><th>wins</th><th>draws</th><th>win rate</th>"
                 "<th>first: games</th><th>win rate first</th><th>second: games</th><th>win rate second</th>"
                 "<th>mean turns</th><th>end reasons</th></tr>")
    for s in data.deck_stats:
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(s.end_reasons.items()))
        mean = "–" if s.mean_turns is None else f"{s.mean_turns:.1f}"
        parts.append(f"<tr><td>{e(s.name)}</td><td>{s.overall.games}</td><td>{s.overall.wins}</td>"
                     f"<td>{s.overall.draws}</td><td>{_ci(s.overall)}</td><td>{s.first.games}</td><td>{_ci(s.first)}</td>"
                     f"<td>{s.second.games}</td><td>{_ci(s.second)}</td><td>{mean}</td><td>{e(reasons)}</td></tr>")
    parts.append("</table>")
    parts.append("<h2>Game length</h2><img src='turns.png' alt='game length histogram'>")
    parts.append("<h2>Runs</h2><table><tr><th>deck A</th><th>deck B</th><th>agents</th><th>seed</th>"
                 "<th>stored / planned</th></tr>")
    for r in data.runs:
        parts.append(f"<tr><td>{e(r['decks'][0])}</td><td>{e(r['decks'][1])}</td><td>{e(','.join(r['agents']))}</td>"
                     f"<td>{r['seed']}</td><td>{r['stored']} / {r['games']}</td></tr>")
    parts.append("</table></body></html>")
    return "\n".join(parts) + "\n"


PLOTS = {"matrix.png": plot_matrix, "first_second.png": plot_first_second, "decks.png": plot_decks,
         "turns.png": plot_turns}
"""The PNG files of a report and the functions drawing them."""


def write_report(db_path: str | Path, out_dir: str | Path) -> Path:
    """Write ``out_dir/index.html`` and the PNGs of :data:`PLOTS` for the database at ``db_path`` and return
    the page's path. ``out_dir`` is created if needed; existing report files are overwritten.

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
        for name, plot in PLOTS.items():
            plot(data, out / name)
        page = out / "index.html"
        page.write_text(render_html(data, Path(db_path).name), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write the report to {out_dir}: {exc}") from None
    return page
