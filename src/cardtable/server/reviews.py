"""Reviews of ended matches on the server (issue 29): asked for by a player, computed in the
bot worker processes (never on the event loop), queued per player with a limit, kept in the
database, and given only for a match that is over (nothing about a running match is ever
analysed for anyone: the match's replay, which the server gives only then, is the input).

A review is a pure function of the match, the seat, the budget and the seed
(:func:`cardtable.review.review_match`), so the same request gives the same review in any
process and with any number of workers; the server always uses seed 0.  Its sentences are in
the asker's language, so a review is kept per language.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ..i18n import _, current_language, use_language
from .botpool import BotFailed
from .store import PlayerRow, Store, metadata

log = logging.getLogger("cardtable.server")

reviews_t = sa.Table(
    "reviews", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("worlds", sa.Integer, primary_key=True),
    sa.Column("lang", sa.String(16), primary_key=True),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    sa.Column("body", sa.Text, nullable=False),
)

#: worlds per decision a client may ask for (the review's default when it names none)
MIN_WORLDS, MAX_WORLDS = 8, 256
#: reviews one player may have waiting or under way at once
PER_PLAYER = 2
#: reviews this process computes at once: each holds a bot worker for seconds to a minute,
#: and the tables' search bots need the others
AT_ONCE = 1
#: a review not back in this time fails (its worker is replaced)
TIMEOUT_S = 900.0
SEED = 0


@dataclass
class ReviewJob:
    """A review for a worker process (picklable): ``run()`` gives its JSON text."""

    table: str
    scenario: dict[str, Any]
    seat: int
    worlds: int
    lang: str
    seed: int = SEED

    def run(self) -> str:
        from ..review import review_match
        with use_language(self.lang):
            review = review_match(self.scenario, self.seat, self.worlds, self.seed)
            return json.dumps(review.to_json(), ensure_ascii=False, separators=(",", ":"))


def load_review(store: Store, table_id: str, seat: int, worlds: int, lang: str) -> str | None:
    q = sa.select(reviews_t.c.body).where(reviews_t.c.table_id == table_id, reviews_t.c.seat == seat,
                                          reviews_t.c.worlds == worlds, reviews_t.c.lang == lang)
    with store.engine.connect() as c:
        row = c.execute(q).first()
    return None if row is None else str(row[0])


def save_review(store: Store, table_id: str, seat: int, worlds: int, lang: str, now_ms: int, body: str) -> None:
    try:
        with store.engine.begin() as c:
            c.execute(reviews_t.insert(), [{"table_id": table_id, "seat": seat, "worlds": worlds, "lang": lang,
                                            "created_ms": now_ms, "body": body}])
    except IntegrityError:      # another process kept the same review first: it is the same
        pass


Key = tuple[str, int, int, str]


class Reviews:
    """The service's reviews: ``ask`` starts one (or gives it if kept), ``look`` reads it."""

    def __init__(self, service: Any) -> None:
        self.svc = service
        self.under_way: dict[Key, asyncio.Task[None]] = {}
        self.failed: dict[Key, str] = {}
        self.of_player: dict[str, set[Key]] = {}
        self._slots: asyncio.Semaphore | None = None

    def _key(self, table_id: str, seat: Any, worlds: Any, players: int) -> Key:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise self.svc.error(400, _("'seat' must be a seat number from 0 to {last} (seat 1 is 0), not "
                                        "{seat}", last=players - 1, seat=repr(seat)[:20]))
        if worlds is None:
            from ..review import DEFAULT_WORLDS
            worlds = DEFAULT_WORLDS
        if isinstance(worlds, bool) or not isinstance(worlds, int) or not MIN_WORLDS <= worlds <= MAX_WORLDS:
            raise self.svc.error(400, _("'worlds' must be a whole number from {lo} to {hi}, not {value}",
                                        lo=MIN_WORLDS, hi=MAX_WORLDS, value=repr(worlds)[:20]))
        return (table_id, seat, worlds, current_language())

    async def ask(self, table_id: str, body: Any, player: PlayerRow | None) -> tuple[int, dict[str, Any]]:
        """``{"seat", "worlds"?}`` → (200, the review) when kept, else (202, its status)."""
        if player is None:
            raise self.svc.error(401, _("asking for a review needs a player (the header X-Player) or an "
                                        "account signed in"))
        if not isinstance(body, dict):
            raise self.svc.error(400, _("the body must be a JSON object with the 'seat' to review"))
        data = await self.svc.replay(table_id)       # 404 unknown, 403 not over: never a running match
        key = self._key(table_id, body.get("seat"), body.get("worlds"), int(data["players"]))
        kept = await self.svc.store.run(load_review, self.svc.store, *key)
        if kept is not None:
            return 200, {"status": "done", "review": json.loads(kept)}
        if key in self.under_way:
            return 202, {"status": "running"}
        mine = self.of_player.setdefault(player.id, set())
        if len(mine) >= PER_PLAYER:
            raise self.svc.error(429, _("you have {n} reviews under way; ask again when one is done",
                                        n=len(mine)))
        self.failed.pop(key, None)
        mine.add(key)
        job = ReviewJob(table_id, data, key[1], key[2], key[3])
        self.under_way[key] = asyncio.create_task(self._compute(key, job, player.id))
        return 202, {"status": "queued"}

    async def look(self, table_id: str, seat: Any, worlds: Any) -> tuple[int, dict[str, Any]]:
        data = await self.svc.replay(table_id)
        key = self._key(table_id, seat, worlds, int(data["players"]))
        kept = await self.svc.store.run(load_review, self.svc.store, *key)
        if kept is not None:
            return 200, {"status": "done", "review": json.loads(kept)}
        if key in self.under_way:
            return 202, {"status": "running"}
        if key in self.failed:
            return 200, {"status": "failed", "error": self.failed[key]}
        raise self.svc.error(404, _("no review of seat {seat} of table {table} was asked for; ask with POST",
                                    seat=key[1] + 1, table=table_id))

    async def _compute(self, key: Key, job: ReviewJob, player_id: str) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(AT_ONCE)
        try:
            async with self._slots:
                pool = self.svc.bots
                if pool is None:
                    body = await asyncio.to_thread(job.run)
                else:
                    body = await pool.move(f"review:{player_id}", job, timeout_s=TIMEOUT_S)
            await self.svc.store.run(save_review, self.svc.store, *key, self.svc.clock.now_ms(), body)
        except (BotFailed, Exception) as e:  # noqa: BLE001 - a failed review is said, never raised
            log.warning("review of table %s seat %d failed: %s", key[0], key[1] + 1, e)
            self.failed[key] = _("the review could not be made ({error}); ask again", error=type(e).__name__)
        finally:
            self.under_way.pop(key, None)
            self.of_player.get(player_id, set()).discard(key)


__all__ = ["AT_ONCE", "MAX_WORLDS", "MIN_WORLDS", "PER_PLAYER", "ReviewJob", "Reviews", "load_review",
           "reviews_t", "save_review"]
