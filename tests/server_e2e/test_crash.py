"""Crash test: `kill -9` the server in the middle of many live tables, start it again on the
same database, and check that nothing any client saw acknowledged is lost, that tables and
bots resume, and that timers resume.

A move counts as acknowledged when the client received a state frame with a higher `seq`
after sending it (the contract commits a move before any client sees its result)."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.server_e2e.harness import Client, ServerProcess, is_my_turn

pytestmark = pytest.mark.slow

# (game, players): one of every game, at several table sizes; seat 0 is the test's person.
MIX = [("gin", 2), ("dummy", 3), ("bieqi", 4), ("remik", 2), ("wushiyifen", 3), ("biefufen", 5),
       ("jianshisifen", 3), ("zhuoheia", 4), ("sibaifen", 4), ("zuihoushengli", 4), ("yijiang", 2),
       ("shisanzhang", 4), ("dummy", 2), ("bieqi", 2), ("remik", 4)]
SIMULTANEOUS = {"shisanzhang"}     # several seats decide at once: stale answers are expected there
PLAY_SECONDS = 4.0                 # how long the tables play before the kill


@dataclass
class Table:
    id: Any
    game: str
    token: str
    max_seq: int = -1
    last: dict[str, Any] | None = None          # the state frame with the highest seq seen
    acked: list[tuple[int, int, str]] = field(default_factory=list)   # (deal, seq, move) of ours
    pending: tuple[int, int, str] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)

    def see(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "error":
            self.errors.append(frame)
            if self.pending and frame["move"] == self.pending[2]:
                self.pending = None
            return
        assert frame["type"] == "state", frame
        if self.pending and frame["seq"] > self.pending[1]:
            self.acked.append(self.pending)
            self.pending = None
        if frame["seq"] >= self.max_seq:
            self.max_seq, self.last = frame["seq"], frame


async def drive(server: ServerProcess, t: Table, rng: random.Random, stop: asyncio.Event,
                until_acked: int | None = None) -> Client:
    """Play seat 0 of ``t`` with random legal moves until ``stop`` is set (or, with
    ``until_acked``, until that many more of our moves are acknowledged)."""
    c = await Client.connect(server, t.id, t.token)
    goal = None if until_acked is None else len(t.acked) + until_acked
    while not stop.is_set() and (goal is None or len(t.acked) < goal):
        try:
            frame = await c.recv(timeout=0.2)
        except TimeoutError:
            continue
        t.see(frame)
        if frame["type"] == "state" and frame["status"] == "over":
            break
        if is_my_turn(frame) and t.pending is None and frame["seq"] == t.max_seq:
            move = rng.choice(frame["legal"])
            t.pending = (frame["deal"], frame["seq"], move)
            await c.send({"type": "move", "move": move, "seq": frame["seq"]})
    return c


def own_log(view: dict[str, Any]) -> list[str]:
    return [entry[3:] for entry in view.get("log", []) if isinstance(entry, str) and entry.startswith("0: ")]


def is_subsequence(needles: list[str], hay: list[str]) -> bool:
    it = iter(hay)
    return all(any(n == h for h in it) for n in needles)


def crash_and_resume(make_server: Any, db: str, n_tables: int) -> None:
    server: ServerProcess = make_server(db).start()
    tables: list[Table] = []
    for i in range(n_tables):
        game, players = MIX[i % len(MIX)]
        tid = server.create_table(game, ["open"] + ["bot:random"] * (players - 1), bot_delay_ms=0)["id"]
        tables.append(Table(tid, game, server.join(tid, 0, f"p{i}")))
    # Two timer tables, never moved by the test: a long timer that must survive unchanged, and a
    # short one that runs out while the server is down and must be played by the server after it.
    long_id = server.create_table("gin", ["open", "bot:random"], bot_delay_ms=0, turn_seconds=3600)["id"]
    long_token = server.join(long_id, 0)
    rng = random.Random(11)

    async def before_kill() -> tuple[dict[str, Any], dict[str, Any], Any, str, float]:
        long_c = await Client.connect(server, long_id, long_token)
        long_state = await long_c.state_where(lambda f: f["deadline"] is not None)
        assert long_state["deadline"] > time.time() * 1000 + 3000 * 1000
        stop = asyncio.Event()
        tasks = [asyncio.create_task(drive(server, t, random.Random(rng.random()), stop)) for t in tables]
        await asyncio.sleep(PLAY_SECONDS)
        short_id = server.create_table("gin", ["open", "bot:random"], bot_delay_ms=0, turn_seconds=4)["id"]
        short_token = server.join(short_id, 0)
        short_c = await Client.connect(server, short_id, short_token)
        short_state = await short_c.state_where(lambda f: is_my_turn(f) and f["deadline"] is not None)
        killed_at = time.time() * 1000
        server.kill()                      # mid-play: moves are in flight on most tables
        stop.set()
        clients = await asyncio.gather(*tasks, return_exceptions=True)
        for c in [*clients, long_c, short_c]:
            if isinstance(c, Client):
                try:
                    await asyncio.wait_for(c.close(), 2)
                except Exception:  # noqa: BLE001  (the server is gone; closing is best effort)
                    pass
        return long_state, short_state, short_id, short_token, killed_at

    long_state, short_state, short_id, short_token, killed_at = asyncio.run(before_kill())
    assert killed_at < short_state["deadline"], "setup: the short timer ran out before the kill"
    played = sum(len(t.acked) for t in tables)
    assert played >= n_tables, f"setup: too little play before the kill ({played} moves acknowledged)"

    print(f"crash test: {played} moves acknowledged on {n_tables} tables before the kill; "
          f"{sum(t.pending is not None for t in tables)} in flight")
    server.start()                          # same database, same port

    async def after_restart() -> None:
        # Every table is at (or past) the last state any client saw.
        for t in tables:
            c = await Client.connect(server, t.id, t.token)
            now = await c.expect("state")
            await c.close()
            assert t.last is not None
            assert now["seat"] == 0 and now["seq"] >= t.max_seq, (t.game, t.id, now["seq"], t.max_seq)
            if now["seq"] == t.max_seq and now["deal"] == t.last["deal"]:
                assert now["view"] == t.last["view"] and now["legal"] == t.last["legal"], (t.game, t.id)
            deal_moves = [m for d, _, m in t.acked if d == now["deal"]]
            if t.game not in SIMULTANEOUS and now["deal"] == t.last["deal"]:
                assert is_subsequence(deal_moves, own_log(now["view"])), (t.game, deal_moves, now["view"]["log"])
        for t in tables:
            t.pending = None    # an unacknowledged move may or may not have been committed
        # The tables resume: bots move again and the person can move (two more acknowledged moves).
        stop = asyncio.Event()
        live = [t for t in tables if t.last and t.last["status"] != "over"]
        before = {t.id: len(t.acked) for t in live}
        clients = await asyncio.wait_for(asyncio.gather(
            *[drive(server, t, random.Random(i), stop, until_acked=2) for i, t in enumerate(live)]), 120)
        for c in clients:
            await c.close()
        for t in live:
            assert len(t.acked) >= before[t.id] + 2 or (t.last and t.last["status"] == "over"), (t.game, t.id)
            if t.game not in SIMULTANEOUS:
                assert t.errors == [], (t.game, t.errors)
        # Timers resume: the long deadline is the one persisted before the kill; the short one
        # ran out, so the server played that seat's move with the default bot.
        c = await Client.connect(server, long_id, long_token)
        again = await c.expect("state")
        assert again["seq"] == long_state["seq"] and again["deadline"] == long_state["deadline"]
        await c.close()
        c = await Client.connect(server, short_id, short_token)
        moved = await c.state_where(lambda f: f["seq"] > short_state["seq"], timeout=30)
        assert moved["seq"] > short_state["seq"]
        await c.close()

    asyncio.run(after_restart())


def test_kill_9_loses_nothing_sqlite(make_server: Any, sqlite_db: str) -> None:
    crash_and_resume(make_server, sqlite_db, n_tables=30)


def test_kill_9_loses_nothing_postgresql(make_server: Any, pg_url: str) -> None:
    crash_and_resume(make_server, pg_url, n_tables=15)
