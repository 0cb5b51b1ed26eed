"""Players' public pages and the leaderboards (protocol version 3): an account's ratings per
game (with their uncertainty and a provisional mark) and its finished matches, newest first."""

from __future__ import annotations

import calendar
import time
from typing import Any

from ..errors import UnknownGame
from ..i18n import _
from ..registry import resolve_game
from .accountdb import AccountRow, AccountStore
from .accounts import ApiProblem
from .playerstats import collect, shown
from .ratings import Skill, display_rating, model_of, provisional
from .store import Store

PAGE = 20            # matches per page of a player's history


def iso(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ms / 1000))


def _parse_iso(text: str) -> int | None:
    try:
        return calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ")) * 1000
    except (ValueError, OverflowError):
        return None


def place_of(totals: list[int], seat: int) -> int:
    """1 for the best total (ties share the better place)."""
    return 1 + sum(1 for t in totals if t > totals[seat])


def skill_json(s: Skill) -> dict[str, Any]:
    return {"mu": round(s.mu, 3), "sigma": round(s.sigma, 3), "rating": display_rating(s), "games": s.games,
            "provisional": provisional(s)}


class Profiles:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = AccountStore(store)

    async def player(self, name: str, before: str | None, viewer: AccountRow | None = None) -> dict[str, Any]:
        """Ratings are public; the list of matches only where the player let their name be
        shown with their games (``public_name``, which also names them in the open game data)
        or to themselves: otherwise the matches of the open data could be tied to them."""
        account = await self.store.run(self.db.account_by_name, name)
        if account is None:
            raise ApiProblem(404, _("no player is named {name}", name=repr(name[:64])))
        shown_matches = account.public_name or (viewer is not None and viewer.id == account.id)
        before_ms = None
        if before is not None:
            before_ms = _parse_iso(before)
            if before_ms is None:
                raise ApiProblem(400, _("?before= must be a time as the matches give it "
                                        "(YYYY-MM-DDTHH:MM:SSZ), not {value}", value=repr(before[:40])))
        ratings = await self.store.run(self.db.ratings_of, account.id)
        rows = []
        if shown_matches:
            rows = await self.store.run(self.db.finished_tables_of, account.player_id, before_ms, PAGE)
        matches = []
        for r in rows:
            totals = [int(t) for t in r["totals"]]
            matches.append({"table": r["table"], "game": r["game"], "ended": iso(r["ended"]),
                            "rated": r["rated"],
                            "result": {"seat": r["seat"] + 1, "points": totals[r["seat"]], "totals": totals,
                                       "place": place_of(totals, r["seat"]), "of": r["players"]}})
        out: dict[str, Any] = {
            "name": account.name,
            "ratings": {g: {**skill_json(Skill(s.mu, s.sigma, s.games)), "model": model_of(g)}
                        for g, s in sorted(ratings.items())},
            "matches": matches, "matches_public": account.public_name,
            "stats": {}}
        # figures of their matches, shown where the matches are (a figure that moves after a
        # match would otherwise tie that match of the open data to them), on the first page
        if shown_matches and before is None:
            out["stats"] = shown(await self.store.run(collect, self.store, account.player_id))
        if len(rows) == PAGE:
            out["next"] = matches[-1]["ended"]
        return out

    async def rating_history(self, name: str, game: str, viewer: AccountRow | None) -> dict[str, Any]:
        account = await self.store.run(self.db.account_by_name, name)
        if account is None:
            raise ApiProblem(404, _("no player is named {name}", name=repr(name[:64])))
        try:
            game_id = resolve_game(game)
        except UnknownGame as e:
            raise ApiProblem(404, str(e)) from None
        shown = account.public_name or (viewer is not None and viewer.id == account.id)
        events = await self.store.run(self.db.rating_history, account.id, game_id)
        games = len(events)
        out = []
        for i, ev in enumerate(events):     # newest first: the newest is after all the games
            s = Skill(ev["mu"], ev["sigma"], games - i)
            item = {"at": iso(ev["at"]), **skill_json(s)}
            if shown:
                item["table"] = ev["table"]
            out.append(item)
        return {"name": account.name, "game": game_id, "model": model_of(game_id), "history": out}

    async def leaderboard(self, game: str) -> dict[str, Any]:
        try:
            game_id = resolve_game(game)
        except UnknownGame as e:
            raise ApiProblem(404, str(e)) from None
        rows = await self.store.run(self.db.leaderboard, game_id, 1)
        board = []
        for r in rows:
            s = Skill(r["mu"], r["sigma"], r["games"])
            board.append({"name": r["name"], **skill_json(s)})
        board.sort(key=lambda b: (b["provisional"], -b["rating"], b["name"]))
        return {"game": game_id, "model": model_of(game_id), "players": board}
