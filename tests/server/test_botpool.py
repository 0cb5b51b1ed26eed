"""Search bots think in worker processes (server/botpool.py): the same moves as in the
server's process, a crash or a hang replaced by the game's quick bot, clients served in turn."""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

import pytest

from cardtable.server.botpool import BotFailed, BotPool, job_for, think
from cardtable.server.livetable import LiveTable
from cardtable.server.service import TableService
from cardtable.server.store import MoveRow, SeatRow, TableRow
from tests.server.helpers import make_settings

# (game, players) and the bots compared on it: each game's own, the generic ones with small
# budgets (the levels ``hard`` and ``expert`` stop on a time cap: not reproducible by design)
GAMES = [("gin", 2), ("dummy", 3), ("remik", 2), ("shisanzhang", 4), ("sibaifen", 4), ("zhuoheia", 4),
         ("wushiyifen", 3), ("yijiang", 2)]
BOTS = ["default", "random", "easy", "ismcts:iterations=24", "rollout:playouts=12", "search:worlds=2"]


def _table(game: str, players: int, seed: int) -> LiveTable:
    row = TableRow(id=f"{game}-{seed}", game=game, players=players, preset=None, rules={}, seed=seed,
                   turn_seconds=None, bot_delay_ms=0, status="playing", seq=0, totals=[0] * players,
                   deadline_ms=None, created_ms=0, seats=[SeatRow("bot", "random") for _ in range(players)])
    return LiveTable(row, [])


def _play(table: LiveTable, n: int, rng: random.Random) -> None:
    """``n`` random moves as the service makes them (text in, the log row recorded)."""
    for _ in range(n):
        movers = table.movers()
        if not movers:
            return
        seat = movers[0]
        state = table.state
        before = len(state.to_move())
        move = state.apply(rng.choice(state.legal_moves(seat)), seat)
        table.record(MoveRow(table.seq, table.deal_index, seat, state.move_text(move), "bot", 0), before > 1)
        table.after_move()


def _bot(game: str, name: str) -> str:
    from cardtable.bots import default_bot_name
    return default_bot_name(game) if name == "default" else name


def _cases() -> list[tuple[Any, str, str, str]]:
    """(the job, the move chosen in this process, game, bot) at a few points of a few matches."""
    rng = random.Random(28)
    out = []
    for game, players in GAMES:
        table = _table(game, players, rng.randrange(2**31))
        for steps in (0, 7, 13):
            _play(table, steps, rng)
            if not table.movers():
                break
            seat = table.movers()[0]
            for name in BOTS:
                bot = _bot(game, name)
                out.append((job_for(table, seat, bot), table.choose_bot_move(seat, bot), game, bot))
    return out


def test_the_job_rebuilds_the_state_and_gives_the_same_move() -> None:
    """In this process: the worker's function (a state rebuilt from the deal and the moves,
    then kept and brought up to date) chooses what the server's own state chooses."""
    cases = _cases()
    assert len(cases) >= 100
    for job, expected, game, bot in cases:
        assert think(job) == expected, (game, bot, job.seq)


@pytest.mark.slow
def test_worker_processes_give_the_same_moves() -> None:
    cases = _cases()

    async def scenario() -> list[str]:
        pool = BotPool(2)
        try:
            return list(await asyncio.gather(*(pool.move(game, job) for job, _, game, _ in cases)))
        finally:
            pool.close()

    got = asyncio.run(scenario())
    assert [(c[2], c[3], g) for c, g in zip(cases, got, strict=True)] == [(c[2], c[3], c[1]) for c in cases]


@pytest.mark.slow
def test_a_crash_or_a_hang_fails_the_move_and_the_pool_goes_on() -> None:
    async def scenario() -> tuple[list[str], int, float]:
        seen = []
        crashing = BotPool(1, target=os._exit)          # the worker process dies at once
        try:
            await crashing.move("a", 3)
        except BotFailed as e:
            seen.append(f"crash: {e}")
        crashing.target = abs
        seen.append(f"then: {await crashing.move('a', -5)}")
        restarts = crashing.restarts
        crashing.close()
        hanging = BotPool(1, timeout_s=0.5, target=time.sleep)
        await hanging.move("a", 0)                      # started
        t0 = time.monotonic()
        try:
            await hanging.move("a", 60)
        except BotFailed as e:
            seen.append(f"hang: {e}")
        waited = time.monotonic() - t0
        seen.append(f"then: {await hanging.move('a', 0)}")
        restarts += hanging.restarts
        hanging.close()
        return seen, restarts, waited

    seen, restarts, waited = asyncio.run(scenario())
    assert seen[0].startswith("crash: BrokenProcessPool") and seen[1] == "then: 5"
    assert seen[2] == "hang: no move in 0.5 s" and seen[3] == "then: None"
    assert restarts == 2 and waited < 5


@pytest.mark.slow
def test_clients_take_turns() -> None:
    """One client's many jobs do not queue in front of another's: with one worker busy, the
    second client's job runs after at most one more of the first client's."""
    async def scenario() -> list[str]:
        pool = BotPool(1, target=time.sleep)
        await pool.move("warm", 0)
        order: list[str] = []

        async def one(client: str, i: int) -> None:
            await pool.move(client, 0.05)
            order.append(f"{client}{i}")

        tasks = [asyncio.create_task(one("a", i)) for i in range(6)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(one("b", 0)))
        await asyncio.gather(*tasks)
        pool.close()
        return order

    order = asyncio.run(scenario())
    assert order.index("b0") <= 2, order


@pytest.mark.slow
def test_the_service_plays_search_bots_in_the_pool_and_falls_back_on_a_crash(sqlite_url: str) -> None:
    async def scenario() -> tuple[int, int, int]:
        svc = TableService(make_settings(sqlite_url, bot_workers=1))
        await svc.start(background=False)
        table, _ = await svc.create_table({"game": "gin", "seats": ["bot:ismcts:iterations=8", "bot:random"]},
                                          None)
        for _ in range(400):
            if svc.bots is not None and svc.bots.done >= 3:
                break
            await asyncio.sleep(0.05)
        assert svc.bots is not None
        done, seq = svc.bots.done, table.seq
        svc.bots.target = os._exit                    # every worker now dies at its next job
        for _ in range(400):
            if table.seq >= seq + 6 or table.status == "over":
                break
            await asyncio.sleep(0.05)
        failed = svc.bots.failed
        await svc.stop()
        return done, failed, table.seq - seq

    done, failed, moved = asyncio.run(scenario())
    assert done >= 3                        # the search bot's moves came from the pool ...
    assert failed >= 1 and moved >= 3       # ... then crashes: the quick bot played, the table went on
