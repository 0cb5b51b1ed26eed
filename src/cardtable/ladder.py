"""Bot ladders: duplicate deals, Bradley–Terry ratings with 95 % intervals, and an SPRT.

Play.  Every table of a ladder is a :class:`cardtable.simulate.Plan` with ``duplicate``:
each deal is played once per rotation of the bots round the table, from the same shuffle.
With as many bots as seats there is one table; with fewer, the list is repeated round the
table (A, B, A, B at four seats).  A table's bots divide the seats evenly, so partners are
the same bot: otherwise (three bots at four seats, more bots than seats) every combination
of the largest size that does gets a table (pairs at four seats).  Results are a pure
function of the seed (simulate's guarantee): the same on one process, a pool or Ray.

Ratings.  In every play each pair of seats held by *different* bots is one comparison:
the better result wins (:func:`cardtable.bots.outcome.seat_values`: the higher score, the
lower in Remik, the deal's winners where all scores are equal), equal results are half a
win each.  Bradley–Terry strengths are
fitted to the win matrix by Hunter's MM algorithm (2004; what OpenSpiel's ``elo.py``
does) and reported on the Elo scale (400·log10, mean 0).  For a multi-seat game this is
the pairwise-decomposed Plackett–Luce model (each finishing order counted as its pairs).
The 95 % interval is a percentile bootstrap over *deals* (the independent unit: the
rotations of a deal are correlated on purpose), with a generator seeded from the seed.

``margin_per_deal``: a bot's mean score minus the mean score of the seats held by other
bots in the same play (Remik: penalty points negated, so more is better everywhere; 捉黑A,
whose deal scores are all 0: wins), averaged over the deal's plays, then over deals (normal 95 %
interval, :func:`cardtable.simulate.mean_ci`).

SPRT.  Whether the second listed bot beats the first: the per-deal unit is the second
bot's share of the comparisons between the two (0..1).  The generalised SPRT of the
normal approximation (as fishtest's) tests H0: Elo = ``elo0`` against H1: Elo = ``elo1``
with error rates ``alpha`` and ``beta``, deals taken in deal order, stopping at the first
bound crossed (``sprt_steps``: the same test for every consecutive pair of the listed
bots, a ladder of levels listed weakest first); ``"H1"`` means the second bot is the stronger, ``"H0"`` that it is not
``elo1`` better, ``"continue"`` that the deals ran out first.

Engine level: standard library only.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots.outcome import seat_values
from .errors import BadOption
from .i18n import _
from .registry import get_game
from .simulate import Plan, Play, Results, mean_ci, run_plays

BOOTSTRAP = 200


@dataclass
class Ladder:
    game_id: str
    bots: list[str]
    deals: int
    tables: list[Results]
    ratings: list[dict[str, Any]]
    sprt: dict[str, Any] | None
    steps: list[dict[str, Any]]

    @property
    def errors(self) -> list[str]:
        return [e for t in self.tables for e in t.errors]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "deals": self.deals, "bots": self.bots,
                "ratings": self.ratings, "sprt": self.sprt, "sprt_steps": self.steps,
                "errors": self.errors}


def plans(game_id: str, bots: Sequence[str], deals: int, seed: int = 0,
          players: int | None = None, rules: dict[str, Any] | None = None) -> list[Plan]:
    """The duplicate tables of a ladder (see the module text)."""
    game = get_game(game_id)
    n = game.default_players if players is None else players
    game.check_players(n)
    if len(bots) < 2:
        raise BadOption(_("a ladder needs at least two bots"))
    if len(set(bots)) != len(bots):
        raise BadOption(_("a ladder's bots must differ: {bots}", bots=", ".join(bots)))
    # a table's bots must divide the seats evenly (partners in 四百分, 一将 ... then are the
    # same bot: A, B, A, B); otherwise every combination of the largest size that does
    size = max((d for d in range(2, n + 1) if n % d == 0 and d <= len(bots)), default=min(n, len(bots)))
    groups = [list(c) for c in itertools.combinations(bots, size)]
    return [Plan(game_id, n, tuple(g[s % len(g)] for s in range(n)), deals, seed=seed + k * 7919,
                 rules=dict(rules or {}), duplicate=True) for k, g in enumerate(groups)]


# --- per-deal results ----------------------------------------------------------------------

def _by_deal(results: Results) -> dict[int, list[Play]]:
    out: dict[int, list[Play]] = {}
    for p in results.plays:
        out.setdefault(p.index, []).append(p)
    return out


def deal_records(results: Results, bots: Sequence[str]) -> list[tuple[list[list[float]], list[float | None]]]:
    """Per deal of one table: the pairwise win matrix between ``bots`` (halves for ties) and
    each bot's margin over the other bots' seats (None for a bot not at the table)."""
    idx = {b: i for i, b in enumerate(bots)}
    game_id = results.plan.game_id
    k = len(bots)
    out = []
    for plays in _by_deal(results).values():
        wins = [[0.0] * k for _ in range(k)]
        margin: list[list[float]] = [[] for _ in range(k)]
        for p in plays:
            names = [idx[results.plan.bots[e]] for e in p.seating]     # bot index per seat
            values = seat_values(game_id, p.scores, p.winners)
            for a, b in itertools.combinations(range(len(names)), 2):
                i, j = names[a], names[b]
                if i == j:
                    continue
                sa, sb = values[a], values[b]
                if sa > sb:
                    wins[i][j] += 1
                elif sb > sa:
                    wins[j][i] += 1
                else:
                    wins[i][j] += 0.5
                    wins[j][i] += 0.5
            for i in set(names):
                own = [values[s] for s, x in enumerate(names) if x == i]
                other = [values[s] for s, x in enumerate(names) if x != i]
                margin[i].append(sum(own) / len(own) - sum(other) / len(other))
        out.append((wins, [sum(m) / len(m) if m else None for m in margin]))
    return out


# --- Bradley–Terry ---------------------------------------------------------------------------

def bradley_terry(wins: Sequence[Sequence[float]], iterations: int = 1000,
                  tol: float = 1e-10, prior: float = 0.5) -> list[float]:
    """Elo-scale ratings (mean 0) fitted by MM to ``wins[i][j]`` (i's wins over j).  ``prior``
    adds that many virtual wins each way between every pair that met, so a bot that won or
    lost everything keeps a finite rating."""
    k = len(wins)
    w = [[wins[i][j] + (prior if (wins[i][j] + wins[j][i]) > 0 and i != j else 0.0)
          for j in range(k)] for i in range(k)]
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _step in range(iterations):
        new = []
        for i in range(k):
            num = sum(w[i])
            den = sum(games[i][j] / (p[i] + p[j]) for j in range(k) if j != i and games[i][j])
            new.append(num / den if den > 0 and num > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        delta = max(abs(a - b) for a, b in zip(new, p, strict=True))
        p = new
        if delta < tol:
            break
    logs = [400 * math.log10(x) for x in p]
    mean = sum(logs) / k
    return [v - mean for v in logs]


def _sum_matrices(ms: Sequence[list[list[float]]], k: int) -> list[list[float]]:
    tot = [[0.0] * k for _ in range(k)]
    for m in ms:
        for i in range(k):
            row, trow = m[i], tot[i]
            for j in range(k):
                trow[j] += row[j]
    return tot


def ratings(records: Sequence[tuple[list[list[float]], list[float | None]]], bots: Sequence[str],
            seed: int = 0, bootstrap: int = BOOTSTRAP) -> list[dict[str, Any]]:
    k = len(bots)
    mats = [r[0] for r in records]
    point = bradley_terry(_sum_matrices(mats, k))
    rng = random.Random(f"cardtable-ladder:{seed}")
    samples: list[list[float]] = [[] for _ in range(k)]
    for _sample in range(bootstrap if len(mats) > 1 else 0):
        pick = [mats[rng.randrange(len(mats))] for _ in mats]
        for i, v in enumerate(bradley_terry(_sum_matrices(pick, k), iterations=200, tol=1e-7)):
            samples[i].append(v)
    out = []
    for i, name in enumerate(bots):
        s = sorted(samples[i])
        ci = (s[int(0.025 * (len(s) - 1))], s[int(math.ceil(0.975 * (len(s) - 1)))]) if s else (point[i], point[i])
        m, mci = mean_ci([r[1][i] for r in records if r[1][i] is not None])  # type: ignore[misc]
        out.append({"bot": name, "rating": round(point[i], 1), "ci95": [round(ci[0], 1), round(ci[1], 1)],
                    "margin_per_deal": round(m, 3), "margin_ci95": [round(mci[0], 3), round(mci[1], 3)]})
    return out


# --- SPRT ------------------------------------------------------------------------------------

def elo_score(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def sprt(units: Sequence[float], elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05,
         beta: float = 0.05, min_deals: int = 10) -> dict[str, Any]:
    """The GSPRT over per-deal scores in [0, 1] (see the module text).  The variance is
    regularised by one virtual loss and one virtual win (a short run of identical results
    would otherwise have none), and no decision is taken before ``min_deals`` deals."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    s0, s1 = elo_score(elo0), elo_score(elo1)
    llr, n, total, sq = 0.0, 0, 0.0, 0.0
    result = "continue"
    for x in units:
        n += 1
        total += x
        sq += x * x
        mean = total / n
        reg_mean = (total + 1) / (n + 2)
        var = max((sq + 1) / (n + 2) - reg_mean * reg_mean, 1e-6)
        llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
        if n < min_deals:
            continue
        if llr >= upper:
            result = "H1"
            break
        if llr <= lower:
            result = "H0"
            break
    return {"elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta, "llr": round(llr, 3),
            "bounds": [round(lower, 3), round(upper, 3)], "deals_used": n, "result": result}


def sprt_units(records: Sequence[tuple[list[list[float]], list[float | None]]],
               first: int = 0, second: int = 1) -> list[float]:
    out = []
    for wins, _games in records:
        a, b = wins[second][first], wins[first][second]
        if a + b > 0:
            out.append(a / (a + b))
    return out


# --- the run ---------------------------------------------------------------------------------

def ladder(game_id: str, bots: Sequence[str], deals: int = 100, seed: int = 0, workers: int = 1,
           players: int | None = None, rules: dict[str, Any] | None = None,
           ray: str | bool | None = None, elo0: float = 0.0, elo1: float = 50.0,
           progress: Callable[[int], None] | None = None) -> Ladder:
    bots = list(bots)
    tables = []
    records = []
    for plan in plans(game_id, bots, deals, seed, players, rules):
        got: list[Play] = []
        for batch in run_plays(plan, workers, ray):
            got += batch
            if progress is not None:
                progress(len(batch))
        res = Results(plan, got)
        tables.append(res)
        records += deal_records(res, bots)
    rated = ratings(records, bots, seed)
    test = sprt(sprt_units(records), elo0, elo1)
    steps = [{"first": bots[i], "second": bots[i + 1], **sprt(sprt_units(records, i, i + 1), elo0, elo1)}
             for i in range(len(bots) - 1)]
    return Ladder(game_id, bots, deals, tables, rated, test, steps)


__all__ = ["Ladder", "bradley_terry", "deal_records", "elo_score", "ladder", "plans", "ratings",
           "sprt", "sprt_units"]
