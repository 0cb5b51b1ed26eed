"""The rating model of rated matches (issue 28): one openskill Plackett–Luce update per match.

A pure module: the server calls :func:`rate_match` once when a rated match ends, with the
finished deals (``Match.deals``), the match totals (``Match.totals``) and each seat's stored
skill in that game, and stores what it returns.  docs/ratings.md says the model of every
game and why, for players and researchers.

* Ranking: the match totals, higher first, or lower first in a game that declares
  ``lower_scores_win`` (Remik's penalty points); equal totals tie.  A match that settled no
  points at all (捉黑A with ``score_per_hand = 0``) is ranked by the deals each seat won, as
  the game's own match end decides it.
* Teams: the partnerships the final public view of every deal shows (四百分 ``partners``,
  议将 ``teams``, 捡十四分 ``teams``, 憋负分 ``teams``, 捉黑A's 庄家 and A♠ ``partner``),
  used when they were the same in every deal of the match and all of one size; otherwise,
  and in every game without partnerships, each seat is its own team (free-for-all), and
  partners, who share their totals, tie.
* Shown: :func:`display_rating` (a conservative estimate), :func:`provisional`.

Games are reached only through :mod:`cardtable.registry` and the State/view API (the
import-linter contract of the server layer).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .. import registry
from ..errors import UnknownGame
from ..game import State

# --- the model's constants (docs/ratings.md) ----------------------------------------------

#: the prior mean and spread of a player's skill (openskill's defaults: 25 and 25/3)
MU0 = 25.0
SIGMA0 = 25.0 / 3.0
#: the spread of one match's performance around the skill (openskill's default, 25/6)
BETA = 25.0 / 6.0
#: added to sigma (in quadrature) before every update, so a rating never freezes (25/300)
TAU = 25.0 / 300.0
#: the shown number: RATING_BASE + RATING_SCALE × (mu − 3 sigma), never below 0
RATING_SCALE = 40.0
RATING_BASE = 1000
#: a rating is provisional below this many rated matches in the game ...
PROVISIONAL_GAMES = 10
#: ... or while sigma is above this (90 % of the prior's)
PROVISIONAL_SIGMA = 7.5

#: the short model names :func:`model_of` gives
FREE_FOR_ALL = "plackett-luce free-for-all"
PARTNERSHIPS = "plackett-luce partnerships"
OPTIONAL_PARTNERSHIPS = "plackett-luce partnerships or free-for-all"
HIDDEN_PARTNERSHIPS = "plackett-luce hidden partnerships or free-for-all"

_MODEL = PlackettLuce(mu=MU0, sigma=SIGMA0, beta=BETA, tau=TAU, limit_sigma=True)


@dataclass(frozen=True)
class Skill:
    """A player's skill in one game: the estimate ``mu``, its uncertainty ``sigma`` (one
    standard deviation) and the number of rated matches it rests on."""

    mu: float
    sigma: float
    games: int

    def __post_init__(self) -> None:
        if isinstance(self.mu, bool) or not isinstance(self.mu, (int, float)) or not math.isfinite(self.mu):
            raise ValueError(f"Skill.mu must be a finite number, not {self.mu!r}")
        if (isinstance(self.sigma, bool) or not isinstance(self.sigma, (int, float))
                or not math.isfinite(self.sigma) or self.sigma <= 0):
            raise ValueError(f"Skill.sigma must be a finite number above 0, not {self.sigma!r}")
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 0:
            raise ValueError(f"Skill.games must be a whole number of at least 0, not {self.games!r}")


#: the prior for a player's first rated match in a game
DEFAULT = Skill(MU0, SIGMA0, 0)


# --- teams the final public view shows --------------------------------------------------

Teams = list[list[int]]


def _by_label(labels: Sequence[Any]) -> Teams:
    groups: dict[Any, list[int]] = {}
    for seat, label in enumerate(labels):
        groups.setdefault(label, []).append(seat)
    return list(groups.values())


def _sibaifen(view: dict[str, Any], players: int) -> Teams | None:
    """四百分: two fixed partnerships, the view's ``partners`` ([[0, 2], [1, 3]])."""
    partners = view.get("partners")
    return [list(t) for t in partners] if isinstance(partners, list) else None


def _yijiang(view: dict[str, Any], players: int) -> Teams | None:
    """议将: ``teams`` is true with 4 players in partnerships, partners opposite (§9.1)."""
    return [[0, 2], [1, 3]] if view.get("teams") is True and players == 4 else None


def _jianshisifen(view: dict[str, Any], players: int) -> Teams | None:
    """捡十四分: ``teams`` k > 0 is k partnerships, seat s in team s mod k (§6.1)."""
    k = view.get("teams")
    if isinstance(k, bool) or not isinstance(k, int) or k <= 0:
        return None
    return _by_label([s % k for s in range(players)])


def _biefufen(view: dict[str, Any], players: int) -> Teams | None:
    """憋负分: ``teams`` (present with partnerships) is each seat's team number."""
    labels = view.get("teams")
    return _by_label(labels) if isinstance(labels, list) and len(labels) == players else None


def _zhuoheia(view: dict[str, Any], players: int) -> Teams | None:
    """捉黑A: the 庄家 and the A♠ holder (``partner``, or ``"alone"``: the 庄家 holds it)
    against the rest; the final view names the holder (§2.1)."""
    dealer, partner = view.get("dealer"), view.get("partner")
    if not isinstance(dealer, int) or not (partner == "alone" or isinstance(partner, int)):
        return None
    side = [dealer] if partner in ("alone", dealer) else sorted((dealer, partner))
    rest = [s for s in range(players) if s not in side]
    return [side, rest] if rest else None


_TEAM_READERS: dict[str, Callable[[dict[str, Any], int], Teams | None]] = {
    "sibaifen": _sibaifen, "yijiang": _yijiang, "jianshisifen": _jianshisifen,
    "biefufen": _biefufen, "zhuoheia": _zhuoheia,
}
_MODELS: dict[str, str] = {
    "sibaifen": PARTNERSHIPS, "yijiang": OPTIONAL_PARTNERSHIPS,
    "jianshisifen": OPTIONAL_PARTNERSHIPS, "biefufen": OPTIONAL_PARTNERSHIPS,
    "zhuoheia": HIDDEN_PARTNERSHIPS,
}


def _check_game(game_id: str) -> None:
    try:
        registry.get_game(game_id)
    except UnknownGame as e:
        raise ValueError(str(e)) from None


def model_of(game_id: str) -> str:
    """The short name of the model ``game_id`` is rated with (docs/ratings.md)."""
    _check_game(game_id)
    return _MODELS.get(game_id, FREE_FOR_ALL)


def _normal(teams: Teams) -> Teams:
    return sorted(sorted(t) for t in teams)


def _deal_teams(game_id: str, deal: State, players: int) -> Teams | None:
    reader = _TEAM_READERS.get(game_id)
    if reader is None:
        return None
    teams = reader(deal.view(None, log=False), players)
    if teams is None:
        return None
    seats = sorted(s for t in teams for s in t)
    if seats != list(range(players)) or any(not t for t in teams):
        raise ValueError(f"{game_id}: the final view's teams {teams} do not split seats 0–{players - 1} "
                         "into teams (each seat in exactly one)")
    return _normal(teams) if len(teams) >= 2 else None


def _check_deals(game_id: str, deals: Sequence[State], players: int | None = None) -> int:
    """The match's player count, once ``deals`` are finished deals of ``game_id`` at a
    table of ``players`` (default: the first deal's); ValueError otherwise."""
    _check_game(game_id)
    if not isinstance(deals, Sequence) or not deals:
        raise ValueError("a rated match needs the list of its finished deals; none were given")
    for k, d in enumerate(deals):
        if not isinstance(d, State):
            raise ValueError(f"deal {k + 1} is a {type(d).__name__}, not a State")
    if players is None:
        players = deals[0].players
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ValueError(f"a rated match needs 2 or more players, not {players!r}")
    for k, d in enumerate(deals):
        if d.game.id != game_id:
            raise ValueError(f"deal {k + 1} is a deal of {d.game.id!r}, not of {game_id!r}")
        if d.players != players:
            raise ValueError(f"deal {k + 1} has {d.players} players, the match {players}")
        if not d.is_over:
            raise ValueError(f"deal {k + 1} is not over: only a finished match is rated")
    return players


def teams_of_match(game_id: str, deals: list[State], players: int) -> list[list[int]]:
    """The seats grouped into the teams the match is rated with: the partnerships every
    deal's final public view shows, where they were the same in every deal and of one size;
    else one team per seat (free-for-all).  Each team sorted, teams by their first seat."""
    _check_deals(game_id, deals, players)
    first = _deal_teams(game_id, deals[0], players)
    if (first is not None and len({len(t) for t in first}) == 1
            and all(_deal_teams(game_id, d, players) == first for d in deals[1:])):
        return first
    return [[s] for s in range(players)]


# --- the ranking --------------------------------------------------------------------------

def _seat_values(game_id: str, deals: Sequence[State], totals: Sequence[float]) -> list[float]:
    """One number per seat, higher is better: the signed total; where the match settled no
    points at all (every deal scored 0 for everyone), the number of deals each seat won."""
    sign = -1.0 if registry.get_game(game_id).lower_scores_win else 1.0
    if len(set(totals)) == 1 and all(not any(d.scores) for d in deals):
        return [float(sum(s in d.winning_seats for d in deals)) for s in range(len(totals))]
    return [sign * t for t in totals]


def _ranks(values: Sequence[float]) -> list[int]:
    """0 for the best value; equal values share a rank (dense ranking)."""
    order = sorted(set(values), reverse=True)
    return [order.index(v) for v in values]


def rate_match(game_id: str, deals: list[State], totals: list[int], prior: list[Skill | None]) -> list[Skill]:
    """Each seat's skill after the match (its ``games`` + 1): one Plackett–Luce update of
    the teams of :func:`teams_of_match`, ranked by the match totals (see the module's
    docstring).  ``prior[i]`` is seat i's skill before the match, None for :data:`DEFAULT`.
    Pure: the arguments are not changed.  Raises ValueError on a bad argument."""
    players = _check_deals(game_id, deals)
    if not isinstance(totals, Sequence) or len(totals) != players:
        raise ValueError(f"totals must hold one number per seat ({players}), not {totals!r}")
    for t in totals:
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
            raise ValueError(f"totals must be numbers, not {t!r} (in {list(totals)})")
    if not isinstance(prior, Sequence) or len(prior) != players:
        got = len(prior) if isinstance(prior, Sequence) else type(prior).__name__
        raise ValueError(f"prior must hold one Skill or None per seat ({players} seats), not {got}")
    for seat, p in enumerate(prior):
        if p is not None and not isinstance(p, Skill):
            raise ValueError(f"prior[{seat}] must be a Skill or None, not {p!r}")
    before = [p if p is not None else DEFAULT for p in prior]

    teams = teams_of_match(game_id, deals, players)
    values = _seat_values(game_id, deals, totals)
    team_values = [sum(values[s] for s in t) / len(t) for t in teams]
    ratings = [[_MODEL.rating(mu=before[s].mu, sigma=before[s].sigma) for s in t] for t in teams]
    rated = _MODEL.rate(ratings, ranks=[float(r) for r in _ranks(team_values)])

    out: list[Skill | None] = [None] * players
    for team, new in zip(teams, rated, strict=True):
        for seat, r in zip(team, new, strict=True):
            out[seat] = Skill(float(r.mu), float(r.sigma), before[seat].games + 1)
    return [s for s in out if s is not None]


# --- what players see ---------------------------------------------------------------------

def display_rating(s: Skill) -> int:
    """The number shown: RATING_BASE + RATING_SCALE × (mu − 3 sigma), rounded, at least 0.
    mu − 3 sigma is a skill the player very probably has (about 99.9 % one-sided); a new
    player shows 1000, and the number rises as the server grows sure of a good player."""
    return max(0, round(RATING_BASE + RATING_SCALE * (s.mu - 3.0 * s.sigma)))


def provisional(s: Skill) -> bool:
    """Fewer than PROVISIONAL_GAMES rated matches in the game, or sigma still above
    PROVISIONAL_SIGMA: the shown number is not yet a settled estimate."""
    return s.games < PROVISIONAL_GAMES or s.sigma > PROVISIONAL_SIGMA
